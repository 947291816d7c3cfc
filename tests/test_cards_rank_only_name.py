"""Theseus: a session calls a card it knows by its Rank only `Rank 5 card` and never looks such a name
up in the card library, so `cards add` (and `cards import`) refuse it as bad input: one line naming
the problem and the command that adds the card under its printed name, exit 2, nothing written."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_in_process


def _run(home: Path, *args: str):
    return run_in_process(*args, env={"COMPANION_HOME": str(home)})


@pytest.mark.parametrize("name", ["Rank 5 card", "rank 5 CARD"])
def test_cards_add_refuses_a_rank_only_name(home, name):
    done = _run(home, "cards", "add", "theseus", name, "--vp", "3")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "Rank" in done.stderr and "`companion cards add theseus NAME --rank 5 --vp 3`" in done.stderr, done.stderr
    assert not (home / "data" / "cards").exists() or not list((home / "data" / "cards").iterdir())


def test_cards_import_refuses_a_rank_only_name(home, tmp_path):
    source = tmp_path / "mine.toml"
    source.write_text('[[cards]]\nname = "Oracle"\nrank = 2\n\n[[cards]]\nname = "Rank 3 card"\nvp = 1\n')
    done = _run(home, "cards", "import", "theseus", str(source))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "--rank 3 --vp 1" in done.stderr, done.stderr
    assert not (home / "data" / "cards" / "theseus.toml").exists()


def test_a_printed_name_is_still_added(home):
    done = _run(home, "cards", "add", "theseus", "Oracle", "--rank", "5", "--vp", "3")
    assert done.returncode == 0, done.stderr
