"""The Catharsis tracker: Morale, refresh windows, boards, characters, enemies, and their rules."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.catharsis import Tracker
from tests.engine.driver import Driver, kinds
from engine.tracking import OptionError

T = Tracker()
DRIVE = Driver(T, effects_in_verdict=False)
PLAYERS = ["Ann", "Ben", "Cy"]


def new(players=PLAYERS, **options):
    options.setdefault("morale", "18")
    options = {k: v for k, v in options.items() if v is not None}
    return T.declaration.verbs.new_state(list(players), options)


def verdict(state, *words):
    return T.check(state, T.parse(state, list(words)))


def do(state, *words):
    """Apply a change the rulebook allows (the checked step); fail the test if it is refused."""
    return DRIVE.do(state, *words)


def overrule(state, *words):
    return DRIVE.overrule(state, *words)


def refused(state, *words):
    v = verdict(state, *words)
    assert not v.legal
    return {r.rule for r in v.reasons}, v


def rules_of(effects):
    return {e.rule for e in effects}


def between_cards(state):
    state, _ = do(state, "next-card", "event")
    state, _ = do(state, "resolved")
    return state


def in_combat(state, health="8/10/12/14/16", kind=None):
    state, _ = do(state, "next-card", kind or "monster")
    state, _ = do(state, "enemy", "Crab", health, *((kind,) if kind else ()))
    state, _ = do(state, "combat", "start")
    return state


# ---------------------------------------------------------------------------- rule ids


def test_every_rule_id_exists():
    from rulesdb.reference import reference

    ref = reference()
    known = set(ref.rules) | set(ref.sections)
    cited = T.declaration.verbs.rule_ids
    assert cited and cited <= known, sorted(cited - known)


def test_rule_ids_are_the_constants_of_R_and_written_nowhere_else():
    """Every rule id is a constant of rule_ids.R (the Engine's and the Tracker's set come from it),
    and no other module of the package writes one as a string literal."""
    import ast
    from pathlib import Path

    from engine.catharsis import Engine
    from engine.catharsis.rule_ids import RULE_IDS, R

    constants = {v for k, v in vars(R).items() if k.isupper()}
    assert RULE_IDS == constants == T.declaration.verbs.rule_ids == Engine().declaration.plays.rule_ids
    package = Path(R.__module__.replace(".", "/")).parent
    root = Path(__file__).resolve().parents[2]
    found = []
    for path in sorted((root / package).glob("*.py")):
        if path.name == "rule_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"\bcatharsis\.[a-z-]+\.[a-z]", node.value):
                found.append(f"{path.name}:{node.lineno}: {node.value[:60]!r}")
    assert found == []


def test_effects_and_reasons_cite_known_ids():
    s = in_combat(new(characters="Ann=Durhak,Ben=Goz,Cy=Luthia"))
    s, eff = do(s, "divinity", "ann", "+12")
    assert all(e.rule in T.declaration.verbs.rule_ids for e in eff)
    rules, _ = refused(s, "refresh")
    assert rules <= T.declaration.verbs.rule_ids


# ---------------------------------------------------------------------------- options


def test_new_state_basics():
    s = new(thresholds="17:everyone takes 2 damage;12:lose a power")
    assert s.morale == s.morale_start == 18
    assert [t.at for t in s.thresholds] == [17, 12]
    assert s.phase == "setup" and s.characters_started == 3
    assert all(len(p.powers) == 6 and p.role == "face-up" for p in s.players)


@pytest.mark.parametrize("opts, word", [
    ({"morale": None}, "morale"),
    ({"morale": "lots"}, "morale"),
    ({"morale": "0"}, "morale"),
    ({"colour": "red"}, "colour"),
    ({"boss": "kraken"}, "boss"),
    ({"hard": "maybe"}, "hard"),
    ({"thresholds": "17 everyone"}, "thresholds"),
    ({"thresholds": "18:too high"}, "thresholds"),
    ({"thresholds": "0:zero"}, "thresholds"),
    ({"thresholds": "5:a;5:b"}, "thresholds"),
    ({"morale": "none", "thresholds": "5:a"}, "thresholds"),
    ({"characters": "Ann"}, "characters"),
    ({"characters": "Zed=Goz"}, "characters"),
    ({"characters": "Ann=Durak"}, "characters"),
    ({"powers": "7"}, "powers"),
    ({"powers": "Ann=0"}, "powers"),
    ({"paradox": "-1"}, "paradox"),
    ({"paradox": "3", "boss": "undercity-crab"}, "paradox"),
    ({"kpt": "2", "boss": "undercity-crab"}, "kpt"),
])
def test_bad_options_name_the_option(opts, word):
    with pytest.raises(OptionError) as exc:
        new(**opts)
    assert word in str(exc.value)


def test_option_error_lists_valid_choices():
    with pytest.raises(OptionError) as exc:
        new(boss="kraken")
    assert "murder-mystery" in str(exc.value) and "undercity-crab" in str(exc.value)
    with pytest.raises(OptionError) as exc:
        new(colour="red")
    assert "thresholds" in str(exc.value)


def test_ice_elf_lich_has_no_morale():
    s = new(boss="lich", morale=None)
    assert s.boss == "ice-elf-lich" and s.morale is None
    with pytest.raises(OptionError, match="morale=none"):
        new(boss="ice-elf-lich", morale="18")
    assert new(morale="none").morale is None


def test_player_count_limits():
    with pytest.raises(OptionError, match="3 to 7"):
        new(players=["Ann", "Ben"], boss="murder-mystery")
    with pytest.raises(OptionError, match="1 to 5"):
        new(players=list("ABCDEF"))
    assert new(players=list("ABCDEFG"), boss="murder-mystery").characters_started == 7
    with pytest.raises(OptionError, match="same name"):
        new(players=["Ann", "ann"])
    with pytest.raises(OptionError):
        new(players=[])


def test_characters_option():
    s = new(characters="ann=durhak the devoted, Ben=Goz,  cy=lumi")
    assert [p.character for p in s.players] == ["Durhak", "Goz", "Lumi"]
    s = new(characters="Ann=Briggs")  # a character this rulebook does not describe: kept as typed
    assert s.players[0].character == "Briggs"
    s = new(characters="Ann=Luthia")
    assert all(pw.level == 1 for pw in s.players[0].powers)


def test_hard_mode_powers_paradox_kpt_options():
    s = new(hard="yes", powers="Ann=5,Ben=6")
    assert s.hard_mode and len(s.players[0].powers) == 5 and len(s.players[2].powers) == 6
    assert new(powers="5").players[1].powers.__len__() == 5
    assert new(boss="battle-with-fate", paradox="15").paradox == 15
    assert new(boss="lich", morale=None, kpt="3").players[0].kpt == 3


# ---------------------------------------------------------------------------- parse


def test_parse_normalises():
    s = new()
    assert T.parse(s, ["morale", "-1"]).args == ("-1",)
    assert T.parse(s, ["Morale", "+2"]).args == ("+2",)
    with pytest.raises(MoveSyntaxError, match="changes nothing"):
        T.parse(s, ["morale", "0"])
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(s, ["morale", "2"])
    assert exc.value.candidates == ["morale +2", "morale -2"]
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(s, ["drinks", "b", "1"])
    assert exc.value.candidates == ["drinks Ben +1", "drinks Ben -1"]
    assert T.parse(s, ["damage", "a", "exhaust", "3", "discard", "3"]).args == ("Ann", "exhaust", "3", "discard", "3")
    assert T.parse(s, ["next", "m"]).args == ("monster",)
    assert T.parse(s, ["unexhaust", "BEN", "2"]).verb == "heal"


def test_parse_errors():
    s = new()
    with pytest.raises(MoveSyntaxError, match="morale"):
        T.parse(s, ["moral", "-1"])
    with pytest.raises(MoveSyntaxError, match="'x'"):
        T.parse(s, ["morale", "x"])
    with pytest.raises(MoveSyntaxError, match="Ann"):
        T.parse(s, ["divinity", "Anne", "+1"])
    with pytest.raises(MoveSyntaxError, match="power"):
        T.parse(s, ["damage", "ann", "exhaust", "7"])
    with pytest.raises(MoveSyntaxError):
        T.parse(s, [])
    with pytest.raises(MoveSyntaxError, match="exhaust or discard"):
        T.parse(s, ["damage", "ann", "3", "4"])
    s2 = new(players=["Ann", "Anna", "Ben"])
    with pytest.raises(AmbiguousMove) as exc:
        T.parse(s2, ["drinks", "an", "+1"])
    assert exc.value.candidates == ["Ann", "Anna"]
    assert T.parse(s2, ["drinks", "ann", "+1"]).args[0] == "Ann"  # exact beats prefix


def test_parse_enemy_health_lists():
    s, _ = do(new(), "next-card", "monster")
    with pytest.raises(MoveSyntaxError, match="five values"):
        T.parse(s, ["enemy", "Crab", "8/10/12/14"])
    with pytest.raises(MoveSyntaxError, match="health list"):
        T.parse(s, ["enemy", "Crab", "lots"])
    with pytest.raises(MoveSyntaxError, match="no Enemy"):
        T.parse(s, ["enemy", "damage", "3"])
    c = T.parse(s, ["enemy", "Giant Crab", "8", "/", "10", "/", "12", "/", "14", "/", "16", "armor", "2"])
    assert c.args == ("add", "Giant Crab", "8/10/12/14/16", "monster", "armor", "2")


def test_powers_by_name_and_discarded_powers():
    s, _ = do(new(), "rename", "ann", "3", "Nail", "to", "the", "Eye")
    assert T.parse(s, ["exhaust", "ann", "nail"]).args == ("Ann", "3")
    s, _ = do(s, "damage", "ann", "exhaust", "Nail to the Eye", "discard", "nail")
    with pytest.raises(MoveSyntaxError, match="discarded"):
        T.parse(s, ["heal", "ann", "3"])


# ---------------------------------------------------------------------------- Morale


def test_morale_cannot_rise_above_start():
    s, _ = do(new(), "morale", "-2")
    rules, v = refused(s, "morale", "+3")
    assert rules == {"catharsis.morale.max-starting"}
    assert v.alternatives == ("morale +2",)
    s, _ = do(s, "morale", "+2")
    assert s.morale == 18
    rules, v = refused(s, "morale", "+1")
    assert v.alternatives == ()


def test_overruled_morale_gain_is_applied_literally():
    s, eff = overrule(new(), "morale", "+2")
    assert s.morale == 20
    assert "catharsis.morale.max-starting" in rules_of(eff)


def test_effects_and_notes_carry_their_data():
    """Code reads an effect's data fields and a note's rule, never the message (issue 22)."""
    s = new(thresholds="17:everyone takes 2 damage;15:lose a power")
    s, eff = do(s, "morale", "-3")
    assert [(e.kind, e.amount) for e in eff if e.kind == "threshold"] == [("threshold", 17), ("threshold", 15)]
    s = in_combat(new(characters="Ann=Goz,Ben=Durhak,Cy=Luthia"))
    s, eff = do(s, "combat", "attack")
    s, eff = do(s, "use", "ann", "2")
    assert [(e.who, e.amount, e.card) for e in eff if e.kind == "combo"] == [("Ann", 1, "2")]
    s, eff = do(s, "damage", "ben", "exhaust", "3")
    assert [(e.who, e.amount, e.card) for e in eff if e.kind == "damage"] == [("Ben", 1, "3")]
    s, eff = do(s, "enemy", "damage", "3")
    assert [(e.card, e.amount) for e in eff if e.kind == "enemy-health"] == [("Crab", 9)]   # 12 health for 3 characters
    s = new(thresholds="17:a;16:b")
    v = verdict(s, "morale", "-2")
    assert [n.rule for n in v.unchecked] == ["catharsis.morale.thresholds"]
    assert v.unchecked[0].message.startswith("reading: a Morale drop past several thresholds")


def test_threshold_fires_only_first_time():
    s = new(thresholds="17:everyone takes 2 damage;12:lose a power")
    s, eff = do(s, "morale", "-1")
    assert [e.message for e in eff if e.kind == "threshold"] == ["Morale 17 reached: everyone takes 2 damage"]
    s, eff = do(s, "morale", "+1")
    assert "threshold" not in kinds(eff)
    s, eff = do(s, "morale", "-1")
    assert "threshold" not in kinds(eff)
    assert "catharsis.morale.tier-once" in rules_of(eff)
    assert s.thresholds_reached == (17,)


def test_dropping_past_several_thresholds_fires_each():
    s = new(thresholds="17:a;15:b;12:c")
    s, eff = do(s, "morale", "-4")
    assert [e.message for e in eff if e.kind == "threshold"] == ["Morale 17 reached: a", "Morale 15 reached: b"]


def test_murder_mystery_worked_example():
    """18 -> 17: everyone takes 2 damage; an Event heals back to 18; a refresh back to 17 repeats nothing."""
    s = new(boss="murder-mystery", thresholds="17:everyone takes 2 damage")
    s = between_cards(s)
    s, eff = do(s, "morale", "-1")
    assert "threshold" in kinds(eff)
    # the threshold's 2 damage is owed by everyone (issue 33): taken before the table goes on
    assert [p.damage_due for p in s.players] == [2] * len(s.players)
    for p in s.players:
        s, _ = do(s, "damage", p.name, "exhaust", "1", "2")
    s, _ = do(s, "morale", "+1")
    assert s.morale == 18
    s, eff = do(s, "refresh")
    assert s.morale == 17 and "threshold" not in kinds(eff)


def test_threshold_from_refresh_comes_after_the_refresh():
    s = between_cards(new(thresholds="17:everyone takes 2 damage"))
    s, _ = do(s, "exhaust", "ann", "1")
    s, eff = do(s, "refresh")
    k = kinds(eff)
    assert k.index("refresh") < k.index("threshold")
    assert "catharsis.morale.threshold-after-refresh" in rules_of(eff)


def test_morale_zero_loses():
    s, eff = do(new(morale="2"), "morale", "-2")
    assert s.outcome == "lost" and s.game_over
    assert "catharsis.morale.zero-loses" in rules_of(eff)
    assert T.declaration.verbs.summary(s)["game_over"] is True


def test_morale_zero_from_enemy_attack_is_instant_loss():
    s = in_combat(new(morale="3"))
    s, _ = do(s, "combat", "enemy")
    s, eff = do(s, "morale", "-5")
    assert s.morale == 0  # the tracker has no value below 0
    assert "catharsis.combat.enemy-attack.morale-zero" in rules_of(eff)


def test_after_a_loss_changes_are_refused():
    s, _ = do(new(morale="1"), "morale", "-1")
    rules, _ = refused(s, "drinks", "ann", "+1")
    assert rules == {"catharsis.winning.losing"}


def test_after_a_win_changes_are_refused():
    """Regression (issue 12): after the Boss fell, the table accepted more cards and changes."""
    s = in_combat(new(), "30", kind="boss")
    s, _ = do(s, "enemy", "damage", "30")
    assert s.outcome == "won"
    for words in (("next-card", "monster"), ("drinks", "ann", "+1"), ("refresh",), ("morale", "+1"),
                  ("gain", "ann", "x"), ("combat", "start")):
        rules, v = refused(s, *words)
        assert rules == {"catharsis.winning.conditions"}, words
        assert v.alternatives == ("morale -1",)
    # the Boss's On Defeat may still cost Morale or deal damage (and so lose after all)
    assert verdict(s, "morale", "-1").legal
    assert verdict(s, "damage", "ann", "exhaust", "1").legal


def test_refresh_advice_works_with_a_monster_revealed():
    """Regression (issue 12): the refusal advised `resolved`, which Enemy cards refuse."""
    s = between_cards(new())
    for kind in ("monster", "boss"):
        t, _ = do(s, "next-card", kind)
        assert refused(t, "refresh")[1].alternatives[0].startswith('enemy "NAME"')  # no Enemy yet (issue 33)
        t, _ = do(t, "enemy", "Crab", "8/10/12/14/16")
        rules, v = refused(t, "refresh")
        assert rules == {"catharsis.morale.refresh-too-late"}
        assert "resolved" not in v.reasons[0].message
        assert v.alternatives == ("combat start",)
        assert verdict(t, *v.alternatives[0].split()).legal
    t, _ = do(s, "next-card", "trap")
    _, v = refused(t, "refresh")
    assert v.alternatives == ("resolved",) and verdict(t, "resolved").legal


def test_morale_refusal_offers_the_largest_rise_in_the_cli(cli):
    """Regression (issue 12): the refusal line did not offer the largest allowed change."""
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=10").exit_code == 0
    assert cli("track", "morale", "-3").exit_code == 0
    result = cli("track", "morale", "+5")
    assert result.exit_code == 1   # a refused change is a finding (docs/cli.md exit codes)
    assert "allowed instead: morale +3" in result.stderr
    assert cli("track", "morale", "+3").exit_code == 0


def test_no_morale_game_refuses_morale():
    s = new(boss="lich", morale=None)
    rules, _ = refused(s, "morale", "-1")
    assert rules == {"catharsis.boss-decks.ice-elf-lich.no-morale"}
    s2, eff = overrule(s, "morale", "-1")
    assert s2.morale is None and kinds(eff) == ["no-morale"]


# ---------------------------------------------------------------------------- refresh


def test_refresh_windows():
    s = new()
    assert refused(s, "refresh")[0] == {"catharsis.morale.refresh-timing"}
    s, _ = do(s, "next-card", "trap")
    assert refused(s, "refresh")[0] == {"catharsis.morale.refresh-too-late"}
    s, _ = do(s, "resolved")
    assert verdict(s, "refresh").legal
    s = in_combat(s)
    assert refused(s, "refresh")[0] == {"catharsis.morale.refresh-too-late"}       # start of round
    s, _ = do(s, "combat", "attack")
    assert refused(s, "refresh")[0] == {"catharsis.morale.refresh-too-late"}       # round 1: the card was just revealed
    s, _ = do(s, "combat", "enemy")
    rules, v = refused(s, "refresh")
    assert rules == {"catharsis.combat.refresh-phase.spend-morale"} and v.alternatives == ("combat refresh",)
    s, _ = do(s, "combat", "refresh")
    assert verdict(s, "refresh").legal
    s, _ = do(s, "combat", "end-round")
    assert verdict(s, "refresh").legal
    s, _ = do(s, "combat", "round")
    # Morale: the window stays open until dice are rolled for the new round (issue 20)
    assert verdict(s, "refresh").legal and verdict(s, "refresh").unchecked
    s, _ = do(s, "enemy", "defeated")
    assert s.phase == "between-cards" and verdict(s, "refresh").legal


def test_refresh_unexhausts_and_unflips_but_never_restores_discards():
    s = between_cards(new())
    s, _ = do(s, "damage", "ann", "exhaust", "1", "2", "discard", "2")
    s, _ = do(s, "flip", "ben")
    s, eff = do(s, "refresh")
    ann = s.players[0]
    assert [pw.status for pw in ann.powers[:3]] == ["face-up", "discarded", "face-up"]
    assert s.players[1].role == "face-up" and s.morale == 17
    assert "catharsis.morale.refresh" in rules_of(eff)


def test_overruled_refresh_outside_its_window_still_refreshes():
    s, _ = do(new(), "exhaust", "ann", "1")
    s, _ = overrule(s, "refresh")
    assert s.morale == 17 and s.players[0].powers[0].status == "face-up"


def test_refresh_spending_last_morale_loses():
    s = between_cards(new(morale="1"))
    s, eff = do(s, "refresh")
    assert s.outcome == "lost" and kinds(eff)[-1] == "lost"


def test_lich_refresh_with_kill_point_tokens():
    s = between_cards(new(boss="lich", morale=None, kpt="2"))
    rules, v = refused(s, "refresh")
    assert rules == {"catharsis.boss-decks.ice-elf-lich.no-morale"}
    s, _ = do(s, "exhaust", "ann", "1", "2")
    s, _ = do(s, "exhaust", "ben", "1")
    assert refused(s, "refresh", "kpt", "ann", "3")[0] == {"catharsis.boss-decks.ice-elf-lich.kill-point-tokens"}
    s, eff = do(s, "refresh", "kpt", "ann", "2")
    assert s.players[0].kpt == 0
    assert s.players[0].powers[0].status == "face-up" and s.players[1].powers[0].status == "exhausted"


def test_kpt_refresh_refused_in_a_morale_game():
    assert refused(between_cards(new()), "refresh", "kpt", "ann", "0")[0] == {
        "catharsis.boss-decks.ice-elf-lich.kill-point-tokens"}


# ---------------------------------------------------------------------------- damage and death


def test_damage_exhausts_then_discards():
    s, _ = do(new(), "damage", "ann", "exhaust", "1")
    assert s.players[0].powers[0].status == "exhausted"
    rules, v = refused(s, "damage", "ann", "exhaust", "1")
    assert rules == {"catharsis.damage.per-point"} and v.alternatives == ("damage Ann discard 1",)
    rules, _ = refused(s, "damage", "ann", "discard", "2")
    assert rules == {"catharsis.damage.per-point"}
    s, _ = do(s, "damage", "ann", "discard", "1")
    assert s.players[0].powers[0].status == "discarded"


def test_overruled_damage_discards_a_face_up_power():
    s, _ = overrule(new(), "damage", "ann", "discard", "2")
    assert s.players[0].powers[1].status == "discarded"


def test_death_and_party_size():
    s = new(powers="Ann=1")
    s, eff = do(s, "damage", "ann", "exhaust", "1", "discard", "1")
    assert s.players[0].dead and "catharsis.damage.death" in rules_of(eff)
    assert s.outcome is None
    assert T.declaration.verbs.summary(s)["players"][0]["dead"] is True
    # dead players still count: a 3-character party still reads the third value
    s, _ = do(s, "next-card", "monster")
    s, _ = do(s, "enemy", "Crab", "8/10/12/14/16")
    assert s.enemies[0].health == 12


def test_dead_player_cannot_be_damaged():
    s = new(powers="Ann=2")
    s, _ = do(s, "damage", "ann", "exhaust", "1", "2", "discard", "1")
    s2, _ = do(s, "exhaust", "ben", "1")
    assert verdict(s2, "damage", "ann", "discard", "2").legal
    s3, _ = do(s2, "damage", "ann", "discard", "2")
    assert s3.players[0].dead
    assert refused(s3, "damage", "ann", "exhaust", "1")[0] == {"catharsis.damage.dead-not-targeted"}
    rules, v = refused(s3, "heal", "ann", "1")
    assert rules == {"catharsis.damage.dead-not-targeted"} and v.alternatives == ("revive Ann",)
    s4 = T.declaration.verbs.new_state(PLAYERS, {"boss": "lich", "kpt": "1", "powers": "Ann=1"})
    s4, _ = do(s4, "damage", "ann", "exhaust", "1", "discard", "1")
    assert refused(s4, "refresh", "kpt", "ann", "1")[0] == {"catharsis.damage.dead-not-targeted"}


def test_everyone_dead_loses():
    s = new(players=["Ann", "Ben"], powers="1")
    s, _ = do(s, "damage", "ann", "exhaust", "1", "discard", "1")
    s, eff = do(s, "damage", "ben", "exhaust", "1", "discard", "1")
    assert s.outcome == "lost" and "catharsis.damage.all-dead" in rules_of(eff)


def test_heal_and_roles():
    s, _ = do(new(), "exhaust", "ann", "1", "2")
    s, eff = do(s, "heal", "ann", "1")
    assert [pw.status for pw in s.players[0].powers[:2]] == ["face-up", "exhausted"]
    assert rules_of(eff) == {"catharsis.damage.heal"}
    s, _ = do(s, "flip", "ann")
    assert refused(s, "flip", "ann")[0] == {"catharsis.player-decks.role-flip"}
    assert refused(s, "heal", "ann", "role")[0] == {"catharsis.quickplay.combat.passive-and-flip"}
    assert refused(s, "unflip", "ann")[0] == {"catharsis.player-decks.role-unflip-morale"}
    s = in_combat(s)
    rules, v = refused(s, "unflip", "ann")
    # at the start of a round a refresh is refused too, so it is not advised (issue 12)
    assert rules == {"catharsis.combat.refresh-phase.only-unflip"} and "refresh" not in v.alternatives
    s, _ = do(s, "combat", "enemy")
    s, _ = do(s, "combat", "refresh")
    rules, v = refused(s, "unflip", "ann")
    assert "refresh" in v.alternatives


def test_board_limit_and_gain():
    s = new()
    rules, _ = refused(s, "gain", "ann", "Demon Lord")
    assert rules == {"catharsis.player-decks.add-when-full"}
    s, _ = do(s, "discard", "ann", "4")
    s, _ = do(s, "gain", "ann", "Demon", "Lord")
    assert s.players[0].powers[3].name == "Demon Lord" and s.players[0].powers[3].status == "face-up"
    assert len(s.players[0].powers) == 6


def test_replace_and_immunity():
    s = new(characters="Ann=Luthia,Ben=Emberhoof,Cy=Goz")
    assert refused(s, "replace", "ann", "1")[0] == {"catharsis.characters.luthia.immune-replace"}
    assert refused(s, "replace", "ben", "1")[0] == {"catharsis.characters.emberhoof.replace"}
    s, _ = do(s, "exhaust", "cy", "2")
    s, eff = do(s, "replace", "cy", "2", "Suplex")
    assert s.players[2].powers[1].name == "Suplex" and s.players[2].powers[1].status == "face-up"


def test_no_powers_during_traps_and_events():
    s, _ = do(new(), "next-card", "trap")
    assert refused(s, "use", "ann", "1")[0] == {"catharsis.boss-deck.no-powers-traps-events"}
    s, _ = do(s, "next-card", "special")
    assert verdict(s, "use", "ann", "1").legal


def test_using_an_exhausted_power_is_refused():
    s, _ = do(new(), "exhaust", "ann", "1")
    s, _ = do(in_combat(s), "combat", "attack")  # abilities are used in the Player Attack Phase
    rules, v = refused(s, "use", "ann", "1")
    assert rules == {"catharsis.combat.player-attack.use-abilities"}
    s, _ = do(s, "use", "ann", "2", "free")
    assert s.players[0].powers[1].status == "face-up"


def test_step_messages_name_the_step():
    s = in_combat(new())
    for step in ("attack", "enemy", "refresh"):
        s, _ = do(s, "combat", step)
    s, eff = do(s, "combat", "end-round")
    assert [e.message for e in eff if e.kind == "step"] == ["round 1: End of Round: resolve end-of-round effects"]


def test_a_power_has_one_ability_a_round_as_a_play_or_a_command():
    """Player Attack Phase: one ability of a power a round, top or bottom. The play `use` refused a
    second one while the tracker's `use` allowed it (Goz's tops do not exhaust); both now refuse it,
    by the one check in rules_combat, until the next round starts."""
    from engine.catharsis import Engine

    engine = Engine()
    s = in_combat(new(characters="Ann=Goz"))
    s, _ = do(s, "combat", "attack")
    s, _ = do(s, "use", "ann", "1", "top")
    assert s.players[0].powers[0].status == "face-up" and s.players[0].powers[0].combo == 1
    rules, _ = refused(s, "use", "ann", "1", "bottom")
    assert rules == {"catharsis.quickplay.combat.one-ability-per-power", "catharsis.combat.player-attack.top-or-bottom"}
    s = engine.plays.apply(s, engine.plays.parse_move("roll Ann 1 2 3 4 5 6", s))
    assert not engine.check(s, engine.plays.parse_move("use Ann 1 top with 1", s)).legal
    s, _ = do(s, "combat", "enemy")
    s, _ = do(s, "combat", "round")
    s, _ = do(s, "combat", "attack")
    assert verdict(s, "use", "ann", "1", "top").legal


# ---------------------------------------------------------------------------- Durhak


def durhak():
    return new(characters="Ann=Durhak,Ben=Goz,Cy=Luthia")


def test_divinity_cap_excess_lost():
    s, _ = do(durhak(), "divinity", "ann", "+7")
    s, eff = do(s, "divinity", "ann", "+5")
    assert s.players[0].divinity == 10
    assert [e.message for e in eff] == ["Ann can hold 10 Divinity: 2 lost"]
    assert refused(s, "divinity", "ben", "+1")[0] == {"catharsis.characters.durhak.divinity-gain"}
    assert refused(s, "divinity", "ann", "-11")[0] == {"catharsis.characters.durhak.spend-divinity"}


def test_vessel_upkeep_and_revert():
    s = in_combat(durhak())
    s, _ = do(s, "divinity", "ann", "+9")
    s, eff = do(s, "flip", "ann")
    assert s.players[0].vessel and "catharsis.characters.durhak.vessel-flip" in rules_of(eff)
    assert refused(s, "divinity", "ann", "+1")[0] == {"catharsis.characters.durhak.vessel-no-gain"}
    s, eff = do(s, "combat", "round")
    assert s.players[0].divinity == 5 and s.players[0].vessel
    s, eff = do(s, "combat", "round")
    assert s.players[0].divinity == 1 and s.players[0].vessel
    s, eff = do(s, "combat", "round")  # 1 < 4: she reverts before using abilities, and takes damage
    assert not s.players[0].vessel and s.players[0].divinity == 1
    assert {"catharsis.characters.durhak.vessel-revert", "catharsis.characters.durhak.unflip-damage"} <= rules_of(eff)


def test_vessel_reverts_at_zero_divinity_and_at_combat_end():
    s = in_combat(durhak())
    s, _ = do(s, "divinity", "ann", "+3")
    s, _ = do(s, "flip", "ann")
    s, eff = do(s, "divinity", "ann", "-3")
    assert not s.players[0].vessel and "durhak-damage" in kinds(eff)
    s, _ = do(s, "divinity", "ann", "+6")
    s, _ = do(s, "flip", "ann")
    s, eff = do(s, "enemy", "defeated")
    assert not s.players[0].vessel and s.players[0].divinity == 6
    assert "durhak-damage" not in kinds(eff)  # the combat is over
    assert "catharsis.characters.durhak.divinity-carryover" in rules_of(eff)


def test_durhak_may_unflip_by_an_effect():
    s = in_combat(durhak())
    s, _ = do(s, "divinity", "ann", "+5")
    s, _ = do(s, "flip", "ann")
    s, eff = do(s, "unflip", "ann")
    assert s.players[0].role == "face-up" and "durhak-damage" in kinds(eff)


# ---------------------------------------------------------------------------- Goz


def test_goz_worked_example():
    s = new(characters="Ann=Goz")
    for slot, name in (("1", "Nail to the Eye"), ("2", "Dragon Grapple"), ("3", "Up High Down Hard")):
        s, _ = do(s, "rename", "ann", slot, name)
    s = in_combat(s)
    s, _ = do(s, "combat", "attack")
    s, eff = do(s, "use", "ann", "nail", "top")
    assert "catharsis.characters.goz.top-places-combo" in rules_of(eff)
    s, _ = do(s, "use", "ann", "dragon", "top")
    s, _ = do(s, "combo", "ann", "nail", "+1")  # her Passive
    board = s.players[0].powers
    assert (board[0].combo, board[1].combo) == (2, 1)
    assert board[0].status == board[1].status == "face-up"
    s, _ = do(s, "combat", "enemy")
    s, eff = do(s, "combat", "round")
    fires = [e.message for e in eff if e.kind == "combo-fires"]
    assert fires == ["Ann: top abilities fire for free on Nail to the Eye (prevents 1 damage), Dragon Grapple (deals 4 damage)"]
    s, _ = do(s, "combat", "attack")
    s, _ = do(s, "combo", "ann", "nail", "+1")
    s, _ = do(s, "use", "ann", "up", "top")
    assert [pw.combo for pw in s.players[0].powers[:3]] == [3, 1, 1]
    s, eff = do(s, "use", "ann", "nail", "bottom")
    assert "removes 3 Combo" in eff[0].message
    assert s.players[0].powers[0].combo == 0 and s.players[0].powers[0].status == "exhausted"
    s, _ = do(s, "flip", "ann")
    s, _ = do(s, "combo", "ann", "dragon", "+1")
    s, _ = do(s, "combo", "ann", "up", "+1")
    assert [pw.combo for pw in s.players[0].powers[:3]] == [0, 2, 2]
    s, eff = do(s, "enemy", "defeated")
    assert all(pw.combo == 0 for pw in s.players[0].powers)
    assert "catharsis.characters.goz.combo-end-of-combat" in rules_of(eff)


def test_goz_combo_lost_when_power_exhausts():
    s = in_combat(new(characters="Ann=Goz"))
    s, _ = do(s, "combo", "ann", "2", "+2")
    s, eff = do(s, "damage", "ann", "exhaust", "2")
    assert s.players[0].powers[1].combo == 0
    assert "catharsis.characters.goz.exhaust-discards-combo" in rules_of(eff)
    assert refused(s, "combo", "ann", "2", "+1")[0] == {"catharsis.characters.goz.exhaust-discards-combo"}
    assert refused(new(characters="Ann=Durhak"), "combo", "ann", "1", "+1")[0] == {
        "catharsis.characters.goz.top-places-combo"}


# ---------------------------------------------------------------------------- Luthia


def test_luthia_cobble_and_levels():
    s = in_combat(new(characters="Ann=Luthia"))
    s, _ = do(s, "combat", "attack")
    s, eff = do(s, "use", "ann", "1")
    assert s.players[0].cobble == 1 and "catharsis.characters.luthia.cobble-gain" in rules_of(eff)
    assert refused(s, "level-up", "ann", "2")[0] == {"catharsis.characters.luthia.level-2-cost"}
    s, _ = do(s, "cobble", "ann", "+6")
    s, eff = do(s, "level-up", "ann", "1")
    pw = s.players[0].powers[0]
    assert pw.level == 2 and pw.status == "exhausted" and s.players[0].cobble == 0
    assert "catharsis.characters.luthia.level-up-no-unexhaust" in rules_of(eff)
    s, _ = do(s, "cobble", "ann", "+11")
    assert refused(s, "level-up", "ann", "1")[0] == {"catharsis.characters.luthia.level-3-cost"}
    s, _ = do(s, "cobble", "ann", "+1")
    s, _ = do(s, "level-up", "ann", "1")
    assert s.players[0].powers[0].level == 3 and s.players[0].cobble == 0
    s, _ = do(s, "cobble", "ann", "+20")
    assert refused(s, "level-up", "ann", "1")[0] == {"catharsis.characters.luthia.level-3-cost"}
    s, _ = do(s, "combat", "enemy")
    assert refused(s, "level-up", "ann", "2")[0] == {"catharsis.characters.luthia.cobble-spend"}
    assert refused(s, "cobble", "ann", "-21")[0] == {"catharsis.characters.luthia.cobble-spend"}


# ---------------------------------------------------------------------------- Calyxia


def test_calyxia_demonic():
    s = new(characters="Ann=Calyxia")
    s, eff = do(s, "demonic", "ann", "+11")
    assert "demon-power" not in kinds(eff)
    s, eff = do(s, "demonic", "ann", "+1")
    assert "catharsis.characters.calyxia.demon-power-unlock" in rules_of(eff)
    s, _ = do(s, "flip", "ann")
    assert refused(s, "demonic", "ann", "+1")[0] == {"catharsis.characters.calyxia.no-demonic-while-flipped"}
    s, _ = do(s, "demonic", "ann", "-12")
    assert refused(s, "demonic", "ann", "-1")[0] == {"catharsis.characters.calyxia.spend-demonic-flip"}
    assert refused(new(characters="Ann=Goz"), "demonic", "ann", "+1")[0] == {
        "catharsis.characters.calyxia.demonic-gain"}


# ---------------------------------------------------------------------------- Emberhoof


def test_drinks_at_most_four():
    s = new(characters="Ann=Emberhoof,Ben=Goz,Cy=Durhak")
    s, _ = do(s, "drinks", "ben", "+3")
    rules, v = refused(s, "drinks", "ben", "+2")
    assert rules == {"catharsis.characters.emberhoof.auto-drink"} and v.alternatives == ("drinks Ben +1",)
    assert refused(s, "drinks", "ben", "-4")[0] == {"catharsis.characters.emberhoof.drink-levels"}
    s2, eff = overrule(s, "drinks", "ben", "+2")
    assert s2.players[1].drinks == 5 and "overruled" in kinds(eff)
    assert refused(new(characters="Ann=Goz,Ben=Durhak,Cy=Luthia"), "drinks", "ann", "+1")[0] == {
        "catharsis.characters.emberhoof.drink-deck"}


@pytest.mark.parametrize("players, choose", [(PLAYERS, False), (["Ann", "Ben", "Cy", "Di", "Ed", "Fay"], True)])
def test_brewfest_says_its_limit_of_five_drinks(players, choose):
    """Brewfest gives each party member a Drink, 5 Drinks at most (a larger Murder Mystery party chooses
    which 5); each Drink is recorded with `drinks`, so the use says the limit."""
    s = new(players, characters="Ann=Emberhoof", boss="murder-mystery" if choose else None)
    s, _ = do(s, "rename", "ann", "1", "Brewfest")
    s, _ = do(in_combat(s), "combat", "attack")  # abilities are activated in the Player Attack Phase
    s, effects = do(s, "use", "ann", "1")
    said = [e.message for e in effects if e.rule == "catharsis.characters.emberhoof.brewfest"]
    assert len(said) == 1 and "at most 5 Drinks" in said[0] and ("choose which 5" in said[0]) is choose
    assert [p.drinks for p in s.players] == [0] * len(players)  # the table records each Drink itself


def test_drunk_and_emberhoof_unflip():
    s = new(characters="Ann=Emberhoof,Ben=Goz,Cy=Durhak")
    assert refused(s, "drunk", "ben")[0] == {"catharsis.characters.emberhoof.drunk-roll"}
    s, _ = do(s, "flip", "ann")
    assert refused(s, "unflip", "ann")[0] == {"catharsis.characters.emberhoof.unflip-condition"}
    s = between_cards(s)
    s, eff = do(s, "refresh")
    assert s.players[0].role == "flipped" and "role-stays" in kinds(eff)
    s, _ = do(s, "drinks", "ben", "+2")
    s, eff = do(s, "drunk", "ben")
    assert s.players[1].drinks == 0 and "may-unflip" in kinds(eff)
    s, _ = do(s, "unflip", "ann")
    assert s.players[0].role == "face-up"


def test_round_start_reminds_drunk_rolls():
    s = new(characters="Ann=Emberhoof")
    s, _ = do(s, "drinks", "ben", "+2")
    s = in_combat(s)
    s, eff = do(s, "combat", "round")
    assert any(e.kind == "drunk-roll" and "Ben" in e.message for e in eff)


# ---------------------------------------------------------------------------- Lumi


def test_ice_keeps_a_power_from_exhausting_then_breaks():
    s = new(characters="Ann=Lumi,Ben=Goz,Cy=Durhak")
    s, _ = do(s, "ice", "cy", "2", "+1")
    s, _ = do(in_combat(s), "combat", "attack")  # abilities are used in the Player Attack Phase
    s, eff = do(s, "use", "cy", "2")
    assert s.players[2].powers[1].status == "face-up" and s.players[2].powers[1].ice == 0
    assert "catharsis.characters.lumi.one-ice" in rules_of(eff)
    assert refused(s, "ice", "cy", "3", "-1")[0] == {"catharsis.characters.lumi.party-resource"}
    s, _ = do(s, "ice", "cy", "3", "+2")
    s, eff = do(s, "damage", "cy", "exhaust", "3")
    assert s.players[2].powers[2].ice == 0 and "catharsis.characters.lumi.ice-destroyed" in rules_of(eff)
    assert refused(new(characters="Ann=Goz,Ben=Durhak,Cy=Luthia"), "ice", "ann", "1", "+1")[0] == {
        "catharsis.characters.lumi.ice-generation"}


def test_lumi_revives_and_unflips_when_another_dies():
    s = new(characters="Ann=Lumi,Ben=Goz,Cy=Durhak", powers="Ben=1,Cy=1")
    assert refused(s, "revive", "ben")[0] == {"catharsis.characters.lumi.flip-revive"}
    s, _ = do(s, "damage", "ben", "exhaust", "1", "discard", "1")
    s, eff = do(s, "revive", "ben")
    assert not s.players[1].dead and len(s.players[1].powers) == 2 and s.players[0].role == "flipped"
    assert refused(s, "unflip", "ann")[0] == {"catharsis.characters.lumi.unflip-condition"}
    s, eff = do(s, "damage", "cy", "exhaust", "1", "discard", "1")
    assert "may-unflip" in kinds(eff)
    s, _ = do(s, "unflip", "ann")
    assert s.players[0].role == "face-up"


# ---------------------------------------------------------------------------- Boss Deck counters


def test_kill_point_tokens_and_paradox():
    s = new(boss="lich", morale=None)
    s, _ = do(s, "kpt", "all", "+2")
    assert [p.kpt for p in s.players] == [2, 2, 2]
    assert refused(s, "kpt", "ann", "-3")[0] == {"catharsis.boss-decks.ice-elf-lich.kill-point-tokens"}
    assert refused(new(boss="crab"), "kpt", "ann", "+1")[0] == {"catharsis.boss-decks.ice-elf-lich.kill-point-tokens"}
    s = new(boss="fate")
    s, _ = do(s, "paradox", "+3")
    assert s.paradox == 3 and T.declaration.verbs.summary(s)["paradox"] == 3
    assert refused(s, "paradox", "-4")[0] == {"catharsis.boss-decks.battle-with-fate.paradox"}
    assert refused(new(boss="crab"), "paradox", "+1")[0] == {"catharsis.boss-decks.battle-with-fate.paradox"}


def test_lich_monster_kill_reminds_kpt():
    s = new(boss="lich", morale=None)
    s = in_combat(s, "3")
    s, eff = do(s, "enemy", "damage", "3")
    assert "catharsis.boss-decks.ice-elf-lich.kill-point-tokens" in rules_of(eff)


def test_status_counters_burn_spore():
    s = in_combat(new())
    s, _ = do(s, "burn", "crab", "+2")
    s, _ = do(s, "spore", "ann", "+1")
    s, _ = do(s, "status", "party", "treasure", "+1")
    s, eff = do(s, "combat", "round")
    assert s.enemies[0].status == {"burn": 2} and s.players[0].status == {"spore": 1}
    assert s.party_status == {"treasure": 1}
    assert sum(e.rule == "catharsis.combat.start-of-round.burn-spore" for e in eff) == 2
    s, _ = do(s, "burn", "enemy", "-5")
    assert s.enemies[0].status == {}


# ---------------------------------------------------------------------------- enemies and combat


@pytest.mark.parametrize("players, boss, health", [
    (["A"], "other", 8), (["A", "B"], "other", 10), (["A", "B", "C"], "other", 12),
    (list("ABCD"), "other", 14), (list("ABCDE"), "other", 16),
    (list("ABC"), "murder-mystery", 8), (list("ABCDE"), "murder-mystery", 12),
    (list("ABCDEFG"), "murder-mystery", 16),
])
def test_enemy_health_from_starting_characters(players, boss, health):
    s = in_combat(new(players=players, boss=boss))
    assert s.enemies[0].health == health


def test_single_health_value_for_every_party_size():
    s, eff = do(do(new(), "next-card", "monster")[0], "enemy", "Ooze", "20")
    assert s.enemies[0].health == 20 and "catharsis.boss-deck.single-value" in rules_of(eff)


def test_armor_absorbs_each_round_and_armorshred():
    s = in_combat(new(), "10")
    s, _ = do(s, "enemy", "armor", "3")
    s, eff = do(s, "enemy", "damage", "5")
    assert s.enemies[0].health == 8 and "catharsis.glossary-rules.armor" in rules_of(eff)
    s, _ = do(s, "enemy", "damage", "2")
    assert s.enemies[0].health == 6
    s, _ = do(s, "combat", "round")
    s, _ = do(s, "enemy", "armorshred", "1")
    s, _ = do(s, "enemy", "damage", "3")
    assert s.enemies[0].health == 5 and s.enemies[0].armor == 2


def test_monster_defeat_ends_combat_with_heal_reward():
    s = in_combat(new())
    s, _ = do(s, "combat", "attack")
    s, eff = do(s, "enemy", "damage", "12")
    assert s.phase == "between-cards" and s.enemies == ()
    assert "catharsis.gameplay.enemy-defeated-heal" in rules_of(eff)
    s = in_combat(s)
    s, eff = do(s, "enemy", "damage", "20")
    assert "catharsis.combat.start-of-round.enemy-defeated" in rules_of(eff)
    s = in_combat(s)
    s, _ = do(s, "combat", "end-round")
    s, eff = do(s, "enemy", "defeated")
    assert "catharsis.combat.end-of-round.enemy-defeated" in rules_of(eff)


def test_boss_defeat_wins():
    s = in_combat(new(), "30", kind="boss")
    assert s.enemies[0].kind == "boss"
    s, eff = do(s, "enemy", "damage", "30")
    assert s.outcome == "won" and T.declaration.verbs.summary(s)["winner"] == "party"
    assert "catharsis.winning.conditions" in rules_of(eff)


def test_boss_win_needs_every_enemy_gone():
    s = in_combat(new(), "30", kind="boss")
    s, _ = do(s, "enemy", "Minion", "5")
    s, _ = do(s, "enemy", "damage", "30", "crab")
    assert s.outcome is None
    with pytest.raises(MoveSyntaxError):
        T.parse(s, ["enemy", "damage", "1", "crab"])  # defeated enemies take no more damage
    s, _ = do(s, "enemy", "defeated", "minion")
    assert s.outcome == "won"


def test_on_defeat_can_still_lose():
    s = in_combat(new(morale="2"), "30", kind="boss")
    s, _ = do(s, "enemy", "defeated")
    s, eff = do(s, "morale", "-2")
    assert s.outcome == "lost" and "catharsis.winning.on-defeat-can-lose" in rules_of(eff)


def test_an_enemy_card_must_be_fought():
    s, _ = do(new(), "next-card", "monster")
    assert refused(s, "next-card", "trap")[0] == {"catharsis.gameplay.resolve-enemy"}
    s, _ = do(s, "enemy", "Rat", "3")
    s, eff = do(s, "enemy", "defeated")  # beaten before any round was fought
    assert s.phase == "between-cards" and verdict(s, "next-card", "trap").legal


def test_a_refused_next_card_offers_the_step_the_enemy_card_waits_for():
    """Before its Enemy is added, adding it is offered; once it is in play, only starting the fight
    (another Enemy is not what the card asks for)."""
    s, _ = do(new(), "next-card", "boss")
    assert refused(s, "next-card", "trap")[1].alternatives == ('enemy "NAME" 8/10/12/14/16 boss',)
    s, _ = do(s, "enemy", "Crab", "8/10/12/14/16", "boss")
    assert refused(s, "next-card", "trap")[1].alternatives == ("combat start",)


def test_several_enemies_need_a_name():
    s = in_combat(new())
    s, _ = do(s, "enemy", "Crab", "4")
    assert s.enemies[1].name == "Crab 2"
    with pytest.raises(AmbiguousMove):
        T.parse(s, ["enemy", "damage", "3"])
    s, _ = do(s, "enemy", "damage", "3", "crab 2")
    assert s.enemies[1].health == 1


def test_combat_flow_refusals():
    s = new()
    assert refused(s, "combat", "start")[0] == {"catharsis.setup.begin"}
    assert refused(s, "combat", "attack")[0] == {"catharsis.combat.overview"}
    s = in_combat(s)
    assert refused(s, "combat", "start")[0] == {"catharsis.combat.round-order"}
    assert refused(s, "next-card")[0] == {"catharsis.gameplay.resolve-enemy"}
    assert refused(s, "combat", "end")[0] == {"catharsis.gameplay.resolve-enemy"}
    s, _ = do(s, "combat", "enemy")
    assert refused(s, "combat", "attack")[0] == {"catharsis.combat.round-order"}
    s, _ = do(s, "combat", "next")
    assert s.combat_step == "refresh"
    s, _ = do(s, "combat", "next")
    s, eff = do(s, "combat", "next")
    assert (s.round, s.combat_step) == (2, "start-of-round")
    s2, _ = overrule(s, "combat", "end")
    assert s2.phase == "between-cards"
    s3, _ = do(new(), "next-card", "monster")
    assert refused(s3, "resolved")[0] == {"catharsis.gameplay.resolve-enemy"}


def test_hundred_eyed_dragon_is_one_combat():
    s = in_combat(new(boss="dragon"), "5")
    assert refused(s, "combat", "end")[0] == {"catharsis.boss-decks.hundred-eyed-dragon.one-combat"}
    s, eff = do(s, "enemy", "defeated")
    assert s.phase == "combat"
    assert "catharsis.boss-decks.hundred-eyed-dragon.no-free-healing" in rules_of(eff)
    assert refused(s, "next-card")[0] == {"catharsis.boss-decks.hundred-eyed-dragon.one-combat"}


# ---------------------------------------------------------------------------- summary and purity


def test_summary_is_json_ready():
    s = in_combat(new(characters="Ann=Durhak,Ben=Goz,Cy=Luthia", thresholds="12:x"))
    out = T.declaration.verbs.summary(s)
    json.dumps(out)
    assert out["morale"] == 18 and out["phase"] == "combat" and out["combat_step"] == "start-of-round"
    assert out["players"][0]["divinity"] == 0 and out["players"][2]["cobble"] == 0
    assert out["enemies"][0]["health"] == 12
    assert out["thresholds"] == [{"at": 12, "effect": "x", "reached": False}]


def test_dump_and_load_round_trip():
    s = in_combat(new(characters="Ann=Goz"))
    s, _ = do(s, "combo", "ann", "1", "+2")
    assert T.load(json.loads(json.dumps(s.model_dump(mode="json")))) == s


def test_docs_cover_every_command_and_option():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "track-catharsis.md").read_text(encoding="utf-8")
    for verb in T.declaration.verbs.usage:
        assert f"companion track {verb}" in doc, verb
    for option in T.declaration.verbs.options:
        assert f"`{option}=" in doc, option


# ---------------------------------------------------------------------------- invariants (hypothesis)

N = st.integers(min_value=-5, max_value=12).map(lambda n: f"{n:+d}")
WHO = st.sampled_from(["ann", "ben", "cy", "all"])
SLOT = st.integers(min_value=1, max_value=6).map(str)
COMMANDS = st.one_of(
    st.tuples(st.just("morale"), N),
    st.just(("refresh",)),
    st.tuples(st.just("refresh"), st.just("kpt"), WHO, st.integers(0, 3).map(str)),
    st.tuples(st.just("next-card"), st.sampled_from(["monster", "boss", "trap", "event", "special"])),
    st.just(("resolved",)),
    st.tuples(st.just("combat"), st.sampled_from(["start", "attack", "enemy", "refresh", "end-round",
                                                  "next", "round", "end"])),
    st.tuples(st.just("enemy"), st.sampled_from(["Crab", "Lich"]), st.sampled_from(["4/6/8/10/12", "7"])),
    st.tuples(st.just("enemy"), st.just("damage"), st.integers(0, 9).map(str)),
    st.tuples(st.just("enemy"), st.just("armor"), st.integers(0, 3).map(str)),
    st.tuples(st.just("damage"), WHO, st.sampled_from(["exhaust", "discard"]), SLOT),
    st.tuples(st.sampled_from(["use", "exhaust", "heal", "discard"]), WHO, SLOT),
    st.tuples(st.just("use"), WHO, SLOT, st.sampled_from(["top", "bottom"])),
    st.tuples(st.sampled_from(["flip", "unflip", "drunk", "revive"]), WHO),
    st.tuples(st.just("gain"), WHO),
    st.tuples(st.sampled_from(["divinity", "cobble", "demonic", "drinks", "kpt"]), WHO, N),
    st.tuples(st.sampled_from(["combo", "ice"]), WHO, SLOT, N),
    st.tuples(st.just("level-up"), WHO, SLOT),
    st.tuples(st.just("paradox"), N),
    st.tuples(st.sampled_from(["burn", "spore"]), st.sampled_from(["ann", "ben", "enemy", "party"]), N),
)
SETUPS = st.sampled_from([
    {"boss": "murder-mystery", "morale": "18", "thresholds": "17:everyone takes 2 damage;12:x;6:y",
     "characters": "Ann=Durhak,Ben=Goz,Cy=Luthia"},
    {"boss": "ice-elf-lich", "characters": "Ann=Lumi,Ben=Emberhoof,Cy=Calyxia", "kpt": "2"},
    {"boss": "battle-with-fate", "morale": "6", "thresholds": "5:a;3:b", "powers": "2"},
    {"boss": "hundred-eyed-dragon", "morale": "4", "thresholds": "2:z", "powers": "1"},
])


def _step(state, words):
    try:
        change = T.parse(state, list(words))
    except (MoveSyntaxError, AmbiguousMove):
        return None
    return change


def _ranges_hold(state, legal_only):
    for p in state.players:
        assert len(p.powers) <= 6
        assert 0 <= p.divinity <= 10
        assert p.cobble >= 0 and p.demonic >= 0 and p.kpt >= 0 and p.drinks >= 0
        assert all(pw.combo >= 0 and pw.ice >= 0 for pw in p.powers)
        assert all(pw.level in (None, 1, 2, 3) for pw in p.powers)
        assert p.dead == (not any(pw.status != "discarded" for pw in p.powers)) or not p.powers
        if legal_only:
            assert p.drinks <= 4
    if state.morale is not None:
        assert state.morale >= 0
        if legal_only:
            assert state.morale <= state.morale_start
    assert len(set(state.thresholds_reached)) == len(state.thresholds_reached)
    assert state.paradox >= 0
    assert all(e.health >= 0 for e in state.enemies)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SETUPS, st.lists(COMMANDS, min_size=1, max_size=30))
def test_legal_changes_keep_counters_in_range(options, commands):
    state = T.declaration.verbs.new_state(PLAYERS, dict(options))
    applied = []
    fired: list[int] = []
    for words in commands:
        change = _step(state, words)
        if change is None:
            continue
        verdict = T.check(state, change)
        if not verdict.legal:
            assert verdict.reasons and all(r.rule in T.declaration.verbs.rule_ids for r in verdict.reasons)
            continue
        before = state.model_dump(mode="json")
        new_state, effects = T.apply(state, change)
        assert state.model_dump(mode="json") == before  # apply never mutates its input
        assert tuple(effects) == verdict.effects
        assert all(e.rule is None or e.rule in T.declaration.verbs.rule_ids for e in effects)
        fired += [e.amount for e in effects if e.kind == "threshold"]
        state = new_state
        applied.append(change)
        _ranges_hold(state, legal_only=True)
    assert len(fired) == len(set(fired))  # each threshold fires at most once
    assert sorted(fired) == sorted(state.thresholds_reached)
    # replaying the same changes gives the same state
    replay = T.declaration.verbs.new_state(PLAYERS, dict(options))
    for change in applied:
        replay, _ = T.apply(replay, change)
    assert replay == state


def _concrete(alternative: str) -> bool:
    """An alternative without placeholders (NAME, N, ...) is a command the table can type as is."""
    from engine.catharsis.notation_track import is_pattern

    return not is_pattern(alternative)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(SETUPS, st.lists(COMMANDS, min_size=1, max_size=30))
def test_every_refusal_advises_commands_that_work(options, commands):
    """Issue 12: every refusal's advice is a command that works in that state."""
    state = T.declaration.verbs.new_state(PLAYERS, dict(options))
    for words in commands:
        change = _step(state, words)
        if change is None:
            continue
        verdict = T.check(state, change)
        for alt in verdict.alternatives if not verdict.legal else ():
            if _concrete(alt):
                advised = T.check(state, T.parse(state, alt.split()))
                assert advised.legal, (words, alt, [r.message for r in advised.reasons])
        state, _ = T.apply(state, change)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SETUPS, st.lists(COMMANDS, min_size=1, max_size=30))
def test_overruled_changes_apply_without_breaking_the_table(options, commands):
    state = T.declaration.verbs.new_state(PLAYERS, dict(options))
    for words in commands:
        change = _step(state, words)
        if change is None:
            continue
        before = state.model_dump(mode="json")
        state2, effects = T.apply(state, change)  # as if the table overruled any objection
        assert state.model_dump(mode="json") == before
        state = state2
        _ranges_hold(state, legal_only=False)
        json.dumps(T.declaration.verbs.summary(state))


@pytest.mark.parametrize("words", [["use", "ann", "1", "top", "bottom"], ["use", "ann", "1", "free", "top", "free"],
                                   ["use", "ann", "1", "bottom", "free", "top"]])
def test_use_reads_each_of_its_words_once(words):
    """`use PLAYER POWER [top|bottom] [free]`: a second half or a second `free` is refused (it was
    read over the first), naming the word and the form."""
    with pytest.raises(MoveSyntaxError) as err:
        T.parse(new(), words)
    assert str(err.value) == f"unexpected {words[-1]!r}; usage: {T.declaration.verbs.table['use'].usage}"
    assert T.parse(new(), words[:-1]).args[:3] == ("Ann", "1", next((w for w in words[3:-1] if w != "free"), "top"))
