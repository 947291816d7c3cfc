"""The Catopomp table tracker (engine/catopomp/track.py): soul gems, rounds, dice, the starting player and the
competitive variant, every refusal with its rule id, overrules, the rulebook's examples, and agreement with the
move validator's own rules model on whole simulated games."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.catopomp.model import PLAY, PLAYER_TABLE, Opts, State
from engine.catopomp.table import deal_first, deal_next, dice_expected, final_scoring, step
from engine.catopomp import Tracker
from engine.catopomp.track_rounds import next_round_state
from engine.tracking import Change, OptionError
from tests.conftest import examples
from tests.engine.catopomp_players import random_move
from tests.engine.driver import Driver, kinds, rules_of

T = Tracker()
D = Driver(T)
C = "catopomp."


# ---------------------------------------------------------------- helpers


def new(players=("Ann", "Ben", "Cy"), **options):
    return T.declaration.verbs.new_state(list(players), {k.replace("_", "-"): str(v) for k, v in options.items()})


do, refused, overrule, run = D.do, D.refused, D.overrule, D.play


def by_kind(effects, kind):
    found = [e for e in effects if e.kind == kind]
    assert found, (kind, kinds(effects))
    return found[0]


def gems(state):
    return {p.name: p.gems for p in state.players}


def points(state):
    return {p.name: p.points for p in state.players}


def player(state, name):
    return state.players[state.seat(name)]


def lose(state, loser):
    """Competitive: a round ends only when one player holds cards, so everyone else clears first
    (with a last set of 1); the round then ends by itself with `loser` losing a soul gem."""
    for p in state.players:
        if p.name.lower() != loser and not state.cleared_record(p.name):
            state, _ = do(state, "cleared", p.name.lower(), "1")
    if state.phase == "round-over":  # the reveals are not entered: the next round's dice deal it
        state, _ = do(state, "dice", *["1"] * dice_expected(next_round_state(state)))
    return state


# ---------------------------------------------------------------- the contract


def test_rule_ids_exist_in_the_reference():
    from rulesdb.reference import reference

    ref = reference()
    missing = [r for r in T.declaration.verbs.rule_ids if r not in ref.rules and r not in ref.sections]
    assert not missing
    assert T.game == "catopomp"
    assert T.State is State  # the tracker's table is the validator's State (one rules model)
    assert T.declaration.verbs.read_only == {"score"}


def test_tracker_is_exported_and_uses_the_engine_records():
    import engine.catopomp as pkg
    from engine.catopomp.model import Options, Player

    assert "Tracker" in pkg.__all__
    state = new()
    assert all(isinstance(p, Player) for p in state.players)
    assert isinstance(state.options, Options)


def test_every_cited_rule_is_declared():
    seen: set[str] = set()
    tries = [
        (new(competitive="yes"), ["predict ann 3", "predict ann 9", "cleared ann 3", "cleared ann 7", "lost cy",
                                  "gems cy -1", "gems cy -2", "gems ann +1", "points ann +2", "points ann -9",
                                  "reserve ann 4", "reserve ann 9", "score", "cleared ben 1"]),
        (new(("Ann", "Ben")), ["predict ann 3", "points ann +1", "cleared ann 4", "cleared ann 2"]),
    ]
    for state, commands in tries:
        for text in commands:
            c = T.parse(state, text.split())
            v = T.check(state, c)
            new_state, effects = T.apply(state, c)
            seen |= {r.rule for r in v.reasons} | {e.rule for e in effects if e.rule}
            if v.legal:
                state = new_state
    # a whole game, both variants, to the end
    for comp in ("yes", "no"):
        s = new(competitive=comp)
        for _ in range(3):
            s, effects = T.apply(s, T.parse(s, ["lost", "cy"]))
            seen |= {e.rule for e in effects if e.rule}
        _, effects = T.apply(s, T.parse(s, ["score"]))
        seen |= {e.rule for e in effects if e.rule}
    assert seen <= T.declaration.verbs.rule_ids
    assert f"{C}end.game-end" in seen and f"{C}competitive.winner" in seen and f"{C}end.winners" in seen


def test_commands_and_options_are_described():
    assert set(T.declaration.verbs.usage) == {"lost", "gems", "cleared", "predict", "points", "reserve", "score",
                                              "first", "dice", "hand"}
    assert set(T.declaration.verbs.options) == {"start", "passing", "competitive", "expansions", "hell-power"}
    for verb, usage in T.declaration.verbs.usage.items():
        assert f"`{verb}" in usage, verb


def test_dump_and_load_round_trip():
    state = run(new(competitive="yes"), "predict ann 2", "cleared ann 2", "cleared ben 3", "reserve cy 5",
                "dice 1 2 3 4 5")
    again = T.load(state.model_dump(mode="json"))
    assert again == state
    assert T.declaration.verbs.summary(again) == T.declaration.verbs.summary(state)


# ---------------------------------------------------------------- set-up (rulebook: Setup)


@pytest.mark.parametrize("n, dice, per, aside, numbers", [(2, 4, 11, 2, "1-8"), (3, 6, 10, 6, "1-9"),
                                                        (4, 8, 9, 4, "1-10")])
def test_setup_follows_the_player_count_table(n, dice, per, aside, numbers):
    # "Every player rolls two dice ... E.g. Three players would use six dice."
    state = new(["Ann", "Ben", "Cy", "Dee"][:n])
    assert dice_expected(state) == dice
    assert all(p.gems == 2 for p in state.players)  # two Soul Gems each
    assert state.round == 1 and state.reserve_dice == () and state.phase == "setup"
    assert all(p.hand == per for p in state.players)  # dealt, but hidden: only the count is known
    deal = T.declaration.verbs.summary(state)["deal"]
    assert deal == {"numbers": numbers, "copies_per_number": PLAYER_TABLE[n][1],
                    "deck": per * n + aside, "cards_per_player": per, "set_aside": aside}


def test_expansion_cards_join_the_set_aside_pile():
    # the engine's reading (docs/moves-catopomp.md): hands keep their size, one extra card per player and expansion
    state = new(expansions="catleton,mitch")
    deal = T.declaration.verbs.summary(state)["deal"]
    assert deal["cards_per_player"] == 10 and deal["deck"] == 36 + 6 and deal["set_aside"] == 12
    assert state.options.catleton and state.options.mitch
    assert T.declaration.verbs.summary(state)["options"]["expansions"] == ["catleton", "mitch"]
    assert T.declaration.verbs.summary(new(expansions="Cat-leton"))["options"]["expansions"] == ["catleton"]
    assert T.declaration.verbs.summary(new(expansions="none"))["options"]["expansions"] == []


def test_starting_player_option_and_default():
    # "For the first round, randomly select a player": the table draws, the tracker records
    assert new().turn is None  # entered as it happens: `first NAME`
    assert new(start="cy").turn == "Cy"
    assert new(first="Be").turn == "Ben"
    with pytest.raises(OptionError, match="start"):
        new(start="Zed")


def test_recorded_options():
    state = new(passing="casual", hell_power="yes", competitive="yes")
    o = T.declaration.verbs.summary(state)["options"]
    assert o == {"passing": "casual", "competitive": True, "hell_power": True, "expansions": []}
    assert new().options.passing == "main" and not new().options.competitive


@pytest.mark.parametrize("players, options, fragment", [
    (["Ann"], {}, "2 to 4"),
    (["A", "B", "C", "D", "E"], {}, "2 to 4"),
    (["Ann", "ann"], {}, "share a name"),
    (["Ann", ""], {}, "empty"),
    (["Ann", "Ben"], {"competitive": "yes"}, "3 or 4"),
    (["Ann", "Ben", "Cy"], {"competitive": "maybe"}, "yes or no"),
    (["Ann", "Ben", "Cy"], {"passing": "fast"}, "main or casual"),
    (["Ann", "Ben", "Cy"], {"expansions": "dragons"}, "catleton, mitch"),
    (["Ann", "Ben", "Cy"], {"hell-power": "sure"}, "yes or no"),
    (["Ann", "Ben", "Cy"], {"compettive": "yes"}, "did you mean competitive"),
])
def test_bad_options(players, options, fragment):
    with pytest.raises(OptionError, match=fragment):
        T.declaration.verbs.new_state(players, options)


def test_competitive_option_with_two_players_cites_the_rule():
    with pytest.raises(OptionError, match="catopomp.competitive.players"):
        T.declaration.verbs.new_state(["Ann", "Ben"], {"competitive": "yes"})
    assert not new(("Ann", "Ben"), competitive="no").options.competitive


# ---------------------------------------------------------------- parsing


def test_parse_normalises():
    s = new(competitive="yes")
    assert T.parse(s, ["lost", "cy"]) == Change(verb="lost", args=("Cy",))
    assert T.parse(s, ["LOSES", "C"]) == Change(verb="lost", args=("Cy",))
    assert T.parse(s, ["gems", "cy", "-1"]) == Change(verb="gems", args=("Cy", "-1"))
    assert T.parse(s, ["gem", "cy", "=2"]) == Change(verb="gems", args=("Cy", "=2"))
    assert T.parse(s, ["predict", "ann", "3"]) == Change(verb="predict", args=("Ann", "3"))
    assert T.parse(s, ["cleared", "ann", "3"]) == Change(verb="cleared", args=("Ann", "3"))
    assert T.parse(s, ["points", "ann", "+2"]) == Change(verb="points", args=("Ann", "+2"))
    assert T.parse(s, ["reserve", "ann", "4"]) == Change(verb="reserve", args=("Ann", "4"))
    assert T.parse(s, ["score"]) == Change(verb="score")
    assert T.parse(s, ["points ann +2"]) == Change(verb="points", args=("Ann", "+2"))  # one quoted word
    assert T.parse(new(), ["cleared", "ann"]) == Change(verb="cleared", args=("Ann",))


def test_parse_errors_name_the_token_and_the_choices():
    s = new(("Ann", "Andy", "Ben"), competitive="yes")
    with pytest.raises(MoveSyntaxError, match="'lsot'.*lost"):
        T.parse(s, ["lsot", "ben"])
    with pytest.raises(MoveSyntaxError, match="'Bne'.*Ben"):
        T.parse(s, ["lost", "Bne"])
    with pytest.raises(AmbiguousMove) as amb:
        T.parse(s, ["lost", "an"])
    assert amb.value.candidates == ["Ann", "Andy"]
    with pytest.raises(MoveSyntaxError, match="'three' is not a number"):
        T.parse(s, ["predict", "ben", "three"])
    with pytest.raises(MoveSyntaxError, match="'x' is not an amount"):
        T.parse(s, ["points", "ben", "x"])
    with pytest.raises(AmbiguousMove) as amb:
        T.parse(s, ["gems", "ben", "1"])
    assert amb.value.candidates == ["gems ben +1", "gems ben -1", "gems ben =1"]
    with pytest.raises(MoveSyntaxError, match="changes nothing"):
        T.parse(s, ["points", "ben", "+0"])
    with pytest.raises(MoveSyntaxError, match="no command"):
        T.parse(s, [])
    with pytest.raises(MoveSyntaxError, match="name a player"):
        T.parse(s, ["lost"])
    with pytest.raises(MoveSyntaxError, match="unexpected"):
        T.parse(s, ["score", "now"])
    with pytest.raises(MoveSyntaxError, match="unexpected"):
        T.parse(s, ["lost", "ben", "2"])
    # the competitive variant scores the last set, so its size is needed
    with pytest.raises(MoveSyntaxError, match="last set"):
        T.parse(s, ["cleared", "ben"])


def test_apply_rejects_malformed_changes():
    s = new()
    for change in (Change(verb="fly"), Change(verb="lost"), Change(verb="gems", args=("Ann", "lots")),
                   Change(verb="lost", args=("Zed",)), Change(verb="predict", args=("Ann", "x"))):
        with pytest.raises(MoveSyntaxError):
            T.apply(s, change)
        with pytest.raises(MoveSyntaxError):
            T.check(s, change)


# ---------------------------------------------------------------- the end of a round (4) and the next round (5)


def test_lost_ends_the_round_and_sets_up_the_next():
    s, effects = do(new(), "lost", "cy")
    assert gems(s) == {"Ann": 2, "Ben": 2, "Cy": 1}
    assert s.round == 2
    assert dice_expected(s) == 5  # one fewer than the 6 of the first round
    assert s.reserve_dice == ("Cy",)  # one gem left: reserves one die
    assert s.turn == "Cy"  # the player who ended last starts
    assert kinds(effects)[:5] == ["round-over", "next-round", "fewer-dice", "reserve-dice", "starting-player"]
    assert rules_of(effects)[:5] == [f"{C}end.round-end", f"{C}end.next-round", f"{C}new-round.fewer-centre-dice",
                                     f"{C}reserve-die.who-gets", f"{C}setup.later-starting-player"]
    assert "5 centre dice" in by_kind(effects, "fewer-dice").message
    assert "10 cards each" in by_kind(effects, "new-round").message
    assert by_kind(effects, "choose-reserve").rule == f"{C}reserve-die.choose-number"
    assert "predictions" not in kinds(effects)  # not the competitive variant


def test_direct_gem_change_has_the_same_consequences():
    a, ea = do(new(), "lost", "cy")
    b, eb = do(new(), "gems", "cy", "-1")
    c, ec = do(new(), "gems", "cy", "=1")
    assert a == b == c
    assert ea == eb == ec


def test_four_players_centre_dice_go_8_7_6():
    # the rules data's example: with 4 players 8, then 7, then 6 ...; the reserve dice make up the rest
    s = new(("Ann", "Ben", "Cy", "Dee"))
    seen = [dice_expected(s)]
    for loser in ("ann", "ben", "cy"):
        s, _ = do(s, "lost", loser)
        seen.append(dice_expected(s))
        assert dice_expected(s) + len(s.reserve_dice) == 8
    assert seen == [8, 7, 6, 5]
    assert s.reserve_dice == ("Ann", "Ben", "Cy")
    assert s.turn == "Cy"


def test_reserve_dice_are_not_carried_over():
    s = run(new(), "lost cy", "reserve cy 5")
    assert player(s, "Cy").reserve_die == 5
    s, effects = do(s, "lost", "ben")
    assert player(s, "Cy").reserve_die is None  # a new one, set again
    assert s.reserve_dice == ("Ben", "Cy")
    assert by_kind(effects, "reserve-not-carried").rule == f"{C}reserve-die.no-carry-over"
    s, _ = do(s, "reserve", "cy", "2")
    assert player(s, "Cy").reserve_die == 2


def test_losing_the_last_gem_ends_the_game_everyone_with_gems_wins():
    s = run(new(), "lost cy", "lost ben")
    s, effects = do(s, "lost", "cy")
    assert s.phase == "game-over" and s.game_over and s.loser == "Cy"
    assert gems(s) == {"Ann": 2, "Ben": 1, "Cy": 0}
    assert kinds(effects) == ["round-over", "game-over", "winners"]
    assert by_kind(effects, "game-over").rule == f"{C}end.game-end"
    w = by_kind(effects, "winners")
    assert w.rule == f"{C}end.winners" and "Ann, Ben" in w.message
    summary = T.declaration.verbs.summary(s)
    assert summary["game_over"] and summary["winners"] == ["Ann", "Ben"] and summary["loser"] == "Cy"
    assert s.round == 3  # no new round is set up


def test_the_game_over_fires_once_and_everything_after_is_refused():
    s = lose(lose(new(competitive="yes"), "cy"), "cy")
    for text in ("lost ann", "gems ann -1", "gems ann =2", "predict cy 2",
                 "cleared ann 2", "points ann +1", "reserve ann 3"):
        v = refused(s, *text.split())
        assert rules_of(v) == [f"{C}end.game-end"]
    s2, effects = do(s, "score")
    assert s2 == s
    assert "game-over" not in kinds(effects)


def test_a_gem_lost_two_at_a_time_is_refused():
    v = refused(new(), "gems", "ann", "-2")
    assert rules_of(v) == [f"{C}end.round-end"]
    v = refused(new(), "gems", "ann", "=0")
    assert rules_of(v) == [f"{C}end.round-end"]


@pytest.mark.parametrize("words", [["gems", "ann", "+1"], ["gems", "ann", "=3"], ["gems", "ann", "-3"]])
def test_gems_stay_between_0_and_2(words):
    v = refused(new(), *words)
    assert rules_of(v) == [f"{C}setup.soul-gems"]


def test_a_gem_correction_upward_is_allowed_without_a_round_end():
    s = run(new(), "lost cy")
    s2, effects = do(s, "gems", "cy", "+1")
    assert gems(s2)["Cy"] == 2 and s2.round == 2
    assert kinds(effects) == ["gems"]
    assert s2.reserve_dice == ("Cy",) and dice_expected(s2) == 5  # this round's set-up stands
    # the set-up's reserve die stays Cy's, so its number is still entered (refusing it left the round
    # waiting for a number nobody could give); a player the set-up gave none still may not
    assert player(do(s2, "reserve", "cy", "3")[0], "Cy").reserve_die == 3
    assert rules_of(refused(s2, "reserve", "ann", "3")) == [f"{C}reserve-die.who-gets"]


def test_a_player_who_cleared_cannot_be_the_loser():
    s = run(new(), "cleared ann")
    assert rules_of(refused(s, "lost", "ann")) == [f"{C}round.safe-when-clear"]
    assert rules_of(refused(s, "gems", "ann", "-1")) == [f"{C}round.safe-when-clear"]
    assert rules_of(refused(s, "cleared", "ann")) == [f"{C}round.safe-when-clear"]


def test_when_all_but_one_have_cleared_the_round_ends():
    s, effects = do(new(("Ann", "Ben", "Cy", "Dee")), "cleared", "ann")
    assert s.round == 1 and [c.name for c in s.cleared] == ["Ann"]
    assert kinds(effects) == ["player-safe"]
    s = run(s, "cleared dee")
    s, effects = do(s, "cleared", "ben")
    assert by_kind(effects, "last-holding-cards").rule == f"{C}round.round-end-trigger"
    assert by_kind(effects, "round-over").message.startswith("round over: Cy")
    assert gems(s)["Cy"] == 1 and s.round == 2 and s.turn == "Cy" and s.cleared == ()


def test_two_players_one_clears_the_other_loses():
    s, effects = do(new(("Ann", "Ben")), "cleared", "ben", "3")
    assert gems(s) == {"Ann": 1, "Ben": 2} and s.round == 2 and dice_expected(s) == 3
    assert rules_of(refused(new(("Ann", "Ben")), "cleared", "ben", "4")) == [f"{C}sets.size-limit"]


@pytest.mark.parametrize("size", ["0", "5", "-1"])
def test_last_set_size_is_1_to_4(size):
    v = refused(new(competitive="yes"), "cleared", "ann", size)
    assert rules_of(v) == [f"{C}sets.size-limit"]


# ---------------------------------------------------------------- reserve dice (5)


def test_reserve_die_only_for_one_gem_players_with_faces_1_to_6():
    s = new()
    assert rules_of(refused(s, "reserve", "ann", "4")) == [f"{C}reserve-die.who-gets"]
    s = run(s, "lost ann")
    assert rules_of(refused(s, "reserve", "ben", "4")) == [f"{C}reserve-die.who-gets"]
    for face in ("0", "7"):
        assert rules_of(refused(s, "reserve", "ann", face)) == [f"{C}components.dice"]
    s, effects = do(s, "reserve", "ann", "6")
    assert player(s, "Ann").reserve_die == 6
    assert T.declaration.verbs.summary(s)["players"][0]["reserve_die"] == 6
    assert T.declaration.verbs.summary(run(new(), "lost ann"))["players"][0]["reserve_die"] == "not set"
    assert T.declaration.verbs.summary(s)["players"][1]["reserve_die"] is None


def test_reserve_die_is_fixed_once_the_round_is_under_way():
    s = run(new(("Ann", "Ben", "Cy", "Dee")), "lost ann", "reserve ann 3", "reserve ann 5")  # still choosing
    assert player(s, "Ann").reserve_die == 5
    s = run(s, "cleared ben")
    assert rules_of(refused(s, "reserve", "ann", "2")) == [f"{C}reserve-die.choose-number"]
    s, _ = do(s, "reserve", "ann", "5")  # the same number: nothing changes
    # a value not yet entered may still be recorded
    s2 = run(new(("Ann", "Ben", "Cy", "Dee")), "lost ann", "cleared ben", "reserve ann 2")
    assert player(s2, "Ann").reserve_die == 2


# ---------------------------------------------------------------- the competitive variant


@pytest.mark.parametrize("pred, size, gain, rule", [
    (1, 1, 4, "score-prediction-1"), (1, 2, 1, "score-prediction-1"), (1, 3, 0, "off-by-more-than-one"),
    (1, 4, 0, "off-by-more-than-one"),
    (2, 2, 2, "score-prediction-2"), (2, 1, 1, "score-prediction-2"), (2, 3, 1, "score-prediction-2"),
    (2, 4, 0, "off-by-more-than-one"),
    (3, 3, 2, "score-prediction-3"), (3, 2, 1, "score-prediction-3"), (3, 4, 1, "score-prediction-3"),
    (3, 1, 0, "off-by-more-than-one"),
    (4, 4, 4, "score-prediction-4"), (4, 3, 1, "score-prediction-4"), (4, 2, 0, "off-by-more-than-one"),
    (4, 1, 0, "off-by-more-than-one"),
])
def test_scoring_table(pred, size, gain, rule):
    s = run(new(competitive="yes"), f"predict ann {pred}")
    s, effects = do(s, "cleared", "ann", str(size))
    assert points(s)["Ann"] == gain
    score = by_kind(effects, "score")
    assert score.rule == C + "competitive." + rule
    assert by_kind(effects, "prediction").rule == f"{C}competitive.reveal"
    assert s.cleared[0].points == gain and s.cleared[0].last_set == size


def test_keith_example():
    # Keith: 2,3,4 + a die of 5 clears him; he predicted 4; the die counts as a card: 4 cards, 4 points
    s = run(new(("Keith", "Luke", "Gabriel"), competitive="yes"), "predict keith 4")
    s, effects = do(s, "cleared", "keith", "4")
    assert points(s)["Keith"] == 4
    assert by_kind(effects, "score").rule == f"{C}competitive.score-prediction-4"


def test_predictions_are_1_to_4_and_only_in_the_competitive_variant():
    s = new(competitive="yes")
    for k in ("0", "5", "-1"):
        assert rules_of(refused(s, "predict", "ann", k)) == [f"{C}competitive.prediction"]
    assert rules_of(refused(new(), "predict", "ann", "2")) == [f"{C}competitive.prediction"]
    assert rules_of(refused(new(("Ann", "Ben")), "predict", "ann", "2")) == [f"{C}competitive.players"]


def test_predictions_are_secret_in_the_summary_until_revealed():
    s = run(new(competitive="yes"), "predict ann 3", "predict ben 2")
    rows = {r["name"]: r for r in T.declaration.verbs.summary(s)["players"]}
    assert rows["Ann"]["prediction"] == "secret" and rows["Cy"]["prediction"] is None
    s = run(s, "cleared ann 3")
    rows = {r["name"]: r for r in T.declaration.verbs.summary(s)["players"]}
    assert rows["Ann"]["prediction"] == 3 and rows["Ann"]["round_points"] == 2
    assert rows["Ben"]["prediction"] == "secret"


def test_a_prediction_may_change_before_play_but_not_after_the_reveal():
    s = run(new(competitive="yes"), "predict ann 3", "predict ann 2")  # still writing it down
    assert player(s, "Ann").prediction == 2
    s = run(s, "predict ben 1", "cleared ann 2")
    assert rules_of(refused(s, "predict", "ann", "4")) == [f"{C}competitive.reveal"]
    assert rules_of(refused(s, "predict", "ben", "4")) == [f"{C}competitive.prediction"]


def test_a_prediction_entered_after_clearing_is_scored_then():
    s, effects = do(new(competitive="yes"), "cleared", "ann", "1")
    assert points(s)["Ann"] == 0 and s.cleared[0].points is None
    assert "predict ann N" in by_kind(effects, "prediction").message
    s, effects = do(s, "predict", "ann", "1")
    assert points(s)["Ann"] == 4 and s.cleared[0].points == 4
    assert by_kind(effects, "score").rule == f"{C}competitive.score-prediction-1"


def test_the_last_player_scores_nothing_and_unscored_clears_are_reported():
    s = run(new(competitive="yes"), "predict ann 2", "cleared ann 2")
    s, effects = do(s, "cleared", "ben", "3")  # no prediction recorded for Ben
    assert by_kind(effects, "no-points").rule == f"{C}competitive.last-player"
    assert "Cy scores nothing" in by_kind(effects, "no-points").message
    assert by_kind(effects, "unscored").rule == f"{C}competitive.record-points"
    assert "Ben" in by_kind(effects, "unscored").message
    assert points(s) == {"Ann": 2, "Ben": 0, "Cy": 0}
    # the next round is dealt once Ben reveals the prediction he made
    assert s.phase == "round-over" and "predictions" not in kinds(effects)
    s, effects = do(s, "predict", "ben", "3")
    assert points(s) == {"Ann": 2, "Ben": 2, "Cy": 0} and s.round == 2 and s.phase == "setup"
    assert by_kind(effects, "predictions").rule == f"{C}competitive.prediction"
    # a new round: predictions are written again
    assert all(p.prediction is None for p in s.players)


def test_manual_points():
    s = new(competitive="yes")
    s, effects = do(s, "points", "ann", "+2")
    assert points(s)["Ann"] == 2 and by_kind(effects, "points").rule == f"{C}competitive.record-points"
    s = run(s, "points ann -1", "points ben =4")
    assert points(s) == {"Ann": 1, "Ben": 4, "Cy": 0}
    assert rules_of(refused(s, "points", "ann", "-2")) == [f"{C}competitive.record-points"]
    assert rules_of(refused(new(), "points", "ann", "+1")) == [f"{C}competitive.record-points"]


def test_competitive_game_end_resets_the_gemless_and_most_points_win():
    s = lose(run(new(competitive="yes"), "points ann +3", "points cy +6", "points ben +3"), "cy")
    s = run(s, "cleared ann 1")
    s, effects = do(s, "cleared", "ben", "1")
    assert s.game_over
    assert points(s) == {"Ann": 3, "Ben": 3, "Cy": 0}  # Cy's 6 drop to zero
    assert by_kind(effects, "points-reset").rule == f"{C}competitive.game-end-reset"
    w = by_kind(effects, "winners")
    assert w.rule == f"{C}competitive.winner" and "Ann and Ben win" in w.message  # a tie is shared
    assert T.declaration.verbs.summary(s)["winners"] == ["Ann", "Ben"]


def test_score_command_changes_nothing():
    s = run(new(competitive="yes"), "points ben +2")
    s2, effects = do(s, "score")
    assert s2 == s
    assert "Ben 2 gems, 2 points" in by_kind(effects, "standings").message
    assert "Ben (2)" in by_kind(effects, "leaders").message
    _, effects = do(run(new(), "lost ann"), "score")
    assert by_kind(effects, "standings").message == "round 2: Ann 1 gem; Ben 2 gems; Cy 2 gems"


# ---------------------------------------------------------------- overruled changes (the table is the truth)


def test_overruled_changes_apply_as_literally_as_possible():
    s = new(competitive="yes")
    s2, effects = overrule(s, "predict", "ann", "6")
    assert player(s2, "Ann").prediction == 6
    s2, _ = overrule(s, "points", "ann", "-2")
    assert points(s2)["Ann"] == -2
    s2, effects = overrule(s, "gems", "ann", "-2")  # both gems in one go: the game ends
    assert s2.game_over and gems(s2)["Ann"] == 0 and "game-over" in kinds(effects)
    s2, _ = overrule(s, "gems", "ann", "+3")
    assert gems(s2)["Ann"] == 5
    s2, _ = overrule(s, "reserve", "ann", "9")  # a die shows 1 to 6: clamped
    assert player(s2, "Ann").reserve_die == 6 and "Ann" in s2.reserve_dice
    # a cleared player overruled as the loser
    s3 = run(s, "predict ann 2", "cleared ann 2")
    s4, effects = overrule(s3, "lost", "ann")
    assert gems(s4)["Ann"] == 1 and s4.round == 2
    # a revealed prediction overruled: the last set is scored again
    s5, _ = overrule(s3, "predict", "ann", "3")
    assert points(s5)["Ann"] == 1 and s5.cleared[0].points == 1


def test_overruled_changes_after_the_end_keep_the_game_over_and_update_the_result():
    s = lose(lose(run(new(competitive="yes"), "points ann +1"), "cy"), "cy")
    assert T.declaration.verbs.summary(s)["winners"] == ["Ann"]
    s2, effects = overrule(s, "points", "ben", "+3")
    assert s2.game_over and points(s2)["Ben"] == 3
    assert by_kind(effects, "after-the-end").rule == f"{C}end.game-end"
    assert T.declaration.verbs.summary(s2)["winners"] == ["Ben"]
    s3, _ = overrule(s2, "lost", "cy")
    assert gems(s3)["Cy"] == 0  # no fewer than none
    s4, _ = overrule(new(), "gems", "ann", "-5")
    assert gems(s4)["Ann"] == 0 and s4.game_over


# ---------------------------------------------------------------- one rules model with the validator


def _mirror_game(seed: int, players: int, competitive: bool):
    """Play a whole game with the move validator's core at random and tell the tracker what a table would
    say (predictions, reserve dice, who cleared with how many cards, or only who lost); the two models
    must agree on gems, points, dice, reserve dice, starting player and the winners."""
    rng = random.Random(seed)
    names = tuple(f"P{i + 1}" for i in range(players))
    opts = Opts(competitive=competitive)
    t = deal_first(names, opts, rng)
    state = T.declaration.verbs.new_state(list(names), {"competitive": "yes" if competitive else "no", "start": names[t.turn]})
    say_clears = competitive or seed % 2 == 0

    def tell(*words):
        nonlocal state
        state, effects = do(state, *words)
        return effects

    while True:
        assert dice_expected(state) == len(t.centre)
        assert state.turn == names[t.turn]
        assert set(state.reserve_dice) == {names[i] for i in range(players) if t.reserve[i] is not None}
        for i in range(players):
            if t.reserve[i] is not None:
                tell("reserve", names[i], str(t.reserve[i]))
            if competitive:
                tell("predict", names[i], str(t.pred[i]))
        while t.phase == "play":
            before = [t.has_cards(i) for i in range(players)]
            mv = random_move(t, rng)
            t2, _ = step(t, mv)
            cleared = [i for i in range(players) if before[i] and not t2.has_cards(i)]
            assert len(cleared) <= 1
            if say_clears:
                for i in cleared:  # the set that emptied them: the new winning set, or theirs a passer left
                    size = t2.ws.size if mv.kind == PLAY else t.ws.size
                    tell("cleared", names[i], str(size))
            t = t2
        if not say_clears:
            tell("lost", names[t.loser])
        assert [p.gems for p in state.players] == list(t.gems)
        assert [p.points for p in state.players] == list(t.points)
        if t.phase == "game-over":
            assert state.game_over and state.loser == names[t.loser]
            _, win = final_scoring(t.gems, t.points, competitive)
            assert T.declaration.verbs.summary(state)["winners"] == [names[i] for i in win]
            return state
        t = deal_next(t, rng)


@pytest.mark.parametrize("seed", range(24))
def test_tracker_agrees_with_the_validator_on_whole_games(seed):
    players = 2 + seed % 3
    competitive = players >= 3 and seed % 2 == 1
    state = _mirror_game(seed, players, competitive)
    assert state.game_over


# ---------------------------------------------------------------- invariants


NAMES = ("Ann", "Ben", "Cy", "Dee")


@st.composite
def sessions(draw, corrections=True):
    """A table, the competitive variant or not, and commands as typed. Without `corrections`, no gem is
    given back (a legal correction the round count cannot see)."""
    n = draw(st.integers(2, 4))
    comp = n >= 3 and draw(st.booleans())
    names = list(NAMES[:n])
    word = st.sampled_from([nm.lower() for nm in names])
    gem_amounts = ["-1", "=1", "-2", "=0"] + (["+1", "=2"] if corrections else [])
    command = st.one_of(
        st.tuples(st.just("lost"), word),
        st.tuples(st.just("gems"), word, st.sampled_from(gem_amounts)),
        st.tuples(st.just("cleared"), word, st.integers(-1, 6).map(str)),
        st.tuples(st.just("predict"), word, st.integers(0, 5).map(str)),
        st.tuples(st.just("points"), word, st.sampled_from(["+1", "+4", "-1", "=3", "-5"])),
        st.tuples(st.just("reserve"), word, st.integers(0, 7).map(str)),
        st.tuples(st.just("score")),
    )
    return names, comp, draw(st.lists(command, max_size=40))


def _check_invariants(state: State, n: int):
    lost = sum(2 - p.gems for p in state.players)
    between = state.phase in ("round-over", "game-over")  # a round ended, the next not dealt
    assert all(0 <= p.gems <= 2 for p in state.players)
    assert lost == state.round - 1 + (1 if between else 0)
    assert dice_expected(state) == 2 * n - (state.round - 1)
    assert dice_expected(state) + len(state.reserve_dice) == 2 * n
    assert set(state.reserve_dice) == {p.name for p in state.players if p.gems == 1} or between
    assert all(p.prediction in (None, 1, 2, 3, 4) for p in state.players)
    assert all(p.reserve_die is None or 1 <= p.reserve_die <= 6 for p in state.players)
    assert all(p.points >= 0 for p in state.players)
    assert len(state.cleared) <= n - 2 or state.phase in ("round-over", "game-over")
    if state.game_over and state.options.competitive:
        assert player(state, state.loser).points == 0


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(corrections=False))
def test_legal_changes_keep_the_counters_in_range(session):
    names, comp, commands = session
    state = T.declaration.verbs.new_state(names, {"competitive": "yes" if comp else "no"})
    log = []
    game_overs = 0
    for words in commands:
        change = T.parse(state, list(words))
        verdict = T.check(state, change)
        if not verdict.legal:
            assert verdict.reasons and all(r.rule in T.declaration.verbs.rule_ids for r in verdict.reasons)
            continue
        dump = state.model_dump(mode="json")
        was_over = state.game_over
        new_state, effects = T.apply(state, change)
        assert state.model_dump(mode="json") == dump  # apply never mutates its input
        assert all(e.rule in T.declaration.verbs.rule_ids for e in effects if e.rule)
        game_overs += kinds(effects).count("game-over")
        if was_over:  # only the score, or a last reveal of a player who cleared as the game ended
            assert (change.verb == "score" and new_state == state) or change.verb == "predict"
        state = new_state
        log.append(change)
        _check_invariants(state, len(names))
    assert game_overs <= 1
    # replaying the same changes gives the same state
    replay = T.declaration.verbs.new_state(names, {"competitive": "yes" if comp else "no"})
    for change in log:
        replay, _ = T.apply(replay, change)
    assert replay == state
    assert T.load(state.model_dump(mode="json")) == state


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_overruled_changes_never_crash_and_never_mutate(session):
    names, comp, commands = session
    state = T.declaration.verbs.new_state(names, {"competitive": "yes" if comp else "no"})
    for words in commands:
        change = T.parse(state, list(words))
        T.check(state, change)
        dump = state.model_dump(mode="json")
        new_state, _ = T.apply(state, change)
        assert state.model_dump(mode="json") == dump
        assert all(p.gems >= 0 for p in new_state.players)
        assert all(p.reserve_die is None or 1 <= p.reserve_die <= 6 for p in new_state.players)
        summary = T.declaration.verbs.summary(new_state)
        assert summary["round"] >= 1
        state = new_state


def test_reading_nobody_scored_everyone_ties_at_zero():
    # "the player(s) with the most points wins", read literally: all at 0 share the win
    s = lose(lose(new(competitive="yes"), "cy"), "cy")
    assert T.declaration.verbs.summary(s)["winners"] == ["Ann", "Ben", "Cy"]


def test_summary_without_the_competitive_variant_has_no_points_or_predictions():
    rows = T.declaration.verbs.summary(run(new(), "cleared ann 2"))["players"]
    assert rows[0] == {"name": "Ann", "gems": 2, "hand": 0, "hell_domain": [], "used_dice": [], "reserve_die": None,
                       "cleared": True, "last_set": 2}
    assert "points" not in rows[1] and "prediction" not in rows[1]


def test_a_direct_gem_loss_ends_the_round_only_when_lost_would():
    """Issue 20, item 6. A round ends when a single player is left with unplayed cards, and that
    player returns a soul gem (End of round): typing the lost gem as `gems cy -1` is the same event
    as `lost cy`, so it is refused while Ann still holds cards, with the same rule."""
    from engine.catopomp import Engine

    s = run(new(), "first ann", "dice 1 2 3 4 5 6", "hand ann 1 1 2 3 4 5 6 7 8 9")
    s = Engine().plays.apply(s, Engine().plays.parse_move("heaven 1 1 then hell 2", s))
    for words in (("lost", "cy"), ("gems", "cy", "-1"), ("gems", "cy", "=1")):
        verdict = refused(s, *words)
        assert rules_of(verdict.reasons) == [f"{C}round.round-end-trigger"], words
        assert "Ann (7 cards in hand; 1 Hell card), Ben (10 hidden cards in hand) still hold" \
            in verdict.reasons[0].message
    # overruled, the two commands still do the same thing
    assert overrule(s, "lost", "cy") == overrule(s, "gems", "cy", "-1")
    # issue 33: once a play is recorded, Ben's hand (a count the table never saw) still holds cards
    assert rules_of(refused(s, "cleared", "ann").reasons) == [f"{C}round.safe-when-clear"]  # her 2 lies face up
    s2, _ = overrule(s, "cleared", "ann")
    assert "Ben (10 hidden cards in hand) still holds" in refused(s2, "lost", "cy").reasons[0].message
    # Ben's 10 hidden cards are a count the record keeps once a play is recorded: `cleared ben` is refused
    # as `lost cy` is (refpomp2); overruled, Cy is the last player holding cards and the round ends on its own
    assert rules_of(refused(s2, "cleared", "ben").reasons) == [f"{C}round.safe-when-clear"]
    s3, _ = overrule(s2, "cleared", "ben")
    assert s3.round == 2 and gems(s3)["Cy"] == 1
    # a table keeping only the counters (no play recorded): either command ends the round, read so
    s4 = run(new(), "first ann", "dice 1 2 3 4 5 6")
    (a, ea), (b, eb) = do(s4, "lost", "cy"), do(s4, "gems", "cy", "-1")
    assert a == b and ea == eb and a.round == 2 and gems(a)["Cy"] == 1
    assert any("no play recorded this round: taken as Cy losing the round" in e.message for e in ea)


def test_recording_a_hand_is_checked_by_what_the_table_knows():
    """Setup table: three players play with 1-9, four copies each. A recorded hand holding a 10 cites
    the numbers in the deck; one holding more 9s than can be out of sight says how many can."""
    s = run(new(), "first ann", "dice 1 2 3 4 5 6")
    verdict = refused(s, "hand", "ann", "10", "1", "2", "3", "4", "5", "6", "7", "8", "9")
    assert rules_of(verdict.reasons) == [f"{C}setup.numbers-included"] and "1-9" in verdict.reasons[0].message
    verdict = refused(s, "hand", "ann", "9", "9", "9", "9", "9", "1", "2", "3", "4", "5")
    assert rules_of(verdict.reasons) == [f"{C}setup.copies-per-number"]
    assert "5 x 9" in verdict.reasons[0].message and "only 4 copies" in verdict.reasons[0].message


def test_a_prediction_and_a_reserve_number_stay_fixed_after_a_discarded_winning_set():
    """Predictions are written down at the start of the round and a reserve die's number is chosen
    before it (no changing during the round). Once everyone passed, the winning set is discarded and
    no set lies on the table, yet the round is still under way: the discard pile and the Hell Domain
    show it, so neither may change."""
    from engine.catopomp import Engine

    e = Engine().plays
    s = run(new(("Ann", "Ben", "Cy", "Dee"), competitive="yes", start="ann"), "dice 1 2 3 4 5 6 1 2",
            "cleared ben 1", "cleared cy 1", "cleared dee 1", "dice 1 2 3 4 5 6 1", "predict ann 3",
            "reserve ann 4")
    for move in ("heaven 4 5 then hell 2", "pass", "pass", "pass"):
        s = e.apply(s, e.parse_move(move, s))
    assert s.winning_set is None and s.discard_pile
    assert rules_of(refused(s, "predict", "ann", "1")) == [f"{C}competitive.prediction"]
    assert "a play is recorded" in refused(s, "predict", "ann", "1").reasons[0].message
    assert rules_of(refused(s, "reserve", "ann", "6")) == [f"{C}reserve-die.choose-number"]
    s, _ = do(s, "predict", "ann", "3")  # the same number: nothing changes


def test_a_gem_given_back_by_correction_keeps_the_reserve_die_the_set_up_gave():
    """`gems dee +1` corrects Dee's gems after her lost round, but the next round's set-up already gave
    her a reserve die and waits for its number (the correction does not redo the dice): `reserve dee N`
    must be taken, or the round could never start without --overrule."""
    s = run(new(("Ann", "Ben", "Cy", "Dee")), "first cy", "dice 1 2 3 4 5 6 1 2", "lost dee", "gems dee +1",
            "dice 1 2 3 4 5 6 1")
    assert gems(s)["Dee"] == 2 and s.reserve_dice == ("Dee",) and s.phase == "setup"
    s, _ = do(s, "reserve", "dee", "3")
    assert player(s, "Dee").reserve_die == 3 and s.phase == "play"
    assert rules_of(refused(s, "reserve", "ann", "3")) == [f"{C}reserve-die.who-gets"]  # no die, two gems
