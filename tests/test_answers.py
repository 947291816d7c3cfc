"""Rules answers as a new player meets them (issue 35): a question asking what a thing is gets its
definition first, and every hit says where it comes from."""
from __future__ import annotations

import pytest

from rulesdb.intent import defined_subject
from rulesdb.reference import reference
from tests.conftest import GAMES
from tests.games import cases


@pytest.mark.parametrize("game, case", cases("definition").items())  # tests/games/<game>.toml
def test_what_is_x_puts_the_definition_then_the_rule_it_links_first(engine, game, case):
    ask, first, then = case["ask"], case["first"], case.get("then")
    for within in (game, None):
        ids = [h.id for h in engine.search(ask, game=within, limit=5).results]
        assert ids[0] == first, (within, ids)
        if then:
            assert ids[1] == then, (within, ids)


@pytest.mark.parametrize("game", GAMES)
def test_every_glossary_term_asked_about_comes_first(engine, game):
    wrong = []
    for entry in (e for e in reference().glossary.values() if e.game == game):
        for form in ("what is {}?", "what's {} for", "how does {} work"):
            ask = form.format(entry.term.term)
            top = engine.search(ask, game=game, limit=1).results[0]
            if top.id != entry.id:
                wrong.append(f"{ask!r} -> {top.id}")
    assert not wrong, wrong


@pytest.mark.parametrize("ask, subject", [
    ("what is the Line?", "Line"),
    ("What's a Power Cat?", "Power Cat"),
    ("whats the hell domain for", "hell domain"),
    ("how does block work, can my guy take the hit for my boss", "block"),
    ("what does Enforcer mean", "Enforcer"),
    ("what is Turbo King of the Meowtain", "Turbo King of the Meowtain"),
    ("what happens when the reaper reaches me", None),
    ("what if nobody can beat my set", None),
    ("what is the most cards I can hold at the end of my turn", None),
    ("can I reroll just one die?", None),
])
def test_a_definition_question_is_told_from_other_questions(ask, subject):
    assert defined_subject(ask.split(",")[0]) == subject


def test_other_questions_keep_their_ranking(engine):
    """Only questions about what a thing is move the glossary up: a question about the thing's
    use still gets the rule that answers it first."""
    ids = [h.id for h in engine.search("can I cucumber the mice mischief card", game="catastrophe", limit=3).results]
    assert not any(".glossary." in i for i in ids[:1]), ids


def test_each_hit_says_where_it_comes_from(engine):
    hits = engine.search("two dice showing 5 and 6, is that an 11?", game="catopomp", limit=5).results
    kinds = {h.id: h.provenance for h in hits}
    reading = kinds["catopomp.dice-boost.two-dice-sum"]
    assert reading["kind"] == "reading" and reading["passages"] == ["1.3 Dice Boost"] and reading["unclear"]
    plain = [p for i, p in kinds.items() if i != "catopomp.dice-boost.two-dice-sum"]
    assert plain and all(p["kind"] == "reference" for p in plain if not p.get("unclear"))
    ref = reference()
    for h in hits:  # a reading exactly where the entry records what the rulebook leaves unclear
        assert (h.provenance["kind"] == "reading") == bool(getattr(ref.rules.get(h.id), "unclear", None))


def test_an_imported_copy_is_named_in_the_terminal_and_the_json(cli, home, tmp_path):
    book = tmp_path / "notes.md"
    book.write_text("# Our notes\n\n## Marmalade rule\nA player holding marmalade may skip one turn per game.\n",
                    encoding="utf-8")
    assert cli("rules", "import", "catopomp", str(book), "--name", "house").exit_code == 0
    hits = cli.json("rules", "search", "marmalade skip", "--game", "catopomp")["results"]
    assert hits[0]["provenance"] == {"kind": "imported", "label": "your imported copy: house", "source": "house"}
    assert hits[0]["source"] == "house"  # the existing field is unchanged
    text = cli("rules", "search", "marmalade skip", "--game", "catopomp").stdout
    assert "source: house (your imported copy)" in text
    built_in = cli("rules", "search", "dice boost once per round", "--game", "catopomp").stdout
    assert "reference" in built_in
