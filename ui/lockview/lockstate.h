#pragma once

#include "lockview/backendconfig.h"
#include "lockview/decoration.h"

#include <treelock/engine.h>

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace treelock::ui {

/// Estimates the server's clock from the last reading and a local monotonic clock.
struct ServerClock {
    ServerTime serverTime{};                             ///< read at...
    std::chrono::steady_clock::time_point localTime{};   ///< ...this local instant
    /// Server time per local time: 1 for a real server; 0 for a clock that stands
    /// still (a scenario between steps, a paused simulation).
    double rate = 1.0;
    ServerTime now() const
    {
        if (serverTime == ServerTime{} || rate == 0)
            return serverTime;
        const std::chrono::duration<double, std::milli> local = std::chrono::steady_clock::now() - localTime;
        return serverTime + std::chrono::milliseconds(std::llround(local.count() * rate));
    }
};

/// One immutable picture of a project's locks, made by the bridge worker and
/// shared read-only with every model (any thread).
struct LockState {
    std::uint64_t generation = 0;
    ServerClock clock;
    std::vector<LeaseInfo> leases;           ///< live, expired-unreaped and revoked
    /// The registered waiters of the last snapshot (oldest first), less those
    /// whose grant was read since.
    std::vector<WaiterInfo> waiters;
    NodeStateMap nodes;                      ///< decorate(leases, clock.serverTime, tree, waiters)
    /// Paths whose node state differs from the state decorated before (the
    /// previous decorated state sent), less `addedPaths`.
    std::vector<std::string> changedPaths;
    /// Paths this state names that neither the state before nor the tree it
    /// was decorated on did: the tree's new lease-only rows, parents before
    /// children (by depth, then by path). Empty when there is no state before.
    std::vector<std::string> addedPaths;
    bool full = false;                       ///< everything changed (new project/tree)
    int expiredCount = 0;
    /// While the project's leases are listed (the first list, or another after
    /// the events stream could not answer): `leases` holds those read so far,
    /// `listed` of about `listTotal`.
    bool listing = false;
    std::size_t listed = 0;
    std::size_t listTotal = 0;
    /// The leases that changed since the state of generation `base`: written
    /// (added, or changed) and gone. A model that shows that state applies
    /// these alone; one that does not (or `base` is 0: no delta) reads `leases`.
    std::uint64_t base = 0;
    std::vector<LeaseInfo> leasesSet;
    std::vector<LeaseId> leasesGone;
    /// False for a state sent while a list runs: it has the progress, the
    /// waiters and the delta, but neither `leases` nor `nodes` nor
    /// `changedPaths` (`expiredCount` is the last decorated state's). The
    /// tree keeps showing the last decorated state; the lease table applies the delta.
    bool decorated = true;
};
using LockStatePtr = std::shared_ptr<const LockState>;

/// A new, empty LockState. When the GUI thread lets go of the last reference
/// to a large one (its leases, nodes, delta or paths), it is freed on a pool
/// thread: freeing 10,000 leases and their node states takes milliseconds the
/// window needs.
std::shared_ptr<LockState> newLockState();

/// Fills what a state derives from its leases and waiters at server time
/// `now`: `nodes` (decorate() over `tree`, which may be null), `expiredCount`,
/// and, against `before` (the nodes of the state it follows; null: none),
/// `changedPaths` and `addedPaths`.
void decorateState(LockState& state, ServerTime now, const TreeIndex* tree, const NodeStateMap* before);

/// The project's contention table as the bridge worker read it last
/// (Engine::contention), shared read-only.
struct Contention {
    ServerTime readAt{};                     ///< server time of the reading (estimated)
    std::vector<HotPath> paths;              ///< hottest first
};
using ContentionPtr = std::shared_ptr<const Contention>;

/// One line of the event log: a stream event, or something the Studio itself did.
struct LogEntry {
    enum class Type { Grant, Release, Expire, Force, Sweep, Refused, Info };
    Type type = Type::Info;
    ServerTime time{};
    QString streamId;
    QString lease;
    QString owner;
    QString operation;   ///< CLI name ("move-folder")
    QString paths;       ///< "X /A/C, X /B/C"
    QString detail;      ///< fence, operator, reason, count, blocker...
    /// A stream event's own fields, for what reads more than its text (the timeline):
    std::vector<LockRequest> requests; ///< what `paths` says
    ServerTime expiresAt{};            ///< grant: the lease's expiry
    bool wasLive = false;              ///< force: the lease had not expired
};
using LogBatch = std::shared_ptr<const std::vector<LogEntry>>;

/// The certificate a rediss server showed, read by the bridge worker after
/// connecting (treelock::inspectTls).
struct TlsPeerInfo {
    bool on = false;       ///< the connection uses TLS
    bool insecure = false; ///< the server's certificate is not verified (the user turned it off)
    bool verified = false; ///< the certificate was verified
    QString subject;       ///< "CN=localhost, O=…"
    QString issuer;
    QString notAfter;      ///< "2036-11-25 12:22:31 UTC"
    QString protocol;      ///< "TLSv1.3"
    QString error;         ///< why the certificate could not be read (the connection works all the same)
};

/// What the bridge is connected to.
struct BackendInfo {
    BackendConfig::Kind kind = BackendConfig::Kind::Memory;
    QString url;           ///< redacted; "memory" for the in-process engine
    QString project;
    QString note;          ///< e.g. why we fell back to memory
    QStringList warnings;  ///< Engine::warnings()
    QString primary;       ///< the server the engine talks to ("host:port"; empty for a socket or memory)
    bool sentinel = false; ///< behind Sentinel: the primary can move
    int slot = -1;         ///< on a Redis Cluster, the project's hash slot (`primary` serves it); -1 elsewhere
    bool grantsUnrecorded = false; ///< the project is at events=audit: no grant or release events
    /// The project's fairness grace (Engine::fairnessGrace), read on connecting
    /// and at every change of it; nothing when fairness is off.
    std::optional<std::chrono::milliseconds> grace = kDefaultGrace;
    TlsPeerInfo tls;       ///< Kind::Url over TLS: what the server showed
};

/// The primary moved (a Sentinel failover), and what became of the leases the
/// Studio knew of just before.
struct FailoverReport {
    QString from;          ///< "host:port"
    QString to;
    QDateTime at;          ///< when the Studio saw it (local time)
    int lost = 0;          ///< leases gone without a release, expiry or force event
    int survived = 0;
    bool releasesUnrecorded = false; ///< the project records no releases: some "lost" may have been released
};

/// Lost: retried every second. Refused: the server or the settings are wrong
/// (a bad project name, a plain URL at a cluster node), so waiting cannot help;
/// retried only when the user asks.
enum class ConnectionStatus { Connecting, Connected, Lost, Refused };

struct ConnectionState {
    ConnectionStatus status = ConnectionStatus::Connecting;
    QString message;
    int attempt = 0;
};

/// Outcome of an operator action run by the worker.
struct ActionResult {
    enum class Kind { Sweep, ForceRelease, Scenario, Acquire, Failover };
    Kind kind = Kind::Sweep;
    bool ok = false;
    QString message;      ///< translated, for the status bar
    qint64 count = 0;
};

/// The lock modes of a request list as "X /A/C, S /B".
QString requestsText(const std::vector<LockRequest>& requests, const QString& separator = QStringLiteral(", "));

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::LockStatePtr)
Q_DECLARE_METATYPE(treelock::ui::ContentionPtr)
Q_DECLARE_METATYPE(treelock::ui::LogBatch)
Q_DECLARE_METATYPE(treelock::ui::BackendInfo)
Q_DECLARE_METATYPE(treelock::ui::FailoverReport)
Q_DECLARE_METATYPE(treelock::ui::ConnectionState)
Q_DECLARE_METATYPE(treelock::ui::ActionResult)
