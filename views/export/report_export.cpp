#include "report_export.h"

#include "breakdown_export.h"
#include "html_page.h"
#include "planner_page_export.h"
#include "timeline_export.h"

#include "model/inference/inference_json.h"
#include "model/search/inference_search.h"
#include "model/search/serving_curve.h"
#include "model/spec/quantity_parser.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/user_paths.h"
#include "model/training/evaluation_json.h"
#include "views/charts/throughput_latency_scene.h"
#include "views/hardware/chip_scene.h"
#include "views/hardware/hardware_palette.h"
#include "views/hardware/rack_scene.h"
#include "views/hardware/topology_view.h"
#include "views/planner/planner_view.h"
#include "views/planner/sharding_map_scene.h"
#include "views/planner/verdict_text.h"
#include "views/power/power_scene.h"

#include <QCoreApplication>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;      // the exports' margin, points
constexpr qreal kFooterBand = 24;  // points under each page's content for the footer

QString trReport(const char* text) { return QCoreApplication::translate("ReportExport", text); }
QString q(const std::string& s) { return QString::fromStdString(s); }

struct Section {
    QString title;
    ExportDocument document;
};

QString row(const QString& key, const QString& value)
{
    return QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(key.toHtmlEscaped(), value.toHtmlEscaped());
}

QString percent(double fraction) { return QLocale().toString(fraction * 100, 'f', 1) + QStringLiteral(" %"); }
QString grouped(double v) { return QLocale().toString(v, 'f', 0); }

// "key value, key value" of a scenario block's scalar settings.
QString settingsOf(const nlohmann::json& block)
{
    QStringList parts;
    if (!block.is_object()) return QString();
    for (const auto& [key, value] : block.items()) {
        if (value.is_object()) {
            parts << q(key) + QStringLiteral(" {") + settingsOf(value) + QLatin1Char('}');
            continue;
        }
        constexpr double kExactIntegers = 9007199254740992.0; // 2^53: every integer below is a double
        const bool integral = value.is_number() && std::abs(value.get<double>()) < kExactIntegers &&
                              value.get<double>() == std::floor(value.get<double>());
        parts << q(key) + QLatin1Char(' ') +
                     (value.is_string() ? q(value.get<std::string>())
                      : integral        ? QLocale().toString(static_cast<qlonglong>(value.get<double>()))
                                        : q(value.dump()));
    }
    return parts.join(QStringLiteral(", "));
}

nlohmann::json evaluationJson(const PlannerResult& r)
{
    return r.serving() ? inferenceToJson(*r.context, r.inference) : evaluationToJson(*r.context, r.evaluation);
}

QString coverHtml(const PlannerResult& r, const nlohmann::json& e)
{
    const Scenario& s = r.scenario;
    const nlohmann::json scenarioJson = scenarioToJson(s);
    QString html = QStringLiteral("<h1>%1</h1>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Scenario report — %1")).arg(q(s.name)).toHtmlEscaped());
    if (!s.description.empty()) html += QStringLiteral("<p class=\"muted\">%1</p>").arg(q(s.description).toHtmlEscaped());
    const ParallelLayout& l = s.parallel;
    html += QStringLiteral("<table width=\"100%\"><tr><td width=\"55%\"><h3>%1</h3><table>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Inputs")));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "System")), q(r.context->system.name));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "GPUs")), QStringLiteral("%1 × %2").arg(grouped(static_cast<double>(s.gpus)), q(r.context->gpu.name)));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Model")), q(r.context->model.name));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Mode")), r.serving() ? trReport(QT_TRANSLATE_NOOP("ReportExport", "Inference"))
                                                                                 : trReport(QT_TRANSLATE_NOOP("ReportExport", "Training")));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Layout")),
                QStringLiteral("TP %1 · PP %2 · CP %3 · EP %4 · DP %5").arg(l.tp).arg(l.pp).arg(l.cp).arg(l.ep).arg(l.dp));
    const char* block = r.serving() ? "inference" : "training";
    html += row(r.serving() ? trReport(QT_TRANSLATE_NOOP("ReportExport", "Inference settings"))
                            : trReport(QT_TRANSLATE_NOOP("ReportExport", "Training settings")),
                settingsOf(scenarioJson.value(block, nlohmann::json::object())));
    html += QStringLiteral("</table></td><td><h3>%1</h3><table>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Headline numbers")));
    const auto number = [&](const char* key) { return e.value(key, 0.0); };
    if (r.serving()) {
        const InferenceEvaluation& i = r.inference;
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Time to first token (TTFT)")), q(format(i.ttft)));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Time per output token (TPOT)")), q(format(i.tpot)));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Tokens/s per GPU")), grouped(number("tokens_per_s_per_gpu")));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Tokens/s per user")), QLocale().toString(number("tokens_per_s_per_user"), 'f', 1));
        if (e.contains("cost_per_million_tokens") && e["cost_per_million_tokens"].is_number())
            html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Cost per million output tokens")),
                        QLocale().toString(number("cost_per_million_tokens"), 'f', 2) + QLatin1Char(' ') + q(e.value("currency", std::string())));
    } else {
        const Evaluation& t = r.evaluation;
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Step time")), q(format(t.stepTime)));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "MFU")), percent(number("mfu")));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Tokens/s per GPU")), grouped(number("tokens_per_s_per_gpu")));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Exposed communication per step")), q(format(t.exposedComm)));
        html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Pipeline bubble")), percent(t.bubbleFraction));
    }
    const nlohmann::json memory = e.value("memory_per_gpu", nlohmann::json::object());
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Memory per GPU")),
                trReport(QT_TRANSLATE_NOOP("ReportExport", "%1 of %2")).arg(q(format(Bytes{memory.value("total_B", 0.0)})), q(format(Bytes{memory.value("capacity_B", 0.0)}))));
    html += QStringLiteral("</table></td></tr></table><h3>%1</h3><p>%2</p>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "How far to trust these numbers")), plannerTrustText(r));
    QStringList warnings;
    if (r.serving())
        for (int i = 0; i < r.inference.warningCount; ++i) {
            const auto k = static_cast<size_t>(i);
            warnings << verdictText(r.inference.warnings[k], r.inference.warningA[k], r.inference.warningB[k]);
        }
    else
        for (int i = 0; i < r.evaluation.warningCount; ++i) warnings << verdictText(r.evaluation.warnings[static_cast<size_t>(i)]);
    html += QStringLiteral("<h3>%1</h3>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Warnings")));
    if (warnings.empty()) html += QStringLiteral("<p>%1</p>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "None.")));
    else {
        html += QStringLiteral("<ul>");
        for (const QString& w : warnings) html += QStringLiteral("<li>%1</li>").arg(w.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

// The memory of one GPU by part, then (training) communication per parallel axis.
QString communicationAndMemoryHtml(const PlannerResult& r, const nlohmann::json& e)
{
    QString html = QStringLiteral("<h1>%1</h1>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Communication and memory — %1")).arg(q(r.scenario.name)).toHtmlEscaped());
    html += QStringLiteral("<h3>%1</h3>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Communication per parallel axis, per step")));
    if (e.contains("comm") && e["comm"].is_object()) {
        html += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
                    .arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Axis")), trReport(QT_TRANSLATE_NOOP("ReportExport", "Bytes per step")),
                         trReport(QT_TRANSLATE_NOOP("ReportExport", "Network tier")), trReport(QT_TRANSLATE_NOOP("ReportExport", "Bandwidth")),
                         trReport(QT_TRANSLATE_NOOP("ReportExport", "Time")), trReport(QT_TRANSLATE_NOOP("ReportExport", "Exposed")));
        for (const auto& [axis, c] : e["comm"].items()) {
            const QString tier = c.value("tier", nlohmann::json()).is_string() ? q(c["tier"].get<std::string>()) : QStringLiteral("—");
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td></tr>")
                        .arg(q(axis).toUpper(), q(format(Bytes{c.value("bytes", 0.0)})), tier,
                             q(format(BytesPerSecond{c.value("bandwidth_Bps", 0.0)})), q(format(Seconds{c.value("s", 0.0)})),
                             q(format(Seconds{c.value("exposed_s", 0.0)})));
        }
        html += QStringLiteral("</table>");
    } else {
        html += QStringLiteral("<p>%1</p>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Each pass's collectives are rows of the per-operation breakdown (stream tp, ep, pp), with their time and source.")));
    }
    html += QStringLiteral("<h3>%1</h3><table>").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Memory per GPU")));
    const std::vector<std::pair<const char*, const char*>> parts{
        {"weights_B", QT_TRANSLATE_NOOP("ReportExport", "Weights")},
        {"grads_B", QT_TRANSLATE_NOOP("ReportExport", "Gradients")},
        {"optimizer_B", QT_TRANSLATE_NOOP("ReportExport", "Optimizer state")},
        {"activations_B", QT_TRANSLATE_NOOP("ReportExport", "Activations")},
        {"kv_cache_B", QT_TRANSLATE_NOOP("ReportExport", "KV cache")},
        {"kv_spilled_B", QT_TRANSLATE_NOOP("ReportExport", "KV cache spilled to CPU memory")},
        {"buffers_B", QT_TRANSLATE_NOOP("ReportExport", "Communication buffers")},
        {"reserved_B", QT_TRANSLATE_NOOP("ReportExport", "Reserved (runtime, fragmentation)")},
        {"total_B", QT_TRANSLATE_NOOP("ReportExport", "Total")},
        {"capacity_B", QT_TRANSLATE_NOOP("ReportExport", "Capacity")}};
    const nlohmann::json memory = e.value("memory_per_gpu", nlohmann::json::object());
    for (const auto& [key, label] : parts)
        if (memory.contains(key) && memory[key].is_number()) html += row(trReport(label), q(format(Bytes{memory[key].get<double>()})));
    html += row(trReport(QT_TRANSLATE_NOOP("ReportExport", "Fits")), memory.value("fits", false) ? trReport(QT_TRANSLATE_NOOP("ReportExport", "yes"))
                                                                                                  : trReport(QT_TRANSLATE_NOOP("ReportExport", "no")));
    return html + QStringLiteral("</table>");
}

QString contentsHtml(const QList<ReportSectionEntry>& sections)
{
    QString html = QStringLiteral("<h1>%1</h1><table width=\"60%\">").arg(trReport(QT_TRANSLATE_NOOP("ReportExport", "Contents")));
    for (const ReportSectionEntry& s : sections)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td></tr>").arg(s.title.toHtmlEscaped()).arg(s.firstPage);
    return html + QStringLiteral("</table>");
}

// The hardware views of the scenario's system; a view the system cannot draw is left out.
void addHardwareSections(std::vector<Section>& sections, const SpecCatalog& catalog, const PlannerResult& r, const HardwarePalette& ink)
{
    const ResolvedSystem& sys = *r.context;
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Rack")), sceneDocument(std::make_shared<RackScene>(sys.system, catalog, ink))});
    if (catalog.system(r.scenario.system)) {
        try {
            const TopologyHighlight tpGroup{CollectiveKind::AllReduce, r.scenario.parallel.tp, TopologyHighlight{}.bytes};
            sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Network topology")),
                                sceneDocument(std::shared_ptr<HardwareScene>(createTopologyScene(catalog, r.scenario.system, r.scenario.gpus, tpGroup, ink)))});
        } catch (const std::exception&) {
            // a topology the view cannot lay out: the rack and chip still describe the system
        }
    }
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "GPU package")), sceneDocument(std::make_shared<ChipScene>(sys.gpu, ink))});
}

} // namespace

ScenarioReport scenarioReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const ExportPage& paper, QDate date,
                              const PlannerResultPtr& pinned)
{
    const PlannerResult& r = *result;
    const HardwarePalette ink = HardwarePalette::print();
    QSizeF size = paper.size;
    if (size.width() < size.height()) size.transpose(); // every page landscape: the views and tables are wide
    const QSizeF content(size.width(), size.height() - kFooterBand);
    const nlohmann::json e = evaluationJson(r);
    auto contents = std::make_shared<QList<ReportSectionEntry>>();

    std::vector<Section> sections;
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Cover: inputs, headline numbers, trust, warnings")),
                        htmlPage(q(r.scenario.name), [html = coverHtml(r, e)] { return html; })});
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Contents")), htmlPage(QString(), [contents] { return contentsHtml(*contents); })});
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "The planner")), plannerPageDocument(result)});
    if (pinned)
        sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Comparison: A (%1) pinned, this scenario as B"))
                                .arg(q(pinned->scenario.name)),
                            plannerPageDocument(result, pinned)});
    sections.push_back({r.serving() ? trReport(QT_TRANSLATE_NOOP("ReportExport", "Timeline: prefill and decode step, whole"))
                                    : trReport(QT_TRANSLATE_NOOP("ReportExport", "Timeline: the whole step")),
                        timelineDocument(result)});
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Timeline: the first %1 % of each pass, zoomed")).arg(kReportZoomShare * 100),
                        timelineDocument(result, TimeWindow{0, kReportZoomShare * timelineExportEnd(r)})});
    const size_t breakdown = sections.size();
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Per-operation breakdown, with sources")), breakdownDocument(result, content, false)});
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Communication per axis and memory per GPU")),
                        htmlPage(QString(), [html = communicationAndMemoryHtml(r, e)] { return html; })});
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Sharding map")),
                        sceneDocument(std::make_shared<ShardingMapScene>(r, ShardingColouring::Tp, ink))});
    addHardwareSections(sections, catalog, r, ink);
    sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Power, cooling, energy and cost")), sceneDocument(std::make_shared<PowerScene>(r, ink))});
    if (r.serving() && r.servingCurves && !r.servingCurves->empty()) {
        ThroughputLatencyData data;
        data.scenario = q(r.scenario.name);
        data.limits = servingLimitsOf(r.scenario.inference);
        data.curves = *r.servingCurves;
        data.operating = servingPoint(r.inference);
        sections.push_back({trReport(QT_TRANSLATE_NOOP("ReportExport", "Throughput against latency")),
                            sceneDocument(std::make_shared<ThroughputLatencyScene>(data, ink))});
    }

    ScenarioReport report;
    report.pageSize = size;
    std::vector<int> first;
    int pages = 0;
    for (const Section& s : sections) {
        first.push_back(pages);
        report.sections.append({s.title, pages + 1});
        pages += std::max(1, s.document.pages);
    }
    // The sources close the breakdown, on its last page.
    report.sections.insert(static_cast<qsizetype>(breakdown) + 1, {trReport(QT_TRANSLATE_NOOP("ReportExport", "Sources of the breakdown's numbers")),
                                                                    first[breakdown] + sections[breakdown].document.pages});
    *contents = report.sections;

    const QString footerText = trReport(QT_TRANSLATE_NOOP("ReportExport", "ScaleScope %1 · %2 · %3"))
                                   .arg(QString::fromLatin1(versionString()), QLocale().toString(date, QLocale::ShortFormat), q(r.scenario.name));
    report.document = ExportDocument{
        trReport(QT_TRANSLATE_NOOP("ReportExport", "Scenario report — %1")).arg(q(r.scenario.name)), q(r.scenario.description), ink.background,
        [sections, first, pages, size, content, footerText, ink](QPainter& p, const QRectF& page, int index) {
            p.fillRect(page, ink.background);
            const auto at = std::upper_bound(first.begin(), first.end(), index) - 1;
            const size_t section = static_cast<size_t>(at - first.begin());
            p.save();
            sections[section].document.paint(p, QRectF(page.topLeft(), content), index - *at);
            p.restore();
            QFont font;
            font.setPixelSize(qRound(8.5 * std::clamp(size.width() / 842.0, 0.8, 2.5)));
            p.setFont(font);
            p.setPen(ink.mutedText);
            const QRectF footer(page.left() + kMargin, page.bottom() - kFooterBand - kMargin / 2, page.width() - 2 * kMargin, kFooterBand);
            p.fillRect(QRectF(footer.left(), footer.top(), footer.width(), 0.5), ink.mutedText);
            p.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, footerText);
            p.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                       QCoreApplication::translate("ReportExport", "page %1 of %2").arg(index + 1).arg(pages));
        },
        pages};
    return report;
}

bool exportReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const QString& file, const ExportPage& paper, QString* error,
                  const PlannerResultPtr& pinned)
{
    if (!result->ok()) {
        if (error) *error = q(result->evaluationErrorPath() + ": " + result->evaluationError());
        return false;
    }
    const ScenarioReport report = scenarioReport(catalog, result, paper, QDate::currentDate(), pinned);
    return exportDocument(report.document, file, ExportFormat::Pdf, report.pageSize, kPointsPerInch, error);
}

} // namespace scalescope
