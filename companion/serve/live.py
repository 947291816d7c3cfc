"""One session as the served page sees it: the table and the log told, for the public page or one
player's private page, and the plays and changes a private page submits. No web code here.

Every call runs on one thread of its own (`Live.call`): the sessions file's connection stays on the
thread that opened it, and the table's reads never run two at a time. The server asks `refresh()`
every ~100 ms; it costs one query (SQLite's data_version, trackers/peek.py) unless some process
(a `companion play`, the shell, a phone) wrote, and then reads the verified log once. Each viewer
(None for the public page, else a player's name) has a Narrator (trackers/narrate.py) that tells
only the events it has not told yet, with that viewer's secrets shown and everyone else's hidden
(trackers/secrets.py).
"""
from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from companion.serve.assets import page_version

RECENT = 30  # log lines a fresh table carries
MAX_MISSED = 500  # a reconnect that missed more events than this gets a fresh table instead


class Live:
    """The served session: opened on its own thread; ask through `call` (async) or `run` (sync)."""

    def __init__(self, data_dir: Path, name: str | None, allow_plays: bool = False):
        self.data_dir, self.allow_plays = data_dir, allow_plays
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="companion-table")
        self.epoch = 0  # moves on when the log is no longer the one told (a restored file)
        self.run(self._open, name)

    def run(self, fn, *args):
        """fn(*args) on the table's thread, waiting for it."""
        return self.pool.submit(fn, *args).result()

    async def call(self, fn, *args):
        """fn(*args) on the table's thread, without blocking the event loop."""
        return await asyncio.wrap_future(self.pool.submit(fn, *args))

    def close(self) -> None:
        def shut():
            self.changes.close()
            self.store.close()

        self.run(shut)
        self.pool.shutdown()

    # -- reading (on the table's thread) -----------------------------------------------------

    def _open(self, name: str | None) -> None:
        from trackers.peek import Changes
        from trackers.sessions import Sessions, engine_for, tracker_for

        self.store = Sessions(self.data_dir, kept=True, create=False)
        self.session = self.store.get(name)  # SessionError names the sessions there are
        self.changes = Changes(self.data_dir)
        self.tracker, self.engine = tracker_for(self.session.game), engine_for(self.session.game)
        self.entries: list = []
        self.narrators: dict[str | None, Any] = {}
        self.tables: dict[tuple, dict] = {}
        self.changes.changed()
        self._read()
        self._told = (self.epoch, len(self.entries))  # what the streams start from

    def _read(self) -> None:
        """The log as it is now: the events after the last one read, checked against its link; a
        log that no longer goes on from there (a restored file) is read whole and told afresh."""
        from trackers import ledger

        self.session = self.store.get(self.session.name)  # ended meanwhile? (another file: another id)
        current = self.store.current_name()
        if current != getattr(self, "current", current):  # `track switch`: every page is told afresh
            self.epoch += 1
        self.current = current
        s, old = self.session, self.entries
        link = old[-1].digest if old else ledger.genesis(s.game, s.players, s.options, s.created)
        new = self.store.entries_after(s, len(old), link)
        if new is None:
            self.entries = self.store.entries(s)  # the whole verified log; DamagedLog names a bad event
            self.epoch += 1
            self.narrators.clear()
        elif new:
            self.entries = old + new
        self.tables.clear()

    def _look(self) -> None:
        """Read the log again when some process wrote to the file since the last look."""
        import sqlite3

        if not self.changes.changed():
            return
        try:
            self._read()
        except sqlite3.OperationalError:  # busy for a moment: look again at the next tick
            self.changes.seen = None

    def refresh(self) -> bool:
        """Whether the log grew (or was replaced) since the streams were last told: any read that
        found it grown counts, not only this one (a 409's read of another process's commit), so
        whoever asks next wakes the streams."""
        self._look()
        now = (self.epoch, len(self.entries))
        told, self._told = getattr(self, "_told", now), now
        return now != told

    @property
    def length(self) -> int:
        return len(self.entries)

    def _narrator(self, viewer: str | None):
        from trackers.narrate import Narrator
        from trackers.secrets import labeller

        narrator = self.narrators.get(viewer)
        if narrator is None:
            reveal = frozenset() if viewer is None else frozenset({viewer})
            narrator = self.narrators[viewer] = Narrator(self.tracker, self.session,
                                                         labeller(self.session.game, reveal))
        if narrator.seq < len(self.entries):
            narrator.feed(self.entries[narrator.seq:])
        return narrator

    def _event(self, entry, told) -> dict:
        return {"seq": entry.seq, "at": entry.at, "kind": entry.kind, **told.as_json()}

    def table(self, viewer: str | None, with_log: bool = True) -> dict:
        """The table as `viewer` may see it (secrets hidden but their own), with the last log lines."""
        key = (viewer, len(self.entries), with_log)
        if key in self.tables:
            return self.tables[key]
        from trackers.secrets import own_hand, public_summary

        narrator = self._narrator(viewer)
        state, game = narrator.state, self.session.game
        doc = {"type": "table", "seq": len(self.entries), "session": self.session.name, "game": game,
               "players": list(self.session.players), "ended": self.session.ended,
               "summary": public_summary(self.tracker, game, state, frozenset({viewer} if viewer else ())),
               "finished": bool(self.tracker.finished(state)), "to_act": None, "acting": None,
               "viewer": viewer, "hand": None, "plays": self.allow_plays and viewer is not None,
               # `track switch` made another session current: this server keeps its own, and says so
               "switched_to": self.current if self.current not in (None, self.session.name) else None,
               "change_example": self._change_example()}
        if self.engine is not None:
            try:
                doc["to_act"], doc["acting"] = self.engine.to_act(state), self.engine.acting(state)
            except Exception:  # noqa: BLE001 - a table between steps the engine cannot place: nobody named
                pass
        # the turn, priority or a response window is this page's player's: named to act, or among those acting
        doc["your_turn"] = viewer is not None and not doc["finished"] and (
            doc["to_act"] == viewer or bool(doc["acting"] and re.search(rf"(?<!\w){re.escape(viewer)}(?!\w)",
                                                                       doc["acting"])))
        if doc["finished"]:
            doc["bgstats"] = self._bgstats_link()
        doc["view"] = self._view(doc)
        doc["version"] = page_version()
        if doc["plays"] and not doc["finished"]:  # the counters this player may step (steppers.py)
            doc["steppers"] = self._steppers(viewer, doc["summary"])
        if viewer is not None and self.tracker.HIDES_HAND:
            doc["hand"] = own_hand(game, state, viewer)
        if with_log:
            doc["log"] = [self._event(e, narrator.told[e.seq]) for e in self.entries[-RECENT:]]
        self.tables[key] = doc
        return doc

    def _view(self, doc: dict) -> dict | None:
        """The table in the players' words, for a phone (view.py); None where it cannot be told."""
        from companion.serve.view import phone_view

        try:
            return phone_view(doc["game"], doc["summary"], doc["to_act"], doc["acting"], doc["finished"])
        except Exception:  # noqa: BLE001 - the page falls back to the summary rather than no page
            return None

    def _steppers(self, player: str, summary: dict) -> list[dict]:
        from companion.serve.steppers import steppers
        from trackers.log import game_for

        try:
            return steppers(game_for(self.session.game), self._narrator(None).state, player, summary)
        except Exception:  # noqa: BLE001 - no steppers rather than no page; the change box stays
            return []

    def _change_example(self) -> str | None:
        """A counter change of the session's own game, for the change box: its tracker's first example
        with a `+N`/`-N`, else with a number, else its first."""
        examples = [v["example"] for v in self.tracker.verbs() if v.get("example")]
        return next((e for e in examples if re.search(r"\s[+-]\d", e)),
                    next((e for e in examples if re.search(r"\s\d", e)), examples[0] if examples else None))

    def _bgstats_link(self) -> str | None:
        """The finished game's BG Stats link, as `companion track export-play` prints it (computed once per log)."""
        if getattr(self, "_bgstats", (None,))[0] != len(self.entries):
            from companion.bgstats_cmd import game_name
            from trackers import bgstats
            from trackers.history import outcome

            try:
                record = outcome(self.session, self.entries)
                link = bgstats.link(bgstats.play(record, game_name(self.session.game)))
            except Exception:  # noqa: BLE001 - no button rather than no page
                link = None
            self._bgstats = (len(self.entries), link)
        return self._bgstats[1]

    def messages(self, viewer: str | None, after: int | None, epoch: int | None) -> list[dict]:
        """What a stream that has seen the log up to `after` (in `epoch`) needs: each missed event
        told, the last with the table after it; a fresh table when it has seen nothing yet, the log
        was replaced since, or it missed too much."""
        n = len(self.entries)
        if after is None or epoch != self.epoch or not 0 <= after <= n or n - after > MAX_MISSED:
            return [self.table(viewer)]
        if after == n:
            return []
        narrator = self._narrator(viewer)
        out = [{"type": "change", "seq": e.seq, "event": self._event(e, narrator.told[e.seq])}
               for e in self.entries[after:]]
        out[-1]["table"] = self.table(viewer, with_log=False)
        return out

    def plays(self, player: str) -> dict:
        """`player`'s legal plays now (what `companion moves` lists that they make) and the tap trie over
        them (taps.py); none, with why, when it is not their turn or their hand is not known. A play
        whose Board Refill turns up cards it cannot name (Theseus, its Views.tap_reveals) is in `refills`
        ({play: {"ranks", "cards"}}), and the trie also holds it with `reveal NAME` for each card the
        deck can still hold."""
        from companion.legal import plays_for
        from companion.serve.taps import trie

        doc = {"seq": len(self.entries), "player": player, "moves": [], "note": None, "trie": trie([]), "refills": {}}
        if self.engine is None:
            doc["note"] = f"{self.session.game} has no move validator: its plays cannot be listed"
            return doc
        try:
            doc["moves"], doc["note"] = plays_for(self.engine, self._narrator(None).state, player)
        except Exception as exc:  # noqa: BLE001 - a table the engine cannot list: say so, keep the text box
            doc["note"] = f"the plays cannot be listed here ({exc})"
        doc["refills"], tapped = {}, list(doc["moves"])
        if doc["moves"]:  # e.g. a Board Refill's cards, named by taps (the game's Views.tap_reveals)
            from trackers.log import game_for

            doc["refills"], more = self.engine.declaration.views.tap_reveals(
                game_for(self.session.game), self._narrator(None).state, doc["moves"], player)
            tapped += more
        doc["trie"] = trie(tapped)
        return doc

    def _alternatives(self, doc: dict, player: str) -> dict:
        """A refusal's "legal instead" as `player` may make them now (none when it is not their turn)."""
        if "alternatives" in doc or "error" in doc:
            mine = self.plays(player)
            doc["alternatives"], doc["not_yours"] = mine["moves"][:8], mine["note"] if not mine["moves"] else None
        return doc

    # -- writing (a private page, with --allow-plays) ---------------------------------------------

    @staticmethod
    def _mine(result, player: str) -> dict:
        """A play's or change's answer as `player` may see it: the table with only their secrets
        (the result carries that view: asked for with `views`)."""
        doc = result.as_json()
        doc["state"] = result.views[player]
        doc.pop("before", None)
        return doc

    @staticmethod
    def _refusal(exc) -> str:
        """A refusal as a phone shows it: overruling is the table's call at the companion, not a flag
        the player can add from the page."""
        if not exc.overrulable:
            return exc.bare
        return f"{exc.bare}; if the table decides otherwise, it can overrule this at the companion itself"

    def play(self, player: str, text: str, seen: int | None = None) -> tuple[int, dict]:
        """A play made by `player`, judged and recorded exactly as `companion play --by PLAYER`:
        (HTTP status, answer). Refused: the verdict with its reasons and alternatives, nothing recorded.
        `seen`: the last event the page showed; a log gone past it is a 409 (moved)."""
        from engine.base import MoveSyntaxError
        from trackers.errors import Moved, Refused

        from companion.legal import nearest
        from companion.play_cmd import move_text

        try:
            text = move_text([], text, "play")
            result = self.store.play(text, self.session.name, False, player, views=(player,), seen=seen)
        except Moved as exc:
            return self._moved(exc, player)
        except Refused as exc:
            said = self._refusal(exc)
            if exc.result is None:
                return 409, {"error": said, "recorded": False}
            return 200, self._alternatives({**self._mine(exc.result, player), "error": said}, player)
        except MoveSyntaxError as exc:
            near = nearest(text, self.engine, self._narrator(None).state) if self.engine and text.strip() else []
            return 400, {"error": str(exc), "did_you_mean": near}
        except Exception as exc:  # noqa: BLE001 - one line for the page, never a trace
            if getattr(exc, "bad_input", None) is True:
                return 400, {"error": str(exc)}
            raise
        return 200, self._mine(result, player)

    def _moved(self, exc, player: str) -> tuple[int, dict]:
        """409: the table moved on since the page showed it; what changed and the table now, nothing recorded.
        The log read here is not announced: the next refresh() (after_write's) wakes the streams."""
        self._look()
        return 409, {"error": exc.bare, "recorded": False, "moved": True, "changed": exc.changed,
                     "table": self.table(player, with_log=False)}

    def change(self, player: str, words: list[str], seen: int | None = None) -> tuple[int, dict]:
        """A counter change said by `player`, checked as `companion track ...` checks it. A change that
        names another player's secret (their hand, their prediction) is refused: it is theirs to say.
        `seen`: the last event the page showed; a log gone past it is a 409 (moved)."""
        from trackers.errors import Moved, Refused

        try:
            if not words:
                return 400, {"error": "no change given: e.g. `coins ann +1`"}
            parsed = self.tracker.parse(self._narrator(None).state, words)
            if parsed.verb in self.tracker.SECRET_VERBS and parsed.args and parsed.args[0] != player:
                return 403, {"error": f"only {parsed.args[0]} records their own {parsed.verb}"}
            result = self.store.record(words, self.session.name, views=(player,), seen=seen)
        except Moved as exc:
            return self._moved(exc, player)
        except Refused as exc:
            reasons = [{"rule": r.rule, "message": r.message} for r in getattr(exc.verdict, "reasons", ())]
            return 200, {"recorded": False, "error": self._refusal(exc), "reasons": reasons,
                         "alternatives": list(getattr(exc.verdict, "alternatives", ()))}
        except Exception as exc:  # noqa: BLE001 - one line for the page, never a trace
            if getattr(exc, "bad_input", None) is True:
                return 400, {"error": str(exc)}
            raise
        return 200, {**self._mine(result, player), "recorded": True}

    # -- the host's page (its own link, with --allow-plays) ----------------------------------------

    def undo(self, redo: bool, seen: int | None) -> tuple[int, dict]:
        """Undo (or redo) the last change, as `companion track undo` / `redo` does; 409 when the log has
        gone past the event the host's page showed (checked by the store under the undo's own write lock)."""
        from trackers.errors import Moved

        try:
            result = self.store.undo(1, self.session.name, redo=redo, seen=seen)
        except Moved as exc:
            self._look()  # the next refresh() tells the streams what it finds
            return 409, {"error": exc.bare, "recorded": False, "moved": True, "changed": exc.changed,
                         "table": self.table(None, with_log=False)}
        except Exception as exc:  # noqa: BLE001 - nothing to undo: one line for the page
            if getattr(exc, "bad_input", None) is True:
                return 400, {"error": str(exc)}
            raise
        doc = result.as_json()
        doc.pop("state", None), doc.pop("before", None)
        return 200, {**doc, "recorded": True}

    def overrule(self, player: str | None, text: str, seen: int | None) -> tuple[int, dict]:
        """A play the rules refuse, recorded as the table decided: `companion play --overrule --by PLAYER`."""
        from engine.base import MoveSyntaxError
        from trackers.errors import Moved

        from companion.play_cmd import move_text

        try:
            text = move_text([], text, "play")
            result = self.store.play(text, self.session.name, True, player, seen=seen)
        except Moved as exc:
            self._look()  # the next refresh() tells the streams what it finds
            return 409, {"error": exc.bare, "recorded": False, "moved": True, "changed": exc.changed}
        except MoveSyntaxError as exc:
            return 400, {"error": str(exc)}
        except Exception as exc:  # noqa: BLE001 - one line for the page, never a trace
            if getattr(exc, "bad_input", None) is True:
                return 400, {"error": str(exc)}
            raise
        doc = result.as_json()
        doc.pop("state", None), doc.pop("before", None)
        return 200, doc
