"""`companion odds GAME ...`: exact odds for games with dice, dispatched per game (one small table)."""
from __future__ import annotations

from typing import Optional

import typer

JSON_HELP = "Print JSON (a stable contract; see docs/cli.md)."


def _catharsis(cost: str, dice: Optional[str], rerolls: Optional[int], player: Optional[str],
               session: Optional[str]) -> tuple[dict, str]:
    from engine.catharsis.costs import parse_cost, read_dice, syntax_error
    from engine.catharsis.odds import odds

    parsed = parse_cost(cost)
    values = read_dice(dice) if dice else None
    if values is not None and not 1 <= len(values) <= 6:
        raise syntax_error(f"--dice {dice!r}: give 1 to 6 dice, e.g. --dice 3,3,4,5,6,6")
    left = rerolls
    if player or session:
        from companion import paths
        from engine.words import match
        from trackers.sessions import Sessions

        with Sessions(paths.data_dir()) as store:
            state = store.show(session).state
        if not hasattr(state, "players") or not hasattr(state.players[0], "dice"):
            raise syntax_error("the session is not a Catharsis game; give --dice instead")
        names = [p.name for p in state.players]
        if not player:
            raise syntax_error(f"name the player whose dice count: --player {' | '.join(names)}")
        who = next(p for p in state.players if p.name == match(player, names, "player", hint="nearest"))
        if values is None:
            values = [d.value for d in who.dice if not d.used] or None
            if values is None:
                raise syntax_error(f"{who.name} has no unused dice rolled this phase; give --dice 3,3,4,5,6,6")
        if left is None:
            left = max(0, 2 - who.rerolls)
    if left is None:
        left = 2
    if not 0 <= left <= 2:
        raise syntax_error(f"--rerolls {left}: a player rerolls at most 2 times a phase (0, 1 or 2)")
    result = odds(parsed, left, values)
    out = {"game": "catharsis", "cost": parsed.text(), **result.as_json()}
    pct = f"{float(result.probability):.2%}"
    frm = f"from {' '.join(map(str, sorted(values)))}" if values else "from a fresh roll of 6 dice"
    lines = [f"{parsed.text()}: {pct} ({out['fraction']}) {frm} with {left} reroll{'s' if left != 1 else ''} "
             f"(no reroll: {float(result.without_reroll):.2%})"]
    if result.keep is not None and result.probability < 1 and left:
        keep = " ".join(map(str, result.keep)) or "nothing"
        lines.append(f"best now: keep {keep}, reroll {' '.join(map(str, result.reroll)) or 'nothing'}")
    return out, "\n".join(lines)


ODDS = {"catharsis": _catharsis}


def odds(
    game: str = typer.Argument(..., help="The game (id or alias): " + ", ".join(ODDS) + "."),
    cost: str = typer.Argument(..., help='The cost, e.g. "AA BB", "3 ? ?", "2 || 4".'),
    dice: Optional[str] = typer.Option(None, "--dice", help="The dice showing now, e.g. 3,3,4,5,6,6 "
                                       "(default: the player's tracked dice, or a fresh roll)."),
    rerolls: Optional[int] = typer.Option(None, "--rerolls", help="Rerolls left (default: 2, or what the "
                                          "tracked player has left)."),
    player: Optional[str] = typer.Option(None, "--player", "-p", help="Use this player's dice from the session."),
    session: Optional[str] = typer.Option(None, "--session", help="The session (default: the current one)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """The exact odds of paying a cost with the rerolls left, under the best reroll strategy,
    and which dice to keep now (Catharsis)."""
    from rulesdb.games import resolve_game

    gid = resolve_game(game)
    if gid not in ODDS:
        from engine.base import EngineUnavailable

        raise EngineUnavailable(f"no odds for {gid}; games with odds: {', '.join(ODDS)}")
    out, text = ODDS[gid](cost, dice, rerolls, player, session)
    from companion.render import emit

    emit(out, as_json, text)


def register(app: typer.Typer) -> None:
    app.command()(odds)
