"""The search index shipped in the package (rulesdb/shipped.py): the first search of a game with no
imported source copies it instead of building, answers as a built index does, and a shipped index
that is damaged, missing, built from other data, or of a game with an imported source is not taken:
that game's index is built."""
from __future__ import annotations

import json
import shutil

import pytest

from rulesdb import index, ship_index, shipped
from rulesdb.search import RulesSearch
from rulesdb.sources import import_rulebook

QUESTIONS = {"catharsis": ["can I reroll just one die?", "what is morale", "enforcr"],
             "theseus": ["when does the game end", "what if I dont want to use a card"]}


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """A shipped index as setup.py builds it, and its manifest."""
    folder = tmp_path_factory.mktemp("package") / "shipped-index"
    return folder, ship_index.build_shipped(folder)


@pytest.fixture
def ships(package, monkeypatch):
    """The shipped index in place, and a record of each game the search builds itself."""
    folder, manifest = package
    monkeypatch.setattr(shipped, "FOLDER", folder)
    built = []
    write = index.write_indexes
    monkeypatch.setattr(index, "write_indexes", lambda f, s, p, games: built.extend(games) or write(f, s, p, games))
    return folder, manifest, built


def recorded(home, game: str) -> set[str]:
    """The digests recorded for a game's index in this home's data folder."""
    lines = (home / "data" / index.DIGESTS).read_text(encoding="utf-8").splitlines()
    return {line.split()[1] for line in lines if line.split()[0].endswith("/" + game) and " stat:" not in line}


def answers(home, game: str) -> list:
    with RulesSearch(home / "cache", home / "data" / "sources", game) as engine:
        return [[(h.id, h.score) for h in engine.search(q, game, 10).results] for q in QUESTIONS[game]]


def test_the_first_search_copies_the_shipped_index_and_answers_as_a_built_one(ships, tmp_path, monkeypatch):
    folder, manifest, built = ships
    home = tmp_path / "shipped"
    got = answers(home, "catharsis")
    assert built == []  # nothing built: no reference loaded, no whoosh writer
    assert recorded(home, "catharsis") == {manifest["games"]["catharsis"]}
    assert [p.name for p in (home / "cache").glob("index-*")] == [f"index-{manifest['fingerprint']}"]
    monkeypatch.setattr(shipped, "FOLDER", tmp_path / "none")
    assert answers(tmp_path / "built", "catharsis") == got
    assert built == ["catharsis"]


def test_a_damaged_shipped_index_is_not_taken_but_built(ships, tmp_path, monkeypatch):
    folder, manifest, built = ships
    damaged = tmp_path / "damaged"
    shutil.copytree(folder, damaged)
    seg = next((damaged / "catharsis").glob("*.seg"))
    data = bytearray(seg.read_bytes())
    data[len(data) // 2] ^= 0xFF
    seg.write_bytes(bytes(data))
    monkeypatch.setattr(shipped, "FOLDER", damaged)
    home = tmp_path / "home"
    got = answers(home, "catharsis")
    assert built == ["catharsis"]
    assert recorded(home, "catharsis") != {manifest["games"]["catharsis"]}
    assert got[0][0][0] == "catharsis.combat.player-attack.reroll-which-dice"
    assert not list((home / "cache").rglob(".building-*"))  # the damaged copy went with the build folder


@pytest.mark.parametrize("change", ["missing", "manifest", "other data"])
def test_no_usable_shipped_index_means_a_build(ships, tmp_path, monkeypatch, change):
    folder, manifest, built = ships
    there = tmp_path / "package"
    shutil.copytree(folder, there)
    if change == "missing":
        shutil.rmtree(there / "catharsis")
    elif change == "manifest":
        (there / shipped.MANIFEST).write_text("{not json", encoding="utf-8")
    else:
        (there / shipped.MANIFEST).write_text(json.dumps({**manifest, "fingerprint": "0" * 20}), encoding="utf-8")
    monkeypatch.setattr(shipped, "FOLDER", there)
    answers(tmp_path / "home", "catharsis")
    assert built == ["catharsis"]


def test_a_game_with_an_imported_source_is_built_the_others_are_shipped(ships, tmp_path):
    folder, manifest, built = ships
    home = tmp_path / "home"
    book = tmp_path / "house.md"
    book.write_text("# Quokka rerolls\n\nA quokka may reroll every die once per fight.\n", encoding="utf-8")
    import_rulebook("catharsis", book, home / "data" / "sources", "house")
    with RulesSearch(home / "cache", home / "data" / "sources") as engine:
        assert engine.search("quokka", "catharsis", 3).results[0].source == "house"
        theseus = engine.search(QUESTIONS["theseus"][0], "theseus", 3).results
    assert built == ["catharsis"]
    assert recorded(home, "theseus") == {manifest["games"]["theseus"]}
    assert theseus and theseus[0].game == "theseus"
