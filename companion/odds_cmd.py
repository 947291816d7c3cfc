"""`companion odds GAME QUESTION...`: exact chances, thin over each game's engine/<game>/odds.py.

Each game answers its own questions (a small per-game dispatch): `odds catastrophe attack 4 --yarn 2`.
"""
from __future__ import annotations

from typing import List, Optional

import typer

#: game id -> (module with `answer(args, state)` and `describe(result)`, what to ask)
ODDS = {
    "catastrophe": ("engine.catastrophe.odds", "attack N [--yarn K]"),
}


def odds(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game (id or alias)."),
    question: Optional[List[str]] = typer.Argument(None, help="The question, in the game's words (see below)."),
    session: Optional[str] = typer.Option(None, "--session", help="Take the situation from this saved session."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (a stable contract; see docs/cli.md)."),
) -> None:
    """Exact chances for a game with dice.

    \b
      catastrophe attack 4            chance to defend an Attack 4 (roll 4 or higher)
      catastrophe attack 4 --yarn 2   ... when up to 2 Yarn Balls may buy re-rolls
      catastrophe attack              the Attack in play in the current session, with the roller's Yarn Balls
    """
    import importlib

    from engine.base import EngineUnavailable
    from rulesdb.games import resolve_game

    game_id = resolve_game(game)
    if game_id not in ODDS:
        raise EngineUnavailable(f"no odds for {game_id} yet; games with odds: {', '.join(sorted(ODDS))}")
    module = importlib.import_module(ODDS[game_id][0])
    words = list(question or []) + list(ctx.args)
    state = None
    if len([w for w in words if not w.startswith("-")]) <= 1 or session is not None:
        state = _session_state(game_id, session)
    result = module.answer(words, state)
    from companion.render import emit

    emit({"game": game_id, **result}, as_json, module.describe(result))


def _session_state(game: str, session: str | None):
    """The state of the session (current or named) when it plays this game, else None."""
    from companion.track_cmd import _sessions
    from trackers.errors import SessionError

    try:
        with _sessions() as store:
            found, engine, state = store.situation(session)
    except SessionError:
        if session is not None:
            raise
        return None
    return state if found.game == game else None


def register(app: typer.Typer) -> None:
    app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})(odds)
