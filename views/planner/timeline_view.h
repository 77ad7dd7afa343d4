#pragma once
// One training step, or one pass of an inference scenario (its prefill or
// a decode step: setPass), painted by our own code: a row group per pipeline
// stage (compute, then the TP/CP/EP/PP/DP lanes it uses), exposed
// communication solid, overlapped communication hatched, the bubble as the
// hatched background of idle compute. Wheel zooms and drag pans the time
// axis only (the model is never re-run); spans under a pixel are folded.

#include "planner_result.h"
#include "timeline_layout.h"
#include "timeline_legend.h"

#include <memory>
#include <QWidget>

#include <vector>

namespace scalescope {

class TimelineView final : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinimumHeight = 160; // px: the rows of a 4-stage pipeline stay legible
    explicit TimelineView(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    // Which of the result's timelines this view draws (a training step by default).
    void setPass(TimelinePass pass)
    {
        m_pass = pass;
        m_legend.setServing(pass != TimelinePass::Step);
    }
    [[nodiscard]] TimelinePass pass() const noexcept { return m_pass; }
    void fit();
    // Shows [from, to] seconds across the plot (a zoom; the model is not re-run).
    void showRange(double from, double to);
    // Fits to at least this duration, so that two timelines share one scale (0: own end).
    void setFitDuration(double seconds);

    [[nodiscard]] const TimelineLayout& layout() const noexcept { return *m_layout; }
    [[nodiscard]] const TimeAxis& axis() const noexcept { return m_axis; }
    [[nodiscard]] int lastPaintFolded() const noexcept { return m_lastFolded; }
    [[nodiscard]] int lastPaintDrawn() const noexcept { return m_lastDrawn; }
    [[nodiscard]] double lastPaintMs() const noexcept { return m_lastPaintMs; }
    [[nodiscard]] QRectF spanRect(int spanIndex) const; // geometry of a span in widget coordinates
    [[nodiscard]] QString tooltipAt(QPointF pos) const;
    [[nodiscard]] double plotLeft() const;
    [[nodiscard]] double legendTop() const { return height() - legendHeight(); } // rows stay above it
    // The height at which every row is as tall as rows get: taller only adds blank space.
    [[nodiscard]] double fullHeight() const;

    QSize sizeHint() const override { return {900, 420}; }

Q_SIGNALS:
    void painted();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] double rowHeight() const;
    [[nodiscard]] double rowTop(int row) const;
    [[nodiscard]] int rowAt(double y) const;
    [[nodiscard]] std::vector<double> ticks(const QRectF& plot) const; // seconds of the time-axis ticks in view
    void paintTimeGrid(QPainter& p, const QRectF& plot);
    void paintAxis(QPainter& p, const QRectF& plot);
    [[nodiscard]] QFont legendFont() const;
    [[nodiscard]] double legendHeight() const; // cached per width (rowHeight asks it per row)

    [[nodiscard]] const Timeline& timeline() const noexcept { return m_result->timelineOf(m_pass); }

    PlannerResultPtr m_result;
    TimelinePass m_pass = TimelinePass::Step;
    std::shared_ptr<const TimelineLayout> m_layout = std::make_shared<const TimelineLayout>();
    TimeAxis m_axis;
    bool m_userZoomed = false;
    double m_fitDuration = 0;
    QPointF m_dragStart;
    double m_dragOrigin = 0;
    bool m_dragging = false;
    int m_lastFolded = 0;
    int m_lastDrawn = 0;
    double m_lastPaintMs = 0;
    mutable TimelineLegend m_legend;
};

} // namespace scalescope
