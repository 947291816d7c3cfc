"""Catharsis lines a player reads: what a revive echoes, whom shared damage kills, what a refused
replace cites."""
from __future__ import annotations

from engine import get_engine, get_tracker
from engine.tracking import Change

E = get_engine("catharsis")
TRACKER = get_tracker("catharsis")
ATTACK = ["next-card monster", "enemy Crab 30", "combat start", "combat attack"]


def table(*plays, players=("Ann", "Ben"), **options):
    options.setdefault("morale", "18")
    state = TRACKER.declaration.verbs.new_state(list(players), options)
    for text in plays:
        move = E.plays.parse_move(text, state)
        assert E.check(state, move).legal, text
        state = E.plays.apply(state, move)
    return state


def _dead_dave():
    return table("exhaust Dave 1", "damage Dave discard 1", players=("Lu", "Dave"),
                 characters="Lu=Lumi", powers="Lu=6,Dave=1")


def test_revive_echoes_what_the_table_typed():
    """`revive Dave` echoed `revive Dave revived 1 revived 2`: the default names were written into the
    change. The line now says what was typed; the powers are still numbered the same way."""
    state = _dead_dave()
    for said, echo, powers in ((["revive", "dave"], "revive Dave", ["revived 1", "revived 2"]),
                               (["revive", "dave", "Fire"], "revive Dave Fire", ["Fire", "revived 2"]),
                               (["revive", "dave", "Fire", "Ice"], "revive Dave Fire Ice", ["Fire", "Ice"])):
        change = TRACKER.parse(state, said)
        assert change.label() == echo
        assert TRACKER.check(state, change).legal
        assert [pw.name for pw in TRACKER.apply(state, change)[0].players[1].powers] == powers


def test_revive_logged_with_the_default_names_replays_alike():
    """A session logged before keeps `revive Dave revived 1 revived 2`: it replays to the same board."""
    state = _dead_dave()
    old = TRACKER.apply(state, Change(verb="revive", args=("Dave", "revived 1", "revived 2")))[0]
    new = TRACKER.apply(state, TRACKER.parse(state, ["revive", "dave"]))[0]
    assert old == new


def _duo_table(**options):
    return table("rename Ann 1 The Power of Fire", "rename Ben 1 The Power of Fire",
                 characters="Ann=Luthia,Ben=Durhak", **options)


def test_a_refused_replace_of_luthias_duo_power_cites_the_duo_power_rule_first():
    """Luthia's refusal named only her immunity: the one-line refusal and `Explain a rule` take the
    first reason, and a duo power is never replaced whoever holds it, so that rule comes first; her
    immunity is still cited after it."""
    state = _duo_table()
    verdict = TRACKER.check(state, TRACKER.parse(state, ["replace", "ann", "1"]))
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons] == ["catharsis.duo-powers.no-replace",
                                                 "catharsis.characters.luthia.immune-replace"]
    own = TRACKER.check(state, TRACKER.parse(state, ["replace", "ann", "2"]))  # her own power: the immunity only
    assert [r.rule for r in own.reasons] == ["catharsis.characters.luthia.immune-replace"]
