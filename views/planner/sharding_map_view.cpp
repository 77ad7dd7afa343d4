#include "sharding_map_view.h"

#include "model/network/mesh_placement.h"
#include "views/hardware/zoomable_view.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextDocument>

#include <algorithm>

namespace scalescope {

namespace {
constexpr int kDetailsCharacters = 40;
constexpr int kColouringCharacters = 22; // "TP rank (tensor slice)" whole: the row wraps before it is elided
} // namespace

ShardingMapView::ShardingMapView(QWidget* parent)
    : HardwareView(parent), m_colourLabel(new QLabel(this)), m_colour(new BoundedComboBox(this, kColouringCharacters)),
      m_details(new QLabel(this))
{
    m_colour->setObjectName(QStringLiteral("colouringPicker"));
    m_colourLabel->setBuddy(m_colour);
    m_details->setObjectName(QStringLiteral("gpuDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    // Wide enough for "GPU 1,234 · TP 3 · PP 12 · DP 5" on one line; longer holdings wrap.
    m_details->setMinimumWidth(kDetailsCharacters * m_details->fontMetrics().averageCharWidth());
    m_details->setMinimumHeight(2 * m_details->fontMetrics().lineSpacing() + 4); // two lines: mesh coordinates, holdings
    for (int i = 0; i < 4; ++i) m_colour->addItem(QString());
    controls()->addWidget(m_colourLabel);
    controls()->addWidget(m_colour);
    controls()->addSpacing(16);
    controls()->addWidget(m_details);
    connect(m_colour, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(graphicsView(), &ZoomableGraphicsView::itemClicked, this, [this](QGraphicsItem*, QPointF at) {
        // The outline of a selection may lie on top: look under it for the cell.
        for (QGraphicsItem* i : scene() ? scene()->items(at) : QList<QGraphicsItem*>{})
            if (i->data(kItemKindKey).toString() == QLatin1String("gpu-cell")) {
                pick(i->data(kItemIndexKey).toLongLong());
                return;
            }
        selectRank(-1);
    });
    retranslateControls();
    rebuild();
}

void ShardingMapView::setResult(const PlannerResultPtr& result)
{
    const bool resize = !m_result || !result || m_result->scenario.gpus != result->scenario.gpus ||
                        m_result->scenario.system != result->scenario.system;
    m_result = result;
    if (m_selection)
        m_selected = rankOf(m_selection->current());
    else if (!m_result || !m_result->context || m_selected >= m_result->scenario.gpus)
        m_selected = -1;
    rebuild(resize); // shows the selection on the new scene
}

void ShardingMapView::setGpuSelection(GpuSelection* selection)
{
    attachSelection(m_selection, selection, this, [this](const GpuRef& r) { follow(r); });
}

long long ShardingMapView::rankOf(const GpuRef& ref) const
{
    if (!m_result || !m_result->context || !ref.valid()) return -1;
    if (ref.system != QString::fromStdString(m_result->scenario.system)) return -1;
    return ref.gpu < m_result->scenario.gpus ? ref.gpu : -1;
}

void ShardingMapView::pick(long long rank)
{
    if (!m_result) return;
    const GpuRef ref{QString::fromStdString(m_result->scenario.system), rank, m_result->scenario.gpus};
    publishPick(m_selection, ref, [this](const GpuRef& r) { selectRank(r.gpu); });
}

void ShardingMapView::follow(const GpuRef& ref)
{
    selectRank(rankOf(ref));
}

void ShardingMapView::setColouring(ShardingColouring c)
{
    m_colour->setCurrentIndex(static_cast<int>(c));
}

ShardingColouring ShardingMapView::colouring() const
{
    return static_cast<ShardingColouring>(std::max(0, m_colour->currentIndex()));
}

void ShardingMapView::refresh()
{
    rebuild(false); // shows the selection on the new scene
}

std::unique_ptr<HardwareScene> ShardingMapView::createScene(const HardwarePalette& palette) const
{
    if (!m_result) {
        PlannerResult empty;
        return std::make_unique<ShardingMapScene>(empty, colouring(), palette);
    }
    return std::make_unique<ShardingMapScene>(*m_result, colouring(), palette);
}

void ShardingMapView::selectRank(long long rank)
{
    m_selected = rank;
    showSelection();
}

QString ShardingMapView::detailsText() const
{
    QTextDocument doc;
    doc.setHtml(m_details->text());
    return doc.toPlainText();
}

void ShardingMapView::showSelection()
{
    auto* s = dynamic_cast<ShardingMapScene*>(scene());
    if (!s) return;
    s->clearSelectionMarks();
    if (!m_result || !m_result->context || m_selected < 0 || m_selected >= s->cellCount()) {
        m_details->setText(tr("Click a GPU for its mesh coordinates and what it holds."));
        return;
    }
    const ParallelLayout& p = m_result->scenario.parallel;
    const Axis axis = colouringAxis(colouring());
    const MeshCoordinates c = meshCoordinates(p, m_selected);
    const RankHoldings h = rankHoldings(p, m_result->context->model, c);

    // Outline the selected GPU's group along the coloured axis.
    const long long group = groupIndex(p, c, axis);
    for (long long r = 0; r < s->cellCount(); ++r)
        if (groupIndex(p, meshCoordinates(p, r), axis) == group) s->markSelected(s->cellRect(r), r == m_selected);

    QStringList layers;
    for (const auto& [first, last] : h.layers)
        layers << (first == last ? QString::number(first) : tr("%1–%2").arg(first).arg(last));
    QString text = tr("<b>GPU %1</b> · TP %2/%3 · CP %4/%5 · EP %6/%7 · DP %8/%9 · PP %10/%11")
                       .arg(m_selected)
                       .arg(c.tp)
                       .arg(p.tp)
                       .arg(c.cp)
                       .arg(p.cp)
                       .arg(c.ep)
                       .arg(p.ep)
                       .arg(c.dp)
                       .arg(p.dp)
                       .arg(c.pp)
                       .arg(p.pp);
    text += QStringLiteral("<br>") + tr("Layers %1 · tensor slice %2 of %3")
                                         .arg(layers.join(QStringLiteral(", ")))
                                         .arg(h.tensorSlice + 1)
                                         .arg(h.tensorSlices);
    if (h.experts > 0)
        text += tr(" · experts %1–%2").arg(h.firstExpert).arg(h.firstExpert + h.experts - 1);
    m_details->setText(text);
}

void ShardingMapView::retranslateControls()
{
    m_colourLabel->setText(tr("&Colour by:"));
    m_colour->setItemText(0, tr("TP rank (tensor slice)"));
    m_colour->setItemText(1, tr("PP stage"));
    m_colour->setItemText(2, tr("DP replica"));
    m_colour->setItemText(3, tr("EP rank"));
    showSelection();
}

} // namespace scalescope
