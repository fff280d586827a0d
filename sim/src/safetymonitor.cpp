#include "treelock/sim/safetymonitor.h"

#include "regionindex.h"

#include "treelock/error.h"

#include <algorithm>

namespace treelock::sim {

namespace {
constexpr std::size_t kRecentViolations = 64;
}

void SafetyMonitor::record(Violation v)
{
    ++m_violations;
    m_recent.push_back(std::move(v));
    if (m_recent.size() > kRecentViolations)
        m_recent.pop_front();
}

int SafetyMonitor::enter(OpId id, Operation op, std::uint64_t fence, const Access& access)
{
    if (m_ops.contains(id))
        throw InvalidInput("operation " + std::to_string(id) + " is already in flight");
    // Conflicting in-flight operations, each once: id -> (node, write/write).
    std::map<OpId, std::pair<std::string, bool>> clashes;
    auto scan = [&](const std::string& region, bool write) {
        detail::forEachOverlapping(m_uses, region, [&](const std::string& path, const std::vector<Use>& uses) {
            for (const Use& use : uses) {
                if (use.id == id || !(write || use.write))
                    continue;
                auto [it, fresh] = clashes.try_emplace(use.id, path, write && use.write);
                if (!fresh && write && use.write)
                    it->second.second = true;
            }
        });
    };
    for (const auto& w : access.writes)
        scan(w, true);
    for (const auto& r : access.reads)
        scan(r, false);

    Op self{op, fence, access, false};
    int counted = 0;
    for (const auto& [other, where] : clashes) {
        Op& o = m_ops.at(other);
        if (fence != 0 && o.fence != 0 && o.fence != fence) {
            Op& older = o.fence < fence ? o : self;
            if (!older.superseded) {
                older.superseded = true;
                ++m_superseded;
            }
            continue;
        }
        record(Violation{other, id, o.op, op, where.first, where.second});
        ++counted;
    }
    for (const auto& w : access.writes)
        m_uses[w].push_back(Use{id, true});
    for (const auto& r : access.reads)
        m_uses[r].push_back(Use{id, false});
    if (fence != 0)
        m_fences.insert(fence);
    m_ops.emplace(id, std::move(self));
    return counted;
}

int SafetyMonitor::leave(OpId id, bool applied)
{
    auto it = m_ops.find(id);
    if (it == m_ops.end())
        return 0;
    Op& o = it->second;
    int counted = 0;
    if (applied && o.superseded && !o.access.writes.empty()) {
        record(Violation{id, id, o.op, o.op, o.access.writes.front(), true});
        counted = 1;
    }
    auto drop = [&](const std::string& region) {
        auto u = m_uses.find(region);
        if (u == m_uses.end())
            return;
        std::erase_if(u->second, [id](const Use& use) { return use.id == id; });
        if (u->second.empty())
            m_uses.erase(u);
    };
    for (const auto& w : o.access.writes)
        drop(w);
    for (const auto& r : o.access.reads)
        drop(r);
    if (o.fence != 0)
        m_fences.erase(m_fences.find(o.fence));
    m_ops.erase(it);
    return counted;
}

bool SafetyMonitor::superseded(OpId id) const
{
    auto it = m_ops.find(id);
    return it != m_ops.end() && it->second.superseded;
}

std::uint64_t SafetyMonitor::lowestFence() const { return m_fences.empty() ? 0 : *m_fences.begin(); }

} // namespace treelock::sim
