// MainWindow's forced releases: one lease, or everything in a waiter's way,
// confirmed in one dialog with one reason.
#include "mainwindow/mainwindow.h"

#include "bridge/bridge.h"
#include "lockview/presentation.h"
#include "panels/leases/leasepanel.h"
#include "panels/leases/leasetablemodel.h"
#include "panels/waiting/waitertablemodel.h"

#include <treelock/leaseid.h>

#include <QSettings>
#include <QSysInfo>
#include <QTableView>

namespace treelock::ui {

QString MainWindow::askReason(const std::vector<ReleaseItem>& items, const QString& context)
{
    ForceReleaseDialog dialog(items, context, m_recentReasons, operatorName(), QSysInfo::machineHostName(), this);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    m_recentReasons = ForceReleaseDialog::remember(m_recentReasons, dialog.reason());
    if (m_options.useSettings)
        QSettings().setValue(QStringLiteral("forceRelease/recentReasons"), m_recentReasons);
    return dialog.reason();
}

ReleaseItem MainWindow::releaseItem(const LeaseInfo& lease) const
{
    return {lease.id, lease.owner, lease.operation, lease.requests, lease.fence,
            m_leaseModel->statusOf(lease) == LeaseTableModel::Status::Expired, false};
}

void MainWindow::releaseBlockers(const QString& waiterId)
{
    const WaiterInfo* waiter = m_waiterModel->waiterAt(m_waiterModel->rowOf(waiterId.toStdString()));
    if (!waiter)
        return;
    std::vector<ReleaseItem> items;
    QStringList leases;
    QStringList waiters;
    for (const Blocker& b : m_waiterModel->blockers(waiter->id)) {
        if (b.queued) {
            const WaiterInfo* ahead = m_waiterModel->waiterAt(m_waiterModel->rowOf(b.lease));
            items.push_back({b.lease, b.owner, ahead ? ahead->operation : b.operation,
                             ahead ? ahead->requests : std::vector<LockRequest>{{b.path, b.mode}}, 0, false, true});
            waiters << QString::fromStdString(b.lease);
        } else if (const LeaseInfo* lease = m_leaseModel->findLease(b.lease)) {
            items.push_back(releaseItem(*lease));
            leases << QString::fromStdString(b.lease);
        }
    }
    const QString who = QString::fromStdString(waiter->owner);
    if (items.empty()) {
        showResult(tr("Nothing blocks %1 any more: the next attempt should get its locks").arg(who), false);
        return;
    }
    const QString context = tr("<b>%1</b> · %2 · %3, waiting %4")
                                .arg(who.toHtmlEscaped(), presentation::operationName(QString::fromStdString(waiter->operation)),
                                     requestsText(waiter->requests).toHtmlEscaped(),
                                     presentation::formatAge(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         m_waiterModel->state()->clock.now() - waiter->since)));
    const QString why = askReason(items, context);
    if (why.isEmpty()) {
        showResult(tr("Release of what blocks %1 cancelled: nothing was released").arg(who), true);
        return;
    }
    showResult(tr("Releasing what blocks %1…").arg(who), false);
    m_bridge->post(&BridgeWorker::releaseBlockers, who, leases, waiters, why);
}

void MainWindow::forceRelease(const QString& leaseId, const QString& reason)
{
    const LeaseInfo* lease = m_leaseModel->findLease(leaseId.toStdString());
    if (!lease)
        return;
    QString why = reason;
    if (why.isEmpty()) {
        why = askReason({releaseItem(*lease)}, {});
        if (why.isEmpty()) {
            showResult(tr("Force release of %1 cancelled: nothing was released")
                           .arg(QString::fromStdString(shortLeaseId(leaseId.toStdString()))), true);
            return;
        }
    }
    // The released row goes away and the view would move the selection to its
    // neighbour, often another owner's lease: a second Delete would then
    // revoke that one. Select nothing, so the next Delete needs a new choice.
    QTableView* table = m_leasePanel->view();
    table->selectionModel()->clear();
    showResult(tr("Force-releasing %1…").arg(QString::fromStdString(shortLeaseId(leaseId.toStdString()))), false);
    m_bridge->post(&BridgeWorker::forceRelease, leaseId, why);
}

} // namespace treelock::ui
