"""The legal plays as typed: what `moves` lists and completion offers, and one player's own now (the
served page's picker: trackers/table_view.py). A misspelt play is matched by the step that read it
(engine/nearest.py). Pure: the engine and the table in."""
from __future__ import annotations


def listed(engine, state, player: str | None = None) -> tuple[list, str | None]:
    """The legal plays (as `player` knows the table, where the game lists so: Plays.legal_for), and
    what was left out: when none can be listed because part of the table is not recorded, those the
    game can still list (Views.partly_listed: for a Catopomp hand known only by its size, the plays
    that need no card from it)."""
    by = engine.plays.legal_for if player is not None else None
    found = by(state, player) if by is not None else engine.plays.legal_moves(state)
    if not found:
        partly = engine.views.partly_listed(state)
        if partly is not None:
            return partly
    return found, None


def legal_texts(engine, state) -> list[str]:
    """The plays `moves` lists, as typed."""
    return [engine.plays.format_move(m) for m in listed(engine, state)[0]]


def plays_for(engine, state, player: str, page: bool = False, aside=None) -> tuple[list[str], str | None]:
    """The plays `moves` lists that `player` makes now (a play naming its maker is theirs when it names
    them, any other is the player to act's, or anyone's when nobody is named to act), as typed; and, when there are none, why (not their turn,
    a hand the table has not recorded, the game over; Views.turn_note: a play out of turn their hand would hold).
    `page`: the why as a served page says it (Views.page_note, where the game has one); `aside`: the
    table's cards the card library set aside (name -> its line), said refused (engine.game Views)."""
    said = (page and engine.views.page_note) or engine.views.moves_note
    moves_note = (lambda s: said(s, aside=aside)) if aside else said
    to_act = engine.turns.to_act(state)
    gone = engine.turns.out(state, player) if to_act is None else None
    if gone is not None:  # anyone may act, but this player takes no further part
        return [], gone.message
    found, left = listed(engine, state, player)  # their own secret hand is theirs to list from
    mine = [engine.plays.format_move(m) for m in found if (engine.turns.mover(state, m) or to_act) in (player, None)]
    if mine:  # off turn, what they may play from a hand not recorded is said beside it (Views.turn_note)
        return mine, left if to_act in (player, None) else left or engine.views.turn_note(state, player)
    if to_act is None:
        return [], moves_note(state) or "nobody is to act"
    if to_act != player:  # who may act, when any play is listed (engine.acting), else the player to act
        acting = (engine.turns.acting(state, page=True) if page else engine.turns.acting(state)) if found else None
        return [], engine.views.turn_note(state, player) or _not_yours(state, acting or to_act, player)
    return [], left or moves_note(state) or "the companion lists no play here"


def whose_turn(state, acting: str) -> str:
    """Who may act, said in a header: "it is Ann's turn" when one player acts; when who may act is a
    sentence (a CATastrophe roll's Yarn Balls: several players, or a play that ends the wait),
    "waiting for" that sentence, never made a name's possessive."""
    if acting in [p.name for p in getattr(state, "players", ())]:
        return f"it is {acting}'s turn"
    return f"waiting for {acting}"


def _not_yours(state, acting: str, player: str) -> str:
    """Why `player` has no play now: "it is Ann's turn, not Ben's" when one player acts, else "not
    Ben's turn now: waiting for ..." (whose_turn)."""
    said = whose_turn(state, acting)
    return f"{said}, not {player}'s" if said.startswith("it is ") else f"not {player}'s turn now: {said}"
