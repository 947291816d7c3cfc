"""Every game's `unchecked` notes are Reasons citing a rule id of the game's package (issue 22:
structured results; Verdict.unchecked holds Reasons only). Walks each scenario file of each game as
the scenario runner does: set-up steps, `before` plays, every listed legal move, the judged play or
tracker command (as said and overruled), and checks the notes of every verdict on the way.
Cataclysm Arcade and CATastrophe have their own, deeper walks (tests/engine/test_*_notes.py)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import get_game
from engine.base import AmbiguousMove, MoveSyntaxError, Reason, SituationError, step
from engine.errors import EngineError

ROOT = Path(__file__).parent / "scenarios"
GAMES = ("catharsis", "catopomp", "theseus", "cataclysm-arcade", "catastrophe")
CASES = [(g, p) for g in GAMES for p in sorted((ROOT / g).glob("*.toml"))]


def verdicts(name: str, case: dict, path: Path) -> list:
    """Each verdict a scenario produces, in order (as far as the scenario runs)."""
    game = get_game(name)
    engine = game.engine
    out = []
    if "deck" in case:
        return [engine.check_deck(case["deck"], str(path))]
    if "table" in case:
        table = case["table"]
        state = game.tracker.new_state(table["players"], table.get("options", {}))
        for said in table.get("setup", []):
            kind, _, rest = said.partition(" ")
            stepped = step(game, state, rest.removesuffix(" --overrule"), kind=kind,
                           overruled=rest.endswith(" --overrule"))
            out.append(stepped.verdict)
            state = stepped.state
    else:
        state = engine.load_state(case["situation"], str(path))
    for text in case.get("before", []):
        stepped = step(game, state, text)
        out.append(stepped.verdict)
        state = stepped.state
    out += [engine.check(state, m) for m in engine.legal_moves(state)]
    for key, kind in (("move", "play"), ("track", "track")):
        if key in case:
            for overruled in (True, False):
                try:
                    out.append(step(game, state, case[key], kind=kind, overruled=overruled).verdict)
                except (MoveSyntaxError, AmbiguousMove):  # no verdict to look at
                    break
    return out


@pytest.mark.parametrize("name,path", CASES, ids=lambda c: c.stem if isinstance(c, Path) else c)
def test_every_note_is_a_reason_citing_a_rule_of_its_game(name, path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        found = verdicts(name, case, path)
    except (SituationError, EngineError):  # a scenario about a table that does not load or a refused step
        return
    known = get_game(name).engine.RULE_IDS
    for verdict in found:
        for note in verdict.unchecked:
            assert isinstance(note, Reason), f"{name}/{path.stem}: a plain-string note: {note!r}"
            assert note.rule in known, f"{name}/{path.stem}: {note.rule!r} is no rule id of the game ({note.message})"
            assert note.message


def test_the_walk_meets_notes_in_every_game():
    """The walk is not empty: each game's scenarios carry notes."""
    for name in GAMES:
        rules = set()
        for g, path in CASES:
            if g != name:
                continue
            case = tomllib.loads(path.read_text(encoding="utf-8"))
            try:
                rules |= {n.rule for v in verdicts(name, case, path) for n in v.unchecked if isinstance(n, Reason)}
            except (SituationError, EngineError):
                continue
        assert len(rules) >= 2, (name, sorted(rules))
