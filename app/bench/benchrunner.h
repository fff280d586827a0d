#pragma once

#include "benchoptions.h"
#include "contenders.h"

#include "treelock/redisserverprocess.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace treelock::bench {

/// One measured cell: one contender, at N held leases, with C connections, in one repetition.
struct CellResult {
    std::string contender;          ///< ContenderInfo::key
    long long held = 0;
    int connections = 1;
    int rep = 0;
    double seconds = 0;             ///< wall time from start to the last thread's end
    std::uint64_t ops = 0;          ///< successful operations (pairs or single commands)
    std::uint64_t errors = 0;       ///< operations whose replies were not success
    double opsPerSec = 0;
    double p50Us = 0;               ///< client latency of one operation
    double p99Us = 0;
    double serverUsPerOp = 0;       ///< INFO commandstats usec per operation (0 if no calls)
    std::uint64_t serverCalls = 0;  ///< calls of the contender's commands
    std::uint64_t expectedCalls = 0;///< ops x callsPerOp (a mismatch means failed calls)
    std::string firstError;
};

/// Populating and tearing down N held leases, and the state check around it.
struct HeldRound {
    long long held = 0;
    double populateSeconds = 0;
    double teardownSeconds = 0;
    long long usedMemoryBefore = 0; ///< INFO memory used_memory, bytes
    long long usedMemoryHeld = 0;   ///< ... with the N leases (and seed/plain keys) held
    /// used_memory grown by populating each contender's N held locks, bytes.
    long long treelockBytes = 0;
    long long seedBytes = 0;
    long long plainBytes = 0;
    bool baselineOk = false;        ///< counts back to what they were before populating
    std::string baselineDetail;     ///< before -> after, for every count checked
};

/// What the run was done on.
struct MachineInfo {
    long nproc = 0;
    std::string cpuModel;
    std::string redisVersion;
    std::string clientLibraryVersion;
    std::string server;             ///< "private redis-server (pid ...)" or the URL
    std::string transport;          ///< "loopback TCP" / "Unix socket"
    std::string pinning;            ///< what was pinned where, or why not
    double loadBefore[3] = {0, 0, 0};
    double loadAfter[3] = {0, 0, 0};
    std::string startedAt;          ///< UTC, ISO 8601
    std::string commandLine;
};

/// Studio at scale (ui/bench), when measured.
struct UiFigures {
    bool available = false;
    std::string note;               ///< why not, or what was measured
    std::vector<std::pair<std::string, double>> figures; ///< name -> value (units in the name)
};

struct BenchResults {
    BenchOptions options;
    MachineInfo machine;
    std::vector<std::string> contenders;   ///< keys run, in order
    std::vector<CellResult> cells;
    std::vector<HeldRound> rounds;
    std::vector<std::string> warnings;
    UiFigures ui;
    std::uint64_t totalErrors() const;
    bool baselineOk() const;
};

/// Runs the whole matrix: for each N, populate; for each repetition, for
/// each connection count, every contender in turn (interleaved); then tear
/// down and check the state is back to its baseline. Progress goes to
/// `progress` one line per cell. Throws std::runtime_error when the set-up
/// fails (server, populate, warm-up); a failing operation is counted, not thrown.
BenchResults runBench(const BenchOptions& options, const std::string& commandLine,
                      std::ostream& progress);

/// Reads "model name" from /proc/cpuinfo.
std::string cpuModel();

/// Where the private redis-server and the client threads run when pinned.
inline constexpr int kServerCpu = 0;
inline constexpr int kClientCpu = 1;
/// Pins the calling thread to `cpu` (sched_setaffinity). False if refused.
bool pinCurrentThread(int cpu);
/// True if this process may run on `cpu`.
bool cpuAllowed(int cpu);

/// Starts the private redis-server of `options` (a Unix socket and a free
/// loopback port in a temporary folder, no persistence, noeviction, latency
/// monitor at 50 ms; pinned to kServerCpu when `pinned`) and sets `url` to
/// reach it (its Unix socket with --unix, else TCP).
std::unique_ptr<RedisServerProcess> startPrivateServer(const BenchOptions& options, bool pinned, std::string& url);

} // namespace treelock::bench
