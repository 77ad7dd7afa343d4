"""calibrate.py --full with the MoE shapes of the validation runs added."""
import sys, pathlib
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import plan as plans
import calibrate
f = plans.FULL
f.name = "full+moe-shapes"
f.grouped_tokens = plans.powers_of_two(128, 16384)
f.grouped_nk = f.grouped_nk + [(1536, 2048), (2048, 768), (3072, 4096), (4096, 1536)]
f.routing = f.routing + [(16384, 128, 8, 2048)]
sys.exit(calibrate.main(sys.argv[1:]))
