#include "report_command.h"

#include "cli_args.h"
#include "export_command.h"

#include "app/gui/language.h"
#include "model/spec/spec_catalog.h"
#include "views/export/report_export.h"

#include <QApplication>
#include <QLocale>

#include <memory>

namespace scalescope::cli {

namespace {

constexpr const char* kReportHelp = R"(usage: scalescope-cli report SCENARIO -o FILE.pdf [--page a4|letter] [--lang en|zh_CN] [--compare A.json]

Writes a multi-page, print-ready PDF of the evaluated scenario: a cover (its
inputs, headline numbers, the trust line and warnings), the contents, the
planner, the timeline whole and its first 10 % zoomed, the per-operation
breakdown with its sources, communication per axis and memory per GPU, the
sharding map, the system's rack, topology and GPU package, power, cooling,
energy and cost, and for inference the throughput-latency chart. Every page
has a footer: page n of m, the program version, the date and the scenario.
  SCENARIO   a *.scalescope.json file
  -o FILE    where to write; the name ends in .pdf
  --page     a4 or letter (default: Letter where the locale measures in
             inches, else A4); pages are landscape
  --lang     en or zh_CN (default: the locale's language)
  --compare A.json   adds the planner's A/B comparison after the planner
             page: A pinned, SCENARIO as B (both training scenarios)
)";

} // namespace

std::optional<std::string> paperOption(const std::optional<std::string>& page, std::ostream& err)
{
    const std::string name = page.value_or(QLocale().measurementSystem() == QLocale::ImperialUSSystem ? "letter" : "a4");
    if (name != "a4" && name != "letter") {
        err << "error: --page: expected a4 or letter, found \"" << name << "\"\n";
        return std::nullopt;
    }
    return name;
}

std::unique_ptr<ExportLanguage> applyExportLanguage(const std::optional<std::string>& lang, std::ostream& err, int& exitCode)
{
    auto out = std::make_unique<ExportLanguage>();
    out->code = lang ? QString::fromStdString(*lang) : Language::systemDefault();
    if (out->code != QLatin1String("en") && out->code != QLatin1String("zh_CN")) {
        err << "error: --lang: expected en or zh_CN, found \"" << out->code.toStdString() << "\"\n";
        exitCode = Usage;
        return nullptr;
    }
    if (!out->language.apply(out->code)) {
        err << "error: --lang: the " << out->code.toStdString() << " translation could not be loaded\n";
        exitCode = BadInput;
        return nullptr;
    }
    if (out->code == QLatin1String("zh_CN")) QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    return out;
}

int runReport(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help", "-h"}, {"-o", "--output", "--page", "--lang", "--compare"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help") || parsed->has("-h")) {
        out << kReportHelp;
        return Ok;
    }
    const auto file = parsed->value("-o") ? parsed->value("-o") : parsed->value("--output");
    if (parsed->positional().size() != 1 || !file) {
        err << "error: report needs one SCENARIO and -o FILE.pdf\n" << kReportHelp;
        return Usage;
    }
    const QString fileName = QString::fromStdString(*file);
    if (!fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        err << "error: -o " << *file << ": a report is a PDF: name the file .pdf\n";
        return Usage;
    }
    const auto pageName = paperOption(parsed->value("--page"), err);
    if (!pageName) return Usage;
    const auto app = ensureOffscreenApplication();
    int languageError = Ok;
    const auto language = applyExportLanguage(parsed->value("--lang"), err, languageError);
    if (!language) return languageError;
    const auto page = exportPageFrom(QString::fromStdString(*pageName), nullptr);

    const SpecCatalog& catalog = sharedCatalog(err);
    const PlannerResultPtr result = evaluateScenarioFile(catalog, parsed->positional().front(), err);
    if (!result) return BadInput;
    PlannerResultPtr pinned;
    if (const auto other = parsed->value("--compare")) {
        pinned = evaluateComparedScenario(catalog, result, *other, err);
        if (!pinned) return BadInput;
    }
    QString error;
    if (!exportReport(catalog, result, fileName, *page, &error, pinned)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << *file << "\n";
    return Ok;
}

} // namespace scalescope::cli
