"""Many writers on one session at once (issue 14): errors, the final count, latency per update.

    python benchmarks/stress_sessions.py                 # 8 x 500 and 16 x 200, Python API processes
    python benchmarks/stress_sessions.py --cli 8x50      # real `companion track ...` processes

With --cli each update runs the `companion` script installed beside this interpreter (the venv's),
falling back to `python -m companion` from this checkout when there is none.

Each writer process records `coins ann +1` N times and times each update; the session must end
with exactly P x N changes. Targets: 0 errors, exact counts, p99 <= 2 s at 8 x 500. Not run in CI.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

API_WORKER = """
import json, sys, time
from pathlib import Path
from trackers.sessions import Sessions
from trackers.errors import Refused
lat, errors, stale = [], [], 0
play = sys.argv[3:4] == ["play"]  # benchmarks/stress_play.py: an overruled `pass` play instead
name = sys.argv[4] if len(sys.argv) > 4 else "stress"
with Sessions(Path(sys.argv[1])) as store:
    for _ in range(int(sys.argv[2])):
        t = time.perf_counter()
        while True:
            try:
                if play:
                    store.play("pass", name, overrule=True)
                else:
                    store.record(["coins", "ann", "+1"], name)
            except Refused as exc:
                if "turn has passed" in str(exc):  # another writer's play came first: look again, play again
                    stale += 1
                    continue
                errors.append(f"Refused: {exc}")
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
            break
        lat.append(time.perf_counter() - t)
print(json.dumps({"lat": lat, "errors": errors, "stale": stale}))
"""

CLI_WORKER = """
import json, os, subprocess, sys, time
lat, errors = [], []
command = json.loads(sys.argv[3])
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    p = subprocess.run([*command, "track", "coins", "ann", "+1", "--session", "stress"],
                       capture_output=True, text=True, env={**os.environ, "COMPANION_HOME": sys.argv[1]})
    lat.append(time.perf_counter() - t)
    if p.returncode:
        errors.append(p.stderr.strip())
print(json.dumps({"lat": lat, "errors": errors}))
"""


def installed() -> list[str]:
    """The command line of the `companion` installed beside this interpreter, else this checkout's."""
    script = Path(sys.executable).parent / "companion"
    return [str(script)] if script.exists() else [sys.executable, "-m", "companion"]


def run(procs: int, updates: int, cli: bool) -> dict:
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress-"))
    data = home / "data"
    with Sessions(data) as store:
        store.new("cataclysm-arcade", ["Ann", "Ben"], "stress")
    target = str(home) if cli else str(data)
    start = time.perf_counter()
    extra = [json.dumps(installed())] if cli else []
    workers = [subprocess.Popen([sys.executable, "-c", CLI_WORKER if cli else API_WORKER, target, str(updates), *extra],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for _ in range(procs)]
    lat: list[float] = []
    errors: list[str] = []
    for w in workers:
        out, err = w.communicate()
        if w.returncode:
            errors.append(f"worker exit {w.returncode}: {err.strip()[-300:]}")
            continue
        got = json.loads(out)
        lat += got["lat"]
        errors += got["errors"]
    wall = time.perf_counter() - start
    with Sessions(data) as store:
        final = len(store.replay(store.get("stress")).applied)
    lat.sort()
    pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")  # noqa: E731
    return {"procs": procs, "updates": updates, "mode": f"cli ({installed()[0]})" if cli else "api",
            "errors": len(errors),
            "first_errors": errors[:3], "final": final, "expected": procs * updates,
            "p50": statistics.median(lat) if lat else float("nan"), "p99": pick(0.99), "max": lat[-1] if lat else 0,
            "wall": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", default=["8x500", "16x200"], help="PROCSxUPDATES, e.g. 8x500")
    parser.add_argument("--cli", action="store_true", help="each update is a real `companion` process")
    args = parser.parse_args()
    for spec in args.runs:
        procs, updates = (int(x) for x in spec.lower().split("x"))
        r = run(procs, updates, args.cli)
        ok = "OK" if r["errors"] == 0 and r["final"] == r["expected"] else "FAIL"
        print(f"{ok} {r['mode']} {procs} x {updates}: errors {r['errors']}, final count {r['final']} of "
              f"{r['expected']}, latency p50 {r['p50'] * 1000:.0f} ms, p99 {r['p99'] * 1000:.0f} ms, "
              f"max {r['max'] * 1000:.0f} ms, wall {r['wall']:.1f} s", flush=True)
        for e in r["first_errors"]:
            print("   ", e)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
