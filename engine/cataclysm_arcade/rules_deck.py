"""Cataclysm Arcade: a constructed deck (a TOML or JSON file: the Boss, the cards with their copies, its
own `[[catalogue]]` entries) checked against the Constructed Deck Rules and Card Limits; an unknown
faction is unchecked, with the command that teaches it. The file's shape: docs/moves-cataclysm-arcade.md."""
from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from engine.base import Frozen, Reason, SituationError, Verdict, field_problem
from engine.tracking import Findings

from . import rules_cards
from .rules_readings import reading
from .model import CardSpec, builtin_catalogue
from .rule_ids import R

MIN_CARDS = 40
MAX_COPIES = 3
#: the deck's size is read from Constructed Deck Rules; a count this near 40 is one the passages judge apart
DECK_SIZE = reading(R.AT_LEAST_40, "a constructed deck is the Boss plus at least 40 other cards", "Constructed Deck "
                    "Rules; Game Set-up asks for a '40 card deck', not saying whether the Boss is one of the 40 or "
                    "whether more are allowed")


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
        raise SituationError(f"{source}: {field_problem(exc, Deck)}") from None


def check_deck(deck: Deck) -> Verdict:
    """Legal when the deck keeps every constructed-deck rule; the reasons name each violation."""
    known = {c.name.lower(): c for c in (*builtin_catalogue(), *deck.catalogue)}

    def fact(card, field: str):
        """What the entry says of the card, else the catalogue."""
        return getattr(card, field, None) or getattr(known.get(card.name.lower()), field, None)

    found = Findings()
    boss = DeckBoss(name=deck.boss) if isinstance(deck.boss, str) else deck.boss
    bosses_in_cards = [c for c in deck.cards if fact(c, "type") == "boss"]
    if boss is None:
        found.forbid(R.ONE_BOSS, "the deck names no Boss (boss = \"NAME\")")
    if bosses_in_cards:
        names = ", ".join(c.name for c in bosses_in_cards)
        found.forbid(R.ONE_BOSS, f"a deck has exactly one Boss; the other cards include Bosses: {names}")
    others = [c for c in deck.cards if c not in bosses_in_cards]
    total = sum(c.count for c in others)
    if total < MIN_CARDS:
        found.forbid(R.AT_LEAST_40, f"{total} cards besides the Boss; a deck needs at least {MIN_CARDS}")
    if total >= MIN_CARDS - 1:  # 39 others and the Boss make a 40-card deck; more than 40 is "at least 40"
        found.unchecked.append(DECK_SIZE)
    copies: Counter[str] = Counter()
    for c in others:
        copies[c.name.lower()] += c.count
    spelling = {c.name.lower(): c.name for c in reversed(others)}  # the first spelling wins
    for low, n in sorted(copies.items()):
        if n > MAX_COPIES:
            found.forbid(R.MAX_THREE, f"{n} copies of {spelling[low]}; at most {MAX_COPIES}")
    factions: dict[str, list[str]] = {}  # a faction's name as first spelled -> its cards (any case is one faction)
    for c in others:
        faction = fact(c, "faction")
        if faction is None:
            found.unchecked.append(rules_cards.unknown(c.name, "faction", R.TWO_FACTIONS, fact(c, "type")))
        else:
            spelled = next((f for f in factions if f.lower() == faction.lower()), faction)
            factions.setdefault(spelled, []).append(c.name)
    boss_faction = fact(boss, "faction") if boss else None
    if boss is not None and boss_faction is None:
        note = rules_cards.unknown(boss.name, "faction", R.BOSS_FACTION, "boss")
        found.unchecked.append(Reason(rule=note.rule, message=f"the faction limit is not checked: the Boss {note.message}"))
    outside = {f: names for f, names in factions.items() if f.lower() != (boss_faction or "").lower()}
    listed = "; ".join(f"{f}: {', '.join(sorted(set(n)))}" for f, n in sorted(outside.items()))
    if boss_faction is not None and len(outside) > 1:
        found.forbid(R.TWO_FACTIONS, f"cards of the Boss's faction ({boss_faction}) and {len(outside)} other "
                     f"factions; only one other is allowed ({listed})")
        found.forbid(R.BOSS_FACTION, "the Boss's faction decides which cards the deck may hold")
    elif boss_faction is None and len(outside) > 2:  # whatever the Boss's faction, two at most can be allowed
        found.forbid(R.TWO_FACTIONS, f"cards of {len(outside)} factions; whatever the Boss's faction, only it and one "
                     f"other are allowed ({listed})")
    return found.verdict()
