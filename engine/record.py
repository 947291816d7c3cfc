"""Plain immutable records: the engine's runtime State, Verdicts and moves, without pydantic.

A `Record` subclass is a frozen, keyword-only dataclass with the part of pydantic's API the engines
use, same meaning; only `model_validate` (untrusted input) checks types, through the pydantic mirror
record_check.py builds (docs/architecture.md "Plain records, pydantic at the edge").
"""
from __future__ import annotations

import dataclasses
import operator
import types
import typing
from typing import Any, ClassVar, NamedTuple

from engine.record_fields import (
    FIELDS_SET, MISSING, BeforeValidator, Declared, Field, FieldInfo, Validator, field_validator, hints,
    model_validator, takes_info, unwrap)

#: what the engines declare their records with (Field and the marks live in record_fields.py)
__all__ = ["BeforeValidator", "Field", "Record", "field_validator", "model_validator"]


class _Info(NamedTuple):
    """What a field validator that takes `info` reads (as pydantic's ValidationInfo)."""

    data: dict
    field_name: str


class _Plan:
    """Per class, built on first construction: the fields with their defaults and normalisers."""

    __slots__ = ("fields", "names", "order", "key", "before", "field_checks", "after")


class Record(Declared):
    """Base of the engine's records (see the module docstring)."""

    __record_validators__: ClassVar[tuple[Validator, ...]] = ()
    __plan__: ClassVar[_Plan | None] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        found = [v for base in reversed(cls.__mro__[1:]) for v in base.__dict__.get("__record_validators__", ())]
        seen = {id(v) for v in found}
        for name, value in list(cls.__dict__.items()):
            if isinstance(value, Validator):
                setattr(cls, name, value.func)
                if id(value) not in seen:
                    found.append(value)
        cls.__record_validators__ = tuple(found)
        own = cls.__dict__.get("__annotations__", {})
        for name, kind in own.items():
            if isinstance(kind, str) and kind.startswith("ClassVar"):
                continue
            value = cls.__dict__.get(name, MISSING)
            if isinstance(value, FieldInfo):
                meta = {"info": value}
                if value.default_factory is not None:
                    setattr(cls, name, dataclasses.field(default_factory=value.default_factory, metadata=meta))
                elif isinstance(value.default, (dict, list, set)):  # `Field({})`: a fresh copy per record
                    setattr(cls, name, dataclasses.field(default_factory=_safe(value.default),
                                                         metadata={**meta, "default": value.default}))
                elif value.default is not MISSING:
                    setattr(cls, name, dataclasses.field(default=value.default, metadata=meta))
                else:
                    setattr(cls, name, dataclasses.field(metadata=meta))
            elif isinstance(value, (dict, list, set)):
                setattr(cls, name, dataclasses.field(default_factory=_safe(value), metadata={"default": value}))
        cls.__plan__ = None
        # the dataclass machinery collects the fields; equality, hashing, repr and immutability are
        # Record's own generic methods (generating them per class costs ~2 ms a class at import)
        doc = cls.__dict__.get("__doc__")
        cls.__doc__ = doc or " "  # so dataclass writes no signature into an undocumented class
        dataclasses.dataclass(kw_only=True, init=False, eq=False, repr=False)(cls)
        cls.__doc__ = doc

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = (self.__plan__ or _plan(type(self))).key
        return key(self.__dict__) == key(other.__dict__)

    def __hash__(self):
        return hash((self.__plan__ or _plan(type(self))).key(self.__dict__))

    def __repr__(self) -> str:
        d = self.__dict__
        names = (self.__plan__ or _plan(type(self))).order
        return f"{type(self).__name__}({', '.join(f'{n}={d[n]!r}' for n in names)})"

    def __setattr__(self, name, value):
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    # -- construction ---------------------------------------------------------------------

    def __init__(self, **data: Any):
        """Trusted construction (the engines' own code): normalises the values and runs the
        validators, but does NOT check types or `Field` constraints; untrusted input goes through
        `model_validate`."""
        cls = type(self)
        plan = cls.__plan__ or _plan(cls)
        for check in plan.before:
            data = check(cls, data)
        d = self.__dict__
        given = 0
        for name, default, factory, norm in plan.fields:
            if name in data:
                value = data[name]
                d[name] = norm(value) if norm is not None else value
                given += 1
            elif default is not MISSING:
                d[name] = default
            elif factory is not None:
                d[name] = factory()
            else:
                raise TypeError(f"{cls.__name__}: field {name} required")
        if given != len(data):
            extra = sorted(set(data) - plan.names)
            raise TypeError(f"{cls.__name__}: unknown field {extra[0]}")
        if given < len(plan.fields):
            d[FIELDS_SET] = frozenset(data)
        for name, check, info in plan.field_checks:
            if name in data:
                d[name] = check(cls, d[name], _Info(d, name)) if info else check(cls, d[name])
        for check in plan.after:
            check(self)

    @classmethod
    def model_construct(cls, **data: Any):
        """A record from trusted values as they are: no normalisation, no validators."""
        plan = cls.__plan__ or _plan(cls)
        self = object.__new__(cls)
        d = self.__dict__
        for name, default, factory, _norm in plan.fields:
            if name in data:
                d[name] = data[name]
            elif default is not MISSING:
                d[name] = default
            elif factory is not None:
                d[name] = factory()
        if len(data) < len(plan.fields):
            d[FIELDS_SET] = frozenset(data)
        return self

    def model_copy(self, *, update: dict[str, Any] | None = None):
        """A copy with `update`'s fields replaced (not validated, as pydantic's)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        if update:
            d.update(update)
            if FIELDS_SET in d:
                d[FIELDS_SET] = d[FIELDS_SET] | update.keys()
        return new

    @property
    def model_fields_set(self) -> set[str]:
        """The fields given when the record was made (the others took their defaults)."""
        given = self.__dict__.get(FIELDS_SET)
        return set(given) if given is not None else set((type(self).__plan__ or _plan(type(self))).names)

    @classmethod
    def model_validate(cls, data: Any):
        """Untrusted input -> a record, checked as pydantic would (pydantic's ValidationError)."""
        if isinstance(data, cls):
            return data
        from engine.record_check import validate

        return validate(cls, data)

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        from engine.record_check import json_schema

        return json_schema(cls)

    # -- output ---------------------------------------------------------------------------

    def model_dump(self, *, mode: str = "python", include: set[str] | None = None,
                   exclude_defaults: bool = False, exclude_none: bool = False) -> dict[str, Any]:
        """The record as nested dicts (`include`: top-level field names; `exclude_defaults`: only the
        fields that differ from their default, as a card laid over another needs)."""
        plan = type(self).__plan__ or _plan(type(self))
        d = self.__dict__
        return {name: _dump(d[name], mode == "json", exclude_defaults, exclude_none)
                for name, default, factory, _norm in plan.fields
                if (include is None or name in include) and not (exclude_none and d[name] is None)
                and not (exclude_defaults and ((default is not MISSING and d[name] == default)
                                         or (factory is not None and d[name] == factory())))}


def _dump(value, json: bool, exclude_defaults: bool, exclude_none: bool):
    if isinstance(value, Record):
        return value.model_dump(mode="json" if json else "python", exclude_defaults=exclude_defaults,
                                exclude_none=exclude_none)
    if isinstance(value, tuple):
        items = [_dump(v, json, exclude_defaults, exclude_none) for v in value]
        return items if json else tuple(items)
    if isinstance(value, list):
        return [_dump(v, json, exclude_defaults, exclude_none) for v in value]
    if isinstance(value, dict):
        return {(str(k) if json and not isinstance(k, str) else k): _dump(v, json, exclude_defaults, exclude_none)
                for k, v in value.items()}
    return value


def _safe(default):
    """A mutable default becomes a factory of copies (as pydantic copies it)."""
    return lambda: type(default)(default)


# ----------------------------------------------------------------------------- the plan


def _plan(cls) -> _Plan:
    plan = _Plan()
    kinds = hints(cls)
    rows = [(f.name, f.default, None if f.default_factory is MISSING else f.default_factory,
             _normaliser(kinds[f.name])) for f in dataclasses.fields(cls)]
    plan.fields = tuple(rows)
    plan.names = frozenset(r[0] for r in rows)
    plan.order = tuple(r[0] for r in rows)
    # the fields' values as a tuple (tuples compare shared parts by identity first: cheap for states
    # that share most of their records with the state they were copied from)
    if len(plan.order) > 1:
        plan.key = operator.itemgetter(*plan.order)
    elif plan.order:
        plan.key = lambda d, n=plan.order[0]: (d[n],)
    else:
        plan.key = lambda d: ()
    validators = cls.__record_validators__
    plan.before = tuple(unwrap(v.func) for v in validators if v.kind == "model" and v.mode == "before")
    plan.after = tuple(unwrap(v.func) for v in validators if v.kind == "model" and v.mode == "after")
    order = {r[0]: i for i, r in enumerate(rows)}
    checks = [(name, unwrap(v.func), takes_info(v.func)) for v in validators if v.kind == "field"
              for name in v.fields]
    plan.field_checks = tuple(sorted(checks, key=lambda c: order[c[0]]))
    cls.__plan__ = plan
    return plan


def _normaliser(kind):
    """A function that brings a trusted value to the field's shape (None: nothing to do)."""
    if isinstance(kind, type) and issubclass(kind, Record):
        return lambda v, k=kind: k(**v) if isinstance(v, dict) else v
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Annotated:
        inner = _normaliser(args[0])
        before = [m.func for m in kind.__metadata__ if isinstance(m, BeforeValidator)]
        if not before:
            return inner
        if inner is None:
            return before[0] if len(before) == 1 else lambda v: _chain(before, v)
        return lambda v: inner(_chain(before, v))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _normaliser(args[0])
            if item is None:
                return lambda v: v if type(v) is tuple else tuple(v)
            return lambda v: tuple(item(x) for x in v)
        items = [_normaliser(a) for a in args]
        if not any(items):
            return lambda v: v if type(v) is tuple else tuple(v)
        return lambda v: tuple(n(x) if n else x for n, x in zip(items, v))
    if origin is dict:
        key = int if args and args[0] is int else None
        value = _normaliser(args[1]) if len(args) == 2 else None
        if key is None and value is None:
            return None
        return lambda v: {(int(k) if key and isinstance(k, str) else k): (value(x) if value else x)
                          for k, x in v.items()}
    if origin in (typing.Union, types.UnionType):
        seq = next((n for a in args if _shape(a) == "seq" and (n := _normaliser(a))), None)
        mapping = next((n for a in args if _shape(a) == "map" and (n := _normaliser(a))), None)
        if seq is None and mapping is None:
            return None

        def union(v):
            if isinstance(v, (list, tuple)) and seq is not None:
                return seq(v)
            if isinstance(v, dict) and mapping is not None:
                return mapping(v)
            return v

        return union
    return None


def _shape(kind) -> str:
    origin = typing.get_origin(kind)
    if origin is typing.Annotated:
        return _shape(typing.get_args(kind)[0])
    if origin is tuple or origin is list:
        return "seq"
    if origin is dict or (isinstance(kind, type) and issubclass(kind, Record)):
        return "map"
    return ""


def _chain(funcs, value):
    for f in funcs:
        value = f(value)
    return value
