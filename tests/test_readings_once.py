"""Issue 44, "the line the table reads": a reading (how the companion reads a point the rulebook leaves
open) is said the first time it decides something in a game, not every time it decides it again; the
notes that ask the table to act are said every time. One mechanism for every game (engine/readings.py,
through the one checked step), kept in the State, so a replayed log and an undo say them alike. And two
misreadings found at the table: Catopomp set-up dice typed as a play, a CATastrophe card typed where
the move belongs. Cheap: the checked step in-process, a few in-process commands."""
from __future__ import annotations

import re

import pytest

from engine import GAMES, get_engine, get_tracker
from engine.base import Game, step, step_logged
from engine.library import start_state
from tests.conftest import run_in_process
from tests.games import cases, game_data
from tests.table_cli import ok, table_env

#: a Catharsis fight through two whole rounds, as `track` commands (each one a logged change)
ROUNDS = ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start",
          *("combat attack", "combat enemy", "combat refresh", "combat end-of-round", "combat round") * 2)


def _game(game: str, players, options=None):
    tracker = get_tracker(game)
    return Game(tracker, get_engine(game)), start_state(tracker, players, options or {})


def _readings(stepped) -> list[str]:
    return [n.message for n in stepped.verdict.unchecked if n.message.startswith("reading: ")]


def _fight():
    """The Catharsis fight step by step: [(the change, the readings its verdict said)], the states."""
    game, state = _game("catharsis", ["Ann", "Ben"], {"morale": "10"})
    said, states = [], [state]
    for text in ROUNDS:
        stepped = step(game, state, text, kind="track")
        assert stepped.applied, (text, stepped.why)
        said.append((text, _readings(stepped)))
        state = stepped.state
        states.append(state)
    return game, said, states


def test_a_catharsis_round_order_reading_is_said_once_per_game():
    """Issue 44: repeated readings are said once per game. Catharsis reads the end of a round (End of
    Round after the Refresh Phase, as the numbered steps have it; the rulebook orders it differently
    elsewhere) and the next round's start: the first round's verdicts say both, the second round's
    neither, though they decide the same thing again."""
    _, said, _ = _fight()
    ends = [r for text, r in said if text == "combat end-of-round"]
    starts = [r for text, r in said if text == "combat round"]
    assert ends[0] and "End of Round comes after the Refresh Phase" in ends[0][0], said
    assert starts[0] and "every round opens with its start-of-round step" in starts[0][0], said
    assert ends[1] == [] and starts[1] == [], said


def test_a_replayed_log_and_an_undo_say_the_readings_as_the_table_heard_them():
    """The readings said are part of the table: the replay of the log (as every later command and a
    reopened session make it, unjudged) comes to the same memory as the steps made live, and a table
    taken back before a reading was first said says it again."""
    game, said, states = _fight()
    state = states[0]
    for text in ROUNDS:
        change = game.tracker.parse(state, text.split())
        state = step_logged(game, state, change.verb, change.args, checked=False).state
    assert state == states[-1] and len(state.readings_said) == 2
    before_first_end = states[ROUNDS.index("combat end-of-round")]  # undo back to the first refresh
    again = step(game, before_first_end, "combat end-of-round", kind="track")
    assert _readings(again) == said[ROUNDS.index("combat end-of-round")][1]


def test_a_cataclysm_arcade_reading_is_said_at_the_first_level_only():
    """Issue 44, in a second game through the same step: Cataclysm Arcade reads a turn as a whole level
    (coins once per level, the level rising when everyone has passed; the Overview says turns, Turn
    Structure levels). The first level's end says it; the next levels' ends do not."""
    game, state = _game("cataclysm-arcade", ["Ann", "Ben"])
    level_ends = []
    for _ in range(3):
        for _ in range(2):
            stepped = step(game, state, "pass")
            state = stepped.state
        level_ends.append(_readings(stepped))
    assert level_ends[0] and "a turn is a whole level" in level_ends[0][0], level_ends
    assert level_ends[1:] == [[], []], level_ends


def test_catopomp_set_up_dice_typed_as_a_play_say_how_to_record_them(home):
    """Catopomp Setup: every player rolls two dice into the centre, before anyone plays. `dice 1 2 3 4`
    typed as a play then is the table's roll, never a Heaven play with a Dice Boost: one line naming
    `companion track dice ...`, exit 2, nothing recorded."""
    env = table_env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben,Cy")
    done = run_in_process("play", "dice 1 2 3 4", env=env)
    assert done.returncode == 2 and "heaven" not in done.stderr, done.stderr
    assert "`companion track dice 1 2 3 4`" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "play" not in ok(env, "track", "log")


@pytest.mark.parametrize("game, case", cases("misplaced_card").items())  # tests/games/<game>.toml
def test_a_card_typed_where_the_move_belongs_names_the_play(home, game, case):
    """CATastrophe notation: a play names its maker, then its move (`Ann play Attack 4 at Ben`). A
    card typed first (`attack ben 4`, `ann attack ben 4`) gets that form in one line, never a
    suggestion made by dropping letters (`ttack`)."""
    env = table_env(home)
    ok(env, "track", "new", game, "--players", "Ann,Ben,Cy")
    card = case["card"]
    for typed in case["typed"]:
        done = run_in_process("play", typed, env=env)
        assert done.returncode == 2 and f"`{case['play']}`" in done.stderr, done.stderr
        assert card[1:] not in done.stderr.replace(card.capitalize(), "").replace(card, ""), done.stderr


def test_no_game_offers_a_word_of_its_notation_with_its_first_letter_dropped():
    """The shared cause of `ttack`: the hint after an unreadable play drew the notation's words without
    their capital letter. For every game, a notation word typed as a play is never answered with the
    same word cut short."""
    from engine.nearest import nearest

    for game in GAMES:
        engine = get_engine(game)
        _, state = _game(game, ["Ann", "Ben", "Cy"], game_data(game)["required_options"])
        for word in set(re.findall(r"\b[A-Z][a-z-]{3,}\b", engine.declaration.plays.help)):
            for hint in nearest(engine, state, f"{word.lower()} ben")[0]:
                whole = re.search(rf"(?<![A-Za-z]){re.escape(hint)}(?![a-z])", engine.declaration.plays.help)
                assert whole or " " in hint, (game, word, hint)  # a whole word, a play or a command


def test_a_player_named_first_where_the_notation_names_none_is_answered_with_the_play_that_reads():
    """The same shape in the verb-first notations: Cataclysm Arcade plays are made by the player to act
    (another player's with `--by`), Catharsis names the player after the verb (`roll ben ...`). A play
    opening with a player's name is answered with the form that reads, never a cut word."""
    from engine.nearest import nearest

    game, state = _game("cataclysm-arcade", ["Ann", "Ben"])
    assert nearest(game.engine, state, "ann fighter Grunt")[0] == ("fighter Grunt",)  # Ann is to act
    assert nearest(game.engine, state, "ben fighter Grunt")[0] == ('companion play --by Ben "fighter Grunt"',)
    game, state = _game("catharsis", ["Ann", "Ben"], {"morale": "10"})
    assert nearest(game.engine, state, "ben roll 1 1 3 3 5 6")[0] == ("roll Ben 1 1 3 3 5 6",)
