#!/usr/bin/env python3
"""Print the validation table of docs/validation.md from `scalescope-cli validate --json`.

Usage:
  tools/validation-table.py [CLI] [--dir DIR]   run CLI validate --json and tabulate
  tools/validation-table.py --json FILE         tabulate a saved output instead
  tools/validation-table.py --inference ...     the inference runs' table instead

CLI defaults to build/release/app/cli/scalescope-cli. Runs not held to the
bounds (outside_bounds) are marked with *. Debian's python3 only.
"""

import argparse
import json
import os
import subprocess
import sys

DEFAULT_CLI = os.path.join("build", "release", "app", "cli", "scalescope-cli")


def percent(x):
    return f"{x * 100:+.1f} %".replace("-", "−")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("cli", nargs="?", default=DEFAULT_CLI, help="scalescope-cli to run (default: %(default)s)")
    parser.add_argument("--dir", help="validation runs to read instead of the built-in set")
    parser.add_argument("--json", metavar="FILE", help="tabulate a saved validate --json output instead")
    parser.add_argument("--inference", action="store_true", help="the inference runs' table instead of training's")
    options = parser.parse_args(argv)
    cli, saved = options.cli, options.json
    extra = ["--dir", options.dir] if options.dir else []
    if saved:
        with open(saved, encoding="utf-8") as f:
            report = json.load(f)
    else:
        done = subprocess.run([cli, "validate", "--json", *extra], capture_output=True, text=True, check=False)
        if done.returncode not in (0, 1) or not done.stdout:
            sys.stderr.write(done.stderr)
            return done.returncode or 1
        report = json.loads(done.stdout)
    if options.inference:
        return inference_table(report["inference"])

    print("| run | GPU | GPUs | precision | class | measured tok/s/GPU | predicted | error |")
    print("| --- | --- | ---: | --- | --- | ---: | ---: | ---: |")
    for c in sorted(report["cases"], key=lambda c: c["id"]):
        mark = "" if c.get("held_to_bounds", True) else " *"
        cls = c["class"] + (", long context" if c.get("long_context") else "")
        if not c.get("ok"):
            print(f"| {c['id']}{mark} | {c['gpu']} | {c['gpus']} | {c['precision']} | {cls} | "
                  f"{c['measured_tokens_per_s_per_gpu']:,.0f} | – | {c.get('message', 'not evaluated')} |")
            continue
        print(f"| {c['id']}{mark} | {c['gpu']} | {c['gpus']:,} | {c['precision']} | {cls} | "
              f"{c['measured_tokens_per_s_per_gpu']:,.0f} | {c['predicted_tokens_per_s_per_gpu']:,.0f} | "
              f"{percent(c['error'])} |")
    print()
    s16, s8 = report["held_16bit"], report["held_low_precision"]
    print(f"Held runs: {report['held_runs']}, geometric-mean |error| "
          f"{report['held_geometric_mean_abs_error'] * 100:.1f} %, worst {report['held_max_abs_error'] * 100:.1f} %. "
          f"Dense, 16-bit (BF16, FP16): {s16['runs']} runs, {s16['geometric_mean_abs_error'] * 100:.1f} %, worst "
          f"{s16['max_abs_error'] * 100:.1f} %. Dense, FP8 and below: {s8['runs']} runs, "
          f"{s8['geometric_mean_abs_error'] * 100:.1f} %, worst {s8['max_abs_error'] * 100:.1f} %. "
          f"All {report['evaluated']} runs: {report['geometric_mean_abs_error'] * 100:.1f} %. "
          f"`*`: shown, not held to the bounds (`outside_bounds`).")
    for key, label in (("moe", "Mixture of experts"), ("long_context", "Long context (65,536 tokens or more)")):
        if key in report:
            print()
            print(class_line(label, report[key]))
    return 0


def class_line(label, c):
    held = c["held"]
    held_text = (f"{held['runs']} runs, {held['geometric_mean_abs_error'] * 100:.1f} %, worst "
                 f"{held['max_abs_error'] * 100:.1f} %" if held["runs"] else "none")
    return (f"{label}: {c['runs']} runs, geometric-mean |error| {c['geometric_mean_abs_error'] * 100:.1f} %, worst "
            f"{c['max_abs_error'] * 100:.1f} %; held: {held_text}.")


def seconds_error(c, key):
    return percent(c[key]) if key in c else "–"


def inference_table(report):
    print("| run | GPU | GPUs | model | precision / KV | batch | in / out | measured out tok/s/GPU | predicted | error |")
    print("| --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for c in sorted(report["cases"], key=lambda c: c["id"]):
        mark = "" if c.get("held_to_bounds", True) else " *"
        head = (f"| {c['id']}{mark} | {c['gpu']} | {c['gpus']:,} | {c['model']} | {c['precision']} / {c['kv_precision']} | ")
        lengths = f"{c['prompt_tokens']:,} / {c['output_tokens']:,}"
        if not c.get("ok"):
            print(f"{head}– | {lengths} | {c['measured_tokens_per_s_per_gpu']:,.0f} | – | "
                  f"{c.get('message', 'not evaluated')} |")
            continue
        batch = f"{c['batch']:,}" + ("" if c["fits"] else " †")
        print(f"{head}{batch} | {lengths} | {c['measured_tokens_per_s_per_gpu']:,.0f} | "
              f"{c['predicted_tokens_per_s_per_gpu']:,.0f} | {percent(c['error'])} |")
    print()
    held = report["held"]
    print(f"Held runs: {held['runs']}, geometric-mean |error| {held['geometric_mean_abs_error'] * 100:.1f} %, worst "
          f"{held['max_abs_error'] * 100:.1f} %. All {report['evaluated']} runs: "
          f"{report['geometric_mean_abs_error'] * 100:.1f} %. `*`: shown, not held to the bounds (`outside_bounds`). "
          f"†: the model's memory does not hold the published batch (the run's runtime did).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
