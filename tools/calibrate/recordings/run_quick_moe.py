"""calibrate.py --quick with the MoE shapes of the validation runs added to the
grouped-GEMM and routing sections (Qwen3-30B-A3B: hidden 2048, expert 768;
Qwen3-235B-A22B: hidden 4096, expert 1536; DeepSeek-V3 routing)."""
import sys, pathlib
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import plan as plans
import calibrate
q = plans.QUICK
q.name = "quick+moe-shapes"
q.grouped_experts = [4, 8]
q.grouped_tokens = plans.powers_of_two(128, 16384)
q.grouped_nk = [(4096, 7168), (1536, 2048), (2048, 768), (3072, 4096), (4096, 1536)]
q.routing = [(8192, 64, 8, 4096), (16384, 128, 8, 2048), (8192, 256, 8, 7168)]
sys.exit(calibrate.main(sys.argv[1:]))
