#include "watch/leaseview.h"

namespace treelock::detail {

void LeaseView::beginList()
{
    m_unconfirmed.clear();
    for (const auto& [id, lease] : m_leases)
        m_unconfirmed.insert(id);
    m_listing = true;
}

void LeaseView::listed(const LeaseInfo& lease, ServerTime now, std::vector<LeaseDelta>& out)
{
    m_unconfirmed.erase(lease.id);
    if (!lease.expired(now)) {
        put(lease, out);
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

std::vector<LeaseId> LeaseView::due(ServerTime now, std::size_t max) const
{
    std::vector<LeaseId> ids;
    for (auto it = m_expiry.begin(); it != m_expiry.end() && it->first <= now && ids.size() < max; ++it)
        ids.push_back(it->second);
    return ids;
}

std::optional<ServerTime> LeaseView::nextExpiry() const
{
    if (m_expiry.empty())
        return std::nullopt;
    return m_expiry.begin()->first;
}

std::vector<LeaseInfo> LeaseView::sorted() const
{
    std::vector<LeaseInfo> result;
    result.reserve(m_leases.size());
    for (const auto& [expires, id] : m_expiry)
        result.push_back(m_leases.at(id));
    return result;
}

void LeaseView::put(const LeaseInfo& lease, std::vector<LeaseDelta>& out)
{
    const auto it = m_leases.find(lease.id);
    if (it == m_leases.end()) {
        m_leases.emplace(lease.id, lease);
        m_expiry.emplace(lease.expiresAt, lease.id);
        out.push_back({LeaseDelta::Kind::Added, LeaseDelta::Cause::None, lease});
        return;
    }
    if (it->second == lease)
        return;
    m_expiry.erase({it->second.expiresAt, lease.id});
    m_expiry.emplace(lease.expiresAt, lease.id);
    it->second = lease;
    out.push_back({LeaseDelta::Kind::Changed, LeaseDelta::Cause::None, lease});
}

void LeaseView::remove(Map::iterator it, LeaseDelta::Cause cause, std::vector<LeaseDelta>& out)
{
    m_expiry.erase({it->second.expiresAt, it->first});
    m_unconfirmed.erase(it->first);
    out.push_back({LeaseDelta::Kind::Removed, cause, std::move(it->second)});
    m_leases.erase(it);
}

} // namespace treelock::detail
