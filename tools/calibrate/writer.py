#!/usr/bin/env python3
"""Turns a recording (the dict measure.measure returns, or a kernel sweep in
the same layout) into a ScaleScope compute-calibration spec, the format of
specs/calibration/compute-hopper.json: GEMM grids as TFLOP/s, grouped over
dense GEMM by tokens per expert and expert weight elements N·K (median over
the cases, 3 decimals),
attention tables per backend, decode attention as achieved GB/s over the KV
cache, memory-bound kernels as GB/s, launch cost in us. TFLOP/s are rounded
to 0.1 and GB/s to whole numbers from 10 up, smaller values to 3
significant digits (grids.rounded).
Every number cites the source "measured": device, driver, library versions,
date and method. Needs no PyTorch.

Usage: writer.py RECORDING.json [-o SPEC.json] [--gpu-spec ID|FILE]
"""
import argparse
import json
import math
import re
import statistics
import sys

import grids
import memory_map
import reference

MEASURED = "measured"
# (recording section, precision: the spec's gemm key and its reference peak)
GEMM_SECTIONS = [("gemm_bf16", "bf16"), ("gemm_fp8_e4m3", "fp8"), ("gemm_fp4_e2m1", "fp4")]
PASSES = [("forward", "fwd"), ("data_grad", "dgrad"), ("weight_grad", "wgrad")]
# SDPA backend -> (kernel id scenarios use, description); the first complete one is the default.
ATTENTION_BACKENDS = [
    ("cudnn", "cudnn", "cuDNN (PyTorch scaled_dot_product_attention)"),
    ("flash", "flash2", "FlashAttention-2 (PyTorch scaled_dot_product_attention, flash backend)"),
    ("efficient", "mem-efficient", "memory-efficient attention (PyTorch scaled_dot_product_attention)"),
]


class WriterError(Exception):
    pass


def _version_text(cudnn) -> str:
    """cuDNN as torch.backends.cudnn.version() gives it (91900) -> "9.19.0"."""
    if isinstance(cudnn, int):
        major, rest = divmod(cudnn, 10000) if cudnn >= 10000 else divmod(cudnn, 1000)
        minor, patch = divmod(rest, 100) if cudnn >= 10000 else divmod(rest, 10)
        return f"{major}.{minor}.{patch}"
    return str(cudnn)


def environment(meta: dict) -> dict:
    """Device and software of a recording; older sweeps keep the driver in an nvidia-smi line."""
    smi = [v.strip() for v in str(meta.get("nvidia_smi", "")).split(",")]
    driver = meta.get("driver") or (smi[1] if len(smi) > 1 else "unknown")
    power = meta.get("power_limit") or (smi[4] if len(smi) > 4 else "")
    return {"gpu": meta.get("gpu", "unknown GPU"), "driver": driver, "power": power, "torch": meta.get("torch", "?"),
            "cuda": meta.get("cuda", "?"), "cudnn": _version_text(meta.get("cudnn", "?")),
            "date": meta.get("date", "unknown date"), "method": meta.get("method", ""),
            "command": meta.get("command", "")}


def source_text(env: dict) -> str:
    power = f" ({env['power']} power limit)" if env["power"] else ""
    made = f" with {env['command']}" if env["command"] else ""
    return (f"{env['gpu']}{power}, driver {env['driver']}, PyTorch {env['torch']} with CUDA {env['cuda']} "
            f"(cuBLAS/cuBLASLt) and cuDNN {env['cudnn']}, measured {env['date']}{made}. Method: {env['method']}")


def default_file_name(meta: dict) -> str:
    return f"{spec_id(environment(meta))}.json"


def spec_id(env: dict) -> str:
    """compute-measured-<device>-<yyyymmdd>: its own id, so that it replaces no shipped
    calibration, and sorted after the shipped compute-<family> ids."""
    slug = re.sub(r"[^a-z0-9]+", "-", env["gpu"].lower().replace("nvidia", "")).strip("-")
    return f"compute-measured-{slug}-{env['date'].replace('-', '')}"


def _tflops(flops: float, ms: float) -> float:
    return grids.rounded(flops / ms / 1e9)


def gemm_grid(rows: list, peak: str, notes: list):
    cells = {(r["M"], r["N"], r["K"]): r for r in rows if all(r.get(p + "_ms") for _, p in PASSES)}
    if not cells:
        return None
    axes, dropped = grids.complete_grid(cells, 3)
    notes += [f"gemm {peak}: dropped {d}" for d in dropped]
    if not all(axes):
        return None
    table = {"source": MEASURED, "unit": "TFLOP/s", "peak": peak, "m": axes[0], "n": axes[1], "k": axes[2]}
    for key, p in PASSES:
        table[key] = grids.nested(axes, lambda m, n, k, p=p: _tflops(2.0 * m * n * k, cells[(m, n, k)][p + "_ms"]))
    return table


def expert_weight_bin(n: int, k: int) -> int:
    """The expert shape class of a grouped GEMM: its N·K weight elements rounded,
    in log2, to the nearest odd power of two (2^21, 2^23, ...: two octaves apart)."""
    return 2 ** (2 * round((math.log2(n * k) - 1) / 2) + 1)


def grouped_gemm(rows: list, notes: list):
    """Grouped / dense speed by tokens per expert × expert weight elements
    (expert_weight_bin): the median over the cases (expert counts, shapes) of
    each cell, on the largest complete grid."""
    ratios = {}
    for r in rows:
        if r.get("grouped_ms") and r.get("dense_ms"):
            cell = (r["tokens_per_expert"], expert_weight_bin(r["N"], r["K"]))
            ratios.setdefault(cell, []).append(r["dense_ms"] / r["grouped_ms"])
    if not ratios:
        return None
    axes, dropped = grids.complete_grid(ratios, 2)
    notes += [f"grouped: dropped {d}" for d in dropped]
    if not all(axes):
        return None
    return {"source": MEASURED, "tokens_per_expert": axes[0], "expert_weight_elements": axes[1],
            "grouped_over_dense": [[round(statistics.median(ratios[(t, w)]), 3) for w in axes[1]] for t in axes[0]]}


def _attention_flops(r: dict) -> float:
    pairs = r["S"] * r["S"] / 2 + r["S"] / 2 if r["causal"] else r["S"] * r["S"]
    return 2.0 * r["B"] * r["H"] * pairs * (r["D"] + r["Dv"])


def attention_table(rows: list, backend: str, description: str, notes: list):
    mine = [r for r in rows if r.get("backend") == backend and r.get("fwd_ms") and r.get("bwd_ms", 0) > 0]
    plain = [r for r in mine if r["D"] == r["Dv"] and r["H"] == r["Hkv"]]
    cells = {(r["D"], r["S"], r["H"]): r for r in plain if r["causal"]}
    non_causal = {r["S"]: r for r in plain if not r["causal"] and r["D"] == 128 and r["H"] == 32}
    if not cells or not non_causal:
        return None
    axes, dropped = grids.complete_grid(cells, 3)
    notes += [f"attention {backend}: dropped {d}" for d in dropped]
    seq = sorted(non_causal)
    while len(seq) > 1 and not grids.spacing_ok(seq):
        notes.append(f"attention {backend}: non-causal dropped {seq.pop()}")
    if not all(axes):
        return None

    def speed(r, backward):
        return _tflops(_attention_flops(r) * (2.5 if backward else 1), r["bwd_ms" if backward else "fwd_ms"])

    table = {"source": MEASURED, "backend": description, "unit": "TFLOP/s", "peak": "bf16",
             "head_dim": axes[0], "seq_len": axes[1], "heads": axes[2]}
    for key, backward in (("forward", False), ("backward", True)):
        table[key] = grids.nested(axes, lambda d, s, h, b=backward: speed(cells[(d, s, h)], b))
    table["non_causal"] = {"source": MEASURED, "head_dim": 128, "heads": 32, "seq_len": seq,
                           "forward": [speed(non_causal[s], False) for s in seq],
                           "backward": [speed(non_causal[s], True) for s in seq]}
    return table


def decode_attention(rows: list, notes: list):
    """The backend with the most complete (head dim, KV length, batch) grid, ties to the faster."""
    best = None
    for backend, _, description in ATTENTION_BACKENDS:
        cells = {(r["D"], r["L"], r["B"]): r for r in rows if r.get("backend") == backend and r.get("ms")}
        if not cells:
            continue
        axes, _ = grids.complete_grid(cells, 3)
        if not all(axes):
            continue
        size = len(axes[0]) * len(axes[1]) * len(axes[2])
        speed = statistics.median(cells[k]["kv_bytes"] / cells[k]["ms"] for k in cells)
        if best is None or (size, speed) > best[0]:
            best = ((size, speed), backend, description, cells, axes)
    if best is None:
        return None
    _, backend, description, cells, axes = best
    any_row = next(iter(cells.values()))
    notes.append(f"decode attention: backend {backend}")
    return {"source": MEASURED, "backend": description, "unit": "GB/s", "heads": any_row["H"],
            "kv_heads": any_row["Hkv"], "head_dim": axes[0], "kv_len": axes[1], "batch": axes[2],
            "bandwidth": grids.nested(axes, lambda d, n, b: _gbps(cells[(d, n, b)]))}


def _gbps(row) -> float:
    """Whole GB/s from 10 up, as the memory-bound figures are stored."""
    x = row["kv_bytes"] / row["ms"] / 1e6
    return round(x) if x >= 10 else grids.rounded(x)


def _fp8_layout(meta: dict):
    major = int(str(meta.get("cc", "0")).split(".")[0] or 0)
    return "tn-only" if major == 9 else ("any" if major >= 10 else None)


def write_spec(recording: dict, gpu_spec=None, specs_dir=reference.SPECS_DIR) -> tuple[dict, list]:
    """(the compute-calibration spec, lines naming what the spec does not hold)."""
    env = environment(recording.get("meta", {}))
    gpu = reference.load_gpu_spec(env["gpu"], gpu_spec, specs_dir)
    ref, ref_sources = reference.reference_peaks(gpu)
    imbalance, imbalance_sources = reference.router_imbalance(gpu["architecture"], specs_dir)
    notes = []
    spec = {
        "kind": "compute-calibration",
        "id": spec_id(env),
        "name": f"{env['gpu']} kernel speeds measured {env['date']}",
        "description": f"Kernel-level measurements of one {env['gpu']} by tools/calibrate "
                       f"(plan {recording.get('meta', {}).get('plan', 'unknown')}): GEMM grids, grouped MoE GEMMs, "
                       "attention per backend, decode attention, memory-bound kernels, launch cost. "
                       "Reference peaks from the ScaleScope GPU spec " + str(gpu.get("id")) + ".",
        "architectures": [gpu["architecture"]],
        "sources": {MEASURED: source_text(env), **ref_sources, **imbalance_sources},
        "reference": ref,
    }
    if _fp8_layout(recording.get("meta", {})) and "fp8_peak" in ref:
        spec["fp8_operand_layout"] = _fp8_layout(recording["meta"])
    spec["gemm"] = {}
    for section, peak in GEMM_SECTIONS:
        if recording.get(section) and peak + "_peak" in ref:
            table = gemm_grid(recording[section], peak, notes)
            if table:
                spec["gemm"][peak] = table
    if "bf16" not in spec["gemm"]:
        raise WriterError("the recording has no complete BF16 GEMM grid (section gemm_bf16)")
    spec["grouped_gemm"] = grouped_gemm(recording.get("grouped_gemm_bf16", []), notes)
    if spec["grouped_gemm"] is None:
        raise WriterError("the recording has no grouped GEMM timings (section grouped_gemm_bf16)")
    kernels = []
    for backend, kernel_id, description in ATTENTION_BACKENDS:
        table = attention_table(recording.get("attention_bf16", []), backend, description, notes)
        if table:
            kernels.append((kernel_id, table))
    if not kernels:
        raise WriterError("the recording has no complete attention table (section attention_bf16)")
    spec["attention"] = dict(kernels[0][1], kernel=kernels[0][0])
    if kernels[1:]:
        spec["attention_kernels"] = dict(kernels[1:])
    decode = decode_attention(recording.get("decode_attention_bf16", []), notes)
    if decode:
        spec["decode_attention"] = decode
    spec["memory_bandwidth"] = memory_map.memory_bandwidth(recording, MEASURED)
    spec["kernel_launch"] = memory_map.kernel_launch(recording, MEASURED)
    spec["moe_load_imbalance"] = imbalance
    return spec, notes + memory_map.unmapped(recording)


def merge_recordings(named: list) -> dict:
    """One recording from several [(file, recording)] of one GPU, e.g. a --quick run and a
    --full --sections run: each section from the last file that holds it; the commands,
    plans and dates of all of them in `meta`."""
    first_file, merged = named[0]
    merged = json.loads(json.dumps(merged))
    gpu = merged.get("meta", {}).get("gpu")
    for file, other in named[1:]:
        other_gpu = other.get("meta", {}).get("gpu")
        if other_gpu != gpu:
            raise WriterError(f"{file} was measured on {other_gpu}, {first_file} on {gpu}: "
                              "recordings of one GPU model only")
        for key, value in other.items():
            if key in ("meta", "units"):
                continue
            if key == "errors":
                merged.setdefault("errors", []).extend(value)
            elif value:
                merged[key] = value
    if len(named) > 1:
        metas = [r.get("meta", {}) for _, r in named]
        meta = merged.setdefault("meta", {})
        meta["command"] = " and ".join(m.get("command", "?") for m in metas)
        meta["plan"] = " + ".join(str(m.get("plan", "?")) for m in metas)
        methods = list(dict.fromkeys(m.get("method", "") for m in metas))
        meta["method"] = " / ".join(methods)
        dates = sorted({m.get("date", "unknown date") for m in metas})
        meta["date"] = dates[-1] if len(dates) == 1 else " and ".join(dates)
    return merged


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="writer.py", description="Recordings of calibrate.py as a ScaleScope "
                                                              "compute-calibration spec.")
    p.add_argument("recording", nargs="+",
                   help="one recording, or several of one GPU model (each section from the last that holds it)")
    p.add_argument("-o", "--out", default=None, metavar="FILE")
    p.add_argument("--gpu-spec", default=None, metavar="ID|FILE")
    args = p.parse_args(argv)
    named = []
    for file in args.recording:
        with open(file, encoding="utf-8") as f:
            named.append((file, json.load(f)))
    files = ", ".join(args.recording)
    try:
        recording = merge_recordings(named)
        spec, unmapped = write_spec(recording, args.gpu_spec)
    except (WriterError, reference.ReferenceError, KeyError) as ex:
        print(f"{files}: {ex}", file=sys.stderr)
        return 1
    out = args.out or default_file_name(recording.get("meta", {}))
    with open(out, "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=2)
        f.write("\n")
    for line in unmapped:
        print("not in the spec:", line)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
