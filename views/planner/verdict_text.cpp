#include "verdict_text.h"

#include "model/core/warning_texts.h"
#include "model/inference/inference_warning_texts.h"

#include <QCoreApplication>

namespace scalescope {

namespace {

// The model's English text in the user's language, filled in with the model's own arguments.
QString filled(const char* english, const WarningArguments& args)
{
    const QString text = QCoreApplication::translate("Verdicts", english);
    const auto arg = [&](size_t i) { return QString::fromStdString(args.values[i]); };
    switch (args.count) {
    case 1: return text.arg(arg(0));
    case 2: return text.arg(arg(0), arg(1));
    case 3: return text.arg(arg(0), arg(1), arg(2));
    default: return text;
    }
}

} // namespace

QString verdictText(const Warning& w) { return filled(warningText(w.code), warningArguments(w)); }

QString verdictText(InferenceWarning w, double a, double b)
{
    return filled(inferenceWarningTemplate(w), inferenceWarningArguments(w, a, b));
}

} // namespace scalescope
