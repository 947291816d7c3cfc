"""The CATastrophe table tracker (engine/catastrophe/): every rule, refusal, effect and variant."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.catastrophe import State, Tracker
from engine.tracking import Change, OptionError
from tests.conftest import examples
from tests.engine.driver import Driver, kinds, rules_of

T = Tracker()
G = "catastrophe."
ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- helpers


def new(players=("Ann", "Ben", "Cy"), **options):
    return T.declaration.verbs.new_state(list(players), {k: str(v) for k, v in options.items()})


DRIVE = Driver(T)
do, refused, overrule = DRIVE.do, DRIVE.refused, DRIVE.overrule


def player(state, name):
    return state.players[state.index(name)]


def lives(state):
    return {p.name: p.lives for p in state.players}


def with_lives(state, **spaces):
    """Put tokens on given spaces (a correction typed at the table: `lives ann =5`)."""
    for name, n in spaces.items():
        state, _ = T.apply(state, Change(verb="lives", args=(name.capitalize(), f"={n}")))
    return state


def yarn_total(state):
    return state.yarn_sanctuary + sum(p.yarn_balls for p in state.players)


# ---------------------------------------------------------------- the contract


def test_rule_ids_exist_in_the_reference():
    from rulesdb.reference import reference

    ref = reference()
    missing = [r for r in T.declaration.verbs.rule_ids if r not in ref.rules and r not in ref.sections]
    assert not missing
    assert T.game == "catastrophe"


def test_every_cited_rule_is_declared():
    state = new()
    seen = set()
    for words in (["lives", "ann", "+3"], ["lives", "ann", "-9"], ["reapurr", "+2"], ["yarn", "ben", "+40"],
                  ["hand", "ben", "=9"], ["power-cats", "ben", "+5"], ["next"], ["next-phase"], ["phase", "catastrophe"]):
        c = T.parse(state, words)
        v = T.check(state, c)
        _, effects = T.apply(state, c)
        seen |= {r.rule for r in v.reasons} | {e.rule for e in effects if e.rule}
    assert seen <= T.declaration.verbs.rule_ids


def test_commands_and_options_are_documented():
    doc = (ROOT / "docs" / "track-catastrophe.md").read_text(encoding="utf-8")
    for verb in T.declaration.verbs.usage:
        assert f"companion track {verb}" in doc, verb
    for option in T.declaration.verbs.options:
        assert f"{option}=" in doc, option


def test_dump_and_load_round_trip():
    state, _ = do(new(), "lives", "ben", "-2")
    assert T.load(state.model_dump(mode="json")) == state


def test_load_refuses_a_table_that_loses_yarn_balls():
    data = new().model_dump(mode="json")
    data["yarn_sanctuary"] = 5
    with pytest.raises(Exception):
        T.load(data)


# ---------------------------------------------------------------- setup and options


@pytest.mark.parametrize("n,sanctuary", [(2, 24), (3, 21), (4, 18), (5, 15), (6, 12)])
def test_setup_counts(n, sanctuary):
    names = ["Ann", "Ben", "Cy", "Dot", "Eve", "Fay"][:n]
    state = new(names)
    assert all(p.lives == 9 for p in state.players)            # setup.start-on-nine
    assert all(p.yarn_balls == 3 for p in state.players)       # setup.three-yarn-balls
    assert state.yarn_sanctuary == sanctuary                   # setup.yarn-rest-in-sanctuary
    assert all(p.hand == 5 and p.power_cats == 2 for p in state.players)
    assert state.grim_reapurr == 0                             # reapurr.starts-in-lair
    assert state.current == 0 and state.phase == "claw" and state.turn == 1
    assert state.variant == "standard" and not state.game_over


def test_options_variant_and_first_player():
    assert new(variant="king").variant == "king"
    assert new(variant="Turbo").variant == "turbo"
    assert new(variant="king-of-the-meowtain").variant == "king"
    assert new(variant="standard").variant == "standard"
    assert new(first="ben").current == 1
    assert new(first="C").current == 2
    assert new(first_player="Cy").current == 2


@pytest.mark.parametrize("players,options,needle", [
    (["Ann", "Ben"], {"colour": "red"}, "colour"),
    (["Ann", "Ben"], {"varient": "king"}, "variant"),
    (["Ann", "Ben"], {"variant": "hard"}, "standard, king, turbo"),
    (["Ann", "Ben"], {"first": "Zed"}, "Ann, Ben"),
    (["Ann"], {}, "2 to 6"),
    (["A", "B", "C", "D", "E", "F", "G"], {}, "2 to 6"),
    (["Ann", "ann"], {}, "twice"),
    (["Ann", "all"], {}, "command word"),
    (["Ann", "-1"], {}, "number"),
])
def test_bad_options(players, options, needle):
    with pytest.raises(OptionError) as err:
        T.declaration.verbs.new_state(players, options)
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


# ---------------------------------------------------------------- parsing


def test_parse_normalises_names_and_amounts():
    state = new()
    assert T.parse(state, ["lives", "ben", "-2"]) == Change(verb="lives", args=("Ben", "-2"))
    assert T.parse(state, ["LIVES", "B", "+02"]) == Change(verb="lives", args=("Ben", "+2"))
    assert T.parse(state, ["lives", "ann", "set", "5"]) == Change(verb="lives", args=("Ann", "=5"))
    assert T.parse(state, ["lives", "ann", "-1", "ben", "-2", "cy", "+1"]).args == ("Ann", "-1", "Ben", "-2", "Cy", "+1")
    assert T.parse(state, ["lives", "ann", "ben", "-1"]).args == ("Ann", "-1", "Ben", "-1")
    assert T.parse(state, ["reapurr", "+1"]) == Change(verb="reapurr", args=("+1",))
    assert T.parse(state, ["reaper", "lair"]) == Change(verb="reapurr", args=("=0",))
    assert T.parse(state, ["yarn", "cy", "-1"]) == Change(verb="yarn", args=("Cy", "-1"))
    assert T.parse(state, ["draw", "ann", "3"]) == Change(verb="draw", args=("Ann", "3"))
    assert T.parse(state, ["discard", "ann", "+1"]) == Change(verb="discard", args=("Ann", "1"))
    assert T.parse(state, ["pc", "ann", "+1"]) == Change(verb="power-cats", args=("Ann", "+1"))
    assert T.parse(state, ["phase", "p"]) == Change(verb="phase", args=("paw",))
    assert T.parse(state, ["phase", "CAT"]) == Change(verb="phase", args=("catastrophe",))
    assert T.parse(state, ["next"]) == Change(verb="next")
    assert T.parse(state, ["lives ben -2"]) == Change(verb="lives", args=("Ben", "-2"))


def test_parse_all_means_every_cat_still_in_in_turn_order():
    state = new(("Ann", "Ben", "Cy", "Dot"), first="Cy")
    state, _ = do(state, "lives", "dot", "-9")
    assert T.parse(state, ["lives", "all", "-1"]).args == ("Cy", "-1", "Ann", "-1", "Ben", "-1")


@pytest.mark.parametrize("words,needle", [
    (["livs", "ann", "-1"], "lives"),
    (["lives", "zed", "-1"], "Ann, Ben, Cy"),
    (["lives", "ann", "two"], "'two'"),
    (["lives", "ann"], "missing amount"),
    (["lives", "all"], "missing amount after 'all', e.g. `lives all -1`"),  # not after the last cat's name
    (["lives", "-1"], "no player"),
    (["lives", "ann", "-1", "ann", "-2"], "twice"),
    (["lives", "ann", "=5", "ben", "-1"], "=N"),
    (["yarn", "ann", "=4"], "=N"),
    (["draw", "ann", "x"], "'x'"),
    (["draw", "ann"], "draw ann 2"),
    (["next", "now"], "'now'"),
    (["phase", "dinner"], "dinner"),
    ([], "commands"),
    (["reapurr"], "reapurr +1"),
])
def test_parse_errors_name_the_token(words, needle):
    with pytest.raises(MoveSyntaxError) as err:
        T.parse(new(), words)
    assert needle in str(err.value)


def test_ambiguous_player_prefix_and_bare_numbers():
    state = new(("Abi", "Abe", "Cy"))
    with pytest.raises(AmbiguousMove) as err:
        T.parse(state, ["lives", "ab", "-1"])
    assert set(err.value.candidates) == {"Abi", "Abe"}
    with pytest.raises(AmbiguousMove) as err:
        T.parse(state, ["lives", "cy", "2"])
    assert err.value.candidates == ["lives Cy +2", "lives Cy -2", "lives Cy =2"]
    with pytest.raises(AmbiguousMove):
        T.parse(state, ["phase", "c"])


def test_exact_name_beats_prefix():
    state = new(("Ann", "Anna"))
    assert T.parse(state, ["lives", "ann", "-1"]).args == ("Ann", "-1")


# ---------------------------------------------------------------- lives (standard game)


def test_losing_and_gaining_lives_move_the_token():
    state, effects = do(new(), "lives", "ben", "-2")
    assert player(state, "Ben").lives == 7 and effects == []
    state, effects = do(state, "lives", "ben", "+1")
    assert player(state, "Ben").lives == 8 and effects == []


def test_gains_beyond_nine_are_lost():
    state = with_lives(new(), ann=7)
    state, effects = do(state, "lives", "ann", "+3")
    assert player(state, "Ann").lives == 9
    assert kinds(effects) == ["lives-capped"] and effects[0].rule == G + "lives.max-nine"
    assert "1 life" in effects[0].message
    state, effects = do(state, "lives", "ann", "+2")
    assert player(state, "Ann").lives == 9 and "2 lives" in effects[0].message


def test_lives_set_outside_the_track_is_refused():
    v = refused(new(), "lives", "ann", "=12")
    assert rules_of(v) == [G + "lives.life-track"] and v.alternatives == ("lives Ann =9",)
    assert rules_of(refused(new(), "lives", "ann", "=0")) == [G + "lives.life-track"]
    state, _ = overrule(new(), "lives", "ann", "=12")
    assert player(state, "Ann").lives == 9


def test_below_the_one_space_is_elimination():
    state = new()
    state, _ = do(state, "yarn", "ben", "+2")
    state, _ = do(state, "draw", "ben", "1")
    state, effects = do(state, "lives", "ben", "-9")
    ben = player(state, "Ben")
    assert ben.eliminated and ben.lives == 0                                  # token in the Reapurr's Lair
    assert ben.yarn_balls == 0 and state.yarn_sanctuary == 24                  # all 5 Yarn Balls back
    assert ben.hand == 0 and ben.power_cats == 0                              # hand and Power Cats discarded
    assert kinds(effects) == ["eliminated", "yarn-returned", "discarded"]
    assert rules_of(effects) == [G + "elimination.lost-all-lives", G + "elimination.lose-yarn-balls",
                                 G + "elimination.discard-cards"]
    assert "5 Yarn Balls" in effects[1].message and "6 hand cards and 2 Power Cats" in effects[2].message


def test_losing_more_than_is_left_is_still_just_elimination():
    state = with_lives(new(), cy=2)
    state, effects = do(state, "lives", "cy", "-5")
    assert player(state, "Cy").eliminated and kinds(effects)[0] == "eliminated"


def test_moving_down_onto_the_reapurr_is_caught():
    state = with_lives(new(), ann=4)
    state, _ = do(state, "reapurr", "+2")
    state, effects = do(state, "lives", "ann", "-2")
    assert player(state, "Ann").eliminated
    assert effects[0].rule == G + "elimination.caught-by-reapurr"


def test_eliminated_players_are_out():
    state, _ = do(new(), "lives", "cy", "-9")
    for words in (["lives", "cy", "+1"], ["lives", "cy", "-1"], ["yarn", "cy", "+1"], ["hand", "cy", "+1"],
                  ["draw", "cy", "1"], ["power-cats", "cy", "=1"], ["lives", "ann", "-1", "cy", "+1"]):
        assert rules_of(refused(state, *words)) == [G + "elimination.out-of-game"], words


def test_overruled_life_gain_brings_an_eliminated_cat_back():
    state, _ = do(new(), "lives", "cy", "-9")
    state, effects = overrule(state, "lives", "cy", "+2")
    cy = player(state, "Cy")
    assert not cy.eliminated and cy.lives == 2 and kinds(effects) == ["back-in-game"]
    state2, _ = do(new(), "lives", "cy", "-9")
    state2, effects = overrule(state2, "lives", "cy", "=4")
    assert player(state2, "Cy").lives == 4 and not player(state2, "Cy").eliminated


def test_overruled_set_below_the_reapurr_is_caught_after_the_change():
    state, _ = do(new(), "reapurr", "+3")
    state, effects = overrule(state, "lives", "ben", "=2")  # legal in fact; checked after every change
    assert player(state, "Ben").eliminated and effects[0].rule == G + "elimination.caught-by-reapurr"


def test_zero_change_is_refused_as_bad_input():
    """A change by 0 logs nothing worth keeping: every game refuses it alike (tests/test_track_amounts.py)."""
    with pytest.raises(MoveSyntaxError, match="changes nothing"):
        do(new(), "lives", "ann", "+0")


def test_power_cats_past_what_a_cat_has_are_refused_as_yarn_balls_are():
    """Power Cats are face up in front of the cat, as Yarn Balls are in its basket: taking more than
    it has is refused alike, offering what it has (overruled, the count goes to 0)."""
    state = new()
    for verb, has in (("yarn", 3), ("power-cats", 2)):
        v = DRIVE.refused(state, verb, "ann", f"-{has + 1}")
        assert v.alternatives == (f"{verb} Ann -{has}",), v
    state2, effects = overrule(state, "power-cats", "ann", "-3")
    assert player(state2, "Ann").power_cats == 0
    assert [e.message for e in effects] == ["Ann had only 2 Power Cats; the count goes to 0"]


# ---------------------------------------------------------------- the Grim Reapurr


def test_reapurr_moves_up_from_the_lair_and_catches_on_his_space():
    state = with_lives(new(), ann=1, ben=2)
    state, effects = do(state, "reapurr", "+1")
    assert state.grim_reapurr == 1
    assert player(state, "Ann").eliminated and not player(state, "Ben").eliminated
    assert effects[0].rule == G + "elimination.caught-by-reapurr"
    assert "unclear" not in kinds(effects)                     # the Lair -> 1 move is the rulebook's own range


def test_reapurr_catching_several_at_once():
    state = with_lives(new(("Ann", "Ben", "Cy", "Dot")), ann=2, ben=3, cy=3)
    state, effects = do(state, "reapurr", "=3")
    assert [p.eliminated for p in state.players] == [True, True, True, False]
    assert kinds(effects).count("eliminated") == 3
    assert state.game_over and state.winner == "Dot"
    assert kinds(effects)[-1] == "game-won" and effects[-1].rule == G + "end.last-player-wins"


def test_reapurr_catching_everyone_left_wins_for_him():
    state = with_lives(new(), ann=2, ben=3, cy=5)
    state, _ = do(state, "lives", "cy", "-9")
    state, effects = do(state, "reapurr", "+3")
    assert state.game_over and state.grim_reapurr_wins and state.winner is None
    assert kinds(effects)[-1] == "grim-reapurr-wins"
    assert effects[-1].rule == G + "end.simultaneous-elimination"
    assert T.declaration.verbs.summary(state)["grim_reapurr_wins"] is True


def test_reapurr_climbs_the_life_track_without_an_open_point():
    """Grim Reapurr: his cards move him up the life track (issue 20: his climb above the 1 space
    was reported as open; the rulebook settles it)."""
    state, effects = do(new(), "reapurr", "+2")
    assert state.grim_reapurr == 2 and effects == []
    state, effects = do(state, "reapurr", "+5")
    assert state.grim_reapurr == 7 and effects == []


def test_reapurr_never_below_the_lair_nor_above_nine():
    v = refused(new(), "reapurr", "-1")
    assert rules_of(v) == [G + "reapurr.starts-in-lair"]
    state, _ = overrule(new(), "reapurr", "-1")
    assert state.grim_reapurr == 0
    state, _ = do(new(), "reapurr", "=8")
    v = refused(state, "reapurr", "+2")
    assert rules_of(v) == [G + "reapurr.range"] and v.alternatives == ("reapurr =9",)
    state, effects = overrule(state, "reapurr", "+2")
    assert state.grim_reapurr == 9 and state.grim_reapurr_wins


def test_reapurr_moving_down_brings_nobody_back():
    state = with_lives(new(), ann=1)
    state, _ = do(state, "reapurr", "+1")
    state, effects = do(state, "reapurr", "-1")
    assert player(state, "Ann").eliminated and effects == []


# ---------------------------------------------------------------- Yarn Balls


def test_yarn_ball_used_goes_to_the_sanctuary():
    state, effects = do(new(), "yarn", "ann", "-1")
    assert player(state, "Ann").yarn_balls == 2 and state.yarn_sanctuary == 22 and effects == []


def test_yarn_gain_comes_from_the_sanctuary_and_only_what_is_there():
    state, _ = do(new(), "yarn", "ann", "+20")
    assert player(state, "Ann").yarn_balls == 23 and state.yarn_sanctuary == 1
    state, effects = do(state, "yarn", "ben", "+3")
    assert player(state, "Ben").yarn_balls == 4 and state.yarn_sanctuary == 0
    assert kinds(effects) == ["yarn-short"] and effects[0].rule == G + "yarn-balls.none-when-empty"
    state, effects = do(state, "yarn", "cy", "+1")
    assert player(state, "Cy").yarn_balls == 3 and "only 0" in effects[0].message
    assert yarn_total(state) == 30


def test_a_yarn_ball_cannot_be_spent_from_an_empty_basket():
    """Issue 12 regression: `yarn ann -1` with an empty Yarn Basket was accepted."""
    state, _ = do(new(), "yarn", "ann", "-3")
    verdict = refused(state, "yarn", "ann", "-1")
    assert rules_of(verdict) == [G + "yarn-balls.basket"] and "holds 0" in verdict.reasons[0].message
    assert verdict.alternatives == ()                       # nothing to offer: the basket is empty
    state, _ = do(state, "yarn", "ben", "-1")
    verdict = refused(state, "yarn", "ben", "-3")           # more than the basket holds
    assert verdict.alternatives == ("yarn Ben -2",)
    state2, effects = overrule(state, "yarn", "ann", "-1")  # the table insists: nothing to move
    assert player(state2, "Ann").yarn_balls == 0 and yarn_total(state2) == 30 and kinds(effects) == ["yarn-short"]


def test_yarn_set_errors_agree_with_each_other():
    """Issue 12 regression: `yarn ann =4` said "=N sets one counter" in one place and "use +N or
    -N" in another; every path now gives the same message, and "not an amount" offers no =N."""
    from engine.catastrophe.notation_track import YARN_NO_SET

    state = new()
    with pytest.raises(MoveSyntaxError) as parsed:
        T.parse(state, ["yarn", "ann", "=4"])
    with pytest.raises(MoveSyntaxError) as checked:
        T.check(state, Change(verb="yarn", args=("Ann", "=4")))
    with pytest.raises(MoveSyntaxError) as applied:
        T.apply(state, Change(verb="yarn", args=("Ann", "=4")))
    assert str(parsed.value) == str(checked.value) == str(applied.value) == YARN_NO_SET
    assert "+N" in YARN_NO_SET and "-N" in YARN_NO_SET and "cannot be set" in YARN_NO_SET
    with pytest.raises(MoveSyntaxError) as word:
        T.parse(state, ["yarn", "ann", "lots"])
    assert "=N" not in str(word.value) and "+N" in str(word.value)
    with pytest.raises(MoveSyntaxError) as word:
        T.parse(state, ["hand", "ann", "lots"])
    assert "=N to set" in str(word.value)


# ---------------------------------------------------------------- hand and Power Cats


def test_hand_over_seven_discards_down_at_once():
    state, effects = do(new(), "draw", "ann", "4")
    assert player(state, "Ann").hand == 7
    assert kinds(effects) == ["hand-limit"] and effects[0].rule == G + "general.max-hand-size"
    assert "discards 2" in effects[0].message
    state, effects = do(state, "hand", "ann", "+1")
    assert player(state, "Ann").hand == 7 and kinds(effects) == ["hand-limit"]


def test_hand_set_above_seven_is_refused_and_kept_when_overruled():
    v = refused(new(), "hand", "ann", "=9")
    assert rules_of(v) == [G + "general.max-hand-size"] and v.alternatives == ("hand Ann =7",)
    state, _ = overrule(new(), "hand", "ann", "=9")
    assert player(state, "Ann").hand == 9


def test_discard_and_empty_hand():
    state, effects = do(new(), "discard", "ben", "5")
    assert player(state, "Ben").hand == 0 and effects == []   # an empty hand changes nothing
    state, effects = do(state, "discard", "ben", "1")
    assert player(state, "Ben").hand == 0 and kinds(effects) == ["cards-short"]
    state, _ = do(state, "hand", "ben", "=3")
    assert player(state, "Ben").hand == 3


def test_power_cat_limit_three():
    state, effects = do(new(), "power-cats", "cy", "+2")
    assert player(state, "Cy").power_cats == 3
    assert kinds(effects) == ["power-cat-limit"] and effects[0].rule == G + "general.max-power-cats"
    v = refused(new(), "power-cats", "cy", "=4")
    assert rules_of(v) == [G + "general.max-power-cats"]
    state, _ = do(new(), "power-cats", "cy", "-2")
    assert player(state, "Cy").power_cats == 0
    assert player(state, "Cy").hand == 5      # Power Cats are not in the hand


# ---------------------------------------------------------------- turn and phases


def test_phases_in_order_and_the_paw_draw():
    state, effects = do(new(), "next-phase")
    assert state.phase == "paw" and player(state, "Ann").hand == 7      # 5 + 3, one discarded
    assert [e.rule for e in effects] == [G + "turn.three-phases", G + "turn.paw-phase.draw-three",
                                         G + "general.max-hand-size"]
    state, _ = do(state, "phase", "catastrophe")
    assert state.phase == "catastrophe"
    state, effects = do(state, "next")
    assert state.current == 1 and state.phase == "claw" and state.turn == 2
    assert effects[0].rule == G + "turn.clockwise"
    state, effects = do(state, "phase", "paw")          # Ben's Paw Phase: 5 + 3 = 8, discard 1
    assert player(state, "Ben").hand == 7 and kinds(effects) == ["phase", "draw", "hand-limit"]


def test_turn_cannot_end_before_its_catastrophe_phase():
    v = refused(new(), "next")  # the CATastrophe Phase is the turn's last, as a play `end` is told
    assert rules_of(v) == [G + "turn.catastrophe-phase.last-phase"] and v.alternatives == ("next-phase",)
    state, _ = do(new(), "next-phase")
    refused(state, "next")
    state, _ = overrule(state, "next")
    assert state.current == 1 and state.phase == "claw"


def test_phases_cannot_be_skipped_or_undone():
    assert rules_of(refused(new(), "phase", "catastrophe")) == [G + "turn.three-phases"]
    state, _ = do(new(), "next-phase")
    assert rules_of(refused(state, "phase", "claw")) == [G + "turn.three-phases"]
    state2, effects = overrule(new(), "phase", "catastrophe")  # the table skipped the Paw Phase
    assert state2.phase == "catastrophe" and player(state2, "Ann").hand == 5
    state3, effects = do(state, "phase", "paw")                # naming the phase you are in: nothing happens
    assert state3 == state and effects == []


def test_next_phase_from_catastrophe_is_the_next_turn_and_wraps_around():
    state = new(first="cy")
    for _ in range(3):
        state, _ = do(state, "next-phase")
    assert state.current == 0 and state.phase == "claw" and state.turn == 2


def test_next_skips_eliminated_players():
    state = new(("Ann", "Ben", "Cy", "Dot"))
    state, _ = do(state, "lives", "ben", "-9")
    state, _ = do(state, "lives", "cy", "-9")
    state, _ = do(state, "next-phase")
    state, _ = do(state, "next-phase")
    state, effects = do(state, "next")
    assert state.players[state.current].name == "Dot" and "skipping eliminated Ben, Cy" in effects[0].message


def test_a_cat_eliminated_on_its_own_turn():
    state, effects = do(new(), "lives", "ann", "-9")
    assert kinds(effects)[-1] == "turn-over"
    assert rules_of(refused(state, "phase", "paw")) == [G + "elimination.out-of-game"]
    state, _ = do(state, "next")                         # legal in the Claw Phase: the turn is over
    assert state.players[state.current].name == "Ben"
    state, _ = do(new(), "lives", "ann", "-9")
    state, _ = do(state, "next-phase")                   # next-phase also passes the turn
    assert state.players[state.current].name == "Ben" and state.phase == "claw"


# ---------------------------------------------------------------- the end of the game


def test_last_cat_standing_wins_once():
    state, _ = do(new(), "lives", "ann", "-9")
    state, effects = do(state, "lives", "ben", "-9")
    assert state.game_over and state.winner == "Cy" and kinds(effects)[-1] == "game-won"
    summary = T.declaration.verbs.summary(state)
    assert summary["game_over"] and summary["winner"] == "Cy"
    v = refused(state, "lives", "cy", "-1")
    assert rules_of(v) == [G + "end.last-player-wins"]
    state2, effects = overrule(state, "yarn", "cy", "-1")
    assert "game-won" not in kinds(effects) and state2.winner == "Cy"


def test_simultaneous_change_eliminating_everyone_left():
    state = with_lives(new(), ann=1, ben=2)
    state, _ = do(state, "lives", "cy", "-9")
    state, effects = do(state, "lives", "all", "-2")
    assert state.grim_reapurr_wins and state.game_over and state.winner is None
    assert kinds(effects).count("eliminated") == 2 and kinds(effects)[-1] == "grim-reapurr-wins"
    assert rules_of(refused(state, "next")) == [G + "end.simultaneous-elimination"]


def test_separate_changes_give_a_winner_not_the_reapurr():
    state = with_lives(new(("Ann", "Ben")), ann=1, ben=1)
    state, effects = do(state, "lives", "ann", "-1")
    assert state.winner == "Ben" and not state.grim_reapurr_wins


def test_overruled_revival_after_the_end_resumes_play():
    state, _ = do(new(("Ann", "Ben")), "lives", "ben", "-9")
    assert state.game_over
    state, effects = overrule(state, "lives", "ben", "+3")
    assert not state.game_over and state.winner is None and "game-resumed" in kinds(effects)


# ---------------------------------------------------------------- rulebook worked examples


def test_mice_mischief_example():
    """Abi plays MICE MISCHIEF: Betty rolls a 1 and loses 2 lives; Chris re-rolls with a Yarn Ball."""
    state = new(("Abi", "Betty", "Chris"))
    state, effects = do(state, "lives", "betty", "-2")
    state, _ = do(state, "yarn", "chris", "-1")
    assert lives(state) == {"Abi": 9, "Betty": 7, "Chris": 9}
    assert player(state, "Chris").yarn_balls == 2 and state.yarn_sanctuary == 22


def test_reaction_example_curiosity_lands_on_betty():
    """CURIOSITY KILLED THE CAT, passed and cucumbered back: Betty loses 1 life."""
    state = new(("Abi", "Betty", "Chris"))
    state, _ = do(state, "discard", "abi", "1")      # CURIOSITY KILLED THE CAT
    state, _ = do(state, "discard", "betty", "1")    # PASS
    state, _ = do(state, "discard", "chris", "1")    # CUCUMBER
    state, _ = do(state, "lives", "betty", "-1")
    assert lives(state)["Betty"] == 8 and [p.hand for p in state.players] == [4, 4, 4]


# ---------------------------------------------------------------- King of the Meowtain


def test_king_loss_skips_occupied_spaces_and_can_eliminate():
    state = with_lives(new(variant="king"), ann=5, ben=4, cy=3)
    state, effects = do(state, "lives", "all", "-1")
    assert lives(state) == {"Ann": 2, "Ben": 1, "Cy": 0} and player(state, "Cy").eliminated
    assert effects[0].kind == "order" and effects[0].rule == G + "king-meowtain.losses-before-gains"
    assert [e.rule for e in effects if e.kind == "meowtain-move"] == [G + "king-meowtain.lose-next-unoccupied"] * 3
    assert "falls below the 1 space" in [e for e in effects if e.kind == "meowtain-move"][-1].message


def test_king_losses_resolve_in_turn_order_from_the_current_player():
    base = with_lives(new(variant="king"), ann=5, ben=4, cy=3)
    # Ann's turn: Ben goes first (after Ann, who is not losing), then Cy
    state, _ = do(base, "lives", "ben", "-1", "cy", "-1")
    assert lives(state) == {"Ann": 5, "Ben": 2, "Cy": 1}
    # Cy's turn: Cy moves first (3 -> 2), then Ben finds 3 free
    cy_turn = base.model_copy(update={"current": 2})
    state, _ = do(cy_turn, "lives", "ben", "-1", "cy", "-1")
    assert lives(state) == {"Ann": 5, "Ben": 3, "Cy": 2}


def test_king_losses_before_gains():
    state = with_lives(new(variant="king"), ann=5, ben=6, cy=7)
    # Ann gains 1 while Ben loses 1: Ben moves first (6 -> 4), then Ann finds 6 free
    state, effects = do(state, "lives", "ann", "+1", "ben", "-1")
    assert lives(state) == {"Ann": 6, "Ben": 4, "Cy": 7}
    assert "losses first: Ben; then gains: Ann" in effects[0].message


def test_king_gain_skips_occupied_spaces():
    state = with_lives(new(variant="king"), ann=5, ben=6, cy=7)
    state, effects = do(state, "lives", "ann", "+1")
    assert lives(state)["Ann"] == 8 and effects[0].rule == G + "king-meowtain.gain-next-unoccupied"


def test_king_gain_shares_the_nine_space_when_nothing_else_is_open():
    # Eve stays on 9: the gain shares her space, the exception (with 9 empty it is the next free space)
    state = with_lives(new(("Ann", "Ben", "Cy", "Dot", "Eve"), variant="king"), ann=5, ben=6, cy=7, dot=8)
    state, effects = do(state, "lives", "ann", "+1")
    assert lives(state)["Ann"] == 9 and effects[0].rule == G + "king-meowtain.nine-space-exception"
    state, effects = do(state, "lives", "ann", "+1")
    assert lives(state)["Ann"] == 9 and kinds(effects) == ["lives-capped"]


def test_king_no_sharing_except_nine():
    state = with_lives(new(variant="king"), ann=5)
    assert rules_of(refused(state, "lives", "ben", "=5")) == [G + "king-meowtain.no-shared-space"]
    state, _ = do(state, "lives", "ben", "=9")
    state, _ = overrule(state, "lives", "ben", "=5")
    assert lives(state)["Ben"] == 5                    # the table's decision stands


def test_king_loss_onto_the_reapurr_is_caught():
    state = with_lives(new(variant="king"), ann=4, ben=3)
    state, _ = do(state, "reapurr", "+2")
    state, effects = do(state, "lives", "ann", "-1")   # 4 -> skips 3 -> lands on 2: the Reapurr's space
    assert player(state, "Ann").eliminated and G + "elimination.caught-by-reapurr" in rules_of(effects)


def test_king_eliminated_players_free_their_space():
    state = with_lives(new(("Ann", "Ben", "Cy", "Dot"), variant="king"), ann=3, ben=2, cy=1, dot=6)
    # losses in turn order from Ann: Ann 3 -> below 1 (2 and 1 taken); then Ben finds... 1 taken: out
    state, _ = do(state, "lives", "ann", "-1", "ben", "-1", "cy", "-1")
    assert [p.eliminated for p in state.players] == [True, True, True, False]
    assert state.winner == "Dot"


def test_king_game_end_cites_the_variant_rule():
    state = with_lives(new(("Ann", "Ben"), variant="king"), ann=2)
    state, effects = do(state, "lives", "ann", "-2")
    assert effects[-1].kind == "game-won" and effects[-1].rule == G + "king-meowtain.end"


# ---------------------------------------------------------------- Turbo King of the Meowtain


def test_turbo_gains_are_exact_and_may_share():
    state = with_lives(new(variant="turbo"), ann=5, ben=6, cy=7)
    state, effects = do(state, "lives", "ann", "+1")
    assert lives(state)["Ann"] == 6 and effects == []
    state, effects = do(state, "lives", "ann", "+5")
    assert lives(state)["Ann"] == 9 and kinds(effects) == ["lives-capped"]


def test_turbo_losses_still_skip():
    state = with_lives(new(variant="turbo"), ann=6, ben=5)
    state, effects = do(state, "lives", "ann", "-1")
    assert lives(state)["Ann"] == 4 and effects[0].rule == G + "king-meowtain.lose-next-unoccupied"


def test_turbo_set_onto_occupied_is_refused():
    state = with_lives(new(variant="turbo"), ann=5)
    assert rules_of(refused(state, "lives", "ben", "=5")) == [G + "king-meowtain.no-shared-space"]


# ---------------------------------------------------------------- properties


NAMES = ["Ann", "Ben", "Cy", "Dot", "Eve", "Fay"]


@st.composite
def sessions(draw):
    n = draw(st.integers(2, 6))
    names = NAMES[:n]
    variant = draw(st.sampled_from(["standard", "king", "turbo"]))
    first = draw(st.sampled_from(names))
    who = st.sampled_from([x.lower() for x in names])
    amount = st.integers(0, 4)
    signed = st.builds(lambda s, k: f"{s}{k}", st.sampled_from("+-"), amount)
    command = st.one_of(
        st.builds(lambda p, a: ["lives", p, a], who, signed),
        st.builds(lambda p, k: ["lives", p, f"={k}"], who, st.integers(0, 10)),
        st.builds(lambda a: ["lives", "all", a], signed),
        st.builds(lambda p, a, q, b: ["lives", p, a, q, b] if p != q else ["lives", p, a], who, signed, who, signed),
        st.builds(lambda a: ["reapurr", a], st.builds(lambda s, k: f"{s}{k}", st.sampled_from("+-"), st.integers(0, 2))),
        st.builds(lambda p, a: ["yarn", p, a], who, st.builds(lambda s, k: f"{s}{k}", st.sampled_from("+-"), st.integers(0, 12))),
        st.builds(lambda v, p, k: [v, p, str(k)], st.sampled_from(["draw", "discard"]), who, amount),
        st.builds(lambda v, p, a: [v, p, a], st.sampled_from(["hand", "power-cats"]), who, signed),
        st.builds(lambda v, p, k: [v, p, f"={k}"], st.sampled_from(["hand", "power-cats"]), who, st.integers(0, 9)),
        st.just(["next"]), st.just(["next-phase"]), st.just(["next-phase"]),
        st.builds(lambda ph: ["phase", ph], st.sampled_from(["claw", "paw", "catastrophe"])),
    )
    steps = draw(st.lists(command, min_size=1, max_size=40))
    overrules = draw(st.lists(st.booleans(), min_size=len(steps), max_size=len(steps)))
    return names, variant, first, steps, overrules


def table_invariants(state: State) -> None:
    assert 0 <= state.grim_reapurr <= 9
    assert yarn_total(state) == 30
    assert 0 <= state.current < len(state.players)
    alive = [p for p in state.players if not p.eliminated]
    for p in state.players:
        assert 0 <= p.lives <= 9 and p.hand >= 0 and p.power_cats >= 0 and p.yarn_balls >= 0
    for p in alive:
        assert 1 <= p.lives and p.lives > state.grim_reapurr  # nobody in the game is caught or out of lives
    assert state.game_over == (len(alive) <= 1)
    assert state.grim_reapurr_wins == (len(alive) == 0)
    assert state.winner == (alive[0].name if len(alive) == 1 else None)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_legal_changes_keep_every_counter_in_range(session):
    names, variant, first, steps, _ = session
    state = T.declaration.verbs.new_state(names, {"variant": variant, "first": first})
    ends = 0
    eliminated_effects: dict[str, int] = {}
    for words in steps:
        try:
            change = T.parse(state, words)
        except MoveSyntaxError:  # `lives all` once nobody is left
            continue
        if not T.check(state, change).legal:
            continue
        before = state.model_dump(mode="json")
        new_state, effects = T.apply(state, change)
        assert state.model_dump(mode="json") == before                       # apply never mutates its input
        assert T.apply(state, change) == (new_state, effects)  # same change, same result
        state = new_state
        table_invariants(state)
        for p in state.players:
            if p.eliminated:
                assert (p.lives, p.yarn_balls, p.hand, p.power_cats) == (0, 0, 0, 0)
            else:
                assert p.hand <= 7 and p.power_cats <= 3
        if variant == "king":
            spaces = [p.lives for p in state.players if not p.eliminated and p.lives != 9]
            assert len(spaces) == len(set(spaces))          # one cat per space, except 9
        ends += sum(k in ("game-won", "grim-reapurr-wins") for k in kinds(effects))
        for e in effects:
            if e.kind == "eliminated":
                name = e.message.split(". ")[-1].split(" is eliminated")[0]
                eliminated_effects[name] = eliminated_effects.get(name, 0) + 1
        if "turn-over" in kinds(effects):
            assert state.players[state.current].eliminated and not state.game_over
    assert ends <= 1
    assert all(v == 1 for v in eliminated_effects.values())


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_overruled_changes_keep_the_table_physical_and_replay_identically(session):
    names, variant, first, steps, overrules = session
    start = T.declaration.verbs.new_state(names, {"variant": variant, "first": first})
    state = start
    log = []
    for words, force in zip(steps, overrules):
        try:
            change = T.parse(state, words)
        except MoveSyntaxError:
            continue
        if not (force or T.check(state, change).legal):
            continue
        state, _ = T.apply(state, change)
        log.append(change)
        table_invariants(state)
    replay = start
    for change in log:
        replay, _ = T.apply(replay, change)
    assert replay == state
    assert T.load(state.model_dump(mode="json")) == state
    summary = T.declaration.verbs.summary(state)
    assert [p["name"] for p in summary["players"]] == names


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(1, 9), st.integers(1, 20), st.sampled_from(["standard", "king", "turbo"]))
def test_gains_never_pass_nine_and_report_the_excess(start, gain, variant):
    state = with_lives(new(variant=variant), ann=start)
    state, effects = do(state, "lives", "ann", f"+{gain}")
    assert player(state, "Ann").lives <= 9
    assert ("lives-capped" in kinds(effects)) == (start + gain > 9)


# ---------------------------------------------------------------- cards met mid-game (issue 21)


def test_card_mid_game_joins_the_catalogue_and_replaces_one_of_the_same_name():
    from engine.catastrophe.model import catalogue

    s, eff = do(new(), "card", "Hairball", "attack", "5")
    assert catalogue(s)["hairball"].number == 5 and kinds(eff) == ["card"]
    s, _ = do(s, "card", "hairball", "attack", "3")
    assert [c.number for c in s.cards] == [3]
    s, _ = do(s, "card", "Hiss", "cucumber")
    assert catalogue(s)["hiss"].symbols == ("catfinity",)  # a Reaction carries Catfinity, as with cards=
    assert T.parse(s, ["card", "Pass", "the", "Buck", "ally"]).args == ("Pass the Buck", "ally")


def test_power_cat_dealt_face_up_is_unique_where_names_are_known():
    s = new()
    named = s.model_copy(update={"players": (player(s, "Ann").model_copy(
        update={"power_cat_cards": ("Nine Lives", "Sphinx")}), *s.players[1:])})
    verdict = refused(named, "card", "nine", "lives", "power-cat", "to", "ben")
    assert rules_of(verdict) == [G + "power-cats.unique"]
    s, eff = do(named, "card", "Tabby", "power-cat", "to", "ann")
    assert player(s, "Ann").power_cat_cards == ("Nine Lives", "Sphinx", "Tabby")
    assert rules_of(eff) == [None, G + "power-cats.kept-face-up"]  # the catalogue entry, then the deal
    s, _ = do(with_lives(new(), ben=1), "lives", "ben", "-1")
    assert rules_of(refused(s, "card", "Tabby", "power-cat", "to", "ben")) == [G + "elimination.out-of-game"]
