#include "operation_table_model.h"

#include "model/spec/quantity_parser.h"
#include "model/training/operation_breakdown.h"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace scalescope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const OperationTable& rowsOf(const PlannerResult& r) noexcept { return r.serving() ? r.inference.ops : r.evaluation.ops; }

// Instances of the row per step (training) or per pass of the stage (serving: the row's count).
double instances(const PlannerResult& r, const OpRow& row) noexcept
{
    return r.serving() ? row.count : rowsPerStep(row, r.evaluation);
}

// What the Share column divides by: the step, or the row's pass on its stage (as inference_json.cpp's share_of_pass).
double shareBase(const PlannerResult& r, const OpRow& row) noexcept
{
    if (!r.serving()) return r.evaluation.stepTime.si;
    double pass = 0;
    for (OpStream st : {OpStream::Compute, OpStream::Tp, OpStream::Ep, OpStream::Pp})
        pass += r.inference.ops.streamTotal(st, row.phase).si;
    return pass;
}

bool isAssumption(const OpRow& r) noexcept { return r.source && r.source->rfind("assumption:", 0) == 0; }

// "Calibration compute-hopper: a shipped measurement".
QString provenanceText(const RowProvenance& p)
{
    QString kind;
    switch (p.kind) {
    case SourceKind::Roofline: kind = OperationTableModel::tr("the pure roofline"); break;
    case SourceKind::ShippedMeasurement: kind = OperationTableModel::tr("a shipped measurement"); break;
    case SourceKind::CarriedOver: kind = OperationTableModel::tr("a curve carried over from another GPU"); break;
    case SourceKind::UserMeasurement: kind = OperationTableModel::tr("your own measurement (imported)"); break;
    case SourceKind::Assumption: kind = OperationTableModel::tr("a labelled assumption"); break;
    case SourceKind::Extrapolated: kind = OperationTableModel::tr("a labelled extrapolation beyond the measured range"); break;
    }
    if (p.calibration.empty()) return kind;
    return OperationTableModel::tr("Calibration %1: %2").arg(q(p.calibration), kind);
}

} // namespace

QString operationName(OpKind kind)
{
    switch (kind) {
    case OpKind::Embedding: return OperationTableModel::tr("Embedding");
    case OpKind::AttentionNorm: return OperationTableModel::tr("Attention norm");
    case OpKind::QkvProjection: return OperationTableModel::tr("QKV projection");
    case OpKind::Rotary: return OperationTableModel::tr("Rotary embedding");
    case OpKind::AttentionCore: return OperationTableModel::tr("Attention (scores · softmax · values)");
    case OpKind::OutProjection: return OperationTableModel::tr("Attention output projection");
    case OpKind::Residual: return OperationTableModel::tr("Residual add");
    case OpKind::MlpNorm: return OperationTableModel::tr("MLP norm");
    case OpKind::FinalNorm: return OperationTableModel::tr("final norm");
    case OpKind::MlpUp: return OperationTableModel::tr("MLP up / gate projection");
    case OpKind::Activation: return OperationTableModel::tr("Activation (SwiGLU / GELU)");
    case OpKind::MlpDown: return OperationTableModel::tr("MLP down projection");
    case OpKind::Router: return OperationTableModel::tr("MoE router");
    case OpKind::RouterTopK: return OperationTableModel::tr("MoE router scoring and top-k");
    case OpKind::RouterBalancing: return OperationTableModel::tr("MoE load balancing (expert counts, loss)");
    case OpKind::Permute: return OperationTableModel::tr("MoE permute / unpermute");
    case OpKind::PermuteFused: return OperationTableModel::tr("MoE permute / unpermute (fused)");
    case OpKind::ExpertGemms: return OperationTableModel::tr("Expert grouped GEMMs");
    case OpKind::MoeImbalance: return OperationTableModel::tr("MoE load imbalance (busiest expert)");
    case OpKind::Logits: return OperationTableModel::tr("Logits (LM head)");
    case OpKind::CrossEntropy: return OperationTableModel::tr("Cross-entropy");
    case OpKind::MtpNorm: return OperationTableModel::tr("MTP norms (hidden state, next-token embedding)");
    case OpKind::MtpProjection: return OperationTableModel::tr("MTP projection (2h to h)");
    case OpKind::Fp8Cast: return OperationTableModel::tr("FP8 casts");
    case OpKind::Optimizer: return OperationTableModel::tr("Optimizer step");
    case OpKind::TpCollective: return OperationTableModel::tr("TP AllGather / ReduceScatter");
    case OpKind::CpCollective: return OperationTableModel::tr("CP K/V exchange");
    case OpKind::CpMerge: return OperationTableModel::tr("CP partial-output merge");
    case OpKind::EpDispatch: return OperationTableModel::tr("EP AllToAll dispatch");
    case OpKind::EpCombine: return OperationTableModel::tr("EP AllToAll combine");
    case OpKind::PpSend: return OperationTableModel::tr("PP send / receive");
    case OpKind::DpGradReduce: return OperationTableModel::tr("DP gradient reduce");
    case OpKind::DpParamGather: return OperationTableModel::tr("DP parameter AllGather");
    case OpKind::SpillTransfer: return OperationTableModel::tr("HBM spill over NVLink-C2C");
    case OpKind::OverlapContention: return OperationTableModel::tr("Compute slowed by overlapped communication");
    }
    return {};
}

QString phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Forward: return OperationTableModel::tr("forward");
    case Phase::Backward: return OperationTableModel::tr("backward");
    case Phase::Recompute: return OperationTableModel::tr("recompute");
    case Phase::Step: return OperationTableModel::tr("step");
    case Phase::Prefill: return OperationTableModel::tr("prefill");
    case Phase::Decode: return OperationTableModel::tr("decode");
    }
    return {};
}

QString streamName(OpStream stream)
{
    return stream == OpStream::Compute ? OperationTableModel::tr("compute") : QString::fromLatin1(opStreamKey(stream)).toUpper();
}

OperationTableModel::OperationTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void OperationTableModel::setResult(const PlannerResultPtr& result)
{
    beginResetModel();
    m_result = result && result->ok() ? result : nullptr;
    m_order.clear();
    if (m_result) {
        const OperationTable& ops = rowsOf(*m_result);
        m_order.resize(static_cast<size_t>(ops.size()));
        std::iota(m_order.begin(), m_order.end(), 0);
        std::stable_sort(m_order.begin(), m_order.end(), [this, &ops](int a, int b) {
            const auto exposed = [&](int i) { return (ops[i].time - ops[i].hidden).si * instances(*m_result, ops[i]); };
            return exposed(a) > exposed(b);
        });
    }
    endResetModel();
}

double OperationTableModel::exposedSeconds(int row) const
{
    if (!m_result || row < 0 || row >= rowCount()) return 0;
    const OpRow& r = rowsOf(*m_result)[m_order[static_cast<size_t>(row)]];
    return (r.time - r.hidden).si * instances(*m_result, r);
}

int OperationTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_order.size());
}

int OperationTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OperationTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_result || !index.isValid() || index.row() >= rowCount()) return {};
    const OpRow& r = rowsOf(*m_result)[m_order[static_cast<size_t>(index.row())]];
    const double n = instances(*m_result, r);
    const Seconds step = r.time * n, hidden = r.hidden * n;
    const int column = index.column();
    if (role == Qt::TextAlignmentRole)
        return column == Operation || column == PhaseColumn || column == Stream || column == Source
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (column == Source) {
            const std::string citation = sourceCitation(*m_result->context, r);
            if (isAssumption(r))
                return tr("An assumption: no measurement covers this operation here; the model costs it as its source says.") +
                       QStringLiteral("\n") + q(citation);
            if (citation.empty()) return tr("The pure roofline: dense peak and nominal bandwidth (theoretical mode)");
            return provenanceText(rowProvenance(*m_result->context, r)) + QStringLiteral("\n") + q(citation);
        }
        if (column == Efficiency)
            return tr("Fraction of the nominal peak (compute) or link bandwidth (collectives) this row runs at");
        if (column == Hidden) return tr("Overlapped with other work: not on the critical path");
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case Operation:
        return m_result->serving() && r.op == OpKind::TpCollective ? tr("TP AllReduce") : operationName(r.op);
    case PhaseColumn: return phaseName(r.phase);
    case Stream: return streamName(r.stream);
    case PerStep: return q(formatSignificant(n, 4));
    case StepTime: return q(format(step));
    case Hidden: return hidden.si > 0 ? q(format(hidden)) : QString();
    case Share: {
        const double base = shareBase(*m_result, r);
        return base > 0 ? QStringLiteral("%1 %").arg((step - hidden).si / base * 100, 0, 'f', 1) : QString();
    }
    case Efficiency: return QStringLiteral("%1 %").arg(r.efficiency * 100, 0, 'f', 0);
    case FlopsColumn: return r.flops.si > 0 ? q(format(r.flops)) : QString();
    case BytesColumn: return r.bytes.si > 0 ? q(formatBytes(r.bytes)) : QString();
    case Source:
        return r.source ? (isAssumption(r) || isExtrapolation(r.source) ? QStringLiteral("⚠ ") : QString()) + q(*r.source)
                        : tr("roofline");
    default: return {};
    }
}

QVariant OperationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    const bool serving = m_result && m_result->serving(); // a pass of one stage: the prefill or a decode step
    switch (section) {
    case Operation: return tr("Operation");
    case PhaseColumn: return tr("Phase");
    case Stream: return tr("Runs on");
    case PerStep: return serving ? tr("Per pass") : tr("Per step");
    case StepTime: return serving ? tr("Time per pass") : tr("Time per step");
    case Hidden: return tr("Hidden");
    case Share: return serving ? tr("Share of pass") : tr("Share of step");
    case Efficiency: return tr("Efficiency");
    case FlopsColumn: return tr("FLOPs each");
    case BytesColumn: return tr("Bytes each");
    case Source: return tr("Source");
    default: return {};
    }
}

} // namespace scalescope
