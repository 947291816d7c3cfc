"""`companion rules ...`: search, show, define, toc, and the user's imported sources."""
import gc
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from companion import complete, paths, render_rules
from companion.failure import FINDING, Finding, answered
from rulesdb.games import GAME_IDS, resolve_game

rules_app = typer.Typer(help="Look up rules: search in your own words, show by id, define terms.\n\n\b\nExamples:\n"
                        "  companion rules search \"can I reroll just one die?\" --game catharsis\n"
                        "  companion rules define enforcer", no_args_is_help=True)

Game = Annotated[Optional[str], typer.Option("--game", "-g", help=f"Only this game (id or alias: {', '.join(GAME_IDS)}).",
                                             autocompletion=complete.games)]
Json = Annotated[bool, typer.Option("--json", help="Print JSON (a stable contract; see docs/cli.md).")]


@rules_app.command()
def search(
    query: List[str] = typer.Argument(..., help="Your question, in your own words."),
    game: Game = None,
    limit: int = typer.Option(5, "--limit", "-n", min=1, max=50, help="How many hits to show."),
    as_json: Json = False,
) -> None:
    """Search the rules and glossary in your own words, typos and all.

    \b
    Examples:
      companion rules search "can I reroll just one die?" --game catharsis
      companion rules search reaper moves up -g catastrophe --limit 3
    """
    game_id = None if game is None else resolve_game(game)
    from rulesdb.search import search as run_search

    result = run_search(" ".join(query), paths.cache_dir(), paths.sources_dir(), game=game_id, limit=limit,
                        on_build=render_rules.index_build_bar)
    if result.coverage == "uncovered":  # no rule found: the closest entries, said as such (exit 1)
        answered(FINDING)
    render_rules.search_view(result, as_json)


@rules_app.command()
def show(rule_id: Annotated[str, typer.Argument(metavar="ID", help="A rule, section or glossary id, e.g. "
                                                 "catopomp.dice-boost.", autocompletion=complete.rule_ids)],
         as_json: Json = False) -> None:
    """Show a whole rule entry and its see-also list; a section id shows all its entries.

    \b
    Examples:
      companion rules show catopomp.dice-boost.used-dice-card
      companion rules show catopomp.dice-boost
    """
    from rulesdb.lookup import lookup

    render_rules.show_view(lookup(rule_id.strip(), paths.sources_dir()), as_json)


@rules_app.command()
def define(
    term: List[str] = typer.Argument(..., help="A term or alias, typos allowed, e.g. hell domain."),
    game: Game = None,
    as_json: Json = False,
) -> None:
    """Look up a glossary term; without --game, a term found in several games shows each.

    \b
    Examples:
      companion rules define enforcer
      companion rules define "hell domain" --game catopomp
    """
    game_id = None if game is None else resolve_game(game)
    from rulesdb.glossary import UnknownTerm, define as run_define

    try:
        found = run_define(" ".join(term), game_id)
    except UnknownTerm as exc:  # no term found: a finding (exit 1), as no rule found; an empty one is bad input
        if not str(exc).startswith("no glossary term"):
            raise
        raise Finding(str(exc)) from None
    render_rules.define_view(found, as_json)


@rules_app.command()
def toc(game: Game = None, as_json: Json = False) -> None:
    """The reference's table of contents: sections and their rule ids.

    \b
    Examples:
      companion rules toc --game catharsis
    """
    game_id = None if game is None else resolve_game(game)
    from rulesdb.lookup import table_of_contents

    render_rules.toc_view(table_of_contents(game_id), as_json, one_game=game_id is not None)


@rules_app.command("import")
def import_(
    game: str = typer.Argument(..., help="The game this rulebook is for.", autocompletion=complete.games),
    file: Path = typer.Argument(..., help="Your copy of the rulebook: plain text or Markdown."),
    name: Optional[str] = typer.Option(None, "--name", help="The source's name (default: from the file name)."),
    as_json: Json = False,
) -> None:
    """Index your own copy of a rulebook as a separate, searchable source.

    \b
    Examples:
      companion rules import catopomp my-copy.md --name my-copy
    """
    game_id = resolve_game(game)
    gc.enable()  # splitting and indexing a rulebook allocates much (docs/architecture.md, Start-up)
    from rulesdb.importing import import_and_index
    from rulesdb.sources import cancelled_import

    sources, cache = paths.sources_dir(), paths.cache_dir()
    big = file.is_file() and file.stat().st_size > 200_000 and not as_json  # a bar only where it helps
    with cancelled_import(sources, cache) as written, render_rules.import_bar(big) as progress:
        summary = import_and_index(game_id, file, sources, cache, name, written, progress)
    from companion.render import emit

    game_id = summary["game"]
    emit(summary, as_json, f"Imported {file} as source {summary['name']!r} for {game_id}: {summary['sections']} "
         f"sections. Search it with: companion rules search QUERY --game {game_id}")


@rules_app.command()
def sources(as_json: Json = False) -> None:
    """List the sources: the built-in reference and your imported rulebooks.

    \b
    Examples:
      companion rules sources
    """
    from rulesdb.sources import source_list

    render_rules.sources_view(source_list(paths.sources_dir()), as_json)


@rules_app.command()
def remove(name: Annotated[str, typer.Argument(help="The imported source to remove.")], as_json: Json = False) -> None:
    """Remove an imported rulebook source.

    \b
    Examples:
      companion rules remove my-copy
    """
    from companion.render import emit
    from rulesdb.sources import remove_source

    removed = remove_source(paths.sources_dir(), name)
    damaged = "" if removed["game"] else " (it was damaged)"
    emit({"removed": removed["name"], "game": removed["game"]}, as_json, f"Removed source {removed['name']}{damaged}.")


def register(app: typer.Typer) -> None:
    app.add_typer(rules_app, name="rules")
