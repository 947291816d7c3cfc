"""The one scenario runner: every case file under tests/scenarios/<game>/ (docs/data-format.md),
read through one closed schema (`Scenario`: an unknown key, or a key the case's kind does not use,
fails naming the file and the key), then judged once with all its checks.

A case describes a table (a `situation`, the State written out, or a `[table]` built the way a
session is) and one thing to judge on it: a play (`move`), a tracker command (`track`), a deck list
(`deck`), what `status()` objects to (`status`), what `moves` lists (`moves_include`/`moves_count`)
or a table that must not load (`error = "situation"`). Every play and tracker command goes through
the one checked step a session uses (engine.base.step), so `after` is the table once the step has
settled (a round that a play ends is followed by the next round's deal, as `companion play` shows it).

Besides what the case states, every verdict met on the way (set-up steps, `before` plays, each play
`moves` lists, the judged step) is checked: each `unchecked` note is a Reason citing a rule id of
the game, with its text apart from the id; a listed play is legal; a Cataclysm Arcade note that
teaches a card fact shows a `companion cards add` command that runs. A play only judged is also
made as a session records an overruled one (applied, or refused with an EngineError). A `situation`
survives the trusted JSON round trip a snapshot makes.
"""
from __future__ import annotations

import functools
import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from engine import GAMES, get_engine, get_game
from engine.base import AmbiguousMove, MoveSyntaxError, Reason, SituationError, step
from engine.errors import EngineError
from tests.games import per_game

ROOT = Path(__file__).parent / "scenarios"
SCENARIOS = sorted(ROOT.glob("*/*.toml"))


class Table(BaseModel):
    """A table built as a session is: a new tracker session's players and options, then set-up steps
    (`track WORDS`, allowed; `track WORDS --overrule`, refused and overruled; `play MOVE`, legal)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: list[str]
    options: dict[str, str] = {}
    setup: list[str] = []


#: what a case judges -> the keys it may state besides the common ones (description, rule, rulebook,
#: situation/table, before)
VERDICT = {"legal", "rules", "alternatives_include", "alternatives_exactly", "alternatives_exclude",
           "effects_include", "message_includes", "message_excludes", "unchecked", "after"}
KINDS = {
    "move": {"move", "by", *VERDICT},
    "track": {"track", *VERDICT},
    "syntax": {"error", "move", "track"},
    "ambiguous": {"error", "move", "candidates"},
    "situation": {"error"},
    "deck": {"deck", "legal", "rules"},
    "status": {"status"},
    "moves": {"moves_include", "moves_count", "moves_note_includes"},
}
COMMON = {"description", "rule", "rulebook", "situation", "table", "before"}


class Scenario(BaseModel):
    """One case file. Closed: a key not declared here fails the load."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    description: str  # for people: what the case shows (quoted in a failure)
    rule: str | None = None  # the rule id the case is about (a rule of the game's reference)
    rulebook: str | None = None  # the rulebook heading it exercises (one the reference restates)
    situation: dict | None = None
    table: Table | None = None
    before: list[str] = []  # plays made first, each legal
    move: str | None = None
    by: str | None = None  # the player making the play (default: the one the play names, else the one to act)
    track: str | None = None
    deck: dict | None = None
    status: list[str] | None = None  # rule ids status() must cite ([]: it finds nothing)
    moves_include: list[str] = []
    moves_count: int | None = None
    moves_note_includes: list[str] = []  # text `moves` shows besides its list (its note, its left-out line)
    error: Literal["syntax", "ambiguous", "situation"] | None = None
    candidates: list[str] = []
    legal: bool | None = None
    rules: list[str] = []  # ids the verdict (its reasons or effects) must cite
    alternatives_include: list[str] = []
    alternatives_exactly: list[str] | None = None  # every play offered instead, in order ([]: none)
    alternatives_exclude: list[str] = []  # plays it must not offer instead
    effects_include: list[str] = []
    message_includes: list[str] = []
    message_excludes: list[str] = []  # text no reason or effect may hold
    unchecked: bool | None = None
    after: dict[str, object] = {}  # dotted State paths -> their values once the step is made

    @property
    def kind(self) -> str:
        if self.error:
            return self.error
        for kind in ("move", "track", "deck", "status"):
            if getattr(self, kind) is not None:
                return kind
        return "moves"

    @model_validator(mode="after")
    def _one_kind(self):
        judged = [k for k in ("move", "track", "deck", "status") if getattr(self, k) is not None]
        if len(judged) > 1:
            raise ValueError(f"judges one thing, not {judged}")
        kind = self.kind
        if kind == "moves" and not self.moves_include and self.moves_count is None and not self.moves_note_includes:
            raise ValueError("states nothing to judge (move, track, deck, status, moves_include or error)")
        stray = sorted(self.model_fields_set - COMMON - KINDS[kind])
        if stray:
            raise ValueError(f"key {stray[0]!r} is not read in a {kind} case")
        if kind in ("move", "track", "deck") and self.legal is None:
            raise ValueError("key 'legal' is required")
        if kind == "syntax" and (self.move is None) == (self.track is None):
            raise ValueError("a syntax case gives a move or a track")
        if kind == "deck":
            if self.situation is not None or self.table is not None:
                raise ValueError("a deck case has no table")
        elif (self.situation is None) == (self.table is None):
            raise ValueError("give a [table] or a [situation], one of them")
        return self


@functools.cache
def load(path: Path) -> Scenario:
    """The case file through the schema; a failure names the file and the key."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        return Scenario.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or "(case)"
        what = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
        pytest.fail(f"tests/scenarios/{path.parent.name}/{path.name}: {key}: {what}", pytrace=False)


@functools.cache
def reference_ids() -> tuple[frozenset, dict]:
    """(every rule and section id of the reference, the rulebook headings each game's entries restate)."""
    from rulesdb.reference import reference

    ref = reference()
    headings: dict[str, set] = {}
    for entry in [*ref.rules.values(), *ref.sections.values()]:
        headings.setdefault(entry.id.split(".")[0], set()).add(entry.source)
    return frozenset(ref.rules) | frozenset(ref.sections), headings


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path):
    judged(path)


@functools.cache
def judged(path: Path) -> tuple:
    """Every check of one case, once (cached, so the whole-walk tests below reuse it): the verdicts
    met on the way, for those tests."""
    case, name = load(path), path.parent.name
    _names_real_rules(case, name)
    walk = Walk(get_game(name), case, path)
    walk.run()
    return tuple(walk.verdicts)


def _names_real_rules(case: Scenario, name: str) -> None:
    known, headings = reference_ids()
    for rule in [*([case.rule] if case.rule else []), *case.rules, *(case.status or [])]:
        assert rule in known and rule.startswith(f"{name}."), f"{rule!r} is no rule id of {name}'s reference"
    if case.rulebook is not None:
        assert case.rulebook in headings[name], f"rulebook {case.rulebook!r} is no heading the reference restates"


class Walk:
    """One case judged as a session would make it, gathering each verdict met on the way."""

    def __init__(self, game, case: Scenario, path: Path):
        self.game, self.case, self.path = game, case, path
        self.engine = game.engine
        self.verdicts: list = []

    def seen(self, verdict, where: str):
        """A verdict met on the way: its notes are Reasons of the game's rules, their text apart."""
        name = self.game.name
        for note in verdict.unchecked:
            assert isinstance(note, Reason), f"{where}: a plain-string note: {note!r}"
            assert note.rule in self.engine.declaration.plays.rule_ids, f"{where}: {note.rule!r} is no rule id of {name} ({note.message})"
            assert note.message and f"{name}." not in note.message, f"{where}: the rule is data, not text: {note!r}"
            for command in re.findall(r"`(companion cards [^`]*)`", note.message) if name in TEACHES else ():
                assert taught_command_runs(name, command) == "", f"{where}: {command}: {taught_command_runs(name, command)}"
        self.verdicts.append(verdict)
        return verdict

    def run(self) -> None:
        case, engine = self.case, self.engine
        if case.kind == "situation":
            with pytest.raises(SituationError):
                engine.load_state(case.situation, str(self.path))
            return
        if case.kind == "deck":
            verdict = self.seen(engine.check_deck(case.deck, str(self.path)), "deck")
            assert verdict.legal is case.legal, verdict.as_json()
            assert set(case.rules) <= {r.rule for r in verdict.reasons}, verdict.as_json()
            return
        state = self.table()
        for text in case.before:
            first = step(self.game, state, text)
            assert self.seen(first.verdict, f"before: {text}").legal, f"before: {text}: {first.verdict.as_json()}"
            state = first.state
        self.listed(state)
        if case.kind == "status":
            cited = {r.rule for r in engine.seat_problems(state) + engine.declaration.status(state)}  # as `companion status`
            assert set(case.status) <= cited, f"status cited {sorted(cited)}"
            if not case.status:
                assert cited == set(), f"status should find nothing, found {sorted(cited)}"
        elif case.kind in ("syntax", "ambiguous"):
            kind, said = ("track", case.track) if case.track is not None else ("play", case.move)
            with pytest.raises(MoveSyntaxError if case.kind == "syntax" else AmbiguousMove) as err:
                step(self.game, state, said, kind=kind)
            if case.kind == "ambiguous":
                assert set(case.candidates) <= set(err.value.candidates), err.value.candidates
        elif case.kind in ("move", "track"):
            self.judge(state)

    def table(self):
        """The case's table: a `situation` (which survives a snapshot's trusted JSON round trip) or
        a `[table]` built by tracker commands and plays."""
        if self.case.table is not None:
            return build_table(self.game, self.case.table.model_dump(), self.seen)
        state = self.engine.load_state(self.case.situation, str(self.path))
        tracker = self.game.tracker
        text = json.dumps(state.model_dump(mode="json"))
        assert tracker.load(json.loads(text)) == state, "the trusted load of the dump differs"
        assert type(state).model_validate(json.loads(text)) == state, "the checked load of the dump differs"
        return state

    def listed(self, state) -> None:
        """Every play `moves` lists is judged legal; the case's `moves_include`/`moves_count`."""
        engine = self.engine
        moves = engine.plays.legal_moves(state)
        for move in moves:
            verdict = self.seen(engine.check(state, move), f"listed {engine.plays.format_move(move)}")
            assert verdict.legal, f"listed but refused: {engine.plays.format_move(move)}: {verdict.as_json()}"
        if self.case.kind != "moves":
            return
        listed = [engine.plays.format_move(m) for m in moves]
        for text in self.case.moves_include:
            assert text in listed, f"moves {listed}"
        if self.case.moves_count is not None:
            assert len(listed) == self.case.moves_count, f"moves {listed}"
        shown = "\n".join(x for x in (engine.views.moves_note(state), (engine.views.partly_listed(state) or (None, None))[1]) if x)
        for text in self.case.moves_note_includes:
            assert text in shown, f"moves shows {shown!r}"
        for text in listed:  # the written play reads back to a play check() accepts
            assert engine.check(state, engine.plays.parse_move(text, state)).legal, text

    def recorded_overruled(self, state) -> None:
        """The judged play made as a session records one the table overrules: applied with the same
        verdict, or refused in the engine's own words (EngineError, e.g. a question that changes
        nothing, or a table that would not hold together); never another exception."""
        try:
            made = step(self.game, state, self.case.move, overruled=True)
        except EngineError:
            return
        self.seen(made.verdict, "recorded overruled")

    def judge(self, state) -> None:
        """The case's play or tracker command through the step, and what the case says of it."""
        case, game = self.case, self.game
        if case.kind == "track":  # applied as the table said it (overruled where the rules object)
            stepped = step(game, state, case.track, overruled=True, kind="track")
        else:  # judged only, as `companion check` does, unless the table after it is wanted
            stepped = step(game, state, case.move, by=case.by, apply=bool(case.after))
            if stepped.refused and case.after:
                stepped = step(game, state, case.move, by=case.by, overruled=True)
            elif not stepped.applied:  # as a session records it, overruled: made, or refused by the engine
                self.recorded_overruled(state)
        verdict = self.seen(stepped.verdict, case.kind)
        effects = stepped.effects if stepped.applied else verdict.effects
        cited = {r.rule for r in verdict.reasons} | {e.rule for e in effects if e.rule}
        assert verdict.legal is case.legal, f"{case.description}: {verdict.as_json()}"
        assert set(case.rules) <= cited, f"cited {sorted(cited)}"
        for alt in case.alternatives_include:
            assert alt in verdict.alternatives, f"alternatives {verdict.alternatives}"
        if case.alternatives_exactly is not None:
            assert list(verdict.alternatives) == case.alternatives_exactly, f"alternatives {verdict.alternatives}"
        if case.kind == "move" and game.name in OFFERS_ONLY_LISTED:
            self.offered_are_listed(state, stepped)
        for alt in case.alternatives_exclude:
            assert alt not in verdict.alternatives, f"alternatives {verdict.alternatives}"
        kinds = {e.kind for e in effects}
        assert set(case.effects_include) <= kinds, f"effects {sorted(kinds)}"
        said = " | ".join([r.message for r in verdict.reasons] + [e.message for e in effects])
        for text in case.message_includes:
            assert text in said, said
        for text in case.message_excludes:
            assert text not in said, said
        if case.unchecked is not None:
            assert bool(verdict.unchecked) is case.unchecked, verdict.unchecked
        for dotted, want in case.after.items():
            assert _get(stepped.state, dotted) == want, f"{dotted}: {_get(stepped.state, dotted)!r}"


    def offered_are_listed(self, state, stepped) -> None:
        """Each play a refusal offers instead is one `moves` lists for the player it is offered to, now:
        none for a player out of turn (issue 43)."""
        engine = self.engine
        offered = stepped.verdict.alternatives
        if not offered:
            return
        assert stepped.by in (None, engine.turns.to_act(state)), f"offered to {stepped.by} out of turn: {offered}"
        listed = {engine.plays.format_move(m) for m in engine.plays.legal_moves(state)}
        partly = engine.views.partly_listed(state)
        listed |= {engine.plays.format_move(m) for m in partly[0]} if partly else set()
        assert set(offered) <= listed, f"offered but not listed: {sorted(set(offered) - listed)}"


#: the games whose refusals are held to offering only listed plays here (tests/playouts* hold every game)
OFFERS_ONLY_LISTED = {"catopomp"}


def _get(state, dotted: str):
    """A value of the State by a dotted path: `players.0.dice`, `morale`; a player may be named
    (`Betty.lives`), a list element by its name (`players.Ben.fighters.0`), and `len` gives a
    list's length (`chain.len`)."""
    value = state.model_dump(mode="json")
    parts = dotted.split(".")
    names = [p.get("name") for p in value.get("players", [])] if isinstance(value.get("players"), list) else []
    if parts[0] not in value and parts[0] in names:
        parts = ["players", str(names.index(parts[0])), *parts[1:]]
    for part in parts:
        if part == "len" and isinstance(value, list):
            value = len(value)
        elif isinstance(value, list):
            value = value[int(part)] if part.isdigit() else next(x for x in value if x.get("name") == part)
        else:
            value = value[part]
    return value


def build_table(game, table: dict, seen=lambda verdict, where: verdict):
    """A new tracker session's State brought to the situation by tracker commands and plays."""
    state = game.tracker.declaration.verbs.new_state(table["players"], table.get("options", {}))
    for said in table.get("setup", []):
        kind, _, rest = said.partition(" ")
        assert kind in ("track", "play"), said
        overrule = kind == "track" and rest.endswith(" --overrule")
        stepped = step(game, state, rest.removesuffix(" --overrule"), kind=kind, overruled=overrule)
        seen(stepped.verdict, f"setup: {said}")
        assert stepped.verdict.legal is not overrule, f"{said}: {stepped.verdict.as_json()}"  # overrule a refusal only
        state = stepped.state
    return state


#: the games whose notes' teaching commands are run (a Theseus note may name a built-in card, which
#: `cards add` refuses: not checked here, see the report of issue 31)
TEACHES = {"cataclysm-arcade"}
#: a value for each placeholder a teaching command shows (a type the engine knows is given as it is)
TEACH_VALUES = {"N": "2", "NAME": "Synth", "fighter|tactic|response|weapon|boss": "tactic", "damage N": "damage 2"}


@functools.cache
def taught_command_runs(game: str, command: str) -> str:
    """'' when a teaching command (`companion cards add GAME NAME --FIELD VALUE ...`; a Cataclysm
    Arcade card's `--type` first), its placeholders filled, adds the card to a fresh card library
    with every field it names; else what went wrong. In-process (tests/test_installed.py and the
    `installed` tests run the script itself)."""
    import tempfile

    from typer.testing import CliRunner

    from companion.cli import invoked_app

    words = shlex.split(command)
    if words[:4] != ["companion", "cards", "add", game] or len(words) % 2 == 0:
        return f"not `companion cards add {game} NAME --FIELD VALUE ...`"
    if game == "cataclysm-arcade" and words[5:6] != ["--type"]:
        return "a Cataclysm Arcade card's type comes first"
    pairs = list(zip(words[5::2], words[6::2]))
    filled = [w for flag, value in pairs for w in (flag, TEACH_VALUES.get(value, value))]
    with tempfile.TemporaryDirectory() as home:
        env, runner = {"COMPANION_HOME": home}, CliRunner()
        done = runner.invoke(invoked_app([*words[1:5], *filled]), [*words[1:5], *filled], env=env)
        if done.exit_code != 0:
            return f"exit {done.exit_code}: {done.output}"
        shown = runner.invoke(invoked_app(["cards", "show"]), ["cards", "show", game, words[4], "--json"], env=env)
        entry = json.loads(shown.stdout)["entry"]
    missing = {flag[2:].replace("-", "_") for flag, _ in pairs} - set(entry)
    return f"the library lacks {sorted(missing)}" if missing else ""


def test_every_game_with_an_engine_has_scenarios():
    for game in GAMES:
        assert any(p.parent.name == game for p in SCENARIOS), game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_an_engine_can_cite_exists(game):
    known, _ = reference_ids()
    engine = get_engine(game)
    assert engine.declaration.plays.rule_ids, game
    assert sorted(set(engine.declaration.plays.rule_ids) - known) == []


def verdicts_of(game: str) -> list:
    """Every verdict the game's cases meet (each case judged once a process: reused from the runs
    above; a case that fails is left out, its own test reports it)."""
    found = []
    for path in SCENARIOS:
        if path.parent.name == game:
            try:
                found += judged(path)
            except (AssertionError, pytest.fail.Exception):
                pass
    return found


#: at least this many different rules the game's notes cite over its cases (the note checks are not vacuous)
NOTED = per_game("noted")  # tests/games/<game>.toml


@pytest.mark.parametrize("game", sorted(NOTED))
def test_the_walk_meets_notes_of_many_rules(game):
    rules = {n.rule for v in verdicts_of(game) for n in v.unchecked}
    assert len(rules) >= NOTED[game], sorted(rules)


def test_cataclysm_arcade_cases_cover_every_section():
    """Each case names the rule it is about (`rule`); between them they cover every part of the rulebook."""
    cases = [load(p) for p in SCENARIOS if p.parent.name == "cataclysm-arcade"]
    assert len(cases) >= 80 and all(c.rule for c in cases)
    sections = {c.rule.split(".")[1] for c in cases}
    assert sections >= {"turn", "basics", "fighter", "tactics", "responses", "weapon", "combat", "keywords",
                        "winning", "constructed", "card-limits"}


def test_an_unknown_key_fails_naming_the_file_and_the_key(tmp_path):
    folder = tmp_path / "scenarios" / "theseus"
    folder.mkdir(parents=True)
    cases = {
        "extra.toml": ('description = "x"\nmove = "end"\nlegal = true\nexpected = 1\n[situation]\n', "tests/scenarios/theseus/extra.toml: expected: unknown key"),
        "stray.toml": ('description = "x"\nstatus = []\nlegal = true\n[situation]\n', "key 'legal' is not read in a status case"),
        "table.toml": ('description = "x"\nmove = "end"\nlegal = true\n[table]\nplayers = ["A"]\nseed = 1\n', "table.seed: unknown key"),
    }
    for name, (text, said) in cases.items():
        (folder / name).write_text(text, encoding="utf-8")
        with pytest.raises(pytest.fail.Exception) as err:
            load.__wrapped__(folder / name)
        assert said in str(err.value), str(err.value)
