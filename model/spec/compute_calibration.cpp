// A "compute-calibration" document's own keys (identity, reference peaks,
// memory-bound rates, launch cost, MoE load imbalance), the source keys a
// precision without a table falls back to, and the lookups by kernel id and
// architecture. The measured kernel tables: compute_calibration_tables.cpp;
// a carried-over family: compute_calibration_carry_over.cpp.

#include "model/spec/compute_calibration.h"

#include "model/spec/compute_calibration_carry_over.h"
#include "model/spec/compute_calibration_tables.h"
#include "model/spec/quantity_parser.h"
#include "model/spec/spec_reader.h"

#include <algorithm>
#include <cctype>

namespace scalescope {

namespace {

using D = Dimension;
constexpr std::array<const char*, kMemoryOpCount> kMemoryKeys{
    "residual", "norm", "activation", "rotary", "fp8_cast", "permute", "cross_entropy", "cross_entropy_eager", "embedding", "optimizer",
    "permute_gather", "unpermute_scatter_add", "router_top_k"};
// The first of the optional memory operations: a calibration without them
// costs them at memory_bandwidth/permute (the device copy) and its source.
constexpr size_t kFirstOptionalMemoryOp = 10, kPermuteMemoryOp = 5;

void readMeasured(SpecReader& r, ComputeCalibration& c)
{
    c.bf16Peak = r.quantity<D::FlopRate>("/reference/bf16_peak");
    if (auto q = r.optQuantity<D::FlopRate>("/reference/fp8_peak")) c.fp8Peak = *q;
    if (auto q = r.optQuantity<D::FlopRate>("/reference/fp4_peak")) c.fp4Peak = *q;
    c.hbmBandwidth = r.quantity<D::ByteRate>("/reference/hbm_bandwidth");
    if (const auto layout = r.optText("/fp8_operand_layout")) {
        if (*layout == "tn-only") c.fp8TransposedCopies = true;
        else if (*layout != "any") r.error("/fp8_operand_layout", "expected \"tn-only\" or \"any\", found \"" + *layout + "\"");
    }
    readGemmGrids(r, c);
    readGroupedGemm(r, c);
    readAttentionKernels(r, c);
    if (r.exists("/decode_attention")) readDecodeAttention(r, c);
    for (size_t i = 0; i < kMemoryOpCount; ++i) {
        const std::string path = std::string("/memory_bandwidth/") + kMemoryKeys[i];
        if (i >= kFirstOptionalMemoryOp && !r.exists(path)) {
            c.memorySource[i] = c.memorySource[kPermuteMemoryOp];
            c.memoryFraction[i] = c.memoryFraction[kPermuteMemoryOp];
            continue;
        }
        const Sourced<Quantity<D::ByteRate>> bw = r.quantity<D::ByteRate>(path);
        c.memorySource[i] = bw.source;
        c.memoryMeasured[i] = true;
        if (c.hbmBandwidth.value.si <= 0) continue;
        c.memoryFraction[i] = bw.value.si / c.hbmBandwidth.value.si;
        if (c.memoryFraction[i] > 1)
            r.error(path + "/value", "expected at most the reference HBM bandwidth " +
                                         formatQuantity(D::ByteRate, c.hbmBandwidth.value.si, 4) + ", found " +
                                         formatQuantity(D::ByteRate, bw.value.si, 4));
    }
    c.launch = r.quantity<D::Time>("/kernel_launch");
    c.moeAuxiliaryLoss = r.count("/moe_load_imbalance/auxiliary_loss");
    c.moeLossFree = r.count("/moe_load_imbalance/loss_free");
    for (const auto* f : {&c.moeAuxiliaryLoss, &c.moeLossFree})
        if (f->value < 1)
            r.error(f == &c.moeLossFree ? "/moe_load_imbalance/loss_free/value"
                                        : "/moe_load_imbalance/auxiliary_loss/value",
                    "expected a max/mean ratio >= 1, found " + formatSignificant(f->value, 4));
}

// Keys the lookups return when a precision has no table of its own.
void addFallbacks(ComputeCalibration& c)
{
    auto key = [&](const char* k, const std::string& text) {
        if (!c.unsupportedSource.empty()) return c.unsupportedSource;
        c.sources.try_emplace(k, text);
        return std::string(k);
    };
    if (c.fp8.empty())
        c.fp8Fallback =
            key("fallback-fp8",
                "ScaleScope: " + c.name + " has no FP8 GEMM table; FP8 GEMMs use the BF16 table's fraction of peak");
    if (c.fp4.empty())
        c.fp4Fallback =
            key("fallback-fp4", "ScaleScope: " + c.name +
                                    " has no FP4 GEMM table; FP4 GEMMs use the FP8 table's fraction of peak "
                                    "(the BF16 one where there is no FP8 table)");
    c.sources.try_emplace("fallback-other", "ScaleScope: FP64, FP32, TF32 and FP6 GEMMs are not calibrated; they use "
                                            "the BF16 table's fraction of their own peak");
    c.otherFallback = "fallback-other";
}

bool sameIgnoringCase(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

ComputeCalibration readComputeCalibration(SpecReader& r)
{
    ComputeCalibration c;
    c.id = r.text("/id");
    c.name = r.text("/name");
    c.description = r.optText("/description").value_or("");
    c.sources = r.sources();
    c.architectures = r.textList("/architectures");
    if (r.exists("/carried_over"))
        readCarriedOver(r, c);
    else
        readMeasured(r, c);
    if (!c.carriedOver()) addFallbacks(c);
    return c;
}

void resolveCarryOver(ComputeCalibration& t, const ComputeCalibration& base)
{
    carryOverTables(t, base);
    addFallbacks(t);
}

int ComputeCalibration::attentionKernel(std::string_view kernel) const noexcept
{
    for (size_t i = 0; i < attention.size(); ++i)
        if (sameIgnoringCase(attention[i].id, kernel)) return static_cast<int>(i);
    return -1;
}

bool appliesTo(const ComputeCalibration& c, std::string_view architecture) noexcept
{
    return std::any_of(c.architectures.begin(), c.architectures.end(),
                       [&](const std::string& a) { return sameIgnoringCase(a, architecture); });
}

} // namespace scalescope
