"""Frozen pydantic models of the rules reference: sections, rule entries, glossary terms.

Every model forbids unknown fields, so a typo in a data file is an error, not a silent loss.
"""
from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from rulesdb.games import GAME_IDS

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")


def _check_id(value: str) -> str:
    if not _ID.match(value):
        raise ValueError("an id is lowercase words joined by '-' in dot-separated parts, like catopomp.dice-boost.used-dice")
    if value.split(".", 1)[0] not in GAME_IDS:
        raise ValueError(f"an id starts with a game id ({', '.join(GAME_IDS)})")
    return value


def _check_game(value: str) -> str:
    if value not in GAME_IDS:
        raise ValueError(f"a game id ({', '.join(GAME_IDS)})")
    return value


RuleId = Annotated[str, AfterValidator(_check_id)]
GameId = Annotated[str, AfterValidator(_check_game)]  # one of the games (rulesdb/data/<game>/game.toml)
Text = Annotated[str, Field(min_length=1)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Section(Frozen):
    """A part of a game's reference, like "Dice Boost"; entries belong to exactly one."""

    id: RuleId
    title: Text
    parent: RuleId | None = None
    source: Text  # the rulebook heading this section restates

    @model_validator(mode="after")
    def _parent_prefix(self) -> Section:
        if self.parent and not self.id.startswith(self.parent + "."):
            raise ValueError(f"section id {self.id} must start with its parent {self.parent}.")
        return self


class RuleEntry(Frozen):
    """One rule (or worked example) in the project's own words, with a stable id."""

    id: RuleId
    section: RuleId
    title: Text
    text: Text
    source: Text  # the rulebook section it comes from
    kind: Literal["rule", "example", "note"] = "rule"
    unclear: str | None = None  # what the rulebook leaves silent or contradicts itself on here
    #: the rulebook passages the `unclear` note is about: their headings, as the rulebook prints them
    unclear_passages: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    see_also: tuple[RuleId, ...] = ()

    @model_validator(mode="after")
    def _in_section(self) -> RuleEntry:
        if not self.id.startswith(self.section + "."):
            raise ValueError(f"rule id {self.id} must start with its section id {self.section}.")
        if self.unclear_passages and not self.unclear:
            raise ValueError(f"{self.id}: unclear_passages without an unclear note")
        return self

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


class Term(Frozen):
    """A glossary term of one game, with the rules it links to."""

    term: Text
    definition: Text
    aliases: tuple[str, ...] = ()
    rules: tuple[RuleId, ...] = Field(min_length=1)


class RulesFile(Frozen):
    """The shape of rulesdb/data/<game>/rules*.toml."""

    game: GameId
    sections: tuple[Section, ...] = ()
    rules: tuple[RuleEntry, ...] = ()


class GlossaryFile(Frozen):
    """The shape of rulesdb/data/<game>/glossary.toml."""

    game: GameId
    terms: tuple[Term, ...]


class RuleException(Frozen):
    """A general rule and the rules that override it in one case ("Catfinity any time" -> not
    while a Red Glowy Dot card is in play)."""

    rule: RuleId  # the general rule
    overridden_by: tuple[RuleId, ...] = Field(min_length=1)  # the rules that win in this case
    when: Text  # the case, in a few words: "a Red Glowy Dot card is in play"


class ExceptionsFile(Frozen):
    """The shape of rulesdb/data/<game>/exceptions.toml."""

    game: GameId
    exceptions: tuple[RuleException, ...] = ()
