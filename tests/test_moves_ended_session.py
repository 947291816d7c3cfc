"""A session the table ended (`track end`, an early end by agreement included: the rulebooks say what
ends a game, and a table may stop sooner) takes no more plays: `play` refuses one and the served page
names nobody to act. `moves` says the same, listing nothing, instead of the plays of a game still on."""
from __future__ import annotations

import pytest

SETUPS = {
    "theseus": ["--players", "Ann,Ben"],
    "catastrophe": ["--players", "Ann,Ben"],
    "cataclysm-arcade": ["--players", "Ann,Ben"],
}


@pytest.mark.parametrize("game", list(SETUPS))
def test_moves_on_an_ended_session_lists_no_play(cli, home, game):
    assert cli("track", "new", game, *SETUPS[game]).exit_code == 0
    name = f"{game}-1"
    assert cli.json("moves", "--session", name)["moves"], "a game on lists plays"
    assert cli("track", "end", name).exit_code == 0
    assert cli("play", "--session", name, "pass").exit_code == 2  # the session takes no more plays
    doc = cli.json("moves", "--session", name)
    assert doc["moves"] == [] and doc["to_act"] is None and doc["acting"] is None, doc
    assert doc["note"] == f"session {name!r} has ended (`track end`): it takes no more plays", doc
    shown = cli("moves", "--session", name)
    assert shown.exit_code == 0 and " ".join(shown.stdout.split()) == doc["note"], shown.output
    by = cli("moves", "--session", name, "--by", "ben")
    assert by.exit_code == 0 and " ".join(by.stdout.split()) == f"Ben: no play now {doc['note']}", by.output
    assert cli("moves", "--session", name, "--by", "zed").exit_code == 2  # still bad input
