#include "breakdown_export.h"

#include "model/spec/quantity_parser.h"
#include "views/hardware/hardware_palette.h"
#include "views/planner/operation_table_model.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <array>
#include <map>
#include <memory>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;
constexpr qreal kBodyPx = 10;       // table text on a page 842 points wide (A4 landscape); scales with the page
constexpr qreal kRowSpacing = 1.45; // a row's height in lines of text

QString trBreakdown(const char* text) { return QCoreApplication::translate("BreakdownExport", text); }

// The printed columns and their share of the page's width.
struct PrintedColumn {
    OperationTableModel::Column column;
    qreal width;
};
constexpr std::array<PrintedColumn, 8> kColumns{{{OperationTableModel::Operation, 0.28},
                                                 {OperationTableModel::PhaseColumn, 0.08},
                                                 {OperationTableModel::Stream, 0.08},
                                                 {OperationTableModel::PerStep, 0.07},
                                                 {OperationTableModel::StepTime, 0.11},
                                                 {OperationTableModel::Share, 0.11},
                                                 {OperationTableModel::Efficiency, 0.08},
                                                 {OperationTableModel::Source, 0.19}}};

QFont pixelFont(qreal px, bool bold = false)
{
    QFont f;
    f.setPixelSize(qMax(1, qRound(px)));
    f.setBold(bold);
    return f;
}

// Where everything goes on a page of `size`: fonts, rows per page.
struct TableLayout {
    QFont title, text, bold, small;
    qreal rowHeight = 0, headingHeight = 0, footerHeight = 0;
    int rowsPerPage = 1;

    TableLayout(QSizeF size, const QString& heading)
    {
        const qreal scale = std::clamp(size.width() / 842.0, 0.8, 2.5);
        title = pixelFont(18 * scale, true);
        text = pixelFont(kBodyPx * scale);
        bold = pixelFont(kBodyPx * scale, true);
        small = pixelFont(8.5 * scale);
        rowHeight = QFontMetricsF(text).height() * kRowSpacing;
        const qreal width = size.width() - 2 * kMargin;
        headingHeight = QFontMetricsF(title).boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, heading).height() +
                        QFontMetricsF(text).height() * 2 + 8;
        footerHeight = QFontMetricsF(small).height() + 6;
        const qreal room = size.height() - 2 * kMargin - headingHeight - footerHeight - rowHeight; // the header row
        rowsPerPage = std::max(1, static_cast<int>(room / rowHeight));
    }
};

QString headingOf(const PlannerResult& r)
{
    return trBreakdown(QT_TRANSLATE_NOOP("BreakdownExport", "Why this number — %1")).arg(QString::fromStdString(r.scenario.name));
}

QString summaryOf(const PlannerResult& r)
{
    const auto q = [](const std::string& s) { return QString::fromStdString(s); };
    if (r.serving())
        return trBreakdown(QT_TRANSLATE_NOOP("BreakdownExport", "TTFT %1, TPOT %2: where the time of each pass goes, on one GPU "
                                                                "of the slowest stage, largest first."))
            .arg(q(format(r.inference.ttft)), q(format(r.inference.tpot)));
    return trBreakdown(QT_TRANSLATE_NOOP("BreakdownExport", "Step %1: where the time goes per step, on one GPU of the "
                                                            "bottleneck stage, largest exposed time first."))
        .arg(q(format(r.evaluation.stepTime)));
}

} // namespace

ExportDocument breakdownDocument(const PlannerResultPtr& result, QSizeF size, bool pageNumbers)
{
    auto owned = std::make_shared<OperationTableModel>();
    const OperationTableModel& table = *owned;
    owned->setResult(result);
    // The sources the Source column names, each once, with its citation (the column's tooltip).
    std::map<QString, QString> sources;
    for (int row = 0; row < table.rowCount(); ++row) {
        const QModelIndex index = table.index(row, OperationTableModel::Source);
        sources.emplace(index.data().toString(), index.data(Qt::ToolTipRole).toString().replace(QLatin1Char('\n'), QLatin1Char(' ')));
    }
    QStringList sourceLines;
    for (const auto& [key, citation] : sources) sourceLines << key + QStringLiteral(": ") + citation;

    const QString heading = headingOf(*result);
    const TableLayout layout(size, heading);
    const HardwarePalette ink = HardwarePalette::print();
    const int tablePages = std::max(1, (table.rowCount() + layout.rowsPerPage - 1) / layout.rowsPerPage);
    // The sources follow the table on its last page when they fit there, else on a page of their own.
    const qreal sourcesHeight = layout.rowHeight + QFontMetricsF(layout.small)
                                                       .boundingRect(QRectF(0, 0, size.width() - 2 * kMargin, 1e6), Qt::TextWordWrap,
                                                                     sourceLines.join(QLatin1Char('\n')))
                                                       .height();
    const int lastPageRows = table.rowCount() - (tablePages - 1) * layout.rowsPerPage;
    const bool sourcesAfterTable = (layout.rowsPerPage - lastPageRows - 1) * layout.rowHeight >= sourcesHeight;
    const int pages = sourcesAfterTable ? tablePages : tablePages + 1;
    const QColor stripe = opaqueMix(ink.text, ink.background, 0.05), rule = opaqueMix(ink.text, ink.background, 0.35);

    return ExportDocument{heading, summaryOf(*result), ink.background, [=](QPainter& p, const QRectF& area, int index) {
        const OperationTableModel& model = *owned;
        p.fillRect(area, ink.background);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        const QRectF body = area.adjusted(kMargin, kMargin, -kMargin, -kMargin);
        qreal y = body.top();
        p.setPen(ink.text);
        p.setFont(layout.title);
        const QRectF titleBox = p.boundingRect(QRectF(body.left(), y, body.width(), 1e6), Qt::TextWordWrap, heading);
        p.drawText(titleBox, Qt::TextWordWrap, heading);
        y = titleBox.bottom() + 4;
        p.setFont(layout.text);
        p.setPen(ink.mutedText);
        p.drawText(QRectF(body.left(), y, body.width(), layout.rowHeight), Qt::AlignLeft | Qt::AlignVCenter, summaryOf(*result));
        y = body.top() + layout.headingHeight;
        // Footer: page n of m.
        p.setFont(layout.small);
        if (pageNumbers)
            p.drawText(QRectF(body.left(), body.bottom() - layout.footerHeight, body.width(), layout.footerHeight),
                       Qt::AlignRight | Qt::AlignBottom,
                       trBreakdown(QT_TRANSLATE_NOOP("BreakdownExport", "page %1 of %2")).arg(index + 1).arg(pages));
        auto drawSources = [&] {
            p.setFont(layout.bold);
            p.setPen(ink.text);
            p.drawText(QRectF(body.left(), y, body.width(), layout.rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       trBreakdown(QT_TRANSLATE_NOOP("BreakdownExport", "Sources")));
            p.setFont(layout.small);
            p.setPen(ink.mutedText);
            p.drawText(QRectF(body.left(), y + layout.rowHeight, body.width(), body.bottom() - layout.footerHeight - y - layout.rowHeight),
                       Qt::TextWordWrap, sourceLines.join(QLatin1Char('\n')));
        };
        if (index == tablePages) {
            drawSources();
            return;
        }
        const qreal pad = 4;
        auto drawRow = [&](qreal top, auto cellText, auto alignment) {
            qreal x = body.left();
            for (const PrintedColumn& c : kColumns) {
                const qreal w = c.width * body.width();
                const QString text = QFontMetricsF(p.font()).elidedText(cellText(c.column), Qt::ElideRight, w - 2 * pad);
                p.drawText(QRectF(x + pad, top, w - 2 * pad, layout.rowHeight), alignment(c.column) | Qt::AlignVCenter, text);
                x += w;
            }
        };
        auto alignmentOf = [&](OperationTableModel::Column c) {
            return static_cast<Qt::Alignment>(model.index(0, c).data(Qt::TextAlignmentRole).toInt()) & Qt::AlignHorizontal_Mask;
        };
        p.setFont(layout.bold);
        p.setPen(ink.text);
        drawRow(y, [&](OperationTableModel::Column c) { return model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString(); },
                alignmentOf);
        y += layout.rowHeight;
        p.fillRect(QRectF(body.left(), y - 0.75, body.width(), 0.75), rule);
        p.setFont(layout.text);
        const int first = index * layout.rowsPerPage, last = std::min(model.rowCount(), first + layout.rowsPerPage);
        for (int row = first; row < last; ++row) {
            if ((row - first) % 2 == 1) p.fillRect(QRectF(body.left(), y, body.width(), layout.rowHeight), stripe);
            drawRow(y, [&](OperationTableModel::Column c) { return model.index(row, c).data().toString(); }, alignmentOf);
            y += layout.rowHeight;
        }
        if (index == tablePages - 1 && sourcesAfterTable) {
            y += layout.rowHeight;
            drawSources();
        }
    }, pages};
}

bool exportBreakdown(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                     QString* error)
{
    const QSizeF size = orientedPageSize(page, QSizeF(16, 10)); // eight columns: landscape
    return exportDocument(breakdownDocument(result, size), file, format, size, page.dpi, error);
}

} // namespace scalescope
