"""The phone page's oracle, its CI share (tests/phone_oracle.py; the long run is
benchmarks/phone_oracle.py): one short generated game per game, every page built after each step for
the host and every player: nothing raises, every play a page offers is legal for its player, and no
page shows another player's hidden hand."""
from __future__ import annotations

import pytest

from tests import phone_oracle as oracle

STEPS = 12


@pytest.mark.parametrize("game", oracle.GAMES)
def test_every_page_of_a_short_generated_game_holds(game):
    """Seed 1 is odd: Theseus's second player's Hand is a count, a Catopomp round is told unrecorded."""
    figures = oracle.run(game, seed=1, most=STEPS)
    assert figures.steps >= 8 and figures.views >= figures.steps * 3
    assert not figures.problems, "\n".join(p.report() for p in figures.problems[:3])


def test_the_hidden_hands_are_hidden_in_the_short_games():
    """The short games do hide hands: a Theseus Hand known as a count (the Board Refill's taps of
    commit 9148940 failed there) and Catopomp hands the table holds as counts or secrets."""
    assert oracle.run("theseus", seed=1, most=3).hidden == {"Ben"}
    assert oracle.run("catopomp", seed=1, most=3).hidden


def test_the_oracle_sees_a_page_that_shows_another_players_hand(monkeypatch):
    """The oracle can fail: a player's page that shows every recorded hand is caught."""
    import trackers.secrets

    shown = trackers.secrets.public_summary
    monkeypatch.setattr(trackers.secrets, "public_summary",
                        lambda tracker, game, state, reveal=frozenset(): shown(tracker, game, state,
                                                                               frozenset(p.name for p in state.players)))
    figures = oracle.run("catopomp", seed=2, most=6)
    assert any(p.check == "secret" and p.viewer is not None for p in figures.problems)
    assert any(p.check == "secret" and p.viewer is None for p in figures.problems)


def test_the_oracle_sees_a_page_that_offers_another_players_plays(monkeypatch):
    """The oracle can fail: a page that offers every listed play to every player, whoever is to act."""
    import engine.listing

    def everyones(engine, state, player, page=False, aside=None):
        found, left = engine_listing_listed(engine, state)
        return [engine.plays.format_move(m) for m in found], left

    engine_listing_listed = engine.listing.listed
    monkeypatch.setattr(engine.listing, "plays_for", everyones)
    figures = oracle.run("theseus", seed=2, most=3)
    assert any(p.check == "offered" and "refuses" in p.message for p in figures.problems)
