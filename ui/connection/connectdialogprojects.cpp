// ConnectDialog's Find projects: the projects on the server the form names,
// or on the private server Studio runs, listed in the background with their
// leases into the project field's list.
#include "connection/connectdialog.h"

#include "common/workerthread.h"
#include "connection/studiowording.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QStandardItemModel>
#include <QTreeView>

namespace treelock::ui {

void ConnectDialog::createProjectList()
{
    // A list of two columns: each project, and the leases it holds.
    auto* list = new QTreeView(this);
    list->setObjectName(QStringLiteral("projectList"));
    list->setRootIsDecorated(false);
    list->setHeaderHidden(true);
    list->setUniformRowHeights(true);
    list->setAllColumnsShowFocus(true);
    m_project->setView(list); // owns it
    m_project->setModelColumn(0);
}

void ConnectDialog::findProjects()
{
    const BackendConfig form = config();
    const bool privateKind = form.kind == BackendConfig::Kind::Private || form.kind == BackendConfig::Kind::PrivateHa;
    RedisOptions options;
    QString where;
    if (form.kind == BackendConfig::Kind::Url) {
        options = redisOptions(form);
        where = withoutPassword(form.url);
    } else if (privateKind && m_running.kind == form.kind && !m_running.url.isEmpty()) {
        options.url = m_running.url.toStdString();
        where = tr("Studio's private server");
    } else {
        // Nothing to ask: the backend starts empty when it is opened.
        ++m_search;
        m_findProjects->setEnabled(true);
        m_projectsStatus->setText(privateKind ? tr("No projects yet: a private server starts empty, so any project name "
                                                   "will do.")
                                              : tr("No projects yet: the in-process engine starts empty each time it is "
                                                   "opened, so any project name will do."));
        return;
    }
    const int search = ++m_search;
    m_findProjects->setEnabled(false);
    m_projectsStatus->setText(tr("Looking for projects at %1…").arg(where));
    struct Answer {
        ProjectList projects;
        QString error;
    };
    const auto list = [options] {
        Answer answer;
        try {
            answer.projects = listServerProjects(options);
        } catch (const std::exception& e) {
            answer.error = inStudioTerms(QString::fromUtf8(e.what()));
        }
        return answer;
    };
    runOnce(QStringLiteral("treelock-projects"), this, list, [this, search](const Answer& found) {
        if (search != m_search)
            return;
        m_findProjects->setEnabled(true);
        if (!found.error.isEmpty()) {
            m_projectsStatus->setText(tr("No projects listed: %1").arg(found.error));
            return;
        }
        showProjects(found.projects);
    });
}

void ConnectDialog::showProjects(const ProjectList& projects)
{
    const QString typed = m_project->currentText();
    m_project->clear();
    auto* model = qobject_cast<QStandardItemModel*>(m_project->model());
    model->setColumnCount(2);
    QSet<QString> nodes;
    for (const ProjectLeases& p : projects) {
        nodes.insert(p.node);
        const QString tip = p.slot >= 0 ? tr("%n lease(s) · node %1 · slot %2", nullptr, int(p.leases)).arg(p.node).arg(p.slot)
                                        : tr("%n lease(s) · %1", nullptr, int(p.leases)).arg(p.node);
        auto* name = new QStandardItem(p.name);
        auto* leases = new QStandardItem(tr("%n lease(s)", nullptr, int(p.leases)));
        leases->setData(int(Qt::AlignRight | Qt::AlignVCenter), Qt::TextAlignmentRole);
        for (QStandardItem* item : {name, leases}) {
            item->setToolTip(tip);
            item->setEditable(false);
        }
        model->appendRow({name, leases});
    }
    auto* header = static_cast<QTreeView*>(m_project->view())->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    header->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_project->setEditText(typed);
    if (projects.empty()) {
        m_projectsStatus->setText(tr("No projects yet: a project appears once it has been granted a lock."));
        return;
    }
    m_projectsStatus->setText(tr("%n project(s) on %1 — pick one from the list", nullptr, int(projects.size()))
                                  .arg(tr("%n node(s)", nullptr, int(nodes.size()))));
    m_project->showPopup();
}

} // namespace treelock::ui
