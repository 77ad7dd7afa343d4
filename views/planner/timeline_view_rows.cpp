// TimelineView's rows: titles, grid, the bubble, wide spans as boxes and
// folded pixel columns as stacked bars of each colour's busy share.
#include "timeline_view.h"

#include "painted_text.h"
#include "timeline_colours.h"

#include "views/hardware/hardware_palette.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

// Appends a one-pixel column segment to `rects`, widening the last rectangle
// when it is the same segment one column to the left (runs of equal columns).
void addColumn(std::vector<QRect>& rects, int x, int top, int bottom)
{
    if (!rects.empty()) {
        QRect& last = rects.back();
        if (last.right() == x - 1 && last.top() == top && last.bottom() == bottom) {
            last.setRight(x);
            return;
        }
    }
    rects.emplace_back(QPoint(x, top), QPoint(x, bottom));
}

} // namespace

void TimelineView::paintRows(QPainter& p, const QRectF& plot)
{
    const double rh = rowHeight();
    const QFont small = rowLabelFont();
    p.setFont(small);
    const QFontMetricsF smallMetrics(small);
    const QColor text = palette().text().color();
    const QColor grid = opaqueMix(text, palette().base().color(), 0.12);
    const Timeline& t = timeline();
    const double pipelineEnd = [&] {
        double end = 0;
        for (const TimelineSpan& s : m_layout->spans)
            if (m_layout->rows[static_cast<size_t>(s.row)].lane == Lane::Compute &&
                t.events[static_cast<size_t>(s.event)].kind != EventKind::Optimizer)
                end = std::max(end, s.end);
        return end;
    }();
    const QColor paper = palette().base().color();
    const QBrush bubbleHatch = bubbleBrush(text, paper);
    // Per colour: [2c] wide spans, [2c + 1] folded column segments.
    std::vector<std::vector<QRect>> batches(static_cast<size_t>(TimelineSpan::kColours) * 2);
    std::vector<std::pair<QRect, int>> labels;
    // Short rows: "stage N" is centred on its stage's lanes, and only every
    // titledEvery-th stage is titled when a band is lower than a line of text.
    const int stages = stageCount();
    const double stageBand = static_cast<double>(m_layout->rows.size()) / stages * rh + kStageGap;
    const int titledEvery = std::max(1, static_cast<int>(std::ceil(smallMetrics.height() / stageBand)));
    for (int r = 0; r < static_cast<int>(m_layout->rows.size()); ++r) {
        const TimelineRow& row = m_layout->rows[static_cast<size_t>(r)];
        const double top = rowTop(r);
        if (top + rh < plot.top() || top > plot.bottom()) continue; // scrolled out of view
        // Row title: "stage 3" on the compute row, the lane name on the others.
        p.setPen(row.lane == Lane::Compute ? text : QColor(text.red(), text.green(), text.blue(), 170));
        const QString title = row.lane == Lane::Compute ? tr("stage %1").arg(row.stage) : laneTitle(row.lane);
        if (rh >= kTitledRow)
            drawTextIn(p, smallMetrics, QRectF(6, top, plotLeft() - 12, rh), Qt::AlignRight, title);
        else if (row.lane == Lane::Compute && row.stage % titledEvery == 0)
            drawTextIn(p, smallMetrics, QRectF(6, top, plotLeft() - 12, stageBand - kStageGap), Qt::AlignRight, title);
        // Grid lines as one-pixel fills: a translucent pen's drawLine takes the
        // stroker path (≈ 0.14 ms per line here), a fill the solid-blend fast path.
        p.fillRect(QRect(int(plot.left()), int(top + rh), int(plot.width()), 1), grid);
        if (row.lane == Lane::Compute) {
            // Idle compute inside the pipeline is the bubble: hatched background.
            const double x0 = std::max(plot.left(), m_axis.x(0)), x1 = std::min(plot.right(), m_axis.x(pipelineEnd));
            if (x1 > x0) p.fillRect(QRectF(x0, top + 1, x1 - x0, rh - 2), bubbleHatch);
        }
        const int y0 = static_cast<int>(top + 1), y1 = std::max(y0, static_cast<int>(top + rh - 1) - 1); // at least a pixel high
        drawRow(*m_layout, r, m_axis, plot.left(), plot.right(), kFoldPixels, m_row);
        // Folded columns: each colour's busy share of the column as a bar of
        // that share of the row's height, stacked from the row's foot in colour order.
        std::array<int, FoldedColumn::kSlots> order{};
        for (int k = 0; k < m_row.slots; ++k) order[static_cast<size_t>(k)] = k;
        std::sort(order.begin(), order.begin() + m_row.slots,
                  [&](int a, int b) { return m_row.colours[static_cast<size_t>(a)] < m_row.colours[static_cast<size_t>(b)]; });
        const int rowPixels = y1 - y0 + 1;
        for (const FoldedColumn& column : m_row.columns) {
            if (column.x < plot.left() || column.x >= plot.right()) continue;
            ++m_lastFolded;
            double share = 0;
            int below = y1 + 1; // the top of the segments drawn so far
            for (int k = 0; k < m_row.slots; ++k) {
                const int slot = order[static_cast<size_t>(k)];
                share += m_row.fraction(column, slot);
                const int segmentTop = y1 + 1 - static_cast<int>(std::lround(std::min(1.0, share) * rowPixels));
                if (segmentTop >= below) continue;
                addColumn(batches[static_cast<size_t>(m_row.colours[static_cast<size_t>(slot)] * 2 + 1)], column.x, segmentTop, below - 1);
                below = segmentTop;
            }
        }
        // Spans are batched by brush and drawn with one drawRects() per brush:
        // thousands of one-pixel fills cost more in call overhead than in pixels.
        for (const DrawnSpan& d : m_row.spans) {
            // Whole pixels, clipped to the plot: the raster engine's fast path.
            const int x0 = static_cast<int>(std::max(d.x0, plot.left()));
            const int x1 = static_cast<int>(std::min(std::max(d.x1, d.x0 + 1), plot.right()));
            if (x1 <= x0) continue;
            const QRect box(QPoint(x0, y0), QPoint(x1 - 1, y1));
            ++m_lastDrawn;
            const TimelineEvent& e = t.events[static_cast<size_t>(d.event)];
            batches[static_cast<size_t>(TimelineSpan::colourOf(e) * 2)].push_back(box);
            if (box.width() > 26 && rh >= 12 && e.microbatch >= 0 && e.lane == Lane::Compute)
                labels.push_back({box, e.microbatch});
        }
    }
    for (size_t key = 0; key < batches.size(); ++key) {
        const std::vector<QRect>& rects = batches[key];
        if (rects.empty()) continue;
        const int colour = static_cast<int>(key / 2);
        const bool folded = key % 2 == 1;
        m_lastColours.set(static_cast<size_t>(colour));
        p.setBrush(timelineBrush(colour, paper));
        // A wide overlapped span is outlined in its lane's colour: its hatch alone reads as paper.
        const bool outlined = !folded && colour % 2 == 0 && colour / 2 / 8 != static_cast<int>(Lane::Compute);
        if (outlined) p.setPen(eventColour(static_cast<Lane>(colour / 2 / 8), EventKind::Comm));
        else p.setPen(Qt::NoPen);
        p.drawRects(rects.data(), static_cast<int>(rects.size()));
    }
    p.setPen(Qt::white);
    if (labels.size() < 400)
        for (const auto& [box, microbatch] : labels)
            drawTextIn(p, smallMetrics, box, Qt::AlignHCenter, QString::number(microbatch));
}

} // namespace scalescope
