#include "zoomable_view.h"

#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace scalescope {

ZoomableGraphicsView::ZoomableGraphicsView(QWidget* parent) : QGraphicsView(parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setFrameShape(QFrame::NoFrame);
}

void ZoomableGraphicsView::fitAll()
{
    m_autoFit = true;
    if (scene()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

void ZoomableGraphicsView::zoomTo(const QRectF& sceneRect)
{
    m_autoFit = false;
    fitInView(sceneRect, Qt::KeepAspectRatio);
    centerOn(sceneRect.center());
}

void ZoomableGraphicsView::zoomBy(qreal factor)
{
    // Bounds relative to the whole-scene zoom: a 16,384-GPU topology fits at ~0.005, so a fixed
    // lower bound would refuse every zoom into it.
    const qreal next = zoom() * factor;
    if (next < std::min(0.05, fitZoom() / 2) || next > std::max(60.0, fitZoom() * 4)) return;
    m_autoFit = false;
    scale(factor, factor);
}

qreal ZoomableGraphicsView::fitZoom() const
{
    const QRectF r = scene() ? scene()->sceneRect() : QRectF();
    if (r.isEmpty()) return 1;
    return std::min(viewport()->width() / r.width(), viewport()->height() / r.height());
}

void ZoomableGraphicsView::wheelEvent(QWheelEvent* event)
{
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return QGraphicsView::wheelEvent(event);
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void ZoomableGraphicsView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void ZoomableGraphicsView::mouseReleaseEvent(QMouseEvent* event)
{
    QGraphicsView::mouseReleaseEvent(event);
    const QPoint pos = event->position().toPoint();
    if (event->button() != Qt::LeftButton) return;
    if ((pos - m_pressPos).manhattanLength() > 4) {
        m_autoFit = false; // the user panned
        return;
    }
    Q_EMIT itemClicked(itemAt(pos), mapToScene(pos));
}

void ZoomableGraphicsView::mouseDoubleClickEvent(QMouseEvent* event)
{
    m_pressPos = event->position().toPoint(); // the release that follows is a click, not a pan
    QGraphicsView::mouseDoubleClickEvent(event);
    if (event->button() == Qt::LeftButton) Q_EMIT itemDoubleClicked(itemAt(m_pressPos), mapToScene(m_pressPos));
}

void ZoomableGraphicsView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit && scene()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

} // namespace scalescope
