"""Measure the Cataclysm Arcade validator: `moves` (legal_moves, written out) with a Line five deep
and ten characters in play, in-process.

    python benchmarks/arcade_speed.py [--runs 200]

Target (issue 9): <= 5 ms per `moves`.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CARDS = [
    "Queen boss health=20 attack=2 attack-cost=1",
    "Grunt fighter level=1 health=3 attack=2 attack-cost=1",
    "Tank fighter level=1 health=4 attack=1 attack-cost=1 armor=2 keywords=armor,enforcer",
    "Guard fighter level=1 health=3 attack=1 attack-cost=0 keywords=block,phantasmal",
    "Zap response cost=0 effect=damage:1",
    "Daze response cost=0 effect=stun",
    "Counter response cost=0 effect=stop",
]
PLAYERS = ["Ann", "Ben", "Cy", "Dee"]
FIGHTERS = {"ann": ["Grunt", "Tank"], "ben": ["Grunt", "Guard"], "cy": ["Tank"], "dee": ["Guard"]}
LINE = ["attack boss at ben boss", "respond Zap at ann boss", "respond Zap at ann grunt", "respond Daze at ben grunt",
        "respond Zap at dee boss"]


def table():
    """Four Bosses and six Fighters in play (ten characters) and a Line five deep; Ben has priority
    with a known hand of Responses."""
    from engine.cataclysm_arcade import Engine, Tracker

    engine, tracker = Engine(), Tracker()
    state = tracker.declaration.verbs.new_state(PLAYERS, {})
    commands = [["card", *c.split()] for c in CARDS]
    commands += [["boss", p, "20", "Queen"] for p in PLAYERS]
    commands += [["fighter", p, f, "3"] for p, names in FIGHTERS.items() for f in names]
    commands += [["hand", p, "Zap, Daze, Counter, Zap, Daze"] for p in PLAYERS]
    for words in commands:
        state, _ = tracker.apply(state, tracker.parse(state, words))
    for text in LINE:
        state = engine.plays.apply(state, engine.plays.parse_move(text, state))
    return engine, state


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    args = ap.parse_args()
    engine, state = table()
    characters = sum(1 + len(p.fighters) for p in state.in_game)
    assert len(state.line) == 5 and characters == 10, (len(state.line), characters)
    for label, table_now in (("Line 5 deep", state), ("Line empty (attacks listed)", _resolved(engine, state))):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            listed = [engine.plays.format_move(m) for m in engine.plays.legal_moves(table_now)]
            times.append(time.perf_counter() - start)
        median = statistics.median(times) * 1000
        print(f"moves: {label}, {characters} characters, {len(listed)} moves listed for {engine.turns.to_act(table_now)}: "
              f"median {median:.2f} ms, max {max(times) * 1000:.2f} ms (target <= 5 ms)")


def _resolved(engine, state):
    while state.line:
        state = engine.plays.apply(state, engine.plays.parse_move("decline", state))
    return state


if __name__ == "__main__":
    main()
