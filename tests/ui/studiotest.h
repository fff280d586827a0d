// What every test of Studio's main window sets up first.
#pragma once

#include "bridge/bridge.h"
#include "lockview/projecttree.h"
#include "mainwindow/studiooptions.h"

#include <treelock/engine.h>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

namespace treelock::test {

/// Settings go to a test location, closing the last window does not quit, and the
/// bridge's value types are registered before any window starts its worker.
inline void prepareStudioTests()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setQuitOnLastWindowClosed(false);
    ui::registerBridgeTypes();
}

/// Options for a window on a backend of `kind` that neither reads nor writes
/// the saved settings; the caller adds the backend's URL or project.
inline ui::StudioOptions studioOptions(ui::BackendConfig::Kind kind)
{
    ui::StudioOptions options;
    options.backend.kind = kind;
    options.useSettings = false;
    return options;
}

/// A window on the in-process engine that neither reads nor writes the saved
/// settings, or, with `useSettings`, does.
inline ui::StudioOptions memoryOptions(bool useSettings = false)
{
    ui::StudioOptions options = studioOptions(ui::BackendConfig::Kind::Memory);
    options.useSettings = useSettings;
    return options;
}

/// The seed's tree: /A/a.txt, /A/C/c.txt, /A/C/D/d.txt, the empty folders /A/C/E and /B.
inline ui::ProjectTreeData seedProjectTree()
{
    ui::ProjectTreeData tree;
    QString error;
    ui::parseTreeJson(R"({"format":"treelock-tree","version":1,"name":"seed",
        "paths":["/A/a.txt","/A/C/c.txt","/A/C/D/d.txt","/A/C/E/","/B/"]})", &tree, &error);
    return tree;
}

/// An acquire of `owner` labelled `operation`, for `ttl`.
inline AcquireOptions acquireOptions(const char* owner, const char* operation, std::chrono::milliseconds ttl)
{
    AcquireOptions o;
    o.owner = owner;
    o.operation = operation;
    o.ttl = ttl;
    return o;
}

/// The descendant of `parent` of type T named `name`; a test without it stops here.
template <typename T>
T* child(const QObject* parent, const char* name)
{
    T* found = parent->findChild<T*>(QLatin1String(name));
    if (!found)
        qFatal("no %s named %s", T::staticMetaObject.className(), name);
    return found;
}

/// Shows `w` and makes it the active window (shortcuts need that); false when it
/// does not become active.
[[nodiscard]] inline bool showActive(QWidget& w)
{
    w.show();
    QApplication::setActiveWindow(&w);
    return QTest::qWaitForWindowActive(&w);
}

/// True when `dock` is open and, if it shares a tab bar with other docks,
/// its tab is the current one: what the user sees, not QWidget visibility
/// (a dock tabbed behind another still counts as visible).
inline bool dockInFront(const QMainWindow& w, const QDockWidget* dock)
{
    if (dock->isHidden())
        return false;
    for (QTabBar* tabs : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!tabs->isVisible())
            continue;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == dock->windowTitle())
                return tabs->currentIndex() == i;
    }
    return dock->isVisible();
}

/// The action `objectName` of any menu of the window's menu bar, found as a user would.
inline QAction* menuBarAction(const QMainWindow& w, const QString& objectName)
{
    for (QAction* top : w.menuBar()->actions())
        if (top->menu())
            for (QAction* a : top->menu()->actions())
                if (a->objectName() == objectName)
                    return a;
    return nullptr;
}

/// Clicks row `index` of `view` as a user does, after scrolling it into view.
inline void clickRow(QAbstractItemView* view, const QModelIndex& index)
{
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

/// Clicks `button` as a user does; it must be in sight and enabled.
inline void click(QAbstractButton* button)
{
    QVERIFY2(button->isVisible() && button->isEnabled(), qPrintable(button->objectName()));
    QTest::mouseClick(button, Qt::LeftButton);
}

/// Clicks the item of `list` whose text is `text` as a user does, after scrolling it into view.
inline void clickItem(QListWidget* list, const QString& text)
{
    const auto items = list->findItems(text, Qt::MatchExactly);
    QVERIFY2(!items.isEmpty(), qPrintable(text));
    list->scrollToItem(items.first());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(items.first()).center());
}

/// Clicks the tab titled `title` of `tabs`.
inline void clickTabNamed(QTabWidget* tabs, const QString& title)
{
    QTabBar* bar = tabs->tabBar();
    for (int i = 0; i < bar->count(); ++i)
        if (bar->tabText(i) == title) {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
            QCOMPARE(tabs->currentIndex(), i);
            return;
        }
    QFAIL(qPrintable(QStringLiteral("no tab %1").arg(title)));
}

/// Types `text` over the spin box's value and confirms it with Enter.
inline void typeInto(QAbstractSpinBox* spin, const QString& text)
{
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

/// Right-clicks `index` and returns the context menu `menuName` that opened, or null.
inline QMenu* openContextMenu(QAbstractItemView* view, const QModelIndex& index, const QString& menuName)
{
    view->scrollTo(index);
    const QPoint pos = view->visualRect(index).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view->viewport(), &event);
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* menu = qobject_cast<QMenu*>(w); menu && menu->objectName() == menuName && menu->isVisible())
            return menu;
    return nullptr;
}

/// Picks the action the way a click would: the menu closes, then the action runs.
inline bool pick(QMenu* menu, const QString& actionName)
{
    QAction* action = menu ? menu->findChild<QAction*>(actionName) : nullptr;
    if (!action || !action->isEnabled())
        return false;
    menu->hide();
    action->trigger();
    menu->close();
    return true;
}

/// Offscreen, gives the screen a small laptop's size (1280x800) unless the caller
/// configured one: the layout checks need a screen smaller than the window Studio
/// used to open at. The configuration file lives in `config`.
inline void useLaptopScreenOffscreen(const QTemporaryDir& config)
{
    if (qgetenv("QT_QPA_PLATFORM") != "offscreen")
        return;
    QFile f(config.filePath(QStringLiteral("screen.json")));
    if (f.open(QIODevice::WriteOnly))
        f.write(R"({"screens":[{"name":"laptop","x":0,"y":0,"width":1280,"height":800,"logicalDpi":96,"logicalBaseDpi":96,"dpr":1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + f.fileName().toUtf8());
}

} // namespace treelock::test

/// QTEST_MAIN for a test of Studio's main window, on the laptop-sized offscreen
/// screen of useLaptopScreenOffscreen().
#define TREELOCK_STUDIO_TEST_MAIN(TestObject)                       \
    int main(int argc, char** argv)                                 \
    {                                                               \
        QTemporaryDir config;                                       \
        treelock::test::useLaptopScreenOffscreen(config);           \
        QApplication app(argc, argv);                               \
        TestObject test;                                            \
        QTEST_SET_MAIN_SOURCE_PATH                                  \
        return QTest::qExec(&test, argc, argv);                     \
    }
