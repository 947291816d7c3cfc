"""Property tests of Party of the Theseus play-along (issue 7), over whole random games told as a
real table tells them (tests/engine/theseus_table.py: opponents' Hands as counts):

- replaying the session log (trackers.log.replay) gives the same state as applying the
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
from tests.conftest import examples
from tests.engine.theseus_table import public, table_game
from engine.base import PLAY, Game, step
from trackers.log import Entry, Session, replay
ENGINE, TRACKER = Engine(), Tracker()
GAME = Game(TRACKER, ENGINE)
GAMES = 10 * max(1, int(os.environ.get("COMPANION_PROPERTY_SCALE", "1")))


def _options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    players = words[words.index("--players") + 1].split(",")
    opts = dict(words[i + 1].split("=", 1) for i, w in enumerate(words) if w == "--option")
    return players, opts


def _accepted_by_play(state, move) -> None:
    """What `companion play` does with a move of the player to act: check, then record."""
    verdict = ENGINE.check(state, move)
    assert verdict.legal, (ENGINE.plays.format_move(move), verdict.as_json())
    assert ENGINE.turns.to_act(state) == state.active
    text = ENGINE.plays.format_move(move)
    assert ENGINE.plays.parse_move(text, state) == move
    assert not step(GAME, state, text).refused


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
            state = TRACKER.declaration.verbs.new_state(names, opts)
            continue
        prior = state
        if kind == "track":
            stepped = step(GAME, state, what, kind="track")
            assert stepped.verdict.legal
            state, verb, args = stepped.state, stepped.verb, stepped.args
        else:
            # every listed move of the player to act is accepted (a sample per step, all at the start)
            listed = ENGINE.plays.legal_moves(state)
            for move in listed if len(entries) < 10 else rng.sample(listed, min(4, len(listed))):
                _accepted_by_play(state, move)
            move = ENGINE.plays.parse_move(what, state)
            assert ENGINE.check(state, move).legal, what
            stepped = step(GAME, state, ENGINE.plays.format_move(move))
            state, verb, args = stepped.state, stepped.verb, stepped.args
            assert (verb, args[0]) == (PLAY, ENGINE.plays.format_move(move))  # and who made it, as a session logs
            assert public(state) == public(full), what
        entries.append(Entry(len(entries) + 1, "", "change", verb, args))
        if kind == "play" and rng.random() < 0.15:
            # undo of a play restores the exact prior state (and redo the one after)
            undone = entries + [Entry(len(entries) + 1, "", "undo")]
            assert replay(TRACKER, session, undone).state == prior
            redone = undone + [Entry(len(entries) + 2, "", "redo")]
            assert replay(TRACKER, session, redone).state == state
    assert state.game_over
    assert ENGINE.plays.legal_moves(state) == [] and ENGINE.turns.to_act(state) is None
    # the log replays to the same table as applying the moves directly
    assert replay(TRACKER, session, entries).state == state


def test_listed_moves_of_a_hidden_hand_need_no_hand_cards():
    state = TRACKER.declaration.verbs.new_state(["Ann", "Ben"], {"hidden": "ann"})
    state, _ = TRACKER.apply(state, Change(verb="board", args=("Paladin", "Witch", "Buster", "Kunoichi")))
    assert ENGINE.views.moves_note(state) and "not known" in ENGINE.views.moves_note(state)
    listed = ENGINE.plays.legal_moves(state)
    assert listed and all(m.icon in (None, "explore") or not m.targets for m in listed)
    for move in listed:
        _accepted_by_play(state, move)


# ------------------------------------------------------------------------------------ the referee (issue 20)
#
# Over whole games told as a table tells them (the other players' Hands are counts), at every play:
# random moves naming any card of the catalogue (any Rank) and a sample of the listed moves are
# judged on the session's table, and
#   - every "legal instead" line of an illegal verdict is itself legal, there and on the dealer's
#     full table (it rests on nothing the table cannot see);
#   - a legal play never leads to a table status() calls impossible;
#   - a hidden Hand never decides a verdict: a refusal is a refusal on the dealer's table, a move
#     that takes nothing from the Hand is judged as there, and a legal one from the Hand says that
#     possession is taken on trust.
# CI: REFEREE_GAMES games; COMPANION_PROPERTY_SCALE=N plays N times more.

from engine.theseus.model import Move  # noqa: E402
from tests.engine.test_theseus_properties import random_move  # noqa: E402

# halved since tests/test_playouts.py cross-examines the same over generated games of all five
REFEREE_GAMES = examples(100) * max(1, int(os.environ.get("COMPANION_PROPERTY_SCALE", "1")))
FIGURES: dict[str, int] = {}


def _count(key: str) -> None:
    FIGURES[key] = FIGURES.get(key, 0) + 1


def _takes_from_hand(move: Move) -> bool:
    return bool(move.targets) and (move.action == "exile" and move.zone == "hand"
                                   or move.action in ("use", "basic") and move.icon in ("recruit", "subjugate"))


def _judge_like_a_referee(state, full, move) -> None:
    verdict = ENGINE.check(state, move)
    _count("verdicts")
    for alt in verdict.alternatives:
        alt_move = ENGINE.plays.parse_move(alt, state)
        assert ENGINE.check(state, alt_move).legal, (ENGINE.plays.format_move(move), alt, verdict.as_json())
        assert ENGINE.check(full, alt_move).legal, ("rests on a hidden Hand", ENGINE.plays.format_move(move), alt)
        _count("alternatives")
    if verdict.legal:
        after = ENGINE.plays.apply(state, move)
        problems = ENGINE.declaration.status(after)
        assert problems == [], (ENGINE.plays.format_move(move), [p.message for p in problems])
        _count("legal plays applied")
    if not state.player(state.active).hand_known:
        real = ENGINE.check(full, move)
        if not _takes_from_hand(move):
            assert verdict.legal == real.legal, (ENGINE.plays.format_move(move), verdict.as_json(), real.as_json())
        elif not verdict.legal:
            assert not real.legal, ("a refusal the real Hand does not deserve", ENGINE.plays.format_move(move))
        else:
            assert any(u.message.startswith("possession:") and u.rule for u in verdict.unchecked), ENGINE.plays.format_move(move)
        _count("hidden-Hand verdicts")


def test_the_referee_over_whole_games_with_hidden_hands():
    games = [0]

    @settings(max_examples=REFEREE_GAMES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.integers(0, 2**31 - 1), st.integers(1, 4))
    def run(seed, players):
        rng = random.Random(seed)
        state = full = None
        names: list[str] = []
        for kind, what, after in table_game(seed, players):
            if kind == "track":
                if what[0] == "new":
                    # the table knows the cards' texts (the dealer's catalogue): only Hands are hidden
                    state = TRACKER.declaration.verbs.new_state(*_options(what)).model_copy(update={"cards": after.cards})
                    names = sorted({c.name for c in after.cards})
                else:
                    state = step(GAME, state, what, kind="track", overruled=True).state
                full = after
                continue
            if rng.random() < 0.5:
                for _ in range(2):
                    _judge_like_a_referee(state, full, random_move(rng, names))
                listed = ENGINE.plays.legal_moves(state)
                for move in rng.sample(listed, min(2, len(listed))):
                    _judge_like_a_referee(state, full, move)
            stepped = step(GAME, state, what)
            assert not stepped.refused, (what, stepped.why)
            state = stepped.state
            full = after
        games[0] += 1

    run()
    assert games[0] >= REFEREE_GAMES
    print(f"\ntheseus referee: {games[0]} games, " + ", ".join(f"{v} {k}" for k, v in FIGURES.items()))
    assert FIGURES["alternatives"] > 0 and FIGURES["hidden-Hand verdicts"] > 0


def test_a_hidden_hand_still_gets_a_refills_cards_offered_by_taps():
    """A Board Refill's unnamed card is offered by name on a phone even when the player's Hand is only
    a count (the cards the deck can still hold leave out those seen on the table, none from the Hand)."""
    from engine.theseus.rules_refill import tap_reveals

    state = TRACKER.declaration.verbs.new_state(["Ann", "Ben"], {"hidden": "ann", "cards": "Squire:1"})
    state, _ = TRACKER.apply(state, Change(verb="board", args=("Paladin", "Witch", "Buster", "Kunoichi")))
    moves = [ENGINE.plays.format_move(m) for m in ENGINE.plays.legal_moves(state)]
    found, taps = tap_reveals(GAME, state, moves, "Ann")
    assert found and all(said["cards"] for said in found.values())
    assert all(tap.split(" reveal ")[0] in found for tap in taps) and taps
    assert {name for said in found.values() for name in said["cards"]} == {"Squire"}  # none of the Board
