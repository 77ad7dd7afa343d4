#pragma once
// The one export path of the hardware views: a scene, with its title,
// description, legend and the sources its tooltips cite, painted by one
// function into an SVG (QSvgGenerator; text stays text), a PNG (QImage) or a
// PDF (QPdfWriter). Scenes are built in the print palette for export.

#include <QRectF>
#include <QSize>
#include <QString>

#include <optional>

class QPainter;

namespace scalescope {

class HardwareScene;
class HardwareView;

enum class ExportFormat { Svg, Png, Pdf };

// "svg", "png", "pdf" (any case), or a file name ending in one of them.
[[nodiscard]] std::optional<ExportFormat> exportFormatFrom(const QString& nameOrSuffix);

inline constexpr QSize kDefaultExportSize{1600, 1000};

// Paints title, description, the scene, legend and sources into `page`.
void paintExportDocument(QPainter& painter, const QRectF& page, HardwareScene& scene);

// Writes `file`; on failure returns false and says why in `error`.
bool exportScene(HardwareScene& scene, const QString& file, ExportFormat format, QSize size = kDefaultExportSize,
                 QString* error = nullptr);

// Builds the view's current scene in the print palette and exports it.
bool exportView(const HardwareView& view, const QString& file, ExportFormat format, QSize size = kDefaultExportSize,
                QString* error = nullptr);

} // namespace scalescope
