#include "tlsbench.h"

#include "benchrunner.h"
#include "report.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisserverprocess.h"
#include "treelock/redistls.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace treelock::bench {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kConnects = 20;

/// A throwaway self-signed certificate for 127.0.0.1 in its own folder,
/// removed with this object.
class Certificate {
public:
    Certificate()
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "treelock-bench-tls-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw std::runtime_error("--tls: cannot create a folder for the certificate");
        m_dir = pattern;
        const std::string command = "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1"
                                    " -subj /CN=treelock-bench -addext subjectAltName=IP:127.0.0.1 -keyout '"
                                    + key() + "' -out '" + file() + "' >/dev/null 2>&1";
        if (std::system(command.c_str()) != 0)
            throw std::runtime_error("--tls: openssl could not make a certificate (is openssl installed?)");
    }
    ~Certificate()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    std::string file() const { return m_dir + "/cert.pem"; }
    std::string key() const { return m_dir + "/key.pem"; }

private:
    std::string m_dir;
};

struct Transport {
    const char* name;
    RedisOptions options;
};

struct Round {
    double tcpPairsPerSec = 0;
    double tlsPairsPerSec = 0;
    double tcpConnectUs = 0;
    double tlsConnectUs = 0;
};

/// Pairs per second over `options` for `duration` (one connection).
double pairsPerSecond(const RedisOptions& options, const std::string& project, std::chrono::milliseconds duration)
{
    RedisEngine engine(options, project);
    const std::vector<LockRequest> request{{"/bench/tls/file", LockMode::X}};
    AcquireOptions acquire;
    acquire.owner = "treelock-bench";
    for (int i = 0; i < 200; ++i) // warm-up: the library is loaded, the path's keys exist
        engine.release(engine.acquire(request, acquire).grant.lease);
    long long pairs = 0;
    const auto started = Clock::now();
    const auto until = started + duration;
    while (Clock::now() < until) {
        const AcquireResult got = engine.acquire(request, acquire);
        if (!got.granted)
            throw std::runtime_error("--tls: a pair was refused: " + engine.describe());
        engine.release(got.grant.lease);
        ++pairs;
    }
    return static_cast<double>(pairs) / std::chrono::duration<double>(Clock::now() - started).count();
}

/// The median time to connect and PING, in microseconds.
double connectMicros(const RedisOptions& options)
{
    std::vector<double> times;
    const RedisAddress address = RedisAddress::of(options);
    for (int i = 0; i < kConnects; ++i) {
        const auto started = Clock::now();
        redis::RawConnection connection(address);
        connection.command({"PING"});
        times.push_back(std::chrono::duration<double, std::micro>(Clock::now() - started).count());
    }
    return Spread::of(times).median;
}

nlohmann::json spreadJson(const Spread& s)
{
    return {{"median", s.median}, {"min", s.min}, {"max", s.max}, {"values", s.values}};
}

} // namespace

int runTlsBench(const BenchOptions& options, const std::string& commandLine, std::ostream& out,
                std::ostream& progress)
{
    const Certificate certificate;
    bool pinned = options.pin && cpuAllowed(kServerCpu) && cpuAllowed(kClientCpu) && pinCurrentThread(kClientCpu);
    RedisServerConfig config;
    config.executable = options.redisServer;
    config.folderPrefix = "treelock-bench";
    config.tcp = true;
    config.cpu = pinned ? kServerCpu : -1;
    const int tlsPort = freeLoopbackPort();
    RedisServerTls tls;
    tls.certFile = certificate.file();
    tls.keyFile = certificate.key();
    tls.caFile = certificate.file();
    config.extraConfig = tls.configLines();
    config.extraConfig.push_back("tls-port " + std::to_string(tlsPort));
    const RedisServerProcess server(config);

    Transport tcp{"TCP", {}};
    tcp.options.url = server.tcpUrl();
    Transport secure{"TLS", {}};
    secure.options.url = "rediss://127.0.0.1:" + std::to_string(tlsPort);
    secure.options.tls.caFile = certificate.file();
    const std::string protocol = inspectTls(secure.options).protocol;
    std::string version;
    {
        redis::RawConnection probe(server.tcpUrl());
        const std::string info = probe.text({"INFO", "server"});
        const auto at = info.find("redis_version:");
        if (at != std::string::npos)
            version = info.substr(at + 14, info.find_first_of("\r\n", at) - at - 14);
    }

    progress << "treelock-bench: TLS against plain TCP on one redis-server " << version << ", "
             << options.tlsRounds << " rounds of " << options.duration.count() << " ms per transport"
             << (pinned ? " (server on CPU 0, client on CPU 1)" : " (not pinned)") << "\n";
    std::vector<Round> rounds;
    for (int r = 0; r < options.tlsRounds; ++r) {
        Round round;
        const bool tlsFirst = r % 2 == 1;
        for (const Transport* t : tlsFirst ? std::vector<const Transport*>{&secure, &tcp}
                                           : std::vector<const Transport*>{&tcp, &secure}) {
            const double pairs = pairsPerSecond(t->options, options.project, options.duration);
            const double connect = connectMicros(t->options);
            (t == &tcp ? round.tcpPairsPerSec : round.tlsPairsPerSec) = pairs;
            (t == &tcp ? round.tcpConnectUs : round.tlsConnectUs) = connect;
        }
        progress << "  round " << (r + 1) << ": TCP " << std::lround(round.tcpPairsPerSec) << " pairs/s, TLS "
                 << std::lround(round.tlsPairsPerSec) << " pairs/s\n";
        rounds.push_back(round);
    }
    std::vector<double> tcpPairs, tlsPairs, pairRatio, tcpConnect, tlsConnect, connectRatio;
    for (const Round& r : rounds) {
        tcpPairs.push_back(r.tcpPairsPerSec);
        tlsPairs.push_back(r.tlsPairsPerSec);
        pairRatio.push_back(r.tcpPairsPerSec / r.tlsPairsPerSec); // time per pair, TLS over TCP
        tcpConnect.push_back(r.tcpConnectUs);
        tlsConnect.push_back(r.tlsConnectUs);
        connectRatio.push_back(r.tlsConnectUs / r.tcpConnectUs);
    }
    const Spread tcpP = Spread::of(tcpPairs), tlsP = Spread::of(tlsPairs), ratio = Spread::of(pairRatio);
    const Spread tcpC = Spread::of(tcpConnect), tlsC = Spread::of(tlsConnect), cRatio = Spread::of(connectRatio);

    std::ostream& table = options.json ? progress : out;
    const auto range = [](const Spread& s, int precision) {
        std::ostringstream text;
        text << std::fixed << std::setprecision(precision) << s.median << " [" << s.min << "–" << s.max << "]";
        return text.str();
    };
    table << "\nTLS against plain TCP (" << options.tlsRounds << " rounds; median [min–max]):\n"
          << "  pairs/s, depth-3 X acquire + release, one connection:\n"
          << "    TCP  " << range(tcpP, 0) << "\n"
          << "    TLS  " << range(tlsP, 0) << "\n"
          << "  time per pair, TLS / TCP (paired per round): " << range(ratio, 2) << "\n"
          << "  connect + PING, µs (median of " << kConnects << " per round):\n"
          << "    TCP  " << range(tcpC, 0) << "\n"
          << "    TLS  " << range(tlsC, 0) << "  (handshake included; " << protocol << " verified against its CA)\n"
          << "  connect time, TLS / TCP: " << range(cRatio, 1) << "\n";

    nlohmann::json json{{"command", commandLine},
                        {"redis_version", version},
                        {"tls_protocol", protocol},
                        {"rounds", options.tlsRounds},
                        {"duration_ms", options.duration.count()},
                        {"pinned", pinned},
                        {"tcp_pairs_per_sec", spreadJson(tcpP)},
                        {"tls_pairs_per_sec", spreadJson(tlsP)},
                        {"tls_over_tcp_time_per_pair", spreadJson(ratio)},
                        {"tcp_connect_us", spreadJson(tcpC)},
                        {"tls_connect_us", spreadJson(tlsC)},
                        {"tls_over_tcp_connect", spreadJson(cRatio)}};
    if (options.json)
        out << json.dump(2) << "\n";
    if (!options.jsonFile.empty()) {
        std::ofstream file(options.jsonFile);
        file << json.dump(2) << "\n";
        if (!file)
            throw std::runtime_error("cannot write " + options.jsonFile);
    }
    return 0;
}

} // namespace treelock::bench
