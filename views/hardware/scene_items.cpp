#include "scene_items.h"

#include "views/widgets/scene_text.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace scalescope {

BoxItem::BoxItem(const QRectF& rect, const QColor& fill, const QColor& outline, QGraphicsItem* parent)
    : QGraphicsRectItem(rect, parent)
{
    setBrush(fill);
    QPen pen(outline);
    pen.setCosmetic(true);
    pen.setWidthF(1.0);
    setPen(pen);
}

void BoxItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (lod < m_detailLod) {
        painter->fillRect(rect(), brush());
        return;
    }
    painter->setPen(pen());
    painter->setBrush(brush());
    if (m_radius > 0) painter->drawRoundedRect(rect(), m_radius, m_radius);
    else painter->drawRect(rect());
}

// A pin of fixed screen size pointing down at the top of the mark's item,
// drawn while the item is too thin on screen to see (its parent tells it
// when it paints; children paint after their parent). It stands above the
// item, where the scenes draw links or neighbouring boxes, not labels.
class SelectionMarkItem::Pin final : public QGraphicsItem {
public:
    static constexpr qreal kHeight = 20;    // screen pixels
    static constexpr qreal kHalfWidth = 6;  // of the head
    static constexpr qreal kShowBelow = 10; // item thinner than this on screen, pixels

    Pin(const QPen& pen, const QPen& halo, QGraphicsItem* parent) : QGraphicsItem(parent), m_pen(pen), m_halo(halo)
    {
        setFlag(ItemIgnoresTransformations);
        m_head.moveTo(0, -1);
        m_head.lineTo(-kHalfWidth, -kHeight / 2);
        m_head.lineTo(kHalfWidth, -kHeight / 2);
        m_head.closeSubpath();
    }
    void setShown(bool shown) noexcept { m_shown = shown; }
    [[nodiscard]] QRectF boundingRect() const override
    {
        const qreal m = std::max(m_pen.widthF(), m_halo.widthF());
        return {-kHalfWidth - m, -kHeight - m, 2 * (kHalfWidth + m), kHeight + 2 * m};
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        if (!m_shown) return;
        const QLineF stem(0, -kHeight / 2, 0, -kHeight);
        if (m_halo.style() != Qt::NoPen) {
            painter->setPen(m_halo);
            painter->setBrush(m_halo.color());
            painter->drawPath(m_head);
            painter->drawLine(stem);
        }
        QPen thin = m_pen;
        thin.setWidthF(1);
        painter->setPen(thin);
        painter->setBrush(m_pen.color());
        painter->drawPath(m_head);
        painter->setPen(m_pen);
        painter->drawLine(stem);
    }

private:
    QPen m_pen, m_halo;
    QPainterPath m_head;
    bool m_shown = false;
};

SelectionMarkItem::SelectionMarkItem(const QRectF& rect, const QPen& pen, const QColor& halo, bool pin,
                                     QGraphicsItem* parent)
    : QGraphicsItem(parent), m_rect(rect), m_pen(pen), m_halo(Qt::NoPen)
{
    m_pen.setCosmetic(true);
    if (halo.isValid()) {
        m_halo = QPen(halo, m_pen.widthF() + 3);
        m_halo.setCosmetic(true);
    }
    if (pin) {
        m_pin = new Pin(m_pen, m_halo, this); // owned by this item
        m_pin->setPos(rect.center().x(), rect.top());
    }
}

QRectF SelectionMarkItem::boundingRect() const
{
    // The cosmetic pens' width is in pixels; this margin covers them at zoom >= 1, and
    // the view repaints a few pixels around an item anyway.
    const qreal m = std::max(m_pen.widthF(), m_halo.widthF());
    return m_rect.adjusted(-m, -m, m, m);
}

void SelectionMarkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (m_pin) m_pin->setShown(std::min(m_rect.width(), m_rect.height()) * lod < Pin::kShowBelow);
    painter->setBrush(Qt::NoBrush);
    for (const QPen& pen : {m_halo, m_pen}) {
        if (pen.style() == Qt::NoPen) continue;
        painter->setPen(pen);
        painter->drawRect(m_rect);
    }
}

bool LabelItem::drawnAtScale(qreal lod) const
{
    return font().pixelSize() * lod >= std::max(m_minScreenPixels, SceneText::instance().floorPixels());
}

void LabelItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // Unreadable (or, presenting, too small for the back of the room): leave the box plain.
    if (!drawnAtScale(lod)) return;
    // Drawn as text (not paths), so SVG and PDF exports keep it selectable. Each line at its
    // baseline: drawText into a rectangle with alignment flags lays the text out again on
    // every paint (~0.2 ms a label here), which made panning a large topology stutter.
    painter->setFont(font());
    painter->setPen(brush().color());
    const QFontMetricsF fm(font());
    const QStringList lines = text().split(QLatin1Char('\n'));
    const QRectF box = boundingRect();
    qreal baseline = box.center().y() - fm.height() * lines.size() / 2 + fm.ascent();
    for (const QString& line : lines) {
        qreal x = box.left();
        if (m_align & (Qt::AlignHCenter | Qt::AlignRight)) {
            const qreal w = fm.horizontalAdvance(line);
            x = (m_align & Qt::AlignRight) ? box.right() - w : box.center().x() - w / 2;
        }
        painter->drawText(QPointF(x, baseline), line);
        baseline += fm.height();
    }
}

LabelItem* makeLabel(const QString& text, const QRectF& box, const QColor& colour, const LabelStyle& style,
                     QGraphicsItem* parent)
{
    auto* item = new LabelItem(parent);
    QFont font;
    font.setBold(style.bold);
    const QStringList lines = text.split(QLatin1Char('\n'));
    const SceneText& scale = SceneText::instance();
    qreal size = scale.pixels(style.pixelSize);
    const qreal minSize = scale.pixels(style.minPixelSize);
    QSizeF extent;
    auto measure = [&](qreal px) {
        font.setPixelSize(qMax(1, qRound(px)));
        const QFontMetricsF fm(font);
        qreal w = 0;
        for (const QString& l : lines) w = qMax(w, fm.horizontalAdvance(l));
        return QSizeF(w, fm.height() * lines.size());
    };
    extent = measure(size);
    while ((extent.width() > box.width() || extent.height() > box.height()) && size > minSize) {
        size = qMax(minSize, size - 0.5);
        extent = measure(size);
    }
    QString shown = text;
    if (extent.width() > box.width()) {
        const QFontMetricsF fm(font);
        QStringList elided;
        for (const QString& l : lines) elided << fm.elidedText(l, Qt::ElideRight, box.width());
        shown = elided.join(QLatin1Char('\n'));
        extent = measure(size);
        extent.setWidth(qMin(extent.width(), box.width()));
    }
    item->setFont(font);
    item->setText(shown);
    item->setAlignment(style.align);
    item->setMinScreenPixels(style.minScreenPixels);
    item->setBrush(colour);
    const QRectF r = item->boundingRect();
    qreal x = box.left();
    if (style.align & Qt::AlignHCenter) x = box.center().x() - r.width() / 2;
    else if (style.align & Qt::AlignRight) x = box.right() - r.width();
    qreal y = box.top();
    if (style.align & Qt::AlignVCenter) y = box.center().y() - r.height() / 2;
    else if (style.align & Qt::AlignBottom) y = box.bottom() - r.height();
    item->setPos(x, y);
    return item;
}

} // namespace scalescope
