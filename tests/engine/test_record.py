"""engine/record.py: the plain records behind every engine's State, with pydantic's meaning for
copy, construct, dump and validate; untrusted input refused naming the field, as before."""
from __future__ import annotations

import dataclasses
import importlib
import json
import tomllib
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import ValidationError

from engine.record import BeforeValidator, Field, Record, field_validator, model_validator


def _card(v):
    return {"c": "C", "cat": "C"}.get(v.lower(), int(v) if v.isdigit() else v) if isinstance(v, str) else v


Card = Annotated[Annotated[int, Field(ge=1, le=10)] | Literal["C"], BeforeValidator(_card)]


class Seat(Record):
    """A seat."""

    name: str = Field(min_length=1)
    hand: Annotated[tuple[Card, ...], Field(description="cards")] | Annotated[int, Field(ge=0)] = ()
    gems: int = Field(2, ge=0, le=2, description="gems left")
    notes: dict[str, int] = {}

    @model_validator(mode="after")
    def _hand_fits(self):
        if isinstance(self.hand, int) and self.hand > 20:
            raise ValueError(f"hand: {self.name} cannot hold {self.hand} cards")
        return self


class Table(Record):
    """A table."""

    seats: tuple[Seat, ...] = Field(min_length=2)
    turn: str = ""
    decks: dict[int, tuple[str, ...] | int] = Field(default_factory=dict)
    mode: Literal["main", "casual"] = "main"
    last: Seat | None = None

    @model_validator(mode="before")
    @classmethod
    def _first_turn(cls, data):
        if isinstance(data, dict) and not data.get("turn") and data.get("seats"):
            first = data["seats"][0]
            data = {**data, "turn": first["name"] if isinstance(first, dict) else first.name}
        return data

    @field_validator("turn")
    @classmethod
    def _turn_is_a_seat(cls, value, info):
        names = [s.name for s in info.data.get("seats", ())]
        if value not in names:
            raise ValueError(f"{value!r} is not seated ({', '.join(names)})")
        return value


class Die(Record):
    value: int = Field(ge=1, le=6)
    used: bool = False


def table(**extra) -> Table:
    return Table(seats=[{"name": "Ann", "hand": ["c", "3", 7]}, {"name": "Ben", "hand": 4}], **extra)


def test_the_constructor_normalises_trusted_values_and_runs_the_validators():
    t = table(decks={"2": ["x", "y"], 3: 5})
    assert t.seats == (Seat(name="Ann", hand=("C", 3, 7)), Seat(name="Ben", hand=4))
    assert t.turn == "Ann"  # the before validator
    assert t.decks == {2: ("x", "y"), 3: 5}  # int keys written as text come back, lists become tuples
    with pytest.raises(ValueError, match="not seated"):
        table(turn="Cy")
    with pytest.raises(ValueError, match="cannot hold 21"):
        Seat(name="Ann", hand=21)
    with pytest.raises(TypeError, match="unknown field colour"):
        Seat(name="Ann", colour="red")
    with pytest.raises(TypeError, match="field name required"):
        Seat()


def test_records_are_frozen_hashable_and_equal_by_their_fields():
    a, b = table(), table()
    assert a == b and a != a.model_copy(update={"mode": "casual"})
    with pytest.raises(TypeError):  # a dict field makes a record unhashable, as a frozen pydantic model
        hash(a)
    plays = {Die(value=3), Die(value=3), Die(value=3, used=True)}
    assert len(plays) == 2 and hash(Die(value=3)) == hash(Die.model_construct(value=3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.turn = "Ben"
    assert Seat(name="Ann") != Table.model_construct(seats=(), turn="Ann")
    one, two = Seat(name="Ann"), Seat(name="Ben")
    assert one.notes == {} and one.notes is not two.notes  # a mutable default is never shared


def test_copy_and_construct_do_not_validate_and_keep_what_was_given():
    t = table()
    odd = t.model_copy(update={"turn": "nobody", "seats": ()})
    assert odd.turn == "nobody" and t.turn == "Ann"
    built = Table.model_construct(seats=[1], turn="x")
    assert built.seats == [1] and built.mode == "main" and built.decks == {}
    assert built.model_fields_set == {"seats", "turn"}
    assert Seat(name="Ann").model_fields_set == {"name"}
    assert Seat(name="Ann").model_copy(update={"gems": 1}).model_fields_set == {"name", "gems"}
    assert table().model_fields_set == {"seats", "turn"}


def test_dump_in_python_and_json_modes_round_trips():
    t = table(decks={2: ("x",)}, last={"name": "Cy"})
    py = t.model_dump()
    assert py["seats"][0] == {"name": "Ann", "hand": ("C", 3, 7), "gems": 2, "notes": {}}
    assert py["last"]["name"] == "Cy"
    js = t.model_dump(mode="json")
    assert js["seats"][0]["hand"] == ["C", 3, 7] and js["decks"] == {"2": ["x"]}
    assert Table(**js) == t == Table.model_validate(js) == Table.model_validate(json.loads(json.dumps(js)))
    assert t.model_dump(include={"turn", "mode"}) == {"turn": "Ann", "mode": "main"}
    assert "last" in table().model_dump() and "last" not in table().model_dump(exclude_none=True)


def errors(data) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        Table.model_validate(data)
    return [(".".join(map(str, e["loc"])), e["msg"]) for e in caught.value.errors()]


def test_untrusted_input_is_refused_naming_the_field():
    ann, ben = {"name": "Ann"}, {"name": "Ben"}
    assert errors({}) [0] == ("seats", "Field required")
    assert errors({"seats": [ann]})[0][0] == "seats"
    assert errors({"seats": [ann, ben], "colour": 1})[0] == ("colour", "Extra inputs are not permitted")
    assert errors({"seats": [{**ann, "gems": 3}, ben]})[0] == ("seats.0.gems", "Input should be less than or equal to 2")
    assert errors({"seats": [ann, ben], "mode": "wild"})[0][1] == "Input should be 'main' or 'casual'"
    assert errors({"seats": [ann, ben], "turn": "Cy"})[0] == ("turn", "Value error, 'Cy' is not seated (Ann, Ben)")
    assert errors({"seats": [ann, {**ben, "hand": 21}]})[0] == ("seats.1", "Value error, hand: Ben cannot hold 21 cards")
    assert errors({"seats": [{**ann, "hand": [11]}, ben]})[0][0].startswith("seats.0.hand")
    assert errors({"seats": [ann, ben], "decks": {"9": "x"}})[0][0].startswith("decks.9")
    good = Table.model_validate({"seats": [{**ann, "hand": ["cat", 2]}, ben], "decks": {"1": 3}})
    assert good.seats[0].hand == ("C", 2) and good.decks == {1: 3} and good.turn == "Ann"
    assert isinstance(good.seats[0], Seat) and good == Table(**good.model_dump())
    assert Table.model_validate(good) is good


def test_the_schema_has_the_descriptions_and_constraints():
    schema = Table.model_json_schema()
    seat = schema["$defs"]["Seat"]
    assert seat["description"] == "A seat."
    assert seat["properties"]["gems"] == {"default": 2, "description": "gems left", "maximum": 2, "minimum": 0,
                                          "title": "Gems", "type": "integer"}
    assert seat["additionalProperties"] is False and schema["required"] == ["seats"]


#: the games whose model builds its shipped catalogue as trusted values (`builtin_catalogue`, `CardSpec`)
BUILT_IN = [game for game, package in __import__("engine").GAMES.items()
            if hasattr(importlib.import_module(f"{package}.model"), "builtin_catalogue")]


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_shipped_catalogues_pass_the_untrusted_check(game):
    """The shipped cards are built as trusted values at run time; they must pass the full check."""
    from importlib import import_module

    model = import_module(f"{__import__('engine').GAMES[game]}.model")
    raw = tomllib.loads(Path(model.__file__).with_name("cards.toml").read_text(encoding="utf-8"))["cards"]
    assert [model.CardSpec.model_validate(c) for c in raw] == list(model.builtin_catalogue())


def test_the_shipped_catharsis_powers_pass_the_untrusted_check():
    from engine.catharsis import model as powers
    from engine.catharsis.model import PowerCard

    raw = tomllib.loads(Path(powers.__file__).with_name("cards.toml").read_text(encoding="utf-8"))["powers"]
    assert {c["name"].lower(): PowerCard.model_validate(c) for c in raw} == powers.shipped()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_catopomp_session_survives_the_trusted_json_round_trip_at_every_step(seed):
    from engine import get_game
    from engine.base import step
    from engine.catopomp.model import Opts
    from tests.engine.catopomp_players import table_game

    game = get_game("catopomp")
    tracker = game.tracker
    state = tracker.declaration.verbs.new_state(["P1", "P2", "P3"], {"passing": "main"})
    steps = 0
    for kind, what, _table in table_game(seed, 3, Opts(), pass_bias=0.5):
        if kind == "track":
            state = step(game, state, list(what), kind="track").state
        else:
            stepped = step(game, state, what)
            assert not stepped.refused, (what, stepped.why)
            state = stepped.state
        back = tracker.load(json.loads(json.dumps(state.model_dump(mode="json"))))
        assert back == state and hash(back) == hash(state) and back.model_dump() == state.model_dump()
        steps += 1
    assert state.phase == "game-over" and steps > 30


class Ledger(Record):
    """A record whose mutable defaults are given through Field, as a plain default and as a list."""

    marks: dict[str, int] = Field({}, description="marks by player")
    seen: tuple[str, ...] = Field(())
    order: list[str] = Field([], description="a list default")


def test_a_mutable_field_default_is_a_fresh_empty_value_on_every_path():
    """`Field({})` gives each record an empty dict of its own (not a shared function object): built,
    constructed, validated from untrusted input and in the schema alike."""
    made = [Ledger(), Ledger.model_construct(), Ledger.model_validate({})]
    for one in made:
        assert one.marks == {} and type(one.marks) is dict, one
        assert one.order == [] and type(one.order) is list, one
        assert one.seen == ()
    assert made[0].marks is not made[1].marks and made[0].order is not Ledger().order
    assert Ledger(marks={"ann": 1}).model_dump(mode="json") == {"marks": {"ann": 1}, "seen": [], "order": []}
    schema = Ledger.model_json_schema()["properties"]
    assert schema["marks"]["default"] == {} and schema["order"]["default"] == []
    assert schema["marks"]["description"] == "marks by player"
