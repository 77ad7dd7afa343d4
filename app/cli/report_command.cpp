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

std::optional<PdfCommandSetup> setUpPdfCommand(const CliArgs& parsed, const std::string& file, const char* what,
                                               std::ostream& err, int& exitCode)
{
    exitCode = Usage;
    PdfCommandSetup setup;
    setup.fileName = QString::fromStdString(file);
    if (!setup.fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        err << "error: -o " << file << ": " << what << " is a PDF: name the file .pdf\n";
        return std::nullopt;
    }
    const std::string paper =
        parsed.value("--page").value_or(QLocale().measurementSystem() == QLocale::ImperialUSSystem ? "letter" : "a4");
    if (paper != "a4" && paper != "letter") {
        err << "error: --page: expected a4 or letter, found \"" << paper << "\"\n";
        return std::nullopt;
    }
    setup.page = *exportPageFrom(QString::fromStdString(paper), nullptr);
    setup.app = ensureOffscreenApplication();
    auto language = std::make_unique<ExportLanguage>();
    language->code = parsed.value("--lang") ? QString::fromStdString(*parsed.value("--lang")) : Language::systemDefault();
    if (language->code != QLatin1String("en") && language->code != QLatin1String("zh_CN")) {
        err << "error: --lang: expected en or zh_CN, found \"" << language->code.toStdString() << "\"\n";
        return std::nullopt;
    }
    if (!language->language.apply(language->code)) {
        err << "error: --lang: the " << language->code.toStdString() << " translation could not be loaded\n";
        exitCode = BadInput;
        return std::nullopt;
    }
    if (language->code == QLatin1String("zh_CN")) QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    setup.language = std::move(language);
    exitCode = Ok;
    return setup;
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
    int setupError = Ok;
    const auto setup = setUpPdfCommand(*parsed, *file, "a report", err, setupError);
    if (!setup) return setupError;
    const QString& fileName = setup->fileName;

    const SpecCatalog& catalog = sharedCatalog(err);
    const PlannerResultPtr result = evaluateScenarioFile(catalog, parsed->positional().front(), err);
    if (!result) return BadInput;
    PlannerResultPtr pinned;
    if (const auto other = parsed->value("--compare")) {
        pinned = evaluateComparedScenario(catalog, result, *other, err);
        if (!pinned) return BadInput;
    }
    QString error;
    if (!exportReport(catalog, result, fileName, setup->page, &error, pinned)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << *file << "\n";
    return Ok;
}

} // namespace scalescope::cli
