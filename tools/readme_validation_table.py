#!/usr/bin/env python3
"""README's table of the held mixture-of-experts and long-context validation runs.

The table sits in README.md between the two marker comments below. Its rows
are what `scalescope-cli validate --json` prints for every run of the classes
"moe" and long context that is held to the bounds: measured and predicted
tokens/s per GPU and the error predicted / measured - 1 (the runs only shown
are in docs/validation.md).

    readme_validation_table.py --check   exit 1 when README's table differs
    readme_validation_table.py --write   rewrite README's table

The CLI is $SCALESCOPE_CLI (default build/release/app/cli/scalescope-cli);
the README is the repository's, found from this file's place.
"""

import json
import os
import pathlib
import subprocess
import sys

BEGIN = "<!-- validation-table: moe and long context (tools/readme_validation_table.py) -->"
END = "<!-- /validation-table -->"

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def validation_cases(cli: str) -> list:
    out = subprocess.run([cli, "validate", "--json", "--dir", str(ROOT / "specs" / "validation")],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["cases"]


def percent(error: float) -> str:
    return f"{error * 100:+.1f} %".replace("-", "−")


def table(cases: list) -> str:
    rows = [c for c in cases if (c.get("class") == "moe" or c.get("long_context")) and c["held_to_bounds"]]
    rows.sort(key=lambda c: (c.get("class") != "moe", c["id"]))
    lines = [
        "| run | class | GPUs | measured | predicted | error |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for c in rows:
        kinds = []
        if c.get("class") == "moe":
            kinds.append("MoE")
        if c.get("long_context"):
            kinds.append("long context")
        lines.append(
            f"| `{c['id']}` | {', '.join(kinds)} | {c['gpus']:,} | "
            f"{c['measured_tokens_per_s_per_gpu']:,.1f} | {c['predicted_tokens_per_s_per_gpu']:,.1f} | "
            f"{percent(c['error'])} |")
    return "\n".join(lines)


def split_readme(text: str):
    try:
        head, rest = text.split(BEGIN + "\n", 1)
        body, tail = rest.split(END, 1)
    except ValueError:
        sys.exit(f"{README}: expected the markers {BEGIN!r} and {END!r} around the validation table")
    return head, body, tail


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] not in ("--check", "--write"):
        sys.exit(__doc__)
    cli = os.environ.get("SCALESCOPE_CLI", str(ROOT / "build" / "release" / "app" / "cli" / "scalescope-cli"))
    text = README.read_text(encoding="utf-8")
    head, body, tail = split_readme(text)
    want = table(validation_cases(cli)) + "\n"
    if sys.argv[1] == "--write":
        README.write_text(head + BEGIN + "\n" + want + END + tail, encoding="utf-8")
        return 0
    if body != want:
        print(f"{README}: the validation table differs from `scalescope-cli validate`; "
              "run tools/readme_validation_table.py --write\n--- README\n" + body + "--- validate\n" + want)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
