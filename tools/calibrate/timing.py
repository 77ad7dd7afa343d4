"""How one kernel is timed (the method the recording's meta names):
CUDA events around batches of calls, the median of several batches, each
batch long enough to dwarf the event overhead; short kernels are captured in
one CUDA graph and replayed, so the host's launch cost is not timed; inputs
are rotated through enough copies that the working set exceeds 4x L2.

Imports PyTorch only through the `torch` module handed to Timer.
"""
import math
import statistics

METHOD = ("CUDA-event timing; median of {batches} batches of at least {min_ms:g} ms each; "
          "GEMM, grouped-GEMM, decode-attention and routing calls captured in one CUDA graph and replayed "
          "(no host launch cost), prefill attention, memory-bound kernels, optimizer and copy as back-to-back "
          "eager launches of kernels long enough to hide host dispatch; random normal inputs (never zeros), "
          "input sets rotated so that the working set exceeds 4x L2; TF32 off; clocks and power limit as found "
          "(not locked)")


class Timer:
    def __init__(self, torch, min_ms: float, batches: int, l2_bytes: int, free_bytes: int):
        self.torch = torch
        self.min_ms = min_ms
        self.batches = batches
        self.l2_bytes = l2_bytes
        self.free_bytes = free_bytes

    def copies(self, bytes_per_set: int, most: int = 64) -> int:
        """Input sets to rotate so that they exceed 4x L2, within a quarter of free memory."""
        need = math.ceil(4 * self.l2_bytes / max(bytes_per_set, 1))
        room = max(1, self.free_bytes // 4 // max(bytes_per_set, 1))
        return int(max(1, min(most, need, room)))

    def _events(self):
        cuda = self.torch.cuda
        return cuda.Event(enable_timing=True), cuda.Event(enable_timing=True)

    def eager(self, fn, max_calls: int = 5000) -> float:
        """Median milliseconds per call of fn(), launched back to back."""
        sync = self.torch.cuda.synchronize
        fn()
        sync()
        start, end = self._events()
        start.record()
        fn()
        fn()
        end.record()
        sync()
        calls = int(min(max_calls, max(1, math.ceil(self.min_ms / max(start.elapsed_time(end) / 2, 1e-4)))))
        samples = []
        for _ in range(self.batches):
            start.record()
            for _ in range(calls):
                fn()
            end.record()
            sync()
            samples.append(start.elapsed_time(end) / calls)
        return statistics.median(samples)

    def graphed(self, fn, max_calls: int = 400) -> float:
        """Median milliseconds per call of fn(), the calls captured in one CUDA graph."""
        torch = self.torch
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                fn()
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()

        def capture(calls):
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                for _ in range(calls):
                    fn()
            return graph

        start, end = self._events()
        probe = capture(4)
        probe.replay()
        torch.cuda.synchronize()
        start.record()
        probe.replay()
        end.record()
        torch.cuda.synchronize()
        del probe
        calls = int(min(max_calls, max(1, math.ceil(self.min_ms / max(start.elapsed_time(end) / 4, 1e-4)))))
        graph = capture(calls)
        graph.replay()
        torch.cuda.synchronize()
        samples = []
        for _ in range(self.batches):
            start.record()
            graph.replay()
            end.record()
            torch.cuda.synchronize()
            samples.append(start.elapsed_time(end) / calls)
        del graph
        return statistics.median(samples)

    def best_effort_graphed(self, fn) -> tuple[float, str]:
        """graphed(), or eager() when the kernel cannot be captured; with which one ran."""
        try:
            return self.graphed(fn), "graph"
        except Exception:  # some backends refuse capture; time them eagerly and say so
            self.torch.cuda.synchronize()
            return self.eager(fn), "eager"


def random_normal(torch, device, *shape, dtype=None):
    """Random normal values (never zeros: sparsity-aware hardware would time them faster), BF16 by default."""
    return (torch.randn(*shape, device=device, dtype=torch.float32) * 0.5).to(dtype or torch.bfloat16)


class Rotation:
    """Cycles through input sets: each call of next() gives the following index."""

    def __init__(self, count: int):
        self.count = count
        self.i = 0

    def next(self) -> int:
        self.i = (self.i + 1) % self.count
        return self.i
