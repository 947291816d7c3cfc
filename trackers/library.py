"""The card library: one file per game in the user's data folder (`<data>/cards/<game>.toml`), the
table's own card entries in the shape of the game's shipped catalogue, laid over it.

Every file is read through the one untrusted-file reader (rulesdb/untrusted.py) and every entry is
checked against the game's card record (engine/library.py) before anything is written: a bad entry
is refused naming the card and the field, and the library stays as it was (an import is whole or
nothing). A card an older version took that the game's own check refuses now (a near-misspelt
Catharsis character) is set aside when the file is read, not the whole library: said once, used by
nothing, refused by a command that names it. Writes go through the project's one file writer (a temporary file renamed into place).
"""
from __future__ import annotations

import json
import re
from contextlib import suppress
from pathlib import Path
from typing import Any

from engine import get_tracker, library as rules
from engine.library import LibraryError, fold
from rulesdb.untrusted import parse_json, parse_toml, read_text, write_file
from trackers.files import export_target


def state_class(game: str):
    """The State of a game with cards; LibraryError for a game without a card catalogue."""
    state = get_tracker(game).State
    if rules.card_model(state) is None:
        from engine import GAMES  # read when asked: a game added since is in it

        with_cards = [g for g in GAMES if rules.card_model(get_tracker(g).State) is not None]
        raise LibraryError(f"{game} has no card catalogue (its cards are numbers and suits the rules know); "
                           f"games with cards: {', '.join(sorted(with_cards))}")
    return state


def read_entries(path: Path, key: str, text: str | None = None) -> list[dict[str, Any]]:
    """The entries of a TOML or JSON file (by suffix): `[[KEY]]` tables, a JSON object with a KEY
    list, or a JSON list; LibraryError naming the file otherwise. `text`: the file's, read already."""
    text = read_text(path, LibraryError) if text is None else text
    suffix = path.suffix.lower()
    if suffix == ".json":
        data = parse_json(text, path, LibraryError)
    elif suffix == ".toml":
        data = parse_toml(text, path, LibraryError)
    else:
        raise LibraryError(f"{path}: give a .toml or .json file")
    entries = data if isinstance(data, list) else data.get(key) if isinstance(data, dict) else None
    if entries is None and isinstance(data, dict) and not data:
        entries = []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise LibraryError(f"{path}: expected a list of card entries under `{key}` (as in the game's catalogue)")
    return entries


def _key(key: Any) -> str:
    """A TOML key: bare when it can be, else quoted."""
    text = str(key)
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else json.dumps(text, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml_value(v)}" for k, v in value.items()
                                if v is not None) + " }"
    raise LibraryError(f"cannot write {value!r} in TOML")


def to_toml(key: str, entries: list[dict[str, Any]], heading: str) -> str:
    """Entries as `[[KEY]]` tables (a None field left out: unknown)."""
    lines = [f"# {heading}", ""]
    for entry in entries:
        lines.append(f"[[{key}]]")
        lines += [f"{_key(k)} = {_toml_value(v)}" for k, v in entry.items() if v is not None]
        lines.append("")
    return "\n".join(lines)


def write_entries(path: Path, key: str, entries: list[dict[str, Any]], heading: str) -> str:
    if path.suffix.lower() == ".json":
        text = json.dumps({key: entries}, ensure_ascii=False, indent=1) + "\n"
    else:
        text = to_toml(key, entries, heading)
    write_file(path, text, LibraryError, "the library is unchanged")
    return text


def _checker() -> str:
    """What a library's check depends on besides its text: the engine's files (the card records and
    the catalogues the entries lie over), by name, size and modification time."""
    here = Path(rules.__file__).parent  # engine/
    files = sorted([*here.glob("*.py"), *here.glob("*/*.py"), *here.glob("*/*.toml"), *here.glob("*/*.json")])
    return ";".join(f"{p.relative_to(here)}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in files)


#: set-aside cards not yet said (one line each), said once by the CLI after the command (companion/cli.py)
_untold: dict[str, str] = {}
_told: set[str] = set()


def untold() -> list[str]:
    """The set-aside cards' lines no command has said yet in this process (each said once)."""
    lines = [line for key, line in _untold.items() if key not in _told]
    _told.update(_untold)
    _untold.clear()
    return lines


def refuse_set_aside(data_dir: Path, game: str, names: list[str], said: str) -> dict[str, dict[str, Any]]:
    """A session's play or change (`said`) that uses or names a card its table does not describe
    (`names`: the game's Views.cards_unknown) and the library has set aside: refused (LibraryError,
    bad input) with the library's line, why and the `cards edit` that fixes it, as `cards show` of it
    is, instead of being taught as an unknown card (a `cards add` the library would refuse). Else the
    names the library describes now (added or fixed since the session started), each with the fields
    its entry has (in_library). The library is read only for such a play, and nothing is written."""
    if not names:
        return {}
    for name, line in set_aside_lines(data_dir, game, names).items():
        raise LibraryError(f"refused: {said}: {name} is a card the card library has set aside: {line}")
    return in_library(data_dir, game, names)


def set_aside_lines(data_dir: Path, game: str, names: list[str]) -> dict[str, str]:
    """Of `names`, those the card library has set aside: name -> the library's line (why, and the
    `cards edit` that fixes it), as `cards show` of it says it. Nothing is written."""
    library = Library(data_dir, game)
    library.entries()  # sets set_aside; keep=False: no checked copy left beside it
    out = {}
    for name in [n for n in names if fold(n) in library.set_aside]:
        try:
            library.card(name)  # the set-aside line, said as the error (not again after it)
        except LibraryError as exc:
            out[name] = str(exc)
    return out


def in_library(data_dir: Path, game: str, names: list[str]) -> dict[str, dict[str, Any]]:
    """Those of `names` the card library describes now (not set aside), each with the fields its entry has
    (field -> value) or settles without giving them (the record's settled_fields, valued None: a
    CATastrophe Attack has no effect to give)."""
    library = Library(data_dir, game)
    settled = getattr(library.model, "settled_fields", lambda entry: ())
    now = {fold(e["name"]): {**dict.fromkeys(settled(e)), **{k: v for k, v in e.items() if k != "name"}}
           for e in library.usable(library.entries())}
    return {n: now[fold(n)] for n in names if fold(n) in now}


def unreadable(data_dir: Path, game: str) -> str | None:
    """Why the game's card library file cannot be read (not TOML or JSON, a bad field: the line that
    names the file and the problem), or None. Nothing is written."""
    try:
        Library(data_dir, game).entries()
    except LibraryError as exc:
        return str(exc)
    return None


def as_library_is(data_dir: Path, game: str, views, state, move, said: str, verdict):
    """The verdict on a play or change (`move`, said as `said`) as the card library is now: refused
    (refuse_set_aside) when it uses or names a card the library has set aside; a card the table does
    not describe but the library does now (added or fixed after the session started), whether the play
    names it or a note teaches it (a CATastrophe `resolve` of a card of unknown effect), is taught with
    `cards edit`, not a `cards add` the library would refuse. A library file that cannot be read (broken
    by hand) is not needed to judge the play: the verdict stays as judged, with a note naming the file and
    the problem (a command that needs the library, `cards ...` or `track new`, refuses in that line)."""
    from engine.base import Reason
    from engine.untaught import taught_as_known
    from engine.words import taught_added, told

    broken = unreadable(data_dir, game)
    if broken is not None:  # the play does not need the library: judged as the session knows its cards
        return verdict.model_copy(update={"unchecked": (*verdict.unchecked, Reason(rule="", message=(
            f"the card library could not be read, so this play was judged without it ({broken}); "
            f"fix the file, then `companion cards list {game}` reads it")))})
    names = views.cards_unknown(state, move) if move is not None else []
    known = refuse_set_aside(data_dir, game, names, said) if names else {}
    taught = [n for n in taught_added(told(verdict), game) if fold(n) not in {fold(k) for k in known}]
    known |= in_library(data_dir, game, taught) if taught else {}  # any card a note teaches (a resolve's)
    if not known:
        return verdict

    def mend(reasons):
        return tuple(taught_as_known(r, game, known) for r in reasons)

    return verdict.model_copy(update={"reasons": mend(verdict.reasons), "unchecked": mend(verdict.unchecked)})


def _fix(entry: dict[str, Any], why: str) -> str:
    """The `cards edit` flag that fixes a set-aside entry: its field with the name the check meant
    (`field character: ... did you mean Durhak?` -> `--character Durhak`); `--FIELD VALUE` when the
    check names no such name."""
    found = re.match(r"field (\w+): unknown \w+ '([^']*)'; did you mean ([^?]+)\?", why)
    if not found:
        return "--FIELD VALUE"
    field, wrong, meant = found.groups()
    value = entry.get(field)
    if isinstance(value, list):  # a duo: the one misspelt name replaced
        value = ",".join(meant if str(v) == wrong else str(v) for v in value)
    else:
        value = meant
    return f"--{field} {json.dumps(value) if ' ' in value else value}"


class Library:
    """A game's card library in a data folder: the user's entries and the catalogue they lie over."""

    def __init__(self, data_dir: Path, game: str):
        self.game = game
        self.State = state_class(game)
        self.model = rules.card_model(self.State)
        self.key = rules.catalogue_key(self.State)
        self.path = data_dir / "cards" / f"{game}.toml"
        self.checked_copy = self.path.with_name(f".{game}.checked.json")
        self._read: str | None = None  # the entries read and checked by this object (JSON text)
        self.set_aside: dict[str, str] = {}  # folded name -> why: a card an older version took, refused now
        self._aside_read: list[dict[str, Any]] = []  # those entries as read

    def _aside(self, entries: list[dict[str, Any]]) -> dict[str, str]:
        """The entries the game's own check refuses that their fields allow (a Catharsis character
        misspelt near one, `Durak`, which older versions' `cards add` took), folded name -> the line
        saying so, with the command that fixes it. Such a card is set aside, not the whole library."""
        problem = getattr(self.model, "entry_problem", None)
        found = {fold(e["name"]): (e, why) for e in entries
                 if problem is not None and isinstance(e.get("name"), str) and (why := problem(e))}
        return {key: f"{self.path}: card {e['name']!r} is set aside ({why.split(' known: ')[0]}); fix it with "
                     f"`companion cards edit {self.game} {json.dumps(e['name'], ensure_ascii=False)} "
                     f"{_fix(e, why)}`"
                for key, (e, why) in found.items()}

    # -- reading --------------------------------------------------------------------------

    def entries(self, keep: bool = False) -> list[dict[str, Any]]:
        """The user's entries as kept (checked: a hand-edited file that broke is named, not used).
        Read and checked once per Library (each call gets its own copy); a file checked before, byte
        for byte, by this same code is taken from its checked copy beside it (`.GAME.checked.json`,
        keyed by the digest of the file's text and of what checked it) without parsing or checking
        every card again, so reading a library costs one pass over its bytes. `keep`: a read that
        found no such copy leaves one (a listing, a card shown; a command that may be refused leaves
        the folder as it was)."""
        if not self.path.exists():
            return []
        if self._read is not None:
            return json.loads(self._read)
        self._read = self._checked_text(keep)
        entries = json.loads(self._read)
        self.set_aside = self._aside(entries)  # a card an older version took, refused now: said once
        self._aside_read = [e for e in entries if fold(e["name"]) in self.set_aside]
        _untold.update({f"{self.path}\x1f{k}": line for k, line in self.set_aside.items()})
        return entries

    def usable(self, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The entries without the set-aside ones (what a session, a listing or a situation uses)."""
        return [e for e in entries if fold(e["name"]) not in self.set_aside]

    def _checked_text(self, keep: bool) -> str:
        text = read_text(self.path, LibraryError)
        digest = self._digest(text)
        with suppress(OSError, ValueError):
            kept = json.loads(self.checked_copy.read_text(encoding="utf-8"))
            if (isinstance(kept, dict) and kept.get("digest") == digest and isinstance(kept.get("entries"), str)
                    and kept.get("sum") == self._digest(kept["entries"])):  # the copy itself as written
                return kept["entries"]
        found = read_entries(self.path, self.key, text)
        aside = self._aside(found)  # checked when used: refused by the commands that name them
        rules.check_all(self.State, [e for e in found if fold(rules.entry_name(e, str(self.path))) not in aside],
                        str(self.path))
        try:
            out = json.dumps(found, ensure_ascii=False)
        except (TypeError, ValueError):  # a value JSON cannot hold (a TOML date): read it afresh each time
            return json.dumps(found, default=str)
        if keep:
            self._keep(digest, out)
        return out

    def _digest(self, text: str) -> str:
        import hashlib

        return hashlib.sha256(f"{_checker()}\x1f{self.game}\x1f{text}".encode("utf-8")).hexdigest()

    def _keep(self, digest: str, entries: str) -> None:
        """The checked copy written (a cache: a folder that cannot take it only costs a check)."""
        if self.checked_copy.is_symlink():
            return
        with suppress(LibraryError):
            write_file(self.checked_copy, json.dumps({"digest": digest, "entries": entries,
                                                      "sum": self._digest(entries)}, ensure_ascii=False), LibraryError)

    def shipped(self) -> dict[str, dict[str, Any]]:
        return {fold(e["name"]): e for e in rules.shipped_entries(self.State)}

    def names(self, entries: list[dict[str, Any]] | None = None) -> list[str]:
        """Every card the library (its `entries`, read when not given) or the catalogue describes,
        the catalogue's first."""
        names = [e["name"] for e in rules.shipped_entries(self.State)]
        known = {fold(n) for n in names}
        own = self.entries() if entries is None else entries
        return names + [e["name"] for e in own if fold(e["name"]) not in known]

    def find(self, word: str, entries: list[dict[str, Any]] | None = None) -> str:
        """The card a word names, matched anywhere in the name (engine/words.py `match`), among the
        library's `entries` (read when not given) and the catalogue's."""
        from engine.words import match

        return match(word, self.names(entries), "card")

    def card(self, name: str, entries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """What the library (its `entries`, read when not given) says of a card: its entry laid over
        the catalogue's, and where each part comes from."""
        own = next((e for e in (self.entries() if entries is None else entries)
                    if fold(e["name"]) == fold(name)), None)
        if fold(name) in self.set_aside:  # said as the error: not said again after it
            _told.add(f"{self.path}\x1f{fold(name)}")
            raise LibraryError(self.set_aside[fold(name)])
        return self._described(own, self.shipped().get(fold(name)))

    def _described(self, own: dict[str, Any] | None, base: dict[str, Any] | None) -> dict[str, Any]:
        entry = rules.over_shipped(base, own or {})
        origin = ("catalogue" if own is None else "library" if base is None
                  else "catalogue, fields from the library: " + ", ".join(k for k in own if k != "name"))
        return {"game": self.game, "name": entry["name"], "origin": origin, "entry": entry,
                "unknown": rules.unknown_fields(entry, self.model)}

    def listing(self) -> list[dict[str, Any]]:
        """Every card as `card` describes it: the library read once (a listing grows with the library,
        not with its square)."""
        entries = self.usable(self.entries(keep=True))
        own = {fold(e["name"]): e for e in entries}
        shipped = self.shipped()
        return [self._described(own.get(fold(n)), shipped.get(fold(n))) for n in self.names(entries)]

    def effective(self, keep: bool = False) -> list[dict[str, Any]]:
        """The entries a new session records (the user's entries over the catalogue's); `keep` as
        for entries()."""
        return rules.effective(self.State, self.usable(self.entries(keep)))

    # -- writing --------------------------------------------------------------------------

    def _save(self, entries: list[dict[str, Any]], shrinks: bool = False) -> None:
        """The entries checked (each card, and the whole against the library's limit), then written.
        A change that only `shrinks` the library (a removal) writes a part of the entries `entries()`
        has just checked: nothing in it is new, so nothing is checked again (and a library over the
        limit can always be cut down)."""
        if not shrinks:
            rules.check_size(self.State, entries, f"card library {self.game}")
            # a set-aside card kept as it was read is not new: only a command that names it refuses it
            rules.check_all(self.State, [e for e in entries if e not in self._aside_read], f"card library {self.game}")
        text = write_entries(self.path, self.key, entries,
                             f"{self.game}: the table's card library (companion cards ...); entries lie over the catalogue")
        self._read = None
        self.set_aside = self._aside(entries)  # only those kept as read can still be
        for key in [k for k in _untold if k.startswith(f"{self.path}\x1f") and k.split("\x1f")[1] not in self.set_aside]:
            del _untold[key]  # fixed (or removed) by this command: not said after it
        with suppress(TypeError, ValueError):  # what was written was checked (or is a part of what was): its checked copy
            self._keep(self._digest(text), json.dumps(entries, ensure_ascii=False))

    def _kept_name(self, name: str, fields: dict[str, Any]) -> None:
        """LibraryError for a name a session keeps for a card of its own (Theseus: `Rank 5 card`, a card
        the table knows by its Rank only), which no session ever looks up in the library: the line names
        the command that adds the card under its printed name, its Rank a field."""
        kept = getattr(self.model, "kept_name", None)  # the game's card model says (as settled_fields)
        if kept is None or not kept(name):
            return
        flags = {"rank": name.split()[1], **fields}
        command = " ".join([f"companion cards add {self.game} NAME",
                            *(f"--{k.replace('_', '-')} {json.dumps(v) if ' ' in str(v) else v}" for k, v in flags.items())])
        raise LibraryError(f"{name!r} is how a {self.game} session names a card known only by its Rank; a library "
                           f"entry by that name is never used: give the card's printed name, `{command}`")

    def add(self, name: str, fields: dict[str, Any]) -> dict[str, Any]:
        """A new card; LibraryError when the library or the catalogue has it already, or its name is one a
        session keeps for a card of its own. The library is read (and checked) once: the card shown is
        the one in the entries written."""
        self._kept_name(name, fields)
        entries = self.entries()
        if fold(name) in {fold(n) for n in self.names(entries)}:
            raise LibraryError(f"{self.game} already has a card {name!r}; change it with "
                               f"`companion cards edit {self.game} {json.dumps(name)} --FIELD VALUE`")
        entries = [*entries, {"name": name, **fields}]
        self._save(entries)
        return self.card(name, entries)

    def edit(self, word: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Fields laid over a card's (a catalogue card gets a library entry of its own); the library
        read (and checked) once."""
        entries = self.entries()
        name = self.find(word, entries)
        at = next((i for i, e in enumerate(entries) if fold(e["name"]) == fold(name)), None)
        if at is None:
            entries.append({"name": name, **fields})
        else:
            entries[at] = rules.laid_over(entries[at], fields)
        self._save(entries)
        return self.card(name, entries)

    def remove(self, word: str) -> dict[str, Any]:
        """The library's entry of a card removed (a catalogue card goes back to the catalogue's); the
        library read and checked once."""
        entries = self.entries()
        name = self.find(word, entries)
        kept = [e for e in entries if fold(e["name"]) != fold(name)]
        if len(kept) == len(entries):
            raise LibraryError(f"{name!r} is in {self.game}'s shipped catalogue, not in the library: nothing to remove")
        self._save(kept, shrinks=True)
        return {"game": self.game, "name": name, "removed": True,
                "catalogue": fold(name) in self.shipped()}

    def import_(self, path: Path) -> dict[str, Any]:
        """A file's entries into the library (an entry replaces the library's of the same name):
        every entry checked first, so a bad one changes nothing."""
        incoming = read_entries(path, self.key)
        names = {fold(rules.entry_name(e, str(path))) for e in incoming}
        for e in incoming:
            self._kept_name(e["name"], {k: v for k, v in e.items() if k != "name"})
        merged = [*(e for e in self.entries() if fold(e["name"]) not in names), *incoming]
        rules.check_size(self.State, merged, f"{path}: the {self.game} library with its cards")  # first: cheap
        rules.check_all(self.State, incoming, str(path))
        self._save(merged)
        return {"game": self.game, "imported": [e["name"] for e in incoming], "file": str(path)}

    def export(self, path: Path) -> dict[str, Any]:
        entries = self.entries()
        target = export_target(path, self.path.parent.parent)
        if target.suffix.lower() not in (".toml", ".json"):  # as `cards import` reads them
            raise LibraryError(f"{path}: a card library is written as .toml or .json; name the file "
                               f"{target.with_suffix('.toml').name} or {target.with_suffix('.json').name}")
        write_entries(target, self.key, entries, f"{self.game}: a card library written by `companion cards export`")
        return {"game": self.game, "exported": [e["name"] for e in entries], "file": str(target)}


# -- sessions and the library --------------------------------------------------------------

def differences(library: Library, session) -> list[dict[str, str]]:
    """The cards whose library version is not the one the session plays with: changed or removed
    since the session started, or added to the library after it."""
    had = {fold(e["name"]): e for e in rules.library_option(session.options)}  # recorded at `track new`
    now = {fold(e["name"]): e for e in library.effective(keep=True)}  # a read: its checked copy kept
    out = []
    for key, entry in had.items():
        if key not in now:
            out.append({"card": entry["name"], "change": "no longer in the library (the session keeps its entry)"})
        elif now[key] != entry:
            out.append({"card": entry["name"], "change": "edited in the library since the session started "
                                                         "(the session keeps the version it started with)"})
    out += [{"card": e["name"], "change": "added to the library after the session started (not in this session)"}
            for k, e in now.items() if k not in had]
    return out


def recorded_options(data_dir: Path, game: str, options: dict[str, str]) -> dict[str, str]:
    """A new session's options with the library's entries recorded (a game without cards, or an
    empty library, records nothing)."""
    if rules.LIBRARY_OPTION in options:
        raise LibraryError(f"option {rules.LIBRARY_OPTION!r} is the session's record of the card library; "
                           "fill the library with `companion cards add` instead")
    if rules.card_model(get_tracker(game).State) is None:
        return options
    entries = Library(data_dir, game).effective()
    if not entries:
        return options
    text = rules.recorded(entries)
    if len(text) > rules.MAX_LIBRARY_CHARS:  # a library written by hand or by an older version
        raise LibraryError(f"the {game} card library takes {len(text):,} characters, over the limit of "
                           f"{rules.MAX_LIBRARY_CHARS:,} a session records (docs/cards.md); remove cards with "
                           f"`companion cards remove {game} NAME` first")
    return {**options, rules.LIBRARY_OPTION: text}


def unknown_cards(library: Library, store) -> list[dict[str, str]]:
    """The cards this game's stored sessions used that neither the library nor the catalogue
    describes (described in a session only), or that they describe with unknown fields (a card
    counts as used when its name is in one of the session's logged lines)."""
    described = {fold(c["name"]): c for c in library.listing()}
    out: dict[str, dict[str, str]] = {}
    for session in store.all():
        if session.game != library.game:
            continue
        state = store.replay(session).state
        said = " ".join(" ".join(e.args) for e in store.entries(session)).casefold()
        for card in state.cards:
            key = fold(card.name)
            if key not in described and key not in out:
                out[key] = {"name": card.name, "why": f"described in session {session.name} only "
                            f"(save it with `companion cards add {library.game} {json.dumps(card.name)} ...`)"}
        for key, card in described.items():
            if card["unknown"] and key not in out and key in said:
                out[key] = {"name": card["name"], "why": f"used in session {session.name}; unknown: "
                            + ", ".join(card["unknown"])}
    return list(out.values())


def save_described(data_dir: Path, result, words: list[str]) -> list[str]:
    """`--save`: the session's own entries of the cards a recorded change or play named, kept in the
    library too (an entry there of the same name is replaced); their names. LibraryError when the
    line described no card (the line stays recorded; the library is unchanged)."""
    said = " ".join(words).casefold()
    cards = [c for c in getattr(result.state, "cards", ()) if fold(c.name) in said]
    if not cards:
        raise LibraryError(f"--save: this line describes no card of the session; it was recorded in "
                           f"{result.session.name}, the library is unchanged (describe a card, e.g. `track card "
                           "NAME TYPE ...`, or fill the library with `companion cards add`)")
    library = Library(data_dir, result.session.game)
    entries = [c.model_dump(mode="json", exclude_none=True) for c in cards]
    names = {fold(e["name"]) for e in entries}
    library._save([*(e for e in library.entries() if fold(e["name"]) not in names), *entries])
    return [e["name"] for e in entries]
