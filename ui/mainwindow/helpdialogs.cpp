#include "mainwindow/helpdialogs.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <functional>

namespace treelock::ui {

namespace {

/// A menu entry's text as read: without its accelerator marks ("&&" is a "&")
/// and the shortcut some styles append after a tab.
QString plainMenuText(QString text)
{
    text = text.section(QLatin1Char('\t'), 0, 0);
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

/// A heading's anchor as GitHub names it: lower case, punctuation dropped,
/// spaces as dashes ("Following a project" -> "following-a-project").
QString headingAnchor(const QString& heading)
{
    QString anchor;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            anchor += c;
        else if (c == QLatin1Char(' '))
            anchor += QLatin1Char('-');
    }
    return anchor;
}

/// A dialog's size: `wanted`, or what the parent's window leaves of it.
QSize fitted(QWidget* parent, QSize wanted)
{
    if (parent)
        wanted = wanted.boundedTo(parent->window()->size() * 9 / 10);
    return wanted;
}

} // namespace

QList<MenuShortcut> menuShortcuts(const QMenuBar* bar)
{
    // A count an entry carries ("Release expired (3)") is of the moment, not of the command.
    static const QRegularExpression count(QStringLiteral(R"( \(\d+\)$)"));
    QList<MenuShortcut> entries;
    QSet<const QAction*> listed; // an action in two menus is listed where it comes first
    std::function<void(const QMenu*, const QString&)> walk = [&](const QMenu* menu, const QString& path) {
        for (const QAction* a : menu->actions()) {
            if (a->isSeparator() || listed.contains(a))
                continue;
            const QString here = path + QStringLiteral(" › ") + plainMenuText(a->text()).remove(count);
            if (a->menu()) {
                walk(a->menu(), here);
                continue;
            }
            QStringList keys;
            for (const QKeySequence& key : a->shortcuts())
                if (!key.isEmpty())
                    keys << key.toString(QKeySequence::NativeText);
            if (keys.isEmpty())
                continue;
            entries.append({keys.join(QStringLiteral(", ")), here});
            listed.insert(a);
        }
    };
    for (const QAction* top : bar->actions())
        if (top->menu())
            walk(top->menu(), plainMenuText(top->text()));
    return entries;
}

QString guideMarkdown(const QString& markdown)
{
    static const QRegularExpression picture(QStringLiteral(R"(!\[[^\]]*\]\([^)]*\))"));
    QString text = markdown;
    text.remove(picture);
    return text;
}

UserGuideDialog::UserGuideDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("userGuideDialog"));
    setWindowTitle(tr("Treelock Studio User Guide"));
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("userGuideText"));
    m_browser->setOpenLinks(false);
    m_browser->document()->setDocumentMargin(12);
    QFile guide(QStringLiteral(":/docs/studio.md"));
    if (guide.open(QIODevice::ReadOnly))
        m_browser->setMarkdown(guideMarkdown(QString::fromUtf8(guide.readAll())));
    else
        m_browser->setPlainText(tr("The user guide is missing from this build (%1).").arg(guide.fileName()));
    connect(m_browser, &QTextBrowser::anchorClicked, this, &UserGuideDialog::openLink);

    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("userGuideFind"));
    m_find->setPlaceholderText(tr("Find in the guide"));
    m_find->setClearButtonEnabled(true);
    m_find->setMaximumWidth(260);
    connect(m_find, &QLineEdit::textEdited, this, [this] { find(false); });
    connect(m_find, &QLineEdit::returnPressed, this, [this] { find(true); });
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("userGuideNote"));
    m_note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_find);
    bottom->addWidget(m_note, 1);
    bottom->addWidget(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addLayout(bottom);
    resize(fitted(parent, {820, 700}));
}

void UserGuideDialog::find(bool again)
{
    m_note->clear();
    const QString text = m_find->text();
    if (text.isEmpty())
        return;
    if (!again) { // typing: look again from where the current match starts
        QTextCursor at = m_browser->textCursor();
        at.setPosition(at.selectionStart());
        m_browser->setTextCursor(at);
    }
    if (m_browser->find(text))
        return;
    m_browser->moveCursor(QTextCursor::Start); // past the last match: from the top again
    if (!m_browser->find(text))
        m_note->setText(tr("“%1” is not in the guide").arg(text));
}

void UserGuideDialog::openLink(const QUrl& url)
{
    m_note->clear();
    if (!url.isRelative()) {
        QDesktopServices::openUrl(url);
        return;
    }
    if (url.path().isEmpty() && url.hasFragment()) {
        for (QTextBlock block = m_browser->document()->begin(); block.isValid(); block = block.next()) {
            if (block.blockFormat().headingLevel() == 0 || headingAnchor(block.text()) != url.fragment())
                continue;
            m_browser->setTextCursor(QTextCursor(block));
            const QRectF where = m_browser->document()->documentLayout()->blockBoundingRect(block);
            m_browser->verticalScrollBar()->setValue(int(where.top()));
            return;
        }
    }
    m_note->setText(tr("%1 is another page of Treelock's documentation, in the docs folder of its sources.")
                        .arg(url.path().section(QLatin1Char('/'), -1)));
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar* bar, QWidget* parent) : QDialog(parent), m_bar(bar)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("shortcutList"));
    m_list->setHeaderLabels({tr("Keys"), tr("Menu command")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->header()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    refresh();
    resize(fitted(parent, {480, 540}));
}

void ShortcutsDialog::refresh()
{
    m_list->clear();
    for (const MenuShortcut& entry : menuShortcuts(m_bar))
        new QTreeWidgetItem(m_list, {entry.keys, entry.command});
    // The keys apart from the commands by more than a space.
    m_list->resizeColumnToContents(0);
    m_list->setColumnWidth(0, m_list->columnWidth(0) + 2 * fontMetrics().averageCharWidth());
}

} // namespace treelock::ui
