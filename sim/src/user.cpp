// A virtual user's state machine: think, pick an operation, acquire (retrying), work, release.

#include "simulationimpl.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/retry.h"

#include <algorithm>
#include <cstdio>

namespace treelock::sim {

using std::chrono::milliseconds;

void Simulation::Impl::setState(User& u, UserState s)
{
    if (u.state == UserState::Waiting && s != UserState::Waiting)
        --waiting;
    else if (u.state != UserState::Waiting && s == UserState::Waiting)
        ++waiting;
    u.state = s;
}

void Simulation::Impl::handle(User& u, Micros now)
{
    switch (u.state) {
    case UserState::Thinking:
    case UserState::Crashed: beginOperation(u, now); return;
    case UserState::Waiting: attempt(u, now); return;
    case UserState::Holding:
    case UserState::SlowRelease: timedTick(u, now); return;
    case UserState::Paused: lateWrite(u, now); return;
    }
}

void Simulation::Impl::think(User& u, Micros now)
{
    setState(u, UserState::Thinking);
    u.opId = 0;
    u.fault = Fault::None;
    schedule(u, now + scaled(config.think, u.rng));
}

bool Simulation::Impl::pickOperation(User& u)
{
    double total = 0;
    for (double w : config.mix)
        total += w;
    double r = u.rng.uniform() * total;
    Operation op = kAllOperations.back();
    for (Operation candidate : kAllOperations) {
        r -= config.mix[operationIndex(candidate)];
        if (r < 0 && config.mix[operationIndex(candidate)] > 0) {
            op = candidate;
            break;
        }
    }
    const bool hot = config.targets == TargetChoice::Hotspot && u.rng.uniform() < config.hotFraction;
    const std::string serial = u.namePrefix + std::to_string(++u.serial);

    std::lock_guard lock(worldMutex);
    auto pick = [&](EntryKind kind, bool allowRoot) -> std::optional<std::string> {
        if (hot) {
            auto first = fs.firstEntries(kind, config.hotEntries);
            if (allowRoot && kind == EntryKind::Folder)
                first.push_back("/");
            if (!first.empty())
                return first[u.rng.below(first.size())];
        }
        const auto& list = kind == EntryKind::Folder ? fs.folders() : fs.files();
        for (int tries = 0; tries < 4 && !list.empty(); ++tries) {
            const std::string& p = list[u.rng.below(list.size())];
            if (allowRoot || p != "/")
                return p;
        }
        return std::nullopt;
    };
    auto destinationFor = [&](const std::string& source) -> std::optional<std::string> {
        for (int tries = 0; tries < 6; ++tries) {
            auto d = pick(EntryKind::Folder, true);
            if (d && !isWithin(*d, source) && *d != parentPath(source))
                return d;
        }
        return std::nullopt;
    };

    OperationCall call{op, {}};
    switch (op) {
    case Operation::Create:
        if (auto f = pick(EntryKind::Folder, true))
            call.args = {*f, serial};
        break;
    case Operation::Upload:
        if (u.rng.uniform() < 0.5) {
            if (auto file = pick(EntryKind::File, false))
                call.args = {parentPath(*file), baseName(*file)};
        } else if (auto f = pick(EntryKind::Folder, true)) {
            call.args = {*f, serial + ".txt"};
        }
        break;
    case Operation::MoveFolder:
    case Operation::CopyFolder:
    case Operation::MoveFile:
    case Operation::CopyFile: {
        const bool folder = op == Operation::MoveFolder || op == Operation::CopyFolder;
        if (auto s = pick(folder ? EntryKind::Folder : EntryKind::File, false))
            if (auto d = destinationFor(*s))
                call.args = {*s, *d};
        break;
    }
    case Operation::RenameFolder:
    case Operation::RenameFile: {
        const bool folder = op == Operation::RenameFolder;
        if (auto s = pick(folder ? EntryKind::Folder : EntryKind::File, false))
            call.args = {*s, folder ? serial : serial + ".txt"};
        break;
    }
    case Operation::DeleteFolder:
    case Operation::DeleteFile:
        if (auto s = pick(op == Operation::DeleteFolder ? EntryKind::Folder : EntryKind::File, false))
            call.args = {*s};
        break;
    case Operation::Purge:
        if (!fs.recycled().empty())
            call.args = {"/" + baseName(fs.recycled()[u.rng.below(fs.recycled().size())])};
        break;
    }
    if (call.args.empty())
        return false;
    u.call = std::move(call);
    return true;
}

void Simulation::Impl::beginOperation(User& u, Micros now)
{
    if (!pickOperation(u)) {
        think(u, now);
        return;
    }
    u.fence = 0;
    u.leaseId.clear();
    u.fault = Fault::None;
    u.registered = false;
    u.clashPath.clear();
    if (!locking.load()) {
        trace(&u, now, toString(u.call) + ": no lock (locking off)");
        startWork(u, now);
        return;
    }
    try {
        u.requests = policy.plan(u.call, engine->pathOptions());
    } catch (const InvalidInput& error) {
        trace(&u, now, toString(u.call) + ": not planned: " + error.what());
        think(u, now);
        return;
    }
    u.waitStart = now;
    u.deadline = now + toMicros(config.waitTimeout);
    u.retries = 0;
    // One id for every attempt of the operation: the waiter registered under it
    // keeps its place in the queue from one attempt to the next. On virtual time it
    // comes from the user's generator, so the same seed gives the same run.
    if (isVirtual) {
        char id[33];
        std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(u.rng.next()),
                      static_cast<unsigned long long>(u.rng.next()));
        u.waitId = id;
    } else {
        u.waitId = newLeaseId();
    }
    attempt(u, now);
}

milliseconds Simulation::Impl::waitLeft(const User& u, Micros now) const
{
    if (config.waitTimeout.count() <= 0)
        return milliseconds(0); // never waits: its attempts register nothing
    // At least 1 ms up to the last attempt, which still counts as the waiter's.
    return std::max(milliseconds(1), std::chrono::ceil<milliseconds>(u.deadline - now));
}

void Simulation::Impl::noteAbandonedBlocker(const User& u, const Blocker& blocker)
{
    std::lock_guard lock(worldMutex);
    LeaseId end = blocker.lease;
    if (blocker.queued) {
        const auto ahead = waitsFor.find(blocker.lease);
        end = ahead == waitsFor.end() ? LeaseId() : ahead->second;
    }
    waitsFor[u.waitId] = end;
    if (end.empty() || std::find(abandoned.begin(), abandoned.end(), end) == abandoned.end())
        return;
    stats.update([&](Statistics& s) { ++(blocker.queued ? s.queuedBehindAbandoned : s.refusedByAbandoned); });
}

void Simulation::Impl::forgetWait(const User& u)
{
    std::lock_guard lock(worldMutex);
    waitsFor.erase(u.waitId);
}

void Simulation::Impl::giveUpWait(User& u, Micros now)
{
    forgetWait(u);
    stats.endWait(u.clashPath);
    u.clashPath.clear();
    if (!u.registered)
        return;
    u.registered = false;
    try {
        engine->cancelWait(u.waitId);
    } catch (const Error&) {
        // The registration ends by itself one refresh period after the last attempt.
        stats.update([](Statistics& s) { ++s.errors; });
    }
    wakeWaitersOf(u.waitId, now);
}

void Simulation::Impl::wakeWaitersOf(const LeaseId& id, Micros now)
{
    std::lock_guard lock(queueMutex);
    auto it = waitersByBlocker.find(id);
    if (it == waitersByBlocker.end())
        return;
    for (const auto& [index, gen] : it->second) {
        User& w = *users[index];
        if (w.gen == gen && !w.running)
            scheduleLocked(w, now);
    }
    waitersByBlocker.erase(it);
}

void Simulation::Impl::attempt(User& u, Micros now)
{
    // One attempt per event: the wait between attempts is the event queue's. The
    // attempt says how long the user still waits, so a refusal registers it as a
    // waiter: past the project's grace it holds newer conflicting requests back.
    const milliseconds wait = waitLeft(u, now);
    u.view->setWait(wait);
    AcquireOutcome got = u.client->acquire(u.requests, std::string(toString(u.call.op)), milliseconds(0));
    if (got) {
        u.lease = std::move(got.lease);
        u.holding = true;
        u.leaseId = u.lease.id();
        u.fence = u.lease.fence();
    }
    if (u.holding) {
        forgetWait(u);
        stats.recordGrant(u.call.op, now - u.waitStart, u.retries > 0, u.clashPath);
        u.clashPath.clear();
        u.registered = false; // the grant ended the registration
        trace(&u, now, toString(u.call) + ": granted, fence " + std::to_string(u.fence));
        startWork(u, now);
        return;
    }
    const Blocker* blocker = got.blocker ? &*got.blocker : nullptr;
    std::optional<Operation> blockerOp;
    if (blocker)
        blockerOp = parseOperation(blocker->operation);
    const std::string clashPath = blocker ? blocker->clashPath : std::string();
    const LeaseId blockerId = blocker ? blocker->lease : LeaseId();
    // As the engine counts: a registered waiter's retry only behind someone new.
    const bool counted = !u.registered || blockerId != u.lastBlocker || clashPath != u.clashPath;
    stats.recordRefusal(u.call.op, blockerOp, clashPath, blocker && blocker->queued, u.clashPath, counted);
    if (blocker)
        noteAbandonedBlocker(u, *blocker);
    u.clashPath = clashPath;
    u.lastBlocker = blockerId;
    u.registered = u.registered || wait.count() > 0;
    std::string why;
    if (blocker)
        why = (blocker->queued ? ", queued behind " : ", blocked by ") + blocker->owner + " (" + blocker->operation
              + " on " + blocker->path + ")";
    trace(&u, now, toString(u.call) + ": refused" + why);
    if (now >= u.deadline) {
        stats.recordTimeout(u.call.op, u.clashPath);
        u.clashPath.clear();
        giveUpWait(u, now);
        trace(&u, now, "gives up after " + std::to_string(config.waitTimeout.count()) + " ms");
        think(u, now);
        return;
    }
    // A holder's expiry bounds the wait; a waiter ahead has none (it is granted, or it gives up).
    std::optional<milliseconds> blockerExpiresIn;
    if (blocker && !blocker->lease.empty() && !blocker->queued)
        blockerExpiresIn = blocker->expiresIn;
    // The next attempt comes well within the registration's refresh period.
    const Micros maxBackoff = std::min<Micros>(retry::kMaxBackoff, std::chrono::duration_cast<Micros>(kWaitRefresh) / 3);
    const Micros delay = nextRetryDelay(u.retries++, blockerExpiresIn, u.deadline - now, u.rng.next(),
                                        retry::kMinBackoff, maxBackoff);
    setState(u, UserState::Waiting);
    std::lock_guard lock(queueMutex);
    scheduleLocked(u, now + delay);
    if (blocker && !blocker->lease.empty())
        waitersByBlocker[blocker->lease].emplace_back(u.index, u.gen);
}

void Simulation::Impl::startWork(User& u, Micros now)
{
    {
        std::lock_guard lock(worldMutex);
        FsResult begun = fs.begin(u.call, u.fence);
        if (begun.status != FsStatus::Ok) {
            if (begun.status == FsStatus::Failed)
                stats.update([](Statistics& s) { ++s.failed; });
            trace(&u, now, std::string(toString(begun.status)) + ": " + begun.message);
        } else {
            u.planned = std::move(begun.planned);
            u.opId = nextOpId++;
            highestFence = std::max(highestFence, u.fence);
            monitor.enter(u.opId, u.call.op, u.fence, u.planned.access);
        }
    }
    if (u.opId == 0) {
        releaseLease(u, now);
        think(u, now);
        return;
    }
    u.fault = drawFault(u);
    const Micros hold = scaled(config.hold, u.rng);
    u.stateEnd = now + hold;
    u.faultAt = (u.fault == Fault::Crash || u.fault == Fault::Pause) ? now + hold / 2 : kNever;
    u.grantedAt = now;
    u.nextRenew = isVirtual && u.holding ? now + nextRenewalGap(u, now) : kNever;
    setState(u, UserState::Holding);
    scheduleTimed(u, now);
}

detail::Micros Simulation::Impl::nextRenewalGap(const User& u, Micros now) const
{
    const auto age = std::chrono::duration_cast<milliseconds>(now - u.grantedAt);
    return toMicros(watchdogGap(config.ttl, renewPeriod, age));
}

void Simulation::Impl::scheduleTimed(User& u, Micros)
{
    schedule(u, std::min({u.stateEnd, u.faultAt, u.nextRenew}));
}

void Simulation::Impl::timedTick(User& u, Micros now)
{
    if (now >= u.faultAt) {
        if (u.fault == Fault::Crash)
            crash(u, now);
        else
            pauseUser(u, now);
        return;
    }
    if (now >= u.nextRenew && now < u.stateEnd) {
        const RenewResult renewed = engine->renew(u.leaseId, config.ttl);
        if (renewed.status != LeaseStatus::Ok) {
            stats.update([](Statistics& s) { ++s.lostLeases; });
            trace(&u, now, "lost its lease (" + std::string(toString(renewed.status)) + ")");
            leaveMonitor(u, false);
            abandonHeld(u);
            think(u, now);
            return;
        }
        u.nextRenew = now + nextRenewalGap(u, now);
        scheduleTimed(u, now);
        return;
    }
    if (now < u.stateEnd) {
        scheduleTimed(u, now);
        return;
    }
    if (u.state == UserState::SlowRelease) {
        releaseLease(u, now);
        think(u, now);
        return;
    }
    finishWork(u, now);
}

void Simulation::Impl::leaveMonitor(User& u, bool applied)
{
    if (u.opId == 0)
        return;
    std::lock_guard lock(worldMutex);
    monitor.leave(u.opId, applied);
    u.opId = 0;
}

void Simulation::Impl::finishWork(User& u, Micros now)
{
    if (u.holding && u.lease && u.lease.lost()) {
        stats.update([](Statistics& s) { ++s.lostLeases; });
        trace(&u, now, "lost its lease before writing: gives up");
        leaveMonitor(u, false);
        abandonHeld(u);
        think(u, now);
        return;
    }
    FsResult applied;
    {
        std::lock_guard lock(worldMutex);
        applied = fs.apply(u.planned);
        monitor.leave(u.opId, applied.status == FsStatus::Ok);
        u.opId = 0;
    }
    if (applied.status == FsStatus::Ok)
        stats.recordCompleted(u.call.op, now);
    else if (applied.status == FsStatus::Failed)
        stats.update([](Statistics& s) { ++s.failed; });
    trace(&u, now, toString(u.call) + ": " + (applied.status == FsStatus::Ok ? "applied" : std::string(toString(applied.status)) + ": " + applied.message));
    if (u.fault == Fault::SlowRelease && u.holding) {
        stats.update([](Statistics& s) { ++s.slowReleases; });
        trace(&u, now, "releases slowly");
        setState(u, UserState::SlowRelease);
        Rng& rng = u.rng;
        u.stateEnd = now + scaled(Distribution::fixed(static_cast<double>(config.slowReleaseDelay.count())), rng);
        scheduleTimed(u, now);
        return;
    }
    releaseLease(u, now);
    think(u, now);
}

void Simulation::Impl::releaseLease(User& u, Micros now)
{
    if (!u.holding)
        return;
    const LeaseId id = u.leaseId;
    releaseHeld(u);
    wakeWaitersOf(id, now);
}

} // namespace treelock::sim
