"""Which measured memory-bound kernel stands for each of the cost model's
memory operations (specs/calibration/compute-*.json "memory_bandwidth"), the
launch cost, and what of a recording the spec has no place for.

The model's operations are fused kernels where training frameworks fuse
them (torch.compile, Transformer Engine), so the fused variant is taken
where one was measured and the eager one otherwise, which the note says.
"""
import re

# spec key -> (op label in the recording, variants in order of preference, what it is)
MEMORY_OPS = {
    "residual": ("add (residual)", ["eager"], "residual add (a + b), bf16: 3 x 2 B per element"),
    "norm": ("rmsnorm fwd+bwd", ["compiled", "eager"], "RMSNorm forward + backward, bf16: 5 x 2 B per element"),
    "activation": ("swiglu silu(g)*u", ["compiled", "eager"], "SwiGLU silu(g)*u, bf16: 3 x 2 B per element"),
    "rotary": ("rope", ["compiled", "eager"], "RoPE on q, bf16: 2 x 2 B per element"),
    "fp8_cast": ("fp8 cast with amax", ["compiled", "eager"], "cast to FP8 E4M3 with amax: 5 B per element"),
    "cross_entropy": ("cross-entropy fwd+bwd", ["compiled"],
                      "cross-entropy forward + backward from bf16 logits: 2 x 2 B per logit"),
    "cross_entropy_eager": ("cross-entropy fwd+bwd", ["eager fp32 upcast"],
                            "cross-entropy as an eager chain (logits upcast to fp32): 2 x 2 B per logit"),
    "embedding": ("embedding fwd+bwd", ["eager"], "embedding forward + backward: the dense table gradient "
                                                  "(2 B per entry) plus gather and scatter-add of the token rows"),
    "optimizer": ("AdamW step (fp32 params)", ["fused", "foreach"],
                  "AdamW step on fp32 master weights: 28 B per parameter (read p, g, m, v; write p, m, v)"),
}
# Measured rows the spec has no operation for (they stay in the recording).
UNMAPPED_OPS = {"gelu", "rmsnorm fwd", "layernorm fwd", "layernorm fwd+bwd", "residual add + rmsnorm fwd"}
PERMUTE_OPS = ("permute (index_select)", "unpermute (index_add)")


def _find(rows, label, variant):
    for r in rows:
        if r.get("op", "").startswith(label) and r.get("variant") == variant and r.get("ms"):
            return r
    return None


def _embedding_bytes(row) -> float:
    """A row without bytes_min (older sweeps) names V x h in its label and timed 8,192 tokens."""
    if row.get("bytes_min"):
        return row["bytes_min"]
    vocab, hidden = (int(x) for x in re.search(r"\((\d+) x (\d+)\)", row["op"]).groups())
    tokens = row.get("tokens", 8192)
    return 2 * vocab * hidden + 8 * tokens * hidden


def _rate(value_gbps, source, note):
    value = round(value_gbps) if value_gbps >= 10 else float(f"{value_gbps:.3g}")
    return {"value": f"{value} GB/s", "source": source, "note": note}


def _routing_rows(recording, op):
    return [r for r in recording.get("moe_routing", []) if r.get("op") == op and r.get("ms")]


def _shapes(rows) -> str:
    return "; ".join(f"{r['tokens']} tokens x {r['experts']} experts, top-{r['top_k']}, hidden {r['hidden']}: "
                     f"{r['ms']:.3f} ms" for r in rows)


def _gather_hbm_bytes(r) -> float:
    """What the timed index_select moves through HBM: its T·k indices are sorted token ids
    drawn with repeats, so a repeated row is read from cache, each distinct source row
    (T·(1 − (1 − 1/T)^(T·k)) expected) once from HBM, and every routed row written once."""
    tokens, picked = r["tokens"], r["tokens"] * r["top_k"]
    distinct = tokens * (1 - (1 - 1 / tokens) ** picked)
    return 2 * r["hidden"] * (distinct + picked)


def _routing(recording, source) -> dict:
    """The measured MoE routing kernels, each pooled over its shapes (bytes of all over time of all)."""
    out = {}
    gather = _routing_rows(recording, PERMUTE_OPS[0])
    if gather:
        gbps = sum(_gather_hbm_bytes(r) for r in gather) / sum(r["ms"] for r in gather) / 1e6
        out["permute_gather"] = _rate(gbps, source, "MoE dispatch gather, x.index_select(0, order) of tokens x top_k "
                                      "bf16 rows, over its HBM bytes: each distinct source row read once (the order "
                                      "is sorted token ids drawn with repeats, so a repeat hits cache) and each "
                                      "routed row written once; " + _shapes(gather))
    scatter = _routing_rows(recording, PERMUTE_OPS[1])
    if scatter:
        gbps = sum(r["bytes_min"] for r in scatter) / sum(r["ms"] for r in scatter) / 1e6
        out["unpermute_scatter_add"] = _rate(gbps, source, "MoE combine, combined.index_add_(0, order, routed * "
                                             "weights): the weighting multiply and the atomic scatter-add of tokens "
                                             "x top_k bf16 rows, over each routed row read and written once; "
                                             + _shapes(scatter))
    router = _routing_rows(recording, "router softmax top-k")
    if router:
        gbps = sum(r["bytes_min"] for r in router) / sum(r["ms"] for r in router) / 1e6
        out["router_top_k"] = _rate(gbps, source, "router torch.topk(torch.softmax(logits)) over tokens x experts "
                                    "fp32 logits, over the scores read once and the fp32 weights and int64 ids "
                                    "written; " + _shapes(router))
    return out


def _copy(recording, source):
    """The smallest device copy (each row read and written once): the rate of the fused
    permutation, unmeasured, and of the MoE index kernels."""
    copies = sorted(recording.get("copy", []), key=lambda r: r["bytes_each"])
    if not copies:
        raise KeyError("the recording has no copy rows for memory_bandwidth/permute")
    c = copies[0]
    return _rate(c["GBps_rw"], source, f"no fused permutation was measured: a {c['bytes_each'] // 2**20} MiB "
                                      "device-to-device copy (each token row read and written once, as a fused "
                                      "MoE permute / unpermute does)")


def memory_bandwidth(recording: dict, source: str) -> dict:
    rows = recording.get("memory_bound", [])
    out = {}
    for key, (label, variants, what) in MEMORY_OPS.items():
        row = next((r for v in variants if (r := _find(rows, label, v))), None)
        if row is None:
            raise KeyError(f"the recording has no '{label}' row ({' or '.join(variants)}) for memory_bandwidth/{key}")
        moved = _embedding_bytes(row) if key == "embedding" else row["bytes_min"]
        note = f"{what}; {row['variant']}, {row['ms']:.3f} ms"
        if row["variant"] != variants[0]:
            note += f" (no {variants[0]} variant was measured)"
        out[key] = _rate(moved / row["ms"] / 1e6, source, note)
    out["permute"] = _copy(recording, source)
    out.update(_routing(recording, source))
    order = ["residual", "norm", "activation", "rotary", "fp8_cast", "permute", "cross_entropy",
             "cross_entropy_eager", "embedding", "optimizer", "permute_gather", "unpermute_scatter_add",
             "router_top_k"]
    return {k: out[k] for k in order if k in out}


def kernel_launch(recording: dict, source: str) -> dict:
    launch = recording.get("launch")
    if not launch:
        raise KeyError("the recording has no launch section")
    return {"value": f"{launch['graph_us_per_kernel']:.2f} us", "source": source,
            "note": f"per tiny kernel replayed in a CUDA graph; an eager launch costs "
                    f"{launch['eager_host_us_per_launch']:.1f} us of host time"}


def unmapped(recording: dict) -> list:
    """What the spec has no place for, in words (the recording keeps it)."""
    lines = []
    extra = sorted({r["op"] for r in recording.get("memory_bound", []) if r.get("op") in UNMAPPED_OPS})
    if extra:
        lines.append("memory_bound: " + ", ".join(extra) + " (no model operation of their own)")
    for key in ("gemm_bf16_named", "gemm_fp8_e4m3_named"):
        if recording.get(key):
            lines.append(f"{key}: {len(recording[key])} named shapes (checks, not a grid)")
    return lines
