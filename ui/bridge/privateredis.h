#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QProcess;
class QTemporaryDir;

namespace treelock::ui {

/// A throwaway redis-server child on a Unix socket in a temporary folder:
/// no persistence, no eviction, no TCP port. Stopped (SIGTERM, then SIGKILL)
/// by stop() or the destructor; the folder is removed. Lives in the bridge
/// worker's thread; start() blocks that thread for up to `timeoutMs`.
class PrivateRedis : public QObject {
    Q_OBJECT
public:
    explicit PrivateRedis(QObject* parent = nullptr);
    ~PrivateRedis() override;

    /// The redis-server executable on PATH, or empty.
    static QString findServer();
    /// Starts the server and waits until its socket accepts connections.
    bool start(QString* error, int timeoutMs = 5000);
    void stop();
    bool running() const;
    /// "unix:///tmp/treelock-studio-XXXXXX/redis.sock"
    QString url() const;
    QString socketPath() const;

private:
    std::unique_ptr<QTemporaryDir> m_dir; // Owned.
    QProcess* m_process = nullptr;        // Owned (child).
};

} // namespace treelock::ui
