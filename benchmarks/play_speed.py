"""Measure play-along speed: `companion play` as a whole process against `python -c "import typer"`,
and an in-process check of a play against a long Catopomp session (a whole game's plays, up to the last).

    python benchmarks/play_speed.py [--runs 15]

Targets (play-along issue): process ratio <= 3 (medians); the in-process check against a session of
300 plays <= 5 ms (a whole four-player game reaches about 250; the longest of 30 is used).
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


def _long_session(data: Path, seeds: int = 30) -> str:
    """The longest of `seeds` whole four-player games, played into a session as a table would enter it
    (a whole Catopomp game runs to about 250 plays at most, so that is the longest log a real session
    reaches; the check itself does not depend on the log's length, the opening does)."""
    from engine.catopomp.model import Opts
    from tests.engine.catopomp_players import table_game
    from trackers.sessions import Sessions

    longest = max(range(seeds), key=lambda seed: sum(
        1 for kind, _w, _t in table_game(seed, 4, Opts(), pass_bias=0.85) if kind == "play"))
    with Sessions(data) as store:
        store.new("catopomp", ["P1", "P2", "P3", "P4"], "long", {"passing": "main"})
        last = None
        for kind, what, t in table_game(longest, 4, Opts(), pass_bias=0.85):
            if t.phase == "game-over":
                break  # keep the game going: the last play would end it
            if kind == "track":
                store.record(list(what), "long")
            else:
                store.play(what, "long")
            last = what
    return "long" if last else ""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-play-bench-"))
    # with PYTHONDONTWRITEBYTECODE set (some machines here set it) every run would compile every module
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COMPANION_HOME"] = str(home)
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
        moves = engine.plays.legal_moves(state) or []
        text = engine.plays.format_move(moves[0]) if moves else "pass"
        checks, opens = [], []
        for _ in range(max(15, args.runs)):
            start = time.perf_counter()
            engine.check(state, engine.plays.parse_move(text, state))
            checks.append(time.perf_counter() - start)
            start = time.perf_counter()
            _s, _e, fresh = store.situation(name)
            engine.check(fresh, engine.plays.parse_move(text, fresh))
            opens.append(time.perf_counter() - start)
    print(f"in-process check of {text!r} against a session of {plays} plays: median "
          f"{statistics.median(checks) * 1000:.2f} ms (target <= 5 ms); with the session replayed from its log "
          f"first: {statistics.median(opens) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
