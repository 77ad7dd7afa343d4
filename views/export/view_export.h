#pragma once
// The one export path of the hardware views: a scene, with its title,
// description, legend and the sources its tooltips cite, painted by one
// function into an SVG (QSvgGenerator; text stays text), a PNG (QImage) or a
// PDF (QPdfWriter). Scenes are built in the print palette for export.

#include <QColor>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QPainter;

namespace scalescope {

class HardwareScene;
class HardwareView;

enum class ExportFormat { Svg, Png, Pdf }; // in the order of the export dialog's file types

// "svg", "png", "pdf" (any case), or a file name ending in one of them.
[[nodiscard]] std::optional<ExportFormat> exportFormatFrom(const QString& nameOrSuffix);

// The format of an export: `requested` (the CLI's --format, the dialog's file
// type) when given, else the file's suffix. A suffix that names another of
// the three formats ("--format svg -o x.png") is refused, as is a file whose
// format cannot be told; nullopt then, and `error` says why, naming the file.
[[nodiscard]] std::optional<ExportFormat> chooseExportFormat(std::optional<ExportFormat> requested, const QString& file,
                                                             QString* error);

inline constexpr QSize kDefaultExportSize{1600, 1000};

// The page of an export. size: points (1/72 inch) for SVG and PDF; a PNG is
// size × dpi / 72 pixels, laid out as the same page. landscapeForWide: turn
// the page so that its longer side runs the way the scene's does (paper sizes).
struct ExportPage {
    QSizeF size{kDefaultExportSize};
    double dpi = 72;
    bool landscapeForWide = false;
};

inline constexpr double kPointsPerInch = 72;
inline constexpr double kMillimetresPerInch = 25.4;

// "a4" (210 × 297 mm), "letter" (8.5 × 11 in), or "WxH mm" ("300x200 mm",
// "300x200mm"), in points; paper sizes come with landscapeForWide. nullopt
// and a reason in `error` otherwise.
[[nodiscard]] std::optional<ExportPage> exportPageFrom(const QString& text, QString* error);

// Paints title, description, the scene, legend and sources into `page`; the
// sources shrink to take at most `sourcesShare` of the page's height.
void paintExportDocument(QPainter& painter, const QRectF& page, HardwareScene& scene, qreal sourcesShare = 0.25);

// What one export draws: `paint` fills page `index` (of `pages`) in the
// rectangle (points) it is given; title and description go into the file's
// metadata. A PDF has a page each; an SVG or PNG holds them one under another.
struct ExportDocument {
    QString title, description;
    QColor background;
    std::function<void(QPainter&, const QRectF& page, int index)> paint;
    int pages = 1;
};

// The one writer behind every export: `size` of a page in points (SVG, PDF),
// a PNG at `dpi`. On failure returns false and says why in `error`.
bool exportDocument(const ExportDocument& document, const QString& file, ExportFormat format, QSizeF size, double dpi,
                    QString* error = nullptr);

// One page drawing `scene` as exportScene does, the scene kept alive by the document.
[[nodiscard]] ExportDocument sceneDocument(const std::shared_ptr<HardwareScene>& scene);

// The page's size, turned landscape for wide content when the page allows it.
[[nodiscard]] QSizeF orientedPageSize(const ExportPage& page, QSizeF content);

// Writes `file`; on failure returns false and says why in `error`.
bool exportScene(HardwareScene& scene, const QString& file, ExportFormat format, QSize size = kDefaultExportSize,
                 QString* error = nullptr);

// The same on a page: paper size, margins, PNG resolution.
bool exportScene(HardwareScene& scene, const QString& file, ExportFormat format, const ExportPage& page,
                 QString* error = nullptr);

// Builds the view's current scene in the print palette and exports it.
bool exportView(const HardwareView& view, const QString& file, ExportFormat format, QSize size = kDefaultExportSize,
                QString* error = nullptr);

} // namespace scalescope
