#include "throughput_latency_chart.h"

#include "views/hardware/zoomable_view.h"

#include <QMouseEvent>

#include <cmath>
#include <limits>

namespace scalescope {

namespace {
// How near (in view pixels) a press must be to the marker or the curve to start a drag.
constexpr qreal kGrabPixels = 24;
} // namespace

ThroughputLatencyChart::ThroughputLatencyChart(QWidget* parent) : HardwareView(parent)
{
    graphicsView()->viewport()->installEventFilter(this);
    rebuild();
}

void ThroughputLatencyChart::setCurves(const QString& scenario, std::vector<ServingCurve> curves,
                                       const ServingLimits& limits)
{
    m_data.scenario = scenario;
    m_data.curves = std::move(curves);
    m_data.limits = limits;
    rebuild();
}

void ThroughputLatencyChart::setOperatingPoint(const std::optional<ServingPoint>& point)
{
    m_data.operating = point;
    if (ThroughputLatencyScene* s = chartScene(); s && !m_dragging) s->setOperatingPoint(point);
}

std::unique_ptr<HardwareScene> ThroughputLatencyChart::createScene(const HardwarePalette& palette) const
{
    return std::make_unique<ThroughputLatencyScene>(m_data, palette);
}

void ThroughputLatencyChart::sceneRebuilt()
{
    m_dragging = false;
}

ThroughputLatencyScene* ThroughputLatencyChart::chartScene() const
{
    return static_cast<ThroughputLatencyScene*>(scene());
}

std::optional<int> ThroughputLatencyChart::batchAt(const QPointF& scenePos, QPointF* onCurve) const
{
    const ThroughputLatencyScene* s = chartScene();
    if (!s) return std::nullopt;
    const std::vector<QPointF> pts = s->currentCurveInScene();
    const std::vector<ServingPoint>& data = s->currentPoints();
    if (pts.empty()) return std::nullopt;
    if (pts.size() == 1) {
        if (onCurve) *onCurve = pts.front();
        return data.front().batch;
    }
    double bestDistance = std::numeric_limits<double>::infinity();
    int batch = data.front().batch;
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        const QPointF a = pts[i], d = pts[i + 1] - pts[i];
        const double length2 = QPointF::dotProduct(d, d);
        const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(scenePos - a, d) / length2, 0.0, 1.0) : 0.0;
        const QPointF q = a + d * t;
        const QPointF off = scenePos - q;
        const double distance = QPointF::dotProduct(off, off);
        if (distance < bestDistance) {
            bestDistance = distance;
            const double b0 = data[i].batch, b1 = data[i + 1].batch;
            batch = static_cast<int>(std::lround(b0 * std::pow(b1 / b0, t)));
            if (onCurve) *onCurve = q;
        }
    }
    return batch;
}

bool ThroughputLatencyChart::eventFilter(QObject* watched, QEvent* event)
{
    ThroughputLatencyScene* s = chartScene();
    if (watched != graphicsView()->viewport() || !s) return HardwareView::eventFilter(watched, event);
    const auto type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove && type != QEvent::MouseButtonRelease)
        return HardwareView::eventFilter(watched, event);
    const auto* mouse = static_cast<QMouseEvent*>(event);
    const QPointF scenePos = graphicsView()->mapToScene(mouse->position().toPoint());
    if (type == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton) {
        // A press on the marker or on the own curve grabs the operating point; elsewhere it pans.
        QPointF onCurve;
        const auto batch = batchAt(scenePos, &onCurve);
        if (!batch) return false;
        const QPointF near = graphicsView()->mapFromScene(onCurve) - mouse->position();
        if (std::hypot(near.x(), near.y()) > kGrabPixels) return false;
        m_dragging = true;
        m_lastBatch = 0;
        Q_EMIT dragStarted();
    }
    if (!m_dragging) return false;
    if (type == QEvent::MouseButtonRelease) {
        m_dragging = false;
        s->setOperatingPoint(m_data.operating); // the owner's evaluated point, if it answered
        return true;
    }
    QPointF onCurve;
    if (const auto batch = batchAt(scenePos, &onCurve)) {
        s->setMarkerAt(onCurve);
        if (*batch != m_lastBatch) {
            m_lastBatch = *batch;
            Q_EMIT batchChosen(*batch);
        }
    }
    return true;
}

} // namespace scalescope
