"""CATastrophe validator invariants over random games (hypothesis).

Each game starts from the tracker's new_state and makes legal plays chosen at random among every
play the validator allows (cards from any hand, reactions by anyone, rolls, Yarn Balls, draws,
reveals), with a tracker change now and then. After every play: Yarn Balls are conserved (baskets
plus Sanctuary = 30), no hand holds more than 7 and nobody has more than 3 Power Cats, the phase
or turn never moves on while cards are in play; at the end, replaying the logged plays from the
start gives the same table.

COMPANION_PROPERTY_SCALE (default 1) multiplies the number of games; CI runs a small fixed-seed set.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catastrophe import Engine, Tracker
from engine.catastrophe.model import YARN_BALLS_IN_BOX
from engine.catastrophe.notation import Move
from engine.tracking import Change
from tests.conftest import examples

E = Engine()
T = Tracker()
SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))
CARDS = [("Attack", 2), ("Attack", 4), ("Attack", 6), ("Curiosity", None), ("Ally", None), ("Cucumber", None),
         ("Take", None), ("Pass", None), ("Mice Mischief", None), ("Power Cat", None)]
NAMES = ["Abi", "Betty", "Chris", "Dan", "Eve", "Fay"]


def candidates(state):
    """Every play worth trying now: the engine's own list plus each card from each cat."""
    yield from E.plays.legal_moves(state)
    alive = [state.players[i].name for i in state.turn_order()]
    roller = E.turns.to_act(state)
    for face in range(1, 7):
        yield Move(kind="roll", player=roller, number=face)
    for card in ("Grim Reapurr", "CATastrophic Event"):
        for number in (None, 1, 2):
            yield Move(kind="reveal", player=state.players[state.current].name, card=card, number=number)
    for who in alive:
        for card, number in CARDS:
            yield Move(kind="play", player=who, card=card, number=number)
            for other in alive:
                yield Move(kind="play", player=who, card=card, number=number, target=other)


def legal_choices(state):
    return [m for m in dict.fromkeys(candidates(state)) if E.check(state, m).legal]


def check_table(before, after, move):
    assert after.yarn_sanctuary + sum(p.yarn_balls for p in after.players) == YARN_BALLS_IN_BOX
    for p in after.players:
        assert p.hand <= 7 and p.power_cats <= 3, (p, move)
        if p.hand_cards is not None:
            assert len(p.hand_cards) == p.hand
    if (after.phase, after.current, after.turn) != (before.phase, before.current, before.turn):
        assert before.chain == (), f"{E.plays.format_move(move)} moved the phase on with cards in play"
    assert E.declaration.status(after) == [], [r.message for r in E.declaration.status(after)]  # the end of the game too (issue 20)


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    variant = draw(st.sampled_from(["standard", "king", "turbo"]))
    steps = draw(st.lists(st.integers(0, 10_000), min_size=10, max_size=200))
    fixes = draw(st.lists(st.sampled_from([None, None, None, None, "lives", "yarn", "reapurr"]), min_size=len(steps),
                          max_size=len(steps)))
    return NAMES[:n], variant, steps, fixes


@settings(max_examples=examples(20) * SCALE, deadline=None, derandomize=True,  # halved: tests/test_playouts.py
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(games())
def test_random_games_keep_the_invariants_and_replay(game):
    names, variant, steps, fixes = game
    start = T.declaration.verbs.new_state(names, {"variant": variant})
    state = start
    log: list[tuple[str, object]] = []
    for pick, fix in zip(steps, fixes):
        if state.game_over:
            break
        if fix:
            who = state.players[pick % len(state.players)].name
            words = {"lives": ["lives", who, "-1"], "yarn": ["yarn", who, "+1"], "reapurr": ["reapurr", "+1"]}[fix]
            change = T.parse(state, words)
            if T.check(state, change).legal:
                after, _ = T.apply(state, change)
                log.append(("track", change))
                check_table(state, after, Move(kind="resolve")) if after.chain == state.chain else None
                state = after
            continue
        choices = legal_choices(state)
        assert choices, f"no legal play in {state.model_dump(mode='json')}"
        move = choices[pick % len(choices)]
        text = E.plays.format_move(move)
        assert E.plays.parse_move(text, state) == move  # the canonical text reads back as the same play
        after = E.plays.apply(state, move)
        check_table(state, after, move)
        log.append(("play", text))
        state = after
    replay = start
    for kind, item in log:
        if kind == "play":
            replay = E.plays.apply(replay, E.plays.parse_move(item, replay))
        else:
            replay, _ = T.apply(replay, item)
    assert replay == state
    assert E.load_state(state.model_dump(mode="json")) == state


def test_a_tracker_change_between_plays_is_the_same_state():
    """Tracker verbs and plays are transitions of one State: a play after `lives` sees the change."""
    state = T.declaration.verbs.new_state(["Abi", "Betty"], {})
    state, _ = T.apply(state, Change(verb="lives", args=("Betty", "-8")))
    state = E.plays.apply(state, E.plays.parse_move("Abi play Curiosity at Betty", state))
    state = E.plays.apply(state, E.plays.parse_move("resolve", state))
    assert state.game_over and state.winner == "Abi"


# ------------------------------------------------------------------ the referee's own words (issue 20)

import re  # noqa: E402

from engine.base import EngineError  # noqa: E402

DECKS = {"CATastrophic Event", "Grim Reapurr"}  # the CATastrophe deck: never in a hand
REFEREE_STEPS = 60
REFEREE_GAMES: list = []  # (steps, probes judged, alternatives checked) per game


def _named_cards(verdict, state) -> set[str]:
    """The cards the verdict says a hand holds or offers to play: the cards of its alternatives,
    and a hand it lists ("Abi's hand is Pass, Take: no ...")."""
    out: set[str] = set()
    for alternative in verdict.alternatives:
        move = E.plays.parse_move(alternative, state)
        if move.kind == "play":
            out.add(move.card)
    for reason in verdict.reasons:
        listed = re.search(r"hand is (.+?): no ", reason.message)
        if listed:
            out |= {" ".join(w for w in c.split() if not w.isdigit()) for c in listed.group(1).split(", ")}
    return out - {"empty"}


def _public_cards(state) -> set[str]:
    """Card names the table knows of: named hands, cards seen going into a hand, Power Cats (face
    up), the cards in play."""
    known = set(DECKS) | {"Power Cat"}
    for p in state.players:
        for card in (*(p.hand_cards or ()), *getattr(p, "seen_cards", ()), *(p.power_cat_cards or ())):
            known.add(" ".join(w for w in card.split() if not w.isdigit()))
    return known | {c.name for c in state.chain}


def _judge_probe(state, move):
    """Judge one play (its alternatives too); return (legal, how many alternatives were checked)."""
    verdict = E.check(state, move)
    unknown = _named_cards(verdict, state) - _public_cards(state) - {move.card}
    assert not unknown, (E.plays.format_move(move), "names cards of a hand the table does not know", unknown,
                         verdict.as_json())
    if verdict.legal:
        return True, 0
    for alternative in verdict.alternatives:
        try:
            other = E.check(state, E.plays.parse_move(alternative, state))
        except EngineError as exc:
            raise AssertionError((E.plays.format_move(move), alternative, str(exc))) from None
        assert other.legal, (E.plays.format_move(move), alternative, other.as_json())
    return False, len(verdict.alternatives)


@settings(max_examples=examples(40) * SCALE, deadline=None, derandomize=True,  # halved: tests/test_playouts.py
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_the_referee_offers_only_legal_plays_and_names_only_known_cards(data):
    """Issue 20: every "Legal instead" line of an illegal verdict is legal itself; every listed move
    is legal; a legal play never leads to a table `status` calls impossible (the end of the game
    included); no reason or alternative names a card of a hand the table does not know."""
    names = NAMES[: data.draw(st.integers(2, 6), label="players")]
    state = T.declaration.verbs.new_state(names, {"variant": data.draw(st.sampled_from(["standard", "king", "turbo"]))})
    judged = alternatives = steps = 0
    for steps in range(REFEREE_STEPS):
        if state.game_over:
            break
        choices = E.plays.legal_moves(state)
        for move in choices:
            assert E.check(state, move).legal, E.plays.format_move(move)
        tried = list(dict.fromkeys(candidates(state)))
        for move in data.draw(st.lists(st.sampled_from(tried), min_size=1, max_size=4, unique=True), label="probes"):
            legal, checked = _judge_probe(state, move)
            alternatives += checked
            judged += 1
            if legal and move not in choices:
                choices.append(move)  # a card from a hand the table only counts
        assert choices, f"no legal play in {state.model_dump(mode='json')}"
        move = data.draw(st.sampled_from(choices), label="move")
        state = E.plays.apply(state, move)
        assert E.declaration.status(state) == [], [r.message for r in E.declaration.status(state)]
    REFEREE_GAMES.append((steps, judged, alternatives))
