#pragma once

#include "lockview/backendconfig.h"

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
/// rediss URLs the TLS section. Recent connections come from and go to
/// QSettings (never a password).
/// "Find projects" lists the projects on the server or every primary of a
/// cluster at the URL (in the background), to pick from.
class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectDialog(const BackendConfig& current, QWidget* parent = nullptr);
    BackendConfig config() const;

    /// Recent "url|project|user" entries, newest first.
    static QStringList recentConnections();
    static void rememberConnection(const BackendConfig& config);
    /// The URL without its password nor a sentinel_password (for display and settings).
    static QString withoutPassword(const QString& url);

private:
    void updateEnabled();
    void findProjects();
    void setTabOrder(const QList<QWidget*>& chain);
    QLineEdit* passwordEdit(const QString& name, const QString& placeholder);

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
};

} // namespace treelock::ui
