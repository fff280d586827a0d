#include "treelock/policy.h"

#include "treelock/error.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <initializer_list>
#include <string>
#include <utility>

namespace treelock::detail {
std::string_view embeddedPolicy(std::string_view name);
} // namespace treelock::detail

namespace treelock {

namespace {


enum class Shape { FolderName, SourceFolder, SourceName, Source, Items };

constexpr unsigned bit(Target target) noexcept
{
    return 1u << static_cast<unsigned>(target);
}

struct OperationInfo {
    Operation op;
    std::string_view name;
    std::string_view chinese;
    std::string_view verb;
    Shape shape;
    std::string_view usage;
    unsigned targets;
};

constexpr unsigned kFolderNameTargets = bit(Target::Folder) | bit(Target::New);
constexpr unsigned kSourceFolderTargets =
    bit(Target::Source) | bit(Target::SourceParent) | bit(Target::Folder) | bit(Target::New);
constexpr unsigned kSourceNameTargets =
    bit(Target::Source) | bit(Target::SourceParent) | bit(Target::New);
constexpr unsigned kSourceTargets = bit(Target::Source) | bit(Target::SourceParent);

constexpr std::array<OperationInfo, 11> kOperationInfo{{
    {Operation::Create, "create", "新建", "create", Shape::FolderName, "FOLDER NAME",
     kFolderNameTargets},
    {Operation::Upload, "upload", "上传", "upload", Shape::FolderName, "FOLDER NAME",
     kFolderNameTargets},
    {Operation::MoveFolder, "move-folder", "移动文件夹", "move", Shape::SourceFolder,
     "SRC DSTFOLDER", kSourceFolderTargets},
    {Operation::MoveFile, "move-file", "移动文件", "move", Shape::SourceFolder, "SRC DSTFOLDER",
     kSourceFolderTargets},
    {Operation::CopyFolder, "copy-folder", "复制文件夹", "copy", Shape::SourceFolder,
     "SRC DSTFOLDER", kSourceFolderTargets},
    {Operation::CopyFile, "copy-file", "复制文件", "copy", Shape::SourceFolder, "SRC DSTFOLDER",
     kSourceFolderTargets},
    {Operation::RenameFolder, "rename-folder", "重命名文件夹", "rename", Shape::SourceName,
     "SRC NEWNAME", kSourceNameTargets},
    {Operation::RenameFile, "rename-file", "重命名文件", "rename", Shape::SourceName,
     "SRC NEWNAME", kSourceNameTargets},
    {Operation::DeleteFolder, "delete-folder", "删除文件夹", "delete", Shape::Source, "PATH",
     kSourceTargets},
    {Operation::DeleteFile, "delete-file", "删除文件", "delete", Shape::Source, "PATH",
     kSourceTargets},
    {Operation::Purge, "purge", "回收站清除", "purge", Shape::Items, "ITEM...",
     bit(Target::Item)},
}};

constexpr bool indexedByOperation()
{
    for (std::size_t i = 0; i < kOperationInfo.size(); ++i) {
        if (kOperationInfo[i].op != kAllOperations[i]
            || static_cast<std::size_t>(kAllOperations[i]) != i)
            return false;
    }
    return true;
}
static_assert(indexedByOperation(), "kOperationInfo must follow the order of enum Operation");

constexpr std::array<std::string_view, 5> kTargetNames{"source", "source-parent", "folder", "new",
                                                       "item"};

const OperationInfo& infoOf(Operation op) noexcept
{
    return kOperationInfo[static_cast<std::size_t>(op)];
}

std::string validTargetList(unsigned targets)
{
    std::string out;
    for (std::size_t i = 0; i < kTargetNames.size(); ++i) {
        if (targets & (1u << i)) {
            if (!out.empty())
                out += ", ";
            out += kTargetNames[i];
        }
    }
    return out;
}

std::string operationList()
{
    std::string out;
    for (const OperationInfo& info : kOperationInfo) {
        if (!out.empty())
            out += ", ";
        out += info.name;
    }
    return out;
}

// --- JSON reading -----------------------------------------------------------

class PolicyReader {
public:
    explicit PolicyReader(std::string prefix) : m_prefix(std::move(prefix)) {}

    void setName(const std::string& name) { m_prefix = "policy " + quoteInput(name); }

    [[noreturn]] void fail(const std::string& key, const std::string& reason) const
    {
        throw InvalidPolicy(m_prefix + ": " + (key.empty() ? "" : key + ": ") + reason);
    }

    const std::string& requireString(const nlohmann::json& value, const std::string& key) const
    {
        if (!value.is_string())
            fail(key, std::string("must be a string, got ") + value.type_name());
        return value.get_ref<const std::string&>();
    }

    void requireObject(const nlohmann::json& value, const std::string& key) const
    {
        if (!value.is_object())
            fail(key, std::string("must be an object, got ") + value.type_name());
    }

    void rejectUnknownKeys(const nlohmann::json& object, const std::string& key,
                           std::initializer_list<std::string_view> known) const
    {
        for (const auto& item : object.items()) {
            bool found = false;
            for (const std::string_view name : known)
                found = found || item.key() == name;
            if (!found) {
                std::string list;
                for (const std::string_view name : known)
                    list += (list.empty() ? "" : ", ") + std::string(name);
                fail(key.empty() ? item.key() : key + "." + item.key(),
                     "unknown key (known keys: " + list + ")");
            }
        }
    }

private:
    std::string m_prefix;
};

nlohmann::json parseDocument(std::string_view text)
{
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& error) {
        throw InvalidPolicy(std::string("policy: malformed JSON: ") + error.what());
    }
}

std::string pluralArguments(std::size_t count)
{
    return std::to_string(count) + (count == 1 ? " argument" : " arguments");
}

// --- planning ---------------------------------------------------------------

class Planner {
public:
    Planner(const OperationInfo& info, const OperationCall& call, const PathOptions& options)
        : m_info(info), m_call(call), m_options(options)
    {
    }

    [[noreturn]] void fail(const std::string& reason) const
    {
        throw InvalidInput(std::string(m_info.name) + ": " + reason);
    }

    std::string path(std::size_t index, std::string_view role) const
    {
        return canonicalWrapped(m_call.args[index], role, m_options);
    }

    std::string path(std::size_t index, std::string_view role, const PathOptions& options) const
    {
        return canonicalWrapped(m_call.args[index], role, options);
    }

    std::string name(std::size_t index, std::string_view role,
                     const PathOptions& options) const
    {
        try {
            return canonicalName(m_call.args[index], options);
        } catch (const InvalidPath& error) {
            rethrow(error, role);
        }
    }

    std::string source(std::size_t index) const
    {
        std::string src = path(index, "SRC");
        if (src == "/")
            fail("cannot " + std::string(m_info.verb) + " the root \"/\"");
        return src;
    }

    // A path built from checked parts can still break the length or depth limit.
    std::string built(const std::string& raw, std::string_view role) const
    {
        return canonicalWrapped(raw, role, m_options);
    }

private:
    std::string canonicalWrapped(std::string_view raw, std::string_view role,
                                 const PathOptions& options) const
    {
        try {
            return canonicalPath(raw, options);
        } catch (const InvalidPath& error) {
            rethrow(error, role);
        }
    }

    [[noreturn]] void rethrow(const InvalidPath& error, std::string_view role) const
    {
        throw InvalidPath(error.path(), error.rule(),
                          std::string(m_info.name) + " " + std::string(role) + ": " + error.what());
    }

    const OperationInfo& m_info;
    const OperationCall& m_call;
    const PathOptions& m_options;
};

} // namespace

std::string_view toString(Operation op) noexcept
{
    return infoOf(op).name;
}

std::string toString(const OperationCall& call)
{
    std::string out(toString(call.op));
    for (const std::string& arg : call.args)
        out += " " + arg;
    return out;
}

std::optional<Operation> parseOperation(std::string_view name) noexcept
{
    for (const OperationInfo& info : kOperationInfo) {
        if (info.name == name)
            return info.op;
    }
    return std::nullopt;
}

std::string_view chineseName(Operation op) noexcept
{
    return infoOf(op).chinese;
}

std::string_view toString(Target target) noexcept
{
    return kTargetNames[static_cast<std::size_t>(target)];
}

std::optional<Target> parseTarget(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < kTargetNames.size(); ++i) {
        if (kTargetNames[i] == name)
            return static_cast<Target>(i);
    }
    return std::nullopt;
}

std::vector<std::string> Policy::builtinNames()
{
    return {"fine", "seed"};
}

Policy Policy::builtin(std::string_view profile)
{
    static const std::map<std::string, Policy, std::less<>> profiles = [] {
        std::map<std::string, Policy, std::less<>> parsed;
        for (const std::string& name : builtinNames())
            parsed.emplace(name, fromJson(detail::embeddedPolicy(name)));
        return parsed;
    }();
    const auto it = profiles.find(profile);
    if (it == profiles.end()) {
        throw InvalidInput("unknown policy profile " + quoteInput(profile)
                           + " (built-in profiles: fine, seed)");
    }
    return it->second;
}

Policy Policy::fromJson(std::string_view json)
{
    const nlohmann::json doc = parseDocument(json);
    PolicyReader reader("policy");
    reader.requireObject(doc, "");

    Policy policy;
    if (!doc.contains("name"))
        reader.fail("name", "missing");
    policy.m_name = reader.requireString(doc.at("name"), "name");
    if (policy.m_name.empty())
        reader.fail("name", "must not be empty");
    reader.setName(policy.m_name);
    reader.rejectUnknownKeys(doc, "", {"name", "description", "recycle_bin", "operations"});

    if (doc.contains("description")) {
        const nlohmann::json& description = doc.at("description");
        bool ok = description.is_string() || description.is_array();
        if (description.is_array()) {
            for (const nlohmann::json& line : description)
                ok = ok && line.is_string();
        }
        if (!ok)
            reader.fail("description", "must be a string or an array of strings");
    }

    if (doc.contains("recycle_bin")) {
        const std::string& bin = reader.requireString(doc.at("recycle_bin"), "recycle_bin");
        try {
            policy.m_recycleBin = canonicalPath(bin);
        } catch (const InvalidPath& error) {
            reader.fail("recycle_bin", error.what());
        }
        if (policy.m_recycleBin == "/")
            reader.fail("recycle_bin", "must not be the root \"/\"");
    }

    if (!doc.contains("operations"))
        reader.fail("operations", "missing");
    const nlohmann::json& operations = doc.at("operations");
    reader.requireObject(operations, "operations");
    for (const auto& entry : operations.items()) {
        const std::string key = "operations." + entry.key();
        const std::optional<Operation> op = parseOperation(entry.key());
        if (!op)
            reader.fail(key, "unknown operation (known: " + operationList() + ")");
        const OperationInfo& info = infoOf(*op);
        const nlohmann::json& list = entry.value();
        if (!list.is_array())
            reader.fail(key, std::string("must be an array of rules, got ") + list.type_name());
        if (list.empty())
            reader.fail(key, "needs at least one rule");
        std::vector<PolicyRule> rules;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string ruleKey = key + "[" + std::to_string(i) + "]";
            const nlohmann::json& rule = list.at(i);
            reader.requireObject(rule, ruleKey);
            reader.rejectUnknownKeys(rule, ruleKey, {"target", "mode"});
            if (!rule.contains("target"))
                reader.fail(ruleKey + ".target", "missing");
            if (!rule.contains("mode"))
                reader.fail(ruleKey + ".mode", "missing");
            const std::string& targetText =
                reader.requireString(rule.at("target"), ruleKey + ".target");
            const std::optional<Target> target = parseTarget(targetText);
            if (!target) {
                reader.fail(ruleKey + ".target", quoteInput(targetText)
                                                     + " is not a target (one of "
                                                     + validTargetList(~0u) + ")");
            }
            if (!(info.targets & bit(*target))) {
                reader.fail(ruleKey + ".target",
                            quoteInput(targetText) + " is not a target of "
                                + std::string(info.name) + " (valid: "
                                + validTargetList(info.targets) + ")");
            }
            const std::string& modeText = reader.requireString(rule.at("mode"), ruleKey + ".mode");
            const std::optional<LockMode> mode = parseLockMode(modeText);
            if (!mode) {
                reader.fail(ruleKey + ".mode", quoteInput(modeText)
                                                   + " is not a lock mode (one of IS IX S SIX X)");
            }
            rules.push_back(PolicyRule{*target, *mode});
        }
        policy.m_rules[*op] = std::move(rules);
    }
    for (const Operation op : kAllOperations) {
        if (!policy.m_rules.contains(op))
            reader.fail("operations." + std::string(toString(op)), "missing");
    }
    return policy;
}

std::string Policy::toJson() const
{
    nlohmann::ordered_json operations = nlohmann::ordered_json::object();
    for (const Operation op : kAllOperations) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const PolicyRule& rule : rules(op)) {
            list.push_back({{"target", std::string(toString(rule.target))},
                            {"mode", std::string(toString(rule.mode))}});
        }
        operations[std::string(toString(op))] = std::move(list);
    }
    nlohmann::ordered_json doc = nlohmann::ordered_json::object();
    doc["name"] = m_name;
    doc["recycle_bin"] = m_recycleBin;
    doc["operations"] = std::move(operations);
    return doc.dump(2) + "\n";
}

const std::vector<PolicyRule>& Policy::rules(Operation op) const
{
    static const std::vector<PolicyRule> none;
    const auto it = m_rules.find(op);
    return it == m_rules.end() ? none : it->second;
}

std::vector<LockRequest> Policy::plan(const OperationCall& call, const PathOptions& options) const
{
    const OperationInfo& info = infoOf(call.op);
    const std::size_t count = call.args.size();
    const bool countOk = info.shape == Shape::Items ? count >= 1
                         : info.shape == Shape::Source ? count == 1
                                                       : count == 2;
    if (!countOk) {
        throw InvalidInput(std::string(info.name) + " needs " + std::string(info.usage) + ", got "
                           + pluralArguments(count));
    }
    const std::vector<PolicyRule>& opRules = rules(call.op);
    if (opRules.empty()) {
        throw InvalidInput("policy " + quoteInput(m_name) + " has no rules for "
                           + std::string(info.name));
    }

    const Planner planner(info, call, options);
    std::vector<LockRequest> requests;
    const auto lock = [&](Target target, const std::string& path) {
        for (const PolicyRule& rule : opRules) {
            if (rule.target == target)
                requests.push_back(LockRequest{path, rule.mode});
        }
    };

    switch (info.shape) {
    case Shape::FolderName: {
        const std::string folder = planner.path(0, "FOLDER");
        const std::string name = planner.name(1, "NAME", options);
        lock(Target::Folder, folder);
        lock(Target::New, planner.built(joinPath(folder, name), "new path"));
        break;
    }
    case Shape::SourceFolder: {
        const std::string source = planner.source(0);
        const std::string folder = planner.path(1, "DSTFOLDER");
        const std::string verb(info.verb);
        if (folder == source)
            planner.fail("cannot " + verb + " " + quoteInput(source) + " into itself");
        if (isAncestor(source, folder)) {
            planner.fail("cannot " + verb + " " + quoteInput(source)
                         + " into its own subtree " + quoteInput(folder));
        }
        const std::string target = planner.built(joinPath(folder, baseName(source)), "new path");
        if (target == source) {
            planner.fail("cannot " + verb + " " + quoteInput(source) + " into "
                         + quoteInput(folder)
                         + ": it is already there (the destination equals the source)");
        }
        lock(Target::Source, source);
        lock(Target::SourceParent, parentPath(source));
        lock(Target::Folder, folder);
        lock(Target::New, target);
        break;
    }
    case Shape::SourceName: {
        const std::string source = planner.source(0);
        const std::string name = planner.name(1, "NEWNAME", options);
        const std::string target = planner.built(joinPath(parentPath(source), name), "new path");
        // With case folding, "readme" -> "README" keeps the node but is a real rename.
        if (target == source
            && (!options.caseInsensitive
                || planner.name(1, "NEWNAME", PathOptions{})
                       == baseName(planner.path(0, "SRC", PathOptions{})))) {
            planner.fail("cannot rename " + quoteInput(source) + " to "
                         + quoteInput(name) + ": the new name is the current name");
        }
        lock(Target::Source, source);
        lock(Target::SourceParent, parentPath(source));
        lock(Target::New, target);
        break;
    }
    case Shape::Source: {
        const std::string source = planner.source(0);
        lock(Target::Source, source);
        lock(Target::SourceParent, parentPath(source));
        break;
    }
    case Shape::Items: {
        const std::string bin = planner.built(m_recycleBin, "recycle bin");
        for (std::size_t i = 0; i < count; ++i) {
            const std::string& arg = call.args[i];
            const std::string role = "ITEM " + std::to_string(i + 1);
            // An item already given as a path in the bin ("/.recycle/A", as the lock
            // table and Studio show it) is that path; anything else is relative to the
            // bin. Without this "/.recycle/A" would lock "/.recycle/.recycle/A".
            const std::string asPath = planner.built(!arg.empty() && arg.front() == '/' ? arg : "/" + arg, role);
            const std::string item =
                asPath == bin || isAncestor(bin, asPath) ? asPath : planner.built(m_recycleBin + "/" + arg, role);
            if (item == bin) {
                planner.fail("item " + quoteInput(arg)
                             + " names the recycle bin itself; give items inside it (\"A\", \"/A\" and \""
                             + m_recycleBin + "/A\" all mean \"" + m_recycleBin + "/A\")");
            }
            lock(Target::Item, item);
        }
        break;
    }
    }
    return normalizeRequests(requests, options);
}

} // namespace treelock
