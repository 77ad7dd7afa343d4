// TimelineView's navigation: wheel, drag and keys move the time axis within
// the step or scroll the rows; the painting is in timeline_view.cpp.
#include "timeline_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace scalescope {

namespace {
constexpr double kZoomStep = 1.25; // per wheel notch or W/S press
constexpr double kPanShare = 0.125; // of the plot's width per A/D press
constexpr double kWheelNotch = 120; // angle delta of one wheel notch (Qt)
} // namespace

void TimelineView::userMovedAxis()
{
    m_userZoomed = true;
    clampAxis();
    update();
    Q_EMIT axisChanged(m_axis, true);
}

void TimelineView::zoomBy(double factor, double anchorX)
{
    m_axis.zoom(factor, std::clamp(anchorX, plotLeft(), plotRight()));
    userMovedAxis();
}

void TimelineView::panBy(double pixels)
{
    m_axis.origin += pixels * m_axis.secondsPerPixel;
    userMovedAxis();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    const double notches = (delta.y() != 0 ? delta.y() : delta.x()) / kWheelNotch;
    if (notches == 0) return;
    // Shift+wheel, or the wheel over the row titles, scrolls the stages.
    if ((event->modifiers() & Qt::ShiftModifier) || event->position().x() < plotLeft()) {
        if (!m_scroll->isHidden()) m_scroll->setValue(m_scroll->value() - static_cast<int>(notches * 3 * m_scroll->singleStep()));
        else event->ignore();
        return;
    }
    zoomBy(std::pow(kZoomStep, notches), event->position().x());
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const QPoint cursor = mapFromGlobal(QCursor::pos());
    const double anchor = rect().contains(cursor) ? cursor.x() : (plotLeft() + plotRight()) / 2;
    const double width = plotRight() - plotLeft();
    switch (event->key()) {
    case Qt::Key_W: zoomBy(kZoomStep, anchor); break;
    case Qt::Key_S: zoomBy(1 / kZoomStep, anchor); break;
    case Qt::Key_A: panBy(-width * kPanShare); break;
    case Qt::Key_D: panBy(width * kPanShare); break;
    case Qt::Key_F: fitAll(); break;
    case Qt::Key_0: resetZoom(); break;
    case Qt::Key_Up: m_scroll->setValue(m_scroll->value() - m_scroll->singleStep()); break;
    case Qt::Key_Down: m_scroll->setValue(m_scroll->value() + m_scroll->singleStep()); break;
    case Qt::Key_PageUp: m_scroll->setValue(m_scroll->value() - m_scroll->pageStep()); break;
    case Qt::Key_PageDown: m_scroll->setValue(m_scroll->value() + m_scroll->pageStep()); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) return;
    m_dragging = true;
    m_dragStart = event->position();
    m_dragOrigin = m_axis.origin;
    setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging) return;
    m_axis.origin = m_dragOrigin - (event->position().x() - m_dragStart.x()) * m_axis.secondsPerPixel;
    userMovedAxis();
}

void TimelineView::mouseReleaseEvent(QMouseEvent*)
{
    m_dragging = false;
    unsetCursor();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent*) { resetZoom(); }

} // namespace scalescope
