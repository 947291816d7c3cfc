"""How the untrusted-file reader's dotted-key bound scales: process time to read each shape of file
at one size and at twice it (median of several runs). A scan read once grows about 2x with the
size; one that restarts inside each word grows about 4x.

    python benchmarks/untrusted_scan.py [--runs 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdb.untrusted import parse_toml  # noqa: E402


class Refused(Exception):
    pass


SHAPES = {
    "one long word": lambda n: 'x = "' + "y" * (50 * n) + '"\n',
    "short dotted keys": lambda n: "".join(f"k{i}." + ".".join(["a"] * 30) + " = 1\n" for i in range(n)),
    "many floats": lambda n: "x = [" + ", ".join(["1.5"] * (10 * n)) + "]\n",
}


def seconds(text: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.process_time()
        try:
            parse_toml(text, Path("t.toml"), Refused)
        except Refused:
            pass
        times.append(time.process_time() - began)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=10_000)
    args = parser.parse_args()
    for name, make in SHAPES.items():
        one, two = seconds(make(args.size), args.runs), seconds(make(2 * args.size), args.runs)
        print(f"{name:18} {one * 1000:8.1f} ms  x2 size {two * 1000:8.1f} ms  ratio {two / one:4.2f}")


if __name__ == "__main__":
    main()
