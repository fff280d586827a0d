// libFuzzer target: policy JSON. Policy::fromJson never crashes and throws
// nothing but InvalidPolicy/InvalidInput; an accepted policy round-trips
// through toJson, and plan() on it throws nothing but InvalidInput.
#include "fuzzcheck.h"

#include <treelock/error.h>
#include <treelock/policy.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace treelock;
using treelock::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::optional<Policy> policy;
    try {
        policy = Policy::fromJson(input);
    } catch (const InvalidInput&) {
        return 0;
    }
    const std::string json = policy->toJson();
    std::optional<Policy> again;
    try {
        again = Policy::fromJson(json);
    } catch (const InvalidInput& e) {
        std::fprintf(stderr, "toJson output refused: %s\n%s\n", e.what(), json.c_str());
        std::abort();
    }
    check(again->toJson() == json, "toJson is stable");
    check(again->name() == policy->name() && again->recycleBin() == policy->recycleBin(), "name and bin survive");
    for (Operation op : kAllOperations) {
        check(again->rules(op) == policy->rules(op), "rules survive the round trip");
        const std::vector<std::vector<std::string>> argSets{{"/A/C", "/B"}, {"/A", "n"}, {"/A"}, {"A", "B"}};
        for (const auto& args : argSets) {
            try {
                const auto requests = policy->plan(OperationCall{op, args});
                check(!requests.empty() || policy->rules(op).empty(), "a plan with rules locks something");
            } catch (const InvalidInput&) {
            }
        }
    }
    return 0;
}
