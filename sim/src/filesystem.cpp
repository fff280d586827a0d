#include "treelock/sim/filesystem.h"

#include "regionindex.h"

#include "treelock/error.h"

#include <algorithm>

namespace treelock::sim {

bool regionsOverlap(std::string_view a, std::string_view b) noexcept
{
    return isWithin(a, b) || isWithin(b, a);
}

std::string_view toString(FsStatus status) noexcept
{
    switch (status) {
    case FsStatus::Ok: return "ok";
    case FsStatus::Rejected: return "rejected";
    case FsStatus::Failed: return "failed";
    }
    return "?";
}

namespace {

bool isFolderOp(Operation op)
{
    return op == Operation::MoveFolder || op == Operation::CopyFolder || op == Operation::RenameFolder
           || op == Operation::DeleteFolder;
}

std::string kindName(EntryKind kind) { return kind == EntryKind::Folder ? "folder" : "file"; }

void needArgs(const OperationCall& call, std::size_t n)
{
    if (call.op == Operation::Purge ? call.args.empty() : call.args.size() != n)
        throw InvalidInput(std::string(toString(call.op)) + ": wrong number of arguments ("
                           + std::to_string(call.args.size()) + ")");
}

} // namespace

FileSystem::FileSystem() : FileSystem(Options{}) {}

FileSystem::FileSystem(Options options) : m_options(std::move(options))
{
    m_options.recycleBin = canonicalPath(m_options.recycleBin);
    if (m_options.recycleBin == "/")
        throw InvalidInput("the recycle bin cannot be the root");
    insertNode("/", Node{});
    add(m_options.recycleBin, EntryKind::Folder);
}

FileSystem FileSystem::fromPaths(const std::vector<std::string>& paths) { return fromPaths(paths, Options{}); }

FileSystem FileSystem::fromPaths(const std::vector<std::string>& paths, Options options)
{
    FileSystem fs(std::move(options));
    for (const auto& p : paths) {
        const bool folder = p.size() > 1 && p.back() == '/';
        fs.add(p, folder ? EntryKind::Folder : EntryKind::File);
    }
    return fs;
}

std::vector<std::string> FileSystem::seedTree()
{
    return {"/A/a.txt", "/A/C/c.txt", "/A/C/D/d.txt", "/A/C/E/", "/B/"};
}

void FileSystem::add(std::string_view input, EntryKind kind)
{
    const std::string path = canonicalPath(input);
    if (path == "/")
        return;
    for (const auto& ancestor : ancestorsOf(path)) {
        auto it = m_nodes.find(ancestor);
        if (it == m_nodes.end())
            insertNode(ancestor, Node{EntryKind::Folder, 1, 0, 0});
        else if (it->second.kind != EntryKind::Folder)
            throw InvalidInput("cannot add " + path + ": " + ancestor + " is a file");
    }
    if (!m_nodes.contains(path))
        insertNode(path, Node{kind, 1, 0, 0});
    ++m_version;
}

bool FileSystem::exists(std::string_view path) const { return m_nodes.find(path) != m_nodes.end(); }

std::optional<EntryKind> FileSystem::kind(std::string_view path) const
{
    auto it = m_nodes.find(path);
    if (it == m_nodes.end())
        return std::nullopt;
    return it->second.kind;
}

std::optional<Entry> FileSystem::entry(std::string_view path) const
{
    auto it = m_nodes.find(path);
    if (it == m_nodes.end())
        return std::nullopt;
    return Entry{it->first, it->second.kind, it->second.version, it->second.fence};
}

bool FileSystem::inRecycleBin(std::string_view path) const { return isWithin(path, m_options.recycleBin); }

std::string FileSystem::resolvePurgeItem(std::string_view item) const
{
    std::string relative(item);
    if (!relative.empty() && relative.front() == '/')
        relative.erase(0, 1);
    // As Policy::plan: an item already given as a path in the bin is that path.
    const std::string asPath = canonicalPath("/" + relative);
    const std::string path = isAncestor(m_options.recycleBin, asPath)
                                 ? asPath
                                 : canonicalPath(m_options.recycleBin + "/" + relative);
    if (!isAncestor(m_options.recycleBin, path))
        throw InvalidInput("purge item " + std::string(item) + " is not inside the recycle bin");
    return path;
}

FsResult FileSystem::fail(FsStatus status, std::string message)
{
    if (status == FsStatus::Rejected)
        ++m_rejections;
    FsResult r;
    r.status = status;
    r.message = std::move(message);
    return r;
}

FsResult FileSystem::begin(const OperationCall& call, std::uint64_t fence)
{
    PlannedOperation p;
    p.call.op = call.op;
    p.fence = fence;
    switch (call.op) {
    case Operation::Create:
    case Operation::Upload: {
        needArgs(call, 2);
        const std::string folder = canonicalPath(call.args[0]);
        const std::string name = canonicalName(call.args[1]);
        p.call.args = {folder, name};
        p.destination = joinPath(folder, name);
        p.access.writes = {p.destination};
        break;
    }
    case Operation::MoveFolder:
    case Operation::MoveFile:
    case Operation::CopyFolder:
    case Operation::CopyFile: {
        needArgs(call, 2);
        p.source = canonicalPath(call.args[0]);
        const std::string folder = canonicalPath(call.args[1]);
        p.call.args = {p.source, folder};
        p.destination = joinPath(folder, baseName(p.source));
        if (call.op == Operation::CopyFolder || call.op == Operation::CopyFile)
            p.access.reads = {p.source};
        else
            p.access.writes = {p.source};
        p.access.writes.push_back(p.destination);
        break;
    }
    case Operation::RenameFolder:
    case Operation::RenameFile: {
        needArgs(call, 2);
        p.source = canonicalPath(call.args[0]);
        const std::string name = canonicalName(call.args[1]);
        p.call.args = {p.source, name};
        p.destination = joinPath(parentPath(p.source), name);
        p.access.writes = {p.source, p.destination};
        break;
    }
    case Operation::DeleteFolder:
    case Operation::DeleteFile: {
        needArgs(call, 1);
        p.source = canonicalPath(call.args[0]);
        p.call.args = {p.source};
        p.destination = joinPath(m_options.recycleBin,
                                 baseName(p.source) + "~" + std::to_string(++m_recycleSerial));
        p.access.writes = {p.source, p.destination};
        break;
    }
    case Operation::Purge: {
        needArgs(call, 1);
        for (const auto& item : call.args) {
            p.items.push_back(resolvePurgeItem(item));
            p.call.args.push_back(p.items.back().substr(m_options.recycleBin.size()));
        }
        p.access.writes = p.items;
        break;
    }
    }

    // The fence first: a stale holder learns nothing about the tree.
    if (auto why = checkFence(p.access, fence))
        return fail(FsStatus::Rejected, *why);
    if (auto why = precondition(p))
        return fail(FsStatus::Failed, *why);
    recordFence(p.access, fence);
    FsResult r;
    r.planned = std::move(p);
    return r;
}

FsResult FileSystem::perform(const OperationCall& call, std::uint64_t fence)
{
    FsResult begun = begin(call, fence);
    if (begun.status != FsStatus::Ok)
        return begun;
    return apply(begun.planned);
}

FsResult FileSystem::apply(const PlannedOperation& planned)
{
    if (auto why = checkFence(planned.access, planned.fence))
        return fail(FsStatus::Rejected, *why);
    if (auto why = precondition(planned))
        return fail(FsStatus::Failed, *why);
    recordFence(planned.access, planned.fence);
    mutate(planned);
    FsResult r;
    r.planned = planned;
    return r;
}

std::optional<std::string> FileSystem::precondition(const PlannedOperation& p) const
{
    const Operation op = p.call.op;
    auto folderExists = [&](const std::string& path) -> std::optional<std::string> {
        const auto k = kind(path);
        if (!k)
            return "folder " + path + " does not exist";
        if (*k != EntryKind::Folder)
            return path + " is a file, not a folder";
        if (inRecycleBin(path))
            return path + " is in the recycle bin";
        return std::nullopt;
    };
    auto room = [&](std::size_t more) -> std::optional<std::string> {
        if (m_options.maxEntries && m_nodes.size() + more > m_options.maxEntries)
            return "the tree is full (" + std::to_string(m_options.maxEntries) + " entries)";
        return std::nullopt;
    };
    if (op == Operation::Purge) {
        for (const auto& item : p.items)
            if (!exists(item) || parentPath(item) != m_options.recycleBin)
                return "recycle-bin item " + item + " does not exist";
        return std::nullopt;
    }
    if (op == Operation::Create || op == Operation::Upload) {
        if (auto why = folderExists(p.call.args[0]))
            return why;
        const auto k = kind(p.destination);
        if (op == Operation::Create && k)
            return p.destination + " already exists";
        if (op == Operation::Upload && k == EntryKind::Folder)
            return p.destination + " is a folder";
        return k ? std::nullopt : room(1);
    }
    // Operations on an existing item.
    const EntryKind want = isFolderOp(op) ? EntryKind::Folder : EntryKind::File;
    const auto k = kind(p.source);
    if (!k)
        return p.source + " does not exist";
    if (*k != want)
        return p.source + " is a " + kindName(*k) + ", not a " + kindName(want);
    if (p.source == "/" || inRecycleBin(p.source))
        return p.source + " cannot be " + std::string(toString(op)) + "d";
    if (op == Operation::DeleteFolder || op == Operation::DeleteFile)
        return std::nullopt;
    if (op != Operation::RenameFolder && op != Operation::RenameFile) {
        if (auto why = folderExists(p.call.args[1]))
            return why;
        if (isWithin(p.call.args[1], p.source))
            return "cannot put " + p.source + " inside itself (" + p.call.args[1] + ")";
    }
    if (exists(p.destination))
        return p.destination + " already exists";
    if (op == Operation::CopyFolder || op == Operation::CopyFile)
        return room(subtree(p.source).size());
    return std::nullopt;
}

void FileSystem::mutate(const PlannedOperation& p)
{
    ++m_version;
    switch (p.call.op) {
    case Operation::Create:
        insertNode(p.destination, Node{EntryKind::Folder, 1, p.fence, 0});
        return;
    case Operation::Upload: {
        auto it = m_nodes.find(p.destination);
        if (it != m_nodes.end()) {
            ++it->second.version;
            it->second.fence = p.fence;
        } else {
            insertNode(p.destination, Node{EntryKind::File, 1, p.fence, 0});
        }
        return;
    }
    case Operation::CopyFolder:
    case Operation::CopyFile:
        for (auto& [path, node] : subtree(p.source))
            insertNode(p.destination + path.substr(p.source.size()), Node{node.kind, 1, p.fence, 0});
        return;
    case Operation::Purge:
        for (const auto& item : p.items)
            for (const auto& entry : subtree(item))
                eraseNode(entry.first);
        return;
    default: { // move, rename, delete: the subtree changes its path
        auto moved = subtree(p.source);
        for (const auto& entry : moved)
            eraseNode(entry.first);
        for (auto& [path, node] : moved)
            insertNode(p.destination + path.substr(p.source.size()),
                       Node{node.kind, node.version + 1, p.fence, 0});
        return;
    }
    }
}

std::optional<std::string> FileSystem::checkFence(const Access& access, std::uint64_t fence) const
{
    if (fence == 0)
        return std::nullopt;
    std::optional<std::string> why;
    auto note = [&](const std::string& path, std::uint64_t seen, const char* what) {
        if (!why && seen > fence)
            why = "fencing token " + std::to_string(fence) + " is older than token " + std::to_string(seen)
                  + " that " + what + " " + path;
    };
    for (const auto& w : access.writes)
        detail::forEachOverlapping(m_marks, w, [&](const std::string& path, const Marks& m) {
            note(path, m.write, "wrote");
            note(path, m.read, "read");
        });
    for (const auto& r : access.reads)
        detail::forEachOverlapping(m_marks, r,
                                   [&](const std::string& path, const Marks& m) { note(path, m.write, "wrote"); });
    return why;
}

void FileSystem::recordFence(const Access& access, std::uint64_t fence)
{
    if (fence == 0)
        return;
    for (const auto& w : access.writes) {
        auto& m = m_marks[w];
        m.write = std::max(m.write, fence);
    }
    for (const auto& r : access.reads) {
        auto& m = m_marks[r];
        m.read = std::max(m.read, fence);
    }
}

void FileSystem::forgetFencesBelow(std::uint64_t fence)
{
    std::erase_if(m_marks, [fence](const auto& kv) { return std::max(kv.second.write, kv.second.read) < fence; });
}

std::vector<std::string>* FileSystem::listFor(const std::string& path, EntryKind kind)
{
    if (path == m_options.recycleBin)
        return nullptr;
    if (inRecycleBin(path))
        return parentPath(path) == m_options.recycleBin ? &m_recycled : nullptr;
    return kind == EntryKind::Folder ? &m_folders : &m_files;
}

void FileSystem::insertNode(const std::string& path, Node node)
{
    if (auto* list = listFor(path, node.kind)) {
        node.listIndex = list->size();
        list->push_back(path);
    }
    m_nodes.insert_or_assign(path, node);
}

void FileSystem::eraseNode(const std::string& path)
{
    auto it = m_nodes.find(path);
    if (it == m_nodes.end())
        return;
    if (auto* list = listFor(path, it->second.kind)) {
        const std::size_t index = it->second.listIndex;
        if (index + 1 != list->size()) {
            (*list)[index] = std::move(list->back());
            m_nodes.find((*list)[index])->second.listIndex = index;
        }
        list->pop_back();
    }
    m_nodes.erase(it);
}

std::vector<std::pair<std::string, FileSystem::Node>> FileSystem::subtree(const std::string& root) const
{
    std::vector<std::pair<std::string, Node>> out;
    auto it = m_nodes.find(root);
    if (it == m_nodes.end())
        return out;
    out.emplace_back(it->first, it->second);
    const std::string prefix = root == "/" ? root : root + "/";
    for (it = m_nodes.lower_bound(prefix); it != m_nodes.end() && it->first.starts_with(prefix); ++it)
        if (it->first != root)
            out.emplace_back(it->first, it->second);
    return out;
}

std::vector<std::string> FileSystem::firstEntries(EntryKind kind, std::size_t count) const
{
    std::vector<std::string> out;
    const std::string& bin = m_options.recycleBin;
    for (auto it = m_nodes.begin(); it != m_nodes.end() && out.size() < count;) {
        if (it->first == bin) {
            ++it;
            if (it != m_nodes.end() && isAncestor(bin, it->first))
                it = m_nodes.lower_bound(bin + "0");
            continue;
        }
        if (it->first != "/" && it->second.kind == kind)
            out.push_back(it->first);
        ++it;
    }
    return out;
}

FileSystem::Snapshot FileSystem::snapshot() const
{
    Snapshot s;
    s.recycleBin = m_options.recycleBin;
    s.version = m_version;
    s.fencingRejections = m_rejections;
    s.entries.reserve(m_nodes.size());
    for (const auto& [path, node] : m_nodes)
        s.entries.push_back(Entry{path, node.kind, node.version, node.fence});
    return s;
}

} // namespace treelock::sim
