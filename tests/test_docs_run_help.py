"""Help a person reads (issue 48): every command's help opens with a short description, reflows to
the reader's width instead of breaking where the source broke its lines, keeps its tables and
examples whole at 80 columns, and shows at least one example; every example runs as written, in
the state it assumes (PLAN builds it, in one fresh data folder)."""
from __future__ import annotations

import functools
import re
import shlex

import pytest

from tests.games import cases, per_game

#: commands that run until Ctrl-C: their examples are shown, not run
LONG_RUNNING = (("shell",), ("serve",), ("track", "watch"))
WIDTHS = (60, 80, 120)

#: the examples that only read (the rules, the games, odds without a session): run in the test
#: session's shared data folder, whose rules index is built once for every test; a game's own are in its
#: test data (tests/games/<game>.toml, help_examples.reading)
READING = [
    'games',
    'games --json',
    'rules define enforcer',
    'rules sources',
] + [line for game in cases("help_examples").values() for line in game["reading"]]
#: the examples the README's Usage block runs as they are (tests/test_docs_run.py): importing a
#: rulebook costs seconds, once is enough
RUN_BY_THE_README = ["rules import catopomp my-copy.md --name my-copy", "rules remove my-copy"]
#: every other example of every --help, in an order that builds the state each assumes, in one fresh
#: data folder; the lines that are no example build that state (a session's set-up, a finished game
#: for the history commands): each game's plan in its test data (help_examples.plan), one after another
PLAN = [line for game in cases("help_examples").values() for line in game["plan"]]


@functools.cache
def commands() -> dict[str, object]:
    """Every visible command and group by its words ("" for `companion` itself), its help reflowed."""
    from companion.cli import whole_group
    from companion.helptext import reflow_tree

    root = whole_group()
    reflow_tree(root)
    found = {}

    def walk(cmd, words):
        found[" ".join(words)] = cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            if not sub.hidden:
                walk(sub, [*words, name])

    walk(root, [])
    return found


def examples(help_text: str) -> list[str]:
    """The `companion ...` lines of a help's Examples block, as typed after `companion`."""
    block = re.search(r"^Examples?:\n((?: +.*(?:\n|$))+)", help_text, re.M)
    lines = block.group(1).splitlines() if block else []
    return [line.strip().removeprefix("companion ") for line in lines if line.strip().startswith("companion ")]


def all_examples() -> list[str]:
    out = []
    for cmd in commands().values():
        for line in examples(cmd.help or ""):
            if line not in out:
                out.append(line)
    return out


def long_running(line: str) -> bool:
    words = shlex.split(line)
    return any(tuple(words[: len(c)]) == c for c in LONG_RUNNING)


@pytest.mark.parametrize("words", sorted(commands()))
def test_every_command_has_a_short_description_and_an_example(words):
    help_text = commands()[words].help or ""
    first = help_text.split("\n\n")[0]
    assert first and "\n" not in first and len(first) <= (100 if words else 200) and first.endswith("."), (words, first)
    assert examples(help_text), f"`companion {words} --help` shows no example"


def test_the_tagline_says_what_the_companion_is():
    tagline = commands()[""].help.split("\n\n")[0]
    for part in ("rules", "counters", "plays checked", "phone", "history"):
        assert part in tagline, part


def test_every_reading_example_runs(cli):
    for line in READING:
        result = cli(*shlex.split(line))
        assert result.exit_code == 0, f"`companion {line}` exited {result.exit_code}: {result.output}"


def test_every_example_of_every_help_runs(cli, home, tmp_path, monkeypatch):
    from tests.test_docs_run import README, text_of

    monkeypatch.chdir(tmp_path)
    placed = {*READING, *PLAN, *RUN_BY_THE_README}
    missing = [e for e in all_examples() if e not in placed and not long_running(e)]
    assert not missing, f"examples with no place in PLAN: {missing}"
    usage = text_of(README)
    assert all(f"companion {line}" in usage for line in RUN_BY_THE_README)
    for line in PLAN:
        result = cli(*shlex.split(line))
        assert result.exit_code == 0, f"`companion {line}` exited {result.exit_code}: {result.output}"


# ------------------------------------------------------------------------------ widths

#: the helps read at 60 and 120 columns as well as 80: the root, the groups and the longest texts
WIDE_AND_NARROW = ("", "track", "rules", "cards", "players", "check", "odds", "play", "serve", "shell", "log",
                   "history", "stats", "moves")


@functools.cache
def printing_root():
    """The whole app's group as the script builds it (its help as written: the command reflows it)."""
    from companion.cli import whole_group

    return whole_group()


@functools.cache
def rendered(words: str, width: int) -> str:
    """`companion WORDS --help` as printed at this many columns."""
    from typer.testing import CliRunner

    with CliRunner().isolation(env={"COLUMNS": str(width)}) as streams:
        root = printing_root()
        root.main(args=[*words.split(), "--help"], prog_name="companion", standalone_mode=False)
        return streams[0].getvalue().decode()


def description(text: str) -> list[str]:
    """The lines between the usage line and the first panel: the help's own text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("Usage:")) + 1
    end = next((i for i, line in enumerate(lines) if line.startswith("╭")), len(lines))
    return [line.rstrip() for line in lines[start:end]]


def indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def early_breaks(lines: list[str], room: int) -> list[str]:
    """Lines of running text broken before the room ran out: the next line's first word would have
    fitted (a line break kept from the source)."""
    found = []
    for line, after in zip(lines, lines[1:]):
        if line.strip() and after.strip() and indent(line) == indent(after) == 1:
            if len(line.strip()) + 1 + len(after.split()[0]) <= room:
                found.append(f"{line.strip()!r} / {after.split()[0]!r}")
    return found


def panel_breaks(text: str) -> list[str]:
    """In the Commands panel: a command's description broken before its cell was full."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("╭"):
            inside = "Commands" in line
        elif inside and line.startswith("│"):
            rows.append(line)
    named = [re.match(r"│ (\S+)(\s+)\S", r) for r in rows]
    starts = [2 + len(m.group(1)) + len(m.group(2)) for m in named if m]
    if not starts:
        return []
    start = max(set(starts), key=starts.count)
    found = []
    for row, after in zip(rows, rows[1:]):
        cell = len(row) - 2 - start
        text_now, text_next = row[start:len(row) - 2].rstrip(), after[start:len(after) - 2].strip()
        if text_next and not after[1:start].strip() and len(text_now) + 1 + len(text_next.split()[0]) <= cell:
            found.append(f"{text_now!r} / {text_next.split()[0]!r}")
    return found


def widths_to_read(words: str) -> tuple[int, ...]:
    return WIDTHS if words in WIDE_AND_NARROW else (80,)


@pytest.mark.parametrize("width", WIDTHS)
def test_help_reflows_to_the_width(width):
    """No help line is wider than the terminal, and no sentence breaks where the source broke it:
    each line of running text is as full as the next word allows, in the help and the command list."""
    for words in sorted(commands()):
        if width not in widths_to_read(words):
            continue
        text = rendered(words, width)
        assert max(len(line.rstrip()) for line in text.splitlines()) <= width, (words, width)
        assert not early_breaks(description(text), width - 2), (words, width, early_breaks(description(text), width - 2))
        assert not panel_breaks(text), (words, width, panel_breaks(text))


@pytest.mark.parametrize("width", (80, 120))
def test_tables_and_examples_stay_whole(width):
    """The notation tables and the examples keep a line each at 80 columns and more: no row runs on
    at the left margin (issue 48: `COLUMNS=80 companion check --help` broke them back to column 1)."""
    for words in sorted(commands()):
        if width not in widths_to_read(words):
            continue
        lines = description(rendered(words, width))
        broken = [after for line, after in zip(lines, lines[1:])
                  if line.strip() and after.strip() and indent(line) >= 3 and indent(after) == 1]
        assert not broken, (words, width, broken)
    check = description(rendered("check", 80))
    assert sum(line.startswith("     ") for line in check) >= 20  # the notation table is there, indented


# ------------------------------------------------------------------------------ check's notation table

#: per game, the table the rows of `companion check --help`'s notation table are judged at: each game's
#: own test data, tests/games/<game>.toml
NOTATION_TABLES = per_game("check_table")


def notation_rows() -> dict[str, list[str]]:
    """The plays of check's notation table as `companion check --help` shows it, by game."""
    block = "\n".join(description(rendered("check", 120))).split("Move notation", 1)[1].split("\n\n")[0]
    rows, game = {}, None
    for line in block.splitlines()[1:]:
        if indent(line) == 3:
            game = line.strip()
        elif line.strip():
            rows.setdefault(game, []).append(re.split(r"\s{2,}", line.strip())[0])
    return rows


def test_every_play_of_the_notation_table_is_read_as_written(cli, home):
    """Each play of the table is read by its game's notation: `check` gives a verdict (legal or not
    at that table), never "cannot read it"."""
    rows = notation_rows()
    assert sorted(rows) == sorted(NOTATION_TABLES) and sum(map(len, rows.values())) >= 20
    for game, plays in rows.items():
        for line in NOTATION_TABLES[game]:
            assert cli(*shlex.split(line)).exit_code == 0, line
        for play in plays:
            result = cli("check", play)
            assert result.exit_code in (0, 1) and result.stdout.startswith(("Legal", "Illegal")), (game, play, result.output)
