#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace treelock {
class RedisServerProcess;
}

namespace treelock::ui {

/// A throwaway redis-server child on a Unix socket in a temporary folder
/// (treelock::RedisServerProcess: no persistence, no eviction, no TCP port).
/// Stopped (SIGTERM, then SIGKILL) by stop() or the destructor, and sent
/// SIGTERM if the thread that started it ends first; the folder is removed.
/// Lives in the bridge worker's thread; start() blocks that thread for up to
/// `timeoutMs`.
class PrivateRedis : public QObject {
    Q_OBJECT
public:
    explicit PrivateRedis(QObject* parent = nullptr);
    ~PrivateRedis() override;

    /// The redis-server executable on PATH, or empty.
    static QString findServer();
    /// Starts the server and waits until it answers.
    bool start(QString* error, int timeoutMs = 5000);
    void stop();
    bool running() const;
    /// "unix:///tmp/treelock-studio-XXXXXX/redis.sock"
    QString url() const;
    QString socketPath() const;

private:
    std::unique_ptr<RedisServerProcess> m_process; // Owned.
};

} // namespace treelock::ui
