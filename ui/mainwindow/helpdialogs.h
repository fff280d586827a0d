#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QLabel;
class QLineEdit;
class QMenuBar;
class QTextBrowser;
class QTreeWidget;
class QUrl;

namespace treelock::ui {

/// One key of a menu bar: the keys as the platform writes them, the menu path.
struct MenuShortcut {
    QString keys;     ///< "Ctrl+Shift+W" (native text; several keys joined by ", ")
    QString command;  ///< "View › Waiting"
};

/// Every action of `bar`'s menus (and their submenus) that has a shortcut, in
/// menu order. Read when called, so it lists what the menus hold now. O(actions).
QList<MenuShortcut> menuShortcuts(const QMenuBar* bar);

/// The user guide's Markdown as the guide dialog shows it: `markdown` without
/// its pictures (screenshots too wide for a dialog; their captions stay).
QString guideMarkdown(const QString& markdown);

/// Help › User Guide: docs/studio.md, compiled in as ":/docs/studio.md", with
/// a find field. Links within the guide scroll to their heading; web links
/// open in the browser. Not modal: it stays open beside the window.
class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);
    QTextBrowser* browser() const { return m_browser; }

private:
    void openLink(const QUrl& url);
    void find(bool again);

    QTextBrowser* m_browser;
    QLineEdit* m_find;
    QLabel* m_note;     // why a link went nowhere, or that the text was not found
};

/// Help › Keyboard Shortcuts: the shortcuts of the window's menus, gathered
/// from the menu bar each time the dialog is opened. Not modal.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    ShortcutsDialog(const QMenuBar* bar, QWidget* parent = nullptr);
    /// Lists the menu bar's shortcuts again.
    void refresh();
    QTreeWidget* list() const { return m_list; }

private:
    const QMenuBar* m_bar;  // Not owned: the window's.
    QTreeWidget* m_list;
};

} // namespace treelock::ui
