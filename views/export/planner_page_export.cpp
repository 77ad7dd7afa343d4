#include "planner_page_export.h"

#include "views/hardware/hardware_palette.h"
#include "views/planner/planner_view.h"

#include <QCoreApplication>
#include <QPainter>
#include <QScrollArea>

#include <algorithm>

namespace scalescope {

namespace {
constexpr qreal kMargin = 28;
} // namespace

bool exportPlannerPage(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                       QString* error)
{
    const HardwarePalette ink = HardwarePalette::print();
    PlannerView view;
    QPalette palette = view.palette();
    for (QPalette::ColorRole role : {QPalette::Base, QPalette::Window, QPalette::AlternateBase})
        palette.setColor(role, ink.background);
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        palette.setColor(role, ink.text);
    view.setPalette(palette);
    view.setResult(result);
    view.resize(kPlannerPageWidgetSize);
    // On paper nothing scrolls: the page is the planner at this size.
    if (auto* scroll = view.findChild<QScrollArea*>()) scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.ensurePolished();
    const QString title = QCoreApplication::translate("PlannerPageExport", "Planner — %1").arg(QString::fromStdString(result->scenario.name));
    const ExportDocument document{title, QString(), ink.background, [&](QPainter& p, const QRectF& area, int) {
        p.fillRect(area, ink.background);
        const QRectF body = area.adjusted(kMargin, kMargin, -kMargin, -kMargin);
        const qreal fit = std::min(body.width() / view.width(), body.height() / view.height());
        p.save();
        p.translate(body.left() + (body.width() - view.width() * fit) / 2, body.top());
        p.scale(fit, fit);
        view.render(&p, QPoint(), QRegion(), QWidget::DrawChildren | QWidget::DrawWindowBackground);
        p.restore();
    }};
    return exportDocument(document, file, format, orientedPageSize(page, QSizeF(kPlannerPageWidgetSize)), page.dpi, error);
}

} // namespace scalescope
