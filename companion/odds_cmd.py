"""`companion odds GAME ...`: exact odds for games with dice, dispatched per game (one small table).
Each game takes its own question words and options; an option of another game is refused."""
from __future__ import annotations

from typing import List, Optional

import typer

JSON_HELP = "Print JSON (a stable contract; see docs/cli.md)."


def _catharsis(cost: str, dice: Optional[str], rerolls: Optional[int], player: Optional[str],
               session: Optional[str]) -> tuple[dict, str]:
    from engine.catharsis.rules_costs import parse_cost, read_dice, syntax_error
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


def _catastrophe(words: list[str], yarn: Optional[int], player: Optional[str], against: Optional[int],
                 session: Optional[str]) -> tuple[dict, str]:
    from engine.catastrophe.odds import answer, describe

    state = None
    if len(words) <= 1 or session is not None:  # `attack` alone: the Attack in play in the session
        state = _session_state("catastrophe", session)
    result = answer(words, state, yarn=yarn, player=player, against=against)
    return {"game": "catastrophe", **result}, describe(result)


def _session_state(game: str, session: Optional[str]):
    """The state of the session (current or named) when it plays this game, else None."""
    from companion import paths
    from trackers.errors import SessionError
    from trackers.sessions import Sessions

    try:
        with Sessions(paths.data_dir()) as store:
            found, _engine, state = store.situation(session)
    except SessionError:
        if session is not None:
            raise
        return None
    return state if found.game == game else None


#: game id -> (answer(question words, options) -> (JSON, text), the options it takes)
ODDS = {
    "catharsis": (lambda words, o: _catharsis(" ".join(words), o["dice"], o["rerolls"], o["player"], o["session"]),
                  ("dice", "rerolls", "player", "session")),
    "catastrophe": (lambda words, o: _catastrophe(words, o["yarn"], o["player"], o["against"], o["session"]),
                    ("yarn", "player", "against", "session")),
}


def odds(
    game: str = typer.Argument(..., help="The game (id or alias): " + ", ".join(ODDS) + "."),
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
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Exact odds: paying a Catharsis cost with the rerolls left (and which dice to keep), or
    defending a CATastrophe Attack with Yarn Ball re-rolls.

    \b
      catharsis "AA BB" --dice 1,1,2,3,4,5     chance to pay the cost, best dice to keep
      catastrophe attack 4 --yarn 2            chance to defend an Attack 4 with up to 2 re-rolls
      catastrophe attack                       the Attack in play in the current session
      catastrophe attack --player Betty        the same, for another target of it
    """
    from engine.base import EngineError, EngineUnavailable
    from rulesdb.games import resolve_game

    gid = resolve_game(game)
    if gid not in ODDS:
        raise EngineUnavailable(f"no odds for {gid}; games with odds: {', '.join(ODDS)}")
    given = {"dice": dice, "rerolls": rerolls, "player": player, "yarn": yarn, "against": against,
             "session": session}
    fn, takes = ODDS[gid]
    foreign = [f"--{k}" for k, v in given.items() if v is not None and k not in takes]
    if foreign:
        raise EngineError(f"{', '.join(foreign)}: not an odds option of {gid} (its options: "
                          f"{', '.join('--' + t for t in takes)})")
    out, text = fn(list(question), given)
    from companion.render import emit

    emit(out, as_json, text)


def register(app: typer.Typer) -> None:
    app.command()(odds)
