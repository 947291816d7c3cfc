"""One whole game per title, played command by command through the INSTALLED `companion` script.

    python benchmarks/whole_games.py [--only catharsis,theseus] [--log DIR]

Not a test, and not run in CI. The script beside this interpreter (`companion`, as pip installed it)
is run once per step, from a temporary folder outside the checkout, with COMPANION_HOME in a
temporary folder: `companion track new ...`, then every `companion play ...` and `companion track
...` of the game, set-up to the end the rulebook gives (benchmarks/whole_games_steps.py holds the
games: what is typed at each step, the exit code the rules call for, and, where a step decides
something, what the table must show after it, each written from the rulebook in our own words).

Each step's command, exit code and output go to a log file per game (under the temp folder, or
under --log DIR to keep them) and a one-line transcript to stdout. The script exits 1 when any step's
exit code or shown table differs from what the step expects, naming the first such step of each game
(the game stops there: what follows would be judged against a table that is already wrong).
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_games_steps import GAMES, Step  # noqa: E402

SCRIPT = Path(sys.executable).parent / "companion"


def dig(doc, path: str):
    """A value of `track show --json` by a dotted path; a part that is not an index or a key picks
    the list item whose `name` it is (`state.players.Ann.coins`)."""
    for part in path.split("."):
        if isinstance(doc, list):
            doc = doc[int(part)] if part.isdigit() else next((x for x in doc if x.get("name") == part), None)
        elif isinstance(doc, dict):
            doc = doc.get(part)
        else:
            return "<missing>"
    return doc


def run(home: Path, cwd: Path, words: list[str]) -> tuple[int, str, float]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COLUMNS")}
    env.update(COMPANION_HOME=str(home), COLUMNS="100", NO_COLOR="1")
    started = time.perf_counter()
    done = subprocess.run([str(SCRIPT), *words], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
    return done.returncode, done.stdout + done.stderr, time.perf_counter() - started


def differences(step: Step, rc: int, said: str, shown: dict | None) -> list[str]:
    """What the step expected and did not get."""
    out = [f"exit code {rc}, expected {step.rc}"] if rc != step.rc else []
    if step.rule and step.rule not in said:
        out.append(f"the refusal does not name {step.rule}")
    for path, want in step.shows.items():
        got = dig(shown, path) if shown is not None else "<no table shown>"
        ok = want(got) if callable(want) else got == want
        if not ok:
            out.append(f"{path} is {got!r}, expected {want.__doc__ if callable(want) else repr(want)}")
    return out


def play_game(name: str, steps: list[Step], log_dir: Path) -> dict:
    """Every step of one game in a fresh data folder; stops at the first step that differs."""
    home = Path(tempfile.mkdtemp(prefix=f"whole-{name}-home-"))
    cwd = Path(tempfile.mkdtemp(prefix=f"whole-{name}-cwd-"))
    log_path = log_dir / f"{name}.log"
    plays = tracks = 0
    codes: dict[int, int] = {}
    failed = None
    with log_path.open("w", encoding="utf-8") as log:
        log.write(f"# {name}: a whole game through {SCRIPT}\n# COMPANION_HOME={home} cwd={cwd}\n\n")
        for n, step in enumerate(steps, 1):
            words = shlex.split(step.command)
            rc, said, took = run(home, cwd, words)
            codes[rc] = codes.get(rc, 0) + 1
            plays += words[0] == "play"
            tracks += words[0] == "track"
            shown = None
            if step.shows:
                shown_rc, text, _ = run(home, cwd, ["track", "show", "--json"])
                shown = json.loads(text) if shown_rc == 0 else None
            wrong = differences(step, rc, said, shown)
            log.write(f"## step {n}: companion {step.command}\n# rules: {step.why}\n# expected exit {step.rc}"
                      f"{' naming ' + step.rule if step.rule else ''}"
                      f"{'; shows ' + ', '.join(step.shows) if step.shows else ''}\n")
            log.write(said if said.endswith("\n") or not said else said + "\n")
            if step.shows:
                log.write("# shown: " + "; ".join(f"{p} = {dig(shown, p)!r}" for p in step.shows) + "\n")
            log.write(f"# exit {rc} ({took:.2f} s){'  MISMATCH: ' + '; '.join(wrong) if wrong else '  as expected'}\n\n")
            mark = "ok " if not wrong else "BAD"
            print(f"  {mark} {name} {n:3d} rc={rc} companion {step.command}"[:150])
            if wrong:
                failed = {"step": n, "command": step.command, "why": step.why, "differences": wrong,
                          "output": said.strip()[-600:]}
                log.write(f"# STOPPED at step {n}: {'; '.join(wrong)}\n")
                break
        log.write(f"# {name}: {n} steps run of {len(steps)}, {plays} plays, {tracks} track commands, exit codes "
                  f"{dict(sorted(codes.items()))}{'' if failed else ', every step as expected'}\n")
    return {"game": name, "steps": len(steps), "run": n, "plays": plays, "track": tracks,
            "exit_codes": dict(sorted(codes.items())), "failed": failed, "log": str(log_path)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated games (default: all five)")
    parser.add_argument("--log", type=Path, default=None, help="keep the logs in this folder")
    args = parser.parse_args()
    if not SCRIPT.exists():
        print(f"no installed companion script at {SCRIPT}: pip install the checkout first", file=sys.stderr)
        return 2
    log_dir = args.log or Path(tempfile.mkdtemp(prefix="whole-games-logs-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    chosen = [g for g in args.only.split(",") if g] or list(GAMES)
    results = []
    for name in chosen:
        print(f"{name}:")
        results.append(play_game(name, GAMES[name](), log_dir))
    for r in results:
        verdict = "as expected" if not r["failed"] else f"STOPPED at step {r['failed']['step']}: {r['failed']['differences']}"
        print(json.dumps({k: r[k] for k in ("game", "steps", "run", "plays", "track", "exit_codes")}) + f"  {verdict}")
    print(f"logs: {log_dir}")
    return 1 if any(r["failed"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
