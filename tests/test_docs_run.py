"""Docs that run (issue 43): every command the README's Usage block and each docs/ page shows is run,
in order, one fresh data folder (and working folder) per document, so an example the tool rejects,
or whose shown output the tool no longer prints, fails.

Fenced blocks are read in order:
- ```bash / sh: each line that starts with `companion ` is run in-process (typer's runner). A few
  run through the installed `companion` script (marked `installed`): in the tutorial's second run, the
  first command of each family (each command, and each game's `track new`, tracker changes and
  plays); in the README's Usage block, the first command of each word in INSTALLED_WORDS. `> FILE`
  after a command writes its output to FILE, as a shell would.
- ```console: `$ companion ...` lines are commands; the lines under one, up to the next `$` line,
  are its output as the page shows it, and the command must print that: words compared with any
  spacing (so a wrapped line matches), `...` standing for anything, dates, times and ids for any.
- a command must exit 0 unless its comment opens otherwise: `# exit N` (that code), `# refused`
  (a play or change the rules refuse: a non-zero code, nothing recorded, the refusal on stderr),
  `# illegal` (`check` judging a play illegal: the verdict printed, code 0 or 1, as issue 48 wants),
  `# impossible` (`status` finding something impossible: the problems printed, code 0 or 1).
- ```toml / json with `file=NAME` in the info string: written to NAME for the commands after it.
- ```toml / json with `situation=GAME`: must load as a situation of GAME.
- any other toml / json block must say `fragment` (a part of a file, shown for its fields).

Commands that wait for Ctrl-C (LONG_RUNNING) are not run.
"""
from __future__ import annotations

import functools
import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from rulesdb.games import GAME_IDS
from tests.conftest import ROOT, run_companion

README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").rglob("*.md"))
#: commands that run until Ctrl-C: the pages show them, the test names them and leaves them out
LONG_RUNNING = (("shell",), ("serve",), ("track", "watch"))
#: the page a new player follows first: run through the installed script as well, as the player runs it
AS_INSTALLED = {ROOT / "docs" / "tutorial.md"}
#: the README's commands sent through the installed script (its one run, marked `installed`): the first
#: one of each of these words; the rest in-process, in the same folder
INSTALLED_WORDS = ("rules", "track", "play")
#: the exit code of a refusal: the command ran, its answer a finding (docs/cli.md, exit codes)
REFUSED = (1,)
#: `check` on an illegal play, `status` on an impossible table: a finding too
ILLEGAL = (1,)
PAGES = [pytest.param(README, True, id="README.md", marks=pytest.mark.installed),
         *(pytest.param(p, False, id=str(p.relative_to(ROOT))) for p in DOCS),
         *(pytest.param(p, True, id=f"{p.relative_to(ROOT)} installed", marks=pytest.mark.installed)
           for p in sorted(AS_INSTALLED))]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.S | re.M)


def text_of(page: Path) -> str:
    """The page's text; of the README, its Usage section only (Quick start is .ci/run's to run)."""
    text = page.read_text(encoding="utf-8")
    if page == README:
        start = text.index("## Usage")
        return "\n" * text[:start].count("\n") + text[start:text.index("\n## ", start + 1)]
    return text


def blocks(page: Path):
    text = text_of(page)
    for m in FENCE.finditer(text):
        info = m.group(1).split()
        lang = info[0] if info else ""
        attrs = dict(w.split("=", 1) for w in info[1:] if "=" in w)
        flags = {w for w in info[1:] if "=" not in w}
        yield lang, attrs, flags, m.group(2), text[: m.start()].count("\n") + 1


class Step:
    """One command of a page: its words, what it must exit with, where its output goes, what it must print."""

    def __init__(self, text: str, shown: str | None = None):
        self.text = text
        words = shlex.split(text, comments=True)
        self.output = None
        if ">" in words:  # `companion ... > FILE`
            at = words.index(">")
            words, self.output = words[:at], words[at + 1]
        self.argv = words[1:]
        comment = text.split(" #", 1)[1] if " #" in text else ""
        code = re.search(r"\bexit (\d+)", comment)
        marker = re.match(r"\s*(refused|illegal|impossible)\b", comment)  # the comment opens with it
        self.expect = int(code.group(1)) if code else marker.group(1) if marker else 0
        self.shown = shown

    @property
    def long_running(self) -> bool:
        return any(tuple(self.argv[: len(c)]) == c for c in LONG_RUNNING)


def steps(lang: str, body: str):
    """The commands of a block, in order (comments kept for the exit code, `\\` continued)."""
    joined = re.sub(r"\\\n\s*", " ", body)
    if lang == "console":
        parts = re.split(r"^\$ ", joined, flags=re.M)
        for part in parts[1:]:
            line, _, shown = part.partition("\n")
            if line.startswith("companion "):
                yield Step(line.strip(), shown.strip() or None)
        return
    for raw in joined.splitlines():
        text = raw.strip().removeprefix("$ ")
        if text.startswith("companion "):
            yield Step(text)


#: what may differ between the page and a run: a date, a time, a duration, an id of hex digits
VARIABLE = [(re.compile(r"\d{4}-\d{2}-\d{2}"), r"\d{4}-\d{2}-\d{2}"),
            (re.compile(r"\d{1,2}:\d{2}(?::\d{2})?"), r"\d{1,2}:\d{2}(?::\d{2})?"),
            (re.compile(r"[0-9a-f]{8,}"), r"[0-9a-f]{8,}")]


def shown_pattern(shown: str) -> re.Pattern:
    """The output a page shows as a pattern: any spacing between words, `...` for anything, a
    date, time or hex id for any other."""
    parts = []
    for word in shown.split():
        pieces = []
        for bit in re.split(r"(\.\.\.|…)", word):
            if bit in ("...", "…"):
                pieces.append(r".*?")
                continue
            at, out = 0, []
            for m in re.finditer("|".join(f"(?:{p.pattern})" for p, _ in VARIABLE), bit):
                out.append(re.escape(bit[at:m.start()]))
                out.append(next(r for p, r in VARIABLE if p.fullmatch(m.group())))
                at = m.end()
            out.append(re.escape(bit[at:]))
            pieces.append("".join(out))
        parts.append("".join(pieces))
    return re.compile(r"\s+".join(parts), re.S)


def shows(shown: str, output: str) -> bool:
    return shown_pattern(shown).fullmatch(output.strip()) is not None


@functools.cache
def _session_commands() -> frozenset[str]:
    import typer

    from companion.track_cmd import track_app

    return frozenset(typer.main.get_command(track_app).commands)


def family(argv: list[str], game: str | None, page: Path) -> tuple:
    """What the installed run needs to reach once (a module or a data file the wheel might lack): for
    the README, each word of INSTALLED_WORDS; for the tutorial, the command (with its group's
    sub-command), and for `track new`, a tracker change and `play`, the game too (`game`: the last
    `track new`'s), as each game brings its own modules and data."""
    if page == README:
        return (argv[0],) if argv and argv[0] in INSTALLED_WORDS else ("in-process",)
    if argv[0] == "play" or (argv[0] == "track" and len(argv) > 1 and argv[1] not in _session_commands()):
        return argv[0], "change", game
    if argv[:2] == ["track", "new"]:
        return "track", "new", argv[2]
    return tuple(argv[:2]) if argv[0] in ("track", "rules", "cards") else (argv[0],)


def _parse(lang: str, body: str):
    return tomllib.loads(body) if lang == "toml" else json.loads(body)


def _log_length(cli) -> int | None:
    """How many entries the current session's log holds (None: no current session)."""
    result = cli("track", "log", "--all", "--json")
    return len(json.loads(result.stdout)["entries"]) if result.exit_code == 0 else None


def check_exit(step: Step, exit_code: int, output: str, where: str, before: int | None, after: int | None) -> None:
    said = f"{where}: `{step.text}` exited {exit_code}: {output}"
    if step.expect == "refused":
        assert exit_code in REFUSED and "refused" in output and "Usage:" not in output, said
        assert before == after, f"{where}: `{step.text}` was refused but changed the log ({before} -> {after})"
    elif step.expect == "illegal":
        assert exit_code in ILLEGAL and "Illegal" in output, said
    elif step.expect == "impossible":
        assert exit_code in ILLEGAL and "Nothing impossible" not in output and "Usage:" not in output, said
    else:
        assert exit_code == step.expect, said


@pytest.mark.parametrize("page, installed", PAGES)
def test_every_example_runs(page, installed, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    game, reached, ran = None, set(), 0  # the installed run: the last game started, the families run installed
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
            continue
        if lang not in ("bash", "sh", "console"):
            continue
        for step in steps(lang, body):
            if step.long_running:
                continue
            argv = step.argv
            game = argv[2] if argv[:2] == ["track", "new"] else game
            before = _log_length(cli) if step.expect == "refused" else None
            if installed and family(argv, game, page) not in reached | {("in-process",)}:
                reached.add(family(argv, game, page))
                done = run_companion(*argv, env={"COMPANION_HOME": str(tmp_path / "home")}, cwd=tmp_path)
                exit_code, stdout, output = done.returncode, done.stdout, done.stdout + done.stderr
            else:
                result = cli(*argv)
                exit_code, stdout, output = result.exit_code, result.stdout, result.output
            after = _log_length(cli) if step.expect == "refused" else None
            check_exit(step, exit_code, output, where, before, after)
            if step.output:
                (tmp_path / step.output).write_text(stdout, encoding="utf-8")
            if step.shown is not None:
                assert shows(step.shown, stdout), f"{where}: `{step.text}` printed\n{stdout}\nnot\n{step.shown}"
            ran += 1
    assert ran or page != README, "the README's Usage block ran no command"


def test_the_runner_finds_commands_files_and_outputs():
    pages = {p: list(blocks(p)) for p in [README, *DOCS]}
    found = [s for bs in pages.values() for lang, _a, _f, body, _l in bs if lang in ("bash", "console")
             for s in steps(lang, body)]
    situations = sum(1 for bs in pages.values() for _lang, a, _f, _b, _l in bs if "situation" in a)
    assert len(found) >= 300 and situations >= 2
    assert sum(s.shown is not None for s in found) >= 5, "the pages show some outputs, each checked"
    assert {s.argv[0] for s in found if s.long_running} == {"shell", "serve", "track"}
    assert AS_INSTALLED and AS_INSTALLED <= set(DOCS)


def test_a_shown_output_allows_dates_ids_and_elisions_and_nothing_else():
    shown = "friday  catastrophe  2026-12-05 21:04  Ann, Ben\n  ... 3 turns\nlink /p/07bb54519fcae45a"
    assert shows(shown, "friday catastrophe 2027-01-31 09:15 Ann, Ben\nwon by Ann in 3 turns\nlink /p/deadbeef01")
    assert not shows(shown, "friday catastrophe 2027-01-31 09:15 Ann, Cy\nwon in 3 turns\nlink /p/deadbeef01")
    assert not shows("Ben lives 9→7", "Ben lives 9→6")
    assert shows("Ben lives 9→7", "Ben lives\n  9→7")


@pytest.mark.parametrize("text, expect", [
    ('companion play "heaven 3 then hell 2"   # refused: one card does not beat two', "refused"),
    ('companion check "x"   # illegal: the Red Glowy Dot', "illegal"),
    ("companion stats --player Zed   # exit 2: no player named 'Zed'", 2),
    ("companion status theseus -s t.toml   # impossible: Archer is not described", "impossible"),
    ("companion status   # what is impossible about the table", 0),
    ("companion track show", 0),
])
def test_the_comment_says_the_exit(text, expect):
    assert Step(text).expect == expect


#: ids the pages show as wrong on purpose (a load error's example, a completion prefix, a hypothetical parent)
NOT_IDS = {"catopomp.sets.lead", "catopomp.d", "catopomp.playing"}
RULE_ID = re.compile(r"(?<![\w/.-])(?:" + "|".join(map(re.escape, GAME_IDS)) + r")(?:\.[a-z0-9][a-z0-9-]*)+")


def test_every_rule_id_the_pages_cite_exists():
    from rulesdb.lookup import lookup

    missing = []
    for page in [README, *DOCS]:
        text = page.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            rule = m.group().rstrip(".-")
            if rule in NOT_IDS or rule.endswith((".md", ".toml", ".json", ".py")):
                continue
            try:
                lookup(rule)
            except Exception:  # noqa: BLE001 - any failure to find it is the finding
                missing.append(f"{page.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1} {rule}")
    assert not missing, missing
