"""Measure play-along speed: `companion play` as a whole process against `python -c "import typer"`,
and an in-process check of a play against a Catopomp session that holds 300 plays.

    python benchmarks/play_speed.py [--runs 15]

Targets (play-along issue): process ratio <= 3 (medians); the in-process check <= 5 ms.
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


def _long_session(data: Path, plays_wanted: int = 300) -> str:
    """A four-player session with at least `plays_wanted` plays, as a table would have entered them."""
    from engine.catopomp import core
    from engine.catopomp.simulate import table_game
    from trackers.sessions import Sessions

    with Sessions(data) as store:
        for seed in range(100):
            name = f"long-{seed}"
            store.new("catopomp", ["P1", "P2", "P3", "P4"], name, {"passing": "main"})
            plays = 0
            for kind, what, _t in table_game(seed, 4, core.Opts(), pass_bias=0.5):
                if plays >= plays_wanted:
                    return name
                if kind == "track":
                    store.record(list(what), name)
                else:
                    store.play(what, name)
                    plays += 1
    raise RuntimeError("no game was long enough")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-play-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    py = sys.executable

    def run(*words: str) -> None:
        subprocess.run([py, "-m", "companion", *words], env=env, check=True, stdout=subprocess.DEVNULL)

    run("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann")
    run("track", "dice", "1", "2", "3", "4", "5", "6")
    base = wall([py, "-c", "import typer"], env, args.runs)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        run("play", "heaven 4 5 then hell 2")
        times.append(time.perf_counter() - start)
        run("track", "undo")
    play = statistics.median(times)
    print(f"process: companion play 'heaven 4 5 then hell 2' {play * 1000:.1f} ms vs python -c 'import typer' "
          f"{base * 1000:.1f} ms -> ratio {play / base:.2f} (target <= 3)")

    from trackers.sessions import Sessions

    data = home / "long"
    name = _long_session(data)
    with Sessions(data) as store:
        session, engine, state = store.situation(name)
        plays = sum(1 for e in store.entries(session) if e.verb == "play")
        moves = engine.legal_moves(state) or []
        text = engine.format_move(moves[0]) if moves else "pass"
        checks, opens = [], []
        for _ in range(max(15, args.runs)):
            start = time.perf_counter()
            engine.check(state, engine.parse_move(text, state))
            checks.append(time.perf_counter() - start)
            start = time.perf_counter()
            _s, _e, fresh = store.situation(name)
            engine.check(fresh, engine.parse_move(text, fresh))
            opens.append(time.perf_counter() - start)
    print(f"in-process check of {text!r} against a session of {plays} plays: median "
          f"{statistics.median(checks) * 1000:.2f} ms (target <= 5 ms); with the session replayed from its log "
          f"first: {statistics.median(opens) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
