#pragma once
// Helpers of the fault tests: start tl_worker processes, read what they wrote,
// follow a project's event stream into a HistoryChecker, audit with fsck.

#include <treelock/error.h>
#include <treelock/history.h>
#include <treelock/lockclient.h>
#include <treelock/redisengine.h>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#ifndef TREELOCK_WORKER_PATH
#error "TREELOCK_WORKER_PATH must name the tl_worker executable"
#endif

namespace treelock::test {

inline std::int64_t monoNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

/// Options for a Redis URL, defaults otherwise.
inline RedisOptions redisAt(const std::string& url, std::chrono::milliseconds timeout = std::chrono::milliseconds(5000))
{
    RedisOptions options;
    options.url = url;
    options.commandTimeout = timeout;
    options.connectTimeout = std::min(timeout, std::chrono::milliseconds(2000));
    return options;
}

/// Acquire options with an owner and a TTL.
inline AcquireOptions acquireAs(std::string owner, std::chrono::milliseconds ttl = kDefaultTtl)
{
    AcquireOptions options;
    options.owner = std::move(owner);
    options.ttl = ttl;
    return options;
}

/// Client options with an owner and a TTL.
inline ClientOptions clientAs(std::string owner, std::chrono::milliseconds ttl = kDefaultTtl)
{
    ClientOptions options;
    options.owner = std::move(owner);
    options.ttl = ttl;
    return options;
}

/// TREELOCK_FAULT_FULL=1 selects the long soak sizes.
inline bool fullSize()
{
    const char* v = std::getenv("TREELOCK_FAULT_FULL");
    return v && std::string(v) == "1";
}

/// One tl_worker child. Killed (SIGKILL) by the destructor if still running.
class WorkerProcess {
public:
    /// `pipes`: connect the child's stdin/stdout to this process.
    WorkerProcess(const std::string& mode, const std::vector<std::string>& args, bool pipes = false)
    {
        int in[2] = {-1, -1}, out[2] = {-1, -1};
        if (pipes && (::pipe(in) != 0 || ::pipe(out) != 0))
            throw std::runtime_error("pipe failed");
        m_pid = ::fork();
        if (m_pid < 0)
            throw std::runtime_error("fork failed");
        if (m_pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (pipes) {
                ::dup2(in[0], 0);
                ::dup2(out[1], 1);
                ::close(in[1]);
                ::close(out[0]);
            }
            std::vector<char*> argv;
            static std::string path = TREELOCK_WORKER_PATH;
            argv.push_back(path.data());
            std::vector<std::string> all{mode};
            all.insert(all.end(), args.begin(), args.end());
            for (auto& a : all)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(path.c_str(), argv.data());
            std::_Exit(127);
        }
        if (pipes) {
            ::close(in[0]);
            ::close(out[1]);
            m_stdin = in[1];
            m_stdout = ::fdopen(out[0], "r");
        }
    }
    ~WorkerProcess()
    {
        if (m_pid > 0 && !m_reaped) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
        if (m_stdin >= 0)
            ::close(m_stdin);
        if (m_stdout)
            std::fclose(m_stdout);
    }
    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;

    int pid() const { return m_pid; }
    void signal(int sig) const { ::kill(m_pid, sig); }
    /// Waits for the exit; returns the exit status (128 + signal if killed).
    int wait()
    {
        if (m_reaped)
            return m_status;
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_reaped = true;
        m_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return m_status;
    }
    /// One line from the child's stdout ("" at EOF).
    std::string readLine()
    {
        char buffer[1024];
        if (!m_stdout || !std::fgets(buffer, sizeof buffer, m_stdout))
            return {};
        std::string line(buffer);
        if (!line.empty() && line.back() == '\n')
            line.pop_back();
        return line;
    }
    void writeLine(const std::string& line) const
    {
        const std::string text = line + "\n";
        if (::write(m_stdin, text.data(), text.size()) < 0)
            throw std::runtime_error("write to worker failed");
    }

private:
    int m_pid = -1;
    bool m_reaped = false;
    int m_status = 0;
    int m_stdin = -1;
    std::FILE* m_stdout = nullptr;
};

/// What one worker file holds.
struct WorkerLog {
    std::vector<HeldInterval> intervals;
    std::vector<std::pair<std::string, std::uint64_t>> pinned;   ///< lease, fence
    std::vector<std::pair<std::int64_t, std::string>> errors;    ///< ns, message
    std::vector<std::int64_t> back;                              ///< answered again, ns
    std::string summary;
};

inline WorkerLog readWorkerLog(const std::string& file)
{
    WorkerLog log;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 2)
            continue;
        const std::string rest = line.substr(2);
        switch (line[0]) {
        case 'I': log.intervals.push_back(parseInterval(rest)); break;
        case 'P': {
            std::istringstream s(rest);
            std::string lease;
            std::uint64_t fence = 0;
            s >> lease >> fence;
            log.pinned.emplace_back(lease, fence);
            break;
        }
        case 'E': {
            const auto space = rest.find(' ');
            log.errors.emplace_back(std::stoll(rest.substr(0, space)),
                                    space == std::string::npos ? "" : rest.substr(space + 1));
            break;
        }
        case 'B': log.back.push_back(std::stoll(rest)); break;
        case 'S': log.summary = rest; break;
        default: break;
        }
    }
    return log;
}

/// Reads a summary value "key=N" (0 if absent).
inline long long summaryValue(const std::string& summary, const std::string& key)
{
    const auto at = summary.find(key + "=");
    return at == std::string::npos ? 0 : std::stoll(summary.substr(at + key.size() + 1));
}

/// Follows a project's event stream on its own connection and feeds every event
/// to a HistoryChecker, and runs a read-only fsck auditor, both on background threads.
class StreamFollower {
public:
    StreamFollower(const std::string& url, const std::string& project,
                   std::chrono::milliseconds auditEvery = std::chrono::milliseconds(50))
        : m_events(redisAt(url), project), m_audit(redisAt(url), project)
    {
        m_threads.emplace_back([this] {
            while (!m_stop) {
                poll();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
        m_threads.emplace_back([this, auditEvery] {
            while (!m_stop) {
                try {
                    const FsckReport r = m_audit.fsck(false);
                    ++m_samples;
                    if (!r.clean()) {
                        std::lock_guard lock(m_mutex);
                        if (m_firstUnclean.empty())
                            m_firstUnclean = r.differences.empty()
                                                 ? "orphan index entry " + r.orphanIndexEntries.front()
                                                 : r.differences.front().path + "|"
                                                       + std::string(toString(r.differences.front().mode))
                                                       + " expected " + std::to_string(r.differences.front().expected)
                                                       + " actual " + std::to_string(r.differences.front().actual);
                        ++m_unclean;
                    }
                } catch (const Error&) {
                    // server down (restart tests): the sample is skipped
                }
                std::this_thread::sleep_for(auditEvery);
            }
        });
    }
    ~StreamFollower() { stop(); }

    /// Stops the threads after one last read of the stream.
    void stop()
    {
        if (m_stop.exchange(true))
            return;
        for (auto& t : m_threads)
            t.join();
        poll();
    }

    const HistoryReport& report() const { return m_checker.report(); }
    std::size_t eventsRead() const { return m_read; }
    int auditSamples() const { return m_samples; }
    int uncleanSamples() const { return m_unclean; }
    std::string firstUnclean() const
    {
        std::lock_guard lock(m_mutex);
        return m_firstUnclean;
    }

private:
    void poll()
    {
        try {
            for (;;) {
                auto page = m_events.events(m_after, 2000);
                if (page.empty())
                    return;
                m_after = page.back().id;
                m_read += page.size();
                m_checker.feed(page);
            }
        } catch (const Error&) {
        }
    }

    RedisEngine m_events;
    RedisEngine m_audit;
    HistoryChecker m_checker;
    std::string m_after = "0";
    std::size_t m_read = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_samples{0};
    std::atomic<int> m_unclean{0};
    mutable std::mutex m_mutex;
    std::string m_firstUnclean;
    std::vector<std::thread> m_threads;
};

/// The id of a test's `i`th tl_worker ("w<i>").
inline std::string workerId(std::size_t i)
{
    return "w" + std::to_string(i);
}

/// The log the `i`th tl_worker of a test writes in `dir` (see readWorkerLog).
inline std::string workerLogPath(const std::string& dir, std::size_t i)
{
    return dir + "/" + workerId(i) + ".log";
}

/// Starts `count` tl_worker processes in `mode` against `url`: worker i is
/// workerId(i), seeded `seedBase + i`, writes workerLogPath(dir, i), and takes
/// `args` besides.
inline std::vector<std::unique_ptr<WorkerProcess>> startWorkers(const std::string& mode, int count,
                                                                 const std::string& url, const std::string& dir,
                                                                 int seedBase, const std::vector<std::string>& args)
{
    std::vector<std::unique_ptr<WorkerProcess>> workers;
    for (int i = 0; i < count; ++i) {
        std::vector<std::string> all{"--url", url, "--id", workerId(i), "--seed", std::to_string(seedBase + i),
                                     "--out", workerLogPath(dir, i)};
        all.insert(all.end(), args.begin(), args.end());
        workers.push_back(std::make_unique<WorkerProcess>(mode, all));
    }
    return workers;
}

/// What `count` workers' logs in `dir` say about an outage that began at `downNs`
/// and ended at `upNs` (CLOCK_MONOTONIC): every held interval and error, and the
/// grants (with their fences) made before it began and after it ended.
struct Outage {
    std::vector<WorkerLog> logs;  ///< by worker
    std::vector<HeldInterval> intervals;
    std::uint64_t maxFenceBefore = 0;
    std::uint64_t minFenceAfter = UINT64_MAX;
    std::size_t before = 0;
    std::size_t after = 0;
    std::size_t errors = 0;
    /// Seconds from `fromNs` to the first call of worker `i` answered at or after it; -1 if none.
    double firstAnswer(std::size_t i, std::int64_t fromNs) const
    {
        for (std::int64_t b : logs[i].back)
            if (b >= fromNs)
                return double(b - fromNs) / 1e9;
        return -1;
    }
    /// Whether worker `i` was granted anything after the outage.
    bool grantedAfter(std::size_t i, std::int64_t upNs) const
    {
        for (const auto& h : logs[i].intervals)
            if (h.acquiredNs > upNs)
                return true;
        return false;
    }
};

inline Outage readOutage(const std::string& dir, int count, std::int64_t downNs, std::int64_t upNs)
{
    Outage o;
    for (int i = 0; i < count; ++i) {
        o.logs.push_back(readWorkerLog(workerLogPath(dir, std::size_t(i))));
        const WorkerLog& log = o.logs.back();
        o.intervals.insert(o.intervals.end(), log.intervals.begin(), log.intervals.end());
        o.errors += log.errors.size();
        for (const auto& h : log.intervals) {
            if (h.acquiredNs < downNs) {
                o.maxFenceBefore = std::max(o.maxFenceBefore, h.fence);
                ++o.before;
            } else if (h.acquiredNs > upNs) {
                o.minFenceAfter = std::min(o.minFenceAfter, h.fence);
                ++o.after;
            }
        }
    }
    return o;
}

/// What the checkers say after a fault test: conflicting leases whose holding
/// overlapped in the clients' records, and the engine's project's event stream
/// replayed (read through `options`, as the clients reached it).
struct Verdict {
    std::vector<IntervalViolation> intervals;
    HistoryReport history;
};

inline Verdict verdictOf(const Outage& outage, RedisEngine& engine, const RedisOptions& options)
{
    return {checkIntervals(outage.intervals), checkEngineHistory(engine, readEventStreamInfo(options, engine.project()))};
}

/// The verdict every fault test ends on: no two conflicting leases held at once in
/// the clients' records, and an event stream that replays without a violation.
inline void expectNoViolation(const std::vector<IntervalViolation>& intervals, const HistoryReport& history)
{
    EXPECT_TRUE(intervals.empty()) << intervals.front().message;
    EXPECT_TRUE(history.ok()) << history.violations.front().message;
}

/// Removes a test's folder of logs, unless the test failed: then they tell why.
inline void removeUnlessFailed(const std::string& dir)
{
    if (!::testing::Test::HasFailure())
        std::filesystem::remove_all(dir);
}

/// A fresh temporary folder (not removed: the logs help when a test fails).
inline std::string tempDir(const std::string& name)
{
    std::string templ = "/tmp/treelock-" + name + "-XXXXXX";
    if (!::mkdtemp(templ.data()))
        throw std::runtime_error("mkdtemp failed");
    return templ;
}

} // namespace treelock::test
