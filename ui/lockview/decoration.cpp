#include "lockview/decoration.h"

#include <treelock/path.h>

#include <algorithm>

namespace treelock::ui {

LockMode strongestMode(std::uint8_t bits) noexcept
{
    for (LockMode m : {LockMode::X, LockMode::SIX, LockMode::S, LockMode::IX, LockMode::IS})
        if (hasMode(bits, m))
            return m;
    return LockMode::IS;
}

NodeKind NodeState::kind() const noexcept
{
    if (hasMode(held, LockMode::X))
        return NodeKind::HeldX;
    if (hasMode(held, LockMode::SIX))
        return NodeKind::HeldSIX;
    if (hasMode(held, LockMode::S))
        return NodeKind::HeldS;
    // IS/IX requested explicitly behave as intentions.
    if (hasMode(held, LockMode::IX) || hasMode(intent, LockMode::IX))
        return NodeKind::IntentIX;
    if (hasMode(held, LockMode::IS) || hasMode(intent, LockMode::IS))
        return NodeKind::IntentIS;
    if (hasMode(cover, LockMode::X))
        return NodeKind::CoveredX;
    if (hasMode(cover, LockMode::S))
        return NodeKind::CoveredS;
    if (heldExpired | intentExpired | coverExpired)
        return NodeKind::Expired;
    return NodeKind::None;
}

int leasesBelow(const NodeState& state)
{
    // decorate() counts them once; this counts them again (a NodeState made by hand).
    std::vector<std::uint32_t> leases;
    for (const Touch& t : state.touches)
        if (!t.expired && t.role != TouchRole::Cover)
            leases.push_back(t.lease);
    std::sort(leases.begin(), leases.end());
    return int(std::unique(leases.begin(), leases.end()) - leases.begin());
}

namespace {

LockMode coverModeOf(LockMode m) noexcept
{
    return m == LockMode::X ? LockMode::X : LockMode::S;
}

bool covers(LockMode m) noexcept
{
    return m == LockMode::X || m == LockMode::S || m == LockMode::SIX;
}

struct CoverRoot {
    std::uint32_t lease;
    LockMode mode;
    bool expired;
    std::uint64_t identity;
};

std::uint64_t identityOf(const LeaseInfo& l) noexcept
{
    return std::hash<std::string>{}(l.id) ^ (l.fence * 0x9e3779b97f4a7c15ULL);
}

void addCover(NodeState& s, const CoverRoot& c, ServerTime expiresAt)
{
    const LockMode m = coverModeOf(c.mode);
    if (c.expired) {
        s.coverExpired |= modeBit(m);
    } else {
        s.cover |= modeBit(m);
        if (!s.held && (s.soonestExpiry == ServerTime{} || expiresAt < s.soonestExpiry))
            s.soonestExpiry = expiresAt;
    }
    s.touches.push_back(Touch{c.lease, c.mode, TouchRole::Cover, c.expired, c.identity});
}

std::uint64_t mix(std::uint64_t seed, std::uint64_t value) noexcept
{
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

// What a waiter's mark shows: who waits, behind whom, and whether it holds others back.
std::uint64_t identityOf(const WaiterInfo& w) noexcept
{
    const std::hash<std::string> h;
    const Blocker& b = w.blocker;
    std::uint64_t id = h(w.id);
    for (const std::string* text : {&b.lease, &b.owner, &b.operation, &b.path, &b.clashPath})
        id = mix(id, h(*text));
    id = mix(id, (std::uint64_t(b.mode) << 8) | (std::uint64_t(b.heldMode) << 4) | (b.queued ? 2u : 0u) | (w.holdsBack ? 1u : 0u));
    return mix(id, std::uint64_t(w.since.time_since_epoch().count()));
}

void addWaiters(NodeStateMap& out, const std::vector<WaiterInfo>& waiters, const TreeIndex* tree)
{
    for (std::uint32_t i = 0; i < waiters.size(); ++i) {
        const WaiterInfo& w = waiters[i];
        const std::uint64_t identity = identityOf(w);
        const auto mark = [&](const std::string& path, bool requested, bool clash) {
            std::vector<WaitMark>& marks = out[path].waits;
            // Waiters are added one after the other: this waiter's mark, if any, is the last.
            if (!marks.empty() && marks.back().waiter == i) {
                marks.back().requested = marks.back().requested || requested;
                marks.back().clash = marks.back().clash || clash;
                return;
            }
            marks.push_back(WaitMark{i, requested, clash, identity});
        };
        for (const LockRequest& r : w.requests) {
            mark(r.path, true, false);
            // A path the tree lacks needs its folders too, or it has nowhere to
            // hang (a create in a folder that does not exist yet): an entry each,
            // with no lease and no waiter on it.
            if (!tree || !tree->contains(r.path)) {
                for (const std::string& a : ancestorsOf(r.path)) {
                    if (!tree || !tree->contains(a))
                        out.try_emplace(a);
                }
            }
        }
        if (!w.blocker.clashPath.empty())
            mark(w.blocker.clashPath, false, true);
    }
}

bool touchLess(const Touch& a, const Touch& b) noexcept
{
    return a.lease != b.lease ? a.lease < b.lease : a.role < b.role;
}

} // namespace

NodeStateMap decorate(const std::vector<LeaseInfo>& leases, ServerTime now, const TreeIndex* tree,
                      const std::vector<WaiterInfo>& waiters)
{
    NodeStateMap out;
    std::unordered_map<std::string, std::vector<CoverRoot>> coverRoots;

    for (std::uint32_t i = 0; i < leases.size(); ++i) {
        const LeaseInfo& lease = leases[i];
        const bool expired = lease.expired(now);
        const std::uint64_t identity = identityOf(lease);
        for (const LockRequest& r : lease.requests) {
            NodeState& s = out[r.path];
            if (expired) {
                s.heldExpired |= modeBit(r.mode);
            } else {
                if (!s.held || lease.expiresAt < s.soonestExpiry)
                    s.soonestExpiry = lease.expiresAt;
                s.held |= modeBit(r.mode);
            }
            s.touches.push_back(Touch{i, r.mode, TouchRole::Explicit, expired, identity});
            const LockMode intent = intentionOf(r.mode);
            for (const std::string& a : ancestorsOf(r.path)) {
                NodeState& as = out[a];
                if (expired)
                    as.intentExpired |= modeBit(intent);
                else
                    as.intent |= modeBit(intent);
                as.touches.push_back(Touch{i, intent, TouchRole::Intention, expired, identity});
            }
            if (covers(r.mode))
                coverRoots[r.path].push_back(CoverRoot{i, r.mode, expired, identity});
        }
    }
    // Before the covers: a path only a waiter names is covered like any other.
    addWaiters(out, waiters, tree);
    if (coverRoots.empty())
        return out;

    // Paths of the result that the tree does not know: walk their ancestors.
    // Collected first, since adding covered tree nodes below grows the map.
    std::vector<std::pair<std::string, std::vector<std::pair<CoverRoot, ServerTime>>>> extra;
    for (const auto& [path, state] : out) {
        if (tree && tree->contains(path))
            continue;
        std::vector<std::pair<CoverRoot, ServerTime>> found;
        for (const std::string& a : ancestorsOf(path)) {
            const auto it = coverRoots.find(a);
            if (it == coverRoots.end())
                continue;
            for (const CoverRoot& c : it->second)
                found.emplace_back(c, leases[c.lease].expiresAt);
        }
        if (!found.empty())
            extra.emplace_back(path, std::move(found));
    }
    for (auto& [path, found] : extra)
        for (const auto& [c, expiresAt] : found)
            addCover(out[path], c, expiresAt);

    if (tree) {
        for (const auto& [root, list] : coverRoots) {
            tree->forEachDescendant(root, [&](const std::string& d) {
                NodeState& s = out[d];
                for (const CoverRoot& c : list)
                    addCover(s, c, leases[c.lease].expiresAt);
            });
        }
    }
    // Cover roots come in hash order: keep touches in lease order so that equal
    // inputs give equal maps (and the diff reports no spurious change).
    for (auto& [path, state] : out) {
        (void)path;
        auto& t = state.touches;
        if (t.size() > 1 && !std::is_sorted(t.begin(), t.end(), touchLess))
            std::stable_sort(t.begin(), t.end(), touchLess);
        // In lease order: the distinct live leases held here or below are counted in one pass.
        std::uint32_t below = 0;
        const Touch* last = nullptr;
        for (const Touch& x : t) {
            if (x.expired || x.role == TouchRole::Cover)
                continue;
            below += last == nullptr || last->lease != x.lease ? 1 : 0;
            last = &x;
        }
        state.below = below;
    }
    return out;
}

std::vector<std::string> changedPaths(const NodeStateMap& before, const NodeStateMap& after)
{
    std::vector<std::string> out;
    for (const auto& [path, state] : after) {
        const auto it = before.find(path);
        if (it == before.end() || !(it->second == state))
            out.push_back(path);
    }
    for (const auto& [path, state] : before)
        if (!after.contains(path))
            out.push_back(path);
    return out;
}

ServerTime nextExpiry(const std::vector<LeaseInfo>& leases, ServerTime now) noexcept
{
    ServerTime best = ServerTime::max();
    for (const LeaseInfo& l : leases)
        if (l.expiresAt > now && l.expiresAt < best)
            best = l.expiresAt;
    return best;
}

} // namespace treelock::ui
