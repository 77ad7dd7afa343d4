#include "planner_soak.h"

#include "bench_planner.h"
#include "bench_scenario.h"
#include "heap_policy.h"
#include "scenario_controller.h"
#include "scenario_controls.h"

#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <algorithm>
#include <fstream>
#include <malloc.h>
#include <QStandardItemModel>
#include <random>
#include <unistd.h>

namespace scalescope {

namespace {

double residentMiB()
{
    ::malloc_trim(0);
    long pages = 0, resident = 0;
    std::ifstream("/proc/self/statm") >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

constexpr int kFrameTimeoutMs = 10000; // a change that has not painted by then counts as this slow

} // namespace

SoakResult soakPlanner(const SpecCatalog& catalog, const QString& scenarioFile, int changes, unsigned seed)
{
    SoakResult out;
    returnLargeBlocksToSystem();
    const auto scenario = loadBenchScenario(scenarioFile.toStdString());
    if (!scenario || changes < 1) return out;
    out.scenario = QString::fromStdString(scenario->name);

    BenchPlanner planner(catalog, *scenario);
    ScenarioController& controller = planner.controller;
    ScenarioControls& controls = planner.controls;

    std::vector<QSlider*> sliders;
    for (const char* axis : {"tp", "pp", "cp", "ep", "vpp"})
        if (QSlider* s = controls.slider(QString::fromLatin1(axis)); s && s->maximum() > s->minimum()) sliders.push_back(s);
    std::vector<QComboBox*> combos;
    for (QComboBox* c : controls.findChildren<QComboBox*>())
        if (c->count() > 1) // every combo a user can pick from, system and model included
            combos.push_back(c);
    if (sliders.empty()) return out;

    int applied = 0;
    QObject::connect(&controller, &ScenarioController::scenarioChanged, [&] { ++applied; });
    std::mt19937 random(seed);
    std::vector<double> frames;
    frames.reserve(static_cast<size_t>(changes));
    // Warm once the undo history is full (its limit bounds it) or half-way through a short run.
    const int warmUp = std::max(1, std::min(changes / 2, 2 * ScenarioController::kUndoLimit));
    QElapsedTimer timer;
    // Memory is compared in the same state: the starting scenario, evaluated
    // and painted (the current result alone can hold 100 MB of timeline).
    const auto residentAtStart = [&] {
        const unsigned long long before = controller.result() ? controller.result()->generation : 0;
        controller.edit(*scenario, QStringLiteral("soak: back to the start"));
        QElapsedTimer wait;
        wait.start();
        while (!(controller.result() && controller.result()->generation != before) && wait.elapsed() < kFrameTimeoutMs)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QCoreApplication::processEvents();
        return residentMiB();
    };
    for (int i = 0; i < changes; ++i) {
        if (i == warmUp) out.rssWarmMiB = residentAtStart();
        const int appliedBefore = applied;
        const unsigned long long before = controller.result() ? controller.result()->generation : 0;
        timer.start();
        const size_t pick = random() % (sliders.size() + combos.size());
        if (pick < sliders.size()) {
            QSlider* s = sliders[pick];
            s->setValue(s->minimum() + static_cast<int>(random() % static_cast<unsigned>(s->maximum() - s->minimum() + 1)));
        } else {
            QComboBox* c = combos[pick - sliders.size()];
            const int index = static_cast<int>(random() % static_cast<unsigned>(c->count()));
            const auto* items = qobject_cast<QStandardItemModel*>(c->model());
            if (!items || items->item(index)->isEnabled()) { // a user cannot pick a disabled item
                c->setCurrentIndex(index);
                Q_EMIT c->activated(index);
            }
        }
        // A move that leaves the scenario as it was produces no new result;
        // any other is done when its result has arrived and been painted.
        const auto busy = [&](auto&& work) {
            QElapsedTimer stall;
            stall.start();
            work();
            out.longestStallMs = std::max(out.longestStallMs, static_cast<double>(stall.nsecsElapsed()) / 1e6);
        };
        while (applied != appliedBefore && !(controller.result() && controller.result()->generation != before)) {
            busy([] { QCoreApplication::processEvents(QEventLoop::AllEvents, 5); });
            if (timer.elapsed() > kFrameTimeoutMs) break;
        }
        busy([] { QCoreApplication::processEvents(); });
        frames.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    out.changes = changes;
    out.rssEndMiB = residentAtStart();
    if (out.rssWarmMiB == 0) out.rssWarmMiB = out.rssEndMiB;
    out.rssGrowthMiB = out.rssEndMiB - out.rssWarmMiB;
    std::sort(frames.begin(), frames.end());
    out.slowestFrameMs = frames.back();
    out.p99FrameMs = frames[std::min(frames.size() - 1, static_cast<size_t>(static_cast<double>(frames.size()) * 0.99))];
    return out;
}

} // namespace scalescope
