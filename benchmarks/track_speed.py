"""Measure tracker speed: one update as a whole process against `import typer`, and opening a
session whose log holds 5,000 events.

    python benchmarks/track_speed.py [--runs 15]

Targets (trackers issue): process ratio <= 3; opening a 5,000-event session <= 200 ms in-process.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import process_median as wall  # noqa: E402

GAME, PLAYERS, BUMP = "cataclysm-arcade", ["Ann", "Ben"], ["coins", "ann", "+1"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-track-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    py = sys.executable

    subprocess.run([py, "-m", "companion", "track", "new", GAME, "--players", ",".join(PLAYERS)], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    base = wall([py, "-c", "import typer"], env, args.runs)
    update = wall([py, "-m", "companion", "track", *BUMP], env, args.runs)
    print(f"process: companion track {' '.join(BUMP)} {update * 1000:.1f} ms vs python -c 'import typer'"
          f" {base * 1000:.1f} ms -> ratio {update / base:.2f} (target <= 3)")

    from trackers.sessions import Sessions

    data = home / "long"
    with Sessions(data) as store:
        store.new(GAME, PLAYERS, "long")
        store.record(BUMP, "long")
        store.repeat_last("long", 5000)
    opens = []
    for _ in range(max(5, args.runs // 2)):
        start = time.perf_counter()
        with Sessions(data) as store:
            store.show("long")
        opens.append(time.perf_counter() - start)
    print(f"open a 5,000-event session (in-process, replay included): median {statistics.median(opens) * 1000:.1f} ms"
          f" over {len(opens)} runs (target <= 200 ms)")


if __name__ == "__main__":
    main()
