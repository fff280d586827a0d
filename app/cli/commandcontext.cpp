#include "commandcontext.h"

#include "treelock/leaseid.h"

#include <algorithm>

namespace treelock::cli {

namespace {

// The one of `items` (leases or waiters) whose id starts with `given` (a whole
// id only with itself), or null; CommandFailure (ambiguous_lease) when several
// do, naming them as `what` ids. O(items).
template <typename Item>
const Item* startingWith(const std::string& given, const std::vector<Item>& items, std::string_view what)
{
    const Item* found = nullptr;
    std::size_t count = 0;
    std::string listed;
    for (const Item& item : items) {
        if (item.id.rfind(given, 0) != 0)
            continue;
        found = &item;
        ++count;
        listed += (listed.empty() ? "" : ", ") + item.id;
    }
    if (count > 1)
        throw CommandFailure(kExitInvalid, "ambiguous_lease",
                             given + " is the start of " + std::to_string(count) + " " + std::string(what) + " ids ("
                                 + listed + "): give more digits");
    return found;
}

} // namespace

std::ostream& CommandContext::err()
{
    m_context.out.flush();
    return m_context.err;
}

const std::shared_ptr<Engine>& CommandContext::engine()
{
    if (m_engine)
        return m_engine;
    const EngineFactory& connect = m_context.connect ? m_context.connect : EngineFactory(connectRedis);
    warnIfInsecure(redisOptionsFor(m_global, env()));
    m_engine = connect(m_global, env());
    if (!m_engine)
        throw Error("no engine");
    if (!m_global.quiet) {
        if (m_global.replicaTimeout && redisOptionsFor(m_global, env()).minReplicas == 0)
            err() << "treelock: warning: --replica-timeout has no effect without --min-replicas N (or "
                     "TREELOCK_MIN_REPLICAS): no replica acknowledgement is awaited\n";
        for (const auto& warning : m_engine->warnings())
            err() << "treelock: warning: " << warning << "\n";
    }
    return m_engine;
}

RedisOptions CommandContext::redisOptions()
{
    RedisOptions options = redisOptionsFor(m_global, env());
    warnIfInsecure(options);
    return options;
}

void CommandContext::warnIfInsecure(const RedisOptions& options)
{
    // Every time, --quiet or not: the warning is the price of the switch.
    if (options.tls.insecure && !m_warnedInsecure) {
        err() << "treelock: warning: --insecure: the server's certificate is not verified; anyone on the network "
                 "path can read and change this traffic\n";
        m_warnedInsecure = true;
    }
}

std::string CommandContext::operatorName(const std::optional<std::string>& given) const
{
    if (given)
        return *given;
    const std::string name = env().userName.empty() ? "operator" : env().userName;
    validateLabel("$USER (the default --operator)", name);
    return name;
}

std::string CommandContext::hostName() const
{
    validateLabel("host name", env().hostName);
    return env().hostName;
}

int CommandContext::fail(int exitCode, std::string_view kind, const std::string& message)
{
    printError(err(), m_global.json, exitCode, kind, message);
    return exitCode;
}

LeaseId CommandContext::resolveLease(const std::string& given)
{
    if (isValidLeaseId(given))
        return given;
    return resolveLease(given, engine()->snapshot().leases);
}

LeaseId CommandContext::resolveLease(const std::string& given, const std::vector<LeaseInfo>& leases) const
{
    if (isValidLeaseId(given))
        return given;
    if (const LeaseInfo* lease = startingWith(given, leases, "lease"))
        return lease->id;
    throw CommandFailure(kExitLease, "lease_unknown",
                         "no lease of project " + m_global.project + " has an id starting with " + given
                             + " (see `treelock locks`)");
}

const WaiterInfo& CommandContext::resolveWaiter(const std::string& given, const std::vector<WaiterInfo>& waiters) const
{
    if (const WaiterInfo* waiter = startingWith(given, waiters, "waiter"))
        return *waiter;
    throw CommandFailure(kExitLease, "waiter_unknown",
                         "no waiter of project " + m_global.project
                             + (isValidLeaseId(given) ? " waits under lease id " : " has an id starting with ") + given
                             + " (see `treelock waiting`)");
}

int CommandContext::leaseProblem(const LeaseId& lease, LeaseStatus status)
{
    if (status == LeaseStatus::Expired)
        return fail(kExitLease, "lease_expired", "lease " + lease + " had expired (it has been reaped now)");
    return fail(kExitLease, "lease_unknown",
                "lease " + lease + " is unknown (never granted, released, reaped or revoked)");
}

void CommandContext::printTable(const std::vector<std::vector<std::string>>& rows,
                                const std::set<std::size_t>& rightAligned)
{
    const auto width = [](const std::string& cell) {
        return static_cast<std::size_t>(
            std::count_if(cell.begin(), cell.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    };
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], width(row[c]));
    }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string pad(widths[c] - width(row[c]), ' ');
            line += rightAligned.count(c) ? pad + row[c] : row[c] + pad;
            if (c + 1 < row.size())
                line += "  ";
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out() << line << "\n";
    }
}

} // namespace treelock::cli
