// BridgeWorker and the other projects on the server it is connected to: the
// log's hint on opening an empty project, and the check every few seconds
// that feeds the window's notice. Worker thread only.
#include "bridge/bridgeworker.h"

#include "bridge/privateredis.h"

#include <treelock/engine.h>
#include <treelock/redisengine.h>

#include <algorithm>

namespace treelock::ui {

namespace {

using Clock = std::chrono::steady_clock;

// One SCAN of the keyspace: a server that holds Treelock's keys alone answers
// in a few milliseconds.
constexpr auto kProjectsInterval = std::chrono::milliseconds(3000);
// A server whose list takes long (a large keyspace, a slow link) is listed
// less often, so that listing never takes more than a twentieth of the worker.
constexpr int kProjectsCostFactor = 20;

} // namespace

std::optional<RedisOptions> BridgeWorker::serverOptions() const
{
    if (!dynamic_cast<const RedisEngine*>(m_engine.get()))
        return std::nullopt;
    if (m_config.kind == BackendConfig::Kind::Url)
        return redisOptions(m_config);
    if (!m_private)
        return std::nullopt;
    RedisOptions options;
    options.url = m_private->url().toStdString();
    return options;
}

std::optional<ProjectList> BridgeWorker::checkProjects()
{
    const auto start = Clock::now();
    m_projectsDue = start + kProjectsInterval;
    const std::optional<RedisOptions> options = serverOptions();
    if (!options)
        return std::nullopt;
    ProjectList projects;
    try {
        projects = listServerProjects(*options);
    } catch (const std::exception&) {
        return std::nullopt; // the notice is not worth an error
    }
    m_projectsDue = Clock::now() + std::max<Clock::duration>(kProjectsInterval, (Clock::now() - start) * kProjectsCostFactor);
    ProjectList others = busyOthers(projects, m_config.project);
    if (others != m_otherProjects) {
        m_otherProjects = std::move(others);
        emit otherProjectsChanged(m_otherProjects);
    }
    return projects;
}

void BridgeWorker::openProject(const QString& project)
{
    BackendConfig config = m_config;
    config.project = project;
    connectTo(config);
}

void BridgeWorker::hintOtherProjects()
{
    if (m_config.kind != BackendConfig::Kind::Url || !m_haveSnapshot || !m_leases.empty() || !m_waiters.empty())
        return;
    const std::optional<ProjectList> projects = checkProjects();
    if (!projects)
        return;
    ServerTime now{};
    try {
        now = m_engine->now();
    } catch (const std::exception&) {
        return;
    }
    QStringList others;
    for (const ProjectLeases& p : *projects) {
        if (p.name != m_config.project)
            others << tr("%1 (%n lease(s))", nullptr, int(p.leases)).arg(p.name);
    }
    if (others.isEmpty())
        return;
    LogEntry entry;
    entry.type = LogEntry::Type::Info;
    entry.time = now;
    entry.detail = tr("Project %1 holds no locks. Other projects on this server: %2. Open one with File › Connect… "
                      "(Find projects) or --project NAME; the command-line tool's default project is \"default\".")
                       .arg(m_config.project, others.join(QStringLiteral(", ")));
    emitLocal(std::move(entry));
}

} // namespace treelock::ui
