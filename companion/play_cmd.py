"""`companion check / moves / status / schema`: the move validator, thin over engine/."""
from __future__ import annotations

import json
from pathlib import Path
import typer

JSON_HELP = "Print JSON (a stable contract; see docs/cli.md)."
SITUATION_HELP = "The situation on the table: a TOML or JSON file (see `companion schema GAME`)."


def _engine(game: str):
    from engine import get_engine
    from rulesdb.games import resolve_game

    return get_engine(resolve_game(game))


def read_situation(path: Path) -> dict:
    """Parse a situation file by its extension; SituationError names the file and the problem."""
    from engine.base import SituationError

    from rulesdb import untrusted

    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise SituationError(f"{path}: a situation file ends in .toml or .json")
    raw = untrusted.read_text(path, SituationError)  # a regular file under the size limit
    parse = untrusted.parse_toml if suffix == ".toml" else untrusted.parse_json
    data = parse(raw, path, SituationError)
    if not isinstance(data, dict):
        raise SituationError(f"{path}: the top level must be a table/object")
    return data


def _load(game: str, situation: Path):
    engine = _engine(game)
    return engine, engine.load_state(read_situation(situation), str(situation))


def check(
    game: str = typer.Argument(..., help="The game (id or alias)."),
    situation: Path = typer.Option(..., "--situation", "-s", help=SITUATION_HELP),
    move: str = typer.Option(..., "--move", "-m", help="The play, in the game's notation (see below)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Judge a play: legal or not, the rules that decide it, what happens next, and legal alternatives.

    \b
    Move notation (docs/moves-catopomp.md, docs/moves-theseus.md):
      catopomp  heaven 4 5 then hell 2      Heaven set, then the Hell Domain card
                hell 8 8 + dice 3+5         Hell set with a Dice Boost
                hell 2 3 4 5 then return Luke 2    with the Hell power
                pass then transfer 7        pass; the owner hands a Hell card
      theseus   use Knight explore Paladin  a Party card and its icon ability
                basic recruit Witch         the basic action without a card
                exile party Mage            back down to 4 cards
                end                         end the turn
    """
    engine, state = _load(game, situation)
    verdict = engine.check(state, engine.parse_move(move, state))
    from companion.render import verdict_view

    verdict_view(engine.game, move, verdict, as_json)


def moves(
    game: str = typer.Argument(..., help="The game (id or alias)."),
    situation: Path = typer.Option(..., "--situation", "-s", help=SITUATION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """List every legal play of the player to act."""
    engine, state = _load(game, situation)
    listed = [engine.format_move(m) for m in engine.legal_moves(state)]
    from companion.render import emit

    emit({"game": engine.game, "moves": listed}, as_json, "\n".join(listed) or "No legal move.")


def status(
    game: str = typer.Argument(..., help="The game (id or alias)."),
    situation: Path = typer.Option(..., "--situation", "-s", help=SITUATION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """What is impossible about the described table, each with the rule it breaks."""
    engine, state = _load(game, situation)
    problems = engine.status(state)
    from companion.render import status_view

    status_view(engine.game, problems, as_json)


def schema(game: str = typer.Argument(..., help="The game (id or alias).")) -> None:
    """The JSON Schema of the game's situation file."""
    engine = _engine(game)
    print(json.dumps(engine.State.model_json_schema(), indent=2))


def register(app: typer.Typer) -> None:
    for command in (check, moves, status, schema):
        app.command()(command)
