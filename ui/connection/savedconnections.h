#pragma once

#include "lockview/backendconfig.h"

#include <QList>
#include <QString>

namespace treelock::ui {

/// A connection the user saved by name in the Connect dialog. Everything but
/// the secrets lives in QSettings; the password and the sentinels' password
/// live in the system keychain (keychain.h), under the connection's name.
struct SavedConnection {
    QString name;
    QString url;          ///< without its password (ConnectDialog::withoutPassword)
    QString project;
    QString user;
    QString sentinelUser;
    TlsSettings tls;
    bool hasPassword = false;         ///< a password was given when it was saved
    bool hasSentinelPassword = false; ///< a sentinels' password was given

    /// The backend it describes, without its secrets.
    BackendConfig backend(const BackendConfig& base) const;
    friend bool operator==(const SavedConnection&, const SavedConnection&) = default;
};

/// The saved connections, sorted by name.
QList<SavedConnection> savedConnections();
/// Adds `connection`, or replaces the one of the same name.
void storeSavedConnection(const SavedConnection& connection);
/// Removes the connection named `name`, if there is one.
void removeSavedConnection(const QString& name);
/// The saved connection named `name`, or one with an empty name.
SavedConnection savedConnection(const QString& name);

} // namespace treelock::ui
