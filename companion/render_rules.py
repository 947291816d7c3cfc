"""The rules reference for people: search hits, entries, the glossary, the table of contents, the
game list and imported sources (render.py holds the console, the fitting and the table views)."""
from __future__ import annotations

import gc
import re
import sys
import time
from contextlib import contextmanager

from companion.render import Out, print_json


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


def games_view(games, as_json: bool) -> None:
    if as_json:
        print_json([g.as_json() for g in games])
        return
    from rich.text import Text

    grid = [["id", "name", "players", "aliases"]]
    grid += [[g.id, Text.assemble(g.name, "\n", (g.kind, "dim")), Text.assemble(g.players, "\n", (g.players_note, "dim")),
              ", ".join(g.aliases)] for g in games]
    Out().grid("Games", grid, wrap={1, 2, 3})


def search_view(result, as_json: bool) -> None:
    if as_json:
        print_json(result.as_json())
        return
    # One text of styled pieces, printed at once: no markup to parse, and no rich at all where
    # writer.py writes rich's bytes (Out.pieces); the same characters and styles as markup would give.
    out: list[tuple[str, str] | str] = []

    def line(*pieces: tuple[str, str] | str) -> None:
        if out:
            out.append("\n")
        out.extend(pieces)

    where = f" in {result.game}" if result.game else ""
    if not result.results:
        line(f"No rules match {result.query!r}{where}.")
    elif result.coverage != "covered":
        line((f"The rulebooks do not seem to cover this{where}.", "yellow"),
             " The closest entries, which may not answer it:")
    for n, hit in enumerate(result.results, start=1):
        line((f"{n}. {hit.title}", "bold"), "  ", (hit.id, "cyan"), "  ", (hit.game, "dim"), "  ", _origin(hit))
        parts = re.split(r"\*\*(.+?)\*\*", hit.snippet)  # the snippet's ** ** marks: the words asked
        line("   ", *((p, "bold yellow") if i % 2 else p for i, p in enumerate(parts)))
        for x in hit.exceptions:
            line("   ", ("Except", "red"), f" when {x['when']}: {x['title']}  ", (x["id"], "cyan"))
        for g in hit.exception_to:
            line("   ", ("Exception to:", "dim"), f" {g['title']}  ", (g["id"], "cyan"))
    if result.coverage == "covered":
        _how_sure(result, line)
    if result.did_you_mean:
        line(("Did you mean:", "dim"), " " + ", ".join(result.did_you_mean))
    if result.results:
        line((f"Show one in full: companion rules show {result.results[0].id}", "dim"))
    Out().pieces(out)


def _how_sure(result, line) -> None:
    """One line when the first hit is not clearly the answer: close hits from other games ("also in
    Catopomp: ..."), or a second hit scoring nearly as well."""
    also = getattr(result, "also", [])
    if also:
        from rulesdb.games import all_games

        names = {g.id: g.name for g in all_games()}
        line(("Not sure which game:", "yellow"),
             "; ".join(f" also in {names.get(h.game, h.game)}: {h.title} ({h.id})" for h in also))
    elif getattr(result, "close", None) is not None:
        line(("Close call:", "yellow"), f" {result.close.title} ({result.close.id}) answers nearly as well; read both.")


def _origin(hit) -> tuple[str, str]:
    """Where a hit comes from, in a few words: the built-in reference, the player's imported copy
    (by name) or the companion's reading of a passage the rulebook leaves unclear."""
    origin = getattr(hit, "provenance", None) or {}
    if hit.source != "built-in" or origin.get("kind") == "imported":
        return (f"source: {hit.source} (your imported copy)", "magenta")
    if origin.get("kind") == "reading":
        return (f"our reading (unclear in {', '.join(origin['passages'])})", "yellow")
    return ("reference", "dim")


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
    out.lines(_exception_lines(entry.get("exceptions", []), entry.get("exception_to", []), "  "))
    out(f"[dim]Rulebook section: {escape(entry['source'])}[/]")
    if entry["see_also"]:
        out("See also:")
        out.lines(f"  [cyan]{other['id']}[/]  {escape(other['title'])}" for other in entry["see_also"])


def define_view(entries: list, as_json: bool) -> None:
    from rulesdb.glossary import as_json as term_json

    data = [e if isinstance(e, dict) else term_json(e) for e in entries]
    if as_json:
        print_json(data[0] if len(data) == 1 else data)
        return
    pieces: list[tuple[str, str] | str] = []  # one print of styled pieces, as in search_view
    for n, t in enumerate(data):
        if n:
            pieces.append("\n\n")
        pieces += [(t["term"], "bold"), "  ", (t["game"], "dim"), "  ", (t["id"], "cyan")]
        pieces += ["\n" + line for line in reflow(t["definition"])]
        if t["aliases"]:
            pieces += ["\n", (f"Also called: {', '.join(t['aliases'])}", "dim")]
        pieces.append("\nRules: ")
        for k, r in enumerate(t["rules"]):
            pieces += [", " if k else "", (r["id"], "cyan"), f" ({r['title']})"]
    Out().pieces(pieces)


def toc_view(data: list[dict], as_json: bool, one_game: bool = False) -> None:
    if as_json:
        print_json(data[0] if one_game else data)
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

    out = Out().console
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
    gc.enable()  # a build allocates much (docs/architecture.md, Start-up)
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


@contextmanager
def import_bar(show: bool):
    """A progress callback (stage, done, total) for a rulebook import, drawing "split" and "index"
    bars; None when `show` is false (a small file, or --json)."""
    if not show:
        yield None
        return
    from rich.progress import Progress

    labels = {"split": "Splitting into sections", "index": "Indexing"}
    with Progress(transient=True) as bar:
        tasks: dict = {}

        def tick(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(labels[stage], total=total)
            bar.update(tasks[stage], completed=done)

        yield tick


def sources_view(rows: list[dict], as_json: bool) -> None:
    if as_json:
        print_json(rows)
        return
    grid = [["name", "game", "entries", "file", "imported"]]
    grid += [[r["name"], r["game"], str(r["sections"]), r["file"] or "(the project's own reference)", r["imported"] or ""]
             for r in rows]
    Out().grid("Sources", grid, wrap={3})
