"""`companion odds GAME ...`: exact odds for games with dice, through the `Engine.odds` hook.
Each game takes its own question words and options; an option of another game is refused."""
from __future__ import annotations

import inspect
from typing import List, Optional

import typer

from companion.stores import open_sessions


def options_of(engine) -> tuple[str, ...]:
    """The options a game's odds take: the keyword-only parameters of its `Engine.odds`."""
    return tuple(name for name, p in inspect.signature(engine.odds).parameters.items()
                 if p.kind is inspect.Parameter.KEYWORD_ONLY)


def games_with_odds() -> list[str]:
    """The games whose declaration answers dice questions (declares `odds`); loads every game."""
    from engine import GAMES, declaration

    return sorted(game for game in GAMES if declaration(game).views.odds is not None)


def session_table(game: str, session: Optional[str]):
    """`table(needed)` for Engine.odds: the state of the session (current, or `session`) when it plays
    `game`, else None; no session at all is an error when `needed` or when `session` was named."""

    def table(needed: bool):
        from trackers.errors import SessionError

        try:
            with open_sessions(reading=True) as store:
                found, _engine, state = store.situation(session)
        except SessionError:
            if needed or session is not None:
                raise
            return None
        return state if found.game == game else None

    return table


def odds(
    game: str = typer.Argument(..., help="The game (id or alias): catharsis, catastrophe."),
    question: List[str] = typer.Argument(..., help='The question: a Catharsis cost ("AA BB", "3 ? ?", '
                                         '"2 || 4"), or for CATastrophe `attack N` (or `attack` for the session\'s).'),
    dice: Optional[str] = typer.Option(None, "--dice", help="Catharsis: the dice showing now, e.g. 3,3,4,5,6,6 "
                                       "(default: the player's tracked dice, or a fresh roll)."),
    rerolls: Optional[int] = typer.Option(None, "--rerolls", help="Catharsis: rerolls left (default: 2, or what "
                                          "the tracked player has left)."),
    player: Optional[str] = typer.Option(None, "--player", "-p", help="Catharsis: use this player's dice from the "
                                         "session. CATastrophe: the target of the session's Attack to answer for "
                                         "(default: who rolls now)."),
    yarn: Optional[int] = typer.Option(None, "--yarn", help="CATastrophe: Yarn Balls that may buy re-rolls "
                                       "(default 0, or the roller's basket for the session's Attack)."),
    against: Optional[int] = typer.Option(None, "--against", help="CATastrophe: Yarn Balls the other cats spend "
                                          "to make the roller re-roll a good roll (default 0)."),
    session: Optional[str] = typer.Option(None, "--session", help="The session (default: the current one)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (a stable contract; see docs/cli.md)."),
) -> None:
    """Exact odds: paying a Catharsis cost, or defending a CATastrophe Attack.

    A Catharsis cost: the chance to pay it with the rerolls left, and which dice to keep now. A
    CATastrophe `attack N`: the chance to defend it, with the Yarn Balls that may buy re-rolls; `attack`
    alone takes the Attack in play in the current session (--player: another target of it).

    \b
    Examples:
      companion odds catharsis "AA BB" --dice 1,1,2,3,4,5 --rerolls 2
      companion odds catastrophe attack 4 --yarn 2
      companion odds catastrophe attack
      companion odds catastrophe attack --player ben
    """
    from engine import get_engine
    from engine.base import EngineError, EngineUnavailable
    from rulesdb.games import resolve_game

    engine = get_engine(resolve_game(game))
    given = {k: v for k, v in dict(dice=dice, rerolls=rerolls, player=player, yarn=yarn, against=against,
                                   session=session).items() if v is not None}
    takes = options_of(engine)
    foreign = [f"--{k}" for k in given if k not in takes]
    if foreign and takes:
        raise EngineError(f"{', '.join(foreign)}: not an odds option of {engine.game} (its options: "
                          f"{', '.join('--' + t for t in takes)})")
    if dice is not None and not dice.strip():  # `--dice ""`: not a fresh roll, a value left out
        raise EngineError("--dice is empty: give the dice showing, e.g. --dice 3,3,4,5,6,6 "
                          "(leave it out for a fresh roll)")
    try:
        out, text = engine.odds(list(question), session_table(engine.game, session), **given)
    except EngineUnavailable as exc:  # a game without dice odds: name the games with them
        raise EngineUnavailable(f"{exc}; games with odds: {', '.join(games_with_odds())}") from None
    from companion.render import emit

    emit(out, as_json, text)


def register(app: typer.Typer) -> None:
    app.command()(odds)
