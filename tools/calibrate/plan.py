"""What calibrate.py measures in --quick and --full: the shape lists of each
kernel class, without PyTorch (so that --plan and the tests run anywhere).

Every axis is a list of powers of two: the ScaleScope reader interpolates in
log2 and needs axes whose log2 gaps are whole multiples of the smallest gap.
"""
from dataclasses import dataclass, field


def powers_of_two(first: int, last: int, step: int = 1) -> list[int]:
    """first, first * 2**step, ... up to last (both powers of two)."""
    out, x = [], first
    while x <= last:
        out.append(x)
        x *= 2 ** step
    return out


# The recording's sections in the order calibrate.py measures them; copy and
# launch (under a second together) are always measured.
SECTIONS = ("copy", "launch", "gemm_bf16", "gemm_fp8_e4m3", "gemm_fp4_e2m1", "grouped_gemm_bf16", "attention_bf16",
            "decode_attention_bf16", "moe_routing", "memory_bound")
ALWAYS = ("copy", "launch")


@dataclass
class Plan:
    name: str
    gemm_m: list[int]            # tokens, small M (decode, few tokens per expert) to large
    gemm_nk: list[int]           # output and input features
    fp8_min_m: int = 16          # FP8 GEMMs need the contraction dim (M in wgrad) a multiple of 16
    grouped_experts: list[int] = field(default_factory=list)
    grouped_tokens: list[int] = field(default_factory=list)   # tokens per expert
    grouped_nk: list[tuple[int, int]] = field(default_factory=list)
    attention_backends: list[str] = field(default_factory=list)
    attention_head_dim: list[int] = field(default_factory=list)
    attention_seq: list[int] = field(default_factory=list)
    attention_heads: list[int] = field(default_factory=list)
    attention_tokens: int = 16384      # batch = max(1, tokens // seq)
    non_causal_seq: list[int] = field(default_factory=list)  # at head dim 128, 32 heads
    decode_backends: list[str] = field(default_factory=list)
    decode_head_dim: list[int] = field(default_factory=list)
    decode_kv_len: list[int] = field(default_factory=list)
    decode_batch: list[int] = field(default_factory=list)
    decode_heads: int = 32             # query heads over 8 KV heads (grouped-query attention)
    decode_kv_heads: int = 8
    routing: list[tuple[int, int, int, int]] = field(default_factory=list)  # tokens, experts, top-k, hidden
    memory_shape: tuple[int, int] = (8192, 8192)   # tokens x hidden of the memory-bound kernels
    vocab: int = 128256
    optimizer_params: int = 512 * 2**20
    copy_mib: list[int] = field(default_factory=list)
    min_batch_ms: float = 10.0         # each of the 3 timed batches lasts at least this long
    batches: int = 3

    def gemm_shapes(self, min_m: int = 1) -> list[tuple[int, int, int]]:
        return [(m, n, k) for m in self.gemm_m if m >= min_m for n in self.gemm_nk for k in self.gemm_nk]

    def grouped_cases(self) -> list[tuple[int, int, int, int]]:
        return [(g, t, n, k) for (n, k) in self.grouped_nk for g in self.grouped_experts
                for t in self.grouped_tokens if g * t <= 65536]

    def attention_cases(self) -> list[tuple[int, int, int, int, bool]]:
        """(batch, heads, seq, head dim, causal)."""
        causal = [(max(1, self.attention_tokens // s), h, s, d, True)
                  for d in self.attention_head_dim for s in self.attention_seq for h in self.attention_heads]
        return causal + [(max(1, self.attention_tokens // s), 32, s, 128, False) for s in self.non_causal_seq]

    def decode_cases(self) -> list[tuple[int, int, int]]:
        """(batch, KV length, head dim)."""
        return [(b, n, d) for d in self.decode_head_dim for n in self.decode_kv_len for b in self.decode_batch]

    def timing_counts(self) -> dict[str, int]:
        """How many timed measurements each section makes (one median each)."""
        return {
            "gemm_bf16": 3 * len(self.gemm_shapes()),
            "gemm_fp8_e4m3": 3 * len(self.gemm_shapes(self.fp8_min_m)),
            "grouped_gemm_bf16": 2 * len(self.grouped_cases()),
            "attention_bf16": 2 * len(self.attention_backends) * len(self.attention_cases()),
            "decode_attention_bf16": len(self.decode_backends) * len(self.decode_cases()),
            "moe_routing": 3 * len(self.routing),
            "memory_bound": 19,
            "copy": len(self.copy_mib),
            "launch": 2,
        }


QUICK = Plan(
    name="quick",
    gemm_m=powers_of_two(1, 16384, 2),             # 1, 4, 16, ... 16384
    gemm_nk=powers_of_two(512, 8192, 2),           # 512, 2048, 8192
    grouped_experts=[8],
    grouped_tokens=powers_of_two(128, 8192, 2),
    grouped_nk=[(4096, 7168)],
    attention_backends=["cudnn", "flash"],
    attention_head_dim=[128],
    attention_seq=powers_of_two(1024, 65536, 2),   # 1k, 4k, 16k, 64k
    attention_heads=[8, 32],
    non_causal_seq=[2048, 8192],
    decode_backends=["flash", "cudnn"],
    decode_head_dim=[128],
    decode_kv_len=powers_of_two(1024, 131072),    # 1k ... 128k
    decode_batch=[1, 16],
    routing=[(8192, 64, 8, 4096)],
    copy_mib=[256],
    min_batch_ms=5.0,
)

FULL = Plan(
    name="full",
    gemm_m=powers_of_two(1, 32768),                # 1, 2, 4, ... 32768
    gemm_nk=powers_of_two(512, 16384),
    grouped_experts=[4, 8, 32],
    grouped_tokens=powers_of_two(128, 8192, 2),
    grouped_nk=[(4096, 7168), (7168, 2048), (28672, 4096), (4096, 14336)],
    attention_backends=["cudnn", "flash", "efficient"],
    attention_head_dim=[64, 128],
    attention_seq=powers_of_two(1024, 131072),
    attention_heads=[8, 32, 64],
    non_causal_seq=powers_of_two(2048, 131072),
    decode_backends=["flash", "cudnn", "efficient"],
    decode_head_dim=[64, 128],
    decode_kv_len=powers_of_two(1024, 131072),
    decode_batch=[1, 4, 16, 64],
    routing=[(8192, 8, 2, 4096), (8192, 64, 8, 4096), (8192, 256, 8, 7168), (32768, 256, 8, 7168)],
    copy_mib=[64, 256, 1024, 4096],
)

PLANS = {"quick": QUICK, "full": FULL}
