#include "treelock/lockmode.h"

#include "treelock/error.h"
#include "treelock/path.h"

#include <map>

namespace treelock {

namespace {

constexpr std::size_t index(LockMode mode) noexcept
{
    return static_cast<std::size_t>(mode);
}

//                                  IS     IX     S      SIX    X
constexpr bool kCompatible[5][5] = {{true, true, true, true, false},     // IS
                                    {true, true, false, false, false},   // IX
                                    {true, false, true, false, false},   // S
                                    {true, false, false, false, false},  // SIX
                                    {false, false, false, false, false}}; // X

using M = LockMode;
constexpr LockMode kCombine[5][5] = {{M::IS, M::IX, M::S, M::SIX, M::X},
                                     {M::IX, M::IX, M::SIX, M::SIX, M::X},
                                     {M::S, M::SIX, M::S, M::SIX, M::X},
                                     {M::SIX, M::SIX, M::SIX, M::SIX, M::X},
                                     {M::X, M::X, M::X, M::X, M::X}};

} // namespace

bool compatible(LockMode held, LockMode requested) noexcept
{
    return kCompatible[index(held)][index(requested)];
}

LockMode intentionOf(LockMode mode) noexcept
{
    return (mode == LockMode::IS || mode == LockMode::S) ? LockMode::IS : LockMode::IX;
}

LockMode combine(LockMode a, LockMode b) noexcept
{
    return kCombine[index(a)][index(b)];
}

std::string_view toString(LockMode mode) noexcept
{
    switch (mode) {
    case LockMode::IS:
        return "IS";
    case LockMode::IX:
        return "IX";
    case LockMode::S:
        return "S";
    case LockMode::SIX:
        return "SIX";
    case LockMode::X:
        return "X";
    }
    return "?";
}

std::optional<LockMode> parseLockMode(std::string_view text) noexcept
{
    for (const LockMode mode : kAllModes) {
        if (toString(mode) == text)
            return mode;
    }
    return std::nullopt;
}

LockMode lockModeArgument(std::string_view text)
{
    if (const std::optional<LockMode> mode = parseLockMode(text))
        return *mode;
    throw InvalidInput("invalid lock mode " + quoteInput(text) + ": it must be one of IS IX S SIX X");
}

std::vector<LockRequest> normalizeRequests(const std::vector<LockRequest>& requests,
                                           const PathOptions& options)
{
    if (requests.empty())
        throw InvalidInput("no lock requests: a lease needs at least one");
    // std::string orders by unsigned bytes (char_traits<char>), as the scripts do.
    std::map<std::string, LockMode> merged;
    for (const LockRequest& request : requests) {
        const auto [it, inserted] = merged.try_emplace(canonicalPath(request.path, options),
                                                       request.mode);
        if (!inserted)
            it->second = combine(it->second, request.mode);
    }
    if (merged.size() > kMaxRequests) {
        throw InvalidInput("too many lock requests: " + std::to_string(merged.size())
                           + " distinct paths, at most " + std::to_string(kMaxRequests)
                           + " are allowed in one lease");
    }
    std::vector<LockRequest> result;
    result.reserve(merged.size());
    for (auto& [path, mode] : merged)
        result.push_back(LockRequest{path, mode});
    return result;
}

LockRequest parseLockSpec(std::string_view spec)
{
    const std::size_t colon = spec.find(':');
    if (colon == std::string_view::npos) {
        throw InvalidInput("invalid lock spec " + quoteInput(spec)
                           + ": expected MODE:PATH, e.g. X:/A/C");
    }
    const std::string_view modeText = spec.substr(0, colon);
    const std::string_view pathText = spec.substr(colon + 1);
    const std::optional<LockMode> mode = parseLockMode(modeText);
    if (!mode) {
        throw InvalidInput("invalid lock spec " + quoteInput(spec) + ": mode "
                           + quoteInput(modeText)
                           + " is not a lock mode; MODE must be one of IS IX S SIX X");
    }
    try {
        return LockRequest{canonicalPath(pathText), *mode};
    } catch (const InvalidPath& error) {
        throw InvalidPath(error.path(), error.rule(),
                          "invalid lock spec " + quoteInput(spec) + ": "
                              + error.what());
    }
}

std::string toString(const LockRequest& request)
{
    return std::string(toString(request.mode)) + ":" + request.path;
}

std::string toString(const std::vector<LockRequest>& requests, std::string_view separator)
{
    std::string out;
    for (const LockRequest& request : requests) {
        if (!out.empty())
            out += separator;
        out += toString(request);
    }
    return out;
}

} // namespace treelock
