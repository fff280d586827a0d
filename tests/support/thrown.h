#pragma once

#include <string>
#include <utility>

namespace treelock::test {

/// `detail` of the `Error` that `call()` throws, or "" when it returns. Other
/// exceptions pass through (and fail the test).
template <typename Error, typename Call, typename Detail>
std::string thrownBy(Call&& call, Detail detail)
{
    try {
        std::forward<Call>(call)();
    } catch (const Error& error) {
        return std::string(detail(error));
    }
    return {};
}

/// The message (what()) of the `Error` that `call()` throws, or "" when it returns.
template <typename Error, typename Call>
std::string messageThrownBy(Call&& call)
{
    return thrownBy<Error>(std::forward<Call>(call), [](const Error& error) { return error.what(); });
}

} // namespace treelock::test
