#pragma once
// Shared pieces of the export tests: running `scalescope-cli export` in
// process, and reading back what it wrote (PDF page boxes, SVG text).

#include "app/cli/export_command.h"

#include <QDir>
#include <QProcess>
#include <QFile>
#include <QRegularExpression>
#include <QSizeF>
#include <QString>

#include <sstream>
#include <string>
#include <vector>

namespace scalescope::testing {

// `scalescope-cli export ARGS`: the exit code, and what it wrote to stderr in `errText`.
inline int runExport(const std::vector<std::string>& args, std::string* errText = nullptr)
{
    std::ostringstream out, err;
    const int code = cli::runExport(args, out, err);
    if (errText) *errText = err.str();
    return code;
}

inline std::string scenarioFile(const char* name) { return std::string(SCALESCOPE_SCENARIO_DIR "/") + name + ".scalescope.json"; }

inline QByteArray fileBytes(const QString& file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every page's /MediaBox [0 0 W H] of a PDF, in points.
inline std::vector<QSizeF> mediaBoxes(const QString& file)
{
    static const QRegularExpression box(QStringLiteral(R"(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\])"));
    std::vector<QSizeF> out;
    for (const QRegularExpressionMatch& m : box.globalMatch(QString::fromLatin1(fileBytes(file))))
        out.emplace_back(m.captured(1).toDouble(), m.captured(2).toDouble());
    return out;
}

// The first page's MediaBox; empty when there is none.
inline QSizeF mediaBox(const QString& file)
{
    const std::vector<QSizeF> boxes = mediaBoxes(file);
    return boxes.empty() ? QSizeF() : boxes.front();
}

// The text of an SVG's <text> elements, one a line.
inline QString svgText(const QString& file)
{
    QString all;
    static const QRegularExpression text(QStringLiteral(R"(<text[^>]*>([^<]*)</text>)"));
    for (const QRegularExpressionMatch& m : text.globalMatch(QString::fromUtf8(fileBytes(file)))) all += m.captured(1) + QLatin1Char('\n');
    return all;
}

// A copy of `file` as renders/<name>, where a person can look at it.
// The PDF's text (pdftotext, poppler-utils, installed by the installer),
// page breaks as form feeds; NFKC, since a CJK font's glyph may map back to
// a Kangxi radical (⽬ U+2F6C for 目). Empty when pdftotext fails.
inline QString pdfText(const QString& file)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-enc"), QStringLiteral("UTF-8"), file, QStringLiteral("-")});
    if (!p.waitForFinished(-1) || p.exitCode() != 0) return {};
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
}

inline void keepRender(const QString& file, const QString& name)
{
    QDir().mkpath(QStringLiteral(SCALESCOPE_RENDER_DIR));
    const QString copy = QStringLiteral(SCALESCOPE_RENDER_DIR "/%1").arg(name);
    QFile::remove(copy);
    QFile::copy(file, copy);
}

inline constexpr double kA4WidthPt = 210 / 25.4 * 72, kA4HeightPt = 297 / 25.4 * 72; // 595.3 x 841.9

} // namespace scalescope::testing
