#pragma once

#include "lockview/backendconfig.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace treelock::ui {

/// A project on a Redis server and the leases it holds (core's ProjectInfo, as
/// the window shows it).
struct ProjectLeases {
    QString name;
    qint64 leases = 0; ///< held, expired ones not yet reaped included
    QString node;      ///< the primary serving it: "host:port", or the socket path
    int slot = -1;     ///< its hash slot on a Redis Cluster; -1 elsewhere
    friend bool operator==(const ProjectLeases&, const ProjectLeases&) = default;
};
using ProjectList = QList<ProjectLeases>;

/// Every project on the server (every primary of a cluster) at `options`,
/// sorted by name: core's listProjects, on a connection of its own (the
/// options' timeouts, 2 s to connect and 5 s a command by default). One SCAN
/// over the keyspace and one pipelined ZCARD per project. Blocks: call it off
/// the GUI thread. Throws as listProjects does.
ProjectList listServerProjects(const RedisOptions& options);

/// Those of `projects` other than `shown` and `except` that hold leases, the
/// busiest first (ties by name). Pure.
ProjectList busyOthers(const ProjectList& projects, const QString& shown, const QString& except = {});

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::ProjectList)
