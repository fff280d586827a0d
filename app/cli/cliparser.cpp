// The `treelock` command line on CLI11. The commands and their options are
// declared once, each in its file in app/cli/commands/; this file reads a
// command line against those declarations.
//
// A first pass over the words gives the messages users rely on, which CLI11's
// own do not: an option before the command that only the command takes, a
// global option that swallowed the command as its value, an option for the
// wrong command, one given twice. It hands CLI11 the same line in a canonical
// form (global options, the command, its options, each value attached), so
// that CLI11 binds the values and runs the declared checks and exclusions.

#include "cliparser.h"

#include "commanddeclarations.h"
#include "commands/help.h"

#include "treelock/error.h"

#include <algorithm>
#include <map>
#include <memory>

namespace treelock::cli {

namespace {

// The declared command line: CLI11's model and what builds each command.
struct Declared {
    CLI::App app{"Hierarchical locks on Redis.", "treelock"};
    GlobalOptions global; // Filled by the global options' callbacks.
    struct Rules {
        ArgumentRule arguments;
        BuildCommand build;
        bool manyProjects = false;
    };
    std::map<std::string, Rules, std::less<>> commands;
};

std::unique_ptr<Declared> declare()
{
    auto declared = std::make_unique<Declared>();
    CLI::App& app = declared->app;
    app.set_help_flag(); // --help and -h are declared as global options and handled first
    declareGlobalOptions(app, declared->global);
    for (const CommandDeclaration& command : commandDeclarations()) {
        CLI::App* sub = app.add_subcommand(command.name, command.summary);
        sub->set_help_flag();
        declared->commands.emplace(command.name, Declared::Rules{command.arguments, command.declare(*sub), command.manyProjects});
    }
    return declared;
}

// The declarations, for questions about them (names and options, no parse).
const Declared& declarations()
{
    static const std::unique_ptr<Declared> declared = declare();
    return *declared;
}

bool looksLikeOption(std::string_view token)
{
    return token.size() > 1 && token.front() == '-';
}

bool takesValue(const CLI::Option& option)
{
    return option.get_expected_max() > 0;
}

// Options of each command are names in `app`'s subcommands.
const CLI::Option* commandOption(const CLI::App& command, const std::string& name)
{
    return command.get_option_no_throw(name);
}

bool isCommandOption(const CLI::App& app, const std::string& name)
{
    const auto commands = app.get_subcommands([](const CLI::App*) { return true; });
    return std::any_of(commands.begin(), commands.end(),
                       [&](const CLI::App* command) { return commandOption(*command, name) != nullptr; });
}

const CLI::App* findCommand(const CLI::App& app, std::string_view name)
{
    const auto commands = app.get_subcommands([](const CLI::App*) { return true; });
    for (const CLI::App* command : commands) {
        if (command->get_name() == name)
            return command;
    }
    return nullptr;
}

std::vector<std::string> namesOf(const CLI::Option& option)
{
    std::vector<std::string> names;
    for (const auto& name : option.get_lnames())
        names.push_back("--" + name);
    for (const auto& name : option.get_snames())
        names.push_back("-" + name);
    return names;
}

// The command `--help` / `-h` or `--version` make, with its name.
struct EarlyExit {
    std::string name;
    Command command;
};

// --help / -h and --version win over everything else on the line (before "--").
std::optional<EarlyExit> earlyExit(const CLI::App& app, const std::vector<std::string>& args)
{
    bool help = false;
    bool version = false;
    std::string topic;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& token = args[i];
        if (token == "--")
            break;
        const CLI::Option* global = looksLikeOption(token) ? app.get_option_no_throw(token) : nullptr;
        if (token == "--help" || token == "-h") {
            help = true;
        } else if (token == "--version") {
            version = true;
        } else if (global && takesValue(*global)) {
            ++i;
        } else if (!looksLikeOption(token) && topic.empty()) {
            topic = token;
        }
    }
    if (version)
        return EarlyExit{"--version", Command(runVersion)};
    if (!help)
        return std::nullopt;
    if (topic == "help")
        topic.clear();
    if (!topic.empty() && !findCommand(app, topic))
        throw UsageError("unknown command " + quoteInput(topic) + " (try treelock --help)");
    return EarlyExit{"help", Command(HelpCommand{topic}, runHelp)};
}

// The command line sorted out by the first pass.
struct Scanned {
    std::string command;
    std::vector<std::string> globalWords;  // canonical: --name, --name=VALUE or --name ""
    std::vector<std::string> commandWords; // the same, for the command's options
    std::vector<std::string> positionals;
};

// Attaches a value so that CLI11 cannot read it as an option (it reads
// "--name=" as "--name" without a value, hence the separate empty word).
void appendOption(std::vector<std::string>& words, const std::string& name, const std::optional<std::string>& value)
{
    if (!value) {
        words.push_back(name);
    } else if (value->empty()) {
        words.push_back(name);
        words.emplace_back();
    } else {
        words.push_back(name + "=" + *value);
    }
}

Scanned scan(const CLI::App& app, const std::vector<std::string>& args)
{
    Scanned scanned;
    const CLI::App* command = nullptr;
    std::map<std::string, int> given;
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

            const CLI::Option* option = app.get_option_no_throw(name);
            const bool global = option != nullptr;
            if (!option && command)
                option = commandOption(*command, name);
            if (!option) {
                if (!command && isCommandOption(app, name)) {
                    if (!lastValue.empty() && findCommand(app, lastValue))
                        throw UsageError("option " + name + " must come after the command, and no command was "
                                         "given: " + quoteInput(lastValue) + " was taken as the value of "
                                         + lastValueOption + " (give " + lastValueOption
                                         + " a value before the command)");
                    throw UsageError("option " + name + " must come after the command");
                }
                std::string hint;
                if (command && command->get_name() == "config" && (name == "--grace" || name == "--events")) {
                    std::string example = name == "--grace" ? "5" : "audit";
                    if (inlineValue)
                        example = *inlineValue;
                    else if (i + 1 < args.size() && !looksLikeOption(args[i + 1]))
                        example = args[i + 1];
                    hint = " (settings are NAME=VALUE arguments: " + name.substr(2) + "=" + example + ")";
                }
                throw UsageError("unknown option " + quoteInput(name)
                                 + (command ? " for " + command->get_name() : std::string()) + hint);
            }
            std::optional<std::string> value;
            if (takesValue(*option)) {
                if (inlineValue) {
                    value = *inlineValue;
                } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
                    value = args[++i];
                    if (!command) {
                        lastValueOption = name;
                        lastValue = *value;
                    }
                } else {
                    throw UsageError("option " + name + " needs a value");
                }
            } else if (inlineValue) {
                throw UsageError("option " + name + " takes no value");
            }
            if (given[name]++ > 0 && option->get_multi_option_policy() != CLI::MultiOptionPolicy::TakeAll)
                throw UsageError("option " + name + " given twice");
            appendOption(global ? scanned.globalWords : scanned.commandWords, name, value);
            continue;
        }
        if (!command) {
            command = findCommand(app, token);
            if (!command)
                throw UsageError("unknown command " + quoteInput(token) + " (try treelock --help)");
            continue;
        }
        scanned.positionals.push_back(token);
    }
    if (!command && !lastValue.empty() && findCommand(app, lastValue))
        throw UsageError("no command given: " + quoteInput(lastValue) + " was taken as the value of "
                         + lastValueOption + " (give " + lastValueOption + " a value before the command)");
    if (!command)
        throw UsageError("no command given (try treelock --help)");
    scanned.command = command->get_name();
    return scanned;
}

// "--a excludes --b", as CLI11 words an exclusion, in our words.
std::string exclusionMessage(const std::string& what)
{
    const std::string separator = " excludes ";
    const auto at = what.find(separator);
    if (at == std::string::npos)
        return what;
    return what.substr(0, at) + " and " + what.substr(at + separator.size()) + " cannot be combined";
}

// Binds the values and runs the declared checks and exclusions (words in the
// canonical form of Scanned).
void parseCanonical(CLI::App& app, std::vector<std::string> words)
{
    std::reverse(words.begin(), words.end()); // CLI::App::parse takes them last first
    try {
        app.parse(std::move(words));
    } catch (const CLI::ExcludesError& error) {
        throw UsageError(exclusionMessage(error.what()));
    } catch (const CLI::ParseError& error) {
        throw UsageError(error.what());
    }
}

} // namespace

const std::vector<std::string>& commandNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& command : commandDeclarations())
            out.push_back(command.name);
        return out;
    }();
    return names;
}

std::vector<std::string> commandOptions(std::string_view command)
{
    std::vector<std::string> names;
    if (const CLI::App* declared = findCommand(declarations().app, command)) {
        for (const CLI::Option* option : declared->get_options()) {
            const auto more = namesOf(*option);
            names.insert(names.end(), more.begin(), more.end());
        }
    }
    return names;
}

std::vector<std::string> globalOptions()
{
    std::vector<std::string> names;
    for (const CLI::Option* option : declarations().app.get_options()) {
        const auto more = namesOf(*option);
        names.insert(names.end(), more.begin(), more.end());
    }
    return names;
}

Invocation parseCommandLine(const std::vector<std::string>& args)
{
    const std::unique_ptr<Declared> declared = declare();
    Invocation invocation;
    if (auto early = earlyExit(declared->app, args)) {
        invocation.name = std::move(early->name);
        invocation.command = std::move(early->command);
        return invocation;
    }
    const Scanned scanned = scan(declared->app, args);
    const Declared::Rules& command = declared->commands.find(scanned.command)->second;
    // Errors come in the order a line is read: the global options' values, the
    // command's arguments, then its options' values and how they combine.
    parseCanonical(declared->app, scanned.globalWords);
    if (declared->global.projects.size() > 1 && !command.manyProjects)
        throw UsageError("option --project given twice");
    command.arguments(scanned.positionals);
    std::vector<std::string> words = scanned.globalWords;
    words.push_back(scanned.command);
    words.insert(words.end(), scanned.commandWords.begin(), scanned.commandWords.end());
    parseCanonical(declared->app, std::move(words));
    invocation.global = declared->global;
    invocation.name = scanned.command;
    invocation.command = command.build(scanned.positionals, invocation.global);
    return invocation;
}

} // namespace treelock::cli
