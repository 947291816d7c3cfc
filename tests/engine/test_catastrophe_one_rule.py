"""Issue 22, every rule written once: CATastrophe's phase order, "finish the cards in play first" and
the Yarn Ball from one's own basket are checked by one function each (engine/catastrophe/table.py),
which gives the refusal with its rule. So a play and the tracker verb that does the same thing refuse
the same table for the same rule; before, a play `end` and the tracker's `next` cited different
rules, and the two asked "cards in play?" and "phase in order?" in different orders."""
from __future__ import annotations

import pytest

from engine import get_game
from engine.base import step
from engine.catastrophe.rule_ids import R

GAME = get_game("catastrophe")


def table(*steps: str):
    """A new table of Abi, Betty and Chris (Abi first) brought on by plays and `track ...` commands."""
    state = GAME.tracker.declaration.verbs.new_state(["Abi", "Betty", "Chris"], {})
    for said in steps:
        kind, text = ("track", said.removeprefix("track ")) if said.startswith("track ") else ("play", said)
        stepped = step(GAME, state, text, kind=kind)
        assert stepped.verdict.legal, (said, stepped.verdict.as_json())
        state = stepped.state
    return state


ATTACK = "Abi play Attack 4 at Betty"

CASES = {
    # the turn ends only after its CATastrophe Phase
    "end in the Claw Phase": ((), "Abi end", "next", R.LAST_PHASE),
    "end in the Paw Phase": (("Abi draw",), "Abi end", "next", R.LAST_PHASE),
    # the phases in order
    "CATastrophe Phase before the Paw Phase": ((), "Abi reveal CATastrophic Event", "phase catastrophe",
                                               R.THREE_PHASES),
    # the cards in play are finished before the phase or the turn moves on
    "Paw Phase with a card in play": ((ATTACK,), "Abi draw", "next-phase", R.CHAIN_BEFORE_PHASE),
    "end with a card in play": ((ATTACK,), "Abi end", "next", R.CHAIN_BEFORE_PHASE),
    "skipping ahead with a card in play": ((ATTACK,), "Abi reveal CATastrophic Event", "phase catastrophe",
                                           R.CHAIN_BEFORE_PHASE),
    # (a Power Cat is played in the Claw Phase when nothing else is in play: fixes19)
    "Paw Phase with a Power Cat in play": (("Abi play Power Cat",), "Abi draw", "next-phase",
                                           R.CHAIN_BEFORE_PHASE),
    "the current cat out, a card still in play": ((ATTACK, "track lives abi -9"), "Abi end", "next",
                                                  R.CHAIN_BEFORE_PHASE),
    # a Yarn Ball comes from the spender's own basket
    "an empty Yarn Basket": (("track yarn betty -3", ATTACK, "Betty roll 1"), "Betty yarn", "yarn betty -1",
                             R.YARN_BASKET),
}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_play_and_the_matching_tracker_verb_refuse_alike(case):
    before, play, command, rule = CASES[case]
    state = table(*before)
    played = step(GAME, state, play, apply=False).verdict
    tracked = step(GAME, state, command, kind="track", apply=False).verdict
    assert not played.legal and not tracked.legal, (played.as_json(), tracked.as_json())
    assert [r.rule for r in played.reasons] == [r.rule for r in tracked.reasons] == [rule], \
        (played.as_json(), tracked.as_json())
    assert [r.message for r in played.reasons] == [r.message for r in tracked.reasons]
