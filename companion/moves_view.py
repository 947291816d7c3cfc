"""`companion moves` for people: the plays grouped as the game groups them (Views.move_group: by what
the play does; Catopomp by set size, a Dice Boost counting as one card) with a count each, a few lines
per group (--limit), plays that differ only in what follows `then` on one line. JSON keeps every play."""
from __future__ import annotations

import re

PER_GROUP = 8  # lines per group unless --limit says otherwise


def group_of(engine, move: str, players) -> str:
    """The group a play is listed under (what it does, whoever makes it: Views.move_group)."""
    words = [w for w in move.split() if w not in players]
    return engine.views.move_group(move, words) if words else "plays"


def folded(moves: list[str]) -> list[str]:
    """Plays that differ only after ` then ` on one line: `heaven 1 then hell 2 | 3 | 9`."""
    out: dict[str, list[str]] = {}
    for m in moves:
        head, sep, tail = m.partition(" then ")
        out.setdefault(head + sep, []).append(tail)
    lines = []
    for head, tails in out.items():
        if len(tails) == 1 or not head.endswith(" then "):
            lines += [head + t for t in tails]
            continue
        verb = tails[0].split()[0]
        same = all(t.split()[0] == verb for t in tails)
        lines.append(head + (verb + " " + " | ".join(t.split(" ", 1)[1] for t in tails) if same else " | ".join(tails)))
    return lines


def grouped(engine, moves: list[str], players) -> list[dict]:
    """The plays by group (group_of), each with its count and its lines (folded)."""
    groups: dict[str, list[str]] = {}
    for m in moves:
        groups.setdefault(group_of(engine, m, set(players)), []).append(m)
    def order(name: str):  # sets by size, passes last; other games as they come
        size = re.search(r"\d+", name)
        return (name == "passes", int(size.group()) if size else 0)

    return [{"group": g, "count": len(ms), "lines": folded(ms)}
            for g, ms in sorted(groups.items(), key=lambda item: order(item[0]))]


def moves_text(doc: dict, limit: int | None) -> str:
    """The text `companion moves` prints."""
    moves, note, left = doc["moves"], doc.get("note"), doc.get("left_out")
    by = doc.get("by")
    # no note where a line on what is left out ends it, or the first line says whose turn it is
    if left or (by and not doc.get("turn")):
        note = None
    if not moves and not (left or by):
        return note or "No legal move."
    from engine.words import count

    per = PER_GROUP if limit is None else limit
    if by:  # `moves --by PLAYER`: that player's plays now, and whether it is their turn
        who = f"{by}: " if doc.get("turn") else f"{by} ({doc.get('turn_note') or 'not to act'}): "
        found = f"{count(len(moves), 'play')} now" if moves else "no play now"
    else:  # several who may act (engine acting) are named as `play` names them, on a line of their own
        who = (f"To act: {doc['acting']}\n" if doc.get("acting")
               else f"{doc['to_act']} to act: " if doc.get("to_act") else "")
        found = count(len(moves), "play") if moves else "no play can be listed"
    lines = [f"{who}{found}" + (f" in {len(doc['groups'])} groups" if len(doc["groups"]) > 1 else "")]
    for g in doc["groups"]:
        lines.append(f"{g['group']} ({count(g['count'], 'play')}):")
        shown = g["lines"] if per <= 0 else g["lines"][:per]
        lines += [f"  {line}" for line in shown]
        if len(shown) < len(g["lines"]):
            lines.append(f"  ... {len(g['lines']) - len(shown)} more (--limit 0 lists all)")
    if left:
        lines.append(left)
    if note:  # what the list could not judge (a card whose ability is unknown, a Hand not recorded)
        lines.append(note)
    return "\n".join(lines)
