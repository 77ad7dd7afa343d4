#pragma once
// The model's verdicts in the user's language (the CLI prints the model's
// English messages; the GUI translates from the code and its numbers).

#include "model/core/evaluation.h"

#include <QString>

namespace scalescope {

[[nodiscard]] QString verdictText(const Warning& w);

} // namespace scalescope
