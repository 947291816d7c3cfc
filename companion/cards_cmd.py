"""`companion cards ...`: the card library per game (trackers/library.py), thin over it."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from companion import complete, paths, render
from companion.stores import open_sessions
from engine.library import library_schema, typed_fields
from rulesdb.games import resolve_game
from trackers.library import Library, differences, unknown_cards

JSON_HELP = "Print JSON (a stable contract; see docs/cli.md)."
Game = Annotated[str, typer.Argument(help="The game (id or alias).", autocompletion=complete.games)]
Card = Annotated[str, typer.Argument(help="The card (any part of its name).")]
Json = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
FIELDS = {"ignore_unknown_options": True, "allow_extra_args": True}

cards_app = typer.Typer(
    no_args_is_help=True,
    help="The table's card library per game: cards described once, used by every new session.\n\n"
    "Situation files use it too (docs/cards.md). Fields are the game's catalogue fields (`companion cards schema GAME` lists them).\n\n"
    "\b\nExamples:\n  companion cards add catharsis \"Fire Bolt\" --bottom \"BB 4 || 6 6\"\n"
    "  companion cards list theseus",
)


def _library(game: str):
    return Library(paths.data_dir(), resolve_game(game))


def _entry_text(card: dict) -> str:
    import json  # in the functions that print it: the CLI loads this module for every command

    lines = [f"{card['name']} ({card['game']}; {card['origin']})"]
    lines += [f"  {k}: {json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v}"
              for k, v in card["entry"].items() if k != "name"]
    if card["unknown"]:
        lines.append(f"  unknown: {', '.join(card['unknown'])}")
    lines += [f"  session {d['session']}: {d['change']}" for d in card.get("sessions", [])]
    return "\n".join(lines)


@cards_app.command(context_settings=FIELDS)
def add(ctx: typer.Context, game: Game, name: Annotated[str, typer.Argument(help="The card's name as printed.")],
        as_json: Json = False) -> None:
    """Add a card: `--FIELD VALUE` for each field the game's catalogue has (`--top.cost 4` for one part).

    \b
    Examples:
      companion cards add catharsis "Fire Bolt" --bottom "BB 4 || 6 6"
      companion cards add theseus Oracle --rank 2 --icon explore --vp 1
    """
    library = _library(game)
    card = library.add(name.strip(), typed_fields(library.model, list(ctx.args)))
    render.emit(card, as_json, "Added to the library:\n" + _entry_text(card))


@cards_app.command(context_settings=FIELDS)
def edit(ctx: typer.Context, game: Game, name: Card, as_json: Json = False) -> None:
    """Change or add fields of a card (a catalogue card keeps the fields not given).

    \b
    Examples:
      companion cards edit catharsis nail --top.cost 3
    """
    library = _library(game)
    fields = typed_fields(library.model, list(ctx.args))
    if not fields:  # nothing to change: refused, after an unknown card (said first)
        from engine.library import LibraryError

        found = library.find(name)
        raise LibraryError(f"nothing to change: give the fields of {found} to change, e.g. `companion cards edit "
                           f"{library.game} \"{found}\" --FIELD VALUE` (`companion cards schema {library.game}` "
                           "lists the fields)")
    card = library.edit(name, fields)
    render.emit(card, as_json, "Changed in the library:\n" + _entry_text(card))


@cards_app.command()
def show(game: Game, name: Card, as_json: Json = False) -> None:
    """What the library and catalogue say of a card, and where the current session's version differs.

    \b
    Examples:
      companion cards show catharsis bolt
    """
    library = _library(game)
    entries = library.entries(keep=True)  # read (and checked) once
    card = library.card(library.find(name, entries), entries)
    card["sessions"] = [d for d in _session_differences(library) if d["card"].casefold() == card["name"].casefold()]
    render.emit(card, as_json, _entry_text(card))


def _session_differences(library) -> list[dict]:
    """The current session's cards whose library version differs (the session of this game only)."""
    if not (paths.data_dir() / "sessions.sqlite3").exists():
        return []
    with open_sessions(reading=True) as store:
        name = store.current_name()
        session = store.get(name) if name else None
    if session is None or session.game != library.game:
        return []
    return [{"session": session.name, **d} for d in differences(library, session)]


@cards_app.command("list")
def list_(
    game: Game,
    unknown: bool = typer.Option(False, "--unknown", help="Only cards the game's sessions used that nothing "
                                 "describes, or that have unknown fields."),
    as_json: Json = False,
) -> None:
    """Every card of the game: the catalogue's and the library's.

    \b
    Examples:
      companion cards list theseus
      companion cards list theseus --unknown
    """
    library = _library(game)
    if unknown:
        with open_sessions(reading=True) as store:
            rows = unknown_cards(library, store)
        text = "\n".join(f"{r['name']}: {r['why']}" for r in rows) or "Every card the sessions used is described."
        render.emit({"game": library.game, "unknown": rows}, as_json, text)
        return
    cards = library.listing()
    text = "\n".join(f"{c['name']} ({c['origin']})" + (f"; unknown: {', '.join(c['unknown'])}" if c["unknown"] else "")
                     for c in cards) or f"No cards for {library.game} yet: companion cards add {library.game} NAME ..."
    render.emit({"game": library.game, "cards": cards}, as_json, text)


@cards_app.command()
def remove(game: Game, name: Card, as_json: Json = False) -> None:
    """Remove a card's library entry (a catalogue card goes back to the catalogue's facts).

    \b
    Examples:
      companion cards remove catharsis "Fire Bolt"
    """
    done = _library(game).remove(name)
    render.emit(done, as_json, f"Removed {done['name']} from the {done['game']} library"
                + (" (the shipped catalogue's entry stands)" if done["catalogue"] else "") + ".")


@cards_app.command("import")
def import_(game: Game,
            file: Annotated[Path, typer.Argument(help="A .toml or .json file of entries in the catalogue's shape.")],
            as_json: Json = False) -> None:
    """Add a file's cards to the library (each replaces the library's entry of its name); all or nothing.

    \b
    Examples:
      companion cards import theseus our-cards.toml
    """
    done = _library(game).import_(file)
    render.emit(done, as_json, f"Imported {len(done['imported'])} card(s) into the {done['game']} library.")


@cards_app.command()
def export(game: Game, file: Annotated[Path, typer.Argument(help="Where to write: .toml or .json.")],
           as_json: Json = False) -> None:
    """Write the library's entries to a file (TOML or JSON by its suffix).

    \b
    Examples:
      companion cards export theseus our-cards.toml
    """
    done = _library(game).export(file)
    render.emit(done, as_json, f"Wrote {len(done['exported'])} card(s) of the {done['game']} library to {done['file']}.")


@cards_app.command()
def schema(
    game: Game,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP + " (the schema is JSON either way)"),
) -> None:
    """The JSON Schema of the game's library and import files (docs/cards/GAME.schema.json).

    \b
    Examples:
      companion cards schema catastrophe
    """
    import json

    library = _library(game)
    print(json.dumps(library_schema(library.State, library.game), indent=1, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    app.add_typer(cards_app, name="cards")

