#pragma once
// One training step, or one pass of an inference scenario (its prefill or
// a decode step: setPass), painted by our own code: above the lanes a bar of
// where the step goes (TimelineBreakdownBar), then a row group per pipeline
// stage (compute, then the TP/CP/EP/PP/DP lanes it uses), exposed
// communication solid, overlapped communication hatched, the bubble as the
// hatched background of idle compute. Spans under a few pixels fold into
// pixel columns drawn as stacked bars, each kind as tall as its busy share of
// the column. Rows keep a readable height and scroll when the stages do not
// fit. Navigation moves the time axis only (the model is never re-run) and
// stays within the step: wheel or W/S zoom, drag or A/D pan (as in
// Perfetto), F fits the step and every stage, 0 resets; Up/Down, Page
// Up/Down and Shift+wheel scroll the rows.

#include "planner_result.h"
#include "timeline_breakdown_bar.h"
#include "timeline_layout.h"
#include "timeline_legend.h"

#include <memory>
#include <QWidget>

#include <bitset>
#include <vector>

class QScrollBar;
class QToolButton;

namespace scalescope {

class TimelineView final : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinimumHeight = 160; // px: the rows of a 4-stage pipeline stay legible
    static constexpr double kReadableRow = 12;  // px: the least height of a row while the rows scroll
    explicit TimelineView(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    // Which of the result's timelines this view draws (a training step by default).
    void setPass(TimelinePass pass) { m_pass = pass; }
    [[nodiscard]] TimelinePass pass() const noexcept { return m_pass; }
    // The whole step across the plot (the rows keep their height).
    void fit();
    // Fit: the whole step across the plot and every stage in the view (rows may get thin).
    void fitAll();
    // Reset: the whole step, rows of their readable height, scrolled to the first stage.
    void resetZoom();
    // Shows [from, to] seconds across the plot (a zoom; the model is not re-run), within the step.
    void showRange(double from, double to);
    // Fits to at least this duration, so that two timelines share one scale (0: own end).
    void setFitDuration(double seconds);
    // Follows another view's time axis (A and B compared; fitted when not
    // `zoomed`): no axisChanged.
    void setAxis(const scalescope::TimeAxis& axis, bool zoomed);
    // On paper: every stage fits the view, no scroll bar or buttons.
    void setPrintLayout(bool print);
    [[nodiscard]] bool printLayout() const noexcept { return m_print; }

    [[nodiscard]] const TimelineLayout& layout() const noexcept { return *m_layout; }
    [[nodiscard]] const TimeAxis& axis() const noexcept { return m_axis; }
    [[nodiscard]] const TimelineBreakdownBar& breakdownBar() const noexcept { return m_bar; }
    [[nodiscard]] const TimelineLegend& legend() const noexcept { return m_legend; }
    [[nodiscard]] QScrollBar* rowScrollBar() const noexcept { return m_scroll; }
    [[nodiscard]] int lastPaintFolded() const noexcept { return m_lastFolded; }
    [[nodiscard]] int lastPaintDrawn() const noexcept { return m_lastDrawn; }
    [[nodiscard]] double lastPaintMs() const noexcept { return m_lastPaintMs; }
    // The colours (TimelineSpan::colourOf) the last paint drew, rows and bar.
    [[nodiscard]] const std::bitset<TimelineSpan::kColours>& lastPaintColours() const noexcept { return m_lastColours; }
    [[nodiscard]] QRectF spanRect(int spanIndex) const; // geometry of a span in widget coordinates
    [[nodiscard]] QString tooltipAt(QPointF pos) const;
    [[nodiscard]] double plotLeft() const;
    [[nodiscard]] double plotRight() const;
    [[nodiscard]] double rowsTop() const; // below the breakdown bar and the time axis
    [[nodiscard]] double legendTop() const { return height() - legendHeight(); } // rows stay above it
    [[nodiscard]] double rowHeight() const;
    // The fonts of the text the view paints (legend and breakdown bar; row
    // titles and axis: no taller than a row allows), at the scene text factor.
    [[nodiscard]] QFont legendFont() const;
    [[nodiscard]] QFont rowLabelFont() const;
    // The height at which every row is as tall as rows get: taller only adds blank space.
    [[nodiscard]] double fullHeight() const;
    // The seconds the axis may span: the step (or the fit duration), with a margin.
    [[nodiscard]] double stepSpan() const;

    QSize sizeHint() const override { return {900, 420}; }

Q_SIGNALS:
    void painted();
    // The user zoomed, panned, fitted or reset: the new axis (`zoomed`: not the fitted step).
    void axisChanged(const scalescope::TimeAxis& axis, bool zoomed);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    static constexpr double kAxisHeight = 26;   // time axis above the rows
    static constexpr double kLabelWidth = 120;  // row titles on the left
    static constexpr double kRightMargin = 4;   // px right of the plot
    static constexpr double kMaxRow = 40;
    static constexpr double kRowPerTitle = 1.4; // a row's least height per pixel of its title's font
    // Fitted to the view (Fit, or on paper), rows go below the readable height
    // down to a pixel or two, and then every few stages are titled.
    static constexpr double kTightestRow = 2;
    static constexpr double kTitledRow = 9;     // rows at least this high are titled one by one
    static constexpr double kStageGap = 4;      // extra space between stages
    static constexpr double kFoldPixels = 3;    // spans narrower than this fold into pixel columns
    static constexpr double kStepMargin = 1.01; // the fitted axis runs 1 % past the step's end
    static constexpr double kBarInset = 3;      // px between the breakdown bar and what surrounds it

    [[nodiscard]] double rowTop(int row) const;
    [[nodiscard]] int rowAt(double y) const;
    [[nodiscard]] int stageCount() const;
    [[nodiscard]] double barHeight() const noexcept { return m_barHeight; } // 0 without a bar (placeChildren)
    [[nodiscard]] QRectF barRect() const;
    [[nodiscard]] double rowsBottom() const { return legendTop(); }
    [[nodiscard]] double contentHeight() const; // every row and stage gap, unscrolled
    [[nodiscard]] std::vector<double> ticks(const QRectF& plot) const; // seconds of the time-axis ticks in view
    void paintTimeGrid(QPainter& p, const QRectF& plot);
    void paintAxis(QPainter& p, const QRectF& plot);
    void paintRows(QPainter& p, const QRectF& plot);
    [[nodiscard]] double legendHeight() const; // cached per width (rowHeight asks it per row)
    void placeChildren();   // the scroll bar's range and the buttons' place
    void clampAxis();       // zoom and pan stay within the step
    void userMovedAxis();   // clampAxis, repaint, axisChanged
    void zoomBy(double factor, double anchorX);
    void panBy(double pixels);

    [[nodiscard]] const Timeline& timeline() const noexcept { return m_result->timelineOf(m_pass); }

    PlannerResultPtr m_result;
    TimelinePass m_pass = TimelinePass::Step;
    std::shared_ptr<const TimelineLayout> m_layout = std::make_shared<const TimelineLayout>();
    TimeAxis m_axis;
    bool m_userZoomed = false;
    bool m_fitAll = false; // every stage in the view (Fit), not readable rows that scroll
    bool m_print = false;
    double m_fitDuration = 0;
    QPointF m_dragStart;
    double m_dragOrigin = 0;
    bool m_dragging = false;
    int m_lastFolded = 0;
    int m_lastDrawn = 0;
    double m_lastPaintMs = 0;
    std::bitset<TimelineSpan::kColours> m_lastColours;
    double m_barHeight = 0;
    RowDrawing m_row; // reused by every row of every paint
    mutable TimelineLegend m_legend;
    TimelineBreakdownBar m_bar;
    QScrollBar* m_scroll = nullptr;
    QToolButton* m_fitButton = nullptr;
    QToolButton* m_resetButton = nullptr;
};

} // namespace scalescope
