#include "timeline_export.h"

#include "model/spec/quantity_parser.h"
#include "views/hardware/hardware_palette.h"
#include "views/planner/timeline_view.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <vector>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;
constexpr qreal kTimelineGap = 14;   // between the prefill and the decode timeline
constexpr qreal kTimelinePoints = 13; // the timeline's type on a 1,600-point page; it scales with the page

QString trTimeline(const char* text) { return QCoreApplication::translate("TimelineExport", text); }

QString q(const std::string& s) { return QString::fromStdString(s); }

struct Pass {
    TimelinePass pass;
    QString title;
};

std::vector<Pass> passesOf(const PlannerResult& r)
{
    if (!r.serving()) return {{TimelinePass::Step, QString()}};
    const InferenceEvaluation& e = r.inference;
    return {{TimelinePass::Prefill, trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Prefill of one batch's prompts — %1 (TTFT %2)"))
                                        .arg(q(format(e.prefillTime)), q(format(e.ttft)))},
            {TimelinePass::Decode, trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Decode step — %1 (TPOT %2)"))
                                       .arg(q(format(e.decodeStep)), q(format(e.tpot)))}};
}

QString titleOf(const PlannerResult& r)
{
    const QString name = q(r.scenario.name);
    return r.serving() ? trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Prefill and decode timelines — %1")).arg(name)
                       : trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Step timeline — %1")).arg(name);
}

QString descriptionOf(const PlannerResult& r, const std::optional<TimeWindow>& window)
{
    QString d = r.serving() ? trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Every pipeline stage's compute and the "
                                                                             "communication lanes it uses, each pass on its own "
                                                                             "time scale."))
                            : trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "One training step of %1: every pipeline "
                                                                             "stage's compute and its communication lanes; "
                                                                             "exposed communication solid, overlapped hatched, "
                                                                             "the pipeline bubble hatched grey."))
                                  .arg(q(format(r.evaluation.stepTime)));
    if (window)
        d += QLatin1Char(' ') + trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "Shown: %1 to %2."))
                                    .arg(q(format(Seconds{window->from})), q(format(Seconds{window->to})));
    return d;
}

QFont pixelFont(qreal px, bool bold = false)
{
    QFont f;
    f.setPixelSize(qMax(1, qRound(px)));
    f.setBold(bold);
    return f;
}

// `text` wrapped to `width` at `y`; returns the height it took.
qreal drawWrapped(QPainter& p, const QFont& font, const QColor& colour, qreal left, qreal y, qreal width, const QString& text)
{
    const QRectF box = QFontMetricsF(font).boundingRect(QRectF(left, y, width, 1e6), Qt::TextWordWrap, text);
    p.setFont(font);
    p.setPen(colour);
    p.drawText(QRectF(left, y, width, box.height()), Qt::TextWordWrap, text);
    return box.height();
}

} // namespace

double timelineExportEnd(const PlannerResult& result)
{
    double end = 0;
    for (const Pass& p : passesOf(result)) end = std::max(end, result.timelineOf(p.pass).end.si);
    return end;
}

ExportDocument timelineDocument(const PlannerResultPtr& result, std::optional<TimeWindow> window)
{
    const HardwarePalette ink = HardwarePalette::print();
    QPalette palette;
    palette.setColor(QPalette::Base, ink.background);
    palette.setColor(QPalette::Window, ink.background);
    palette.setColor(QPalette::Text, ink.text);
    palette.setColor(QPalette::WindowText, ink.text);
    return ExportDocument{
        titleOf(*result), descriptionOf(*result, window), ink.background, [result, window, ink, palette](QPainter& p, const QRectF& area, int) {
            const PlannerResult& r = *result;
            p.fillRect(area, ink.background);
            p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
            const QRectF body = area.adjusted(kMargin, kMargin, -kMargin, -kMargin);
            const qreal scale = qBound(0.6, area.width() / 1600.0, 2.0); // type grows with the page, as the scenes'
            qreal y = body.top();
            y += drawWrapped(p, pixelFont(30 * scale, true), ink.text, body.left(), y, body.width(), titleOf(r)) + 4 * scale;
            y += drawWrapped(p, pixelFont(17 * scale), ink.mutedText, body.left(), y, body.width(), descriptionOf(r, window)) +
                 12 * scale;
            const std::vector<Pass> passes = passesOf(r);
            for (size_t i = 0; i < passes.size(); ++i) {
                const Pass& pass = passes[i];
                const size_t left = passes.size() - i; // this pass and those below share what is left of the page
                const qreal each = (body.bottom() - y - kTimelineGap * static_cast<qreal>(left - 1)) / static_cast<qreal>(left);
                const double passEnd = r.timelineOf(pass.pass).end.si;
                const bool whole = !window || window->from >= passEnd; // a pass that ends before the window: all of it
                QString title = pass.title;
                if (window && whole) title += QLatin1Char(' ') + trTimeline(QT_TRANSLATE_NOOP("TimelineExport", "(drawn whole: it ends before the window)"));
                qreal top = y;
                if (!title.isEmpty())
                    top += drawWrapped(p, pixelFont(17 * scale, true), ink.text, body.left(), top, body.width(), title) + 4 * scale;
                TimelineView view;
                view.setPalette(palette);
                QFont font = view.font();
                font.setPointSizeF(std::max(font.pointSizeF(), kTimelinePoints * scale));
                view.setFont(font);
                view.setPass(pass.pass);
                view.setPrintLayout(true);
                view.resize(QSizeF(body.width(), y + each - top).toSize());
                view.setResult(result);
                view.resize(QSizeF(body.width(), std::min(y + each - top, view.fullHeight())).toSize());
                if (whole) view.fit();
                else view.showRange(window->from, std::min(window->to, passEnd));
                p.save();
                p.translate(body.left(), top);
                view.render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground);
                p.restore();
                y = top + view.height() + kTimelineGap;
            }
        }};
}

bool exportTimeline(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                    std::optional<TimeWindow> window, QString* error)
{
    return exportDocument(timelineDocument(result, window), file, format, orientedPageSize(page, QSizeF(16, 10)), page.dpi, error);
}

} // namespace scalescope
