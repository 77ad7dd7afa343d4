#!/usr/bin/env python3
"""Measure this machine's GPU kernels and write a ScaleScope compute-calibration spec.

Times every kernel class the cost model uses (GEMMs in BF16/FP8/FP4 from M = 1,
grouped expert GEMMs, prefill and decode attention per backend, MoE routing,
memory-bound kernels, the optimizer, launch cost) on one GPU with PyTorch,
then writes the spec (--out) and the raw timings beside it (--recording).
Downloads nothing. See tools/calibrate/README.md.
"""
import argparse
import json
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import plan as plans  # noqa: E402  (after the path insert: works from any directory)
import writer  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="calibrate.py", description=__doc__.split("\n\n")[0],
        epilog="Afterwards: scalescope-cli specs validate FILE; see tools/calibrate/README.md.")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a coarse grid (default; an estimated 3 minutes on an H100)")
    size.add_argument("--full", action="store_true", help="the full grid (an estimated 15-25 minutes on an H100)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="the compute-calibration spec to write (default: compute-measured-<gpu>-<date>.json)")
    p.add_argument("--recording", default=None, metavar="FILE",
                   help="the raw timings (default: FILE with .recording.json); written after each section")
    p.add_argument("--device", type=int, default=0, metavar="N", help="CUDA device index (default 0)")
    p.add_argument("--gpu-spec", default=None, metavar="ID|FILE",
                   help="the ScaleScope GPU spec whose datasheet peaks the speeds are divided by "
                        "(default: recognised from the device name)")
    p.add_argument("--sections", default=None, metavar="LIST",
                   help="only these sections, comma-separated (" + ", ".join(plans.SECTIONS) + "); copy and "
                        "launch are always measured. writer.py merges such a recording with another of the same GPU")
    p.add_argument("--plan", action="store_true", help="print what would be measured, measure nothing")
    return p.parse_args(argv)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    chosen = plans.FULL if args.full else plans.QUICK
    sections = None
    if args.sections is not None:
        sections = [name.strip() for name in args.sections.split(",") if name.strip()]
        unknown = [name for name in sections if name not in plans.SECTIONS]
        if unknown or not sections:
            print(f"calibrate.py: --sections: expected names from {', '.join(plans.SECTIONS)}, found "
                  f"{', '.join(unknown) or 'none'}", file=sys.stderr)
            return 2
    if args.plan:
        counts = {key: n for key, n in chosen.timing_counts().items()
                  if sections is None or key in sections or key in plans.ALWAYS}
        for key, n in counts.items():
            print(f"{key:24s} {n:5d} timings")
        print(f"{'total':24s} {sum(counts.values()):5d} timings ({chosen.name})")
        return 0
    import measure  # imports PyTorch

    def progress(text):
        print(text, file=sys.stderr, flush=True)

    recording_path = [args.recording]

    def save(recording):
        if recording_path[0] is None:
            out = args.out or writer.default_file_name(recording["meta"])
            recording_path[0] = os.path.splitext(out)[0] + ".recording.json"
        with open(recording_path[0], "w", encoding="utf-8") as f:
            json.dump(recording, f, indent=1)

    recording = measure.measure(chosen, args.device, argv, progress, save, sections)
    save(recording)
    out = args.out or writer.default_file_name(recording["meta"])
    spec, unmapped = writer.write_spec(recording, gpu_spec=args.gpu_spec)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=2)
        f.write("\n")
    print(f"wrote {out} (spec) and {recording_path[0]} (timings)")
    for line in unmapped:
        print("not in the spec:", line)
    if recording["errors"]:
        print(f"{len(recording['errors'])} measurement(s) failed; see 'errors' in {recording_path[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
