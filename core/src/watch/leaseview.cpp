#include "watch/leaseview.h"

#include <algorithm>
#include <functional>
#include <tuple>

namespace treelock::detail {

void LeaseView::beginList()
{
    m_unconfirmed.clear();
    for (const auto& [id, lease] : m_leases)
        m_unconfirmed.insert(id);
    m_listing = true;
}

void LeaseView::listed(LeaseInfo lease, ServerTime now, std::vector<LeaseDelta>& out)
{
    if (!m_unconfirmed.empty())
        m_unconfirmed.erase(lease.id);
    if (!lease.expired(now)) {
        put(std::move(lease), out);
    } else if (const auto it = m_leases.find(lease.id); it != m_leases.end()) {
        remove(it, LeaseDelta::Cause::Expired, out);
    }
}

void LeaseView::endList(std::vector<LeaseDelta>& out)
{
    const std::unordered_set<LeaseId> gone = std::move(m_unconfirmed);
    m_unconfirmed.clear();
    for (const LeaseId& id : gone)
        if (const auto it = m_leases.find(id); it != m_leases.end())
            remove(it, LeaseDelta::Cause::Vanished, out);
    m_listing = false;
}

std::optional<LeaseId> LeaseView::apply(const Event& event, std::vector<LeaseDelta>& out)
{
    const auto it = m_leases.find(event.lease);
    // The view holds a later grant of this id: the event is about an earlier one.
    const bool stale = it != m_leases.end() && it->second.fence > event.fence;
    switch (event.type) {
    case EventType::Grant:
    case EventType::Force:
        if (stale || event.lease.empty())
            return std::nullopt;
        return event.lease;
    case EventType::Release:
    case EventType::Expire:
        if (it != m_leases.end() && !stale)
            remove(it, event.type == EventType::Release ? LeaseDelta::Cause::Released : LeaseDelta::Cause::Expired,
                   out);
        return std::nullopt;
    case EventType::Sweep:
    case EventType::Config:
    case EventType::Unknown:
        return std::nullopt;
    }
    return std::nullopt;
}

void LeaseView::update(const LeaseId& id, const std::optional<LeaseInfo>& record, ServerTime now,
                       LeaseDelta::Cause causeIfGone, std::vector<LeaseDelta>& out)
{
    const auto it = m_leases.find(id);
    if (record && !record->expired(now)) {
        put(*record, out);
    } else if (it != m_leases.end()) {
        remove(it, record ? LeaseDelta::Cause::Expired : causeIfGone, out);
    }
}

std::vector<LeaseId> LeaseView::takeDue(ServerTime now, std::size_t max)
{
    std::vector<LeaseId> ids;
    while (ids.size() < max && anyDue(now)) {
        std::pop_heap(m_expiry.begin(), m_expiry.end(), std::greater<>());
        ids.push_back(std::move(m_expiry.back().id));
        m_expiry.pop_back();
    }
    return ids;
}

void LeaseView::requeue(const std::vector<LeaseId>& ids)
{
    for (const LeaseId& id : ids)
        if (const auto it = m_leases.find(id); it != m_leases.end())
            noteExpiry(it->second.expiresAt, id);
}

std::optional<ServerTime> LeaseView::nextExpiry()
{
    dropStale();
    if (m_expiry.empty())
        return std::nullopt;
    return m_expiry.front().at;
}

std::vector<LeaseInfo> LeaseView::sorted() const
{
    std::vector<LeaseInfo> result;
    result.reserve(m_leases.size());
    for (const auto& [id, lease] : m_leases)
        result.push_back(lease);
    std::sort(result.begin(), result.end(), [](const LeaseInfo& a, const LeaseInfo& b) {
        return std::tie(a.expiresAt, a.id) < std::tie(b.expiresAt, b.id);
    });
    return result;
}

void LeaseView::put(LeaseInfo lease, std::vector<LeaseDelta>& out)
{
    const auto [it, added] = m_leases.try_emplace(lease.id);
    if (added) {
        out.push_back({LeaseDelta::Kind::Added, LeaseDelta::Cause::None, lease});
        it->second = std::move(lease);
        noteExpiry(it->second.expiresAt, it->first);
        return;
    }
    if (it->second == lease)
        return;
    const bool moved = it->second.expiresAt != lease.expiresAt;
    out.push_back({LeaseDelta::Kind::Changed, LeaseDelta::Cause::None, lease});
    it->second = std::move(lease);
    if (moved)
        noteExpiry(it->second.expiresAt, it->first);
}

void LeaseView::remove(Map::iterator it, LeaseDelta::Cause cause, std::vector<LeaseDelta>& out)
{
    m_unconfirmed.erase(it->first);
    out.push_back({LeaseDelta::Kind::Removed, cause, std::move(it->second)});
    m_leases.erase(it);
}

void LeaseView::noteExpiry(ServerTime at, const LeaseId& id)
{
    m_expiry.push_back({at, id});
    std::push_heap(m_expiry.begin(), m_expiry.end(), std::greater<>());
    // Renewals leave stale entries below the top; rebuild from the leases (which
    // hold every expiry noted, this one included) when they outnumber them.
    if (m_expiry.size() > 2 * m_leases.size() + 1024) {
        std::vector<Expiry> live;
        live.reserve(m_leases.size());
        for (const auto& [leaseId, lease] : m_leases)
            live.push_back({lease.expiresAt, leaseId});
        std::make_heap(live.begin(), live.end(), std::greater<>());
        m_expiry = std::move(live);
    }
}

void LeaseView::dropStale()
{
    while (!m_expiry.empty()) {
        const Expiry& top = m_expiry.front();
        const auto it = m_leases.find(top.id);
        if (it != m_leases.end() && it->second.expiresAt == top.at)
            return;
        std::pop_heap(m_expiry.begin(), m_expiry.end(), std::greater<>());
        m_expiry.pop_back();
    }
}

} // namespace treelock::detail
