#include "panels/hotspots/hotspotpanel.h"

#include "common/contextmenus.h"
#include "lockview/presentation.h"
#include "panels/hotspots/hotspotmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>

namespace treelock::ui {

HotSpotPanel::HotSpotPanel(HotSpotModel* model, QWidget* parent)
    : RowTablePanel(model,
                    {QStringLiteral("hotSpotsTitle"), QStringLiteral("hotSpotsView"), HotSpotModel::SortRole,
                     HotSpotModel::RateColumn, Qt::DescendingOrder, QStringLiteral("noHotSpots"), tr("No refusals counted.")},
                    parent),
      m_model(model)
{
    setObjectName(QStringLiteral("hotSpotsPanel"));

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
    addToTitleLine(above);
    addToTitleLine(m_threshold);
    addToTitleLine(unit);
    setTabOrder(m_threshold, view()); // Tab goes as the eye does: the threshold above, then the table

    QHeaderView* h = view()->horizontalHeader();
    h->setStretchLastSection(true);
    const QFontMetrics fm = view()->fontMetrics();
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

    m_simulationNote = new QLabel(this);
    m_simulationNote->setObjectName(QStringLiteral("hotSpotsSimulationNote"));
    m_simulationNote->setWordWrap(true);
    m_simulationNote->setStyleSheet(
        QStringLiteral("#hotSpotsSimulationNote { background: #fff8e1; color: #4e342e; padding: 4px; border: 1px solid #ffca28; }"));
    m_simulationNote->hide();
    addAboveTable(m_simulationNote);

    connect(m_threshold, &QSpinBox::valueChanged, this, [this](int value) {
        announce(m_model->setThreshold(value));
        if (!m_quiet)
            emit thresholdChanged(value);
    });
    connect(view(), &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { emit pathRequested(index.data(HotSpotModel::PathRole).toString()); });
    popUpContextMenus(view(), [this](const QModelIndex& index) { return contextMenuFor(index); });
    showRows();
}

void HotSpotPanel::rowsChanged()
{
    const int n = proxy()->rowCount();
    const QString project = m_project.toHtmlEscaped();
    if (n == 0)
        titleLabel()->setText(project.isEmpty() ? QString() : tr("Project <b>%1</b>").arg(project));
    else if (project.isEmpty())
        titleLabel()->setText(tr("<b>%n</b> path(s) refused <span style='color:#666'>· double-click one to find it in the tree</span>", nullptr, n));
    else
        titleLabel()->setText(tr("<b>%n</b> path(s) refused in project <b>%1</b> <span style='color:#666'>· double-click "
                                 "one to find it in the tree</span>", nullptr, n)
                                  .arg(project));
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
