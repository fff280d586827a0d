#include "matrix/matrixview.h"

#include "common/workerthread.h"
#include "lockview/decoration.h"
#include "lockview/locktreemodel.h"
#include "lockview/projecttree.h"

#include <treelock/error.h>
#include <treelock/memoryengine.h>
#include <treelock/policy.h>

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include <chrono>

namespace treelock::ui {

namespace {

// Paints a cell as one coloured segment per sub-cell ("A×" | "B×→√").
class SubCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override
    {
        const QVariantList subs = index.data(MatrixModel::SubCellsRole).toList();
        if (subs.isEmpty()) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        painter->save();
        const QRect area = option.rect.adjusted(1, 1, -1, -1);
        const int width = area.width() / int(subs.size());
        for (int i = 0; i < subs.size(); ++i) {
            const QVariantMap sub = subs[i].toMap();
            QRect segment(area.left() + i * width, area.top(),
                          i + 1 == subs.size() ? area.right() - area.left() - i * width + 1 : width,
                          area.height());
            const auto category = MatrixCategory(sub.value(QStringLiteral("category")).toInt());
            painter->fillRect(segment, matrixColor(category));
            QString text = (sub.value(QStringLiteral("labelled")).toBool()
                                ? sub.value(QStringLiteral("object")).toString()
                                : QString())
                           + sub.value(QStringLiteral("seed")).toString();
            if (category == MatrixCategory::Differs)
                text += QStringLiteral("\u2192") + sub.value(QStringLiteral("engine")).toString();
            QFont font = option.font;
            font.setBold(category == MatrixCategory::Differs);
            painter->setFont(font);
            painter->setPen(Qt::black);
            painter->drawText(segment, Qt::AlignCenter, text);
            if (i > 0)
                painter->drawLine(segment.topLeft(), segment.bottomLeft());
        }
        if (option.state & QStyle::State_Selected) {
            painter->setPen(QPen(option.palette.highlight(), 2));
            painter->drawRect(area.adjusted(1, 1, -1, -1));
        }
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const int subs = std::max<int>(1, int(index.data(MatrixModel::SubCellsRole).toList().size()));
        return {option.fontMetrics.horizontalAdvance(QStringLiteral("M×→√ ")) * subs + 8,
                option.fontMetrics.height() * 2};
    }
};

ProjectTreeData fixtureTree()
{
    ProjectTreeData tree;
    tree.name = QStringLiteral("permission matrix");
    tree.source = QStringLiteral("resources/matrix/seed-expected.json");
    for (const std::string& path : SeedMatrix::builtin().fixture()) {
        const bool folder = path.size() > 1 && path.back() == '/';
        tree.entries.push_back({folder ? path.substr(0, path.size() - 1) : path, folder});
    }
    completeTree(&tree);
    return tree;
}

QLabel* legendChip(MatrixCategory category, const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setAutoFillBackground(true);
    QPalette palette = label->palette();
    palette.setColor(QPalette::Window, matrixColor(category));
    palette.setColor(QPalette::WindowText, Qt::black);
    label->setPalette(palette);
    label->setContentsMargins(6, 2, 6, 2);
    return label;
}

} // namespace

MatrixView::MatrixView(QWidget* parent)
    : QWidget(parent)
{
    qRegisterMetaType<DerivedMatrixPtr>();
    m_model = new MatrixModel(this);
    m_treeModel = new LockTreeModel(this);
    m_treeModel->setTree(fixtureTree());

    m_profileBox = new QComboBox(this);
    for (const std::string& name : Policy::builtinNames())
        m_profileBox->addItem(QString::fromStdString(name));
    m_profileBox->setToolTip(tr("Policy profile the engine plans the operations with"));
    m_summary = new QLabel(this);
    auto* exportMarkdown = new QPushButton(tr("Export Markdown…"), this);
    auto* exportCsv = new QPushButton(tr("Export CSV…"), this);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Profile:"), this));
    top->addWidget(m_profileBox);
    top->addWidget(m_summary, 1);
    top->addWidget(legendChip(MatrixCategory::AgreeAllowed, tr("agree: allowed"), this));
    top->addWidget(legendChip(MatrixCategory::AgreeBlocked, tr("agree: blocked"), this));
    top->addWidget(legendChip(MatrixCategory::Differs, tr("differs (seed→engine)"), this));
    top->addWidget(exportMarkdown);
    top->addWidget(exportCsv);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setItemDelegate(new SubCellDelegate(m_table));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_table->setWordWrap(true);

    m_subCellBox = new QComboBox(this);
    m_subCellBox->setToolTip(tr("Object of the cell to replay"));
    m_details = new QTextBrowser(this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_treeModel);
    m_tree->setUniformRowHeights(true);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Replayed on a scratch project (click a cell):"), side));
    sideLayout->addWidget(m_subCellBox);
    sideLayout->addWidget(m_details, 1);
    sideLayout->addWidget(m_tree, 2);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_table);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_profileBox, &QComboBox::currentTextChanged, this, &MatrixView::setProfile);
    connect(m_table, &QTableView::clicked, this, &MatrixView::onCellActivated);
    connect(m_table, &QTableView::activated, this, &MatrixView::onCellActivated);
    connect(m_subCellBox, &QComboBox::activated, this, &MatrixView::onSubCellChosen);
    connect(exportMarkdown, &QPushButton::clicked, this, [this] { exportWithDialog(true); });
    connect(exportCsv, &QPushButton::clicked, this, [this] { exportWithDialog(false); });

    setProfile(m_profileBox->currentText());
}

MatrixView::~MatrixView() = default;

void MatrixView::setProfile(const QString& profile)
{
    if (profile == m_profile && isReady())
        return;
    m_profile = profile;
    if (m_profileBox->currentText() != profile)
        m_profileBox->setCurrentText(profile);
    const auto it = m_derived.find(profile);
    if (it != m_derived.end()) {
        showMatrix(profile, it->second);
        return;
    }
    m_summary->setText(tr("Deriving %1…").arg(profile));
    derive(profile);
}

QString MatrixView::profile() const
{
    return m_profile;
}

bool MatrixView::isReady() const
{
    return m_model->matrix() && QString::fromStdString(m_model->matrix()->profile) == m_profile;
}

void MatrixView::derive(const QString& profile)
{
    runOnce(QStringLiteral("treelock-matrix"), this, [profile] { return deriveProfileMatrix(profile); },
            [this, profile](const DerivedMatrixPtr& matrix) { showMatrix(profile, matrix); });
}

void MatrixView::showMatrix(const QString& profile, std::shared_ptr<const DerivedMatrix> matrix)
{
    if (!matrix)
        return;
    m_derived[profile] = matrix;
    if (profile != m_profile)
        return;
    m_model->setMatrix(matrix);
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    m_summary->setText(tr("%1 of %2 sub-cells agree with the seed, %3 differ")
                           .arg(matrix->agreeing())
                           .arg(matrix->entries.size())
                           .arg(matrix->differing()));
    if (m_current.isValid())
        replay(m_current.row(), m_current.column(), std::max(0, m_subCellBox->currentIndex()));
    emit matrixReady(profile);
}

bool MatrixView::replay(int row, int column, int subCell)
{
    const QModelIndex index = m_model->index(row, column);
    const std::vector<const MatrixEntry*> entries = m_model->entriesAt(index);
    if (subCell < 0 || subCell >= int(entries.size()))
        return false;
    m_current = index;
    m_table->setCurrentIndex(index);
    m_subCellBox->clear();
    for (const MatrixEntry* entry : entries) {
        m_subCellBox->addItem(QString::fromStdString(entry->subCell->object) + QStringLiteral(": ")
                              + QString::fromStdString(toString(entry->subCell->second)));
    }
    m_subCellBox->setCurrentIndex(subCell);

    const MatrixEntry& entry = *entries[std::size_t(subCell)];
    MemoryEngine engine("matrix-replay");
    const ScenarioOutcome outcome = runScenario(engine, Policy::builtin(m_profile.toStdString()),
                                                entry.subCell->first, entry.subCell->second);
    const Snapshot snapshot = engine.snapshot();
    auto state = newLockState();
    state->generation = ++m_generation;
    state->clock = ServerClock{snapshot.serverTime, std::chrono::steady_clock::now()};
    state->leases = snapshot.leases;
    // The fixture plus every path either plan names, so the refused request shows too.
    ProjectTreeData tree = fixtureTree();
    for (const auto* plan : {&outcome.firstPlan, &outcome.secondPlan}) {
        for (const LockRequest& request : *plan)
            tree.entries.push_back({request.path, false});
    }
    completeTree(&tree);
    m_treeModel->setTree(tree);
    decorateState(*state, snapshot.serverTime, m_treeModel->treeIndex().get(), nullptr);
    state->full = true;
    m_treeModel->applyState(state);
    std::vector<std::string> wanted;
    for (const LockRequest& request : outcome.secondPlan)
        wanted.push_back(request.path);
    m_treeModel->setHighlightedPaths(wanted);
    m_tree->expandAll();
    m_tree->resizeColumnToContents(LockTreeModel::NameColumn);

    m_details->setHtml(matrixEntryToolTip(entry)
                       + (outcome.allowed
                              ? tr("<p>Both leases are held on the scratch project.</p>")
                              : tr("<p>Only the first lease is held; the refused second "
                                   "operation's paths are highlighted.</p>")));
    emit scenarioReplayed(m_profile, QString::fromStdString(toString(entry.subCell->first)),
                          QString::fromStdString(toString(entry.subCell->second)), outcome.allowed);
    return true;
}

void MatrixView::onCellActivated(const QModelIndex& index)
{
    if (index.isValid())
        replay(index.row(), index.column(), 0);
}

void MatrixView::onSubCellChosen(int subCell)
{
    if (m_current.isValid())
        replay(m_current.row(), m_current.column(), subCell);
}

bool MatrixView::exportMarkdown(const QString& fileName, QString* error) const
{
    return writeExport(fileName, &matrixToMarkdown, error);
}

bool MatrixView::exportCsv(const QString& fileName, QString* error) const
{
    return writeExport(fileName, &matrixToCsv, error);
}

bool MatrixView::writeExport(const QString& fileName, std::string (*format)(const DerivedMatrix&),
                             QString* error) const
{
    if (!isReady()) {
        if (error)
            *error = tr("the matrix is still being derived");
        return false;
    }
    QFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(QByteArray::fromStdString(format(*m_model->matrix())));
    return file.error() == QFileDevice::NoError;
}

void MatrixView::exportWithDialog(bool markdown)
{
    const QString suggested = QStringLiteral("permission-matrix-%1.%2")
                                  .arg(m_profile, markdown ? QStringLiteral("md") : QStringLiteral("csv"));
    const QString fileName = QFileDialog::getSaveFileName(
        this, markdown ? tr("Export Markdown") : tr("Export CSV"), suggested,
        markdown ? tr("Markdown (*.md)") : tr("CSV (*.csv)"));
    if (fileName.isEmpty())
        return;
    QString error;
    if (!(markdown ? exportMarkdown(fileName, &error) : exportCsv(fileName, &error)))
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1: %2").arg(fileName, error));
}

} // namespace treelock::ui
