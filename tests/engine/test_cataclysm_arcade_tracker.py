"""The Cataclysm Arcade table tracker (engine/cataclysm_arcade/): every rule, refusal and effect."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import AmbiguousMove, EngineError, MoveSyntaxError
from engine.cataclysm_arcade import Tracker
from engine.tracking import Change, OptionError
from tests.conftest import examples
from tests.engine.driver import Driver, kinds, rules_of

T = Tracker()
G = "cataclysm-arcade."
ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- helpers


def new(players=("Ann", "Ben"), **options):
    return T.declaration.verbs.new_state(list(players), {k.replace("_", "-"): v for k, v in options.items()})


DRIVE = Driver(T)
do, refused, overrule = DRIVE.do, DRIVE.refused, DRIVE.overrule


def player(state, name):
    return state.player(name)


def fighter(state, name, fighter_name):
    return next(f for f in state.player(name).fighters if f.name == fighter_name)


def all_pass(state):
    """Everyone passes, each when they hold the initiative (a pass is a move: turn.moves)."""
    while not state.level_over:
        state, _ = do(state, "pass", state.initiative)
    return state


# ---------------------------------------------------------------- rule ids


def test_every_rule_id_exists_in_the_reference():
    from rulesdb.reference import reference

    ref = reference()
    known = set(ref.rules) | set(ref.sections) | set(ref.glossary)
    missing = sorted(T.declaration.verbs.rule_ids - known)
    assert not missing


def test_added_pay_from_pool_entry_is_in_the_reference():
    from rulesdb.reference import reference

    entry = reference().rules[G + "turn.pay-from-pool"]
    assert "Golden Rule" in entry.text and not entry.unclear  # issue 20: the rulebook settles it


def test_class_attributes():
    assert T.game == "cataclysm-arcade"
    assert set(T.declaration.verbs.usage) == {
        "next-level", "pass", "coins", "boss", "fighter", "attack", "damage", "heal", "gain-health",
        "tap", "untap", "stealthy", "destroy", "card", "hand",
    }
    assert set(T.declaration.verbs.options) == {"player-one", "boss-health"}
    assert all(T.declaration.verbs.usage.values()) and all(T.declaration.verbs.options.values())


# ---------------------------------------------------------------- new game and options


def test_new_game_starts_at_level_one_with_one_coin_each():
    s = new(("Ann", "Ben", "Cy"))
    assert s.level == 1  # basics.level-starts-at-1
    assert [p.coins for p in s.players] == [1, 1, 1]  # coins equal the level
    assert s.player_one == "Ann"  # default: first listed
    assert all(p.boss.health is None for p in s.players)
    assert not s.game_over and not s.level_over


def test_player_one_option_case_and_prefix():
    assert new(("Ann", "Ben", "Cy"), player_one="cY").player_one == "Cy"
    assert new(("Ann", "Ben", "Cy"), player_one="b").player_one == "Ben"


@pytest.mark.parametrize("value", ["zed", "a", ""])
def test_player_one_option_bad(value):
    with pytest.raises(OptionError, match="player-one") as exc:
        new(("Ann", "Anna", "Ben"), player_one=value)
    assert "Ann, Anna, Ben" in str(exc.value)


def test_unknown_option_names_the_valid_ones():
    with pytest.raises(OptionError) as exc:
        new(start_level="2")
    assert "start-level" in str(exc.value) and "player-one" in str(exc.value) and "boss-health" in str(exc.value)


def test_boss_health_option_for_everyone_and_per_player():
    s = new(("Ann", "Ben"), boss_health="30")
    assert [(p.boss.health, p.boss.starting_health) for p in s.players] == [(30, 30), (30, 30)]
    s = new(("Ann", "Ben", "Cy"), boss_health="ann:30, b:25")
    assert [p.boss.health for p in s.players] == [30, 25, None]


@pytest.mark.parametrize("value", ["0", "-3", "lots", "ann:x", "zed:30", "ann=30", "ann:0"])
def test_boss_health_option_bad(value):
    with pytest.raises(OptionError, match="boss-health"):
        new(boss_health=value)


def test_players_at_least_two_and_distinct():
    with pytest.raises(OptionError, match="at least 2"):
        new(("Ann",))
    with pytest.raises(OptionError, match="twice"):
        new(("Ann", "ann"))
    with pytest.raises(OptionError, match="empty"):
        new(("Ann", " "))


# ---------------------------------------------------------------- parse


def test_parse_normalises_names_and_amounts():
    s = new(("Ann", "Ben", "Cy"), boss_health="20")
    assert T.parse(s, ["coins", "an", "2"]) == Change(verb="coins", args=("Ann", "+2"))
    assert T.parse(s, ["COINS", "BEN", "-1"]).args == ("Ben", "-1")
    assert T.parse(s, ["coins", "cy", "Spend", "3"]).args == ("Cy", "spend", "3")
    assert T.parse(s, ["damage", "ann", "BOSS", "+5"]).args == ("Ann", "boss", "5")
    assert T.parse(s, ["next"]).verb == "next-level"
    assert T.parse(s, ["gain", "ann", "boss", "2"]).verb == "gain-health"
    assert T.parse(s, ["gain_health", "ann", "boss", "2"]).verb == "gain-health"
    assert T.parse(s, ["pa", "ann"]).label() == "pass Ann"


def test_parse_unknown_verb_names_token_and_nearest():
    with pytest.raises(MoveSyntaxError) as exc:
        T.parse(new(), ["damgae", "ann", "boss", "3"])
    assert "'damgae'" in str(exc.value) and "damage" in str(exc.value)


def test_parse_ambiguous_verb_prefix():
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(new(), ["d", "ann", "boss", "3"])
    assert exc.value.candidates == ["damage", "destroy"]


def test_parse_unknown_player_suggests():
    with pytest.raises(MoveSyntaxError) as exc:
        T.parse(new(), ["pass", "bne"])
    assert "'bne'" in str(exc.value) and "Ben" in str(exc.value)


def test_parse_ambiguous_player_prefix_and_exact_wins():
    s = new(("Ann", "Anna", "Ben"))
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(s, ["pass", "an"])
    assert exc.value.candidates == ["Ann", "Anna"]
    assert T.parse(s, ["pass", "ann"]).args == ("Ann",)
    assert T.parse(s, ["pass", "anna"]).args == ("Anna",)


@pytest.mark.parametrize("words", [
    ["coins", "ann", "two"], ["coins", "ann", "spend", "x"], ["coins", "ann", "spend", "-3"],
    ["coins", "ann", "spend", "0"], ["coins", "ann", "0"], ["coins", "ann", "1.5"], ["coins", "ann"],
    ["coins", "ann", "spend"], ["coins", "ann", "+1", "+2"],
    ["boss", "ann"], ["boss", "ann", "thirty"], ["boss", "ann", "0"],
    ["fighter", "ann", "Grunt"], ["fighter", "ann", "4"], ["fighter", "ann", "Grunt", "0"],
    ["fighter", "ann", "boss", "4"], ["fighter", "ann", "Grunt", "4", "level"],
    ["fighter", "ann", "Grunt", "4", "extra", "2"],
    ["damage", "ann", "boss", "x"], ["damage", "ann", "boss", "-2"], ["damage", "ann", "boss"],
    ["heal", "ann", "boss", "0"], ["attack", "ann", "boss", "-1"], ["attack", "ann", "boss", "free"],
    ["tap", "ann"], ["tap", "ann", "nobody"], ["destroy", "ann", "boss"],
    ["next-level", "now"], ["pass"], ["pass", "ann", "ben"], [],
])
def test_parse_syntax_errors(words):
    s = new(boss_health="30")
    with pytest.raises(MoveSyntaxError):
        T.parse(s, words)


def test_parse_non_number_names_the_token():
    with pytest.raises(MoveSyntaxError, match="'lots'"):
        T.parse(new(boss_health="30"), ["damage", "ann", "boss", "lots"])


def test_parse_boss_without_health_asks_to_set_it():
    s = new()
    for verb in ("damage", "heal", "gain-health"):
        with pytest.raises(MoveSyntaxError, match="boss ann 30"):
            T.parse(s, [verb, "ann", "boss", "3"])
    # tapping or attacking with a Boss whose health is unknown is fine
    assert T.parse(s, ["tap", "ann", "boss"]).args == ("Ann", "boss")


def test_parse_characters_by_prefix_multiword_and_suggestion():
    s, _ = overrule(new(boss_health="30"), "fighter", "ann", "Iron", "Grunt", "4")
    s, _ = overrule(s, "fighter", "ann", "Ironclad", "3")
    assert fighter(s, "Ann", "Iron Grunt").health == 4
    assert T.parse(s, ["damage", "ann", "iron", "grunt", "1"]).args == ("Ann", "Iron Grunt", "1")
    assert T.parse(s, ["tap", "ann", "ironc"]).args == ("Ann", "Ironclad")
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(s, ["tap", "ann", "iron"])
    assert exc.value.candidates == ["Iron Grunt", "Ironclad"]
    with pytest.raises(MoveSyntaxError) as exc:
        T.parse(s, ["tap", "ann", "irn grunt"])
    assert "Iron Grunt" in str(exc.value)
    # Fighters are looked up among the named player's characters only
    with pytest.raises(MoveSyntaxError):
        T.parse(s, ["tap", "ben", "ironclad"])


def test_parse_fighter_with_level_requirement():
    s = new()
    assert T.parse(s, ["fighter", "ann", "Grunt", "4", "level", "2"]).args == ("Ann", "Grunt", "4", "level", "2")
    assert T.parse(s, ["fighter", "ann", "Grunt", "4", "lvl", "2"]).args == ("Ann", "Grunt", "4", "level", "2")


# ---------------------------------------------------------------- coins


def test_spend_beyond_pool_is_refused_citing_the_rule():
    s = new()
    v = refused(s, "coins", "ann", "spend", "3")
    assert [r.rule for r in v.reasons] == [G + "turn.pay-from-pool"]
    assert "1 coin" in v.reasons[0].message and "3" in v.reasons[0].message
    assert v.alternatives == ("coins Ann spend 1",)


def test_spend_within_pool_and_card_effect_coins():
    s = new()
    s, eff = do(s, "coins", "ann", "+2")  # a card effect gives 2 coins
    assert player(s, "Ann").coins == 3 and eff == []
    s, _ = do(s, "coins", "ann", "spend", "3")
    assert player(s, "Ann").coins == 0
    v = refused(s, "coins", "ann", "spend", "1")
    assert v.alternatives == ()


def test_card_effect_taking_more_coins_than_the_pool_empties_it():
    s, eff = do(new(), "coins", "ben", "-4")
    assert player(s, "Ben").coins == 0
    assert kinds(eff) == ["coins-short"] and rules_of(eff) == [G + "turn.pay-from-pool"]


def test_overruled_overspend_is_applied_as_far_as_possible():
    s, eff = overrule(new(), "coins", "ann", "spend", "3")
    assert player(s, "Ann").coins == 0
    assert kinds(eff) == ["coins-short"]


def test_income_equals_level_and_unspent_coins_are_lost():
    s = new(("Ann", "Ben"))
    s, _ = do(s, "coins", "ann", "+2")
    s = all_pass(s)
    s, eff = do(s, "next-level")
    assert s.level == 2
    assert [p.coins for p in s.players] == [2, 2]  # not 3 + 2: unspent coins do not carry over
    lost = [e for e in eff if e.kind == "coins-lost"]
    assert [e.rule for e in lost] == [G + "turn.unspent-coins-lost"] * 2
    assert "3 unspent coins" in lost[0].message and "1 unspent coin is" in lost[1].message
    assert G + "turn.coins" in rules_of(eff)


def test_worked_example_coins_at_level_five():
    s = new()
    for _ in range(4):
        s, _ = do(all_pass(s), "next-level")
    assert s.level == 5 and [p.coins for p in s.players] == [5, 5]


def test_no_coins_lost_effect_when_pool_empty():
    s, _ = do(new(), "coins", "ann", "spend", "1")
    s, eff = do(all_pass(s), "next-level")
    assert [e.message for e in eff if e.kind == "coins-lost"] == ["Ben's 1 unspent coin is lost"]


# ---------------------------------------------------------------- passing, levels, Player One


def test_pass_twice_is_refused():
    s, eff = do(new(("Ann", "Ben", "Cy")), "pass", "ann")
    assert eff == []
    v = refused(s, "pass", "ann")
    assert [r.rule for r in v.reasons] == [G + "keywords.passing"]


def test_level_over_effect_when_everyone_has_passed_fires_once():
    s, _ = do(new(("Ann", "Ben")), "pass", "ann")
    s, eff = do(s, "pass", "ben")
    assert kinds(eff) == ["level-over"]
    assert eff[0].rule == G + "turn.level-ends-all-passed"
    assert "next-level" in eff[0].message and "level 2" in eff[0].message
    assert s.level_over and s.level == 1  # the level number rises only with next-level
    s, eff = overrule(s, "pass", "ben")
    assert eff == []  # no second announcement


def test_next_level_refused_until_all_have_passed():
    s, _ = do(new(("Ann", "Ben", "Cy"), player_one="ben"), "pass", "ben")
    v = refused(s, "next-level")
    assert [r.rule for r in v.reasons] == [G + "turn.level-ends-all-passed"]
    assert "Ann, Cy" in v.reasons[0].message
    assert v.alternatives == ("pass Cy",)  # Cy has the initiative: Ann's pass would be refused (turn.moves)


def test_only_the_player_with_the_initiative_passes():
    """Turn Structure: the player with the initiative chooses a move, and pass is one of the moves;
    the initiative then goes clockwise to the next player who has not passed. A pass out of turn is
    refused (overruled, the table's word is recorded)."""
    s = new(("Ann", "Ben", "Cy"))
    v = refused(s, "pass", "ben")
    assert rules_of(v) == [G + "turn.moves"] and v.alternatives == ("pass Ann",)
    assert v.reasons[0].message.startswith("Ann has the initiative, not Ben")
    s, _ = do(s, "pass", "ann")
    assert s.initiative == "Ben"
    refused(s, "pass", "cy")
    s, _ = overrule(s, "pass", "cy")
    assert s.player("Cy").passed and s.initiative == "Ben"


def test_overruled_next_level_still_starts_the_level():
    s, eff = overrule(new(("Ann", "Ben")), "next-level")
    assert s.level == 2 and s.player_one == "Ben"
    assert [p.coins for p in s.players] == [2, 2]


def test_next_level_effects_and_reset():
    s = new(("Ann", "Ben", "Cy"), player_one="cy")
    s = all_pass(s)
    s, eff = do(s, "next-level")
    assert s.level == 2
    assert not any(p.passed for p in s.players)
    assert kinds(eff) == ["coins-lost", "coins-lost", "coins-lost", "level", "draw", "coins", "player-one"]
    assert G + "basics.level-increases" in rules_of(eff)
    assert G + "turn.draw" in rules_of(eff)
    assert G + "basics.player-one-rotates" in rules_of(eff)


def test_player_one_rotates_clockwise_and_wraps():
    s = new(("Ann", "Ben", "Cy"), player_one="ben")
    seen = [s.player_one]
    for _ in range(4):
        s, _ = do(all_pass(s), "next-level")
        seen.append(s.player_one)
    assert seen == ["Ben", "Cy", "Ann", "Ben", "Cy"]


def test_player_one_skips_players_who_are_out():
    s = new(("Ann", "Ben", "Cy", "Dee"), boss_health="10")
    s, _ = do(s, "damage", "ben", "boss", "10")
    s, eff = do(all_pass(s), "next-level")
    assert s.player_one == "Cy"
    # Player One itself knocked out: the role still moves on clockwise from its seat
    s, _ = do(s, "damage", "cy", "boss", "12")
    s, _ = do(all_pass(s), "next-level")
    assert s.player_one == "Dee"


def test_a_player_defeated_between_moves_hands_the_initiative_on():
    """Winning the Game: a defeated player is out; Turn Structure: the initiative goes clockwise to
    the next player who has not passed. Before, it stayed with the defeated player and no one could
    pass (status called the table impossible)."""
    from engine.cataclysm_arcade import Engine

    s = new(("Ann", "Ben", "Cy"), boss_health="10")
    s, eff = do(s, "damage", "ann", "boss", "10")
    assert s.initiative == "Ben" and G + "turn.initiative-passes-clockwise" in rules_of(eff)
    assert Engine().declaration.status(s) == []
    s, _ = do(s, "pass", "ben")
    assert s.initiative == "Cy"


def test_everything_untaps_at_the_start_of_a_level():
    s, _ = overrule(new(boss_health="20"), "fighter", "ann", "Grunt", "4")
    s, _ = do(s, "tap", "ann", "grunt")
    s, _ = do(s, "tap", "ben", "boss")
    s, eff = do(all_pass(s), "next-level")
    assert "untap" in kinds(eff) and G + "turn.untap" in rules_of(eff)
    assert not fighter(s, "Ann", "Grunt").tapped and not player(s, "Ben").boss.tapped
    s, eff = do(all_pass(s), "next-level")
    assert "untap" not in kinds(eff)  # nothing was tapped


def test_health_does_not_recover_between_levels():
    s, _ = do(new(boss_health="20"), "damage", "ann", "boss", "5")
    s, _ = overrule(s, "fighter", "ben", "Grunt", "4")
    s, _ = do(s, "damage", "ben", "grunt", "3")
    s, _ = do(all_pass(s), "next-level")
    assert player(s, "Ann").boss.health == 15 and fighter(s, "Ben", "Grunt").health == 1


def test_passed_player_may_only_respond():
    s, _ = do(new(boss_health="20"), "pass", "ann")
    # paying for a Response, being stunned (tapped) or damaged is still possible after passing
    s, _ = do(s, "coins", "ann", "spend", "1")
    s, _ = do(s, "tap", "ann", "boss")
    s, _ = do(s, "damage", "ann", "boss", "2")
    # overruled (a card effect put the Fighter into play)
    s, _ = overrule(s, "fighter", "ann", "Grunt", "4")
    assert fighter(s, "Ann", "Grunt").health == 4


def test_moves_the_line_carries_are_refused_with_the_play_line():
    """Issue 21: playing a Fighter or attacking is a move on the Line: the tracker forms are refused
    and name the `companion play` line to type (with --by when another player is to act)."""
    s = new(("Ann", "Ben", "Cy"), boss_health="20")
    v = refused(s, "fighter", "ann", "Grunt", "4")
    assert rules_of(v) == [G + "fighter.uses-line"]
    assert 'companion play "fighter Grunt"' in v.reasons[0].message
    v = refused(s, "fighter", "ben", "Iron", "Grunt", "4", "level", "2")
    assert 'companion play --by ben "fighter Iron Grunt"' in v.reasons[0].message
    v = refused(s, "attack", "cy", "boss", "1")
    assert rules_of(v) == [G + "combat.uses-line"]
    assert 'companion play --by cy "attack boss at PLAYER CHARACTER"' in v.reasons[0].message
    # the same after passing or with the Line waiting: one answer, the play form
    s, _ = do(s, "pass", "ann")
    assert rules_of(refused(s, "attack", "ann", "boss", "1")) == [G + "combat.uses-line"]


# ---------------------------------------------------------------- Bosses and Fighters


def test_boss_sets_starting_health_and_name():
    s, eff = do(new(), "boss", "ann", "30", "Doctor", "Doom")
    assert player(s, "Ann").boss.model_dump(include={"name", "health", "starting_health", "tapped"}) == {
        "name": "Doctor Doom", "health": 30, "starting_health": 30, "tapped": False,
    }
    assert eff == []


def test_fighter_enters_play():
    s, eff = overrule(new(), "fighter", "ann", "Grunt", "4")
    assert fighter(s, "Ann", "Grunt").model_dump(include={"name", "health", "starting_health", "tapped"}) == {
        "name": "Grunt", "health": 4, "starting_health": 4, "tapped": False,
    }
    assert eff == []


def test_fighter_level_is_kept_when_overruled():
    """The level requirement is judged by `companion play` (scenario fighter-level-too-low); a Fighter
    a card effect puts into play below it is recorded as the table says."""
    s, _ = overrule(new(), "fighter", "ann", "Grunt", "4", "level", "2")
    assert fighter(s, "Ann", "Grunt").health == 4


def test_second_fighter_of_the_same_name_destroys_one():
    s, _ = overrule(new(), "fighter", "ann", "Grunt", "4")
    s, _ = do(s, "damage", "ann", "grunt", "3")
    s, eff = overrule(s, "fighter", "ann", "grunt", "5")
    assert [f.name for f in player(s, "Ann").fighters] == ["grunt"]
    assert fighter(s, "Ann", "grunt").health == 5
    assert kinds(eff) == ["destroyed"] and rules_of(eff) == [G + "fighter.one-per-name"]
    # the change is overruled already: the line says what happened and how the old one is kept instead
    assert "overrule" not in eff[0].message and "the new one stays" in eff[0].message, eff[0].message
    assert "undo this change" in eff[0].message
    # the limit is per player: Ben may have his own Grunt
    s, eff = overrule(s, "fighter", "ben", "Grunt", "4")
    assert eff == []


@pytest.mark.parametrize("amount,destroyed", [(3, False), (4, True), (9, True)])
def test_fighter_destroyed_at_zero_or_less(amount, destroyed):
    s, _ = overrule(new(), "fighter", "ann", "Grunt", "4")
    s, eff = do(s, "damage", "ann", "grunt", str(amount))
    names = [f.name for f in player(s, "Ann").fighters]
    if destroyed:
        assert names == [] and kinds(eff) == ["destroyed"] and rules_of(eff) == [G + "combat.fighter-destroyed"]
    else:
        assert names == ["Grunt"] and fighter(s, "Ann", "Grunt").health == 1 and eff == []


def test_destroy_by_card_effect():
    s, _ = overrule(new(), "fighter", "ben", "Grunt", "4")
    s, eff = do(s, "destroy", "ben", "grunt")
    assert player(s, "Ben").fighters == () and rules_of(eff) == [G + "keywords.destroy"]


def test_heal_never_above_starting_health():
    s, _ = overrule(new(), "fighter", "ann", "Grunt", "4")
    s, _ = do(s, "damage", "ann", "grunt", "3")
    s, eff = do(s, "heal", "ann", "grunt", "2")
    assert fighter(s, "Ann", "Grunt").health == 3 and eff == []
    s, eff = do(s, "heal", "ann", "grunt", "2")
    assert fighter(s, "Ann", "Grunt").health == 4
    assert kinds(eff) == ["heal-capped"] and rules_of(eff) == [G + "keywords.heal"]
    assert "1 of the 2" in eff[0].message
    s, eff = do(s, "heal", "ann", "grunt", "3")
    assert fighter(s, "Ann", "Grunt").health == 4 and "3 of the 3" in eff[0].message


def test_gain_health_may_exceed_starting_health():
    s = new(boss_health="30")
    s, _ = do(s, "damage", "ann", "boss", "1")
    s, eff = do(s, "gain-health", "ann", "boss", "3")
    assert player(s, "Ann").boss.health == 32 and player(s, "Ann").boss.starting_health == 30
    assert kinds(eff) == ["above-starting-health"] and rules_of(eff) == [G + "keywords.gain-health"]
    s, eff = do(s, "gain-health", "ann", "boss", "1")
    assert player(s, "Ann").boss.health == 33 and eff == []  # already above: said once
    # Heal cannot raise it further, and does not lower it either
    s, eff = do(s, "heal", "ann", "boss", "2")
    assert player(s, "Ann").boss.health == 33 and kinds(eff) == ["heal-capped"]


def test_gain_health_within_starting_health_says_nothing():
    s, _ = do(new(boss_health="30"), "damage", "ann", "boss", "5")
    s, eff = do(s, "gain-health", "ann", "boss", "5")
    assert player(s, "Ann").boss.health == 30 and eff == []


def test_tap_and_untap():
    s, _ = overrule(new(), "fighter", "ann", "Grunt", "4")
    s, eff = do(s, "tap", "ann", "grunt")
    assert fighter(s, "Ann", "Grunt").tapped and eff == []
    v = refused(s, "tap", "ann", "grunt")
    assert [r.rule for r in v.reasons] == [G + "keywords.tapping"]
    s2, _ = overrule(s, "tap", "ann", "grunt")  # e.g. Agility: stays tapped
    assert fighter(s2, "Ann", "Grunt").tapped
    s, eff = do(s, "untap", "ann", "grunt")  # a card effect untaps it
    assert not fighter(s, "Ann", "Grunt").tapped and eff == []
    s, _ = do(s, "tap", "ann", "boss")
    assert player(s, "Ann").boss.tapped


def test_overruled_attack_pays_the_cost_and_taps():
    """A card effect that makes a character attack (overruled): the cost is paid and it taps; the
    pool never goes below 0."""
    s, _ = do(new(), "coins", "ann", "+2")
    s, _ = overrule(s, "fighter", "ann", "Grunt", "4")
    s, eff = overrule(s, "attack", "ann", "grunt", "2")
    assert player(s, "Ann").coins == 1 and fighter(s, "Ann", "Grunt").tapped
    assert kinds(eff) == ["attack"] and rules_of(eff) == [G + "combat.damage-on-resolution"]
    s, _ = do(s, "tap", "ben", "boss")
    s, eff = overrule(s, "attack", "ben", "boss", "5")
    assert player(s, "Ben").coins == 0 and "coins-short" in kinds(eff)


def test_overruled_attack_does_no_damage_by_itself_and_no_reciprocal_damage():
    s = new(boss_health="20")
    s, _ = overrule(s, "attack", "ann", "boss", "1")
    assert [p.boss.health for p in s.players] == [20, 20]
    s, _ = do(s, "damage", "ben", "boss", "6")
    assert [p.boss.health for p in s.players] == [20, 14]


# ---------------------------------------------------------------- defeat and winning


def test_one_v_one_win_when_the_opposing_boss_is_defeated():
    s = new(boss_health="ann:20,ben:12")
    s, _ = overrule(s, "fighter", "ben", "Grunt", "4")
    s, eff = do(s, "damage", "ben", "boss", "12")
    assert kinds(eff) == ["out", "cards-removed", "won"]
    assert rules_of(eff) == [G + "combat.boss-defeated", G + "winning.defeated-player-removed", G + "winning.one-v-one"]
    assert s.winner == "Ann" and s.game_over
    b = player(s, "Ben")
    assert b.out and b.fighters == () and b.coins == 0
    summary = T.declaration.verbs.summary(s)
    assert summary["game_over"] and summary["winner"] == "Ann" and summary["still_to_pass"] == []


def test_multiplayer_last_boss_standing():
    s = new(("Ann", "Ben", "Cy"), boss_health="10")
    s, eff = do(s, "damage", "cy", "boss", "11")
    assert kinds(eff) == ["out", "cards-removed"] and s.winner is None  # Cy's coin goes too
    s, eff = do(s, "damage", "ann", "boss", "10")
    assert kinds(eff)[-1] == "won" and eff[-1].rule == G + "winning.multiplayer-last-boss"
    assert s.winner == "Ben"


def test_defeated_player_without_cards_in_play_still_loses_the_hand():
    """Winning the Game: all cards the defeated player owns leave the game, the hand included
    (issue 20: the hand used to stay)."""
    s, _ = do(new(("Ann", "Ben", "Cy"), boss_health="10"), "coins", "cy", "spend", "1")
    s, eff = do(s, "damage", "cy", "boss", "10")
    assert kinds(eff) == ["out", "cards-removed"] and eff[1].message.endswith("(5 cards in hand)")
    assert player(s, "Cy").hand_size == 0


def test_changes_to_a_player_who_is_out_are_refused():
    s, _ = do(new(("Ann", "Ben", "Cy"), boss_health="10"), "damage", "cy", "boss", "10")
    for words in (["pass", "cy"], ["coins", "cy", "+1"], ["boss", "cy", "10"],
                  ["heal", "cy", "boss", "1"], ["damage", "cy", "boss", "1"], ["tap", "cy", "boss"]):
        v = refused(s, *words)
        assert [r.rule for r in v.reasons] == [G + "winning.defeated-player-removed"]
    # overruled damage to a defeated Boss: applied, but the player is not knocked out twice
    s2, eff = overrule(s, "damage", "cy", "boss", "3")
    assert player(s2, "Cy").boss.health == -3 and eff == []
    # a player who is out does not get coins and does not need to pass
    s, eff = do(all_pass(s), "next-level")
    assert player(s, "Cy").coins == 0 and [p.coins for p in s.in_game] == [2, 2]


def test_knocking_out_the_last_player_to_pass_ends_the_level():
    s = new(("Ann", "Ben", "Cy"), boss_health="10")
    s, _ = do(s, "pass", "ann")
    s, _ = do(s, "pass", "ben")
    s, eff = do(s, "damage", "cy", "boss", "10")
    assert kinds(eff)[-1] == "level-over" and s.level_over


def test_after_the_game_is_won_every_change_is_refused():
    s, _ = do(new(boss_health="5"), "damage", "ben", "boss", "5")
    for words in (["next-level"], ["pass", "ann"], ["coins", "ann", "+1"], ["damage", "ann", "boss", "1"]):
        v = refused(s, *words)
        assert [r.rule for r in v.reasons] == [G + "basics.win-lose"]
    # overruled damage that drops the winner's Boss too: the number changes, the result does not
    s2, eff = overrule(s, "damage", "ann", "boss", "5")
    assert s2.winner == "Ann" and not player(s2, "Ann").out and eff == []
    assert player(s2, "Ann").boss.health == 0


# ---------------------------------------------------------------- summary, dump/load, purity


def test_summary_is_small_and_json_ready():
    s = new(("Ann", "Ben"), boss_health="ann:30", player_one="ben")
    s, _ = do(s, "boss", "ann", "30", "Doom")
    s, _ = overrule(s, "fighter", "ann", "Grunt", "4")
    s, _ = overrule(s, "fighter", "ann", "Imp", "2")
    s, _ = do(s, "damage", "ann", "boss", "2")
    s, _ = do(s, "tap", "ann", "imp")
    s, _ = do(s, "tap", "ann", "boss")
    s, _ = do(s, "pass", "ben")
    summary = T.declaration.verbs.summary(s)
    json.dumps(summary)
    assert summary == {
        "level": 1, "player_one": "Ben", "still_to_pass": ["Ann"], "level_over": False,
        "game_over": False, "winner": None, "initiative": "Ann", "priority": None, "line": [],
        "players": [
            {"name": "Ann", "coins": 1, "passed": False, "out": False, "boss": "Doom 28/30, tapped",
             "fighters": ["Grunt 4/4", "Imp 2/2 tapped"], "weapons": [], "hand": "5 unnamed"},
            {"name": "Ben", "coins": 1, "passed": True, "out": False, "boss": "?/?", "fighters": [], "weapons": [],
             "hand": "5 unnamed"},
        ],
    }


def test_dump_and_load_round_trip():
    s, _ = overrule(new(boss_health="30"), "fighter", "ann", "Grunt", "4")
    data = s.model_dump(mode="json")
    json.dumps(data)
    assert T.load(data) == s


def test_state_is_frozen_and_forbids_extra_fields():
    s = new()
    with pytest.raises(Exception):
        s.level = 3
    with pytest.raises(Exception):
        T.load({**s.model_dump(mode="json"), "morale": 3})


def test_docs_list_every_command_and_option():
    text = (ROOT / "docs" / "track-cataclysm-arcade.md").read_text(encoding="utf-8")
    for verb in T.declaration.verbs.usage:
        assert f"companion track {verb}" in text, verb
    for option in T.declaration.verbs.options:
        assert f"{option}=" in text, option


# ---------------------------------------------------------------- hypothesis invariants

NAMES = ("Ann", "Ben", "Cy")


@st.composite
def command(draw, state):
    # damage, passing and new levels weighted up so that knockouts and wins happen
    weighted = ["damage"] * 4 + ["pass"] * 2 + ["next-level"] * 2
    verb = draw(st.sampled_from(sorted(T.declaration.verbs.usage) + weighted))
    who = draw(st.sampled_from(NAMES))
    spelled = draw(st.sampled_from([who, who.lower(), who[:2], who.upper()]))
    fighters = [f.name for f in state.player(who).fighters]
    char = draw(st.sampled_from(["boss", "Grunt"] + fighters * 3))
    amount = str(draw(st.integers(-2, 15)))
    if verb == "next-level":
        return [verb]
    if verb == "pass":
        return [verb, spelled]
    if verb == "coins":
        form = draw(st.sampled_from(["spend", "signed"]))
        return [verb, spelled, "spend", amount] if form == "spend" else [verb, spelled, amount]
    if verb == "boss":
        return [verb, spelled, amount]
    if verb == "fighter":
        name = draw(st.sampled_from(["Grunt", "Imp", "Iron Grunt"]))
        extra = draw(st.sampled_from([[], ["level", str(draw(st.integers(1, 4)))]]))
        return [verb, spelled, name, amount, *extra]
    if verb in ("damage", "heal", "gain-health", "attack"):
        return [verb, spelled, char, amount]
    return [verb, spelled, char]


def _check_state(s, only_legal):
    for p in s.players:
        assert p.coins >= 0
        for f in p.fighters:
            assert f.health > 0  # a Fighter at 0 or less never stays in play
        if p.out and only_legal:  # an overruled change may still give a defeated player something
            assert p.fighters == () and p.coins == 0
        names = [f.name.lower() for f in p.fighters]
        assert len(names) == len(set(names))  # one Fighter of each name per player
    assert (s.winner is not None) == (len(s.in_game) == 1)
    assert s.player_one in NAMES


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.booleans(), st.booleans())
def test_invariants_over_random_tables(data, known_health, overrule_some):
    options = {"boss-health": "8"} if known_health else {}
    s0 = T.declaration.verbs.new_state(list(NAMES), options)
    s = s0
    log: list[Change] = []
    outs: list[str] = []
    wins = 0
    level_overs: dict[int, int] = {}
    for _ in range(data.draw(st.integers(1, 40))):
        words = data.draw(command(s))
        try:
            change = T.parse(s, words)
        except EngineError:
            continue
        verdict = T.check(s, change)
        force = overrule_some and data.draw(st.booleans())
        if not verdict.legal and not force:
            assert verdict.reasons and all(r.rule in T.declaration.verbs.rule_ids for r in verdict.reasons)
            continue
        before = s.model_dump(mode="json")
        new_state, effects = T.apply(s, change)
        assert s.model_dump(mode="json") == before  # apply never mutates its input
        for e in effects:
            assert e.rule in T.declaration.verbs.rule_ids
            if e.kind == "out":
                outs.append(e.message.split("'")[0])
            if e.kind == "won":
                wins += 1
            if e.kind == "level-over":
                level_overs[new_state.level] = level_overs.get(new_state.level, 0) + 1
        if verdict.legal:
            assert tuple(effects) == verdict.effects
            _legal_step_checks(s, new_state, change)
        assert new_state.level >= s.level
        _check_state(new_state, only_legal=not overrule_some)
        json.dumps(T.declaration.verbs.summary(new_state))
        assert T.load(new_state.model_dump(mode="json")) == new_state
        log.append(change)
        s = new_state
    # thresholds fire at most once
    assert len(outs) == len(set(outs)) and wins <= 1
    assert all(n == 1 for n in level_overs.values())
    # replaying the same changes gives the same state
    replay = s0
    for change in log:
        replay, _ = T.apply(replay, change)
    assert replay == s


def _legal_step_checks(old, new, change):
    verb, args = change.verb, change.args
    if verb == "next-level":
        assert new.level == old.level + 1
        assert all(p.coins == new.level for p in new.in_game)
        assert not any(p.passed for p in new.players)
    else:
        assert new.level == old.level
    if verb == "heal":
        p_old, p_new = old.player(args[0]), new.player(args[0])
        if args[1] == "boss":
            h_old, h_new, start = p_old.boss.health, p_new.boss.health, p_old.boss.starting_health
        else:
            f_old = next(f for f in p_old.fighters if f.name == args[1])
            f_new = next(f for f in p_new.fighters if f.name == args[1])
            h_old, h_new, start = f_old.health, f_new.health, f_old.starting_health
        assert h_old <= h_new <= max(h_old, start)
    if verb == "coins" and args[1] == "spend":
        assert new.player(args[0]).coins == old.player(args[0]).coins - int(args[2])


# ---------------------------------------------------------------- one rules model with the validator


def test_tracker_untap_ends_a_stun_and_damage_goes_through_armor():
    from engine.cataclysm_arcade import Engine

    s = new(boss_health="10")
    s = DRIVE.play(s, "card Tank fighter level=1 health=4 attack=1 attack-cost=1 armor=2 keywords=armor")
    s, _ = overrule(s, "fighter", "ann", "Tank", "4")
    s, eff = do(s, "damage", "ann", "tank", "3")
    assert fighter(s, "Ann", "Tank").health == 3 and kinds(eff) == ["armor"]
    stunned = s.model_copy(update={"players": (s.players[0].model_copy(update={"fighters": (
        fighter(s, "Ann", "Tank").model_copy(update={"stunned": True, "tapped": True}),)}), s.players[1])})
    verdict = Engine().check(stunned, Engine().plays.parse_move("attack tank at ben boss", stunned))
    assert G + "keywords.stun" in rules_of(verdict)
    s, _ = do(stunned, "untap", "ann", "tank")
    assert not fighter(s, "Ann", "Tank").stunned
    assert Engine().check(s, Engine().plays.parse_move("attack tank at ben boss", s)).legal


def test_tracker_moves_wait_for_the_line():
    from engine.cataclysm_arcade import Engine

    s = new(boss_health="10")
    s = Engine().plays.apply(s, Engine().plays.parse_move("attack boss at ben boss", s), overruled=True)
    assert rules_of(refused(s, "pass", "ann")) == [G + "turn.line.repeat"]
    s, _ = do(s, "damage", "ben", "boss", "1")  # counters still change while the Line waits


def test_destroy_by_card_effect_meets_determination():
    # Glossary, Determination: a Fighter that would be destroyed, with no +1 Attack counter, stays at 1
    # health with a counter; a card effect that destroys it is such a case (then, with its counter, it goes)
    s = DRIVE.play(new(), "card Hero fighter level=1 health=3 attack=1 attack-cost=1 keywords=determination")
    s, _ = overrule(s, "fighter", "ben", "Hero", "3")
    s, eff = do(s, "destroy", "ben", "hero")
    assert (fighter(s, "Ben", "Hero").health, fighter(s, "Ben", "Hero").counters) == (1, 1)
    assert rules_of(eff) == [G + "keywords.determination"]
    s, eff = do(s, "destroy", "ben", "hero")
    assert player(s, "Ben").fighters == () and rules_of(eff) == [G + "keywords.destroy"]
