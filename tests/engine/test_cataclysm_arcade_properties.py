"""Property tests for the Cataclysm Arcade validator: whole random games of 2-4 players.

Each game is played by picking moves from legal_moves (with the table naming freshly drawn cards
through the tracker's `hand` verb, and adding a trigger, now and then). Invariants: every listed move is accepted and
round-trips through the notation; the Line is empty whenever the initiative moves; coins are never
negative; every reached table passes status(); replaying the log (plays re-parsed from their
canonical text, tracker changes re-applied) gives the same State as direct application.

The count is small and fixed-seed for CI; COMPANION_PROPERTY_SCALE=N runs N times as many.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cataclysm_arcade import Engine, Tracker
from tests.conftest import examples

E = Engine()
T = Tracker()
SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))
MAX_STEPS = 400
GAMES: list = []  # the winner of each game played (None: still going after MAX_STEPS)
NAMES = ("Ann", "Ben", "Cy", "Dee")
CARDS = [
    "Queen boss health=5 attack=2 attack-cost=1 faction=Synth",
    "Mason fighter level=1 health=2 attack=1 attack-cost=0 keywords=fortify faction=Synth",
    "Grunt fighter level=1 health=3 attack=2 attack-cost=1",
    "Brute fighter level=2 health=5 attack=3 attack-cost=2 keywords=enforcer",
    "Tank fighter level=1 health=3 attack=1 attack-cost=0 armor=1 keywords=armor,determination",
    "Hare fighter level=1 health=2 attack=1 attack-cost=0 keywords=agility,stealthy",
    "Guard fighter level=1 health=3 attack=1 attack-cost=1 keywords=block,phantasmal",
    "Fireball tactic cost=2 effect=damage:2",
    "Mend tactic cost=1 effect=heal:2",
    "Counter response cost=1 effect=stop",
    "Zap response cost=0 effect=damage:1",
    "Daze response cost=1 effect=stun",
    "Sword weapon level=1 wield-cost=1 attack-modifier=1",
]
CARD_NAMES = [c.split()[0] for c in CARDS if " boss " not in c]


def _track(state, log, words):
    change = T.parse(state, words)
    assert T.check(state, change).legal, words
    log.append(("track", words))
    return T.apply(state, change)[0]


@given(st.data())
@settings(max_examples=examples(15) * SCALE, derandomize=SCALE == 1, deadline=None,  # halved: tests/test_playouts.py
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_random_games_keep_the_invariants(data):
    players = list(NAMES[: data.draw(st.integers(2, 4), label="players")])
    first = data.draw(st.sampled_from(players), label="player one")
    state = T.declaration.verbs.new_state(players, {"player-one": first})
    log: list = []
    for card in CARDS:
        state = _track(state, log, ["card", *card.split()])
    for name in players:
        state = _track(state, log, ["boss", name, "5", "Queen"])
        hand = data.draw(st.lists(st.sampled_from(CARD_NAMES), min_size=5, max_size=5), label="hand")
        state = _track(state, log, ["hand", name, ", ".join(hand)])
    for _ in range(MAX_STEPS):
        if state.winner:
            break
        assert E.turns.to_act(state) is not None
        moves = E.plays.legal_moves(state)
        assert moves, state.model_dump(mode="json")
        for move in moves:
            text = E.plays.format_move(move)
            assert E.plays.parse_move(text, state) == move, text
        move = data.draw(st.sampled_from(moves), label="move")
        if data.draw(st.integers(0, 9), label="a trigger instead") == 0:  # the table adds a trigger
            trigger = E.plays.parse_move(f"trigger {data.draw(st.sampled_from(players), label='whose')}: a card says so", state)
            if E.check(state, trigger).legal:
                move = trigger
        verdict = E.check(state, move)
        assert verdict.legal, verdict.as_json()
        assert all(e.rule in E.declaration.plays.rule_ids for e in verdict.effects if e.rule)
        new = E.plays.apply(state, move)
        log.append(("play", E.plays.format_move(move)))
        if new.initiative != state.initiative and not new.winner:
            assert new.line == (), "the initiative moved while the Line was not empty"
        assert all(p.coins >= 0 for p in new.players)
        assert E.declaration.status(new) == [], [r.message for r in E.declaration.status(new)]
        if new.level > state.level:  # the table names the card each player drew
            for p in new.in_game:
                if data.draw(st.booleans(), label="name the draw"):
                    new = _track(new, log, ["hand", p.name, data.draw(st.sampled_from(CARD_NAMES), label="card")])
        state = new
    GAMES.append(state.winner)
    replay = T.declaration.verbs.new_state(players, {"player-one": first})
    for kind, item in log:
        if kind == "track":
            replay = T.apply(replay, T.parse(replay, item))[0]
        else:
            replay = E.plays.apply(replay, E.plays.parse_move(item, replay))
    assert replay == state


WORDS = ["fighter", "tactic", "weapon", "wield", "attack", "activate", "respond", "decline", "pass", "trigger", "at",
         "on", "boss", "ann", "ben", "Grunt", "Zap", "block", "phantasmal", "next-level", ":", "x", "3", "-1", ""]


@given(st.lists(st.sampled_from(WORDS), max_size=7), st.booleans())
@settings(max_examples=examples(150) * SCALE, derandomize=SCALE == 1, deadline=None)
def test_any_text_parses_or_is_bad_input(words, line_pending):
    """Whatever is typed, a play parses (and then gets a verdict) or raises an EngineError (bad
    input, exit 2): never another exception."""
    from engine.base import EngineError

    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    for card in CARDS:
        state = T.apply(state, T.parse(state, ["card", *card.split()]))[0]
    state = T.apply(state, T.parse(state, ["fighter", "ann", "Grunt", "3"]))[0]
    if line_pending:
        state = E.plays.apply(state, E.plays.parse_move("attack Grunt at ben boss", state))
    try:
        move = E.plays.parse_move(" ".join(words), state)
    except EngineError:
        return
    verdict = E.check(state, move)
    assert verdict.legal or verdict.reasons
    assert E.plays.parse_move(E.plays.format_move(move), state) == move


# ------------------------------------------------------------------ the referee's own words (issue 20)

import re  # noqa: E402

REFEREE_GAMES: list = []  # (steps, probes judged, alternatives checked) of each game, for the figures
REFEREE_STEPS = 60


def probes(state, players):
    """Plays a table might try now, most of them illegal: every card as every kind of play, attacks
    and abilities of every character of the player to act, pass and decline."""
    out = ["pass", "decline", "next-level"]
    for name in CARD_NAMES:
        out += [f"fighter {name}", f"weapon {name}", f"fortify {name} on boss"]
        out += [f"{verb} {name} at {p} boss" for verb in ("tactic", "respond") for p in players]
    who = E.turns.to_act(state)
    if who is not None:
        mine = ["boss", *(f.name for f in state.player(who).fighters)]
        out += [f"attack {c} at {p} boss" for c in mine for p in players]
        out += [f"activate {c} {a}" for c in mine for a in ("block", "phantasmal")]
    return out


def _mentioned(text: str) -> set[str]:
    return {n for n in [*CARD_NAMES, "Queen"] if re.search(rf"\b{n}\b", text)}


def _public_cards(state) -> set[str]:
    """Card names the table knows of: named hand cards, cards in play, on the Line, the Bosses, and
    the characters a Line item targets (face up in play when targeted, even if destroyed since)."""
    known = {c for p in state.players for c in p.hand}
    known |= {f.name for p in state.players for f in p.fighters} | {w.name for p in state.players for w in p.weapons}
    known |= {p.boss.name for p in state.players if p.boss.name}
    return known | {name for i in state.line for name in (i.card, i.target, i.on) if name}


def _judge_probe(state, text):
    from engine.base import EngineError

    try:
        move = E.plays.parse_move(text, state)
    except EngineError:
        return None
    verdict = E.check(state, move)
    said = " ".join(r.message for r in verdict.reasons) + " " + " ".join(verdict.alternatives)
    unknown = _mentioned(said) - _public_cards(state) - {move.card}
    assert not unknown, (text, "names cards of a hand the table does not know", unknown, verdict.as_json())
    if not verdict.legal:
        for alternative in verdict.alternatives:
            other = E.check(state, E.plays.parse_move(alternative, state))
            assert other.legal, (text, alternative, other.as_json())
    return verdict


@given(st.data())
@settings(max_examples=examples(50) * SCALE, derandomize=SCALE == 1, deadline=None,  # halved: tests/test_playouts.py
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_the_referee_offers_only_legal_plays_and_names_only_known_cards(data):
    """Issue 20: every "Legal instead" line of an illegal verdict is legal itself; every listed move
    is legal; a legal play never leads to a table `status` calls impossible; no reason or
    alternative names a card of a hand the table does not know (hands are partly named)."""
    players = list(NAMES[: data.draw(st.integers(2, 4), label="players")])
    state = T.declaration.verbs.new_state(players, {"player-one": data.draw(st.sampled_from(players), label="player one")})
    log: list = []
    for card in CARDS:
        state = _track(state, log, ["card", *card.split()])
    for name in players:
        state = _track(state, log, ["boss", name, "5", "Queen"])
        named = data.draw(st.lists(st.sampled_from(CARD_NAMES), max_size=5), label="named part of the hand")
        if named:
            state = _track(state, log, ["hand", name, ", ".join(named)])
    checked = alternatives = steps = 0
    for steps in range(REFEREE_STEPS):
        if state.winner:
            break
        listed = E.plays.legal_moves(state)
        assert listed, state.model_dump(mode="json")
        for move in listed:
            assert E.check(state, move).legal, E.plays.format_move(move)
        tried = probes(state, players)
        for text in data.draw(st.lists(st.sampled_from(tried), min_size=1, max_size=3, unique=True), label="probes"):
            verdict = _judge_probe(state, text)
            checked += verdict is not None
            alternatives += len(verdict.alternatives) if verdict is not None and not verdict.legal else 0
        move = data.draw(st.sampled_from(listed), label="move")
        state = E.plays.apply(state, move)
        assert E.declaration.status(state) == [], [r.message for r in E.declaration.status(state)]
    REFEREE_GAMES.append((steps, checked, alternatives))
