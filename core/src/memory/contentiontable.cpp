#include "memory/contentiontable.h"

#include "lockplan.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace treelock::detail {

namespace {

constexpr std::int64_t kRenormalizeAfter = 32; // half-lives between the epoch and now

} // namespace

void ContentionTable::countRefusal(const std::string& path, const std::string& wanted,
                                   const std::string& blocking, std::int64_t nowMs)
{
    if (!m_epochMs)
        m_epochMs = nowMs;
    if (nowMs - *m_epochMs > kRenormalizeAfter * kContentionHalfLife.count()) {
        const std::int64_t k = (nowMs - *m_epochMs) / kContentionHalfLife.count();
        const double scale = std::ldexp(1.0, static_cast<int>(-k));
        for (auto& [p, entry] : m_paths)
            entry.score *= scale;
        *m_epochMs += k * kContentionHalfLife.count();
    }
    const double weight = refusalWeight(nowMs, *m_epochMs);
    auto it = m_paths.find(path);
    if (it != m_paths.end()) {
        it->second.score += weight;
        ++it->second.total;
    } else {
        double base = 0;
        if (m_paths.size() >= kContentionPaths) {
            // The lightest entry; among equals the lowest path (as a sorted set orders).
            auto lightest = m_paths.begin();
            for (auto e = m_paths.begin(); e != m_paths.end(); ++e) {
                if (e->second.score < lightest->second.score)
                    lightest = e;
            }
            base = lightest->second.score;
            m_paths.erase(lightest);
        }
        Entry entry;
        entry.score = base + weight;
        entry.total = 1;
        it = m_paths.emplace(path, std::move(entry)).first;
    }
    Entry& entry = it->second;
    entry.lastMs = nowMs;
    for (HotPath::Pair& pair : entry.pairs) {
        if (pair.wanted == wanted && pair.blocking == blocking) {
            ++pair.count;
            return;
        }
    }
    if (entry.pairs.size() < kContentionPairs) {
        entry.pairs.push_back(HotPath::Pair{wanted, blocking, 1});
        return;
    }
    auto rarest = entry.pairs.begin();
    for (auto p = entry.pairs.begin(); p != entry.pairs.end(); ++p) {
        if (p->count < rarest->count)
            rarest = p;
    }
    *rarest = HotPath::Pair{wanted, blocking, rarest->count + 1};
}

void ContentionTable::touch(const std::string& path, std::int64_t nowMs)
{
    if (const auto it = m_paths.find(path); it != m_paths.end())
        it->second.lastMs = nowMs;
}

std::vector<HotPath> ContentionTable::top(std::size_t top, std::int64_t nowMs) const
{
    std::vector<std::pair<double, std::string>> order;
    for (const auto& [path, entry] : m_paths)
        order.emplace_back(entry.score, path);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a > b; });
    if (order.size() > top)
        order.resize(top);
    std::vector<HotPath> result;
    for (const auto& [score, path] : order) {
        const Entry& entry = m_paths.at(path);
        HotPath hot;
        hot.path = path;
        hot.refusals = decayedRefusals(score, nowMs, *m_epochMs);
        hot.total = entry.total;
        hot.last = ServerTime{std::chrono::milliseconds{entry.lastMs}};
        hot.operations = entry.pairs;
        std::stable_sort(hot.operations.begin(), hot.operations.end(),
                         [](const HotPath::Pair& a, const HotPath::Pair& b) { return a.count > b.count; });
        result.push_back(std::move(hot));
    }
    return result;
}

} // namespace treelock::detail
