#include "mainwindow/updatehold.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QLocale>
#include <QMenu>
#include <QTimer>
#include <QToolButton>
#include <QWidget>

namespace treelock::ui {

namespace {

/// Beyond this many kept states only the latest decorated state and those
/// after it are kept (it lists every lease; shown whole, it replaces the rest).
constexpr std::size_t kKeptStates = 600;

/// How long after the pointer last moved on the table its rows stay still:
/// the time to aim and click, not to read.
constexpr qint64 kAimingMs = 4000;

} // namespace

UpdateHold::UpdateHold(QWidget* window) : QObject(window), m_window(window)
{
    m_pause = new QAction(tr("&Pause Updates"), this);
    m_pause->setObjectName(QStringLiteral("pauseUpdatesAction"));
    m_pause->setCheckable(true);
    m_pause->setShortcut(QKeySequence(Qt::Key_F8));
    m_pause->setToolTip(tr("Hold the tree and the tables still; the updates that arrive meanwhile are shown when you resume (F8)"));
    connect(m_pause, &QAction::toggled, this, [this](bool on) {
        m_paused = on;
        update();
    });
    m_button = new QToolButton(window);
    m_button->setObjectName(QStringLiteral("pauseUpdatesButton"));
    m_button->setDefaultAction(m_pause);
    m_button->setAutoRaise(true);
    m_aimed = new QTimer(this);
    m_aimed->setSingleShot(true);
    m_aimed->setInterval(kAimingMs + 10);
    connect(m_aimed, &QTimer::timeout, this, [this] {
        if (m_pointer && m_moved.isValid() && m_moved.elapsed() < kAimingMs)
            m_aimed->start(int(kAimingMs - m_moved.elapsed()) + 10); // moved since: wait on
        else
            update();
    });
    m_button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // Menus of any part of the window: a context menu's rows must stay where they were aimed.
    qApp->installEventFilter(this);
    update();
}

void UpdateHold::watch(QWidget* viewport)
{
    viewport->setAttribute(Qt::WA_Hover); // HoverMove: the pointer is aiming
    viewport->installEventFilter(this);
    m_viewports.emplace_back(viewport);
}

bool UpdateHold::passing() const
{
    return m_passing.isValid() && m_passing.elapsed() < m_passMs;
}

bool UpdateHold::menuOpen()
{
    // Asked, not counted: a menu deleted while open sends no Hide.
    return qobject_cast<QMenu*>(QApplication::activePopupWidget()) != nullptr;
}

bool UpdateHold::holding() const
{
    return m_paused || (menuOpen() && !passing());
}

bool UpdateHold::holdingTable() const
{
    // Aiming, not reading: a pointer that has not moved for a while lets the rows go on.
    return holding() || (m_pointer && m_moved.isValid() && m_moved.elapsed() < kAimingMs && !passing());
}

void UpdateHold::passFor(int ms)
{
    m_passing.start();
    m_passMs = ms;
    update();
    QTimer::singleShot(ms + 1, this, &UpdateHold::update);
}

QString UpdateHold::reason() const
{
    if (m_paused)
        return tr("Updates are paused");
    if (holding())
        return tr("Updates wait while a menu is open");
    if (holdingTable())
        return tr("The lease table's rows stay where they are while the pointer aims at them (until it has "
                  "rested 4 s); the updates that arrive meanwhile are shown then");
    return {};
}

void UpdateHold::Queue::push(const LockStatePtr& state)
{
    states.push_back(state);
    ++kept;
    if (states.size() <= kKeptStates)
        return;
    // Start again from the latest state that lists every lease.
    for (std::size_t i = states.size(); i-- > 1;) {
        if (states[i]->decorated) {
            auto whole = std::make_shared<LockState>(*states[i]);
            whole->full = true; // the states before it are not shown: nothing to diff against
            whole->base = 0;
            states.erase(states.begin(), states.begin() + std::ptrdiff_t(i));
            states.front() = std::move(whole);
            return;
        }
    }
}

bool UpdateHold::keep(const LockStatePtr& state)
{
    if (!holding())
        return false;
    m_all.push(state);
    update();
    return true;
}

bool UpdateHold::keepForTable(const LockStatePtr& state)
{
    if (state->full) {
        m_table = {}; // another project or tree: what waited is moot, and this one is shown now
        update();
        return false;
    }
    if (!holdingTable())
        return false;
    m_table.push(state);
    update();
    return true;
}

void UpdateHold::clear()
{
    m_all = {};
    m_table = {};
    update();
}

bool UpdateHold::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type == QEvent::Show || type == QEvent::Hide) {
        // Once the menu is gone (no longer the active popup), what it held is shown.
        if (qobject_cast<QMenu*>(watched))
            QTimer::singleShot(0, this, &UpdateHold::update);
        return false;
    }
    if (type != QEvent::Enter && type != QEvent::Leave && type != QEvent::HoverMove)
        return false;
    for (const QPointer<QWidget>& v : m_viewports) {
        if (v == watched) {
            m_pointer = type != QEvent::Leave;
            m_moved.start();
            if (!m_aimed->isActive() || type != QEvent::HoverMove) {
                update();
                m_aimed->start();
            }
            break;
        }
    }
    return false;
}

void UpdateHold::update()
{
    const int n = waiting();
    if (n > 0)
        m_button->setText(m_paused ? tr("Paused · %Ln update(s) waiting", nullptr, n)
                                   : tr("Rows kept still · %Ln update(s) waiting", nullptr, n));
    else
        m_button->setText(m_paused ? tr("Paused") : tr("Pause"));
    m_button->setToolTip(holdingTable() ? reason() + QStringLiteral(" (F8)") : m_pause->toolTip());
    if (!holding() && !m_all.states.empty()) {
        std::vector<LockStatePtr> states = std::exchange(m_all, {}).states;
        emit released(states); // may keep some for the table again
    }
    if (!holdingTable() && !m_table.states.empty()) {
        std::vector<LockStatePtr> states = std::exchange(m_table, {}).states;
        emit tableReleased(states);
    }
    if (waiting() != n)
        update();
}

} // namespace treelock::ui
