"""Questions as players ask them at the table: the right rule must be in the top 3 (hit@3 >= 0.90)."""
from __future__ import annotations

import tomllib

import pytest

from companion import paths
from rulesdb.reference import reference
from rulesdb.search import search
from tests.conftest import GAMES, ROOT


def questions(game: str) -> list[dict]:
    out = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        if doc.get("game") == game:
            out += doc["questions"]
    return out


def test_the_question_set_is_large_enough():
    assert sum(len(questions(g)) for g in GAMES) >= 60
    for game in GAMES:
        assert len(questions(game)) >= 10, game


def test_expected_ids_exist():
    ref = reference()
    known = set(ref.rules) | set(ref.sections) | set(ref.glossary)
    for game in GAMES:
        for q in questions(game):
            assert set(q["expect"]) <= known, q["ask"]


@pytest.mark.parametrize("game", GAMES)
def test_hit_at_3(game):
    misses, qs = [], questions(game)
    for q in qs:
        hits = search(q["ask"], paths.cache_dir(), paths.sources_dir(), game=game, limit=3).results
        if not {h.id for h in hits} & set(q["expect"]):
            misses.append(f"{q['ask']!r} -> {[h.id for h in hits]}, wanted {q['expect']}")
    score = 1 - len(misses) / len(qs)
    assert score >= 0.90, f"hit@3 {score:.2f} for {game}; misses:\n" + "\n".join(misses)
