// The Studio's permission-matrix view: its model under QAbstractItemModelTester,
// derivation per profile, replay on a scratch project, export. Offscreen.
#include "matrix/matrixmodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/studiooptions.h"
#include "matrix/matrixview.h"
#include "models/locktreemodel.h"

#include <treelock/matrix.h>
#include <treelock/policy.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace treelock;
using namespace treelock::ui;

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
        QVERIFY(waitReady(view));
        QCOMPARE(view.profile(), QStringLiteral("fine"));
        QCOMPARE(view.matrixModel()->matrix()->differing(), 15u);
        view.setProfile("seed");
        QVERIFY(waitReady(view));
        QCOMPARE(view.matrixModel()->matrix()->profile, std::string("seed"));
        QCOMPARE(view.matrixModel()->matrix()->differing(), 14u);
    }

    void replayShowsTheLocksOfBothOperations()
    {
        MatrixView view;
        QVERIFY(waitReady(view));
        QSignalSpy replayed(&view, &MatrixView::scenarioReplayed);
        QVERIFY(view.replay(indexOf(Operation::Create), indexOf(Operation::Create)));
        QCOMPARE(replayed.size(), 1);
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
        view.setProfile("seed");
        QVERIFY(waitReady(view));
        QSignalSpy replayed(&view, &MatrixView::scenarioReplayed);
        QVERIFY(view.replay(indexOf(Operation::MoveFolder), indexOf(Operation::Create), 1));
        QCOMPARE(replayed.size(), 1);
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
        QVERIFY(!view.replay(0, 0, 5));
        // With TREELOCK_SCREENSHOT_DIR set, keep a picture of the view (for docs and review).
        if (qEnvironmentVariableIsSet("TREELOCK_SCREENSHOT_DIR")) {
            view.resize(1700, 800);
            view.show();
            QVERIFY(view.grab().save(qEnvironmentVariable("TREELOCK_SCREENSHOT_DIR")
                                     + QStringLiteral("/permission-matrix.png")));
        }
    }

    void exportsTheCliFormats()
    {
        MatrixView view;
        QVERIFY(waitReady(view));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString error;
        QVERIFY2(view.exportMarkdown(dir.filePath("m.md"), &error), qPrintable(error));
        QVERIFY2(view.exportCsv(dir.filePath("m.csv"), &error), qPrintable(error));
        const DerivedMatrix fine = deriveMatrix(SeedMatrix::builtin(), Policy::builtin("fine"));
        QCOMPARE(readAll(dir.filePath("m.md")), QByteArray::fromStdString(matrixToMarkdown(fine)));
        QCOMPARE(readAll(dir.filePath("m.csv")), QByteArray::fromStdString(matrixToCsv(fine)));
        QVERIFY(!view.exportCsv(dir.filePath("missing/x.csv"), &error));
        QVERIFY(!error.isEmpty());
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
