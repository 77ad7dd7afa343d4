#pragma once
// Rich text on an export page, in the print palette, shrunk to fit its box
// when it runs long: the report's text pages and a lesson deck's captions.

#include "view_export.h"

#include <QRectF>
#include <QString>

#include <functional>

class QPainter;

namespace scalescope {

// The text size of a page's body on a page 842 points wide (A4 landscape),
// scaled with the page.
[[nodiscard]] int exportBodyPixels(qreal bodyPx, qreal pageWidth);

// The height `html` takes at `width` with body text of `pixelSize`, unscaled.
[[nodiscard]] qreal htmlHeight(const QString& html, qreal width, int pixelSize);

// Paints `html` inside `box` with body text of `pixelSize`, scaled down
// until it fits.
void paintFittedHtml(QPainter& p, const QRectF& box, const QString& html, int pixelSize);

// A page of rich text (`html`, asked for when painted so that it can name page numbers).
[[nodiscard]] ExportDocument htmlPage(const QString& title, std::function<QString()> html);

} // namespace scalescope
