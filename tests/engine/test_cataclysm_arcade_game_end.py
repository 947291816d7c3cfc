"""Cataclysm Arcade at the end of a level and of the game: what the table shows and `moves` says
holds for a table where nobody may play a card."""
from __future__ import annotations

from engine.cataclysm_arcade import Engine, Tracker
from tests.engine.driver import Driver

T = Tracker()
E = Engine()
do = Driver(T).do


def new(players=("Ann", "Ben")):
    return T.declaration.verbs.new_state(list(players), {})


def test_nobody_holds_the_initiative_once_the_game_is_won():
    """Winning and Losing: a defeated player is out; the last Boss standing wins and the game ends,
    so the initiative stays with nobody, least of all the player who is out."""
    state, _ = do(new(), "boss", "ann", "10")
    assert state.initiative == "Ann"
    state, _ = do(state, "damage", "ann", "boss", "10")
    assert state.winner == "Ben" and state.player("Ann").out
    assert state.initiative is None
    assert E.views.position(state)["initiative"] is None


def test_moves_at_the_end_of_a_level_says_the_level_is_over_not_that_a_hand_is_unknown():
    """The level ends when everyone has passed; with the Line empty no card is played until the next
    level, so no hand's unnamed cards leave a play out of the list."""
    state, _ = do(new(), "pass", "ann")
    state, _ = do(state, "pass", "ben")
    assert state.level_over and state.player("Ann").hand_unknown
    note = E.views.moves_note(state)
    assert "not fully known" not in note
    assert "level 1 is over" in note and "next-level" in note


def test_moves_at_the_end_of_a_level_is_headed_with_what_the_table_does_next():
    """Turn Structure: once every player has passed a new level begins; no player has the initiative
    until then, so `moves` is headed with the table starting level 2, never with a player to act."""
    from companion.moves_view import moves_text

    state, _ = do(new(), "pass", "ann")
    state, _ = do(state, "pass", "ben")
    acting = E.turns.acting(state)
    assert acting is not None and "start level 2" in acting and "next-level" in acting, acting
    assert "next-level" not in E.turns.acting(state, page=True)  # a page says it in words
    doc = {"moves": ["next-level"], "to_act": E.turns.to_act(state), "acting": acting,
           "groups": [{"group": "next-level", "count": 1, "lines": ["next-level"]}]}
    head = moves_text(doc, None).splitlines()[0]
    assert head.startswith("To act: the table") and "Ann" not in head, head
    state, _ = do(state, "next-level")
    assert E.turns.acting(state) is None
