#pragma once

#include <QMetaType>
#include <QString>

namespace treelock::ui {

/// Which engine to use.
struct BackendConfig {
    /// PrivateHa: a private primary, replica and three sentinels (failover demo).
    enum class Kind { Private, Url, Memory, PrivateHa };
    Kind kind = Kind::Private;
    QString url;         ///< Kind::Url
    QString project = QStringLiteral("demo");
    QString user;        ///< Redis ACL user (optional)
    QString password;    ///< never stored, never logged
    QString operatorName; ///< recorded with forced releases and sweeps
};

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::BackendConfig)
