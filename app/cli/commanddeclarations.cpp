// The registry of `treelock` commands and the pieces their declarations are
// made of. The commands themselves are declared in app/cli/commands/.

#include "commanddeclarations.h"

#include "treelock/error.h"
#include "treelock/leaseid.h"
#include "treelock/redisurl.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace treelock::cli {

namespace {

using std::chrono::milliseconds;

// Filled while the program's static objects are built, before main.
std::vector<CommandDeclaration>& registry()
{
    static std::vector<CommandDeclaration> declarations;
    return declarations;
}

} // namespace

CommandRegistration::CommandRegistration(CommandDeclaration declaration)
{
    registry().push_back(std::move(declaration));
}

const std::vector<CommandDeclaration>& commandDeclarations()
{
    static const std::vector<CommandDeclaration> sorted = [] {
        std::vector<CommandDeclaration> all = registry();
        std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
        std::set<std::string> names;
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (!names.insert(all[i].name).second)
                throw std::logic_error("two commands are named " + all[i].name);
            if (i > 0 && all[i - 1].rank == all[i].rank)
                throw std::logic_error("commands " + all[i - 1].name + " and " + all[i].name + " share rank "
                                       + std::to_string(all[i].rank));
        }
        return all;
    }();
    return sorted;
}

CLI::Option* value(CLI::App& app, const std::string& name, std::function<void(const std::string&)> apply)
{
    return app.add_option_function<std::string>(name, std::move(apply));
}

CLI::Option* flag(CLI::App& app, const std::string& name, bool& target)
{
    return app.add_flag(name, target);
}

std::function<BuildCommand(CLI::App&)> withoutOptions(int (*run)(CommandContext&))
{
    return [run](CLI::App&) -> BuildCommand {
        return [run](const Positionals&, const GlobalOptions&) { return Command(run); };
    };
}

ArgumentRule noArguments(std::string command)
{
    return [command](const Positionals& positionals) { values::noArguments(command, positionals); };
}

ArgumentRule oneLease(std::string command, values::LeaseArgument accepted)
{
    return [command, accepted](const Positionals& positionals) {
        values::leaseArgument(command, positionals, accepted);
    };
}

ArgumentRule oneFile(std::string command)
{
    return [command](const Positionals& positionals) {
        if (positionals.size() != 1)
            throw UsageError(positionals.empty() ? command + " needs a FILE"
                                                 : "unexpected argument " + quoteInput(positionals[1]) + " for "
                                                       + command + " (it takes one FILE)");
    };
}

void checkedWithTheOptions(const Positionals&) {}

void declareGlobalOptions(CLI::App& app, GlobalOptions& global)
{
    GlobalOptions* g = &global;
    value(app, "--redis", [g](const std::string& v) { g->redisUrl = values::nonEmpty("--redis", v); });
    app.add_option_function<std::vector<std::string>>("--project", [g](const std::vector<std::string>& given) {
           for (const std::string& v : given) {
               try {
                   validateProject(v);
               } catch (const InvalidInput& error) {
                   throw UsageError(error.what());
               }
           }
           g->projects = given;
           if (!given.empty())
               g->project = given.back();
       })->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    flag(app, "--json", global.json);
    flag(app, "--quiet,-q", global.quiet);
    flag(app, "--case-insensitive", global.caseInsensitive);
    value(app, "--min-replicas", [g](const std::string& v) {
        g->minReplicas = static_cast<int>(values::wholeNumber("--min-replicas", v, 0, kMaxMinReplicas));
    });
    value(app, "--replica-timeout", [g](const std::string& v) {
        g->replicaTimeout = values::millis("--replica-timeout", v, milliseconds(1), kMaxReplicaTimeout);
    });
    value(app, "--cacert", [g](const std::string& v) { g->tlsCaFile = values::nonEmpty("--cacert", v); });
    value(app, "--cacertdir", [g](const std::string& v) { g->tlsCaDir = values::nonEmpty("--cacertdir", v); });
    value(app, "--cert", [g](const std::string& v) { g->tlsCertFile = values::nonEmpty("--cert", v); });
    value(app, "--key", [g](const std::string& v) { g->tlsKeyFile = values::nonEmpty("--key", v); });
    value(app, "--sni", [g](const std::string& v) { g->tlsServerName = values::nonEmpty("--sni", v); });
    flag(app, "--insecure", global.tlsInsecure);
    value(app, "--sentinel-user", [g](const std::string& v) { g->sentinelUser = values::nonEmpty("--sentinel-user", v); });
    // Handled before the parse: they win over everything else on the line.
    app.add_flag("--help,-h");
    app.add_flag("--version");
}

} // namespace treelock::cli
