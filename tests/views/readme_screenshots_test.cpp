// The README's planner screenshots, rendered offscreen from the real main
// window (hidden; run `view_tests "[.screenshots]"`, then copy
// renders/screenshots/*.png to resources/screenshots/). The same states as
// the pictures describe: the default preset, TP dragged to 16 with the
// timeline's first 1.8 s, dark, Simplified Chinese, the first start, and
// the default scenario switched to inference.

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/theme.h"
#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QCoreApplication>
#include <QDir>

#include <QScrollArea>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

constexpr QSize kPlannerShot{1500, 900};
constexpr QSize kWideShot{1920, 1080};
constexpr double kTp16ZoomSeconds = 1.8; // the first micro-batches, TP inside them, the pipeline fill

struct Shot {
    const char* file;
    QSize size;
    const char* language;
    Theme theme;
    bool welcome;
    bool tp16;
    bool inference = false;
    bool servingChart = false; // scrolled down to the throughput–latency chart
    bool servingLimits = false; // with a TPOT limit of 20 ms and a TTFT limit of 5 s
    const char* preset = nullptr; // a specs/scenarios file name to open instead of the default scenario
    bool longContext = false;     // the preset at 131,072 tokens with CP 4 (DP / 4 keeps its GPUs)
};

constexpr double kShotTpotLimitS = 0.020, kShotTtftLimitS = 5;
constexpr int kLongContextTokens = 131072, kLongContextCp = 4; // torchtitan's 128K runs use CP 4

void render(const Shot& shot, const char* folder = "screenshots")
{
    applyTheme(shot.theme);
    Language language;
    REQUIRE(language.apply(QString::fromLatin1(shot.language)));
    AppSettings settings;
    settings.currentView = QStringLiteral("planner");
    settings.welcomeDismissed = !shot.welcome;
    MainWindow window(testing::builtinCatalog(), {}, settings, language);
    window.resize(shot.size);
    if (shot.preset) {
        window.planner()->start(QStringLiteral(SCALESCOPE_SCENARIO_DIR "/") + QString::fromLatin1(shot.preset));
        window.planner()->controller().evaluateNow();
        window.show();
        QCoreApplication::processEvents();
        REQUIRE(window.planner()->controller().result());
    } else {
        testing::startPlanner(window);
    }
    if (shot.longContext) {
        ScenarioController& controller = window.planner()->controller();
        Scenario s = controller.scenario();
        s.training.seqLen = kLongContextTokens;
        s.parallel.cp = kLongContextCp;
        s.parallel.dp /= kLongContextCp;
        controller.edit(s, QStringLiteral("long context"), 0);
        controller.evaluateNow();
    }
    if (shot.tp16) {
        testing::setAxis(window, QStringLiteral("tp"), 16);
        window.planner()->view()->timeline()->showRange(0, kTp16ZoomSeconds);
    }
    if (shot.inference) testing::switchMode(window, true);
    if (shot.servingLimits) {
        ScenarioController& controller = window.planner()->controller();
        Scenario s = controller.scenario();
        s.inference.tpotMax = Seconds{kShotTpotLimitS};
        s.inference.ttftMax = Seconds{kShotTtftLimitS};
        controller.edit(s, QStringLiteral("limits"), 0);
        controller.evaluateNow();
    }
    testing::settle();
    if (shot.servingChart) {
        QWidget* slot = window.planner()->view()->servingChartSlot();
        QScrollArea* area = nullptr;
        for (QWidget* w = slot; w && !area; w = w->parentWidget()) area = qobject_cast<QScrollArea*>(w);
        REQUIRE(area);
        area->ensureWidgetVisible(slot, 0, 0);
        testing::settle();
    }
    REQUIRE(window.size() == shot.size);
    const QString dir = QStringLiteral(SCALESCOPE_RENDER_DIR "/") + QString::fromLatin1(folder);
    QDir().mkpath(dir);
    CHECK(window.grab().toImage().save(dir + QStringLiteral("/%1.png").arg(QString::fromLatin1(shot.file))));
}

} // namespace

TEST_CASE("README screenshots of the planner", "[.screenshots]")
{
    const Shot shots[] = {
        {"first-start", kPlannerShot, "en", Theme::Light, true, false},
        {"planner-default", kPlannerShot, "en", Theme::Light, false, false},
        {"planner-tp16", kPlannerShot, "en", Theme::Light, false, true},
        {"planner-dark", kPlannerShot, "en", Theme::Dark, false, false},
        {"planner-zh_CN", kPlannerShot, "zh_CN", Theme::Light, false, false},
        {"planner-breakdown", kWideShot, "en", Theme::Light, false, false},
        {"planner-breakdown-dark-zh_CN", kWideShot, "zh_CN", Theme::Dark, false, false},
        {"planner-inference", kPlannerShot, "en", Theme::Light, false, false, true},
        {"planner-serving-chart", kWideShot, "en", Theme::Light, false, false, true, true},
    };
    for (const Shot& shot : shots)
        render(shot);
    applyTheme(Theme::System);
}

TEST_CASE("The planner in inference mode at 1920 × 1080 and 1366 × 768, English and Chinese, light and dark",
          "[.inference-renders]")
{
    constexpr QSize kLaptop{1366, 768};
    const Shot shots[] = {
        {"inference-1920-en-light", kWideShot, "en", Theme::Light, false, false, true},
        {"inference-1920-zh-dark", kWideShot, "zh_CN", Theme::Dark, false, false, true},
        {"inference-1366-en-dark", kLaptop, "en", Theme::Dark, false, false, true},
        {"inference-1366-zh-light", kLaptop, "zh_CN", Theme::Light, false, false, true},
    };
    for (const Shot& shot : shots)
        render(shot, "inference");
    applyTheme(Theme::System);
}

TEST_CASE("The planner's throughput–latency chart with a TPOT and a TTFT limit at 1920 × 1080, English and Chinese, "
          "light and dark",
          "[.serving-limits]")
{
    const Shot shots[] = {
        {"limits-1920-en-light", kWideShot, "en", Theme::Light, false, false, true, true, true},
        {"limits-1920-en-dark", kWideShot, "en", Theme::Dark, false, false, true, true, true},
        {"limits-1920-zh-dark", kWideShot, "zh_CN", Theme::Dark, false, false, true, true, true},
    };
    for (const Shot& shot : shots)
        render(shot, "serving-limits");
    applyTheme(Theme::System);
}

TEST_CASE("The planner's trust line for an MoE and a long-context scenario at 1920 × 1080, English and Chinese, light "
          "and dark",
          "[.trust-renders]")
{
    constexpr const char* v3 = "deepseek-v3-2048-h800.scalescope.json";
    constexpr const char* llama = "llama3-405b-16k-h100.scalescope.json";
    const Shot shots[] = {
        {"moe-1920-en-light", kWideShot, "en", Theme::Light, false, false, false, false, false, v3},
        {"moe-1920-zh-dark", kWideShot, "zh_CN", Theme::Dark, false, false, false, false, false, v3},
        {"long-context-1920-en-dark", kWideShot, "en", Theme::Dark, false, false, false, false, false, llama, true},
        {"long-context-1920-zh-light", kWideShot, "zh_CN", Theme::Light, false, false, false, false, false, llama, true},
    };
    for (const Shot& shot : shots)
        render(shot, "trust");
    applyTheme(Theme::System);
}
