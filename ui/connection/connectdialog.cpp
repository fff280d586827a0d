#include "connection/connectdialog.h"

#include "connection/tlsform.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpressionValidator>
#include <QSettings>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace treelock::ui {

ConnectDialog::ConnectDialog(const BackendConfig& current, const BackendInfo& running, QWidget* parent)
    : QDialog(parent), m_current(current), m_running(running)
{
    setWindowTitle(tr("Connect"));
    QLayout* savedRow = createSavedRow();
    m_private = new QRadioButton(tr("Private redis-server (started and stopped by the Studio)"), this);
    m_privateHa = new QRadioButton(tr("Private primary, replica and three sentinels (to watch a failover)"), this);
    m_url = new QRadioButton(tr("Redis server at URL:"), this);
    m_memory = new QRadioButton(tr("In-process engine (only this window sees the locks)"), this);
    m_private->setObjectName(QStringLiteral("privateRadio"));
    m_privateHa->setObjectName(QStringLiteral("privateHaRadio"));
    m_url->setObjectName(QStringLiteral("urlRadio"));
    m_memory->setObjectName(QStringLiteral("memoryRadio"));
    m_urlEdit = new QComboBox(this);
    m_urlEdit->setObjectName(QStringLiteral("urlBox"));
    m_urlEdit->setEditable(true);
    m_urlEdit->setMinimumContentsLength(40);
    m_urlEdit->lineEdit()->setPlaceholderText(
        QStringLiteral("redis://host:6379  ·  rediss://host:6380  ·  unix:///path/redis.sock  ·  "
                       "redis+sentinel://h1:26379,h2:26379/MASTER  ·  redis+cluster://h1:6379,h2:6379"));
    const QStringList recent = recentConnections();
    for (const QString& r : recent)
        m_urlEdit->addItem(r.section(QLatin1Char('|'), 0, 0), r);
    m_urlEdit->setEditText(current.kind == BackendConfig::Kind::Url ? withoutPassword(current.url) : QString());
    m_project = new QComboBox(this);
    m_project->setObjectName(QStringLiteral("projectBox"));
    m_project->setAccessibleName(tr("Project"));
    m_project->setEditable(true);
    m_project->setInsertPolicy(QComboBox::NoInsert);
    m_project->setEditText(current.project);
    m_project->lineEdit()->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_.-]{1,64}")), this));
    createProjectList();
    m_findProjects = new QPushButton(tr("&Find projects"), this);
    m_findProjects->setObjectName(QStringLiteral("findProjectsButton"));
    m_findProjects->setToolTip(tr("List the projects on the server (every primary of a cluster), each with its leases"));
    m_projectsStatus = new QLabel(this);
    m_projectsStatus->setObjectName(QStringLiteral("projectsStatus"));
    m_projectsStatus->setWordWrap(true);
    m_projectsStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_findProjects, &QPushButton::clicked, this, &ConnectDialog::findProjects);
    m_user = new QLineEdit(current.user, this);
    m_user->setObjectName(QStringLiteral("userEdit"));
    m_user->setPlaceholderText(tr("(default)"));
    m_password = passwordEdit(QStringLiteral("passwordEdit"), tr("kept only in the keychain, when saved"));
    m_sentinelUser = new QLineEdit(current.sentinelUser, this);
    m_sentinelUser->setObjectName(QStringLiteral("sentinelUserEdit"));
    m_sentinelUser->setPlaceholderText(tr("(none; Sentinel URLs only)"));
    m_sentinelPassword = passwordEdit(QStringLiteral("sentinelPasswordEdit"), m_sentinelUser->placeholderText());
    m_tls = new TlsForm(this);
    m_tls->setSettings(current.tls);

    switch (current.kind) {
    case BackendConfig::Kind::Private: m_private->setChecked(true); break;
    case BackendConfig::Kind::Url: m_url->setChecked(true); break;
    case BackendConfig::Kind::Memory: m_memory->setChecked(true); break;
    case BackendConfig::Kind::PrivateHa: m_privateHa->setChecked(true); break;
    }
    connect(m_urlEdit, &QComboBox::activated, this, [this](int i) {
        const QString entry = m_urlEdit->itemData(i).toString();
        m_project->setEditText(entry.section(QLatin1Char('|'), 1, 1));
        m_user->setText(entry.section(QLatin1Char('|'), 2, 2));
        m_url->setChecked(true);
    });
    connect(m_urlEdit, &QComboBox::editTextChanged, this, &ConnectDialog::updateEnabled);
    connect(m_tls, &TlsForm::verifyChanged, this, &ConnectDialog::growToFit);
    for (QRadioButton* b : {m_private, m_privateHa, m_url, m_memory})
        connect(b, &QRadioButton::toggled, this, &ConnectDialog::updateEnabled);

    auto* form = new QFormLayout;
    form->addRow(tr("Saved c&onnection:"), savedRow);
    form->addRow(m_keychainNote);
    form->addRow(m_private);
    form->addRow(m_privateHa);
    form->addRow(m_url);
    form->addRow(tr("U&RL:"), m_urlEdit);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&Password:"), m_password);
    form->addRow(tr("Sen&tinel user:"), m_sentinelUser);
    form->addRow(tr("Sentinel pass&word:"), m_sentinelPassword);
    form->addRow(m_tls);
    form->addRow(m_memory);
    auto* projectRow = new QHBoxLayout;
    projectRow->addWidget(m_project, 1);
    projectRow->addWidget(m_findProjects);
    auto* projectLabel = new QLabel(tr("Pro&ject:"), this);
    projectLabel->setBuddy(m_project);
    form->addRow(projectLabel, projectRow);
    form->addRow(QString(), m_projectsStatus);
    if (auto* savedLabel = qobject_cast<QLabel*>(form->labelForField(savedRow)))
        savedLabel->setBuddy(m_saved);
    auto* note = new QLabel(tr("Passwords are never written to settings or logs: a saved connection keeps them in the "
                               "system keychain."),
                            this);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: #666;"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_connect = buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);

    QList<QWidget*> chain{m_saved, m_save, m_rename, m_delete, m_private, m_privateHa, m_url, m_urlEdit,
                          m_user, m_password, m_sentinelUser, m_sentinelPassword};
    chain << m_tls->tabOrder();
    chain << QList<QWidget*>{m_memory, m_project, m_findProjects};
    chain << buttons->buttons().first() << m_connect; // Cancel, Connect
    setTabOrder(chain);
    // The saved connection the dialog opens on, if the current one is one: the
    // same URL, user and TLS settings, else the same URL and user (the TLS
    // settings were changed since, but the password is still that user's, and
    // a form reopened without it would fail with NOAUTH).
    QString opened;
    if (current.kind == BackendConfig::Kind::Url) {
        const QString url = withoutPassword(current.url);
        for (const bool sameTls : {true, false})
            for (const SavedConnection& c : savedConnections())
                if (opened.isEmpty() && c.url == url && c.user == current.user && (!sameTls || c.tls == current.tls))
                    opened = c.name;
    }
    reloadSaved(opened);
    updateEnabled();
    if (!opened.isEmpty())
        readSavedSecrets(savedConnection(opened));
}

void ConnectDialog::growToFit()
{
    // A wrapped note or warning that appears needs the height it takes at the
    // dialog's width, which the layout's minimum size does not count.
    QTimer::singleShot(0, this, [this] {
        const int wanted = hasHeightForWidth() ? heightForWidth(width()) : sizeHint().height();
        if (wanted > height())
            resize(width(), wanted);
    });
}

QLineEdit* ConnectDialog::passwordEdit(const QString& name, const QString& placeholder)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(name);
    edit->setEchoMode(QLineEdit::Password);
    edit->setPlaceholderText(placeholder);
    return edit;
}

void ConnectDialog::setTabOrder(const QList<QWidget*>& chain)
{
    for (qsizetype i = 1; i < chain.size(); ++i)
        QWidget::setTabOrder(chain[i - 1], chain[i]);
}

void ConnectDialog::updateEnabled()
{
    const bool url = m_url->isChecked();
    const QString text = m_urlEdit->currentText();
    m_urlEdit->setEnabled(url);
    m_user->setEnabled(url);
    m_password->setEnabled(url);
    m_sentinelUser->setEnabled(url && isSentinelUrl(text));
    m_sentinelPassword->setEnabled(url && isSentinelUrl(text));
    m_tls->setEnabled(url && isTlsUrl(text));
}

BackendConfig ConnectDialog::config() const
{
    BackendConfig c = m_current;
    c.kind = m_private->isChecked()   ? BackendConfig::Kind::Private
           : m_privateHa->isChecked() ? BackendConfig::Kind::PrivateHa
           : m_url->isChecked()       ? BackendConfig::Kind::Url
                                      : BackendConfig::Kind::Memory;
    c.url = m_urlEdit->currentText().trimmed();
    c.project = m_project->currentText().isEmpty() ? QStringLiteral("demo") : m_project->currentText();
    c.user = m_user->text();
    c.password = m_password->text();
    c.sentinelUser = m_sentinelUser->text();
    c.sentinelPassword = m_sentinelPassword->text();
    c.tls = m_tls->settings();
    return c;
}

QString ConnectDialog::withoutPassword(const QString& url)
{
    // Not QUrl: it refuses a Sentinel URL's host list and would hand the password
    // back untouched. As for the CLI, "user:password@" keeps the user and a bare
    // "password@" goes whole.
    static const QRegularExpression userAndPassword(QStringLiteral("^([A-Za-z+]+://[^:@/]*):[^@/]*@"));
    static const QRegularExpression passwordOnly(QStringLiteral("^([A-Za-z+]+://)[^:@/]+@"));
    // A Sentinel URL may carry the sentinels' password in its query.
    static const QRegularExpression sentinelPassword(QStringLiteral("([?&])sentinel_password=[^&#]*&?"));
    static const QRegularExpression danglingSeparator(QStringLiteral("[?&]$"));
    QString out = url;
    out.replace(sentinelPassword, QStringLiteral("\\1")).remove(danglingSeparator);
    if (userAndPassword.match(out).hasMatch())
        return out.replace(userAndPassword, QStringLiteral("\\1@"));
    return out.replace(passwordOnly, QStringLiteral("\\1"));
}

QStringList ConnectDialog::recentConnections()
{
    return QSettings().value(QStringLiteral("recentConnections")).toStringList();
}

void ConnectDialog::rememberConnection(const BackendConfig& config)
{
    if (config.kind != BackendConfig::Kind::Url || config.url.isEmpty())
        return;
    const QString entry = QStringLiteral("%1|%2|%3").arg(withoutPassword(config.url), config.project, config.user);
    QStringList recent = recentConnections();
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > 10)
        recent.removeLast();
    QSettings().setValue(QStringLiteral("recentConnections"), recent);
}

} // namespace treelock::ui
