#pragma once

// The clients of --watch besides the follower measured: a probe timing PINGs, a
// load making changes, and the server-side figures read around each window.

#include "treelock/redisprotocol.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace treelock::bench {

using WatchClock = std::chrono::steady_clock;

/// A WatchClock interval in seconds.
inline double seconds(WatchClock::duration d) { return std::chrono::duration<double>(d).count(); }

/// A client that sends one PING every `pace` on its own connection and notes
/// each round trip with when it was sent: another client's latency, as the
/// follower measured changes it. Starts in its constructor; stops in stop()
/// or its destructor. The samples are read once it has stopped.
class LatencyProbe {
public:
    LatencyProbe(const std::string& url, std::chrono::microseconds pace, bool pin);
    ~LatencyProbe();
    void stop();
    /// Percentile `p` (0 to 100) of the round trips sent from `from` to `to`, in µs.
    double percentile(WatchClock::time_point from, WatchClock::time_point to, double p) const;
    std::size_t samples(WatchClock::time_point from, WatchClock::time_point to) const;

private:
    struct Sample {
        WatchClock::time_point sent;
        float micros;
    };
    std::vector<double> within(WatchClock::time_point from, WatchClock::time_point to) const;

    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex; // Guards m_samples.
    std::vector<Sample> m_samples;
    std::thread m_thread;       // Last: it starts once the rest is set.
};

/// A client that makes `perSecond` changes a second in `project` (grants,
/// renewals and releases of its own leases, TTL 10 s), paced evenly: the
/// project's ordinary traffic while a follower is measured. Starts in its
/// constructor; stops in stop() or its destructor.
class ChangeLoad {
public:
    ChangeLoad(const std::string& url, const std::string& project, int perSecond, bool pin);
    ~ChangeLoad();
    /// Asks the client to stop after its current change, without waiting for it.
    void requestStop() noexcept { m_stop = true; }
    void stop();
    long long changes() const noexcept { return m_changes.load(); }
    long long errors() const noexcept { return m_errors.load(); }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<long long> m_changes{0};
    std::atomic<long long> m_errors{0};
    std::thread m_thread;
};

/// What one command a client sent cost the server, from SLOWLOG.
struct LoggedCall {
    std::string command;   ///< in upper case; for FCALL the function called
    long long micros = 0;
};

/// The server-side figures of a window: CPU of Redis's main thread (INFO cpu),
/// and every command it ran (SLOWLOG with a threshold of 0, reset at the start).
class ServerWindow {
public:
    /// Logs every command from now on (slowlog-log-slower-than 0).
    explicit ServerWindow(redis::RawConnection& control);
    void start();
    /// Ends the window: the CPU seconds used and the commands run since start().
    void finish();
    double cpuSeconds() const noexcept { return m_cpu; }
    double wallSeconds() const noexcept { return m_wall; }
    const std::vector<LoggedCall>& calls() const noexcept { return m_calls; }

private:
    double mainThreadCpu();

    redis::RawConnection& m_control; // Not owned.
    double m_cpuAtStart = 0;
    WatchClock::time_point m_startedAt{};
    double m_cpu = 0;
    double m_wall = 0;
    std::vector<LoggedCall> m_calls;
};

/// Puts `n` leases of 24 h in `keys`' project, as many clients' grants would
/// leave them, pipelined in batches of 1,000 acquires. Throws on a refusal.
void fillProject(redis::RawConnection& control, const redis::KeySchema& keys, long long n);

} // namespace treelock::bench
