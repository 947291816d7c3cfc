"""Cataclysm Arcade: the engine judges what the catalogue says about a card (issue 23), and names
exactly what it does not know with the command that teaches it. Each test fails on the code before
the change: a character or Weapon in play that entered before its card was described took none of
the card's numbers, unknown fields were said without their card-library command, and keywords could
not carry their numbers."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.cataclysm_arcade import Engine, Tracker
from engine.cataclysm_arcade.model import CardSpec

from .cataclysm_arcade_table import arcade_table as table

E = Engine()
T = Tracker()
G = "cataclysm-arcade."


def judged(state, text: str):
    return E.check(state, E.plays.parse_move(text, state))


def notes(verdict) -> list[str]:
    return [n.message for n in verdict.unchecked]


# a Grunt a card effect put into play before the table described the card
GRUNT_IN_PLAY = ("track boss ann 10", "track boss ben 10", "track fighter ann Grunt 4 --overrule")


def test_attack_cost_of_a_fighter_in_play_comes_from_the_catalogue():
    """Combat: an attack needs the attacker's attack cost in coins; Ann has 1 coin at level 1."""
    state = table(*GRUNT_IN_PLAY, "track card Grunt fighter attack-cost=3 attack=2")
    verdict = judged(state, "attack Grunt at ben boss")
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons] == [G + "combat.cannot-attack-unpaid"]
    assert "attack cost 3" in verdict.reasons[0].message


def test_an_unknown_attack_cost_names_the_command_that_teaches_it():
    state = table(*GRUNT_IN_PLAY)
    verdict = judged(state, "attack Grunt at ben boss")
    assert verdict.legal
    assert ("Grunt's attack cost is unknown: teach it with "
            '`companion cards add cataclysm-arcade Grunt --type "fighter" --attack-cost "N"`') in notes(verdict)
    assert ("Grunt's attack value is unknown: teach it with "
            '`companion cards add cataclysm-arcade Grunt --type "fighter" --attack "N"`') in notes(verdict)
    rules = {n.rule for n in verdict.unchecked if n.message.startswith("Grunt's")}
    assert rules == {G + "combat.pay-attack-cost", G + "combat.damage-on-resolution"}


def test_an_unnamed_boss_is_taught_by_naming_it():
    state = table("track boss ann 10", "track boss ben 10")
    said = notes(judged(state, "attack boss at ben boss"))
    assert any(m.startswith("Ann's Boss has no name, so its attack cost is unknown: name it with "
                            "`companion track boss ann HEALTH NAME`") for m in said), said


def test_attack_value_of_a_fighter_in_play_comes_from_the_catalogue():
    """Combat: the attack deals its attack value when it resolves."""
    state = table(*GRUNT_IN_PLAY, "track card Grunt fighter attack-cost=0 attack=2", "play attack Grunt at ben boss")
    after = E.plays.apply(state, E.plays.parse_move("decline", state))
    assert after.player("Ben").boss.health == 8


def test_weapon_wield_cost_and_modifier_come_from_the_catalogue():
    """Weapon: wielding costs the wield cost; the attack modifier adds to the wielder's attack."""
    situation = {
        "level": 1, "player_one": "Ann",
        "players": [
            {"name": "Ann", "coins": 2, "boss": {"health": 10},
             "fighters": [{"name": "Grunt", "health": 4, "starting_health": 4, "attack": 1, "attack_cost": 0},
                          {"name": "Brute", "health": 4, "starting_health": 4, "attack": 1, "attack_cost": 0}],
             "weapons": [{"name": "Axe", "wielder": "Grunt"}]},
            {"name": "Ben", "boss": {"health": 10}},
        ],
        "cards": [{"name": "Axe", "type": "weapon", "wield_cost": 3, "attack_modifier": 2}],
    }
    state = E.load_state(situation)
    verdict = judged(state, "wield Axe on Brute")
    assert not verdict.legal and [r.rule for r in verdict.reasons] == [G + "weapon.wield-cost"]
    attacked = E.plays.apply(state, E.plays.parse_move("attack Grunt at ben boss", state))
    after = E.plays.apply(attacked, E.plays.parse_move("decline", attacked))
    assert after.player("Ben").boss.health == 7  # 1 printed + 2 from the Axe
    unknown = E.load_state({**situation, "cards": [{"name": "Axe", "type": "weapon"}]})
    assert ('Axe\'s wield cost is unknown: teach it with `companion cards add cataclysm-arcade Axe --type "weapon" '
            '--wield-cost "N"`') in notes(judged(unknown, "wield Axe on Brute"))


@pytest.mark.parametrize("card, play, said", [
    ("track card Spark fighter", "fighter Spark",
     "Spark's level requirement is unknown: teach it with `companion cards add cataclysm-arcade Spark --type \"fighter\" --level \"N\"`"),
    ("track card Zap tactic effect=damage:1", "tactic Zap at ben boss",
     "Zap's coin cost is unknown: teach it with `companion cards add cataclysm-arcade Zap --type \"tactic\" --cost \"N\"`"),
    ("track card Zap tactic cost=0", "tactic Zap",
     "Zap's effect is unknown: teach it with `companion cards add cataclysm-arcade Zap --type \"tactic\" --effect \"damage N\"`"),
])
def test_unknown_fields_of_a_card_in_hand_name_their_command(card, play, said):
    state = table("track boss ann 10", "track boss ben 10", card, f"track hand ann {play.split()[1]}")
    assert said in notes(judged(state, play))


def test_a_card_missing_from_the_catalogue_is_taught_with_its_type():
    state = table("track boss ann 10", "track boss ben 10", "track hand ann Mystery")
    said = notes(judged(state, "tactic Mystery"))
    assert any(m.startswith("Mystery is not in the catalogue") and
               '`companion cards add cataclysm-arcade Mystery --type "tactic"`' in m for m in said), said


def test_keywords_carry_their_numbers():
    """Glossary, Armor N: the first N damage each level is prevented; the N is printed with the keyword."""
    assert CardSpec.model_validate({"name": "Tank", "type": "fighter", "keywords": ["Armor 2", "enforcer"]}).armor == 2
    state = table("track boss ann 10 Queen", "track boss ben 10",
                  "track card Queen boss attack=3 attack-cost=0",
                  "track card Tank fighter health=5 keywords=armor:2,enforcer",
                  "track fighter ben Tank 5 --overrule", "play attack boss at ben Tank")
    after = E.plays.apply(state, E.plays.parse_move("decline", state))
    tank = after.player("Ben").fighters[0]
    assert tank.armor == 2 and tank.keywords == ("armor", "enforcer") and tank.health == 4


def test_armor_without_its_number_is_unknown():
    state = table("track boss ann 10 Queen", "track boss ben 10", "track card Queen boss attack=3 attack-cost=0",
                  "track card Tank fighter health=5 keywords=armor", "track fighter ben Tank 5 --overrule")
    assert ('Tank\'s Armor number is unknown: teach it with `companion cards add cataclysm-arcade Tank --type "fighter" --armor "N"`'
            in notes(judged(state, "attack boss at ben Tank")))


@pytest.mark.parametrize("fields", [{"keywords": ["flying"]}, {"keywords": ["enforcer 2"]},
                                    {"effect": "zap 2"}, {"effect": "damage two"},
                                    {"abilities": [{"name": "Zap", "effect": "burn 1"}]}])
def test_the_catalogue_refuses_what_the_engine_cannot_read(fields):
    with pytest.raises(ValidationError):
        CardSpec.model_validate({"name": "Odd", "type": "response", **fields})


def test_fortify_names_the_faction_to_teach():
    """Glossary, Fortify: the card goes under a Synth; a Boss whose faction is unknown is unchecked."""
    state = table("track boss ann 10 Queen", "track boss ben 10", "track card Queen boss",
                  "track card Mason fighter level=1 health=2 keywords=fortify", "track hand ann Mason")
    said = notes(judged(state, "fortify Mason on boss"))
    assert ('whether boss is a Synth: Queen\'s faction is unknown: teach it with '
            '`companion cards add cataclysm-arcade Queen --type "boss" --faction "NAME"`') in said
