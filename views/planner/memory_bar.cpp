#include "memory_bar.h"

#include "painted_text.h"
#include "timeline_colours.h"

#include "model/spec/quantity_parser.h"
#include "views/widgets/scene_text.h"

#include <QPainter>

namespace scalescope {

namespace {
QString bytesText(Bytes b) { return QString::fromStdString(formatBytes(b)); }
} // namespace

MemoryBar::MemoryBar(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("MemoryBar"));
    connect(&SceneText::instance(), &SceneText::changed, this, qOverload<>(&QWidget::update));
}

void MemoryBar::setServingMemory(const InferenceMemory& memory)
{
    m_serving = memory;
    m_isServing = true;
    m_superchip = false;
    m_valid = true;
    setToolTip(summary());
    update();
}

void MemoryBar::setMemory(const MemoryPerGpu& memory, bool superchip)
{
    m_isServing = false;
    m_memory = memory;
    m_superchip = superchip;
    m_valid = true;
    setToolTip(summary());
    update();
}

void MemoryBar::clear()
{
    m_valid = false;
    update();
}

QString MemoryBar::summary() const
{
    if (!m_valid) return {};
    if (m_isServing) {
        const InferenceMemory& m = m_serving;
        QString s = tr("%1 of %2 usable HBM per GPU (the runtime reserves %3 more)")
                        .arg(bytesText(m.total), bytesText(m.capacity), bytesText(m.reserved));
        if (!m.fits) s += QStringLiteral(" — ") + tr("does not fit: %1 over").arg(bytesText(m.total - m.capacity));
        return s;
    }
    const MemoryPerGpu& m = m_memory;
    QString s = tr("%1 of %2 usable HBM per GPU").arg(bytesText(m.total), bytesText(m.capacity));
    if (!m.fits) {
        if (m_superchip && m.fitsWithSpill)
            s += QStringLiteral(" — ") + tr("%1 spills to LPDDR5X over NVLink-C2C").arg(bytesText(m.spill));
        else
            s += QStringLiteral(" — ") + tr("does not fit: %1 over").arg(bytesText(m.total - m.capacity));
    }
    return s;
}

void MemoryBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor text = palette().text().color();
    if (!m_valid) return;
    // One bar for both modes: the parts from the left, the usable capacity
    // (and, serving, the runtime's reserve beyond it; on superchips, LPDDR5X).
    struct Part { Bytes b; QColor c; QString name; };
    std::vector<Part> parts;
    Bytes total, capacity, reserved, spillCapacity;
    bool fits = true, fitsWithSpill = false;
    if (m_isServing) {
        const InferenceMemory& m = m_serving;
        parts = {{m.weights, QColor(0x00, 0x72, 0xB2), tr("weights")},
                 {m.kvCache, QColor(0xCC, 0x79, 0xA7), tr("KV cache")},
                 {m.activations, QColor(0x00, 0x9E, 0x73), tr("activations")}};
        total = m.total;
        capacity = m.capacity;
        reserved = m.reserved;
        fits = m.fits;
    } else {
        const MemoryPerGpu& m = m_memory;
        parts = {{m.weights, QColor(0x00, 0x72, 0xB2), tr("weights")},
                 {m.grads, QColor(0x56, 0xB4, 0xE9), tr("gradients")},
                 {m.optimizer, QColor(0xE6, 0x9F, 0x00), tr("optimizer")},
                 {m.activations, QColor(0x00, 0x9E, 0x73), tr("activations")},
                 {m.buffers, QColor(0x99, 0x99, 0x99), tr("buffers")}};
        total = m.total;
        capacity = m.capacity;
        spillCapacity = m_superchip ? m.spillCapacity : Bytes{};
        fits = m.fits;
        fitsWithSpill = m.fitsWithSpill;
    }
    const double scaleMax = std::max({total.si, capacity.si + reserved.si + spillCapacity.si, 1.0}) * 1.04;
    const QRectF bar(4, 22, width() - 8, height() - 40);
    auto xOf = [&](double bytes) { return bar.left() + bar.width() * bytes / scaleMax; };
    p.fillRect(bar, palette().alternateBase());
    double at = 0;
    const QFont f = legendFont();
    p.setFont(f);
    const QFontMetricsF fm(f);
    double legendX = 4;
    for (const Part& part : parts) {
        const QRectF seg(QPointF(xOf(at), bar.top()), QPointF(xOf(at + part.b.si), bar.bottom()));
        p.fillRect(seg, part.c);
        if (seg.width() > fm.horizontalAdvance(part.name) + 8) {
            p.setPen(Qt::white);
            drawTextIn(p, fm, seg, Qt::AlignHCenter, part.name);
        }
        at += part.b.si;
        // legend with sizes along the top
        const QString label = QStringLiteral("%1 %2").arg(part.name, bytesText(part.b));
        p.fillRect(QRectF(legendX, 6, 10, 10), part.c);
        p.setPen(text);
        p.drawText(QPointF(legendX + 14, 15), label);
        legendX += 14 + fm.horizontalAdvance(label) + 12;
    }
    // Serving: what the runtime reserves, hatched beyond the usable capacity.
    if (reserved.si > 0) {
        QColor grey = text;
        grey.setAlphaF(0.45);
        p.fillRect(QRectF(QPointF(xOf(capacity.si), bar.top()), QPointF(xOf(capacity.si + reserved.si), bar.bottom())),
                   QBrush(grey, Qt::Dense6Pattern));
        const QString label = QStringLiteral("%1 %2").arg(tr("reserved"), bytesText(reserved));
        p.fillRect(QRectF(legendX, 6, 10, 10), QBrush(grey, Qt::Dense4Pattern));
        p.setPen(text);
        p.drawText(QPointF(legendX + 14, 15), label);
    }
    // Over capacity: the part past the HBM line turns red.
    if (total > capacity) {
        const double overEnd = std::min(total.si, scaleMax);
        const QColor red = m_superchip && fitsWithSpill ? QColor(0xE6, 0x9F, 0x00, 170) : QColor(0xD0, 0x20, 0x20, 200);
        p.fillRect(QRectF(QPointF(xOf(capacity.si), bar.top()), QPointF(xOf(overEnd), bar.bottom())),
                   QBrush(red, Qt::BDiagPattern));
    }
    // Capacity markers.
    QPen hbm(text, 2);
    p.setPen(hbm);
    p.drawLine(QPointF(xOf(capacity.si), bar.top() - 3), QPointF(xOf(capacity.si), bar.bottom() + 3));
    if (spillCapacity.si > 0) {
        QPen lp(text, 1, Qt::DashLine);
        p.setPen(lp);
        const double x = xOf(capacity.si + spillCapacity.si);
        p.drawLine(QPointF(x, bar.top() - 3), QPointF(x, bar.bottom() + 3));
    }
    p.setPen(fits ? text : errorTextColour(palette()));
    drawTextIn(p, fm, QRectF(4, bar.bottom() + 2, width() - 8, 16), Qt::AlignLeft, summary());
}

QFont MemoryBar::legendFont() const
{
    return SceneText::instance().paintedFont(font(), 0.9, logicalDpiY());
}

} // namespace scalescope
