#include "connection/savedconnections.h"

#include <QSettings>

#include <algorithm>

namespace treelock::ui {

namespace {

const QString kArray = QStringLiteral("savedConnections");

void writeAll(QList<SavedConnection> list)
{
    std::sort(list.begin(), list.end(), [](const SavedConnection& a, const SavedConnection& b) {
        return a.name.localeAwareCompare(b.name) < 0;
    });
    QSettings settings;
    settings.remove(kArray);
    settings.beginWriteArray(kArray, int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        const SavedConnection& c = list[i];
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("name"), c.name);
        settings.setValue(QStringLiteral("url"), c.url);
        settings.setValue(QStringLiteral("project"), c.project);
        settings.setValue(QStringLiteral("user"), c.user);
        settings.setValue(QStringLiteral("sentinelUser"), c.sentinelUser);
        settings.setValue(QStringLiteral("caFile"), c.tls.caFile);
        settings.setValue(QStringLiteral("certFile"), c.tls.certFile);
        settings.setValue(QStringLiteral("keyFile"), c.tls.keyFile);
        settings.setValue(QStringLiteral("serverName"), c.tls.serverName);
        settings.setValue(QStringLiteral("verify"), c.tls.verify);
        // Whether there is a password to find in the keychain, never the password.
        settings.setValue(QStringLiteral("hasPassword"), c.hasPassword);
        settings.setValue(QStringLiteral("hasSentinelPassword"), c.hasSentinelPassword);
    }
    settings.endArray();
}

} // namespace

BackendConfig SavedConnection::backend(const BackendConfig& base) const
{
    BackendConfig c = base;
    c.kind = BackendConfig::Kind::Url;
    c.url = url;
    c.project = project;
    c.user = user;
    c.password.clear();
    c.sentinelUser = sentinelUser;
    c.sentinelPassword.clear();
    c.tls = tls;
    return c;
}

QList<SavedConnection> savedConnections()
{
    QSettings settings;
    QList<SavedConnection> list;
    const int n = settings.beginReadArray(kArray);
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        SavedConnection c;
        c.name = settings.value(QStringLiteral("name")).toString();
        c.url = settings.value(QStringLiteral("url")).toString();
        c.project = settings.value(QStringLiteral("project")).toString();
        c.user = settings.value(QStringLiteral("user")).toString();
        c.sentinelUser = settings.value(QStringLiteral("sentinelUser")).toString();
        c.tls.caFile = settings.value(QStringLiteral("caFile")).toString();
        c.tls.certFile = settings.value(QStringLiteral("certFile")).toString();
        c.tls.keyFile = settings.value(QStringLiteral("keyFile")).toString();
        c.tls.serverName = settings.value(QStringLiteral("serverName")).toString();
        c.tls.verify = settings.value(QStringLiteral("verify"), true).toBool();
        c.hasPassword = settings.value(QStringLiteral("hasPassword")).toBool();
        c.hasSentinelPassword = settings.value(QStringLiteral("hasSentinelPassword")).toBool();
        if (!c.name.isEmpty())
            list.append(c);
    }
    settings.endArray();
    return list;
}

void storeSavedConnection(const SavedConnection& connection)
{
    QList<SavedConnection> list = savedConnections();
    list.removeIf([&](const SavedConnection& c) { return c.name == connection.name; });
    list.append(connection);
    writeAll(list);
}

void removeSavedConnection(const QString& name)
{
    QList<SavedConnection> list = savedConnections();
    list.removeIf([&](const SavedConnection& c) { return c.name == name; });
    writeAll(list);
}

SavedConnection savedConnection(const QString& name)
{
    for (const SavedConnection& c : savedConnections())
        if (c.name == name)
            return c;
    return {};
}

} // namespace treelock::ui
