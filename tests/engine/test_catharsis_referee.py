"""Catharsis referee corrections (issue 20): each test states the rulebook passage it follows."""
from __future__ import annotations

from fractions import Fraction

from engine import get_engine
from engine.catharsis.costs import parse_cost, solve
from engine.catharsis.odds import odds

E = get_engine("catharsis")
ATTACK = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"]


def table(*plays, players=("Ann", "Ben"), **options):
    options.setdefault("morale", "18")
    state = E.tracker.new_state(list(players), options)
    for text in plays:
        state = play(state, text)
    return state


def play(state, text):
    move = E.parse_move(text, state)
    verdict = E.check(state, move)
    assert verdict.legal, (text, [r.message for r in verdict.reasons])
    return E.apply(state, move)


def verdict(state, text):
    return E.check(state, E.parse_move(text, state))


def rules(v) -> set[str]:
    return {r.rule for r in v.reasons}


# ------------------------------------------------------------------ 2. BB
# Player Decks: BB is a pair whose value differs from the other dice used on that ability; the
# AA example is one case of that definition.

def test_bb_differs_from_number_and_wild_dice():
    assert not solve(parse_cost("BB 5"), [5, 5, 5])
    assert solve(parse_cost("BB 5"), [5, 6, 6])
    assert not solve(parse_cost("BB ?"), [3, 3, 3])
    assert solve(parse_cost("BB ?"), [3, 3, 4])
    assert solve(parse_cost("AA 1"), [1, 1, 1])   # only the BB carries the limit


def test_bb_odds_follow_the_definition():
    o = odds(parse_cost("BB 5"), rerolls=0, dice=[5, 5, 5, 1, 2, 3])
    assert o.probability == 0
    # from 5 5 6 6 1 2, BB 5 is paid with the 6s and a 5
    assert odds(parse_cost("BB 5"), rerolls=0, dice=[5, 5, 6, 6, 1, 2]).probability == 1


def test_bb_wild_is_not_paid_with_three_of_a_kind_in_play():
    s = table(*ATTACK, 'card Jab top "BB ?"', "rename Ann 1 Jab", "roll Ann 3 3 3 1 2 4", players=("Ann",))
    v = verdict(s, "use Ann 1 top with 3 3 3")
    assert not v.legal and "catharsis.player-decks.symbol-bb" in rules(v)
    assert "use Ann 1 top with 1 3 3" in v.alternatives
    listed = [E.format_move(m) for m in E.legal_moves(s)]
    assert "use Ann 1 top with 3 3 3" not in listed and listed
    assert all(verdict(s, text).legal for text in v.alternatives)
