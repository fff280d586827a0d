// `matrix`: the seed's permission table against the engine.

#include "handlers.h"

#include "cliformat.h"
#include "commandcontext.h"

#include "treelock/matrix.h"
#include "treelock/policy.h"

#include <ostream>

namespace treelock::cli {

int run(const MatrixCommand& cmd, CommandContext& ctx)
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

} // namespace treelock::cli
