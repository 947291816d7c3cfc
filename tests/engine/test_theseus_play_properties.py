"""Property tests of Party of the Theseus play-along (issue 7), over whole random games told as a
real table tells them (tests/engine/theseus_table.py: opponents' Hands as counts):

- replaying the session log (trackers.sessions.replay) gives the same state as applying the
  set-up changes and the plays directly;
- undo of a play restores the exact prior state;
- every move `moves` lists for the player to act is accepted by `play` (checked legal, in turn,
  and applied).

CI runs a small fixed-seed count; COMPANION_PROPERTY_SCALE=N multiplies it (N=30 gives 300 games).
"""
from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.theseus import Engine, Tracker
from engine.tracking import Change
from tests.engine.theseus_table import public, table_game
from trackers.sessions import PLAY, Entry, Session, apply_entry, replay

ENGINE, TRACKER = Engine(), Tracker()
GAMES = 10 * max(1, int(os.environ.get("COMPANION_PROPERTY_SCALE", "1")))


def _options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    players = words[words.index("--players") + 1].split(",")
    opts = dict(words[i + 1].split("=", 1) for i, w in enumerate(words) if w == "--option")
    return players, opts


def _accepted_by_play(state, move) -> None:
    """What `companion play` does with a move of the player to act: check, then record."""
    verdict = ENGINE.check(state, move)
    assert verdict.legal, (ENGINE.format_move(move), verdict.as_json())
    assert ENGINE.to_act(state) == state.active
    text = ENGINE.format_move(move)
    assert ENGINE.parse_move(text, state) == move
    apply_entry(TRACKER, ENGINE, state, PLAY, (text,), False)


@settings(max_examples=GAMES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.integers(0, 2**31 - 1), st.integers(1, 4))
def test_replay_undo_and_listed_moves_over_whole_games(seed, players):
    rng = random.Random(seed)
    entries: list[Entry] = []
    session = state = None
    for kind, what, full in table_game(seed, players):
        if kind == "track" and what[0] == "new":
            names, opts = _options(what)
            session = Session(1, "t", "theseus", names, opts, "", None)
            state = TRACKER.new_state(names, opts)
            continue
        prior = state
        if kind == "track":
            change = TRACKER.parse(state, what)
            assert TRACKER.check(state, change).legal
            state, _ = TRACKER.apply(state, change)
            verb, args = change.verb, change.args
        else:
            # every listed move of the player to act is accepted (a sample per step, all at the start)
            listed = ENGINE.legal_moves(state)
            for move in listed if len(entries) < 10 else rng.sample(listed, min(4, len(listed))):
                _accepted_by_play(state, move)
            move = ENGINE.parse_move(what, state)
            assert ENGINE.check(state, move).legal, what
            state, _ = apply_entry(TRACKER, ENGINE, state, PLAY, (ENGINE.format_move(move),), False)
            verb, args = PLAY, (ENGINE.format_move(move),)
            assert public(state) == public(full), what
        entries.append(Entry(len(entries) + 1, "", "change", verb, args))
        if kind == "play" and rng.random() < 0.15:
            # undo of a play restores the exact prior state (and redo the one after)
            undone = entries + [Entry(len(entries) + 1, "", "undo")]
            assert replay(TRACKER, session, undone).state == prior
            redone = undone + [Entry(len(entries) + 2, "", "redo")]
            assert replay(TRACKER, session, redone).state == state
    assert state.game_over
    assert ENGINE.legal_moves(state) == [] and ENGINE.to_act(state) is None
    # the log replays to the same table as applying the moves directly
    assert replay(TRACKER, session, entries).state == state


def test_listed_moves_of_a_hidden_hand_need_no_hand_cards():
    state = TRACKER.new_state(["Ann", "Ben"], {"hidden": "ann"})
    state, _ = TRACKER.apply(state, Change(verb="board", args=("Paladin", "Witch", "Buster", "Kunoichi")))
    assert ENGINE.moves_note(state) and "not known" in ENGINE.moves_note(state)
    listed = ENGINE.legal_moves(state)
    assert listed and all(m.icon in (None, "explore") or not m.targets for m in listed)
    for move in listed:
        _accepted_by_play(state, move)
