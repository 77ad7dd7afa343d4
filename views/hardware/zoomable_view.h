#pragma once
// A QGraphicsView with wheel zoom around the cursor, drag to pan, a fit
// action and a click signal that a drag does not trigger. Zoom and pan only
// change the view transform; the scene is never rebuilt for them.

#include <QGraphicsView>

namespace scalescope {

class ZoomableGraphicsView final : public QGraphicsView {
    Q_OBJECT
public:
    explicit ZoomableGraphicsView(QWidget* parent = nullptr);

    void fitAll();                      // whole scene, and keep fitting on resize
    void zoomTo(const QRectF& sceneRect); // e.g. one rack tray
    void zoomBy(qreal factor);
    [[nodiscard]] qreal zoom() const { return transform().m11(); }
    [[nodiscard]] qreal fitZoom() const; // the zoom at which the whole scene fits

Q_SIGNALS:
    void itemClicked(QGraphicsItem* item, QPointF scenePos);
    // A left double-click: the hardware views drill down from here.
    void itemDoubleClicked(QGraphicsItem* item, QPointF scenePos);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    bool m_autoFit = true;
    QPoint m_pressPos;
};

} // namespace scalescope
