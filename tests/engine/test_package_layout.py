"""Issue 22: the games laid out as DESIGN.md's "One game, one package" (all five): the modules bear
the table's names (notation_track_<topic>, rules_<topic>, track_<topic> where one is split); the package's face is its declaration GAME (and the Engine and Tracker built from it) and State; plays in notation.py, tracker commands
in notation_track.py; rule ids only in rule_ids.py as `class R`; no private name imported across
modules; no import circle inside the package; no module over 600 lines."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from rulesdb.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
LAID_OUT = {game.replace("-", "_"): game for game in GAME_IDS}  # package -> game id
NAMES = {"__init__", "model", "notation", "notation_track", "table", "rules", "track", "status", "odds", "rule_ids"}


@pytest.mark.parametrize("package", sorted(LAID_OUT))
def test_every_module_is_named_as_the_design_table(package):
    odd = [p.stem for p in (ROOT / "engine" / package).glob("*.py")
           if p.stem not in NAMES and not re.fullmatch(r"(rules|track|notation_track)_[a-z]+", p.stem)]
    assert odd == [], f"{package}: modules outside the DESIGN table: {odd}"


def _modules(package: str) -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "engine" / package).glob("*.py"))}


def _imports(tree: ast.Module):
    """(module imported from inside the package or None, names) of every `from ... import`, lazy ones too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            yield (node.module if node.level == 1 else None), [a.name for a in node.names], node.level


@pytest.mark.parametrize("package", sorted(LAID_OUT))
def test_the_face_is_the_declaration_and_its_faces(package):
    module = importlib.import_module(f"engine.{package}")
    assert sorted(module.__all__) == ["Engine", "GAME", "State", "Tracker"]
    assert module.GAME.game == LAID_OUT[package]
    assert {"notation", "notation_track", "rule_ids", "rules", "track", "status"} <= set(_modules(package))
    assert "validator" not in _modules(package)


@pytest.mark.parametrize("package", sorted(LAID_OUT))
def test_rule_ids_live_in_class_r_only(package):
    ids = importlib.import_module(f"engine.{package}.rule_ids")
    spelled = {v for k, v in vars(ids.R).items() if k.isupper() and isinstance(v, str)}
    face = importlib.import_module(f"engine.{package}")
    engine, tracker = face.Engine(), face.Tracker()
    # the ids plays and tracker verbs cite are R's, every one (a game may split them between the two)
    cited, seats = tracker.declaration.verbs.rule_ids, engine.declaration.seats_rule
    assert engine.declaration.plays.rule_ids | cited == spelled | {seats} and seats in spelled
    assert engine.declaration.plays.rule_ids <= spelled and cited <= spelled
    pattern = re.compile(rf"^{re.escape(LAID_OUT[package])}\.[a-z0-9-]+(\.[a-z0-9-]+)*$")
    for name, tree in _modules(package).items():
        if name == "rule_ids":
            continue
        literals = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    and pattern.match(n.value)]
        assert literals == [], f"{name}.py spells rule ids: {literals}"


@pytest.mark.parametrize("package", sorted(LAID_OUT))
def test_no_private_imports_no_circles_no_long_modules(package):
    trees = _modules(package)
    graph: dict[str, set[str]] = {name: set() for name in trees}
    for name, tree in trees.items():
        for module, names, level in _imports(tree):
            assert not [n for n in names if n.startswith("_") and not n.startswith("__")], f"{name}.py: {names}"
            if level == 1:
                graph[name] |= {module} if module in trees else {n for n in names if n in trees}
    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})) for nxt in graph[start])
    circles = [name for name in graph if reaches(name, name, {name})]
    assert circles == [], f"modules in an import circle: {circles}"
    long = {p.name: n for p in (ROOT / "engine" / package).glob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}
