#pragma once

#include "treelock/lockmode.h"
#include "treelock/path.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace treelock {

/// The 11 file operations of the seed's permission table.
enum class Operation {
    Create,
    Upload,
    MoveFolder,
    MoveFile,
    CopyFolder,
    CopyFile,
    RenameFolder,
    RenameFile,
    DeleteFolder,
    DeleteFile,
    Purge,
};

inline constexpr std::array<Operation, 11> kAllOperations{
    Operation::Create,       Operation::Upload,     Operation::MoveFolder,   Operation::MoveFile,
    Operation::CopyFolder,   Operation::CopyFile,   Operation::RenameFolder, Operation::RenameFile,
    Operation::DeleteFolder, Operation::DeleteFile, Operation::Purge};

/// CLI name: "create", "move-folder", ... 
std::string_view toString(Operation op) noexcept;
/// Parses a CLI name; nullopt if unknown.
std::optional<Operation> parseOperation(std::string_view name) noexcept;
/// The seed's Chinese name: 新建, 上传, 移动文件夹 ...
std::string_view chineseName(Operation op) noexcept;

/// Which path of an operation a policy rule locks.
///  - source:        the item operated on (move/copy/rename/delete SRC)
///  - source-parent: the folder holding the source
///  - folder:        the folder given to create/upload, or the destination folder of move/copy
///  - new:           the path that comes into being: F/NAME, D/basename(SRC), parent(SRC)/NEWNAME
///  - item:          each purged item (inside the recycle bin)
enum class Target { Source, SourceParent, Folder, New, Item };

std::string_view toString(Target target) noexcept;
std::optional<Target> parseTarget(std::string_view name) noexcept;

/// One rule of a policy: lock `target` in `mode`.
struct PolicyRule {
    Target target = Target::Source;
    LockMode mode = LockMode::X;
    friend bool operator==(const PolicyRule&, const PolicyRule&) = default;
};

/// An operation with its arguments, as the CLI takes them:
///   create/upload FOLDER NAME; move-*/copy-* SRC DSTFOLDER; rename-* SRC NEWNAME;
///   delete-* PATH; purge ITEM... (items are inside the recycle bin: "A", "/A"
///   and "<recycle bin>/A" all mean "<recycle bin>/A"; a path that already
///   starts with the bin folder is taken as it is).
struct OperationCall {
    Operation op = Operation::Create;
    std::vector<std::string> args;
};

/// The CLI form of a call: "move-folder /A /B" (the operation, then each argument after a space).
std::string toString(const OperationCall& call);

/// Maps operations to lock requests. Data, loadable from JSON:
/// {"name":"fine","recycle_bin":"/.recycle",
///  "operations":{"move-folder":[{"target":"source","mode":"X"},{"target":"new","mode":"X"}],...}}
/// Every operation must be present. Immutable once built; safe to share between threads.
class Policy {
public:
    /// A built-in profile: "fine" (default) or "seed". Throws InvalidInput for other names.
    static Policy builtin(std::string_view profile = "fine");
    /// Names of the built-in profiles.
    static std::vector<std::string> builtinNames();
    /// Parses a policy document. Throws InvalidPolicy naming the offending key.
    static Policy fromJson(std::string_view json);
    /// Serialises back to the JSON form fromJson reads.
    std::string toJson() const;

    const std::string& name() const noexcept { return m_name; }
    const std::string& recycleBin() const noexcept { return m_recycleBin; }
    const std::vector<PolicyRule>& rules(Operation op) const;

    /// The lock requests for one call, normalised (see normalizeRequests).
    /// Throws InvalidInput when the arguments are wrong in number or meaning:
    /// a path that does not canonicalise, a name with '/', moving or copying a
    /// folder into its own subtree, a destination equal to the source, the root
    /// as a source, a purge item outside the recycle bin.
    std::vector<LockRequest> plan(const OperationCall& call, const PathOptions& options = {}) const;

private:
    std::string m_name;
    std::string m_recycleBin = "/.recycle";
    std::map<Operation, std::vector<PolicyRule>> m_rules;
};

} // namespace treelock
