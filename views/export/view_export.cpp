#include "view_export.h"

#include "views/hardware/hardware_scene.h"
#include "views/hardware/hardware_view.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;

QFont pixelFont(qreal px, bool bold = false)
{
    QFont f;
    f.setPixelSize(qMax(1, qRound(px)));
    f.setBold(bold);
    return f;
}

QString trExport(const char* text)
{
    return QCoreApplication::translate("ViewExport", text);
}

// Height a wrapped block of text takes at this width.
qreal wrappedHeight(const QFont& font, qreal width, const QString& text)
{
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text).height();
}

} // namespace

std::optional<ExportFormat> exportFormatFrom(const QString& nameOrSuffix)
{
    const QString s = nameOrSuffix.contains(QLatin1Char('.')) ? QFileInfo(nameOrSuffix).suffix().toLower()
                                                              : nameOrSuffix.toLower();
    if (s == QLatin1String("svg")) return ExportFormat::Svg;
    if (s == QLatin1String("png")) return ExportFormat::Png;
    if (s == QLatin1String("pdf")) return ExportFormat::Pdf;
    return std::nullopt;
}

std::optional<ExportFormat> chooseExportFormat(std::optional<ExportFormat> requested, const QString& file, QString* error)
{
    const QString suffix = QFileInfo(file).suffix();
    const auto named = exportFormatFrom(suffix);
    auto fail = [&](const QString& why) {
        if (error) *error = why;
        return std::optional<ExportFormat>();
    };
    if (!requested && !named)
        return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "Cannot tell the format of %1: name the file .svg, .png or "
                                                             ".pdf, or choose the format."))
                        .arg(file));
    if (requested && named && *requested != *named) {
        const char* keys[] = {"svg", "png", "pdf"};
        const QString asked = QString::fromLatin1(keys[static_cast<int>(*requested)]);
        return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "%1 ends in .%2 but the format asked for is %3: name the "
                                                             "file .%4 or ask for %5."))
                        .arg(file, suffix, asked.toUpper(), asked, suffix.toLower().toUpper()));
    }
    return requested ? requested : named;
}

std::optional<ExportPage> exportPageFrom(const QString& text, QString* error)
{
    constexpr double kPointsPerMm = kPointsPerInch / kMillimetresPerInch;
    const QString t = text.trimmed().toLower();
    ExportPage page;
    if (t == QLatin1String("a4")) {
        page.size = QSizeF(210, 297) * kPointsPerMm; // ISO 216
        page.landscapeForWide = true;
        return page;
    }
    if (t == QLatin1String("letter")) {
        page.size = QSizeF(8.5, 11) * kPointsPerInch; // ANSI A
        page.landscapeForWide = true;
        return page;
    }
    static const QRegularExpression custom(QStringLiteral(R"(^(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*mm$)"));
    const QRegularExpressionMatch m = custom.match(t);
    constexpr double kSmallestMm = 75, kLargestMm = 5000; // a postcard to a wall poster
    if (m.hasMatch()) {
        const double w = m.captured(1).toDouble(), h = m.captured(2).toDouble();
        if (w >= kSmallestMm && h >= kSmallestMm && w <= kLargestMm && h <= kLargestMm) {
            page.size = QSizeF(w, h) * kPointsPerMm;
            return page;
        }
    }
    if (error)
        *error = trExport(QT_TRANSLATE_NOOP("ViewExport", "expected a4, letter or WxH mm (75 to 5000 mm a side, e.g. "
                                                          "\"300x200 mm\"), found \"%1\""))
                     .arg(text);
    return std::nullopt;
}

void paintExportDocument(QPainter& painter, const QRectF& page, HardwareScene& scene, qreal sourcesShare)
{
    const HardwarePalette& p = scene.hardwarePalette();
    painter.fillRect(page, p.background);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    const QRectF body = page.adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const qreal scale = qBound(0.6, page.width() / 1600.0, 2.0); // type grows with the page

    // Heading.
    qreal y = body.top();
    const QFont titleFont = pixelFont(30 * scale, true);
    const qreal titleHeight = wrappedHeight(titleFont, body.width(), scene.title());
    painter.setFont(titleFont);
    painter.setPen(p.text);
    painter.drawText(QRectF(body.left(), y, body.width(), titleHeight), Qt::TextWordWrap, scene.title());
    y += titleHeight + 4 * scale;
    const QFont descFont = pixelFont(17 * scale);
    const qreal descHeight = wrappedHeight(descFont, body.width(), scene.description());
    painter.setFont(descFont);
    painter.setPen(p.mutedText);
    painter.drawText(QRectF(body.left(), y, body.width(), descHeight), Qt::TextWordWrap, scene.description());
    y += descHeight + 12 * scale;

    // Sources, at the bottom: as small as needed to take at most sourcesShare of the page.
    QStringList lines;
    for (int i = 0; i < scene.sources().size(); ++i)
        lines << QStringLiteral("[%1] %2").arg(i + 1).arg(scene.sources().at(i));
    const QString sourcesText = lines.join(QLatin1Char('\n'));
    qreal sourcePx = 13 * scale;
    QFont sourceFont = pixelFont(sourcePx);
    while (sourcePx > 6 && wrappedHeight(sourceFont, body.width(), sourcesText) > page.height() * sourcesShare) {
        sourcePx -= 0.5;
        sourceFont = pixelFont(sourcePx);
    }
    const QFont sourcesHeadFont = pixelFont(15 * scale, true);
    const qreal sourcesHeight = lines.isEmpty() ? 0
                                                : QFontMetricsF(sourcesHeadFont).height() + 4 +
                                                      wrappedHeight(sourceFont, body.width(), sourcesText);
    const qreal sourcesTop = body.bottom() - sourcesHeight;

    // Legend rows above the sources.
    const QFont legendFont = pixelFont(16 * scale);
    const QFontMetricsF lfm(legendFont);
    const qreal swatch = lfm.height() * 0.8, rowHeight = lfm.height() + 8 * scale;
    QList<QList<int>> rows{{}};
    qreal x = 0;
    for (int i = 0; i < static_cast<int>(scene.legend().size()); ++i) {
        const qreal w = swatch + 6 + lfm.horizontalAdvance(scene.legend()[static_cast<size_t>(i)].label) + 24 * scale;
        if (x + w > body.width() && !rows.last().isEmpty()) {
            rows.append(QList<int>{});
            x = 0;
        }
        rows.last().append(i);
        x += w;
    }
    const qreal legendHeight = scene.legend().empty() ? 0 : rows.size() * rowHeight;
    const qreal legendTop = sourcesTop - legendHeight - 10 * scale;

    // The scene, as large as fits between heading and legend.
    const QRectF target(body.left(), y, body.width(), qMax(10.0, legendTop - y - 10 * scale));
    const QRectF source = scene.sceneRect();
    const qreal fit = qMin(target.width() / source.width(), target.height() / source.height());
    const QSizeF drawn = source.size() * fit;
    const QRectF sceneTarget(target.center().x() - drawn.width() / 2, target.top(), drawn.width(), drawn.height());
    scene.render(&painter, sceneTarget, source, Qt::KeepAspectRatio);

    painter.setFont(legendFont);
    qreal ly = legendTop;
    for (const QList<int>& row : rows) {
        qreal lx = body.left();
        for (int i : row) {
            const LegendEntry& e = scene.legend()[static_cast<size_t>(i)];
            painter.setPen(QPen(p.outline, 0.8));
            painter.setBrush(e.colour);
            painter.drawRect(QRectF(lx, ly + (rowHeight - swatch) / 2, swatch, swatch));
            painter.setPen(p.text);
            const qreal tw = lfm.horizontalAdvance(e.label);
            painter.drawText(QRectF(lx + swatch + 6, ly, tw + 2, rowHeight), Qt::AlignVCenter, e.label);
            lx += swatch + 6 + tw + 24 * scale;
        }
        ly += rowHeight;
    }

    if (!lines.isEmpty()) {
        painter.setPen(p.text);
        painter.setFont(sourcesHeadFont);
        const qreal headHeight = QFontMetricsF(sourcesHeadFont).height();
        painter.drawText(QRectF(body.left(), sourcesTop, body.width(), headHeight), Qt::AlignLeft, trExport(QT_TRANSLATE_NOOP("ViewExport", "Sources")));
        painter.setFont(sourceFont);
        painter.setPen(p.mutedText);
        painter.drawText(QRectF(body.left(), sourcesTop + headHeight + 4, body.width(), body.bottom() - sourcesTop),
                         Qt::TextWordWrap, sourcesText);
    }
}

bool exportScene(HardwareScene& scene, const QString& file, ExportFormat format, QSize size, QString* error)
{
    return exportScene(scene, file, format, ExportPage{QSizeF(size), kPointsPerInch, false}, error);
}

bool exportDocument(const ExportDocument& document, const QString& file, ExportFormat format, QSizeF size, double dpi,
                    QString* error)
{
    auto fail = [&](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (size.width() < 200 || size.height() < 150) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "The export size must be at least 200 × 150.")));
    const QRectF page(QPointF(0, 0), size);
    const int pages = std::max(1, document.pages);
    // SVG and PNG: the pages one under another on one sheet.
    const QSizeF sheet(size.width(), size.height() * (format == ExportFormat::Pdf ? 1 : pages));
    auto paintSheet = [&](QPainter& painter) {
        for (int i = 0; i < pages; ++i) document.paint(painter, page.translated(0, size.height() * i), i);
    };
    switch (format) {
    case ExportFormat::Svg: {
        QSvgGenerator svg;
        svg.setFileName(file);
        svg.setSize(sheet.toSize());
        svg.setResolution(static_cast<int>(kPointsPerInch)); // one unit per point: the page's size on paper
        svg.setViewBox(QRectF(QPointF(0, 0), sheet));
        svg.setTitle(document.title);
        svg.setDescription(document.description);
        QPainter painter;
        if (!painter.begin(&svg)) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "Cannot write %1.")).arg(file));
        paintSheet(painter);
        painter.end();
        break;
    }
    case ExportFormat::Png: {
        const double scale = dpi / kPointsPerInch;
        QImage image((sheet * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "The image is too large; lower the resolution.")));
        constexpr double kInchesPerMetre = 1000 / kMillimetresPerInch;
        image.setDotsPerMeterX(qRound(dpi * kInchesPerMetre));
        image.setDotsPerMeterY(qRound(dpi * kInchesPerMetre));
        image.fill(document.background);
        {
            QPainter painter(&image);
            painter.scale(scale, scale);
            paintSheet(painter);
        }
        image.setText(QStringLiteral("Title"), document.title);
        image.setText(QStringLiteral("Description"), document.description);
        if (!image.save(file, "PNG")) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "Cannot write %1.")).arg(file));
        break;
    }
    case ExportFormat::Pdf: {
        QPdfWriter pdf(file);
        pdf.setTitle(document.title);
        pdf.setCreator(QStringLiteral("ScaleScope"));
        pdf.setResolution(static_cast<int>(kPointsPerInch)); // one point per unit
        pdf.setPageSize(QPageSize(size, QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter;
        if (!painter.begin(&pdf)) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "Cannot write %1.")).arg(file));
        for (int i = 0; i < pages; ++i) {
            if (i > 0) pdf.newPage();
            document.paint(painter, page, i);
        }
        painter.end();
        break;
    }
    }
    if (!QFileInfo::exists(file)) return fail(trExport(QT_TRANSLATE_NOOP("ViewExport", "Cannot write %1.")).arg(file));
    return true;
}

QSizeF orientedPageSize(const ExportPage& page, QSizeF content)
{
    QSizeF size = page.size;
    if (page.landscapeForWide && (content.width() > content.height()) != (size.width() > size.height())) size.transpose();
    return size;
}

ExportDocument sceneDocument(const std::shared_ptr<HardwareScene>& scene)
{
    return ExportDocument{scene->title(), scene->description(), scene->hardwarePalette().background,
                          [scene](QPainter& painter, const QRectF& page, int) { paintExportDocument(painter, page, *scene); }};
}

bool exportScene(HardwareScene& scene, const QString& file, ExportFormat format, const ExportPage& layout, QString* error)
{
    const std::shared_ptr<HardwareScene> borrowed(&scene, [](HardwareScene*) {}); // the caller owns the scene
    return exportDocument(sceneDocument(borrowed), file, format, orientedPageSize(layout, scene.sceneRect().size()), layout.dpi, error);
}

bool exportView(const HardwareView& view, const QString& file, ExportFormat format, QSize size, QString* error)
{
    std::unique_ptr<HardwareScene> scene = view.createScene(HardwarePalette::print());
    return exportScene(*scene, file, format, size, error);
}

} // namespace scalescope
