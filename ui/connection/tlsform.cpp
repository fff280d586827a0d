#include "connection/tlsform.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace treelock::ui {

TlsForm::TlsForm(QWidget* parent) : QGroupBox(tr("TLS (rediss:// URLs)"), parent)
{
    setObjectName(QStringLiteral("tlsGroup"));
    auto* form = new QFormLayout(this);
    m_caFile = addFileRow(form, tr("C&A file:"), QStringLiteral("caFile"), tr("(the system's CAs)"),
                          tr("Choose the CA certificate (PEM)"), &m_caBrowse);
    m_certFile = addFileRow(form, tr("Client c&ertificate:"), QStringLiteral("certFile"),
                            tr("(none; for servers that ask for one)"), tr("Choose the client certificate (PEM)"),
                            &m_certBrowse);
    m_keyFile = addFileRow(form, tr("Client &key:"), QStringLiteral("keyFile"), tr("(the client certificate's key)"),
                           tr("Choose the client certificate's key (PEM)"), &m_keyBrowse);
    m_serverName = new QLineEdit(this);
    m_serverName->setObjectName(QStringLiteral("serverNameEdit"));
    m_serverName->setPlaceholderText(tr("(the host in the URL)"));
    m_serverName->setToolTip(tr("The name sent to the server (SNI) and looked for in its certificate"));
    m_verify = new QCheckBox(tr("&Verify the server's certificate"), this);
    m_verify->setObjectName(QStringLiteral("verifyCheck"));
    m_verify->setChecked(true);
    m_warning = new QLabel(tr("Not verifying the server's certificate: anyone on the path can read and change this "
                              "traffic."),
                           this);
    m_warning->setObjectName(QStringLiteral("insecureWarning"));
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("#insecureWarning { color: #c62828; font-weight: bold; }"));
    m_warning->hide();
    connect(m_verify, &QCheckBox::toggled, this, [this](bool verify) {
        updateWarning();
        emit verifyChanged(verify);
    });

    auto* nameLabel = new QLabel(tr("Server na&me (SNI):"), this);
    nameLabel->setBuddy(m_serverName);
    form->addRow(nameLabel, m_serverName);
    form->addRow(m_verify);
    form->addRow(m_warning);
}

QLineEdit* TlsForm::addFileRow(QFormLayout* form, const QString& label, const QString& name, const QString& placeholder,
                               const QString& pickerTitle, QToolButton** browse)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(name + QStringLiteral("Edit"));
    edit->setPlaceholderText(placeholder);
    *browse = new QToolButton(this);
    (*browse)->setObjectName(name + QStringLiteral("Browse"));
    (*browse)->setText(QStringLiteral("…"));
    (*browse)->setToolTip(pickerTitle);
    (*browse)->setAccessibleName(pickerTitle);
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(*browse);
    connect(*browse, &QToolButton::clicked, this, [this, edit, pickerTitle] { pickFile(edit, pickerTitle); });
    auto* buddy = new QLabel(label, this);
    buddy->setBuddy(edit);
    // The row is a container, so a screen reader would not find the label by itself.
    edit->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    form->addRow(buddy, row);
    return edit;
}

void TlsForm::pickFile(QLineEdit* edit, const QString& title)
{
    const QString start = edit->text().isEmpty() ? QString() : QFileInfo(edit->text()).absolutePath();
    const QString filter = edit == m_keyFile ? tr("PEM keys (*.key *.pem);;All files (*)")
                                             : tr("PEM certificates (*.pem *.crt *.cer);;All files (*)");
    const QString file = QFileDialog::getOpenFileName(this, title, start, filter);
    if (!file.isEmpty())
        edit->setText(file);
    edit->setFocus();
}

void TlsForm::updateWarning()
{
    m_warning->setVisible(!m_verify->isChecked());
}

TlsSettings TlsForm::settings() const
{
    TlsSettings s;
    s.caFile = m_caFile->text().trimmed();
    s.certFile = m_certFile->text().trimmed();
    s.keyFile = m_keyFile->text().trimmed();
    s.serverName = m_serverName->text().trimmed();
    s.verify = m_verify->isChecked();
    return s;
}

void TlsForm::setSettings(const TlsSettings& settings)
{
    m_caFile->setText(settings.caFile);
    m_certFile->setText(settings.certFile);
    m_keyFile->setText(settings.keyFile);
    m_serverName->setText(settings.serverName);
    m_verify->setChecked(settings.verify);
    updateWarning();
}

QList<QWidget*> TlsForm::tabOrder() const
{
    return {m_caFile, m_caBrowse, m_certFile, m_certBrowse, m_keyFile, m_keyBrowse, m_serverName, m_verify};
}

} // namespace treelock::ui
