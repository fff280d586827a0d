#pragma once

#include <treelock/matrix.h>

#include <QMetaType>
#include <QString>

#include <memory>

namespace treelock::ui {

/// A derived matrix, shared and never changed after it is made.
using DerivedMatrixPtr = std::shared_ptr<const DerivedMatrix>;

/// Derives built-in profile `profile`'s matrix, a pure core function (tens of
/// milliseconds: run it off the GUI thread); an unknown profile gives a null
/// matrix. Any thread.
DerivedMatrixPtr deriveProfileMatrix(const QString& profile);

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::DerivedMatrixPtr)
