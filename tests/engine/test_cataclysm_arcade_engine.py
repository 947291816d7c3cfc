"""The Cataclysm Arcade move validator (engine/cataclysm_arcade/): a whole game, the Engine contract,
overrule, the shared State with the tracker. Rule-by-rule cases are scenario files
(tests/scenarios/cataclysm-arcade/)."""
from __future__ import annotations

import pytest

from engine import get_engine
from engine.base import EngineError, MoveSyntaxError
from engine.cataclysm_arcade import Engine, Tracker
from engine.errors import IllegalMove

E = Engine()
T = Tracker()
G = "cataclysm-arcade."

SETUP = [
    "card Queen boss health=6 attack=2 attack-cost=1",
    "card Grunt fighter level=1 health=3 attack=2 attack-cost=1",
    "card Counter response cost=1 effect=stop",
    "card Zap response cost=1 effect=damage:1",
    "boss ann 6 Queen", "boss ben 6 Queen", "boss cy 6 Queen",
    "hand ann Grunt, Counter, Zap, Zap, Grunt",
    "hand ben Counter, Zap, Grunt, Zap, Zap",
    "hand cy Counter, Grunt, Zap, Zap, Zap",
]

# "WHO: MOVE": the player who is to act, then the play. A whole 3-player game, set-up to winner.
GAME = [
    # level 1, Ann is Player One: a response war three deep over Ann's Fighter
    "Ann: fighter Grunt", "Ben: respond Counter", "Cy: respond Counter", "Ann: respond Counter",
    "Ben: decline", "Cy: decline",  # Ann's Counter resolves and stops Cy's
    "Cy: decline", "Ann: decline",  # Ben's Counter resolves and stops Ann's Fighter
    "Ben: pass", "Cy: pass", "Ann: pass",
    # level 2, Ben is Player One
    "Ben: fighter Grunt", "Cy: decline", "Ann: decline",
    "Cy: attack boss at ben boss", "Ann: decline", "Ben: respond Zap at cy boss", "Cy: decline", "Ann: decline",
    "Ann: decline", "Ben: decline",
    "Ann: attack boss at ben grunt", "Ben: decline", "Cy: decline",
    "Ben: attack boss at cy boss", "Cy: decline", "Ann: decline",
    "Cy: pass", "Ann: pass", "Ben: pass",
    # level 3, Cy is Player One
    "Cy: attack boss at ben boss", "Ann: decline", "Ben: decline",
    "Ann: attack boss at cy boss", "Ben: decline", "Cy: decline",
    "Ben: attack Grunt at cy boss", "Cy: decline", "Ann: decline",  # Cy is out
    "Ann: pass", "Ben: pass",
    # level 4, Ann is Player One (Cy is out)
    "Ann: attack boss at ben boss", "Ben: respond Zap at ann boss", "Ann: decline", "Ben: decline",
]


def table():
    state = T.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {})
    for command in SETUP:
        change = T.parse(state, command.split())
        assert T.check(state, change).legal, command
        state, _ = T.apply(state, change)
    return state


def play_game(state, steps, watch=None):
    for step in steps:
        who, _, text = step.partition(": ")
        assert E.turns.to_act(state) == who, (step, E.turns.to_act(state))
        move = E.plays.parse_move(text, state)
        verdict = E.check(state, move)
        assert verdict.legal, (step, verdict.as_json())
        assert all(r.rule in E.declaration.plays.rule_ids for r in verdict.reasons)
        assert all(e.rule in E.declaration.plays.rule_ids for e in verdict.effects if e.rule)
        new = E.plays.apply(state, move)
        if watch:
            watch(step, state, new)
        state = new
    return state


def test_registered_and_tracker_shares_the_state():
    from engine.cataclysm_arcade import GAME

    assert get_engine("cataclysm-arcade").declaration is GAME
    assert Tracker().State is Engine().State


def test_whole_three_player_game_to_a_winner_with_a_response_war():
    depths = []
    state = play_game(table(), GAME, watch=lambda step, old, new: depths.append(len(new.line)))
    assert max(depths) >= 4  # a move and three responses on top of it
    assert state.winner == "Ann"
    assert state.player("Ben").out and state.player("Cy").out
    assert state.player("Ann").boss.health == 5
    assert E.turns.to_act(state) is None and E.plays.legal_moves(state) == []
    assert E.views.moves_note(state) == "the game is over: Ann has won"


def test_response_war_resolves_top_first():
    state = play_game(table(), GAME[:4])
    assert [(i.kind, i.controller) for i in state.line] == [
        ("fighter", "Ann"), ("response", "Ben"), ("response", "Cy"), ("response", "Ann")]
    assert state.priority == "Ben" and state.initiative == "Ann"
    state = play_game(state, GAME[4:6])
    assert [(i.kind, i.controller) for i in state.line] == [("fighter", "Ann"), ("response", "Ben")]
    # Ann added the item that resolved; next clockwise is Ben, who owns the top: Cy gets priority
    assert state.priority == "Cy"
    state = play_game(state, GAME[6:8])
    assert state.line == () and state.player("Ann").fighters == () and state.initiative == "Ben"
    assert [p.coins for p in state.players] == [0, 0, 0]


def test_the_line_is_empty_whenever_the_initiative_moves():
    def watch(step, old, new):
        if new.initiative != old.initiative:
            assert new.line == (), step

    play_game(table(), GAME, watch=watch)


def test_replay_of_the_canonical_log_equals_direct_application():
    direct = table()
    log = []
    for step in GAME:
        move = E.plays.parse_move(step.partition(": ")[2], direct)
        log.append(E.plays.format_move(move))
        direct = E.plays.apply(direct, move)
    replay = table()
    for text in log:
        replay = E.plays.apply(replay, E.plays.parse_move(text, replay))
    assert replay == direct
    assert E.load_state(direct.model_dump(mode="json")) == direct


def test_illegal_apply_raises_unless_overruled():
    state = table()
    move = E.plays.parse_move("respond Zap at ben boss", state)
    with pytest.raises(IllegalMove) as err:
        E.plays.apply(state, move)
    assert err.value.bad_input and "responses.not-on-empty-line" in str(err.value)
    # overruled: the table played it anyway; it goes on the Line, paid as far as the pool goes
    new = E.plays.apply(state, move, overruled=True)
    assert new.line[-1].kind == "response" and new.player("Ann").coins == 0


def test_overruled_attack_by_tapped_character_still_taps_and_pays():
    state = play_game(table(), ["Ann: attack boss at ben boss", "Ben: decline", "Cy: decline", "Ben: pass", "Cy: pass"])
    move = E.plays.parse_move("attack boss at cy boss", state)
    assert not E.check(state, move).legal
    new = E.plays.apply(state, move, overruled=True)
    assert new.player("Ann").boss.taps == 2 and new.line[-1].kind == "attack"


def test_tracker_verbs_and_plays_mix_on_one_state():
    state = play_game(table(), ["Ann: fighter Grunt", "Ben: decline", "Cy: decline"])
    change = T.parse(state, ["damage", "ann", "grunt", "1"])
    state, _ = T.apply(state, change)
    assert state.player("Ann").fighters[0].health == 2
    state = play_game(state, ["Ben: attack boss at ann grunt", "Cy: decline", "Ann: decline"])
    assert state.player("Ann").fighters == ()  # destroyed by the engine's damage, same rule as `track damage`


def test_moves_note_when_a_hand_is_unknown():
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    assert "5 unnamed cards" in E.views.moves_note(state)
    # the Boss's attack cost is unknown: not listed as legal, named on the note's `unchecked` line
    # instead (issue 43), and its verdict says so
    assert [E.plays.format_move(m) for m in E.plays.legal_moves(state)] == ["pass"]
    assert "unchecked: not listed as legal: attack boss at Ben boss" in E.views.moves_note(state)
    verdict = E.check(state, E.plays.parse_move("attack boss at ben boss", state))
    assert verdict.legal and any("attack cost" in n.message for n in verdict.unchecked)


def test_every_listed_move_is_accepted_and_round_trips():
    state = table()
    for step in GAME[:20]:
        for move in E.plays.legal_moves(state):
            text = E.plays.format_move(move)
            assert E.plays.parse_move(text, state) == move, text
            assert E.check(state, move).legal, text
        state = E.plays.apply(state, E.plays.parse_move(step.partition(": ")[2], state))


@pytest.mark.parametrize("text", ["", "charge", "attack boss", "attack boss at", "attack boss at zed boss",
                                  "wield Sword", "trigger", "trigger ann", "pass now", "activate boss"])
def test_bad_notation_names_the_problem(text):
    with pytest.raises(EngineError) as err:
        E.plays.parse_move(text, table())
    assert err.value.bad_input and str(err.value)


def test_situation_errors_name_the_field():
    from engine.base import SituationError

    with pytest.raises(SituationError, match="priority"):
        E.load_state({"player_one": "Ann", "priority": "Zed", "players": [{"name": "Ann"}, {"name": "Ben"}]})
    with pytest.raises(SituationError, match="players"):
        E.load_state({"player_one": "Ann", "players": [{"name": "Ann"}]})
    with pytest.raises(SituationError, match="coins"):
        E.load_state({"player_one": "Ann", "players": [{"name": "Ann", "coins": -1}, {"name": "Ben"}]})


def test_situation_without_initiative_gives_it_to_player_one():
    state = E.load_state({"player_one": "Ben", "players": [{"name": "Ann"}, {"name": "Ben"}]})
    assert state.initiative == "Ben" and E.turns.to_act(state) == "Ben"


def test_unknown_word_is_syntax_error_not_a_verdict():
    with pytest.raises(MoveSyntaxError, match="did you mean"):
        E.plays.parse_move("atack boss at ben boss", table())
