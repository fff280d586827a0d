#pragma once

#include "common/searchfilterproxy.h"

namespace treelock::ui {

/// Filters the event log by text (any column), by event type and by lease.
class EventLogFilterProxy : public SearchFilterProxy {
    Q_OBJECT
public:
    using SearchFilterProxy::SearchFilterProxy;
    /// int(LogEntry::Type), or -1 for every type.
    void setType(int type) { setCriterion(m_type, type); }
    /// Full lease id, or empty for every lease.
    void setLeaseId(const QString& id) { setCriterion(m_lease, id); }
    const QString& leaseId() const { return m_lease; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_lease;
    int m_type = -1;
};

} // namespace treelock::ui
