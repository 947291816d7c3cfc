"""The table a served page shows, composed in one place: `TableView.table(viewer)` is the whole page for the
public (viewer None; the host's page reads it too, it has no secrets of its own) or for one player's own
page: the summary with only that player's secrets, who acts, their hand and its conflicts, the counters
they may step, the table in the players' words (phone.py), the last log lines, and the BG Stats link of
a finished game. `messages(viewer, after, epoch)` is what a stream that has seen the log up to `after`
needs. The faces (companion/serve/live.py) only send what these return.

The log is read on as it grows: `look()` costs one query (SQLite's data_version, trackers/peek.py) unless
some process wrote, and then reads the verified events after the last one read. Each viewer has a
Narrator (narrate.py) that tells only the events it has not told yet, with that viewer's secrets shown
and everyone else's hidden (secrets.py). Not thread-safe: one thread asks (the served page's table thread).
"""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any, Callable

from engine import get_tracker
from trackers.log import ReplayError, engine_for, game_for

RECENT = 30  # log lines a fresh table carries
#: the players the trackers' usage examples name (`lives ben -2`, `gems cy -1`): a page names its own
EXAMPLE_PLAYERS = ("ann", "ben", "cy")
MAX_MISSED = 500  # a reconnect that missed more events than this gets a fresh table instead


class TableView:
    """One saved session as its pages see it. `allow_plays`: a player's page may play and change
    (`serve --allow-plays`); `counters(game, state, player, summary)` lists the − / + steppers such a
    page offers (companion/serve/steppers.py; none without it); `version`: the page's own version,
    carried in every table so a page of another version reloads itself."""

    def __init__(self, data_dir: Path, name: str | None, allow_plays: bool = False,
                 counters: Callable[..., list[dict]] | None = None, version: str | None = None):
        from trackers.peek import Changes
        from trackers.sessions import Sessions

        self.allow_plays, self.counters, self.version = allow_plays, counters, version
        self.epoch = 0  # moves on when the log is no longer the one told (a restored file)
        self.store = Sessions(data_dir, kept=True, create=False)
        self.session = self.store.get(name)  # SessionError names the sessions there are
        self.changes, self.data_dir = Changes(data_dir), data_dir
        self.tracker, self.engine = get_tracker(self.session.game), engine_for(self.session.game)
        self.entries: list = []
        self.narrators: dict[str | None, Any] = {}
        self.tables: dict[tuple, dict] = {}
        self._bgstats: tuple[int, str | None] | None = None
        self.changes.changed()
        self._read()
        self._told = (self.epoch, len(self.entries))  # what the streams start from

    def close(self) -> None:
        self.changes.close()
        self.store.close()

    # -- the log, read on ------------------------------------------------------------------------

    def _read(self) -> None:
        """The log as it is now: the events after the last one read, checked against its link; a
        log that no longer goes on from there (a restored file) is read whole and told afresh."""
        from trackers import ledger

        ended = self.session.ended
        self.session = self.store.get(self.session.name)  # ended meanwhile? (another file: another id)
        if self.session.ended != ended:  # `track end`: no event is logged, so every page is told afresh
            self.epoch += 1
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

    def look(self) -> None:
        """Read the log again when some process wrote to the file since the last look."""
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
        self.look()
        now = (self.epoch, len(self.entries))
        told, self._told = self._told, now
        return now != told

    def narrator(self, viewer: str | None):
        """The viewer's Narrator, told up to the last event read (its `state` is the table now)."""
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

    @property
    def state(self):
        """The table now, every secret the session keeps included (for judging, never for showing)."""
        return self.narrator(None).state

    # -- what a page is sent ---------------------------------------------------------------------

    def table(self, viewer: str | None, with_log: bool = True) -> dict:
        """The table as `viewer` may see it (secrets hidden but their own), with the last log lines."""
        key = (viewer, len(self.entries), with_log)
        if key in self.tables:
            return self.tables[key]
        from trackers.phone import phone_view, who_acts
        from trackers.secrets import own_hand, public_summary

        narrator = self.narrator(viewer)
        state, game = narrator.state, self.session.game
        finished = bool(self.tracker.finished(state))
        # who may act as a page says it: in words, no play notation (Turns.acting's page)
        to_act, acting = (self.engine.turns.to_act(state), self.engine.turns.acting(state, page=True)) \
            if self.engine else (None, None)
        # an ended session (`track end`) takes no more plays: no one acts, no page may play
        acts = [] if finished or self.session.ended else who_acts(self.session.players, to_act, acting)
        summary = public_summary(self.tracker, game, state, frozenset({viewer} if viewer else ()))
        doc = {"type": "table", "seq": len(self.entries), "session": self.session.name, "game": game,
               "players": list(self.session.players), "ended": self.session.ended, "summary": summary,
               "finished": finished, "to_act": to_act, "acting": acting, "viewer": viewer, "hand": None,
               "plays": self.allow_plays and viewer is not None and not self.session.ended,
               # `track switch` made another session current: this server keeps its own, and says so
               "switched_to": self.current if self.current not in (None, self.session.name) else None,
               "change_example": self._change_example(viewer),
               # the turn, priority or a response window is this page's player's
               "your_turn": viewer in acts,
               "view": phone_view(game, summary, to_act, acting, finished, acts), "version": self.version}
        if finished:
            doc["bgstats"] = self._bgstats_link()
        if doc["plays"] and not finished and self.counters is not None:  # the counters this player may step
            doc["steppers"] = self.counters(game_for(game), self.state, viewer, summary)
        if viewer is not None and self.tracker.declaration.secrets.hides_hand:
            doc["hand"] = own_hand(game, state, viewer)  # with its conflicts, told to its owner alone
        if with_log:
            doc["log"] = [self._event(e, narrator.told[e.seq]) for e in self.entries[-RECENT:]]
        self.tables[key] = doc
        return doc

    def messages(self, viewer: str | None, after: int | None, epoch: int | None) -> list[dict]:
        """What a stream that has seen the log up to `after` (in `epoch`) needs: each missed event
        told, the last with the table after it; a fresh table when it has seen nothing yet, the log
        was replaced since, or it missed too much."""
        n = len(self.entries)
        if after is None or epoch != self.epoch or not 0 <= after <= n or n - after > MAX_MISSED:
            return [self.table(viewer)]
        if after == n:
            return []
        narrator = self.narrator(viewer)
        out = [{"type": "change", "seq": e.seq, "event": self._event(e, narrator.told[e.seq])}
               for e in self.entries[after:]]
        out[-1]["table"] = self.table(viewer, with_log=False)
        return out

    def _set_aside(self) -> dict[str, str] | None:
        """The cards the table names without describing them that the card library set aside (name ->
        the library's line): a page's note says their uses are refused, as `moves` does. The library
        is read only when the table names such a card."""
        names = self.engine.views.cards_unknown(self.state)
        if not names:
            return None
        from trackers.library import set_aside_lines

        return set_aside_lines(self.data_dir, self.session.game, names) or None

    def plays(self, player: str) -> tuple[dict, list[str]]:
        """`player`'s legal plays now (what `companion moves --by PLAYER` lists) and the plays a tap picker
        offers: {"seq", "player", "moves", "note", "refills"}, none with why when it is not their turn or
        their hand is not known; a play whose Board Refill turns up cards it cannot name (Theseus, its
        Views.tap_reveals) is in `refills` ({play: {"ranks", "cards"}}), and the tap plays also hold it
        with `reveal NAME` for each card the deck can still hold."""
        from engine.errors import EngineError
        from engine.listing import plays_for
        doc = {"seq": len(self.entries), "player": player, "moves": [], "note": None, "refills": {}}
        if self.engine is None:
            doc["note"] = f"{self.session.game} has no move validator: its plays cannot be listed"
            return doc, []
        try:
            doc["moves"], doc["note"] = plays_for(self.engine, self.state, player, page=True, aside=self._set_aside())
        except EngineError as exc:  # a table the engine cannot list: say so, keep the text box
            doc["note"] = f"the plays cannot be listed here ({exc})"
        setup = None if doc["moves"] else self.table(player)["view"].get("setup")
        if setup:  # what the table still enters before play, in the players' words, and where on this page
            rules = re.findall(r"\[[a-z0-9-]+\.[a-z0-9.-]+\]", doc["note"] or "")  # links on the page
            doc["note"] = " ".join([f"{setup} (type each under “Type a play or a change”)", *rules])
        tapped = list(doc["moves"])
        if doc["moves"]:  # e.g. a Board Refill's cards, named by taps (the game's Views.tap_reveals)
            doc["refills"], more = self.engine.views.tap_reveals(
                game_for(self.session.game), self.state, doc["moves"], player)
            tapped += more
        return doc, tapped

    @staticmethod
    def _event(entry, told) -> dict:
        return {"seq": entry.seq, "at": entry.at, "kind": entry.kind, **told.as_json()}

    def _change_example(self, viewer: str | None) -> str | None:
        """A counter change of the session's own game, for the change box: its tracker's first example
        with a `+N`/`-N`, else with a number, else its first; the players it names are this table's
        (the page's own player first, then the others in seat order), never the examples' Ann or Ben."""
        examples = [v["example"] for v in self.tracker.verbs() if v.get("example")]
        example = next((e for e in examples if re.search(r"\s[+-]\d", e)),
                       next((e for e in examples if re.search(r"\s\d", e)), examples[0] if examples else None))
        if example is None:
            return None
        seats = [viewer] * (viewer is not None) + [p for p in self.session.players if p != viewer]
        named: dict[str, str] = {}
        words = [named.setdefault(w.lower(), seats[len(named) % len(seats)]) if w.lower() in EXAMPLE_PLAYERS else w
                 for w in example.split(" ")]
        return " ".join(w.lower() if w in seats else w for w in words)  # a name of two words as typed: mary jo

    def _bgstats_link(self) -> str | None:
        """The finished game's BG Stats link, as `companion track export-play` prints it (once per log);
        None when the log does not replay to a finished outcome (no button rather than no page)."""
        if self._bgstats is None or self._bgstats[0] != len(self.entries):
            from rulesdb.games import all_games
            from trackers import bgstats
            from trackers.history import outcome

            name = next((g.name for g in all_games() if g.id == self.session.game), self.session.game)
            try:
                link = bgstats.link(bgstats.play(outcome(self.session, self.entries), name))
            except (bgstats.NotFinished, ReplayError):
                link = None
            self._bgstats = (len(self.entries), link)
        return self._bgstats[1]
