"""The importer path end to end on the shipped H100 SXM kernel sweep (the
measurement specs/calibration/compute-hopper.json was built from): writer.py
turns the sweep into a compute calibration, a scenario names it under
"calibration", and scalescope-cli evaluates it to the numbers of the built-in
Hopper calibration.

The sweep lives outside the repository (../shared/calibration, or the folder
SCALESCOPE_SWEEPS names); without it the test is skipped.
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "calibrate"))

import writer  # noqa: E402

# The writer rounds TFLOP/s to 0.05 of the shipped points (calibrate_test.py);
# the step time moves by far less than this relative tolerance.
RELATIVE_TOLERANCE = 1e-3


def sweep(name):
    for folder in (os.environ.get("SCALESCOPE_SWEEPS"), ROOT.parent / "shared" / "calibration",
                   ROOT.parents[1] / "shared" / "calibration"):
        if folder and (pathlib.Path(folder) / name).is_file():
            return pathlib.Path(folder) / name
    return None


def evaluate(cli, scenario, data_home):
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    done = subprocess.run([cli, "evaluate", "--breakdown", str(scenario)], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise AssertionError(done.stdout + done.stderr)
    return json.loads(done.stdout)


@unittest.skipUnless(os.environ.get("SCALESCOPE_CLI"), "SCALESCOPE_CLI names scalescope-cli (CTest sets it)")
@unittest.skipUnless(sweep("h100-sxm-kernels.json"), "the H100 SXM kernel sweep (../shared/calibration) is not here")
class ImportedH100SweepGivesTheBuiltInNumbers(unittest.TestCase):
    def test_default_scenario(self):
        cli = os.environ["SCALESCOPE_CLI"]
        spec, _ = writer.write_spec(json.loads(sweep("h100-sxm-kernels.json").read_text(encoding="utf-8")))
        spec["id"] = "imported-h100-sweep"
        with tempfile.TemporaryDirectory() as d:
            data = pathlib.Path(d) / "data"
            (data / "scalescope" / "specs" / "calibration").mkdir(parents=True)
            (data / "scalescope" / "specs" / "calibration" / "imported-h100-sweep.json").write_text(
                json.dumps(spec, indent=1), encoding="utf-8")
            doc = json.loads((ROOT / "specs" / "scenarios" / "default.scalescope.json").read_text(encoding="utf-8"))
            built_in = pathlib.Path(d) / "built-in.scalescope.json"
            built_in.write_text(json.dumps(doc), encoding="utf-8")
            doc["calibration"] = {"compute": "imported-h100-sweep"}
            imported = pathlib.Path(d) / "imported.scalescope.json"
            imported.write_text(json.dumps(doc), encoding="utf-8")
            a = evaluate(cli, built_in, data)
            b = evaluate(cli, imported, data)
        self.assertEqual(a["calibrations"]["compute"], "compute-hopper")
        self.assertEqual(b["calibrations"]["compute"], "imported-h100-sweep")
        self.assertTrue(b["calibrations"]["compute_user"])
        for key in ("step_time_s", "compute_s", "exposed_comm_s", "mfu"):
            self.assertAlmostEqual(b[key] / a[key], 1.0, delta=RELATIVE_TOLERANCE, msg=key)
        gemm = [r for r in b["breakdown"]["rows"] if r["bound"] == "gemm" and r["stream"] == "compute"]
        self.assertTrue(gemm)
        self.assertTrue(all(r["source_kind"] == "user-measurement" for r in gemm))


if __name__ == "__main__":
    unittest.main()
