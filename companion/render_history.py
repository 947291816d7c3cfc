"""The views after the game: `history` and `stats` as tables (a bar chart where a trend is easier
seen than read), `--json` and `--csv` for programs and spreadsheets, and `track recap` as text that
fits the width or as Markdown."""
from __future__ import annotations

import sys

from companion.render import Out, damaged_lines, emit, print_json, visible


def duration(seconds: int) -> str:
    """`42 min`, `1 h 05`, `-` for none."""
    if not seconds:
        return "-"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d}"


def units(n, unit: str) -> str:
    """`1 round`, `2 rounds`, `1.5 rounds` (the units are plural words)."""
    return f"{n:g} {unit[:-1] if n == 1 else unit}"


def length(record: dict) -> str:
    return f"{units(record['plays'], 'plays')}, {units(record['length']['count'], record['length']['unit'])}"


def when(stamp: str | None) -> str:
    return stamp[:16].replace("T", " ") if stamp else "-"


def history_view(records: list[dict], damaged: list, as_json: bool) -> None:
    """`companion history`: one row per session, oldest first."""
    damaged_lines(damaged)
    if as_json:
        shown = [{k: v for k, v in r.items() if k != "said"} for r in records]  # said: the result column's
        print_json({"sessions": shown} | ({"damaged": [{"name": n, "error": m} for n, m in damaged]} if damaged else {}))
        return
    if not records:
        emit(None, False, "No sessions to show. Start one: companion track new GAME --players \"Ann,Ben\"")
        return
    from trackers.recap import headline

    grid = [["date", "session", "players", "result", "length"]]
    grid += [[r["started"][:10], f"{r['session']}\n({r['game']})" if r["game"] not in r["session"] else r["session"],
              ", ".join(r["players"]), headline(r), f"{length(r)}, {duration(r['duration'])}"] for r in records]
    Out().grid(None, grid, wrap={2, 3, 4}, keep=[p for r in records for p in r["players"]])


def _percent(rate) -> str:
    return "-" if rate is None else f"{rate:.0%}"


CSV_COLUMNS = ("kind", "game", "name", "played", "wins", "ties", "win_rate", "abandoned", "in_progress", "streak",
               "best_streak", "coop_played", "coop_wins", "coop_win_rate", "rival", "rival_games", "nemesis",
               "nemesis_games", "players")


def _who(pick: dict | None) -> tuple:
    return (pick["player"], pick["games"]) if pick else ("", "")


def stats_csv(doc: dict) -> str:
    """The figures of `stats --json`, one row each: per player (competitive and co-op apart, rival
    and nemesis), per party (a cooperative game), per player and game (streaks), per game and
    number of players."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_COLUMNS, lineterminator="\n", restval="")
    writer.writeheader()
    game = doc["filter"]["game"] or "all"
    for p in doc["players"]:
        rival, nemesis = _who(p["rival"]), _who(p["nemesis"])
        writer.writerow({k: p[k] for k in CSV_COLUMNS if k in p and k not in ("rival", "nemesis")}
                        | {"kind": "player", "game": game, "name": p["player"], "rival": rival[0],
                           "rival_games": rival[1], "nemesis": nemesis[0], "nemesis_games": nemesis[1]})
    for p in doc["parties"]:
        writer.writerow({"kind": "party", "game": p["game"], "name": " + ".join(p["party"]), "played": p["played"],
                         "wins": p["wins"], "ties": 0, "win_rate": p["win_rate"], "abandoned": p["abandoned"]})
    for p in doc.get("streaks", []):
        writer.writerow({"kind": "streak", "game": p["game"], "name": p["player"], "played": p["played"],
                         "wins": p["wins"], "streak": p["streak"], "best_streak": p["best_streak"]})
    for c in doc.get("player_counts", []):
        writer.writerow({"kind": "player_count", "game": c["game"], "name": "; ".join(f"{n} {w}" for n, w in c["wins"].items()),
                         "played": c["finished"], "wins": c["party_wins"] if c["party_wins"] is not None else "",
                         "ties": c["ties"], "players": c["players"]})
    return buffer.getvalue()


def stats_view(doc: dict, damaged: list, as_json: bool, as_csv: bool) -> None:
    """`companion stats`: totals, the players' table and their win rates as bars, the parties, each
    game's averages and own figures."""
    damaged_lines(damaged)
    if as_json:
        print_json(doc)
        return
    if as_csv:
        sys.stdout.write(stats_csv(doc))
        return
    if not doc["sessions"]:
        emit(None, False, "No sessions to count" + (" with these filters" if any(doc["filter"].values()) else "")
             + ". Sessions are counted from `companion track` and `companion play`.")
        return
    out = Out()
    out(f"{units(doc['sessions'], 'sessions')}: {doc['finished']} finished, {doc['abandoned']} abandoned, "
        f"{doc['in_progress']} in progress (abandoned and unfinished sessions are not losses).")
    names = [p["player"] for p in doc["players"]]
    grid = [["player", "played", "won", "win rate", "ties", "co-op won", "abandoned", "streak", "best"]]
    grid += [[p["player"], p["played"], p["wins"], _percent(p["win_rate"]), p["ties"],
              f"{p['coop_wins']} of {p['coop_played']}" if p["coop_played"] else "-", p["abandoned"], p["streak"],
              p["best_streak"]] for p in doc["players"]]
    out()
    if not doc["players"]:
        out("No player has finished or abandoned a game yet.")
    else:
        out("Competitive games (co-op won: the party's games against the game itself, counted apart):")
        out.grid(None, grid, keep=names)
    if any(p["rival"] or p["nemesis"] for p in doc["players"]):
        out()
        grid = [["player", "rival (finished next to them)", "nemesis (finished ahead of them)"]]
        grid += [[p["player"], _picked(p["rival"]), _picked(p["nemesis"])] for p in doc["players"]]
        out.grid(None, grid, wrap={1, 2}, keep=names)
    if any(p["played"] for p in doc["players"]):
        out()
        out.block(win_bars(doc["players"], out.width))
    if doc["parties"]:
        out()
        grid = [["party", "game", "played", "won", "win rate", "abandoned"]]
        grid += [[", ".join(p["party"]), p["game"], p["played"], p["wins"], _percent(p["win_rate"]), p["abandoned"]]
                 for p in doc["parties"]]
        out.grid(None, grid, wrap={0}, keep=names)
    out()
    grid = [["game", "finished", "abandoned", "in progress", "average length", "average time"]]
    grid += [[g["game"], g["finished"], g["abandoned"], g["in_progress"],
              "-" if g["average_plays"] is None else f"{units(g['average_plays'], 'plays')}, "
              f"{units(g['average_length'], g['unit'])}",
              "-" if g["average_minutes"] is None else duration(round(g["average_minutes"] * 60))] for g in doc["games"]]
    out.grid(None, grid, wrap={4})
    from engine import get_tracker

    for g in doc["games"]:  # each game's own figures, one line each, in words
        for line in get_tracker(g["game"]).declaration.outcome.figure_lines(g["figures"]):
            out(f"{g['game']}: {line}", indent=2)
    if doc.get("player_counts"):
        out()
        grid = [["game", "players", "finished", "result"]]
        grid += [[c["game"], c["players"], c["finished"], _count_result(c)] for c in doc["player_counts"]]
        out.grid(None, grid, wrap={3}, keep=names)
    if doc.get("streaks"):
        out()
        grid = [["player", "game", "played", "won", "streak", "best"]]
        grid += [[s["player"], s["game"], s["played"], s["wins"], s["streak"], s["best_streak"]] for s in doc["streaks"]]
        out.grid(None, grid, keep=names)


def _picked(pick: dict | None) -> str:
    return "-" if not pick else f"{pick['player']} ({units(pick['games'], 'games')})"


def _count_result(c: dict) -> str:
    """The party's wins (co-op) or each player's wins, and open ties."""
    said = [f"party won {c['party_wins']}"] if c["party_wins"] is not None else \
        [", ".join(f"{p} {n}" for p, n in c["wins"].items()) or "no winner"]
    return "; ".join(said + ([f"{units(c['ties'], 'ties')}"] if c["ties"] else []))


def win_bars(players: list[dict], width: int):
    """Each player's win rate as a bar: easier compared at a glance than read from the table."""
    from rich.bar import Bar
    from rich.table import Table
    from rich.text import Text

    shown = [p for p in players if p["played"]]
    name_width = min(max(len(p["player"]) for p in shown), 20)
    bar_width = max(10, width - name_width - 18)
    table = Table.grid(padding=(0, 1))
    table.add_column(width=name_width, no_wrap=True)
    table.add_column(width=bar_width)
    table.add_column(no_wrap=True)
    for p in shown:
        table.add_row(Text(visible(p["player"])), Bar(1.0, 0, p["win_rate"] or 0, width=bar_width, color="green"),
                      Text(f"{_percent(p['win_rate'])} of {p['played']}"))
    return table


def recap_lines(story: dict, markdown: bool = False) -> list[str]:
    """The story as lines of text (Markdown when asked): the headline, how it ended, the turning
    points and the overruled plays."""
    title = f"{story['session']} ({story['game']}): {', '.join(story['players'])}"
    facts = f"started {when(story['started'])}, {length(story)}, {duration(story['duration'])}"
    lines = [f"# {title}" if markdown else title, "", f"{'**Result:**' if markdown else 'Result:'} {story['result']}",
             f"{'*' if markdown else ''}{facts}{'*' if markdown else ''}"]
    lines += [f"{'- ' if markdown else '  '}{h}" for h in story["how"]]
    if story["unclear"]:
        lines.append(f"{'> ' if markdown else ''}unclear: {story['unclear']}")
    bullet = "- " if markdown else "  "
    sections = (("Turning points", story["turning_points"], lambda p: p["what"]),
                ("Overruled plays", story["overruled"],
                 lambda p: [f"{v['message']} [{v['rule']}]" for v in p["violations"]] or ["(no reason kept)"]))
    for heading, items, detail in sections:
        lines += ["", f"## {heading}" if markdown else f"{heading}:"]
        if not items:
            lines.append(f"{bullet}none")
        for p in items:
            head = f"#{p['seq']} {p['by']}: {p['said']}"
            lines.append(f"{bullet}**{head}**" if markdown else f"{bullet}{head}")
            lines += [f"{'  - ' if markdown else '      '}{d}" for d in detail(p)]
    return lines


def recap_view(story: dict, as_json: bool, markdown: bool) -> None:
    """`track recap`: the story, fitted to the width (80 columns by default), or Markdown as it is."""
    if as_json:
        print_json(story)
        return
    if markdown:
        print(visible("\n".join(recap_lines(story, markdown=True))))
        return
    out = Out(story["players"])
    from rich.markup import escape

    for line in recap_lines(story):
        indent = len(line) - len(line.lstrip()) + (2 if line.lstrip().startswith("#") else 0)
        out(escape(line), indent=indent)
