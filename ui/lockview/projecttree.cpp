#include "lockview/projecttree.h"

#include <treelock/error.h>
#include <treelock/path.h>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unordered_map>

namespace treelock::ui {

void completeTree(ProjectTreeData* tree)
{
    std::unordered_map<std::string, std::size_t> seen;
    std::vector<ProjectTreeData::Entry> out;
    out.reserve(tree->entries.size() * 5 / 4);
    const auto add = [&](const std::string& path, bool folder) {
        const auto it = seen.find(path);
        if (it != seen.end()) {
            if (folder)
                out[it->second].folder = true;
            return false;
        }
        seen.emplace(path, out.size());
        out.push_back({path, folder});
        return true;
    };
    for (const auto& e : tree->entries) {
        if (e.path == "/")
            continue;
        for (const std::string& a : ancestorsOf(e.path))
            if (a != "/")
                add(a, true);
        add(e.path, e.folder);
    }
    tree->entries = std::move(out);
}

bool parseTreeJson(const QByteArray& json, ProjectTreeData* out, QString* error)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    if (doc.isNull()) {
        if (error)
            *error = QCoreApplication::translate("ProjectTree", "Not valid JSON: %1").arg(perr.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("treelock-tree")
        || !root.value(QStringLiteral("paths")).isArray()) {
        if (error)
            *error = QCoreApplication::translate("ProjectTree",
                                                 "Not a Treelock tree file (expected \"format\": \"treelock-tree\" and a \"paths\" array)");
        return false;
    }
    ProjectTreeData tree;
    tree.name = root.value(QStringLiteral("name")).toString();
    const QJsonArray paths = root.value(QStringLiteral("paths")).toArray();
    tree.entries.reserve(std::size_t(paths.size()));
    for (const QJsonValue& v : paths) {
        QString p = v.toString();
        const bool folder = p.endsWith(QLatin1Char('/'));
        try {
            const std::string c = canonicalPath(p.toStdString());
            if (c != "/")
                tree.entries.push_back({c, folder});
        } catch (const InvalidInput&) {
            ++tree.skipped;
        }
    }
    completeTree(&tree);
    *out = std::move(tree);
    return true;
}

QByteArray treeToJson(const ProjectTreeData& tree)
{
    // A folder with children is implied by them; write only leaves.
    std::unordered_map<std::string, bool> hasChild;
    for (const auto& e : tree.entries)
        hasChild[parentPath(e.path)] = true;
    QJsonArray paths;
    for (const auto& e : tree.entries) {
        if (e.folder && hasChild.contains(e.path))
            continue;
        paths.append(QString::fromStdString(e.folder ? e.path + "/" : e.path));
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("treelock-tree"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("name"), tree.name);
    root.insert(QStringLiteral("paths"), paths);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

ProjectTreeData generateTree(int nodes)
{
    ProjectTreeData tree;
    tree.name = QStringLiteral("generated");
    tree.source = QStringLiteral("generated");
    static const char* const kDirs[] = {"src", "docs", "assets", "tests", "build", "data", "scripts", "vendor"};
    static const char* const kExt[] = {".cpp", ".h", ".md", ".png", ".json", ".txt", ".py", ".csv"};
    tree.entries.push_back({"/projects", true});
    int count = 1;
    for (int p = 1; count < nodes; ++p) {
        const std::string proj = "/projects/p" + std::string(p < 10 ? "0" : "") + std::to_string(p);
        tree.entries.push_back({proj, true});
        ++count;
        for (int d = 0; d < 8 && count < nodes; ++d) {
            const std::string dir = proj + "/" + kDirs[d];
            tree.entries.push_back({dir, true});
            ++count;
            for (int s = 1; s <= 6 && count < nodes; ++s) {
                const std::string sub = dir + "/m" + std::to_string(s);
                tree.entries.push_back({sub, true});
                ++count;
                for (int f = 1; f <= 9 && count < nodes; ++f) {
                    tree.entries.push_back({sub + "/file" + std::to_string(f) + kExt[(d + f) % 8], false});
                    ++count;
                }
            }
        }
    }
    return tree;
}

ProjectTreeData demoTree()
{
    QFile f(QStringLiteral(":/trees/demo.json"));
    ProjectTreeData tree;
    if (f.open(QIODevice::ReadOnly)) {
        QString error;
        parseTreeJson(f.readAll(), &tree, &error);
    }
    tree.source = QStringLiteral(":/trees/demo.json");
    if (tree.name.isEmpty())
        tree.name = QStringLiteral("demo");
    return tree;
}

} // namespace treelock::ui
