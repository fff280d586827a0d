#include "bridge/privateredis.h"

#include "treelock/redissentinelgroup.h"
#include "treelock/redisserverprocess.h"

#include <QFile>

#include <csignal>
#include <exception>

namespace treelock::ui {

PrivateRedis::PrivateRedis(bool sentinels, QObject* parent) : QObject(parent), m_sentinels(sentinels) {}

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
    if (m_group)
        return QString::fromStdString(m_group->url());
    return QStringLiteral("unix://") + socketPath();
}

bool PrivateRedis::running() const
{
    return m_group || (m_process && m_process->running());
}

bool PrivateRedis::start(QString* error, int timeoutMs)
{
    stop();
    const QString exe = findServer();
    if (exe.isEmpty()) {
        *error = tr("redis-server is not installed");
        return false;
    }
    const std::string executable = QFile::encodeName(exe).toStdString();
    // The servers die with us even if we crash (the signal fires when the
    // thread that forked them exits, which is this worker thread).
    try {
        if (m_sentinels) {
            SentinelGroupConfig config;
            config.executable = executable;
            config.folderPrefix = "treelock-studio-ha";
            config.parentDeathSignal = SIGTERM;
            m_group = std::make_unique<SentinelGroup>(std::move(config));
        } else {
            RedisServerConfig config;
            config.executable = executable;
            config.folderPrefix = "treelock-studio";
            config.parentDeathSignal = SIGTERM;
            config.startTimeout = std::chrono::milliseconds(timeoutMs);
            config.stopTimeout = std::chrono::milliseconds(2000);
            m_process = std::make_unique<RedisServerProcess>(std::move(config));
        }
    } catch (const std::exception& e) {
        *error = tr("cannot start %1: %2").arg(exe, QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void PrivateRedis::stop()
{
    m_group.reset();
    m_process.reset();
}

} // namespace treelock::ui
