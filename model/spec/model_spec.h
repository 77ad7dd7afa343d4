#pragma once
// A transformer model's shape as read from specs/models.

#include "model/spec/sourced.h"

#include <optional>
#include <string>

namespace scalescope {

enum class FfnType { SwiGlu, Gelu };

struct MlaSpec {
    Sourced<int> qLoraRank, kvLoraRank, qkNopeHeadDim, qkRopeHeadDim, vHeadDim;
};

// How the router scores experts before top-k: softmax over all experts
// (Mixtral, Qwen3, DeepSeek-V2), or a sigmoid per expert whose top-k weights
// are normalised to sum to 1 (DeepSeek-V3). Model key moe/score_function.
enum class MoeScoring { Softmax, Sigmoid };

struct MoeSpec {
    Sourced<int> experts;
    Sourced<int> topK;
    Sourced<int> sharedExperts;
    Sourced<int> expertFfn;
    Sourced<int> denseLayers;
    // Node-limited routing: a token reaches experts on at most this many
    // nodes, and crosses the scale-out network once per node (absent: top_k).
    std::optional<Sourced<int>> maxNodesPerToken;
    MoeScoring scoring = MoeScoring::Softmax; // "score_function": "softmax" (default) | "sigmoid"
};

struct ModelSpec {
    std::string id, name;
    SourceMap sources;
    Sourced<int> layers, hidden, ffn, heads, kvHeads, headDim, vocab;
    FfnType ffnType = FfnType::SwiGlu;
    bool tiedEmbeddings = false;
    std::optional<Sourced<int>> maxSeqLen;
    Sourced<double> paramsReported;
    std::optional<Sourced<double>> activeParamsReported;
    std::optional<MlaSpec> mla;
    std::optional<MoeSpec> moe;
};

} // namespace scalescope
