#include "lockplan.h"

#include "treelock/engine.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/path.h"

#include <charconv>
#include <cmath>
#include <unordered_map>

namespace treelock::detail {

std::string nodeField(std::string_view path, LockMode mode)
{
    const std::string_view modeName = toString(mode);
    std::string field;
    field.reserve(path.size() + 1 + modeName.size());
    field.append(path);
    field += '|';
    field.append(modeName);
    return field;
}

std::optional<std::pair<std::string, LockMode>> parseNodeField(std::string_view field)
{
    const std::size_t bar = field.rfind('|');
    if (bar == std::string_view::npos)
        return std::nullopt;
    const std::optional<LockMode> mode = parseLockMode(field.substr(bar + 1));
    if (!mode)
        return std::nullopt;
    return std::make_pair(std::string(field.substr(0, bar)), *mode);
}

std::vector<Contribution> contributionsOf(const std::vector<LockRequest>& requests)
{
    std::vector<Contribution> result;
    std::unordered_map<std::string, std::size_t> index;
    const auto add = [&](std::string field) {
        const auto [it, inserted] = index.try_emplace(field, result.size());
        if (inserted)
            result.push_back(Contribution{std::move(field), 0});
        ++result[it->second].delta;
    };
    for (const LockRequest& request : requests) {
        const LockMode intention = intentionOf(request.mode);
        for (const std::string& ancestor : ancestorsOf(request.path))
            add(nodeField(ancestor, intention));
        add(nodeField(request.path, request.mode));
    }
    return result;
}

std::vector<CheckStep> checkPlan(const std::vector<LockRequest>& requests)
{
    std::vector<CheckStep> plan;
    const auto addNode = [&plan](std::size_t request, const std::string& path, LockMode wanted) {
        for (const LockMode held : kAllModes) {
            if (!compatible(held, wanted))
                plan.push_back(CheckStep{request, path, held, nodeField(path, held)});
        }
    };
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const LockRequest& request = requests[i];
        const LockMode intention = intentionOf(request.mode);
        for (const std::string& ancestor : ancestorsOf(request.path))
            addNode(i, ancestor, intention);
        addNode(i, request.path, request.mode);
    }
    return plan;
}

bool leavesOn(const LockRequest& request, std::string_view path, LockMode held)
{
    if (request.path == path)
        return request.mode == held;
    return isAncestor(path, request.path) && intentionOf(request.mode) == held;
}

const LockRequest* firstLeavingOn(const std::vector<LockRequest>& requests,
                                  std::string_view path, LockMode held)
{
    for (const LockRequest& request : requests) {
        if (leavesOn(request, path, held))
            return &request;
    }
    return nullptr;
}

std::string formatRequests(const std::vector<LockRequest>& requests)
{
    std::string text;
    for (const LockRequest& request : requests) {
        if (!text.empty())
            text += '\n';
        text.append(toString(request.mode));
        text += ' ';
        text += request.path;
    }
    return text;
}

std::vector<LockRequest> parseRequests(std::string_view text)
{
    std::vector<LockRequest> result;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t end = text.find('\n', from);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(from, end - from);
        const std::size_t space = line.find(' ');
        const std::optional<LockMode> mode =
            space == std::string_view::npos ? std::nullopt : parseLockMode(line.substr(0, space));
        if (!mode) {
            throw Error("corrupt requests text: line " + quoteInput(line)
                        + " is not \"MODE PATH\"");
        }
        result.push_back(LockRequest{std::string(line.substr(space + 1)), *mode});
        from = end + 1;
    }
    return result;
}

void validateTtl(std::chrono::milliseconds ttl, std::string_view what)
{
    if (ttl < kMinTtl || ttl > kMaxTtl) {
        throw InvalidInput(std::string(what) + " " + std::to_string(ttl.count())
                           + " ms is out of range: it must be between "
                           + std::to_string(kMinTtl.count()) + " and "
                           + std::to_string(kMaxTtl.count()) + " ms");
    }
}

void validateLabel(std::string_view what, std::string_view value, bool required)
{
    if (required && value.empty())
        throw InvalidInput(std::string(what) + " is required and must not be empty");
    if (value.size() > kMaxLabelBytes) {
        throw InvalidInput(std::string(what) + " " + quoteInput(value) + " is too long: "
                           + std::to_string(value.size()) + " bytes, at most "
                           + std::to_string(kMaxLabelBytes) + " are allowed");
    }
    if (value.find('\0') != std::string_view::npos || value.find('\n') != std::string_view::npos) {
        throw InvalidInput(std::string(what) + " " + quoteInput(value)
                           + " contains NUL or a newline, which labels must not contain");
    }
}

void validateWait(std::chrono::milliseconds wait, std::chrono::milliseconds refresh)
{
    if (wait < std::chrono::milliseconds{0} || wait > kMaxTtl) {
        throw InvalidInput("wait " + std::to_string(wait.count()) + " ms is out of range: it must be between 0 and "
                           + std::to_string(kMaxTtl.count()) + " ms");
    }
    validateTtl(refresh, "wait refresh");
}

void validateHolding(const std::vector<LeaseId>& holding)
{
    if (holding.size() > kMaxHolding)
        throw InvalidInput("holding names " + std::to_string(holding.size()) + " leases, at most "
                           + std::to_string(kMaxHolding) + " are allowed");
    for (const LeaseId& lease : holding)
        validateLeaseIdArgument(lease);
}

void validateCallId(std::string_view callId)
{
    if (callId.size() > kMaxCallId)
        throw InvalidInput("call id of " + std::to_string(callId.size()) + " bytes is too long: at most "
                           + std::to_string(kMaxCallId) + " are allowed");
    if (callId.find('\0') != std::string_view::npos)
        throw InvalidInput("call id must not contain NUL");
}

void validateRenewEvery(std::chrono::milliseconds renewEvery, std::chrono::milliseconds ttl)
{
    if (renewEvery.count() != 0 && (renewEvery < std::chrono::milliseconds(10) || renewEvery > ttl))
        throw InvalidInput("renewal period " + std::to_string(renewEvery.count())
                           + " ms is out of range: it must be 0 (none) or between 10 ms and the ttl ("
                           + std::to_string(ttl.count()) + " ms)");
}

void validateForce(std::string_view lease, const ForceOptions& options)
{
    validateLeaseIdArgument(lease);
    validateLabel("operator", options.operatorName, true);
    validateLabel("host", options.host);
    validateLabel("reason", options.reason, true);
    if (options.lockDelay < std::chrono::milliseconds{0} || options.lockDelay > kMaxTtl) {
        throw InvalidInput("lock-delay " + std::to_string(options.lockDelay.count())
                           + " ms is out of range: it must be between 0 and " + std::to_string(kMaxTtl.count())
                           + " ms");
    }
}

void validateGrace(std::optional<std::chrono::milliseconds> grace)
{
    if (grace && (*grace < std::chrono::milliseconds{0} || *grace > kMaxGrace)) {
        throw InvalidInput("grace " + std::to_string(grace->count()) + " ms is out of range: it must be between 0 and "
                           + std::to_string(kMaxGrace.count()) + " ms, or off");
    }
}

std::string graceSetting(std::optional<std::chrono::milliseconds> grace)
{
    return grace ? "grace=" + std::to_string(grace->count()) : std::string("grace=off");
}

double decayedRefusals(double score, std::int64_t nowMs, std::int64_t epochMs)
{
    return score * std::pow(2.0, -static_cast<double>(nowMs - epochMs) / static_cast<double>(kContentionHalfLife.count()));
}

double refusalWeight(std::int64_t nowMs, std::int64_t epochMs)
{
    return std::pow(2.0, static_cast<double>(nowMs - epochMs) / static_cast<double>(kContentionHalfLife.count()));
}

void validateTop(std::size_t top)
{
    if (top < 1 || top > kContentionPaths) {
        throw InvalidInput("top " + std::to_string(top) + " is out of range: the contention table keeps between 1 and "
                           + std::to_string(kContentionPaths) + " paths");
    }
}

void validateLeaseIdArgument(std::string_view id, std::string_view what)
{
    if (!isValidLeaseId(id)) {
        throw InvalidInput(std::string(what) + " " + quoteInput(id)
                           + " is malformed: it must be 32 lower-case hex digits");
    }
}

std::string formatStreamId(StreamId id)
{
    return std::to_string(id.ms) + "-" + std::to_string(id.seq);
}

std::optional<StreamId> parseStreamId(std::string_view text)
{
    StreamId id;
    if (text.empty())
        return id;
    const auto parseNumber = [](std::string_view part, std::int64_t& out) {
        if (part.empty())
            return false;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc{} && end == part.data() + part.size() && out >= 0;
    };
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos)
        return parseNumber(text, id.ms) ? std::optional(id) : std::nullopt;
    if (!parseNumber(text.substr(0, dash), id.ms) || !parseNumber(text.substr(dash + 1), id.seq))
        return std::nullopt;
    return id;
}

} // namespace treelock::detail
