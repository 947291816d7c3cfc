"""Catharsis duo powers: one card shared by two boards (Duo Powers, Megapack), so the tracker's copy on
each partner's board and the validator's plays keep the two copies alike."""
from __future__ import annotations

from tests.engine.test_catharsis_engine import ATTACK, E, TRACKER, table as _engine_table

DUO = ['card "Tag Team" duo Goz,Luthia top "1" bottom "2"', "rename Ann 1 Tag Team", "rename Ben 1 Tag Team"]


def table(*plays, **options):
    """The engine tests' table, Ann playing Goz and Ben Luthia unless said otherwise."""
    options.setdefault("characters", "Ann=Goz,Ben=Luthia")
    return _engine_table(*plays, **options)


def track(state, *words):
    """A tracker command the rules allow: (State after, its effects)."""
    change = TRACKER.parse(state, list(words))
    verdict = TRACKER.check(state, change)
    assert verdict.legal, [r.message for r in verdict.reasons]
    return TRACKER.apply(state, change)


def copies(state):
    return [(p.powers[0].status, p.powers[0].ice) for p in state.players]


def test_using_a_duo_half_exhausts_the_partners_copy_too():
    """The tracker's `use`: the card is exhausted on both boards, and the line says so."""
    state, effects = track(table(*DUO, *ATTACK), "use", "Ann", "1", "top")
    assert copies(state) == [("exhausted", 0), ("exhausted", 0)]
    assert any(e.rule == "catharsis.duo-powers.regular-powers" and "Ben" in e.message for e in effects)


def test_the_play_use_of_a_duo_half_exhausts_both_copies():
    """The validator's play `use` (companion check / play) agrees with the tracker."""
    state = table(*DUO, *ATTACK, "roll Ann 1 2 3 4 5 6", "use Ann 1 top with 1")
    assert copies(state) == [("exhausted", 0), ("exhausted", 0)]


def test_the_other_half_may_still_be_used_in_the_same_round_but_not_later():
    """Both halves may be activated together (the middle bonus), even though the first half exhausted the
    card; in a later round the exhausted card is refused to either partner."""
    state = table(*DUO, *ATTACK, "roll Ann 1 2 3 4 5 6", "use Ann 1 top with 1", "roll Ben 1 2 3 4 5 6")
    assert E.check(state, E.plays.parse_move("use Ben 1 bottom with 2", state)).legal
    state, effects = track(state, "use", "Ben", "1", "bottom")
    assert any(e.rule == "catharsis.duo-powers.both-halves" for e in effects)
    again = TRACKER.check(state, TRACKER.parse(state, ["use", "Ann", "1", "top"]))
    assert not again.legal
    later = table(*DUO, *ATTACK, "roll Ann 1 2 3 4 5 6", "use Ann 1 top with 1", "combat enemy", "combat refresh", "combat end-round",
                  "combat round", "combat attack", "roll Ben 1 2 3 4 5 6")
    verdict = E.check(later, E.plays.parse_move("use Ben 1 bottom with 2", later))
    assert not verdict.legal and "exhausted" in verdict.reasons[0].message


def test_damage_exhausts_then_discards_the_shared_card_from_either_board():
    """The rulebook's Dawn and Danielle example: one partner's point exhausts the duo power, the other's
    discards it, and it is gone from both boards."""
    state, _ = track(table(*DUO), "damage", "Ann", "exhaust", "1")
    assert copies(state) == [("exhausted", 0), ("exhausted", 0)]
    state, _ = track(state, "damage", "Ben", "discard", "1")
    assert copies(state) == [("discarded", 0), ("discarded", 0)]


def test_heal_and_ice_reach_the_shared_card():
    frost = ['card "Frost Pact" duo Lumi,Luthia top "1" bottom "2"', "rename Ann 1 Frost Pact", "rename Ben 1 Frost Pact"]
    state, _ = track(table(*frost, characters="Ann=Lumi,Ben=Luthia"), "exhaust", "Ben", "1")
    state, _ = track(state, "heal", "Ann", "1")
    assert copies(state) == [("face-up", 0), ("face-up", 0)]
    state, _ = track(state, "ice", "Ben", "1", "+1")
    assert copies(state) == [("face-up", 1), ("face-up", 1)]


def test_losing_the_duo_power_kills_a_partner_whose_last_power_it_was():
    state = table(*DUO, powers="Ann=6,Ben=1")
    state, _ = track(state, "exhaust", "Ann", "1")
    state, effects = track(state, "discard", "Ann", "1")
    assert state.players[1].dead and any(e.rule == "catharsis.damage.death" for e in effects)


def test_a_power_that_is_no_duo_power_stays_on_its_own_board():
    state = table("rename Ann 1 Gadget", "rename Ben 1 Gadget")
    state, _ = track(state, "exhaust", "Ann", "1")
    assert copies(state) == [("exhausted", 0), ("face-up", 0)]


def test_status_names_copies_of_one_duo_card_that_disagree():
    """A described table (a situation file) whose two copies of a duo power differ cannot be."""
    def situation(ann, ben):
        return E.load_state({"characters_started": 2, "morale": 10, "morale_start": 10, "players": [
            {"name": "Ann", "character": "Luthia", "powers": [{"name": "The Power of Fire", "status": ann}, {"name": "X"}]},
            {"name": "Ben", "character": "Durhak", "powers": [{"name": "The Power of Fire", "status": ben}, {"name": "Y"}]}]})
    for ann, ben in (("exhausted", "face-up"), ("face-up", "discarded")):
        problems = E.declaration.status(situation(ann, ben))
        assert [r.rule for r in problems] == ["catharsis.duo-powers.regular-powers"], (ann, ben)
        assert {"Ann's", "Ben's", ann, ben} <= set(problems[0].message.split()), problems[0].message
    assert E.declaration.status(situation("exhausted", "exhausted")) == []


def test_a_discarded_duo_power_never_comes_back():
    """Duo Powers: once discarded it is gone; each partner draws from their own deck instead."""
    state, _ = track(table(*DUO), "exhaust", "Ann", "1")
    state, _ = track(state, "discard", "Ben", "1")
    verdict = TRACKER.check(state, TRACKER.parse(state, ["gain", "Ann", "Tag", "Team"]))
    assert not verdict.legal and {r.rule for r in verdict.reasons} == {"catharsis.duo-powers.discarded"}
    assert verdict.alternatives == ("gain Ann",)
    assert TRACKER.check(state, TRACKER.parse(state, ["gain", "Ann"])).legal


def test_naming_a_power_as_the_partners_duo_card_takes_that_cards_side():
    state, _ = track(table('card "Tag Team" duo Goz,Luthia top "1" bottom "2"', "rename Ann 1 Tag Team"),
                     "exhaust", "Ann", "1")
    state, _ = track(state, "rename", "Ben", "2", "Tag", "Team")
    assert state.players[1].powers[1].status == "exhausted"
    assert E.declaration.status(state) == []


def test_naming_a_power_as_a_discarded_duo_card_is_refused():
    """A power still in play named as the duo card the partner's board holds discarded would bring that
    card back (Duo Powers: a discarded one never comes back); a discarded power may take its name."""
    state = table('card "Tag Team" duo Goz,Luthia top "1" bottom "2"', "rename Ann 1 Tag Team")
    state, _ = track(state, "exhaust", "Ann", "1")
    state, _ = track(state, "discard", "Ann", "1")
    verdict = TRACKER.check(state, TRACKER.parse(state, ["rename", "Ben", "2", "Tag", "Team"]))
    assert not verdict.legal and [r.rule for r in verdict.reasons] == ["catharsis.duo-powers.discarded"]
    assert verdict.alternatives == ("discard Ben 2",)
    state, _ = track(state, "discard", "Ben", "2")
    state, _ = track(state, "rename", "Ben", "2", "Tag", "Team")
    assert copies(state)[0] == ("discarded", 0) and state.players[1].powers[1].status == "discarded"


def test_an_ability_that_spends_divinity_says_so_when_used():
    """The sample duo power's bottom spends 3 Divinity (Duo Powers, Megapack): the play `use` takes it from
    Durhak, and its verdict says so, as every change of a counter is said."""
    state = table("rename Ann 1 The Power of Fire", "rename Ben 1 The Power of Fire", *ATTACK,
                  "divinity Ben +5", "roll Ben 1 2 3 4 5 6", characters="Ann=Luthia,Ben=Durhak")
    verdict = E.check(state, E.plays.parse_move("use Ben 1 bottom with 2", state))
    assert verdict.legal, verdict.reasons
    said = [e.message for e in verdict.effects if e.rule == "catharsis.characters.durhak.spend-divinity"]
    assert len(said) == 1 and "3 Divinity" in said[0] and "2 left" in said[0], [e.message for e in verdict.effects]
