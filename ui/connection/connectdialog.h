#pragma once

#include "connection/keychain.h"
#include "connection/savedconnections.h"
#include "lockview/backendconfig.h"
#include "lockview/lockstate.h"
#include "lockview/serverprojects.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace treelock::ui {

class TlsForm;

/// File > Connect…: backend (private server, Redis URL, in-process), project,
/// user and password; for Sentinel URLs the sentinels' user and password; for
/// rediss URLs the TLS section. Saved connections (by name) keep all but the
/// secrets in QSettings and the passwords in the system keychain; where no
/// keychain answers, the dialog says so and the password is asked for each
/// time. Recent connections come from and go to QSettings (never a password).
/// "Find projects" lists the projects on the server or every primary of a
/// cluster at the URL, or on the private server `running` Studio runs now (in
/// the background), each with its leases, to pick from.
class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    ConnectDialog(const BackendConfig& current, const BackendInfo& running, QWidget* parent = nullptr);
    BackendConfig config() const;

    /// Recent "url|project|user" entries, newest first.
    static QStringList recentConnections();
    static void rememberConnection(const BackendConfig& config);
    /// The URL without its password nor a sentinel_password (for display and settings).
    static QString withoutPassword(const QString& url);

private:
    void updateEnabled();

    // connectdialogprojects.cpp: Find projects.
    /// The project field's list: a project and its leases a row.
    void createProjectList();
    void findProjects();
    void showProjects(const ProjectList& projects);

    QLayout* createSavedRow();
    void setTabOrder(const QList<QWidget*>& chain);
    /// Makes the dialog as tall as its contents need at its width.
    void growToFit();
    QLineEdit* passwordEdit(const QString& name, const QString& placeholder);

    // connectdialogsaved.cpp: saved connections and their secrets.
    /// Fills the saved list; selects `name` (none when empty or missing).
    void reloadSaved(const QString& name);
    /// Fills the form with the saved connection and its passwords from the keychain.
    void chooseSaved(const QString& name);
    void readSavedSecrets(const SavedConnection& saved);
    /// Asks for a connection's name; empty when cancelled.
    QString askName(const QString& title, const QString& label, const QString& name);
    void saveConnection();
    void renameConnection();
    void deleteConnection();
    /// The form as a saved connection named `name` (the URL without its password).
    SavedConnection formConnection(const QString& name) const;
    /// The passwords typed, or the URL's own when none is typed.
    Secrets formSecrets() const;
    QString selectedName() const;
    /// A line about the saved connections and the keychain under the list;
    /// `problem` shows it as a warning.
    void showKeychainNote(const QString& text, bool problem);
    QString noKeychain(const QString& error) const;

    QComboBox* m_saved;
    QPushButton* m_save;
    QPushButton* m_rename;
    QPushButton* m_delete;
    QLabel* m_keychainNote;
    int m_secretsRead = 0; ///< the latest keychain read; older answers are dropped
    QRadioButton* m_private;
    QRadioButton* m_privateHa;
    QRadioButton* m_url;
    QRadioButton* m_memory;
    QComboBox* m_urlEdit;
    QComboBox* m_project;
    QPushButton* m_findProjects;
    QLabel* m_projectsStatus;
    int m_search = 0; ///< the latest Find projects; older answers are dropped
    QLineEdit* m_user;
    QLineEdit* m_password;
    QLineEdit* m_sentinelUser;
    QLineEdit* m_sentinelPassword;
    TlsForm* m_tls;
    QPushButton* m_connect;
    BackendConfig m_current;
    BackendInfo m_running; ///< what Studio is connected to: its private server is listed
};

} // namespace treelock::ui
