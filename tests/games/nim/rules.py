"""Nim's referee and tracker: take one to three stones on your turn; whoever takes the last one wins.

Rule ids: nim.take (one to three, no more than the heap holds), nim.turn (seats in turn), nim.end
(taking the last stone wins and ends the game), nim.heap (the heap the table counts), nim.seats."""
from __future__ import annotations

from engine.base import Change, Effect, MoveSyntaxError, Reason, Verdict
from engine.tracking import Counter, Findings, OptionError, Verb, WorkingTable, options

from .model import Player, State, Take


class R:
    TAKE = "nim.take"
    TURN = "nim.turn"
    END = "nim.end"
    HEAP = "nim.heap"
    SEATS = "nim.seats"


RULE_IDS = frozenset(v for k, v in vars(R).items() if k.isupper())
NOTATION = "take N   take N stones (1 to 3) from the heap, e.g. `take 3`"
MOST = 3


# -- plays -------------------------------------------------------------------------------------

def parse_move(text: str, state: State) -> Take:
    words = text.split()
    if len(words) != 2 or words[0].lower() != "take" or not words[1].isdigit():
        raise MoveSyntaxError(f"cannot read {text!r}: a play is `take N`, e.g. take 2")
    return Take(count=int(words[1]))


def format_move(move: Take) -> str:
    return f"take {move.count}"


def legal_moves(state: State) -> list[Take]:
    return [] if state.winner else [Take(count=n) for n in range(1, min(MOST, state.heap) + 1)]


def check(state: State, move: Take) -> Verdict:
    if state.winner:
        return Verdict(legal=False, reasons=(Reason(rule=R.END, message=f"the game is over: {state.winner} won"),))
    if not 1 <= move.count <= min(MOST, state.heap):
        return Verdict(legal=False, reasons=(Reason(rule=R.TAKE, message=f"take 1 to {min(MOST, state.heap)} stones, "
                                                    f"not {move.count}"),),
                       alternatives=tuple(format_move(m) for m in legal_moves(state)))
    who = to_act(state)
    last = move.count == state.heap
    effects = (Effect(kind="win", message=f"{who} takes the last stone and wins", rule=R.END, who=who),) if last else ()
    return Verdict(legal=True, effects=effects)


def apply(state: State, move: Take, overruled: bool = False) -> State:
    who = to_act(state)
    heap = max(0, state.heap - move.count)
    return state.model_copy(update={"heap": heap, "turn": state.turn + 1,
                                    "winner": state.winner or (who if heap == 0 else None)})


def to_act(state: State) -> str | None:
    return None if state.winner else state.players[state.turn % len(state.players)].name


def with_turn(state: State, player: str) -> State:
    seat = [p.name for p in state.players].index(player)
    n = len(state.players)
    return state.model_copy(update={"turn": state.turn + (seat - state.turn) % n})


def status(state: State) -> list[Reason]:
    return [Reason(rule=R.END, message="the heap is empty but nobody won")] if state.heap == 0 and not state.winner else []


# -- tracker: one verb, `heap N` or `heap -1` ---------------------------------------------------------

class Table(WorkingTable):
    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.heap = state.heap

    def freeze(self) -> State:
        return self.state.model_copy(update={"heap": self.heap})


def _check_heap(state: State, change: Change, found: Findings) -> None:
    if state.winner:
        found.forbid(R.END, f"the game is over: {state.winner} won")


def _stones(state: State, said: str) -> int:
    """The stones a `heap` change leaves: N as said, or +N / -N from the heap now."""
    return state.heap + int(said) if said[:1] in "+-" else int(said)


def _apply_heap(table: Table, change: Change) -> None:
    table.heap = _stones(table.state, change.args[0])
    table.say("heap", f"the heap holds {table.heap}", R.HEAP, amount=table.heap)


def _read_heap(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if len(rest) != 1 or not rest[0].lstrip("+-").isdigit() or not 0 <= _stones(state, rest[0]) <= 100:
        raise MoveSyntaxError("heap: give the stones left (0 to 100), e.g. heap 7, or a change: heap -1")
    return Change(verb=verb, args=(rest[0],))


#: the one verb's row: everything about it, a counter of the table (the page steps it); checked and made by
#: engine.tracking's shared sequence on a Table
VERBS = {"heap": Verb(check=_check_heap, apply=_apply_heap, aliases=("stones",), read=_read_heap,
                      usage="heap N: the stones left in the heap, e.g. `heap 7`",
                      counter=Counter("heap", of_player=False, high=100))}
OPTIONS = {"stones": "stones in the heap at the start (default 10)"}


def new_state(players: list[str], given: dict[str, str]) -> State:
    chosen = options(given, OPTIONS, "nim")
    stones = chosen.get("stones", "10")
    if not stones.isdigit() or not 1 <= int(stones) <= 100:
        raise OptionError(f"stones: {stones!r} is not 1 to 100")
    return State(players=tuple(Player(name=n) for n in players), heap=int(stones))


def summary(state: State) -> dict:
    return {"heap": state.heap, "to_act": to_act(state), "game_over": state.winner is not None,
            "winners": [state.winner] if state.winner else []}
