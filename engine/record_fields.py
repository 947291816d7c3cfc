"""What a record class declares: `Field(...)` (default, description, constraints),
`BeforeValidator`, and the validator marks. Read by engine/record.py (the trusted path, no
checking) and engine/record_check.py (the untrusted path, pydantic), so neither imports the other's
internals and record_check never imports record."""
from __future__ import annotations

import dataclasses
import typing
from functools import lru_cache
from typing import Any

MISSING = dataclasses.MISSING
#: the key in a record's __dict__ that lists the fields given when some took their defaults
FIELDS_SET = "__fields_set__"


class Declared:
    """The base of every record class (engine.record.Record): how the untrusted path tells a nested
    record from a plain type."""

    __slots__ = ()


@dataclasses.dataclass(slots=True, eq=False)
class FieldInfo:
    """What `Field(...)` declares: default, description and constraints (pydantic's names)."""

    default: Any
    default_factory: Any
    description: str | None
    constraints: dict[str, Any]


def Field(default: Any = MISSING, *, default_factory=None, description: str | None = None,
          **constraints: Any) -> Any:
    """A field's default (none: required), description and constraints (ge, le, gt, lt,
    min_length, max_length). The constraints and the field's type are checked only by
    `model_validate` (untrusted input): the trusted constructor `Model(...)` does not check them.
    A mutable default (`Field({})`, `Field([])`) is copied for each record, as pydantic does."""
    if default is ...:
        default = MISSING
    return FieldInfo(default, default_factory, description, constraints)


@dataclasses.dataclass(slots=True, eq=False)
class BeforeValidator:
    """Annotated metadata: a function applied to the raw value before its type (both paths)."""

    func: Any


class Validator:
    """A validator method marked by model_validator / field_validator (kept as the class's method)."""

    def __init__(self, kind: str, mode: str, func, fields: tuple[str, ...] = ()):
        self.kind, self.mode, self.func, self.fields = kind, mode, func, fields


def model_validator(*, mode: str):
    """mode="before": a classmethod (cls, data) -> data on the raw input; mode="after": a method
    (self) -> self that raises ValueError when the record does not hold together."""
    return lambda func: Validator("model", mode, func)


def field_validator(*fields: str, mode: str = "after"):
    """A classmethod (cls, value[, info]) -> value run on the named fields after their types;
    `info.data` holds the fields before it."""
    return lambda func: Validator("field", mode, func, fields)


def unwrap(func):
    """The plain function behind a classmethod or staticmethod."""
    return func.__func__ if isinstance(func, (classmethod, staticmethod)) else func


def takes_info(func) -> bool:
    """Whether a field validator takes the `info` argument (cls, value, info)."""
    return unwrap(func).__code__.co_argcount >= 3


@lru_cache(maxsize=None)
def hints(cls) -> dict[str, Any]:
    """The resolved annotations of the record's fields (Annotated kept), resolved once per class."""
    found = typing.get_type_hints(cls, include_extras=True)
    return {f.name: found[f.name] for f in dataclasses.fields(cls)}
