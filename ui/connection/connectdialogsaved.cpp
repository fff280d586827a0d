// ConnectDialog's saved connections: the list, Save, Rename and Delete, and
// their passwords in the system keychain.
#include "connection/connectdialog.h"

#include "connection/tlsform.h"

#include <treelock/redisurl.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QTimer>

namespace treelock::ui {

namespace {

/// How long Connect waits for the keychain before the password is asked for.
constexpr int kKeychainWaitMs = 5000;

} // namespace

QLayout* ConnectDialog::createSavedRow()
{
    m_saved = new QComboBox(this);
    m_saved->setObjectName(QStringLiteral("savedBox"));
    m_saved->setMinimumContentsLength(24);
    m_saved->setToolTip(tr("Choose a saved connection to fill in the form, its password from the keychain"));
    m_save = new QPushButton(tr("&Save…"), this);
    m_save->setObjectName(QStringLiteral("saveConnectionButton"));
    m_save->setToolTip(tr("Save the form under a name; the passwords go to the system keychain"));
    m_rename = new QPushButton(tr("Re&name…"), this);
    m_rename->setObjectName(QStringLiteral("renameConnectionButton"));
    m_delete = new QPushButton(tr("&Delete"), this);
    m_delete->setObjectName(QStringLiteral("deleteConnectionButton"));
    for (QPushButton* b : {m_save, m_rename, m_delete})
        b->setAutoDefault(false); // Enter in the form connects
    m_keychainNote = new QLabel(this);
    m_keychainNote->setObjectName(QStringLiteral("keychainNote"));
    m_keychainNote->setWordWrap(true);
    m_keychainNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_keychainNote->hide();
    connect(m_saved, &QComboBox::activated, this, [this](int i) { chooseSaved(m_saved->itemText(i)); });
    connect(m_save, &QPushButton::clicked, this, &ConnectDialog::saveConnection);
    connect(m_rename, &QPushButton::clicked, this, &ConnectDialog::renameConnection);
    connect(m_delete, &QPushButton::clicked, this, &ConnectDialog::deleteConnection);
    auto* row = new QHBoxLayout;
    row->addWidget(m_saved, 1);
    row->addWidget(m_save);
    row->addWidget(m_rename);
    row->addWidget(m_delete);
    return row;
}

void ConnectDialog::reloadSaved(const QString& name)
{
    const QSignalBlocker blocker(m_saved);
    m_saved->clear();
    for (const SavedConnection& c : savedConnections()) {
        m_saved->addItem(c.name);
        m_saved->setItemData(m_saved->count() - 1, tr("%1 · project %2").arg(c.url, c.project), Qt::ToolTipRole);
    }
    m_saved->setPlaceholderText(m_saved->count() ? tr("(choose one)") : tr("(none saved yet)"));
    m_saved->setCurrentIndex(m_saved->findText(name));
    m_rename->setEnabled(m_saved->currentIndex() >= 0);
    m_delete->setEnabled(m_saved->currentIndex() >= 0);
}

QString ConnectDialog::selectedName() const
{
    return m_saved->currentIndex() >= 0 ? m_saved->currentText() : QString();
}

void ConnectDialog::showKeychainNote(const QString& text, bool problem)
{
    m_keychainNote->setText(text);
    m_keychainNote->setStyleSheet(problem ? QStringLiteral("#keychainNote { color: #c62828; }")
                                          : QStringLiteral("#keychainNote { color: #2e7d32; }"));
    m_keychainNote->setVisible(!text.isEmpty());
    growToFit();
}

QString ConnectDialog::noKeychain(const QString& error) const
{
    return tr("The keychain could not be used (%1): the password is asked for each time.").arg(error);
}

void ConnectDialog::chooseSaved(const QString& name)
{
    const SavedConnection saved = savedConnection(name);
    if (saved.name.isEmpty())
        return;
    m_url->setChecked(true);
    m_urlEdit->setEditText(saved.url);
    m_project->setEditText(saved.project);
    m_user->setText(saved.user);
    m_password->clear();
    m_sentinelUser->setText(saved.sentinelUser);
    m_sentinelPassword->clear();
    m_tls->setSettings(saved.tls);
    m_rename->setEnabled(true);
    m_delete->setEnabled(true);
    updateEnabled();
    readSavedSecrets(saved);
}

void ConnectDialog::readSavedSecrets(const SavedConnection& saved)
{
    const int read = ++m_secretsRead;
    if (!saved.hasPassword && !saved.hasSentinelPassword) {
        showKeychainNote({}, false);
        m_connect->setEnabled(true);
        return;
    }
    QLineEdit* asked = saved.hasPassword ? m_password : m_sentinelPassword;
    // Connect waits for the keychain's answer, which may take a while: it may
    // ask the user to unlock it.
    m_connect->setEnabled(false);
    showKeychainNote(tr("Reading the password of %1 from the keychain…").arg(saved.name), false);
    QTimer::singleShot(kKeychainWaitMs, this, [this, read, asked] {
        if (read != m_secretsRead || m_connect->isEnabled())
            return;
        m_connect->setEnabled(true);
        showKeychainNote(tr("The keychain has not answered: type the password."), true);
        asked->setFocus();
    });
    readSecrets(this, saved.name, [this, read, saved, asked](const Secrets& secrets, const QString& error) {
        if (read != m_secretsRead)
            return;
        m_connect->setEnabled(true);
        if (!error.isEmpty()) {
            showKeychainNote(noKeychain(error), true);
            asked->setFocus();
            return;
        }
        if ((saved.hasPassword && secrets.password.isEmpty())
            || (saved.hasSentinelPassword && secrets.sentinelPassword.isEmpty())) {
            showKeychainNote(tr("The keychain holds no password for %1: type it, and Save to keep it.").arg(saved.name),
                             true);
            asked->setFocus();
            return;
        }
        m_password->setText(secrets.password);
        m_sentinelPassword->setText(secrets.sentinelPassword);
        showKeychainNote(tr("%1: the password is from the keychain.").arg(saved.name), false);
        m_connect->setFocus();
    });
}

Secrets ConnectDialog::formSecrets() const
{
    Secrets secrets{m_password->text(), m_sentinelPassword->text()};
    if (secrets.password.isEmpty()) {
        try {
            secrets.password = QString::fromStdString(RedisAddress::parse(m_urlEdit->currentText().trimmed().toStdString()).password);
        } catch (const std::exception&) {
            // Not a URL the core reads: it has no password to keep either.
        }
    }
    if (!isSentinelUrl(m_urlEdit->currentText()))
        secrets.sentinelPassword.clear();
    return secrets;
}

SavedConnection ConnectDialog::formConnection(const QString& name) const
{
    const BackendConfig c = config();
    SavedConnection saved;
    saved.name = name;
    saved.url = withoutPassword(c.url);
    saved.project = c.project;
    saved.user = c.user;
    saved.sentinelUser = isSentinelUrl(c.url) ? c.sentinelUser : QString();
    saved.tls = isTlsUrl(c.url) ? c.tls : TlsSettings{};
    return saved;
}

QString ConnectDialog::askName(const QString& title, const QString& label, const QString& name)
{
    QInputDialog ask(this);
    ask.setWindowTitle(title);
    ask.setLabelText(label);
    ask.setTextValue(name);
    // Wide enough for a suggested "project at host:port" whole.
    ask.resize(qMax(ask.sizeHint().width(), fontMetrics().averageCharWidth() * 50), ask.sizeHint().height());
    return ask.exec() == QDialog::Accepted ? ask.textValue().trimmed() : QString();
}

void ConnectDialog::saveConnection()
{
    QString suggested = selectedName();
    if (suggested.isEmpty()) {
        QString host = withoutPassword(m_urlEdit->currentText().trimmed()).section(QStringLiteral("://"), 1);
        host = host.section(QLatin1Char('@'), -1).section(QLatin1Char('/'), 0, 0);
        suggested = tr("%1 at %2").arg(m_project->currentText(), host);
    }
    const QString name = askName(tr("Save connection"), tr("Name of the connection:"), suggested);
    if (name.isEmpty())
        return;
    if (name != selectedName() && !savedConnection(name).name.isEmpty()
        && QMessageBox::question(this, tr("Save connection"), tr("Replace the saved connection %1?").arg(name))
               != QMessageBox::Yes)
        return;
    const Secrets secrets = formSecrets();
    SavedConnection saved = formConnection(name);
    saved.hasPassword = !secrets.password.isEmpty();
    saved.hasSentinelPassword = !secrets.sentinelPassword.isEmpty();
    storeSavedConnection(saved);
    reloadSaved(name);
    // The form shows what was saved: the URL without its password, which goes
    // to its own field.
    m_urlEdit->setEditText(saved.url);
    m_password->setText(secrets.password);
    if (!saved.hasPassword && !saved.hasSentinelPassword) {
        showKeychainNote(tr("Saved %1 (it has no password).").arg(name), false);
        return;
    }
    showKeychainNote(tr("Saving the password of %1 in the keychain…").arg(name), false);
    writeSecrets(this, name, secrets, [this, name](const QString& error) {
        if (error.isEmpty())
            showKeychainNote(tr("Saved %1; its password is in the keychain.").arg(name), false);
        else
            showKeychainNote(tr("Saved %1 without its password. %2").arg(name, noKeychain(error)), true);
    });
}

void ConnectDialog::renameConnection()
{
    const QString old = selectedName();
    if (old.isEmpty())
        return;
    const QString name = askName(tr("Rename connection"), tr("New name of %1:").arg(old), old);
    if (name.isEmpty() || name == old)
        return;
    if (!savedConnection(name).name.isEmpty()) {
        QMessageBox::warning(this, tr("Rename connection"), tr("A saved connection is already named %1.").arg(name));
        return;
    }
    SavedConnection saved = savedConnection(old);
    saved.name = name;
    storeSavedConnection(saved);
    removeSavedConnection(old);
    reloadSaved(name);
    if (!saved.hasPassword && !saved.hasSentinelPassword) {
        showKeychainNote(tr("Renamed %1 to %2.").arg(old, name), false);
        return;
    }
    // The keychain's entries move with it: read, written under the new name, then removed.
    const auto failed = [this, old, name](const QString& error) {
        showKeychainNote(tr("Renamed %1 to %2. %3").arg(old, name, noKeychain(error)), true);
    };
    readSecrets(this, old, [this, old, name, failed](const Secrets& secrets, const QString& error) {
        if (!error.isEmpty())
            return failed(error);
        writeSecrets(this, name, secrets, [this, old, name, failed](const QString& written) {
            if (!written.isEmpty())
                return failed(written);
            removeSecrets(this, old, [this, old, name](const QString&) {
                showKeychainNote(tr("Renamed %1 to %2; its password moved with it in the keychain.").arg(old, name),
                                 false);
            });
        });
    });
}

void ConnectDialog::deleteConnection()
{
    const QString name = selectedName();
    if (name.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Delete connection"),
                              tr("Delete the saved connection %1, and its password in the keychain?").arg(name))
        != QMessageBox::Yes)
        return;
    const SavedConnection saved = savedConnection(name);
    removeSavedConnection(name);
    reloadSaved({});
    if (!saved.hasPassword && !saved.hasSentinelPassword) {
        showKeychainNote(tr("Deleted %1.").arg(name), false);
        return;
    }
    removeSecrets(this, name, [this, name](const QString& error) {
        if (error.isEmpty())
            showKeychainNote(tr("Deleted %1 and its password in the keychain.").arg(name), false);
        else
            showKeychainNote(tr("Deleted %1. %2").arg(name, noKeychain(error)), true);
    });
}

} // namespace treelock::ui
