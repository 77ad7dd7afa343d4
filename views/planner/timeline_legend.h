#pragma once
// The legend below the timeline: a swatch and a title for each kind of bar
// (forward, backward, recompute, each communication lane, DP exposed and
// overlapped, the idle bubble), left to right from the plot's left edge and
// wrapping onto further lines when the view is narrower than one line.

#include <QBrush>
#include <QFont>
#include <QPalette>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace scalescope {

class TimelineLegend {
public:
    static constexpr double kLineHeight = 24; // px per line of entries

    // Height of the legend for a view `width` px wide whose plot starts at
    // `left`; kept until the width changes or invalidate().
    [[nodiscard]] double height(double left, double width, const QFont& font, const QPalette& palette);
    void paint(QPainter& p, const QRectF& area, double left, const QFont& font, const QPalette& palette) const;
    // Titles or font changed (language, font): measure again.
    void invalidate() { m_height = -1; }
    // An inference pass: compute and the lanes serving uses (TP, EP, PP) and the idle stages.
    void setServing(bool serving)
    {
        if (serving != m_serving) invalidate();
        m_serving = serving;
    }

private:
    struct Entry {
        QBrush swatch;
        QString title;
    };
    [[nodiscard]] std::vector<Entry> entries(const QPalette& palette) const;
    // Per entry: x in pixels and y the line (0, 1, …).
    [[nodiscard]] static std::vector<QPointF> positions(const std::vector<Entry>& entries, double left, double width,
                                                        const QFont& font);

    bool m_serving = false;
    double m_height = -1; // for m_width; -1: not measured
    double m_width = -1;
};

} // namespace scalescope
