"""CATastrophe plays typed a word short: refused with the line that says them, never guessed."""
from __future__ import annotations

import pytest

from engine.base import MoveSyntaxError
from engine.catastrophe.model import State
from engine.catastrophe.notation import parse


def test_a_grim_reapurr_move_without_its_sign_names_both_readings():
    state = State.model_validate({"players": [{"name": "Abi"}, {"name": "Betty"}], "phase": "paw"})
    with pytest.raises(MoveSyntaxError) as refused:
        parse("Abi reveal Grim Reapurr 2", state, "Abi")
    assert "`Abi reveal Grim Reapurr +2` (up) or `-2` (down)" in str(refused.value)
