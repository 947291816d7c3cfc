"""Catopomp verdicts an independent referee (refpomp) found wrong in their wording or grouping:
`moves` groups a set by its size counting every card, Cat-leton and Mdm Mitch included (1. Playing
a Set of Cards: one to four cards; 1.3: the dice stand for one card more), and a table marked as
being set up with nothing left to enter says so, not "ready" as a reason a play is refused."""
from __future__ import annotations

import pytest

from engine import get_engine

ENGINE = get_engine("catopomp")


@pytest.mark.parametrize("move, size", [
    ("heaven M dice 1 then hell 9", 2),  # Mdm Mitch mirrors the die: a pair
    ("heaven 4 4 M dice 1+3 then hell 9", 4),  # the rulebook's four of a kind
    ("heaven C 1 2 then hell 5", 3),  # Cat-leton as 0 starts the run 0,1,2
    ("heaven C M then hell 9", 2),  # two 0-valued cards: a pair
    ("heaven C 1 3 swap 2 then hell 8", 3),  # Luke's swap: the run 1,2,3
    ("hell C 1", 2),
    ("heaven 5 6 7 dice 4 then hell 2", 4),
    ("hell 8", 1),
])
def test_moves_groups_a_set_by_every_card_in_it(move, size):
    state = ENGINE.load_state({
        "turn": "Ann", "centre_dice": [1, 2, 3, 4], "options": {"catleton": True, "mitch": True},
        "players": [{"name": "Ann", "hand": [1, 2]}, {"name": "Ben", "hand": [3]}, {"name": "Cy", "hand": [4]}]})
    assert ENGINE.plays.format_move(ENGINE.plays.parse_move(move, state)) == move  # as `moves` writes it
    assert ENGINE.views.move_group(move, move.split()) == f"sets of {size} card{'s' if size != 1 else ''}"


def test_a_listed_mitch_pair_is_grouped_with_the_two_card_sets():
    """`moves` on the documented table: Luke's Mdm Mitch with one die is a pair, never a 1-card set."""
    state = ENGINE.load_state({
        "turn": "Luke", "centre_dice": [1, 3, 4, 6], "options": {"mitch": True},
        "winning_set": {"owner": "Joshua", "heaven": [4, 5]},
        "players": [{"name": "Joshua", "hand": [6, 6, 8], "hell_domain": [2, 3, 7]},
                    {"name": "Luke", "hand": [1, 5, 5, "M", 9], "hell_domain": [4, 5, 6]},
                    {"name": "Gabriel", "hand": [2, 8, 8]}]})
    for move in ENGINE.plays.legal_moves(state):
        text = ENGINE.plays.format_move(move)
        if text.startswith("heaven M dice"):
            assert ENGINE.views.move_group(text, text.split()) == "sets of 2 cards", text


def test_a_set_up_with_nothing_left_to_enter_says_so_instead_of_ready():
    """A situation file marked `phase = "setup"` whose starting player and centre dice are all there:
    the refusal says the table still reads as being set up and how to start play, not "ready"."""
    state = ENGINE.load_state({
        "turn": "Ann", "centre_dice": [1, 2, 3, 4, 5, 6], "phase": "setup",
        "players": [{"name": "Ann", "hand": [5, 9]}, {"name": "Ben", "hand": [1, 8]}, {"name": "Cy", "hand": [6, 9]}]})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 5 then hell 9", state))
    assert not verdict.legal
    said = verdict.reasons[0].message
    assert "ready" not in said.split(":")[-1].split() and 'phase = "play"' in said, said


def _hell_power_table():
    return ENGINE.load_state({
        "turn": "Luke", "centre_dice": [1, 3, 4, 6], "options": {"hell_power": True},
        "players": [{"name": "Joshua", "hand": [6, 6, 8], "hell_domain": [2, 3, 7]},
                    {"name": "Luke", "hand": [1, 9], "hell_domain": [4, 5, 6]},
                    {"name": "Gabriel", "hand": [2, 8, 8]}]})


@pytest.mark.parametrize("move", ["hell 4 5 6 then return Josh 7", "hell 4 5 6 then return 7 of josh"])
def test_the_hell_power_reads_a_players_name_by_a_unique_prefix(move):
    """3. Activating Hell power: any player's Hell card goes back to its owner. The owner is read as
    every game reads a player (engine.words.player): a unique prefix names Joshua."""
    state = _hell_power_table()
    move = ENGINE.plays.parse_move(move, state)
    assert ENGINE.plays.format_move(move) == "hell 4 5 6 then return Joshua 7"
    assert ENGINE.check(state, move).legal


@pytest.mark.parametrize("move", ["hell 4 5 6 then return Jashua 7", "hell 4 5 6 then return 7 of Jashua"])
def test_a_misspelt_owner_is_named_as_an_unknown_player_with_the_players(move):
    """Bad input names the problem and the nearest valid choices: a name nobody has is an unknown
    player (did you mean Joshua; the players listed), not "expected a card"."""
    from engine.errors import MoveSyntaxError

    with pytest.raises(MoveSyntaxError) as err:
        ENGINE.plays.parse_move(move, _hell_power_table())
    said = str(err.value)
    assert "unknown player 'jashua'" in said and "Joshua" in said and "Gabriel" in said, said
    assert "expected a card" not in said, said


def test_a_hidden_hand_note_does_not_deny_the_plays_listed_beside_it():
    """`moves --json` for a hand the table has not recorded lists the plays that need none of its cards
    (here a pass); its note speaks of the plays from the hand, never "the plays cannot be listed"."""
    state = ENGINE.load_state({
        "turn": "Ben", "centre_dice": [1, 2, 3, 4, 5, 6], "winning_set": {"owner": "Ann", "heaven": [3, 4]},
        "players": [{"name": "Ann", "hand": 7, "hell_domain": [9]}, {"name": "Ben", "hand": 10},
                    {"name": "Cy", "hand": 10}]})
    listed, left = ENGINE.views.partly_listed(state)
    assert [ENGINE.plays.format_move(m) for m in listed] == ["pass", "pass then transfer 9"]
    note = ENGINE.views.moves_note(state)
    assert "not known" in note and "the plays cannot be listed" not in note, note


def test_the_new_winning_set_is_said_in_plain_words():
    """1. Playing a Set of Cards: the stronger set becomes the winning set; the effect names its
    owner and the set without running the two together ("Ann's a single 8")."""
    state = ENGINE.load_state({"turn": "Ann", "centre_dice": [1, 2, 3, 4],
                               "players": [{"name": "Ann", "hand": [2, 3, 8]}, {"name": "Ben", "hand": [1, 5, 6]}]})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("heaven 8 then hell 2", state))
    said = [e.message for e in verdict.effects if e.kind == "winning-set"]
    assert said == ["the new winning set is Ann's: a single 8"]
