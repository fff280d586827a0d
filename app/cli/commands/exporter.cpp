// `exporter`: serves the projects' metrics to Prometheus until stopped.

#include "exporter.h"

#include "commanddeclarations.h"
#include "commandcontext.h"

#include "exportermetrics.h"
#include "projectexporter.h"

#include <prometheus/exposer.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <ostream>
#include <set>
#include <thread>

namespace treelock::cli {

namespace {

// How often the command looks at the stop flag.
constexpr std::chrono::milliseconds kStopCheck{200};

// Why nothing can listen on `address`, or "" when something can: a socket is
// bound there and closed again, so the reason is the system's, not a guess.
std::string listenProblem(const values::ListenAddress& address)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return std::strerror(errno);
    const int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    sockaddr_in where{};
    where.sin_family = AF_INET;
    where.sin_port = htons(static_cast<std::uint16_t>(address.port));
    ::inet_pton(AF_INET, address.host.c_str(), &where.sin_addr);
    std::string problem;
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&where), sizeof where) != 0) {
        const int error = errno;
        problem = error == EADDRINUSE      ? std::string("the port is taken by another program")
                  : error == EADDRNOTAVAIL ? address.host + " is not an address of this machine"
                  : error == EACCES        ? std::string("ports below 1024 need privileges")
                                           : std::string(std::strerror(error));
    }
    ::close(fd);
    return problem;
}

int runExporter(const ExporterCommand& cmd, CommandContext& ctx)
{
    exporter::ExporterOptions options;
    options.redis = ctx.redisOptions();
    const std::set<std::string> named(ctx.global().projects.begin(), ctx.global().projects.end());
    options.projects.assign(named.begin(), named.end());
    options.hotPaths = cmd.hotPaths;
    options.discoverEvery = cmd.discoverEvery;
    options.log = [&ctx](const std::string& line) {
        ctx.err() << "treelock exporter: " << isoTime(ServerTime(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                   std::chrono::system_clock::now().time_since_epoch())))
                  << " " << line << std::endl;
    };
    const auto metrics = std::make_shared<exporter::ProjectExporter>(options);
    if (const std::string problem = listenProblem(cmd.listen); !problem.empty())
        return ctx.fail(kExitInvalid, "listen", "cannot listen on " + cmd.listen.text() + ": " + problem);
    std::unique_ptr<prometheus::Exposer> server;
    try {
        server = std::make_unique<prometheus::Exposer>(cmd.listen.text());
    } catch (const std::exception& e) {
        return ctx.fail(kExitInvalid, "listen", "cannot listen on " + cmd.listen.text() + ": " + e.what());
    }
    server->RegisterCollectable(metrics);
    metrics->start();
    const std::vector<int> ports = server->GetListeningPorts();
    const int port = ports.empty() ? cmd.listen.port : ports.front();
    const std::string projects = options.projects.empty() ? std::string("every project") : [&] {
        std::string names;
        for (const auto& p : options.projects)
            names += (names.empty() ? "" : ", ") + p;
        return "project" + std::string(options.projects.size() > 1 ? "s " : " ") + names;
    }();
    ctx.err() << "treelock exporter: http://" << cmd.listen.host << ":" << port << "/metrics serves " << projects
              << " on " << RedisAddress::of(options.redis).redacted() << " (Ctrl-C stops)" << std::endl;
    if (ctx.run().catchStopSignals)
        ctx.run().catchStopSignals();
    while (!(ctx.run().stop && ctx.run().stop->load()))
        std::this_thread::sleep_for(kStopCheck);
    metrics->stop();
    return kExitOk;
}

BuildCommand declareExporter(CLI::App& app)
{
    auto cmd = std::make_shared<ExporterCommand>();
    value(app, "--listen", [cmd](const std::string& v) { cmd->listen = values::listenAddress("--listen", v); });
    value(app, "--hot-paths", [cmd](const std::string& v) {
        cmd->hotPaths = static_cast<std::size_t>(
            values::wholeNumber("--hot-paths", v, 0, static_cast<long long>(exporter::kMaxHotPaths), "a whole number of paths"));
    });
    auto discoverGiven = std::make_shared<bool>(false);
    value(app, "--discover-every", [cmd, discoverGiven](const std::string& v) {
        cmd->discoverEvery = std::chrono::seconds(values::wholeNumber("--discover-every", v, 1, 3600, "a whole number of seconds"));
        *discoverGiven = true;
    });
    return [cmd, discoverGiven](const Positionals&, const GlobalOptions& global) -> Command {
        if (!global.projects.empty() && *discoverGiven)
            throw UsageError("--discover-every and --project cannot be combined: named projects are not looked for");
        return Command(*cmd, runExporter);
    };
}

const CommandRegistration registration{{
    .rank = 145,
    .name = "exporter",
    .summary = "serve the projects' metrics to Prometheus",
    .help = "usage: treelock exporter [--listen HOST:PORT] [--hot-paths N]\n"
        "                         [--discover-every S | --project P...]\n"
        "\n"
        "Serves metrics in the Prometheus text format at http://HOST:PORT/metrics until\n"
        "SIGINT or SIGTERM: leases by mode, the oldest lease's age, expired leases not\n"
        "yet reaped, waiters and the longest wait, grants, releases, expiries,\n"
        "force-releases and refusals counted since it started, the hottest paths, and\n"
        "behind Sentinel or on a cluster the primaries and their replicas' lag. Every\n"
        "sample of a project is labelled project=\"P\". docs/monitoring.md lists them all.\n"
        "It reports every project on the server (every primary of a cluster), looked\n"
        "for with SCAN every --discover-every seconds, or only those named with\n"
        "--project, which may be given more than once and costs no SCAN: on a large\n"
        "shared server, name them. It follows each project's events (a list, then the\n"
        "events stream) and reads its waiters and contention table once per scrape,\n"
        "never every lease. A server it cannot reach gives treelock_up 0, not an exit,\n"
        "and a line on stderr when reading fails and when it works again.\n"
        "  --listen HOST:PORT  where to serve: an IPv4 address (0.0.0.0: every\n"
        "                      interface) or localhost, and a port, 0 for any free one\n"
        "                      (default 127.0.0.1:9481)\n"
        "  --hot-paths N       paths per project in treelock_hot_path_*, 0.."
        + std::to_string(exporter::kMaxHotPaths) + " (default 10)\n"
        "  --discover-every S  look for new projects every S seconds, 1..3600\n"
        "                      (default 30)\n",
    .arguments = noArguments("exporter"),
    .manyProjects = true,
    .declare = declareExporter,
}};

} // namespace

} // namespace treelock::cli
