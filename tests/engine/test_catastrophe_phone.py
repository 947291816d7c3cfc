"""CATastrophe as a phone shows it: the Paw Phase headline says what the phase did (3 cards drawn,
turn.paw-phase.draw-three), never a count the rulebook does not give."""
from __future__ import annotations

from engine import get_tracker
from engine.catastrophe.model import State
from engine.catastrophe.track import new_state
from trackers.phone import phone_view
from trackers.secrets import public_summary


def test_paw_phase_headline_says_three_cards_were_drawn():
    tracker = get_tracker("catastrophe")
    state = new_state(["Abi", "Betty"], {})
    state, _ = tracker.apply(state, tracker.parse(state, ["next-phase"]))
    assert isinstance(state, State) and state.phase == "paw" and state.players[0].hand == 7
    view = phone_view("catastrophe", public_summary(tracker, "catastrophe", state), "Abi", "Abi", False)
    assert "3 cards drawn" in view["headline"] and "a card" not in view["headline"]


def _table_after(tmp_path, *plays):
    from trackers.sessions import Sessions
    from trackers.table_view import TableView

    with Sessions(tmp_path, create=True) as store:
        store.new("catastrophe", ["Abi", "Betty", "Chris"], "g")
        for text in plays:
            store.play(text, "g")
    return TableView(tmp_path, "g")


def test_a_cat_who_may_react_on_anothers_turn_is_told_so_not_that_it_is_not_their_turn(tmp_path):
    """Hands not recorded: a Reaction may be played on another cat's turn (the rulebook's Reaction
    cards), so Betty's page says she may react and her hand is what is missing, not whose turn it is;
    her Power Cats, face up, are listed beside it."""
    view = _table_after(tmp_path, "Abi play Attack 4 at Betty")
    try:
        doc, _ = view.plays("Chris")
        assert doc["moves"] == ["Chris play Power Cat"]
        assert "Chris may react now" in doc["note"] and "hand is not recorded" in doc["note"]
        assert "not Chris's" not in doc["note"] and "catastrophe.main-deck.reactions-catfinity" in doc["note"]
    finally:
        view.close()


def test_with_nothing_to_react_to_it_is_simply_another_cats_turn(tmp_path):
    view = _table_after(tmp_path)
    try:
        assert view.plays("Betty")[0]["note"] == "it is Abi's turn, not Betty's"
    finally:
        view.close()


def test_the_log_says_a_play_once_with_who_made_it(tmp_path):
    """`Chris play Cucumber` is told `Chris: play Cucumber`, never `Chris: play Chris play Cucumber`."""
    view = _table_after(tmp_path, "Abi play Attack 4 at Betty", "Chris play Cucumber")
    try:
        log = view.table(None)["log"]
        assert [(e["by"], e["said"]) for e in log] == [("Abi", "play Attack 4 at Betty"), ("Chris", "play Cucumber")]
    finally:
        view.close()


def test_a_cat_waiting_on_a_yarn_ball_or_resolve_is_told_so_in_a_sentence(tmp_path):
    """After Betty's failed roll, who may act is a sentence (the Yarn Ball holders, or `resolve`), not a
    name: Chris, with no Yarn Ball and no Power Cat, is told he waits on it, never "it is Betty (...)'s
    turn", on his page and in `moves --by` (engine/listing.py plays_for)."""
    from engine import get_engine
    from engine.listing import plays_for

    view = _table_after(tmp_path, "Abi play Attack 4 at Betty", "Betty roll 2")
    for change in (["yarn", "abi", "-3"], ["yarn", "chris", "-3"], ["power-cats", "chris", "-2"]):
        view.store.record(change, "g")
    try:
        view.look()
        acting = "Betty (a Yarn Ball makes Betty roll again: `NAME yarn`), or `resolve` (Attack 4 takes effect)"
        assert get_engine("catastrophe").turns.acting(view.state) == acting
        page = get_engine("catastrophe").turns.acting(view.state, page=True)  # in words on a page
        said = [(view.plays("Chris")[0]["note"], page), (plays_for(get_engine("catastrophe"), view.state, "Chris")[1], acting)]
        for note, waiting in said:
            assert note == f"not Chris's turn now: waiting for {waiting}", note
            assert "'s turn, not" not in note and ")'s" not in note
        assert view.plays("Chris")[0]["moves"] == []
    finally:
        view.close()


def test_the_page_says_the_wait_on_a_yarn_ball_in_words_not_notation(tmp_path):
    """On a page (the picker's note, the table's `acting` behind "You may act:" / "To act:") who may
    act after Betty's failed roll is said in words, as other page notes are (Views.page_note): no
    `NAME yarn`, no `resolve` typed; the terminal's `moves --by` keeps the notation."""
    from engine import get_engine
    from engine.listing import plays_for

    view = _table_after(tmp_path, "Abi play Attack 4 at Betty", "Betty roll 2")
    for change in (["yarn", "abi", "-3"], ["yarn", "chris", "-3"], ["power-cats", "chris", "-2"]):
        view.store.record(change, "g")
    try:
        view.look()
        note = view.plays("Chris")[0]["note"]
        table = view.table("Betty")
        for said in (note, table["acting"]):
            assert "`" not in said and "NAME" not in said and "yarn`" not in said, said
            assert "Betty" in said and "Yarn Ball" in said and "Attack 4" in said, said
        assert note.startswith("not Chris's turn now: waiting for Betty"), note
        assert table["your_turn"] and not view.table("Chris")["your_turn"]
        terminal = plays_for(get_engine("catastrophe"), view.state, "Chris")[1]
        assert "`NAME yarn`" in terminal and "`resolve`" in terminal, terminal
    finally:
        view.close()
