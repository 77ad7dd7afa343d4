#include "sweep_view.h"

#include "views/hardware/zoomable_view.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QLabel>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>

namespace scalescope {

namespace {
// How near (in view pixels) a click must be to a point to pick it.
constexpr qreal kPickPixels = 16;
} // namespace

SweepView::SweepView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_axisLabel(new QLabel(this)), m_axis(new BoundedComboBox(this))
{
    m_axis->setObjectName(QStringLiteral("sweepAxis"));
    m_axisLabel->setBuddy(m_axis);
    for (SweepAxis a : kSweepAxes) m_axis->addItem(QString(), QString::fromLatin1(sweepAxisKey(a).data()));
    controls()->addWidget(m_axisLabel);
    controls()->addWidget(m_axis);
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    graphicsView()->viewport()->installEventFilter(this);
    retranslateControls();
    rebuild();
}

void SweepView::retranslateControls()
{
    m_axisLabel->setText(tr("Sweep &axis:"));
    for (int i = 0; i < m_axis->count(); ++i) {
        const auto a = sweepAxisFromKey(m_axis->itemData(i).toString().toStdString());
        if (a) m_axis->setItemText(i, sweepAxisTitle(*a));
    }
}

bool SweepView::setAxis(const QString& key)
{
    const int i = m_axis->findData(key);
    if (i < 0) return false;
    m_axis->setCurrentIndex(i); // recomputes when it changes
    return true;
}

QString SweepView::axis() const { return m_axis->currentData().toString(); }

void SweepView::setResult(const PlannerResultPtr& result)
{
    m_result = result;
    recompute();
}

void SweepView::recompute()
{
    const auto a = sweepAxisFromKey(axis().toStdString());
    if (!a) return;
    const bool first = m_data.scenario.isEmpty();
    m_data = {};
    if (m_result && m_result->context) {
        m_data.scenario = QString::fromStdString(m_result->scenario.name);
        m_data.sweep = sweepAxis(*m_result->context, m_catalog, *a);
    } else {
        m_data.sweep.axis = *a;
        m_data.sweep.errorPath = "/";
        m_data.sweep.error = m_result && !m_result->errors.empty() ? m_result->errors.front().message
                                                                   : tr("No scenario to sweep.").toStdString();
    }
    rebuild(first);
}

std::unique_ptr<HardwareScene> SweepView::createScene(const HardwarePalette& palette) const
{
    return std::make_unique<SweepScene>(m_data, palette);
}

std::optional<std::size_t> SweepView::pointAt(const QPointF& scenePos, qreal radius) const
{
    const auto* s = static_cast<const SweepScene*>(scene());
    if (!s) return std::nullopt;
    std::optional<std::size_t> best;
    qreal bestDistance = radius;
    for (const std::vector<QPointF>& panel : s->pointsInScene())
        for (std::size_t i = 0; i < panel.size(); ++i) {
            const QPointF d = panel[i] - scenePos;
            const qreal distance = std::hypot(d.x(), d.y());
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
    return best;
}

QString SweepView::pointTip(std::size_t index) const
{
    const SweepPoint& p = m_data.sweep.points[index];
    const ParallelLayout& l = p.layout;
    return tr("<b>%1 %2</b>: step time %3, MFU %4 %, memory per GPU %5 of %6 usable, exposed communication %7<br>"
              "TP %8 · PP %9 · CP %10 · DP %11 · EP %12 on %13 GPUs; one evaluation of the model")
        .arg(sweepAxisTitle(m_data.sweep.axis))
        .arg(p.value)
        .arg(formatted(p.stepTime), QString::number(p.mfu * 100, 'f', 1), formattedBinary(p.memoryPerGpu),
             formattedBinary(p.memoryLimit), formatted(p.exposedComm))
        .arg(l.tp)
        .arg(l.pp)
        .arg(l.cp)
        .arg(l.dp)
        .arg(l.ep)
        .arg(p.gpus);
}

void SweepView::showPointTip(const QMouseEvent* mouse)
{
    const qreal scale = graphicsView()->transform().m11();
    const auto i = pointAt(graphicsView()->mapToScene(mouse->position().toPoint()), kPickPixels / (scale > 0 ? scale : 1));
    if (i) QToolTip::showText(mouse->globalPosition().toPoint(), pointTip(*i), graphicsView()->viewport());
    else QToolTip::hideText();
}

bool SweepView::eventFilter(QObject* watched, QEvent* event)
{
    const auto type = event->type();
    if (watched == graphicsView()->viewport() && type == QEvent::MouseMove) showPointTip(static_cast<QMouseEvent*>(event));
    if (watched != graphicsView()->viewport() || (type != QEvent::MouseButtonPress && type != QEvent::MouseButtonRelease))
        return HardwareView::eventFilter(watched, event);
    const auto* mouse = static_cast<QMouseEvent*>(event);
    if (mouse->button() != Qt::LeftButton) return false;
    if (type == QEvent::MouseButtonPress) {
        m_pressAt = mouse->position();
        return false;
    }
    // A click, not the end of a pan.
    const QPointF moved = mouse->position() - m_pressAt;
    if (std::hypot(moved.x(), moved.y()) > kPickPixels) return false;
    const QPointF scenePos = graphicsView()->mapToScene(mouse->position().toPoint());
    const qreal scale = graphicsView()->transform().m11();
    const auto i = pointAt(scenePos, kPickPixels / (scale > 0 ? scale : 1));
    if (!i || m_data.sweep.points[*i].value == m_data.sweep.current) return false;
    Q_EMIT pointChosen(static_cast<int>(*i));
    return false;
}

} // namespace scalescope
