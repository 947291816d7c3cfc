"""Catharsis: the tracker: check() and apply() of a tracker command (its verb's check and transition
in the track_* topic modules, on one working Table, then the game's end settled), and the summary
the table sees."""
from __future__ import annotations

from typing import Any, Callable

from engine.base import EngineError, Effect, Verdict
from engine.tracking import Change, Findings, Verb, apply_verb, check_verb, judged, row

from . import track_boards, track_characters, track_combat, track_morale
from .model import EXHAUSTED, FACE_UP, Power, State
from .notation import Play, parse_play
from .notation_track import is_pattern
from .rule_ids import R
from .table import Table
from .track_readings import AFTER_WIN, readings_of


TOPICS = (track_morale, track_combat, track_boards, track_characters)
#: verb -> its row (engine.tracking.Verb), from the topics, the tokens' verbs last
VERBS: dict[str, Verb] = {verb: row for topic in TOPICS for verb, row in topic.VERBS.items()} | track_morale.TOKEN_VERBS


def check(state: State, change: Change) -> Verdict:
    """engine.tracking's sequence, after the game's end is checked first; only the advice that works
    now is offered, and a legal change adds the readings it decided."""
    found = Findings()
    _route_check(state, change, found)
    return judged(VERBS, state, change, apply, found=found, advise=_advice, readings=_readings)


def _advice(state: State, change: Change, found: Findings) -> list[str]:
    return [a for a in dict.fromkeys(found.advice) if works(state, a)]


def _readings(state: State, change: Change, found: Findings) -> None:
    found.leave_open(*readings_of(change, found.effects, row(VERBS, change.verb).readings))


def works(state: State, advice: str, check_play: Callable[[State, Play], Verdict] | None = None) -> bool:
    """Advice is offered only if the table can type it now and the rules allow it (a pattern is kept).
    It is read as the notation reads any play (parse_play: shlex, a quoted name is one word); a tracker
    command is judged by its verb, a play by `check_play` (the referee's, rules.py; none: not offered)."""
    if is_pattern(advice):
        return True
    try:
        play = parse_play(advice, state, VERBS)
    except EngineError:
        return False
    if play.kind != "change":
        return check_play is not None and check_play(state, play).legal
    found = Findings()
    _route_check(state, play.change, found)
    return not found.problems


def apply(state: State, change: Change) -> tuple[State, list[Effect]]:
    table = Table(state)
    change_table(table, change)
    return table.freeze(), table.effects


def change_table(table: Table, change: Change) -> None:
    """A tracker command's transition on the working table (an ability's use too), then the game's end."""
    apply_verb(VERBS, table, change)
    table.mirror_duo()
    table.settle()


def _route_check(state: State, change: Change, no: Findings) -> None:
    """The verb's check, collecting its refusals, advice and open points in `no`."""
    if state.outcome == "lost":
        no.forbid(R.LOSING, "the party has lost; the game is over")
    elif state.outcome == "won" and not ((after_win := row(VERBS, change.verb).after_win) and after_win(change)):
        # after the Boss falls, its On Defeat abilities may still drop Morale or deal damage (and so
        # lose the game after all); nothing else changes the table any more
        no.forbid(R.WIN, "the party has won; the game is over (only the Boss's On Defeat effects may still "
                  "cost Morale or deal damage)", "morale -1")
        no.leave_open(AFTER_WIN)
    else:
        check_verb(VERBS, state, change, no)


def summary(state: State) -> dict[str, Any]:
    def power(i: int, pw: Power) -> dict[str, Any]:
        shown = {"combo": pw.combo or None, "ice": pw.ice or None, "level": pw.level, "side": pw.side}
        return {"slot": i + 1, "name": pw.name, "status": pw.status,
                **{key: value for key, value in shown.items() if value is not None}}

    players = []
    # Drinks go to any player: every count is shown from 0 wherever Emberhoof may be at the table
    drinks_at_table = not track_characters.nobody_plays(state, "Emberhoof")
    for p in state.players:
        row: dict[str, Any] = {
            "name": p.name, "character": p.character, "dead": p.dead, "role": p.role,
            "face_up": sum(pw.status == FACE_UP for pw in p.powers),
            "exhausted": sum(pw.status == EXHAUSTED for pw in p.powers),
            "powers": [power(i, pw) for i, pw in enumerate(p.powers)],
        }
        ch = p.character
        # a character's own counters, shown for that character (and for anyone holding some)
        shown = {"divinity": ch == "Durhak" or p.divinity, "vessel": ch == "Durhak" or p.divinity,
                 "cobble": ch == "Luthia" or p.cobble, "demonic": ch == "Calyxia" or p.demonic,
                 "drinks": p.drinks or drinks_at_table, "kpt": state.boss == "ice-elf-lich" or p.kpt}
        row.update({key: getattr(p, key) for key, show in shown.items() if show})
        if p.status:
            row["status"] = dict(p.status)
        if p.dice:
            row["dice"] = " ".join(str(d.value) for d in sorted(p.dice, key=lambda d: d.value) if not d.used) or "-"
            used = [d.value for d in p.dice if d.used]
            if used:
                row["used_dice"] = " ".join(str(v) for v in sorted(used))
            row["rerolls_left"] = max(0, 2 - p.rerolls)
        row.update({key: getattr(p, key) for key in ("damage_due", "discard_due") if getattr(p, key)})
        players.append(row)
    out: dict[str, Any] = {
        **{key: getattr(state, key) for key in ("boss", "hard_mode", "morale", "morale_start")},
        "thresholds": [{"at": t.at, "effect": t.effect, "reached": t.at in state.thresholds_reached}
                       for t in state.thresholds],
        **{key: getattr(state, key) for key in ("phase", "card", "cards_revealed", "combat_step", "round",
                                                "characters_started")},
        "players": players,
        "enemies": [{key: getattr(e, key) for key in ("name", "kind", "health", "start_health", "armor", "defeated")}
                    | ({"status": dict(e.status)} if e.status else {}) for e in state.enemies],
        "game_over": state.game_over,
        "outcome": state.outcome,
        "winner": "party" if state.outcome == "won" else None,
    }
    shown = {"paradox": state.paradox if state.boss == "battle-with-fate" or state.paradox else None,
             "attack": {"to": state.attack[0], "damage": state.attack[1]} if state.attack is not None else None,
             "damage_to_deal": state.damage_to_deal or None, "party_status": dict(state.party_status) or None}
    return out | {key: value for key, value in shown.items() if value is not None}  # each only when it applies


