#!/usr/bin/env python3
"""calibrate.py's measuring code run end to end against a stand-in for
PyTorch (unittest.mock: every tensor call succeeds, CUDA events report made-up
times), so that each section's Python (shapes, closures, rows) runs on a
machine without a GPU. The times mean nothing; what is checked is that no
section records an error, every kernel class yields rows, and the writer
turns the recording into a spec that validates against the JSON Schema.
Usage: calibrate_dry_run_test.py [unittest options]
"""
import itertools
import pathlib
import sys
import types
import unittest
from unittest import mock

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "calibrate"))
sys.path.insert(0, str(ROOT / "tests" / "tools"))


def stand_in_torch(capability):
    torch = mock.MagicMock(name="torch")
    torch.__version__ = "0.0-stand-in"
    torch.version.cuda = "0.0"
    torch.backends.cudnn.version.return_value = 91900
    torch.cuda.get_device_capability.return_value = capability
    torch.cuda.mem_get_info.return_value = (80 * 2**30, 80 * 2**30)
    torch.cuda.get_device_properties.return_value = types.SimpleNamespace(
        name="NVIDIA H100 80GB HBM3", multi_processor_count=132, major=capability[0], minor=capability[1],
        L2_cache_size=50 * 2**20, total_memory=80 * 2**30)
    clock = itertools.count()
    # Each reading a little later than the last: a forward + backward timed after a forward takes longer.
    torch.cuda.Event.return_value.elapsed_time.side_effect = lambda _end: 1.0 + 1e-4 * next(clock)
    return torch


class DryRun(unittest.TestCase):
    def run_plan(self, capability, sections=None):
        torch = stand_in_torch(capability)
        modules = {"torch": torch, "torch.nn": torch.nn, "torch.nn.attention": torch.nn.attention,
                   "torch._dynamo": torch._dynamo}
        with mock.patch.dict(sys.modules, modules), mock.patch("measure._nvidia_smi", return_value={
                "driver_version": "580.159.04", "power.limit": "700.00 W"}):
            import measure
            import plan
            return measure.measure(plan.QUICK, 0, ["--quick"], progress=lambda _text: None, sections=sections)

    def test_every_section_measures_without_an_error(self):
        recording = self.run_plan((9, 0))
        self.assertEqual(recording["errors"], [])
        for key in ("copy", "gemm_bf16", "gemm_fp8_e4m3", "grouped_gemm_bf16", "attention_bf16",
                    "decode_attention_bf16", "moe_routing", "memory_bound"):
            self.assertTrue(recording.get(key), key)
        self.assertNotIn("gemm_fp4_e2m1", recording)
        self.assertEqual(recording["meta"]["driver"], "580.159.04")
        import plan
        counts = plan.QUICK.timing_counts()
        self.assertEqual(3 * len(recording["gemm_bf16"]), counts["gemm_bf16"])
        self.assertEqual(len(recording["decode_attention_bf16"]), counts["decode_attention_bf16"])

    def test_fp4_is_measured_where_the_gpu_has_it_and_the_recording_becomes_a_valid_spec(self):
        recording = self.run_plan((10, 0))
        self.assertEqual(recording["errors"], [])
        self.assertTrue(recording.get("gemm_fp4_e2m1"))
        import calibrate_test
        import writer
        spec, _ = writer.write_spec(recording, gpu_spec="b200")
        self.assertEqual(sorted(spec["gemm"]), ["bf16", "fp4", "fp8"])
        self.assertIn("decode_attention", spec)
        self.assertEqual(spec["fp8_operand_layout"], "any")
        self.assertEqual(calibrate_test.schema_errors(spec), [])

    def test_sections_limit_the_recording_and_writer_merges_it_with_a_whole_one(self):
        part = self.run_plan((9, 0), sections=["grouped_gemm_bf16"])
        self.assertEqual(part["errors"], [])
        self.assertEqual(part["meta"]["sections"], ["copy", "launch", "grouped_gemm_bf16"])
        self.assertTrue(part.get("grouped_gemm_bf16"))
        for key in ("gemm_bf16", "attention_bf16", "memory_bound"):
            self.assertNotIn(key, part)
        import writer
        with self.assertRaises(writer.WriterError):  # no GEMM grid or attention of its own
            writer.write_spec(part, gpu_spec="h100-sxm")
        whole = self.run_plan((9, 0))
        part["grouped_gemm_bf16"] = [dict(r, grouped_ms=2 * r["grouped_ms"]) for r in part["grouped_gemm_bf16"]]
        part["meta"]["command"] = "calibrate.py --sections grouped_gemm_bf16"
        merged = writer.merge_recordings([("whole.json", whole), ("part.json", part)])
        self.assertEqual(merged["grouped_gemm_bf16"], part["grouped_gemm_bf16"])  # the later file's section
        self.assertEqual(merged["gemm_bf16"], whole["gemm_bf16"])                  # kept where it is absent
        self.assertIn("--sections grouped_gemm_bf16", merged["meta"]["command"])
        spec, _ = writer.write_spec(merged, gpu_spec="h100-sxm")
        self.assertIn("--sections grouped_gemm_bf16", spec["sources"][writer.MEASURED])
        other = dict(part, meta=dict(part["meta"], gpu="NVIDIA H200"))
        with self.assertRaises(writer.WriterError):
            writer.merge_recordings([("whole.json", whole), ("h200.json", other)])


if __name__ == "__main__":
    unittest.main()
