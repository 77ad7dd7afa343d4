// The timeline tells the truth at every zoom: folded pixel columns hold the
// busy time of the events they fold and no more, the breakdown bar equals the
// headline figures, every colour drawn is in the legend, rows keep a readable
// height and scroll, navigation (W/S/A/D, Fit, Reset) stays within the step,
// and A and B share one time axis.

#include "test_support.h"

#include "model/spec/quantity_parser.h"
#include "model/training/operation_breakdown.h"
#include "views/planner/planner_view.h"
#include "views/planner/timeline_colours.h"
#include "views/planner/timeline_view.h"

#include <QDirIterator>
#include <QScrollBar>
#include <QSet>
#include <QTest>
#include <QToolButton>

#include <catch2/catch.hpp>

#include <map>

using namespace scalescope;

namespace {

PlannerResultPtr evaluated(const Scenario& s)
{
    static unsigned long long generation = 0;
    const PlannerResultPtr r = evaluateScenario(testing::builtinCatalog(), s, nullptr, ++generation);
    REQUIRE(r->ok());
    return r;
}

PlannerResultPtr evaluated(const char* preset) { return evaluated(testing::presetScenario(preset)); }

// LLaMA 3.1 405B with 64 micro-batches per pipeline over 16 stages: at whole-step
// zoom in a narrow view its spans are a pixel or two wide.
PlannerResultPtr manyMicrobatches()
{
    Scenario s = testing::presetScenario("llama3-405b-16k-h100");
    s.training.globalBatch = 8192;
    return evaluated(s);
}

std::vector<std::string> shippedScenarios()
{
    std::vector<std::string> out;
    QDirIterator it(QString::fromStdString((builtinSpecRoots().front() / "scenarios").string()), {QStringLiteral("*.scalescope.json")});
    while (it.hasNext()) out.push_back(QFileInfo(it.next()).fileName().chopped(16).toStdString());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST_CASE("Folded columns never claim more busy time than the events they hold, per lane and kind", "[timeline]")
{
    for (const PlannerResultPtr& r : {manyMicrobatches(), evaluated("deepseek-v3-2048-h800")}) {
        const TimelineLayout layout = TimelineLayout::build(r->timeline);
        for (double width : {200.0, 900.0, 1800.0}) {
            for (double share : {1.0, 0.3}) { // the whole step, and a window inside it
                TimeAxis axis;
                axis.fit(layout.end * share, width);
                axis.origin = layout.end * (1 - share) / 2;
                const double spc = axis.secondsPerPixel;
                RowDrawing d;
                int foldedRows = 0;
                for (int row = 0; row < static_cast<int>(layout.rows.size()); ++row) {
                    drawRow(layout, row, axis, 0, width, 3, d);
                    // What the folded events hold, clipped to the view, per colour.
                    std::map<int, double> held, claimed;
                    for (const TimelineSpan& sp : layout.spans) {
                        if (sp.row != row) continue;
                        const double x0 = axis.x(sp.start), x1 = axis.x(sp.end);
                        if (x1 - x0 >= 3 || x1 < 0 || x0 > width) continue;
                        held[sp.colour] += (std::min(x1, width) - std::max(x0, 0.0)) * spc;
                    }
                    bool overfull = false;
                    for (const FoldedColumn& c : d.columns) {
                        double total = 0;
                        for (int k = 0; k < d.slots; ++k) {
                            const double f = d.fraction(c, k);
                            CHECK(f >= 0);
                            total += f;
                            claimed[d.colours[static_cast<size_t>(k)]] += f * spc;
                        }
                        CHECK(total <= 1 + 1e-12);
                        double raw = 0;
                        for (int k = 0; k < d.slots; ++k) raw += c.seconds[static_cast<size_t>(k)];
                        overfull = overfull || raw > spc * (1 + 1e-12);
                    }
                    foldedRows += d.columns.empty() ? 0 : 1;
                    for (const auto& [colour, seconds] : claimed) {
                        INFO("row " << row << " colour " << colour << " width " << width);
                        CHECK(seconds <= held[colour] * (1 + 1e-9));
                        if (!overfull) CHECK(seconds == Approx(held[colour]).epsilon(1e-9)); // and nothing lost
                    }
                    for (const auto& [colour, seconds] : held)
                        if (seconds > 0 && !overfull) CHECK(claimed[colour] == Approx(seconds).epsilon(1e-9));
                }
                if (width == 200.0) CHECK(foldedRows > 0);
            }
        }
    }
}

TEST_CASE("At whole-step zoom the steady state shows forward and backward in their true proportion", "[timeline]")
{
    const PlannerResultPtr r = manyMicrobatches();
    TimelineView view;
    view.resize(700, 900);
    view.setResult(r);
    const QImage image = testing::renderToFile(view, QStringLiteral("timeline-folded-whole-step"));
    REQUIRE(view.lastPaintFolded() > 0);
    // Stage 0's compute row: pixels of each colour against the events' seconds.
    const TimelineLayout& layout = view.layout();
    double forward = 0, backward = 0;
    for (const TimelineEvent& e : r->timeline.events) {
        if (e.stage != 0 || e.lane != Lane::Compute) continue;
        if (e.kind == EventKind::Forward) forward += (e.end - e.start).si;
        if (e.kind == EventKind::Backward) backward += (e.end - e.start).si;
    }
    REQUIRE(layout.rows.front().lane == Lane::Compute);
    int span0 = 0;
    while (layout.spans[static_cast<size_t>(span0)].row != 0) ++span0;
    const QRectF row = view.spanRect(span0);
    const QRgb blue = eventColour(Lane::Compute, EventKind::Forward).rgb(), green = eventColour(Lane::Compute, EventKind::Backward).rgb();
    double bluePixels = 0, greenPixels = 0;
    for (int y = int(row.top()); y <= int(row.bottom()); ++y)
        for (int x = int(view.plotLeft()); x < int(view.plotRight()); ++x) {
            const QRgb c = image.pixel(x, y);
            bluePixels += c == blue ? 1 : 0;
            greenPixels += c == green ? 1 : 0;
        }
    REQUIRE(bluePixels > 0);
    REQUIRE(greenPixels > 0);
    INFO("forward " << forward << " s, backward " << backward << " s; pixels " << bluePixels << " / " << greenPixels);
    CHECK(bluePixels / greenPixels == Approx(forward / backward).epsilon(0.12));
}

TEST_CASE("The breakdown bar equals the headline figures", "[timeline]")
{
    for (const std::string& name : shippedScenarios()) {
        const Scenario s = testing::presetScenario(name);
        if (s.mode == Mode::Inference) continue;
        INFO(name);
        const PlannerResultPtr r = evaluated(s);
        PlannerView planner;
        planner.resize(1400, 900);
        planner.setResult(r);
        const TimelineBreakdownBar& bar = planner.timeline()->breakdownBar();
        REQUIRE_FALSE(bar.empty());
        const Evaluation& e = r->evaluation;
        std::map<TimelineBreakdownBar::Part, double> by;
        for (const auto& seg : bar.segments()) by[seg.part] = seg.seconds;
        using P = TimelineBreakdownBar::Part;
        const double compute = by[P::Forward] + by[P::Backward] + by[P::Recompute];
        CHECK(compute == Approx(e.computeTime.si).epsilon(1e-12));
        CHECK(by[P::Tp] + by[P::Cp] + by[P::Ep] + by[P::Pp] + by[P::Dp] == Approx(e.exposedComm.si).epsilon(1e-12));
        CHECK(by[P::Tp] == e.axis(CommAxis::Tp).exposed.si);
        CHECK(by[P::Pp] == e.axis(CommAxis::Pp).exposed.si);
        CHECK(by[P::Dp] == e.axis(CommAxis::Dp).exposed.si);
        CHECK(by[P::Bubble] == e.bubbleTime.si);
        CHECK(bar.total() == Approx(e.stepTime.si).epsilon(1e-12));
        // The figures the planner shows above say the same.
        CHECK(planner.headlineText().contains(QString::fromStdString(format(Seconds{compute}))));
        CHECK(planner.headlineText().contains(QString::fromStdString(format(Seconds{bar.total()}))));
        CHECK(planner.headlineText().contains(QStringLiteral("%1 %").arg(100 * by[P::Bubble] / bar.total(), 0, 'f', 1)));
    }
}

TEST_CASE("Every colour the timeline draws is in its legend, for every shipped scenario and pass", "[timeline]")
{
    for (const std::string& name : shippedScenarios()) {
        const Scenario s = testing::presetScenario(name);
        const PlannerResultPtr r = evaluated(s);
        const auto passes = s.mode == Mode::Inference ? std::vector<TimelinePass>{TimelinePass::Prefill, TimelinePass::Decode}
                                                      : std::vector<TimelinePass>{TimelinePass::Step};
        for (TimelinePass pass : passes) {
            for (int width : {500, 1900}) {
                TimelineView view;
                view.setPass(pass);
                view.resize(width, 1000);
                view.setResult(r);
                view.grab();
                INFO(name << " pass " << static_cast<int>(pass) << " width " << width);
                REQUIRE(view.lastPaintColours().any());
                for (int c = 0; c < TimelineSpan::kColours; ++c)
                    if (view.lastPaintColours().test(static_cast<size_t>(c))) {
                        INFO("colour " << c);
                        CHECK(view.legend().covers(c));
                    }
            }
        }
    }
    // DeepSeek-V3's zero-bubble schedule: the weight gradient and the optimizer step are named.
    TimelineView view;
    view.resize(1900, 1000);
    view.setResult(evaluated("deepseek-v3-2048-h800"));
    const QImage image = testing::renderToFile(view, QStringLiteral("timeline-deepseek-legend"));
    CHECK(view.legend().titles().contains(eventKindTitle(EventKind::WeightGrad)));
    CHECK(view.legend().titles().contains(eventKindTitle(EventKind::Optimizer)));
    // In pixels: every saturated colour of the lanes is a colour of the legend.
    QSet<QRgb> legendColours, laneColours;
    for (int y = int(view.legendTop()); y < view.height(); ++y)
        for (int x = 0; x < view.width(); ++x) legendColours.insert(image.pixel(x, y));
    for (int y = int(view.rowsTop()); y < int(view.legendTop()); ++y)
        for (int x = int(view.plotLeft()); x < int(view.plotRight()); ++x)
            if (QColor(image.pixel(x, y)).hsvSaturationF() > 0.3) laneColours.insert(image.pixel(x, y));
    REQUIRE_FALSE(laneColours.isEmpty());
    for (QRgb c : laneColours) {
        INFO(QColor(c).name().toStdString());
        CHECK(legendColours.contains(c));
    }
}

TEST_CASE("Sixteen stages keep readable rows and scroll, alone and in A/B", "[timeline]")
{
    const PlannerResultPtr r = evaluated("llama3-405b-16k-h100"); // pp = 16, 3 lanes per stage: 48 rows
    TimelineView view;
    view.resize(1400, 300);
    view.setResult(r);
    const TimelineLayout& layout = view.layout();
    REQUIRE(layout.rows.back().stage == 15);
    CHECK(view.rowHeight() >= TimelineView::kReadableRow);
    REQUIRE(view.rowScrollBar()->isVisibleTo(&view));
    testing::renderToFile(view, QStringLiteral("timeline-16-stages-top"));
    view.rowScrollBar()->setValue(view.rowScrollBar()->maximum()); // the last stage comes into view
    int last = 0;
    for (size_t i = 0; i < layout.spans.size(); ++i)
        if (layout.spans[i].row == static_cast<int>(layout.rows.size()) - 1) last = static_cast<int>(i);
    const QRectF box = view.spanRect(last);
    CHECK(box.top() >= view.rowsTop());
    CHECK(box.bottom() <= view.legendTop());
    testing::renderToFile(view, QStringLiteral("timeline-16-stages-scrolled"));
    // F fits every stage in the view; 0 brings the readable rows back.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_F);
    CHECK_FALSE(view.rowScrollBar()->isVisibleTo(&view));
    CHECK(view.rowHeight() < TimelineView::kReadableRow);
    QTest::keyClick(&view, Qt::Key_0);
    CHECK(view.rowHeight() >= TimelineView::kReadableRow);
    CHECK(view.rowScrollBar()->isVisibleTo(&view));
    CHECK(view.rowScrollBar()->value() == 0);

    PlannerView planner; // A above B, both of 16 stages
    planner.resize(1440, 900);
    planner.setPinned(r);
    planner.setResult(r);
    planner.show();
    QCoreApplication::processEvents();
    for (TimelineView* t : {planner.timeline(), planner.pinnedTimeline()}) CHECK(t->rowHeight() >= TimelineView::kReadableRow);
    testing::renderToFile(planner, QStringLiteral("timeline-16-stages-compared"));
}

TEST_CASE("W/S zoom and A/D pan within the step; Fit and Reset", "[timeline]")
{
    TimelineView view;
    view.resize(1200, 600);
    view.setResult(evaluated("default"));
    const TimeAxis fitted = view.axis();
    const double width = view.plotRight() - view.plotLeft();
    CHECK(fitted.origin == 0);
    // Neither zoom out beyond the step nor pan outside it.
    QTest::keyClick(&view, Qt::Key_S);
    CHECK(view.axis().secondsPerPixel == Approx(fitted.secondsPerPixel).epsilon(1e-12));
    QTest::keyClick(&view, Qt::Key_A);
    CHECK(view.axis().origin == 0);
    QTest::keyClick(&view, Qt::Key_W);
    CHECK(view.axis().secondsPerPixel == Approx(fitted.secondsPerPixel / 1.25).epsilon(1e-12));
    QTest::keyClick(&view, Qt::Key_W);
    const TimeAxis zoomed = view.axis();
    CHECK(zoomed.secondsPerPixel == Approx(fitted.secondsPerPixel / 1.5625).epsilon(1e-12));
    const double origin = std::clamp(zoomed.origin, 0.0, view.stepSpan() - zoomed.secondsPerPixel * width);
    QTest::keyClick(&view, Qt::Key_D);
    CHECK(view.axis().origin == Approx(std::min(origin + width * 0.125 * zoomed.secondsPerPixel,
                                                view.stepSpan() - zoomed.secondsPerPixel * width)).epsilon(1e-12));
    for (int i = 0; i < 40; ++i) QTest::keyClick(&view, Qt::Key_D);
    CHECK(view.axis().origin + view.axis().secondsPerPixel * width == Approx(view.stepSpan()).epsilon(1e-9));
    for (int i = 0; i < 40; ++i) QTest::keyClick(&view, Qt::Key_A);
    CHECK(view.axis().origin == 0);
    // Wheel and showRange are held to the step too.
    view.showRange(-5, view.stepSpan() * 3);
    CHECK(view.axis().origin == 0);
    CHECK(view.axis().secondsPerPixel == Approx(fitted.secondsPerPixel).epsilon(1e-12));
    // The buttons.
    QTest::keyClick(&view, Qt::Key_W);
    auto* reset = view.findChild<QToolButton*>(QStringLiteral("timelineReset"));
    auto* fit = view.findChild<QToolButton*>(QStringLiteral("timelineFit"));
    REQUIRE(reset);
    REQUIRE(fit);
    reset->click();
    CHECK(view.axis().secondsPerPixel == Approx(fitted.secondsPerPixel).epsilon(1e-12));
    QTest::keyClick(&view, Qt::Key_W);
    fit->click();
    CHECK(view.axis().secondsPerPixel == Approx(fitted.secondsPerPixel).epsilon(1e-12));
    CHECK(view.axis().origin == 0);
}

TEST_CASE("A and B share one time axis", "[timeline]")
{
    Scenario b = testing::presetScenario("default");
    b.parallel.tp = 4; // a different step time
    b.parallel.dp *= 2;
    const PlannerResultPtr a = evaluated("default"), current = evaluated(b);
    PlannerView planner;
    planner.resize(1440, 1000);
    planner.setPinned(a);
    planner.setResult(current);
    planner.show();
    QCoreApplication::processEvents();
    TimelineView* top = planner.pinnedTimeline();
    TimelineView* bottom = planner.timeline();
    CHECK(top->axis().secondsPerPixel == Approx(bottom->axis().secondsPerPixel).epsilon(1e-12)); // fitted to the longer step
    QTest::keyClick(bottom, Qt::Key_W);
    QTest::keyClick(bottom, Qt::Key_D);
    CHECK(top->axis().secondsPerPixel == bottom->axis().secondsPerPixel);
    CHECK(top->axis().origin == bottom->axis().origin);
    QTest::keyClick(top, Qt::Key_W);
    CHECK(top->axis().secondsPerPixel == bottom->axis().secondsPerPixel);
    CHECK(top->axis().origin == bottom->axis().origin);
    testing::renderToFile(planner, QStringLiteral("timeline-compared-zoomed"));
    QTest::keyClick(top, Qt::Key_0);
    CHECK(bottom->axis().origin == 0);
    CHECK(top->axis().secondsPerPixel == Approx(bottom->axis().secondsPerPixel).epsilon(1e-12));
}
