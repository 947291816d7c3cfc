"""The asked field (issue 46, round thirteen): the questions players ask, per entry, indexed so a
question in words only a player says finds the entry; an asked file's id that is no entry is
refused (rulesdb/asked.py; measured by benchmarks/retrieval_asked.py)."""
from __future__ import annotations

import pytest

from rulesdb.asked import load_asked
from rulesdb.errors import DataError
from rulesdb.reference import reference


def test_a_word_only_an_asked_question_says_finds_its_entry(tmp_path, monkeypatch):
    import rulesdb.asked
    import rulesdb.shipped
    from rulesdb.search import RulesSearch

    rid = sorted(r for r in reference().rules if r.startswith("theseus."))[-1]
    (tmp_path / "data" / "theseus").mkdir(parents=True)
    (tmp_path / "data" / "theseus" / "asked.toml").write_text(
        f'game = "theseus"\n\n[[asked]]\nid = "{rid}"\nquestions = ["can the zorblax go twice"]\n', encoding="utf-8")
    monkeypatch.setattr(rulesdb.asked, "DATA_DIR", tmp_path / "data")  # the asked files read, the rest built in
    monkeypatch.setattr(rulesdb.shipped, "FOLDER", tmp_path / "no-shipped-index")  # built from this data
    with RulesSearch(tmp_path / "cache", tmp_path / "home" / "sources", game="theseus") as engine:
        found = engine.search("what does the zorblax do", game="theseus", limit=3).results
    assert [h.id for h in found][:1] == [rid]


def test_an_asked_id_that_is_no_entry_is_refused_with_the_file_and_the_nearest_id(tmp_path):
    (tmp_path / "theseus").mkdir()
    bad = tmp_path / "theseus" / "asked.toml"
    bad.write_text('game = "theseus"\n\n[[asked]]\nid = "theseus.glossary.hero"\nquestions = ["who is it"]\n\n'
                   '[[asked]]\nid = "theseus.glossary.heros"\nquestions = ["who"]\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_asked(["theseus"], {"theseus.glossary.hero", "catastrophe.glossary.heros"}, tmp_path)
    said = str(err.value)
    assert str(bad) in said and "asked[1] (theseus.glossary.heros).id" in said and "nearest: theseus.glossary.hero" in said


def _normal(text: str) -> str:
    """Lowercase words only, space-separated."""
    import re

    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def test_no_asked_question_is_or_holds_a_held_out_question():
    """The held-out sets (the blind set's test half, blind2, blind5) never enter the asked data,
    built in: read here to compare, never shown (the failure says a count)."""
    import tomllib
    from pathlib import Path

    from rulesdb.asked import ASKED_GLOB
    from rulesdb.games import DATA_DIR, GAME_IDS

    retrieval = Path(__file__).resolve().parent / "retrieval"

    def toml(path: Path) -> dict:
        return tomllib.loads(path.read_text(encoding="utf-8"))

    test_half = set(toml(retrieval / "blind" / "split.toml")["test"])
    held = [q["question"] for q in toml(retrieval / "blind" / "questions.toml")["q"] if q["n"] in test_half]
    held += [q["question"] for q in toml(retrieval / "blind2" / "questions.toml")["q"]]
    held += [q["question"] for part in ("a", "b") for q in toml(retrieval / "blind5" / part / "questions.toml")["q"]]
    held_out = {_normal(q) for q in held} - {""}
    assert len(held_out) > 800  # the three held-out sets were read
    # the built-in asked files: both voices of the writers and the older files' questions
    asked = {_normal(q) for game in GAME_IDS for path in (DATA_DIR / game).glob(ASKED_GLOB)
             for row in toml(path)["asked"] for q in row["questions"]}
    assert len(asked) > 3000
    repeats = sum(1 for a in asked if any(f" {h} " in f" {a} " for h in held_out))
    assert repeats == 0, f"{repeats} asked questions are or hold a held-out question"


def test_the_asked_data_script_refuses_a_held_out_set():
    import sys
    from pathlib import Path

    retrieval = Path(__file__).resolve().parent / "retrieval"
    sys.path.insert(0, str(retrieval.parents[1] / "benchmarks"))
    from asked_data import allowed

    for path in (retrieval / "blind2" / "questions.toml", retrieval / "blind5" / "a" / "questions.toml",
                 retrieval / "blind" / "questions.toml", retrieval / "blind3" / ".." / "blind5" / "b" / "labels.toml"):
        with pytest.raises(SystemExit, match="held-out set is never read"):
            allowed(path)
    assert allowed(retrieval / "theseus-players.toml")
