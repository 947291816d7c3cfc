"""Cataclysm Arcade: a constructed deck checked against the Constructed Deck Rules and Card Limits.

A deck file (TOML or JSON) names the Boss and the other cards with their copies; factions and card
types come from the entries themselves or the catalogue (the shipped one plus the deck file's own
`[[catalogue]]` entries):

    boss = "Queen"                      # or boss = { name = "Queen", faction = "Synth" }
    [[cards]]
    name = "Grunt"
    count = 3
    faction = "Synth"                   # optional when the catalogue knows it

Each violation names its rule. A card whose faction is unknown cannot be judged for the faction
limit: it is listed as unchecked, with the command that teaches it.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from engine.base import Frozen, Reason, SituationError, Verdict, field_problem
from engine.tracking import Findings

from . import rules_cards
from .model import CardSpec, builtin_catalogue
from .rule_ids import R

MIN_CARDS = 40
MAX_COPIES = 3


class DeckCard(Frozen):
    name: str
    count: int = 1
    faction: str | None = None
    type: str | None = None


class DeckBoss(Frozen):
    name: str
    faction: str | None = None


class Deck(Frozen):
    boss: DeckBoss | str | None = None
    cards: tuple[DeckCard, ...] = ()
    catalogue: tuple[CardSpec, ...] = ()


def load_deck(data: dict[str, Any], source: str = "deck") -> Deck:
    try:
        return Deck.model_validate(data)
    except ValidationError as exc:
        raise SituationError(f"{source}: {field_problem(exc)}") from None


def check_deck(deck: Deck) -> Verdict:
    """Legal when the deck keeps every constructed-deck rule; the reasons name each violation."""
    known = {c.name.lower(): c for c in (*builtin_catalogue(), *deck.catalogue)}
    reasons: list[Reason] = []
    unchecked: list[Reason] = []
    boss = DeckBoss(name=deck.boss) if isinstance(deck.boss, str) else deck.boss
    bosses_in_cards = [c for c in deck.cards if (c.type or getattr(known.get(c.name.lower()), "type", None)) == "boss"]
    if boss is None:
        reasons.append(Reason(rule=R.ONE_BOSS, message="the deck names no Boss (boss = \"NAME\")"))
    if bosses_in_cards:
        names = ", ".join(c.name for c in bosses_in_cards)
        reasons.append(Reason(rule=R.ONE_BOSS, message=f"a deck has exactly one Boss; the other cards include Bosses: {names}"))
    others = [c for c in deck.cards if c not in bosses_in_cards]
    total = sum(c.count for c in others)
    if total < MIN_CARDS:
        reasons.append(Reason(rule=R.AT_LEAST_40, message=f"{total} cards besides the Boss; a deck needs at least {MIN_CARDS}"))
    copies: Counter[str] = Counter()
    spelling: dict[str, str] = {}
    for c in others:
        copies[c.name.lower()] += c.count
        spelling.setdefault(c.name.lower(), c.name)
    for low, n in sorted(copies.items()):
        if n > MAX_COPIES:
            reasons.append(Reason(rule=R.MAX_THREE, message=f"{n} copies of {spelling[low]}; at most {MAX_COPIES}"))
    boss_faction = (boss.faction if boss else None) or (getattr(known.get(boss.name.lower()), "faction", None) if boss else None)
    factions: dict[str, list[str]] = {}
    for c in others:
        faction = c.faction or getattr(known.get(c.name.lower()), "faction", None)
        if faction is None:
            kind = c.type or getattr(known.get(c.name.lower()), "type", None)
            unchecked.append(rules_cards.unknown(c.name, "faction", R.TWO_FACTIONS, kind))
        else:
            factions.setdefault(faction, []).append(c.name)
    if boss is None:
        pass  # no Boss, no faction to measure the cards against (already a violation above)
    elif boss_faction is None:
        note = rules_cards.unknown(boss.name, "faction", R.BOSS_FACTION, "boss")
        unchecked.append(Reason(rule=note.rule, message=f"the faction limit is not checked: the Boss {note.message}"))
    else:
        outside = {f: names for f, names in factions.items() if f != boss_faction}
        if len(outside) > 1:
            listed = "; ".join(f"{f}: {', '.join(sorted(set(n)))}" for f, n in sorted(outside.items()))
            reasons.append(Reason(rule=R.TWO_FACTIONS,
                                  message=f"cards of the Boss's faction ({boss_faction}) and {len(outside)} other "
                                  f"factions; only one other is allowed ({listed})"))
            reasons.append(Reason(rule=R.BOSS_FACTION, message="the Boss's faction decides which cards the deck may hold"))
    return Findings(reasons, unchecked).verdict()
