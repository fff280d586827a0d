#include "matrix/matrixderiver.h"

#include <treelock/error.h>
#include <treelock/policy.h>

namespace treelock::ui {

DerivedMatrixPtr deriveProfileMatrix(const QString& profile)
{
    try {
        return std::make_shared<const DerivedMatrix>(
            deriveMatrix(SeedMatrix::builtin(), Policy::builtin(profile.toStdString())));
    } catch (const Error&) {
        return nullptr; // Unknown profile: the view stays empty.
    }
}

} // namespace treelock::ui
