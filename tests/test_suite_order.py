"""The suite's order (tests/conftest.py LONGEST_FIRST) names test files that exist, each once: a file
renamed or removed would otherwise drop out of the order silently and run last again."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import LONGEST_FIRST

TESTS = Path(__file__).resolve().parent


def order_problems(names: tuple[str, ...], tests: Path) -> list[str]:
    """What is wrong with an order of test files under `tests`: a name that is no test file there, or
    a name given twice."""
    problems = [f"{name}: no such test file" for name in names
                if not (Path(name).name.startswith("test_") and name.endswith(".py") and (tests / name).is_file())]
    return problems + [f"{name}: named twice" for name in sorted(set(names)) if names.count(name) > 1]


def test_each_file_the_order_names_exists_once():
    assert order_problems(LONGEST_FIRST, TESTS) == []


def test_a_renamed_or_doubled_file_is_found():
    renamed = ("test_retrieval_old.py", *LONGEST_FIRST[1:], LONGEST_FIRST[1])
    assert order_problems(renamed, TESTS) == ["test_retrieval_old.py: no such test file",
                                              f"{LONGEST_FIRST[1]}: named twice"]
