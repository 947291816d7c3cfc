"""The served pages speak the table's own players and the page's own controls: the change box's example
names a player at this table (the page's own player first; the public page's, the first seat), never
the usage examples' Ann or Ben, and a set-up still to enter is said in the players' words with where on
the page to enter it, not as a terminal command (trackers/table_view.py)."""
from __future__ import annotations

import re
import shlex

import pytest

from engine import GAMES

PLAYERS = ["Zed", "Yan"]
OPTIONS = {"catharsis": {"morale": "18"}}


def _view(home, game: str, name: str = "g"):
    from trackers.sessions import Sessions
    from trackers.table_view import TableView

    with Sessions(home / "data") as store:
        store.new(game, PLAYERS, name=name, options=OPTIONS.get(game, {}))
    return TableView(home / "data", name, allow_plays=True)


@pytest.mark.parametrize("game", GAMES)
def test_the_change_example_names_this_tables_players_and_this_table_takes_it(home, game):
    from trackers.sessions import Sessions

    view = _view(home, game)
    try:
        examples = {viewer: view.table(viewer)["change_example"] for viewer in (None, *PLAYERS)}
    finally:
        view.close()
    for n, (viewer, example) in enumerate(examples.items()):
        words = shlex.split(example)  # as the server reads the change box
        named = re.findall(r"\b(ann|ben|cy|zed|yan)\b", example.lower())
        assert set(named) <= {"zed", "yan"}, (viewer, example)
        if named:  # the page's own player (the public page: the first seat)
            assert named[0] == (viewer or PLAYERS[0]).lower(), (viewer, example)
        with Sessions(home / "data") as store:  # a change this table records as typed (overruled if refused)
            store.new(game, PLAYERS, name=f"t{n}", options=OPTIONS.get(game, {}))
            store.record(words, f"t{n}", overrule=True)


def test_the_catopomp_set_up_note_names_the_page_control_and_no_terminal_command(home):
    view = _view(home, "catopomp")
    try:
        doc, _ = view.plays("Yan")
    finally:
        view.close()
    note = doc["note"]
    assert doc["moves"] == [] and "set-up" in note and "centre dice" in note, note
    assert "Type a play or a change" in note  # the page's own control, as index.html names it
    assert not re.search(r"`|\bNAME\b|dice 1 2 3", note), note
    assert re.search(r"\[catopomp\.setup\.[a-z-]+\]", note), note  # its rule, a link on the page


def test_the_catharsis_picker_note_says_the_combat_step_in_words_not_as_a_tracker_command(home):
    """Catharsis's whole game: whenever no ability can be used (no combat, or a combat round before or
    past its Player Attack Phase), each page's picker note says so in the rulebook's words; a tracker
    command (`combat attack`) appears only as a `companion ...` command, which the page leaves out."""
    from tests.serve_games import apply, commands
    from trackers.sessions import Sessions
    from trackers.table_view import TableView

    notes = set()
    for command in commands("catharsis"):
        with Sessions(home / "data", create=True) as store:
            apply(store, command)
        view = TableView(home / "data", "g", allow_plays=True)
        try:
            notes |= {view.plays(p)[0]["note"] or "" for p in view.session.players}
        finally:
            view.close()
    said = [re.sub(r"`companion [^`]*`", "", n) for n in notes if "Player Attack Phase" in n]
    assert said and any("Enemy Attack Phase" in n for n in said), notes
    assert not [n for n in said if re.search(r"\bcombat (attack|start|enemy|refresh|round|end)\b", n)], said


#: play notation a terminal's `moves` note shows, which a page says in words instead
NOTATION = re.compile(r"`|\b(roll|reroll|use) (Ann|Ben)\b|\bDICE\b|\bN top\b|\benemy damage N\b")


def test_the_catharsis_picker_note_says_what_to_enter_in_words_and_the_terminal_keeps_the_notation(home):
    """A Player Attack Phase where Ann's ability dealt damage while two Enemies stand (held until the
    table names one), Ann may reroll, her other powers' cards are unknown and Ben has not rolled: the
    page's picker note says each in words with the page's own control, never the play as typed;
    `moves` on a terminal still shows the play."""
    from engine.listing import plays_for
    from tests.serve_games import apply
    from trackers.sessions import Sessions
    from trackers.table_view import TableView

    with Sessions(home / "data", create=True) as store:
        for command in ["track new catharsis --players Ann,Ben --option morale=18", "track next-card monster",
                        "track enemy Rat 3/4/5/6/7", "track enemy Bat 3/4/5/6/7", "track combat start",
                        "track combat attack", """play 'card Zap top "1" attacks 4'""", 'play "rename Ann 1 Zap"',
                        'play "roll Ann 1 2 3 4 5 6"', 'play "use Ann 1 top with 1"']:
            apply(store, command)
    view = TableView(home / "data", "g", allow_plays=True)
    try:
        page = {p: (view.plays(p)[0]["note"] or "").splitlines() for p in view.session.players}
        terminal = (plays_for(view.engine, view.state, "Ann")[1] or "").splitlines()
    finally:
        view.close()
    assert page["Ann"] == page["Ben"], page  # the whole table's, on each page
    kinds = ("damage the party's abilities dealt is held", "Ann may reroll", "unchecked: Ann's", "Ben has not rolled")
    for kind in kinds:
        said = [n for n in page["Ann"] if kind in n]
        assert said and all("Type a play or a change" in n and not NOTATION.search(n) for n in said), (kind, page)
        assert [n for n in terminal if kind in n and NOTATION.search(n)], (kind, terminal)
