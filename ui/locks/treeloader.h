#pragma once

#include "locks/projecttree.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace treelock::ui {

/// What loading a tree file or folder gave.
struct TreeLoad {
    ProjectTreeData tree;
    QString path;            ///< what was asked for
    QString error;           ///< why it failed (ok == false)
    bool ok = true;
};

/// Reads a local folder recursively (symbolic links are not followed).
/// `progress(n)` is called every few hundred entries with the number read so
/// far; returning false cancels (the partial tree is returned). Slow: call it
/// on a worker thread.
ProjectTreeData scanDirectory(const QString& root, const std::function<bool(qint64)>& progress = {});

/// Reads `path`: a folder through scanDirectory, anything else as a tree file
/// (parseTreeJson). Blocks on the disk: call it on a worker thread.
TreeLoad loadTree(const QString& path, const std::function<bool(qint64)>& progress = {});

/// The main window's tree-loading worker: runs loadTree in its WorkerThread
/// and reports back by queued signals. Worker thread only.
class TreeLoader : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    /// Loads `path`; a folder scan stops early once `*cancel` is true (the
    /// partial tree is still reported). `request` is echoed in the signals.
    void load(quint64 request, const QString& path, std::shared_ptr<const std::atomic<bool>> cancel);

signals:
    /// A folder scan has read `entries` entries so far.
    void progress(quint64 request, qint64 entries);
    void loaded(quint64 request, const treelock::ui::TreeLoad& result);
};

/// Registers TreeLoad with Qt's meta-type system (idempotent).
void registerTreeLoadTypes();

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::TreeLoad)
