#include "panels/leases/forcereleasedialog.h"

#include "lockview/lockstate.h"
#include "lockview/presentation.h"

#include <treelock/leaseid.h>

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace treelock::ui {

ForceReleaseDialog::ForceReleaseDialog(const LeaseInfo& lease, bool expired, const QString& operatorName,
                                       const QString& host, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Force release"));
    auto* warning = new QLabel(this);
    warning->setWordWrap(true);
    warning->setText(expired
        ? tr("This lease has expired and blocks nothing; releasing it only removes it.")
        : tr("<b>This lease is live.</b> Its holder may still be changing these paths: "
             "releasing it lets other users in at once. Its fencing token stays valid for "
             "storage that checks fences."));
    warning->setStyleSheet(expired ? QString() : QStringLiteral("QLabel { background: #fdecea; border: 1px solid #e57373; border-radius: 4px; padding: 8px; }"));

    auto* form = new QFormLayout;
    form->addRow(tr("Lease:"), new QLabel(QStringLiteral("<code>%1</code>").arg(QString::fromStdString(lease.id)), this));
    form->addRow(tr("Owner:"), new QLabel(QString::fromStdString(lease.owner).toHtmlEscaped(), this));
    form->addRow(tr("Operation:"), new QLabel(presentation::operationName(QString::fromStdString(lease.operation)), this));
    auto* paths = new QLabel(requestsText(lease.requests, QStringLiteral("<br/>")), this);
    form->addRow(tr("Paths:"), paths);
    form->addRow(tr("Fence:"), new QLabel(QString::number(lease.fence), this));
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("forceReleaseReason"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setPlaceholderText(tr("Why? (required, recorded in the event stream)"));
    form->addRow(tr("Reason:"), m_reason);
    auto* who = new QLabel(tr("<b>%1</b> (host %2) <span style='color:#666'>· set with --user NAME</span>").arg(operatorName.toHtmlEscaped(), host.toHtmlEscaped()), this);
    who->setObjectName(QStringLiteral("forceReleaseOperator"));
    who->setToolTip(tr("Recorded with the release in the event stream. treelock-studio --user NAME sets it (default: $USER)."));
    form->addRow(tr("Operator:"), who);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("Force release"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(QStringLiteral("forceReleaseButton"));
    m_ok->setEnabled(false);
    // Enter in the reason field releases (once a reason is typed; until then
    // the disabled default button makes Enter do nothing). Cancel is Esc.
    m_ok->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    connect(m_reason, &QLineEdit::textChanged, this, [this](const QString& t) { m_ok->setEnabled(!t.trimmed().isEmpty()); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(520, sizeHint().height());
}

QString ForceReleaseDialog::reason() const
{
    return m_reason->text().trimmed();
}

} // namespace treelock::ui
