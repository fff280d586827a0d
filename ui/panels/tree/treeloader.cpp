#include "panels/tree/treeloader.h"

#include <treelock/error.h>
#include <treelock/path.h>

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace treelock::ui {

ProjectTreeData scanDirectory(const QString& rootDir, const std::function<bool(qint64)>& progress)
{
    ProjectTreeData tree;
    const QFileInfo rootInfo(rootDir);
    tree.name = rootInfo.fileName();
    tree.source = rootInfo.absoluteFilePath();
    const QString base = rootInfo.absoluteFilePath();
    QDirIterator it(base, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    qint64 n = 0;
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        const QString rel = info.absoluteFilePath().mid(base.size());
        try {
            tree.entries.push_back({canonicalPath(rel.toStdString()), info.isDir() && !info.isSymLink()});
        } catch (const InvalidInput&) {
            ++tree.skipped;
        }
        if (++n % 500 == 0 && progress && !progress(n))
            break;
    }
    if (progress)
        progress(n);
    completeTree(&tree);
    return tree;
}

TreeLoad loadTree(const QString& path, const std::function<bool(qint64)>& progress)
{
    TreeLoad result;
    result.path = path;
    if (QFileInfo(path).isDir()) {
        result.tree = scanDirectory(path, progress);
        return result;
    }
    QFile f(path);
    result.ok = f.open(QIODevice::ReadOnly) && parseTreeJson(f.readAll(), &result.tree, &result.error);
    if (result.error.isEmpty() && !result.ok)
        result.error = f.errorString();
    result.tree.source = path;
    if (result.tree.name.isEmpty())
        result.tree.name = QFileInfo(path).completeBaseName();
    return result;
}

} // namespace treelock::ui
