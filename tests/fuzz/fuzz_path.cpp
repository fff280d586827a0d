// libFuzzer target: path parsing. Input: two paths separated by the first '\n'.
// Properties: canonicalPath is idempotent, its output is canonical (isCanonicalPath),
// splitPath/ancestorsOf/isAncestor/isWithin/parentPath agree with a plain
// segment-list reference; bad input only ever throws InvalidPath.
#include "fuzzcheck.h"

#include <treelock/error.h>
#include <treelock/path.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace treelock;
using treelock::fuzz::check;

namespace {

// Reference: the segments of a canonical path, by hand.
std::vector<std::string> segments(std::string_view path)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : path) {
        if (c == '/') {
            if (!cur.empty())
                out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

bool properPrefix(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    if (a.size() >= b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

std::optional<std::string> canon(std::string_view input, const PathOptions& options)
{
    try {
        std::string c = canonicalPath(input, options);
        check(isCanonicalPath(c), "canonicalPath output is canonical");
        check(canonicalPath(c, options) == c, "canon(canon(p)) == canon(p)");
        check(c.size() <= kMaxPathBytes, "at most kMaxPathBytes");
        check(segments(c).size() <= kMaxPathSegments, "at most kMaxPathSegments");
        check(splitPath(c) == segments(c), "splitPath agrees with the reference");
        return c;
    } catch (const InvalidPath& e) {
        check(!e.rule().empty(), "InvalidPath names a rule");
        return std::nullopt;
    }
}

void relation(const std::string& a, const std::string& b)
{
    const auto sa = segments(a), sb = segments(b);
    const bool ancestor = properPrefix(sa, sb);
    check(isAncestor(a, b) == ancestor, "isAncestor agrees with the segment-list reference");
    check(isWithin(b, a) == (ancestor || sa == sb), "isWithin = ancestor or equal");
    if (ancestor)
        check(!isAncestor(b, a), "ancestor relation is antisymmetric");
    const auto chain = ancestorsOf(b);
    check(chain.size() == sb.size(), "one proper ancestor per segment");
    for (std::size_t i = 0; i < chain.size(); ++i) {
        check(isAncestor(chain[i], b), "ancestorsOf yields ancestors");
        check(segments(chain[i]).size() == i, "ancestorsOf is root first");
    }
    if (b != "/") {
        check(parentPath(b) == chain.back(), "parentPath is the last ancestor");
        check(joinPath(parentPath(b), baseName(b)) == b, "join(parent, base) == path");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto nl = input.find('\n');
    const std::string_view first = input.substr(0, nl);
    const std::string_view second = nl == std::string_view::npos ? std::string_view{} : input.substr(nl + 1);
    for (bool folded : {false, true}) {
        const PathOptions options{folded};
        const auto a = canon(first, options);
        const auto b = canon(second, options);
        if (a && b) {
            relation(*a, *b);
            relation(*b, *a);
        }
        if (a) {
            // A path built under `a` is a descendant (when it canonicalises).
            const auto below = canon(*a + "/" + std::string(second), options);
            if (below) {
                relation(*a, *below);
                check(isWithin(*below, *a), "a/x lies within a");
            }
        }
        try {
            const std::string name = canonicalName(first, options);
            check(name.find('/') == std::string::npos && !name.empty(), "a name has no '/'");
        } catch (const InvalidPath&) {
        }
    }
    return 0;
}
