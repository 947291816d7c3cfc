"""A file's mistake as a player says it (`field_problem`): from pydantic's ValidationError of a situation
file, a deck or a card entry, one line naming the key by its path in the file, what was wrong and what
is allowed or meant (a misspelt key gets the nearest key of its table), never pydantic's own phrases.
"""
from __future__ import annotations

import difflib
import re
from typing import Any

#: what pydantic puts in an error's location besides field names: the branch of a union it tried
_TYPE_TAGS = frozenset({"int", "str", "bool", "float", "tuple", "list", "dict", "none", "constrained-int",
                        "constrained-str", "constrained-float", "lax-int", "strict-int", "json-or-python"})

#: errors that say the value is of another kind: one per branch of a union, named together
_KINDS = {"int_parsing": "a whole number", "int_type": "a whole number", "int_from_float": "a whole number",
          "float_parsing": "a number", "float_type": "a number", "bool_parsing": "true or false",
          "bool_type": "true or false", "string_type": "text in quotes", "tuple_type": "a list",
          "list_type": "a list", "set_type": "a list", "frozen_set_type": "a list", "dict_type": "a table",
          "model_type": "a table", "model_attributes_type": "a table", "none_required": "left out",
          "is_instance_of": "a value of its own kind"}
#: errors of a value's size, as their limit says it
_LIMITS = {"greater_than_equal": ("ge", "at least"), "greater_than": ("gt", "more than"),
           "less_than_equal": ("le", "at most"), "less_than": ("lt", "less than")}
#: what pydantic puts before a validator's own message
_PREFIXES = ("Value error, ", "Assertion failed, ")
SHOWN_KEYS = 8  # keys a refusal lists when none is near the mistyped one


def _readable(part) -> bool:
    """A location part a person would call part of the field's path (a name, an index, a key)."""
    return not isinstance(part, str) or not ("[" in part or "(" in part or part in _TYPE_TAGS)


def _path(error) -> tuple:
    return tuple(p for p in error["loc"] if _readable(p))


def field_problem(exc, model=None) -> str:
    """`field players.0.hand: ...` from a pydantic ValidationError: the path in the file's own words
    (no union branch or validator names), what is wrong and what would do. `model` (the record or model
    validated) lets a misspelt key name the nearest keys of its table."""
    errors = exc.errors()
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])  # a misspelt key first
    path = _path(first)
    same = [e for e in errors if _path(e) == path]
    kinds = [e for e in same if e["type"] in _KINDS or e["type"] in ("literal_error", "enum")]
    fits = [e for e in same if e not in kinds]
    chosen = (fits or same or [first])[0]
    said = _said(chosen, kinds if not fits else [], path, model)
    where = ".".join(str(p) for p in path)
    return f"field {where}: {said}" if where else said


def _said(error, kinds: list, path: tuple, model) -> str:
    """One error in a player's words (`kinds`: every branch of a union the value matched none of)."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "extra_forbidden":
        keys = _keys_at(model, path[:-1])
        near = difflib.get_close_matches(str(path[-1]).lower(), keys, n=1, cutoff=0.6)
        if near:
            return f"unknown key; did you mean {near[0]}?"
        shown = ", ".join(keys[:SHOWN_KEYS]) + (", ..." if len(keys) > SHOWN_KEYS else "")
        return f"unknown key; the keys here: {shown}" if keys else "unknown key"
    if kind == "missing":
        return "missing, and it is required"
    if kinds:
        wanted = list(dict.fromkeys(_kind(e, path, model) for e in kinds))
        choices = [c for e in kinds if e["type"] in ("literal_error", "enum")
                   for c in re.findall(r"'([^']*)'", (e.get("ctx") or {}).get("expected", ""))]
        near = difflib.get_close_matches(value.lower(), choices, n=1, cutoff=0.6) if isinstance(value, str) else []
        meant = f"; did you mean {near[0]!r}?" if near else ""
        return f"should be {' or '.join(wanted)}, not {_shown(value)}{meant}"
    if kind in _LIMITS:
        bound, words = _LIMITS[kind]
        return f"should be {words} {ctx.get(bound)}, not {_shown(value)}"
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        return "should not be empty" if least == 1 else f"should be at least {least} characters long"
    if kind == "string_too_long":
        return f"should be at most {ctx.get('max_length')} characters long"
    if kind in ("too_short", "too_long"):
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        words = "at least" if kind == "too_short" else "at most"
        many = path[-1] if path and isinstance(path[-1], str) and path[-1].endswith("s") else "entries"
        noun = many if bound != 1 else ("entry" if many == "entries" else many[:-1])
        return f"needs {words} {bound} {noun}, not {ctx.get('actual_length')}"
    message = error["msg"]
    for prefix in _PREFIXES:
        message = message.removeprefix(prefix)
    return message


def _kind(error, path: tuple, model) -> str:
    """What a value of one branch is, as a player writes it (a table names the keys it needs)."""
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "its choices")
        return f"one of {expected}" if " or " in expected else expected
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        needed = _keys_at(model, path, required=True)
        return f"a table with {', '.join(k + ' = ...' for k in needed)}" if needed else "a table"
    if kind in ("tuple_type", "list_type") and path and isinstance(path[-1], str):
        needed = _keys_at(model, (*path, 0), required=True)
        if needed:  # a list of tables, as TOML writes it
            keys = ", ".join(k + " = ..." for k in needed)
            return f"a list of tables (in TOML, a [[{path[-1]}]] block each, with {keys})"
    return _KINDS.get(kind, kind.replace("_", " "))


def _shown(value: Any) -> str:
    """A value as the refusal quotes it, short."""
    if isinstance(value, str):
        return f"the text {value[:24]!r}" + ("..." if len(value) > 24 else "")
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        text = str(value)
        return text if len(text) <= 12 else text[:12] + "..."
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "nothing" if value is None else type(value).__name__


def _keys_at(model, path: tuple, required: bool = False) -> list[str]:
    """The keys the table at `path` takes (with `required`, only those it needs)."""
    nodes = _nodes_at(model, path)
    keys = [k for node in nodes for k in (node.get("required", []) if required else node.get("properties", {}))]
    return [k for k in dict.fromkeys(keys) if re.fullmatch(r"[\w-]+", k)]


def _nodes_at(model, path: tuple) -> list[dict]:
    """The model's JSON Schema at `path`: through tables, lists, optional values and references."""
    if model is None:
        return []
    try:
        schema = model.model_json_schema()
    except Exception:  # noqa: BLE001 - a schema pydantic cannot write leaves the keys unnamed, the refusal stands
        return []
    defs = schema.get("$defs", {})

    def opened(node) -> list[dict]:
        if not isinstance(node, dict):
            return []
        if "$ref" in node:
            return opened(defs.get(node["$ref"].rsplit("/", 1)[-1]))
        branches = node.get("anyOf") or node.get("oneOf") or node.get("allOf")
        return [n for b in branches for n in opened(b)] if branches else [node]

    nodes = opened(schema)
    for part in path:
        inner = []
        for node in nodes:
            if isinstance(part, str) and part in node.get("properties", {}):
                inner += opened(node["properties"][part])
            elif isinstance(part, int) and node.get("type") == "array":
                inner += opened(node.get("items") or {})
                inner += [n for item in node.get("prefixItems", []) for n in opened(item)]
            elif isinstance(node.get("additionalProperties"), dict):
                inner += opened(node["additionalProperties"])
        nodes = inner
    return nodes
