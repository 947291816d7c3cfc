"""One session as the served page sees it, and what its pages send. The table each page shows (public,
the host's, one player's own) and what a stream is told come whole from trackers/table_view.py; the
plays, changes and undos a page submits are made through the store as the CLI makes them, and
answered as (HTTP status, JSON). No web code here, and nothing composed: this face only sends.

Every call runs on one thread of its own (`Live.call`): the sessions file's connection stays on the
thread that opened it, and the table's reads never run two at a time. The server asks `refresh()`
every ~100 ms; it costs one query unless some process (a `companion play`, the shell, a phone) wrote.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.play_cmd import move_text
from engine.errors import EngineError, MoveSyntaxError
from rulesdb.errors import RulesError
from trackers.errors import Moved, Refused, TrackerError

#: the error families a page's words can raise (each says whether it is the sender's: `bad_input`)
BAD_INPUT = (EngineError, TrackerError, RulesError)


class Live:
    """The served session: opened on its own thread; ask through `call` (async) or `run` (sync)."""

    def __init__(self, data_dir: Path, name: str | None, allow_plays: bool = False):
        self.data_dir, self.allow_plays = data_dir, allow_plays
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="companion-table")
        self.view = self.run(self._open, name)

    def _open(self, name: str | None):
        from trackers.table_view import TableView

        from companion.serve.assets import page_version
        from companion.serve.steppers import steppers

        return TableView(self.data_dir, name, self.allow_plays, steppers, page_version())

    def run(self, fn, *args):
        """fn(*args) on the table's thread, waiting for it."""
        return self.pool.submit(fn, *args).result()

    async def call(self, fn, *args):
        """fn(*args) on the table's thread, without blocking the event loop."""
        return await asyncio.wrap_future(self.pool.submit(fn, *args))

    def close(self) -> None:
        self.run(self.view.close)
        self.pool.shutdown()

    # -- reading (on the table's thread): trackers/table_view.py ------------------------------------

    @property
    def session(self):
        return self.view.session

    @property
    def store(self):
        return self.view.store

    @property
    def epoch(self) -> int:
        return self.view.epoch

    def refresh(self) -> bool:
        """Whether the log grew (or was replaced) since the streams were last told (TableView.refresh)."""
        return self.view.refresh()

    def table(self, viewer: str | None, with_log: bool = True) -> dict:
        """The table as `viewer` may see it (TableView.table)."""
        return self.view.table(viewer, with_log)

    def messages(self, viewer: str | None, after: int | None, epoch: int | None) -> list[dict]:
        """What a stream that has seen the log up to `after` (in `epoch`) needs (TableView.messages)."""
        return self.view.messages(viewer, after, epoch)

    def plays(self, player: str) -> dict:
        """`player`'s legal plays now (TableView.plays) and the tap trie over them (taps.py)."""
        from companion.serve.taps import trie

        doc, tapped = self.view.plays(player)
        doc["trie"] = trie(tapped)
        return doc

    def _alternatives(self, doc: dict, player: str) -> dict:
        """A refusal's "legal instead" as `player` may make them now (none when it is not their turn)."""
        if "alternatives" in doc or "error" in doc:
            mine, _ = self.view.plays(player)  # no trie: only the plays
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
        except MoveSyntaxError as exc:  # the nearest plays, found by the step on the table it read
            return 400, {"error": str(exc), "did_you_mean": self._sendable(exc.nearest, player, text)}
        except BAD_INPUT as exc:  # one line for the page, never a trace; a failing file is app.py's 503
            if not exc.bad_input:
                raise
            return 400, {"error": str(exc)}
        return 200, self._mine(result, player)

    def _sendable(self, nearest, player: str, typed: str) -> list[str]:
        """The nearest plays as `player`'s page sends them: a page plays only as its own player and
        never shows a terminal command, so `companion play --by WHO "PLAY"` is PLAY when WHO is this
        page's player, and a play another player would make (named first, as a terminal reads it) is
        left out."""
        import shlex

        said = typed.split()
        others = {p.lower() for p in self.session.players} - {player.lower()}
        by_another = len(said) > 1 and said[0].lower() in others
        out = []
        for text in nearest:
            if text.startswith("companion "):
                words = shlex.split(text)
                if words[1:3] != ["play", "--by"] or len(words) != 5 or words[3] != player:
                    continue
                text = words[4]
            elif by_another and text == " ".join(said[1:]):
                continue
            out.append(text)
        return out

    def _moved(self, exc, player: str | None) -> tuple[int, dict]:
        """409: the table moved on since the page showed it; what changed and the table now, nothing recorded.
        The log read here is not announced: the next refresh() (after_write's) wakes the streams."""
        self.view.look()
        return 409, {"error": exc.bare, "recorded": False, "moved": True, "changed": exc.changed,
                     "table": self.table(player, with_log=False)}

    def change(self, player: str, words: list[str], seen: int | None = None) -> tuple[int, dict]:
        """A counter change said by `player`, checked as `companion track ...` checks it. A change that
        names another player's secret (their hand, their prediction) is refused: it is theirs to say.
        `seen`: the last event the page showed; a log gone past it is a 409 (moved)."""
        try:
            if not words:
                return 400, {"error": "no change given: e.g. `coins ann +1`"}
            parsed = self.view.tracker.parse(self.view.state, words)
            secret = self.view.tracker.declaration.secrets.secret_verbs
            if parsed.verb in secret and parsed.args and parsed.args[0] != player:
                owner = parsed.args[0]
                return 403, {"error": f"only {owner} can record that: it is {owner}'s secret ({parsed.verb})"}
            result = self.store.record(words, self.session.name, views=(player,), seen=seen)
        except Moved as exc:
            return self._moved(exc, player)
        except Refused as exc:
            reasons = [{"rule": r.rule, "message": r.message} for r in getattr(exc.verdict, "reasons", ())]
            return 200, {"recorded": False, "error": self._refusal(exc), "reasons": reasons,
                         "alternatives": list(getattr(exc.verdict, "alternatives", ()))}
        except BAD_INPUT as exc:  # one line for the page, never a trace; a failing file is app.py's 503
            if not exc.bad_input:
                raise
            return 400, {"error": str(exc)}
        return 200, {**self._mine(result, player), "recorded": True}

    # -- the host's page (its own link, with --allow-plays) ----------------------------------------

    def undo(self, redo: bool, seen: int | None) -> tuple[int, dict]:
        """Undo (or redo) the last change, as `companion track undo` / `redo` does; 409 when the log has
        gone past the event the host's page showed (checked by the store under the undo's own write lock)."""
        try:
            result = self.store.undo(1, self.session.name, redo=redo, seen=seen)
        except Moved as exc:
            return self._moved(exc, None)
        except BAD_INPUT as exc:  # nothing to undo: one line for the page
            if not exc.bad_input:
                raise
            return 400, {"error": str(exc)}
        doc = {k: v for k, v in result.as_json().items() if k not in ("state", "before")}
        return 200, {**doc, "recorded": True}

    def overrule(self, player: str | None, text: str, seen: int | None) -> tuple[int, dict]:
        """A play the rules refuse, recorded as the table decided: `companion play --overrule --by PLAYER`."""
        try:
            text = move_text([], text, "play")
            result = self.store.play(text, self.session.name, True, player, seen=seen)
        except Moved as exc:
            self.view.look()  # the next refresh() tells the streams what it finds
            return 409, {"error": exc.bare, "recorded": False, "moved": True, "changed": exc.changed}
        except MoveSyntaxError as exc:
            return 400, {"error": str(exc)}
        except BAD_INPUT as exc:  # one line for the page, never a trace; a failing file is app.py's 503
            if not exc.bad_input:
                raise
            return 400, {"error": str(exc)}
        doc = {k: v for k, v in result.as_json().items() if k not in ("state", "before")}
        return 200, doc
