"""The word a "did you mean" shows for a stem (the index's surface.json) is the reference's commonest
spelling of it, and a tie goes to a fixed rule, not to the order the hash seed gives the words."""
from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from rulesdb.index import commonest_spellings

ROOT = Path(__file__).resolve().parent.parent

# one game's index (catopomp's, the quickest to build) written into a fresh folder; its surface.json printed
BUILD = """
import sys, tempfile
from pathlib import Path
from rulesdb.index import write_indexes
folder = Path(tempfile.mkdtemp())
write_indexes(folder, None, None, ["catopomp"])
sys.stdout.write((folder / "catopomp" / "surface.json").read_text(encoding="utf-8"))
"""


def test_the_commonest_spelling_wins():
    spelt = Counter({("roll", "rolls"): 2, ("roll", "roll"): 5, ("roll", "rolled"): 1})
    assert commonest_spellings(spelt) == {"roll": "roll"}


def test_a_tie_goes_to_the_shorter_word_then_the_first_alphabetically():
    ties = [("reroll", "rerolls"), ("reroll", "re-roll"), ("reroll", "reroll"), ("move", "moves"), ("move", "moved")]
    forward = commonest_spellings(Counter(dict.fromkeys(ties, 3)))
    backward = commonest_spellings(Counter(dict.fromkeys(reversed(ties), 3)))
    assert forward == backward == {"move": "moved", "reroll": "reroll"}


def test_punctuation_around_a_word_is_not_part_of_it():
    assert commonest_spellings(Counter({("die", "(die,"): 4, ("die", "dice"): 1})) == {"die": "die"}


def test_the_same_suggestions_under_any_hash_seed():
    """Built under two hash seeds, a game's index gives every stem the same word (on main a tie
    between two spellings of a stem went to whichever the seed's set order met first)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"} | {"PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-c", BUILD], env=env | {"PYTHONHASHSEED": seed}, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for seed in ("1", "2")]
    outs = [run.communicate(timeout=120) for run in runs]
    assert all(run.returncode == 0 for run in runs), [err for _, err in outs]
    first, second = (out for out, _ in outs)
    assert first and first == second
