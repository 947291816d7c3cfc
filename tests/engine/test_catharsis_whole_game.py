"""Catharsis, found playing whole games through a session (refcath4): the verdicts of `play`, `moves`
and `status` agree on one table. Each test names the rulebook passage it follows."""
from __future__ import annotations

from tests.engine.catharsis_table import E, TRACKER, play, table

FIGHT = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"]
THRESHOLD = {"thresholds": "17:everyone takes 2 damage"}


def problems(state) -> list[str]:
    return [r.message for r in TRACKER.declaration.status(state)]


def listed(state) -> list[str]:
    return [E.plays.format_move(m) for m in E.plays.legal_moves(state)]


# Morale: a tier's effect happens when Morale first reaches it, after the refresh that spent the point.
# The debt it leaves is new where it arose, so the table has not moved on past it.

def test_a_threshold_reached_by_a_refresh_in_the_refresh_phase_is_owed_not_impossible():
    s = table(*FIGHT, "combat enemy", "combat refresh", **THRESHOLD)
    s = play(s, "refresh")
    assert s.players[0].damage_due == 2
    assert problems(s) == []


def test_a_threshold_reached_during_a_trap_is_owed_not_impossible():
    s = table("next-card trap", **THRESHOLD)
    s = play(s, "morale -1")
    assert s.players[0].damage_due == 2
    assert problems(s) == []


def test_a_threshold_reached_at_the_start_of_a_round_is_owed_not_impossible():
    s = table(*FIGHT, "combat enemy", "combat refresh", "combat end-round", "combat round", **THRESHOLD)
    s = play(s, "refresh")
    assert problems(s) == []


def test_an_attack_share_carried_past_the_enemy_attack_phase_is_still_impossible():
    # guard: the Refresh Phase comes after the Enemy has attacked; its shares are dealt first
    s = table(*FIGHT, "combat enemy", "attack party 4", "assign Ann 4")
    moved = E.plays.apply(s, E.plays.parse_move("combat refresh", s), overruled=True)
    assert any("Ann still owes 4" in m for m in problems(moved))


# Specials: the main rules forbid powers only while a Trap or Event is revealed, and the companion
# judges a use while a Special is revealed by them (said unchecked); `moves` lists what `play` accepts.

SPECIAL = ["next-card special", 'card Jab top "AA" attacks 2', "rename Ann 1 Jab", "roll Ann 2 2 3 4 5 6"]


def test_moves_lists_a_use_play_accepts_while_a_special_is_revealed():
    s = table(*SPECIAL, players=("Ann",))
    assert E.check(s, E.plays.parse_move("use Ann 1 top with 2 2", s)).legal
    assert "use Ann 1 top with 2 2" in listed(s)
    assert all(E.check(s, E.plays.parse_move(text, s)).legal for text in listed(s))
    assert "no combat is on now" not in (E.views.moves_note(s) or "")


def test_moves_lists_nothing_while_a_trap_is_revealed():
    # guard: no powers while a Trap or Event is revealed
    s = table("next-card trap", 'card Jab top "AA" attacks 2', "rename Ann 1 Jab", players=("Ann",))
    assert listed(s) == []


# A table that plays through a session takes a play back with the session's own command, which the
# refusal of `play undo` names (was: "nearest: burn").

def test_play_undo_names_the_session_command():
    import pytest
    from engine.errors import MoveSyntaxError

    for word in ("undo", "redo"):
        with pytest.raises(MoveSyntaxError) as refused:
            E.plays.parse_move(word, table())
        assert f"companion track {word}" in str(refused.value) and "burn" not in str(refused.value)
    with pytest.raises(MoveSyntaxError) as refused:   # guard: a misspelt verb still gets its nearest
        E.plays.parse_move("refrsh", table())
    assert "refresh" in str(refused.value)


# Morale and Step 4: the refresh window lasts until the players roll for the new round. The Player
# Attack Phase's line must not call the window closed while a refresh is still accepted (no roll typed).

ROUND_TWO = [*FIGHT, "combat enemy", "combat refresh", "combat end-round", "combat round"]


def test_the_player_attack_line_agrees_with_the_refresh_verdict():
    s = table(*ROUND_TWO)
    said = " ".join(e.message for e in E.check(s, E.plays.parse_move("combat attack", s)).effects)
    s = play(s, "combat attack")
    assert E.check(s, E.plays.parse_move("refresh", s)).legal
    assert "window is closed" not in said and "roll" in said
    s = play(s, "roll Ann 1 2 3 4 5 6")   # guard: once someone rolls, it is too late
    v = E.check(s, E.plays.parse_move("refresh", s))
    assert not v.legal and "catharsis.morale.refresh-too-late" in {r.rule for r in v.reasons}


# Enemy Attack Phase: the shares are judged player by player; a character's own damage rules (Tsuna's
# Thralls, Soraten's sides) are said for the players who take some of the attack, not for the whole party.

def test_own_damage_rules_are_said_only_for_players_taking_damage():
    s = table(*FIGHT, "combat enemy", "attack party 2", players=("Ann", "Eve"), characters="Ann=Calyxia,Eve=Tsuna")
    said = lambda text: [r.rule for r in E.check(s, E.plays.parse_move(text, s)).unchecked]
    assert "catharsis.characters.tsuna.thrall-damage" not in said("assign Ann 2")
    assert "catharsis.characters.tsuna.thrall-damage" in said("assign Eve 2")    # guard


# Glossary, Adjust die/dice: an ability selects its number of dice and changes each by its number. With
# a die of that value not adjusted yet, `adjust` takes it, not one the same ability already moved.

def test_an_adjustment_takes_a_die_not_adjusted_yet():
    s = table(*FIGHT, 'card Gadget top "6" adjust 1 adjust-dice 2', "rename Ann 1 Gadget",
              "roll Ann 6 1 1 1 1 1", "roll Ben 1 2 3 4 5 6", "use Ann 1 top with 6", "adjust Ben 2 +1 by Ann 1 top")
    v = E.check(s, E.plays.parse_move("adjust Ben 3 +1 by Ann 1 top", s))
    assert v.legal and not [e for e in v.effects if e.kind == "stacked"]
    s = play(s, "adjust Ben 3 +1 by Ann 1 top")
    assert sorted(d.adjusted for d in s.players[1].dice) == [0, 0, 0, 0, 1, 1]
    # guard: where the only die of that value was adjusted already, the adjustments stack
    s = table(*FIGHT, "roll Ben 1 2 4 4 5 6", "adjust Ben 2 +1 by Ann")
    s = play(s, "adjust Ben 3 +1 by Ann")
    assert sorted(d.adjusted for d in s.players[1].dice) == [0, 0, 0, 0, 0, 2]
