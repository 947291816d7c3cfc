"""The card library's rules side: what a game's card record is, its shipped catalogue as entries,
a user's entries laid over it, and a session's table started with them (docs/architecture.md "The
card library"). Pure: no file is read here but the game's own shipped catalogue.
"""
from __future__ import annotations

import dataclasses
import json
import sys
import typing
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.record_fields import hints

#: the session option that holds the card entries a session was started with (a JSON list)
LIBRARY_OPTION = "library"
#: the most characters that option may hold: the one limit of a game's card library, checked when
#: the library is written (`cards add`, `edit`, `import`, `--save`), so a new session never refuses it
MAX_LIBRARY_CHARS = 400_000


class LibraryError(EngineError):
    """A card entry that is not a card of its game (names the card and the field), or a game
    without cards: the user's input, exit 2."""


def card_model(state_cls) -> type | None:
    """The record a game's card entries validate against: the element type of `State.cards`
    (None: the game has no card catalogue)."""
    kind = hints(state_cls).get("cards")
    if kind is None:
        return None
    args = [a for a in typing.get_args(kind) if a is not Ellipsis]
    return args[0] if args else None


def catalogue_file(state_cls) -> Path | None:
    """The game's shipped catalogue file, `cards.toml` beside its model (None: it ships none)."""
    path = Path(sys.modules[state_cls.__module__].__file__).parent / "cards.toml"
    return path if path.is_file() else None


@lru_cache(maxsize=8)
def _catalogue(path: Path) -> tuple[str, tuple[str, ...]]:
    """A catalogue file, parsed once: the name of its one list of tables (`cards` when it holds none
    or several) and that list's entries as JSON text (so each caller gets fresh dicts)."""
    import tomllib  # here: a tracker change that never reads the catalogue does not load it

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    lists = [k for k, v in data.items() if isinstance(v, list) and all(isinstance(e, dict) for e in v)]
    key = lists[0] if len(lists) == 1 else "cards"
    return key, tuple(json.dumps(e) for e in data.get(key, []))


def catalogue_key(state_cls) -> str:
    """The name of the array of entries in the game's catalogue files: the file's one list of tables
    (`cards`; Catharsis `powers`), `cards` when the file holds none yet."""
    found = catalogue_file(state_cls)
    return "cards" if found is None else _catalogue(found)[0]


def shipped_entries(state_cls) -> list[dict[str, Any]]:
    """The shipped catalogue's entries as written (fresh dicts each call): the one reader of every
    game's cards.toml."""
    found = catalogue_file(state_cls)
    return [] if found is None else [json.loads(e) for e in _catalogue(found)[1]]


@lru_cache(maxsize=8)
def shipped_cards(state_cls) -> tuple:
    """The shipped catalogue as the game's card records, built once and trusted (the full check of
    each is a test: tests/engine/test_record.py)."""
    model = card_model(state_cls)
    return tuple(model(**e) for e in shipped_entries(state_cls))


def laid_over(base: dict, over: dict) -> dict:
    """`over`'s fields over `base`'s, tables merged key by key (adding a cost to a built-in power
    keeps its Combo values); lists and plain values are replaced."""
    out = dict(base)
    for key, value in over.items():
        out[key] = laid_over(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def fold(name: str) -> str:
    return name.casefold()


def entry_name(entry: Any, where: str) -> str:
    """The entry's name, or LibraryError saying the entry has none."""
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise LibraryError(f"{where}: an entry without a name (every card needs `name`)")
    return name


def check_entry(model, entry: dict, where: str):
    """The entry as a card record, or LibraryError naming the card and the field."""
    from pydantic import ValidationError

    from engine.base import field_problem

    name = entry_name(entry, where)
    try:
        record = model.model_validate(entry)
    except ValidationError as exc:
        raise LibraryError(f"{where}: card {name!r}: {field_problem(exc, model)}") from None
    problem = model.entry_problem(entry) if hasattr(model, "entry_problem") else None  # the game's own check
    if problem:
        raise LibraryError(f"{where}: card {name!r}: {problem}")
    return record


def over_shipped(shipped: dict | None, own: dict) -> dict:
    """A user's entry laid over the shipped entry of its name, which keeps its printed name (a
    library may spell it in another case: `knight` is the catalogue's Knight)."""
    if not shipped:
        return dict(own)
    return {**laid_over(shipped, own), "name": shipped["name"]}


def effective(state_cls, user: list[dict]) -> list[dict]:
    """The library's entries as a session takes them: each user entry laid over the shipped entry
    of the same name (a new card stands as written). Only the cards the user's library names."""
    shipped = {fold(e["name"]): e for e in shipped_entries(state_cls) if isinstance(e.get("name"), str)}
    return [over_shipped(shipped.get(fold(e["name"])), e) for e in user]


def check_all(state_cls, user: list[dict], where: str) -> list:
    """Every entry checked (the whole library or nothing): the records, or LibraryError."""
    model = card_model(state_cls)
    seen: set[str] = set()
    for entry in user:
        name = entry_name(entry, where)
        if fold(name) in seen:
            raise LibraryError(f"{where}: card {name!r} is given twice; keep one entry per card")
        seen.add(fold(name))
    return [check_entry(model, e, where) for e in effective(state_cls, user)]


def recorded(entries: list[dict]) -> str:
    """The text of the option LIBRARY_OPTION that records `entries` (compact JSON)."""
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


def check_size(state_cls, user: list[dict], where: str) -> None:
    """LibraryError when a library of these (named) entries would take more than MAX_LIBRARY_CHARS
    in a new session's option LIBRARY_OPTION: refused when the library is written, not at `track new`."""
    size = len(recorded(effective(state_cls, user)))
    if size > MAX_LIBRARY_CHARS:
        raise LibraryError(f"{where}: {len(user):,} cards would take {size:,} characters in each new session, "
                           f"over the limit of {MAX_LIBRARY_CHARS:,} (docs/cards.md); the library is unchanged")


def with_cards(state, entries: list[dict], checked: bool):
    """The table with the library's entries beside its own: a card the table itself described
    (an option such as cards=...) keeps the table's entry."""
    model = card_model(type(state))
    own = {fold(c.name) for c in state.cards}
    made = [model.model_validate(e) if checked else model(**e) for e in entries]
    return state.model_copy(update={"cards": (*[c for c in made if fold(c.name) not in own], *state.cards)})


def library_option(options: dict[str, str]) -> list[dict]:
    """The entries a session's options recorded ([] when none); LibraryError for a value that is
    not a JSON list of entries."""
    text = options.get(LIBRARY_OPTION)
    if text is None:
        return []
    if len(text) > MAX_LIBRARY_CHARS:
        raise LibraryError(f"option {LIBRARY_OPTION}: {len(text):,} characters is over {MAX_LIBRARY_CHARS:,}")
    try:
        entries = json.loads(text)
    except ValueError:
        raise LibraryError(f"option {LIBRARY_OPTION}: not a JSON list of card entries") from None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise LibraryError(f"option {LIBRARY_OPTION}: not a JSON list of card entries")
    return entries


def start_state(tracker, players: list[str], options: dict[str, str], checked: bool = False):
    """A session's first table: the game's own options read by its tracker, then the cards the
    session recorded from the library (`checked`: validate them, for a file from outside)."""
    entries = library_option(options)
    rest = {k: v for k, v in options.items() if k != LIBRARY_OPTION}
    state = tracker.declaration.verbs.new_state(players, rest)
    if not entries:
        return state
    if card_model(type(state)) is None:
        raise LibraryError(f"option {LIBRARY_OPTION}: {tracker.game} has no card catalogue")
    return with_cards(state, entries, checked)


def _default(f):
    """A record field's default (None when it has none: then it must be given)."""
    if f.default is not dataclasses.MISSING:
        return f.default
    if "default" in f.metadata:
        return f.metadata["default"]
    return f.default_factory() if f.default_factory is not dataclasses.MISSING else None


def unknown_fields(entry: dict, model) -> list[str]:
    """The fields of an entry its game leaves unknown: absent or None where the record's default
    is None, or the value "unknown"; inside a record field that is given (Catharsis `top`), its
    parts the same way (`top.cost`). A record may settle some absent fields by its other ones (its
    `settled_fields(entry)`: a Theseus card whose effect is "none" has no end-game points)."""
    kinds = hints(model)
    settled = set(model.settled_fields(entry)) if hasattr(model, "settled_fields") else set()
    out = []
    for f in dataclasses.fields(model):
        value = entry.get(f.name, _default(f))
        if f.name in settled:
            continue
        if value is None or value == "unknown":
            out.append(f.name)
        elif isinstance(value, dict):
            record = next((k for k in _kinds(kinds[f.name]) if _is_record(k)), None)
            if record is not None:
                out += [f"{f.name}.{part}" for part in unknown_fields(value, record)]
    return out


# -- a card's fields as typed on the command line (`cards add GAME NAME --FIELD VALUE ...`) -------

def field_names(model) -> list[str]:
    """The fields a card entry may give, as the record names them."""
    return [f.name for f in dataclasses.fields(model)]


def _kinds(kind) -> list:
    """The plain types and record classes a field's annotation allows (unions and Optional opened)."""
    origin = typing.get_origin(kind)
    if origin is typing.Annotated:
        return _kinds(typing.get_args(kind)[0])
    if origin in (typing.Union, __import__("types").UnionType):
        return [k for a in typing.get_args(kind) for k in _kinds(a)]
    if origin is typing.Literal:
        return [type(a) for a in typing.get_args(kind)]
    return [origin or kind]


def _is_record(kind) -> bool:
    from engine.record_fields import Declared

    return isinstance(kind, type) and issubclass(kind, Declared)


def _value(kind, text: str) -> Any:
    """Text typed for a field, read as the field takes it: a TOML value where that fits the field
    (3, true, ["a", "b"], { cost = "AA" }), a list of words for a list field (`a, b`), a record
    field's first field for anything but a table (`--bottom "BB 4"` and `--bottom 4` are the bottom's
    cost), else the text."""
    import tomllib

    kinds = _kinds(kind)
    try:
        parsed = tomllib.loads(f"v = {text}")["v"]
    except ValueError:
        parsed = text
    records = [k for k in kinds if _is_record(k)]
    if records and not isinstance(parsed, dict):  # `--top 4`: a one-number cost is still the cost's text
        return {field_names(records[0])[0]: text}
    if isinstance(parsed, (dict, list)):
        return parsed
    if type(parsed) in kinds or (type(parsed) is int and float in kinds):
        return parsed
    if tuple in kinds and str not in kinds:
        return [w.strip() for w in text.split(",") if w.strip()]
    return text


def typed_fields(model, words: list[str]) -> dict[str, Any]:
    """`--FIELD VALUE` pairs as an entry's fields: `--field.part VALUE` sets one part of a record
    field, `--field.KEY VALUE` one key of a table field (Catharsis `--top.levels.2 "AA ?"`: the top's
    cost at Level 2); LibraryError for an unknown field (naming the nearest) or a field without a value."""
    names = [n for n in field_names(model) if n != "name"]
    out: dict[str, Any] = {}
    at = 0
    while at < len(words):
        word = words[at]
        if not word.startswith("--") or len(word) < 3:
            raise LibraryError(f"{word!r}: give fields as --FIELD VALUE; fields: {', '.join(names)}")
        path = word[2:].replace("-", "_").split(".")
        if at + 1 >= len(words):
            _field_kind(model, path, word)  # an unknown field is named before a missing value
            raise LibraryError(f"{word} needs a value, e.g. {word} VALUE")
        _put(model, path, word, words[at + 1], out)
        at += 2
    return out


def _field_kind(model, path: list[str], word: str):
    """The annotation of a record's field `path[0]`; LibraryError naming the nearest fields."""
    from engine.words import nearest

    names = [n for n in field_names(model) if n != "name"]
    if path[0] not in names:
        near = nearest(path[0], names) or names
        raise LibraryError(f"unknown field {word!r} for this game's cards; fields: {', '.join(near)}")
    return hints(model)[path[0]]


def _put(model, path: list[str], word: str, text: str, out: dict) -> None:
    """One `--a.b.c VALUE` into the entry: down through record fields and at most one table key."""
    kind = _field_kind(model, path, word)
    head = path[0]
    if len(path) == 1:
        value = _value(kind, text)
        out[head] = laid_over(out[head], value) if isinstance(value, dict) and isinstance(out.get(head), dict) \
            else value
        return
    record = next((k for k in _kinds(kind) if _is_record(k)), None)
    table = _table_value(kind)
    full = word[2:].split(".")
    named = ".".join(full[:len(full) - len(path) + 1])
    if record is None and table is None:
        raise LibraryError(f"unknown field {word!r}: {named} has no parts")
    if record is None and len(path) > 2:
        raise LibraryError(f"unknown field {word!r}: {named} is a table: give one key, --{named}.KEY VALUE")
    inner = out.setdefault(head, {})
    if not isinstance(inner, dict):
        raise LibraryError(f"{word}: --{head} is given whole already")
    if record is None:
        inner[path[1]] = _value(table, text)
        return
    try:
        _put(record, path[1:], word, text, inner)
    except LibraryError as exc:
        if path[1] in field_names(record):
            raise
        parts = ", ".join(f"{head}.{n}" for n in field_names(record))
        raise LibraryError(f"unknown field {word!r}; parts: {parts}") from exc


def _table_value(kind):
    """The type of a table field's values (`dict[str, str]` -> str); None when the field is no table."""
    origin = typing.get_origin(kind)
    if origin is typing.Annotated:
        return _table_value(typing.get_args(kind)[0])
    if origin in (typing.Union, __import__("types").UnionType):
        return next((t for a in typing.get_args(kind) if (t := _table_value(a)) is not None), None)
    return typing.get_args(kind)[1] if origin is dict else None


def library_schema(state_cls, game: str) -> dict[str, Any]:
    """The JSON Schema of a game's library file (and of `cards import`): an object holding the list
    of entries under the catalogue's key, each the game's card record (docs/cards/<game>.schema.json)."""
    key = catalogue_key(state_cls)
    item = card_model(state_cls).model_json_schema()
    defs = item.pop("$defs", {})
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "title": f"{game} card library",
              "description": f"Card entries in the shape of the {game} catalogue ({key}.toml): the library's "
                             "entries lie over the shipped catalogue's, field by field (docs/cards.md).",
              "type": "object",
              "properties": {key: {"type": "array", "items": item}},
              "additionalProperties": False}
    if defs:
        schema["$defs"] = defs
    return schema
