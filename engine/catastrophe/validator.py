"""CATastrophe: the move validator `Engine` (engine.base.Engine), wiring the notation (notation.py),
the referee (rules.py) and the table checks (status.py) to the one State the tracker keeps."""
from __future__ import annotations

from typing import Any

from engine.base import Engine as BaseEngine
from engine.base import Reason, Verdict

from . import notation, rules
from .model import GAME, REACTIONS, State, catalogue
from .notation import Move
from .rule_ids import RULE_IDS, R
from .status import status as _status

NOTATION = notation.__doc__


class Engine(BaseEngine[State, Move]):
    game = GAME
    State = State
    Move = Move
    SEATS_RULE = R.PLAYER_COUNT
    RULE_IDS = RULE_IDS | {SEATS_RULE}
    NOTATION = NOTATION
    CATALOGUE = "engine.catastrophe.model"
    #: a play by a player the move does not name, out of turn (only with --by)
    TURN_RULE = R.CLAW_PLAY

    def odds(self, question: list[str], table, *, yarn: int | None = None, player: str | None = None,
             against: int | None = None, session: str | None = None) -> tuple[dict[str, Any], str]:
        """Defending an Attack with Yarn Ball re-rolls (odds.py): `attack N`, or `attack` for the session's."""
        from .odds import answer, describe

        state = table(False) if len(question) <= 1 or session is not None else None
        result = answer(question, state, yarn=yarn, player=player, against=against)
        return {"game": self.game, **result}, describe(result)

    def parse_move(self, text: str, state: State) -> Move:
        return notation.parse(text, state, self.to_act(state))

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def check(self, state: State, move: Move) -> Verdict:
        return rules.check(state, move)

    def apply(self, state: State, move: Move, overruled: bool = False) -> State:
        return rules.apply(state, move, overruled=overruled)

    def status(self, state: State) -> list[Reason]:
        return _status(state)

    def to_act(self, state: State) -> str | None:
        if state.game_over:
            return None
        return rules.waiting_roller(state) or state.players[state.current].name

    def acting(self, state: State) -> str | None:
        """After every roll an Attack waits for: any player with a Yarn Ball may make the roller roll
        again (catastrophe.yarn-balls.reroll), or the Attack resolves."""
        top = state.chain[-1] if state.chain else None
        if state.game_over or top is None or top.type != "attack" or not top.rolls or rules.waiting_roller(state):
            return None
        spenders = [p.name for p in state.players if p.yarn_balls and not p.eliminated]
        if not spenders:
            return None
        return (f"{', '.join(spenders)} (a Yarn Ball makes {top.last_roller} roll again: `NAME yarn`), "
                f"or `resolve` ({top.label()} takes effect)")

    def mover(self, state: State, move: Move) -> str | None:
        """The player the play names (anyone may react at any moment; the rules judge it)."""
        return move.player

    def with_turn(self, state: State, player: str) -> State:
        """Nothing to change: the play itself names its player."""
        return state

    def moves_note(self, state: State) -> str | None:
        if state.game_over:
            return "the game is over"
        hidden = [p.name for p in state.players if not p.eliminated and p.hand_cards is None and p.hand]
        if hidden:
            return (f"card plays from hands the table does not know are not listed ({', '.join(hidden)}: "
                    "a count only); any card may still be checked with `check`")
        return None

    def legal_moves(self, state: State) -> list[Move]:
        if state.game_over:
            return []
        found: list[Move] = []
        for move in _candidates(state):
            if not rules.judge(state, move).problems:
                found.append(move)
        return found

    def situation(self, state: State) -> dict[str, Any]:
        return state.model_dump(mode="json")


def _candidates(state: State):
    cur = state.players[state.current].name
    alive = [state.players[i].name for i in state.turn_order()]
    yield Move(kind="resolve")
    roller = rules.waiting_roller(state)
    if roller:
        for face in range(1, 7):
            yield Move(kind="roll", player=roller, number=face)
    for name in alive:
        yield Move(kind="yarn", player=name)
    yield Move(kind="draw", player=cur)
    for card in ("CATastrophic Event", "Grim Reapurr"):
        yield Move(kind="reveal", player=cur, card=card)
    yield Move(kind="end", player=cur)
    cat = catalogue(state)
    for name in alive:
        p = state.player(name)
        held = list(dict.fromkeys(p.hand_cards if p.hand_cards is not None else p.seen_cards))
        if p.power_cats and name == cur:
            held += list(dict.fromkeys(p.power_cat_cards or ("Power Cat",)))
        for label in held:
            words = label.split()
            number = int(words[-1]) if len(words) > 1 and words[-1].isdigit() else None
            card = " ".join(words[:-1]) if number is not None else label
            spec = cat.get(card.casefold())
            if spec is None:
                continue
            if spec.type == "attack" and spec.number is None and number is None:
                continue
            if spec.type in ("attack", "curiosity") and spec.targets == "one" or spec.type == "pass":
                for other in alive:
                    if other != name:
                        yield Move(kind="play", player=name, card=spec.name, number=number, target=other)
            elif spec.type in REACTIONS or spec.targets != "one":
                yield Move(kind="play", player=name, card=spec.name, number=number)
            else:
                yield Move(kind="play", player=name, card=spec.name, number=number)
