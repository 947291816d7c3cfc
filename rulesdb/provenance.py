"""Where an answer comes from: the built-in reference (restated from the rulebook), the player's
imported copy of a rulebook (by its name), or the companion's reading of a passage the rulebook
leaves unclear (with the passages it reads)."""
from __future__ import annotations

REFERENCE, IMPORTED, READING = "reference", "imported", "reading"


def provenance(fields: dict) -> dict:
    """{"kind", "label"} and, for an imported copy, its "source"; for a reading, the "passages"
    of the rulebook it reads and the "unclear" note saying what the rulebook leaves open."""
    if fields.get("kind") == "imported":
        name = fields.get("source", "")
        return {"kind": IMPORTED, "label": f"your imported copy: {name}", "source": name}
    unclear = fields.get("unclear")
    if unclear:
        note, passages = unclear
        where = ", ".join(passages) if passages else "the rulebook"
        return {"kind": READING, "label": f"the companion's reading where the rulebook is unclear ({where})",
                "passages": list(passages), "unclear": note}
    return {"kind": REFERENCE, "label": "built-in reference, restated from the rulebook"}
