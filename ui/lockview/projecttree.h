#pragma once

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

namespace treelock::ui {

/// The folders and files of a project, as plain data (no model, no I/O).
/// Reading trees from disk is treeloader.h's job.
struct ProjectTreeData {
    struct Entry {
        std::string path;   ///< canonical
        bool folder = false;
    };
    QString name;            ///< shown in the title ("demo", a folder name...)
    QString source;          ///< where it came from (":/trees/demo.json", a folder)
    std::vector<Entry> entries; ///< every node except the root; ancestors included
    int skipped = 0;         ///< names that are not valid Treelock paths
};

/// Parses the tree-file format (docs/studio.md):
/// {"format":"treelock-tree","version":1,"name":"demo","paths":["/A/a.txt","/A/C/E/",...]}
/// A path ending in "/" is a folder; every ancestor of a path is a folder.
/// Returns false and sets `error` on malformed input.
bool parseTreeJson(const QByteArray& json, ProjectTreeData* out, QString* error);

/// Serialises to the same format (leaf paths only, folders with a trailing "/").
QByteArray treeToJson(const ProjectTreeData& tree);

/// A synthetic tree of about `nodes` nodes under /projects (benchmarks, tests). Pure.
ProjectTreeData generateTree(int nodes);

/// The built-in demo tree (seed fixture plus a few thousand generated nodes).
ProjectTreeData demoTree();

/// Adds missing ancestors as folders and drops duplicates (keeps the first entry's kind,
/// folder wins). Used by every loader.
void completeTree(ProjectTreeData* tree);

} // namespace treelock::ui
