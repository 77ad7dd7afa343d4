#include "scene_items.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

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

void LabelItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (font().pixelSize() * lod < m_minScreenPixels) return; // unreadable: leave the box plain
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
    qreal size = style.pixelSize;
    QSizeF extent;
    auto measure = [&](qreal px) {
        font.setPixelSize(qMax(1, qRound(px)));
        const QFontMetricsF fm(font);
        qreal w = 0;
        for (const QString& l : lines) w = qMax(w, fm.horizontalAdvance(l));
        return QSizeF(w, fm.height() * lines.size());
    };
    extent = measure(size);
    while ((extent.width() > box.width() || extent.height() > box.height()) && size > style.minPixelSize) {
        size = qMax(style.minPixelSize, size - 0.5);
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
