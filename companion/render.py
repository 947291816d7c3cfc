"""Rendering: rich views for people, stable JSON for scripts (with render_rules.py, the rules reference
views, and render_watch.py, `track watch`: the only modules that import rich): the console, fitting to the width, the table and play views.
Plain and simply styled lines go through writer.py (Out.pieces), which writes rich's bytes without it."""
from __future__ import annotations

import re
import sys
from functools import lru_cache


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # every control character but tab and newline
_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def visible(text, one_line: bool = False) -> str:
    """Text from a user or a file with its control characters written out (`\\x1b`): a terminal
    escape in a card name, a rulebook or an error message is shown, never obeyed. one_line: newlines
    too (an error is one line)."""
    return (_ANY_CONTROL if one_line else _CONTROL).sub(
        lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


def styled(text, style: str = ""):
    """A rich Text of `text` made visible (Text is printed as it is, without markup)."""
    from rich.text import Text

    return Text(visible(text), style=style)


@lru_cache(maxsize=1)
def _console_class():
    """rich's Console, with every string it is given made visible before its markup is read (the
    views pass strings and Text, never raw bytes: so no user text reaches the terminal raw)."""
    from rich.console import Console

    class Visible(Console):
        def render_str(self, text, **kwargs):
            return super().render_str(visible(text), **kwargs)

        def on_broken_pipe(self) -> None:
            """A reader gone away (`| head -1`): stdout silenced and the error carried to the one
            place that ends the command quietly with its own exit code (not rich's exit 1)."""
            silence_stdout()
            raise BrokenPipeError(32, "the reader of stdout went away")

    return Visible


def fit_text(text, columns: int, keep=(), indent: int | None = None):
    """Styled text (a rich Text, or markup) broken where fit.breaks breaks the plain text: at words,
    continuation lines hanging, kept names and commands whole; each style goes with its characters."""
    from rich.text import Span, Text

    from companion.fit import fit_spans

    if isinstance(text, str):
        text = Text.from_markup(visible(text))
    elif _ANY_CONTROL.search(text.plain.replace("\n", "")):  # rare: user text with control characters
        text = Text(visible(text.plain), style=text.style)
    fitted = fit_spans(text.plain, text.spans, columns, keep, indent)
    if fitted is None:
        return text
    out = Text(fitted[0], style=text.style, justify=text.justify, overflow=text.overflow, end=text.end)
    out.spans = [Span(*span) for span in fitted[1]]
    return out


class Out:
    """Where a view prints for people: each text fitted to the width before it is printed (rich
    wraps nothing of it again); tables and trees laid out by rich at the same width. Plain lines and
    lines of simply styled pieces are written without rich where writer.py writes rich's bytes, so a
    view made of them alone never imports rich's console."""

    def __init__(self, keep=()):
        from companion import writer
        from companion.fit import width

        self.asked = width()
        self.keep = tuple(keep)
        self._console = None
        stream = writer.stdout()
        took = writer.width(self.asked, stream) if stream is not None else None
        self.width = self.console.width if took is None else took  # as rich's console takes it

    @property
    def console(self):
        if self._console is None:
            self._console = _console_class()(highlight=False, width=self.asked)
        return self._console

    def __call__(self, text="", keep=(), indent: int | None = None) -> None:
        self.console.print(fit_text(text, self.width, self.keep + tuple(keep), indent), soft_wrap=True)

    def lines(self, texts, indent: int | None = None) -> None:
        """Each text printed as __call__ prints one."""
        for text in texts:
            self(text, indent=indent)

    def pieces(self, pieces, keep=(), indent: int | None = None) -> None:
        """Pieces of text, each plain or (text, style) (a style writer.STYLES knows), made visible and
        printed as one text: by writer.py, or by rich where only rich knows the bytes."""
        from companion.writer import write

        pieces = [visible(p) if isinstance(p, str) else (visible(p[0]), p[1]) for p in pieces]
        keep = self.keep + tuple(keep)
        if not write(pieces, self.width, keep, indent):
            from rich.text import Text

            self.console.print(fit_text(Text.assemble(*pieces), self.width, keep, indent), soft_wrap=True)

    def grid(self, title: str | None, grid: list, wrap=frozenset(), keep=()) -> None:
        """A table of these cells (grid_parts) at this width, each part printed as a block."""
        for part in grid_parts(title, grid, self.width, wrap, keep):
            self.block(part)

    def block(self, renderable) -> None:
        """A table, panel or tree, laid out by rich; piped (not a terminal), each line without the
        spaces rich pads its cells with at the line's end (a script compares lines, a diff shows them)."""
        if self.console.is_terminal:
            self.console.print(renderable)
            return
        with self.console.capture() as captured:
            self.console.print(renderable)
        stream = self.console.file
        stream.write("\n".join(line.rstrip(" ") for line in captured.get().split("\n")))
        stream.flush()


def print_json(obj) -> None:
    import json  # here: a view for people needs none

    print(json.dumps(obj, ensure_ascii=False, indent=2))


def emit(obj, as_json: bool, text: str, keep=()) -> None:
    """A small result: JSON, or plain text for people fitted to the width (no rich needed)."""
    if as_json:
        print_json(obj)
    else:
        from companion.fit import fitted

        print(fitted(visible(text), keep=keep))


def after_change(view, *args) -> None:
    """Show what a recorded change did. Once the change is recorded the command succeeds (exit 0),
    whatever happens to its display: a closed pipe (`| head`), a full disk, a terminal whose encoding
    cannot show a character. A failed display is said in one line on stderr (silently for a reader
    that went away), so a retry never applies the change twice."""
    try:
        view(*args)
        sys.stdout.flush()
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the change is recorded; only its display failed
        # (rich answers a closed pipe with SystemExit(1), having pointed stdout at the null device)
        if isinstance(exc, OSError):
            silence_stdout()
        if not isinstance(exc, (BrokenPipeError, SystemExit)):
            why = str(exc).splitlines()[0] if str(exc) else ""
            try:
                print(f"companion: the change was recorded, but showing it failed ({type(exc).__name__}: {why}); "
                      "see it with `companion track show`", file=sys.stderr)
            except (OSError, ValueError):
                pass


def silence_stdout() -> None:
    """Point stdout at the null device after a write to it failed (a closed pipe, a full disk), so
    the output still buffered is not tried again, and failed again, when the process exits."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no real stdout (a test runner's): nothing to silence
        pass


def verdict_view(game: str, move: str, verdict, as_json: bool, keep=(), titles: dict | None = None) -> None:
    """A referee's answer: legal or not, each reason with its rule id and title (`titles`: rule id ->
    title, from rulesdb.lookup.titles), effects, alternatives. `keep`: the table's names (players,
    cards) that no line breaks; the move is kept whole too."""
    if as_json:
        print_json(verdict.as_json())
        return
    from rich.markup import escape

    alternatives = list(verdict.alternatives)
    out = Out((*keep, move, *alternatives))
    head = "[bold green]Legal[/]" if verdict.legal else "[bold red]Illegal[/]"
    out(f"{head}: {escape(move)}  [dim]({game})[/]")
    for r in verdict.reasons:
        title = titles.get(r.rule)
        out(f"  • {escape(r.message)}  [cyan]{r.rule}[/]" + (f" [dim]{escape(title)}[/]" if title is not None else ""))
    if verdict.effects:
        out("What happens:")
        out.lines(f"  → {escape(e.message)}{_cited(e.rule)}" for e in verdict.effects)
    if verdict.unchecked:
        out("[yellow]Not checked (the rulebook or the card text leaves it open):[/]")
        out.lines(f"  ? {escape(note.message)}{_cited(note.rule)}" for note in verdict.unchecked)
    _instead(out, alternatives, verdict)


def _cited(rule: str | None) -> str:
    """A rule id after a line, in the colour every cited rule has ("" when there is none)."""
    return f"  [cyan]{rule}[/]" if rule else ""


def _instead(out, alternatives, verdict) -> None:
    """A verdict's closing lines: what would be legal instead, and how to read the rule."""
    from rich.markup import escape

    if alternatives:
        out("Legal instead:")
        out.lines(f"  {escape(alt)}" for alt in alternatives)
    if verdict.reasons:
        out(f"[dim]Explain a rule: companion rules show {verdict.reasons[0].rule}[/]")


def refusal_view(verdict, keep=()) -> None:
    """Below a refused play's error line (which names the first reason): the other reasons and what
    would be legal instead, so nothing is said twice."""
    from rich.markup import escape

    alternatives = list(verdict.alternatives)
    out = Out((*keep, *alternatives))
    out.lines(f"  • {escape(r.message)}  [cyan]{r.rule}[/]" for r in verdict.reasons[1:])
    _instead(out, alternatives, verdict)


def status_view(game: str, problems: list, as_json: bool, position: dict, keep=()) -> None:
    if as_json:
        print_json({"game": game, **position, "possible": not problems, "problems": [p.model_dump() for p in problems]})
        return
    from rich.markup import escape

    out = Out(keep)
    out.lines(f"{escape(key.replace('_', ' ').capitalize())}: {escape(_cell(value))}"
              for key, value in position.items())
    if not problems:
        out(f"[green]Nothing impossible about this {game} table.[/]")
        return
    out(f"[bold red]{len(problems)} problem{'' if len(problems) == 1 else 's'} with this {game} table:[/]")
    out.lines(f"  • {escape(p.message)}  [cyan]{p.rule}[/]" for p in problems)


def _packed(items: list[str], width: int) -> list[str]:
    """Short "key value" items joined two spaces apart, a new line before one that would not fit."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return lines


def table_parts(summary: dict, width: int = 80, keep=()) -> list:
    """A tracker summary as rich renderables that fit `width` columns: the scalars packed into
    lines, each per-player (per-power ...) part a table, and lists inside a row on their own lines."""
    from rich.text import Text

    from companion.labels import hand_words, label, worth_saying
    from companion.saying import cell, records

    parts: list = []
    summary = {k: v for k, v in summary.items() if worth_saying(k, v, summary)}
    scalars = [f"{label(k)} {cell(v)}" for k, v in summary.items() if not isinstance(v, (dict, list))]
    parts += [fit_text(Text(line), width, keep) for line in _packed(scalars, width)]
    for key, value in summary.items():
        rows = records(value)
        if rows is None:
            if isinstance(value, (dict, list)):
                parts.append(fit_text(Text(f"{label(key)} {cell(value)}"), width, keep))
            continue
        columns = list(dict.fromkeys(c for row in rows.values() for c in row))
        nested = [c for c in columns if any(isinstance(r.get(c), list) and r.get(c) and isinstance(r[c][0], dict)
                                            for r in rows.values())]
        flat_columns = [c for c in columns if c not in nested]
        grid = [[""] + [label(c) for c in flat_columns]]
        grid += [[row_name] + [_cell(hand_words(row.get(c)) if c == "hand" else row.get(c)) for c in flat_columns]
                 for row_name, row in rows.items()]
        if _natural_width(grid) > width and _natural_width(list(zip(*grid))) < _natural_width(grid):
            grid = [list(line) for line in zip(*grid)]  # too wide: one column per player, a row per field
        parts += grid_parts(label(key), grid, width, keep=keep)
        parts += [fit_text(Text(f"  {row_name} {label(c)}: {_cell(row.get(c))}"), width, keep)
                  for row_name, row in rows.items() for c in nested]
    return parts


def grid_parts(title: str | None, grid: list, width: int, wrap=frozenset(), keep=()) -> list:
    """A table (its header line first; cells text or rich Text) as renderables that fit `width`: a
    table when every cell fits unbroken, or when the columns in `wrap` fit broken between words
    (never inside a word or a kept name); else one column: each row's first cell on a line, its
    other cells packed under it as "heading: value" (a headerless first column, a mark, before it)."""
    from rich.table import Table
    from rich.text import Text

    room = width - 3 * (len(grid[0]) - 1)
    natural = _column_widths(grid)
    widths = natural
    if sum(natural) > room:
        least = _column_widths(grid, wrap, keep)
        spare, extra = room - sum(least), [n - w for n, w in zip(natural, least)]
        widths = [w + spare * e // (sum(extra) or 1) for w, e in zip(least, extra)] if spare >= 0 else None
    if widths is not None:
        table = Table(title=None if title is None else Text(title), title_justify="left", show_edge=False, pad_edge=False)
        for header, column in zip(grid[0], widths):
            table.add_column(fit_text(Text(str(header)), column, (), 0), width=column, no_wrap=True)
        for line in grid[1:]:
            table.add_row(*(fit_text(text if isinstance(text, Text) else Text(str(text)), column, keep, 0)
                            for text, column in zip(line, widths)))
        return [table]
    parts: list = [] if title is None else [Text(title, style="bold")]
    flat = [[_one_line(text.plain if isinstance(text, Text) else str(text)) for text in line] for line in grid]
    lead = next((n for n, head in enumerate(flat[0]) if head), 0)  # headerless columns before it: marks ("*")
    for line in flat[1:]:
        parts.append(fit_text(Text(" ".join(text for text in line[:lead + 1] if text), style="bold"), width, keep))
        items = [f"{head}: {text}" for head, text in zip(flat[0][lead + 1:], line[lead + 1:]) if text]
        parts += [fit_text(Text("  " + item), width, keep) for item in _packed(items, width - 2)]
    return parts


def _one_line(cell: str) -> str:
    """A cell of several lines as one: a line in brackets goes on after a space (`friday
    (catastrophe)`), any other after `; ` (two things in one cell)."""
    return re.sub(r"\n(?=[(\[])", " ", cell).replace("\n", "; ")


def _column_widths(grid: list, wrap=frozenset(), keep=()) -> list[int]:
    """Each column's width with no cell wrapped: its widest cell line (for a column in `wrap`: its
    widest word or kept name, the narrowest it can be broken between words)."""
    from rich.cells import cell_len

    from companion.fit import widest_word

    def widest(text, words: bool) -> int:
        text = text.plain if hasattr(text, "plain") else str(text)
        return widest_word(text, keep) if words else max((cell_len(line) for line in text.split("\n")), default=0)

    return [max(widest(text, n in wrap) for text in column) for n, column in enumerate(zip(*grid))]


def _natural_width(grid: list) -> int:
    """How wide a table of these cells (header line first) is with no cell wrapped: each column as
    wide as its widest cell, three columns between each two (a space, the rule, a space)."""
    widths = _column_widths(grid)
    return sum(widths) + 3 * (len(widths) - 1)


def _cell(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ("; " if any(isinstance(v, dict) for v in value) else ", ").join(_cell(v) for v in value) or "-"
    if isinstance(value, dict):
        if "name" in value:  # a named thing in a cell (a power, a fighter): its name, what is set, numbers labelled
            rest = [k.replace("_", " ") if v is True  # a state it is in: `stunned`, `tapped`
                    else f"{k.replace('_', ' ')} {v}" if isinstance(v, int) else _cell(v)
                    for k, v in value.items() if k not in ("name", "slot") and v not in (None, False, "", 0, [], {})]
            return f"{value['name']} ({', '.join(rest)})" if rest else str(value["name"])
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items()) or "-"
    return "-" if value is None else str(value)


def track_view(result, as_json: bool, headline: str | None = None) -> None:
    """`track show` and the like: a headline, then the full table, fitting the width."""
    if as_json:
        print_json(result.as_json())
        return
    out = Out(result.session.names)
    if headline:
        out(styled(headline))
    for part in table_parts(result.summary, out.width, out.keep):
        out.block(part)
    out.lines(styled(f"Card library: {d['card']}: {d['change']}") for d in getattr(result, "library", ()))


def _saved(out, result) -> None:
    if getattr(result, "saved", None):
        out.pieces([f"  Saved to the card library: {', '.join(result.saved)}"])


def change_view(result, as_json: bool, verbose: bool = False) -> None:
    """After a change, undo or redo: one line (what changed, what it triggered, the counters it
    touched); with verbose, every effect and violation below it with its rule id. The plain lines
    are written without rich (Out.pieces): a change is the commonest one-shot command."""
    if as_json:
        print_json(result.as_json())
        return
    from companion.saying import change_line

    out = Out(result.session.players)
    asked = result.before is not None and result.before == result.summary and not result.undone
    if asked and result.effects and not verbose:  # a look (`score`): what it shows is the answer
        out.pieces([result.change or ""])
        for e in result.effects:
            out.pieces([f"  {e.message}"])
        return
    out.pieces([change_line(result, verbose)])
    for note in result.readings:  # how the companion read an open point, said the first time in the game
        out.pieces([f"  ? {note.message}" + (f"  {note.rule}" if verbose else "")])
    _saved(out, result)
    if verbose:
        _broken_and_set_off(out, result)


def _broken_and_set_off(out, result) -> None:
    """The rules a recorded step broke (overruled) and what it set off, each with its rule id."""
    from rich.markup import escape

    out.lines(f"  [yellow]! breaks {v.rule}[/]: {escape(v.message)}" for v in result.violations)
    out.lines(f"  → {escape(e.message)}{_cited(e.rule)}" for e in result.effects)


def play_view(result, as_json: bool) -> None:
    """After a play: who played what, what it set off (with rule ids), what was taken on trust, and who
    is to act now. `companion track show` prints the whole table. Its JSON also says who may act when
    more than `to_act` may (`acting`, as `moves --json` says it; a served page says it in words instead)."""
    if as_json:
        print_json(result.as_json() | {"acting": getattr(result, "acting", None)})
        return
    from rich.markup import escape

    out = Out((*result.names, result.move))
    tag = " [yellow](overruled)[/]" if result.overruled else ""
    who = f"{escape(result.by)}: " if result.by else ""
    out(f"[bold]{escape(result.session.name)}[/] {who}{escape(result.move)}{tag}")
    _broken_and_set_off(out, result)
    out.lines(f"  [yellow]?[/] {escape(note.message)}{_cited(note.rule)}" for note in result.verdict.unchecked)
    _saved(out, result)
    acting = getattr(result, "acting", None)  # more than one may act (engine.acting)
    if acting or result.to_act:
        out(f"To act: [bold]{escape(acting or result.to_act)}[/]")


def damaged_lines(damaged: list | None) -> None:
    """Each session that did not read, one line on stderr (the others are shown)."""
    for _, message in damaged or []:
        print(f"companion: {visible(message, one_line=True)}", file=sys.stderr)


def sessions_view(rows: list[dict], current: str | None, as_json: bool, sessions: list | None = None,
                  damaged: list | None = None) -> None:
    """`track list`: each session's game, players, last change and whether it is finished; a
    session that does not read is named on stderr (JSON: under "damaged"), the others listed."""
    damaged_lines(damaged)
    if as_json:
        doc = {"current": current, "sessions": [s.as_json() for s in sessions or []]}
        if damaged:  # only then: the contract of a sound file is unchanged
            doc["damaged"] = [{"name": name, "error": message} for name, message in damaged]
        print_json(doc)
        return
    if not rows:
        emit(None, False, 'No sessions yet. Start one: companion track new GAME --players "Ann,Ben"')
        return
    grid = [["", "name", "game", "players", "last change", "finished"]]
    grid += [["*" if r["name"] == current else "", r["name"], r["game"], ", ".join(r["players"]), r["last"] or "-",
              r["finished"] or "no"] for r in rows]
    Out().grid(None, grid, wrap={3, 4}, keep=[p for r in rows for p in r["players"]])


def verbs_view(tables: list[dict], as_json: bool) -> None:
    """`track verbs`: each game's verbs with one example each."""
    if as_json:
        print_json(tables[0] if len(tables) == 1 else tables)
        return
    out = Out()
    for n, t in enumerate(tables):
        if n:
            out()
        out(styled(f"{t['game']} verbs (full usage: companion track VERB --help):"))
        width = max(len(v["verb"]) for v in t["verbs"])
        for v in t["verbs"]:
            line = styled(f"  {v['verb']:<{width}}  companion track {v['example']}")
            if v["aliases"]:  # the other words the game reads as this verb
                also = f"also: {', '.join(v['aliases'])}"
                if line.cell_len + 2 + len(also) <= out.width:
                    line.append("  " + also, style="dim")
                else:
                    out(line)
                    line = styled(" " * (width + 4) + also, style="dim")
            out(line, indent=width + 4)


def log_view(session, telling, as_json: bool) -> None:
    """`track log`: one line per entry naming who made it, wrapped at the terminal's width; below a
    change, the round / level / turn it began and what it set off (trackers/narrate.py). When the
    window leaves older entries out, a first line says how many and how to see them."""
    told, applied, entries = telling.told, telling.applied, telling.entries
    if as_json:
        print_json({"session": session.name, "total": telling.total, "entries": [
            e.as_json() | {"applied": e.seq in applied} | (told[e.seq].as_json() if e.seq in told else {})
            for e in entries], "next_before": entries[0].seq if entries and entries[0].seq > 1 else None})
        return
    from rich.markup import escape

    out = Out(session.names)
    if not entries:
        out(f"{escape(session.name)}: no changes yet.")
    elif entries[-1].seq < telling.total:  # a page back (--before)
        older = f"; --before {entries[0].seq} for older" if entries[0].seq > 1 else ""
        out(f"[dim]entries {entries[0].seq} to {entries[-1].seq} of {telling.total}{older}[/]")
    elif len(entries) < telling.total:
        out(f"[dim]the newest {len(entries)} of {telling.total} entries (--all for every one, --last N for more, "
            f"--before {entries[0].seq} for the page before)[/]")
    for e in entries:
        mark = "" if e.kind != "change" or e.seq in applied else " [dim](undone)[/]"
        t = told.get(e.seq)
        said = f"{t.by}: {t.text}" if t and e.kind == "change" else (t.text if t else e.label)
        number = f"{e.seq:>4}" if e.kind == "change" and e.seq in applied else "   ·"  # undone, undo, redo: no play number
        out(f"{number}  [dim]{escape(e.at)}[/]  {escape(said)}{mark}", indent=8 + len(e.at))
        if t:  # what happened before the boundary is told above it
            out.lines((f"      → {escape(line)}" for line in t.triggered[:t.ahead]), indent=8)
            out.lines((f"      [bold]-- {escape(line)} --[/]" for line in t.marks), indent=9)
            out.lines((f"      → {escape(line)}" for line in t.triggered[t.ahead:]), indent=8)
