"""Only what the table knows, in CATastrophe (found by tests/hidden_oracle.py): `moves` at the shared
screen lists nothing from another player's secret named hand (issue 43)."""
from __future__ import annotations

from engine import get_engine, get_game
from engine.base import step
from engine.catastrophe.model import State

E = get_engine("catastrophe")


def _attacked(chris: list[str]) -> State:
    """Abi attacks Betty; Chris recorded a hand of his own (his secret)."""
    state = State.model_validate({"players": [{"name": "Abi", "hand_cards": ["Attack 4"]}, {"name": "Betty"},
                                              {"name": "Chris", "hand_cards": chris}]})
    return step(get_game("catastrophe"), state, "Abi play Attack 4 at Betty").state


def test_moves_never_lists_another_players_secret_hand():
    shown = []
    for chris in (["Cucumber", "Take"], ["Pass", "Curiosity"], ["Attack 3", "Ally"]):
        state = _attacked(chris)
        shown.append(([E.plays.format_move(m) for m in E.plays.legal_moves(state)], E.views.moves_note(state)))
    assert shown[0] == shown[1] == shown[2]
    # his Power Cats lie face up, so they are listed while a card is in play; nothing of his hand is
    assert not any(m.startswith("Chris play") and m != "Chris play Power Cat" for m in shown[0][0])
    assert "Chris" in shown[0][1]


def test_the_player_to_act_still_sees_their_own_hands_plays():
    state = State.model_validate({"players": [{"name": "Abi", "hand_cards": ["Attack 4", "Curiosity"]},
                                              {"name": "Betty", "hand_cards": ["Pass"]}]})
    listed = {E.plays.format_move(m) for m in E.plays.legal_moves(state)}
    assert {"Abi play Attack 4 at Betty", "Abi play Curiosity at Betty"} <= listed
