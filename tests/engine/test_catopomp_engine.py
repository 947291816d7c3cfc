"""Unit tests of the Catopomp engine: rule ids, setup and next-round dealing, notation, verdicts,
apply, whole games through the public API, and the docs' example situation."""
from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from engine import get_engine
from engine.base import AmbiguousMove, EngineError, MoveSyntaxError, SituationError
from engine.catopomp.model import CAT, MITCH, Move, PLAYER_TABLE, State, deck_counts
from engine.catopomp.rule_ids import RULE_IDS
from engine.catopomp.rules import to_table
from engine.errors import IllegalMove
from engine.catopomp.rules_state import next_round, setup
from tests.engine.catopomp_players import all_cards

ROOT = Path(__file__).resolve().parents[2]
ENGINE = get_engine("catopomp")


def situation(**kw) -> State:
    base = {"turn": "Ava", "centre_dice": [1, 2, 3, 4, 5, 6],
            "players": [{"name": "Ava", "hand": [2, 4, 5, 7]}, {"name": "Bo", "hand": [3, 8]},
                        {"name": "Cy", "hand": [1, 9]}]}
    base.update(kw)
    return ENGINE.load_state(base)


# ------------------------------------------------------------------------------------ rule ids

def _package_sources():
    return {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "engine" / "catopomp").glob("*.py")}


def test_no_rule_id_is_written_as_a_string_outside_rule_ids():
    """Every rule id is a constant of rule_ids.R: a string literal that looks like one (f-string parts
    and docstrings included) anywhere else in the package is refused."""
    import ast

    looks_like_id = re.compile(r"catopomp\.[a-z0-9-]+\.[a-z0-9]")
    found = []
    for name, text in _package_sources().items():
        if name == "rule_ids.py":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and looks_like_id.search(node.value):
                found.append(f"{name}:{node.lineno}: {node.value[:60]!r}")
    assert found == []


def test_rule_ids_are_exactly_those_the_code_cites():
    """RULE_IDS is derived from R, and every constant of R is cited somewhere in the package."""
    from engine.catopomp.rule_ids import R, RULE_IDS

    cited = set()
    for name, text in _package_sources().items():
        cited |= set(re.findall(r"\bR\.([A-Z0-9_]+)", text))
    constants = {k: v for k, v in vars(R).items() if not k.startswith("_")}
    by_prediction = set(R.SCORE_BY_PREDICTION)
    uncited = [k for k, v in constants.items() if k not in cited and v not in by_prediction]
    assert uncited == []
    assert RULE_IDS == {v for v in constants.values() if isinstance(v, str)}
    assert by_prediction <= RULE_IDS
    assert ENGINE.declaration.plays.rule_ids == RULE_IDS


def test_the_package_has_the_shared_layout():
    """One game, one package (DESIGN.md): the package exports Engine, Tracker and State only, its modules
    import each other in no circle and take no private name from one another, none passes 600 lines,
    and the random players for simulations live under tests/ (measured as benchmarks/code_shape.py does)."""
    import importlib.util

    import engine.catopomp as package

    spec = importlib.util.spec_from_file_location("code_shape", ROOT / "benchmarks" / "code_shape.py")
    shape = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shape)
    assert sorted(package.__all__) == ["Engine", "GAME", "State", "Tracker"]
    found = {m: p for m, p in shape.modules().items() if m.startswith("engine.catopomp")}
    graph, private = shape.imports(shape.modules())
    ours = {m: {d for d in graph[m] if d in found} for m in found}
    assert shape.circles(ours) == []
    assert [p for p in private if p[0] in found or p[1] in found] == []
    assert {p.name: shape.lines(p) for p in found.values() if shape.lines(p) > 600} == {}
    assert {p.name for p in found.values()} >= {"model.py", "notation.py", "notation_track.py", "table.py", "rules.py",
                                                "track.py", "status.py", "rule_ids.py"}
    assert "simulate.py" not in {p.name for p in found.values()}


def test_every_rule_id_exists_in_rulesdb():
    from rulesdb.reference import reference

    ref = reference()
    assert sorted(set(RULE_IDS) - set(ref.rules) - set(ref.sections)) == []


def test_schema_and_notation():
    schema = ENGINE.State.model_json_schema()
    assert "players" in schema["properties"]
    assert "heaven 4 5 then hell 2" in ENGINE.declaration.plays.help


# ------------------------------------------------------------------------------------ setup

@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("catleton,mitch", [(False, False), (True, False), (False, True), (True, True)])
def test_setup_deals_the_table_for_each_player_count(n, catleton, mitch):
    names = ["Ann", "Ben", "Cat", "Dan"][:n]
    state = setup(names, {"catleton": catleton, "mitch": mitch}, random.Random(n))
    top, copies, per, aside = PLAYER_TABLE[n]
    assert [len(p.hand) for p in state.players] == [per] * n
    assert len(state.set_aside) == aside + n * (catleton + mitch)
    assert len(state.centre_dice) == 2 * n and all(1 <= d <= 6 for d in state.centre_dice)
    assert all(p.gems == 2 and not p.hell_domain and p.reserve_die is None for p in state.players)
    assert state.winning_set is None and state.discard_pile == () and state.phase == "play"
    t = to_table(state)
    assert all_cards(t) == deck_counts(n, t.opts)
    assert max(c for p in state.players for c in p.hand if isinstance(c, int)) <= top
    assert ENGINE.declaration.status(state) == []


def test_setup_starting_player_and_predictions():
    seen = {setup(["A", "B", "C"], None, random.Random(s)).turn for s in range(30)}
    assert seen == {"A", "B", "C"}  # random first player
    state = setup(["A", "B", "C"], {"competitive": True}, random.Random(1), first="B",
                  predictions={"A": 1, "B": 4, "C": 2})
    assert state.turn == "B"
    assert [p.prediction for p in state.players] == [1, 4, 2]


def test_setup_refuses_impossible_games():
    with pytest.raises(ValueError):
        setup(["A", "B", "C", "D", "E"])
    with pytest.raises(ValueError):
        setup(["A", "B"], {"competitive": True})
    with pytest.raises(ValueError):
        setup(["A", "a"])


def _play_round(state: State, rng: random.Random) -> State:
    while state.phase == "play":
        state = ENGINE.plays.apply(state, rng.choice(ENGINE.plays.legal_moves(state)))
    return state


def test_next_round_setup():
    rng = random.Random(4)
    state = setup(["Ann", "Ben", "Cat", "Dan"], {"competitive": True}, rng)
    state = _play_round(state, rng)
    assert state.phase == "round-over"
    loser = state.loser
    assert [p.gems for p in state.players].count(1) == 1
    nxt = next_round(state, rng, reserve_dice={loser: 5}, predictions=[1, 2, 3, 4])
    assert nxt.turn == loser  # the player who ended last starts
    assert len(nxt.centre_dice) == 7  # one fewer than the 8 of the first round
    assert [p.reserve_die for p in nxt.players if p.name == loser] == [5]
    assert all(p.reserve_die is None for p in nxt.players if p.name != loser)
    assert [p.points for p in nxt.players] == [p.points for p in state.players]
    assert [p.prediction for p in nxt.players] == [1, 2, 3, 4]
    assert all(not p.hell_domain and not p.used_dice for p in nxt.players)
    assert ENGINE.declaration.status(nxt) == []
    with pytest.raises(ValueError):
        next_round(nxt, rng)


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_through_the_public_api(seed):
    rng = random.Random(seed)
    n = 2 + seed % 3
    opts = {"passing": "casual" if seed % 2 else "main", "hell_power": True, "catleton": seed % 3 == 0,
            "mitch": seed % 3 == 1, "competitive": n > 2}
    state = setup([f"P{i}" for i in range(n)], opts, rng)
    rounds = 0
    while True:
        assert ENGINE.declaration.status(state) == []
        state = _play_round(state, rng)
        rounds += 1
        assert ENGINE.declaration.status(state) == []
        if state.phase == "game-over":
            break
        state = next_round(state, rng)
    assert 2 <= rounds <= n + 1
    assert [p.gems for p in state.players].count(0) == 1
    assert ENGINE.plays.legal_moves(state) == []


# ------------------------------------------------------------------------------------ notation

@pytest.mark.parametrize("text,expected", [
    ("heaven 4 5 then hell 2", "heaven 4 5 then hell 2"),
    ("hand 5, 4 place 2", "heaven 4 5 then hell 2"),
    ("4 5 hell 2", "heaven 4 5 then hell 2"),
    ("HEAVEN 4 DICE 1 + 2 THEN HELL 7", "heaven 4 dice 1+2 then hell 7"),
    ("heaven 4 die r1 then hell 7", "heaven 4 dice 1 then hell 7"),
    ("play heaven 7 then hell 2", "heaven 7 then hell 2"),
    ("heaven 4 5 + dice 6 then hell 2", "heaven 4 5 dice 6 then hell 2"),
    ("heaven 4 5 +dice 3 + 3 hell 2", "heaven 4 5 dice 3+3 then hell 2"),
])
def test_parse_spellings(text, expected):
    state = situation()
    assert ENGINE.plays.format_move(ENGINE.plays.parse_move(text, state)) == expected


def test_parse_expansion_and_hell_power_spellings():
    state = ENGINE.load_state({
        "turn": "Ava", "centre_dice": [1, 2, 3, 4, 5, 6], "options": {"catleton": True, "mitch": True,
                                                                     "hell_power": True},
        "players": [{"name": "Ava", "hand": ["cat-leton", 1, 3, "Mdm Mitch"], "hell_domain": [2, 6, 7, 8]},
                    {"name": "Bo Peep", "hand": [3, 8], "hell_domain": [9]}, {"name": "Cy", "hand": [1, 9]}]})
    m = ENGINE.plays.parse_move("heaven 1 3 catleton swap 2 then hell mitch", state)
    assert m == Move("play", "heaven", (CAT, 1, 3), (), (2,), MITCH)
    m = ENGINE.plays.parse_move("hell 6 7 8 then return bo peep 9", state)
    assert m.hell_return == ("Bo Peep", 9)
    assert ENGINE.plays.format_move(m) == "hell 6 7 8 then return Bo Peep 9"
    assert ENGINE.plays.parse_move("hell 6 7 8 return 9", state).hell_return == ("Bo Peep", 9)
    assert ENGINE.check(state, m).legal


@pytest.mark.parametrize("text", ["", "heaven", "heaven 4 dice", "heaven 4 dice x", "heaven 12", "pass 4",
                                  "pass then transfer", "heaven 4 swap", "then hell 2", "heaven 4 then hell",
                                  "heaven 4 transfer 2", "heaven 4 then return", "4 heaven 5"])
def test_syntax_errors_name_the_problem(text):
    with pytest.raises(MoveSyntaxError) as err:
        ENGINE.plays.parse_move(text, situation())
    assert str(err.value)


def test_ambiguous_source_lists_candidates():
    state = situation(players=[{"name": "Ava", "hand": [5, 5, 1], "hell_domain": [5, 5]},
                               {"name": "Bo", "hand": [3, 8]}, {"name": "Cy", "hand": [1, 9]}])
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.plays.parse_move("5 5", state)
    assert set(err.value.candidates) == {"heaven 5 5", "hell 5 5"}
    # a placement only follows a Heaven play, so it settles the source
    assert ENGINE.plays.parse_move("5 5 then hell 1", state).source == "heaven"


# ------------------------------------------------------------------------------------ verdicts, apply

def test_illegal_verdict_has_reasons_and_at_most_ten_alternatives():
    state = situation()
    v = ENGINE.check(state, ENGINE.plays.parse_move("heaven 4 5", state))
    assert not v.legal and v.reasons and 0 < len(v.alternatives) <= 10
    assert v.alternatives[0].startswith("heaven 4 5 then hell")
    for alt in v.alternatives:
        assert ENGINE.check(state, ENGINE.plays.parse_move(alt, state)).legal


def test_apply_refuses_illegal_moves_and_never_mutates():
    state = situation()
    before = state.model_dump()
    with pytest.raises(IllegalMove) as err:
        ENGINE.plays.apply(state, ENGINE.plays.parse_move("heaven 4 5", state))
    assert isinstance(err.value, EngineError) and not err.value.verdict.legal
    after = ENGINE.plays.apply(state, ENGINE.plays.parse_move("heaven 4 5 then hell 2", state))
    assert state.model_dump() == before
    ava = after.players[0]
    assert ava.hand == (7,) and ava.hell_domain == (2,)
    assert after.winning_set.owner == "Ava" and after.winning_set.heaven == (4, 5)
    assert after.turn == "Bo"


def test_legal_verdict_effects_cite_rules():
    state = situation()
    v = ENGINE.check(state, ENGINE.plays.parse_move("heaven 4 5 then hell 2", state))
    assert v.legal
    assert all(e.rule in RULE_IDS for e in v.effects)
    assert {"winning-set", "place-in-hell-domain", "next-turn"} <= {e.kind for e in v.effects}


def test_dice_go_to_the_used_dice_card_when_the_set_is_beaten():
    state = situation()
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("heaven 4 5 dice 6 then hell 2", state))
    assert state.winning_set.dice == (6,) and 6 not in state.centre_dice
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("pass", state))  # Bo
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("pass", state))  # Cy: the initiative is back with Ava
    assert state.turn == "Ava" and state.winning_set is None
    assert state.players[0].used_dice == (6,)
    assert not ENGINE.check(state, ENGINE.plays.parse_move("heaven 7 dice 1", state)).legal


def test_situation_errors_name_the_field():
    with pytest.raises(SituationError, match="turn"):
        ENGINE.load_state({"turn": "Zed", "players": [{"name": "A"}, {"name": "B"}]})
    with pytest.raises(SituationError, match="hand"):
        ENGINE.load_state({"turn": "A", "players": [{"name": "A", "hand": [0]}, {"name": "B"}]})


# ------------------------------------------------------------------------------------ docs

def test_docs_example_situation_and_moves():
    text = (ROOT / "docs" / "moves-catopomp.md").read_text(encoding="utf-8")
    block = re.search(r"```toml[^\n]*\n(.*?)```", text, re.S).group(1)
    state = ENGINE.load_state(tomllib.loads(block))
    assert ENGINE.declaration.status(state) == []
    for move, legal in re.findall(r"^\| `([^`]+)` \| (legal|illegal)", text, re.M):
        v = ENGINE.check(state, ENGINE.plays.parse_move(move, state))
        assert v.legal is (legal == "legal"), (move, v.as_json())


# ------------------------------------------------------------------------------------ hidden hands (issue 20, item 11)

def _hidden_ben(**kw) -> State:
    """Three players (deck: 1-9, four copies each); Ben to act with a hand the table has not seen."""
    base = {"turn": "Ben", "centre_dice": [1, 2, 3, 4, 5, 6],
            "players": [{"name": "Ann", "hand": [1, 1, 3], "hell_domain": [9]},
                        {"name": "Ben", "hand": 6, "hell_domain": [4, 5]},
                        {"name": "Cy", "hand": 5}]}
    base.update(kw)
    return ENGINE.load_state(base)


def test_a_hidden_hand_is_never_quoted_in_a_reason():
    """Players keep their cards secret (Setup): for a hand the table has not seen, a verdict may say
    what the Hell Domain holds, never what the hand holds. The engine lays stand-in cards into such a
    hand (the lowest unseen: 2s here) only to run the rules on a whole table."""
    state = _hidden_ben()
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("hell 2 4", state))
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons][0] == "catopomp.hell.play-from-hell-domain"
    assert "Ben's Hell Domain holds no 2" in verdict.reasons[0].message
    assert not any("hand" in r.message for r in verdict.reasons)


def test_alternatives_for_a_hidden_hand_take_nothing_from_it():
    """A "legal instead" line built from stand-in cards would offer plays Ben may not have: only the
    plays that take nothing from the hand (Hell plays; passes) can be offered."""
    state = _hidden_ben(winning_set={"owner": "Ann", "heaven": [6, 7]})
    for text in ("hell 4", "heaven 2 then hell 2", "heaven 7 then hell 2"):
        verdict = ENGINE.check(state, ENGINE.plays.parse_move(text, state))
        assert not verdict.legal, text
        assert verdict.alternatives, text
        for alt in verdict.alternatives:
            assert alt.startswith(("hell ", "pass")), (text, alt)
            assert ENGINE.check(state, ENGINE.plays.parse_move(alt, state)).legal, (text, alt)


def test_a_number_outside_the_deck_cites_the_deck_table():
    """Setup table: with three players the deck holds the numbers 1-9 only. A 10 from a hidden hand is
    refused because no 10 is in the game, not because "every copy is in sight"."""
    state = _hidden_ben()
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 10 then hell 2", state))
    assert not verdict.legal
    assert verdict.reasons[0].rule == "catopomp.setup.numbers-included"
    assert "1-9" in verdict.reasons[0].message and "in sight" not in verdict.reasons[0].message
    assert not any("taken on trust" in u.message for u in verdict.unchecked)  # nothing is, for a card that cannot exist
    assert ENGINE.declaration.status(state) == []  # status agrees: nothing impossible on the table itself
    assert "catopomp.setup.numbers-included" in {r.rule for r in ENGINE.declaration.status(_hidden_ben(
        players=[{"name": "Ann", "hand": [10, 1, 3], "hell_domain": [9]}, {"name": "Ben", "hand": 6},
                 {"name": "Cy", "hand": 5}]))}
    # an expansion card of an expansion not in use: the expansion's set-up rule
    verdict = ENGINE.check(state, Move("play", "heaven", (CAT,), place=2))
    assert verdict.reasons[0].rule == "catopomp.expansion.cat-leton.setup"


def test_card_counting_states_copies_needed_against_copies_that_can_be_hidden():
    """Four copies of each number with three players: with two 9s in sight, at most two can be in
    Ben's hand, so three 9s from it are impossible, and the reason says exactly that."""
    state = _hidden_ben(players=[{"name": "Ann", "hand": [1, 1, 3], "hell_domain": [9, 9]},
                                 {"name": "Ben", "hand": 6}, {"name": "Cy", "hand": 5}])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 9 9 9 then hell 2", state))
    assert not verdict.legal
    msg = verdict.reasons[0].message
    assert verdict.reasons[0].rule == "catopomp.setup.copies-per-number"
    assert "3 x 9" in msg and "4 copies" in msg and "2 are in sight" in msg and "at most 2" in msg
    assert "every copy" not in msg and "all 4" not in msg
    # two 9s are still possible: taken on trust
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 9 9 then hell 2", state))
    assert verdict.legal and any(u.rule == "catopomp.setup.deal" and "taken on trust" in u.message for u in verdict.unchecked)
    # all four in sight: then it is every copy (Ann's recorded hand is her secret: it never counts here)
    state = _hidden_ben(players=[{"name": "Ann", "hand": [1, 9, 3], "hell_domain": [9, 9, 9]},
                                 {"name": "Ben", "hand": 6}, {"name": "Cy", "hand": 5}])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 9 then hell 2", state))
    assert verdict.legal and not any("in sight" in r.message for r in verdict.reasons)
    state = _hidden_ben(players=[{"name": "Ann", "hand": [1, 2, 3], "hell_domain": [9, 9, 9, 9]},
                                 {"name": "Ben", "hand": 6}, {"name": "Cy", "hand": 5}])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 9 then hell 2", state))
    assert "all 4 copies of 9 are already in sight" in verdict.reasons[0].message


def test_status_never_reports_stand_in_cards_of_a_hidden_hand():
    """More hidden cards than the deck has left is an impossible card total; status says so with the
    count, not by naming cards it laid into the hidden hands itself (e.g. "5 x 1")."""
    state = _hidden_ben(players=[{"name": "Ann", "hand": [1, 1, 3], "hell_domain": [9]},
                                 {"name": "Ben", "hand": 30}, {"name": "Cy", "hand": 5}])
    rules = [r.rule for r in ENGINE.declaration.status(state)]
    assert "catopomp.setup.total-cards" in rules
    assert "catopomp.setup.copies-per-number" not in rules


def test_a_play_during_set_up_cites_what_the_set_up_still_lacks():
    """Round 1 starts with a player drawn at random (Setup), then the centre dice are rolled; a later
    round's loser starts and its one-gem players set their reserve dice (5.). A play before that cites
    the missing step's rule, not the later-round starting player."""
    from engine.catopomp import Tracker

    tracker = Tracker()
    s = tracker.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {})
    move = Move("pass")
    assert ENGINE.check(s, move).reasons[0].rule == "catopomp.setup.first-player"
    s, _ = tracker.apply(s, tracker.parse(s, ["first", "ann"]))
    assert ENGINE.check(s, move).reasons[0].rule == "catopomp.setup.centre-dice"
    s, _ = tracker.apply(s, tracker.parse(s, ["lost", "cy"]))
    assert s.round == 2
    assert ENGINE.check(s, move).reasons[0].rule == "catopomp.new-round.fewer-centre-dice"
    s, _ = tracker.apply(s, tracker.parse(s, ["dice", "1", "2", "3", "4", "5"]))
    assert ENGINE.check(s, move).reasons[0].rule == "catopomp.reserve-die.choose-number"


def test_card_counting_counts_set_aside_cards_the_table_knows():
    """The cards set aside at the deal are out of every hand (Setup). When a situation lists them,
    they are in sight for card counting: with a 5 set aside, one discarded and one in his Hell Domain, one 5 at most is left
    for Ben's hidden hand (found by the referee property over whole games)."""
    state = _hidden_ben(set_aside=[5, 1, 2, 3, 4, 6], discard_pile=[5])  # and a 5 in his Hell Domain
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 5 then hell 5", state))
    assert not verdict.legal and verdict.reasons[0].rule == "catopomp.setup.copies-per-number"
    assert "at most 1" in verdict.reasons[0].message
    assert ENGINE.check(state, ENGINE.plays.parse_move("heaven 5 then hell 6", state)).legal


# ------------------------------------------------------------------------------------ readings made visible (issue 20)

def test_a_clear_on_another_players_pass_states_which_set_is_read_as_the_last():
    """Competitive Variant: a player who clears compares their prediction with the cards of their last
    set. Ava clears by handing over her last Hell card on Bo's pass, on Bo's turn; which set counts is
    not covered, so the verdict names the reading it scores by (her winning set)."""
    state = ENGINE.load_state({
        "turn": "Bo", "centre_dice": [1, 2, 3, 4, 5, 6], "options": {"competitive": True},
        "winning_set": {"owner": "Ava", "heaven": [7, 7]},
        "players": [{"name": "Ava", "hand": [], "hell_domain": [4], "prediction": 2},
                    {"name": "Bo", "hand": [2, 8], "prediction": 2}, {"name": "Cy", "hand": [6, 9], "prediction": 1}]})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("pass then transfer 4", state))
    assert verdict.legal
    assert any(u.rule == "catopomp.competitive.reveal" and "read as" in u.message for u in verdict.unchecked)
    # an ordinary clear by a play of one's own needs no reading
    state = state.model_copy(update={"turn": "Ava", "winning_set": None})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("hell 4", state))
    assert verdict.legal and not any("read as" in u.message for u in verdict.unchecked)


def test_points_are_recorded_from_the_score_effect_data_not_its_wording():
    """Competitive Variant: a player who clears scores by their prediction (1 predicted, 1 card played:
    4 points). The points kept for the round come from the effect's data (who, amount): a player whose
    name holds the word "scores" once broke the reading of the message ("Top scores scores 4 points")."""
    state = ENGINE.load_state({
        "turn": "Top scores", "centre_dice": [1, 2, 3, 4, 5, 6], "options": {"competitive": True},
        "players": [{"name": "Top scores", "hand": [5], "prediction": 1},
                    {"name": "Bo", "hand": [2, 8], "prediction": 2}, {"name": "Cy", "hand": [6, 9], "prediction": 1}]})
    move = ENGINE.plays.parse_move("heaven 5", state)
    score = [e for e in ENGINE.check(state, move).effects if e.kind == "score"]
    assert [(e.who, e.amount, e.rule) for e in score] == [("Top scores", 4, "catopomp.competitive.score-prediction-1")]
    after = ENGINE.plays.apply(state, move)
    assert [(c.name, c.last_set, c.points) for c in after.cleared] == [("Top scores", 1, 4)]
    assert after.players[0].points == 4


def test_hell_cards_swapped_in_for_cat_letons_state_the_hell_power_reading():
    """Hell power: three or more Hell cards played wake it. Cat-leton: swapped-in Hell cards replace
    him in a play from hand. Whether three swapped-in Hell cards wake the power is said by neither:
    the verdict names the reading (they do not)."""
    state = ENGINE.load_state({
        "turn": "Ava", "centre_dice": [1, 2, 3, 4, 5, 6], "options": {"catleton": True, "hell_power": True},
        "players": [{"name": "Ava", "hand": ["C", "C", "C", 9], "hell_domain": [2, 3, 4]},
                    {"name": "Bo", "hand": [5, 8]}, {"name": "Cy", "hand": [6, 9]}]})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven C C C swap 2 3 4 then hell 9", state))
    assert verdict.legal
    assert any(u.rule == "catopomp.hell-power.trigger" for u in verdict.unchecked)


def test_the_expansion_deal_is_named_as_a_reading_in_status():
    """The expansions shuffle extra cards in and deal as usual, without saying whether hands grow or
    more cards are set aside: a set-aside count found wrong says which reading it was measured by."""
    state = situation(options={"catleton": True}, set_aside=[1, 2, 3, 4])
    found = [r for r in ENGINE.declaration.status(state) if r.rule == "catopomp.setup.cards-set-aside"]
    assert found and "read so" in found[0].message


def test_a_move_of_a_hidden_hand_is_read_without_its_stand_in_cards():
    """The source may be left out only when the cards can come from one place (move notation): Ben's
    hand is unseen, so 4 5 could come from it or from his Hell Domain, and the reading does not depend
    on which cards the engine laid into his hand (the lowest unseen: 1s and 2s)."""
    state = _hidden_ben()
    for text in ("4 5", "4"):
        with pytest.raises(AmbiguousMove) as err:
            ENGINE.plays.parse_move(text, state)
        assert any(c.startswith("heaven") for c in err.value.candidates), text
        assert any(c.startswith("hell") for c in err.value.candidates), text
    # a card no hand can hold any more is read from the Hell Domain
    state = _hidden_ben(players=[{"name": "Ann", "hand": [1, 1, 3], "hell_domain": [5, 5, 5]},
                                 {"name": "Ben", "hand": 6, "hell_domain": [4, 5]}, {"name": "Cy", "hand": 5}])
    assert ENGINE.plays.format_move(ENGINE.plays.parse_move("4 5", state)) == "hell 4 5"
