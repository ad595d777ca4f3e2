#!/usr/bin/env python3
"""Prints the share of each module's lines that the in-process tests run.

Reads the llvm-cov export that `swift test --enable-code-coverage` writes
(`swift test --show-codecov-path` names it) and sums the line counts of the
files under each `Sources/<Module>/`.
"""
import json
import os
import subprocess
import sys


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = subprocess.run(
        ["swift", "test", "--show-codecov-path"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()
    with open(path) as handle:
        export = json.load(handle)
    sources = os.path.join(root, "Sources") + os.sep
    modules: dict[str, list[int]] = {}
    for entry in export["data"][0]["files"]:
        name = entry["filename"]
        if not name.startswith(sources):
            continue
        module = name[len(sources):].split(os.sep)[0]
        lines = entry["summary"]["lines"]
        totals = modules.setdefault(module, [0, 0])
        totals[0] += lines["covered"]
        totals[1] += lines["count"]
    print(f"{'module':<16} {'lines':>7} {'covered':>8} {'share':>7}")
    for module, (covered, count) in sorted(modules.items()):
        share = 100.0 * covered / count if count else 0.0
        print(f"{module:<16} {count:>7} {covered:>8} {share:>6.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
