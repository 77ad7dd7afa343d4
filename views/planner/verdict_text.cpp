#include "verdict_text.h"

#include "model/spec/quantity_parser.h"
#include "model/training/verdicts.h"

#include <QCoreApplication>
#include <QLocale>

namespace scalescope {

namespace {
QString num(double v) { return QString::fromStdString(formatSignificant(v, 3)); }
QString grouped(double v) { return QString::fromStdString(groupedNumber(v)); }
} // namespace

QString verdictText(const Warning& w)
{
    switch (w.code) {
    case WarningCode::TpLeavesNvlinkDomain:
        return QCoreApplication::translate("Verdicts", "TP=%1 spans %2 NVLink domains: its AllGather runs at %3 per GPU instead of over NVLink")
            .arg(num(w.a), num(w.b), QString::fromStdString(format(BytesPerSecond{w.c})));
    case WarningCode::EpLeavesNvlinkDomain:
        return QCoreApplication::translate("Verdicts", "EP=%1 spans %2 NVLink domains: the expert AllToAll crosses the scale-out network").arg(num(w.a), num(w.b));
    case WarningCode::CpLeavesNvlinkDomain:
        return QCoreApplication::translate("Verdicts", "CP=%1 spans %2 NVLink domains: ring attention crosses the scale-out network").arg(num(w.a), num(w.b));
    case WarningCode::BelowCriticalBatch:
        return QCoreApplication::translate("Verdicts", "Per-GPU batch %1 tokens is below the DP critical batch of ~%2 tokens: data-parallel communication cannot "
                  "hide behind compute")
            .arg(grouped(w.a), grouped(w.b));
    case WarningCode::TpAboveComputeBoundLimit:
        return QCoreApplication::translate("Verdicts", "TP=%1 is above the compute-bound limit F·W/C ≈ %2: tensor-parallel communication dominates the MLP")
            .arg(num(w.a), num(w.b));
    case WarningCode::DoesNotFit:
        return QCoreApplication::translate("Verdicts", "Needs %1 per GPU but only %2 of HBM is usable (%3 over)")
            .arg(QString::fromStdString(formatBytes(Bytes{w.a})), QString::fromStdString(formatBytes(Bytes{w.b})),
                 QString::fromStdString(formatBytes(Bytes{w.a - w.b})));
    case WarningCode::SpillsToCpuMemory:
        return QCoreApplication::translate("Verdicts", "%1 per GPU spills to LPDDR5X over NVLink-C2C, adding %2 per step")
            .arg(QString::fromStdString(formatBytes(Bytes{w.a})), QString::fromStdString(format(Seconds{w.b})));
    case WarningCode::LargeBubble:
        return QCoreApplication::translate("Verdicts", "The pipeline bubble is %1 % of the step: use more micro-batches (now %2) or interleaving")
            .arg(num(w.a * 100), num(w.b));
    case WarningCode::UnevenLayers:
        return QCoreApplication::translate("Verdicts", "%1 layers do not split evenly over %2 pipeline stages: the largest stage has %3 layers")
            .arg(num(w.a), num(w.b), num(w.c));
    case WarningCode::Zero3WithPipeline:
        return QCoreApplication::translate("Verdicts", "ZeRO-3 with pipeline parallelism gathers the weights for every micro-batch: ZeRO-1 fits and is %1 % faster by this model")
            .arg(num(w.a * 100));
    case WarningCode::MeasuredMode:
        return QCoreApplication::translate("Verdicts", "Measured mode: kernels at calibrated efficiencies, collectives at measured NCCL efficiencies");
    case WarningCode::TheoreticalMode:
        return QCoreApplication::translate("Verdicts", "Theoretical mode: the pure roofline (dense peak, nominal bandwidths); real runs are slower");
    case WarningCode::AboveBestPublishedMfu:
        return QCoreApplication::translate("Verdicts", "BF16 MFU %1 % is above the best published run of its class on any "
                                                       "GPU (%2 %): treat it with suspicion")
            .arg(num(w.a * 100), num(w.b * 100));
    case WarningCode::ExposedCommunication:
        return QCoreApplication::translate("Verdicts", "%1 communication is exposed for %2 per step (%3 % of the step)")
            .arg(QString::fromLatin1(commAxisKey(static_cast<CommAxis>(static_cast<int>(w.a)))).toUpper(),
                 QString::fromStdString(format(Seconds{w.b})), num(w.c * 100));
    case WarningCode::ComputeCalibrationCarriedOver:
        return QCoreApplication::translate("Verdicts", "No kernel measurements for this GPU: efficiencies carried over from another generation (an assumption)");
    case WarningCode::StepBeyondTrainingBudget:
        return QCoreApplication::translate("Verdicts", "One step takes %1 tokens, more than the whole training budget of %2 tokens: check the global batch and sequence length")
            .arg(QLocale().toString(w.a, 'f', 0), QLocale().toString(w.b, 'f', 0));
    case WarningCode::BatchFarBeyondCriticalBatch:
        return QCoreApplication::translate("Verdicts", "One step takes %1 tokens, %2× the critical batch bound of %3 tokens (Kaplan et al. 2020): more tokens per step no longer train faster; check the global batch")
            .arg(QLocale().toString(w.a, 'f', 0), QLocale().toString(w.a / w.b, 'f', 0), QLocale().toString(w.b, 'f', 0));
    case WarningCode::AttentionKernelNotCalibrated:
        return QCoreApplication::translate("Verdicts", "The scenario's attention kernel has no measurements for this GPU: the GPU's default attention kernel is used");
    case WarningCode::GroupStraddlesDomain:
        return QCoreApplication::translate("Verdicts", "%1=%2 does not divide the %3-GPU NVLink domain: some of its groups straddle a domain boundary and cross the scale-out network")
            .arg(QString::fromStdString(std::string(commAxisKey(static_cast<CommAxis>(static_cast<int>(w.c))))).toUpper(), num(w.a), num(w.b));
    }
    return {};
}

} // namespace scalescope
