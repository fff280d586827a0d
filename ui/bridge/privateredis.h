#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace treelock {
class RedisServerProcess;
class SentinelGroup;
}

namespace treelock::ui {

/// The Studio's own throwaway Redis: one redis-server on a Unix socket in a
/// temporary folder (treelock::RedisServerProcess: no persistence, no eviction,
/// no TCP port), or with `sentinels` a primary, a replica and three sentinels on
/// loopback ports (treelock::SentinelGroup), to show a failover. Stopped
/// (SIGTERM, then SIGKILL) by stop() or the destructor, and sent SIGTERM if the
/// thread that started it ends first; the folders are removed. Lives in the
/// bridge worker's thread; start() blocks that thread for up to `timeoutMs`
/// (a few seconds more with sentinels, while they find each other).
class PrivateRedis : public QObject {
    Q_OBJECT
public:
    explicit PrivateRedis(bool sentinels, QObject* parent = nullptr);
    ~PrivateRedis() override;

    /// The redis-server executable on PATH, or empty.
    static QString findServer();
    /// Starts the server(s) and waits until they answer.
    bool start(QString* error, int timeoutMs = 5000);
    void stop();
    bool running() const;
    bool hasSentinels() const { return m_sentinels; }
    /// "unix:///tmp/treelock-studio-XXXXXX/redis.sock", or with sentinels
    /// "redis+sentinel://127.0.0.1:P1,…/treelock".
    QString url() const;
    QString socketPath() const;
    /// The primary, replica and sentinels (null without sentinels). Not owned.
    SentinelGroup* sentinelGroup() const { return m_group.get(); }

private:
    const bool m_sentinels;
    std::unique_ptr<RedisServerProcess> m_process; // Owned; one server.
    std::unique_ptr<SentinelGroup> m_group;        // Owned; with sentinels.
};

} // namespace treelock::ui
