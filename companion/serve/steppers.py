"""The counters a player may change from their page, as − / + steppers instead of typed changes.

Which counters: the game's own tracker says it, in the rows of its verbs (engine.tracking.Counter): the
summary key a counter moves, whether it is a player's or the whole table's, and its bounds. A player's
page steps their own counters and the table's; each step is the change `VERB PLAYER +1` (or `VERB +1`),
offered only when it stays within the counter's bounds and the tracker's own check would accept it now,
and sent as any change is (checked again when it is recorded). Pure: the game, the table and the summary in.
"""
from __future__ import annotations


def steppers(game, state, player: str, summary: dict) -> list[dict]:
    """[{"label", "value", "minus", "plus"}]: `minus`/`plus` the change a tap sends (None at the counter's
    bound or when the tracker would refuse it now); counters with neither, and counters the summary does
    not show for this player (another character's), are left out."""
    from engine.base import step
    from engine.tracking import counters_of

    rows = [r for r in summary.get("players") or [] if isinstance(r, dict)]
    mine = next((r for r in rows if r.get("name") == player), {})
    out = []
    for verb, counter in counters_of(game.tracker.declaration.verbs.table).items():
        value = (mine if counter.of_player else summary).get(counter.key)
        if not isinstance(value, int) or isinstance(value, bool):
            continue  # a counter the table does not show for this player (another character's): none
        said = [verb, player] if counter.of_player else [verb]
        sends = {}
        for sign, bound in (("-1", counter.low), ("+1", counter.high)):
            within = bound is None or (value > bound if sign == "-1" else value < bound)
            try:
                ok = within and not step(game, state, [*said, sign], kind="track", apply=False).refused
            except Exception:  # noqa: BLE001 - words this table cannot take now: no button
                ok = False
            sends[sign] = " ".join([*said, sign]) if ok else None
        if sends["-1"] or sends["+1"]:
            out.append({"label": f"{verb} {player}" if counter.of_player else verb,
                        "value": value,
                        "minus": sends["-1"], "plus": sends["+1"]})
    return out
