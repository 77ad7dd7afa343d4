// The KV cache (model/inference/kv_cache.h) against published model shapes.

#include "model_test_support.h"

#include "model/inference/kv_cache.h"

using namespace scalescope;
using testing::catalog;

namespace {

const ModelSpec& model(const std::string& id)
{
    const ModelSpec* m = catalog().model(id);
    REQUIRE(m);
    return *m;
}

} // namespace

TEST_CASE("KV cache of LLaMA-3 70B in BF16: 2 · 80 layers · 8 KV heads · 128 · 2 B = 327,680 B per token "
          "(Meta, 'The Llama 3 Herd of Models', Table 3)",
          "[inference][kv_cache]")
{
    const ModelSpec& m = model("llama3-70b");
    CHECK(kvBytesPerToken(m, Precision::Bf16).si == 327680.0);
    CHECK(kvBytesPerToken(m, Precision::Fp8).si == 163840.0);
    CHECK(kvBytesPerToken(m, Precision::Fp4).si == 81920.0);
    // TP 8: one KV head per GPU; TP 16 still holds a whole head (replicated).
    CHECK(kvBytesPerTokenPerLayerPerGpu(m, Precision::Bf16, 8) == 2 * 128 * 2);
    CHECK(kvBytesPerTokenPerLayerPerGpu(m, Precision::Bf16, 16) == 2 * 128 * 2);
    CHECK(kvBytesPerTokenPerLayerPerGpu(m, Precision::Bf16, 2) == 2 * 4 * 128 * 2);
}

TEST_CASE("KV cache of an MLA model is the latent, not heads × head dim: DeepSeek-V3 keeps kv_lora_rank 512 + "
          "rope 64 per token and layer (DeepSeek-V3 report, arXiv 2412.19437, §2.1.1 and §4.2)",
          "[inference][kv_cache]")
{
    const ModelSpec& m = model("deepseek-v3");
    REQUIRE(m.mla);
    CHECK(kvBytesPerTokenPerLayer(m, Precision::Bf16) == (512 + 64) * 2);
    CHECK(kvBytesPerToken(m, Precision::Bf16).si == 61.0 * 576 * 2); // 70,272 B
    CHECK(kvBytesPerTokenPerLayer(m, Precision::Bf16) < 2.0 * m.kvHeads.value * m.headDim.value * 2);
    CHECK(kvBytesPerTokenPerLayerPerGpu(m, Precision::Bf16, 8) == (512 + 64) * 2); // not split over TP
}

TEST_CASE("Paged KV blocks: a sequence occupies whole blocks (vLLM's default block_size 16)", "[inference][kv_cache]")
{
    CHECK(pagedTokens(2048 + 128, 16) == 2176);
    CHECK(pagedTokens(2049, 16) == 2064);
    CHECK(pagedTokens(1, 16) == 16);
    CHECK(pagedTokens(17, 1) == 17);
}
