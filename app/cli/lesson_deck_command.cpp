#include "lesson_deck_command.h"

#include "cli_args.h"
#include "export_command.h"
#include "report_command.h"

#include "views/export/lesson_deck_export.h"

#include <QApplication>

namespace scalescope::cli {

int runLessonDeck(const Lesson& lesson, const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {}, {"-o", "--output", "--page", "--lang"}, err);
    if (!parsed) return Usage;
    const auto file = parsed->value("-o") ? parsed->value("-o") : parsed->value("--output");
    if (!parsed->positional().empty() || !file) {
        err << "error: lesson " << lesson.id << " needs -o FILE.pdf (and no other argument)\n";
        return Usage;
    }
    int setupError = Ok;
    const auto setup = setUpPdfCommand(*parsed, *file, "a lesson deck", err, setupError);
    if (!setup) return setupError;

    SpecErrors errors;
    const auto deck = lessonDeck(sharedCatalog(err), lesson, setup->language->code.toStdString(), setup->page, errors);
    for (const SpecError& e : errors) err << "error: " << e.text() << "\n";
    if (!deck) return BadInput;
    QString error;
    if (!exportDocument(deck->document, setup->fileName, ExportFormat::Pdf, deck->pageSize, kPointsPerInch, &error)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << *file << " (" << deck->pages.size() << " pages)\n";
    return Ok;
}

} // namespace scalescope::cli
