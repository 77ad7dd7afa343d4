"""measure(): times every kernel class of a Plan on one GPU and returns a plain
dict (the recording): `meta` (device, driver, CUDA, PyTorch, cuDNN, date,
method, plan) and one list of rows per kernel class. writer.py turns it into a
ScaleScope compute-calibration spec. PyTorch is imported here, when measuring.
"""
import datetime
import subprocess
import sys
import time

import measure_attention
import measure_matmul
import measure_memory
from plan import ALWAYS
from timing import METHOD, Timer

UNITS = {"*_ms": "milliseconds per call", "GBps_*": "1e9 bytes per second", "bytes_*": "bytes",
         "kv_bytes": "bytes of K and V cache read by one decode step"}


def _nvidia_smi(index: int) -> dict:
    fields = ["name", "driver_version", "clocks.max.sm", "clocks.max.mem", "power.limit", "pci.bus_id"]
    try:
        line = subprocess.run(["nvidia-smi", "-i", str(index), "--query-gpu=" + ",".join(fields),
                               "--format=csv,noheader"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return {}
    values = [v.strip() for v in line.split(",")]
    return dict(zip(fields, values)) if len(values) == len(fields) else {}


def environment(torch, index: int, plan, argv) -> dict:
    props = torch.cuda.get_device_properties(index)
    smi = _nvidia_smi(index)
    cudnn = torch.backends.cudnn.version()
    return {
        "gpu": props.name,
        "sms": props.multi_processor_count,
        "cc": f"{props.major}.{props.minor}",
        "l2_bytes": getattr(props, "L2_cache_size", 50 * 2**20),
        "hbm_bytes": props.total_memory,
        "driver": smi.get("driver_version", "unknown"),
        "max_sm_clock": smi.get("clocks.max.sm", "unknown"),
        "max_memory_clock": smi.get("clocks.max.mem", "unknown"),
        "power_limit": smi.get("power.limit", "unknown"),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "cudnn": cudnn,
        "python": sys.version.split()[0],
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "plan": plan.name,
        "command": "tools/calibrate/calibrate.py " + " ".join(argv),
        "method": METHOD.format(batches=plan.batches, min_ms=plan.min_batch_ms),
    }


def measure(plan, device_index: int = 0, argv=(), progress=print, save=None, sections=None) -> dict:
    """The recording of `plan` on GPU `device_index`; save(recording) is called after each section.
    `sections` (names of plan.SECTIONS), when given, limits it to those and copy and launch."""
    import torch

    torch.cuda.set_device(device_index)
    device = torch.device("cuda", device_index)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    started = time.time()
    recording = {"meta": environment(torch, device_index, plan, list(argv)), "units": UNITS, "errors": []}
    errors = recording["errors"]
    free, _ = torch.cuda.mem_get_info(device_index)
    timer = Timer(torch, plan.min_batch_ms, plan.batches, recording["meta"]["l2_bytes"], free)

    only = None if sections is None else set(sections) | set(ALWAYS)
    steps = [
        ("copy", lambda: measure_memory.copy(torch, timer, plan, device, errors, progress)),
        ("launch", lambda: measure_memory.launch(torch, timer, device)),
        ("gemm_bf16", lambda: measure_matmul.gemm_bf16(torch, timer, device, plan.gemm_shapes(), errors, progress)),
        ("gemm_fp8_e4m3", lambda: measure_matmul.gemm_low_precision(
            torch, timer, device, plan.gemm_shapes(plan.fp8_min_m), "fp8", errors, progress)),
        ("grouped_gemm_bf16", lambda: measure_matmul.grouped(torch, timer, device, plan.grouped_cases(), errors,
                                                             progress)),
        ("attention_bf16", lambda: measure_attention.prefill(torch, timer, device, plan.attention_cases(),
                                                             plan.attention_backends, errors, progress)),
        ("decode_attention_bf16", lambda: measure_attention.decode(torch, timer, plan, device, errors, progress)),
        ("moe_routing", lambda: measure_memory.routing(torch, timer, plan, device, errors, progress)),
        ("memory_bound", lambda: measure_memory.memory_bound(torch, timer, plan, device, errors, progress)),
    ]
    if measure_matmul.has_fp4(torch):
        steps.insert(4, ("gemm_fp4_e2m1", lambda: measure_matmul.gemm_low_precision(
            torch, timer, device, plan.gemm_shapes(plan.fp8_min_m), "fp4", errors, progress)))
    if only is not None:
        recording["meta"]["sections"] = [key for key, _ in steps if key in only]
    for key, run in steps:
        if only is not None and key not in only:
            continue
        section_start = time.time()
        try:
            recording[key] = run()
        except Exception as ex:  # one section failing must not lose the others
            errors.append(f"{key}: {ex!r}"[:300])
        torch.cuda.empty_cache()
        recording["meta"].setdefault("section_seconds", {})[key] = round(time.time() - section_start, 1)
        if save:
            save(recording)
    recording["meta"]["elapsed_s"] = round(time.time() - started, 1)
    return recording
