#pragma once
// The planner's centre: headline numbers, memory per GPU, the step's
// timeline and the model's verdicts, all drawn from one PlannerResult.
// Optionally a pinned result "A" is shown beside the current one "B".

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
    [[nodiscard]] TimelineView* timeline() const noexcept { return m_timeline; }
    [[nodiscard]] TimelineView* pinnedTimeline() const noexcept { return m_pinnedTimeline; }
    [[nodiscard]] MemoryBar* memoryBar() const noexcept { return m_memory; }
    [[nodiscard]] QListWidget* verdicts() const noexcept { return m_verdicts; }
    [[nodiscard]] QString headlineText() const; // all numbers, for tests
    [[nodiscard]] QLabel* trustLine() const noexcept { return m_trust; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

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
};

} // namespace scalescope
