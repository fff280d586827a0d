#include "cliparser.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisurl.h"
#include "treelock/sim/simulation.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

struct OptionSpec {
    std::string_view name;
    bool takesValue = false;
};

constexpr OptionSpec kGlobalOptions[] = {
    {"--redis", true},  {"--project", true},          {"--json", false},   {"--quiet", false}, {"-q", false},
    {"--case-insensitive", false}, {"--min-replicas", true}, {"--replica-timeout", true},
    {"--help", false}, {"-h", false}, {"--version", false},
};

struct CommandSpec {
    std::string_view name;
    std::vector<OptionSpec> options;
};

const std::vector<CommandSpec>& commandSpecs()
{
    static const std::vector<CommandSpec> specs{
        {"acquire",
         {{"--owner", true}, {"--ttl", true}, {"--wait", true}, {"--profile", true},
          {"--policy", true}, {"--lock", true}, {"--op", true}}},
        {"release", {}},
        {"renew", {{"--ttl", true}}},
        {"force-release",
         {{"--reason", true}, {"--admin", false}, {"--lock-delay", true}, {"--operator", true}}},
        {"sweep", {{"--operator", true}}},
        {"locks", {}},
        {"waiting", {}},
        {"contention", {{"--top", true}}},
        {"topology", {}},
        {"projects", {}},
        {"fsck", {{"--repair", false}}},
        {"config", {{"--operator", true}}},
        {"check-history", {}},
        {"events", {{"--from", true}, {"--count", true}, {"--follow", false}}},
        {"matrix", {{"--profile", true}, {"--markdown", false}}},
        {"simulate",
         {{"--memory", false}, {"--realtime", false}, {"--users", true}, {"--seconds", true},
          {"--seed", true}, {"--mix", true}, {"--crash-rate", true}, {"--pause-rate", true},
          {"--slow-release-rate", true}, {"--no-locking", false}, {"--profile", true},
          {"--ttl", true}, {"--uniform", false}, {"--grace", true}}},
        {"scenario", {{"--memory", false}}},
        {"help", {}},
    };
    return specs;
}

const CommandSpec* findCommand(std::string_view name)
{
    for (const auto& spec : commandSpecs()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

const OptionSpec* findOption(std::string_view name, const std::vector<OptionSpec>& options)
{
    for (const auto& option : options) {
        if (option.name == name)
            return &option;
    }
    return nullptr;
}

const OptionSpec* findGlobalOption(std::string_view name)
{
    for (const auto& option : kGlobalOptions) {
        if (option.name == name)
            return &option;
    }
    return nullptr;
}

bool isCommandOption(std::string_view name)
{
    return std::any_of(commandSpecs().begin(), commandSpecs().end(),
                       [name](const CommandSpec& spec) { return findOption(name, spec.options); });
}

bool looksLikeOption(std::string_view token)
{
    return token.size() > 1 && token.front() == '-';
}

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

long long parseWholeNumber(std::string_view option, const std::string& value, long long lo,
                           long long hi, std::string_view unit)
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

double parseFraction(std::string_view option, const std::string& value, double lo, double hi)
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

milliseconds parseMillis(std::string_view option, const std::string& value, milliseconds lo,
                         milliseconds hi)
{
    return milliseconds(parseWholeNumber(option, value, lo.count(), hi.count(),
                                         "a whole number of milliseconds"));
}

LockSpec parseLock(const std::string& value)
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

enum class LeaseArgument { Whole, WholeOrStart };

// One LEASE id; force-release also takes the start of one, as `locks` and `waiting` show it.
void checkLeaseArgument(std::string_view command, const std::vector<std::string>& positionals,
                        LeaseArgument accepted = LeaseArgument::Whole)
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

void checkNoArguments(std::string_view command, const std::vector<std::string>& positionals)
{
    if (!positionals.empty())
        throw UsageError("unexpected argument " + quoteInput(positionals.front()) + " for "
                         + std::string(command));
}

// Options as collected from the command line: name -> values, in order.
class Collected {
public:
    void add(std::string_view name, std::string value)
    {
        auto& values = m_values[std::string(name)];
        if (!values.empty() && name != "--lock")
            throw UsageError("option " + std::string(name) + " given twice");
        values.push_back(std::move(value));
    }
    bool has(std::string_view name) const { return m_values.count(std::string(name)) > 0; }
    std::optional<std::string> value(std::string_view name) const
    {
        const auto it = m_values.find(std::string(name));
        if (it == m_values.end())
            return std::nullopt;
        return it->second.front();
    }
    std::optional<std::string> nonEmpty(std::string_view name) const
    {
        auto v = value(name);
        if (v && v->empty())
            throw UsageError("option " + std::string(name) + " must not be empty");
        return v;
    }
    std::vector<std::string> all(std::string_view name) const
    {
        const auto it = m_values.find(std::string(name));
        return it == m_values.end() ? std::vector<std::string>{} : it->second;
    }

private:
    std::map<std::string, std::vector<std::string>> m_values;
};

// A label option (--owner, --operator, --reason): the engine's rule, checked
// before connecting so bad input is exit 2 whether Redis is up or not.
std::optional<std::string> labelOption(const Collected& options, std::string_view name)
{
    auto value = options.nonEmpty(name);
    if (value) {
        try {
            validateLabel(name, *value);
        } catch (const InvalidInput& error) {
            throw UsageError(error.what());
        }
    }
    return value;
}

void checkProfile(const std::string& profile)
{
    const auto names = Policy::builtinNames();
    if (std::find(names.begin(), names.end(), profile) == names.end()) {
        std::string list;
        for (const auto& name : names)
            list += (list.empty() ? "" : ", ") + name;
        throw UsageError("unknown --profile " + quoteInput(profile) + ": expected one of " + list);
    }
}

// The value of `config grace=...`: "off", or milliseconds 0..kMaxGrace.
GraceSetting parseGrace(const std::string& value)
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

AcquireCommand buildAcquire(const Collected& options, const std::vector<std::string>& positionals)
{
    AcquireCommand cmd;
    cmd.owner = labelOption(options, "--owner");
    if (auto ttl = options.value("--ttl"))
        cmd.ttl = parseMillis("--ttl", *ttl, kMinTtl, kMaxTtl);
    if (auto wait = options.value("--wait"))
        cmd.wait = parseMillis("--wait", *wait, milliseconds(0), kMaxTtl);
    cmd.profile = options.nonEmpty("--profile");
    cmd.policyFile = options.nonEmpty("--policy");
    if (cmd.profile && cmd.policyFile)
        throw UsageError("--profile and --policy cannot be combined");
    if (cmd.profile)
        checkProfile(*cmd.profile);
    for (const auto& spec : options.all("--lock"))
        cmd.locks.push_back(parseLock(spec));

    const auto op = options.value("--op");
    if (op && !cmd.locks.empty())
        throw UsageError("--lock and --op cannot be combined");
    if (!op) {
        if (cmd.locks.empty())
            throw UsageError("acquire needs --lock MODE:PATH or --op OPERATION ARGS...");
        if (cmd.profile || cmd.policyFile)
            throw UsageError(std::string(cmd.profile ? "--profile" : "--policy")
                             + " applies only to --op");
        if (!positionals.empty())
            throw UsageError("unexpected argument " + quoteInput(positionals.front())
                             + " for acquire (give paths as --lock MODE:PATH)");
        return cmd;
    }
    const auto parsed = parseOperation(*op);
    if (!parsed)
        throw UsageError("unknown operation " + quoteInput(*op) + " for --op: expected one of "
                         + operationList());
    const OperationUsage usage = usageOf(*parsed);
    const bool countOk = usage.count == 0 ? !positionals.empty() : positionals.size() == usage.count;
    if (!countOk)
        throw UsageError("--op " + *op + " needs " + std::string(usage.usage) + ", got "
                         + plural(positionals.size(), "argument"));
    cmd.operation = OperationCall{*parsed, positionals};
    return cmd;
}

Command buildCommand(std::string_view name, const Collected& options,
                     const std::vector<std::string>& positionals)
{
    if (name == "acquire")
        return buildAcquire(options, positionals);
    if (name == "release") {
        checkLeaseArgument(name, positionals);
        return ReleaseCommand{positionals.front()};
    }
    if (name == "renew") {
        checkLeaseArgument(name, positionals);
        RenewCommand cmd{positionals.front(), std::nullopt};
        if (auto ttl = options.value("--ttl"))
            cmd.ttl = parseMillis("--ttl", *ttl, kMinTtl, kMaxTtl);
        return cmd;
    }
    if (name == "force-release") {
        checkLeaseArgument(name, positionals, LeaseArgument::WholeOrStart);
        ForceReleaseCommand cmd;
        cmd.lease = positionals.front();
        const auto reason = labelOption(options, "--reason");
        if (!reason)
            throw UsageError("force-release needs --reason TEXT (it is recorded in the event stream)");
        cmd.reason = *reason;
        cmd.admin = options.has("--admin");
        if (auto delay = options.value("--lock-delay"))
            cmd.lockDelay = parseMillis("--lock-delay", *delay, milliseconds(0), kMaxTtl);
        cmd.operatorName = labelOption(options, "--operator");
        return cmd;
    }
    if (name == "sweep") {
        checkNoArguments(name, positionals);
        return SweepCommand{labelOption(options, "--operator")};
    }
    if (name == "locks") {
        checkNoArguments(name, positionals);
        return LocksCommand{};
    }
    if (name == "waiting") {
        checkNoArguments(name, positionals);
        return WaitingCommand{};
    }
    if (name == "contention") {
        checkNoArguments(name, positionals);
        ContentionCommand cmd;
        if (auto top = options.value("--top"))
            cmd.top = static_cast<std::size_t>(parseWholeNumber(
                "--top", *top, 1, static_cast<long long>(kContentionPaths), "a whole number of paths"));
        return cmd;
    }
    if (name == "topology") {
        checkNoArguments(name, positionals);
        return TopologyCommand{};
    }
    if (name == "projects") {
        checkNoArguments(name, positionals);
        return ProjectsCommand{};
    }
    if (name == "fsck") {
        checkNoArguments(name, positionals);
        return FsckCommand{options.has("--repair")};
    }
    if (name == "config") {
        ConfigCommand cmd;
        for (const std::string& setting : positionals) {
            const auto eq = setting.find('=');
            if (eq == std::string::npos)
                throw UsageError("invalid setting " + quoteInput(setting)
                                 + ": expected NAME=VALUE, e.g. events=audit or grace=5");
            const std::string_view key = std::string_view(setting).substr(0, eq);
            const std::string value = setting.substr(eq + 1);
            if (key == "events") {
                if (cmd.events)
                    throw UsageError("setting events given twice");
                cmd.events = parseEventLevel(value);
                if (!cmd.events)
                    throw UsageError("invalid events " + quoteInput(value) + ": expected all or audit");
            } else if (key == "grace") {
                if (cmd.grace)
                    throw UsageError("setting grace given twice");
                cmd.grace = parseGrace(value);
            } else {
                throw UsageError("unknown setting " + quoteInput(key) + ": the settings are: events, grace");
            }
        }
        cmd.operatorName = labelOption(options, "--operator");
        if (cmd.operatorName && !cmd.changes())
            throw UsageError("--operator is recorded with a change: give events=all|audit or grace=MS|off");
        return cmd;
    }
    if (name == "check-history") {
        checkNoArguments(name, positionals);
        return CheckHistoryCommand{};
    }
    if (name == "matrix") {
        checkNoArguments(name, positionals);
        MatrixCommand cmd;
        cmd.profile = options.nonEmpty("--profile");
        if (cmd.profile)
            checkProfile(*cmd.profile);
        cmd.markdown = options.has("--markdown");
        return cmd;
    }
    if (name == "simulate") {
        checkNoArguments(name, positionals);
        SimulateCommand cmd;
        cmd.memory = options.has("--memory");
        cmd.realTime = options.has("--realtime");
        if (auto users = options.value("--users"))
            cmd.users = static_cast<std::size_t>(parseWholeNumber("--users", *users, sim::limits::kMinUsers, sim::limits::kMaxUsers, "a whole number"));
        if (auto seconds = options.value("--seconds"))
            cmd.seconds = parseFraction("--seconds", *seconds, 0.001, 86400);
        if (auto seed = options.value("--seed"))
            cmd.seed = static_cast<std::uint64_t>(
                parseWholeNumber("--seed", *seed, 0, 9'000'000'000'000'000'000, "a whole number"));
        if (auto mix = options.nonEmpty("--mix")) {
            try {
                cmd.mix = sim::parseMix(*mix);
            } catch (const InvalidInput& error) {
                throw UsageError(std::string("invalid --mix: ") + error.what());
            }
            double total = 0;
            for (double w : *cmd.mix)
                total += w;
            if (total <= 0)
                throw UsageError("invalid --mix " + quoteInput(*mix) + ": no operation has a weight > 0");
        }
        if (auto r = options.value("--crash-rate"))
            cmd.crashRate = parseFraction("--crash-rate", *r, 0, 1);
        if (auto r = options.value("--pause-rate"))
            cmd.pauseRate = parseFraction("--pause-rate", *r, 0, 1);
        if (auto r = options.value("--slow-release-rate"))
            cmd.slowReleaseRate = parseFraction("--slow-release-rate", *r, 0, 1);
        if (cmd.crashRate + cmd.pauseRate + cmd.slowReleaseRate > 1)
            throw UsageError("--crash-rate, --pause-rate and --slow-release-rate add up to more than 1");
        cmd.noLocking = options.has("--no-locking");
        cmd.profile = options.nonEmpty("--profile");
        if (cmd.profile)
            checkProfile(*cmd.profile);
        if (auto ttl = options.value("--ttl"))
            cmd.ttl = parseMillis("--ttl", *ttl, kMinTtl, kMaxTtl);
        cmd.uniform = options.has("--uniform");
        if (auto grace = options.value("--grace"))
            cmd.grace = parseGrace(*grace);
        return cmd;
    }
    if (name == "scenario") {
        if (positionals.size() != 1)
            throw UsageError(positionals.empty() ? "scenario needs a FILE"
                                                 : "unexpected argument " + quoteInput(positionals[1])
                                                       + " for scenario (it takes one FILE)");
        ScenarioCommand cmd;
        cmd.file = positionals.front();
        cmd.memory = options.has("--memory");
        return cmd;
    }
    if (name == "events") {
        checkNoArguments(name, positionals);
        EventsCommand cmd;
        if (auto from = options.nonEmpty("--from")) {
            if (!isStreamId(*from))
                throw UsageError("invalid --from " + quoteInput(*from)
                                 + ": expected an event id such as 1700000000000-0 (or 0)");
            cmd.from = *from;
        }
        if (auto count = options.value("--count"))
            cmd.count = static_cast<std::size_t>(
                parseWholeNumber("--count", *count, 1, 1'000'000'000, "a whole number"));
        cmd.follow = options.has("--follow");
        return cmd;
    }
    // help
    if (positionals.size() > 1)
        throw UsageError("unexpected argument " + quoteInput(positionals[1]) + " for help");
    HelpCommand help;
    if (!positionals.empty()) {
        help.topic = positionals.front();
        if (!findCommand(help.topic))
            throw UsageError("unknown command " + quoteInput(help.topic) + " (try treelock --help)");
    }
    return help;
}

// --help / -h and --version win over everything else on the line (before "--").
std::optional<Command> earlyExit(const std::vector<std::string>& args)
{
    bool help = false;
    bool version = false;
    std::string topic;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& token = args[i];
        if (token == "--")
            break;
        if (token == "--help" || token == "-h") {
            help = true;
        } else if (token == "--version") {
            version = true;
        } else if (token == "--redis" || token == "--project" || token == "--min-replicas"
                   || token == "--replica-timeout") {
            ++i;
        } else if (!looksLikeOption(token) && topic.empty()) {
            topic = token;
        }
    }
    if (version)
        return VersionCommand{};
    if (!help)
        return std::nullopt;
    if (topic == "help" || topic.empty())
        return HelpCommand{};
    if (!findCommand(topic))
        throw UsageError("unknown command " + quoteInput(topic) + " (try treelock --help)");
    return HelpCommand{topic};
}

} // namespace

const std::vector<std::string>& commandNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& spec : commandSpecs())
            out.emplace_back(spec.name);
        return out;
    }();
    return names;
}

std::vector<std::string> commandOptions(std::string_view command)
{
    std::vector<std::string> names;
    if (const CommandSpec* spec = findCommand(command)) {
        for (const auto& option : spec->options)
            names.emplace_back(option.name);
    }
    return names;
}

std::vector<std::string> globalOptions()
{
    std::vector<std::string> names;
    for (const auto& option : kGlobalOptions)
        names.emplace_back(option.name);
    return names;
}

Invocation parseCommandLine(const std::vector<std::string>& args)
{
    Invocation invocation;
    if (auto early = earlyExit(args)) {
        invocation.command = std::move(*early);
        return invocation;
    }

    const CommandSpec* command = nullptr;
    Collected options;
    std::vector<std::string> positionals;
    bool endOfOptions = false;
    // The last option before the command that took the next word as its value:
    // when no command follows, that word may have been meant as the command.
    std::string lastValueOption;
    std::string lastValue;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& token = args[i];
        if (!endOfOptions && token == "--") {
            endOfOptions = true;
            continue;
        }
        if (!endOfOptions && looksLikeOption(token)) {
            const auto equals = token.find('=');
            const bool longOption = token.rfind("--", 0) == 0;
            const std::string name = longOption ? token.substr(0, equals) : token;
            std::optional<std::string> inlineValue;
            if (longOption && equals != std::string::npos)
                inlineValue = token.substr(equals + 1);

            const OptionSpec* spec = findGlobalOption(name);
            if (!spec && command)
                spec = findOption(name, command->options);
            if (!spec) {
                if (!command && isCommandOption(name)) {
                    if (!lastValue.empty() && findCommand(lastValue))
                        throw UsageError("option " + name + " must come after the command, and no command was "
                                         "given: " + quoteInput(lastValue) + " was taken as the value of "
                                         + lastValueOption + " (give " + lastValueOption
                                         + " a value before the command)");
                    throw UsageError("option " + name + " must come after the command");
                }
                std::string hint;
                if (command && std::string_view(command->name) == "config" && (name == "--grace" || name == "--events"))
                {
                    std::string example = name == "--grace" ? "5" : "audit";
                    if (inlineValue)
                        example = *inlineValue;
                    else if (i + 1 < args.size() && !looksLikeOption(args[i + 1]))
                        example = args[i + 1];
                    hint = " (settings are NAME=VALUE arguments: " + name.substr(2) + "=" + example + ")";
                }
                throw UsageError("unknown option " + quoteInput(name)
                                 + (command ? " for " + std::string(command->name) : std::string()) + hint);
            }
            std::string value;
            if (spec->takesValue) {
                if (inlineValue) {
                    value = *inlineValue;
                } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
                    value = args[++i];
                    if (!command) {
                        lastValueOption = name;
                        lastValue = value;
                    }
                } else {
                    throw UsageError("option " + name + " needs a value");
                }
            } else if (inlineValue) {
                throw UsageError("option " + name + " takes no value");
            }
            options.add(name, std::move(value));
            continue;
        }
        if (!command) {
            command = findCommand(token);
            if (!command)
                throw UsageError("unknown command " + quoteInput(token) + " (try treelock --help)");
            continue;
        }
        positionals.push_back(token);
    }
    if (!command && !lastValue.empty() && findCommand(lastValue))
        throw UsageError("no command given: " + quoteInput(lastValue) + " was taken as the value of "
                         + lastValueOption + " (give " + lastValueOption + " a value before the command)");
    if (!command)
        throw UsageError("no command given (try treelock --help)");

    GlobalOptions& global = invocation.global;
    global.redisUrl = options.nonEmpty("--redis");
    if (auto project = options.value("--project")) {
        try {
            validateProject(*project);
        } catch (const InvalidInput& error) {
            throw UsageError(error.what());
        }
        global.project = *project;
    }
    global.json = options.has("--json");
    global.quiet = options.has("--quiet") || options.has("-q");
    global.caseInsensitive = options.has("--case-insensitive");
    if (auto n = options.value("--min-replicas"))
        global.minReplicas = static_cast<int>(parseWholeNumber("--min-replicas", *n, 0, kMaxMinReplicas, "a whole number"));
    if (auto ms = options.value("--replica-timeout"))
        global.replicaTimeout = parseMillis("--replica-timeout", *ms, milliseconds(1), kMaxReplicaTimeout);
    invocation.command = buildCommand(command->name, options, positionals);
    if (const auto* simulate = std::get_if<SimulateCommand>(&invocation.command);
        simulate && simulate->memory && global.redisUrl)
        throw UsageError("simulate: --memory and --redis cannot be combined");
    if (const auto* scenario = std::get_if<ScenarioCommand>(&invocation.command);
        scenario && scenario->memory && global.redisUrl)
        throw UsageError("scenario: --memory and --redis cannot be combined");
    if (const auto* matrix = std::get_if<MatrixCommand>(&invocation.command);
        matrix && matrix->markdown && global.json)
        throw UsageError("matrix: --json and --markdown cannot be combined");
    return invocation;
}

} // namespace treelock::cli
