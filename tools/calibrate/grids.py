"""Tables on log2 axes from measured rows: the largest complete sub-grid of
the cells a recording holds (a failed or skipped measurement drops its axis
value rather than leaving a hole), and the axis rule the ScaleScope reader
checks (ascending, log2 gaps whole multiples of the smallest gap).
"""
import math


def spacing_ok(axis) -> bool:
    """Ascending positive values whose log2 gaps are whole multiples of the smallest."""
    if any(v <= 0 for v in axis) or any(b <= a for a, b in zip(axis, axis[1:])):
        return False
    gaps = [math.log2(b) - math.log2(a) for a, b in zip(axis, axis[1:])]
    if not gaps:
        return True
    least = min(gaps)
    return all(abs(g / least - round(g / least)) < 1e-9 for g in gaps)


def complete_grid(cells: dict, dims: int) -> tuple[list[list], list[str]]:
    """The axes of the largest complete grid over `cells` ({(a, b, c): value}):
    repeatedly drops the axis value whose slice misses the largest share of
    its cells. Returns (axes, what was dropped, in words)."""
    axes = [sorted({key[d] for key in cells}) for d in range(dims)]
    dropped = []

    def keys():
        grid = [[]]
        for axis in axes:
            grid = [g + [v] for g in grid for v in axis]
        return [tuple(g) for g in grid]

    while True:
        missing = [k for k in keys() if k not in cells]
        if not missing or any(not a for a in axes):
            break
        worst = None
        for d, axis in enumerate(axes):
            slice_size = len(keys()) / len(axis)
            for v in axis:
                share = sum(1 for k in missing if k[d] == v) / slice_size
                if worst is None or share > worst[0]:
                    worst = (share, d, v)
        _, d, v = worst
        axes[d].remove(v)
        dropped.append(f"axis {d} value {v} (incomplete)")
    for d, axis in enumerate(axes):
        while len(axis) > 1 and not spacing_ok(axis):
            dropped.append(f"axis {d} value {axis.pop()} (uneven log2 spacing)")
    return axes, dropped


def rounded(x: float) -> float:
    """A measured speed as stored: to 0.1 from 10 up (the shipped tables' rounding),
    else to 3 significant digits, so that a slow small kernel never rounds to 0."""
    return round(x, 1) if x >= 10 else float(f"{x:.3g}")


def nested(axes: list[list], value) -> list:
    """Row-major nested lists value(a, b, c) over three axes."""
    return [[[value(a, b, c) for c in axes[2]] for b in axes[1]] for a in axes[0]]
