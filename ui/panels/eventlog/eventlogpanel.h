#pragma once

#include "lockview/lockstate.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QToolButton;

namespace treelock::ui {

class EventLogFilterProxy;
class EventLogModel;
class FilterChip;

/// The live event log. Follows new events while the view is scrolled to the
/// bottom; pauses (and says so) as soon as the user scrolls up. Filters by
/// text, event type and lease; exports what it shows.
class EventLogPanel : public QWidget {
    Q_OBJECT
public:
    EventLogPanel(EventLogModel* model, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }
    EventLogFilterProxy* proxy() const { return m_proxy; }
    QLineEdit* filterField() const { return m_filter; }
    bool following() const { return m_follow; }

    /// Shows only the events of one lease, clearing the text and type filters (empty: every lease).
    void setLeaseFilter(const QString& leaseId);
    /// Selects the event `streamId` or, without one, the Studio's own line
    /// nearest `at` (within 10 s), clearing the filters that hide it; false if
    /// the log has no such row. Stops following the newest rows.
    bool selectEntry(const QString& streamId, ServerTime at);
    /// Writes the shown rows to `file`: CSV when it ends in ".csv", else
    /// tab-separated text. False (and `error` set) when it cannot be written.
    bool exportTo(const QString& file, QString* error = nullptr) const;
    /// The context menu of a row (of the view's proxy); the caller owns it.
    QMenu* contextMenuFor(const QModelIndex& index);

signals:
    /// The user asked for the lease of an event (double-click, or the menu).
    void leaseRequested(const QString& leaseId);
    /// The user asked to see a path of an event in the tree.
    void pathRequested(const QString& path);
    /// Something to say in the status bar.
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setFollow(bool follow);
    void exportDialog();
    QString rowText(int proxyRow, const QString& separator) const;

    EventLogModel* m_model;          // Not owned.
    EventLogFilterProxy* m_proxy;    // Owned (child).
    QTableView* m_view;
    QLineEdit* m_filter;
    QComboBox* m_type;
    FilterChip* m_leaseChip;
    QLabel* m_paused;
    QToolButton* m_resume;
    QToolButton* m_export;
    QToolButton* m_clear;
    bool m_follow = true;
};

} // namespace treelock::ui
