"""Issue 22, outside the game packages: no import circles and no private names imported across
modules in companion/, rulesdb/ and engine/record*.py, engine/words.py (benchmarks/code_shape.py
reads the imports, lazy ones included)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _code_shape():
    spec = importlib.util.spec_from_file_location("code_shape", ROOT / "benchmarks" / "code_shape.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shared(module: str) -> bool:
    return (module.split(".")[0] in ("companion", "rulesdb")
            or module in ("engine.record", "engine.record_fields", "engine.record_check", "engine.words"))


@pytest.fixture(scope="module")
def read():
    """code_shape and the project's import graph with its private imports, read once for the file."""
    shape = _code_shape()
    return shape, *shape.imports(shape.modules(ROOT))


def test_no_import_circle_touches_the_shared_modules(read):
    shape, graph, _private = read
    assert [c for c in shape.circles(graph) if any(shared(m) for m in c)] == []


def test_no_private_name_is_imported_across_the_shared_modules(read):
    _shape, _graph, private = read
    assert [p for p in private if shared(p[0])] == []


def test_a_checked_play_shows_each_reasons_rule_title_looked_up_by_the_command(cli):
    """render.verdict_view prints the titles the command looked up (rulesdb.lookup.titles)."""
    from rulesdb.lookup import title_of

    assert cli("track", "new", "catopomp", "--players", "Ann,Ben").exit_code == 0
    shown = cli("check", "heaven 4 5 then hell 2")
    assert shown.exit_code == 1, shown.output  # illegal in set-up: a finding
    title = title_of("catopomp.setup.first-player")
    assert title != "catopomp.setup.first-player" and title in " ".join(shown.stdout.split())
