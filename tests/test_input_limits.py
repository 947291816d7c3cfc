"""Inputs the CLI must refuse, bound or survive (issue 19, items 8 to 13): each refusal one line,
exit 2, nothing written; each limit the same at every door."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, files_under


def _run(home: Path, *args: str, cwd: Path = ROOT, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env={**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT)})


def _one_line_refusal(result, *words: str) -> None:
    err = result.stderr if hasattr(result, "stderr") else result.output
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    assert code == 2, (code, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "internal error" not in err, err
    for word in words:
        assert word in err, (word, err)


# -- 8. rules import: the limit is on what is stored -------------------------------------------

def test_a_rulebook_of_short_lines_is_stored_in_a_form_the_reader_accepts(tmp_path):
    """300,000 one-line headings (3.6 MB): 24 MB as indented JSON, which the 20 MB reader called
    damaged; stored compactly it reads back."""
    from rulesdb.sources import import_rulebook, load_sources

    book = tmp_path / "cards.txt"
    book.write_text("".join(f"Card {n:06d}\n" for n in range(300_000)), encoding="utf-8")
    sources = tmp_path / "sources"
    import_rulebook("catopomp", book, sources)
    [source] = load_sources(sources)
    assert len(source["sections"]) == 300_000


def test_a_rulebook_stored_over_the_limit_is_refused_and_nothing_is_written(tmp_path):
    """10.5 MB of backslashes is under the 20 MB limit as a file, but 21 MB stored (JSON doubles
    each): refused before writing, and every later command still works."""
    home = tmp_path / "home"
    book = tmp_path / "slashes.txt"
    book.write_text(("\\" * 99 + "\n") * 105_000, encoding="utf-8")
    assert book.stat().st_size < 20 * 1024 * 1024
    _one_line_refusal(_run(home, "rules", "import", "catopomp", str(book), "--name", "slashes"),
                      "over the limit", "20,971,520")
    assert not [p for p in files_under(home / "data") if p.suffix == ".json"]
    assert _run(home, "rules", "sources").returncode == 0


def _damaged_source(home: Path) -> Path:
    folder = home / "data" / "sources"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_text('{"name": "broken", "game": "catopomp", "sections": [', encoding="utf-8")
    return folder


def test_rules_remove_takes_away_a_damaged_source(home, cli):
    folder = _damaged_source(home)
    assert cli("rules", "sources").exit_code == 2  # named as damaged, with the way out:
    result = cli("rules", "remove", "broken")
    assert result.exit_code == 0, result.output
    assert "damaged" in result.stdout and not (folder / "broken.json").exists()
    assert cli("rules", "sources").exit_code == 0


def test_an_import_beside_a_damaged_source_is_refused_and_writes_nothing(home, cli, tmp_path):
    folder = _damaged_source(home)
    book = tmp_path / "mine.md"
    book.write_text("# Setup\n\nShuffle the deck.\n", encoding="utf-8")
    result = cli("rules", "import", "catopomp", str(book))
    _one_line_refusal(result, "broken", "rules remove broken")
    assert sorted(p.name for p in folder.iterdir()) == ["broken.json"]


# -- 13. slow refusals and leftovers -----------------------------------------------------------

def test_a_rulebook_with_a_nul_byte_past_its_first_64_kb_is_refused(home, cli, tmp_path):
    book = tmp_path / "late-nul.txt"
    book.write_bytes(b"Setup\n\nShuffle the deck.\n" * 5000 + b"\0\0\0 more text\n")
    assert book.stat().st_size > 65536
    _one_line_refusal(cli("rules", "import", "catopomp", str(book)), "binary", "NUL")
    assert not [p for p in files_under(home / "data") if p.suffix == ".json"]
