#include "verdict_text.h"

#include "model/core/warning_texts.h"

#include <QCoreApplication>

namespace scalescope {

QString verdictText(const Warning& w)
{
    // The model's English text (core/warning_texts.h) in the user's language,
    // filled in with the model's own arguments.
    const WarningArguments args = warningArguments(w);
    const QString text = QCoreApplication::translate("Verdicts", warningText(w.code));
    const auto arg = [&](size_t i) { return QString::fromStdString(args.values[i]); };
    switch (args.count) {
    case 1: return text.arg(arg(0));
    case 2: return text.arg(arg(0), arg(1));
    case 3: return text.arg(arg(0), arg(1), arg(2));
    default: return text;
    }
}

} // namespace scalescope
