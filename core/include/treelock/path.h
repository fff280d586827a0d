#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace treelock {

/// Limits of a canonical path (docs/semantics.md, "Paths and modes").
inline constexpr std::size_t kMaxPathBytes = 4096;
inline constexpr std::size_t kMaxPathSegments = 256;

/// Per-project path rules.
struct PathOptions {
    /// Fold case (Unicode case folding after NFC) so `/A` and `/a` name one node.
    bool caseInsensitive = false;
};

/// Validates and canonicalises an absolute path: repeated and trailing `/`
/// collapse, names are NFC-normalised (and case-folded if asked). Throws
/// InvalidPath naming the path and the rule for: empty input, relative path,
/// `.` or `..` segment, NUL or control character, invalid UTF-8, more than
/// kMaxPathBytes bytes or kMaxPathSegments segments (after canonicalisation).
/// The root is "/". O(length).
std::string canonicalPath(std::string_view input, const PathOptions& options = {});

/// Validates one name (a single segment, as given to create/rename): not empty,
/// no `/`, not `.` or `..`, same character rules as paths. Returns it NFC-normalised.
std::string canonicalName(std::string_view name, const PathOptions& options = {});

/// True if `path` is already canonical (cheap check used by engines on input
/// that came through canonicalPath or from a trusted store).
bool isCanonicalPath(std::string_view path);

/// Whole-segment proper-ancestor test on canonical paths: "/A/C" is an ancestor
/// of "/A/C/D", never of "/A/CD"; "/" is an ancestor of every other path.
bool isAncestor(std::string_view ancestor, std::string_view path);

/// True if `path` equals `root` or lies below it (whole segments).
bool isWithin(std::string_view path, std::string_view root);

/// Proper ancestors of a canonical path, root first: "/A/C" -> {"/", "/A"}.
std::vector<std::string> ancestorsOf(std::string_view path);

/// Parent folder of a canonical path ("/A/C" -> "/A", "/A" -> "/", "/" -> "/").
std::string parentPath(std::string_view path);

/// Last segment of a canonical path ("/" -> "").
std::string baseName(std::string_view path);

/// Joins a canonical folder and a canonical name.
std::string joinPath(std::string_view folder, std::string_view name);

/// Segments of a canonical path ("/" -> {}).
std::vector<std::string> splitPath(std::string_view path);

} // namespace treelock
