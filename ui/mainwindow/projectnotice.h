#pragma once

#include "lockview/serverprojects.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace treelock::ui {

/// The bar above the views that says another project on the server holds
/// leases: "Project default on this server has 1 lease", with Switch (opens
/// that project, as File › Connect… with it would) and Dismiss. It names the
/// busiest of those projects, and its tooltip all of them. Dismissed, it stays
/// hidden while the same projects hold leases (whatever their counts), and
/// shows again when another set does. Non-modal; GUI thread only.
class ProjectNotice : public QFrame {
    Q_OBJECT
public:
    explicit ProjectNotice(QWidget* parent = nullptr);

    /// The projects other than the shown one that hold leases on `server`
    /// (the URL and the project shown), the busiest first; none hides the bar.
    void setProjects(const QString& server, const ProjectList& projects);
    /// A project left out of the notice (the simulation's, while it runs there).
    void setExcluded(const QString& project);
    /// The project Switch opens; empty while the bar is hidden.
    QString offered() const { return isHidden() ? QString() : m_offered; }

signals:
    void switchRequested(const QString& project);

private:
    void refresh();

    QLabel* m_text;
    QPushButton* m_switch;
    QPushButton* m_dismiss;
    QString m_server;
    ProjectList m_projects;
    QString m_excluded;
    QString m_offered;
    QString m_shownSet;     // server and project names of what the bar says now
    QString m_dismissedSet; // ...when Dismiss was pressed
};

} // namespace treelock::ui
