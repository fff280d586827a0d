// `matrix`: the seed's permission table against the engine.

#include "matrix.h"

#include "commanddeclarations.h"
#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/matrix.h"
#include "treelock/policy.h"

#include <ostream>

namespace treelock::cli {

namespace {

int runMatrix(const MatrixCommand& cmd, CommandContext& ctx)
{
    const SeedMatrix& seed = SeedMatrix::builtin();
    if (cmd.markdown && !cmd.profile) {
        ctx.out() << matrixDocument(seed);
        return kExitOk;
    }
    const DerivedMatrix matrix = deriveMatrix(seed, Policy::builtin(cmd.profile.value_or("fine")));
    if (cmd.markdown)
        ctx.out() << matrixToMarkdown(matrix);
    else if (ctx.global().json)
        ctx.out() << matrixToJson(matrix);
    else
        ctx.out() << matrixToText(matrix);
    return kExitOk;
}

BuildCommand declareMatrix(CLI::App& app)
{
    auto cmd = std::make_shared<MatrixCommand>();
    value(app, "--profile", [cmd](const std::string& v) { cmd->profile = values::profile(v); });
    flag(app, "--markdown", cmd->markdown);
    return [cmd](const Positionals&, const GlobalOptions& global) -> Command {
        if (cmd->markdown && global.json)
            throw UsageError("matrix: --json and --markdown cannot be combined");
        return Command(*cmd, runMatrix);
    };
}

const CommandRegistration registration{{
    .rank = 150,
    .name = "matrix",
    .summary = "the seed's permission table checked against the engine",
    .help = "usage: treelock matrix [--profile fine|seed] [--json | --markdown]\n"
        "\n"
        "The seed's permission table (resources/matrix/seed-expected.json) checked\n"
        "against the engine: every sub-cell runs as a scenario on a scratch in-process\n"
        "project (no server needed) and is compared with the seed's expectation;\n"
        "differences carry a reason.\n"
        "  --profile NAME   policy profile: fine (default) or seed\n"
        "  --json           a list of cells: row and column operation, object, seed\n"
        "                   expectation, engine result, both lock plans, clash, reason\n"
        "  --markdown       the profile's grid and differences; without --profile, the\n"
        "                   whole of docs/permission-matrix.md (both profiles)\n"
        "Default output: a plain-text grid and the differences.\n",
    .arguments = noArguments("matrix"),
    .declare = declareMatrix,
}};

} // namespace

} // namespace treelock::cli
