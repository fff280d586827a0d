#include "matrix/matrixmodel.h"

#include <treelock/policy.h>

#include <QVariantList>
#include <QVariantMap>

namespace treelock::ui {

namespace {

constexpr int kSize = int(kAllOperations.size());

QString planText(const std::vector<LockRequest>& plan)
{
    return QString::fromStdString(toString(plan));
}

QString symbol(bool allowed)
{
    return QString::fromUtf8(toSymbol(allowed ? SeedVerdict::Allowed : SeedVerdict::Blocked).data());
}

QString operationTitle(Operation op)
{
    return QString::fromUtf8(std::string(chineseName(op)).c_str()) + QLatin1Char('\n')
           + QString::fromUtf8(std::string(englishName(op)).c_str());
}

} // namespace

QColor matrixColor(MatrixCategory category)
{
    switch (category) {
    case MatrixCategory::AgreeAllowed:
        return QColor(0xc8, 0xe6, 0xc9); // green
    case MatrixCategory::AgreeBlocked:
        return QColor(0xcf, 0xd8, 0xdc); // blue grey
    case MatrixCategory::Differs:
        break;
    }
    return QColor(0xff, 0xb7, 0x4d); // orange
}

MatrixCategory categoryOf(const MatrixEntry& entry) noexcept
{
    if (!entry.agrees)
        return MatrixCategory::Differs;
    return entry.outcome.allowed ? MatrixCategory::AgreeAllowed : MatrixCategory::AgreeBlocked;
}

QString matrixEntryToolTip(const MatrixEntry& entry)
{
    const SeedSubCell& sub = *entry.subCell;
    QString html = QStringLiteral("<b>%1</b> × <b>%2</b> [%3]<br>")
                       .arg(QString::fromStdString(std::string(toString(entry.cell->row))),
                            QString::fromStdString(std::string(toString(entry.cell->column))),
                            QString::fromStdString(sub.object));
    html += QObject::tr("First: <code>%1</code> &rarr; %2<br>")
                .arg(QString::fromStdString(toString(sub.first)), planText(entry.outcome.firstPlan).toHtmlEscaped());
    html += QObject::tr("Second: <code>%1</code> &rarr; %2<br>")
                .arg(QString::fromStdString(toString(sub.second)), planText(entry.outcome.secondPlan).toHtmlEscaped());
    html += QObject::tr("Seed: %1 &nbsp; Engine: %2 (%3)<br>")
                .arg(QString::fromUtf8(toSymbol(sub.seed).data()), symbol(entry.outcome.allowed),
                     entry.agrees ? QObject::tr("agrees") : QObject::tr("differs"));
    if (entry.outcome.blocker) {
        const Blocker& b = *entry.outcome.blocker;
        html += QObject::tr("Clash at %1: held %2, wanted %3 (first operation's %4)")
                    .arg(QString::fromStdString(b.clashPath),
                         QString::fromUtf8(toString(b.heldMode).data()),
                         QString::fromStdString(toString(b.wanted)),
                         QString::fromStdString(toString(LockRequest{b.path, b.mode})))
                    .toHtmlEscaped()
                + QStringLiteral("<br>");
    }
    if (!entry.reason.empty())
        html += QObject::tr("<i>Reason:</i> %1<br>").arg(QString::fromStdString(entry.reason).toHtmlEscaped());
    if (!sub.reading.empty())
        html += QObject::tr("<i>Reading:</i> %1").arg(QString::fromStdString(sub.reading).toHtmlEscaped());
    return html;
}

MatrixModel::MatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

MatrixModel::~MatrixModel() = default;

void MatrixModel::setMatrix(std::shared_ptr<const DerivedMatrix> matrix)
{
    beginResetModel();
    m_matrix = std::move(matrix);
    m_cells.assign(m_matrix ? std::size_t(kSize * kSize) : 0, {});
    if (m_matrix) {
        for (const MatrixEntry& entry : m_matrix->entries) {
            m_cells[std::size_t(int(entry.cell->row) * kSize + int(entry.cell->column))]
                .push_back(&entry);
        }
    }
    endResetModel();
}

std::vector<const MatrixEntry*> MatrixModel::entriesAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || m_cells.empty())
        return {};
    return m_cells[std::size_t(index.row() * kSize + index.column())];
}

int MatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_matrix ? 0 : kSize;
}

int MatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_matrix ? 0 : kSize;
}

QVariant MatrixModel::data(const QModelIndex& index, int role) const
{
    const std::vector<const MatrixEntry*> entries = entriesAt(index);
    if (entries.empty())
        return {};
    switch (role) {
    case Qt::DisplayRole: {
        QStringList parts;
        for (const MatrixEntry* entry : entries) {
            QString text = QString::fromStdString(entry->subCell->labelled ? entry->subCell->object : std::string())
                           + QString::fromUtf8(toSymbol(entry->subCell->seed).data());
            if (!entry->agrees)
                text += QStringLiteral("\u2192") + symbol(entry->outcome.allowed);
            parts << text;
        }
        return parts.join(QLatin1Char(' '));
    }
    case Qt::ToolTipRole: {
        QStringList parts;
        for (const MatrixEntry* entry : entries)
            parts << matrixEntryToolTip(*entry);
        return parts.join(QStringLiteral("<hr>"));
    }
    case Qt::BackgroundRole:
        return matrixColor(MatrixCategory(data(index, CategoryRole).toInt()));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case CategoryRole: {
        bool allAllowed = true;
        for (const MatrixEntry* entry : entries) {
            if (!entry->agrees)
                return int(MatrixCategory::Differs);
            allAllowed = allAllowed && entry->outcome.allowed;
        }
        return int(allAllowed ? MatrixCategory::AgreeAllowed : MatrixCategory::AgreeBlocked);
    }
    case SubCellsRole: {
        QVariantList list;
        for (const MatrixEntry* entry : entries) {
            QVariantMap map;
            map[QStringLiteral("object")] = QString::fromStdString(entry->subCell->object);
            map[QStringLiteral("labelled")] = entry->subCell->labelled;
            map[QStringLiteral("seed")] = QString::fromUtf8(toSymbol(entry->subCell->seed).data());
            map[QStringLiteral("engine")] = symbol(entry->outcome.allowed);
            map[QStringLiteral("category")] = int(categoryOf(*entry));
            list << map;
        }
        return list;
    }
    default:
        return {};
    }
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_matrix || section < 0 || section >= kSize)
        return QAbstractTableModel::headerData(section, orientation, role);
    const Operation op = kAllOperations[std::size_t(section)];
    if (role == Qt::DisplayRole) {
        if (orientation == Qt::Horizontal)
            return operationTitle(op);
        const SeedCell& cell = *m_cells[std::size_t(section * kSize)].front()->cell;
        return operationTitle(op) + QStringLiteral(" (") + QString::fromStdString(cell.rowObject)
               + QLatin1Char(')');
    }
    if (role == Qt::ToolTipRole) {
        return orientation == Qt::Horizontal
                   ? tr("Column: the operation someone else attempts meanwhile (%1)")
                         .arg(QString::fromUtf8(toString(op).data()))
                   : tr("Row: the operation in progress, granted first (%1)")
                         .arg(QString::fromUtf8(toString(op).data()));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace treelock::ui
