"""Costs as the work grows (issue 25): an imported rulebook at 1x, 10x and 100x the built-in
reference, sessions of 500 to 50,000 events, 2 to 12 players, the shell after 1,000 commands.

    python benchmarks/scale_speed.py [--runs 7] [--parts rulebook,session,players,shell] [--scales 1,10,100]
                                     [--builds 15]
    python benchmarks/scale_speed.py --parts inshell --homes HOME,... [--against FOLDER --rounds 3]

Not a test and not run in CI: it takes minutes (the 100x index build alone does). Every
whole-process figure is a median of --runs runs interleaved with `python -c "import typer"` (the
baseline) and given as wall and CPU (user + system) time and their ratios to the baseline's; on a
loaded machine the CPU ratio is the steady one. The load average is printed with each part.

- rulebook: a Markdown rulebook made of the built-in reference's own entries (each rule and glossary
  term a `#` section), repeated to k times the reference's text, imported with `companion rules
  import` (several files when it passes the 20 MB import limit; each copy's headings carry its copy
  number). Then: the index build (the first search; --builds times, each from an empty cache,
  the median), a one-shot search, the in-shell search
  (rulesdb.search with keep_open(True), as the shell runs it: a repeated question and a question
  new each time), the cache's size. The repeats make each word's postings k times longer, which
  is what costs; a real rulebook would also bring new words.
- session: a Cataclysm Arcade session of N events (a tracker change repeated with Sessions.repeat_last, in
  steps of the snapshot interval so the snapshots lie where a table's play leaves them), then
  one-shot: open (`track show`), a play (undone after each run), `track undo` (redone), `track log`
  (its default window, the newest 50 entries), `track log --all` (up to --whole-log events),
  `track export`, `track import`.
- players: a Cataclysm Arcade session of P players: open, a tracker change, a play.
- shell: one Shell (companion/shell.py, the object `companion shell` runs every line through) driving
  1,000 lines (questions, rules define, tracker changes, undo, log, show) with its output discarded;
  the process's resident memory after every 100 lines.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import process_medians  # noqa: E402

sys.path.insert(0, str(ROOT))
from rulesdb.sources import import_rulebook  # noqa: E402
from trackers.imports import MAX_EVENTS  # noqa: E402

PY = sys.executable
FILE_LIMIT = 12 * 1024 * 1024  # the stored source (JSON, about 1.3x the text) stays under the 20 MB limit
QUESTION, GAME = "reroll one die", "catharsis"


def environment(home: Path) -> dict:
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"COMPANION_HOME": str(home)}


def companion(*words: str) -> list[str]:
    return [PY, "-m", "companion", *words]


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def interleaved(cmds: dict, env: dict, runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall, cpu) seconds per command, run in turn with the baseline; a command may be a
    function of the run number (a fresh name each run), and an `after` command undoing it runs untimed."""
    cmds = {"baseline": [PY, "-c", "import typer"]} | cmds
    samples: dict[str, list] = {k: [] for k in cmds}
    for n in range(runs):
        for key, cmd in cmds.items():
            cmd, after = (cmd(n) if callable(cmd) else (cmd, None))
            samples[key].append(process_medians(cmd, env, 1, ok=(0, 2) if key == "track import" else (0,)))
            if after:
                subprocess.run(after, env=env, check=True, stdout=subprocess.DEVNULL)
    return {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in samples.items()}


def table(header: str, cmds: dict, env: dict, runs: int) -> None:
    """Time the commands interleaved with the baseline; print the header, then a line per command."""
    got = interleaved(cmds, env, runs)
    print(f"{header} ({load()}):")
    for label in cmds:
        print(f"    {label:<20} {ratios(got, label)}")


def ratios(got: dict, label: str) -> str:
    bw, bc = got["baseline"]
    w, c = got[label]
    return f"wall {w * 1000:6.0f} ms ({w / bw:4.2f}x)  cpu {c * 1000:5.0f} ms ({c / bc:4.2f}x)"


def questions(game: str) -> list[str]:
    asked = []
    for path in sorted((ROOT / "tests" / "retrieval").glob(f"{game}*.toml")):
        asked += [q["ask"] for q in tomllib.loads(path.read_text(encoding="utf-8"))["questions"]]
    return asked


def reference_markdown() -> str:
    """The built-in reference as one Markdown rulebook: every rule and glossary term a section."""
    from rulesdb.reference import load_reference

    ref = load_reference()
    parts = [f"# {r.title}\n\n{r.text}\n" for r in ref.rules.values()]
    parts += [f"# {g.term.term}\n\n{g.term.definition}\n" for g in ref.glossary.values()]
    return "\n".join(parts)


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# In-shell search: rulesdb.search with keep_open(True), as companion/shell.py runs it; prints JSON.
SHELL_SEARCH = r"""
import json, statistics, sys, time
from companion import paths
from rulesdb import search
asked = json.loads(sys.argv[1])
search.keep_open(True)
def ms(q):
    start, cpu = time.perf_counter(), time.process_time()
    search.search(q, paths.cache_dir(), paths.sources_dir(), game="GAME", limit=5)
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
first = ms("QUESTION")  # the index opened, the engine made
same = [ms("QUESTION") for _ in range(30)]
new = [ms(q) for q in asked]
med = lambda runs, i: statistics.median(r[i] for r in runs)
print(json.dumps({"open+first": first, "same": [med(same, 0), med(same, 1)], "new": [med(new, 0), med(new, 1)],
                  "new_max": max(r[0] for r in new), "count": len(new)}))
"""


def in_shell(env: dict) -> str:
    """The in-shell search figures for the COMPANION_HOME in `env` (its index built already)."""
    got = json.loads(subprocess.run(  # run outside the checkout: PYTHONPATH, if set, says which code runs
        [PY, "-c", SHELL_SEARCH.replace("GAME", GAME).replace("QUESTION", QUESTION), json.dumps(questions(GAME))],
        env=env, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout)
    return (f"in-shell (wall / cpu ms): open + first question {got['open+first'][0]:.0f} / {got['open+first'][1]:.0f};"
            f" the same question again {got['same'][0]:.1f} / {got['same'][1]:.1f}; a question new each time"
            f" {got['new'][0]:.1f} / {got['new'][1]:.1f} (medians of {got['count']}; max wall {got['new_max']:.0f})"
            f" ({load()})")


def inshell(args) -> None:
    """Only the in-shell figures, for homes a rulebook run left (--homes); with --against, rounds
    alternate another checkout's `rulesdb` (on PYTHONPATH) with this one's, for a before/after."""
    for home in args.homes.split(","):
        for n in range(args.rounds):
            for label, code in ([("before", args.against), ("after", str(ROOT))] if args.against else [("", str(ROOT))]):
                env = environment(Path(home)) | {"PYTHONPATH": code}
                print(f"{home}: {f'round {n + 1} {label}: ' if args.against else ''}{in_shell(env)}", flush=True)


def rulebook(args) -> None:
    text = reference_markdown()
    print(f"\n== an imported rulebook; the built-in reference is {len(text) / 1e6:.2f} MB of Markdown ({load()})")
    for k in (int(s) for s in args.scales.split(",")):
        home = Path(tempfile.mkdtemp(prefix=f"companion-scale-{k}x-"))
        env = environment(home)
        files, chunk, size = [], [], 0
        for copy in range(1, k + 1):
            part = text.replace("\n# ", f"\n# {copy}. ") if k > 1 else text
            if chunk and size + len(part.encode()) > FILE_LIMIT:
                files.append("\n".join(chunk))
                chunk, size = [], 0
            chunk.append(part)
            size += len(part.encode())
        files.append("\n".join(chunk))
        start = time.perf_counter()
        for n, body in enumerate(files, start=1):
            path = home / f"rulebook-{n}.md"
            path.write_text(body, encoding="utf-8")
            if n == len(files):  # the command: splits, stores and builds the index
                subprocess.run(companion("rules", "import", GAME, str(path), "--name", f"copy-{n}"), env=env,
                               check=True, stdout=subprocess.DEVNULL)
            else:  # the library's import alone (the same splitting and storing), so the index is built once
                import_rulebook(GAME, path, home / "data" / "sources", f"copy-{n}")
        imported = time.perf_counter() - start
        build = builds(env, home, args.builds)
        got = interleaved({"search": companion("rules", "search", QUESTION, "--game", GAME)}, env, args.runs)
        mb = sum(len(b.encode()) for b in files) / 1e6
        print(f"{k:>4}x ({mb:6.1f} MB in {len(files)} imported file(s) in {home}, imported (and indexed once) in {imported:5.1f} s wall): "
              f"index build (first search) {build}; "
              f"cache {folder_bytes(home / 'cache') / 1e6:6.1f} MB, sources {folder_bytes(home / 'data' / 'sources') / 1e6:6.1f} MB"
              f" ({load()})")
        print(f"      one-shot search: {ratios(got, 'search')}")
        print(f"      {in_shell(env)}")


def builds(env: dict, home: Path, runs: int) -> str:
    """The index build (the first search after an update) `runs` times, each from an empty cache,
    each followed by a baseline run: median, lowest and highest wall and CPU seconds."""
    walls, cpus, base = [], [], []
    for _ in range(runs):
        for old in (home / "cache").glob("index-*"):
            shutil.rmtree(old)
        wall, cpu = process_medians(companion("rules", "search", QUESTION, "--game", GAME), env, 1)
        walls.append(wall)
        cpus.append(cpu)
        base.append(process_medians([PY, "-c", "import typer"], env, 1)[1])
    med = statistics.median
    return (f"median of {runs}: wall {med(walls):6.2f} s ({min(walls):.2f}-{max(walls):.2f}), cpu {med(cpus):6.2f} s"
            f" ({min(cpus):.2f}-{max(cpus):.2f}; {med(cpus) / med(base):.0f}x the baseline's {med(base) * 1000:.0f} ms)")


def session(args) -> None:
    print(f"\n== a Cataclysm Arcade session of N events; one-shot commands, medians of {args.runs} ({load()})")
    from trackers import snapshots
    from trackers.sessions import Sessions

    for size in (int(s) for s in args.events.split(",")):
        home = Path(tempfile.mkdtemp(prefix=f"companion-scale-{size}ev-"))
        env = environment(home)
        for words in (["track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "long"],
                      ["track", "coins", "ann", "+1"]):
            subprocess.run(companion(*words), env=env, check=True, stdout=subprocess.DEVNULL)
        with Sessions(home / "data") as store:  # in steps, so the snapshots lie as a table's play leaves them
            tail = snapshots.EVERY * snapshots.KEEP
            for upto in [*range(max(size - tail, 2), size, snapshots.EVERY), size]:
                store.repeat_last("long", upto)
                store.show("long")
        exported = home / "long.json"
        subprocess.run(companion("track", "export", "long", str(exported)), env=env, check=True,
                       stdout=subprocess.DEVNULL)
        cmds = {
            "open (track show)": companion("track", "show"),
            "play": lambda n: (companion("play", "fighter Grunt"), companion("track", "undo")),
            "track undo": lambda n: (companion("track", "undo"), companion("track", "redo")),
            "track log": companion("track", "log"),  # the newest 50 entries
            "track log --all": companion("track", "log", "--all"),
            "track export": companion("track", "export", "long", str(home / "again.json")),
            "track import": lambda n: (companion("track", "import", str(exported), "--name", f"copy{n}"),
                                       companion("track", "switch", "long")),
        }
        if size > args.whole_log:  # the whole log told and printed: minutes per run at 50,000
            del cmds["track log --all"]
        if size > MAX_EVENTS:  # refused by design (trackers/imports.py): timed as the refusal it is
            cmds["track import"] = lambda n: (companion("track", "import", str(exported)), None)
        table(f"{size:>6} events (sessions file {(home / 'data' / 'sessions.sqlite3').stat().st_size / 1e6:.1f} MB,"
              f" export {exported.stat().st_size / 1e6:.1f} MB)", cmds, env, args.runs)


def players(args) -> None:
    print(f"\n== a Cataclysm Arcade session of P players; one-shot commands, medians of {args.runs} ({load()})")
    for count in (int(s) for s in args.players.split(",")):
        home = Path(tempfile.mkdtemp(prefix=f"companion-scale-{count}p-"))
        env = environment(home)
        names = [f"P{n}" for n in range(1, count + 1)]
        subprocess.run(companion("track", "new", "cataclysm-arcade", "--players", ",".join(names)), env=env,
                       check=True, stdout=subprocess.DEVNULL)
        cmds = {
            "open (track show)": companion("track", "show"),
            "tracker change": companion("track", "coins", "p1", "+1"),
            "play": lambda n: (companion("play", "fighter Grunt"), companion("track", "undo")),
        }
        table(f"{count:>3} players", cmds, env, args.runs)


# One Shell driving many lines, its output discarded; the resident memory after every 100 lines.
SHELL_MEMORY = r"""
import contextlib, io, json, sys
from pathlib import Path
asked = json.loads(sys.argv[1])
lines_total = int(sys.argv[2])
def rss_kb():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
from companion.cli import whole_group
from companion.shell import Shell
shell = Shell(whole_group())
failed = 0
fixed = ["track coins ann +1", "track undo", "track log", "track show", "rules define enforcer",
         "rules search hand limit --game catopomp"]
out = []
sink = io.StringIO()
with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
    shell.run("track new cataclysm-arcade --players Ann,Ben")
    asked = [q for q in asked if shell.args_for(q)[0] == "rules"]  # a question, not a verb the shell runs
    for n in range(1, lines_total + 1):
        line = asked[n % len(asked)] if n % 2 else fixed[(n // 2) % len(fixed)]
        failed += shell.run(line) != 0
        sink.seek(0); sink.truncate()
        if n % 100 == 0:
            out.append((n, rss_kb()))
shell.close()
print(json.dumps({"rss": out, "failed": failed, "asked": len(asked)}))
"""


def shell(args) -> None:
    home = Path(tempfile.mkdtemp(prefix="companion-scale-shell-"))
    env = environment(home)
    asked = questions("cataclysm-arcade")  # the shell keeps those it reads as questions (SHELL_MEMORY)
    start = time.perf_counter()
    done = json.loads(subprocess.run([PY, "-c", SHELL_MEMORY, json.dumps(asked), str(args.lines)], env=env,
                                     check=True, capture_output=True, text=True).stdout)
    got = done["rss"]
    took = time.perf_counter() - start
    print(f"\n== one shell process, {args.lines} lines (every other one a question, {done['asked']} different ones; "
          f"{took:.0f} s wall; {done['failed']} lines failed; {load()}): resident memory after every 100 lines")
    print("    " + "  ".join(f"{n}: {kb / 1024:.1f} MB" for n, kb in got))
    first, last = got[0][1], got[-1][1]
    mid = got[len(got) // 2][1]
    print(f"    growth from line 100 to {got[-1][0]}: {(last - first) / 1024:+.1f} MB; "
          f"from line {got[len(got) // 2][0]} on: {(last - mid) / 1024:+.1f} MB")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--parts", default="rulebook,session,players,shell")
    ap.add_argument("--scales", default="1,10,100")
    ap.add_argument("--builds", type=int, default=1, help="index builds timed per rulebook size (each from an empty cache)")
    ap.add_argument("--events", default="500,5000,50000")
    ap.add_argument("--players", default="2,6,12")
    ap.add_argument("--whole-log", type=int, default=5000, help="time `track log --all` up to this many events")
    ap.add_argument("--lines", type=int, default=1000)
    ap.add_argument("--homes", default="", help="for --parts inshell: COMPANION_HOMEs a rulebook run left")
    ap.add_argument("--against", default="", help="for --parts inshell: a folder holding another checkout's rulesdb "
                    "(git archive main rulesdb | tar -x -C FOLDER), timed in turn with this one")
    ap.add_argument("--rounds", type=int, default=1, help="for --parts inshell: rounds per home")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; {os.cpu_count()} cores; {load()}")
    for part in args.parts.split(","):
        {"rulebook": rulebook, "session": session, "players": players, "shell": shell, "inshell": inshell}[part](args)


if __name__ == "__main__":
    main()
