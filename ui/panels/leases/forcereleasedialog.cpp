#include "panels/leases/forcereleasedialog.h"

#include "lockview/lockstate.h"
#include "lockview/presentation.h"

#include <treelock/leaseid.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace treelock::ui {

namespace {

constexpr int kRecentReasons = 8;

QString itemLine(const ReleaseItem& item)
{
    const QString what = QStringLiteral("<b>%1</b> · %2 · %3")
                             .arg(QString::fromStdString(item.owner).toHtmlEscaped(),
                                  presentation::operationName(QString::fromStdString(item.operation)).toHtmlEscaped(),
                                  requestsText(item.requests).toHtmlEscaped());
    if (item.waiter)
        return ForceReleaseDialog::tr("%1 <span style='color:#666'>· waits ahead: its place in the queue is cancelled</span>").arg(what);
    const QString id = QString::fromStdString(shortLeaseId(item.id));
    return item.expired ? ForceReleaseDialog::tr("%1 <span style='color:#666'>· lease %2, expired</span>").arg(what, id)
                        : ForceReleaseDialog::tr("%1 <span style='color:#666'>· lease %2, fence %3</span>").arg(what, id).arg(item.fence);
}

} // namespace

QStringList ForceReleaseDialog::presetReasons()
{
    return {tr("Holder crashed or hangs"), tr("Unblocking a stuck request (on call)"),
            tr("Left behind by a stopped job"), tr("Planned maintenance")};
}

QStringList ForceReleaseDialog::remember(QStringList recent, const QString& reason)
{
    const QString r = reason.trimmed();
    if (r.isEmpty())
        return recent;
    recent.removeAll(r);
    recent.prepend(r);
    while (recent.size() > kRecentReasons)
        recent.removeLast();
    return recent;
}

ForceReleaseDialog::ForceReleaseDialog(const std::vector<ReleaseItem>& items, const QString& context,
                                       const QStringList& recentReasons, const QString& operatorName, const QString& host,
                                       QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("forceReleaseDialog"));
    const bool live = std::any_of(items.begin(), items.end(), [](const ReleaseItem& i) { return !i.expired && !i.waiter; });
    const int leases = int(std::count_if(items.begin(), items.end(), [](const ReleaseItem& i) { return !i.waiter; }));
    setWindowTitle(context.isEmpty() ? tr("Force release") : tr("Release what blocks a waiter"));
    auto* warning = new QLabel(this);
    warning->setWordWrap(true);
    warning->setText(!live ? (leases > 0 ? tr("This lease has expired and blocks nothing; releasing it only removes it.")
                                         : tr("Only places in the queue are cancelled: their owners ask again as newcomers."))
                     : leases == 1
                         ? tr("<b>This lease is live.</b> Its holder may still be changing these paths: releasing it lets "
                              "other users in at once. Its fencing token stays valid for storage that checks fences.")
                         : tr("<b>These leases are live.</b> Their holders may still be changing these paths: releasing "
                              "them lets other users in at once. Their fencing tokens stay valid for storage that checks fences."));
    warning->setStyleSheet(!live ? QString() : QStringLiteral("QLabel { background: #fdecea; border: 1px solid #e57373; border-radius: 4px; padding: 8px; }"));

    auto* form = new QFormLayout;
    if (!context.isEmpty()) {
        auto* waiter = new QLabel(context, this);
        waiter->setObjectName(QStringLiteral("forceReleaseContext"));
        waiter->setWordWrap(true);
        form->addRow(tr("Waiter:"), waiter);
    }
    if (items.size() == 1 && context.isEmpty() && !items.front().waiter) {
        const ReleaseItem& lease = items.front();
        form->addRow(tr("Lease:"), new QLabel(QStringLiteral("<code>%1</code>").arg(QString::fromStdString(lease.id)), this));
        form->addRow(tr("Owner:"), new QLabel(QString::fromStdString(lease.owner).toHtmlEscaped(), this));
        form->addRow(tr("Operation:"), new QLabel(presentation::operationName(QString::fromStdString(lease.operation)), this));
        form->addRow(tr("Paths:"), new QLabel(requestsText(lease.requests, QStringLiteral("<br/>")), this));
        form->addRow(tr("Fence:"), new QLabel(QString::number(lease.fence), this));
    } else {
        QStringList lines;
        for (const ReleaseItem& item : items)
            lines << itemLine(item);
        auto* list = new QLabel(lines.join(QStringLiteral("<br/>")), this);
        list->setObjectName(QStringLiteral("forceReleaseItems"));
        list->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(tr("Releases %n:", nullptr, int(items.size())), list);
    }
    m_reason = new QComboBox(this);
    m_reason->setObjectName(QStringLiteral("forceReleaseReasons"));
    m_reason->setEditable(true);
    m_reason->setInsertPolicy(QComboBox::NoInsert);
    m_reason->lineEdit()->setObjectName(QStringLiteral("forceReleaseReason"));
    m_reason->lineEdit()->setPlaceholderText(tr("Why? (required, recorded in the event stream)"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setToolTip(tr("Your recent reasons first, then the usual ones; or type your own"));
    QStringList offered = recentReasons;
    for (const QString& preset : presetReasons())
        if (!offered.contains(preset))
            offered << preset;
    m_reason->addItems(offered);
    m_reason->setCurrentIndex(0);
    m_reason->lineEdit()->selectAll(); // typing replaces the suggestion
    form->addRow(tr("Reason:"), m_reason);
    auto* who = new QLabel(tr("<b>%1</b> (host %2) <span style='color:#666'>· set with --user NAME</span>").arg(operatorName.toHtmlEscaped(), host.toHtmlEscaped()), this);
    who->setObjectName(QStringLiteral("forceReleaseOperator"));
    who->setToolTip(tr("Recorded with the release in the event stream. treelock-studio --user NAME sets it (default: $USER)."));
    form->addRow(tr("Operator:"), who);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(items.size() > 1 ? tr("Release all %1").arg(items.size()) : tr("Force release"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(QStringLiteral("forceReleaseButton"));
    // Enter releases once there is a reason; until then the disabled default
    // button makes Enter do nothing. Cancel is Esc.
    m_ok->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    const auto update = [this] { m_ok->setEnabled(!reason().isEmpty()); };
    connect(m_reason, &QComboBox::editTextChanged, this, update);
    update();
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!reason().isEmpty())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // An editable combo box keeps Enter from the default button: the field passes it on.
    connect(m_reason->lineEdit(), &QLineEdit::returnPressed, this, [this] {
        if (!reason().isEmpty())
            accept();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
    m_reason->setFocus();
}

QString ForceReleaseDialog::reason() const
{
    return m_reason->currentText().trimmed();
}

} // namespace treelock::ui
