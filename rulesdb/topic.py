"""A thing's name says which thing, not which of its rules (issue 46): "undercity crab treasures"
names the Undercity Crab to find its section and asks about its treasures, so within the section the
question names, a rule that matches only the name (its ratings, which repeat it in every field) has
no share of what is asked."""
from __future__ import annotations

# the sections of rules about one named thing (catharsis.characters.lumi.*): the third part is its name
# (a challenge's third part is its tier, "mortal", a kind of challenge that every rule of it is)
ONE_THING = ("characters", "boss-decks")


def named_thing(rule_id: str) -> str | None:
    """The name of the one thing a rule is about ("lumi" of catharsis.characters.lumi.one-ice), or None."""
    parts = rule_id.split(".")
    return parts[2] if len(parts) >= 4 and parts[1] in ONE_THING else None


def share(groups: list[frozenset], rarity: list[float], matched: set, name: set[str]) -> float:
    """The rarity-weighted share of the question's word groups a rule matches; none for a rule that
    matches only the groups saying the name of its own thing when the question says more than it."""
    whole = sum(rarity)
    if any(g & matched for g in groups if not g & name) or all(g & name for g in groups):
        return sum(r for g, r in zip(groups, rarity) if g & matched) / whole if whole else 1.0
    return 0.0
