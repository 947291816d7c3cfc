"""Cataclysm Arcade: the readings the engine takes where the rulebook is silent or speaks two ways, each
an `unchecked` Reason citing the rule whose passage leaves the point open (never a silent "legal", issue
20); `from_effects` finds those a play's effects rest on. docs/moves-cataclysm-arcade.md lists them."""
from __future__ import annotations

from engine.base import Reason
from engine.readings import MARK

from .rule_ids import R


def reading(rule: str, text: str, passages: str) -> Reason:
    """One reading as an unchecked note citing the rule that leaves the point open (said once per game:
    engine/readings.py)."""
    return Reason(rule=rule, message=f"{MARK}{text} ({passages})")


FORTIFY_MOVE = reading(R.FORTIFY, "Fortify is used as a move, with the initiative, and waits on the Line like every "
                       "move but pass", "Glossary, Fortify: only 'used from your hand'; Turn Structure lists the moves")
FORTIFY_LEVEL = reading(R.FORTIFY, "Fortify from the hand is not held to the Fighter's level requirement, which the "
                        "rulebook sets for playing a Fighter", "Glossary, Fortify: no level named; Fighter and Card "
                        "Anatomy, Level Cost: the level at which the card may be played")
BLOCK_RESPONSE = reading(R.BLOCK, "Block is a response that only means something against an opponent's attack on "
                         "the Line, with no cost and no tap", "Glossary, Block: no timing or cost given")
BLOCK_PAST_TRAIT = reading(R.BLOCK, "Block may make its blocker the attack's target even where Stealthy, or an "
                           "Enforcer on its team, keeps an attacker from picking it: those traits limit the target "
                           "the attacker picks, and Block changes the target afterwards", "Glossary: Block, Stealthy "
                           "and Enforcer do not say how they meet")
PHANTASMAL_MOVE = reading(R.PHANTASMAL, "Phantasmal is used as a move, with the initiative, at no cost and without "
                          "tapping", "Glossary, Techniques: an activated ability; Phantasmal gives no cost, tap or timing")
TRANSFORM_MOVE = reading(R.TRANSFORM, "Transform is used as a move, with the initiative, at no cost and without "
                         "tapping", "Glossary, Techniques: an activated ability; Transform gives no cost, tap or timing")
STUN_DURATION = reading(R.STUN, "a Stun lasts until a card effect untaps the character (`track untap`), not "
                        "through the level's untap", "Glossary, Stun: no duration given; Turn Structure, untap; "
                        "if your table ends it sooner, overrule")
WEAPON_STAYS = reading(R.LEAVING_PLAY, "a Weapon whose Fighter leaves play stays in play, unwielded",
                       "Weapon and Glossary, leaving play: neither says")
WIELDER_GONE = reading(R.WEAPON_WIELDED, "a Weapon whose named Fighter left play while it waited on the Line goes "
                      "to the player's first Fighter in play", "Weapon: it enters wielded by a Fighter of your team "
                      "when it resolves, and does not say which one the engine should take; `wield` moves it")
ATTACK_FIZZLES = reading(R.DAMAGE_ON_RESOLUTION, "an attack whose attacker or target has left play deals no damage",
                         "Combat: does not say")
DETERMINATION_FIGHTER = reading(R.DETERMINATION, "Determination keeps a character from being destroyed, so it "
                                "saves Fighters; a Boss at 0 or less is defeated, not destroyed",
                                "Glossary, Determination; Combat")
_KEEP_NEW = "of two cards of one name in play the new one stays and the old one is destroyed, unless the play said " \
            "`keep old`"
SAME_NAME = reading(R.FIGHTER_ONE_PER_NAME, _KEEP_NEW, "Fighter lets the player choose which to keep: play "
                    "`fighter NAME keep old` to keep the old one")
SAME_NAME_WEAPON = reading(R.WEAPON_ONE_PER_NAME, _KEEP_NEW, "Weapon lets the player choose which to keep: play "
                           "`weapon NAME keep old` to keep the old one")
SAME_NAME_OWNER = reading(R.FIGHTER_ONE_PER_NAME, "the one-Fighter-per-name limit counts the player's own Fighters, "
                          "so an opponent's Fighter of that name does not matter", "Fighter: does not say whose")
SAME_NAME_OWNER_WEAPON = reading(R.WEAPON_ONE_PER_NAME, "the one-Weapon-per-name limit counts the player's own "
                                 "Weapons, so an opponent's Weapon of that name does not matter",
                                 "Weapon: does not say whose")
TRIGGER_PRIORITY = reading(R.TRIGGERED, "after a trigger the player with the initiative has priority, or the next "
                           "player clockwise when the trigger is their own", "Turn Structure gives it to the "
                           "initiative; The Line and the Glossary's Priority start clockwise and forbid answering "
                           "your own item")
PRIORITY_AGAIN = reading(R.PRIORITY_AFTER, "after an item resolves, priority goes round afresh for the item below, so "
                        "a player who already answered that item (or let it be) may answer it again",
                        "The Line: priority goes on clockwise from whoever added the resolved item and the round "
                        "repeats; it does not say whether those who had priority on the item below get it again")
LINE_ITEMS_REMOVED = reading(R.DEFEATED_REMOVED, "a defeated player's items waiting on the Line leave the game with "
                             "their cards", "Winning the Game removes their cards; it does not name the Line")
DESTROY_BOSS = reading(R.DESTROY, "a destroy effect may name a Boss as its target, and what it does to the Boss is "
                      "left to the table (record it with `track`)", "Glossary, Destroy: any card goes to the discard "
                      "pile; Boss and Combat speak only of defeat at 0 health; Target leaves targets to the card")
ENFORCER_ANY = reading(R.ENFORCER, "with two or more Enforcers on a team the attacker may pick any one of them",
                      "Glossary, Enforcer: each is to be attacked before the team's others; several are not covered")
PLAYER_ONE_PAST_OUT = reading(R.PLAYER_ONE_ROTATES, "Player One moves on past a player who is out, to the next "
                              "player clockwise still in the game", "Overview: the role moves to the next player "
                              "clockwise each level; it does not name players who are out")
STEALTHY_BOSS = reading(R.STEALTHY, "a Boss is put into play at set-up, before Level 1 begins, so Stealthy does not "
                        "keep it from attacks in Level 1 for arriving", "Boss: it starts in play; Overview: the game "
                        "starts at Level 1; Glossary, Stealthy: the level it comes into play")
TURN_IS_LEVEL = reading(R.LEVEL_INCREASES, "a turn is a whole level: coins come once per level and the level rises "
                        "when everyone has passed", "Overview speaks of turns, Turn Structure of levels")

#: (effect kind, rule) -> the reading that effect rests on
BY_EFFECT = {
    ("unwielded", R.LEAVING_PLAY): WEAPON_STAYS,
    ("fizzles", R.DAMAGE_ON_RESOLUTION): ATTACK_FIZZLES,
    ("wielder-first", R.WEAPON_WIELDED): WIELDER_GONE,
    ("destroyed", R.FIGHTER_ONE_PER_NAME): SAME_NAME,
    ("destroyed", R.WEAPON_ONE_PER_NAME): SAME_NAME_WEAPON,
    ("trigger", R.TRIGGER): TRIGGER_PRIORITY,
    ("line-removed", R.DEFEATED_REMOVED): LINE_ITEMS_REMOVED,
    ("level", R.LEVEL_INCREASES): TURN_IS_LEVEL,
    ("blocked", R.BLOCK): BLOCK_RESPONSE,
}
BY_KIND = {"passed-over": PLAYER_ONE_PAST_OUT, "priority-again": PRIORITY_AGAIN, "stunned": STUN_DURATION,
           "boss-determination": DETERMINATION_FIGHTER, "boss-destroy": DESTROY_BOSS}

ALL = (FORTIFY_MOVE, FORTIFY_LEVEL, BLOCK_RESPONSE, BLOCK_PAST_TRAIT, PHANTASMAL_MOVE, TRANSFORM_MOVE, STUN_DURATION,
       WEAPON_STAYS, WIELDER_GONE, ATTACK_FIZZLES, DETERMINATION_FIGHTER, SAME_NAME, SAME_NAME_WEAPON, SAME_NAME_OWNER,
       SAME_NAME_OWNER_WEAPON, TRIGGER_PRIORITY, PRIORITY_AGAIN, LINE_ITEMS_REMOVED, TURN_IS_LEVEL, DESTROY_BOSS,
       ENFORCER_ANY, PLAYER_ONE_PAST_OUT, STEALTHY_BOSS)

# what the engine cannot know, said where a verdict meets it (not readings: the rulebook is clear)
TRIGGER_CONDITION = Reason(rule=R.TRIGGER, message="whether a card's trigger condition was met: the engine does not "
                           "know card texts")
TRANSFORM_NOT_DONE = Reason(rule=R.TRANSFORM, message="transform: the engine destroys the Fighter; the Fighter "
                            "revealed from the deck to take its place is the table's to record")


def from_effects(effects) -> list[Reason]:
    """The readings a play's effects rest on, each once, in the order they first apply."""
    found = [BY_EFFECT.get((e.kind, e.rule)) or BY_KIND.get(e.kind) for e in effects]
    return list(dict.fromkeys(r for r in found if r))
