"""What the writer takes from the ScaleScope specs beside this tool: the
measured GPU's datasheet peaks and HBM bandwidth (the reference the measured
speeds are fractions of, specs/gpus/*.json), and the MoE router load
imbalance, which is not a kernel measurement (a shipped compute calibration
of the same architecture, or compute-hopper.json).
"""
import json
import pathlib
import re

SPECS_DIR = pathlib.Path(__file__).resolve().parent.parent.parent / "specs"

# Device names as CUDA reports them -> ScaleScope GPU spec id. Only names that
# say which board it is: an "H100 PCIe" has other peaks than the SXM part.
_DEVICE_NAMES = [
    (r"\bGB300\b", "gb300-b300"), (r"\bB300\b", "b300"), (r"\bGB200\b", "gb200-b200"), (r"\bB200\b", "b200"),
    (r"\bH200\b(?!.*NVL)", "h200-sxm"), (r"\bH800\b(?!.*PCIe)", "h800-sxm"),
    (r"\bH100 80GB HBM3\b|\bH100 SXM", "h100-sxm"), (r"\bA100-SXM4-80GB\b|\bA100 80GB SXM", "a100-sxm-80gb"),
    (r"\bV100-SXM2-32GB\b", "v100-sxm2"),
]


class ReferenceError(Exception):
    pass


def gpu_spec_id_for(device_name: str):
    for pattern, spec_id in _DEVICE_NAMES:
        if re.search(pattern, device_name):
            return spec_id
    return None


def load_gpu_spec(device_name: str, choice=None, specs_dir=SPECS_DIR) -> dict:
    """The GPU spec named by `choice` (an id or a file), or recognised from the device name."""
    if choice and pathlib.Path(choice).is_file():
        return json.loads(pathlib.Path(choice).read_text(encoding="utf-8"))
    spec_id = choice or gpu_spec_id_for(device_name)
    if spec_id is None:
        raise ReferenceError(f"no ScaleScope GPU spec is known for the device {device_name!r}: pass "
                             "--gpu-spec ID (one of specs/gpus) or --gpu-spec FILE (a GPU spec with its "
                             "datasheet peaks)")
    for path in sorted((specs_dir / "gpus").glob("*.json")):
        spec = json.loads(path.read_text(encoding="utf-8"))
        if spec.get("id") == spec_id:
            return spec
    raise ReferenceError(f"--gpu-spec {spec_id!r}: no GPU spec with that id in {specs_dir / 'gpus'}")


def reference_peaks(gpu: dict) -> tuple[dict, dict]:
    """(the spec's "reference" object, {source key: citation}) for a GPU spec."""
    peaks = gpu.get("peak_dense", {})
    wanted = [("bf16_peak", peaks.get("bf16")), ("fp8_peak", peaks.get("fp8")), ("fp4_peak", peaks.get("fp4")),
              ("hbm_bandwidth", gpu.get("hbm", {}).get("bandwidth"))]
    cited = sorted({v["source"] for _, v in wanted if v})
    texts = "; ".join(f"[{k}] {gpu.get('sources', {}).get(k, k)}" for k in cited)
    key = "datasheet"
    citation = f"ScaleScope GPU spec {gpu.get('id')} ({gpu.get('name')}): dense peaks and HBM bandwidth, citing {texts}"
    reference = {name: {"value": v["value"], "source": key} for name, v in wanted if v}
    if "bf16_peak" not in reference or "hbm_bandwidth" not in reference:
        raise ReferenceError(f"GPU spec {gpu.get('id')}: expected peak_dense/bf16 and hbm/bandwidth")
    return reference, {key: citation}


def router_imbalance(architecture: str, specs_dir=SPECS_DIR) -> tuple[dict, dict]:
    """(moe_load_imbalance, {source key: citation}) of a shipped measured calibration."""
    shipped = []
    for path in sorted((specs_dir / "calibration").glob("compute-*.json")):
        spec = json.loads(path.read_text(encoding="utf-8"))
        if "moe_load_imbalance" in spec:
            same = architecture.lower() in (a.lower() for a in spec.get("architectures", []))
            shipped.append((not same, path.name != "compute-hopper.json", spec))
    if not shipped:
        raise ReferenceError(f"no shipped compute calibration in {specs_dir / 'calibration'} has moe_load_imbalance")
    spec = sorted(shipped, key=lambda s: s[:2])[0][2]
    imbalance = json.loads(json.dumps(spec["moe_load_imbalance"]))
    keys = {v["source"] for v in imbalance.values()}
    return imbalance, {k: spec["sources"][k] for k in keys}
