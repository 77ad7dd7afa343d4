#pragma once
// The model's verdicts in the user's language: the model's English text
// (core/warning_texts.h, the one the CLI prints) through the translations.

#include "model/core/evaluation.h"
#include "model/inference/inference_evaluation.h"

#include <QString>

namespace scalescope {

[[nodiscard]] QString verdictText(const Warning& w);
// An inference warning (model/inference/inference_warning_texts.h), likewise.
[[nodiscard]] QString verdictText(InferenceWarning w, double a, double b);

} // namespace scalescope
