"""Party of the Theseus: the session option `cards=` read into catalogue entries (State.cards); its
format (NAME:RANK, then VP, icon, none or +POINTS) is in docs/track-theseus.md."""
from __future__ import annotations

import re
from typing import Any

from engine.tracking import OptionError

from .model import ICONS, LAST_RANK, RANK_ONLY_NAMES, CardSpec, builtin_catalogue

EXAMPLE = "e.g. cards=Dragon:5,Hydra:6:3:explore2:none,Knight:?:explore:none"
_ICON = re.compile(rf"^(?P<icon>{'|'.join(ICONS)})(?P<count>[1-4])?$", re.I)
_POINTS = re.compile(r"^\+(?P<points>\d+)(?:@(?P<area>party|hand|reward))?$", re.I)


def option_cards(text: str) -> tuple[CardSpec, ...]:
    """The catalogue entries a `cards=` option gives (refused with OptionError, naming the part)."""
    if not text:
        return ()
    shipped = {c.name.casefold(): c for c in builtin_catalogue()}
    out: dict[str, CardSpec] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, *rest = [w.strip() for w in part.split(":")]
        if not name or not rest or not re.fullmatch(r"\d+|\?", rest[0]):
            raise OptionError(f"cards: {part!r} is not NAME:RANK followed by VP, icon, none or +POINTS ({EXAMPLE})")
        if name.casefold() in RANK_ONLY_NAMES or name.casefold() == "rank":
            raise OptionError(f"cards: {name!r} is the name the tracker gives cards recorded by Rank only")
        base = shipped.get(name.casefold())
        name = base.name if base is not None else name
        fields: dict[str, Any] = {"name": name, "source": "option cards"}
        if rest[0] != "?":
            rank = int(rest[0])
            if not 1 <= rank <= LAST_RANK:
                raise OptionError(f"cards: {name}'s Rank {rank} is not a Rank (1 to 6)")
            if base is not None and isinstance(base.rank, int) and base.rank != rank:
                raise OptionError(f"cards: {base.name} is a Rank {base.rank} card (rulebook), not Rank {rank}")
            fields["rank"] = rank
        for i, word in enumerate(rest[1:]):
            fields.update(_field(name, word, vp_allowed=i == 0))
        if name.casefold() in out:
            raise OptionError(f"cards: {name} is given twice")
        out[name.casefold()] = CardSpec(**fields)
    return tuple(out.values())


def _field(name: str, word: str, *, vp_allowed: bool) -> dict[str, Any]:
    """One part after the Rank, as CardSpec fields."""
    low = word.casefold().removesuffix("vp")
    if low.isdigit() and vp_allowed:
        return {"vp": int(low)}
    if m := _ICON.match(word):
        return {"icon": m["icon"].lower(), **({"icon_count": int(m["count"])} if m["count"] else {})}
    if word.casefold() == "none":
        return {"effect": "none"}
    if m := _POINTS.match(word):
        return {"effect_points": int(m["points"]), "effect_points_area": (m["area"] or "party").lower()}
    raise OptionError(f"cards: {name}: {word!r} is not VP (right after the Rank), an icon "
                      f"({', '.join(ICONS)}), none or +POINTS[@party|hand|reward] ({EXAMPLE})")
