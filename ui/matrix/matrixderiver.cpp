#include "matrix/matrixderiver.h"

#include <treelock/error.h>
#include <treelock/policy.h>

namespace treelock::ui {

void MatrixDeriver::derive(const QString& profile)
{
    DerivedMatrixPtr matrix;
    try {
        matrix = std::make_shared<const DerivedMatrix>(
            deriveMatrix(SeedMatrix::builtin(), Policy::builtin(profile.toStdString())));
    } catch (const Error&) {
        // Unknown profile: the view stays empty.
    }
    emit derived(profile, matrix);
}

} // namespace treelock::ui
