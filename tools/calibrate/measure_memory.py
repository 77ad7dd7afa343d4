"""Memory-bound kernels (residual add, SwiGLU, GELU, RMSNorm / LayerNorm,
RoPE, FP8 cast, cross-entropy, embedding), eager and torch.compile-fused;
the fused AdamW step; MoE routing (router softmax + top-k, token permutation
by index_select and un-permutation by index_add); device copy; launch cost.
`bytes_min` is the fewest bytes a kernel must move; GB/s = bytes_min / time.
"""
import time

from timing import random_normal


class _Rows:
    def __init__(self, timer, errors, progress):
        self.rows, self.timer, self.errors, self.progress = [], timer, errors, progress

    def add(self, op, variant, fn, bytes_min, **extra):
        self.progress(f"memory {op} ({variant})")
        try:
            ms = self.timer.eager(fn)
        except Exception as ex:
            self.errors.append(f"memory {op} {variant}: {ex!r}"[:300])
            return
        row = {"op": op, "variant": variant, "ms": ms, "bytes_min": bytes_min}
        if bytes_min:
            row["GBps_effective"] = bytes_min / ms / 1e6
        row.update(extra)
        self.rows.append(row)


def memory_bound(torch, timer, plan, device, errors, progress):
    F = torch.nn.functional
    tokens, hidden = plan.memory_shape
    n = tokens * hidden
    out = _Rows(timer, errors, progress)
    a, b = random_normal(torch, device, tokens, hidden), random_normal(torch, device, tokens, hidden)
    w, gate_up = random_normal(torch, device, hidden), random_normal(torch, device, tokens, 2 * hidden)
    swiglu = lambda g: F.silu(g[:, :hidden]) * g[:, hidden:]
    cast = lambda x: (x * (448.0 / x.abs().amax())).to(torch.float8_e4m3fn)
    head_dim = 128
    q = random_normal(torch, device, 1, tokens, hidden // head_dim, head_dim)
    cos, sin = random_normal(torch, device, tokens, 1, head_dim), random_normal(torch, device, tokens, 1, head_dim)

    def rope(x, c, s):
        x1, x2 = x[..., : head_dim // 2], x[..., head_dim // 2:]
        return x * c + torch.cat((-x2, x1), dim=-1) * s

    a_grad, w_grad = a.clone().requires_grad_(), w.clone().requires_grad_()
    out.add("add (residual)", "eager", lambda: torch.add(a, b), 3 * 2 * n)
    out.add("swiglu silu(g)*u", "eager", lambda: swiglu(gate_up), 3 * 2 * n)
    out.add("gelu", "eager", lambda: F.gelu(a, approximate="tanh"), 2 * 2 * n)
    out.add("rmsnorm fwd", "eager", lambda: F.rms_norm(a, (hidden,), w, 1e-5), 2 * 2 * n)
    out.add("layernorm fwd", "eager", lambda: F.layer_norm(a, (hidden,), w, w, 1e-5), 2 * 2 * n)
    out.add("rmsnorm fwd+bwd", "eager", lambda: F.rms_norm(a_grad, (hidden,), w_grad, 1e-5).backward(b), 5 * 2 * n)
    out.add("layernorm fwd+bwd", "eager",
            lambda: F.layer_norm(a_grad, (hidden,), w_grad, w_grad, 1e-5).backward(b), 5 * 2 * n)
    out.add("fp8 cast with amax", "eager", lambda: cast(a), 5 * n)
    out.add("rope", "eager", lambda: rope(q, cos, sin), 2 * 2 * n)
    try:
        import torch._dynamo
        torch._dynamo.config.cache_size_limit = 64
        fused_swiglu, fused_rope, fused_cast = torch.compile(swiglu), torch.compile(rope), torch.compile(cast)
        fused_rms = torch.compile(lambda x, g: F.rms_norm(x, (hidden,), g, 1e-5))
        fused_add_rms = torch.compile(lambda x, r, g: F.rms_norm(x + r, (hidden,), g, 1e-5))
        out.add("swiglu silu(g)*u", "compiled", lambda: fused_swiglu(gate_up), 3 * 2 * n)
        out.add("rope", "compiled", lambda: fused_rope(q, cos, sin), 2 * 2 * n)
        out.add("fp8 cast with amax", "compiled", lambda: fused_cast(a), 5 * n)
        out.add("rmsnorm fwd+bwd", "compiled", lambda: fused_rms(a_grad, w_grad).backward(b), 5 * 2 * n)
        out.add("residual add + rmsnorm fwd", "compiled", lambda: fused_add_rms(a, b, w), 4 * 2 * n)
    except Exception as ex:
        errors.append(f"torch.compile: {ex!r}"[:300])
    del a, b, gate_up, q, a_grad
    _cross_entropy_and_embedding(torch, plan, device, out)
    _optimizer(torch, plan, device, out)
    return out.rows


def _cross_entropy_and_embedding(torch, plan, device, out):
    F = torch.nn.functional
    vocab, tokens, hidden = plan.vocab, plan.memory_shape[0], 4096
    logits = random_normal(torch, device, tokens, vocab).requires_grad_()
    targets = torch.randint(0, vocab, (tokens,), device=device)
    label = f"cross-entropy fwd+bwd (vocab {vocab})"
    logit_bytes = 2 * 2 * tokens * vocab  # read the bf16 logits, write their gradient
    out.add(label, "eager fp32 upcast", lambda: F.cross_entropy(logits.float(), targets).backward(), logit_bytes,
            tokens=tokens, vocab=vocab)
    try:
        fused = torch.compile(lambda x, t: F.cross_entropy(x.float(), t))
        out.add(label, "compiled", lambda: fused(logits, targets).backward(), logit_bytes, tokens=tokens, vocab=vocab)
    except Exception as ex:
        out.errors.append(f"cross-entropy compiled: {ex!r}"[:300])
    del logits
    table = random_normal(torch, device, vocab, hidden).requires_grad_()
    ids = torch.randint(0, vocab, (tokens,), device=device)
    grad = random_normal(torch, device, tokens, hidden)
    # The dense table gradient written (2 B per entry) plus the gathered and scattered rows.
    out.add(f"embedding fwd+bwd ({vocab} x {hidden})", "eager", lambda: F.embedding(ids, table).backward(grad),
            2 * vocab * hidden + 8 * tokens * hidden, tokens=tokens, vocab=vocab, hidden=hidden)


def _optimizer(torch, plan, device, out):
    count = plan.optimizer_params
    params = [torch.nn.Parameter(torch.randn(count // 8, device=device)) for _ in range(8)]
    for p in params:
        p.grad = torch.randn_like(p)
    for variant, fused in (("fused", True), ("foreach", False)):
        optimizer = torch.optim.AdamW(params, lr=1e-4, fused=fused, foreach=not fused)
        # fp32 master weights: read parameter, gradient and both moments, write parameter and moments
        before = len(out.rows)
        out.add("AdamW step (fp32 params)", variant, optimizer.step, 28 * count, elements=count)
        if len(out.rows) > before:
            out.rows[-1]["ns_per_param"] = out.rows[-1]["ms"] * 1e6 / count
    del params


def routing(torch, timer, plan, device, errors, progress):
    """Router softmax + top-k over fp32 logits; permute (index_select of the chosen
    token rows, grouped by expert); un-permute (weighted index_add back to tokens)."""
    rows = []
    for (tokens, experts, top_k, hidden) in plan.routing:
        shape = {"tokens": tokens, "experts": experts, "top_k": top_k, "hidden": hidden}
        progress(f"routing {shape}")
        try:
            logits = torch.randn(tokens, experts, device=device)
            x = random_normal(torch, device, tokens, hidden)
            order = torch.randint(0, tokens, (tokens * top_k,), device=device).sort().values
            routed = random_normal(torch, device, tokens * top_k, hidden)
            weights = torch.rand(tokens * top_k, 1, device=device, dtype=torch.bfloat16)
            combined = torch.zeros(tokens, hidden, device=device, dtype=torch.bfloat16)
            moved = 2 * 2 * tokens * top_k * hidden  # each routed row read and written once, bf16
            cases = (
                ("router softmax top-k", lambda: torch.topk(torch.softmax(logits, dim=-1), top_k, dim=-1),
                 4 * tokens * experts + 12 * tokens * top_k),
                ("permute (index_select)", lambda: x.index_select(0, order), moved),
                ("unpermute (index_add)", lambda: combined.index_add_(0, order, routed * weights), moved),
            )
            for op, fn, bytes_min in cases:
                ms, timed_as = timer.best_effort_graphed(fn)
                rows.append(dict(shape, op=op, ms=ms, timed_as=timed_as, bytes_min=bytes_min,
                                 GBps_effective=bytes_min / ms / 1e6))
            del logits, x, order, routed, weights, combined
        except Exception as ex:
            errors.append(f"routing {shape}: {ex!r}"[:300])
            torch.cuda.empty_cache()
    return rows


def copy(torch, timer, plan, device, errors, progress):
    rows = []
    for mib in plan.copy_mib:
        progress(f"copy {mib} MiB")
        each = mib * 2**20
        src = torch.empty(each // 2, device=device, dtype=torch.bfloat16).normal_()
        dst = torch.empty_like(src)
        ms = timer.eager(lambda: dst.copy_(src))
        rows.append({"bytes_each": each, "ms": ms, "GBps_rw": 2 * each / ms / 1e6})
        del src, dst
    return rows


def launch(torch, timer, device):
    """Host time of one eager launch, and device time per tiny kernel replayed in a CUDA graph."""
    x = torch.zeros(1, device=device)
    calls = 2000
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        x.add_(1)
    host_s = (time.perf_counter() - t0) / calls
    torch.cuda.synchronize()
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        for _ in range(3):
            x.add_(1)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(calls):
            x.add_(1)
    ms = timer.eager(graph.replay)
    return {"eager_host_us_per_launch": host_s * 1e6, "graph_us_per_kernel": ms * 1e3 / calls,
            "note": "tiny kernel: eager host-side launch cost, and per-kernel time inside a CUDA graph replay"}
