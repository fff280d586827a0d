#include "treelock/path.h"

#include "treelock/error.h"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace treelock {

namespace {


[[noreturn]] void throwInvalidPath(std::string_view input, const char* what, std::string_view rule,
                                   const std::string& reason)
{
    throw InvalidPath(std::string(input), std::string(rule),
                      std::string("invalid ") + what + " " + quoteInput(input) + ": " + reason
                          + " (rule " + std::string(rule) + ")");
}

std::string codePointName(utf8proc_int32_t cp)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "U+";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(cp >> shift) & 0xf];
    return out;
}

bool isControl(utf8proc_int32_t cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

struct CharacterProblem {
    const char* rule;
    std::string reason;
};

// The character rules on the whole input: strict UTF-8 and no NUL, C0, DEL or
// C1 control characters. The first offending position decides the rule.
std::optional<CharacterProblem> findCharacterProblem(std::string_view input)
{
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(input.data());
    const auto size = static_cast<utf8proc_ssize_t>(input.size());
    const auto controlAt = [](utf8proc_int32_t cp, utf8proc_ssize_t at) {
        return CharacterProblem{"control-character", "control character " + codePointName(cp)
                                                         + " at byte " + std::to_string(at)
                                                         + " is not allowed"};
    };
    utf8proc_ssize_t at = 0;
    while (at < size) {
        if (bytes[at] < 0x80) {
            if (isControl(bytes[at]))
                return controlAt(bytes[at], at);
            ++at;
            continue;
        }
        utf8proc_int32_t cp = -1;
        const utf8proc_ssize_t length = utf8proc_iterate(bytes + at, size - at, &cp);
        if (length <= 0 || cp < 0)
            return CharacterProblem{"invalid-utf8",
                                    "not valid UTF-8 at byte " + std::to_string(at)};
        if (isControl(cp))
            return controlAt(cp, at);
        at += length;
    }
    return std::nullopt;
}

void checkCharacters(std::string_view input, const char* what)
{
    if (const std::optional<CharacterProblem> problem = findCharacterProblem(input))
        throwInvalidPath(input, what, problem->rule, problem->reason);
}

bool isAscii(std::string_view text)
{
    for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80)
            return false;
    }
    return true;
}

// NFC (and case folding if asked) of text that passed checkCharacters.
std::string normalize(std::string_view text, bool caseFold)
{
    if (isAscii(text)) {
        std::string out(text);
        if (caseFold) {
            for (char& c : out) {
                if (c >= 'A' && c <= 'Z')
                    c = static_cast<char>(c - 'A' + 'a');
            }
        }
        return out;
    }
    auto options = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    if (caseFold)
        options = static_cast<utf8proc_option_t>(options | UTF8PROC_CASEFOLD);
    utf8proc_uint8_t* mapped = nullptr;
    const utf8proc_ssize_t length =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                     static_cast<utf8proc_ssize_t>(text.size()), &mapped, options);
    if (length < 0) {
        // Unreachable for checked input; utf8proc only fails on invalid UTF-8 or memory.
        throw Error(std::string("utf8proc_map failed: ") + utf8proc_errmsg(length));
    }
    const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
    return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
}

void checkDotSegment(std::string_view input, std::string_view segment, const char* what)
{
    if (segment == "." || segment == "..") {
        // Built in steps: GCC 12 at -O2 warns a false -Wrestrict on "literal" + std::string.
        std::string reason(1, '"');
        reason.append(segment).append("\" segments are not allowed");
        throwInvalidPath(input, what, "dot-segment", reason);
    }
}

} // namespace

std::string canonicalPath(std::string_view input, const PathOptions& options)
{
    constexpr const char* what = "path";
    if (input.empty())
        throwInvalidPath(input, what, "empty", "the path is empty");
    if (input.front() != '/')
        throwInvalidPath(input, what, "relative", "a path must be absolute (start with \"/\")");
    checkCharacters(input, what);

    std::string result;
    result.reserve(input.size());
    std::size_t segments = 0;
    std::size_t pos = 0;
    while (pos < input.size()) {
        while (pos < input.size() && input[pos] == '/')
            ++pos;
        if (pos == input.size())
            break;
        std::size_t end = input.find('/', pos);
        if (end == std::string_view::npos)
            end = input.size();
        const std::string_view segment = input.substr(pos, end - pos);
        checkDotSegment(input, segment, what);
        result += '/';
        result += normalize(segment, options.caseInsensitive);
        ++segments;
        pos = end;
    }
    if (result.empty())
        result.push_back('/');

    if (result.size() > kMaxPathBytes) {
        throwInvalidPath(input, what, "too-long",
                         std::to_string(result.size()) + " bytes after canonicalisation, at most "
                             + std::to_string(kMaxPathBytes) + " are allowed");
    }
    if (segments > kMaxPathSegments) {
        throwInvalidPath(input, what, "too-many-segments",
                         std::to_string(segments) + " segments, at most "
                             + std::to_string(kMaxPathSegments) + " are allowed");
    }
    return result;
}

std::string canonicalName(std::string_view name, const PathOptions& options)
{
    constexpr const char* what = "name";
    if (name.empty())
        throwInvalidPath(name, what, "empty-name", "the name is empty");
    if (name.find('/') != std::string_view::npos)
        throwInvalidPath(name, what, "slash-in-name", "a name must not contain \"/\"");
    checkDotSegment(name, name, what);
    checkCharacters(name, what);
    std::string result = normalize(name, options.caseInsensitive);
    // "/" + name must still fit in a path.
    if (result.size() + 1 > kMaxPathBytes) {
        throwInvalidPath(name, what, "too-long",
                         std::to_string(result.size()) + " bytes after canonicalisation, at most "
                             + std::to_string(kMaxPathBytes - 1) + " are allowed");
    }
    return result;
}

bool isCanonicalPath(std::string_view path)
{
    if (path.empty() || path.front() != '/' || path.size() > kMaxPathBytes)
        return false;
    if (path.size() == 1)
        return true;
    if (path.back() == '/')
        return false;
    if (findCharacterProblem(path))
        return false;
    std::size_t segments = 0;
    std::size_t pos = 1;
    while (pos <= path.size()) {
        std::size_t end = path.find('/', pos);
        if (end == std::string_view::npos)
            end = path.size();
        const std::string_view segment = path.substr(pos, end - pos);
        if (segment.empty() || segment == "." || segment == "..")
            return false;
        if (++segments > kMaxPathSegments)
            return false;
        pos = end + 1;
    }
    return isAscii(path) || normalize(path, false) == path;
}

bool isAncestor(std::string_view ancestor, std::string_view path)
{
    if (ancestor.size() >= path.size() || !path.starts_with(ancestor))
        return false;
    return ancestor == "/" || path[ancestor.size()] == '/';
}

bool isWithin(std::string_view path, std::string_view root)
{
    return path == root || isAncestor(root, path);
}

std::vector<std::string> ancestorsOf(std::string_view path)
{
    std::vector<std::string> result;
    if (path.size() <= 1)
        return result;
    result.emplace_back("/");
    for (std::size_t at = path.find('/', 1); at != std::string_view::npos;
         at = path.find('/', at + 1)) {
        result.emplace_back(path.substr(0, at));
    }
    return result;
}

std::string parentPath(std::string_view path)
{
    const std::size_t at = path.rfind('/');
    if (at == std::string_view::npos || at == 0)
        return "/";
    return std::string(path.substr(0, at));
}

std::string baseName(std::string_view path)
{
    const std::size_t at = path.rfind('/');
    if (at == std::string_view::npos)
        return std::string(path);
    return std::string(path.substr(at + 1));
}

std::string joinPath(std::string_view folder, std::string_view name)
{
    std::string result(folder);
    if (result.empty() || result.back() != '/')
        result += '/';
    result += name;
    return result;
}

std::vector<std::string> splitPath(std::string_view path)
{
    std::vector<std::string> result;
    std::size_t pos = 0;
    while (pos < path.size()) {
        if (path[pos] == '/') {
            ++pos;
            continue;
        }
        std::size_t end = path.find('/', pos);
        if (end == std::string_view::npos)
            end = path.size();
        result.emplace_back(path.substr(pos, end - pos));
        pos = end;
    }
    return result;
}

} // namespace treelock
