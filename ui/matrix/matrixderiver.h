#pragma once

#include <treelock/matrix.h>

#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>

namespace treelock::ui {

/// A derived matrix, shared and never changed after it is made.
using DerivedMatrixPtr = std::shared_ptr<const DerivedMatrix>;

/// The permission-matrix view's worker: derives a profile's matrix (a pure core
/// function, tens of milliseconds) in the view's WorkerThread. Worker thread only.
class MatrixDeriver : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    /// Derives built-in profile `profile` and emits derived(); an unknown profile
    /// gives a null matrix.
    void derive(const QString& profile);

signals:
    void derived(const QString& profile, const treelock::ui::DerivedMatrixPtr& matrix);
};

} // namespace treelock::ui

Q_DECLARE_METATYPE(treelock::ui::DerivedMatrixPtr)
