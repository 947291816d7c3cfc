"""Who is who across sessions: players are matched by name with case and spacing normalised, and a
rename (`companion players rename OLD NEW`) merges a typo into the right name.

A rename is kept as an alias table (in the sessions file's `meta` table, key `player-names`), never
by rewriting stored sessions: each session's players and log are part of its chain of checksums
(trackers/ledger.py) and its exact replay, so they stay as the table typed them, while history,
stats and recap show every alias under its new name. Pure functions here, but for `load` and `renamed`.
"""
from __future__ import annotations

import difflib
import json
from typing import Iterable

from rulesdb.names import text_problem
from trackers.errors import SessionError

META_KEY = "player-names"


def norm(name: str) -> str:
    """A name as it is matched: spacing collapsed, case folded (`ann`, ` Ann ` and `ANN` are one player)."""
    return " ".join(str(name).split()).casefold()


def resolve(aliases: dict[str, str], name: str) -> str:
    """The name a player is shown by: the alias chain followed (a cycle stops where it closes),
    else the name itself with its spacing tidied."""
    shown, seen = " ".join(str(name).split()), set()
    while norm(shown) in aliases and norm(shown) not in seen:
        seen.add(norm(shown))
        shown = aliases[norm(shown)]
    return shown


class Names:
    """The players of many sessions, each shown by one name: a rename's NEW, else the spelling of
    the latest session it appears in (sessions are given oldest first)."""

    def __init__(self, aliases: dict[str, str], tables: Iterable[list[str]]):
        self.aliases = aliases
        self._memo: dict[str, str] = {}
        self.shown: dict[str, str] = {}
        for players in tables:
            for p in players:
                name = resolve(aliases, p)
                self.shown[norm(name)] = name
        for target in aliases.values():  # a rename's spelling wins over any session's
            name = resolve(aliases, target)
            if norm(name) in self.shown:
                self.shown[norm(name)] = name

    def __call__(self, name: str) -> str:
        if name not in self._memo:
            resolved = resolve(self.aliases, name)
            self._memo[name] = self.shown.get(norm(resolved), resolved)
        return self._memo[name]

    def known(self) -> list[str]:
        return sorted(self.shown.values(), key=str.casefold)

    def find(self, name: str) -> str:
        """The player a typed name means (any case and spacing, an alias too); SessionError names
        the nearest known players when there is none."""
        wanted = norm(resolve(self.aliases, name))
        if wanted in self.shown:
            return self.shown[wanted]
        raise SessionError(f"no player named {name!r} in any session{near(name, self.known())}")


def near(name: str, names: list[str]) -> str:
    """`; players: A, B` with the names nearest to `name` (or the first few), for an error line."""
    by_norm = {norm(n): n for n in names}
    close = [by_norm[n] for n in difflib.get_close_matches(norm(name), list(by_norm), n=3, cutoff=0.5)]
    shown = close or names[:5]
    return f"; players: {', '.join(shown)}" if shown else "; there are no sessions yet"


def rename(aliases: dict[str, str], tables: list[list[str]], old: str, new: str) -> dict[str, str]:
    """The alias table with OLD merged into NEW (both any case and spacing; NEW may only respell
    OLD). Refused (SessionError): an OLD that no session has, a NEW that is no valid name, and a
    merge of two players who sat at one table (they are two people). NEW becomes the shown
    spelling of everyone merged into it."""
    new = " ".join(str(new).split())
    if not new:
        raise SessionError("the new name is empty; give the name as it should be shown, e.g. `players rename Anne Ann`")
    if problem := text_problem(new, "the new name", 40):
        raise SessionError(problem)
    names = Names(aliases, tables)
    old_key = norm(names.find(old))
    if names(names.find(old)) == new:  # a rename would write an entry that changes nothing
        raise SessionError(f"{new} is already shown as {new}: nothing to rename; give the misspelt name first, "
                           "then the name to show (e.g. `players rename Anne Ann`)")
    if norm(names(new)) != old_key:
        for players in tables:
            seated = {norm(names(p)) for p in players}
            if old_key in seated and norm(names(new)) in seated:
                raise SessionError(f"{names(old)} and {names(new)} played at one table ({', '.join(players)}): "
                                   "they are two players, not one name spelt two ways")
    target = names(new) if norm(new) in aliases and norm(names(new)) != old_key else new
    out = {k: (target if norm(resolve(aliases, v)) == old_key else v) for k, v in aliases.items()}
    out[old_key] = target
    for players in tables:  # every spelling of OLD in the sessions points at NEW
        for p in players:
            if norm(resolve(aliases, p)) == old_key:
                out[norm(p)] = target
    if norm(target) != old_key:
        out.pop(norm(target), None)  # NEW stands for itself (a key equal to it only respells it)
    return out


def renamed(store, old: str, new: str) -> tuple[dict[str, str], list[list[str]]]:
    """`rename` kept: the alias table and the sessions' players read, and the new table written, in
    one write transaction, so a rename made at the same time by another terminal is never lost (the
    second waits for the first and merges into its table). (The new alias table, the tables.)"""
    def change(raw):
        tables = [s.players for s in store.all([])]
        aliases = rename(parsed(raw), tables, old, new)
        return json.dumps(aliases, ensure_ascii=False, sort_keys=True), (aliases, tables)

    return store.update_meta(META_KEY, change)


def load(store) -> dict[str, str]:
    """The alias table kept in the sessions file (empty when none or unreadable)."""
    return parsed(store.meta_value(META_KEY))


def parsed(raw: str | None) -> dict[str, str]:
    """The alias table from its stored JSON (empty when none or unreadable)."""
    try:
        table = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in table.items()} if isinstance(table, dict) else {}


