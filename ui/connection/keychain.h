#pragma once

#include <QString>

#include <functional>

class QObject;

namespace treelock::ui {

/// A saved connection's secrets. In the system keychain (QtKeychain: the
/// Secret Service, KWallet, macOS Keychain, Windows Credential Manager) under
/// the service "Treelock Studio", one entry per secret, keyed by the
/// connection's name; never in QSettings (the insecure fallback stays off).
struct Secrets {
    QString password;
    QString sentinelPassword;
};

/// Each call runs in the background and calls `done` on `context`'s thread,
/// unless `context` is gone by then. `error` is empty when the keychain
/// answered (a missing entry is an empty secret, not an error), else what it
/// said (no keychain service, access denied...).
void readSecrets(QObject* context, const QString& name, std::function<void(const Secrets&, const QString& error)> done);
/// Stores both secrets; an empty one removes its entry.
void writeSecrets(QObject* context, const QString& name, const Secrets& secrets,
                  std::function<void(const QString& error)> done);
void removeSecrets(QObject* context, const QString& name, std::function<void(const QString& error)> done);

} // namespace treelock::ui
