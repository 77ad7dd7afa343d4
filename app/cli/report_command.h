#pragma once
// `scalescope-cli report SCENARIO -o report.pdf [--page a4|letter] [--lang en|zh_CN]`:
// the scenario report (views/export/report_export.h) as a print-ready PDF.

#include "commands.h"

#include "app/gui/language.h"

#include <QLocale>

#include <memory>
#include <optional>
#include <string>

namespace scalescope::cli {

int runReport(const Args& args, std::ostream& out, std::ostream& err);

// A PDF's language (--lang en|zh_CN, default: the locale's): the translation
// installed and numbers and dates in that language while it lives; the
// caller's locale again afterwards. Needs a QApplication.
struct ExportLanguage {
    QString code;
    Language language;
    QLocale saved;
    ~ExportLanguage() { QLocale::setDefault(saved); }
};
// Null, with the reason on err and exitCode set (usage for a language not
// offered, bad input for a translation that does not load).
[[nodiscard]] std::unique_ptr<ExportLanguage> applyExportLanguage(const std::optional<std::string>& lang, std::ostream& err,
                                                                  int& exitCode);
// The paper of --page a4|letter (default: Letter where the locale measures
// in inches, else A4); nullopt, with the reason on err, otherwise.
[[nodiscard]] std::optional<std::string> paperOption(const std::optional<std::string>& page, std::ostream& err);

} // namespace scalescope::cli
