#pragma once

#include "cliparser.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace treelock::cli {

/// Builds the command once CLI11 has run the option callbacks (each option's
/// value is checked and stored by then): checks the positional arguments and
/// the rules between options. Throws UsageError.
using BuildCommand =
    std::function<Command(const std::vector<std::string>& positionals, const GlobalOptions& global)>;

/// The rule for a command's positional arguments, checked after the global
/// options' values and before the command's own. Throws UsageError.
using ArgumentRule = std::function<void(const std::vector<std::string>& positionals)>;

/// One `treelock` command: what the parser, the help and the docs test know of
/// it, in one place. Adding a command is one of these and one handler file.
struct CommandDeclaration {
    std::string name;
    std::string summary; ///< its line in `treelock --help`
    std::string help;    ///< `treelock help NAME`, as docs/cli.md shows it
    ArgumentRule arguments;
    /// Declares the options on the command's CLI11 subcommand: value checks and
    /// ranges as option callbacks, exclusions with Option::excludes.
    std::function<BuildCommand(CLI::App& command)> declare;
};

/// Every command, in help order.
const std::vector<CommandDeclaration>& commandDeclarations();

/// Declares the options valid with every command on `app`, stored into `global`
/// (not owned; it must outlive the parse).
void declareGlobalOptions(CLI::App& app, GlobalOptions& global);

} // namespace treelock::cli
