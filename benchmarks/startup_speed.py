"""One-shot start-up: whole-process time of each command against `python -c "import typer"`, and
what each command imports (from `python -X importtime`), grouped by package.

    python benchmarks/startup_speed.py [--runs 15] [--imports]

Targets (issue 13): `rules search` / baseline <= 2.0; `track <change>` / baseline <= 2.0.
benchmarks/startup_instructions.py gives the same ratios in instructions (steadier on a loaded machine).
Each figure is a median; the commands run interleaved with the baseline, so load changes hit all
alike. Wall and CPU (user + system) time are both given: on a shared machine the CPU ratio is the
steadier one.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import interleaved_medians  # noqa: E402

COMMANDS = {
    "rules search": ["rules", "search", "reroll one die", "--game", "catharsis"],
    "rules search --json": ["rules", "search", "reroll one die", "--game", "catharsis", "--json"],
    "rules define": ["rules", "define", "enforcer"],
    "track <change>": ["track", "coins", "ann", "+1"],
    "track <change> --json": ["track", "coins", "ann", "+1", "--json"],
    "--help": ["--help"],
}
# What the dependencies alone cost, with no project code: the floor of each command without
# replacing a dependency (whoosh-reloaded's imports pulled in urllib.request, email and asyncio, whoosh3's do not; a pydantic
# model class pulls in pydantic's plugin loader and importlib.metadata).
FLOORS = {
    # every whoosh module a search loads (opening an index and a searcher import codecs, matchers ...)
    "floor: typer+whoosh+rich": "import typer, rich.console, rich.markup, whoosh.index, whoosh.query, whoosh.highlight,"
                                " whoosh.searching, whoosh.codec.whoosh3, whoosh.filedb.compound, whoosh.classify,"
                                " whoosh.scoring, whoosh.analysis, whoosh.automata.lev, whoosh.lang.dmetaphone,"
                                " whoosh.lang.porter, whoosh.legacy, whoosh.query.qcolumns, whoosh.util.times",
    "floor: typer+sqlite3+rich": "import typer, sqlite3, rich.console, rich.markup, rich.table",
    "floor: typer+pydantic model+sqlite3+rich":
        "import typer, sqlite3, rich.console, rich.markup, rich.table, pydantic\n"
        "class M(pydantic.BaseModel):\n    x: int = 0\nM(x=1)",
}
# The same commands with the cyclic collector on, as before companion/entry.py turned it off for a
# one-shot command (the library's own main, called as the entry did), and the floor without it.
COLLECTOR_ON = ("rules search", "track <change>", "rules define")
CLI_MAIN = "import sys; sys.argv = ['companion', *sys.argv[1:]]\nfrom companion.cli import main\nmain()"
FLOORS["floor: typer+whoosh+rich, collector off"] = "import gc; gc.disable(); " + FLOORS["floor: typer+whoosh+rich"]
# a printed search loads no rich since companion/writer.py: its floor is typer and whoosh alone
FLOORS["floor: typer+whoosh (no rich), collector off"] = (
    "import gc; gc.disable(); " + FLOORS["floor: typer+whoosh+rich"].replace(" rich.console, rich.markup,", ""))
# The process entry by `python -c` (benchmarks/startup_instructions.py runs the commands so)
ENTRY = "import sys; sys.argv = ['companion', *sys.argv[1:]]\nfrom companion.entry import main\nmain()"

GROUPS = ("typer", "click", "pydantic", "pydantic_core", "whoosh", "rich", "prompt_toolkit", "companion", "rulesdb",
          "engine", "trackers")


def imports(py: str, args: list[str], env: dict) -> Counter:
    """Self import time (ms) per top-level package: the project's packages and the big dependencies
    by name, everything else as 'stdlib/other'."""
    done = subprocess.run([py, "-X", "importtime", "-m", "companion", *args], env=env, capture_output=True, text=True)
    out: Counter = Counter()
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line or "self" in line:
            continue
        self_us, _cum, name = line[len("import time:"):].split("|")
        top = name.strip().split(".")[0]
        out[top if top in GROUPS else "stdlib/other"] += int(self_us) / 1000
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--imports", action="store_true", help="also print the import breakdown per command")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-startup-bench-"))
    # as installed: with the project's bytecode cached (PYTHONDONTWRITEBYTECODE, set on some machines,
    # would make every run compile every project module again; pip compiles them at install)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"COMPANION_HOME": str(home)}
    py = sys.executable
    for setup in (["track", "new", "cataclysm-arcade", "--players", "Ann,Ben"], COMMANDS["rules search"],
                  COMMANDS["rules define"]):  # the session, the index and the reference cache exist
        subprocess.run([py, "-m", "companion", *setup], env=env, check=True, stdout=subprocess.DEVNULL)

    cmds = {"baseline": [py, "-c", "import typer"]} | {k: [py, "-m", "companion", *v] for k, v in COMMANDS.items()}
    cmds |= {k: [py, "-c", code] for k, code in FLOORS.items()}
    cmds |= {f"{k} (collector on)": [py, "-c", CLI_MAIN, *COMMANDS[k]] for k in COLLECTOR_ON}
    got = interleaved_medians(cmds, env, args.runs)
    base_wall, base_cpu = got["baseline"]
    print(f"baseline python -c 'import typer': wall {base_wall * 1000:.0f} ms, cpu {base_cpu * 1000:.0f} ms"
          f" (medians of {args.runs})")
    for label in [*COMMANDS, *(f"{k} (collector on)" for k in COLLECTOR_ON), *FLOORS]:
        wall, cpu = got[label]
        name = label if label in FLOORS else f"companion {label}"
        print(f"{name:<52} wall {wall * 1000:5.0f} ms  ratio {wall / base_wall:4.2f}   "
              f"cpu {cpu * 1000:5.0f} ms  ratio {cpu / base_cpu:4.2f}")
    if args.imports:
        for label, argv in COMMANDS.items():
            parts = imports(py, argv, env)
            total = sum(parts.values())
            print(f"\nimports of companion {label}: {total:.0f} ms (self times, one run)")
            for name, ms in parts.most_common():
                print(f"  {name:<16} {ms:6.1f} ms")


if __name__ == "__main__":
    main()
