// `fsck`: checks (and repairs) the node counts.

#include "fsck.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runFsck(const FsckCommand& cmd, CommandContext& ctx)
{
    const FsckReport report = ctx.engine()->fsck(cmd.repair);
    if (ctx.global().json) {
        Json differences = Json::array();
        for (const auto& d : report.differences)
            differences.push_back({{"path", d.path},
                                   {"mode", std::string(toString(d.mode))},
                                   {"expected", d.expected},
                                   {"actual", d.actual}});
        ctx.out() << dump({{"leases", report.leases},
                       {"node_fields", report.nodeFields},
                       {"differences", differences},
                       {"orphan_index_entries", report.orphanIndexEntries},
                       {"clean", report.clean()},
                       {"repaired", report.repaired}})
              << "\n";
    } else {
        for (const auto& d : report.differences)
            ctx.out() << d.path << " " << toString(d.mode) << ": expected " << d.expected << ", stored "
                  << d.actual << "\n";
        for (const auto& id : report.orphanIndexEntries)
            ctx.out() << "expiry index entry " << id << " has no lease record\n";
        if (report.clean()) {
            ctx.out() << "clean: " << counted(report.leases, "lease") << ", "
                  << counted(report.nodeFields, "node count") << " checked\n";
        } else {
            ctx.out() << counted(report.differences.size(), "count difference") << ", "
                  << counted(report.orphanIndexEntries.size(), "orphan index entry", "orphan index entries")
                  << "\n";
            if (report.repaired)
                ctx.out() << "repaired\n";
        }
    }
    return report.clean() ? kExitOk : kExitFsck;
}

BuildCommand declareFsck(CLI::App& app)
{
    auto cmd = std::make_shared<FsckCommand>();
    flag(app, "--repair", cmd->repair);
    return [cmd](const Positionals&, const GlobalOptions&) -> Command {
        return Command(*cmd, runFsck);
    };
}

const CommandRegistration registration{{
    .rank = 110,
    .name = "fsck",
    .summary = "check (and --repair) the node counts",
    .help = "usage: treelock fsck [--repair]\n"
        "\n"
        "Recomputes the node counts from the leases and prints every difference.\n"
        "Exit 0 when clean, 6 when differences were found (also with --repair, which\n"
        "fixes them and prints \"repaired\").\n",
    .arguments = noArguments("fsck"),
    .declare = declareFsck,
}};

} // namespace

} // namespace treelock::cli
