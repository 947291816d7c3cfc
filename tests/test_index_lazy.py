"""Each game's search index is built when a search first needs it (rulesdb/index.py): a question
about one game builds that game's index only, a later question builds only what is still missing,
and a game's index that does not match its recorded digest is rebuilt alone.

Every game's index is built together once for the file (`whole`); a test whose subject is not that
build starts from a copy of it (`copy_built`), as test_index_stamp.py does. The builds a test is
about (a first question, the missing games, a damaged game) still run in the test."""
from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest

from rulesdb import index
from rulesdb.games import GAME_IDS


def built_games(cache: Path) -> list[str]:
    (target,) = cache.glob("index-*")
    return sorted(p.name for p in target.iterdir())


def digest_lines(home: Path) -> list[str]:
    return [line for line in (home / "data" / index.DIGESTS).read_text().splitlines() if " stat:" not in line]


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> Path:
    """Every game's index built together, once for the file (ROOT/cache, its digests in ROOT/data)."""
    root = tmp_path_factory.mktemp("whole-index")
    index.open_index(root / "cache", root / "data" / "sources")
    return root


def copy_built(whole: Path, cache: Path, sources: Path, games=tuple(GAME_IDS)) -> Path:
    """These games' indexes of `whole`, copied into `cache` with their recorded digests beside
    `sources`, as if built there (checked to verify by those digests alone); the index folder."""
    (built,) = (whole / "cache").glob("index-*")
    target = cache / built.name
    shutil.copytree(built, target, ignore=lambda folder, names: [n for n in names if Path(folder) == built
                                                                 and n not in games])
    lines = [line for line in (whole / "data" / index.DIGESTS).read_text().splitlines()
             if " stat:" not in line and line.split()[0].split("/")[1] in games]
    sources.parent.mkdir(parents=True, exist_ok=True)
    (sources.parent / index.DIGESTS).write_text("".join(line + "\n" for line in lines))
    assert built_games(cache) == sorted(games)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(index, "_BUILT_HERE", set())  # not this process's memory of what it built
        assert index.verified(target, games, cache, sources)
    return target


def test_a_question_about_one_game_builds_only_that_games_index(cli, home):
    got = cli.json("rules", "search", "can I reroll just one die?", "--game", "catharsis")
    assert got["results"][0]["game"] == "catharsis"
    assert built_games(home / "cache") == ["catharsis"]
    assert [line.split()[0].split("/")[1] for line in digest_lines(home)] == ["catharsis"]


def test_a_later_question_builds_only_the_missing_games_and_keeps_the_built_one(cli, home, whole):
    # as a first question about catharsis leaves it (test_a_question_about_one_game_builds_only_that_games_index)
    target = copy_built(whole, home / "cache", home / "data" / "sources", ("catharsis",))
    kept = {p.name: p.stat().st_ino for p in (target / "catharsis").iterdir()}
    got = cli.json("rules", "search", "how many cards each with three players")
    assert got["results"]
    assert built_games(home / "cache") == sorted(GAME_IDS)
    assert {p.name: p.stat().st_ino for p in (target / "catharsis").iterdir()} == kept  # not built again
    games = [line.split()[0].split("/")[1] for line in digest_lines(home)]
    assert sorted(games) == sorted(GAME_IDS) and len(games) == len(GAME_IDS)  # each game built once


def test_the_answers_are_the_same_from_one_games_index_and_from_all_built_together(tmp_path, whole):
    from rulesdb.search import search

    alone, together = tmp_path / "alone", tmp_path / "together"
    copy_built(whole, together / "cache", together / "sources")  # every game built at once
    for question, game in (("reroll one die", "catharsis"), ("hell domain after heaven play", "catopomp")):
        one = search(question, alone / "cache", alone / "sources", game=game, limit=10)
        every = search(question, together / "cache", together / "sources", game=game, limit=10)
        assert [(h.id, h.score, h.snippet) for h in one.results] == [(h.id, h.score, h.snippet) for h in every.results]
        assert one.results


def test_a_damaged_games_index_is_rebuilt_alone_and_never_opened(tmp_path, whole):
    cache, sources = tmp_path / "cache", tmp_path / "data" / "sources"
    target = copy_built(whole, cache, sources)
    others = {g: {p.name: p.stat().st_ino for p in (target / g).iterdir()} for g in GAME_IDS if g != "catopomp"}
    marker = tmp_path / "pwned"
    toc = next((target / "catopomp").glob("*.toc"))
    toc.write_bytes(("cos\nsystem\n(S'touch " + str(marker) + "'\ntR.").encode())
    assert not index.verified(target, ["catopomp"], cache, sources)
    opened = index.open_index(cache, sources)
    assert not marker.exists()  # the planted table of contents was never unpickled
    assert not next((target / "catopomp").glob("*.toc")).read_bytes().startswith(b"cos\nsystem")
    assert index.verified(target, GAME_IDS, cache, sources) and sorted(opened) == sorted(GAME_IDS)
    assert {g: {p.name: p.stat().st_ino for p in (target / g).iterdir()} for g in others} == others
    assert not [p for p in target.iterdir() if p.name.startswith(".")]  # no temporary folder left


@pytest.mark.parametrize("game", [g for g in GAME_IDS if g != "catharsis"][-2:])  # two games besides the one built
def test_a_missing_games_index_is_built_into_the_existing_folder(tmp_path, whole, game):
    cache, sources = tmp_path / "cache", tmp_path / "data" / "sources"
    target = copy_built(whole, cache, sources, ("catharsis",))
    opened = index.open_index(cache, sources, games=[game])
    assert list(opened) == [game] and list(cache.glob("index-*")) == [target]
    assert built_games(cache) == sorted(["catharsis", game])


def test_a_games_index_another_builder_put_in_place_first_is_kept(tmp_path, whole):
    """Two builders of one game (two processes' first questions at once): the one that renames its
    index into place second finds the first's there and keeps it, leaving no temporary folder."""
    cache, sources = tmp_path / "cache", tmp_path / "data" / "sources"
    target = copy_built(whole, cache, sources, ("catharsis",))  # the first builder's, in place
    kept = {p.name: p.stat().st_ino for p in (target / "catharsis").iterdir()}
    index.build(target, sources, games=["catharsis"])  # the second builder, done after it
    assert {p.name: p.stat().st_ino for p in (target / "catharsis").iterdir()} == kept
    assert built_games(cache) == ["catharsis"] and index.verified(target, ["catharsis"], cache, sources)


@functools.cache
def whole_reference():
    """The whole reference, loaded once for the five games' comparisons (only read)."""
    from rulesdb.reference import load_reference

    return load_reference()


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_games_reference_loads_alone_as_in_the_whole(game):
    """A first search loads only its game's data files (rulesdb.index._reference): each game's
    rules, glossary and exceptions hold together alone, the same as in the whole reference."""
    from rulesdb.reference import load_reference

    whole, alone = whole_reference(), load_reference(games=(game,))
    assert alone.rules == {k: v for k, v in whole.rules.items() if v.game == game} and alone.rules
    assert alone.glossary == {k: v for k, v in whole.glossary.items() if v.game == game}
    assert alone.exceptions == {k: v for k, v in whole.exceptions.items() if k.split(".", 1)[0] == game}
    assert alone.sections == {k: v for k, v in whole.sections.items() if k.split(".", 1)[0] == game}


def test_a_first_search_about_one_game_reads_only_its_data_files(cli, home, monkeypatch):
    from rulesdb import reference

    loaded = []
    reference.reference.cache_clear()  # the whole reference as this process would load it first
    load = reference.load_reference
    monkeypatch.setattr(reference, "load_reference", lambda *a, **k: loaded.append(k.get("games")) or load(*a, **k))
    cli.json("rules", "search", "reroll one die", "--game", "catharsis")
    assert loaded == [("catharsis",)]
    cli.json("rules", "define", "enforcer")  # the whole reference, now cached for the next build
    cli.json("rules", "search", "hell domain", "--game", "catopomp")
    assert loaded == [("catharsis",), None]  # the second build read the cache `rules define` wrote
    reference.reference.cache_clear()
