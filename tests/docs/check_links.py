#!/usr/bin/env python3
"""Every relative link and image in the project's Markdown pages points to an existing file.

Usage: check_links.py SOURCE_DIR
Checks README.md, CHANGELOG.md, docs/*.md and specs/README.md. Prints
"file:line: target: no such file" per broken link and exits 1 if any.
Links with a scheme (https:, mailto:) and pure anchors (#...) are not checked;
an anchor after a file name is ignored, the file must exist.
"""

import pathlib
import re
import sys

# [text](target) and ![alt](target); the target ends at whitespace or ')'.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def pages(root: pathlib.Path):
    for name in ("README.md", "CHANGELOG.md", "specs/README.md"):
        if (root / name).is_file():
            yield root / name
    yield from sorted((root / "docs").glob("*.md"))


def broken_links(page: pathlib.Path):
    in_fence = False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("#"):
                continue
            path = target.split("#", 1)[0]
            if not (page.parent / path).exists():
                yield number, target


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    failures = 0
    checked = 0
    for page in pages(root):
        checked += 1
        for number, target in broken_links(page):
            print(f"{page.relative_to(root)}:{number}: {target}: no such file")
            failures += 1
    if checked == 0:
        print(f"{root}: no Markdown pages found", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
