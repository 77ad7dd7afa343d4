#include "planner_page_export.h"

#include "views/hardware/hardware_palette.h"
#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QCoreApplication>
#include <QPainter>
#include <QScrollArea>

#include <algorithm>
#include <memory>

namespace scalescope {

namespace {
constexpr qreal kMargin = 28;
} // namespace

ExportDocument plannerPageDocument(const PlannerResultPtr& result, const PlannerResultPtr& pinned)
{
    const HardwarePalette ink = HardwarePalette::print();
    auto owned = std::make_shared<PlannerView>();
    PlannerView& planner = *owned;
    QPalette palette = planner.palette();
    for (QPalette::ColorRole role : {QPalette::Base, QPalette::Window, QPalette::AlternateBase})
        palette.setColor(role, ink.background);
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        palette.setColor(role, ink.text);
    planner.setPalette(palette);
    planner.setPinned(pinned);
    planner.setResult(result);
    planner.resize(kPlannerPageWidgetSize);
    // On paper nothing scrolls: the page is the planner at this size.
    if (auto* scroll = planner.findChild<QScrollArea*>()) scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // On paper every stage of a timeline is in view: no scroll bar or buttons.
    for (TimelineView* timeline : planner.findChildren<TimelineView*>()) timeline->setPrintLayout(true);
    planner.ensurePolished();
    const QString title =
        pinned ? QCoreApplication::translate("PlannerPageExport", "Planner — B: %1, compared with A: %2")
                     .arg(QString::fromStdString(result->scenario.name), QString::fromStdString(pinned->scenario.name))
               : QCoreApplication::translate("PlannerPageExport", "Planner — %1").arg(QString::fromStdString(result->scenario.name));
    return ExportDocument{title, QString(), ink.background, [owned, ink](QPainter& p, const QRectF& area, int) {
        PlannerView& view = *owned;
        p.fillRect(area, ink.background);
        const QRectF body = area.adjusted(kMargin, kMargin, -kMargin, -kMargin);
        const qreal fit = std::min(body.width() / view.width(), body.height() / view.height());
        p.save();
        p.translate(body.left() + (body.width() - view.width() * fit) / 2, body.top());
        p.scale(fit, fit);
        view.render(&p, QPoint(), QRegion(), QWidget::DrawChildren | QWidget::DrawWindowBackground);
        p.restore();
    }};
}

bool exportPlannerPage(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                       QString* error, const PlannerResultPtr& pinned)
{
    return exportDocument(plannerPageDocument(result, pinned), file, format, orientedPageSize(page, QSizeF(kPlannerPageWidgetSize)), page.dpi, error);
}

} // namespace scalescope
