"""The rules reference for people: search hits, entries, the glossary, the table of contents, the
game list and imported sources (render.py holds the console, the fitting and the table views)."""
from __future__ import annotations

import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from companion.render import Out, console, emit, grid_parts, print_json, visible


def reflow(text: str) -> list[str]:
    """Lines of a data text joined into paragraphs (fit_text breaks them at the width), keeping list items."""
    out: list[str] = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line:
            if out and out[-1]:
                out.append("")
        elif out and out[-1] and not re.match(r"^([-*•]|\(?\d+[.)]|[a-z][.)]\s)", line):
            out[-1] += " " + line
        else:
            out.append(line)
    return out


def games_view(as_json: bool) -> None:
    from rulesdb.games import all_games

    games = all_games()
    if as_json:
        print_json([
            {"id": g.id, "name": g.name, "aliases": list(g.aliases), "kind": g.kind,
             "min_players": g.min_players, "max_players": g.max_players, "players_note": g.players_note}
            for g in games
        ])
        return
    from rich.text import Text

    grid = [["id", "name", "players", "aliases"]]
    grid += [[g.id, Text.assemble(g.name, "\n", (g.kind, "dim")), Text.assemble(g.players, "\n", (g.players_note, "dim")),
              ", ".join(g.aliases)] for g in games]
    out = Out()
    for part in grid_parts("Games", grid, out.width, wrap={1, 2, 3}):
        out.block(part)


def search_view(result, as_json: bool) -> None:
    if as_json:
        print_json(result.as_json())
        return
    from rich.text import Text

    # One Text of styled pieces, printed in one call: no markup for rich to parse (the shell prints
    # a search in a few milliseconds), the same characters and styles as markup would give.
    out = Text()

    def line(*pieces: tuple[str, str] | str) -> None:
        if out:
            out.append("\n")
        for piece in pieces:
            text, style = (piece, "") if isinstance(piece, str) else piece
            out.append(visible(text), style)

    where = f" in {result.game}" if result.game else ""
    if not result.results:
        line(f"No rules match {result.query!r}{where}.")
    elif result.coverage != "covered":
        line((f"The rulebooks do not seem to cover this{where}.", "yellow"),
             " The closest entries, which may not answer it:")
    for n, hit in enumerate(result.results, start=1):
        source = () if hit.source == "built-in" else ("  ", (f"source: {hit.source}", "magenta"))
        line((f"{n}. {hit.title}", "bold"), "  ", (hit.id, "cyan"), "  ", (hit.game, "dim"), *source)
        parts = re.split(r"\*\*(.+?)\*\*", hit.snippet)  # the snippet's ** ** marks: the words asked
        line("   ", *((p, "bold yellow") if i % 2 else p for i, p in enumerate(parts)))
        for x in hit.exceptions:
            line("   ", ("Except", "red"), f" when {x['when']}: {x['title']}  ", (x["id"], "cyan"))
        for g in hit.exception_to:
            line("   ", ("Exception to:", "dim"), f" {g['title']}  ", (g["id"], "cyan"))
    if result.did_you_mean:
        line(("Did you mean:", "dim"), " " + ", ".join(result.did_you_mean))
    if result.results:
        line((f"Show one in full: companion rules show {result.results[0].id}", "dim"))
    Out()(out)


def _rule_lines(entry: dict, indent: str = "") -> list[str]:
    from rich.markup import escape

    tag = "" if entry["kind"] == "rule" else f" [magenta]({entry['kind']})[/]"
    lines = [f"{indent}[bold]{escape(entry['title'])}[/]{tag}  [cyan]{entry['id']}[/]"]
    lines += [f"{indent}{escape(line)}" for line in reflow(entry["text"])]
    if entry.get("unclear"):
        lines.append(f"{indent}[yellow]Unclear in the rulebook:[/] {escape(entry['unclear'])}")
    return lines


def _exception_lines(exceptions, exception_to, indent: str) -> list[str]:
    """A rule's exceptions (and the rules it is an exception to), one line each."""
    from rich.markup import escape

    lines = [f"{indent}[red]Except[/] when {escape(x['when'])}: {escape(x['title'])}  [cyan]{x['id']}[/]" for x in exceptions]
    lines += [f"{indent}[dim]Exception to:[/] {escape(g['title'])}  [cyan]{g['id']}[/]" for g in exception_to]
    return lines


def show_view(entry: dict, as_json: bool) -> None:
    if as_json:
        print_json(entry)
        return
    from rich.markup import escape

    out = Out()
    kind = entry["kind"]
    if kind == "section":
        out(f"[bold underline]{escape(' › '.join(entry['section_path']))}[/]  [cyan]{entry['id']}[/]  [dim]rulebook: {escape(entry['source'])}[/]")
        for rule in entry["entries"]:
            out()
            out("\n".join(_rule_lines(rule, "  ")
                           + _exception_lines(rule.get("exceptions", []), rule.get("exception_to", []), "    ")))
        return
    if kind == "term":
        define_view([entry], False)
        return
    if kind == "imported":
        out(f"[bold]{escape(entry['title'])}[/]  [cyan]{entry['id']}[/]  [magenta]source: {escape(entry['source'])}[/]")
        out(escape(entry["text"]))
        return
    out(f"[dim]{escape(entry['game'])} › {escape(' › '.join(entry['section_path']))}[/]")
    out("\n".join(_rule_lines(entry)))
    if entry.get("exceptions"):
        out("Exceptions:")
    if entry.get("exceptions") or entry.get("exception_to"):
        for line in _exception_lines(entry.get("exceptions", []), entry.get("exception_to", []), "  "):
            out(line)
    out(f"[dim]Rulebook section: {escape(entry['source'])}[/]")
    if entry["see_also"]:
        out("See also:")
        for other in entry["see_also"]:
            out(f"  [cyan]{other['id']}[/]  {escape(other['title'])}")


def define_view(entries: list, as_json: bool) -> None:
    from rulesdb.glossary import as_json as term_json

    data = [e if isinstance(e, dict) else term_json(e) for e in entries]
    if as_json:
        print_json(data[0] if len(data) == 1 else data)
        return
    from rich.markup import escape

    lines = []  # one print, as in search_view
    for n, t in enumerate(data):
        if n:
            lines.append("")
        lines.append(f"[bold]{escape(t['term'])}[/]  [dim]{t['game']}[/]  [cyan]{t['id']}[/]")
        lines += [escape(line) for line in reflow(t["definition"])]
        if t["aliases"]:
            lines.append(f"[dim]Also called: {escape(', '.join(t['aliases']))}[/]")
        lines.append("Rules: " + ", ".join(f"[cyan]{r['id']}[/] ({escape(r['title'])})" for r in t["rules"]))
    Out()("\n".join(lines))


def toc_view(game: str | None, as_json: bool) -> None:
    from rulesdb.games import GAME_IDS, all_games
    from rulesdb.reference import reference

    ref = reference()
    names = {g.id: g.name for g in all_games()}
    games = [game] if game else list(GAME_IDS)

    def section_json(sec) -> dict:
        return {
            "id": sec.id,
            "title": sec.title,
            "rules": [{"id": r.id, "title": r.title, "kind": r.kind} for r in ref.rules.values() if r.section == sec.id],
            "sections": [section_json(s) for s in ref.sections.values() if s.parent == sec.id],
        }

    data = [
        {"game": g, "name": names[g],
         "sections": [section_json(s) for s in ref.game_sections(g) if s.parent is None],
         "glossary_terms": len(ref.terms(g))}
        for g in games
    ]
    if as_json:
        print_json(data if game is None else data[0])
        return
    from rich.markup import escape
    from rich.tree import Tree

    def add(node, sec: dict) -> None:
        branch = node.add(f"[bold]{escape(sec['title'])}[/]  [cyan]{sec['id']}[/]")
        for r in sec["rules"]:
            tag = "" if r["kind"] == "rule" else f" [magenta]({r['kind']})[/]"
            branch.add(f"{escape(r['title'])}{tag}  [dim]{r['id']}[/]")
        for sub in sec["sections"]:
            add(branch, sub)

    out = console()
    for g in data:
        tree = Tree(f"[bold underline]{escape(g['name'])}[/]  [cyan]{g['game']}[/]")
        for sec in g["sections"]:
            add(tree, sec)
        tree.add(f"[bold]Glossary[/]: {g['glossary_terms']} terms  [dim]companion rules define TERM --game {g['game']}[/]")
        out.print(tree)


@contextmanager
def index_build_bar(after: float = 0.3):
    """A progress bar on stderr while the search index is built (the first search after an install
    or an update), shown on a terminal only and only once the build has run `after` seconds, so a
    quick build draws nothing and piped output stays clean."""
    if not sys.stderr.isatty():
        yield None
        return
    start, shown = time.monotonic(), []

    def tick(done: int) -> None:
        if not shown:
            if time.monotonic() - start < after:
                return
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            bar = Progress(TextColumn("Building the search index (once after an install or an update)"),
                           BarColumn(), TextColumn("{task.completed} entries"), TimeElapsedColumn(),
                           console=Console(stderr=True), transient=True)
            bar.start()
            shown.append((bar, bar.add_task("index", total=None)))
        bar, task = shown[0]
        bar.update(task, completed=done)

    try:
        yield tick
    finally:
        if shown:
            shown[0][0].stop()


def import_view(game: str, file: Path, name, sources_dir: Path, cache_dir: Path, as_json: bool) -> None:
    """Import a rulebook copy, with a progress bar for large files, then rebuild the index."""
    from rulesdb.sources import cancelled_import

    with cancelled_import(sources_dir, cache_dir) as written:
        source = _imported(game, file, name, sources_dir, cache_dir, as_json, written)
    summary = {"name": source["name"], "game": game, "file": source["file"], "sections": len(source["sections"])}
    emit(summary, as_json,
         f"Imported {file} as source {source['name']!r} for {game}: {len(source['sections'])} sections. "
         f"Search it with: companion rules search QUERY --game {game}")


def _imported(game: str, file: Path, name, sources_dir: Path, cache_dir: Path, as_json: bool, written: list) -> dict:
    """The source stored and indexed (a progress bar for large files); `written` gets its name as soon
    as its file exists, so a Ctrl-C can take it back."""
    from rulesdb.index import open_index
    from rulesdb.sources import import_rulebook

    big = file.is_file() and file.stat().st_size > 200_000 and not as_json
    if big:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            lines = max(1, file.read_bytes().count(b"\n"))
            task = bar.add_task("Splitting into sections", total=lines)
            source = import_rulebook(game, file, sources_dir, name, lambda n: bar.update(task, completed=n))
            written.append(source["name"])
            task2 = bar.add_task("Indexing", total=len(source["sections"]))
            open_index(cache_dir, sources_dir, lambda n: bar.update(task2, completed=n))
    else:
        source = import_rulebook(game, file, sources_dir, name)
        written.append(source["name"])
        open_index(cache_dir, sources_dir)
    return source


def sources_view(sources_dir: Path, as_json: bool) -> None:
    from rulesdb.reference import reference
    from rulesdb.sources import load_sources

    ref = reference()
    rows = [{"name": "built-in", "game": "all", "sections": len(ref.rules) + len(ref.glossary), "file": None, "imported": None}]
    rows += [
        {"name": s["name"], "game": s["game"], "sections": len(s["sections"]), "file": s.get("file"), "imported": s.get("imported")}
        for s in load_sources(sources_dir)
    ]
    if as_json:
        print_json(rows)
        return
    grid = [["name", "game", "entries", "file", "imported"]]
    grid += [[r["name"], r["game"], str(r["sections"]), r["file"] or "(the project's own reference)", r["imported"] or ""]
             for r in rows]
    out = Out()
    for part in grid_parts("Sources", grid, out.width, wrap={3}):
        out.block(part)
