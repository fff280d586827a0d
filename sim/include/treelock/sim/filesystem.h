#pragma once

#include "treelock/path.h"
#include "treelock/policy.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock::sim {

/// What an operation touches, as subtree roots: an entry in `writes` means the
/// node and everything below it may change; in `reads`, that it is read. Derived
/// from the operation's meaning, independently of any lock policy.
struct Access {
    std::vector<std::string> reads;
    std::vector<std::string> writes;
};

/// True if two subtree regions share a node: equal paths, or one is an
/// ancestor of the other (whole segments).
bool regionsOverlap(std::string_view a, std::string_view b) noexcept;

enum class EntryKind { Folder, File };

/// One node of the simulated tree.
struct Entry {
    std::string path;
    EntryKind kind = EntryKind::Folder;
    std::uint64_t version = 0;  ///< bumped by every write that changes it
    std::uint64_t fence = 0;    ///< fencing token of the last accepted write (0: unfenced)
};

/// Outcome of FileSystem::begin / apply.
enum class FsStatus {
    Ok,        ///< admitted (begin) or done (apply)
    Rejected,  ///< fencing: a node it touches saw a higher token
    Failed,    ///< precondition: source missing, name taken, moved away, tree full...
};
std::string_view toString(FsStatus status) noexcept;

/// An admitted operation, between begin and apply.
struct PlannedOperation {
    OperationCall call;            ///< canonical arguments
    std::uint64_t fence = 0;       ///< 0: unfenced (locking off)
    Access access;
    std::string source;            ///< move/copy/rename/delete: the item
    std::string destination;       ///< the path that comes into being (delete: in the recycle bin)
    std::vector<std::string> items; ///< purge: absolute paths in the recycle bin
};

struct FsResult {
    FsStatus status = FsStatus::Ok;
    std::string message;           ///< why, for Rejected and Failed (names the path)
    PlannedOperation planned;      ///< valid when begin returned Ok
};

/// An in-memory tree for one project on which the 11 operations really happen:
/// create adds a folder, upload adds or overwrites a file, move and rename move
/// subtrees, copy duplicates them, delete moves into the recycle-bin folder
/// (as "name~N", N unique), purge removes from it.
///
/// Storage-side fencing: every mutation carries a fencing token; the tree keeps,
/// per touched path, the highest token that wrote it and the highest that read
/// it. A write is rejected if a node it touches (its subtree, or an ancestor
/// region written as a whole) saw a higher write or read token; a read if it saw
/// a higher write token. Token 0 is unfenced: never rejected, records nothing.
///
/// Not thread-safe (the owner serialises calls). Costs: O(log n + depth) per
/// lookup, O(subtree) for move/copy/delete.
class FileSystem {
public:
    struct Options {
        std::string recycleBin = "/.recycle";
        /// Copies and creations fail (FsStatus::Failed) beyond this many entries; 0 = no limit.
        std::size_t maxEntries = 0;
    };

    /// A copy of the whole tree (entries ordered by path), for views.
    struct Snapshot {
        std::vector<Entry> entries;
        std::string recycleBin;
        std::uint64_t version = 0;         ///< increases with every change
        std::uint64_t fencingRejections = 0;
    };

    FileSystem();
    explicit FileSystem(Options options);

    /// Builds a tree from paths: "/A/C/" is a folder, "/A/a.txt" a file; parents
    /// are created. Throws InvalidPath for a path that does not canonicalise.
    static FileSystem fromPaths(const std::vector<std::string>& paths, Options options);
    static FileSystem fromPaths(const std::vector<std::string>& paths);
    /// The seed's fixture: /A/a.txt /A/C/c.txt /A/C/D/d.txt /A/C/E/ /B/.
    static std::vector<std::string> seedTree();

    /// Adds a folder or file (and missing parent folders). For setup, not fenced.
    void add(std::string_view path, EntryKind kind);

    bool exists(std::string_view path) const;
    std::optional<EntryKind> kind(std::string_view path) const;
    std::optional<Entry> entry(std::string_view path) const;
    std::size_t size() const noexcept { return m_nodes.size(); }
    const Options& options() const noexcept { return m_options; }

    /// Validates `call` against the tree, checks the fence and records it on
    /// every node the call touches. Ok: `planned` says what it will do.
    FsResult begin(const OperationCall& call, std::uint64_t fence);
    /// Checks the fence again and performs the operation.
    FsResult apply(const PlannedOperation& planned);
    /// begin + apply.
    FsResult perform(const OperationCall& call, std::uint64_t fence);

    /// Drops fence records below `fence` (none can reject a token >= it). The
    /// simulator calls this with the lowest token still in flight.
    void forgetFencesBelow(std::uint64_t fence);

    std::uint64_t fencingRejections() const noexcept { return m_rejections; }
    std::uint64_t version() const noexcept { return m_version; }
    Snapshot snapshot() const;

    /// Live folders (root included, recycle bin excluded), O(1) random access.
    const std::vector<std::string>& folders() const noexcept { return m_folders; }
    /// Live files (recycle bin excluded).
    const std::vector<std::string>& files() const noexcept { return m_files; }
    /// Items directly in the recycle bin.
    const std::vector<std::string>& recycled() const noexcept { return m_recycled; }
    /// The first `count` live entries of `kind` in path order, skipping the root
    /// (the simulator's hot spot). O(count + recycle-bin items skipped).
    std::vector<std::string> firstEntries(EntryKind kind, std::size_t count) const;

private:
    struct Node {
        EntryKind kind = EntryKind::Folder;
        std::uint64_t version = 0;
        std::uint64_t fence = 0;
        std::size_t listIndex = 0; // position in m_folders / m_files / m_recycled
    };
    struct Marks {
        std::uint64_t write = 0;
        std::uint64_t read = 0;
    };

    std::optional<std::string> checkFence(const Access& access, std::uint64_t fence) const;
    void recordFence(const Access& access, std::uint64_t fence);
    FsResult fail(FsStatus status, std::string message);
    std::optional<std::string> precondition(const PlannedOperation& planned) const;
    void mutate(const PlannedOperation& planned);

    void insertNode(const std::string& path, Node node);
    void eraseNode(const std::string& path);
    std::vector<std::pair<std::string, Node>> subtree(const std::string& root) const;
    std::vector<std::string>* listFor(const std::string& path, EntryKind kind);
    bool inRecycleBin(std::string_view path) const;
    std::string resolvePurgeItem(std::string_view item) const;

    Options m_options;
    std::map<std::string, Node, std::less<>> m_nodes;
    std::map<std::string, Marks, std::less<>> m_marks;
    std::vector<std::string> m_folders;
    std::vector<std::string> m_files;
    std::vector<std::string> m_recycled;
    std::uint64_t m_version = 0;
    std::uint64_t m_recycleSerial = 0;
    std::uint64_t m_rejections = 0;
};

} // namespace treelock::sim
