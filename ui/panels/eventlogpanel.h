#pragma once

#include <QWidget>

class QLabel;
class QTableView;
class QToolButton;

namespace treelock::ui {

class EventLogModel;

/// The live event log. Follows new events while the view is scrolled to the
/// bottom; pauses (and says so) as soon as the user scrolls up.
class EventLogPanel : public QWidget {
    Q_OBJECT
public:
    EventLogPanel(EventLogModel* model, QWidget* parent = nullptr);
    QTableView* view() const { return m_view; }
    bool following() const { return m_follow; }

private:
    void setFollow(bool follow);

    EventLogModel* m_model; // Not owned.
    QTableView* m_view;
    QLabel* m_paused;
    QToolButton* m_resume;
    bool m_follow = true;
};

} // namespace treelock::ui
