"""Catharsis referee corrections (issue 20): each test states the rulebook passage it follows."""
from __future__ import annotations

import json


from engine.catharsis.rules_costs import parse_cost, solve
from engine.catharsis.odds import odds
from tests.engine.catharsis_table import E, TRACKER, play, table
ATTACK = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"]


def verdict(state, text):
    return E.check(state, E.plays.parse_move(text, state))


def rules(v) -> set[str]:
    return {r.rule for r in v.reasons}


# ------------------------------------------------------------------ 2. BB
# Player Decks: BB is a pair whose value differs from the other dice used on that ability; the
# AA example is one case of that definition.

def test_bb_differs_from_number_and_wild_dice():
    assert not solve(parse_cost("BB 5"), [5, 5, 5])
    assert solve(parse_cost("BB 5"), [5, 6, 6])
    assert not solve(parse_cost("BB ?"), [3, 3, 3])
    assert solve(parse_cost("BB ?"), [3, 3, 4])
    assert solve(parse_cost("AA 1"), [1, 1, 1])   # only the BB carries the limit


def test_bb_odds_follow_the_definition():
    o = odds(parse_cost("BB 5"), rerolls=0, dice=[5, 5, 5, 1, 2, 3])
    assert o.probability == 0
    # from 5 5 6 6 1 2, BB 5 is paid with the 6s and a 5
    assert odds(parse_cost("BB 5"), rerolls=0, dice=[5, 5, 6, 6, 1, 2]).probability == 1


def test_bb_wild_is_not_paid_with_three_of_a_kind_in_play():
    s = table(*ATTACK, 'card Jab top "BB ?"', "rename Ann 1 Jab", "roll Ann 3 3 3 1 2 4", players=("Ann",))
    v = verdict(s, "use Ann 1 top with 3 3 3")
    assert not v.legal and "catharsis.player-decks.symbol-bb" in rules(v)
    assert "use Ann 1 top with 1 3 3" in v.alternatives
    listed = [E.plays.format_move(m) for m in E.plays.legal_moves(s)]
    assert "use Ann 1 top with 3 3 3" not in listed and listed
    assert all(verdict(s, text).legal for text in v.alternatives)


# ------------------------------------------------------------------ 12. messages

def test_named_dice_shortfall_counts_the_dice():
    # Player Attack Phase: a player pays only with their own dice; saying how many are short helps
    s = table(*ATTACK, 'card Jab top "? ? ?"', "rename Ann 1 Jab", "roll Ann 1 2 4 4 6 6")
    v = verdict(s, "use Ann 1 top with 4 4 4")
    assert not v.legal
    assert "only 2 unused dice show 4, 3 named" in v.reasons[0].message
    assert "no unused die shows 5" in verdict(s, "use Ann 1 top with 5 4").reasons[0].message
    v = verdict(s, "reroll Ann 4 4 4 to 1 1 1")
    assert "only 2 unused dice show 4, 3 named" in v.reasons[0].message


def test_no_divinity_carried_to_a_next_combat_after_the_win():
    # Winning the Game: the Boss beaten with no Enemy left ends the game; there is no next combat
    s = table("next-card boss", "enemy Lich 5 boss", "combat start", players=("Ann",),
              characters="Ann=Durhak")
    s = play(s, "divinity Ann +7")
    v = verdict(s, "enemy damage 5")
    assert v.legal and s.model_copy() is not None
    messages = [e.message for e in v.effects]
    assert any("wins" in m for m in messages)
    assert not any("next combat" in m for m in messages), messages
    # a Monster beaten: the next combat comes, the Divinity is carried
    m = table("next-card monster", "enemy Crab 5", "combat start", "divinity Ann +7", players=("Ann",),
              characters="Ann=Durhak")
    assert any("next combat" in e.message for e in verdict(m, "enemy damage 5").effects)


def test_goz_top_prints_its_combo_once():
    # Goz overview: a top ability places a Combo and does not exhaust; one line says so
    s = table(*ATTACK, "rename Ann 1 Nail to the Eye", "roll Ann 1 2 3 4 5 6", players=("Ann",),
              characters="Ann=Goz")
    v = verdict(s, "use Ann 1 top with 1")
    combo = [e for e in v.effects if e.kind == "combo"]
    assert len(combo) == 1, [e.message for e in v.effects]


def test_typos():
    s = table(*ATTACK, "combat enemy")
    assert "party's choice" in verdict(s, "attack player 3").effects[0].message
    s = table(*ATTACK, 'card Jab top "6"', "rename Ann 1 Jab", "roll Ann 1 2 3 4 6 6")
    v = verdict(s, "use Ann 1 top with 6 6")
    assert "exactly 1 die," in v.reasons[0].message


# ------------------------------------------------------------------ 3. assigned damage is owed
# Enemy Attack Phase: damage to the party is divided as the players decide, and all of it is
# dealt; the Refresh Phase comes after the Enemy has attacked.

SHARED = [*ATTACK, "combat enemy", "attack party 4", "assign Ann 4"]


def test_moving_on_with_damage_owed_is_refused():
    s = table(*SHARED)
    v = verdict(s, "combat refresh")
    assert not v.legal and "catharsis.combat.enemy-attack.read-attack" in rules(v)
    assert "Ann owes 4 damage" in v.reasons[0].message
    for text in ("combat round", "combat end-round", "combat next"):
        assert not verdict(s, text).legal, text
    assert E.declaration.status(s) == []                              # owing is normal in the Enemy Attack Phase
    assert E.views.position(s) == {"damage_owed": "Ann owes 4 damage"}
    moved = E.plays.apply(s, E.plays.parse_move("combat refresh", s), overruled=True)
    assert any("Ann still owes 4" in r.message for r in E.declaration.status(moved))
    s = play(s, "damage Ann exhaust 1 2 3 4")
    assert verdict(s, "combat refresh").legal and E.views.position(s) == {}


def test_damage_to_a_player_assigned_none_is_refused():
    s = table(*SHARED)
    v = verdict(s, "damage Ben exhaust 1 2 3")
    assert not v.legal and "Ann 4" in v.reasons[0].message
    v = verdict(s, "damage Ann exhaust 1 2 3 4 5")
    assert not v.legal and "owes 4" in v.reasons[0].message
    assert verdict(s, "damage Ann exhaust 1 2").legal


def test_an_unshared_attack_blocks_moving_on():
    s = table(*ATTACK, "combat enemy", "attack party 4")
    v = verdict(s, "combat refresh")
    assert not v.legal and "not shared yet" in v.reasons[0].message


# ------------------------------------------------------------------ 4. the Monster reward is capped
# Quickplay, Monsters: each player heals 2 after a Monster is beaten; Step 1: a start-of-round
# kill refreshes up to 2 powers.

def _beaten(*setup):
    s = table("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
              "exhaust Ann 3 4 5", *setup)
    return s


def test_monster_reward_heals_two_and_no_more():
    s = play(_beaten(), "enemy damage 10")
    v = verdict(s, "heal Ann 3 4 5")
    assert not v.legal and "catharsis.gameplay.enemy-defeated-heal" in rules(v)
    assert v.alternatives == ("heal Ann 3 4",)
    s = play(s, "heal Ann 3 4")
    assert not verdict(s, "heal Ann 5").legal
    assert verdict(s, "refresh").legal                   # the Morale refresh is another matter


def test_start_of_round_kill_reward_is_capped_too():
    s = table("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
              "exhaust Ann 3 4 5", "enemy damage 9", "combat enemy", "combat refresh", "combat round")
    s = play(s, "enemy damage 1")                        # Burn at the start of the round
    assert not verdict(s, "heal Ann 3 4 5").legal
    s = play(s, "heal Ann 5")
    assert verdict(s, "heal Ann 4").legal and not verdict(s, "heal Ann 3 4").legal


# ------------------------------------------------------------------ 5. refresh timing
# Morale: the party may refresh after a card is resolved and at the end of each combat round,
# until the next card is revealed or dice are rolled for the next round.

ROUND_2 = [*ATTACK, "combat enemy", "combat refresh", "combat end-round", "combat round"]


def test_refresh_allowed_until_dice_are_rolled():
    s = table(*ROUND_2)
    v = verdict(s, "refresh")
    assert v.legal and any("until dice are rolled" in u for u in _readings(v))
    s = play(s, "combat attack")
    assert verdict(s, "refresh").legal
    s = play(s, "roll Ann 1 2 3 4 5 6")
    v = verdict(s, "refresh")
    assert not v.legal and "catharsis.morale.refresh-too-late" in rules(v)
    assert not verdict(table(*ATTACK), "refresh").legal   # round 1: the card was just revealed


def test_a_second_refresh_says_nothing_is_left_to_refresh():
    s = table(*ATTACK, "exhaust Ann 1", "combat enemy", "combat refresh")
    first = verdict(s, "refresh")
    assert first.legal and not first.unchecked
    s = play(s, "refresh")
    second = verdict(s, "refresh")
    assert second.legal and any("nothing to refresh" in u for u in _readings(second))
    assert any(e.kind == "nothing-refreshed" for e in second.effects)


# ------------------------------------------------------------------ 13. Soraten alternates
# Soraten overview: after a Ground ability his next ability must be Flight, and the other way
# round, whether in the same round, the next, or the next combat.

def _soraten(*setup):
    return table(*ATTACK, 'card Gust top "?"', "rename Dave 1 Gust", "rename Dave 2 Gust",
                 "rename Dave 3 Gust", "roll Dave 1 2 3 4 5 6", *setup, players=("Dave",),
                 characters="Dave=Soraten")


def test_soraten_alternation_is_judged_where_the_sides_are_known():
    s = _soraten("side Dave 1 ground", "side Dave 2 ground", "side Dave 3 flight")
    s = play(s, "use Dave 1 top with 1")
    v = verdict(s, "use Dave 2 top with 2")
    assert not v.legal and "catharsis.characters.soraten.alternate" in rules(v)
    assert "next must be Flight" in v.reasons[0].message
    v = verdict(s, "use Dave 3 top with 2")
    assert v.legal and not any("alternation" in n.message for n in v.unchecked)
    # the tracker's own `use` judges it the same way
    assert not TRACKER.check(s, TRACKER.parse(s, ["use", "Dave", "2"])).legal


def test_soraten_alternation_is_unchecked_where_a_side_is_unknown():
    s = _soraten()
    v = verdict(s, "use Dave 1 top with 1")
    alternation = "catharsis.characters.soraten.alternate"
    assert v.legal and any(n.rule == alternation and "not judged" in n.message and "side Dave" in n.message
                           for n in v.unchecked)
    s = play(s, "use Dave 1 top with 1")
    s = play(s, "side Dave 2 flight")
    v = verdict(s, "use Dave 2 top with 2")
    assert v.legal and any(n.rule == alternation and "last ability is not recorded" in n.message for n in v.unchecked)


def test_soraten_damage_and_heal_turn_his_sides():
    s = _soraten("side Dave 1 ground")
    s = play(s, "exhaust Dave 4")
    assert s.players[0].powers[0].side == "ground"
    s = TRACKER.apply(s, TRACKER.parse(s, ["damage", "Dave", "exhaust", "1"]))[0]
    assert s.players[0].powers[0].side == "flight"
    s = TRACKER.apply(s, TRACKER.parse(s, ["heal", "Dave", "1"]))[0]
    assert s.players[0].powers[0].side == "ground"
    other = table(characters="Ann=Goz")
    v = verdict(other, "side Ann 1 ground")
    assert not v.legal and "catharsis.characters.soraten.set-sides" in rules(v)


# ------------------------------------------------------------------ the rules reference

def test_luthia_cobble_note_is_honest():
    # Luthia overview: her Flip is called an ability that gains a Cobble; the glossary makes
    # abilities parts of powers: the reference says it is open, it does not rule it out
    from rulesdb.reference import reference

    rule = reference().rules["catharsis.characters.luthia.cobble-gain"]
    assert "do not earn" not in rule.text and rule.unclear and "Flip" in rule.unclear
    s = table(characters="Ann=Luthia")
    assert any(n.rule == "catharsis.characters.luthia.cobble-gain" and "Cobble" in n.message
               for n in verdict(s, "flip Ann").unchecked)


def test_quickplay_refresh_keeps_the_start_of_round():
    # Quickplay combat list: start-of-round effects open every round, before the Player Attack Phase
    from rulesdb.reference import reference

    rule = reference().rules["catharsis.quickplay.combat.refresh"]
    assert "start-of-round" in rule.text and rule.unclear


# ------------------------------------------------------------------ readings made visible
# Where the rulebook is open or disagrees with itself, the verdict names the reading taken.

def _readings(v) -> list[str]:
    """The readings a verdict names; each cites the rule it reads (a known id), not only its text."""
    notes = [n for n in v.unchecked if n.message.startswith("reading:")]
    assert all(n.rule in E.declaration.plays.rule_ids for n in notes), notes
    return [n.message for n in notes]


def test_readings_are_named_where_they_decide():
    s = table(thresholds="17:everyone takes 2 damage;16:lose a power")
    assert any("several thresholds" in u for u in _readings(verdict(s, "morale -2")))
    assert not _readings(verdict(s, "morale -1"))
    s = table(*ATTACK, "combat enemy", "combat refresh")
    assert any("End of Round" in u for u in _readings(verdict(s, "combat end-round")))
    s = play(s, "combat end-round")
    assert any("start-of-round step" in u for u in _readings(verdict(s, "combat round")))
    s = table(*ATTACK, "flip Ann", "combat enemy", "combat refresh", characters="Ann=Lumi,Ben=Goz")
    assert any("Lumi" in u for u in _readings(verdict(s, "refresh")))
    s = table(*ATTACK, "divinity Ann +4", "flip Ann", "combat enemy", "combat refresh", "combat end-round",
              characters="Ann=Durhak,Ben=Goz")
    assert any("exactly 4 Divinity" in u for u in _readings(verdict(s, "combat round")))
    assert any("Durhak damage" in u for u in _readings(verdict(s, "refresh")))
    s = table(*ATTACK, "burn Ann +1", "combat enemy", "combat refresh", "combat end-round")
    assert any("Burn and Spore" in u for u in _readings(verdict(s, "combat round")))
    s = table(*ATTACK, "enemy damage 9", "combat enemy", "combat refresh", "combat end-round", "combat round")
    assert any("start- or end-of-round kill" in u for u in _readings(verdict(s, "enemy damage 1")))
    s = table("next-card trap", "resolved", boss="ice-elf-lich", morale="none", kpt="2")
    assert any("Kill Point Token" in u for u in _readings(verdict(s, "refresh kpt Ann 1")))
    s = table(characters="Ann=Emberhoof,Ben=Goz")
    s = play(s, "drinks Ben +4")
    assert any("at most 4 Drinks" in u for u in _readings(verdict(s, "drinks Ben +1")))
    s = table(*ATTACK, 'card Tri top "AA CC"', "rename Ann 1 Tri", "roll Ann 1 1 2 2 3 4")
    assert any("CC" in u for u in _readings(verdict(s, "use Ann 1 top with 1 1 2 2")))


# ------------------------------------------------------------------ at the table (the CLI)

def test_the_issue_plays_at_a_session(cli):
    # the odds follow the BB definition; `status` names the damage owed after `assign`
    out = cli.json("odds", "catharsis", "BB 5", "--dice", "5,5,5,1,2,3", "--rerolls", "0")
    assert out["probability"] == 0
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=10").exit_code == 0
    for text in [*ATTACK, "combat enemy", "attack party 4", "assign Ann 4"]:
        assert cli("play", text).exit_code == 0, text
    assert cli("play", "combat refresh").exit_code == 1   # refusals are findings, not bad input
    assert cli("play", "damage Ben exhaust 1 2 3").exit_code == 1
    status = cli.json("status")
    assert status["possible"] is True and status["damage_owed"] == "Ann owes 4 damage"
    assert cli("play", "combat refresh", "--overrule").exit_code == 0
    result = cli("status", "--json")
    assert result.exit_code == 1   # an impossible table is a finding
    status = json.loads(result.stdout)
    assert status["possible"] is False and "Ann still owes 4" in status["problems"][0]["message"]


def test_readings_on_refusals_too():
    # Goz overview: exhausting discards Combo; placing one on an exhausted power is our reading
    s = table("exhaust Ann 1", characters="Ann=Goz,Ben=Durhak")
    v = verdict(s, "combo Ann 1 +1")
    assert not v.legal and any("holds no Combo" in u for u in _readings(v))
    # Winning the Game: only On Defeat effects still change the table, read as Morale loss or damage
    s = table("next-card boss", "enemy Lich 5 boss", "combat start", "enemy damage 5")
    v = verdict(s, "morale +1")
    assert not v.legal and any("Boss falls" in u for u in _readings(v))


# ------------------------------------------------------------------ readings the reference marks unclear
# Each verdict that rests on one of these names the reading and cites the entry whose unclear note
# holds it; an ordinary play beside it says nothing of it.

from engine.catharsis import track_readings  # noqa: E402

GOZ = ["rename Ann 1 Nail to the Eye", *ATTACK, "roll Ann 1 2 3 4 5 6"]


def test_leftover_damage_passed_on_says_who_picks_the_next_player():
    """Step 3: the party picks the player a player attack goes to; who picks the one the rest goes to
    when that player dies is not said (combat.enemy-attack.a-player): read as the party again."""
    s = table(*ATTACK, "combat enemy", "attack player 14")
    assert track_readings.LEFTOVER.rule == "catharsis.combat.enemy-attack.a-player"
    v = verdict(s, "assign Ann 12 Ben 2")
    assert v.legal and track_readings.LEFTOVER in v.unchecked
    v = verdict(table(*ATTACK, "combat enemy", "attack player 4"), "assign Ann 4")
    assert v.legal and track_readings.LEFTOVER not in v.unchecked


def test_a_goz_bottom_with_an_unlisted_count_says_its_reading():
    """Goz: an unlisted Combo count does nothing; whether the Combo goes and the power exhausts, or the
    bottom cannot be used at all (her example), is open (characters.goz.unlisted-count). Read as removed
    and exhausted: the play and the tracker's `use` say so, once, and a listed count says nothing of it."""
    s = table(*GOZ, players=("Ann",), characters="Ann=Goz")
    assert track_readings.GOZ_UNLISTED.rule == "catharsis.characters.goz.unlisted-count"
    for v in (verdict(s, "use Ann 1 bottom with 1 2"), TRACKER.check(s, TRACKER.parse(s, ["use", "Ann", "1", "bottom"]))):
        assert v.legal and track_readings.GOZ_UNLISTED in v.unchecked, v.as_json()
        assert [e.kind for e in v.effects].count("no-effect") == 1
        assert any(e.kind == "exhaust" for e in v.effects)
    listed = play(s, "combo Ann 1 +3")
    for v in (verdict(listed, "use Ann 1 bottom with 1 2"),
              TRACKER.check(listed, TRACKER.parse(listed, ["use", "Ann", "1", "bottom"]))):
        assert v.legal and track_readings.GOZ_UNLISTED not in v.unchecked, v.as_json()


def test_no_free_healing_against_the_dragon_says_what_it_reads_free_healing_as():
    """100-Eyed Dragon: no free healing at any point; 'free healing' is read as the heal of 2 powers after
    a beaten Monster (boss-decks.hundred-eyed-dragon.no-free-healing). A play that beats one says it too."""
    fight = ["next-card monster", "enemy Crab 8/10/12/14/16", "enemy Imp 8/10/12/14/16", "combat start", "combat attack"]
    s = table(*ATTACK, boss="hundred-eyed-dragon")
    assert track_readings.DRAGON_HEAL.rule == "catharsis.boss-decks.hundred-eyed-dragon.no-free-healing"
    v = verdict(s, "enemy damage 10")
    assert v.legal and track_readings.DRAGON_HEAL in v.unchecked, v.as_json()
    assert track_readings.DRAGON_HEAL not in verdict(s, "enemy damage 9").unchecked
    assert track_readings.DRAGON_HEAL not in verdict(table(*fight, boss="hundred-eyed-dragon"), "enemy damage 10 Crab").unchecked
    assert track_readings.DRAGON_HEAL not in verdict(table(*ATTACK), "enemy damage 10").unchecked
    # a play's damage that beats the Monster: the same line, the same reading
    s = table(*fight, 'card Bolt top "1" attacks 10', "rename Ann 1 Bolt", "roll Ann 1 2 3 4 5 6",
              boss="hundred-eyed-dragon")
    s = play(s, "enemy damage 10 Imp")
    v = verdict(s, "use Ann 1 top with 1")
    assert v.legal and any(e.kind == "no-reward" for e in v.effects), v.as_json()
    assert track_readings.DRAGON_HEAL in v.unchecked


def test_a_gain_to_six_powers_says_the_role_is_not_counted():
    """Player Decks caps the board at 6 cards; Setup makes it the Role and 6 powers: read as 6 powers,
    the Role not counted (player-decks.board-limit). A gain that fills the board to 6 powers rests on
    it; one that leaves it at 5 or fewer does not."""
    assert track_readings.BOARD_POWERS.rule == "catharsis.player-decks.board-limit"
    v = verdict(table("discard Ann 1"), "gain Ann Fireball")
    assert v.legal and track_readings.BOARD_POWERS in v.unchecked, v.as_json()
    v = verdict(table("discard Ann 1", "discard Ann 2"), "gain Ann Fireball")
    assert v.legal and track_readings.BOARD_POWERS not in v.unchecked


def test_status_of_a_board_over_the_limit_says_the_role_is_read_as_not_counted():
    s = table()
    ann = s.players[0]
    seventh = ann.powers[0].model_copy(update={"name": "Extra"})
    crowded = s.model_copy(update={"players": (ann.model_copy(update={"powers": (*ann.powers, seventh)}), *s.players[1:])})
    found = [r for r in E.declaration.status(crowded) if r.rule == "catharsis.player-decks.board-limit"]
    assert found and "Role" in found[0].message and "reading" in found[0].message, found
