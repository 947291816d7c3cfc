"""companion/writer.py writes the simple outputs byte for byte as rich's console writes them: compared
with rich itself (the console render.Out uses, printing what fit_text fits) over generated pieces,
styles, widths, kept phrases and environments (a tty or not, FORCE_COLOR, NO_COLOR, TERM=dumb,
TTY_COMPATIBLE, colour systems)."""
from __future__ import annotations

import io
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from hypothesis import given, settings, strategies as st

from companion.render import _console_class, fit_text, visible
from companion.writer import RICH, STYLES, mode, render, width as took
from tests.conftest import examples

ENVIRONMENTS = [
    {}, {"TERM": "xterm"}, {"TERM": "xterm-256color"}, {"COLORTERM": "truecolor"}, {"TERM": "xterm-kitty"},
    {"TERM": "dumb"}, {"TERM": "unknown"}, {"TERM": "DUMB"}, {"NO_COLOR": "1"}, {"NO_COLOR": ""},
    {"FORCE_COLOR": "1"}, {"FORCE_COLOR": ""}, {"FORCE_COLOR": "1", "NO_COLOR": "1"}, {"FORCE_COLOR": "1", "TERM": "dumb"},
    {"TTY_COMPATIBLE": "0"}, {"TTY_COMPATIBLE": "1"}, {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
    {"TTY_COMPATIBLE": "1", "NO_COLOR": "x", "TERM": "xterm-16color"}, {"TERM": "dumb", "LINES": "40"},
    {"TERM": "dumb", "LINES": "x"}, {"LINES": "30", "COLUMNS": "50"},
]
WORDS = ["reroll", "die", "Ann", "Ben", "→", "…", "漢字", "catharsis.combat.player-attack.reroll-which-dice",
         "`companion rules show x`", "companion track verbs", "1.", "•", "-", "\x1b[31m", "é", "a" * 30]


class Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def text() -> st.SearchStrategy[str]:
    words = st.lists(st.sampled_from(WORDS) | st.text(alphabet="ab \n", max_size=6), max_size=12)
    return st.builds(lambda ws, seps: "".join(w + s for w, s in zip(ws, seps)),
                     words, st.lists(st.sampled_from([" ", "  ", "\n", "", " \n", "   "]), min_size=12, max_size=12))


pieces = st.lists(text() | st.tuples(text(), st.sampled_from(["", *STYLES])), max_size=8)


def by_rich(parts, width: int, keep, indent, stream: Stream, environ: dict) -> str:
    """What render.Out printed before writer.py: the console given the width fit.width() found,
    the text fitted to the width the console took."""
    from rich.text import Text

    console = _console_class()(file=stream, _environ=environ, highlight=False, width=width)
    console.print(fit_text(Text.assemble(*parts), console.width, keep, indent), soft_wrap=True)
    return stream.getvalue()


@settings(max_examples=examples(400), deadline=None)
@given(pieces, st.integers(1, 130), st.lists(st.sampled_from(["Ann Ben", "reroll die", "漢字 a"]), max_size=2),
       st.sampled_from([None, 0, 2, 4]), st.sampled_from(ENVIRONMENTS), st.booleans())
def test_the_writer_writes_what_rich_writes(parts, width, keep, indent, environ, tty):
    parts = [visible(p) if isinstance(p, str) else (visible(p[0]), p[1]) for p in parts]
    stream = Stream(tty)
    ours = render(parts, took(width, stream, environ), keep, indent, mode(stream, environ))
    assert ours == by_rich(parts, width, keep, indent, stream, environ)


def test_styles_and_colours_follow_the_terminal():
    parts = [("1. Rerolls", "bold"), "  ", ("catharsis.x", "cyan"), "\n   a ", ("word", "bold yellow")]
    tty, pipe = Stream(True), Stream(False)
    assert render(parts, 80, how=mode(tty, {})) == ("\x1b[1m1. Rerolls\x1b[0m  \x1b[36mcatharsis.x\x1b[0m\n"
                                                    "   a \x1b[1;33mword\x1b[0m\n")
    assert render(parts, 80, how=mode(tty, {"NO_COLOR": "1"})) == "\x1b[1m1. Rerolls\x1b[0m  catharsis.x\n   a \x1b[1mword\x1b[0m\n"
    plain = "1. Rerolls  catharsis.x\n   a word\n"
    assert render(parts, 80, how=mode(pipe, {})) == plain == render(parts, 80, how=mode(tty, {"TERM": "dumb"}))
    assert render(parts, 80, how=mode(pipe, {"FORCE_COLOR": "1"})).startswith("\x1b[1m")


def test_a_dumb_terminal_is_80_columns_wide_as_rich_takes_it():
    assert took(30, Stream(True), {"TERM": "dumb"}) == 80
    assert took(30, Stream(False), {"TERM": "dumb"}) == took(30, Stream(True), {"TERM": "dumb", "LINES": "9"}) == 30


def _release(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.match(r"\d+(?:\.\d+)*", text).group().split("."))


def test_the_pin_is_the_range_whose_rules_the_writer_copies_and_the_installed_rich_is_in_it():
    """A rich outside RICH may decide colour or width otherwise: pip must not install one."""
    deps = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    pin = next(d for d in deps["project"]["dependencies"] if re.match(r"rich\b", d))
    assert re.fullmatch(r"rich>=([\d.]+),<([\d.]+)", pin).groups() == RICH, pin
    low, high = map(_release, RICH)
    assert low <= _release(version("rich")) < high, version("rich")


def test_what_the_writer_does_not_know_is_left_to_rich():
    how = mode(Stream(True), {})
    assert render(["a\tb"], 80, how=how) is None  # rich expands tabs
    assert render([("a", "underline")], 80, how=how) is None
    assert render(["a"], 80, how=None) is None


SEARCH = ("rules", "search", "reroll one die", "--game", "catharsis")
DEFINE = ("rules", "define", "enforcer")
CHANGE_FREE = (SEARCH, DEFINE, ("rules", "search", "zzqx nothing like it"))


#: what rich reads of the environment to choose colours and size: each side of the comparison sees
#: only the case's own (a LINES inherited from the run, as pytest-xdist's workers have, would make rich
#: take COLUMNS on a dumb terminal, where it takes 80 without it)
TERMINAL_VARIABLES = ("TERM", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "LINES", "COLUMNS", "COLORTERM")


def _installed(words, env: dict, terminal: bool) -> str:
    """What the installed script writes, on a real terminal (a pty, output processing off so that
    newlines stay newlines) or into a pipe."""
    import os
    import subprocess
    import termios

    from tests.conftest import SCRIPT, child_env, installed_cwd

    env = {**{k: v for k, v in child_env().items() if k not in TERMINAL_VARIABLES}, **env}

    if not terminal:
        done = subprocess.run([str(SCRIPT), *words], capture_output=True, env=env, cwd=installed_cwd(),
                              timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.decode()
    master, slave = os.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[1] &= ~termios.OPOST
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    proc = subprocess.Popen([str(SCRIPT), *words], stdout=slave, stderr=subprocess.PIPE, env=env,
                            cwd=installed_cwd())
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed with the child
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    assert proc.wait(timeout=120) == 0, proc.stderr.read()
    proc.stderr.close()
    return out.decode()


def _by_rich_in_process(words, env: dict, terminal: bool, monkeypatch) -> str:
    """The same command run in this process with writer.py turned off: Out.pieces prints with rich,
    at the width rich's console takes."""
    import sys

    import pytest

    from companion import cli, writer

    for name in TERMINAL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(writer, "write", lambda *a, **k: False)  # printed by rich
    monkeypatch.setattr(writer, "width", lambda *a, **k: None)  # at the width rich's console takes
    out = Stream(terminal)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "argv", ["companion", *words])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 0
    return out.getvalue()


def test_the_installed_script_writes_what_rich_writes_on_a_terminal_and_in_a_pipe(shared_home, monkeypatch):
    """Through real processes: a search, a search with no hit and `rules define` on a pty (colour,
    NO_COLOR, TERM=dumb, narrow) and into a pipe (plain, FORCE_COLOR), against rich printing the
    same in this process."""
    cases = [({"TERM": "xterm-256color", "COLUMNS": "60"}, True), ({"TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "44"}, True),
             ({"TERM": "dumb", "COLUMNS": "50"}, True), ({"COLUMNS": "70"}, False), ({"FORCE_COLOR": "1", "COLUMNS": "90"}, False)]
    for env, terminal in cases:
        for words in CHANGE_FREE:
            ours = _installed(words, {**env, "COMPANION_HOME": str(shared_home)}, terminal)
            with monkeypatch.context() as patch:
                theirs = _by_rich_in_process(words, env, terminal, patch)
            assert ours == theirs, (env, terminal, words)
            assert ("\x1b[" in ours) == (env.get("TERM") in ("xterm-256color", "xterm") or "FORCE_COLOR" in env)
