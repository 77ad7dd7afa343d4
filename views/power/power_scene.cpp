#include "power_scene.h"

#include "model/inference/serving_work.h"
#include "model/report/report_units.h"

#include <QGraphicsLineItem>
#include <QLocale>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

constexpr qreal kBarH = 440, kBarW = 64, kColumn = 270, kPanelX = 860, kPanelW = 640;
constexpr qreal kChainBoxW = 150, kChainBoxH = 60; // a block of the cooling path, at most
constexpr qreal kChainGap = 60;                    // room for the lines between two blocks, at least

// Cooling path colours: water, air, the cold supply and the warm return.
const QColor kWater(0x4e, 0x79, 0xa7);
const QColor kAir(0x9a, 0xb8, 0xcf);
const QColor kSupplyLine(0x2f, 0x7f, 0xd8);
const QColor kReturnLine(0xd6, 0x4b, 0x3c);

QString kw(Watts w)
{
    return formatted(w);
}

QString num(double v, int digits = 3)
{
    return QString::fromStdString(formatSignificant(v, digits));
}

// Money and counts: whole units with group separators once they are large.
QString amount(double v)
{
    return v >= 1000 ? QStringLiteral("%L1").arg(v, 0, 'f', 0) : num(v);
}

// Fills of budget lines: distinct, and readable with dark text beside them.
constexpr QRgb kSegmentFills[] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0x9c755f, 0xbab0ac};

// A number with the locale's group and decimal separators, to `significant` digits ("5,910", "0.413").
QString localeNumber(double v, int significant = 3)
{
    const int magnitude = v == 0 ? 0 : static_cast<int>(std::floor(std::log10(std::abs(v))));
    return QLocale().toString(v, 'f', std::max(0, significant - 1 - magnitude));
}

// Money in the scenario's currency: cents below 1,000, whole units above, the locale's separators.
QString money(double v, const std::string& currency)
{
    constexpr int kCents = 2;
    return QStringLiteral("%1 %2").arg(QLocale().toString(v, 'f', std::abs(v) >= 1000 ? 0 : kCents),
                                       QString::fromStdString(currency));
}

QString percent(double fraction)
{
    return QString::number(fraction * 100, 'f', 1) + QStringLiteral(" %");
}

} // namespace

QString PowerScene::itemName(const std::string& key)
{
    if (key == "gpu") return tr("GPUs");
    if (key == "cpu") return tr("CPUs");
    if (key == "nic") return tr("NICs");
    if (key == "dpu") return tr("DPUs");
    if (key == "nvswitch") return tr("NVSwitch chips");
    if (key == "fans-pumps") return tr("Fans and pumps");
    if (key == "conversion") return tr("Power conversion");
    if (key == "node-rest") return tr("Rest of the node");
    if (key == "nodes") return tr("Compute nodes");
    if (key == "switch-trays") return tr("Switch trays");
    if (key == "rack-rest") return tr("Network, management, fans");
    return QString::fromStdString(key);
}

PowerScene::PowerScene(const PlannerResult& result, const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent)
{
    if (!result.context) {
        setHeading(tr("Power and cooling"), tr("The scenario could not be resolved."));
        addLabel(tr("No result"), QRectF(0, 0, 400, 60));
        finish();
        return;
    }
    const EvaluationContext& ctx = *result.context;
    // Serving: the power model at one serving cycle's utilisation (the cycle energy per token comes from).
    m_report = result.serving() && result.ok() ? facilityReport(ctx, servingWork(ctx, result.inference))
                                               : facilityReport(ctx, result.evaluation);
    const FacilityReport& r = *m_report;
    QString summary = tr("%1 × %2 GPUs: one rack draws %3 at peak; the job's %4 racks draw %5 of IT power at %6 "
                         "utilisation and %7 at the facility meter (PUE %8).")
                          .arg(QString::fromStdString(ctx.system.name))
                          .arg(result.scenario.gpus)
                          .arg(kw(r.budget.rack.peak))
                          .arg(num(r.energy.rackShare))
                          .arg(kw(r.energy.itPower))
                          .arg(percent(r.energy.utilisation))
                          .arg(kw(r.energy.facilityPower))
                          .arg(num(result.scenario.facility.pue));
    if (result.serving()) // no serving cycle to draw power for: the peak alone
        summary = result.ok() ? summary + QStringLiteral(" ") +
                                    tr("Serving: %1 tokens per joule.").arg(num(r.energy.tokensPerJoule))
                              : tr("%1 × %2 GPUs: one rack draws %3 at peak.")
                                    .arg(QString::fromStdString(ctx.system.name))
                                    .arg(result.scenario.gpus)
                                    .arg(kw(r.budget.rack.peak));
    setHeading(tr("Power and cooling: %1").arg(QString::fromStdString(result.scenario.name)), summary);

    // Component → rack → facility.
    addPanelTitle(tr("Power budget: component → rack → facility"), QRectF(0, -40, 3 * kColumn, 28));
    std::vector<std::pair<QString, Watts>> node, rack;
    for (const PowerItem& i : r.budget.node.items)
        node.emplace_back(i.count > 1 ? tr("%1 × %2").arg(i.count).arg(itemName(i.key)) : itemName(i.key), i.total);
    for (const PowerItem& i : r.budget.rack.items)
        rack.emplace_back(i.count > 1 ? tr("%1 × %2").arg(i.count).arg(itemName(i.key)) : itemName(i.key), i.total);
    addStackedBar(tr("One %1").arg(QString::fromStdString(r.budget.node.name)), node, r.budget.node.peak,
                  QRectF(0, 30, kBarW, kBarH), QStringLiteral("node-power"));
    addStackedBar(tr("One rack (peak)"), rack, r.budget.rack.peak, QRectF(kColumn, 30, kBarW, kBarH),
                  QStringLiteral("rack-power"));
    const Watts overhead{std::max(0.0, r.energy.facilityPower.si - r.energy.itPower.si)};
    addStackedBar(tr("This job at the meter"),
                  {{tr("IT at %1 load").arg(percent(r.energy.utilisation)), r.energy.itPower},
                   {tr("Cooling and losses (PUE)"), overhead}},
                  r.energy.facilityPower, QRectF(2 * kColumn, 30, kBarW, kBarH), QStringLiteral("facility-power"));

    addFeeds(ctx, r, QRectF(kPanelX, -40, kPanelW, 200));
    if (ctx.system.cooling == "air")
        addAirPath(r, QRectF(kPanelX, 185, kPanelW, 215));
    else
        addCoolingLoop(ctx, r, QRectF(kPanelX, 185, kPanelW, 215));
    addAirVersusLiquid(r, QRectF(kPanelX, 425, kPanelW, 120));
    addEnergy(result, r, QRectF(0, 560, kPanelX + kPanelW, 230));
    finish();
}

void PowerScene::addPanelTitle(const QString& text, const QRectF& box)
{
    addLabel(text, box, LabelStyle{16, 9, true, Qt::AlignLeft | Qt::AlignVCenter, 4});
}

void PowerScene::addStackedBar(const QString& title, const std::vector<std::pair<QString, Watts>>& parts, Watts total,
                               const QRectF& bar, const QString& kind)
{
    const HardwarePalette& pal = hardwarePalette();
    addLabel(title, QRectF(bar.left(), bar.top() - 26, kColumn - 16, 22), LabelStyle{13, 8, true, Qt::AlignLeft, 4});
    double sum = 0;
    for (const auto& part : parts) sum += std::max(0.0, part.second.si);
    const double scale = std::max(sum, total.si);
    qreal y = bar.bottom();
    qreal labelTop = bar.bottom() + 1e9; // labels stack upwards without overlapping
    const qreal labelX = bar.right() + 8, labelW = kColumn - kBarW - 16, labelH = 30;
    int index = 0;
    for (const auto& [name, watts] : parts) {
        const qreal h = scale > 0 ? bar.height() * std::max(0.0, watts.si) / scale : 0;
        const QColor fill(kSegmentFills[static_cast<std::size_t>(index) % std::size(kSegmentFills)]);
        BoxItem* seg = addBox(QRectF(bar.left(), y - h, bar.width(), h), fill, kind, index);
        seg->setToolTip(QStringLiteral("<b>%1</b>: %2").arg(name.toHtmlEscaped(), kw(watts)));
        const qreal centre = y - h / 2;
        const qreal top = std::min(centre - labelH / 2, labelTop - labelH);
        if (top >= bar.top() - 2) {
            addLabel(name + QLatin1Char('\n') + kw(watts), QRectF(labelX, top, labelW, labelH),
                     LabelStyle{11, 7, false, Qt::AlignLeft | Qt::AlignVCenter, 4});
            auto* tick = addLine(QLineF(bar.right(), centre, labelX - 2, top + labelH / 2), QPen(pal.mutedText, 0));
            tick->setZValue(-1);
            labelTop = top;
        }
        y -= h;
        ++index;
    }
    addLabel(tr("Total %1").arg(kw(total)), QRectF(bar.left() - 4, bar.bottom() + 6, kColumn - 16, 20),
             LabelStyle{13, 8, true, Qt::AlignLeft, 4});
}

void PowerScene::addFeeds(const EvaluationContext& ctx, const FacilityReport& r, const QRectF& box)
{
    const FeedLoad& f = r.rackFeeds;
    addPanelTitle(tr("Rack feeds: %1 × %2 V, %3 redundancy")
                      .arg(f.feeds)
                      .arg(num(ctx.facility.feed.lineVoltage.value.si))
                      .arg(QString::fromStdString(std::string(feedRedundancyKey(f.redundancy)))),
                  QRectF(box.left(), box.top(), box.width(), 28));
    const int shown = std::min(f.feeds, 4);
    const qreal rowH = std::min<qreal>(36, (box.height() - 60) / std::max(1, shown));
    for (int i = 0; i < shown; ++i) {
        const QRectF row(box.left(), box.top() + 34 + i * rowH, box.width() * 0.45, rowH - 8);
        addBox(row, hardwarePalette().blank, QStringLiteral("feed"), i);
        const double share = f.designPerFeed.si > 0 ? std::clamp(f.normalPerFeed.si / f.designPerFeed.si, 0.0, 1.0) : 0;
        addBox(QRectF(row.topLeft(), QSizeF(row.width() * share, row.height())), hardwarePalette().powerShelf,
               QStringLiteral("feed-load"), i);
        addLabel(tr("Feed %1").arg(i), row.adjusted(8, 0, 0, 0),
                 LabelStyle{11, 7, true, Qt::AlignLeft | Qt::AlignVCenter, 4});
    }
    const QRectF text(box.left() + box.width() * 0.48, box.top() + 34, box.width() * 0.52, box.height() - 40);
    addLabel(tr("Normal: %1 (%2) per feed\nAfter the worst failure: %3 (%4) per feed\n%5 phase(s), power factor %6")
                 .arg(kw(f.normalPerFeed), formatted(f.normalCurrent), kw(f.designPerFeed), formatted(f.designCurrent))
                 .arg(ctx.facility.feed.phases.value)
                 .arg(num(ctx.facility.feed.powerFactor.value)),
             text, LabelStyle{12, 7, false, Qt::AlignLeft | Qt::AlignTop, 4});
}

void PowerScene::addCoolingLoop(const EvaluationContext& ctx, const FacilityReport& r, const QRectF& box)
{
    const CoolingLoad& rack = r.rackCooling;
    const Kelvin supply = ctx.coolant.referenceTemperature.value;
    const Kelvin outlet{supply.si + rack.deltaT.si};
    addPanelTitle(tr("Cooling loop: %1, ΔT %2 K").arg(QString::fromStdString(ctx.coolant.name)).arg(num(rack.deltaT.si)),
                  QRectF(box.left(), box.top(), box.width(), 28));
    const HardwarePalette& pal = hardwarePalette();
    const qreal y = box.top() + 40, h = kChainBoxH;
    addCoolingChain({tr("Facility water"), tr("CDU"), tr("Rack cold plates")}, kWater, QStringLiteral("cooling-block"),
                    y, box, kSupplyLine, kReturnLine);
    const QRectF cdu(box.left() + (box.width() - kChainBoxW) / 2, y, kChainBoxW, h);
    addLabel(tr("supply %1").arg(formatted(supply)), QRectF(cdu.right() + 4, y - 4, 88, 18), LabelStyle{10, 7, false, Qt::AlignCenter, 4});
    addLabel(tr("return %1").arg(formatted(outlet)), QRectF(cdu.right() + 4, y + h - 14, 88, 18), LabelStyle{10, 7, false, Qt::AlignCenter, 4});
    LabelItem* flow = addLabel(tr("Flow per rack: %1 (%2 L/min per kW)\nFlow for this job: %3 (%4 of heat)")
                                   .arg(formatted(rack.flow))
                                   .arg(num(rack.litresPerMinutePerKilowatt))
                                   .arg(formatted(r.jobCooling.flow), kw(r.jobCooling.heat)),
                               QRectF(box.left(), y + h + 14, box.width(), 44),
                               LabelStyle{14, 8, true, Qt::AlignLeft | Qt::AlignVCenter, 4});
    flow->setData(kItemKindKey, QStringLiteral("coolant-flow"));
    addLabel(tr("Q = P / (ρ · c_p · ΔT): ρ = %1 kg/m³, c_p = %2 J/(kg·K); supply at the fluid's reference temperature")
                 .arg(num(ctx.coolant.density.value.si, 4), num(ctx.coolant.specificHeat.value.si, 4)),
             QRectF(box.left(), y + h + 62, box.width(), 20), pal.mutedText, LabelStyle{11, 7, false, Qt::AlignLeft, 4});
}

void PowerScene::addCoolingChain(const std::vector<QString>& names, const QColor& fill, const QString& kind, qreal top,
                                 const QRectF& box, const QColor& supply, const QColor& back)
{
    const int n = static_cast<int>(names.size());
    const qreal w = std::min(kChainBoxW, (box.width() - (n - 1) * kChainGap) / n);
    const qreal step = n > 1 ? (box.width() - w) / (n - 1) : 0;
    QRectF previous;
    for (int i = 0; i < n; ++i) {
        const QRectF rect(box.left() + i * step, top, w, kChainBoxH);
        BoxItem* b = addBox(rect, fill, kind, i);
        b->setRadius(6);
        addLabel(names[std::size_t(i)], rect.adjusted(4, 4, -4, -4), textOn(fill),
                 LabelStyle{13, 8, true, Qt::AlignCenter, 4});
        if (i > 0) {
            addLine(QLineF(previous.right(), previous.top() + 18, rect.left(), rect.top() + 18), QPen(supply, 3));
            addLine(QLineF(rect.left(), rect.bottom() - 18, previous.right(), previous.bottom() - 18), QPen(back, 3));
        }
        previous = rect;
    }
}

void PowerScene::addAirPath(const FacilityReport& r, const QRectF& box)
{
    const CoolingLoad& rack = r.rackCooling;
    addPanelTitle(tr("Air cooling: ΔT %1 K through the nodes").arg(num(rack.airDeltaT.si)),
                  QRectF(box.left(), box.top(), box.width(), 28));
    const qreal y = box.top() + 40;
    // Cold air from the air handlers through the node fans into the hot aisle, and back.
    addCoolingChain({tr("Air handlers (CRAH)"), tr("Cold aisle"), tr("Node fans"), tr("Hot aisle")}, kAir,
                    QStringLiteral("air-block"), y, box, kSupplyLine, kReturnLine);
    LabelItem* flow = addLabel(tr("Airflow per rack: %1 m³/h (%2 CFM)\nAirflow for this job: %3 m³/h (%4 of heat)")
                                   .arg(amount(cubicMetresPerHour(rack.airflow)))
                                   .arg(amount(cubicFeetPerMinute(rack.airflow)))
                                   .arg(amount(cubicMetresPerHour(r.jobCooling.airflow)), kw(r.jobCooling.heat)),
                               QRectF(box.left(), y + kChainBoxH + 14, box.width(), 44),
                               LabelStyle{14, 8, true, Qt::AlignLeft | Qt::AlignVCenter, 4});
    flow->setData(kItemKindKey, QStringLiteral("air-flow"));
    addLabel(tr("An air-cooled system: no coolant loop reaches the rack; the room's air handlers carry the heat away"),
             QRectF(box.left(), y + kChainBoxH + 62, box.width(), 20), hardwarePalette().mutedText,
             LabelStyle{11, 7, false, Qt::AlignLeft, 4});
}

void PowerScene::addAirVersusLiquid(const FacilityReport& r, const QRectF& box)
{
    const CoolingLoad& c = r.rackCooling;
    addPanelTitle(tr("Air versus liquid for one rack"), QRectF(box.left(), box.top(), box.width(), 28));
    const qreal barW = box.width() * 0.55;
    const double ratio = std::max(1.0, c.airToLiquidVolumeRatio);
    const QRectF air(box.left(), box.top() + 36, barW, 22);
    const QRectF liquid(box.left(), box.top() + 66, std::max<qreal>(2, barW / ratio), 22);
    addBox(air, hardwarePalette().blank, QStringLiteral("airflow"));
    addBox(liquid, kWater, QStringLiteral("liquid-flow"));
    const LabelStyle s{12, 7, false, Qt::AlignLeft | Qt::AlignVCenter, 4};
    addLabel(tr("Air: %1 m³/h (%2 CFM) at ΔT %3 K").arg(amount(cubicMetresPerHour(c.airflow))).arg(amount(cubicFeetPerMinute(c.airflow))).arg(num(c.airDeltaT.si)),
             QRectF(air.right() + 8, air.top(), box.width() - barW - 8, 22), s);
    addLabel(tr("Liquid: %1 m³/h, %2× less volume").arg(num(cubicMetresPerHour(c.flow))).arg(amount(c.airToLiquidVolumeRatio)),
             QRectF(air.right() + 8, liquid.top(), box.width() - barW - 8, 22), s);
}

void PowerScene::addEnergy(const PlannerResult& result, const FacilityReport& r, const QRectF& box)
{
    addPanelTitle(tr("Energy and cost of this job"), QRectF(box.left(), box.top(), box.width(), 28));
    const EnergyReport& e = r.energy;
    const FacilitySettings& f = result.scenario.facility;
    std::vector<std::pair<QString, QString>> rows;
    auto cost = [&](double v) { return money(v, f.currency); };
    if (result.serving()) {
        if (result.ok())
            rows = {{tr("Energy per generated token"), formatted(result.inference.energyPerToken)},
                    {tr("Tokens per joule"), num(e.tokensPerJoule)},
                    {tr("Energy per million tokens"), formatted(e.energyPerMillionTokens)},
                    {tr("Cost per million tokens"), cost(e.costPerMillionTokens)},
                    {tr("IT / facility power"), tr("%1 / %2").arg(kw(e.itPower), kw(e.facilityPower))},
                    {tr("Prices"), tr("%1 per kWh, %2 per GPU-hour").arg(cost(f.pricePerKWh), cost(f.pricePerGpuHour))}};
        else
            rows.emplace_back(tr("Evaluation"), tr("not available for this layout"));
    } else if (!result.evaluation.ok) {
        rows.emplace_back(tr("Evaluation"), tr("not available for this layout"));
    } else {
        // One energy unit and the scenario's currency for the whole panel.
        const EnergyUnit unit = tableEnergyUnit({e.energyPerStep, e.energyPerMillionTokens, e.runSteps > 0 ? e.runEnergy : Joules{}});
        const QString symbol = QString::fromLatin1(energyUnitSymbol(unit).data(), static_cast<int>(energyUnitSymbol(unit).size()));
        auto energy = [&](Joules j) { return QStringLiteral("%1 %2").arg(localeNumber(inEnergyUnit(j, unit)), symbol); };
        rows = {{tr("Energy per step"), energy(e.energyPerStep)},
                {tr("Energy per million tokens"), energy(e.energyPerMillionTokens)},
                {tr("Tokens per joule"), num(e.tokensPerJoule)},
                {tr("Cost per step"), tr("%1 (electricity %2, GPU time %3)").arg(cost(e.costPerStep), cost(e.energyCostPerStep), cost(e.gpuTimeCostPerStep))},
                {tr("Cost per million tokens"), cost(e.costPerMillionTokens)},
                {tr("IT / facility power"), tr("%1 / %2").arg(kw(e.itPower), kw(e.facilityPower))}};
        if (e.runSteps > 0) {
            rows.emplace_back(tr("Whole run"), tr("%1 steps in %2 days").arg(amount(e.runSteps)).arg(num(e.runTime.si / 86400.0)));
            rows.emplace_back(tr("Run energy"), energy(e.runEnergy));
            rows.emplace_back(tr("Run cost"), tr("%1 (electricity %2, GPU time %3)").arg(cost(e.runCost), cost(e.runEnergyCost), cost(e.runGpuTimeCost)));
        }
        rows.emplace_back(tr("Prices"), tr("%1 per kWh, %2 per GPU-hour").arg(money(f.pricePerKWh, f.currency), money(f.pricePerGpuHour, f.currency)));
    }
    const GoodputEstimate& g = r.goodput;
    rows.emplace_back(tr("Goodput (effective time)"), tr("%1: %2 failures a day, checkpoint every %3 min (optimum %4 min)")
                                                           .arg(percent(g.effectiveTimeFraction))
                                                           .arg(num(g.failuresPerDay))
                                                           .arg(num(g.interval.si / 60.0))
                                                           .arg(num(g.optimalInterval.si / 60.0)));
    const int perColumn = (static_cast<int>(rows.size()) + 1) / 2;
    const qreal colW = box.width() / 2, rowH = 26;
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const qreal x = box.left() + (i / perColumn) * colW, y = box.top() + 36 + (i % perColumn) * rowH;
        addLabel(rows[std::size_t(i)].first, QRectF(x, y, 200, rowH - 4), hardwarePalette().mutedText,
                 LabelStyle{12, 8, false, Qt::AlignLeft | Qt::AlignVCenter, 4});
        LabelItem* v = addLabel(rows[std::size_t(i)].second, QRectF(x + 205, y, colW - 215, rowH - 4),
                                LabelStyle{12, 7, true, Qt::AlignLeft | Qt::AlignVCenter, 4});
        v->setData(kItemKindKey, QStringLiteral("energy-value"));
    }
}

} // namespace scalescope
