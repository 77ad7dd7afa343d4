#pragma once
// The model's verdicts in the user's language: the model's English text
// (core/warning_texts.h, the one the CLI prints) through the translations.

#include "model/core/evaluation.h"

#include <QString>

namespace scalescope {

[[nodiscard]] QString verdictText(const Warning& w);

} // namespace scalescope
