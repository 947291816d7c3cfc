"""Unchecked lines per play over the Party of the Theseus scenario games (issue 23), before and after
the table describes its cards.

The scenario games are the seeded whole games of tests/engine/theseus_table.py, told as a real table
tells them (the Board, deck counts, each play with the cards a Refill turns up; other Hands hidden).
"Before": the session knows only the shipped catalogue (the rulebook's seven cards, no icon, VP or
effect) and Ranks it learns from the decks. "After": every card described at set-up (the option
`cards=` for the starting cards, the command `card` for the others: Rank, printed VP, icon, none).
Each play is checked and applied on the session's one State, as `companion play` does.

    python benchmarks/theseus_unchecked.py [GAMES]
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.theseus import Engine, Tracker  # noqa: E402
from engine.theseus.rules_scoring import general_vp  # noqa: E402
from tests.engine.theseus_table import deal, table_game  # noqa: E402

ENGINE, TRACKER = Engine(), Tracker()
CARD_LINE = "card effect not checked"


def described(seed: int) -> list[str]:
    """Each card of the game as the table describes it: NAME:RANK:VP:ICON:none."""
    out = []
    for c in deal(seed)[0].cards:
        rank = f"{c.rank}:{general_vp(c.rank)}" if isinstance(c.rank, int) else "?"
        out.append(f"{c.name}:{rank}:{c.icon}:none")
    return out


def one_game(seed: int, filled: bool) -> tuple[int, Counter]:
    """(plays, unchecked lines by kind) of one scenario game."""
    state, lines, plays = None, Counter(), 0
    for kind, what, _t in table_game(seed):
        if kind == "track" and what[0] == "new":
            opts = dict(what[i + 1].split("=", 1) for i, w in enumerate(what) if w == "--option")
            cards = described(seed)
            if filled:
                opts["cards"] = ",".join(c for c in cards if ":?:" in c)
            state = TRACKER.new_state(what[what.index("--players") + 1].split(","), opts)
            if filled:
                state, _ = TRACKER.apply(state, TRACKER.parse(state, ["card", *(c for c in cards if ":?:" not in c)]))
        elif kind == "track":
            state, _ = TRACKER.apply(state, TRACKER.parse(state, list(what)))
        else:
            move = ENGINE.parse_move(what, state)
            verdict = ENGINE.check(state, move)
            assert verdict.legal, (seed, what, verdict.reasons)
            for note in verdict.notes:
                lines["card" if note.message.startswith(CARD_LINE) else "other"] += 1
            state = ENGINE.apply(state, move)
            plays += 1
    return plays, lines


def main(games: int = 20) -> None:
    print(f"{games} scenario games (seeds 0-{games - 1}, 3 players)")
    for label, filled in (("before (shipped catalogue)", False), ("after (every card described)", True)):
        plays, lines = 0, Counter()
        for seed in range(games):
            n, c = one_game(seed, filled)
            plays += n
            lines += c
        total = sum(lines.values())
        print(f"{label}: {plays} plays, {total / plays:.2f} unchecked lines per play "
              f"({lines['card'] / plays:.2f} '{CARD_LINE}', {lines['other'] / plays:.2f} other)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
