#include "breakdown_panel.h"

#include "operation_table_model.h"

#include "model/spec/quantity_parser.h"
#include "model/training/operation_breakdown.h"
#include "views/widgets/table_export.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace scalescope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString t(Seconds s) { return q(format(s)); }

} // namespace

BreakdownPanel::BreakdownPanel(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_view(new QTableView(this)), m_model(new OperationTableModel(this))
{
    setObjectName(QStringLiteral("BreakdownPanel"));
    m_summary->setObjectName(QStringLiteral("breakdownSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_view->setObjectName(QStringLiteral("operationTable"));
    m_view->setModel(m_model);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    addTableExportActions(m_view, QStringLiteral("breakdown.csv"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    refresh();
}

void BreakdownPanel::setResult(const PlannerResultPtr& result)
{
    m_result = result;
    m_model->setResult(result);
    refresh();
}

QString BreakdownPanel::summaryText() const { return m_summary->text(); }

void BreakdownPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_model->setResult(m_result); // headers and names in the new language
        refresh();
    }
    QWidget::changeEvent(event);
}

void BreakdownPanel::refresh()
{
    if (!m_result || !m_result->ok()) {
        m_summary->setText(tr("No evaluation: the scenario has a problem (see the planner's verdicts)."));
        return;
    }
    if (m_result->serving()) {
        m_summary->setText(servingSummary());
        return;
    }
    const Evaluation& e = m_result->evaluation;
    const StepBreakdown b = stepBreakdown(e);
    Seconds exposed{};
    QStringList axes;
    for (int i = 0; i < kCommAxes; ++i) {
        const Seconds x = b.exposed[static_cast<size_t>(i)];
        exposed += x;
        if (x.si > 0) axes << QStringLiteral("%1 %2").arg(QString::fromLatin1(commAxisKey(static_cast<CommAxis>(i))).toUpper(), t(x));
    }
    const Seconds compute = b.gemm + b.groupedGemm + b.attention + b.memoryBound + b.contention + b.other;
    QString text = tr("<b>Step %1</b> on the slowest stage's GPU = compute %2 (GEMMs %3, grouped GEMMs %4, attention %5, "
                      "memory-bound %6) + exposed communication %7 + pipeline bubble %8 + optimizer %9.")
                       .arg(t(e.stepTime), t(compute), t(b.gemm), t(b.groupedGemm), t(b.attention), t(b.memoryBound), t(exposed),
                            t(b.bubble), t(b.optimizer));
    if (b.contention.si > 0)
        text += QStringLiteral(" ") + tr("Compute includes %1 of slowdown while communication overlaps it.").arg(t(b.contention));
    if (!axes.isEmpty()) text += QStringLiteral(" ") + tr("Exposed by axis: %1.").arg(axes.join(QStringLiteral(", ")));
    // Which measured attention kernel the attention rows use (training.attention_kernel or the GPU's default).
    if (const std::string kernel = m_result->context ? attentionKernelId(*m_result->context) : std::string(); !kernel.empty())
        text += QStringLiteral(" ") + tr("Attention kernel: %1.").arg(QString::fromStdString(kernel));
    text += QStringLiteral("<br>") +
            tr("Every row below is one operation of the model's cost table, per step, largest exposed time first; "
               "hover a source for its citation.");
    m_summary->setText(text);
}

QString BreakdownPanel::servingSummary() const
{
    const InferenceEvaluation& e = m_result->inference;
    const auto pass = [&](Phase phase) {
        Seconds communication{};
        for (OpStream st : {OpStream::Tp, OpStream::Ep}) communication += e.ops.streamTotal(st, phase);
        return std::pair{e.ops.streamTotal(OpStream::Compute, phase), communication};
    };
    const auto [prefillCompute, prefillComm] = pass(Phase::Prefill);
    const auto [decodeCompute, decodeComm] = pass(Phase::Decode);
    QString text = tr("<b>TTFT %1</b> over %2 stage(s): the slowest stage's prefill of the batch takes compute %3 + "
                      "communication %4. <b>TPOT %5</b>: one decode step on it takes compute %6 + communication %7.")
                       .arg(t(e.ttft))
                       .arg(e.stages)
                       .arg(t(prefillCompute), t(prefillComm), t(e.tpot), t(decodeCompute), t(decodeComm));
    text += QStringLiteral("<br>") +
            tr("Every row below is one operation of the slowest stage, per pass (prefill or one decode step), largest "
               "first; a source marked ⚠ is an assumption where no measurement covers the operation. Hover a source "
               "for its citation.");
    return text;
}

} // namespace scalescope
