#include "bridge/privateredis.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <cstring>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace treelock::ui {

namespace {

bool acceptsConnections(const QString& socketPath)
{
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un addr{};
    if (std::size_t(path.size()) >= sizeof addr.sun_path)
        return false;
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.constData(), std::size_t(path.size()));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    ::close(fd);
    return ok;
}

} // namespace

PrivateRedis::PrivateRedis(QObject* parent) : QObject(parent) {}

PrivateRedis::~PrivateRedis()
{
    stop();
}

QString PrivateRedis::findServer()
{
    QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (exe.isEmpty())
        exe = QStandardPaths::findExecutable(QStringLiteral("redis-server"),
                                             {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/local/bin")});
    return exe;
}

QString PrivateRedis::socketPath() const
{
    return m_dir ? m_dir->filePath(QStringLiteral("redis.sock")) : QString();
}

QString PrivateRedis::url() const
{
    return QStringLiteral("unix://") + socketPath();
}

bool PrivateRedis::running() const
{
    return m_process && m_process->state() == QProcess::Running;
}

bool PrivateRedis::start(QString* error, int timeoutMs)
{
    stop();
    const QString exe = findServer();
    if (exe.isEmpty()) {
        *error = tr("redis-server is not installed");
        return false;
    }
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/treelock-studio-XXXXXX"));
    if (!m_dir->isValid()) {
        *error = tr("cannot create a temporary folder: %1").arg(m_dir->errorString());
        return false;
    }
    const QString conf = m_dir->filePath(QStringLiteral("redis.conf"));
    QFile f(conf);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = tr("cannot write %1").arg(conf);
        return false;
    }
    const QString config = QStringLiteral(
        "port 0\n"
        "unixsocket %1\n"
        "unixsocketperm 700\n"
        "dir %2\n"
        "save \"\"\n"
        "appendonly no\n"
        "maxmemory-policy noeviction\n"
        "daemonize no\n"
        "logfile %3\n").arg(socketPath(), m_dir->path(), m_dir->filePath(QStringLiteral("redis.log")));
    f.write(config.toUtf8());
    f.close();

    m_process = new QProcess(this);
    m_process->setProgram(exe);
    m_process->setArguments({conf});
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // The server dies with us even if we crash (the signal fires when the
    // thread that forked it exits, which is this worker thread).
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    m_process->start();
    if (!m_process->waitForStarted(timeoutMs)) {
        *error = tr("cannot start %1: %2").arg(exe, m_process->errorString());
        stop();
        return false;
    }
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (m_process->state() != QProcess::Running) {
            *error = tr("redis-server exited at start (see %1)").arg(m_dir->filePath(QStringLiteral("redis.log")));
            stop();
            return false;
        }
        if (QFile::exists(socketPath()) && acceptsConnections(socketPath()))
            return true;
        QThread::msleep(20);
    }
    *error = tr("redis-server did not answer within %1 ms").arg(timeoutMs);
    stop();
    return false;
}

void PrivateRedis::stop()
{
    if (m_process) {
        if (m_process->state() != QProcess::NotRunning) {
            m_process->terminate();
            if (!m_process->waitForFinished(2000)) {
                m_process->kill();
                m_process->waitForFinished(1000);
            }
        }
        delete m_process;
        m_process = nullptr;
    }
    m_dir.reset();
}

} // namespace treelock::ui
