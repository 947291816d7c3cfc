"""Catharsis (issue 23): the engine judges what the power cards say: costs (`||`, symbols), Luthia's
Level costs, attacks, damage prevented, Combo values, the side a duo power counts as for Soraten,
and adjustments tied to the ability that grants them. An undescribed field stays unchecked and the
verdict names it with the command that teaches it."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from engine import get_engine, get_tracker
from engine.catharsis.model import Ability, Face, PowerCard, card_of, merge_card, shipped
from engine.catharsis.notation import format_card
from tests.conftest import examples
from tests.engine.test_catharsis_referee import ATTACK, play, table, verdict

E = get_engine("catharsis")
TRACKER = get_tracker("catharsis")


def texts(items) -> str:
    return " | ".join(r.message for r in items)


# ------------------------------------------------------------------ the two table bugs

def test_card_play_takes_effect_as_the_docs_list():
    # docs/moves-catharsis.md lists `effect` among an ability's fields; the play once refused it
    s = table('card "Fire Bolt" top "AA ?" effect "deal 5 damage" attacks 5')
    card = card_of(s, "Fire Bolt")
    assert card.top.effect == "deal 5 damage" and card.top.cost == "AA ?" and card.top.attacks == (5,)


def test_cost_added_to_nail_to_the_eye_keeps_its_combo_values():
    # the Goz example: 3 Combo removed from Nail to the Eye deal 8 damage and prevent 2 damage
    s = table(*ATTACK, 'card "Nail to the Eye" bottom "AA ?"', "rename Gia 1 Nail to the Eye",
              "combo Gia 1 +3", "roll Gia 4 4 1 2 5 6", players=("Gia",), characters="Gia=Goz")
    card = card_of(s, "Nail to the Eye")
    assert card.bottom.cost == "AA ?" and card.bottom.combo == shipped()["nail to the eye"].bottom.combo
    assert card.top == shipped()["nail to the eye"].top
    v = verdict(s, "use Gia 1 bottom with 4 4 1")
    assert v.legal
    effects = texts(v.effects)
    assert "pay `AA ?` of Nail to the Eye (bottom)" in effects
    assert "3 Combo removed: deal 8 damage and prevent 2 damage" in effects
    assert "Combo values" not in texts(v.unchecked)


def test_a_second_card_play_lays_only_its_fields_over_the_first():
    s = table('card Jab top "AA" attacks 3', 'card Jab top effect "a quick strike"', 'card Jab bottom "6 6"')
    card = card_of(s, "Jab")
    assert (card.top.cost, card.top.attacks, card.top.effect, card.bottom.cost) == ("AA", (3,), "a quick strike", "6 6")


# ------------------------------------------------------------------ unknown facts name the teaching command

def test_unknown_cost_names_the_fact_and_the_command():
    s = table(*ATTACK, 'card "Fire Bolt" top "AA ?"', "rename Ann 1 Fire Bolt", "roll Ann 4 4 1 2 5 6")
    v = verdict(s, "use Ann 1 bottom with 4 4")
    assert v.legal
    assert ("Fire Bolt's bottom cost is unknown (teach this session: play 'card \"Fire Bolt\" bottom \"COST\"'; "
            "the card library keeps it for the next sessions: companion cards add catharsis \"Fire Bolt\" "
            "--bottom \"COST\")") in texts(v.unchecked)
    # the described half is judged: no `unchecked` line about its cost
    v = verdict(s, "use Ann 1 top with 4 4 1")
    assert v.legal and "cost" not in texts(v.unchecked)
    assert not verdict(s, "use Ann 1 top with 4 5 1").legal


def test_double_line_cost_of_a_described_card_is_judged_on_use():
    s = table(*ATTACK, 'card "Fire Bolt" bottom "BB 4 || 6 6"', "rename Ann 1 Fire Bolt", "roll Ann 6 6 1 2 3 5")
    v = verdict(s, "use Ann 1 bottom with 6 6")
    assert v.legal and "of `4 BB || 6 6` the choice `6 6` is paid" in texts(v.effects)
    v = verdict(s, "use Ann 1 bottom with 1 2 3")
    assert not v.legal and "catharsis.combat.player-attack.double-line-cost" in {r.rule for r in v.reasons}


# ------------------------------------------------------------------ attacks and prevention

def test_attacks_and_prevention_are_reported_on_use():
    s = table(*ATTACK, 'card Cleave top "AA" attacks 2,3 bottom "6" prevent 2', "rename Ann 1 Cleave",
              "rename Ben 1 Cleave", "roll Ann 4 4 1 2 5 6", "roll Ben 6 1 1 2 3 4")
    top = verdict(s, "use Ann 1 top with 4 4")
    assert [e.amount for e in top.effects if e.kind == "attacks"] == [5]
    assert "deals 2, 3 damage (2 attacks" in texts(top.effects)
    bottom = verdict(s, "use Ben 1 bottom with 6")
    assert [(e.kind, e.amount) for e in bottom.effects if e.kind == "prevent"] == [("prevent", 2)]


def test_combo_firing_names_what_the_top_does():
    # the Goz example: round two, Nail to the Eye prevents 1 damage and Dragon Grapple deals 4
    s = table(*ATTACK, "rename Gia 1 Nail to the Eye", "rename Gia 2 Dragon Grapple", "combo Gia 1 +1",
              "combo Gia 2 +1", players=("Gia",), characters="Gia=Goz")
    s = play(s, "combat enemy")
    s = play(s, "attack party 1")
    s = play(s, "assign Gia 1")
    s = play(s, "damage Gia exhaust 6")
    s = play(s, "combat refresh")
    v = verdict(s, "combat round")
    fires = next(e.message for e in v.effects if e.kind == "combo-fires")
    assert "Nail to the Eye (prevents 1 damage)" in fires and "Dragon Grapple (deals 4 damage)" in fires


# ------------------------------------------------------------------ Luthia's Levels

def test_luthia_pays_the_cost_of_her_power_s_level():
    s = table(*ATTACK, 'card Gadget top "6" level2 "5 5" level3 "?"', "rename Lu 1 Gadget", "cobble Lu +7",
              "level-up Lu 1", "roll Lu 5 5 6 1 2 3", players=("Lu",), characters="Lu=Luthia")
    assert not verdict(s, "use Lu 1 top with 6").legal  # Level 1's cost no longer applies
    v = verdict(s, "use Lu 1 top with 5 5")
    assert v.legal and "pay `5 5` of Gadget (top, Level 2)" in texts(v.effects)
    assert [E.plays.format_move(m) for m in E.plays.legal_moves(s)] == ["use Lu 1 top with 5 5"]


def test_unknown_level_cost_is_named():
    s = table(*ATTACK, 'card Gadget top "6"', "rename Lu 1 Gadget", "cobble Lu +7", "level-up Lu 1",
              "roll Lu 5 5 6 1 2 3", players=("Lu",), characters="Lu=Luthia")
    v = verdict(s, "use Lu 1 top with 6")
    assert v.legal
    assert ("Gadget's top cost at Level 2 is unknown (teach this session: play 'card Gadget top level2 \"COST\"'; "
            "the card library keeps it for the next sessions: companion cards add catharsis Gadget "
            "--top.levels.2 \"COST\")") in texts(v.unchecked)


def test_unknown_combo_values_of_a_shipped_card_teach_an_edit_with_the_count_removed():
    # Dragon Grapple ships with its top only: its bottom's Combo values are the table's to teach
    s = table(*ATTACK, "rename Gia 1 Dragon Grapple", "combo Gia 1 +2", "roll Gia 4 4 1 2 5 6",
              players=("Gia",), characters="Gia=Goz")
    v = verdict(s, "use Gia 1 bottom with 4 4")
    assert ("Dragon Grapple's bottom Combo values are unknown (teach this session: play 'card \"Dragon Grapple\" "
            "bottom combo \"2=EFFECT\"'; the card library keeps it for the next sessions: companion cards edit "
            "catharsis \"Dragon Grapple\" --bottom.combo.2 \"EFFECT\")") in texts(v.unchecked)


# ------------------------------------------------------------------ Soraten and a duo power's side

def test_duo_power_side_counts_for_soraten_alternation():
    # Duo Powers: for Soraten the card says whether it is a Ground or a Flight power
    s = table(*ATTACK, 'card "Gale Pact" duo Soraten,Durhak side ground top "?"', "rename Dave 1 Gale Pact",
              "side Dave 2 ground", 'card Swoop top "?"', "rename Dave 2 Swoop",
              "roll Dave 1 2 3 4 5 6", players=("Dave", "Dur"), characters="Dave=Soraten,Dur=Durhak")
    s = play(s, "use Dave 2 top with 1")   # a Ground ability
    v = verdict(s, "use Dave 1 top with 2")
    assert not v.legal and "catharsis.characters.soraten.alternate" in {r.rule for r in v.reasons}
    s2 = play(table(*ATTACK, 'card "Gale Pact" duo Soraten,Durhak side flight top "?"', "rename Dave 1 Gale Pact",
                    'card Swoop top "?"', "rename Dave 2 Swoop", "side Dave 2 ground", "roll Dave 1 2 3 4 5 6",
                    players=("Dave", "Dur"), characters="Dave=Soraten,Dur=Durhak"), "use Dave 2 top with 1")
    v = verdict(s2, "use Dave 1 top with 2")
    assert v.legal and "alternation" not in texts(v.unchecked)


def test_soraten_power_pays_the_cost_of_the_side_it_shows():
    # Soraten: one side of each power is Ground, the other Flight; the side showing is the one used
    s = table(*ATTACK, 'card Updraft ground top "1" flight top "6 6"', "rename Dave 1 Updraft",
              "roll Dave 1 2 3 4 6 6", players=("Dave",), characters="Dave=Soraten")
    v = verdict(s, "use Dave 1 top with 1")
    assert v.legal and "the side Updraft shows is not recorded, so which side's top cost applies is unknown" \
        in texts(v.unchecked)
    ground = play(s, "side Dave 1 ground")
    assert verdict(ground, "use Dave 1 top with 1").legal and not verdict(ground, "use Dave 1 top with 6 6").legal
    flight = play(s, "side Dave 1 flight")
    assert verdict(flight, "use Dave 1 top with 6 6").legal and not verdict(flight, "use Dave 1 top with 1").legal
    v = verdict(flight, "use Dave 1 bottom with 2")
    assert "Updraft's Flight bottom cost is unknown (teach this session: play 'card Updraft flight bottom " \
           "\"COST\"'; the card library keeps it for the next sessions: companion cards add catharsis Updraft " \
           "--flight.bottom \"COST\")" in texts(v.unchecked)


# ------------------------------------------------------------------ adjustments tied to their ability

def _adjusting(*extra):
    return table(*ATTACK, 'card Nudge top "?" adjust 2 adjust-dice 1', "rename Mary 1 Nudge",
                 "roll Mary 1 2 3 4 5 6", "roll Fred 3 3 3 4 4 4", *extra, players=("Mary", "Fred"))


def test_adjustment_needs_its_ability_activated_and_its_size():
    # the Mary and Fred example: one power that adjusts a die by 2
    s = _adjusting()
    v = verdict(s, "adjust Fred 4 +2 by Mary 1 top")
    assert not v.legal and "has not been activated this round" in v.reasons[0].message
    s = play(s, "use Mary 1 top with 1")
    wrong = verdict(s, "adjust Fred 4 +1 by Mary 1 top")
    assert not wrong.legal and "adjusts a die by 2, up or down: +1 given" in wrong.reasons[0].message
    assert "adjust Fred 4 +2 by Mary 1 top" in wrong.alternatives
    s = play(s, "adjust Fred 4 -2 by Mary 1 top")
    again = verdict(s, "adjust Fred 3 +2 by Mary 1 top")
    assert not again.legal and "adjusts 1 die; 1 already adjusted this round" in again.reasons[0].message


def test_adjustment_of_an_undescribed_size_is_unchecked_and_named():
    s = table(*ATTACK, 'card Nudge top "?"', "rename Mary 1 Nudge", "roll Mary 1 2 3 4 5 6",
              "roll Fred 3 3 3 4 4 4", "use Mary 1 top with 1", players=("Mary", "Fred"))
    v = verdict(s, "adjust Fred 4 +1 by Mary 1 top")
    assert v.legal and "Nudge's top adjustment is unknown" in texts(v.unchecked)


# ------------------------------------------------------------------ invariants

_cost = st.sampled_from(["AA", "? ?", "BB 4 || 6 6", "1 1 1 2 2 2", "AAA", "5"])
_ability = st.builds(
    Ability,
    cost=st.none() | _cost,
    effect=st.sampled_from(["", "deal 3 damage", "heal 1"]),
    attacks=st.lists(st.integers(1, 9), max_size=3).map(tuple),
    exhausts=st.booleans(),
    combo=st.dictionaries(st.sampled_from(["3", "6"]), st.sampled_from(["deal 8 damage", "prevent 2"]), max_size=2),
    levels=st.dictionaries(st.sampled_from(["2", "3"]), _cost, max_size=2),
    adjust=st.none() | st.integers(1, 5),
    adjust_dice=st.none() | st.integers(1, 3),
    prevent=st.none() | st.integers(1, 5),
)
_face = st.builds(Face, top=st.none() | _ability, bottom=st.none() | _ability).filter(lambda f: f.top or f.bottom)
_card = st.builds(PowerCard, name=st.sampled_from(["Jab", "Fire Bolt", "Nail to the Eye"]),
                  character=st.none() | st.sampled_from(["Goz", "Luthia"]), top=st.none() | _ability,
                  bottom=st.none() | _ability, side=st.none() | st.sampled_from(["ground", "flight", "both"]),
                  ground=st.none() | _face, flight=st.none() | _face
                  ).filter(lambda c: c.top or c.bottom or c.character or c.side)


@settings(max_examples=examples(150), deadline=None)
@given(base=_card, over=_card)
def test_an_override_replaces_only_the_fields_it_gives(base, over):
    merged = merge_card(base, over)
    for half in ("top", "bottom"):
        b, o, m = getattr(base, half), getattr(over, half), getattr(merged, half)
        if o is None:
            assert m == b
            continue
        if b is None:
            assert m == o
            continue
        for field in ("cost", "effect", "attacks", "adjust", "adjust_dice", "prevent"):
            given_ = getattr(o, field) not in (None, "", ())
            assert getattr(m, field) == (getattr(o, field) if given_ else getattr(b, field)), field
        assert m.exhausts == (b.exhausts and o.exhausts)
        assert m.combo == {**b.combo, **o.combo} and m.levels == {**b.levels, **o.levels}
    assert merged.side == (over.side or base.side)
    for side in ("ground", "flight"):
        b, o, m = getattr(base, side), getattr(over, side), getattr(merged, side)
        if b is None or o is None:
            assert m == (o or b)
        else:
            for half in ("top", "bottom"):
                bh, oh, mh = getattr(b, half), getattr(o, half), getattr(m, half)
                assert mh == (oh or bh) if bh is None or oh is None else mh.cost == (oh.cost or bh.cost)


@settings(max_examples=examples(150), deadline=None)
@given(card=_card)
def test_a_card_play_reads_back_what_it_writes(card):
    state = table()
    read = E.plays.parse_move(format_card(card), state)
    assert read.card == card.model_copy(update={"source": "table"})


def test_duo_side_with_soraten_s_last_side_unrecorded_is_named():
    # the duo card fixes its side; Soraten's last ability's side is not known: unchecked, and named
    s = table(*ATTACK, 'card "Gale Pact" duo Soraten,Durhak side flight top "?"', "rename Dave 1 Gale Pact",
              'card Swoop top "?"', "rename Dave 2 Swoop", "roll Dave 1 2 3 4 5 6",
              players=("Dave", "Dur"), characters="Dave=Soraten,Dur=Durhak")
    s = play(s, "use Dave 2 top with 1")   # Swoop's side is not recorded
    v = verdict(s, "use Dave 1 top with 2")
    assert v.legal and "whether Gale Pact (Flight) alternates with it is not judged" in texts(v.unchecked)


def test_a_situation_card_whose_level_cost_does_not_read_is_refused_naming_the_field():
    import pytest
    from engine.base import SituationError

    situation = {"characters_started": 1, "morale": 10, "morale_start": 10,
                 "cards": [{"name": "Jab", "top": {"cost": "AA", "levels": {"2": "Q"}}}],
                 "players": [{"name": "Ann", "powers": [{"name": "Jab", "level": 2}]}]}
    with pytest.raises(SituationError, match=r"cards\.0\.top\.levels.*'Q' does not read"):
        E.load_state(situation, "table.toml")
    situation["cards"][0]["top"]["levels"] = {"4": "AA"}
    with pytest.raises(SituationError, match=r"Level '4'"):
        E.load_state(situation, "table.toml")
    situation["cards"][0]["top"] = {"cost": "A 3"}   # once read only when the power was used
    with pytest.raises(SituationError, match=r"cards\.0\.top\.cost.*'A' does not read"):
        E.load_state(situation, "table.toml")


# ------------------------------------------------------------------ damage prevention is applied

SHIELD = [*ATTACK, 'card Bulwark top "6" prevent 2', "rename Ben 1 Bulwark", "roll Ben 6 1 1 2 3 4"]


def test_prevention_lowers_what_the_enemy_attack_asks_that_round():
    s = play(table(*SHIELD), "use Ben 1 top with 6")
    assert s.prevention == 2
    s = play(play(s, "combat enemy"), "attack party 5")
    whole = verdict(s, "assign Ann 3 Ben 2")
    assert whole.legal and not [e for e in whole.effects if e.kind == "prevented"]
    less = verdict(s, "assign Ann 3")
    assert less.legal
    assert [(e.kind, e.amount) for e in less.effects if e.kind == "prevented"] == [("prevented", 2)]
    assert "whose damage a power's prevention covers" in texts(less.unchecked)
    short = verdict(s, "assign Ann 2")
    assert not short.legal
    assert "less up to 2 the party's powers prevent this round" in texts(short.reasons)
    after = play(s, "assign Ann 3")
    assert after.prevention == 0 and after.players[0].damage_due == 3


def test_prevention_not_spent_stays_for_a_second_attack_of_the_round():
    s = play(table(*SHIELD), "use Ben 1 top with 6")
    s = play(play(s, "combat enemy"), "attack party 4")
    s = play(s, "assign Ann 3")  # 1 of the 2 prevented
    assert s.prevention == 1
    s = play(play(s, "damage Ann exhaust 2 exhaust 3 exhaust 4"), "attack player 3")
    assert verdict(s, "assign Ann 2").legal
    assert not verdict(s, "assign Ann 1").legal


def test_prevention_ends_with_the_round():
    s = play(table(*SHIELD), "use Ben 1 top with 6")
    s = play(play(s, "combat enemy"), "combat refresh")
    s = play(s, "combat round")
    assert s.prevention == 0
    s = play(play(s, "combat attack"), "combat enemy")
    s = play(s, "attack party 5")
    assert not verdict(s, "assign Ann 3").legal


def test_moves_offer_the_sharings_prevention_allows():
    s = play(table(*SHIELD), "use Ben 1 top with 6")
    s = play(play(s, "combat enemy"), "attack player 3")
    from engine.catharsis.notation import format_play
    from engine.catharsis.rules import legal_moves
    offered = {format_play(m) for m in legal_moves(s)}
    assert offered == {"assign Ann 3", "assign Ben 3", "assign Ann 2", "assign Ben 2", "assign Ann 1", "assign Ben 1"}
    assert all(verdict(s, m).legal for m in offered)


def test_whole_attack_prevented_is_cleared_by_a_zero_share():
    s = table(*ATTACK, 'card Wall top "6" prevent 3', "rename Ben 1 Wall", "roll Ben 6 1 1 2 3 4")
    s = play(play(play(s, "use Ben 1 top with 6"), "combat enemy"), "attack party 3")
    from engine.catharsis.rules import legal_moves
    assert any(m.shares == (("Ann", 0),) for m in legal_moves(s))
    s = play(s, "assign Ann 0")
    assert s.attack is None and s.prevention == 0


def test_goz_combo_top_prevents_at_the_start_of_the_round():
    # the Goz example: with Combo on it, Nail to the Eye's top fires at the start of round two and prevents 1
    s = table(*ATTACK, "rename Gia 1 Nail to the Eye", "combo Gia 1 +1", players=("Gia",), characters="Gia=Goz")
    s = play(play(s, "combat enemy"), "combat refresh")
    s = play(s, "combat round")
    assert s.prevention == 1
    s = play(play(s, "combat attack"), "combat enemy")
    s = play(s, "attack party 3")
    assert verdict(s, "assign Gia 2").legal
    assert not verdict(s, "assign Gia 1").legal


def test_a_goz_top_used_places_a_combo_and_prevents_nothing_yet():
    s = table(*ATTACK, 'card "Nail to the Eye" top "6"', "rename Gia 1 Nail to the Eye", "roll Gia 6 1 1 2 3 4",
              players=("Gia",), characters="Gia=Goz")
    assert play(s, "use Gia 1 top with 6").prevention == 0


def test_the_tracker_use_of_a_preventing_power_counts_too():
    s = table(*ATTACK, 'card Bulwark top "6" prevent 2', "rename Ben 1 Bulwark")
    change = TRACKER.parse(s, ["use", "Ben", "1", "top"])
    assert TRACKER.check(s, change).legal
    after, effects = TRACKER.apply(s, change)
    assert after.prevention == 2 and [e.amount for e in effects if e.kind == "prevent"] == [2]


def test_damage_outside_an_attack_says_prevention_is_the_table_s_to_judge():
    s = play(table(*SHIELD), "use Ben 1 top with 6")
    v = verdict(s, "damage Ann exhaust 2")
    assert v.legal and "2 damage prevention left this round" in texts(v.unchecked)
    assert "prevention" not in texts(verdict(table(*ATTACK), "damage Ann exhaust 2").unchecked)
