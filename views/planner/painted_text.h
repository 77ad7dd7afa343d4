#pragma once
// One line of text aligned in a box, for widgets that repaint on every
// slider step. QPainter::drawText(QRectF, flags, text) lays the text out
// through QTextLayout on every call (≈ 0.2 ms per label on the 2-core test
// machine: 64 row titles cost 12 ms of a 16.7 ms frame); drawing at a
// baseline point after measuring the advance takes the glyph-run fast path.

#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>
#include <QString>

namespace scalescope {

// Draws `text` in `box` with the horizontal alignment of `align` (left,
// right or centre), vertically centred; it is not elided or wrapped.
inline void drawTextIn(QPainter& p, const QFontMetricsF& fm, const QRectF& box, Qt::Alignment align, const QString& text)
{
    double x = box.left();
    if (align & (Qt::AlignRight | Qt::AlignHCenter)) {
        const double w = fm.horizontalAdvance(text);
        x = (align & Qt::AlignRight) ? box.right() - w : box.center().x() - w / 2;
    }
    p.drawText(QPointF(x, box.center().y() + (fm.ascent() - fm.descent()) / 2), text);
}

} // namespace scalescope
