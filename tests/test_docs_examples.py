"""Every example in docs/ that shows a command or a file is run, so an example the tool rejects fails.

Fenced blocks are read in order, one fresh data folder (and working folder) per page:
- ```bash / sh / console: each line that starts with `companion ` is run (in-process; the page a new
  player follows first, the tutorial, once more, marked `installed`, with the first command of each
  family (`family`: each command, and each game's `track new`, tracker changes and plays) through the
  installed `companion` script and the rest in-process, on the same folders); it must exit 0, unless
  its comment says otherwise (`# exit 2`).
- ```toml / json with `file=NAME` in the info string: written to NAME for the commands after it.
- ```toml / json with `situation=GAME`: must load as a situation of GAME.
- any other toml / json block must say `fragment` (a part of a file, shown for its fields).
"""
from __future__ import annotations

import functools
import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_companion

DOCS = sorted((ROOT / "docs").rglob("*.md"))
#: pages whose examples wait on a fix in flight
PENDING: set[str] = set()
#: the page a new player follows first: run through the installed script as well, as the player runs it
AS_INSTALLED = {ROOT / "docs" / "tutorial.md"}
PAGES = [*(pytest.param(p, False, id=str(p.relative_to(ROOT))) for p in DOCS),
         *(pytest.param(p, True, id=f"{p.relative_to(ROOT)} installed", marks=pytest.mark.installed)
           for p in sorted(AS_INSTALLED))]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.S | re.M)


def blocks(page: Path):
    for m in FENCE.finditer(page.read_text(encoding="utf-8")):
        info = m.group(1).split()
        lang = info[0] if info else ""
        attrs = dict(w.split("=", 1) for w in info[1:] if "=" in w)
        flags = {w for w in info[1:] if "=" not in w}
        line = page.read_text(encoding="utf-8")[: m.start()].count("\n") + 1
        yield lang, attrs, flags, m.group(2), line


def commands(body: str):
    """(argv, expected exit code) of each `companion ...` line (comments stripped, `\\` continued)."""
    joined = re.sub(r"\\\n\s*", " ", body)
    for raw in joined.splitlines():
        text = raw.strip().removeprefix("$ ")
        if not text.startswith("companion "):
            continue
        words = shlex.split(text, comments=True)
        comment = text.split(" #", 1)[1] if " #" in text else ""
        m = re.search(r"exit (\d)", comment)
        yield words[1:], int(m.group(1)) if m else 0, text


@functools.cache
def _session_commands() -> frozenset[str]:
    import typer

    from companion.track_cmd import track_app

    return frozenset(typer.main.get_command(track_app).commands)


def family(argv: list[str], game: str | None) -> tuple:
    """What the installed run needs to reach once (a module or a data file the wheel might lack): the
    command (with its group's sub-command), and for `track new`, a tracker change and `play`, the game
    too (`game`: the last `track new`'s), as each game brings its own modules and data."""
    if argv[0] == "play" or (argv[0] == "track" and len(argv) > 1 and argv[1] not in _session_commands()):
        return argv[0], "change", game
    if argv[:2] == ["track", "new"]:
        return "track", "new", argv[2]
    return tuple(argv[:2]) if argv[0] in ("track", "rules", "cards") else (argv[0],)


def _parse(lang: str, body: str):
    return tomllib.loads(body) if lang == "toml" else json.loads(body)


@pytest.mark.parametrize("page, installed", PAGES)
def test_every_example_runs(page, installed, cli, tmp_path, monkeypatch):
    if page.name in PENDING:
        pytest.xfail("waits on the session-command rename (issue 12)")
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    game, reached = None, set()  # the installed run: the last game started, the families run installed
    for lang, attrs, flags, body, line in blocks(page):
        where = f"{page.name}:{line}"
        if lang in ("toml", "json"):
            if "file" in attrs:
                _parse(lang, body)  # a file example must at least parse
                (tmp_path / attrs["file"]).write_text(body, encoding="utf-8")
            elif "situation" in attrs:
                from engine import get_engine

                get_engine(attrs["situation"]).load_state(_parse(lang, body), where)
            else:
                assert "fragment" in flags, f"{where}: mark the block file=NAME, situation=GAME or fragment"
        elif lang in ("bash", "sh", "console"):
            for argv, code, text in commands(body):
                game = argv[2] if argv[:2] == ["track", "new"] else game
                if installed and family(argv, game) not in reached:
                    reached.add(family(argv, game))
                    done = run_companion(*argv, env={"COMPANION_HOME": str(tmp_path / "home")}, cwd=tmp_path)
                    exit_code, output = done.returncode, done.stdout + done.stderr
                else:
                    result = cli(*argv)
                    exit_code, output = result.exit_code, result.output
                assert exit_code == code, f"{where}: `{text}` exited {exit_code}: {output}"


def test_the_runner_finds_commands_and_files():
    pages = {p.name: list(blocks(p)) for p in DOCS}
    ran = sum(1 for bs in pages.values() for lang, _a, _f, body, _l in bs if lang == "bash" for _ in commands(body))
    situations = sum(1 for bs in pages.values() for _lang, a, _f, _b, _l in bs if "situation" in a)
    assert ran >= 30 and situations >= 2
    assert AS_INSTALLED and AS_INSTALLED <= set(DOCS)
