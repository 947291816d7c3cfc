"""Cataclysm Arcade referee corrections (issue 20, items 7-8 and the readings made visible): each
test states the rulebook's reason in our words and fails on the code before the fix."""
from __future__ import annotations

import pytest

from engine.cataclysm_arcade import Engine, Tracker, rules_readings

from .cataclysm_arcade_table import arcade_table

E = Engine()
T = Tracker()

CARDS = [
    "card Queen boss health=6 attack=2 attack-cost=1",
    "card Zap response cost=1 effect=damage:1",
    "card Patch response cost=1 effect=heal:2",
    "card Daze response cost=0 effect=stun",
    "card Wake response cost=0 effect=untap",
    "card Grunt fighter level=1 health=3 attack=2 attack-cost=0",
    "card Mason fighter level=1 health=2 attack=1 attack-cost=0 keywords=fortify faction=Synth",
    "card Guard fighter level=1 health=3 attack=1 attack-cost=0 keywords=block",
    "card Sword weapon level=1 wield-cost=0 attack-modifier=1",
    "card Kill response cost=0 effect=destroy",
    "card Tough boss health=2 attack=1 attack-cost=0 keywords=determination",
    "card Ghost fighter level=1 health=2 attack=1 attack-cost=0 keywords=phantasmal",
    "card Shifter fighter level=1 health=2 attack=1 attack-cost=0 keywords=transform",
    "card Mortar fighter level=3 health=2 attack=1 attack-cost=0 keywords=fortify faction=Synth",
    "card Hare fighter level=1 health=2 attack=1 attack-cost=0 keywords=agility",
    "card Lynx fighter level=1 health=2 attack=1 attack-cost=0 keywords=agility",
    "card Bouncer fighter level=1 health=3 attack=1 attack-cost=0 keywords=enforcer",
    "card Warden fighter level=1 health=3 attack=1 attack-cost=0 keywords=enforcer",
    "card Shade fighter level=1 health=2 attack=1 attack-cost=0 keywords=stealthy,block",
    "card Wraith boss health=6 attack=1 attack-cost=0 keywords=stealthy",
]


def table(*steps: str, players=("Ann", "Ben", "Cy")):
    """A table from the cards above, each player's Boss a Queen, then tracker words and plays (each
    checked legal; a tracker step ending `--overrule` is one the rules refuse, recorded as the table
    says: a Fighter already in play, as a card effect puts it there)."""
    return arcade_table(*(f"track {c}" for c in CARDS), *(f"track boss {p} 6 Queen" for p in players), *steps,
                        players=players)


def test_a_defeated_player_s_hand_leaves_the_game():
    """Winning the Game: once a player's Boss is defeated, every card that player owns is removed
    from the game: the hand too, named or not."""
    state = table("track hand ben Zap", "track damage ben boss 4", "play attack boss at ben boss", "play decline")
    move = E.plays.parse_move("decline", state)  # Cy lets it be: Ann's attack (2) takes Ben's Boss to 0
    verdict = E.check(state, move)
    after = E.plays.apply(state, move)
    ben = after.player("Ben")
    assert ben.out and ben.hand == () and ben.hand_unknown == 0
    assert any(e.kind == "cards-removed" and "5 cards in hand" in e.message for e in verdict.effects)
    assert E.declaration.status(after) == []
    # a table that says otherwise is impossible
    kept = after.model_copy(update={"players": tuple(p.model_copy(update={"hand_unknown": 2}) if p.name == "Ben"
                                                     else p for p in after.players)})
    assert any("still holds 2 cards" in r.message for r in E.declaration.status(kept))


def test_a_patch_heal_says_what_it_healed():
    """Glossary, Heal N: the character heals up to N, never above its Starting Health; the verdict
    reports the heal as it reports damage."""
    state = table("track hand ben Patch", "track damage ann boss 3", "play attack boss at ben boss")
    verdict = E.check(state, E.plays.parse_move("respond Patch at ann boss", state))
    state = E.plays.apply(state, E.plays.parse_move("respond Patch at ann boss", state))
    for _ in range(2):  # Cy, then Ann let Ben's Patch resolve
        verdict = E.check(state, E.plays.parse_move("decline", state))
        state = E.plays.apply(state, E.plays.parse_move("decline", state))
    healed = [e for e in verdict.effects if e.kind == "healed"]
    assert healed and healed[0].message == "Ann's Boss heals 2 and is at 5"
    assert healed[0].rule == "cataclysm-arcade.keywords.heal"
    assert state.player("Ann").boss.health == 5


def test_a_trigger_keeps_its_commas_and_is_its_controller_s():
    """Glossary, Trigger: a triggered ability is added to the Line for the player whose card it is;
    its words are the card's, kept as the table typed them."""
    state = table("play attack boss at cy boss")
    move = E.plays.parse_move("trigger Cy: when attacked, draw a card, then discard", state)
    assert move.text == "when attacked, draw a card, then discard"
    assert E.plays.parse_move(E.plays.format_move(move), state) == move
    assert E.turns.mover(state, move) == "Cy"
    after = E.plays.apply(state, move)
    assert after.line[-1].label() == "trigger: when attacked, draw a card, then discard (Cy)"


def settle(state):
    """Everyone lets the Line resolve."""
    while state.line and not state.winner:
        state = E.plays.apply(state, E.plays.parse_move("decline", state))
    return state


def test_stun_shows_and_its_missing_duration_is_stated():
    """Glossary, Stun: a stunned character is tapped and may neither attack nor use abilities; the
    entry gives no duration. The table sees the Stun (track show, --json), and a verdict that the
    Stun decides names the reading the engine takes."""
    state = settle(table("track hand ben Daze", "play attack boss at ben boss", "play respond Daze at ann boss"))
    assert state.player("Ann").boss.stunned
    assert T.declaration.verbs.summary(state)["players"][0]["boss"].endswith("tapped, stunned")
    for _ in range(3):
        state = E.plays.apply(state, E.plays.parse_move("pass", state))
    assert state.level == 2 and state.initiative == "Ben"
    for _ in range(2):
        state = E.plays.apply(state, E.plays.parse_move("pass", state))
    assert state.initiative == "Ann" and state.player("Ann").boss.stunned
    verdict = E.check(state, E.plays.parse_move("attack boss at ben boss", state))
    assert not verdict.legal and verdict.reasons[0].rule == "cataclysm-arcade.keywords.stun"
    assert rules_readings.STUN_DURATION in verdict.unchecked


def test_a_card_untap_ends_a_stun_as_the_tracker_s_untap_does():
    """The engine's reading of Stun (no duration given): it lasts until a card untaps the
    character; the tracker's `untap` verb already ended it, a resolving untap card now does too."""
    state = settle(table("track hand ben Daze", "track hand cy Wake", "play attack boss at ben boss",
                         "play respond Daze at ann boss"))
    assert state.player("Ann").boss.stunned
    assert state.initiative == "Ben"
    state = E.plays.apply(state, E.plays.parse_move("attack boss at cy boss", state))  # Cy has priority
    state = E.plays.apply(state, E.plays.parse_move("respond Wake at ann boss", state))
    verdict = None
    while state.line:
        verdict = E.check(state, E.plays.parse_move("decline", state))
        state = E.plays.apply(state, E.plays.parse_move("decline", state))
        if any(e.kind == "untapped" for e in verdict.effects):
            break
    assert any(e.message == "Ann's Boss untaps and is no longer stunned" for e in verdict.effects)
    assert not state.player("Ann").boss.stunned and not state.player("Ann").boss.tapped


def test_a_knockout_the_table_records_hands_on_priority_and_the_initiative():
    """Winning the Game: a defeated player is out, and so holds neither priority nor the initiative.
    The mover knocked out with her attack still waiting: it leaves the Line with her, the move is over
    (nobody holds priority over an empty Line) and the initiative goes on clockwise."""
    waiting = table("play attack boss at cy boss")  # Ben has priority over Ann's attack
    state, _ = T.apply(waiting, T.parse(waiting, ["damage", "ann", "boss", "6"]))
    assert (state.line, state.priority, state.initiative) == ((), None, "Ben")
    state, _ = T.apply(waiting, T.parse(waiting, ["damage", "ben", "boss", "6"]))  # Ben, holding priority
    assert (len(state.line), state.priority, state.initiative) == (1, "Cy", "Ann")


def test_decline_all_takes_an_undescribed_response_to_cost_one_coin_whatever_the_described_cost():
    """`decline all` declines only for a player who could not respond: any card in hand may be a
    Response the table has not described, taken to cost at least 1, so a player with 1 coin could, even
    when every described Response costs 2."""
    from engine.cataclysm_arcade.rules_series import could_respond

    state = arcade_table("track card Queen boss health=6 attack=2 attack-cost=1",
                         "track card Big response cost=2 effect=damage:1",
                         *(f"track boss {p} 6 Queen" for p in ("ann", "ben", "cy")), "play attack boss at cy boss",
                         players=("Ann", "Ben", "Cy"))
    assert state.priority == "Ben" and state.player("Ben").coins == 1
    assert could_respond(state) == "1 coin and 5 cards in hand"


# ------------------------------------------------------------------ readings made visible


READING_CASES = {
    # Fortify: used from the hand; the engine makes it a move on the Line
    "fortify": (rules_readings.FORTIFY_MOVE, ["track hand ann Mason", "track boss ann 6 Queen"], "fortify Mason on boss"),
    # Fortify of a Fighter whose level requirement the game has not reached: the rulebook ties the level to playing
    "fortify level": (rules_readings.FORTIFY_LEVEL, ["track hand ann Mortar", "track boss ann 6 Queen"],
                      "fortify Mortar on boss"),
    # Block: no timing or cost given; read as a free response to an opponent's attack
    "block": (rules_readings.BLOCK_RESPONSE, ["track fighter ben Guard 3 --overrule", "play attack boss at ben boss"],
              "activate Guard block"),
    # a Weapon whose wielder is destroyed: the rulebook does not say where it goes
    "weapon": (rules_readings.WEAPON_STAYS, ["track hand ann Sword", "track hand cy Kill", "track fighter ann Grunt 3 --overrule",
                                       "play weapon Sword on Grunt", "play decline", "play decline",
                                       "play attack boss at ann boss", "play respond Kill at ann grunt",
                                       "play decline"], "decline"),
    # the Fighter a Weapon was played on left play before it resolved: the engine takes the first one left
    "wielder gone": (rules_readings.WIELDER_GONE, ["track hand ann Sword", "track hand ben Kill",
                                                  "track fighter ann Grunt 3 --overrule",
                                                  "track fighter ann Mason 2 --overrule",
                                                  "track fighter ann Hare 2 --overrule", "play weapon Sword on Grunt",
                                                  "play respond Kill at ann grunt", "play decline", "play decline",
                                                  "play decline"], "decline"),
    # the attacker left play before its attack resolved
    "fizzle": (rules_readings.ATTACK_FIZZLES, ["track hand ben Kill", "track fighter ann Grunt 3 --overrule",
                                         "play attack Grunt at ben boss", "play respond Kill at ann grunt",
                                         "play decline", "play decline", "play decline"], "decline"),
    # Determination speaks of destruction; a Boss is defeated
    "determination": (rules_readings.DETERMINATION_FIGHTER, ["track boss ben 2 Tough", "play attack boss at ben boss",
                                                       "play decline"], "decline"),
    # a second Fighter of one name: the player chooses; the engine keeps the new one
    "same name": (rules_readings.SAME_NAME, ["track hand ann Grunt", "track fighter ann Grunt 3 --overrule", "play fighter Grunt",
                                       "play decline"], "decline"),
    # a second Weapon of one name: the player chooses; the engine keeps the new one
    "same weapon": (rules_readings.SAME_NAME_WEAPON, ["track hand ann Sword, Sword", "play weapon Sword", "play decline",
                                                "play decline", "play pass", "play pass", "play weapon Sword",
                                                "play decline"], "decline"),
    # an opponent's Fighter of the same name
    "same name, other player": (rules_readings.SAME_NAME_OWNER, ["track hand ann Grunt", "track fighter ben Grunt 3 --overrule"],
                                "fighter Grunt"),
    # an opponent's Weapon of the same name (Ben's Sword entered at level 1; Ann plays hers at level 2)
    "same weapon, other player": (rules_readings.SAME_NAME_OWNER_WEAPON,
                                  ["track hand ann Sword", "track hand ben Sword", "play pass", "play weapon Sword",
                                   "play decline", "play decline", "play pass", "play pass", "play pass",
                                   "play pass"], "weapon Sword"),
    # a trigger: Turn Structure and the Line start priority differently
    "trigger": (rules_readings.TRIGGER_PRIORITY, ["play attack boss at ben boss"], "trigger Ben: a card says so"),
    # Ben's Zap on Ann's Fighter resolves: the Line gives priority round again, and whether Ben, who
    # answered the Fighter already, gets it on the Fighter again is not said
    "priority again": (rules_readings.PRIORITY_AGAIN, ["track hand ann Grunt", "track hand ben Zap", "play fighter Grunt",
                                                       "play respond Zap at ann boss", "play decline"], "decline"),
    # a defeated player's items on the Line
    "line items": (rules_readings.LINE_ITEMS_REMOVED, ["track hand ben Zap", "track hand cy Zap", "track damage ben boss 5",
                                                 "play attack boss at cy boss", "play respond Zap at ann boss",
                                                 "play respond Zap at ben boss", "play decline"], "decline"),
    # a destroy effect at a Boss: Destroy speaks of any card, the Boss passages of defeat at 0 health
    "destroy boss": (rules_readings.DESTROY_BOSS, ["track hand ben Kill", "play attack boss at ben boss"],
                     "respond Kill at ann boss"),
    # Phantasmal and Transform: techniques (activated abilities) with no cost, tap or timing given
    "phantasmal": (rules_readings.PHANTASMAL_MOVE, ["track fighter ann Ghost 2 --overrule"], "activate Ghost phantasmal"),
    "transform": (rules_readings.TRANSFORM_MOVE, ["track fighter ann Shifter 2 --overrule"], "activate Shifter transform"),
    # the level rises when everyone has passed: a turn read as a level
    "turn is level": (rules_readings.TURN_IS_LEVEL, ["play pass", "play pass"], "pass"),
    # two Enforcers on a team, each to be attacked before the others: any one may be picked
    "several enforcers": (rules_readings.ENFORCER_ANY, ["track fighter ben Bouncer 3 --overrule",
                                                        "track fighter ben Warden 3 --overrule"], "attack boss at ben Warden"),
    # Block puts the attack on a blocker Stealthy keeps from being attacked this level (refarc round)
    "block by a stealthy blocker": (rules_readings.BLOCK_PAST_TRAIT, ["track fighter ben Shade 2 --overrule",
                                                                     "play attack boss at ben boss"], "activate Shade block"),
    # Block takes the attack off the team's Enforcer, which attackers must pick first (refarc round)
    "block past an enforcer": (rules_readings.BLOCK_PAST_TRAIT, ["track fighter ben Bouncer 3 --overrule",
                                                                "track fighter ben Guard 3 --overrule",
                                                                "play attack boss at ben Bouncer"], "activate Guard block"),
    # a Stealthy Boss at Level 1: it was put into play at set-up, and whether that was in Level 1 is not said
    "stealthy boss at level 1": (rules_readings.STEALTHY_BOSS, ["track boss ben 6 Wraith"], "attack boss at ben boss"),
    # Player One moves on clockwise from Ann; Ben, next in the seats, is out
    "player one past a player out": (rules_readings.PLAYER_ONE_PAST_OUT, ["track damage ben boss 6", "play pass"], "pass"),
}


@pytest.mark.parametrize("case", READING_CASES, ids=str)
def test_a_verdict_resting_on_a_reading_says_so(case):
    """Issue 20, readings made visible: where the rulebook leaves a point open, the verdict that
    depends on it names the reading and the passages, never a silent "legal"."""
    reading, steps, text = READING_CASES[case]
    state = table(*steps)
    verdict = E.check(state, E.plays.parse_move(text, state))
    assert reading in verdict.unchecked, verdict.as_json()


def test_every_reading_has_a_case():
    assert {r for r, _, _ in READING_CASES.values()} | {rules_readings.STUN_DURATION} == set(rules_readings.ALL)


@pytest.mark.parametrize("steps, text", [
    (["track fighter ben Bouncer 3 --overrule"], "attack boss at ben Bouncer"),  # the one Enforcer
    (["track fighter ben Bouncer 3 --overrule", "track fighter cy Warden 3 --overrule"], "attack boss at ben Bouncer"),
], ids=["one Enforcer", "Enforcers on two teams"])
def test_an_attack_on_the_only_enforcer_of_its_team_says_no_reading(steps, text):
    """Glossary, Enforcer: one Enforcer on the attacked team is attacked first by the rule itself; the
    reading on several (keywords.enforcer) is said only when the team has another one it could be."""
    verdict = E.check(table(*steps), E.plays.parse_move(text, table(*steps)))
    assert verdict.legal and rules_readings.ENFORCER_ANY not in verdict.unchecked, verdict.as_json()


def test_two_enforcers_still_keep_the_team_s_others_safe():
    """The reading lets the attacker pick among the Enforcers, not past them."""
    state = table("track fighter ben Bouncer 3 --overrule", "track fighter ben Warden 3 --overrule")
    verdict = E.check(state, E.plays.parse_move("attack boss at ben boss", state))
    assert not verdict.legal and verdict.reasons[0].rule == "cataclysm-arcade.keywords.enforcer"


@pytest.mark.parametrize("steps", [["play pass", "play pass"], ["track damage cy boss 6", "play pass"]],
                         ids=["nobody out", "the player out is not next"])
def test_player_one_moving_to_the_next_seat_says_no_reading(steps):
    """Overview: Player One moves clockwise each level; only passing over a player who is out rests on
    the reading (basics.player-one-rotates)."""
    state = table(*steps)
    verdict = E.check(state, E.plays.parse_move("pass", state))
    assert verdict.legal and any(e.kind == "player-one" for e in verdict.effects), verdict.as_json()
    assert rules_readings.PLAYER_ONE_PAST_OUT not in verdict.unchecked


def test_player_one_past_a_player_out_is_said_on_the_tracker_s_next_level_too():
    state = table("track damage ben boss 6", "track pass ann", "track pass cy")
    verdict = T.check(state, T.parse(state, ["next-level"]))
    assert verdict.legal and rules_readings.PLAYER_ONE_PAST_OUT in verdict.unchecked, verdict.as_json()
    assert T.apply(state, T.parse(state, ["next-level"]))[0].player_one == "Cy"


def test_every_reading_cites_the_rule_that_leaves_it_open():
    """Issue 22: a reading is a Reason (rule id + text), its rule one the package cites."""
    from engine.cataclysm_arcade.rule_ids import ALL_RULES

    for note in rules_readings.ALL:
        assert note.rule in ALL_RULES and note.message.startswith("reading: "), note


@pytest.mark.parametrize("steps", [
    ("play pass",),  # Ann passed: Ben has the initiative
    ("play pass", "track hand ben Grunt", "play fighter Grunt", "play decline", "play decline"),  # then Ben moved
])
def test_a_response_on_an_empty_line_cites_the_empty_line_alone(steps):
    """An empty Line has nothing to respond to (responses.not-on-empty-line); whether a player passed
    earlier in the level does not decide it (the table does not keep which move came last)."""
    state = table("track hand ben Zap", "track hand cy Zap", *steps)
    assert state.line == ()
    verdict = E.check(state, E.plays.parse_move("respond Zap at ann boss", state))
    assert [r.rule for r in verdict.reasons] == ["cataclysm-arcade.responses.not-on-empty-line"], verdict.as_json()


def test_a_second_attack_in_the_level_rests_on_agility_and_cites_it():
    """Glossary, Agility: a tapped character attacks again only by Agility, so the verdict of that
    second attack cites Agility for its tap, not only the ordinary tap of an attack."""
    state = table("track fighter ann Hare 2 --overrule", "play attack Hare at ben boss", "play decline",
                  "play decline", "play pass", "play pass")
    assert state.initiative == "Ann" and next(f for f in state.player("Ann").fighters if f.name == "Hare").tapped
    verdict = E.check(state, E.plays.parse_move("attack Hare at ben boss", state))
    assert verdict.legal
    cited = [e.rule for e in verdict.effects]
    assert "cataclysm-arcade.combat.tap-attacker" in cited, verdict.as_json()
    assert "cataclysm-arcade.keywords.agility" in cited, verdict.as_json()
    fresh = table("track fighter ann Hare 2 --overrule")
    first = E.check(fresh, E.plays.parse_move("attack Hare at ben boss", fresh))
    assert "cataclysm-arcade.keywords.agility" not in [e.rule for e in first.effects], first.as_json()


@pytest.mark.parametrize("text", ["weapon Sword on Grunt", "wield Sword on Grunt"])
def test_a_weapon_aimed_at_another_player_s_fighter_names_the_own_team(text):
    """Weapon: it is wielded by a Fighter on the player's own team. Naming an opponent's Fighter is
    bad input that says so and lists the player's own Fighters, not that it is the owner's move."""
    from engine.errors import NotTheirs

    state = table("track hand ann Sword", "track fighter ann Mason 2 --overrule", "track fighter ben Grunt 3 --overrule")
    with pytest.raises(NotTheirs) as caught:
        E.plays.parse_move(text, state)
    said = str(caught.value)
    assert "Grunt is Ben's, not Ann's" in said and "a Weapon goes to a Fighter" in said and "Mason" in said
    assert "move" not in said, said


def test_a_third_tap_ability_of_an_agility_character_is_refused_citing_agility():
    """Glossary, Agility: attacks and tap abilities together, twice a level; the third is refused by
    Agility's limit, as a third attack is."""
    from engine.cataclysm_arcade.model import Ability

    state = table("track fighter ann Lynx 2 --overrule", "play attack Lynx at ben boss", "play decline",
                  "play decline", "play pass", "play pass", "play attack Lynx at ben boss", "play decline",
                  "play decline")
    poke = Ability(name="poke", cost=0, tap=True, effect="damage 1")
    cards = tuple(c.model_copy(update={"abilities": (poke,)}) if c.name == "Lynx" else c for c in state.cards)
    state = state.model_copy(update={"cards": cards})
    assert next(f for f in state.player("Ann").fighters if f.name == "Lynx").taps == 2 and state.initiative == "Ann"
    verdict = E.check(state, E.plays.parse_move("activate Lynx poke at ben boss", state))
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons] == ["cataclysm-arcade.keywords.agility"], verdict.as_json()


def _known_hand(state, name, *cards):
    """The table knows `name`'s whole hand: these cards and no others."""
    return state.model_copy(update={"players": tuple(
        p.model_copy(update={"hand": cards, "hand_unknown": 0}) if p.name == name else p for p in state.players)})


def test_a_tactic_play_of_a_known_fighter_names_the_fighter_play_and_teaches_nothing():
    """Grunt is a Fighter the table has described: `tactic Grunt` is refused as the wrong kind of
    card, and what it says is the play for a Fighter, never a command to teach a card already known."""
    state = table("track hand ann Grunt")
    verdict = E.check(state, E.plays.parse_move("tactic Grunt", state))
    assert not verdict.legal
    assert "`fighter Grunt`" in verdict.reasons[0].message, verdict.as_json()
    assert not any("cards add" in r.message or "teach" in r.message for r in verdict.unchecked), verdict.as_json()


def test_a_response_not_in_a_known_hand_cites_the_responses_rule():
    """Responses: a response is a Response card the player holds; one the table knows Ben does not
    hold is refused under the Responses rule, not Turn Structure's five moves (a response is no move)."""
    state = _known_hand(table("track hand ann Grunt", "play fighter Grunt"), "Ben", "Patch")
    verdict = E.check(state, E.plays.parse_move("respond Zap at ann boss", state))
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons] == ["cataclysm-arcade.responses.definition"], verdict.as_json()
    assert "no Zap in hand" in verdict.reasons[0].message


@pytest.mark.parametrize("play, label", [("weapon Sword keep old", "weapon Sword keep old (Ann)"),
                                         ("fighter Grunt keep old", "fighter Grunt keep old (Ann)")])
def test_a_keep_old_play_waits_on_the_line_saying_keep_old(play, label):
    """Fighter and Weapon: of two of one name the player chooses which stays; the choice is part of
    the play, so the Line item (what `status` and the play's own line show) says it."""
    state = table("track hand ann Grunt, Sword")
    verdict = E.check(state, E.plays.parse_move(play, state))
    after = E.plays.apply(state, E.plays.parse_move(play, state))
    assert after.line[-1].label() == label
    assert any(e.kind == "line" and f"on the Line: {label}" in e.message for e in verdict.effects), verdict.as_json()
