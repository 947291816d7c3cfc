"""The counters a player may change from their page, as − / + steppers instead of typed changes.

Which counters: the game's own tracker says it. A verb whose usage shows a signed change (`coins ann +2`,
`morale -1`) is a counter, of one player when a word stands between the verb and the number, else of the
whole table. A player's page steps their own counters and the table's; each step is the change
`VERB PLAYER +1` (or `VERB +1`), offered only when the tracker's own check would accept it now, and sent
as any change is (checked again when it is recorded). Pure: the game, the table and the summary in.
"""
from __future__ import annotations

import re


def counter_verbs(tracker) -> list[tuple[str, bool]]:
    """(verb, of a player) for each verb whose usage or example shows a signed change."""
    out = []
    for v in tracker.verbs():
        verb, said = v["verb"], f"{v.get('usage', '')} {v.get('example', '')}"
        shapes = {bool(m.group(1)) for m in re.finditer(rf"(?<![\w-]){re.escape(verb)}( [\w-]+)? [+-]\d", said)}
        if shapes:
            out.append((verb, True in shapes))
    return out


def _value(verb: str, row: dict) -> int | None:
    """The counter's number in a summary row: the key named as the verb (`gems`), or one it begins
    (`yarn` -> `yarn_balls`) or ends (`reapurr` -> `grim_reapurr`)."""
    name = verb.replace("-", "_")
    for key, value in row.items():
        if isinstance(value, int) and not isinstance(value, bool) and (
                key == name or key.startswith(name) or key.endswith(f"_{name}")):
            return value
    return None


def steppers(game, state, player: str, summary: dict) -> list[dict]:
    """[{"label", "value", "minus", "plus"}]: `minus`/`plus` the change a tap sends (None when the
    tracker would refuse it now, and `minus` at 0); counters with neither, and counters the summary does
    not show for this player (another character's), are left out."""
    from engine.base import step

    rows = [r for r in summary.get("players") or [] if isinstance(r, dict)]
    mine = next((r for r in rows if r.get("name") == player), {})
    out = []
    for verb, of_player in counter_verbs(game.tracker):
        said = [verb, player] if of_player else [verb]
        sends = {}
        for sign in ("-1", "+1"):
            try:
                ok = not step(game, state, [*said, sign], kind="track", apply=False).refused
            except Exception:  # noqa: BLE001 - words this table cannot take now: no button
                ok = False
            sends[sign] = " ".join([*said, sign]) if ok else None
        value = _value(verb, mine if of_player else summary)
        if value is None:  # a counter the table does not show for this player (another character's): none
            continue
        if value <= 0:  # never below 0
            sends["-1"] = None
        if sends["-1"] or sends["+1"]:
            out.append({"label": f"{verb} {player}" if of_player else verb,
                        "value": value,
                        "minus": sends["-1"], "plus": sends["+1"]})
    return out
