"""Unit tests of the Party of the Theseus engine beyond the scenario files: unchecked notes,
notation round trips, apply(), the catalogue, scoring helpers and the documentation."""
from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

import pytest

from engine.base import AmbiguousMove, EngineError, MoveSyntaxError, Reason, SituationError
from engine.theseus.rules import unknown_icons_note
from engine.theseus.rules_scoring import final_scores
from engine.theseus import Engine
from engine.theseus.model import Move, builtin_catalogue, catalogue
from engine.theseus.notation import NOTATION
from engine.theseus.rule_ids import RULE_IDS, R
from engine.errors import IllegalMove

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
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert verdict.legal
    notes = {n.rule: n.message for n in verdict.unchecked}
    assert notes[R.ICON] == ("card effect not checked: Knight's icon is unknown: taken as explore, as the "
                             'move says; teach it: `companion cards add theseus Knight --icon "explore"`')
    assert notes[R.EFFECT].startswith("card effect not checked: Knight's effect is unknown: resolve it as printed; "
                                      'teach it: `companion cards add theseus Knight --effect "none"`')


def test_a_card_known_by_its_rank_only_is_named_not_taught():
    # "Rank 3 card" is no card a library entry can describe: the note names it in the Party instead
    state = table(active_rank=3, players=[{"name": "Ann", "party": ["Knight", "Mage", "Rank 3 card"]},
                                          {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}],
                  board=["Paladin", "Witch", "Buster"], decks={"3": 0, "4": 4, "5": 4, "6": 4})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move('use "Rank 3 card" explore Paladin', state))
    named = "name it first (NAME, the card's): `companion track party ann Knight Mage NAME:3`"
    notes = [n.message for n in verdict.unchecked if n.rule in (R.ICON, R.EFFECT)]
    notes += [n for n in unknown_icons_note(state) if "Rank 3 card" in n]  # what `moves` says of it
    assert len(notes) == 3 and all(named in n and "cards add" not in n for n in notes), notes


def test_effect_text_is_reported_unchecked():
    state = table(cards=KNOWN + [{"name": "Witch", "icon": "recruit", "effect": "Draw a card."}],
                  players=[{"name": "Ann", "party": ["Knight", "Witch"], "hand": ["Squire"]}])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Witch recruit Squire", state))
    assert verdict.legal
    assert Reason(rule=R.EFFECT, message="card effect not checked: Witch: Draw a card.") in verdict.unchecked


def test_known_card_with_no_effect_has_no_unchecked_note():
    state = table()
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert verdict.legal and verdict.unchecked == ()


def test_notation_round_trips_including_names_with_spaces():
    state = table(players=[{"name": "Ann", "party": ["Dark Knight", "Mage"], "hand": ["Squire"]}])
    for text in ["use 'Dark Knight' explore Witch", "use Dark Knight explore Witch",
                 "use Mage recruit Squire", "basic explore Witch", "exile hand Squire", "end",
                 "use Knight explore Witch reveal Squire"]:
        move = ENGINE.plays.parse_move(text, state)
        assert ENGINE.plays.parse_move(ENGINE.plays.format_move(move), state) == move
    assert ENGINE.plays.parse_move("use Dark Knight Witch", state).card == "Dark Knight"
    assert ENGINE.plays.parse_move("USE knight EXPLORE paladin", state) == Move(
        action="use", card="Knight", icon="explore", targets=("Paladin",)
    )


def test_targets_are_normalised_in_any_order():
    state = table()
    assert ENGINE.plays.parse_move("use Knight explore Witch Buster", state) == ENGINE.plays.parse_move(
        "use Knight explore Buster Witch", state
    )


def test_syntax_error_names_the_token_and_suggests():
    state = table()
    with pytest.raises(MoveSyntaxError, match="Paldin.*Paladin"):
        ENGINE.plays.parse_move("use Knight explore Paldin", state)
    with pytest.raises(MoveSyntaxError, match="'party' or 'hand'"):
        ENGINE.plays.parse_move("exile deck Mage", state)


def test_ambiguous_move_lists_candidates():
    state = table(cards=[], players=[{"name": "Ann", "party": ["Knight"], "hand": ["Witch"]}])
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.plays.parse_move("use Knight Witch", state)
    assert set(err.value.candidates) == {
        "use Knight explore Witch", "use Knight recruit Witch", "use Knight subjugate Witch"
    }
    # only the Board holds Witch: the Explore reading is the only one
    state = table(cards=[])
    assert ENGINE.plays.parse_move("use Knight Witch", state).icon == "explore"


def test_apply_never_mutates_and_refuses_illegal_moves():
    state = table()
    before = state.model_dump()
    new = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert state.model_dump() == before
    assert new.players[0].hand == ("Paladin",)
    assert [c.name for c in new.board] == ["Witch", "Buster", "Kunoichi", "Squire"]
    assert new.decks[1] == ("Squire",) and new.used == ("Knight",)
    with pytest.raises(IllegalMove):
        ENGINE.plays.apply(new, ENGINE.plays.parse_move("use Knight explore Witch", new))
    assert issubclass(IllegalMove, EngineError)


def test_counted_deck_records_an_unnamed_reveal_by_its_rank():
    state = table(decks={"1": 3, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4})
    move = ENGINE.plays.parse_move("use Knight explore Paladin", state)
    verdict = ENGINE.check(state, move)
    assert verdict.legal and any(n.rule == R.REVEAL and "not a list of names" in n.message for n in verdict.unchecked)
    # a table that does not say what the refill turned up: the card is known by its Rank only
    new = ENGINE.plays.apply(state, move)
    assert new.decks[1] == 2 and new.board[-1].name == "Rank 1 card"
    assert ENGINE.declaration.status(new) == []
    new = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin reveal Squire", state))
    assert new.decks[1] == 2 and new.board[-1].name == "Squire"
    # a revealed card the catalogue lacks gets the Rank of the deck it came from
    new = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin reveal Ogre", state.model_copy(
        update={"cards": state.cards + (ENGINE.load_state({"players": [{"name": "X", "party": []}],
                                                            "cards": [{"name": "Ogre"}]}).cards[0],)})))
    assert catalogue(new)["Ogre"].rank == 1


def test_a_short_board_is_said_in_good_words():
    """status: a Board of one card while the decks hold more says "1 card", not "1 cards"."""
    state = table(board=["Paladin"], decks={"1": 3, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4})
    said = [r.message for r in ENGINE.declaration.status(state) if r.rule == R.REFILL]
    assert said == ["the Board holds only 1 card while the Rank Decks still hold 23: it would have been refilled to 4"]


def test_whole_turn_with_exile_and_next_player():
    state = table(players=[
        {"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": ["Squire"] * 4},
        {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]},
    ])
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert [ENGINE.plays.format_move(m) for m in ENGINE.plays.legal_moves(state)] == [
        "exile hand Paladin", "exile hand Squire"
    ]
    assert not ENGINE.check(state, Move(action="end")).legal
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("exile hand Paladin", state))
    assert state.exiled == ("Paladin",) and len(state.players[0].hand) == 4
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Mage recruit Squire", state))
    assert len(state.players[0].party) == 4
    assert "use Rogue subjugate Squire" not in {ENGINE.plays.format_move(m) for m in ENGINE.plays.legal_moves(state)}
    state = ENGINE.plays.apply(state, Move(action="end"))
    assert state.active == "Ben" and state.used == () and state.basic_action is None
    assert ENGINE.declaration.status(state) == []


def test_final_scores_and_tie_reporting():
    state = table(
        active_rank=6, board=[], game_over=True,
        decks={"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0},
        players=[
            {"name": "Ann", "party": ["Knight"], "reward_area": ["Squire"], "bonuses": 1},
            {"name": "Ben", "party": ["Knight"], "reward_area": ["Squire", "Witch"]},
        ],
    )
    scores = final_scores(state)
    assert [r["total"] for r in scores["players"]] == [2, 2]
    assert scores["decided_by"] == "tie" and scores["winners"] == ["Ann", "Ben"]
    assert {n.rule for n in scores["unchecked"]} >= {R.FULL_TIE, R.BONUS_SCORE}
    assert all(not n.message.startswith("theseus.") for n in scores["unchecked"])


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
    again = ENGINE.load_state(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again.model_dump() == state.model_dump()


def test_every_citable_rule_is_covered_by_a_scenario():
    cited = set()
    for path in SCENARIOS:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        cited.update(case.get("rules", []), case.get("status", []))
    assert sorted(ENGINE.declaration.plays.rule_ids - cited) == []


def test_rule_ids_are_written_only_in_rule_ids_py():
    # every rule id is a constant of `R`: no module of the package spells one out
    rule_id = re.compile(r"(?<![\w./-])theseus\.(?!md\b|py\b)")
    found = []
    for path in sorted((ROOT / "engine" / "theseus").glob("*.py")):
        if path.name == "rule_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and rule_id.search(node.value):
                found.append(f"{path.name}:{node.lineno}: {node.value[:60]!r}")
    assert found == []
    assert R.SAME_NAME in ENGINE.declaration.plays.rule_ids and ENGINE.declaration.plays.rule_ids <= RULE_IDS


def test_notation_and_docs_show_the_moves():
    doc = (ROOT / "docs" / "moves-theseus.md").read_text(encoding="utf-8")
    for example in ["use Knight explore Paladin", "basic recruit Witch", "exile party Mage", "end"]:
        assert example in NOTATION
        assert example in doc
    block = re.search(r"```toml[^\n]*\n(.*?)```", doc, re.S).group(1)
    state = ENGINE.load_state(tomllib.loads(block), "docs example")  # the file as written, not nested
    assert ENGINE.declaration.status(state) == []


# ---------------------------------------------------------------- play-along (issue 7)


def test_to_act_with_turn_and_the_turn_rule():
    state = table()
    assert ENGINE.turns.to_act(state) == "Ann" and ENGINE.declaration.turns.rule == "theseus.setup.clockwise"
    assert ENGINE.declaration.turns.rule in ENGINE.declaration.plays.rule_ids
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    ben = ENGINE.turns.with_turn(state, "Ben")
    assert ben.active == "Ben" and ben.used == () and ben.basic_action is None
    assert ENGINE.turns.with_turn(state, "Ann") is state
    over = table(game_over=True, active_rank=6, board=[], decks={"6": 0})
    assert ENGINE.turns.to_act(over) is None and ENGINE.views.moves_note(over) == "the game is over"


def test_overruled_apply_plays_the_move_out_as_far_as_it_goes():
    state = table()
    move = ENGINE.plays.parse_move("use Mage recruit Witch", state)  # Witch is on the Board, not in the Hand
    assert not ENGINE.check(state, move).legal
    with pytest.raises(IllegalMove):
        ENGINE.plays.apply(state, move)
    new = ENGINE.plays.apply(state, move, overruled=True)
    assert new.players[0].party == ("Knight", "Mage", "Rogue", "Witch") and new.used == ("Mage",)
    # a turn ended with an over-full Hand: the table says so, the turn passes
    full = table(players=[{"name": "Ann", "party": ["Knight"], "hand": ["Squire"] * 5},
                          {"name": "Ben", "party": ["Knight"]}])
    assert ENGINE.plays.apply(full, Move(action="end"), overruled=True).active == "Ben"
    over = table(game_over=True, active_rank=6, board=[], decks={"6": 0})
    assert ENGINE.plays.apply(over, Move(action="end"), overruled=True) == over


def test_a_hidden_hand_is_checked_for_everything_but_possession():
    state = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": 2},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Mage recruit Witch", state))
    assert verdict.legal and any(u.rule == R.RECRUIT and u.message.startswith("possession: Ann's Hand")
                                 for u in verdict.unchecked)
    new = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Mage recruit Witch", state))
    assert new.players[0].hand == 1 and new.players[0].party[-1] == "Witch"
    new = ENGINE.plays.apply(new, ENGINE.plays.parse_move("use Knight explore Paladin", new))
    assert new.players[0].hand == 2  # the Explored card joins the count
    # what cannot be taken on trust: a card from an empty Hand
    empty = state.model_copy(update={"players": (state.players[0].model_copy(update={"hand": 0}), state.players[1])})
    verdict = ENGINE.check(empty, ENGINE.plays.parse_move("basic subjugate Witch", empty))
    assert not verdict.legal and verdict.reasons[0].rule == "theseus.icons.subjugate.hand-to-reward"
    assert "not known" in ENGINE.views.moves_note(state)
    assert "not recorded" in ENGINE.views.moves_note(table(board=[]))
    assert all(m.icon != "recruit" or not m.targets for m in ENGINE.plays.legal_moves(state))


def test_a_hidden_hand_cannot_hold_a_card_the_board_has_not_shown_yet():
    """Issue 20, item 1. Cards reach a Hand only off the Board, and the Board shows cards of the
    active Rank Deck and the Ranks before it (Refilling the Board; Advancing the Rank Deck): at Rank 3
    no Hand can hold a Rank 6 card, whether the table knows the Hand or not. Trust covers which of
    the possible cards a hidden Hand holds, not a card that cannot be in play yet."""
    dragon = {"name": "Dragon", "rank": 6, "icon": "explore", "effect": "none"}
    hydra = {"name": "Hydra", "rank": 3, "icon": "explore", "effect": "none"}
    state = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"]},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"], "hand": 3}],
                  active="Ben", active_rank=3, board=["Hydra"] * 4, decks={"3": 4, "4": 4, "5": 4, "6": 4},
                  cards=[*KNOWN, dragon, hydra])
    assert ENGINE.declaration.status(state) == []
    for text in ("use Mage recruit Dragon", "use Rogue subjugate Dragon", "basic recruit Dragon"):
        verdict = ENGINE.check(state, ENGINE.plays.parse_move(text, state))
        assert not verdict.legal, text
        assert [r.rule for r in verdict.reasons] == ["theseus.advance.rank-order"], text
        assert "Rank 6" in verdict.reasons[0].message and "active Rank is 3" in verdict.reasons[0].message
        # the alternatives take nothing from the hidden Hand by name
        assert all("Dragon" not in a for a in verdict.alternatives)
    # a card of the active Rank or below is still taken on trust, and the table stays possible
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Mage recruit Hydra", state))
    assert verdict.legal and any(u.message.startswith("possession: Ben's Hand") for u in verdict.unchecked)
    assert ENGINE.declaration.status(ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Mage recruit Hydra", state))) == []
    # Exiling it from an over-full hidden Hand is refused for the same reason
    full = state.model_copy(update={"players": (state.players[0], state.players[1].model_copy(update={"hand": 5}))})
    verdict = ENGINE.check(full, ENGINE.plays.parse_move("exile hand Dragon", full))
    assert not verdict.legal and verdict.reasons[0].rule == "theseus.advance.rank-order"


def test_a_card_used_on_a_hidden_hand_that_is_not_empty_must_name_its_target():
    """Using a card performs its Icon Ability first (Taking a Turn): with cards in the Hand, Recruit and
    Subjugate have something to act on, whether the table knows those cards or not. A hidden Hand
    is not an empty one, so `use Mage recruit` naming nothing is refused as it is for a known Hand,
    and `moves` does not list it."""
    state = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": 2},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}])
    known = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": ["Witch", "Buster"]},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}])
    for s in (state, known):
        verdict = ENGINE.check(s, ENGINE.plays.parse_move("use Mage recruit", s))
        assert not verdict.legal and verdict.reasons[0].rule == "theseus.icons.recruit.hand-to-party"
    assert "2 cards" in ENGINE.check(state, ENGINE.plays.parse_move("use Mage recruit", state)).reasons[0].message
    assert all(m.targets or m.icon == "explore" or m.action == "end" for m in ENGINE.plays.legal_moves(state))
    # an empty hidden Hand: nothing to act on, used for its effect alone (noted as a reading)
    empty = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": 0},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}])
    assert ENGINE.check(empty, ENGINE.plays.parse_move("use Mage recruit", empty)).legal


def test_the_hands_deadline_is_named_as_a_reading():
    """Party and Hand Limits: the cut to 4 follows the ability's resolution, and the Party must be
    back to 4 before another card is used or the turn ends. The Hand's deadline is not spelled out:
    a refusal that rests on it names the reading."""
    state = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": ["Squire"] * 5},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}], used=["Knight"])
    for text in ("use Mage recruit Squire", "end"):
        verdict = ENGINE.check(state, ENGINE.plays.parse_move(text, state))
        assert not verdict.legal and verdict.reasons[0].rule == "theseus.limits.exile-down"
        assert any(u.rule == R.EXILE_DOWN and u.message.startswith("reading: the Hand is read as") for u in verdict.unchecked)
    party = table(players=[{"name": "Ann", "party": ["Knight", "Mage", "Rogue", "Squire", "Squire"]},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}], used=["Knight"])
    verdict = ENGINE.check(party, ENGINE.plays.parse_move("end", party))
    assert not verdict.legal and not any("read as" in u.message for u in verdict.unchecked)  # the Party's is a rule


def test_advancing_when_the_deck_empties_is_named_as_a_reading():
    """Refilling the Board (a deck that runs out during the refill advances the Rank) against Advancing
    the Rank Deck (it advances when it becomes empty): the engine advances the moment the last card is
    revealed, so that card is on the Board when the Bonuses are placed; the verdict says so."""
    state = table(decks={"1": ["Squire"], "2": 4, "3": 4, "4": 4, "5": 4, "6": 4})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert verdict.legal and "advance" in {e.kind for e in verdict.effects}
    assert any(u.rule == R.DECK_RUNS_OUT for u in verdict.unchecked)
    state = table()  # two Squires left: this refill does not empty the deck
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Paladin", state))
    assert not any(u.rule == R.DECK_RUNS_OUT for u in verdict.unchecked)


def _advance_in_refill(bonus: int):
    """Rank 2, the deck's last card (Archer) revealed by the refill an Explore starts; two Rank 1 cards
    on the Board carry `bonus` Bonuses each."""
    cards = [*KNOWN, {"name": "Archer", "rank": 2}, {"name": "Cleric", "rank": 2}, {"name": "Monk", "rank": 2}]
    state = table(active_rank=2, cards=cards, decks={"1": 0, "2": ["Archer"], "3": 4, "4": 4, "5": 4, "6": 4},
                  board=[{"name": "Paladin", "bonus": bonus}, {"name": "Witch", "bonus": bonus}, "Cleric", "Monk"])
    return ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Monk", state))


def test_the_advance_in_a_refill_is_said_as_the_readings_it_rests_on():
    """Sections 9-11 say neither when a deck that runs out during a refill counts as empty nor in what
    order the expiring Bonus cards go, the new Bonuses come and the refill ends (refill.deck-runs-out).
    Both are readings: the moment is said whenever the last reveal advances the Rank, the order where
    Bonus cards are Exiled at that advance (the spaces they leave are refilled from the new deck)."""
    from engine.theseus.table import ADVANCE_AT_LAST_REVEAL, ADVANCE_ORDER

    for reading in (ADVANCE_AT_LAST_REVEAL, ADVANCE_ORDER):
        assert reading.rule == R.DECK_RUNS_OUT and reading.message.startswith("reading: ")
    verdict = _advance_in_refill(bonus=1)
    assert verdict.legal and "expire" in {e.kind for e in verdict.effects}, verdict.as_json()
    assert ADVANCE_AT_LAST_REVEAL in verdict.unchecked and ADVANCE_ORDER in verdict.unchecked
    verdict = _advance_in_refill(bonus=0)  # nothing Exiled: the order decides nothing
    assert verdict.legal and ADVANCE_AT_LAST_REVEAL in verdict.unchecked and ADVANCE_ORDER not in verdict.unchecked


# ---------------------------------------------------------------- structured results (issue 22)


@pytest.mark.parametrize("over, move", [
    ({"cards": []}, "use Knight explore Paladin"),  # icon and effect unknown
    ({"decks": {"1": 3, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4}}, "use Knight explore Paladin"),  # unnamed reveal
    ({"decks": {"1": "unknown", "2": 4, "3": 4, "4": 4, "5": 4, "6": 4}}, "use Knight explore Paladin"),
    ({"players": [{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": 2},
                  {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}]}, "use Mage recruit Witch"),
    ({"players": [{"name": "Ann", "party": ["Knight", "Mage", "Rogue"], "hand": 5},
                  {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}]}, "exile hand Witch"),
])
def test_every_unchecked_note_is_a_reason_citing_the_rule_that_leaves_it_open(over, move):
    state = table(**over)
    verdict = ENGINE.check(state, ENGINE.plays.parse_move(move, state))
    assert verdict.unchecked
    for note in verdict.unchecked:
        assert isinstance(note, Reason) and note.rule in ENGINE.declaration.plays.rule_ids, note
        assert not note.message.startswith("theseus."), note  # the rule is data, not a prefix of the text


def test_the_final_count_is_data_on_the_effects():
    state = table(active_rank=6, board=[], decks={"6": 0},
                  players=[{"name": "Ann", "party": ["Knight"], "reward_area": ["Squire"], "bonuses": 2},
                           {"name": "Ben", "party": ["Knight"], "reward_area": ["Squire"]}])
    verdict = ENGINE.check(state, Move(action="end"))
    scores = {e.who: e.amount for e in verdict.effects if e.kind == "score"}
    assert scores == {r["player"]: r["total"] for r in final_scores(state)["players"]} == {"Ann": 3, "Ben": 1}
    assert [e.who for e in verdict.effects if e.kind == "winner"] == ["Ann"]
    assert {n.rule for n in verdict.unchecked} >= {R.BONUS_SCORE}


def test_the_package_shows_only_its_face_and_keeps_its_modules_apart():
    # issue 22: the package exports Engine, Tracker and State; no module imports another's private
    # names; no module passes 600 lines
    import engine.theseus as package

    assert sorted(package.__all__) == ["Engine", "GAME", "State", "Tracker"]
    private, long = [], []
    for path in sorted((ROOT / "engine" / "theseus").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 600:
            long.append(path.name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("engine.theseus")):
                private += [f"{path.name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert private == [] and long == []


def test_names_in_another_case_than_the_catalogue_read_back_as_offered():
    """A table that writes catalogue cards in another case (`paladin`, `DARK KNIGHT`): the names read
    as the catalogue spells them, so every play offered instead of a refused one is accepted as typed
    (the notation matched `paladin` to Paladin, which the Board, holding `paladin`, did not have)."""
    state = table(board=["paladin", "WITCH", "dark knight", "Kunoichi"],
                  players=[{"name": "Ann", "party": ["knight", "Mage", "rogue"], "hand": ["buster"]},
                           {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}])
    assert [c.name for c in state.board] == ["Paladin", "Witch", "Dark Knight", "Kunoichi"]
    assert state.player("Ann").party == ("Knight", "Mage", "Rogue") and state.player("Ann").hand == ("Buster",)
    assert ENGINE.declaration.status(state) == []  # nothing named outside the catalogue
    refused = ENGINE.check(state, ENGINE.plays.parse_move("use Rogue subjugate Witch", state))
    assert not refused.legal and refused.alternatives
    for alternative in refused.alternatives:
        assert ENGINE.check(state, ENGINE.plays.parse_move(alternative, state)).legal, alternative
    assert ENGINE.check(state, ENGINE.plays.parse_move("use knight explore PALADIN", state)).legal


def test_an_unclosed_apostrophe_is_refused_naming_the_double_quoted_form_which_reads():
    """`use Knight explore Hero's Cape`: the apostrophe opens a quote that never closes; the one line
    names the form that reads (the name in double quotes), and that form is a legal play."""
    state = table(board=["Hero's Cape", "Witch", "Buster", "Kunoichi"],
                  cards=KNOWN + [{"name": "Hero's Cape", "rank": 1, "icon": "explore", "effect": "none"}])
    with pytest.raises(MoveSyntaxError, match="in double quotes, e.g. use Knight explore \"Hero's Cape\""):
        ENGINE.plays.parse_move("use Knight explore Hero's Cape", state)
    move = ENGINE.plays.parse_move("use Knight explore \"Hero's Cape\"", state)
    assert move.targets == ("Hero's Cape",) and ENGINE.check(state, move).legal
    assert ENGINE.plays.format_move(move) == "use Knight explore \"Hero's Cape\""


def test_the_final_count_says_the_scoring_area_is_a_reading():
    """Section 13: end-game points of a card count in the appropriate active area, which the rulebook does
    not name (tiebreakers.end-game-scoring-area); the final count of the scenario where Ben's Sage scores
    from his Party says it takes the area the card's text names, as a reading."""
    import tomllib
    from pathlib import Path

    from engine.theseus.table import SCORING_AREA_READING

    case = tomllib.loads((Path(__file__).parents[1] / "scenarios/theseus/effect-points-scoring.toml").read_text())
    state = ENGINE.load_state(case["situation"])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("end", state))
    assert verdict.legal and SCORING_AREA_READING in verdict.unchecked, verdict.as_json()
    assert any(e.rule == R.SCORING_AREA for e in verdict.effects)  # what the count did, as before
