"""Unit tests of the Party of the Theseus engine beyond the scenario files: unchecked notes,
notation round trips, apply(), the catalogue, scoring helpers and the documentation."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from engine.base import AmbiguousMove, EngineError, MoveSyntaxError, SituationError
from engine.theseus import (
    ALL_RULES,
    NOTATION,
    Engine,
    IllegalMove,
    Move,
    RevealNeeded,
    builtin_catalogue,
    catalogue,
)

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Engine()
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "theseus").glob("*.toml"))

KNOWN = [
    {"name": "Knight", "icon": "explore", "effect": "none"},
    {"name": "Mage", "icon": "recruit", "effect": "none"},
    {"name": "Rogue", "icon": "subjugate", "effect": "none"},
    {"name": "Squire", "rank": 1, "icon": "explore", "effect": "none"},
    {"name": "Dark Knight", "rank": 1, "icon": "explore", "effect": "none"},
]


def table(**over):
    data = {
        "players": [
            {"name": "Ann", "party": ["Knight", "Mage", "Rogue"]},
            {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]},
        ],
        "board": ["Paladin", "Witch", "Buster", "Kunoichi"],
        "decks": {"1": ["Squire", "Squire"], "2": 4, "3": 4, "4": 4, "5": 4, "6": 4},
        "cards": KNOWN,
    }
    data.update(over)
    return ENGINE.load_state(data)


def test_shipped_catalogue_marks_what_the_rulebook_does_not_give():
    cards = {c.name: c for c in builtin_catalogue()}
    assert set(cards) == {"Knight", "Mage", "Rogue", "Paladin", "Witch", "Buster", "Kunoichi"}
    for name in ("Knight", "Mage", "Rogue"):
        assert cards[name].rank == "unknown"
    for name in ("Paladin", "Witch", "Buster", "Kunoichi"):
        assert cards[name].rank == 1
    for card in cards.values():
        assert card.icon == "unknown" and card.vp == "unknown" and card.effect == "unknown"


def test_situation_cards_override_only_the_fields_they_give():
    state = table(cards=[{"name": "paladin", "icon": "recruit"}, {"name": "Squire", "rank": 1}])
    cat = catalogue(state)
    assert cat["Paladin"].icon == "recruit" and cat["Paladin"].rank == 1
    assert cat["Squire"].rank == 1 and cat["Squire"].icon == "unknown"


def test_unknown_icon_and_effect_are_reported_unchecked():
    state = table(cards=[])
    verdict = ENGINE.check(state, ENGINE.parse_move("use Knight explore Paladin", state))
    assert verdict.legal
    notes = " ".join(verdict.unchecked)
    assert "card effect not checked: Knight's icon is unknown" in notes
    assert "card effect not checked: Knight's effect text is unknown" in notes


def test_effect_text_is_reported_unchecked():
    state = table(cards=KNOWN + [{"name": "Witch", "icon": "recruit", "effect": "Draw a card."}],
                  players=[{"name": "Ann", "party": ["Knight", "Witch"], "hand": ["Squire"]}])
    verdict = ENGINE.check(state, ENGINE.parse_move("use Witch recruit Squire", state))
    assert verdict.legal
    assert "card effect not checked: Witch: Draw a card." in verdict.unchecked


def test_known_card_with_no_effect_has_no_unchecked_note():
    state = table()
    verdict = ENGINE.check(state, ENGINE.parse_move("use Knight explore Paladin", state))
    assert verdict.legal and verdict.unchecked == ()


def test_notation_round_trips_including_names_with_spaces():
    state = table(players=[{"name": "Ann", "party": ["Dark Knight", "Mage"], "hand": ["Squire"]}])
    for text in ["use 'Dark Knight' explore Witch", "use Dark Knight explore Witch",
                 "use Mage recruit Squire", "basic explore Witch", "exile hand Squire", "end",
                 "use Knight explore Witch reveal Squire"]:
        move = ENGINE.parse_move(text, state)
        assert ENGINE.parse_move(ENGINE.format_move(move), state) == move
    assert ENGINE.parse_move("use Dark Knight Witch", state).card == "Dark Knight"
    assert ENGINE.parse_move("USE knight EXPLORE paladin", state) == Move(
        action="use", card="Knight", icon="explore", targets=("Paladin",)
    )


def test_targets_are_normalised_in_any_order():
    state = table()
    assert ENGINE.parse_move("use Knight explore Witch Buster", state) == ENGINE.parse_move(
        "use Knight explore Buster Witch", state
    )


def test_syntax_error_names_the_token_and_suggests():
    state = table()
    with pytest.raises(MoveSyntaxError, match="Paldin.*Paladin"):
        ENGINE.parse_move("use Knight explore Paldin", state)
    with pytest.raises(MoveSyntaxError, match="'party' or 'hand'"):
        ENGINE.parse_move("exile deck Mage", state)


def test_ambiguous_move_lists_candidates():
    state = table(cards=[], players=[{"name": "Ann", "party": ["Knight"], "hand": ["Witch"]}])
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.parse_move("use Knight Witch", state)
    assert set(err.value.candidates) == {
        "use Knight explore Witch", "use Knight recruit Witch", "use Knight subjugate Witch"
    }
    # only the Board holds Witch: the Explore reading is the only one
    state = table(cards=[])
    assert ENGINE.parse_move("use Knight Witch", state).icon == "explore"


def test_apply_never_mutates_and_refuses_illegal_moves():
    state = table()
    before = state.model_dump()
    new = ENGINE.apply(state, ENGINE.parse_move("use Knight explore Paladin", state))
    assert state.model_dump() == before
    assert new.players[0].hand == ("Paladin",)
    assert [c.name for c in new.board] == ["Witch", "Buster", "Kunoichi", "Squire"]
    assert new.decks[1] == ("Squire",) and new.used == ("Knight",)
    with pytest.raises(IllegalMove):
        ENGINE.apply(new, ENGINE.parse_move("use Knight explore Witch", new))
    assert issubclass(IllegalMove, EngineError)


def test_counted_deck_needs_the_revealed_names_to_apply():
    state = table(decks={"1": 3, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4})
    move = ENGINE.parse_move("use Knight explore Paladin", state)
    verdict = ENGINE.check(state, move)
    assert verdict.legal and any("given only as a count" in n for n in verdict.unchecked)
    with pytest.raises(RevealNeeded, match="Rank 1 deck"):
        ENGINE.apply(state, move)
    new = ENGINE.apply(state, ENGINE.parse_move("use Knight explore Paladin reveal Squire", state))
    assert new.decks[1] == 2 and new.board[-1].name == "Squire"


def test_whole_turn_with_exile_and_next_player():
    state = table(players=[
        {"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": ["Squire"] * 4},
        {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]},
    ])
    state = ENGINE.apply(state, ENGINE.parse_move("use Knight explore Paladin", state))
    assert [ENGINE.format_move(m) for m in ENGINE.legal_moves(state)] == [
        "exile hand Paladin", "exile hand Squire"
    ]
    assert not ENGINE.check(state, Move(action="end")).legal
    state = ENGINE.apply(state, ENGINE.parse_move("exile hand Paladin", state))
    assert state.exiled == ("Paladin",) and len(state.players[0].hand) == 4
    state = ENGINE.apply(state, ENGINE.parse_move("use Mage recruit Squire", state))
    assert len(state.players[0].party) == 4
    assert "use Rogue subjugate Squire" not in {ENGINE.format_move(m) for m in ENGINE.legal_moves(state)}
    state = ENGINE.apply(state, Move(action="end"))
    assert state.active == "Ben" and state.used == () and state.basic_action is None
    assert ENGINE.status(state) == []


def test_final_scores_and_tie_reporting():
    state = table(
        active_rank=6, board=[], game_over=True,
        decks={"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0},
        players=[
            {"name": "Ann", "party": ["Knight"], "reward_area": ["Squire"], "bonuses": 1},
            {"name": "Ben", "party": ["Knight"], "reward_area": ["Squire", "Witch"]},
        ],
    )
    scores = ENGINE.final_scores(state)
    assert [r["total"] for r in scores["players"]] == [2, 2]
    assert scores["decided_by"] == "tie" and scores["winners"] == ["Ann", "Ben"]
    assert any("theseus.tiebreakers.full-tie" in n for n in scores["unchecked"])
    assert any("theseus.bonuses.scoring" in n for n in scores["unchecked"])


def test_situation_errors_name_the_field():
    with pytest.raises(SituationError, match="decks"):
        ENGINE.load_state({"players": [{"name": "Ann", "party": []}], "decks": {"1": 2}})
    with pytest.raises(SituationError, match="active"):
        table(active="Zed")
    with pytest.raises(SituationError, match="board"):
        table(board=[{"name": "Witch", "bonus": -1}])
    with pytest.raises(SituationError, match="cards"):
        table(cards=[{"name": "Squire", "rank": 9}])


def test_state_is_json_schema_able_and_round_trips_through_json():
    schema = ENGINE.State.model_json_schema()
    assert "players" in schema["properties"]
    state = table()
    again = ENGINE.load_state(json.loads(state.model_dump_json()))
    assert again.model_dump() == state.model_dump()


def test_every_citable_rule_is_covered_by_a_scenario():
    cited = set()
    for path in SCENARIOS:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        cited.update(case.get("rules", []), case.get("status", []))
    assert sorted(ALL_RULES - cited) == []
    assert ENGINE.RULE_IDS == ALL_RULES


def test_notation_and_docs_show_the_moves():
    doc = (ROOT / "docs" / "moves-theseus.md").read_text(encoding="utf-8")
    for example in ["use Knight explore Paladin", "basic recruit Witch", "exile party Mage", "end"]:
        assert example in NOTATION
        assert example in doc
    block = re.search(r"```toml[^\n]*\n(.*?)```", doc, re.S).group(1)
    state = ENGINE.load_state(tomllib.loads(block), "docs example")  # the file as written, not nested
    assert ENGINE.status(state) == []
