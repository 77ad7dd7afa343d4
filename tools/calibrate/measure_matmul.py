"""GEMM timings: a linear layer's three GEMMs over an M x N x K grid in BF16,
FP8 E4M3 (tensor-wise scales) and FP4 (NVFP4 block scales, where the GPU has
FP4 Tensor Cores), and grouped expert GEMMs against one dense GEMM of the same
size. Rows follow the layout of the kernel sweeps the shipped Hopper
calibration was derived from: M, N, K and `<pass>_ms` per pass.
"""
from timing import Rotation, random_normal


def _record_error(errors, what, ex):
    errors.append(f"{what}: {ex!r}"[:300])


def gemm_bf16(torch, timer, device, shapes, errors, progress):
    """fwd y = x·Wᵀ, dgrad dx = dy·W, wgrad dW = dyᵀ·x, each timed in a CUDA graph."""
    rows = []
    for (m, n, k) in shapes:
        progress(f"gemm bf16 {m}x{n}x{k}")
        try:
            sets = timer.copies(2 * (m * k + n * k + m * n))
            xs = [random_normal(torch, device, m, k) for _ in range(sets)]
            ws = [random_normal(torch, device, n, k) for _ in range(sets)]
            dys = [random_normal(torch, device, m, n) for _ in range(sets)]
            y, dx, dw = (torch.empty(a, b, device=device, dtype=torch.bfloat16) for a, b in ((m, n), (m, k), (n, k)))
            turn = Rotation(sets)
            passes = {
                "fwd": lambda: torch.mm(xs[turn.next()], ws[turn.i].t(), out=y),
                "dgrad": lambda: torch.mm(dys[turn.next()], ws[turn.i], out=dx),
                "wgrad": lambda: torch.mm(dys[turn.next()].t(), xs[turn.i], out=dw),
            }
            row = {"M": m, "N": n, "K": k}
            for name, fn in passes.items():
                row[name + "_ms"] = timer.graphed(fn)
            rows.append(row)
            del xs, ws, dys, y, dx, dw
        except Exception as ex:
            _record_error(errors, f"gemm bf16 {(m, n, k)}", ex)
            torch.cuda.empty_cache()
    return rows


# Each pass as the TN GEMM (m, n, k) it runs as: Hopper FP8 takes K-major operands only.
_LOW_PRECISION_PASSES = {"fwd": lambda m, n, k: (m, n, k), "dgrad": lambda m, n, k: (m, k, n),
                         "wgrad": lambda m, n, k: (n, k, m)}


def _fp8_operands(torch, device, m, n, k):
    a = random_normal(torch, device, m, k).to(torch.float8_e4m3fn)
    b = random_normal(torch, device, n, k).to(torch.float8_e4m3fn)
    return a, b


def _fp4_operands(torch, device, m, n, k):
    """NVFP4: two E2M1 values per byte, one E4M3 scale per 16 values in the swizzled
    128 x 4 block layout cuBLASLt reads (rows rounded up to 128, scale columns to 4)."""
    def packed(rows):
        return torch.randint(0, 256, (rows, k // 2), device=device, dtype=torch.uint8).view(torch.float4_e2m1fn_x2)

    def scales(rows):
        padded_rows, padded_cols = -(-rows // 128) * 128, -(-(k // 16) // 4) * 4
        return torch.ones(padded_rows, padded_cols, device=device).to(torch.float8_e4m3fn)

    return packed(m), packed(n), scales(m), scales(n)


def gemm_low_precision(torch, timer, device, shapes, fmt, errors, progress):
    """FP8 E4M3 (fmt "fp8") or NVFP4 (fmt "fp4") GEMMs through torch._scaled_mm,
    BF16 output; the casts are not timed (memory-bound kernels cover them)."""
    rows = []
    one = torch.tensor(1.0, device=device)
    for (m, n, k) in shapes:
        progress(f"gemm {fmt} {m}x{n}x{k}")
        row = {"M": m, "N": n, "K": k}
        try:
            for name, shape_of in _LOW_PRECISION_PASSES.items():
                pm, pn, pk = shape_of(m, n, k)
                bytes_per_set = (pm * pk + pn * pk) // (2 if fmt == "fp4" else 1) + 2 * pm * pn
                sets = timer.copies(bytes_per_set)
                out = torch.empty(pm, pn, device=device, dtype=torch.bfloat16)
                if fmt == "fp8":
                    ops = [_fp8_operands(torch, device, pm, pn, pk) for _ in range(sets)]
                    turn = Rotation(sets)

                    def call():
                        a, b = ops[turn.next()]
                        torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16, out=out)
                else:
                    ops = [_fp4_operands(torch, device, pm, pn, pk) for _ in range(sets)]
                    turn = Rotation(sets)

                    def call():
                        a, b, sa, sb = ops[turn.next()]
                        torch._scaled_mm(a, b.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, out=out)
                row[name + "_ms"] = timer.graphed(call)
                del ops, out
            rows.append(row)
        except Exception as ex:
            _record_error(errors, f"gemm {fmt} {(m, n, k)}", ex)
            torch.cuda.empty_cache()
    return rows


def has_fp4(torch) -> bool:
    """FP4 Tensor Cores: Blackwell (compute capability 10.x and 12.x) with a PyTorch that has the type."""
    major, _ = torch.cuda.get_device_capability()
    return major >= 10 and hasattr(torch, "float4_e2m1fn_x2")


def grouped(torch, timer, device, cases, errors, progress):
    """torch._grouped_mm over `experts` x `tokens_per_expert` rows against one dense GEMM of the same total size."""
    rows = []
    for (experts, tokens, n, k) in cases:
        progress(f"grouped {experts}x{tokens} {n}x{k}")
        row = {"experts": experts, "tokens_per_expert": tokens, "N": n, "K": k}
        try:
            x = random_normal(torch, device, experts * tokens, k)
            w = random_normal(torch, device, experts, n, k)
            offsets = torch.arange(1, experts + 1, device=device, dtype=torch.int32) * tokens
            w_t = w.transpose(-2, -1)
            row["grouped_ms"] = timer.graphed(lambda: torch._grouped_mm(x, w_t, offs=offsets, out_dtype=torch.bfloat16))
            dense_w = random_normal(torch, device, n, k)
            row["dense_ms"] = timer.graphed(lambda: torch.mm(x, dense_w.t()))
            rows.append(row)
            del x, w, w_t, dense_w
        except Exception as ex:
            _record_error(errors, f"grouped {row}", ex)
            torch.cuda.empty_cache()
    return rows
