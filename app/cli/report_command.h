#pragma once
// `scalescope-cli report SCENARIO -o report.pdf [--page a4|letter] [--lang en|zh_CN]`:
// the scenario report (views/export/report_export.h) as a print-ready PDF.

#include "cli_args.h"
#include "commands.h"

#include "app/gui/language.h"
#include "views/export/view_export.h"

#include <QApplication>
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

// What a command writing a PDF (report, lesson deck) sets up from -o FILE.pdf,
// --page a4|letter (default: Letter where the locale measures in inches,
// else A4) and --lang: the offscreen application, then the language (gone
// first).
struct PdfCommandSetup {
    QString fileName;
    ExportPage page;
    std::unique_ptr<QApplication> app;
    std::unique_ptr<ExportLanguage> language;
};
// Null, with the reason on err and exitCode set (usage for a file not named
// .pdf, a paper or language not offered; bad input for a translation that
// does not load). `what` names the document in messages ("a report").
[[nodiscard]] std::optional<PdfCommandSetup> setUpPdfCommand(const CliArgs& parsed, const std::string& file, const char* what,
                                                             std::ostream& err, int& exitCode);

} // namespace scalescope::cli
