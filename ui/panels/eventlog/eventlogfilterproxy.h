#pragma once

#include <QSortFilterProxyModel>

namespace treelock::ui {

/// Filters the event log by text (any column), by event type and by lease.
class EventLogFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventLogFilterProxy(QObject* parent = nullptr);
    void setText(const QString& text);
    /// int(LogEntry::Type), or -1 for every type.
    void setType(int type);
    /// Full lease id, or empty for every lease.
    void setLeaseId(const QString& id);
    const QString& leaseId() const { return m_lease; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
    QString m_lease;
    int m_type = -1;
};

} // namespace treelock::ui
