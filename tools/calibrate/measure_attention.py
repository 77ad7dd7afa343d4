"""Attention timings through PyTorch scaled_dot_product_attention, per backend
(cudnn, flash = FlashAttention-2, efficient): prefill forward and forward +
backward over sequence lengths up to 128k, causal and not; and decode, one
query per sequence over a KV cache of 1k-128k tokens (grouped-query heads).
"""
from timing import Rotation, random_normal


def _backends(torch, names):
    from torch.nn.attention import SDPBackend
    table = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION,
             "efficient": SDPBackend.EFFICIENT_ATTENTION}
    return [(n, table[n]) for n in names]


def prefill(torch, timer, device, cases, backend_names, errors, progress):
    """Rows: backend, B, H, Hkv, S, D, Dv, causal, fwd_ms, bwd_ms (forward + backward, less the forward)."""
    from torch.nn.attention import sdpa_kernel
    sdpa = torch.nn.functional.scaled_dot_product_attention
    rows = []
    for (batch, heads, seq, dim, causal) in cases:
        sets = timer.copies(4 * 2 * batch * heads * seq * dim, most=8)
        q = [random_normal(torch, device, batch, heads, seq, dim).requires_grad_() for _ in range(sets)]
        k = [random_normal(torch, device, batch, heads, seq, dim).requires_grad_() for _ in range(sets)]
        v = [random_normal(torch, device, batch, heads, seq, dim).requires_grad_() for _ in range(sets)]
        grad = random_normal(torch, device, batch, heads, seq, dim)
        turn = Rotation(sets)
        for name, backend in _backends(torch, backend_names):
            progress(f"attention {name} B{batch} H{heads} S{seq} D{dim} causal={causal}")
            row = {"backend": name, "B": batch, "H": heads, "Hkv": heads, "S": seq, "D": dim, "Dv": dim,
                   "causal": causal}
            try:
                with sdpa_kernel([backend]):
                    def forward():
                        i = turn.next()
                        return sdpa(q[i], k[i], v[i], is_causal=causal)

                    def forward_backward():
                        # autograd.grad rather than backward(): no accumulation into .grad is timed
                        i = turn.next()
                        out = sdpa(q[i], k[i], v[i], is_causal=causal)
                        torch.autograd.grad(out, (q[i], k[i], v[i]), grad)

                    with torch.no_grad():
                        fwd = timer.eager(forward)
                    both = timer.eager(forward_backward)
                row.update({"fwd_ms": fwd, "bwd_ms": both - fwd})
            except Exception as ex:
                row["error"] = repr(ex)[:200]
                errors.append(f"attention {row}"[:300])
            rows.append(row)
        del q, k, v, grad
        torch.cuda.empty_cache()
    return rows


def decode(torch, timer, plan, device, errors, progress):
    """Rows: backend, B, H, Hkv, L (KV tokens), D, ms, kv_bytes (K and V read once)."""
    from torch.nn.attention import sdpa_kernel
    sdpa = torch.nn.functional.scaled_dot_product_attention
    heads, kv_heads = plan.decode_heads, plan.decode_kv_heads
    rows = []
    for (batch, kv_len, dim) in plan.decode_cases():
        kv_bytes = 2 * batch * kv_heads * kv_len * dim * 2
        if 2 * kv_bytes > timer.free_bytes:
            errors.append(f"decode B{batch} L{kv_len} D{dim}: {kv_bytes / 1e9:.1f} GB of KV cache does not fit")
            continue
        sets = timer.copies(kv_bytes)
        q = [random_normal(torch, device, batch, heads, 1, dim) for _ in range(sets)]
        k = [random_normal(torch, device, batch, kv_heads, kv_len, dim) for _ in range(sets)]
        v = [random_normal(torch, device, batch, kv_heads, kv_len, dim) for _ in range(sets)]
        turn = Rotation(sets)
        for name, backend in _backends(torch, plan.decode_backends):
            progress(f"decode {name} B{batch} L{kv_len} D{dim}")
            row = {"backend": name, "B": batch, "H": heads, "Hkv": kv_heads, "L": kv_len, "D": dim,
                   "kv_bytes": kv_bytes}
            try:
                with sdpa_kernel([backend]), torch.no_grad():
                    def step():
                        i = turn.next()
                        return sdpa(q[i], k[i], v[i], is_causal=False, enable_gqa=True)
                    row["ms"], row["timed_as"] = timer.best_effort_graphed(step)
            except Exception as ex:
                row["error"] = repr(ex)[:200]
                errors.append(f"decode {row}"[:300])
            rows.append(row)
        del q, k, v
        torch.cuda.empty_cache()
    return rows
