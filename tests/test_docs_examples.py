"""Every example in docs/ that shows a command or a file is run, so an example the tool rejects fails.

Fenced blocks are read in order, one fresh data folder (and working folder) per page:
- ```bash / sh / console: each line that starts with `companion ` is run (in-process; the page a new
  player follows first, the tutorial, once more through the installed `companion` script, marked
  `installed`); it must exit 0, unless its comment says otherwise (`# exit 2`).
- ```toml / json with `file=NAME` in the info string: written to NAME for the commands after it.
- ```toml / json with `situation=GAME`: must load as a situation of GAME.
- any other toml / json block must say `fragment` (a part of a file, shown for its fields).
"""
from __future__ import annotations

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


def _parse(lang: str, body: str):
    return tomllib.loads(body) if lang == "toml" else json.loads(body)


@pytest.mark.parametrize("page, installed", PAGES)
def test_every_example_runs(page, installed, cli, tmp_path, monkeypatch):
    if page.name in PENDING:
        pytest.xfail("waits on the session-command rename (issue 12)")
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
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
                if installed:
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
