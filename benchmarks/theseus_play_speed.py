"""Speed of Party of the Theseus play-along (issue 7).

A session of about 300 plays (a seeded game with long Rank Decks, told as a real table tells it):
- in-process: replaying its log (what every command does first) and checking the next play;
- whole process: `companion play` (legal, recorded, then undone) against `python -c "import typer"`
  by the same interpreter, ratio of medians.

    python benchmarks/theseus_play_speed.py
Targets: check of a play < 5 ms; process ratio <= 3.
"""
from __future__ import annotations

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

from catopomp_speed import median_ms  # noqa: E402
from timing import process_median  # noqa: E402


def build(home: Path, target: int = 300) -> tuple[str, int]:
    """Record a long game in a session under `home`; returns the next play and the plays recorded."""
    from tests.engine.theseus_table import table_game
    from trackers.sessions import Sessions

    for seed in range(50):
        steps = list(table_game(seed, 3, sizes=(25, 30)))
        plays = [s for s in steps if s[0] == "play"]
        if len(plays) > target:
            break
    with Sessions(home) as store:
        for kind, what, _t in steps:
            if kind == "track" and what[0] == "new":
                players = what[what.index("--players") + 1].split(",")
                opts = dict(what[i + 1].split("=", 1) for i, w in enumerate(what) if w == "--option")
                store.new("theseus", players, options=opts)
            elif kind == "track":
                store.record(what)
        done = 0
        for kind, what, _t in steps:
            if kind == "play":
                if done == target:
                    return what, done
                store.play(what)
                done += 1
    raise RuntimeError("no game long enough")


def main() -> int:
    home = Path(tempfile.mkdtemp())
    os.environ["COMPANION_HOME"] = str(home)
    from companion import paths
    from trackers.sessions import Sessions

    data = paths.data_dir()
    data.mkdir(parents=True, exist_ok=True)
    nxt, recorded = build(data)
    with Sessions(data) as store:
        session, engine, state = store.situation()
        move = engine.plays.parse_move(nxt, state)
        replay_ms = median_ms(lambda: store.replay(session), runs=5)
        check_ms = median_ms(lambda: engine.check(state, move), runs=7, inner=50)
        parse_ms = median_ms(lambda: engine.plays.parse_move(nxt, state), runs=7, inner=50)
    env = {**os.environ, "COMPANION_HOME": str(home)}
    exe = [sys.executable, "-m", "companion"]
    base = process_median([sys.executable, "-c", "import typer"], env, 7)

    def cpu(cmd) -> float:
        """CPU seconds (user + system) of one child process: what a loaded machine does not inflate."""
        before = os.times()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        after = os.times()
        return after.children_user - before.children_user + after.children_system - before.children_system

    times, cpus = [], []
    for _ in range(7):
        t0 = time.perf_counter()
        cpus.append(cpu([*exe, "play", nxt]))
        times.append(time.perf_counter() - t0)
        subprocess.run([*exe, "track", "undo"], env=env, stdout=subprocess.DEVNULL, check=True)
    play = statistics.median(times)
    base_cpu = statistics.median(cpu([sys.executable, "-c", "import typer"]) for _ in range(7))
    play_cpu = statistics.median(cpus)
    print(f"session: {recorded} plays recorded; next play {nxt!r}")
    print(f"replay of the log (in-process)      {replay_ms:8.2f} ms")
    print(f"check of the next play (in-process) {check_ms:8.3f} ms   (target < 5 ms)")
    print(f"parse_move                          {parse_ms:8.3f} ms")
    print(f"`companion play` process            {play * 1000:8.1f} ms")
    print(f"`python -c 'import typer'`          {base * 1000:8.1f} ms")
    print(f"ratio (wall time)                   {play / base:8.2f}      (target <= 3)")
    print(f"ratio (CPU time)                    {play_cpu / base_cpu:8.2f}      "
          f"({play_cpu * 1000:.0f} ms against {base_cpu * 1000:.0f} ms)")
    return 0 if check_ms < 5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
