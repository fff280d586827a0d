#pragma once

#include "common/searchfilterproxy.h"

namespace treelock::ui {

/// Filters the lease table by text (owner, operation, paths, id) and by a node
/// (leases that touch it: on it, above it or below it).
class LeaseFilterProxy : public SearchFilterProxy {
    Q_OBJECT
public:
    explicit LeaseFilterProxy(QObject* parent = nullptr);
    /// Keeps the leases that touch `path`; empty: every lease.
    void setNodePath(const QString& path) { setCriterion(m_node, path); }
    const QString& nodePath() const { return m_node; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_node;
};

} // namespace treelock::ui
