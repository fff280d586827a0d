#include "common/workerthread.h"

#include <QCoreApplication>

#include <algorithm>
#include <vector>

namespace treelock::ui {

namespace {

/// The one-shot threads started and not yet seen finished. GUI thread only.
std::vector<QThread*>& oneShots()
{
    static std::vector<QThread*> threads;
    return threads;
}

/// Run by QCoreApplication's destructor: a work still running then (a listing
/// waiting for its server's timeout) is waited for, not cut off mid-call.
void waitForOneShots()
{
    for (QThread* thread : oneShots()) {
        thread->wait();
        delete thread;
    }
    oneShots().clear();
}

} // namespace

void detail::startOneShot(QThread* thread)
{
    static const bool waitsOnQuit = [] {
        qAddPostRoutine(waitForOneShots);
        return true;
    }();
    (void)waitsOnQuit;
    oneShots().push_back(thread);
    // Queued to the GUI thread, where the thread object lives.
    QObject::connect(thread, &QThread::finished, thread, [thread] {
        std::erase(oneShots(), thread);
        thread->deleteLater();
    });
    thread->start();
}

} // namespace treelock::ui
