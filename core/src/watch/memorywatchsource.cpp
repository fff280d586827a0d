#include "watch/watchsource.h"

#include "treelock/memoryengine.h"

#include <algorithm>

namespace treelock::detail {

namespace {

/// A MemoryEngine as a LeaseWatch reads it. A list is one snapshot (the engine
/// answers it whole, under its lock), handed out in pages as Redis would list it.
class MemoryWatchSource final : public WatchSource {
public:
    explicit MemoryWatchSource(MemoryEngine& engine) : m_engine(engine) {}

    std::string describe() const override { return m_engine.describe(); }

    std::string beginList() override
    {
        m_mark = StreamMark::of(m_engine.eventStreamInfo());
        m_listed = m_engine.snapshot().leases;
        m_next = 0;
        return m_mark.position;
    }

    bool auditEvents() override { return m_engine.eventLevel() == EventLevel::Audit; }

    std::size_t leaseCount() override { return m_listed.size(); }

    std::vector<LeaseInfo> nextPage(std::size_t size, bool& last) override
    {
        const std::size_t end = std::min(m_listed.size(), m_next + size);
        std::vector<LeaseInfo> page(m_listed.begin() + static_cast<std::ptrdiff_t>(m_next),
                                    m_listed.begin() + static_cast<std::ptrdiff_t>(end));
        m_next = end;
        last = m_next == m_listed.size();
        if (last)
            m_listed.clear();
        return page;
    }

    std::optional<std::vector<Event>> read(const std::string& position, std::size_t max,
                                           std::chrono::milliseconds block) override
    {
        const bool intact = position == m_mark.position && !m_mark.held ? m_mark.intact(m_engine.eventStreamInfo())
                                                                         : m_engine.holdsEvent(position);
        if (!intact)
            return std::nullopt;
        std::vector<Event> events = m_engine.events(position, max);
        if (events.empty() && block.count() > 0
            && m_engine.waitForEvents(position, std::chrono::steady_clock::now() + block))
            events = m_engine.events(position, max);
        return events;
    }

    std::vector<std::pair<LeaseId, ServerTime>> expiring(ServerTime from, ServerTime to, std::size_t max) override
    {
        return m_engine.leasesExpiring(from, to, max);
    }

    std::vector<std::optional<LeaseInfo>> records(const std::vector<LeaseId>& ids) override
    {
        return m_engine.findLeases(ids);
    }

    ServerTime now() override { return m_engine.now(); }

    std::optional<SourceChange> change() override { return std::nullopt; }

    std::uint64_t calls() const noexcept override { return 0; }

private:
    MemoryEngine& m_engine; // Not owned.
    StreamMark m_mark;               ///< where the last list found the stream
    std::vector<LeaseInfo> m_listed; ///< the snapshot of the list under way
    std::size_t m_next = 0;
};

} // namespace

std::unique_ptr<WatchSource> makeMemoryWatchSource(MemoryEngine& engine)
{
    return std::make_unique<MemoryWatchSource>(engine);
}

} // namespace treelock::detail
