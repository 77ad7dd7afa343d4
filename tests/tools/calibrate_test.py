#!/usr/bin/env python3
"""tools/calibrate without a GPU: the writer on recorded timings.

The recording is tests/fixtures/calibrate/h100-sxm-kernels-subset.json, rows
copied from the H100 SXM kernel sweep that specs/calibration/compute-hopper.json
was made from (see its "provenance"). Checks: the spec validates (the JSON
Schema, and `scalescope-cli specs validate` when SCALESCOPE_CLI names the
binary, as CTest does); where its grid points overlap the shipped Hopper
calibration they are equal (tolerance 0.05 TFLOP/s, half the stored 0.1);
GEMMs below M = 256 and decode attention land in the spec; calibrate.py
--help and --plan run without PyTorch.
Usage: calibrate_test.py [unittest options]
"""
import copy
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "calibrate"
sys.path.insert(0, str(TOOL))
sys.path.insert(0, str(ROOT / "tests" / "specs"))

import check_schemas  # noqa: E402
import jsonschema  # noqa: E402
import reference  # noqa: E402

ROUTING_KEYS = {"permute_gather", "unpermute_scatter_add", "router_top_k"}
import writer  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "calibrate" / "h100-sxm-kernels-subset.json"
SHIPPED = ROOT / "specs" / "calibration" / "compute-hopper.json"
TFLOPS_TOLERANCE = 0.05


def recording():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def schema_errors(spec):
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8"))
               for p in sorted((ROOT / "specs" / "schema").glob("*.schema.json"))}
    bundle = dict(check_schemas.bundle(schemas), **{"$ref": "#/$defs/compute-calibration.schema.json"})
    validator = jsonschema.Draft202012Validator(bundle)
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(check_schemas.without_documentation(spec))]


def with_small_m_and_decode():
    """The fixture plus GEMM rows at M = 1, 4, 16, 64 and decode rows; their times are
    made up (a roofline-like rule), only their path through the writer is checked."""
    rec = recording()
    for m in (1, 4, 16, 64):
        for n in (512, 2048, 8192):
            for k in (512, 2048, 8192):
                ms = max(0.004, 2 * n * k / 3.0e9)  # weight bytes at 3 TB/s
                rec["gemm_bf16"].append({"M": m, "N": n, "K": k, "fwd_ms": ms, "dgrad_ms": ms, "wgrad_ms": 2 * ms})
    rec["decode_attention_bf16"] = []
    for backend, speed in (("flash", 2.5e9), ("cudnn", 2.0e9)):   # bytes per ms: 2.5 and 2.0 TB/s
        for d in (64, 128):
            for n in (1024, 4096, 16384, 65536):
                for b in (1, 16):
                    kv = 2 * b * 8 * n * d * 2
                    rec["decode_attention_bf16"].append(
                        {"backend": backend, "B": b, "H": 32, "Hkv": 8, "L": n, "D": d, "kv_bytes": kv,
                         "ms": 0.005 + kv / speed})
    rec["moe_routing"] = [
        {"op": "router softmax top-k", "tokens": 8192, "experts": 64, "top_k": 8, "hidden": 4096, "ms": 0.02,
         "bytes_min": 4 * 8192 * 64 + 12 * 8192 * 8},
        {"op": "permute (index_select)", "tokens": 8192, "experts": 64, "top_k": 8, "hidden": 4096, "ms": 0.5,
         "bytes_min": 4 * 8192 * 8 * 4096},
        {"op": "unpermute (index_add)", "tokens": 8192, "experts": 64, "top_k": 8, "hidden": 4096, "ms": 1.5,
         "bytes_min": 4 * 8192 * 8 * 4096},
    ]
    return rec


class WriterOnTheH100Recording(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.spec, cls.unmapped = writer.write_spec(recording())
        cls.shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))

    def test_validates_against_the_schema(self):
        self.assertEqual(schema_errors(self.spec), [])

    def assert_grid_overlap(self, mine, shipped, axis_names, tables, label):
        compared = 0
        index = [{v: i for i, v in enumerate(shipped[a])} for a in axis_names]
        for key in tables:
            for i, a in enumerate(mine[axis_names[0]]):
                for j, b in enumerate(mine[axis_names[1]]):
                    for k, c in enumerate(mine[axis_names[2]]):
                        theirs = shipped[key][index[0][a]][index[1][b]][index[2][c]]
                        self.assertAlmostEqual(mine[key][i][j][k], theirs, delta=TFLOPS_TOLERANCE,
                                               msg=f"{label} {key} at {(a, b, c)}")
                        compared += 1
        return compared

    def test_gemm_grids_reproduce_the_shipped_points(self):
        for precision in ("bf16", "fp8"):
            mine, shipped = self.spec["gemm"][precision], self.shipped["gemm"][precision]
            self.assertEqual((mine["m"], mine["n"], mine["k"]), ([256, 1024, 4096, 16384], [512, 2048, 8192],
                                                                 [512, 2048, 8192]))
            n = self.assert_grid_overlap(mine, shipped, ("m", "n", "k"), ("forward", "data_grad", "weight_grad"),
                                         precision)
            self.assertEqual(n, 3 * 36)
            # M = 4096, N = K = 8192, forward: the shipped cell, one worked number
            m, n, k = shipped["m"].index(4096), shipped["n"].index(8192), shipped["k"].index(8192)
            self.assertEqual(mine["forward"][2][2][2], shipped["forward"][m][n][k])

    def test_attention_tables_reproduce_the_shipped_points(self):
        pairs = [(self.spec["attention"], self.shipped["attention"]),
                 (self.spec["attention_kernels"]["flash2"], self.shipped["attention_kernels"]["flash2"])]
        self.assertEqual(self.spec["attention"]["kernel"], self.shipped["attention"]["kernel"])
        for mine, shipped in pairs:
            self.assertEqual((mine["head_dim"], mine["seq_len"], mine["heads"]), ([64, 128], [1024, 4096, 16384], [8, 32]))
            n = self.assert_grid_overlap(mine, shipped, ("head_dim", "seq_len", "heads"), ("forward", "backward"),
                                         mine["backend"])
            self.assertEqual(n, 2 * 12)
            for key in ("head_dim", "heads", "seq_len", "forward", "backward"):
                self.assertEqual(mine["non_causal"][key], shipped["non_causal"][key], key)

    def test_grouped_memory_launch_and_reference_equal_the_shipped_values(self):
        # The fixture's four expert shapes (N·K 2^23.8 ... 2^26.8) fall in the classes 2^23, 2^25, 2^27;
        # the shipped table comes from a later recording (WriterOnTheGroupedRecording).
        grouped = self.spec["grouped_gemm"]
        self.assertEqual(grouped["tokens_per_expert"], [128, 512, 2048, 8192])
        self.assertEqual(grouped["expert_weight_elements"], [2 ** 23, 2 ** 25, 2 ** 27])
        self.assertEqual(grouped["grouped_over_dense"], [[0.438, 0.439, 0.492], [0.913, 0.964, 1.031],
                                                         [0.933, 1.015, 1.014], [0.92, 0.968, 0.945]])
        for key, value in self.shipped["memory_bandwidth"].items():
            if key in ROUTING_KEYS:  # measured on 2026-11-26, not in the sweep (MoeRoutingOnTheH100Recording)
                self.assertNotIn(key, self.spec["memory_bandwidth"])
                continue
            self.assertEqual(self.spec["memory_bandwidth"][key]["value"], value["value"], key)
        self.assertEqual(self.spec["kernel_launch"]["value"], "0.99 us")
        for key in ("bf16_peak", "fp8_peak", "hbm_bandwidth"):
            self.assertEqual(self.spec["reference"][key]["value"], self.shipped["reference"][key]["value"])
        self.assertEqual(self.spec["fp8_operand_layout"], "tn-only")
        self.assertEqual(self.spec["moe_load_imbalance"], self.shipped["moe_load_imbalance"])

    def test_the_source_names_device_driver_versions_date_and_method(self):
        text = self.spec["sources"]["measured"]
        for part in ("NVIDIA H100 80GB HBM3", "driver 580.159.04", "PyTorch 2.11.0+cu130", "CUDA 13.0",
                     "cuDNN 9.19.0", "measured 2026-11-22", "Method: ", "4x L2"):
            self.assertIn(part, text)
        self.assertEqual(self.spec["id"], "compute-measured-h100-80gb-hbm3-20261122")
        self.assertEqual(self.spec["architectures"], ["Hopper"])

    def test_what_the_spec_cannot_hold_is_named(self):
        self.assertTrue(any(line.startswith("memory_bound: gelu") for line in self.unmapped), self.unmapped)

    @unittest.skipUnless(os.environ.get("SCALESCOPE_CLI"), "SCALESCOPE_CLI names scalescope-cli (CTest sets it)")
    def test_scalescope_cli_specs_validate_accepts_it(self):
        for spec in (self.spec, writer.write_spec(with_small_m_and_decode())[0]):
            with tempfile.TemporaryDirectory() as d:
                path = pathlib.Path(d) / "compute-measured.json"
                path.write_text(json.dumps(spec, indent=1), encoding="utf-8")
                done = subprocess.run([os.environ["SCALESCOPE_CLI"], "specs", "validate", str(path)],
                                      capture_output=True, text=True)
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                self.assertIn(": ok", done.stdout)


class WriterOnTheGroupedRecording(unittest.TestCase):
    """The shipped Hopper grouped table is the writer's, point for point, on
    tools/calibrate/recordings/h100-sxm-2026-11-26-full-moe-partial.recording.json."""

    def test_the_shipped_grouped_table_is_the_writers(self):
        path = TOOL / "recordings" / "h100-sxm-2026-11-26-full-moe-partial.recording.json"
        rec = json.loads(path.read_text(encoding="utf-8"))
        notes = []
        mine = writer.grouped_gemm(rec["grouped_gemm_bf16"], notes)
        shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))["grouped_gemm"]
        self.assertEqual(notes, [])
        self.assertEqual({k: v for k, v in mine.items() if k != "source"},
                         {k: v for k, v in shipped.items() if k != "source"})
        # 16,384 tokens per expert, the 2^21 class: the median of (2048, 768) 0.904 and (1536, 2048) 0.834
        self.assertEqual(shipped["grouped_over_dense"][7][0], 0.869)

    def test_the_expert_shape_classes_are_odd_powers_of_two(self):
        self.assertEqual(writer.expert_weight_bin(2048, 768), 2 ** 21)     # 2^20.6
        self.assertEqual(writer.expert_weight_bin(1536, 2048), 2 ** 21)    # 2^21.6
        self.assertEqual(writer.expert_weight_bin(4096, 1536), 2 ** 23)    # 2^22.6
        self.assertEqual(writer.expert_weight_bin(7168, 2048), 2 ** 23)    # 2^23.8
        self.assertEqual(writer.expert_weight_bin(4096, 7168), 2 ** 25)    # 2^24.8
        self.assertEqual(writer.expert_weight_bin(28672, 4096), 2 ** 27)   # 2^26.8

    def test_a_one_dimensional_table_still_validates(self):
        spec, _ = writer.write_spec(recording())
        spec["grouped_gemm"] = {"source": "measured", "tokens_per_expert": [128, 512],
                                "grouped_over_dense": [0.45, 0.95]}
        self.assertEqual(schema_errors(spec), [])
        spec["grouped_gemm"]["expert_weight_elements"] = [2 ** 21]
        self.assertNotEqual(schema_errors(spec), [])


class WriterOnNewKernelClasses(unittest.TestCase):
    def test_gemms_below_256_tokens_extend_the_m_axis(self):
        spec, _ = writer.write_spec(with_small_m_and_decode())
        grid = spec["gemm"]["bf16"]
        self.assertEqual(grid["m"], [1, 4, 16, 64, 256, 1024, 4096, 16384])
        ms = max(0.004, 2 * 2048 * 8192 / 3.0e9)
        self.assertEqual(grid["forward"][0][1][2], round(2 * 1 * 2048 * 8192 / ms / 1e9, 1))
        self.assertEqual(spec["gemm"]["fp8"]["m"], [256, 1024, 4096, 16384])  # no FP8 rows below 256 recorded
        self.assertEqual(schema_errors(spec), [])

    def test_decode_attention_takes_the_backend_with_the_faster_complete_grid(self):
        spec, notes = writer.write_spec(with_small_m_and_decode())
        table = spec["decode_attention"]
        self.assertEqual(table["backend"], writer.ATTENTION_BACKENDS[1][2])  # flash: 2.5 vs 2.0 TB/s
        self.assertEqual((table["head_dim"], table["kv_len"], table["batch"]), ([64, 128], [1024, 4096, 16384, 65536],
                                                                                [1, 16]))
        kv = 2 * 16 * 8 * 65536 * 128 * 2
        self.assertEqual(table["bandwidth"][1][3][1], round(kv / (0.005 + kv / 2.5e9) / 1e6))  # whole GB/s
        self.assertIn("decode attention: backend flash", notes)

    def test_routing_rows_give_their_own_rates_and_the_copy_stays_the_permute(self):
        rec = with_small_m_and_decode()
        spec, _ = writer.write_spec(rec)
        rates = spec["memory_bandwidth"]
        self.assertEqual(rates["permute"]["value"], "2809 GB/s")  # the smallest copy of the fixture
        self.assertEqual(rates["unpermute_scatter_add"]["value"], f"{round(4 * 8192 * 8 * 4096 / 1.5 / 1e6)} GB/s")
        distinct = 8192 * (1 - (1 - 1 / 8192) ** (8192 * 8))
        self.assertEqual(rates["permute_gather"]["value"], f"{round(2 * 4096 * (distinct + 8192 * 8) / 0.5 / 1e6)} GB/s")
        self.assertEqual(rates["router_top_k"]["value"], f"{round((4 * 8192 * 64 + 12 * 8192 * 8) / 0.02 / 1e6)} GB/s")
        self.assertEqual(schema_errors(spec), [])
        del rec["moe_routing"]
        self.assertFalse(ROUTING_KEYS & set(writer.write_spec(rec)[0]["memory_bandwidth"]))

    def test_a_missing_cell_drops_its_axis_value_and_says_so(self):
        rec = recording()
        rec["gemm_bf16"] = [r for r in rec["gemm_bf16"] if (r["M"], r["N"], r["K"]) != (1024, 2048, 8192)]
        spec, notes = writer.write_spec(rec)
        grid = spec["gemm"]["bf16"]
        self.assertEqual(len(grid["m"]) * len(grid["n"]) * len(grid["k"]), 3 * 3 * 3)  # one slice of 9 gone
        self.assertTrue(any(n.startswith("gemm bf16: dropped") for n in notes), notes)
        self.assertEqual(schema_errors(spec), [])

    def test_a_device_without_a_known_gpu_spec_asks_for_one(self):
        rec = recording()
        rec["meta"]["gpu"] = "NVIDIA H100 PCIe"
        with self.assertRaises(reference.ReferenceError) as raised:
            writer.write_spec(rec)
        self.assertIn("--gpu-spec", str(raised.exception))
        spec, _ = writer.write_spec(rec, gpu_spec="h100-sxm")
        self.assertEqual(spec["reference"]["bf16_peak"]["value"], "989 TFLOP/s")

    def test_a_recording_without_bf16_gemms_is_refused(self):
        rec = recording()
        del rec["gemm_bf16"]
        with self.assertRaises(writer.WriterError):
            writer.write_spec(rec)


class MoeRoutingOnTheH100Recording(unittest.TestCase):
    """tools/calibrate/recordings/h100-sxm-2026-11-26-quick-moe.recording.json gives compute-hopper.json's
    router_top_k, permute_gather and unpermute_scatter_add."""

    def test_the_shipped_routing_rates_come_from_the_recording(self):
        rec = json.loads((TOOL / "recordings" / "h100-sxm-2026-11-26-quick-moe.recording.json").read_text(encoding="utf-8"))
        mine = writer.write_spec(rec)[0]["memory_bandwidth"]
        shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))["memory_bandwidth"]
        for key in sorted(ROUTING_KEYS):
            self.assertEqual(mine[key]["value"], shipped[key]["value"], key)
            self.assertEqual(mine[key]["note"], shipped[key]["note"], key)
        self.assertEqual((mine["permute_gather"]["value"], mine["unpermute_scatter_add"]["value"],
                          mine["router_top_k"]["value"]), ("2385 GB/s", "386 GB/s", "85 GB/s"))


class ScriptWithoutPyTorch(unittest.TestCase):
    def run_blocked(self, *args):
        """calibrate.py with `import torch` made to fail, as on a machine without PyTorch."""
        code = ("import runpy, sys; sys.modules['torch'] = None; "
                f"sys.argv = ['calibrate.py'] + {list(args)!r}; "
                f"runpy.run_path({str(TOOL / 'calibrate.py')!r}, run_name='__main__')")
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)

    def test_help(self):
        done = self.run_blocked("--help")
        self.assertEqual(done.returncode, 0, done.stderr)
        for option in ("--quick", "--full", "--out", "--device", "--gpu-spec", "--plan"):
            self.assertIn(option, done.stdout)

    def test_plan_counts_the_timings(self):
        done = self.run_blocked("--full", "--plan")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("decode_attention_bf16", done.stdout)
        self.assertIn("gemm_bf16                 1728 timings", done.stdout)

    def test_measuring_needs_pytorch(self):
        done = self.run_blocked("--quick", "--out", os.devnull)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("torch", done.stderr)


class WriterCommandLine(unittest.TestCase):
    def test_writes_a_spec_from_a_recording_file(self):
        with tempfile.TemporaryDirectory() as d:
            out = pathlib.Path(d) / "spec.json"
            done = subprocess.run([sys.executable, str(TOOL / "writer.py"), str(FIXTURE), "-o", str(out)],
                                  capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(json.loads(out.read_text())["kind"], "compute-calibration")

    def test_a_bad_recording_gets_a_message_naming_the_file(self):
        with tempfile.TemporaryDirectory() as d:
            bad = pathlib.Path(d) / "bad.json"
            rec = copy.deepcopy(recording())
            del rec["launch"]
            bad.write_text(json.dumps(rec))
            done = subprocess.run([sys.executable, str(TOOL / "writer.py"), str(bad), "-o", str(pathlib.Path(d) / "o")],
                                  capture_output=True, text=True)
            self.assertEqual(done.returncode, 1)
            self.assertIn(f"{bad}: ", done.stderr)
            self.assertIn("launch", done.stderr)


if __name__ == "__main__":
    unittest.main()
