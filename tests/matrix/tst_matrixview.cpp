// The Studio's permission-matrix view: its model under QAbstractItemModelTester,
// derivation per profile, replay on a scratch project, export. Offscreen.
#include "lockview/locktreemodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "matrix/matrixmodel.h"
#include "matrix/matrixview.h"

#include "modaldialogs.h"

#include <treelock/matrix.h>
#include <treelock/policy.h>

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace treelock;
using namespace treelock::ui;
using namespace treelock::test;

namespace {

int indexOf(Operation op)
{
    return int(op);
}

bool waitReady(MatrixView& view)
{
    return QTest::qWaitFor([&] { return view.isReady(); }, 10000);
}

QByteArray readAll(const QString& fileName)
{
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}


/// Shows `view` as a window large enough for its table, as a user sees it.
bool showView(MatrixView& view)
{
    view.resize(1700, 800);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

/// The profile switch: the combo box that offers the built-in profiles.
QComboBox* profileBox(const MatrixView& view)
{
    for (QComboBox* box : view.findChildren<QComboBox*>())
        if (box->findText(QStringLiteral("seed")) >= 0 && box->findText(QStringLiteral("fine")) >= 0)
            return box;
    return nullptr;
}

/// The combo box that picks the object (sub-cell) of the replayed cell.
QComboBox* subCellBox(const MatrixView& view)
{
    QComboBox* profiles = profileBox(view);
    for (QComboBox* box : view.findChildren<QComboBox*>())
        if (box != profiles)
            return box;
    return nullptr;
}

QPushButton* button(const MatrixView& view, const QString& text)
{
    for (QPushButton* b : view.findChildren<QPushButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

/// Picks `profile` in the profile switch with the arrow keys.
void chooseProfile(MatrixView& view, const QString& profile)
{
    QComboBox* box = profileBox(view);
    QVERIFY(box);
    const int target = box->findText(profile);
    QVERIFY2(target >= 0, qPrintable(profile));
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < target; ++i)
        QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(box->currentText(), profile);
}

/// Clicks the cell (row, column) of the matrix.
void clickCell(MatrixView& view, int row, int column)
{
    auto* table = view.findChild<QTableView*>();
    QVERIFY(table);
    const QModelIndex index = table->model()->index(row, column);
    QVERIFY(index.isValid());
    table->scrollTo(index);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QCOMPARE(table->currentIndex(), index);
}


/// Presses the export button `text` and saves to `fileName` in its file dialog.
void exportWithButton(MatrixView& view, const QString& text, const QString& fileName)
{
    QPushButton* b = button(view, text);
    QVERIFY2(b && b->isVisible() && b->isEnabled(), qPrintable(text));
    bool dialog = false;
    whenModal([fileName](QWidget* modal) { typeFileNameAndEnter(modal, fileName); }, &dialog);
    QTest::mouseClick(b, Qt::LeftButton);
    QVERIFY(dialog);
}

} // namespace

class TestMatrixView : public QObject {
    Q_OBJECT
private slots:
    void modelPassesTheItemModelTester()
    {
        MatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setMatrix(std::make_shared<const DerivedMatrix>(
            deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"))));
        QCOMPARE(model.rowCount(), 11);
        QCOMPARE(model.columnCount(), 11);
        model.setMatrix(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void cellsAreColouredByCategory()
    {
        MatrixModel model;
        model.setMatrix(std::make_shared<const DerivedMatrix>(
            deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"))));
        int differing = 0;
        int subCells = 0;
        for (int r = 0; r < 11; ++r) {
            for (int c = 0; c < 11; ++c) {
                const QModelIndex index = model.index(r, c);
                for (const QVariant& sub : index.data(MatrixModel::SubCellsRole).toList()) {
                    ++subCells;
                    differing += sub.toMap().value("category").toInt() == int(MatrixCategory::Differs);
                }
                QVERIFY(index.data(Qt::BackgroundRole).value<QColor>().isValid());
                QVERIFY(!index.data(Qt::ToolTipRole).toString().isEmpty());
            }
        }
        QCOMPARE(subCells, 136);
        QCOMPARE(differing, 15);
        // move-folder /A /B then create in B: A agrees (blocked), B differs.
        const QModelIndex moveCreate = model.index(indexOf(Operation::MoveFolder), indexOf(Operation::Create));
        QCOMPARE(moveCreate.data().toString(), QString::fromUtf8("A× B×→√"));
        QCOMPARE(moveCreate.data(MatrixModel::CategoryRole).toInt(), int(MatrixCategory::Differs));
        const QString tip = moveCreate.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("X:/B/A") && tip.contains("X:/B/n2.txt") && tip.contains("Reason"),
                 qPrintable(tip));
        const QModelIndex createCreate = model.index(0, 0);
        QCOMPARE(createCreate.data(MatrixModel::CategoryRole).toInt(), int(MatrixCategory::AgreeAllowed));
        const QModelIndex deleteDelete = model.index(indexOf(Operation::DeleteFolder), indexOf(Operation::DeleteFolder));
        QCOMPARE(deleteDelete.data(MatrixModel::CategoryRole).toInt(), int(MatrixCategory::AgreeBlocked));
    }

    void switchesProfiles()
    {
        MatrixView view;
        QVERIFY(showView(view));
        QVERIFY(waitReady(view));
        QCOMPARE(view.profile(), QStringLiteral("fine"));
        QCOMPARE(view.matrixModel()->matrix()->differing(), 15u);
        chooseProfile(view, QStringLiteral("seed"));
        QCOMPARE(view.profile(), QStringLiteral("seed"));
        QVERIFY(waitReady(view));
        QCOMPARE(view.matrixModel()->matrix()->profile, std::string("seed"));
        QCOMPARE(view.matrixModel()->matrix()->differing(), 14u);
        // And back: the derived profile is shown again.
        chooseProfile(view, QStringLiteral("fine"));
        QVERIFY(waitReady(view));
        QCOMPARE(view.matrixModel()->matrix()->profile, std::string("fine"));
        QCOMPARE(view.matrixModel()->matrix()->differing(), 15u);
    }

    void replayShowsTheLocksOfBothOperations()
    {
        MatrixView view;
        QVERIFY(showView(view));
        QVERIFY(waitReady(view));
        QSignalSpy replayed(&view, &MatrixView::scenarioReplayed);
        clickCell(view, indexOf(Operation::Create), indexOf(Operation::Create));
        QCOMPARE(replayed.size(), 1);
        QCOMPARE(replayed[0][0].toString(), QStringLiteral("fine"));
        QCOMPARE(replayed[0][1].toString(), QStringLiteral("create /A n1.txt"));
        QCOMPARE(replayed[0][2].toString(), QStringLiteral("create /A n2.txt"));
        QCOMPARE(replayed[0][3].toBool(), true);
        LockTreeModel* tree = view.replayTreeModel();
        for (const char* path : {"/A/n1.txt", "/A/n2.txt"}) {
            const QModelIndex index = tree->indexForPath(path);
            QVERIFY2(index.isValid(), path);
            QVERIFY2(tree->stateOf(index) && hasMode(tree->stateOf(index)->held, LockMode::X), path);
        }
        QVERIFY(hasMode(tree->stateOf(tree->indexForPath("/A"))->intent, LockMode::IX));
    }

    void replayOfABlockedCellHighlightsTheRefusedPaths()
    {
        MatrixView view;
        QVERIFY(showView(view));
        chooseProfile(view, QStringLiteral("seed"));
        QVERIFY(waitReady(view));
        QSignalSpy replayed(&view, &MatrixView::scenarioReplayed);
        // The cell replays its first object; the second (B) is picked in the
        // object box below the table.
        clickCell(view, indexOf(Operation::MoveFolder), indexOf(Operation::Create));
        QCOMPARE(replayed.size(), 1);
        QComboBox* objects = subCellBox(view);
        QVERIFY(objects);
        QCOMPARE(objects->count(), 2);
        QCOMPARE(objects->currentIndex(), 0);
        QTest::keyClick(objects, Qt::Key_Down);
        QCOMPARE(objects->currentIndex(), 1);
        QCOMPARE(replayed.size(), 2);
        replayed.removeFirst();
        QCOMPARE(replayed[0][0].toString(), QStringLiteral("seed"));
        QCOMPARE(replayed[0][2].toString(), QStringLiteral("create /B n2.txt"));
        QCOMPARE(replayed[0][3].toBool(), false);
        LockTreeModel* tree = view.replayTreeModel();
        QVERIFY(hasMode(tree->stateOf(tree->indexForPath("/B"))->held, LockMode::SIX));
        QVERIFY(hasMode(tree->stateOf(tree->indexForPath("/B/A"))->held, LockMode::X));
        QCOMPARE(tree->state()->leases.size(), std::size_t(1));
        const QModelIndex wanted = tree->indexForPath("/B/n2.txt");
        QVERIFY(wanted.isValid());
        QVERIFY(!tree->stateOf(wanted) || !tree->stateOf(wanted)->held);
        QVERIFY(wanted.data(LockTreeModel::HighlightRole).toBool());
        // With TREELOCK_SCREENSHOT_DIR set, keep a picture of the view (for docs and review).
        if (qEnvironmentVariableIsSet("TREELOCK_SCREENSHOT_DIR")) {
            QVERIFY(view.grab().save(qEnvironmentVariable("TREELOCK_SCREENSHOT_DIR")
                                     + QStringLiteral("/permission-matrix.png")));
        }
        // A cell with one object offers only that one: no sub-cell beyond it
        // can be replayed.
        clickCell(view, 0, 0);
        QCOMPARE(replayed.size(), 2);
        QCOMPARE(objects->count(), 1);
        QTest::keyClick(objects, Qt::Key_Down);
        QCOMPARE(objects->currentIndex(), 0);
        QCOMPARE(replayed.size(), 2);
    }

    void exportsTheCliFormats()
    {
        MatrixView view;
        QVERIFY(showView(view));
        QVERIFY(waitReady(view));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString markdown = QStringLiteral("Export Markdown…");
        const QString csv = QStringLiteral("Export CSV…");
        exportWithButton(view, markdown, dir.filePath("m.md"));
        exportWithButton(view, csv, dir.filePath("m.csv"));
        const DerivedMatrix fine = deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"));
        QCOMPARE(readAll(dir.filePath("m.md")), QByteArray::fromStdString(matrixToMarkdown(fine)));
        QCOMPARE(readAll(dir.filePath("m.csv")), QByteArray::fromStdString(matrixToCsv(fine)));

        // A file in a missing folder: the user is told, naming the file and why.
        const QString missing = dir.filePath("missing/x.csv");
        bool dialog = false;
        bool warned = false;
        QString title;
        QString warning;
        whenModal([&](QWidget* modal) {
            typeFileNameAndEnter(modal, missing);
            whenModal([&](QWidget* box) {
                auto* message = qobject_cast<QMessageBox*>(box);
                if (!message)
                    return rejectDialog(box);
                title = message->windowTitle();
                warning = message->text();
                QAbstractButton* ok = message->button(QMessageBox::Ok);
                if (!ok)
                    return rejectDialog(box);
                QTest::mouseClick(ok, Qt::LeftButton);
            }, &warned);
        }, &dialog);
        QTest::mouseClick(button(view, csv), Qt::LeftButton);
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(warned, kDialogTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!QApplication::activeModalWidget(), 10000);
        QCOMPARE(title, QStringLiteral("Export failed"));
        const QString prefix = QStringLiteral("Could not write %1: ").arg(missing);
        QVERIFY2(warning.startsWith(prefix) && warning.size() > prefix.size(), qPrintable(warning));
        QVERIFY(!QFile::exists(missing));
    }

    void mainWindowHasThePermissionMatrixDock()
    {
        StudioOptions options;
        options.backend.kind = BackendConfig::Kind::Memory;
        options.useSettings = false;
        MainWindow window(options);
        QVERIFY(window.matrixView());
        // The view may sit in a scroll area inside the dock.
        QDockWidget* dock = nullptr;
        for (QWidget* p = window.matrixView()->parentWidget(); p && !dock; p = p->parentWidget())
            dock = qobject_cast<QDockWidget*>(p);
        QVERIFY(dock);
        QCOMPARE(dock->objectName(), QStringLiteral("permissionMatrixDock"));
        QVERIFY(waitReady(*window.matrixView()));
    }
};

QTEST_MAIN(TestMatrixView)
#include "tst_matrixview.moc"
