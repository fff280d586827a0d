#include "mainwindow/projectnotice.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStringList>

namespace treelock::ui {

ProjectNotice::ProjectNotice(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("projectNotice"));
    setStyleSheet(QStringLiteral("#projectNotice { background: #e3f2fd; } #projectNotice QLabel { color: #0d47a1; }"));
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("projectNoticeText"));
    m_text->setWordWrap(true);
    m_switch = new QPushButton(tr("Switch"), this);
    m_switch->setObjectName(QStringLiteral("switchProjectButton"));
    m_dismiss = new QPushButton(tr("Dismiss"), this);
    m_dismiss->setObjectName(QStringLiteral("dismissProjectNoticeButton"));
    m_dismiss->setToolTip(tr("Hide this bar until other projects hold leases"));
    connect(m_switch, &QPushButton::clicked, this, [this] {
        const QString project = m_offered;
        hide();
        emit switchRequested(project);
    });
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        m_dismissedSet = m_shownSet;
        hide();
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 10, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_switch);
    layout->addWidget(m_dismiss);
    hide();
}

void ProjectNotice::setProjects(const QString& server, const ProjectList& projects)
{
    m_server = server;
    m_projects = projects;
    refresh();
}

void ProjectNotice::setExcluded(const QString& project)
{
    if (project == m_excluded)
        return;
    m_excluded = project;
    refresh();
}

void ProjectNotice::refresh()
{
    ProjectList shown;
    for (const ProjectLeases& p : m_projects)
        if (p.name != m_excluded)
            shown.push_back(p);
    if (shown.isEmpty()) {
        hide();
        return;
    }
    QStringList names;
    QStringList lines;
    for (const ProjectLeases& p : shown) {
        names << p.name;
        lines << tr("%1: %n lease(s)", nullptr, int(p.leases)).arg(p.name);
    }
    names.sort();
    m_shownSet = m_server + QLatin1Char('\n') + names.join(QLatin1Char('\n'));
    const ProjectLeases& first = shown.front();
    m_offered = first.name;
    QString text = tr("Project <b>%1</b> on this server has %n lease(s)", nullptr, int(first.leases)).arg(first.name.toHtmlEscaped());
    if (shown.size() > 1)
        text += QLatin1Char(' ') + tr("(%n more project(s) hold leases too)", nullptr, int(shown.size() - 1));
    m_text->setText(text);
    m_text->setToolTip(tr("Projects on this server that hold leases, besides the one shown:") + QLatin1Char('\n')
                       + lines.join(QLatin1Char('\n')));
    m_switch->setToolTip(tr("Show project %1 instead, as File › Connect… with that project would").arg(first.name));
    setVisible(m_shownSet != m_dismissedSet);
}

} // namespace treelock::ui
