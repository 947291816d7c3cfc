"""Cataclysm Arcade: what the catalogue says about a card in play (its numbers as it entered, else its
card's), and the `unchecked` Reason, with the one command that teaches it, for what it does not."""
from __future__ import annotations

from typing import Any

from engine.base import Reason
from engine.words import teach as library_command

from .model import BOSS, Player, State, find_fighter, spec
from .rule_ids import GAME

#: catalogue field -> (how a verdict names it, the placeholder a `cards add` example shows)
FIELDS = {
    "type": ("type", "fighter|tactic|response|weapon|boss"),
    "faction": ("faction", "NAME"),
    "level": ("level requirement", "N"),
    "cost": ("coin cost", "N"),
    "health": ("health", "N"),
    "attack": ("attack value", "N"),
    "attack_cost": ("attack cost", "N"),
    "wield_cost": ("wield cost", "N"),
    "attack_modifier": ("attack modifier", "N"),
    "effect": ("effect", "damage N"),
    "armor": ("Armor number", "N"),
}


def teach(card: str, field: str, value: str | None = None, kind: str | None = None) -> str:
    """The one command that puts a card's field into the card library (the value, else its placeholder),
    naming the type too, which a library card needs (`kind`, else its placeholder)."""
    command = library_command(GAME, card, field, value or FIELDS[field][1])
    if field == "type":
        return command
    typed = library_command(GAME, card, "type", kind or FIELDS["type"][1])
    bare = library_command(GAME, card, "type", "")  # the command up to the type's value
    head = bare[:bare.rindex(" --type ")]
    return typed + command[len(head):]


def unknown(card: str, field: str, rule: str, kind: str | None = None) -> Reason:
    """`unchecked`: the card's field is unknown, with the command that teaches it (`kind`: its type)."""
    return Reason(rule=rule, message=f"{card}'s {FIELDS[field][0]} is unknown: teach it with "
                  f"`{teach(card, field, kind=kind)}`")


def card_name(player: Player, character: str) -> str | None:
    """The card a character in play is: the Boss's name (if the table gave it) or the Fighter's."""
    return player.boss.name if character == BOSS else getattr(find_fighter(player, character), "name", None)


def character_fact(state: State, player: Player, character: str, field: str) -> Any:
    """A character's number as it is in play, else as its card in the catalogue says, else None."""
    who = player.boss if character == BOSS else find_fighter(player, character)
    value = getattr(who, field, None)  # None: no such character in play
    return value if value is not None else getattr(spec(state, card_name(player, character)), field, None)


def weapon_fact(state: State, weapon, field: str) -> Any:
    """A Weapon's wield cost or attack modifier as in play, else as its card says, else None."""
    value = getattr(weapon, field)
    return value if value is not None else getattr(spec(state, weapon.name), field, None)


def unknown_character(player: Player, character: str, field: str, rule: str) -> Reason:
    """`unchecked` for a character's field; a Boss the table has not named is taught by naming it."""
    name = card_name(player, character)
    if name is None:
        return Reason(rule=rule, message=f"{player.name}'s Boss has no name, so its {FIELDS[field][0]} is unknown: "
                      f"name it with `companion track boss {player.name.lower()} HEALTH NAME`")
    return unknown(name, field, rule, BOSS if character == BOSS else "fighter")


def unconfirmed(plays: list[tuple[str, Reason]], said: str = "not offered as legal instead") -> list[Reason]:
    """`unchecked` for the plays left out of advice (or `moves`) because a cost is unknown, grouped by the
    unknown fact."""
    groups: dict[str, tuple[str, list[str]]] = {}
    for text, why in plays:
        groups.setdefault(why.message, (why.rule, []))[1].append(text)
    return [Reason(rule=rule, message=f"{said}: {'; '.join(texts[:3])}"
                   + (f" and {len(texts) - 3} more" if len(texts) > 3 else "") + f": {message}")
            for message, (rule, texts) in groups.items()]
