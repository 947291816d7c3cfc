"""Importing a user's own rulebook copy as a separate, searchable source."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.sources import split_sections
from tests.conftest import files_under

HOUSE_RULES = """# Our table's Catopomp notes

## Snack break
Whenever a round ends, the loser fetches snacks for the whole table.

## Marmalade rule
A player holding marmalade may skip one turn per game.
"""


def test_import_search_show_and_remove(cli, home, tmp_path):
    book = tmp_path / "notes.md"
    book.write_text(HOUSE_RULES, encoding="utf-8")
    result = cli("rules", "import", "catopomp", str(book), "--name", "house")
    assert result.exit_code == 0, result.output
    assert "house" in result.stdout

    hits = cli.json("rules", "search", "marmalade", "--game", "catopomp")["results"]
    assert hits and hits[0]["source"] == "house" and hits[0]["id"].startswith("house:")
    shown = cli.json("rules", "show", hits[0]["id"])
    assert shown["source"] == "house" and "marmalade" in shown["text"]

    listed = cli.json("rules", "sources")
    assert [s["name"] for s in listed] == ["built-in", "house"]

    assert cli.json("rules", "search", "marmalade", "--game", "catharsis")["results"] == [] or all(
        h["source"] != "house" for h in cli.json("rules", "search", "marmalade", "--game", "catharsis")["results"]
    )
    assert cli("rules", "remove", "house").exit_code == 0
    assert all(h["source"] != "house" for h in cli.json("rules", "search", "marmalade")["results"])


def test_default_name_comes_from_the_file(cli, home, tmp_path):
    book = tmp_path / "My Rules.txt"
    book.write_text("SETUP\n\nShuffle well.\n", encoding="utf-8")
    assert cli.json("rules", "import", "theseus", str(book))["name"] == "my-rules"


def test_same_name_twice_is_refused(cli, home, tmp_path):
    book = tmp_path / "a.md"
    book.write_text(HOUSE_RULES, encoding="utf-8")
    assert cli("rules", "import", "catopomp", str(book)).exit_code == 0
    again = cli("rules", "import", "catopomp", str(book))
    assert again.exit_code == 2 and "exists already" in again.stderr


def test_bad_files_are_refused_and_nothing_is_written(cli, home, tmp_path):
    binary = tmp_path / "book.pdf"
    binary.write_bytes(b"%PDF-1.4\x00\x01\x02")
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n\n", encoding="utf-8")
    good = tmp_path / "good.md"
    good.write_text(HOUSE_RULES, encoding="utf-8")
    latin = tmp_path / "latin.txt"
    latin.write_bytes("caf\xe9 rules".encode("latin-1"))
    cases = [
        (["rules", "import", "catopomp", str(binary)], "binary"),
        (["rules", "import", "catopomp", str(empty)], "empty"),
        (["rules", "import", "catopomp", str(latin)], "UTF-8"),
        (["rules", "import", "catopomp", str(tmp_path / "missing.md")], "cannot read"),
        (["rules", "import", "catopomp", str(tmp_path)], "directory"),
        (["rules", "import", "chess", str(empty)], "unknown game"),
        (["rules", "import", "catopomp", str(good), "--name", "Bad Name!"], "bad source name"),
    ]
    for args, word in cases:
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert word.lower() in result.stderr.lower() and result.stderr.count("\n") == 1
    assert files_under(home) == []


def test_a_large_file_is_split_and_indexed(cli, home, tmp_path):
    book = tmp_path / "big.txt"
    paras = [f"SECTION {n}\n\nRule number {n} says the token moves {n % 7} spaces.\n" for n in range(6000)]
    book.write_text("\n".join(paras), encoding="utf-8")
    assert book.stat().st_size > 200_000
    data = cli.json("rules", "import", "catastrophe", str(book), "--name", "big")
    assert data["sections"] >= 6000
    assert cli("rules", "import", "catastrophe", str(book), "--name", "big2").exit_code == 0


def test_markdown_and_plain_headings_split():
    parts = split_sections("# Setup\nDeal cards.\n\n## Scoring\nCount points.\n\nEND OF GAME\n\nThe game ends.\n")
    assert [h for h, _ in parts] == ["Setup", "Scoring", "END OF GAME"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40), max_size=30))
def test_splitting_never_loses_a_word(lines):
    text = "\n".join(lines)
    parts = split_sections(text)
    kept = " ".join(h + " " + b for h, b in parts).split()
    for word in text.split():
        if word.strip("#"):  # a Markdown heading's marks are not words
            assert word in kept
