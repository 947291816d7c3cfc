"""The CATastrophe move validator (engine/catastrophe/): notation, the chain, overrules, the one
State shared with the tracker, legal moves, odds. Rule-by-rule cases are scenario files
(tests/scenarios/catastrophe/)."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.catastrophe import Engine, State, Tracker
from engine.errors import IllegalMove
from engine.catastrophe.odds import defend
from engine.tracking import Change

E = Engine()
T = Tracker()
G = "catastrophe."


def new(names=("Abi", "Betty", "Chris"), **options):
    return T.declaration.verbs.new_state(list(names), {k: str(v) for k, v in options.items()})


def go(state, *texts):
    for text in texts:
        move = E.plays.parse_move(text, state)
        verdict = E.check(state, move)
        assert verdict.legal, (text, verdict.as_json())
        state = E.plays.apply(state, move)
    return state


def test_tracker_state_is_engine_state():
    assert Tracker().State is Engine().State is State


@pytest.mark.parametrize("text,canonical", [
    ("play attack 4 at betty", "Abi play Attack 4 at Betty"),
    ("betty: play pass to chris", "Betty play Pass to Chris"),
    ("Chris plays cucumber", "Chris play Cucumber"),
    ("abi play mice", "Abi play Mice Mischief"),
    ("abi play curiosity killed the cat at chris", "Abi play Curiosity Killed the Cat at Chris"),
    ("draw", "Abi draw"),
    ("abi draw pass, take, attack 3", "Abi draw Pass, Take, Attack 3"),
    ("reveal reapurr +2", "Abi reveal Grim Reapurr +2"),
    ("reveal event 3+", "Abi reveal CATastrophic Event 3+"),
    ("resolve", "resolve"),
    ("end", "Abi end"),
    ("abi play 'Laser Pointer' at betty", "Abi play Laser Pointer at Betty"),
])
def test_notation_reads_back(text, canonical):
    state = new()
    move = E.plays.parse_move(text, state)
    assert E.plays.format_move(move) == canonical
    assert E.plays.parse_move(canonical, state) == move


@pytest.mark.parametrize("text,needle", [
    ("", "no move"),
    ("abi jump", "unknown move"),
    ("zed play pass to abi", "Abi, Betty, Chris"),
    ("play attack at betty", "needs its number"),
    ("play curiosity 3 at betty", "takes no number"),
    ("betty roll seven", "1 to 6"),
    ("betty roll 0", "1 to 6"),
    ("yarn", "name who spends"),
    ("abi draw pass", "name all 3"),
    ("resolve now", "unexpected"),
    ("abi play cucumber at", "needs a player after it"),
    ("chris play cucmber", "did you mean Cucumber"),
])
def test_bad_moves_name_the_problem(text, needle):
    with pytest.raises(MoveSyntaxError) as err:
        E.plays.parse_move(text, new())
    assert needle in str(err.value)


def test_a_card_prefix_that_fits_several_lists_them():
    with pytest.raises(AmbiguousMove) as err:
        E.plays.parse_move("play cu at betty", new())
    assert {"Cucumber", "Curiosity", "Curiosity Killed the Cat"} <= set(err.value.candidates)


def test_the_roller_is_to_act_and_is_implied():
    state = go(new(), "play attack 5 at betty")
    assert E.turns.to_act(state) == "Betty"
    assert E.plays.parse_move("roll 2", state).player == "Betty"
    state = go(state, "roll 2", "Betty yarn")
    assert E.turns.to_act(state) == "Betty" and state.chain[-1].reroll == "Betty"
    state = go(state, "roll 6", "resolve")
    assert E.turns.to_act(state) == "Abi" and state.player("Betty").lives == 9 and state.player("Betty").yarn_balls == 2


def test_apply_refuses_an_illegal_play_unless_overruled():
    state = new()
    move = E.plays.parse_move("Betty play Attack 4 at Chris", state)
    with pytest.raises(IllegalMove) as err:
        E.plays.apply(state, move)
    assert G + "turn.claw-phase.play-any-number" in str(err.value)
    forced = E.plays.apply(state, move, overruled=True)
    assert forced.chain[-1].controller == "Betty" and forced.player("Betty").hand == 4


def test_overruled_plays_go_as_far_as_they_can():
    state = new()
    for text in ("resolve", "Abi yarn", "Betty roll 3", "Abi end", "Abi reveal Pass"):
        after = E.plays.apply(state, E.plays.parse_move(text, state), overruled=True)
        assert after.yarn_sanctuary + sum(p.yarn_balls for p in after.players) == 30
    after = E.plays.apply(state, E.plays.parse_move("Abi end", state), overruled=True)
    assert after.current == 1 and after.phase == "claw"


def test_tracker_phase_verbs_wait_for_the_chain():
    state = go(new(), "play curiosity at betty")
    verdict = T.check(state, T.parse(state, ["next-phase"]))
    assert not verdict.legal and verdict.reasons[0].rule == G + "turn.claw-phase.how-to-play"
    assert verdict.alternatives == ("resolve",)
    forced, effects = T.apply(state, T.parse(state, ["next-phase"]))   # overruled: the chain is discarded
    assert forced.chain == () and forced.phase == "paw" and "chain-cleared" in [e.kind for e in effects]


def test_tracker_changes_and_plays_share_the_state():
    state = go(new(), "play attack 4 at betty", "roll 1")
    state, _ = T.apply(state, Change(verb="lives", args=("Betty", "-7")))   # an earlier loss told late
    state = go(state, "resolve")
    assert state.player("Betty").lives == 1
    assert T.declaration.verbs.summary(state)["in_play"] == []


def test_known_hands_list_their_plays_and_reactions():
    state = State.model_validate({
        "players": [{"name": "Abi", "hand_cards": ["Attack 4", "Curiosity"]},
                    {"name": "Betty", "hand_cards": ["Pass", "Cucumber"]}],
    })
    listed = {E.plays.format_move(m) for m in E.plays.legal_moves(state)}
    assert {"Abi play Attack 4 at Betty", "Abi play Curiosity at Betty", "Abi draw", "Abi play Power Cat"} <= listed
    assert not any(t.startswith("Betty play") for t in listed)   # nothing in play to react to
    # Betty's named hand is her secret: Abi's `moves` at the shared screen lists nothing from it (issue 43)
    note = E.views.moves_note(state)
    assert "Betty" in note and "Abi" not in note
    state = go(state, "Abi play Attack 4 at Betty")
    listed = {E.plays.format_move(m) for m in E.plays.legal_moves(state)}
    assert {"Betty play Pass to Abi", "Betty play Cucumber", "resolve"} - listed == {"resolve"}  # roll first
    assert "Betty roll 6" in listed
    state = new()
    assert "a count only" in E.views.moves_note(state)


def test_take_adds_the_card_to_a_known_hand():
    state = State.model_validate({
        "players": [{"name": "Abi", "hand_cards": ["Attack 4"]}, {"name": "Betty", "hand_cards": ["Take"]}],
    })
    state = go(state, "Abi play Attack 4 at Betty", "Betty play Take", "resolve")
    assert state.player("Betty").hand_cards == ("Attack 4",) and state.chain == ()
    assert state.player("Abi").hand_cards == ()


def test_the_tables_catalogue_overrides_and_extends():
    state = State.model_validate({
        "players": [{"name": "Abi"}, {"name": "Betty"}],
        "cards": [{"name": "Pass", "type": "pass", "symbols": []},
                  {"name": "Hiss", "type": "cucumber", "symbols": ["catfinity"]}],
    })
    state = go(state, "Abi play Curiosity at Betty")
    assert not E.check(state, E.plays.parse_move("Betty play Pass to Abi", state)).legal  # no Catfinity now
    assert E.check(state, E.plays.parse_move("Betty play Hiss", state)).legal


def test_tracker_option_cards_extends_the_catalogue():
    state = new(cards="Hiss:cucumber:catfinity,Hairball:attack:5")
    state = go(state, "Abi play Hairball at Betty")
    assert state.chain[-1].number == 5
    assert E.check(state, E.plays.parse_move("Chris play Hiss", state)).legal


def test_eliminated_current_player_ends_the_turn():
    state = go(new(), "Abi play Curiosity at Abi")
    state, _ = T.apply(state, Change(verb="lives", args=("Abi", "=1")))
    state = go(state, "resolve", "Abi end")
    assert state.current == 1 and not state.game_over


# ------------------------------------------------------------------ odds


def _defended_by_enumeration(number: int, yarn: int) -> Fraction:
    """Every sequence of yarn+1 dice; the target keeps re-rolling while it fails and Yarn Balls remain."""
    won = 0
    seqs = list(itertools.product(range(1, 7), repeat=yarn + 1))
    for seq in seqs:
        won += any(face >= number for face in seq)
    return Fraction(won, len(seqs))


@pytest.mark.parametrize("number", range(1, 8))
@pytest.mark.parametrize("yarn", range(0, 4))
def test_defend_odds_are_exact(number, yarn):
    assert defend(number, yarn) == _defended_by_enumeration(number, yarn)


def test_odds_cli(cli, home):
    data = cli.json("odds", "catastrophe", "attack", "4", "--yarn", "2")
    assert data["chance"] == "7/8" and [r["chance"] for r in data["by_yarn"]] == ["1/2", "3/4", "7/8"]
    assert "87.50%" in cli("odds", "catastrophe", "attack", "4", "--yarn", "2").stdout
    bad = cli("odds", "catastrophe", "attack", "x")
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert cli("odds", "catastrophe", "attack").exit_code == 2      # no session, no number
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    assert cli("play", "Ann play Attack 5 at Ben").exit_code == 0
    tracked = cli.json("odds", "catastrophe", "attack")
    assert tracked["roller"] == "Ben" and tracked["yarn"] == 3 and tracked["chance"] == "65/81"


def test_a_tables_catfinity_attack_may_interrupt_but_still_needs_a_target():
    state = new(cards="Pounce:attack:3:catfinity")
    state = go(state, "Abi play Curiosity at Betty")
    verdict = E.check(state, E.plays.parse_move("Chris play Pounce", state))
    assert not verdict.legal and verdict.reasons[0].rule == G + "attack-symbol.choose-target"
    assert "Chris play Pounce at Abi" in verdict.alternatives
    assert E.check(state, E.plays.parse_move("Chris play Pounce at Abi", state)).legal


def test_an_attack_above_six_is_taken_alike_by_play_odds_track_card_and_cards_add(cli, home):
    """The rulebook prints an Attack's number on the card and gives it no range: any number from 1
    stands everywhere (0 nowhere), and above a die's 6 faces no roll defends it, said as a reading."""
    for number in ("7", "12"):
        odds = cli.json("odds", "catastrophe", "attack", number)
        assert odds["chance"] == "0" and odds["number"] == int(number)
    assert "1 to 999" in cli("odds", "catastrophe", "attack", "0").stderr
    assert cli("odds", "catastrophe", "attack", "0").exit_code == 2
    assert cli("cards", "add", "catastrophe", "Big Hiss", "--type", "attack", "--number", "8").exit_code == 0
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "card", "Hairball", "attack", "9").exit_code == 0
    for text in ("Ann play Attack 7 at Ben", "Ann play Hairball at Ben", "Ann play Big Hiss at Ben"):
        played = cli("check", text)
        assert played.exit_code == 0 and "above 6" in played.stdout, (text, played.stdout)
    assert "above 6" not in cli("check", "Ann play Attack 6 at Ben").stdout
    assert cli("check", "Ann play Attack 0 at Ben").exit_code == 2
