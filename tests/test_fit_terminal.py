"""Every answer for people fits the terminal: through a real pseudo-terminal, piped, and with COLUMNS.

A line wider than the terminal is broken by the terminal itself, anywhere (`catharsis.combat.p` /
`layer-attack.reroll-which-dice`); the companion breaks its lines at word boundaries first, never
inside a rule id, a command or a name. Each command here also runs with --json, and every rule id
the JSON names must stand whole on one line of the text (no joining of continuation lines).
"""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import GAMES, SCRIPT, child_env, installed_cwd, run_companion, run_in_process

pytestmark = pytest.mark.installed  # pty tests (the breaking's own invariants: tests/test_fit_breaking.py)

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
RULE_ID = re.compile(r"\b(?:%s)(?:\.[a-z0-9][a-z0-9-]*)+" % "|".join(re.escape(g) for g in GAMES))
PLAYERS = ["Bartholomew Featherstone", "Christabel Wolfenstein", "Maximiliana Oppenheimer", "Anastasia Vanderbilt"]


@pytest.fixture(autouse=True)
def no_columns(monkeypatch):
    """The width comes from the terminal (or is 80 piped) unless a test sets COLUMNS itself."""
    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)


def in_terminal(home, *args: str, columns: int = 80, env: dict | None = None) -> tuple[int, list[str]]:
    """Run the installed CLI with a pseudo-terminal of `columns` as its stdin, stdout and stderr (as a
    player's terminal is): (exit code, the lines it showed, escapes stripped)."""
    full = child_env({"COMPANION_HOME": str(home), "TERM": "xterm-256color", **(env or {})})
    child = pexpect.spawn(str(SCRIPT), list(args), cwd=str(installed_cwd()), env=full, encoding="utf-8",
                          timeout=90, dimensions=(50, columns))
    child.expect(pexpect.EOF)
    child.close()
    text = ANSI.sub("", child.before).replace("\r\n", "\n")
    return child.exitstatus, text.splitlines()


def piped(home, *args: str, env: dict | None = None):
    return run_companion(*args, env={"COMPANION_HOME": str(home), **(env or {})})


def answered(home, *args: str):
    """The command in-process: for the table's setup and the JSON answers, which only feed the
    checks of what the installed script shows in a terminal."""
    return run_in_process(*args, env={"COMPANION_HOME": str(home)})


def rule_ids(doc, key: str = "") -> set[str]:
    """The rule ids a JSON answer reports: its `id` and `rule` fields and the ids inside its texts
    (messages, to-do notes); not a section entry's see-also list, which the text view leaves out."""
    if isinstance(doc, dict):
        return set().union(*(rule_ids(value, k) for k, value in doc.items() if k != "see_also"))
    if isinstance(doc, list):
        return set().union(*(rule_ids(value, key) for value in doc))
    if isinstance(doc, str):
        if RULE_ID.fullmatch(doc):  # a field that is an id: a section's own (`section`) is shown by its titles
            return {doc} if key in ("id", "rule") else set()
        return set(RULE_ID.findall(doc))
    return set()


def whole_on_a_line(rule: str, lines: list[str]) -> bool:
    pattern = re.compile(re.escape(rule) + r"(?![a-z0-9-]|\.[a-z0-9])")
    return any(pattern.search(line) for line in lines)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A four-player Catopomp session with long names, one play made, the next player's hand known
    (and a second one, not current, where nobody's hand is known)."""
    home = tmp_path_factory.mktemp("wide-table")
    for args in (["track", "new", "catopomp", "--players", ",".join(PLAYERS)],
                 ["track", "first", "bartholomew"],
                 ["track", "dice", "1", "2", "3", "4", "5", "6", "1", "2"],
                 ["track", "hand", "bartholomew", "1", "1", "2", "3", "4", "5", "7", "8", "9"],
                 ["play", "heaven 4 5 then hell 2"],
                 ["track", "hand", "christabel", "1", "2", "3", "5", "6", "6", "7", "8", "9"],
                 # a second table whose player to act has a hand nobody recorded: `moves` says why it lists none
                 ["track", "new", "catopomp", "--players", ",".join(PLAYERS), "--name", "unknown-hands"],
                 ["track", "first", "anastasia"], ["track", "dice", "1", "2", "3", "4", "5", "6", "1", "2"],
                 ["track", "switch", "catopomp-1"]):
        done = answered(home, *args)
        assert done.returncode == 0, (args, done.stderr)
    return home


QUICK_START = ["rules", "search", "can I reroll just one die?", "--game", "catharsis"]
ANSWERS = {
    "quick start answer": QUICK_START,
    "rules show of a long section": ["rules", "show", "catharsis.combat"],
    "rules show of a rule with exceptions": ["rules", "show", "catharsis.combat.player-attack.reroll-which-dice"],
    "a long refusal": ["play", "heaven 3 then hell 6"],
    "check": ["check", "heaven 3 then hell 6"],
    "moves": ["moves"],
    "moves of an unknown hand": ["moves", "--session", "unknown-hands"],
    "status": ["status"],
    "track show": ["track", "show"],
    "track log": ["track", "log"],
    "track list": ["track", "list"],
    "rules define": ["rules", "define", "reroll", "--game", "catharsis"],
    "rules toc": ["rules", "toc", "--game", "catharsis"],
    "games": ["games"],
}


@pytest.mark.parametrize("what", ANSWERS)
def test_every_answer_fits_an_80_column_terminal_with_every_rule_id_whole(table, what):
    args = ANSWERS[what]
    code, shown = in_terminal(table, *args)
    errors = [line for line in shown if line.startswith("companion: error: ")]  # stderr: one line, by contract
    assert len(errors) == (code != 0 and what != "check"), shown  # an illegal play checked: exit 1, no error
    lines = [line for line in shown if line not in errors]
    assert lines, what
    too_wide = [line for line in lines if len(line) > 80]
    assert not too_wide, f"{what}: {len(too_wide)} lines over 80 columns, the widest {max(map(len, too_wide))}:\n" + \
        "\n".join(too_wide)
    as_json = answered(table, *args, "--json")
    assert as_json.returncode == code, (as_json.stdout, as_json.stderr)
    ids = rule_ids(json.loads(as_json.stdout))
    broken = [rule for rule in ids if not whole_on_a_line(rule, lines)]
    assert not broken, f"{what}: rule ids not whole on one line: {broken}\n" + "\n".join(lines)


def test_the_refusal_and_the_long_answers_have_something_to_fit(table):
    """The answers above are long enough to need breaking (else the test above proves nothing)."""
    for args in (QUICK_START, ANSWERS["a long refusal"], ANSWERS["track show"]):
        _, lines = in_terminal(table, *args, columns=400)
        assert max(map(len, lines)) > 80, args


def test_continuation_lines_are_indented_and_no_word_is_cut(table):
    _, wide = in_terminal(table, *QUICK_START, columns=400)
    _, lines = in_terminal(table, *QUICK_START)
    assert [w for line in lines for w in line.split()] == [w for line in wide for w in line.split()]
    starts = {line.split()[0] for line in wide if line.strip()}  # each line of the unbroken answer
    continued = [line for line in lines if line.strip() and line.lstrip().split()[0] not in starts]
    assert continued, "\n".join(lines)
    for line in continued:
        assert line.startswith("  "), line


@pytest.mark.parametrize("what", ["track show", "track list", "track log", "a long refusal", "moves"])
def test_no_players_name_is_split(table, what):
    """Each name whole on a line as often as in the same answer unbroken (a 400-column terminal)."""
    _, wide = in_terminal(table, *ANSWERS[what], columns=400)
    _, lines = in_terminal(table, *ANSWERS[what])
    for name in PLAYERS:
        assert sum(line.count(name) for line in lines) == sum(line.count(name) for line in wide), (name, lines)


def test_a_command_is_never_split(table):
    _, lines = in_terminal(table, *QUICK_START)  # "Show one in full: companion rules show ID": 86 columns
    assert any("companion rules show catharsis.combat.player-attack.reroll-which-dice" in line for line in lines), lines


def test_piped_output_fits_80_columns(table):
    for args in (QUICK_START, ["rules", "show", "catharsis.combat"], ["track", "show"]):
        done = piped(table, *args)
        assert done.returncode == 0, done.stderr
        widths = [len(line) for line in done.stdout.splitlines()]
        assert max(widths) <= 80, args


def test_columns_sets_the_width_piped_or_in_a_terminal(table):
    done = piped(table, *QUICK_START, env={"COLUMNS": "100"})
    widths = [len(line) for line in done.stdout.splitlines()]
    assert 80 < max(widths) <= 100
    _, lines = in_terminal(table, *QUICK_START, columns=80, env={"COLUMNS": "100"})
    assert 80 < max(map(len, lines)) <= 100


def test_the_terminals_own_width_is_used(table):
    _, lines = in_terminal(table, *QUICK_START, columns=120)
    assert 100 < max(map(len, lines)) <= 120
    _, lines = in_terminal(table, *QUICK_START, columns=60)
    assert max(map(len, lines)) <= 60


def test_an_error_is_one_line_piped_and_a_short_first_line_in_a_terminal(table):
    """Bad input is one line on stderr when piped (scripts rely on it); in a terminal its first line
    says what was refused and the rule id, and the reason is wrapped under it, every word kept."""
    done = piped(table, *ANSWERS["a long refusal"])
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and len(done.stderr) > 80
    code, lines = in_terminal(table, *ANSWERS["a long refusal"])
    first = next(n for n, line in enumerate(lines) if line.startswith("companion: error:"))
    assert code == 1 and len(lines[first]) <= 80 and "[catopomp.sets.must-beat]" in lines[first]
    def words(text: str) -> set[str]:
        return {w.strip(":;,.[]") for w in text.split()} - {""}

    assert words(done.stderr) <= words(" ".join(lines[first:])), (lines, done.stderr)
