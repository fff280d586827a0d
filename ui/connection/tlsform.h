#pragma once

#include "lockview/backendconfig.h"

#include <QGroupBox>

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QToolButton;

namespace treelock::ui {

/// The Connect dialog's TLS section, for rediss URLs: the CA file, the client
/// certificate and key (each with a file picker), the server name (SNI) and
/// whether the server's certificate is verified; turning that off shows a
/// warning.
class TlsForm : public QGroupBox {
    Q_OBJECT
public:
    explicit TlsForm(QWidget* parent = nullptr);
    TlsSettings settings() const;
    void setSettings(const TlsSettings& settings);
    /// The fields in tab order, for the dialog's chain.
    QList<QWidget*> tabOrder() const;

signals:
    /// "Verify the server's certificate" was turned on or off (the warning shows or goes).
    void verifyChanged(bool verify);

private:
    /// Adds a row to `form`: a line edit named `name`Edit and a "…" button
    /// (`name`Browse, in `browse`) that picks a file into it. Returns the edit.
    QLineEdit* addFileRow(QFormLayout* form, const QString& label, const QString& name, const QString& placeholder,
                          const QString& pickerTitle, QToolButton** browse);
    void pickFile(QLineEdit* edit, const QString& title);
    void updateWarning();

    QLineEdit* m_caFile;
    QToolButton* m_caBrowse;
    QLineEdit* m_certFile;
    QToolButton* m_certBrowse;
    QLineEdit* m_keyFile;
    QToolButton* m_keyBrowse;
    QLineEdit* m_serverName;
    QCheckBox* m_verify;
    QLabel* m_warning;
};

} // namespace treelock::ui
