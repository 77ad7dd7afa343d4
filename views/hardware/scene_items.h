#pragma once
// Graphics items shared by the hardware scenes. Both draw less when small
// (level of detail from the painter's transform, as in Qt's chip example):
// a box becomes a plain filled rectangle, a label too small to read is skipped.

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace scalescope {

// What an item shows ("sm", "hbm", "compute-tray", ...), for tests and clicks.
inline constexpr int kItemKindKey = 0;
// Index of the item among those of its kind (SM number, stack number, ...).
inline constexpr int kItemIndexKey = 1;

class BoxItem final : public QGraphicsRectItem {
public:
    BoxItem(const QRectF& rect, const QColor& fill, const QColor& outline, QGraphicsItem* parent = nullptr);
    void setRadius(qreal r) noexcept { m_radius = r; }
    // Below this on-screen scale only a filled rectangle is drawn.
    void setDetailScale(qreal lod) noexcept { m_detailLod = lod; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    qreal m_radius = 0;
    qreal m_detailLod = 0.35;
};

class LabelItem final : public QGraphicsSimpleTextItem {
public:
    using QGraphicsSimpleTextItem::QGraphicsSimpleTextItem;
    void setAlignment(Qt::Alignment a) noexcept { m_align = a; }
    // Not drawn while its text would be smaller than this on screen.
    void setMinScreenPixels(qreal px) noexcept { m_minScreenPixels = px; }
    // Whether the label is drawn at this on-screen scale (its own minimum and SceneText's floor).
    [[nodiscard]] bool drawnAtScale(qreal lod) const;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    Qt::Alignment m_align = Qt::AlignLeft;
    qreal m_minScreenPixels = 4;
};

// Outline of a selected item, drawn with a cosmetic pen so it is as thick at
// every zoom, over a wider halo (when given) that keeps it apart from any
// fill or link beneath. A primary mark whose item is thinner than a few
// pixels on screen (one GPU of a zoomed-out 1,024-GPU topology) also draws
// a pin of fixed screen size above it, so the selection stays findable.
class SelectionMarkItem final : public QGraphicsItem {
public:
    SelectionMarkItem(const QRectF& rect, const QPen& pen, const QColor& halo, bool pin,
                      QGraphicsItem* parent = nullptr);
    [[nodiscard]] const QRectF& rect() const noexcept { return m_rect; }
    [[nodiscard]] bool primary() const noexcept { return m_pin != nullptr; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    class Pin;
    QRectF m_rect;
    QPen m_pen, m_halo;
    Pin* m_pin = nullptr; // child, ignores the view's scale
};

struct LabelStyle {
    qreal pixelSize = 14;
    qreal minPixelSize = 7;
    bool bold = false;
    Qt::Alignment align = Qt::AlignCenter;
    qreal minScreenPixels = 4; // hide when smaller than this on screen
};

// A label placed inside `box` (scene or parent coordinates): the font
// shrinks down to minPixelSize until the text fits, then lines are elided,
// so labels of disjoint boxes never overlap.
LabelItem* makeLabel(const QString& text, const QRectF& box, const QColor& colour, const LabelStyle& style,
                     QGraphicsItem* parent = nullptr);

} // namespace scalescope
