#pragma once
// The words of every inference warning (InferenceWarning,
// inference_evaluation.h), in one table as core/warning_texts.h holds the
// training ones: its JSON key and its English text with %1, %2 for the
// arguments. The CLI prints the text filled in (inferenceWarningText); the
// planner looks the same English text up in its translations (context
// "Verdicts") and fills in the same arguments.

#include "model/core/warning_texts.h"
#include "model/inference/inference_evaluation.h"

#include <string>
#include <string_view>

namespace scalescope {

[[nodiscard]] std::string_view inferenceWarningKey(InferenceWarning w) noexcept; // "does_not_fit"
// The English text, with its placeholders.
[[nodiscard]] const char* inferenceWarningTemplate(InferenceWarning w) noexcept;
// The arguments the text's placeholders stand for (a and b as the evaluation recorded them).
[[nodiscard]] WarningArguments inferenceWarningArguments(InferenceWarning w, double a, double b);
// The warning in English: the text filled in.
[[nodiscard]] std::string inferenceWarningText(InferenceWarning w, double a, double b);

} // namespace scalescope
