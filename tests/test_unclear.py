"""An `unclear` note is kept only where a rulebook really is silent or contradicts itself, and it
names the passages it is about (their headings), so a reader can check it against the book."""
from __future__ import annotations

import re

import pytest

from tests.conftest import GAMES, RULEBOOK_FILES, RULEBOOKS

#: games whose notes are still under review (issue 11); remove a game once its notes cite passages
PENDING = {"catharsis"}


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _unclear(game: str):
    from rulesdb.reference import load_reference

    return [r for r in load_reference().rules.values() if r.game == game and r.unclear]


@pytest.mark.parametrize("game", GAMES)
def test_every_unclear_note_names_its_passages(game):
    if game in PENDING:
        pytest.xfail(f"{game}: unclear notes under review")
    missing = [r.id for r in _unclear(game) if not r.unclear_passages]
    assert not missing, f"unclear notes without unclear_passages: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_named_passages_are_headings_of_the_rulebook(game):
    book = RULEBOOKS / RULEBOOK_FILES[game]
    if not book.exists():
        pytest.skip("the rulebooks are not beside the project")
    text = _words(book.read_text(encoding="utf-8"))
    wrong = [(r.id, p) for r in _unclear(game) for p in r.unclear_passages if _words(p) not in text]
    assert not wrong, f"passages not found in the {game} rulebook: {wrong}"
