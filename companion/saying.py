"""Saying little: the one line printed after a tracker command (no rich here; render.py prints it).

The line names what changed, what it triggered that the table must act on (a threshold, an
elimination, a round or level ending, the game's end) and the one or two counters it touched,
found by comparing the summary before and after.
"""
from __future__ import annotations

import re
from typing import Any

from trackers.pressing import pressing


def cell(value) -> str:
    """A summary value as short text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(cell(v) for v in value) or "-"
    if isinstance(value, dict):
        if "name" in value:
            return str(value["name"])
        from companion.labels import label

        return ", ".join(f"{label(k)} {cell(v)}" for k, v in value.items()) or "-"
    return str(value)


def records(value) -> dict[str, dict] | None:
    """A per-player (per-power, per-fighter ...) part of a summary as {row name: {column: value}}."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        first = next(iter(value[0]))
        return {str(row.get(first)): {k: v for k, v in row.items() if k != first} for row in value}
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return {str(k): v for k, v in value.items()}
    return None


def flat(summary: dict[str, Any], at: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every counter of a summary under a short path: ("morale",), ("Ben", "lives"),
    ("Ben", "powers", "1", "status")."""
    out: dict[tuple[str, ...], Any] = {}
    for key, value in summary.items():
        rows = records(value)
        if rows is None:
            out[(*at, key) if at else (key,)] = value
            continue
        for row, columns in rows.items():
            out.update(flat(columns, (*at, key, row) if at else (row,)))
    return out


def touched(before: dict | None, after: dict, change: str, limit: int = 2) -> list[str]:
    """The counters a change moved, most relevant first: those of a player it names and those named
    like its verb ("lives Ben -2" -> "Ben lives 9→7"), numbers before other values."""
    if not before:
        return []
    old, new = flat(before), flat(after)
    words = [w.lower() for w in change.split()]
    verb = words[0].replace("_", "-") if words else ""
    moved = [p for p in new if old.get(p, new[p]) != new[p] or (p not in old and new[p] not in (None, "", [], 0))]

    def score(path: tuple[str, ...]) -> int:
        key = path[-1].lower().replace("_", "-")
        points = 2 if any(part.lower() in words for part in path[:-1]) else 0
        if verb and (key == verb or verb in key or key in verb):
            points += 3
        value = new[path]
        if isinstance(value, int) and not isinstance(value, bool):
            points += 1
        return points

    # a round or level back to 0 is no round at all (a Catharsis combat over): not "back to round 0"
    ranked = sorted((p for p in moved if not (p[0] in BOUNDARIES and new[p] == 0)), key=lambda p: -score(p))
    out = [f"{key} {after[key]} begins" if after[key] > (before.get(key) or 0) else f"back to {key} {after[key]}"
           for key in BOUNDARIES if isinstance(after.get(key), int) and after[key] and before.get(key) != after[key]]
    if out:  # a new round or level: its reset of every counter is implied, not listed
        return out
    # every counter of the verb's own kind for a player the change names (`lives all -1`): all of
    # them, however many; otherwise the `limit` most relevant, each with the same counter of every
    # other player (or power) the change moved (a refresh: every player's face-up powers)
    named = [p for p in ranked if score(p) >= 5]
    groups = _alike(ranked)
    each = len(named) > limit
    chosen = named if each else [g[0] for g in groups[:limit]]
    for path in chosen:
        rows = [path] if each else next(g for g in groups if path in g)
        label = " ".join(p.replace("_", " ") for p in path[1:] if len(rows) > 1) or \
            " ".join(p.replace("_", " ") for p in path)
        said = [_moved(old[q], new[q]) if q in old and old[q] != UNKNOWN else _short(cell(new[q])) for q in rows]
        owner = OWNED_BY.get(path[0]) if len(path) == 1 else None
        if owner is not None and before.get(owner) != after.get(owner):  # another Rank's deck: not a change of one
            out.append(f"{owner.title()} {cell(after[owner])} {label} {_short(cell(new[path]))}")
        elif rows == [("in_play",)]:  # cards into or out of play, in words
            out.append(_play_moved(old.get(path), new[path]))
        elif len(rows) == 1:
            out.append(f"{label} {said[0]}")
        elif len(set(said)) == 1:  # every player's counter moved alike: `Ann, Ben, Cy face up 5→6`
            out.append(f"{', '.join(q[0] for q in rows)} {label} {said[0]}")
        else:
            out.append(f"{label} " + ", ".join(f"{q[0]} {m}" for q, m in zip(rows, said)))
    return out


def _alike(ranked: list[tuple[str, ...]]) -> list[list[tuple[str, ...]]]:
    """The moved counters grouped by kind across rows (every player's `face up`), in rank order of
    each group's first: a change that touched several players' same counter names them all, not
    only the first."""
    groups: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for path in ranked:
        groups.setdefault(path[1:] if len(path) > 1 else path, []).append(path)
    return list(groups.values())


#: summary keys whose change starts a new part of the game: said as "round 2 begins"
BOUNDARIES = ("round", "level")
#: a summary counter of the part of the game another key names (Theseus: `deck`, the active Rank's
#: deck): when that key moved, the counter is another one's, said plainly as its own (`Rank 6 deck 8`),
#: never as a change (`deck 0→8`)
OWNED_BY = {"deck": "rank"}
#: a value the table has not recorded: a counter first recorded is said as its value (`deck 10`), not
#: as a change from it (`deck unknown→10`)
UNKNOWN = "unknown"


def _moved(old, new) -> str:
    """`9→7`; for two lists (or comma lists) too long to show whole, what came and went: `+Zap, -1`."""
    was, now = cell(old), cell(new)
    if len(was) <= 24 and len(now) <= 24:
        return f"{_short(was) if was else '-'}→{now}"
    before, after = _items(old, was), _items(new, now)
    if len(before) < 2 or now == "-":  # a count that became a list, or a list emptied: the one new side
        return _short(f"{_short(was)}→{now}", 64)
    counted = _counted(before, after)  # `3 unnamed` -> `1 unnamed`: -2 unnamed, not +1 unnamed, -3 unnamed
    came = [x for x in after if x not in before or before.remove(x)]
    return _short(", ".join([f"+{x}" for x in came] + [f"-{x}" for x in before] + counted) or f"{was}→{now}", 64)


def _play_moved(old, new) -> str:
    """The cards that came into play or left it (the `in play` list), in words: `Take by Ben leaves play`."""
    before, after = ([x for x in _items(v, cell(v)) if x != "-"] for v in (old, new))
    came = [x for x in after if x not in before or before.remove(x)]
    kept = []  # a card still in play whose note moved (a roll made or taken back): `(rolled Ben 2)`
    for x in list(came):
        was = next((y for y in before if y.split(" (")[0] == x.split(" (")[0]), None)
        if was is not None:
            came.remove(x), before.remove(was)
            kept.append(f"{x.split(' (')[0]} (still in play): {_note(was)}→{_note(x)}")
    said = kept + [f"{x} comes into play" for x in came] + [f"{x} leaves play" for x in before]
    return _short(", ".join(said), 64) if said else f"in play {_moved(old, new)}"


def _note(item: str) -> str:
    """The note in brackets after a card in play (`rolled Ben 2`), or `none`."""
    return item.split(" (", 1)[1].rstrip(")") if " (" in item else "none"


def _items(value, text: str) -> list[str]:
    return [cell(v) for v in value] if isinstance(value, (list, tuple)) else text.split(", ")


#: an item of a list that counts cards not named (a Cataclysm Arcade hand's `3 unnamed`)
_COUNT = re.compile(r"(\d+) (unnamed)")


def _counted(before: list[str], after: list[str]) -> list[str]:
    """The net change of the counted items (`3 unnamed` before, `1 unnamed` after: `-2 unnamed`),
    taken out of both lists so they are not said as one item gone and another come."""
    nets: dict[str, int] = {}
    for items, sign in ((before, -1), (after, 1)):
        for item in [x for x in items if _COUNT.fullmatch(x)]:
            n, what = _COUNT.fullmatch(item).groups()
            nets[what] = nets.get(what, 0) + sign * int(n)
            items.remove(item)
    return [f"{n:+d} {what}" for what, n in nets.items() if n]


#: a rule id in brackets inside a counter's value (a set-up step's): for --verbose, not the one line
_RULE_ID = re.compile(r" ?\[[a-z0-9-]+(?:\.[a-z0-9-]+)+\]")


def _short(text: str, most: int = 24) -> str:
    """`text` in at most `most` characters: its rule ids left out (--verbose names them), cut
    between words and never inside a `command` (what a player may copy stays whole or goes)."""
    text = _RULE_ID.sub("", text)
    if len(text) <= most:
        return text
    cut = text[: most - 1]
    if " " in cut.strip():
        cut = cut[: cut.rstrip().rfind(" ")]
    if cut.count("`") % 2:  # inside a command: cut before it
        cut = cut[: cut.rfind("`")]
    cut = cut.rstrip(" ,;:(")
    return (cut or text[: most - 1]) + "…"


def _end_and_play(before: dict | None, after: dict) -> list[str]:
    """What an undo or redo did to the game's end (`the game is on again (Abi's win taken back)`,
    `the game is over (Abi wins)`) and to the cards in play, in words: said whatever else it moved."""
    if not before:
        return []
    out = []
    if "game_over" in after and bool(before.get("game_over")) != bool(after["game_over"]):
        if after["game_over"]:
            winner = after.get("winner")
            out.append(f"the game is over ({winner} wins)" if winner else "the game is over")
        else:
            winner = before.get("winner")
            out.append(f"the game is on again ({winner}'s win taken back)" if winner else "the game is on again")
    if "in_play" in after and before.get("in_play") != after["in_play"]:
        out.append(_play_moved(before.get("in_play"), after["in_play"]))
    return out


def change_line(result, verbose: bool = False) -> str:
    """What a change, undo or redo did, as one line of plain text."""
    if result.undone:
        head = ("redid" if result.change and result.change.startswith("redo") else "undid") + ": "
        head += "; ".join(result.undone)
    else:
        head = result.change or ""
        if result.overruled:
            head += " (overruled: breaks " + ", ".join(v.rule for v in result.violations) + ")"
    parts = touched(result.before, result.summary, result.undone[0] if result.undone else head)
    if result.undone:  # no effects are said: the game's end and the cards in play, if they moved
        parts += [p for p in _end_and_play(result.before, result.summary) if p not in parts]
    if not parts and result.before == result.summary and not result.effects and not result.undone:
        parts = ["nothing on the table changed"]  # e.g. `heal` of a power that is face up already
    shown = list(result.effects) if verbose else pressing(list(result.effects))
    said = [e.message for e in shown] if shown and not verbose else []
    if said and parts and parts[0].endswith(" begins"):
        # a new round or level follows what ended the last one: said after it, once
        parts, said = [], said + [p for p in parts if not any(m.startswith(p) for m in said)]
    line = head + (": " + ", ".join(parts) if parts else "")
    if said:
        line += (": " if not parts else "; ") + "; ".join(said)
    notes = len(result.effects) - len(shown)
    if notes:
        line += f" (+{notes} note{'s' if notes > 1 else ''}: --verbose)"
    return line
