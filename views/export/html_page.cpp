#include "html_page.h"

#include "views/hardware/hardware_palette.h"

#include <QPainter>
#include <QTextDocument>

#include <algorithm>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;   // the exports' margin, points
constexpr qreal kBodyPx = 10.5; // report text on a page 842 points wide (A4 landscape)
constexpr qreal kA4LandscapeWidth = 842;

// The document in the print palette's colours, text of `pixelSize`.
void setUp(QTextDocument& doc, const QString& html, int pixelSize)
{
    const HardwarePalette ink = HardwarePalette::print();
    QFont font;
    font.setPixelSize(pixelSize);
    doc.setDefaultFont(font);
    doc.setDefaultStyleSheet(QStringLiteral("body { color: %1; } .muted { color: %2; } th { text-align: left; } "
                                            "td, th { padding: 2px 10px 2px 0; } h1 { margin: 0; } h3 { margin-top: 10px; }")
                                 .arg(ink.text.name(), ink.mutedText.name()));
    doc.setHtml(html);
}

} // namespace

int exportBodyPixels(qreal bodyPx, qreal pageWidth)
{
    return qRound(bodyPx * std::clamp(pageWidth / kA4LandscapeWidth, 0.8, 2.5));
}

qreal htmlHeight(const QString& html, qreal width, int pixelSize)
{
    QTextDocument doc;
    setUp(doc, html, pixelSize);
    doc.setTextWidth(width);
    return doc.size().height();
}

void paintFittedHtml(QPainter& p, const QRectF& box, const QString& html, int pixelSize)
{
    QTextDocument doc;
    setUp(doc, html, pixelSize);
    // Shrunk to fit when it runs long (many warnings): a page cuts nothing off.
    qreal fit = 1;
    for (int i = 0; i < 4; ++i) {
        doc.setTextWidth(box.width() / fit);
        const qreal height = doc.size().height() * fit;
        if (height <= box.height()) break;
        fit *= box.height() / height;
    }
    doc.setTextWidth(box.width() / fit);
    p.save();
    p.translate(box.topLeft());
    p.scale(fit, fit);
    doc.drawContents(&p, QRectF(QPointF(0, 0), box.size() / fit));
    p.restore();
}

ExportDocument htmlPage(const QString& title, std::function<QString()> html)
{
    const HardwarePalette ink = HardwarePalette::print();
    return ExportDocument{title, QString(), ink.background, [html, ink](QPainter& p, const QRectF& area, int) {
        p.fillRect(area, ink.background);
        paintFittedHtml(p, area.adjusted(kMargin, kMargin, -kMargin, -kMargin), html(), exportBodyPixels(kBodyPx, area.width()));
    }};
}

} // namespace scalescope
