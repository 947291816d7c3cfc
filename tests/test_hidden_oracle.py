"""The hidden-information oracle's CI share (tests/hidden_oracle.py; the full run is
benchmarks/hidden_oracle.py): what any viewer is shown does not change when what they cannot see is
dealt again, on positions of seeded walks and on the issue's Catopomp session."""
from __future__ import annotations

import random

import pytest

from tests import hidden_oracle as oracle


@pytest.mark.parametrize("game", oracle.WALKED)
def test_no_viewer_is_shown_what_they_cannot_see(game):
    done = oracle.run(game, seeds=range(2), steps=12, every=4)
    assert done.positions >= 6
    assert not done.differences, "\n".join(map(str, done.differences[:3]))


NAMED = tuple(game for game, secrets in oracle.SECRETS.items() if isinstance(secrets, oracle.NamedHands))


@pytest.mark.parametrize("game", NAMED)
def test_a_game_of_named_hands_is_walked_on_its_generated_games_with_hands_named(game):
    """Its positions come from the first steps of a generated game after the table's set-up (each
    reached by the step from the one before), and on many of them a player's hand is named."""
    secrets = oracle.SECRETS[game]
    assert game in oracle.WALKED
    positions = secrets.walk(1, 12)
    assert [where for where, _ in positions] == [f"seed 1 step {k}" for k in range(13)]
    named = [state for _, state in positions if any(getattr(p, secrets.field) for p in state.players)]
    assert len(named) >= 6
    assert len({oracle._text(state.model_dump(mode="json")) for _, state in positions}) == 13


@pytest.mark.parametrize("game", oracle.GAMES)
def test_the_scenario_tables_with_secrets_show_nothing_secret(game):
    """A share of the game's scenario tables that hold a secret (every one in the benchmark)."""
    positions = oracle.scenario_positions(game)
    assert positions
    rng = random.Random(43)
    found = []
    for where, state in positions[::max(1, len(positions) // 5)]:
        found += oracle.examine(game, state, rng, where, redeals=1)
    assert not found, "\n".join(map(str, found[:3]))


def test_the_oracle_sees_a_shared_screen_that_shows_a_secret(monkeypatch):
    """The oracle can fail: a shared screen that shows the recorded hands is caught at once."""
    shared = oracle.shared

    def leaking(game, state):
        return {**shared(game, state), "leak": oracle._text(game.tracker.declaration.verbs.summary(state))}

    monkeypatch.setattr(oracle, "shared", leaking)
    from engine.catopomp.rules_state import setup

    state = setup(["Ann", "Ben", "Cy"], None, random.Random(1))  # every hand recorded
    found = oracle.examine("catopomp", state, random.Random(0), "leak", plays={})
    assert any(d.what == "leak" and d.viewer is None for d in found)


ISSUE = [("track", "new", "catopomp", "--players", "Ann,Ben,Cy"), ("track", "first", "cy"),
         ("track", "dice", "1", "2", "3", "4", "5", "6")]
HANDS = ("1 2 3 4 5 6 9 9 9 9", "1 2 3 4 5 6 7 7 8 8", "1 1 2 2 3 3 9 7 8 8")
AFTER = [("play", "--by", "ben", "heaven 3 then hell 1"), ("check", "heaven 9 then hell 1"), ("moves",),
         ("play", "--by", "cy", "heaven 9 then hell 1"), ("play", "--by", "ben", "pass"),
         ("play", "--by", "cy", "pass")]


def test_the_issues_session_shows_the_same_whatever_anns_secret_hand(cli, tmp_path, monkeypatch):
    """The issue's table, Ann's recorded hand dealt three ways: every command's output, `track show`,
    `log`, `situation`, `status`, the public page and stream, and Ben's and Cy's pages stay the same."""
    shown = []
    for i, hand in enumerate(HANDS):
        monkeypatch.setenv("COMPANION_HOME", str(tmp_path / f"home{i}"))
        words = [*ISSUE, ("track", "hand", "ann", *hand.split()), *AFTER]
        out = oracle.session_outputs(cli, words, (None, "Ben", "Cy", "Ann"))
        out.pop(f"{len(ISSUE)} track hand ann {hand}")  # Ann typed her own cards
        shown.append(out)
    for what in shown[0]:
        if what == "page Ann" or what == "stream Ann":
            assert shown[0][what] != shown[1][what]  # her own page shows her hand
            continue
        assert shown[0][what] == shown[1][what] == shown[2][what], what


def test_a_session_walk_shows_the_same_whatever_the_recorded_hands(cli, tmp_path, monkeypatch):
    """A round told to a session (plays from hands the table cannot see), then some players record
    their hands: dealt again, every later answer, view, page and stream stays the same."""
    def home_of(i):
        monkeypatch.setenv("COMPANION_HOME", str(tmp_path / f"walk{i}"))

    found = oracle.examine_session(cli, home_of, seed=4, steps=8, redeals=1)
    assert not found, "\n".join(map(str, found[:2]))


ARCADE_HANDS = ("Brute, Brute, Brute, Brute, Brute", "Zap, Brute", "Frob")  # no Response, one, a card undescribed


def test_arcade_decline_all_stops_by_what_the_table_sees():
    """Cataclysm Arcade `decline all`, said at the shared screen, stops at a player who could respond:
    where it stops and the words why must not tell the table what a named hand holds (a hand is
    secret; coins, a hand's size and the characters in play are not). Ben's and Cy's hands named
    three ways: every viewer is shown the same."""
    from tests.engine.cataclysm_arcade_table import arcade_table

    game = oracle.get_game("cataclysm-arcade")
    plays = {None: ["decline all"], "Ben": ["decline all"]}
    seen = []
    for ben in ARCADE_HANDS:
        for cy in ARCADE_HANDS:
            state = arcade_table("track card Zap response cost=1", "track card Brute fighter health=3 attack=2",
                                 f"track hand ben {ben}", f"track hand cy {cy}", "play fighter Grunt",
                                 players=("Ann", "Ben", "Cy"))
            seen.append({viewer: oracle.shown(game, state, viewer, plays) for viewer in (None, "Ann")})
    for viewer in (None, "Ann"):
        for what, text in seen[0][viewer].items():
            assert all(s[viewer][what] == text for s in seen), (viewer, what, [s[viewer][what][:300] for s in seen])
