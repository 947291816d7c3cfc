"""Catharsis: `companion play` reads every tracker command itself, so a tracker command it refuses as
bad input is not answered with "did you mean: companion track" and the same words, which the tracker
refuses the same way (engine/nearest.py); a tracker command of another game's play is still pointed to."""
from __future__ import annotations


def test_a_tracker_command_play_refuses_is_not_sent_to_track_unchanged(cli, home):
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=8").exit_code == 0
    assert cli("play", "next-card monster").exit_code == 0
    said = cli("play", "enemy Imp 8/10")
    assert said.exit_code == 2, said.output
    assert "five values" in said.output and "companion track enemy Imp 8/10" not in said.output, said.output
    tracked = cli("track", "enemy", "Imp", "8/10")
    assert tracked.exit_code == 2 and "five values" in tracked.output, tracked.output


def test_a_tracker_command_typed_as_a_play_still_gets_its_track_line(cli, home):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    said = cli("play", "lives betty -2")
    assert said.exit_code == 2 and "companion track lives betty -2" in said.output, said.output
