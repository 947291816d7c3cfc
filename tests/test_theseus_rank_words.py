"""Party of the Theseus: the one line after a Rank advance. The summary's `deck` is the active Rank's
deck, so at an advance it names another deck: its count is said as that Rank's (`Rank 6 deck 8`), never
as a change of one deck (`deck unknown→8`, `deck 0→8`); a deck counted for the first time is said as
its count (`deck 10`), not as a change from `unknown`."""
from __future__ import annotations


def _said(result) -> str:
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def _new(cli) -> None:
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0


def test_an_advance_says_the_new_rank_s_deck_as_its_own(cli, home):
    _new(cli)
    for args in (("deck", "6", "8"), ("rank", "5")):
        assert cli("track", *args).exit_code == 0
    text = _said(cli("track", "next-rank"))
    assert text.startswith("next-rank: rank 5→6, Rank 6 deck 8;"), text
    assert "→8" not in text and "unknown" not in text, text


def test_an_advance_from_a_counted_deck_is_not_said_as_the_deck_growing(cli, home):
    _new(cli)
    for args in (("deck", "2", "7"), ("deck", "1", "0")):
        assert cli("track", *args).exit_code == 0
    text = _said(cli("track", "next-rank"))
    assert "Rank 2 deck 7" in text and "0→7" not in text, text


def test_a_deck_counted_first_is_said_as_its_count(cli, home):
    _new(cli)
    text = _said(cli("track", "deck", "1", "10"))
    assert text.startswith("deck 1 10: deck 10"), text
    assert "unknown" not in text, text
    assert "deck 10→4" in _said(cli("track", "deck", "1", "4"))
