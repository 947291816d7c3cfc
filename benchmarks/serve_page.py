"""What a player's phone costs: the served page's weight, and the taps a play takes on the private page.

    python benchmarks/serve_page.py [--positions 30] [--seed 1]

Weight: the page's own files (companion/serve/static: its HTML, script and style), raw, as the server sends
them gzipped (level 9, companion/serve/assets.py), and on a reload (each file asked with its ETag: 304).

Taps: for each game that lists plays, `--positions` tables reached by random legal plays (seeded) from
the same starting tables as tests/test_serve_taps.py; at each, the plays the player to act may make
(engine.listing.plays_for; the first player where nobody is named) as the page's tap trie (companion/serve/taps.py). A play's taps are the steps
of its path plus the Send tap. Reported: plays listed (median), taps per play (median, 90th percentile,
max), and the taps of the play a player would most often make there (the median play of the list).
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = [("cataclysm-arcade", ["Ann", "Ben"], None), ("catastrophe", ["Ann", "Ben"], None),
          ("theseus", ["Ann", "Ben"], None), ("catopomp", ["Ann", "Ben", "Cy"], {"start": "ann"}),
          ("catharsis", ["Ann", "Ben"], {"morale": "18"})]


def setup(game: str, rng: random.Random) -> list[list[str]]:
    """What the table enters before plays can be listed (as tests/test_serve_taps.py SETUP)."""
    dice = [rng.randint(1, 6) for _ in range(6)]
    if game == "catopomp":
        deck = [n for n in range(1, 10) for _ in range(4)]
        rng.shuffle(deck)
        return [["dice", *map(str, dice)], ["hand", "ann", *map(str, deck[:10])]]
    if game == "catharsis":
        return [["next-card", "monster"], ["enemy", "Rat", str(dice[0])], ["combat", "start"], ["combat", "attack"]]
    return []


def setup_plays(game: str, rng: random.Random) -> list[str]:
    """Plays the table makes before Catharsis lists any (as tests/test_serve_taps.py PLAYS): a power card
    described (the rulebook prints no card texts), named as Ben's first power, and Ben's roll."""
    if game != "catharsis":
        return []
    dice = " ".join(str(rng.randint(1, 6)) for _ in range(6))
    return ['card "Fire Bolt" top "AA ?" effect "deal 4 damage" attacks 4', "rename Ben 1 Fire Bolt", f"roll Ben {dice}"]


def taps_of(node: dict, depth: int = 0) -> list[int]:
    """The taps of every play under `node`: its steps, plus Send."""
    out = [depth + 1] if node["end"] else []
    for _, child in node["next"]:
        out += taps_of(child, depth + 1)
    return out


def weight() -> None:
    """The page's files raw, as the server sends them to a browser that takes gzip (companion/serve/assets.py),
    and on a reload (the browser asks with each file's ETag: 304, no body)."""
    from companion.serve import assets

    names = list(assets.MEDIA)
    raw = sum(len(assets.files()[n][0]) for n in names)
    sent = sum(len(assets.send(n, {"accept-encoding": "gzip, deflate"})[1]) for n in names)
    again = [assets.send(n, {"accept-encoding": "gzip", "if-none-match": assets.files()[n][2]}) for n in names]
    print(f"page weight: {raw} bytes raw, {sent} bytes sent gzipped on a first load ("
          + ", ".join(f"{n} {len(assets.files()[n][0])}" for n in names) + "); a reload: "
          + f"{sum(len(body) for _, body, _ in again)} bytes of body, statuses {sorted({st for st, _, _ in again})}")


def taps(positions: int, seed: int) -> None:
    from engine.listing import listed, plays_for
    from companion.serve.taps import trie
    from trackers.sessions import Sessions

    rng = random.Random(seed)
    print(f"{'game':18} {'plays':>6} {'taps median':>12} {'p90':>4} {'max':>4} {'median play':>12}")
    for game, players, options in TABLES:
        counts, every, typical = [], [], []
        for n in range(positions):
            with tempfile.TemporaryDirectory() as folder, Sessions(Path(folder), create=True) as store:
                store.new(game, players, "t", options)
                for words in setup(game, rng):
                    store.record(words, "t")
                for text in setup_plays(game, rng):
                    store.play(text, "t", False)
                for _ in range(rng.randint(0, 6)):
                    _, engine, state = store.situation("t")
                    found = [engine.plays.format_move(m) for m in listed(engine, state)[0]]
                    if not found:
                        break
                    store.play(rng.choice(found), "t", False)
                _, engine, state = store.situation("t")
                who = engine.turns.to_act(state)  # None: nobody named (Catharsis's party): the first with plays
                mine = next((m for m in (plays_for(engine, state, p)[0] for p in ([who] if who else players)) if m), [])
                if not mine:
                    continue
                each = taps_of(trie(mine))
                counts.append(len(mine))
                every += each
                typical.append(sorted(each)[len(each) // 2])
        if not every:
            print(f"{game:18} no position listed plays")
            continue
        every.sort()
        print(f"{game:18} {statistics.median(counts):>6.0f} {statistics.median(every):>12.0f} "
              f"{every[int(0.9 * (len(every) - 1))]:>4} {every[-1]:>4} {statistics.median(typical):>12.0f}"
              f"   ({len(counts)} positions)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    weight()
    taps(args.positions, args.seed)


if __name__ == "__main__":
    main()
