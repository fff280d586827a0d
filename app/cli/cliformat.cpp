#include "cliformat.h"

#include <algorithm>

namespace treelock::cli {

std::string dump(const Json& json)
{
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

long long msSinceEpoch(ServerTime time) { return time.time_since_epoch().count(); }

Json requestsJson(const std::vector<LockRequest>& requests)
{
    Json list = Json::array();
    for (const auto& r : requests)
        list.push_back({{"mode", std::string(toString(r.mode))}, {"path", r.path}});
    return list;
}

std::string counted(std::size_t n, const std::string& one, const std::string& many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

std::string orDash(const std::string& text) { return text.empty() ? "-" : text; }

std::string whoText(const Blocker& b)
{
    return orDash(b.owner) + "'s " + orDash(b.operation) + " (" + std::string(toString(b.mode)) + " " + b.path
           + ")";
}

Json blockerJson(const Blocker& b)
{
    return {{"lease", b.lease},
            {"owner", b.owner},
            {"op", b.operation},
            {"path", b.path},
            {"mode", std::string(toString(b.mode))},
            {"expires_in_ms", b.expiresIn.count()},
            {"clash_path", b.clashPath},
            {"held_mode", std::string(toString(b.heldMode))},
            {"wanted", {{"mode", std::string(toString(b.wanted.mode))}, {"path", b.wanted.path}}},
            {"queued", b.queued}};
}

long long msBetween(ServerTime from, ServerTime to) { return std::max<long long>(0, (to - from).count()); }

std::string leaseState(const LeaseInfo& lease, ServerTime now)
{
    if (lease.revoked)
        return "revoked";
    return lease.expired(now) ? "expired" : "live";
}

Json leaseJson(const LeaseInfo& lease, ServerTime now)
{
    return {{"lease", lease.id},
            {"owner", lease.owner},
            {"op", lease.operation},
            {"requests", requestsJson(lease.requests)},
            {"ttl_ms", lease.ttl.count()},
            {"created_ms", msSinceEpoch(lease.createdAt)},
            {"expires_ms", msSinceEpoch(lease.expiresAt)},
            {"expires_in_ms", msBetween(now, lease.expiresAt)},
            {"fence", lease.fence},
            {"holds", lease.holds},
            {"revoked", lease.revoked},
            {"state", leaseState(lease, now)}};
}

} // namespace treelock::cli
