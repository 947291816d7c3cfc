"""CATastrophe: a turn ends after its CATastrophe card is revealed (the CATastrophe Phase). A table
that keeps only counters never records the reveal, so its `next` goes on; once the session has
recorded a play, the tracker's `next` and `next-phase` refuse an unrevealed turn as `end` does."""
from __future__ import annotations

PLAYERS = "Abi,Betty,Chris"


def _to_catastrophe_phase(cli, by_play: bool) -> None:
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    if by_play:
        assert cli("play", "Abi draw").exit_code == 0
    else:
        assert cli("track", "next-phase").exit_code == 0
    assert cli("track", "next-phase").exit_code == 0
    assert cli.json("track", "show")["state"]["phase"] == "catastrophe"


def test_a_table_of_counters_ends_the_turn_without_a_reveal(cli, home):
    _to_catastrophe_phase(cli, by_play=False)
    assert cli("track", "next").exit_code == 0
    assert cli.json("track", "show")["state"]["current"] == "Betty"


def test_a_table_of_counters_moves_on_by_next_phase_too(cli, home):
    _to_catastrophe_phase(cli, by_play=False)
    assert cli("track", "next-phase").exit_code == 0
    assert cli.json("track", "show")["state"]["current"] == "Betty"


def test_a_table_that_records_plays_refuses_next_before_the_reveal(cli, home):
    _to_catastrophe_phase(cli, by_play=True)
    before = cli.json("track", "log")
    for verb in ("next", "next-phase"):
        result = cli("track", verb)
        assert result.exit_code == 1, result.output  # a rule refusal, as the play `end` is (exit 1)
        lines = [x for x in result.stderr.splitlines() if x.strip()]
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert "catastrophe.turn.catastrophe-phase.last-phase" in lines[0]
        assert "CATastrophe card" in lines[0] and 'companion play "Abi reveal' in lines[0], lines[0]
    assert cli.json("track", "log") == before
    # the play checker agrees
    assert cli("check", "Abi end").exit_code == 1


def test_after_the_reveal_the_tracker_ends_the_turn(cli, home):
    _to_catastrophe_phase(cli, by_play=True)
    assert cli("play", "Abi reveal CATastrophic Event").exit_code == 0
    assert cli("play", "resolve").exit_code == 0
    assert cli("track", "next").exit_code == 0
    state = cli.json("track", "show")["state"]
    assert state["current"] == "Betty" and state["phase"] == "claw"
    # the next turn asks for its own reveal
    assert cli("track", "next-phase").exit_code == 0
    assert cli("track", "next-phase").exit_code == 0
    assert cli("track", "next").exit_code == 1


def test_the_table_may_overrule_the_missing_reveal(cli, home):
    _to_catastrophe_phase(cli, by_play=True)
    result = cli("track", "next", "--overrule")
    assert result.exit_code == 0, result.output
    assert cli.json("track", "show")["state"]["current"] == "Betty"


def test_a_cat_out_on_its_own_turn_passes_the_turn_unrevealed(cli, home):
    _to_catastrophe_phase(cli, by_play=True)
    assert cli("track", "lives", "abi", "-9").exit_code == 0
    assert cli("track", "next").exit_code == 0
    assert cli.json("track", "show")["state"]["current"] == "Betty"
