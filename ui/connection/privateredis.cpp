#include "connection/privateredis.h"

#include "treelock/redisserverprocess.h"

#include <QFile>

#include <csignal>
#include <exception>

namespace treelock::ui {

PrivateRedis::PrivateRedis(QObject* parent) : QObject(parent) {}

PrivateRedis::~PrivateRedis()
{
    stop();
}

QString PrivateRedis::findServer()
{
    return QFile::decodeName(findExecutable("redis-server").c_str());
}

QString PrivateRedis::socketPath() const
{
    return m_process ? QFile::decodeName(m_process->socketPath().c_str()) : QString();
}

QString PrivateRedis::url() const
{
    return QStringLiteral("unix://") + socketPath();
}

bool PrivateRedis::running() const
{
    return m_process && m_process->running();
}

bool PrivateRedis::start(QString* error, int timeoutMs)
{
    stop();
    const QString exe = findServer();
    if (exe.isEmpty()) {
        *error = tr("redis-server is not installed");
        return false;
    }
    RedisServerConfig config;
    config.executable = QFile::encodeName(exe).toStdString();
    config.folderPrefix = "treelock-studio";
    // The server dies with us even if we crash (the signal fires when the
    // thread that forked it exits, which is this worker thread).
    config.parentDeathSignal = SIGTERM;
    config.startTimeout = std::chrono::milliseconds(timeoutMs);
    config.stopTimeout = std::chrono::milliseconds(2000);
    try {
        m_process = std::make_unique<RedisServerProcess>(std::move(config));
    } catch (const std::exception& e) {
        *error = tr("cannot start %1: %2").arg(exe, QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void PrivateRedis::stop()
{
    m_process.reset();
}

} // namespace treelock::ui
