#pragma once

#include <treelock/redisurl.h>

#include <QMetaType>
#include <QString>

namespace treelock::ui {

/// How a rediss:// connection checks the server and proves the Studio: PEM
/// files, and whether the server's certificate is verified at all.
struct TlsSettings {
    QString caFile;      ///< CAs to trust instead of the system's
    QString certFile;    ///< a client certificate, for servers that ask for one
    QString keyFile;     ///< its private key
    QString serverName;  ///< sent as SNI and looked for in the certificate; empty: the host
    bool verify = true;  ///< false: encrypted, but to whoever answers
    friend bool operator==(const TlsSettings&, const TlsSettings&) = default;
};

/// Which engine to use.
struct BackendConfig {
    /// PrivateHa: a private primary, replica and three sentinels (failover demo).
    enum class Kind { Private, Url, Memory, PrivateHa };
    Kind kind = Kind::Private;
    QString url;         ///< Kind::Url
    QString project = QStringLiteral("demo");
    QString user;        ///< Redis ACL user (optional)
    QString password;    ///< never written to settings, never logged
    QString sentinelUser;     ///< Sentinel URLs: the sentinels' own ACL user (optional)
    QString sentinelPassword; ///< never written to settings, never logged
    TlsSettings tls;     ///< rediss URLs only
    QString operatorName; ///< recorded with forced releases and sweeps
};

/// Whether `url` asks for TLS (rediss://, rediss+sentinel://, rediss+cluster://).
inline bool isTlsUrl(const QString& url)
{
    return url.trimmed().startsWith(QLatin1String("rediss"), Qt::CaseInsensitive);
}

/// Whether `url` names sentinels (redis+sentinel://, rediss+sentinel://).
inline bool isSentinelUrl(const QString& url)
{
    const QString u = url.trimmed();
    return u.startsWith(QLatin1String("redis+sentinel://"), Qt::CaseInsensitive)
           || u.startsWith(QLatin1String("rediss+sentinel://"), Qt::CaseInsensitive);
}

/// The core's options for a Kind::Url backend: URL and credentials (those left
/// empty come from the URL); the sentinels' credentials only for a Sentinel
/// URL and the TLS settings only for a rediss URL, where they apply.
inline RedisOptions redisOptions(const BackendConfig& config)
{
    RedisOptions options;
    options.url = config.url.trimmed().toStdString();
    options.user = config.user.toStdString();
    options.password = config.password.toStdString();
    if (isSentinelUrl(config.url)) {
        options.sentinelUser = config.sentinelUser.toStdString();
        options.sentinelPassword = config.sentinelPassword.toStdString();
    }
    if (isTlsUrl(config.url)) {
        options.tls.caFile = config.tls.caFile.toStdString();
        options.tls.certFile = config.tls.certFile.toStdString();
        options.tls.keyFile = config.tls.keyFile.toStdString();
        options.tls.serverName = config.tls.serverName.toStdString();
        options.tls.insecure = !config.tls.verify;
    }
    return options;
}

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::BackendConfig)
