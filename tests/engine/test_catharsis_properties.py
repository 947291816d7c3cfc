"""Properties of the Catharsis referee over random fights (hypothesis; issue 20).

Every table is built by random plays, each one judged first: a refusal's "legal instead" advice
is legal at that moment, a legal play never leaves a table that `status` calls impossible, and
every play `moves` lists is legal. COMPANION_PROPERTY_SCALE multiplies the number of fights.
"""
from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_engine, get_tracker
from engine.catharsis.notation_track import is_pattern
from tests.conftest import examples

E = get_engine("catharsis")
TRACKER = get_tracker("catharsis")
SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))
NAMES = ("Ann", "Ben", "Cy")
SETUP = ['card Jab top "AA" bottom "BB ?"', 'card Kick top "3 ?" bottom "2 || 4"', 'card Gust top "?"',
         "rename Ann 1 Jab", "rename Ben 1 Kick", "rename Cy 1 Gust", "rename Cy 2 Jab", "rename Ann 2 Nail to the Eye"]

who = st.sampled_from(NAMES)
die = st.integers(1, 6)
slot = st.integers(1, 6)
dice = st.lists(die, min_size=1, max_size=6)

PLAYS = st.one_of(
    st.sampled_from(["next-card monster", "next-card trap", "next-card boss", "resolved", "combat start",
                     "combat attack", "combat enemy", "combat refresh", "combat end-round", "combat round",
                     "combat next", "combat end", "refresh", "morale -1", "morale +1", "enemy defeated",
                     "enemy Crab 8/10/12/14/16", "enemy Lich 9 boss", "attack party 3", "attack player 4",
                     "attack party 7"]),
    st.builds(lambda n: f"enemy damage {n}", st.integers(1, 6)),
    st.builds(lambda p, r: f"roll {p} " + " ".join(map(str, r)), who, st.lists(die, min_size=6, max_size=6)),
    st.builds(lambda p, a, b: f"reroll {p} {' '.join(map(str, a))} to {' '.join(map(str, b[:len(a)]))}",
              who, st.lists(die, min_size=1, max_size=3), st.lists(die, min_size=3, max_size=3)),
    st.builds(lambda p, a, by: f"adjust {p} {a} {by:+d}", who, die, st.integers(-2, 2).filter(bool)),
    st.builds(lambda p, s, h, d: f"use {p} {s} {h} with {' '.join(map(str, d))}", who, st.integers(1, 2),
              st.sampled_from(["top", "bottom"]), dice),
    st.builds(lambda p, s, h: f"use {p} {s} {h}", who, slot, st.sampled_from(["top", "bottom"])),
    st.builds(lambda a, b, c: f"assign Ann {a} Ben {b} Cy {c}", st.integers(0, 4), st.integers(0, 4),
              st.integers(0, 4)),
    st.builds(lambda p, op, s: f"damage {p} {op} {s}", who, st.sampled_from(["exhaust", "discard"]), slot),
    st.builds(lambda p, a, b: f"heal {p} {a} {b}", who, slot, slot),
    st.builds(lambda p, s: f"exhaust {p} {s}", who, slot),
    st.builds(lambda p: f"flip {p}", who),
    st.builds(lambda s, side: f"side Cy {s} {side}", slot, st.sampled_from(["ground", "flight"])),
    st.builds(lambda n: f"divinity Ben {n:+d}", st.integers(-3, 5).filter(bool)),
    st.builds(lambda s: f"combo Ann {s} +1", slot),
)


FIGHT = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"]
STARTS = [[], FIGHT, [*FIGHT, "roll Ann 1 1 3 3 4 6", "roll Ben 2 3 3 5 5 6", "roll Cy 1 2 4 4 6 6"],
          [*FIGHT, "combat enemy", "attack party 5"]]


def _fresh(start):
    state = TRACKER.declaration.verbs.new_state(list(NAMES), {"morale": "12", "thresholds": "10:each player discards a power",
                                              "characters": "Ann=Goz,Ben=Durhak,Cy=Soraten"})
    for text in [*SETUP, *start]:
        state = E.plays.apply(state, E.plays.parse_move(text, state))
    return state


def _parse(state, text):
    from engine.base import EngineError

    try:
        return E.plays.parse_move(text, state)
    except EngineError:
        return None


FIGURES = {"plays": 0, "legal": 0, "advice": 0, "listed": 0}


@settings(max_examples=examples(60) * SCALE, derandomize=True, deadline=None)
@given(st.data())
def test_random_fights_keep_the_referee_honest(data):
    state = _fresh(data.draw(st.sampled_from(STARTS), label="start"))
    for _ in range(data.draw(st.integers(5, 40), label="length")):
        listed = [E.plays.format_move(m) for m in E.plays.legal_moves(state)]
        for text in listed:                                   # every listed play is legal
            assert E.check(state, E.plays.parse_move(text, state)).legal, text
        FIGURES["listed"] += len(listed)
        if listed and data.draw(st.booleans(), label="take a listed play"):
            text = data.draw(st.sampled_from(listed), label="listed")
        else:
            text = data.draw(PLAYS, label="play")
        move = _parse(state, text)
        if move is None:
            continue
        FIGURES["plays"] += 1
        verdict = E.check(state, move)
        assert all(n.rule in E.declaration.plays.rule_ids for n in verdict.unchecked), verdict.unchecked  # each note cites its rule
        if not verdict.legal:
            for alt in verdict.alternatives:                  # "legal instead" is legal
                if is_pattern(alt):
                    continue
                again = _parse(state, alt)
                assert again is not None and E.check(state, again).legal, (text, alt)
                FIGURES["advice"] += 1
            continue
        FIGURES["legal"] += 1
        state = E.plays.apply(state, move)
        problems = E.declaration.status(state)                            # a legal play leaves a possible table
        assert problems == [], (text, [p.message for p in problems])
