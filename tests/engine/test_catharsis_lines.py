"""Catharsis lines a player reads: what a revive echoes, whom shared damage kills, what a refused
replace cites."""
from __future__ import annotations

from engine.tracking import Change
from engine.catharsis import track_readings
from tests.engine.catharsis_table import E, TRACKER, table

ATTACK = ["next-card monster", "enemy Crab 30", "combat start", "combat attack"]


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


def _lines(powers: str, attack: str, shares: str):
    """The sharing's verdict, Ann (Luthia) and Ben (Durhak) sharing The Power of Fire as their first power."""
    state = _duo_table(powers=powers)
    for text in (*ATTACK, "combat enemy", attack):
        state = E.plays.apply(state, E.plays.parse_move(text, state))
    verdict = E.check(state, E.plays.parse_move(shares, state))
    assert verdict.legal, shares
    return verdict


def _deaths(powers: str, attack: str, shares: str, kind: str = "dies") -> dict[str, str]:
    """Who the sharing's lines say dies (name -> rule), or with kind "may-die" who may die."""
    return {e.who: e.rule for e in _lines(powers, attack, shares).effects if e.kind == kind}


def test_a_partner_whose_shared_card_the_other_uses_up_is_foreseen_to_die():
    """Ann holds only the duo power, Ben it and one power more, 2 each of an attack to the party: Ann
    dies however they lay the points. Ben was said to die too, as if every point were taken; but if
    Ben's points exhaust the shared card and his other power, Ann's first point discards the shared
    card, her last, and she dies with a point untaken while Ben lives: he only may die (fixes19)."""
    verdict = _lines("Ann=1,Ben=2", "attack party 4", "assign ann 2 ben 2")
    assert {e.who: e.rule for e in verdict.effects if e.kind == "dies"} == {"Ann": "catharsis.damage.death"}
    assert {e.who: e.rule for e in verdict.effects if e.kind == "may-die"} == {"Ben": "catharsis.duo-powers.damage"}
    ann = next(e.message for e in verdict.effects if e.who == "Ann" and e.kind == "dies")
    assert "if Ben's reach The Power of Fire first, Ann dies before taking all 2" in ann, ann
    assert track_readings.UNTAKEN in verdict.unchecked


def test_partners_whose_shares_fill_their_cards_only_may_die():
    """Each holds the duo power and one power more, 3 each of 6: if Ann's points exhaust and discard
    the shared card and exhaust her own, Ben dies owing a point and Ann lives (the other way round
    alike). Both were said to die 'too', every point taken; each only may (fixes19)."""
    verdict = _lines("Ann=2,Ben=2", "attack party 6", "assign ann 3 ben 3")
    assert [e for e in verdict.effects if e.kind == "dies"] == []
    assert {e.who for e in verdict.effects if e.kind == "may-die"} == {"Ann", "Ben"}
    assert track_readings.UNTAKEN in verdict.unchecked


def test_a_partner_may_die_of_the_points_the_other_lays_on_the_shared_card():
    """2 each of 6 with a card left over: nothing was said, yet Ben's 2 may discard the shared card and
    Ann's 2 her other power, her last (fixes19). Every point is taken either way: no reading."""
    verdict = _lines("Ann=2,Ben=2", "attack party 4", "assign ann 2 ben 2")
    assert [e for e in verdict.effects if e.kind == "dies"] == []
    assert {e.who for e in verdict.effects if e.kind == "may-die"} == {"Ann", "Ben"}
    assert track_readings.UNTAKEN not in verdict.unchecked


def test_a_partner_with_no_share_dies_when_the_other_takes_the_shared_card():
    """All 4 to Ben discards both his cards, the shared one too: Ann, who holds only that one, dies."""
    assert _deaths("Ann=1,Ben=2", "attack player 4", "assign ben 4") == {
        "Ben": "catharsis.damage.death", "Ann": "catharsis.duo-powers.damage"}


def test_a_partner_with_no_share_dies_whatever_the_order_when_only_the_shared_card_takes_the_points():
    """Ann and Ben hold only the duo power; 2 to Ben of an attack to the party: his points must go on
    it, so Ann dies however it is laid, every point taken."""
    verdict = _lines("Ann=1,Ben=1", "attack party 2", "assign ben 2")
    assert {e.who: e.rule for e in verdict.effects if e.kind == "dies"} == {
        "Ben": "catharsis.damage.death", "Ann": "catharsis.duo-powers.damage"}
    assert track_readings.UNTAKEN not in verdict.unchecked


def test_a_partner_may_die_of_a_player_attack_the_other_takes_alone():
    """All 2 of a player attack to Ben, who holds the duo power and one more: laid on the duo power they
    kill Ann, who holds only it; laid on his other power they do not. Nothing was said (fixes19)."""
    assert _deaths("Ann=1,Ben=2", "attack player 2", "assign ben 2", "may-die") == {
        "Ann": "catharsis.duo-powers.damage"}
    assert _deaths("Ann=1,Ben=2", "attack player 2", "assign ben 2") == {}


def test_no_death_is_foreseen_where_the_partners_may_lay_the_points_and_live():
    """Where it depends on how they lay the points (1 and 2), nobody is said to die; Ann is said
    only to may die (Ben's 2 may discard the shared card, her last)."""
    assert _deaths("Ann=1,Ben=2", "attack party 3", "assign ann 1 ben 2") == {}
    assert _deaths("Ann=1,Ben=2", "attack party 3", "assign ann 1 ben 2", "may-die") == {
        "Ann": "catharsis.duo-powers.damage"}
    assert _deaths("Ann=3,Ben=3", "attack party 4", "assign ann 2 ben 2", "may-die") == {}


def test_replace_and_gain_echo_what_the_table_typed():
    """`replace Ann 1` echoed `replace Ann 1 new power` (the default name written into the change), as
    `revive` did; `gain` alike. The line says what was typed; the new power is still called so."""
    state = table()
    for said, echo, power in ((["replace", "ann", "1"], "replace Ann 1", "new power"),
                              (["replace", "ann", "1", "Fire", "Wall"], "replace Ann 1 Fire Wall", "Fire Wall")):
        change = TRACKER.parse(state, said)
        assert change.label() == echo
        assert TRACKER.check(state, change).legal
        after = TRACKER.apply(state, change)[0]
        assert after.players[0].powers[0].name == power
    state = TRACKER.apply(state, TRACKER.parse(state, ["discard", "ben", "2"]))[0]
    for said, echo, power in ((["gain", "ben"], "gain Ben", "new power"), (["gain", "ben", "Ice"], "gain Ben Ice", "Ice")):
        change = TRACKER.parse(state, said)
        assert change.label() == echo
        assert TRACKER.check(state, change).legal
        assert TRACKER.apply(state, change)[0].players[1].powers[1].name == power


def test_replace_and_gain_logged_with_the_default_name_replay_alike():
    """A session logged before keeps `replace Ann 1 new power`: it replays to the same board."""
    state = table()
    old = TRACKER.apply(state, Change(verb="replace", args=("Ann", "1", "new power")))
    new = TRACKER.apply(state, TRACKER.parse(state, ["replace", "ann", "1"]))
    assert old[0] == new[0] and [e.message for e in old[1]] == [e.message for e in new[1]]
    state = TRACKER.apply(state, TRACKER.parse(state, ["discard", "ben", "2"]))[0]
    old = TRACKER.apply(state, Change(verb="gain", args=("Ben", "new power")))[0]
    assert old == TRACKER.apply(state, TRACKER.parse(state, ["gain", "ben"]))[0]
