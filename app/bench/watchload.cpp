#include "watchload.h"

#include "benchrunner.h"
#include "serverinfo.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisengine.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <deque>
#include <random>

namespace treelock::bench {

namespace {

using std::chrono::milliseconds;

constexpr milliseconds kLoadTtl{10000};
constexpr std::size_t kLoadLeases = 20; ///< the load keeps about this many leases
constexpr int kFillBatch = 1000;        ///< acquires pipelined per round trip

std::string upper(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return text;
}

} // namespace

// ---------------------------------------------------------------- LatencyProbe

LatencyProbe::LatencyProbe(const std::string& url, std::chrono::microseconds pace, bool pin)
    : m_thread([this, url, pace, pin] {
          if (pin)
              pinCurrentThread(kClientCpu);
          redis::RawConnection connection(url);
          auto next = WatchClock::now();
          while (!m_stop) {
              const auto sent = WatchClock::now();
              connection.command({"PING"});
              const auto took = std::chrono::duration<float, std::micro>(WatchClock::now() - sent).count();
              {
                  std::lock_guard lock(m_mutex);
                  m_samples.push_back({sent, took});
              }
              next += pace;
              std::this_thread::sleep_until(next);
          }
      })
{
}

LatencyProbe::~LatencyProbe() { stop(); }

void LatencyProbe::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

std::vector<double> LatencyProbe::within(WatchClock::time_point from, WatchClock::time_point to) const
{
    std::lock_guard lock(m_mutex);
    std::vector<double> values;
    for (const Sample& s : m_samples)
        if (s.sent >= from && s.sent < to)
            values.push_back(s.micros);
    return values;
}

double LatencyProbe::percentile(WatchClock::time_point from, WatchClock::time_point to, double p) const
{
    std::vector<double> values = within(from, to);
    if (values.empty())
        return 0;
    const auto rank = static_cast<std::size_t>(p / 100.0 * double(values.size() - 1) + 0.5);
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank), values.end());
    return values[rank];
}

std::size_t LatencyProbe::samples(WatchClock::time_point from, WatchClock::time_point to) const
{
    return within(from, to).size();
}

// ---------------------------------------------------------------- ChangeLoad

ChangeLoad::ChangeLoad(const std::string& url, const std::string& project, int perSecond, bool pin)
    : m_thread([this, url, project, perSecond, pin] {
          if (pin)
              pinCurrentThread(kClientCpu);
          RedisOptions options;
          options.url = url;
          RedisEngine engine(options, project);
          std::mt19937 random(7);
          std::deque<LeaseId> held;
          AcquireOptions acquire;
          acquire.owner = "load";
          acquire.operation = "edit";
          acquire.ttl = kLoadTtl;
          const auto pace = std::chrono::microseconds(1000000 / std::max(1, perSecond));
          auto next = WatchClock::now();
          long long n = 0;
          while (!m_stop) {
              try {
                  const int pick = int(random() % 10);
                  if (held.size() < kLoadLeases / 2 || (pick < 4 && held.size() < 2 * kLoadLeases)) {
                      const std::string path = "/load/" + std::to_string(n++ % 1000) + "/file";
                      const AcquireResult r = engine.acquire({{path, LockMode::X}}, acquire);
                      if (r.granted)
                          held.push_back(r.grant.lease);
                  } else if (pick < 7) {
                      engine.release(held.front());
                      held.pop_front();
                  } else {
                      engine.renew(held[random() % held.size()], std::nullopt);
                  }
                  ++m_changes;
              } catch (const Error&) {
                  ++m_errors;
              }
              next += pace;
              std::this_thread::sleep_until(next);
          }
          for (const LeaseId& id : held)
              engine.release(id);
      })
{
}

ChangeLoad::~ChangeLoad() { stop(); }

void ChangeLoad::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

// ---------------------------------------------------------------- ServerWindow

ServerWindow::ServerWindow(redis::RawConnection& control) : m_control(control)
{
    m_control.command({"CONFIG", "SET", "slowlog-log-slower-than", "0"});
    m_control.command({"CONFIG", "SET", "slowlog-max-len", "1000000"});
}

double ServerWindow::mainThreadCpu()
{
    double user = -1, sys = -1, userAll = 0, sysAll = 0;
    for (const auto& [key, value] : infoSection(m_control, "cpu")) {
        if (key == "used_cpu_user_main_thread")
            user = std::atof(value.c_str());
        else if (key == "used_cpu_sys_main_thread")
            sys = std::atof(value.c_str());
        else if (key == "used_cpu_user")
            userAll = std::atof(value.c_str());
        else if (key == "used_cpu_sys")
            sysAll = std::atof(value.c_str());
    }
    return user >= 0 && sys >= 0 ? user + sys : userAll + sysAll;
}

void ServerWindow::start()
{
    m_control.command({"SLOWLOG", "RESET"});
    m_cpuAtStart = mainThreadCpu();
    m_startedAt = WatchClock::now();
}

void ServerWindow::finish()
{
    m_cpu = mainThreadCpu() - m_cpuAtStart;
    m_wall = std::chrono::duration<double>(WatchClock::now() - m_startedAt).count();
    m_calls.clear();
    // Each entry: id, time, µs, [command, args...], client address, client name.
    // Redis logs the commands a function runs too, as from client "?:0": they
    // are part of their FCALL's time, so they are left out.
    const redis::Reply log = m_control.command({"SLOWLOG", "GET", "-1"});
    for (const redis::Reply& entry : log.elements) {
        if (entry.size() < 4 || entry[3].size() == 0 || (entry.size() > 4 && entry[4].text == "?:0"))
            continue;
        LoggedCall call;
        call.command = upper(entry[3][0].text);
        if (call.command == "FCALL" && entry[3].size() > 1)
            call.command = entry[3][1].text;
        call.micros = entry[2].integer;
        m_calls.push_back(std::move(call));
    }
}

// ---------------------------------------------------------------- fillProject

void fillProject(redis::RawConnection& control, const redis::KeySchema& keys, long long n)
{
    const redis::Library& library = redis::embeddedLibrary();
    control.load(library);
    const std::string function = library.function(redis::Script::Acquire);
    for (long long first = 0; first < n; first += kFillBatch) {
        const long long last = std::min(n, first + kFillBatch);
        for (long long i = first; i < last; ++i) {
            const std::string path = "/w/" + std::to_string(i / 1000) + "/f" + std::to_string(i);
            control.append(redis::acquireCall(keys, newLeaseId(), "fill", "hold", kMaxTtl, kReapBatch,
                                              {{path, LockMode::X}})
                               .fcall(function));
        }
        for (long long i = first; i < last; ++i) {
            const redis::Reply reply = control.readReply();
            if (!reply.isArray() || !reply[0].is(1))
                throw std::runtime_error("filling project " + keys.project() + ": unexpected reply " + reply.describe());
        }
    }
}

} // namespace treelock::bench
