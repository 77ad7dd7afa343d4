#pragma once
// The legend below the timeline: a swatch and a title for every colour the
// timeline can draw from its result — each kind of compute it holds
// (forward, backward, weight gradient, recompute, optimizer step), each
// communication lane with its exposed (solid) and overlapped (hatched) fill,
// the idle bubble — left to right from the plot's left edge, wrapping onto
// further lines when the view is narrower than one line.

#include "timeline_layout.h"

#include <QBrush>
#include <QFont>
#include <QPalette>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <bitset>
#include <vector>

class QPainter;

namespace scalescope {

class TimelineLegend {
public:
    static constexpr double kLineHeight = 24; // px per line of entries
    using Colours = std::bitset<TimelineSpan::kColours>;

    // Height of the legend for a view `width` px wide whose plot starts at
    // `left`; kept until the width changes or invalidate().
    [[nodiscard]] double height(double left, double width, const QFont& font, const QPalette& palette);
    void paint(QPainter& p, const QRectF& area, double left, const QFont& font, const QPalette& palette) const;
    // Titles or font changed (language, font): measure again.
    void invalidate() { m_height = -1; }
    // The colours (TimelineSpan::colourOf) the timeline draws, and whether it
    // is an inference pass (compute and the idle stages are named for serving).
    void setContents(const Colours& colours, bool serving);
    // Whether an entry shows colour `colour`.
    [[nodiscard]] bool covers(int colour) const;
    [[nodiscard]] QStringList titles() const; // the entries' titles, for tests

private:
    struct Entry {
        QBrush swatch;
        QBrush second; // Qt::NoBrush, or the right half of the swatch (overlapped communication)
        QString title;
        std::vector<int> colours; // what the swatch stands for
    };
    [[nodiscard]] std::vector<Entry> entries(const QPalette& palette) const;
    // Per entry: x in pixels and y the line (0, 1, …).
    [[nodiscard]] static std::vector<QPointF> positions(const std::vector<Entry>& entries, double left, double width,
                                                        const QFont& font);

    Colours m_colours;
    bool m_serving = false;
    double m_height = -1; // for m_width; -1: not measured
    double m_width = -1;
};

} // namespace scalescope
