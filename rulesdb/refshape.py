"""The rules reference's shape: every section, rule entry and glossary term by id. Filled by
reference.py from the data files (validated) and by refcache.py from the JSON cache."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary term placed in the reference, with its derived id."""

    id: str
    game: str
    term: object  # rulesdb.models.Term


@dataclass
class Reference:
    """Every section, rule entry and glossary term of every game, by id."""

    sections: dict[str, object] = field(default_factory=dict)
    rules: dict[str, object] = field(default_factory=dict)
    glossary: dict[str, GlossaryEntry] = field(default_factory=dict)
    #: general rule id -> its exceptions: (overriding rule id, the case it covers), in file order
    exceptions: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def game_sections(self, game: str) -> list:
        return [s for s in self.sections.values() if s.id.split(".", 1)[0] == game]

    def section_rules(self, section_id: str) -> list:
        """Entries of a section and of its sub-sections, in file order."""
        prefix = section_id + "."
        return [r for r in self.rules.values() if r.section == section_id or r.section.startswith(prefix)]

    def section_path(self, section_id: str) -> list[str]:
        """Titles from the top section down to this one."""
        path = []
        current = self.sections.get(section_id)
        while current is not None:
            path.append(current.title)
            current = self.sections.get(current.parent) if current.parent else None
        return path[::-1]

    def exception_to(self, rule_id: str) -> list[str]:
        """The general rules that this rule overrides in some case."""
        return [general for general, links in self.exceptions.items() if any(x == rule_id for x, _ in links)]

    def terms(self, game: str | None = None) -> list[GlossaryEntry]:
        return [g for g in self.glossary.values() if game is None or g.game == game]
