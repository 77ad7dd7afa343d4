// "Why this number" in the GUI (issue 10): the operation table panel sums to
// the planner's step time, the MFU headline names its peak, and the planner
// names the nearest published run with the model's error on it.

#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/theme.h"
#include "views/planner/breakdown_panel.h"
#include "views/planner/operation_table_model.h"
#include "views/planner/planner_view.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

Scenario preset(const char* name) { return testing::presetScenario(name); }

} // namespace

TEST_CASE("The breakdown panel's rows and bubble add up to the planner's step time", "[planner][breakdown]")
{
    for (const char* name : {"default", "deepseek-v3-2048-h800", "gb200-nvl72-llama3-405b"}) {
        INFO(name);
        const PlannerResultPtr r = evaluateScenario(testing::builtinCatalog(), preset(name), nullptr, 1);
        REQUIRE(r->ok());
        BreakdownPanel panel;
        panel.setResult(r);
        const OperationTableModel& table = *panel.table();
        REQUIRE(table.rowCount() == r->evaluation.ops.size());
        double exposed = 0;
        for (int row = 0; row < table.rowCount(); ++row) {
            exposed += table.exposedSeconds(row);
            if (row > 0) CHECK(table.exposedSeconds(row) <= table.exposedSeconds(row - 1)); // largest first
        }
        // The step is its rows' exposed time plus the bubble, to rounding (1e-9 relative).
        CHECK(exposed + r->evaluation.bubbleTime.si == Approx(r->evaluation.stepTime.si).epsilon(1e-9));
        CHECK(panel.summaryText().contains(QString::fromStdString(format(r->evaluation.stepTime))));
    }
}

TEST_CASE("The MFU headline names the BF16 peak, and the planner shows the nearest published run and its error",
          "[planner][breakdown][gui]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1920, 1080);
    window.show();
    window.planner()->controller().load(preset("default"));
    window.planner()->controller().evaluateNow();
    REQUIRE(window.showView(QStringLiteral("planner")));
    QCoreApplication::processEvents();
    const PlannerResultPtr r = window.planner()->controller().result();
    REQUIRE(r->nearestRun);
    PlannerView* view = window.planner()->view();
    CHECK(view->headlineText().contains(QStringLiteral("MFU (BF16 peak)")));
    const QString trust = view->trustLine()->text();
    CHECK(trust.contains(QStringLiteral("Measured")));
    CHECK(trust.contains(QStringLiteral("nearest published run: ") + QString::fromStdString(r->nearestRun->name).toHtmlEscaped()));
    CHECK(trust.contains(QStringLiteral("model error")));
    CHECK_FALSE(view->trustLine()->toolTip().isEmpty()); // the citation
    testing::renderToFile(window, QStringLiteral("planner-1920-en"));

    QDockWidget* dock = window.planner()->breakdownDock();
    dock->raise();
    QCoreApplication::processEvents();
    auto* panel = dock->findChild<BreakdownPanel*>();
    REQUIRE(panel);
    CHECK(panel->table()->rowCount() > 10);
    testing::renderToFile(window, QStringLiteral("planner-breakdown-en"));

    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    testing::renderToFile(window, QStringLiteral("planner-breakdown-zh_CN"));
    applyTheme(Theme::Dark);
    QCoreApplication::processEvents();
    testing::renderToFile(window, QStringLiteral("planner-breakdown-dark-zh_CN"));
    REQUIRE(language.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
    testing::renderToFile(window, QStringLiteral("planner-breakdown-dark-en"));
    applyTheme(Theme::System);

    // Theoretical mode says it is the roofline.
    Scenario theory = window.planner()->controller().scenario();
    theory.efficiency = EfficiencyMode::Theoretical;
    window.planner()->controller().edit(theory, QStringLiteral("mode"));
    window.planner()->controller().evaluateNow();
    QCoreApplication::processEvents();
    CHECK(view->trustLine()->text().contains(QStringLiteral("pure roofline")));
}

TEST_CASE("The trust line names the calibrations, and each row's source tooltip its calibration and kind",
          "[planner][breakdown][calibration]")
{
    const PlannerResultPtr hopper = evaluateScenario(testing::builtinCatalog(), preset("default"), nullptr, 1);
    REQUIRE(hopper->ok());
    const QString trust = plannerTrustText(*hopper);
    CHECK(trust.contains(QStringLiteral("calibrations: compute compute-hopper, network nccl-measured")));
    CHECK_FALSE(trust.contains(QStringLiteral("carried over")));
    BreakdownPanel panel;
    panel.setResult(hopper);
    const OperationTableModel& table = *panel.table();
    int shipped = 0;
    for (int row = 0; row < table.rowCount(); ++row) {
        const QString tip = table.data(table.index(row, OperationTableModel::Source), Qt::ToolTipRole).toString();
        shipped += tip.startsWith(QStringLiteral("Calibration compute-hopper: a shipped measurement\n"));
    }
    CHECK(shipped > 0);

    const PlannerResultPtr blackwell =
        evaluateScenario(testing::builtinCatalog(), preset("gb200-nvl72-llama3-405b"), nullptr, 1);
    REQUIRE(blackwell->ok());
    CHECK(plannerTrustText(*blackwell).contains(QStringLiteral("; kernel curves carried over from compute-hopper")));
}

TEST_CASE("The trust line of an MoE and a long-context scenario names the nearest published run of its class, its error "
          "from the validation file and whether it is held",
          "[planner][trust]")
{
    const PlannerResultPtr v3 = evaluateScenario(testing::builtinCatalog(), preset("deepseek-v3-2048-h800"), nullptr, 1);
    REQUIRE(v3->ok());
    REQUIRE(v3->nearestRun);
    const NearestPublishedRun& moe = *v3->nearestRun;
    CHECK(moe.moe);
    CHECK_FALSE(moe.longContext);
    CHECK(moe.sameClass);
    QString trust = plannerTrustText(*v3);
    CHECK(trust.contains(QStringLiteral("nearest published MoE run: ") + QString::fromStdString(moe.name).toHtmlEscaped()));
    CHECK(trust.contains(moe.heldToBounds ? QStringLiteral(", held to the validation bounds")
                                          : QStringLiteral("not held to the validation bounds")));
    // predicted / measured − 1, as the line rounds it
    CHECK(moe.relativeError == Approx(moe.predictedTokensPerSPerGpu / moe.measuredTokensPerSPerGpu - 1).epsilon(1e-12));

    Scenario longContext = preset("llama3-405b-16k-h100");
    longContext.training.seqLen = 131072;
    longContext.parallel.cp = 8;
    longContext.parallel.dp = 16;
    const PlannerResultPtr lc = evaluateScenario(testing::builtinCatalog(), longContext, nullptr, 2);
    REQUIRE(lc->ok());
    REQUIRE(lc->nearestRun);
    CHECK(lc->nearestRun->longContext);
    CHECK(lc->nearestRun->sameClass);
    trust = plannerTrustText(*lc);
    CHECK(trust.contains(QStringLiteral("nearest published long-context run: ") +
                         QString::fromStdString(lc->nearestRun->name).toHtmlEscaped()));

    // no run of the class: the line says so before naming the nearest run of another class
    NearestPublishedRun other = *lc->nearestRun;
    other.sameClass = false;
    PlannerResult shown = *lc;
    shown.nearestRun = other;
    CHECK(plannerTrustText(shown).contains(QStringLiteral("no published run of this class yet; nearest published run: ")));
}
