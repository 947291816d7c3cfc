"""A thing's name says which thing, not which of its rules (issue 46): "undercity crab treasures"
names the Undercity Crab to find its section and asks about its treasures, so within the section the
question names, a rule that matches only the name or its section's words ("lich deck": boss-decks;
its ratings repeat them in every field) has no share of what is asked."""
from __future__ import annotations

# the sections of rules about one named thing (catharsis.characters.lumi.*): the third part is its name
# (a challenge's third part is its tier, "mortal", a kind of challenge that every rule of it is)
ONE_THING = ("characters", "boss-decks")


def named_thing(rule_id: str) -> str | None:
    """The name of the one thing a rule is about ("lumi" of catharsis.characters.lumi.one-ice), or None."""
    parts = rule_id.split(".")
    return parts[2] if len(parts) >= 4 and parts[1] in ONE_THING else None


def section_of(rule_id: str) -> str:
    """The section part of a rule's id ("boss-decks" of catharsis.boss-decks.ice-elf-lich.ratings)."""
    return rule_id.split(".")[1]


def share(groups: list[frozenset], rarity: list[float], matched: set, name: set[str]) -> float:
    """The rarity-weighted share of the question's word groups a rule matches; none for a rule that
    matches only the groups saying the name of its own thing when the question says more than it."""
    whole = sum(rarity)
    if any(g & matched for g in groups if not g & name) or all(g & name for g in groups):
        return sum(r for g, r in zip(groups, rarity) if g & matched) / whole if whole else 1.0
    return 0.0


def asides(found: list[tuple[float, dict]], typed: set[str], stems, weight: float) -> list[tuple[float, dict]]:
    """A rule that speaks of a named thing as one case of another subject (catharsis.duo-powers.luthia:
    Luthia's duo powers) weighs `weight` when the question names the thing but not the whole subject
    and the thing's own rules are among the hits: "how does luthia get cobble" asks about Luthia's cobble.
    The hits keep their order when no rule is such an aside."""
    own = {named_thing(f["id"]) for _, f in found} - {None}

    def aside(rule_id: str) -> bool:
        parts = rule_id.split(".")
        return (len(parts) == 3 and parts[1] not in ONE_THING + ("glossary",) and parts[2] in own
                and bool(typed & set(stems(parts[2].replace("-", " "))))
                and not set(stems(parts[1].replace("-", " "))) <= typed)

    if not any(aside(f["id"]) for _, f in found):
        return found
    return sorted(((score * weight if aside(f["id"]) else score, f) for score, f in found), key=lambda pair: -pair[0])
