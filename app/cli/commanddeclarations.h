#pragma once

#include "cliparser.h"
#include "clivalues.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

// How a `treelock` command is declared. Each command is one file in
// app/cli/commands/: its declaration (a CommandRegistration: options with their
// checks, ranges and exclusions, its arguments, its help) and its handler. The
// parser, the help and the docs test read the declarations; nothing else lists
// the commands.
namespace treelock::cli {

using Positionals = std::vector<std::string>;

/// Builds the command once CLI11 has run the option callbacks (each option's
/// value is checked and stored by then): checks the positional arguments and
/// the rules between options, and binds the values to the handler. Throws
/// UsageError.
using BuildCommand = std::function<Command(const Positionals& positionals, const GlobalOptions& global)>;

/// The rule for a command's positional arguments, checked after the global
/// options' values and before the command's own. Throws UsageError.
using ArgumentRule = std::function<void(const Positionals& positionals)>;

/// One `treelock` command: what the parser, the help and the docs test know of it.
struct CommandDeclaration {
    /// Its place in `treelock --help`, ascending (numbered in tens to leave room).
    int rank = 0;
    std::string name;
    std::string summary; ///< its line in `treelock --help`
    std::string help;    ///< `treelock help NAME`, as docs/cli.md shows it
    ArgumentRule arguments;
    /// --project may be given more than once: the command follows each.
    bool manyProjects = false;
    /// Declares the options on the command's CLI11 subcommand (value checks and
    /// ranges as option callbacks, exclusions with Option::excludes) and returns
    /// what builds the command from them.
    std::function<BuildCommand(CLI::App& command)> declare;
};

/// Adds a declaration to the registry; each command file defines one at
/// namespace scope. The library is linked as object files, so none is dropped.
class CommandRegistration {
public:
    explicit CommandRegistration(CommandDeclaration declaration);
};

/// Every registered command, in help order (by rank). Throws std::logic_error
/// when two commands share a name or a rank.
const std::vector<CommandDeclaration>& commandDeclarations();

/// Declares the options valid with every command on `app`, stored into `global`
/// (not owned; it must outlive the parse).
void declareGlobalOptions(CLI::App& app, GlobalOptions& global);

// ---- Pieces the command files declare themselves with.

/// An option that takes a value; `apply` checks it and stores it (throws UsageError).
CLI::Option* value(CLI::App& app, const std::string& name, std::function<void(const std::string&)> apply);

/// An option that takes no value.
CLI::Option* flag(CLI::App& app, const std::string& name, bool& target);

/// The declaration of a command that takes no options: `run` is its handler.
std::function<BuildCommand(CLI::App&)> withoutOptions(int (*run)(CommandContext&));

/// The rule for a command that takes no arguments.
ArgumentRule noArguments(std::string command);

/// The rule for a command that takes one LEASE.
ArgumentRule oneLease(std::string command, values::LeaseArgument accepted = values::LeaseArgument::Whole);

/// The rule for a command that takes one FILE.
ArgumentRule oneFile(std::string command);

/// For arguments whose rule depends on the options: the command's build checks them.
void checkedWithTheOptions(const Positionals&);

} // namespace treelock::cli
