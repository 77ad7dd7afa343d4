#pragma once
// The rules an edit from the scenario controls follows so that the planner
// only ever shows a scenario the model can run: the GPU count stays within the
// system, the precision is one the GPU has Tensor Cores for, vpp and the
// interleaved schedule need a pipeline, and a layout the user chose survives
// a change of GPU count (fitLayout) and comes back when the count does.

#include "model/spec/scenario.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace scalescope {

class SpecCatalog;
struct GpuSpec;
struct SystemSpec;

// The slider axes of the controls: "tp", "pp", "cp", "ep", "vpp".
[[nodiscard]] const QStringList& sliderAxes();
[[nodiscard]] int& axisField(Scenario& s, const QString& axis);
[[nodiscard]] int axisValue(const Scenario& s, const QString& axis);

// Keeps a layout consistent after one size changed (model/training/layout_fit.h
// rebalanceLayout: dp takes the rest of the GPUs, ep falls back to divide dp,
// vpp to 1 without a pipeline, interleaved exactly when vpp > 1).
void rebalance(Scenario& s);

// The system and GPU a scenario runs on (inline ones first); null when unknown.
[[nodiscard]] const SystemSpec* scenarioSystem(const Scenario& s, const SpecCatalog& catalog);
[[nodiscard]] const GpuSpec* scenarioGpu(const Scenario& s, const SpecCatalog& catalog);

// Brings a scenario within its (possibly new) system: at most the system's
// GPUs, BF16 when the GPU lacks the precision chosen (training's or serving's), and the family's
// default attention kernel when it has no measurements of the one chosen, and the family's
// compute calibration when the one chosen is of another architecture. `preferred` is the
// layout the user last chose; the GPU count's layout is fitted from it.
void fitToSystem(Scenario& s, const SpecCatalog& catalog, const ParallelLayout& preferred);

// Brings the layout within a (possibly new) model: tp divides the heads (and
// the KV heads, or is a multiple of them), ep is 1 for a dense model and
// divides the experts, pp·vpp stays within the layers; dp takes the rest.
void fitToModel(Scenario& s, const SpecCatalog& catalog);

} // namespace scalescope
