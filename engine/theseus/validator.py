"""Party of the Theseus: the move validator `Engine`, the framework-facing side of the rules.

It wires the notation (notation.py), the rules of play (rules.py), final scoring (rules_scoring.py)
and the checks of a described table (status.py) into engine.base.Engine.
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

from engine.base import Engine as BaseEngine
from engine.base import Reason, Verdict

from . import notation, rules, rules_scoring
from .model import LAST_RANK, Move, State
from .notation import NOTATION
from .rule_ids import PLAY_RULES, R
from .table import end_triggered
from .status import status as _status


class Engine(BaseEngine[State, Move]):
    game = "theseus"
    State = State
    Move = Move
    SEATS_RULE = R.PLAYER_COUNT
    RULE_IDS = PLAY_RULES
    NOTATION = NOTATION
    CATALOGUE = "engine.theseus.model"

    # ------------------------------------------------------------------ parsing

    def parse_move(self, text: str, state: State) -> Move:
        return notation.parse_move(text, state)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    # ------------------------------------------------------------------ checking

    def check(self, state: State, move: Move) -> Verdict:
        return rules.check(state, move)

    def apply(self, state: State, move: Move, overruled: bool = False) -> State:
        return rules.apply(state, move, overruled)

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self, state: State) -> list[Move]:
        return rules.legal_moves(state)

    # ------------------------------------------------------------------ play-along

    TURN_RULE: ClassVar[str] = R.CLOCKWISE

    def to_act(self, state: State) -> str | None:
        return None if state.game_over else state.active

    def with_turn(self, state: State, player: str) -> State:
        """`player` acts now (a play out of turn the table overruled): a fresh turn of theirs."""
        name = state.player(player).name
        if name == state.active:
            return state
        return state.model_copy(update={"active": name, "used": (), "basic_action": None})

    def moves_note(self, state: State) -> str | None:
        if state.game_over:
            return "the game is over"
        p = state.player(state.active)
        if not state.board and state.active_rank < LAST_RANK:
            return ("the Board is not recorded, so no Explore can be listed: lay it out with "
                    "`companion track board CARD CARD CARD CARD`")
        notes = []
        if not p.hand_known:
            notes.append(f"{p.name}'s Hand is not known ({p.hand} card{'s' if p.hand != 1 else ''}): plays "
                         f"from it (Recruit, Subjugate, Exile) cannot be listed; record it with "
                         f"`companion track hand {p.name.lower()} CARDS...`")
        notes += rules.unknown_icons_note(state)
        return "\n".join(notes) or None

    # ------------------------------------------------------------------ scoring

    def end_triggered(self, state: State) -> bool:
        """True once the last Rank 6 card has left the Board (the game ends at this turn's end)."""
        return end_triggered(state)

    def final_scores(
        self,
        state: State,
        *,
        effect_points: Mapping[str, int] | None = None,
        party_ranks: Mapping[str, int] | None = None,
        hand_ranks: Mapping[str, int] | None = None,
    ) -> dict[str, Any]:
        """Final scores and the winner(s): see rules_scoring.final_scores."""
        return rules_scoring.final_scores(
            state, effect_points=effect_points, party_ranks=party_ranks, hand_ranks=hand_ranks
        )

    # ------------------------------------------------------------------ status

    def status(self, state: State) -> list[Reason]:
        return _status(state)
