#include "clivalues.h"

#include "treelock/engine.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/policy.h"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <sstream>

namespace treelock::cli::values {

namespace {

using std::chrono::milliseconds;

// Shape of an operation's arguments, as the CLI documents them.
struct OperationUsage {
    std::string_view usage;
    std::size_t count; // 0 = one or more
};

OperationUsage usageOf(Operation op)
{
    switch (op) {
    case Operation::Create:
    case Operation::Upload: return {"FOLDER NAME", 2};
    case Operation::MoveFolder:
    case Operation::MoveFile:
    case Operation::CopyFolder:
    case Operation::CopyFile: return {"SRC DSTFOLDER", 2};
    case Operation::RenameFolder:
    case Operation::RenameFile: return {"SRC NEWNAME", 2};
    case Operation::DeleteFolder:
    case Operation::DeleteFile: return {"PATH", 1};
    case Operation::Purge: return {"ITEM...", 0};
    }
    return {"", 0};
}

std::string operationList()
{
    std::string list;
    for (const Operation op : kAllOperations) {
        if (!list.empty())
            list += ", ";
        list += toString(op);
    }
    return list;
}

std::string plural(std::size_t n, std::string_view word)
{
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

} // namespace

long long wholeNumber(std::string_view option, const std::string& value, long long lo, long long hi,
                      std::string_view unit)
{
    long long number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || value.front() == '-' || ec != std::errc()
        || end != value.data() + value.size() || number < lo || number > hi) {
        throw UsageError("invalid " + std::string(option) + " " + quoteInput(value) + ": expected "
                         + std::string(unit) + " from " + std::to_string(lo) + " to "
                         + std::to_string(hi));
    }
    return number;
}

double fraction(std::string_view option, const std::string& value, double lo, double hi)
{
    double number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || !(number >= lo)
        || !(number <= hi)) {
        std::ostringstream range;
        range << "a number from " << lo << " to " << hi;
        throw UsageError("invalid " + std::string(option) + " " + quoteInput(value) + ": expected " + range.str());
    }
    return number;
}

milliseconds millis(std::string_view option, const std::string& value, milliseconds lo, milliseconds hi)
{
    return milliseconds(wholeNumber(option, value, lo.count(), hi.count(), "a whole number of milliseconds"));
}

std::string nonEmpty(std::string_view option, const std::string& value)
{
    if (value.empty())
        throw UsageError("option " + std::string(option) + " must not be empty");
    return value;
}

std::string label(std::string_view option, const std::string& value)
{
    nonEmpty(option, value);
    try {
        validateLabel(option, value);
    } catch (const InvalidInput& error) {
        throw UsageError(error.what());
    }
    return value;
}

std::string profile(const std::string& value)
{
    nonEmpty("--profile", value);
    const auto names = Policy::builtinNames();
    if (std::find(names.begin(), names.end(), value) == names.end()) {
        std::string list;
        for (const auto& name : names)
            list += (list.empty() ? "" : ", ") + name;
        throw UsageError("unknown --profile " + quoteInput(value) + ": expected one of " + list);
    }
    return value;
}

LockSpec lock(const std::string& value)
{
    const auto colon = value.find(':');
    if (colon == std::string::npos)
        throw UsageError("invalid --lock " + quoteInput(value)
                         + ": expected MODE:PATH, MODE one of IS, IX, S, SIX, X");
    const std::string modeText = value.substr(0, colon);
    const auto mode = parseLockMode(modeText);
    if (!mode)
        throw UsageError("invalid lock mode " + quoteInput(modeText) + " in --lock " + quoteInput(value)
                         + ": expected IS, IX, S, SIX or X");
    LockSpec spec{*mode, value.substr(colon + 1)};
    if (spec.path.empty())
        throw UsageError("invalid --lock " + quoteInput(value) + ": the path is missing");
    return spec;
}

GraceSetting grace(const std::string& value)
{
    if (value == "off")
        return GraceSetting{std::nullopt};
    long long ms = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (value.empty() || value.front() == '-' || ec != std::errc() || end != value.data() + value.size()
        || ms > kMaxGrace.count())
        throw UsageError("invalid grace " + quoteInput(value) + ": expected a whole number of milliseconds from 0 to "
                         + std::to_string(kMaxGrace.count()) + ", or off");
    return GraceSetting{milliseconds(ms)};
}

bool isStreamId(std::string_view id)
{
    const auto digits = [](std::string_view part) {
        return !part.empty() && part.size() <= 20
               && std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const auto dash = id.find('-');
    if (dash == std::string_view::npos)
        return digits(id);
    return digits(id.substr(0, dash)) && digits(id.substr(dash + 1));
}

void leaseArgument(std::string_view command, const std::vector<std::string>& positionals, LeaseArgument accepted)
{
    if (positionals.empty())
        throw UsageError(std::string(command) + " needs a LEASE id");
    if (positionals.size() > 1)
        throw UsageError("unexpected argument " + quoteInput(positionals[1]) + " for "
                         + std::string(command) + " (it takes one LEASE id)");
    const std::string& id = positionals.front();
    if (accepted == LeaseArgument::Whole) {
        if (!isValidLeaseId(id))
            throw UsageError("invalid lease id " + quoteInput(id) + ": a lease id is 32 lower-case hex digits");
        return;
    }
    if (!isLeaseIdStart(id))
        throw UsageError("invalid lease id " + quoteInput(id) + ": " + std::string(command)
                         + " takes a lease id (32 lower-case hex digits) or its first "
                         + std::to_string(kShortLeaseIdChars) + " or more, as `locks` shows them");
}

std::string leaseId(std::string_view option, const std::string& value)
{
    if (!isValidLeaseId(value))
        throw UsageError("invalid " + std::string(option) + " " + quoteInput(value)
                         + ": a lease id is 32 lower-case hex digits (for example from `openssl rand -hex 16`)");
    return value;
}

std::string waiterId(std::string_view option, const std::string& value)
{
    if (!isLeaseIdStart(value))
        throw UsageError("invalid " + std::string(option) + " " + quoteInput(value)
                         + ": it takes a waiter's lease id (32 lower-case hex digits) or its first "
                         + std::to_string(kShortLeaseIdChars) + " or more, as `waiting` shows them");
    return value;
}

void noArguments(std::string_view command, const std::vector<std::string>& positionals)
{
    if (!positionals.empty())
        throw UsageError("unexpected argument " + quoteInput(positionals.front()) + " for "
                         + std::string(command));
}

OperationCall operation(const std::string& name, const std::vector<std::string>& positionals)
{
    const auto parsed = parseOperation(name);
    if (!parsed)
        throw UsageError("unknown operation " + quoteInput(name) + " for --op: expected one of "
                         + operationList());
    const OperationUsage usage = usageOf(*parsed);
    const bool countOk = usage.count == 0 ? !positionals.empty() : positionals.size() == usage.count;
    if (!countOk)
        throw UsageError("--op " + name + " needs " + std::string(usage.usage) + ", got "
                         + plural(positionals.size(), "argument"));
    return OperationCall{*parsed, positionals};
}

ListenAddress listenAddress(std::string_view option, const std::string& value)
{
    const auto refuse = [&](const std::string& why) {
        return UsageError(std::string(option) + " " + quoteInput(value) + " is not HOST:PORT: " + why);
    };
    if (!value.empty() && value.front() == '[')
        throw UsageError(std::string(option) + " " + quoteInput(value)
                         + ": the HTTP server listens on IPv4 only (0.0.0.0 for every interface, 127.0.0.1 for this "
                           "machine alone)");
    const auto colon = value.rfind(':');
    if (colon == std::string::npos)
        throw refuse("it has no port (give 127.0.0.1:9481 or 0.0.0.0:9481)");
    ListenAddress address;
    address.host = value.substr(0, colon);
    const std::string port = value.substr(colon + 1);
    int number = -1;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || error != std::errc{} || end != port.data() + port.size() || number < 0 || number > 65535)
        throw refuse("the port must be a whole number from 0 to 65535 (0: any free port)");
    address.port = number;
    unsigned char bytes[4];
    if (address.host == "localhost")
        address.host = "127.0.0.1";
    else if (inet_pton(AF_INET, address.host.c_str(), bytes) != 1)
        throw refuse(address.host.empty() ? std::string("the host is missing (0.0.0.0 listens on every interface)")
                                          : quoteInput(address.host) + " is not an IPv4 address or localhost");
    return address;
}

} // namespace treelock::cli::values
