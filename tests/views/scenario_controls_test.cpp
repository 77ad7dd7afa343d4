// The scenario controls offer only values the model can run (issue 11: "The
// GUI offers invalid values"), driven through the real widgets offscreen.

#include "test_support.h"

#include "app/gui/scenario_controller.h"
#include "app/gui/scenario_controls.h"
#include "model/training/layout_check.h"
#include "model/training/pipeline_timeline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QCoreApplication>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

#include <unistd.h>

using namespace scalescope;

namespace {

struct Controls {
    ScenarioController controller;
    ScenarioControls widget;

    explicit Controls(const std::string& preset, const SpecCatalog& catalog = testing::builtinCatalog())
        : controller(catalog), widget(controller)
    {
        controller.load(testing::presetScenario(preset));
        settle();
    }
    // Waits for the evaluation and the deferred re-bounding of the sliders.
    void settle()
    {
        QSignalSpy spy(&controller, &ScenarioController::resultReady);
        spy.wait(10000);
        QTest::qWait(20);
    }
    template <class W>
    W* child(const char* name)
    {
        auto* w = widget.findChild<W*>(QString::fromLatin1(name));
        REQUIRE(w);
        return w;
    }
    void typeGpus(int gpus)
    {
        auto* box = child<QSpinBox>("gpus");
        box->setValue(gpus);
        Q_EMIT box->editingFinished();
        settle();
    }
    void choose(const char* comboName, const QString& data)
    {
        auto* box = child<QComboBox>(comboName);
        const int i = box->findData(data);
        REQUIRE(i >= 0);
        box->setCurrentIndex(i);
        Q_EMIT box->activated(i);
        settle();
    }
    bool itemEnabled(const char* comboName, const QString& data)
    {
        auto* box = child<QComboBox>(comboName);
        auto* model = qobject_cast<QStandardItemModel*>(box->model());
        REQUIRE(model);
        const int i = box->findData(data);
        REQUIRE(i >= 0);
        return model->item(i)->isEnabled();
    }
};

} // namespace

TEST_CASE("Controls: a GPU-count change keeps what it can of TP/PP and restores them when reverted (issue 11)", "[planner][controls]")
{
    Controls c("default"); // TP8 PP4 VPP5 on 64 H100
    c.typeGpus(100);
    const ParallelLayout& at100 = c.controller.scenario().parallel;
    CHECK(at100.tp == 4);
    CHECK(at100.pp == 1);
    CHECK(at100.vpp == 1);
    CHECK(at100.schedule == Schedule::OneFOneB);
    c.typeGpus(64);
    const ParallelLayout& back = c.controller.scenario().parallel;
    CHECK(back.tp == 8);
    CHECK(back.pp == 4);
    CHECK(back.vpp == 5);
    CHECK(back.schedule == Schedule::Interleaved);
    c.controller.undoStack()->undo(); // back to 100 GPUs
    c.controller.undoStack()->undo(); // back to the preset
    c.settle();
    CHECK(c.controller.scenario().parallel == testing::presetScenario("default").parallel);
}

TEST_CASE("Controls: the GPU box stops at the system's GPUs (16,384 on the DGX H100 SuperPOD)", "[planner][controls]")
{
    Controls c("default");
    auto* box = c.child<QSpinBox>("gpus");
    CHECK(box->maximum() == 16384);
    c.typeGpus(65536);
    CHECK(c.controller.scenario().gpus == 16384);
    CHECK(box->value() == 16384);
    CHECK(box->toolTip().contains(QStringLiteral("16")));
}

TEST_CASE("Controls: FP4 is offered only on GPUs with FP4 Tensor Cores; a system change falls back to BF16", "[planner][controls]")
{
    Controls c("gb200-nvl72-llama3-405b");
    CHECK(c.itemEnabled("precision", QStringLiteral("fp4")));
    c.choose("precision", QStringLiteral("fp4"));
    REQUIRE(c.controller.scenario().training.precision == Precision::Fp4);
    c.choose("system", QStringLiteral("dgx-h100-superpod"));
    CHECK_FALSE(c.itemEnabled("precision", QStringLiteral("fp4")));
    CHECK(c.itemEnabled("precision", QStringLiteral("fp8")));
    c.widget.resize(420, 700);
    testing::renderToFile(c.widget, QStringLiteral("controls-h100-no-fp4"));
    CHECK(c.controller.scenario().training.precision == Precision::Bf16);
    CHECK(c.controller.scenario().gpus <= 16384);
    CHECK(c.controller.result()->ok());
}

TEST_CASE("Controls: with PP = 1 the VPP slider offers only 1 and the interleaved schedule is not offered", "[planner][controls]")
{
    Controls c("default");
    CHECK(c.itemEnabled("schedule", QStringLiteral("interleaved-1f1b")));
    QSlider* pp = c.widget.slider(QStringLiteral("pp"));
    REQUIRE(pp);
    const auto offered = c.widget.offered(QStringLiteral("pp"));
    REQUIRE(offered.front() == 1);
    pp->setValue(0);
    c.settle();
    const Scenario& s = c.controller.scenario();
    CHECK(s.parallel.pp == 1);
    CHECK(s.parallel.vpp == 1);
    CHECK(s.parallel.schedule != Schedule::Interleaved);
    CHECK(c.widget.offered(QStringLiteral("vpp")) == std::vector<int>{1});
    CHECK_FALSE(c.itemEnabled("schedule", QStringLiteral("interleaved-1f1b")));
    CHECK(c.widget.slider(QStringLiteral("vpp"))->toolTip().contains(QStringLiteral("vpp = 1 when pp = 1")));
}

TEST_CASE("Controls: a model change keeps the layout valid for the new model (TP16 on 64 heads → 8 on Llama 4 Scout's 40)", "[planner][controls]")
{
    Controls c("default");
    Scenario tp16 = c.controller.scenario();
    tp16.parallel.tp = 16;
    tp16.parallel.dp = 1;
    c.controller.edit(tp16, QStringLiteral("TP 16"));
    c.settle();
    REQUIRE(c.controller.result()->ok());
    c.choose("model", QStringLiteral("llama4-scout"));
    const ParallelLayout& p = c.controller.scenario().parallel;
    CHECK(p.tp == 8); // 40 heads: 16 does not divide them, 8 does
    CHECK(p.tp * p.pp * p.cp * p.dp == c.controller.scenario().gpus);
    CHECK(c.controller.result()->ok());
    c.choose("model", QStringLiteral("llama3-70b")); // back to a dense model: ep 1
    CHECK(c.controller.scenario().parallel.ep == 1);
    CHECK(c.controller.result()->ok());
}

TEST_CASE("Controls: the attention kernels measured on the GPU family are offered (H100: default cudnn, flash2); a "
          "system without the chosen one falls back to its default; recomputed layers only with full recompute",
          "[planner][controls]")
{
    Controls c("default"); // 64 H100, selective recompute
    auto* kernels = c.child<QComboBox>("attentionKernel");
    REQUIRE(kernels->count() == 2);
    CHECK(kernels->itemData(0).toString().isEmpty());
    CHECK(kernels->itemText(0).contains(QStringLiteral("cudnn")));
    const double cudnnStep = c.controller.result()->evaluation.stepTime.si;
    c.choose("attentionKernel", QStringLiteral("flash2"));
    CHECK(c.controller.scenario().training.attentionKernel == "flash2");
    CHECK(c.controller.result()->evaluation.stepTime.si > cudnnStep); // FlashAttention-2 is slower on H100
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.attentionKernel.empty());
    CHECK(kernels->currentIndex() == 0);
    c.choose("attentionKernel", QStringLiteral("flash2"));
    c.choose("system", QStringLiteral("dgx-b200-superpod")); // Blackwell: flash4 and cudnn, no flash2
    CHECK(c.controller.scenario().training.attentionKernel.empty());
    REQUIRE(kernels->count() == 2);
    CHECK(kernels->itemText(0).contains(QStringLiteral("flash4")));
    CHECK(kernels->itemData(1).toString() == QStringLiteral("cudnn"));

    auto* layers = c.child<QSpinBox>("recomputeLayers");
    CHECK_FALSE(layers->isEnabled());
    c.choose("recompute", QStringLiteral("full"));
    CHECK(layers->isEnabled());
    CHECK(layers->text() == layers->specialValueText()); // 0 = every layer
    layers->setValue(10);
    Q_EMIT layers->editingFinished();
    c.settle();
    CHECK(c.controller.scenario().training.recomputeLayers == 10);
}

TEST_CASE("Controls: MTP modules (training.mtp_layers, DeepSeek-V3 report §2.2) is one undo step per change and "
          "slows the step by the modules' block, projection and head",
          "[planner][controls][mtp]")
{
    Controls c("default");
    auto* modules = c.child<QSpinBox>("mtpLayers");
    CHECK(modules->value() == 0);
    const double step = c.controller.result()->evaluation.stepTime.si;
    const int undoSteps = c.controller.undoStack()->count();
    modules->setValue(1);
    Q_EMIT modules->editingFinished();
    Q_EMIT modules->editingFinished(); // focus leaving again changes nothing
    c.settle();
    CHECK(c.controller.scenario().training.mtpLayers == 1);
    CHECK(c.controller.undoStack()->count() == undoSteps + 1);
    CHECK(c.controller.result()->evaluation.stepTime.si > step);
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.mtpLayers == 0);
    CHECK(modules->value() == 0);
}

TEST_CASE("Controls: ZeRO-3 weights (zero3_style) are offered only with ZeRO stage 3; PyTorch FSDP keeps 16 B per "
          "parameter where DeepSpeed keeps 18, and the change undoes",
          "[planner][controls][zero3]")
{
    Controls c("default"); // 64 H100, ZeRO-1
    auto* style = c.child<QComboBox>("zero3Style");
    CHECK_FALSE(style->isEnabled());
    CHECK(style->currentData().toString() == QStringLiteral("deepspeed"));
    Scenario zero3 = c.controller.scenario();
    zero3.training.zeroStage = 3;
    c.controller.edit(zero3, QStringLiteral("ZeRO 3"));
    c.settle();
    REQUIRE(style->isEnabled());
    const MemoryPerGpu deepspeed = c.controller.result()->evaluation.memory;
    const int fsdp = style->findData(QStringLiteral("fsdp"));
    REQUIRE(fsdp >= 0);
    style->setCurrentIndex(fsdp);
    Q_EMIT style->activated(fsdp);
    c.settle();
    CHECK(c.controller.scenario().training.zero3Style == Zero3Style::Fsdp);
    const MemoryPerGpu fsdpMemory = c.controller.result()->evaluation.memory;
    const double params = fsdpMemory.optimizerParams;
    CHECK(deepspeed.total.si - fsdpMemory.total.si == Approx(2 * params).epsilon(1e-9)); // the 16-bit shard DeepSpeed keeps
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.zero3Style == Zero3Style::DeepSpeed);
    CHECK(style->currentData().toString() == QStringLiteral("deepspeed"));
}

TEST_CASE("Controls: the loss kernel (cross_entropy) switches to Megatron-LM's eager chain, which lengthens only the "
          "cross-entropy rows, and undoes",
          "[planner][controls]")
{
    Controls c("default"); // Llama 3 70B on 64 H100: fused loss
    auto* loss = c.child<QComboBox>("lossKernel");
    REQUIRE(loss->isEnabled());
    CHECK(loss->currentData().toString() == QStringLiteral("fused"));
    auto lossTime = [&] {
        Seconds t{};
        for (const OpRow& r : c.controller.result()->evaluation.ops)
            if (r.op == OpKind::CrossEntropy) t += r.total();
        return t;
    };
    const Seconds fusedLoss = lossTime();
    const Seconds fusedCompute = c.controller.result()->evaluation.stage.forwardCompute;
    REQUIRE(fusedLoss.si > 0);
    c.choose("lossKernel", QStringLiteral("eager"));
    CHECK(c.controller.scenario().training.crossEntropy == CrossEntropyKernel::Eager);
    const Seconds eagerLoss = lossTime();
    CHECK(eagerLoss.si == Approx(fusedLoss.si * 827.0 / 210.0).epsilon(0.005)); // the calibration's two bandwidths (and a launch each)
    CHECK((c.controller.result()->evaluation.stage.forwardCompute - fusedCompute).si ==
          Approx((eagerLoss - fusedLoss).si).epsilon(1e-9));
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.crossEntropy == CrossEntropyKernel::Fused);
    CHECK(loss->currentData().toString() == QStringLiteral("fused"));
}

TEST_CASE("Controls: the MoE dispatcher (moe_dispatcher) is offered with expert parallelism, switches the EP rows to "
          "DeepEP's cited bandwidths, and undoes",
          "[planner][controls]")
{
    Controls dense("default"); // Llama 3 70B: no expert parallelism
    CHECK_FALSE(dense.child<QComboBox>("moeDispatcher")->isEnabled());
    Controls c("deepseek-v3-2048-h800");
    auto* dispatcher = c.child<QComboBox>("moeDispatcher");
    REQUIRE(dispatcher->isEnabled());
    c.choose("moeDispatcher", QStringLiteral("alltoall"));
    auto epSource = [&] {
        for (const OpRow& r : c.controller.result()->evaluation.ops)
            if (r.op == OpKind::EpDispatch && r.source) return *r.source;
        return std::string();
    };
    const std::string ncclSource = epSource();
    c.choose("moeDispatcher", QStringLiteral("deepep"));
    CHECK(c.controller.scenario().training.moeDispatcher == MoeDispatcher::DeepEp);
    CHECK(epSource() == "deepep-rdma"); // EP 64 over 8 nodes: the RDMA side, from DeepEP's published table
    CHECK(epSource() != ncclSource);
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.moeDispatcher == MoeDispatcher::AllToAll);
    CHECK(dispatcher->currentData().toString() == QStringLiteral("alltoall"));
}

TEST_CASE("Controls: the expert capacity factor (moe_capacity_factor) is offered for MoE models, reads \"dropless\" "
          "by default, pads the all-to-all dispatcher's experts to 1.25 x in one undo step",
          "[planner][controls][capacity]")
{
    Controls dense("default"); // Llama 3 70B: no experts
    CHECK_FALSE(dense.child<QDoubleSpinBox>("moeCapacity")->isEnabled());
    Controls c("deepseek-v3-2048-h800");
    auto* capacity = c.child<QDoubleSpinBox>("moeCapacity");
    REQUIRE(capacity->isEnabled());
    CHECK(capacity->text() == capacity->specialValueText());
    c.choose("moeDispatcher", QStringLiteral("alltoall"));
    const Seconds dropless = c.controller.result()->evaluation.stepTime;
    const int undoSteps = c.controller.undoStack()->count();
    capacity->setValue(1.25);
    Q_EMIT capacity->editingFinished();
    c.settle();
    CHECK(c.controller.scenario().training.moeCapacityFactor == 1.25);
    CHECK(c.controller.undoStack()->count() == undoSteps + 1);
    CHECK(c.controller.result()->evaluation.stepTime > dropless);
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.moeCapacityFactor == 0);
    CHECK(capacity->text() == capacity->specialValueText());
    CHECK(c.controller.result()->evaluation.stepTime.si == Approx(dropless.si).epsilon(1e-12));
}

TEST_CASE("Controls: FP8 weights (fp8_params) can be ticked only with FP8 precision, halve the weight memory, undo, and "
          "a precision change away from FP8 clears them",
          "[planner][controls]")
{
    Controls c("default"); // 64 H100, BF16
    auto* fp8Weights = c.child<QCheckBox>("fp8Params");
    CHECK_FALSE(fp8Weights->isEnabled());
    CHECK_FALSE(fp8Weights->isChecked());
    c.choose("precision", QStringLiteral("fp8"));
    REQUIRE(fp8Weights->isEnabled());
    const double weights16 = c.controller.result()->evaluation.memory.weights.si;
    fp8Weights->click();
    c.settle();
    CHECK(c.controller.scenario().training.fp8Params);
    CHECK(fp8Weights->isChecked());
    CHECK(c.controller.result()->evaluation.memory.weights.si == Approx(weights16 / 2).epsilon(1e-12));
    c.controller.undoStack()->undo();
    c.settle();
    CHECK_FALSE(c.controller.scenario().training.fp8Params);
    CHECK_FALSE(fp8Weights->isChecked());
    fp8Weights->click();
    c.settle();
    c.choose("precision", QStringLiteral("bf16"));
    CHECK_FALSE(c.controller.scenario().training.fp8Params);
    CHECK_FALSE(fp8Weights->isEnabled());
    CHECK_FALSE(fp8Weights->isChecked());
}

TEST_CASE("Controls: FP8 scaling (fp8_scaling) is offered only with FP8 or FP4; tensorwise makes the casts slower "
          "(an amax pass), undoes, and a precision change to BF16 resets it to delayed",
          "[planner][controls][fp8]")
{
    Controls c("default"); // 64 H100, BF16
    auto* scaling = c.child<QComboBox>("fp8Scaling");
    CHECK_FALSE(scaling->isEnabled());
    c.choose("precision", QStringLiteral("fp8"));
    REQUIRE(scaling->isEnabled());
    CHECK(scaling->currentData().toString() == QStringLiteral("delayed"));
    const double step = c.controller.result()->evaluation.stepTime.si;
    c.choose("fp8Scaling", QStringLiteral("tensorwise"));
    CHECK(c.controller.scenario().training.fp8Scaling == Fp8Scaling::Tensorwise);
    CHECK(c.controller.result()->evaluation.stepTime.si > step);
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().training.fp8Scaling == Fp8Scaling::Delayed);
    CHECK(scaling->currentData().toString() == QStringLiteral("delayed"));
    c.choose("fp8Scaling", QStringLiteral("blockwise"));
    c.choose("precision", QStringLiteral("bf16"));
    CHECK(c.controller.scenario().training.fp8Scaling == Fp8Scaling::Delayed);
    CHECK_FALSE(scaling->isEnabled());
}

TEST_CASE("Controller: a slider step on 16,384 GPUs is re-evaluated on the GUI thread (no worker round trip); a new "
          "model or a timeline of more than 20,000 operations goes to the worker",
          "[planner][latency]")
{
    ScenarioController controller{testing::builtinCatalog()};
    // How long an evaluation takes depends on the machine's load: the test sets the budget so that the rule,
    // not the clock, decides (bench measures the time: ui_update_result_p50_ms).
    controller.setInlineBudgetMs(std::numeric_limits<double>::infinity());
    controller.load(testing::presetScenario("llama3-405b-16k-h100"));
    CHECK_FALSE(controller.quickToEvaluate()); // nothing resolved yet: specs to read
    controller.evaluateNow();
    REQUIRE(controller.result());
    REQUIRE(controller.result()->ok());
    CHECK(controller.result()->workMs > 0);
    controller.setInlineBudgetMs(-1); // a last evaluation over the budget sends the next one to the worker
    CHECK_FALSE(controller.quickToEvaluate());
    controller.setInlineBudgetMs(std::numeric_limits<double>::infinity());

    Scenario step = controller.scenario();
    step.parallel.tp = 4;
    step.parallel.dp *= 2;
    controller.edit(step, QStringLiteral("TP 4"));
    CHECK(controller.quickToEvaluate());
    const unsigned long long before = controller.result()->generation;
    QCoreApplication::processEvents(); // one turn of the event loop: no thread to wait for
    REQUIRE(controller.result());
    CHECK(controller.result()->generation > before);
    CHECK(controller.result()->scenario.parallel.tp == 4);

    Scenario otherModel = controller.scenario();
    otherModel.model = "llama3-70b";
    controller.load(otherModel);
    CHECK_FALSE(controller.quickToEvaluate()); // a new model: its specs are resolved on the worker
    controller.evaluateNow();
    controller.evaluateNow(); // reuses the resolved specs: quick again
    CHECK(controller.quickToEvaluate());

    Scenario longTimeline = controller.scenario();
    longTimeline.training.globalBatch *= 64; // thousands of micro-batches per pipeline
    controller.load(longTimeline);
    CHECK(pipelineOperations(longTimeline.parallel, microbatchCount(longTimeline, longTimeline.parallel)) >
          ScenarioController::kInlineMaxOperations);
    CHECK_FALSE(controller.quickToEvaluate());
    controller.evaluateNow();
}

TEST_CASE("Controls: the calibrations that fit the GPU are offered, a choice is one undoable edit, and a system of "
          "another architecture falls back to its own",
          "[planner][controls][calibration]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("scalescope-controls-calibration-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    nlohmann::json compute;
    {
        std::ifstream in(builtinSpecRoots().front() / "calibration" / "compute-hopper.json");
        compute = nlohmann::json::parse(in);
    }
    compute["id"] = "lab-h100";
    std::ofstream(dir / "lab-h100.json") << compute.dump(2);
    SpecErrors errors;
    const SpecCatalog catalog = SpecCatalog::load(builtinSpecRoots(), {dir}, errors);
    REQUIRE(errors.empty());
    {
        Controls c("default", catalog); // H100
        auto* box = c.child<QComboBox>("computeCalibration");
        REQUIRE(box->count() == 2);
        CHECK(box->itemData(0).toString().isEmpty());
        CHECK(box->itemText(0).contains(QStringLiteral("compute-hopper")));
        CHECK(box->itemData(1).toString() == QStringLiteral("lab-h100"));
        CHECK_FALSE(c.child<QComboBox>("networkCalibration")->isEnabled()); // nccl-measured alone
        const int undoBefore = c.controller.undoStack()->count();
        c.choose("computeCalibration", QStringLiteral("lab-h100"));
        CHECK(c.controller.scenario().calibration.compute == "lab-h100");
        CHECK(c.controller.result()->context->compute.id == "lab-h100");
        CHECK(c.controller.undoStack()->count() == undoBefore + 1);
        c.controller.undoStack()->undo();
        c.settle();
        CHECK(c.controller.scenario().calibration.compute.empty());
        CHECK(box->currentIndex() == 0);
        c.choose("computeCalibration", QStringLiteral("lab-h100"));
        c.choose("system", QStringLiteral("dgx-b200-superpod")); // Blackwell: lab-h100 does not fit
        CHECK(c.controller.scenario().calibration.compute.empty());
        CHECK(c.controller.result()->ok());
        REQUIRE(box->count() == 1);
        CHECK(box->itemText(0).contains(QStringLiteral("compute-blackwell")));
    }
    fs::remove_all(dir);
}

TEST_CASE("Controls: Expert TP (parallel.etp) folds EP over the TP·CP·DP ranks (Liu et al. 2025): EP 32 is offered with "
          "TP 2 and DP 16 only once expert TP is set, each change is one undo step, and a dense model disables it",
          "[planner][controls][folding]")
{
    Controls c("default");
    Scenario qwen = c.controller.scenario();
    qwen.gpus = 256;
    qwen.model = "qwen3-235b-a22b";
    qwen.training.seqLen = 4096;
    qwen.training.globalBatch = 2048;
    qwen.parallel = ParallelLayout{};
    qwen.parallel.tp = 2;
    qwen.parallel.pp = 8;
    qwen.parallel.dp = 16;
    qwen.parallel.ep = 16;
    c.controller.edit(qwen, QStringLiteral("Qwen3"));
    c.settle();
    auto* etp = c.child<QComboBox>("expertTp");
    REQUIRE(etp->isEnabled());
    CHECK(etp->currentData().toInt() == 0); // same as TP: the key absent
    const std::vector<int> unfolded = c.widget.offered(QStringLiteral("ep"));
    CHECK(std::find(unfolded.begin(), unfolded.end(), 32) == unfolded.end()); // ep must divide dp 16
    const int one = etp->findData(1);
    REQUIRE(one > 0);
    const int undoBefore = c.controller.undoStack()->count();
    etp->setCurrentIndex(one);
    Q_EMIT etp->activated(one);
    c.settle();
    CHECK(c.controller.undoStack()->count() == undoBefore + 1);
    CHECK(c.controller.scenario().parallel.etp == 1);
    const std::vector<int> folded = c.widget.offered(QStringLiteral("ep"));
    CHECK(std::find(folded.begin(), folded.end(), 32) != folded.end()); // etp·ep = 32 divides tp·dp = 32
    CHECK(c.controller.result()->evaluation.ok);
    c.controller.undoStack()->undo();
    c.settle();
    CHECK(c.controller.scenario().parallel.etp == 0);
    CHECK(etp->currentData().toInt() == 0);

    Controls dense("default"); // Llama 3 70B: no experts to fold
    CHECK_FALSE(dense.child<QComboBox>("expertTp")->isEnabled());
}
