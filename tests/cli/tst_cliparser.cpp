// Pure parsing of the treelock command line (app/cli/cliparser.h): every
// command and option, and every usage error with the option it names.
#include "cliparser.h"
#include "commands.h"
#include "commands/acquire.h"
#include "commands/config.h"
#include "commands/contention.h"
#include "commands/events.h"
#include "commands/exporter.h"
#include "commands/forcerelease.h"
#include "commands/fsck.h"
#include "commands/help.h"
#include "commands/matrix.h"
#include "commands/release.h"
#include "commands/renew.h"
#include "commands/scenario.h"
#include "commands/simulate.h"
#include "commands/sweep.h"
#include "thrown.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace treelock;
using namespace treelock::cli;
using std::chrono::milliseconds;

namespace {

constexpr const char* kLease = "0123456789abcdef0123456789abcdef";

Invocation parse(const std::vector<std::string>& args) { return parseCommandLine(args); }

// The UsageError message for `args`, or "" if they parse.
std::string usageErrorOf(const std::vector<std::string>& args)
{
    return treelock::test::messageThrownBy<UsageError>([&] { parseCommandLine(args); });
}

template <typename T>
T commandOf(const std::vector<std::string>& args)
{
    const Invocation invocation = parse(args);
    const T* command = invocation.command.values<T>();
    EXPECT_NE(command, nullptr) << "wrong command kind for " << ::testing::PrintToString(args);
    return command ? *command : T{};
}

void expectUsageError(const std::vector<std::string>& args, const std::string& mentions)
{
    const std::string message = usageErrorOf(args);
    EXPECT_FALSE(message.empty()) << "no usage error for " << ::testing::PrintToString(args);
    EXPECT_NE(message.find(mentions), std::string::npos)
        << "message \"" << message << "\" does not mention \"" << mentions << "\"";
}

} // namespace

// ---------------------------------------------------------------- the registry

// The commands register themselves from their files: a file that the link dropped
// would be missing here (two that claim one name or one place in the overview make
// commandDeclarations() throw).
TEST(CliParserRegistry, everyCommandFileRegistersOneCommand)
{
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(TREELOCK_CLI_COMMANDS_DIR))
        files += entry.path().extension() == ".cpp";
    EXPECT_EQ(commandNames().size(), files);
    ASSERT_FALSE(commandNames().empty());
    EXPECT_EQ(commandNames().front(), "acquire");
    EXPECT_EQ(commandNames().back(), "help");
}

TEST(CliParserRegistry, eachCommandParsesToItsOwnName)
{
    for (const char* name : {"locks", "waiting", "topology", "projects", "check-history", "fsck", "sweep"})
        EXPECT_EQ(parse({name}).name, name);
}

// ---------------------------------------------------------------- global options

TEST(CliParserGlobal, defaultsWhenNoGlobalOptionIsGiven)
{
    const Invocation inv = parse({"locks"});
    EXPECT_FALSE(inv.global.redisUrl.has_value());
    EXPECT_EQ(inv.global.project, "default");
    EXPECT_FALSE(inv.global.json);
    EXPECT_FALSE(inv.global.quiet);
    EXPECT_FALSE(inv.global.caseInsensitive);
    EXPECT_EQ(inv.name, "locks");
}

TEST(CliParserGlobal, everyGlobalOptionBeforeTheCommand)
{
    const Invocation inv = parse({"--redis", "unix:///tmp/r.sock", "--project", "drive-1.x_y", "--json",
                                  "--quiet", "--case-insensitive", "locks"});
    EXPECT_EQ(inv.global.redisUrl, "unix:///tmp/r.sock");
    EXPECT_EQ(inv.global.project, "drive-1.x_y");
    EXPECT_TRUE(inv.global.json);
    EXPECT_TRUE(inv.global.quiet);
    EXPECT_TRUE(inv.global.caseInsensitive);
    EXPECT_TRUE(parse({"-q", "locks"}).global.quiet);
    EXPECT_TRUE(parse({"locks", "-q"}).global.quiet);
    EXPECT_FALSE(parse({"locks"}).global.quiet);
}

TEST(CliParserGlobal, globalOptionsAfterTheCommandAndItsArguments)
{
    const Invocation inv = parse({"release", kLease, "--json", "--redis", "redis://h:1", "--project", "p"});
    EXPECT_TRUE(inv.global.json);
    EXPECT_EQ(inv.global.redisUrl, "redis://h:1");
    EXPECT_EQ(inv.global.project, "p");
    EXPECT_EQ(inv.command.values<ReleaseCommand>()->lease, kLease);
}

TEST(CliParserGlobal, equalsFormGivesTheValue)
{
    const Invocation inv = parse({"--redis=redis://h:2/3", "--project=q", "acquire", "--ttl=500",
                                  "--lock=X:/A"});
    EXPECT_EQ(inv.global.redisUrl, "redis://h:2/3");
    EXPECT_EQ(inv.global.project, "q");
    EXPECT_EQ(inv.command.values<AcquireCommand>()->ttl, milliseconds(500));
}

TEST(CliParserGlobal, invalidProjectIsNamed)
{
    expectUsageError({"--project", "bad project!", "locks"}, "bad project!");
    expectUsageError({"--project", "", "locks"}, "project");
    expectUsageError({"--project", std::string(65, 'a'), "locks"}, "project");
}

TEST(CliParserGlobal, emptyRedisUrlIsRefused)
{
    expectUsageError({"--redis", "", "locks"}, "--redis");
}

TEST(CliParserGlobal, globalOptionGivenTwiceIsRefused)
{
    expectUsageError({"--project", "a", "--project", "b", "locks"}, "--project");
    expectUsageError({"--json", "locks", "--json"}, "--json");
}

TEST(CliParserExporter, listenIsCheckedAndProjectMayBeGivenMoreThanOnce)
{
    const auto defaults = commandOf<ExporterCommand>({"exporter"});
    EXPECT_EQ(defaults.listen.text(), "127.0.0.1:9481");
    EXPECT_EQ(defaults.hotPaths, 10u);
    EXPECT_EQ(commandOf<ExporterCommand>({"exporter", "--listen", "0.0.0.0:0"}).listen.text(), "0.0.0.0:0");
    EXPECT_EQ(usageErrorOf({"exporter", "--listen=[::1]:9000"}),
              "--listen \"[::1]:9000\": the HTTP server listens on IPv4 only (0.0.0.0 for every interface, "
              "127.0.0.1 for this machine alone)");
    EXPECT_EQ(commandOf<ExporterCommand>({"exporter", "--listen", "localhost:80"}).listen.text(), "127.0.0.1:80");
    const auto bad = [](const std::string& value, const std::string& rule) {
        EXPECT_EQ(usageErrorOf({"exporter", "--listen", value}), "--listen " + quoteInput(value) + " is not HOST:PORT: " + rule)
            << value;
    };
    bad("9481", "it has no port (give 127.0.0.1:9481 or 0.0.0.0:9481)");
    bad(":9481", "the host is missing (0.0.0.0 listens on every interface)");
    bad("127.0.0.1:65536", "the port must be a whole number from 0 to 65535 (0: any free port)");
    bad("127.0.0.1:http", "the port must be a whole number from 0 to 65535 (0: any free port)");
    bad("127.0.0.1:", "the port must be a whole number from 0 to 65535 (0: any free port)");
    bad("300.1.1.1:80", "\"300.1.1.1\" is not an IPv4 address or localhost");
    bad("example.com:80", "\"example.com\" is not an IPv4 address or localhost");
    expectUsageError({"exporter", "--hot-paths", "257"}, "--hot-paths");
    EXPECT_EQ(commandOf<ExporterCommand>({"exporter", "--hot-paths", "0"}).hotPaths, 0u);
    EXPECT_EQ(commandOf<ExporterCommand>({"exporter"}).discoverEvery, std::chrono::seconds(30));
    EXPECT_EQ(commandOf<ExporterCommand>({"exporter", "--discover-every", "5"}).discoverEvery, std::chrono::seconds(5));
    expectUsageError({"exporter", "--discover-every", "0"}, "--discover-every");
    EXPECT_EQ(usageErrorOf({"--project", "a", "exporter", "--discover-every", "30"}),
              "--discover-every and --project cannot be combined: named projects are not looked for");

    const Invocation many = parse({"--project", "a", "exporter", "--project", "b"});
    EXPECT_EQ(many.global.projects, (std::vector<std::string>{"a", "b"}));
    EXPECT_TRUE(parse({"exporter"}).global.projects.empty());
    EXPECT_EQ(parse({"--project", "a", "locks"}).global.projects, std::vector<std::string>{"a"});
}

// ---------------------------------------------------------------- usage errors

TEST(CliParserErrors, noArgumentsIsAUsageError)
{
    expectUsageError({}, "no command");
    expectUsageError({"--json"}, "no command");
}

TEST(CliParserErrors, unknownCommandIsNamed)
{
    expectUsageError({"frobnicate"}, "\"frobnicate\"");
}

TEST(CliParserErrors, unknownOptionIsNamed)
{
    expectUsageError({"--frob", "locks"}, "--frob");
    expectUsageError({"locks", "--frob"}, "--frob");
    expectUsageError({"locks", "-x"}, "-x");
}

TEST(CliParserErrors, unknownOptionAfterACommandNamesTheCommand)
{
    expectUsageError({"release", kLease, "--ttl", "500"}, "for release");
    expectUsageError({"locks", "--repair"}, "for locks");
}

TEST(CliParserErrors, commandOptionBeforeTheCommandIsRefused)
{
    expectUsageError({"--ttl", "500", "acquire", "--lock", "X:/A"}, "--ttl must come after the command");
}

TEST(CliParserErrors, missingValueIsNamed)
{
    expectUsageError({"acquire", "--lock"}, "option --lock needs a value");
    expectUsageError({"acquire", "--lock", "X:/A", "--ttl"}, "option --ttl needs a value");
    expectUsageError({"acquire", "--ttl", "--lock", "X:/A"}, "option --ttl needs a value");
    expectUsageError({"locks", "--redis"}, "option --redis needs a value");
    expectUsageError({"--project"}, "option --project needs a value");
    // A global option without its value takes the command as its value.
    expectUsageError({"--project", "locks"},
                     "no command given: \"locks\" was taken as the value of --project (give --project a value "
                     "before the command)");
    expectUsageError({"--project", "p1"}, "no command given (try treelock --help)");
    // A setting given as an option is pointed at its NAME=VALUE form.
    EXPECT_EQ(usageErrorOf({"config", "--grace", "20"}),
              "unknown option \"--grace\" for config (settings are NAME=VALUE arguments: grace=20)");
    EXPECT_EQ(usageErrorOf({"config", "--grace"}),
              "unknown option \"--grace\" for config (settings are NAME=VALUE arguments: grace=5)");
    EXPECT_EQ(usageErrorOf({"config", "--events=audit"}),
              "unknown option \"--events\" for config (settings are NAME=VALUE arguments: events=audit)");
    // ... also when the command's own options follow.
    expectUsageError({"--min-replicas", "acquire", "--lock", "X:/A"},
                     "option --lock must come after the command, and no command was given: \"acquire\" was taken "
                     "as the value of --min-replicas (give --min-replicas a value before the command)");
    EXPECT_EQ(usageErrorOf({"--project", "p1", "--lock", "X:/A"}), "option --lock must come after the command");
}

TEST(CliParserErrors, flagWithAValueIsRefused)
{
    expectUsageError({"locks", "--json=yes"}, "--json takes no value");
    expectUsageError({"fsck", "--repair=1"}, "--repair takes no value");
}

TEST(CliParserErrors, commandOptionGivenTwiceIsRefused)
{
    expectUsageError({"acquire", "--ttl", "100", "--ttl", "200", "--lock", "X:/A"}, "--ttl given twice");
    expectUsageError({"acquire", "--op", "delete-file", "--op", "delete-file", "/A"}, "--op given twice");
}

TEST(CliParserErrors, unexpectedArgumentIsNamed)
{
    expectUsageError({"locks", "extra"}, "\"extra\"");
    expectUsageError({"sweep", "extra"}, "\"extra\"");
    expectUsageError({"fsck", "extra"}, "\"extra\"");
    expectUsageError({"events", "extra"}, "\"extra\"");
    expectUsageError({"release", kLease, "extra"}, "\"extra\"");
}

// ---------------------------------------------------------------- help and version

TEST(CliParserHelp, helpFlagsGiveTheOverview)
{
    EXPECT_EQ(commandOf<HelpCommand>({"--help"}).topic, "");
    EXPECT_EQ(commandOf<HelpCommand>({"-h"}).topic, "");
    EXPECT_EQ(commandOf<HelpCommand>({"help"}).topic, "");
}

TEST(CliParserHelp, helpOnACommand)
{
    EXPECT_EQ(commandOf<HelpCommand>({"help", "acquire"}).topic, "acquire");
    EXPECT_EQ(commandOf<HelpCommand>({"acquire", "--help"}).topic, "acquire");
    EXPECT_EQ(commandOf<HelpCommand>({"--redis", "unix:///x", "force-release", "-h"}).topic,
              "force-release");
}

TEST(CliParserHelp, helpWinsOverOtherErrorsOnTheLine)
{
    EXPECT_EQ(commandOf<HelpCommand>({"acquire", "--bogus", "--help"}).topic, "acquire");
    EXPECT_EQ(commandOf<HelpCommand>({"acquire", "--ttl", "x", "--help"}).topic, "acquire");
}

TEST(CliParserHelp, helpOnAnUnknownCommandIsAUsageError)
{
    expectUsageError({"help", "nope"}, "\"nope\"");
    expectUsageError({"nope", "--help"}, "\"nope\"");
    expectUsageError({"help", "acquire", "release"}, "\"release\"");
}

TEST(CliParserHelp, versionFlag)
{
    EXPECT_EQ(parse({"--version"}).name, "--version");
    EXPECT_EQ(parse({"locks", "--version"}).name, "--version");
}

TEST(CliParserGlobal, replicaOptionsAreCheckedAndGoAnywhere)
{
    Invocation inv = parse({"--min-replicas", "2", "acquire", "--lock", "X:/A", "--replica-timeout=250"});
    EXPECT_EQ(inv.global.minReplicas, 2);
    EXPECT_EQ(inv.global.replicaTimeout, std::chrono::milliseconds(250));
    inv = parse({"topology"});
    EXPECT_EQ(inv.name, "topology");
    EXPECT_FALSE(inv.global.minReplicas.has_value()) << "unset: the environment or 0 decides";
    EXPECT_FALSE(inv.global.replicaTimeout.has_value());
    EXPECT_EQ(parse({"--min-replicas", "1", "--help"}).name, "help");
    EXPECT_EQ(usageErrorOf({"--min-replicas", "-1", "locks"}),
              "invalid --min-replicas \"-1\": expected a whole number from 0 to 64");
    EXPECT_EQ(usageErrorOf({"--replica-timeout", "60001", "locks"}),
              "invalid --replica-timeout \"60001\": expected a whole number of milliseconds from 1 to 60000");
    EXPECT_EQ(usageErrorOf({"topology", "extra"}), "unexpected argument \"extra\" for topology");
}

TEST(CliParserProjects, takesNoArgumentsAndTheGlobalOptions)
{
    const Invocation inv = parse({"--json", "projects"});
    EXPECT_EQ(inv.name, "projects");
    EXPECT_TRUE(inv.global.json);
    EXPECT_EQ(usageErrorOf({"projects", "alpha"}), "unexpected argument \"alpha\" for projects");
}

TEST(CliParserConfig, readsOrSetsTheEventLevel)
{
    const Invocation shown = parse({"config"});
    ASSERT_NE(shown.command.values<ConfigCommand>(), nullptr);
    EXPECT_FALSE(shown.command.values<ConfigCommand>()->events);
    const Invocation set = parse({"config", "events=audit", "--operator", "alice"});
    const auto& cmd = *set.command.values<ConfigCommand>();
    EXPECT_EQ(cmd.events, EventLevel::Audit);
    EXPECT_EQ(cmd.operatorName, "alice");
    EXPECT_EQ(parse({"config", "events=all"}).command.values<ConfigCommand>()->events, EventLevel::All);
    EXPECT_EQ(usageErrorOf({"config", "events=AUDIT"}), "invalid events \"AUDIT\": expected all or audit");
    EXPECT_EQ(usageErrorOf({"config", "events="}), "invalid events \"\": expected all or audit");
    EXPECT_EQ(usageErrorOf({"config", "colour=red"}), "unknown setting \"colour\": the settings are: events, grace");
    EXPECT_EQ(usageErrorOf({"config", "events=all", "events=audit"}), "setting events given twice");
    EXPECT_EQ(usageErrorOf({"config", "--operator", "alice"}),
              "--operator is recorded with a change: give events=all|audit or grace=MS|off");
    EXPECT_EQ(usageErrorOf({"config", "events"}),
              "invalid setting \"events\": expected NAME=VALUE, e.g. events=audit or grace=5");
}

TEST(CliParserConfig, readsOrSetsTheFairnessGrace)
{
    EXPECT_FALSE(commandOf<ConfigCommand>({"config"}).grace);
    EXPECT_EQ(commandOf<ConfigCommand>({"config", "grace=0"}).grace, GraceSetting{milliseconds(0)});
    EXPECT_EQ(commandOf<ConfigCommand>({"config", "grace=250"}).grace, GraceSetting{milliseconds(250)});
    EXPECT_EQ(commandOf<ConfigCommand>({"config", "grace=60000"}).grace, GraceSetting{milliseconds(60000)});
    EXPECT_EQ(commandOf<ConfigCommand>({"config", "grace=off"}).grace, GraceSetting{std::nullopt});
    const ConfigCommand both = commandOf<ConfigCommand>({"config", "grace=off", "events=audit", "--operator", "ops"});
    EXPECT_EQ(both.grace, GraceSetting{std::nullopt});
    EXPECT_EQ(both.events, EventLevel::Audit);
    EXPECT_EQ(both.operatorName, "ops");
    EXPECT_EQ(commandOf<ConfigCommand>({"config", "grace=7", "--operator", "ops"}).operatorName, "ops");

    const std::string rule = ": expected a whole number of milliseconds from 0 to 60000, or off";
    for (const std::string bad : {"60001", "-1", "", "5ms", "OFF", "1.5", " 5", "99999999999999999999"})
        EXPECT_EQ(usageErrorOf({"config", "grace=" + bad}), "invalid grace " + quoteInput(bad) + rule) << bad;
    EXPECT_EQ(usageErrorOf({"config", "grace=5", "grace=off"}), "setting grace given twice");
    EXPECT_EQ(usageErrorOf({"config", "grace=5", "events=all", "grace=5"}), "setting grace given twice");
}

// ---------------------------------------------------------------- waiting, contention

TEST(CliParserWaiting, takesNoArguments)
{
    const Invocation inv = parse({"waiting", "--json"});
    EXPECT_EQ(inv.name, "waiting");
    EXPECT_TRUE(inv.global.json);
    EXPECT_EQ(usageErrorOf({"waiting", "/A"}), "unexpected argument \"/A\" for waiting");
    EXPECT_EQ(usageErrorOf({"waiting", "--top", "3"}), "unknown option \"--top\" for waiting");
}

TEST(CliParserContention, topDefaultsToTenAndIsBounded)
{
    EXPECT_EQ(commandOf<ContentionCommand>({"contention"}).top, 10u);
    EXPECT_EQ(commandOf<ContentionCommand>({"contention", "--top", "1"}).top, 1u);
    EXPECT_EQ(commandOf<ContentionCommand>({"contention", "--top=256"}).top, 256u);
    const std::string rule = ": expected a whole number of paths from 1 to 256";
    for (const std::string bad : {"0", "257", "-3", "ten", "", "2.5"})
        EXPECT_EQ(usageErrorOf({"contention", "--top=" + bad}), "invalid --top " + quoteInput(bad) + rule) << bad;
    EXPECT_EQ(usageErrorOf({"contention", "--top", "3", "--top", "4"}), "option --top given twice");
    EXPECT_EQ(usageErrorOf({"contention", "/A"}), "unexpected argument \"/A\" for contention");
    EXPECT_EQ(usageErrorOf({"contention", "--top"}), "option --top needs a value");
}

TEST(CliParserContention, helpSaysHowCountsDecayAndHowManyPathsAreKept)
{
    const std::string help = helpText("contention");
    EXPECT_NE(help.find("half as much every minute"), std::string::npos) << help;
    EXPECT_NE(help.find("keeps the 256 hottest paths"), std::string::npos) << help;
}

TEST(CliParserHelp, everyCommandHasHelpText)
{
    for (const auto& name : commandNames()) {
        const std::string text = helpText(name);
        EXPECT_NE(text.find("usage: treelock " + name), std::string::npos) << text;
    }
    const std::string overview = helpText();
    for (const auto& name : commandNames())
        EXPECT_NE(overview.find("  " + name + " "), std::string::npos) << name;
    EXPECT_THROW(helpText("nope"), UsageError);
}

TEST(CliParserHelp, helpAfterDoubleDashIsAnArgument)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>({"acquire", "--op", "create", "/A", "--", "--help"});
    ASSERT_TRUE(cmd.operation.has_value());
    EXPECT_EQ(cmd.operation->args, (std::vector<std::string>{"/A", "--help"}));
}

// ---------------------------------------------------------------- acquire --lock

TEST(CliParserAcquire, defaults)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>({"acquire", "--lock", "X:/A"});
    EXPECT_FALSE(cmd.owner.has_value());
    EXPECT_EQ(cmd.ttl, milliseconds(30000));
    EXPECT_EQ(cmd.wait, milliseconds(0));
    EXPECT_FALSE(cmd.profile.has_value());
    EXPECT_FALSE(cmd.policyFile.has_value());
    EXPECT_FALSE(cmd.operation.has_value());
    EXPECT_EQ(cmd.locks, (std::vector<LockSpec>{{LockMode::X, "/A"}}));
}

TEST(CliParserAcquire, everyModeAndRepeatedLocksInOrder)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>(
        {"acquire", "--lock", "IS:/a", "--lock", "IX:/b", "--lock=S:/c", "--lock", "SIX:/d", "--lock", "X:/e"});
    const std::vector<LockSpec> expected{{LockMode::IS, "/a"}, {LockMode::IX, "/b"}, {LockMode::S, "/c"},
                                         {LockMode::SIX, "/d"}, {LockMode::X, "/e"}};
    EXPECT_EQ(cmd.locks, expected);
}

TEST(CliParserAcquire, firstColonSeparatesModeAndPath)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>({"acquire", "--lock", "X:/a:b/c:d"});
    EXPECT_EQ(cmd.locks, (std::vector<LockSpec>{{LockMode::X, "/a:b/c:d"}}));
}

TEST(CliParserAcquire, pathIsKeptAsTypedForCoreToCheck)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>({"acquire", "--lock", "S:relative/../x//"});
    EXPECT_EQ(cmd.locks.front().path, "relative/../x//");
}

TEST(CliParserAcquire, invalidLockSpecsAreNamed)
{
    expectUsageError({"acquire", "--lock", "Q:/A"}, "lock mode \"Q\"");
    expectUsageError({"acquire", "--lock", "x:/A"}, "lock mode \"x\"");
    expectUsageError({"acquire", "--lock", ":/A"}, "lock mode \"\"");
    expectUsageError({"acquire", "--lock", "X/A"}, "invalid --lock \"X/A\"");
    expectUsageError({"acquire", "--lock", "X:"}, "the path is missing");
}

TEST(CliParserAcquire, allOptions)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>(
        {"acquire", "--owner", "bob", "--ttl", "1500", "--wait", "2500", "--lock", "X:/A"});
    EXPECT_EQ(cmd.owner, "bob");
    EXPECT_EQ(cmd.ttl, milliseconds(1500));
    EXPECT_EQ(cmd.wait, milliseconds(2500));
}

TEST(CliParserAcquire, ttlBounds)
{
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--ttl", "10", "--lock", "X:/A"}).ttl, milliseconds(10));
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--ttl", "86400000", "--lock", "X:/A"}).ttl,
              milliseconds(86400000));
    for (const char* bad : {"9", "86400001", "0", "-5", "abc", "1.5", "", "10ms", "99999999999999999999"})
        expectUsageError({"acquire", "--ttl", bad, "--lock", "X:/A"},
                         "invalid --ttl \"" + std::string(bad) + "\"");
}

TEST(CliParserAcquire, waitBounds)
{
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--wait", "0", "--lock", "X:/A"}).wait, milliseconds(0));
    expectUsageError({"acquire", "--wait", "-1", "--lock", "X:/A"}, "invalid --wait \"-1\"");
    expectUsageError({"acquire", "--wait", "soon", "--lock", "X:/A"}, "invalid --wait \"soon\"");
}

TEST(CliParserAcquire, emptyOwnerIsRefused)
{
    expectUsageError({"acquire", "--owner", "", "--lock", "X:/A"}, "--owner must not be empty");
}

TEST(CliParserAcquire, needsLockOrOp)
{
    expectUsageError({"acquire"}, "--lock MODE:PATH or --op");
    expectUsageError({"acquire", "--ttl", "100"}, "--lock MODE:PATH or --op");
}

TEST(CliParserAcquire, lockAndOpCannotBeCombined)
{
    expectUsageError({"acquire", "--lock", "X:/A", "--op", "delete-file", "/B"}, "cannot be combined");
}

TEST(CliParserAcquire, positionalArgumentsNeedOp)
{
    expectUsageError({"acquire", "--lock", "X:/A", "/B"}, "\"/B\"");
}

// ---------------------------------------------------------------- acquire --op

struct OpCase {
    const char* name;
    Operation op;
    std::vector<std::string> args;
};

TEST(CliParserOperation, everyOperationWithItsArguments)
{
    const std::vector<OpCase> cases{
        {"create", Operation::Create, {"/A", "new.txt"}},
        {"upload", Operation::Upload, {"/A", "up.bin"}},
        {"move-folder", Operation::MoveFolder, {"/A/C", "/B"}},
        {"move-file", Operation::MoveFile, {"/A/a.txt", "/B"}},
        {"copy-folder", Operation::CopyFolder, {"/A/C", "/B"}},
        {"copy-file", Operation::CopyFile, {"/A/a.txt", "/B"}},
        {"rename-folder", Operation::RenameFolder, {"/A/C", "C2"}},
        {"rename-file", Operation::RenameFile, {"/A/a.txt", "b.txt"}},
        {"delete-folder", Operation::DeleteFolder, {"/A/C"}},
        {"delete-file", Operation::DeleteFile, {"/A/a.txt"}},
        {"purge", Operation::Purge, {"/x", "y", "/z/w"}},
    };
    ASSERT_EQ(cases.size(), kAllOperations.size());
    for (const auto& c : cases) {
        std::vector<std::string> args{"acquire", "--op", c.name};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const AcquireCommand cmd = commandOf<AcquireCommand>(args);
        ASSERT_TRUE(cmd.operation.has_value()) << c.name;
        EXPECT_EQ(cmd.operation->op, c.op) << c.name;
        EXPECT_EQ(cmd.operation->args, c.args) << c.name;
        EXPECT_TRUE(cmd.locks.empty());
    }
}

TEST(CliParserOperation, optionsMayFollowOrPrecedeTheArguments)
{
    const AcquireCommand after = commandOf<AcquireCommand>(
        {"acquire", "--op", "move-folder", "/A/C", "/B", "--ttl", "500", "--owner", "bob", "--json"});
    EXPECT_EQ(after.operation->args, (std::vector<std::string>{"/A/C", "/B"}));
    EXPECT_EQ(after.ttl, milliseconds(500));
    EXPECT_EQ(after.owner, "bob");

    const AcquireCommand before = commandOf<AcquireCommand>(
        {"acquire", "--ttl", "500", "/A/C", "--op", "move-folder", "/B"});
    EXPECT_EQ(before.operation->op, Operation::MoveFolder);
    EXPECT_EQ(before.operation->args, (std::vector<std::string>{"/A/C", "/B"}));
}

TEST(CliParserOperation, doubleDashAllowsArgumentsThatLookLikeOptions)
{
    const AcquireCommand cmd = commandOf<AcquireCommand>({"acquire", "--op", "create", "/A", "--", "-draft"});
    EXPECT_EQ(cmd.operation->args, (std::vector<std::string>{"/A", "-draft"}));
}

TEST(CliParserOperation, wrongArgumentCountsNameTheOperationAndItsUsage)
{
    expectUsageError({"acquire", "--op", "create", "/A"}, "--op create needs FOLDER NAME, got 1 argument");
    expectUsageError({"acquire", "--op", "upload", "/A", "b", "c"}, "--op upload needs FOLDER NAME, got 3");
    expectUsageError({"acquire", "--op", "move-folder", "/A"}, "needs SRC DSTFOLDER");
    expectUsageError({"acquire", "--op", "move-file"}, "needs SRC DSTFOLDER, got 0 arguments");
    expectUsageError({"acquire", "--op", "copy-folder", "/A"}, "needs SRC DSTFOLDER");
    expectUsageError({"acquire", "--op", "copy-file", "/A", "/B", "/C"}, "needs SRC DSTFOLDER");
    expectUsageError({"acquire", "--op", "rename-folder", "/A"}, "needs SRC NEWNAME");
    expectUsageError({"acquire", "--op", "rename-file", "/A"}, "needs SRC NEWNAME");
    expectUsageError({"acquire", "--op", "delete-folder"}, "needs PATH");
    expectUsageError({"acquire", "--op", "delete-file", "/A", "/B"}, "needs PATH");
    expectUsageError({"acquire", "--op", "purge"}, "needs ITEM...");
}

TEST(CliParserOperation, unknownOperationIsNamed)
{
    expectUsageError({"acquire", "--op", "explode", "/A"}, "unknown operation \"explode\"");
}

TEST(CliParserOperation, profileAndPolicy)
{
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--profile", "seed", "--op", "delete-file", "/A"}).profile,
              "seed");
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--profile", "fine", "--op", "delete-file", "/A"}).profile,
              "fine");
    EXPECT_EQ(commandOf<AcquireCommand>({"acquire", "--policy", "p.json", "--op", "delete-file", "/A"}).policyFile,
              "p.json");
}

TEST(CliParserOperation, profileErrors)
{
    expectUsageError({"acquire", "--profile", "coarse", "--op", "delete-file", "/A"}, "--profile \"coarse\"");
    expectUsageError({"acquire", "--profile", "seed", "--policy", "p.json", "--op", "delete-file", "/A"},
                     "cannot be combined");
    expectUsageError({"acquire", "--profile", "seed", "--lock", "X:/A"}, "--profile applies only to --op");
    expectUsageError({"acquire", "--policy", "p.json", "--lock", "X:/A"}, "--policy applies only to --op");
    expectUsageError({"acquire", "--policy", "", "--op", "delete-file", "/A"}, "--policy must not be empty");
}

// ---------------------------------------------------------------- release, renew, force-release

TEST(CliParserLease, release)
{
    EXPECT_EQ(commandOf<ReleaseCommand>({"release", kLease}).lease, kLease);
}

TEST(CliParserLease, leaseIdIsRequiredAndChecked)
{
    for (const std::string command : {"release", "renew", "force-release"}) {
        const auto line = [&command](std::vector<std::string> args) {
            args.insert(args.begin(), command);
            if (command == "force-release")
                args.insert(args.end(), {"--reason", "r"});
            return args;
        };
        expectUsageError(line({}), "needs a LEASE");
        expectUsageError(line({"xyz"}), "invalid lease id \"xyz\"");
        expectUsageError(line({"0123456789ABCDEF0123456789ABCDEF"}), "invalid lease id");
        expectUsageError(line({std::string(kLease) + "0"}), "invalid lease id");
    }
}

TEST(CliParserLease, renewWithAndWithoutTtl)
{
    EXPECT_FALSE(commandOf<RenewCommand>({"renew", kLease}).ttl.has_value());
    const RenewCommand cmd = commandOf<RenewCommand>({"renew", "--ttl", "60000", kLease});
    EXPECT_EQ(cmd.lease, kLease);
    EXPECT_EQ(cmd.ttl, milliseconds(60000));
    expectUsageError({"renew", kLease, "--ttl", "5"}, "invalid --ttl \"5\"");
}

TEST(CliParserLease, forceReleaseOptions)
{
    const ForceReleaseCommand plain = commandOf<ForceReleaseCommand>({"force-release", kLease, "--reason", "stuck"});
    EXPECT_EQ(plain.lease, kLease);
    EXPECT_EQ(plain.reason, "stuck");
    EXPECT_FALSE(plain.admin);
    EXPECT_EQ(plain.lockDelay, milliseconds(0));
    EXPECT_FALSE(plain.operatorName.has_value());

    const ForceReleaseCommand all = commandOf<ForceReleaseCommand>(
        {"force-release", "--admin", "--lock-delay", "5000", "--operator", "alice", "--reason", "job hung",
         kLease});
    EXPECT_TRUE(all.admin);
    EXPECT_EQ(all.lockDelay, milliseconds(5000));
    EXPECT_EQ(all.operatorName, "alice");
    EXPECT_EQ(all.reason, "job hung");
}

TEST(CliParserLease, forceReleaseErrors)
{
    expectUsageError({"force-release", kLease}, "needs --reason");
    expectUsageError({"force-release", kLease, "--reason", ""}, "--reason must not be empty");
    expectUsageError({"force-release", kLease, "--reason", "r", "--lock-delay", "-1"}, "invalid --lock-delay");
    expectUsageError({"force-release", kLease, "--reason", "r", "--operator", ""}, "--operator must not be empty");
    expectUsageError({"force-release", kLease, "--reason", "r", "--admin=yes"}, "--admin takes no value");
}

TEST(CliParserLease, forceReleaseBlockersOfTakesAWaiterInsteadOfALease)
{
    const ForceReleaseCommand cmd = commandOf<ForceReleaseCommand>(
        {"force-release", "--blockers-of", kLease, "--reason", "let it in", "--lock-delay", "100"});
    EXPECT_EQ(cmd.blockersOf, kLease);
    EXPECT_TRUE(cmd.lease.empty());
    EXPECT_EQ(cmd.reason, "let it in");
    EXPECT_EQ(cmd.lockDelay, milliseconds(100));
    EXPECT_EQ(commandOf<ForceReleaseCommand>({"force-release", "--blockers-of", "0123abcd", "--reason", "r"}).blockersOf,
              "0123abcd");
    EXPECT_FALSE(commandOf<ForceReleaseCommand>({"force-release", kLease, "--reason", "r"}).blockersOf.has_value());

    expectUsageError({"force-release", kLease, "--blockers-of", kLease, "--reason", "r"}, "not both");
    expectUsageError({"force-release", "--blockers-of", kLease}, "needs --reason");
    expectUsageError({"force-release", "--blockers-of", "0123", "--reason", "r"}, "invalid --blockers-of \"0123\"");
    expectUsageError({"force-release", "--blockers-of", "--reason", "r"}, "--blockers-of needs a value");
    expectUsageError({"force-release", "--reason", "r"}, "or --blockers-of WAITER");
}

TEST(CliParserLease, reasonThatStartsWithDashesNeedsTheEqualsForm)
{
    EXPECT_EQ(commandOf<ForceReleaseCommand>({"force-release", kLease, "--reason=--why"}).reason, "--why");
    EXPECT_EQ(commandOf<ForceReleaseCommand>({"force-release", kLease, "--reason", "-x"}).reason, "-x");
}

// ---------------------------------------------------------------- sweep, locks, fsck, events

TEST(CliParserOther, sweep)
{
    EXPECT_FALSE(commandOf<SweepCommand>({"sweep"}).operatorName.has_value());
    EXPECT_EQ(commandOf<SweepCommand>({"sweep", "--operator", "cron"}).operatorName, "cron");
}

TEST(CliParserOther, locks)
{
    EXPECT_EQ(parse({"locks"}).name, "locks");
}

TEST(CliParserOther, fsck)
{
    EXPECT_FALSE(commandOf<FsckCommand>({"fsck"}).repair);
    EXPECT_TRUE(commandOf<FsckCommand>({"fsck", "--repair"}).repair);
}

TEST(CliParserOther, eventsDefaults)
{
    const EventsCommand cmd = commandOf<EventsCommand>({"events"});
    EXPECT_EQ(cmd.from, "0");
    EXPECT_FALSE(cmd.count.has_value());
    EXPECT_FALSE(cmd.follow);
}

TEST(CliParserOther, eventsOptions)
{
    const EventsCommand cmd =
        commandOf<EventsCommand>({"events", "--follow", "--from", "1700000000000-3", "--count", "25"});
    EXPECT_EQ(cmd.from, "1700000000000-3");
    EXPECT_EQ(cmd.count, 25u);
    EXPECT_TRUE(cmd.follow);
    EXPECT_EQ(commandOf<EventsCommand>({"events", "--from", "1700000000000"}).from, "1700000000000");
}

TEST(CliParserOther, eventsErrors)
{
    expectUsageError({"events", "--from", "yesterday"}, "invalid --from \"yesterday\"");
    expectUsageError({"events", "--from", "1-2-3"}, "invalid --from");
    expectUsageError({"events", "--from", "-"}, "invalid --from");
    expectUsageError({"events", "--count", "0"}, "invalid --count \"0\"");
    expectUsageError({"events", "--count", "many"}, "invalid --count \"many\"");
}

TEST(CliParserOther, controlCharactersInMessagesAreEscaped)
{
    const std::string message = usageErrorOf({"bad\ncommand\x1b"});
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find('\x1b'), std::string::npos) << message;
    EXPECT_NE(message.find("bad\\x0acommand\\x1b"), std::string::npos) << message;
}

// ---------------------------------------------------------------- matrix

TEST(CliParserMatrix, defaultsAndOptions)
{
    const MatrixCommand plain = commandOf<MatrixCommand>({"matrix"});
    EXPECT_FALSE(plain.profile.has_value());
    EXPECT_FALSE(plain.markdown);
    const MatrixCommand seed = commandOf<MatrixCommand>({"matrix", "--profile", "seed", "--markdown"});
    EXPECT_EQ(seed.profile, "seed");
    EXPECT_TRUE(seed.markdown);
    EXPECT_TRUE(parse({"matrix", "--json"}).global.json);
}

TEST(CliParserMatrix, errors)
{
    expectUsageError({"matrix", "--profile", "coarse"}, "unknown --profile \"coarse\"");
    expectUsageError({"matrix", "--json", "--markdown"}, "--json and --markdown");
    expectUsageError({"matrix", "extra"}, "extra");
}

// ---------------------------------------------------------------- simulate, scenario

TEST(CliParserSimulate, defaultsAndOptions)
{
    const SimulateCommand plain = commandOf<SimulateCommand>({"simulate"});
    EXPECT_EQ(plain.users, 20u);
    EXPECT_EQ(plain.seconds, 10);
    EXPECT_FALSE(plain.mix.has_value());
    EXPECT_FALSE(plain.noLocking);
    const SimulateCommand full = commandOf<SimulateCommand>(
        {"simulate", "--memory", "--users", "100", "--seconds", "2.5", "--seed", "9", "--mix",
         "create=2,delete-file=1", "--crash-rate", "0.1", "--pause-rate", "0.05", "--no-locking",
         "--profile", "seed", "--ttl", "500", "--uniform", "--realtime"});
    EXPECT_TRUE(full.memory);
    EXPECT_TRUE(full.realTime);
    EXPECT_EQ(full.users, 100u);
    EXPECT_EQ(full.seconds, 2.5);
    EXPECT_EQ(full.seed, 9u);
    ASSERT_TRUE(full.mix.has_value());
    EXPECT_EQ((*full.mix)[0], 2);
    EXPECT_EQ((*full.mix)[9], 1);
    EXPECT_EQ(full.crashRate, 0.1);
    EXPECT_EQ(full.pauseRate, 0.05);
    EXPECT_TRUE(full.noLocking);
    EXPECT_EQ(full.profile, "seed");
    EXPECT_EQ(full.ttl, std::chrono::milliseconds(500));
    EXPECT_TRUE(full.uniform);
}

TEST(CliParserSimulate, errors)
{
    expectUsageError({"simulate", "--users", "0"}, "--users");
    expectUsageError({"simulate", "--users", "501"}, "--users");
    expectUsageError({"simulate", "--crash-rate", "2"}, "--crash-rate");
    expectUsageError({"simulate", "--seconds", "soon"}, "--seconds");
    expectUsageError({"simulate", "--mix", "fly=1"}, "--mix");
    expectUsageError({"simulate", "--mix", "create=0"}, "--mix");
    expectUsageError({"simulate", "--crash-rate", "0.6", "--pause-rate", "0.6"}, "add up");
    expectUsageError({"--redis", "redis://x", "simulate", "--memory"}, "--memory and --redis");
    expectUsageError({"simulate", "extra"}, "extra");
}

TEST(CliParserScenario, fileAndErrors)
{
    const ScenarioCommand cmd = commandOf<ScenarioCommand>({"scenario", "a.json", "--memory"});
    EXPECT_EQ(cmd.file, "a.json");
    EXPECT_TRUE(cmd.memory);
    expectUsageError({"scenario"}, "FILE");
    expectUsageError({"scenario", "a.json", "b.json"}, "b.json");
}

TEST(CliParserErrors, longInputIsCutBetweenCharacters)
{
    // 'x' then 150 two-byte characters: no cut at an even byte count lands on a boundary.
    std::string name = "x";
    for (int i = 0; i < 150; ++i)
        name += "\xc3\xa9"; // é
    const std::string message = usageErrorOf({name});
    const auto open = message.find('"');
    const auto close = message.find("\"... (301 bytes)");
    ASSERT_NE(open, std::string::npos) << message;
    ASSERT_NE(close, std::string::npos) << message;
    const std::string shown = message.substr(open + 1, close - open - 1);
    EXPECT_EQ(shown.size(), 1 + 2 * 128u); // the character that starts at the limit is kept whole
    EXPECT_EQ(name.compare(0, shown.size(), shown), 0);
}

TEST(CliText, durationsReadAsAPersonReadsThem)
{
    EXPECT_EQ(durationText(milliseconds(0)), "0.0 s");
    EXPECT_EQ(durationText(milliseconds(-5)), "0.0 s");
    EXPECT_EQ(durationText(milliseconds(12345)), "12.3 s");
    EXPECT_EQ(durationText(milliseconds(59949)), "59.9 s");
    EXPECT_EQ(durationText(milliseconds(59950)), "1 min 00 s") << "never \"60.0 s\"";
    EXPECT_EQ(durationText(milliseconds(245400)), "4 min 05 s");
    EXPECT_EQ(durationText(milliseconds(3599499)), "59 min 59 s");
    EXPECT_EQ(durationText(milliseconds(3599500)), "1 h 00 min");
    EXPECT_EQ(durationText(milliseconds(7650000)), "2 h 07 min");
    EXPECT_EQ(durationText(milliseconds(90061000)), "25 h 01 min");
}
