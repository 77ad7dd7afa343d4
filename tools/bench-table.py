#!/usr/bin/env python3
"""Print the benchmark of docs/benchmark.md as one Markdown table.

Usage:
  tools/bench-table.py [CLI]            run CLI bench --json RUNS times (default 3) and tabulate
  tools/bench-table.py --json FILE...   tabulate saved `bench --json` outputs instead
  options: --runs N   how many runs (default 3)

CLI defaults to build/release/app/cli/scalescope-cli. With several runs each
row shows the median and the range. Debian's python3 only: no packages
beyond the standard library.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

DEFAULT_CLI = os.path.join("build", "release", "app", "cli", "scalescope-cli")

# (key path, what it measures, unit, better) in table order; views are appended.
ROWS = [
    (("evaluate_per_s",), "full training-step evaluations per second, one core, no timeline", "/s", "higher"),
    (("evaluate_timeline_per_s",), "evaluations per second with the step's timeline", "/s", "higher"),
    (("search_16k_ms",), "exhaustive layout search, LLaMA-3 405B on 16,384 H100", "ms", "lower"),
    (("search_16k_layouts",), "layouts that search evaluated", "", ""),
    (("inference_evaluate_per_s",), "inference evaluations per second (LLaMA-3 70B on 8 H100: prefill, decode, memory)", "/s", "higher"),
    (("inference_search_ms",), "serving-layout search of that scenario, TPOT at most 50 ms", "ms", "lower"),
    (("inference_search_evaluations",), "inference evaluations that search made", "", ""),
    (("ui_update_p50_ms",), "TP-slider change to painted timeline, median (16,384 GPUs, pp 16, 64 micro-batches)", "ms", "lower"),
    (("ui_update_p99_ms",), "the same, 99th percentile", "ms", "lower"),
    (("ui_update_result_p50_ms",), "change until the evaluation reaches the GUI, median", "ms", "lower"),
    (("ui_update_paint_p50_ms",), "painting the timeline, median", "ms", "lower"),
    (("topology_16k", "open_ms"), "topology view, 16,384-GPU DGX H100 SuperPOD: graph, scene, first paint", "ms", "lower"),
    (("topology_16k", "pan_ms"), "the same, one repaint while panning at 8x zoom", "ms", "lower"),
    (("topology_100k", "open_ms"), "topology view, 100,008 GB200 GPUs: graph, scene, first paint", "ms", "lower"),
    (("topology_100k", "pan_ms"), "the same, one repaint while panning at 8x zoom", "ms", "lower"),
]


def lookup(run, path):
    value = run
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def number(x, unit):
    if unit == "/s" or abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def cell(values, unit):
    if not values:
        return "–"
    median = statistics.median(values)
    text = number(median, unit)
    if len(values) > 1 and min(values) != max(values):
        text += f" ({number(min(values), unit)}–{number(max(values), unit)})"
    return text


def rows(runs):
    table = list(ROWS)
    views = sorted({v for run in runs for v in run.get("view_render_ms", {})})
    for view in views:
        table.append((("view_render_ms", view, "build"), f"{view} view: scene build at 1600x1000, median of 5", "ms", "lower"))
        table.append((("view_render_ms", view, "paint"), f"{view} view: paint at 1600x1000, median of 5", "ms", "lower"))
    for path, what, unit, _ in table:
        values = [v for v in (lookup(run, path) for run in runs) if v is not None]
        if values:
            yield "`" + ".".join(path) + "`", what, cell(values, unit) + (" " + unit if unit and unit != "/s" else "")


def machine(with_load):
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ""
    if with_load:
        try:
            with open("/proc/loadavg", encoding="utf-8") as f:
                load = f", load average {f.read().split()[0]} when the runs began"
        except OSError:
            pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}{load}"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("cli", nargs="?", default=DEFAULT_CLI, help="scalescope-cli to run (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="how many runs of bench --json (default: 3)")
    parser.add_argument("--json", nargs="+", metavar="FILE", help="tabulate saved bench --json outputs instead")
    options = parser.parse_args(argv)
    cli, runs_wanted, files = options.cli, options.runs, options.json
    host = machine(with_load=not files)
    if files:
        runs = [json.load(open(f, encoding="utf-8")) for f in files]
        source = f"{len(runs)} saved run(s) of `scalescope-cli bench --json`"
    else:
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        runs = []
        for _ in range(runs_wanted):
            done = subprocess.run([cli, "bench", "--json"], capture_output=True, text=True, env=env, check=True)
            runs.append(json.loads(done.stdout))
        source = f"{runs_wanted} run(s) of `{cli} bench --json`"
    print(f"Machine: {host}. Source: {source}; median (range).")
    print()
    print("| key | what | value |")
    print("| --- | --- | ---: |")
    for key, what, value in rows(runs):
        print(f"| {key} | {what} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
