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

struct MoeSpec {
    Sourced<int> experts;
    Sourced<int> topK;
    Sourced<int> sharedExperts;
    Sourced<int> expertFfn;
    Sourced<int> denseLayers;
    // Node-limited routing: a token reaches experts on at most this many
    // nodes, and crosses the scale-out network once per node (absent: top_k).
    std::optional<Sourced<int>> maxNodesPerToken;
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
