"""Validation of untrusted input into records: a pydantic model mirroring each record.

Imported only by `Record.model_validate` / `model_json_schema`, so pydantic loads at the edges
(a situation file, a session import, a user's catalogue), never on the play or tracker path.
The mirror has the record's fields with their types, constraints, descriptions and defaults,
`extra="forbid"`, the before and field validators, and one after validator that runs the
record's own after validators on the record made from the checked input; a nested record
validates through its own mirror and becomes the record. So an error is reported at the same
place, with the same message and title, as when the models themselves were pydantic's.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Annotated, Any, Union

import pydantic
from pydantic import ConfigDict, WrapValidator

from engine.record_fields import FIELDS_SET, MISSING, BeforeValidator, Declared, FieldInfo, hints, takes_info, unwrap

_MIRRORS: dict[type, type[pydantic.BaseModel]] = {}


def validate(cls: type[Declared], data: Any) -> Declared:
    """Untrusted data -> a record of `cls`; pydantic's ValidationError (titled with the class
    name, as before) names the first field that is wrong."""
    return _record_of(cls, mirror(cls).model_validate(data))


def json_schema(cls: type[Declared]) -> dict[str, Any]:
    return mirror(cls).model_json_schema()


def _record_of(cls: type[Declared], model: pydantic.BaseModel) -> Declared:
    """A checked mirror instance as the record (its nested records are records already)."""
    fields = type(model).model_fields
    record = cls.model_construct(**{name: getattr(model, name) for name in fields})
    given = model.model_fields_set
    if len(given) < len(fields):
        record.__dict__[FIELDS_SET] = frozenset(given)
    else:
        record.__dict__.pop(FIELDS_SET, None)
    return record


def _kind(cls: type[Declared]):
    """The annotation of a field holding a `cls` record: its mirror, then the record (a record
    given as it is passes)."""

    def convert(value, handler):
        return value if isinstance(value, cls) else _record_of(cls, handler(value))

    return Annotated[mirror(cls), WrapValidator(convert)]


def mirror(cls: type[Declared]) -> type[pydantic.BaseModel]:
    """The pydantic model that checks input for `cls` (built once per class)."""
    found = _MIRRORS.get(cls)
    if found is not None:
        return found
    kinds = hints(cls)
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        info = f.metadata.get("info")
        options: dict[str, Any] = {}
        if info is not None:
            options.update(info.constraints)
            if info.description is not None:
                options["description"] = info.description
        if f.default is not MISSING:
            options["default"] = f.default
        elif "default" in f.metadata:  # a plain mutable default ({}): pydantic copies it
            options["default"] = f.metadata["default"]
        elif f.default_factory is not MISSING:
            options["default_factory"] = f.default_factory
        fields[f.name] = (_translate(kinds[f.name]), pydantic.Field(**options))
    validators: dict[str, Any] = {}
    for k, v in enumerate(cls.__record_validators__):
        func = unwrap(v.func)
        if v.kind == "model" and v.mode == "before":
            validators[f"_before_{k}"] = pydantic.model_validator(mode="before")(
                classmethod(lambda _m, data, f=func: f(cls, data)))
        elif v.kind == "field":
            if takes_info(func):
                wrapped = classmethod(lambda _m, value, info, f=func: f(cls, value, info))
            else:
                wrapped = classmethod(lambda _m, value, f=func: f(cls, value))
            validators[f"_field_{k}"] = pydantic.field_validator(*v.fields, mode=v.mode)(wrapped)
    after = tuple(unwrap(v.func) for v in cls.__record_validators__ if v.kind == "model" and v.mode == "after")
    if after:
        def holds_together(model):
            record = _record_of(cls, model)
            for check in after:
                check(record)
            return model

        validators["_after"] = pydantic.model_validator(mode="after")(holds_together)
    model = pydantic.create_model(
        cls.__name__, __config__=ConfigDict(frozen=True, extra="forbid"), __doc__=cls.__doc__,
        __module__=cls.__module__, __validators__=validators, **fields)
    _MIRRORS[cls] = model
    return model


def _translate(kind):
    """A record's annotation as pydantic reads it: records through their mirrors, our Field and
    BeforeValidator metadata as pydantic's."""
    if isinstance(kind, type) and issubclass(kind, Declared):
        return _kind(kind)
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is Annotated:
        return Annotated[(_translate(args[0]), *(_meta(m) for m in kind.__metadata__))]
    if origin in (Union, types.UnionType):
        return Union[tuple(_translate(a) for a in args)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple[_translate(args[0]), ...]
        return tuple[tuple(_translate(a) for a in args)]
    if origin is dict:
        return dict[_translate(args[0]), _translate(args[1])]
    return kind


def _meta(item):
    if isinstance(item, FieldInfo):
        options = dict(item.constraints)
        if item.description is not None:
            options["description"] = item.description
        return pydantic.Field(**options)
    if isinstance(item, BeforeValidator):
        return pydantic.BeforeValidator(item.func)
    return item
