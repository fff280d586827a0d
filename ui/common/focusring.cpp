#include "common/focusring.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace treelock::ui {

namespace {

constexpr int kWidth = 2;

/// The widget the ring goes around: a scroll area's viewport stands for the
/// area (a table's focus is its viewport's), a combo box's line edit for the box.
QWidget* ringed(QWidget* w)
{
    QWidget* parent = w->parentWidget();
    if (parent && (qobject_cast<QAbstractScrollArea*>(parent) || parent->inherits("QComboBox")))
        return parent;
    return w;
}

} // namespace

FocusRing::FocusRing(QWidget* window) : QWidget(window)
{
    setObjectName(QStringLiteral("focusRing"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { follow(now); });
    qApp->installEventFilter(this);
    for (QAbstractItemView* view : window->findChildren<QAbstractItemView*>())
        view->setTabKeyNavigation(false); // polished before the ring was there
}

bool FocusRing::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Polish) {
        if (auto* view = qobject_cast<QAbstractItemView*>(watched))
            view->setTabKeyNavigation(false);
        return false;
    }
    // The target, or a dock or splitter around it, moved: so does the ring.
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        if (m_target && watched->isWidgetType()
            && (watched == m_target || static_cast<QWidget*>(watched)->isAncestorOf(m_target)))
            place();
        break;
    default:
        break;
    }
    return false;
}

void FocusRing::follow(QWidget* widget)
{
    QWidget* target = widget ? ringed(widget) : nullptr;
    if (target && target->window() != parentWidget()->window())
        target = nullptr; // a dialog's or a floating dock's focus: the window has none
    m_target = target;
    place();
}

void FocusRing::place()
{
    QWidget* window = parentWidget();
    if (!m_target || !m_target->isVisible() || m_target == window) {
        hide();
        return;
    }
    const QPoint topLeft = m_target->mapTo(window, QPoint(0, 0));
    setGeometry(QRect(topLeft, m_target->size()).adjusted(-kWidth, -kWidth, kWidth, kWidth).intersected(window->rect()));
    show();
    raise();
    update();
}

void FocusRing::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(palette().color(QPalette::Highlight), kWidth);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(rect()).adjusted(kWidth / 2.0, kWidth / 2.0, -kWidth / 2.0, -kWidth / 2.0), 3, 3);
}

} // namespace treelock::ui
