#pragma once

// Answering Studio's modal dialogs in widget tests the way a user does:
// a watcher waits for the dialog that a click is about to open (exec()
// blocks the test until it closes), then types and presses keys in it.

#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QDialog>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLineEdit>
#include <QPointer>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

namespace treelock::test {

/// How long a watcher waits for its dialog: long, because a watcher that
/// gives up before a slow dialog appears (a file dialog reading a folder on
/// a loaded machine) leaves that dialog's exec() blocking the test forever.
inline constexpr int kDialogTimeout = 60000;

/// Runs `act` on the next modal dialog once it is up (the caller then opens
/// it with a blocking exec()); sets `*seen` when it ran. The returned watcher
/// deletes itself when done or after kDialogTimeout.
inline QPointer<QTimer> whenModal(std::function<void(QWidget*)> act, bool* seen = nullptr)
{
    auto* timer = new QTimer;
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, act, clock, seen] {
        QWidget* modal = QApplication::activeModalWidget();
        if (modal && modal->isVisible()) {
            timer->stop();
            timer->deleteLater();
            if (seen)
                *seen = true;
            act(modal);
        } else if (clock->elapsed() > kDialogTimeout) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start();
    return timer;
}

/// Closes a dialog as Esc would.
inline void rejectDialog(QWidget* modal)
{
    if (auto* d = qobject_cast<QDialog*>(modal))
        d->reject();
    else
        modal->close();
}

/// Answers a file dialog by typing `fileName` into its name field and
/// pressing Enter until it closes (or kDialogTimeout passes).
inline void typeFileNameAndEnter(QWidget* modal, const QString& fileName)
{
    auto* d = qobject_cast<QFileDialog*>(modal);
    auto* name = d ? d->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")) : nullptr;
    if (!name)
        return rejectDialog(modal);
    // The name field completes from the folder, which is read in the
    // background: a completion list that pops up takes an Enter, as it does
    // for a user, and may put its own choice into the field. Like a user, the
    // loop closes the list, types the name again where it changed, and
    // presses Enter again, for as long as the dialog stays open.
    QElapsedTimer clock;
    clock.start();
    while (d->isVisible() && clock.elapsed() < kDialogTimeout) {
        if (QCompleter* c = name->completer(); c && c->popup()->isVisible())
            QTest::keyClick(c->popup(), Qt::Key_Escape);
        if (name->text() != fileName) {
            QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(name, fileName);
            continue;
        }
        QTest::keyClick(name, Qt::Key_Return);
        if (d->isVisible())
            QTest::qWait(100);
    }
}

} // namespace treelock::test
