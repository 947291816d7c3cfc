"""Issue 32 item 8: a rulebook of many tiny headings is refused before anything is written.

280,000 one-line headings (3.4 MB, under the byte limit) took minutes to index and made every
search of the game use more than a gigabyte. A game's imported sources hold at most
MAX_SECTIONS sections together; a file over it is refused in one line naming its count and the limit.
"""
from __future__ import annotations

from rulesdb import sources
from tests.conftest import files_under


def _headings(path, n: int):
    path.write_text("".join(f"# Heading {i}\nx\n" for i in range(n)), encoding="utf-8")
    return path


def test_a_file_of_more_sections_than_the_limit_is_refused_writing_nothing(cli, home, tmp_path):
    book = _headings(tmp_path / "tiny.md", sources.MAX_SECTIONS + 1)
    result = cli("rules", "import", "catopomp", str(book))
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in result.output
    assert f"{sources.MAX_SECTIONS + 1:,} sections" in line and f"limit of {sources.MAX_SECTIONS:,}" in line, line
    assert not (home / "data" / "sources").exists() or not files_under(home / "data" / "sources")
    assert not (home / "cache").exists() or not any((home / "cache").glob("index-*"))


def test_the_limit_counts_the_games_other_sources_too(home, tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_SECTIONS", 5)
    there = home / "data" / "sources"
    sources.import_rulebook("catopomp", _headings(tmp_path / "a.md", 3), there, "a")
    sources.import_rulebook("theseus", _headings(tmp_path / "b.md", 3), there, "b")  # another game's: not counted
    try:
        sources.import_rulebook("catopomp", _headings(tmp_path / "c.md", 3), there, "c")
    except sources.BadImport as exc:
        assert "3 sections beside the 3" in str(exc) and "limit of 5" in str(exc)
    else:
        raise AssertionError("a sixth section of catopomp was imported")
    assert sorted(p.name for p in there.iterdir()) == ["a.json", "b.json"]
    sources.import_rulebook("catopomp", _headings(tmp_path / "d.md", 2), there, "d")  # up to the limit: taken
