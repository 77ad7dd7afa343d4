#pragma once
// The planner's centre: headline numbers, memory per GPU, the step's
// timeline and the model's verdicts, all drawn from one PlannerResult.
// Optionally a pinned result "A" is shown beside the current one "B".
// An inference scenario shows its serving figures, the memory bar with the
// KV cache, the prefill and the decode timelines, and a slot for the
// throughput–latency chart (servingChartSlot).

#include "planner_result.h"

#include <QWidget>

class QLabel;
class QListWidget;

namespace scalescope {

class FigureGridLayout;
class MemoryBar;
class TimelineView;

class PlannerView final : public QWidget {
    Q_OBJECT
public:
    explicit PlannerView(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    void setPinned(const PlannerResultPtr& pinned); // null to unpin
    [[nodiscard]] const PlannerResultPtr& pinned() const noexcept { return m_pinned; }
    [[nodiscard]] TimelineView* timeline() const noexcept { return m_timeline; }
    [[nodiscard]] TimelineView* pinnedTimeline() const noexcept { return m_pinnedTimeline; }
    // Inference: the decode step's timeline (timeline() then draws the prefill).
    [[nodiscard]] TimelineView* decodeTimeline() const noexcept { return m_decodeTimeline; }
    // Inference: an empty container (QVBoxLayout) below the timelines for
    // the throughput–latency chart; shown only for an inference scenario.
    [[nodiscard]] QWidget* servingChartSlot() const noexcept { return m_servingChartSlot; }
    [[nodiscard]] MemoryBar* memoryBar() const noexcept { return m_memory; }
    [[nodiscard]] QListWidget* verdicts() const noexcept { return m_verdicts; }
    [[nodiscard]] QString headlineText() const; // all numbers, for tests
    [[nodiscard]] QLabel* trustLine() const noexcept { return m_trust; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    void refreshServing(); // refresh() of an evaluated inference scenario
    void showServing(bool serving); // which widgets the mode uses
    void ensureFigureLabels(size_t figures);

    PlannerResultPtr m_result, m_pinned;
    QLabel* m_title = nullptr;
    FigureGridLayout* m_numbers = nullptr;
    std::vector<QLabel*> m_numberLabels;
    MemoryBar* m_memory = nullptr;
    TimelineView* m_timeline = nullptr;
    QListWidget* m_verdicts = nullptr;
    TimelineView* m_pinnedTimeline = nullptr; // A's timeline above B's while a result is pinned
    QLabel* m_pinnedTitle = nullptr;
    QLabel* m_trust = nullptr; // efficiency mode and the nearest published run with the model's error on it
    QLabel* m_prefillTitle = nullptr; // inference: what the timelines show
    QLabel* m_decodeTitle = nullptr;
    TimelineView* m_decodeTimeline = nullptr;
    QWidget* m_servingChartSlot = nullptr;
    bool m_servingShown = false; // the figures' labels show the serving headlines
};

// How the numbers were made and the model's error on the nearest published
// run, as the planner's trust line shows it (rich text).
[[nodiscard]] QString plannerTrustText(const PlannerResult& r);

} // namespace scalescope
