#include "planner_soak.h"

#include "bench_scenario.h"
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
#include <random>
#include <unistd.h>

namespace scalescope {

namespace {

double residentMiB()
{
    long pages = 0, resident = 0;
    std::ifstream("/proc/self/statm") >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

constexpr int kFrameTimeoutMs = 10000; // a change that has not painted by then counts as this slow

} // namespace

SoakResult soakPlanner(const SpecCatalog& catalog, const QString& scenarioFile, int changes, unsigned seed)
{
    SoakResult out;
    const auto scenario = loadBenchScenario(scenarioFile.toStdString());
    if (!scenario || changes < 1) return out;
    out.scenario = QString::fromStdString(scenario->name);

    ScenarioController controller(catalog);
    PlannerView view;
    view.resize(1400, 800);
    ScenarioControls controls(controller);
    QObject::connect(&controller, &ScenarioController::resultReady, &view, &PlannerView::setResult);
    controller.load(*scenario);
    controller.evaluateNow();
    view.show();
    controls.show();
    QCoreApplication::processEvents();

    std::vector<QSlider*> sliders;
    for (const char* axis : {"tp", "pp", "cp", "ep", "vpp"})
        if (QSlider* s = controls.slider(QString::fromLatin1(axis)); s && s->maximum() > s->minimum()) sliders.push_back(s);
    std::vector<QComboBox*> combos;
    for (QComboBox* c : controls.findChildren<QComboBox*>())
        if (c->count() > 1 && c->objectName() != QStringLiteral("system") && c->objectName() != QStringLiteral("model"))
            combos.push_back(c);
    if (sliders.empty()) return out;

    int applied = 0;
    QObject::connect(&controller, &ScenarioController::scenarioChanged, [&] { ++applied; });
    std::mt19937 random(seed);
    std::vector<double> frames;
    frames.reserve(static_cast<size_t>(changes));
    const int warmUp = std::max(1, changes / 10);
    QElapsedTimer timer;
    for (int i = 0; i < changes; ++i) {
        if (i == warmUp) out.rssWarmMiB = residentMiB();
        const int appliedBefore = applied;
        const unsigned long long before = controller.result() ? controller.result()->generation : 0;
        timer.start();
        const size_t pick = random() % (sliders.size() + combos.size());
        if (pick < sliders.size()) {
            QSlider* s = sliders[pick];
            s->setValue(s->minimum() + static_cast<int>(random() % static_cast<unsigned>(s->maximum() - s->minimum() + 1)));
        } else {
            QComboBox* c = combos[pick - sliders.size()];
            c->setCurrentIndex(static_cast<int>(random() % static_cast<unsigned>(c->count())));
        }
        // A move that leaves the scenario as it was produces no new result;
        // any other is done when its result has arrived and been painted.
        while (applied != appliedBefore && !(controller.result() && controller.result()->generation != before)) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            if (timer.elapsed() > kFrameTimeoutMs) break;
        }
        QCoreApplication::processEvents();
        frames.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (controller.undoStack()->count() > 1000) controller.undoStack()->clear(); // a long session's history is capped by the user's patience, not ours
    }
    out.changes = changes;
    out.rssEndMiB = residentMiB();
    if (out.rssWarmMiB == 0) out.rssWarmMiB = out.rssEndMiB;
    out.rssGrowthMiB = out.rssEndMiB - out.rssWarmMiB;
    std::sort(frames.begin(), frames.end());
    out.slowestFrameMs = frames.back();
    out.p99FrameMs = frames[std::min(frames.size() - 1, static_cast<size_t>(static_cast<double>(frames.size()) * 0.99))];
    return out;
}

} // namespace scalescope
