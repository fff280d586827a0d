#include "panels/hotspots/hotspotpanel.h"

#include "common/contextmenus.h"
#include "common/tableviews.h"
#include "lockview/presentation.h"
#include "panels/hotspots/hotspotmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace treelock::ui {

HotSpotPanel::HotSpotPanel(HotSpotModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    setObjectName(QStringLiteral("hotSpotsPanel"));
    m_proxy = newSortProxy(model, HotSpotModel::SortRole, this);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("hotSpotsTitle"));
    auto* above = new QLabel(tr("Alarm above"), this);
    m_threshold = new QSpinBox(this);
    m_threshold->setObjectName(QStringLiteral("alarmThreshold"));
    m_threshold->setAccessibleName(tr("Alarm threshold in refusals per minute"));
    m_threshold->setToolTip(tr("Raise an alarm when a path is refused more often than this, in refusals per minute "
                               "(0: no alarm). Type a number and press Enter."));
    m_threshold->setRange(0, 1000000);
    m_threshold->setSpecialValueText(tr("off"));
    // The value counts once typed and confirmed, not at every digit ("12"
    // would alarm at 1 on the way).
    m_threshold->setKeyboardTracking(false);
    above->setBuddy(m_threshold);
    auto* unit = new QLabel(tr("refusals/min"), this);

    m_view = newRowTable(m_proxy, QStringLiteral("hotSpotsView"), HotSpotModel::RateColumn, Qt::DescendingOrder, 8, this);
    QHeaderView* h = m_view->horizontalHeader();
    h->setStretchLastSection(true);
    const QFontMetrics fm = m_view->fontMetrics();
    const QFontMetrics hfm = h->fontMetrics();
    const auto fit = [&](int column, std::initializer_list<QString> samples) {
        int w = hfm.horizontalAdvance(model->headerData(column, Qt::Horizontal).toString()) + 28;
        for (const QString& t : samples)
            w = std::max(w, fm.horizontalAdvance(t) + 16);
        h->resizeSection(column, w);
    };
    fit(HotSpotModel::PathColumn, {QStringLiteral("/projects/p03-cobalt/src/main")});
    fit(HotSpotModel::RateColumn, {QStringLiteral("9999.9")});
    fit(HotSpotModel::TotalColumn, {QStringLiteral("9999999")});
    fit(HotSpotModel::WaitersColumn, {QStringLiteral("9999")});
    using namespace std::chrono_literals;
    fit(HotSpotModel::LastColumn, {presentation::formatAgo(59min + 59s)});
    h->setMinimumSectionSize(40);

    m_empty = new QLabel(tr("No refusals counted."), this);
    m_empty->setObjectName(QStringLiteral("noHotSpots"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setStyleSheet(QStringLiteral("color: #666;"));
    m_simulationNote = new QLabel(this);
    m_simulationNote->setObjectName(QStringLiteral("hotSpotsSimulationNote"));
    m_simulationNote->setWordWrap(true);
    m_simulationNote->setStyleSheet(
        QStringLiteral("#hotSpotsSimulationNote { background: #fff8e1; color: #4e342e; padding: 4px; border: 1px solid #ffca28; }"));
    m_simulationNote->hide();
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(4, 0, 4, 0);
    // The count and a hint: cut off in a narrow dock rather than widening the window.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_title, 1);
    top->addWidget(above);
    top->addWidget(m_threshold);
    top->addWidget(unit);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_simulationNote);
    layout->addWidget(m_stack, 1);

    connect(m_threshold, &QSpinBox::valueChanged, this, [this](int value) {
        announce(m_model->setThreshold(value));
        if (!m_quiet)
            emit thresholdChanged(value);
    });
    connect(m_view, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { emit pathRequested(index.data(HotSpotModel::PathRole).toString()); });
    popUpContextMenus(m_view, [this](const QModelIndex& index) { return contextMenuFor(index); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &HotSpotPanel::rowsChanged);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &HotSpotPanel::rowsChanged);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &HotSpotPanel::rowsChanged);
    rowsChanged();
}

void HotSpotPanel::rowsChanged()
{
    const int n = m_proxy->rowCount();
    const QString project = m_project.toHtmlEscaped();
    if (n == 0)
        m_title->setText(project.isEmpty() ? QString() : tr("Project <b>%1</b>").arg(project));
    else if (project.isEmpty())
        m_title->setText(tr("<b>%n</b> path(s) refused <span style='color:#666'>· double-click one to find it in the tree</span>", nullptr, n));
    else
        m_title->setText(tr("<b>%n</b> path(s) refused in project <b>%1</b> <span style='color:#666'>· double-click one to "
                            "find it in the tree</span>", nullptr, n)
                             .arg(project));
    m_stack->setCurrentWidget(n == 0 ? static_cast<QWidget*>(m_empty) : m_view);
}

void HotSpotPanel::setProject(const QString& project)
{
    m_project = project;
    rowsChanged();
    setSimulationShown(m_simulationShown);
}

void HotSpotPanel::setSimulationShown(bool shown)
{
    m_simulationShown = shown;
    m_simulationNote->setText(tr("These are the hot spots of project <b>%1</b>, on Studio's connection, not the "
                                 "simulation's: those are on the Hot spots tab of the Simulation panel.")
                                  .arg(m_project.toHtmlEscaped()));
    m_simulationNote->setVisible(shown);
}

void HotSpotPanel::applyContention(const ContentionPtr& contention)
{
    announce(m_model->applyContention(contention));
}

void HotSpotPanel::setThreshold(int perMinute)
{
    m_quiet = true;
    m_threshold->setValue(perMinute);
    m_quiet = false;
}

QString HotSpotPanel::alarmLine(const HotPath& p) const
{
    const QString operations = HotSpotModel::operationsText(p);
    QString line = tr("%1: %2 refusals/min, above %3")
                       .arg(QString::fromStdString(p.path), QString::number(refusalsPerMinute(p), 'f', 1),
                            QString::number(m_model->threshold()));
    if (!operations.isEmpty())
        line += QStringLiteral(" (%1)").arg(operations);
    return line;
}

std::vector<std::string> HotSpotPanel::alarmedPaths() const
{
    std::vector<std::string> paths;
    if (const ContentionPtr c = m_model->contention())
        for (const HotPath& p : c->paths) // hottest first
            if (const int row = m_model->rowOf(p.path); row >= 0 && m_model->index(row, 0).data(HotSpotModel::AlarmRole).toBool())
                paths.push_back(p.path);
    return paths;
}

QStringList HotSpotPanel::alarmLines() const
{
    QStringList lines;
    for (const std::string& path : alarmedPaths())
        if (const HotPath* p = m_model->hotPathAt(m_model->rowOf(path)))
            lines << alarmLine(*p);
    return lines;
}

void HotSpotPanel::announce(const std::vector<std::string>& paths)
{
    QStringList lines;
    for (const std::string& path : paths)
        if (const HotPath* p = m_model->hotPathAt(m_model->rowOf(path)))
            lines << alarmLine(*p);
    if (!lines.isEmpty())
        emit alarmRaised(lines);
    if (m_model->alarmCount() != m_alarms) {
        m_alarms = m_model->alarmCount();
        emit alarmCountChanged(m_alarms);
    }
    emit alarmsUpdated();
}

QMenu* HotSpotPanel::contextMenuFor(const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    const QString path = index.data(HotSpotModel::PathRole).toString();
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("hotSpotMenu"));
    QAction* tree = menu->addAction(tr("Show in tree"), this, [this, path] { emit pathRequested(path); });
    tree->setObjectName(QStringLiteral("showHotSpotInTree"));
    QAction* copy = menu->addAction(tr("Copy path"), this, [path] { QApplication::clipboard()->setText(path); });
    copy->setObjectName(QStringLiteral("copyHotSpotPath"));
    return menu;
}

} // namespace treelock::ui
