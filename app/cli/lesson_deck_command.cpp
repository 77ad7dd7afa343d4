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
    const QString fileName = QString::fromStdString(*file);
    if (!fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        err << "error: -o " << *file << ": a lesson deck is a PDF: name the file .pdf\n";
        return Usage;
    }
    const auto pageName = paperOption(parsed->value("--page"), err);
    if (!pageName) return Usage;
    const auto app = ensureOffscreenApplication();
    int languageError = Ok;
    const auto language = applyExportLanguage(parsed->value("--lang"), err, languageError);
    if (!language) return languageError;
    const auto page = exportPageFrom(QString::fromStdString(*pageName), nullptr);

    SpecErrors errors;
    const auto deck = lessonDeck(sharedCatalog(err), lesson, language->code.toStdString(), *page, errors);
    for (const SpecError& e : errors) err << "error: " << e.text() << "\n";
    if (!deck) return BadInput;
    QString error;
    if (!exportDocument(deck->document, fileName, ExportFormat::Pdf, deck->pageSize, kPointsPerInch, &error)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << *file << " (" << deck->pages.size() << " pages)\n";
    return Ok;
}

} // namespace scalescope::cli
