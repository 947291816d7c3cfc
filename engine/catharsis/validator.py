"""Catharsis: the `Engine` (engine.base.Engine) on the tracker's State: one rules model, two faces."""
from __future__ import annotations

from typing import Any, ClassVar

from engine.base import Engine as _Engine, Reason, Verdict

from . import rules
from .model import State
from .notation import NOTATION, Play, format_play, parse_play
from .rule_ids import RULE_IDS, R
from .status import status as _status
from .track import Tracker


class Engine(_Engine[State, Play]):
    game: ClassVar[str] = "catharsis"
    State: ClassVar[type[State]] = State
    SEATS_RULE: ClassVar[str] = R.PLAYER_COUNT
    RULE_IDS: ClassVar[frozenset[str]] = RULE_IDS
    NOTATION: ClassVar[str] = NOTATION
    #: there are no turns: everyone acts at once (a play is never out of turn)
    TURN_RULE: ClassVar[str] = R.SIMULTANEOUS

    def __init__(self) -> None:
        self.tracker = Tracker()

    def card_names(self, state: State | None = None) -> list[str]:
        from .model import shipped

        return [card.name for card in (*shipped().values(), *(state.cards if state is not None else ()))]

    def odds(self, question: list[str], table, *, dice: str | None = None, rerolls: int | None = None,
             player: str | None = None, session: str | None = None) -> tuple[dict[str, Any], str]:
        """Paying a cost with the rerolls left, and which dice to keep (odds.py)."""
        from .odds import answer

        return answer(" ".join(question), table(True) if player or session else None, bool(player or session),
                      dice, rerolls, player)

    def parse_move(self, text: str, state: State) -> Play:
        return parse_play(text, state)

    def format_move(self, move: Play) -> str:
        return format_play(move)

    def check(self, state: State, move: Play) -> Verdict:
        return rules.check(state, move, self.tracker)

    def apply(self, state: State, move: Play, overruled: bool = False) -> State:
        return rules.apply(state, move, self.tracker, overruled)

    def legal_moves(self, state: State) -> list[Play]:
        return rules.legal_moves(state)

    def status(self, state: State) -> list[Reason]:
        return _status(state)

    def to_act(self, state: State) -> str | None:
        """Nobody in particular: there are no turns in Catharsis, everyone acts at once."""
        return None

    def with_turn(self, state: State, player: str) -> State:
        """Nothing to change: every player may act at any time."""
        return state

    def mover(self, state: State, move: Play) -> str | None:
        if move.kind == "adjust" and move.by:
            return move.by
        return move.player

    def moves_note(self, state: State) -> str | None:
        if state.outcome is not None:
            return f"the game is over (the party has {state.outcome})"
        if state.attack is not None:
            return None
        if state.phase != "combat" or state.combat_step != "player-attack":
            return "abilities are activated in the Player Attack Phase (combat attack)"
        if not any(p.dice for p in state.players if not p.dead):
            return "nobody has rolled yet: roll NAME 1 2 3 4 5 6"
        return None

    def position(self, state: State) -> dict[str, Any]:
        """What the Enemy's attack still asks of the party (shares not yet taken), if anything."""
        from .rules_combat import owed_text

        pending = owed_text(state)
        return {"damage_owed": pending} if pending else {}

    def situation(self, state: State) -> dict[str, Any]:
        return state.model_dump(mode="json")
