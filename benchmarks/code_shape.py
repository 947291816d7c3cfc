"""The shape of the code issues 22 and 31 measure: modules per game, import circles, private names
imported across modules, modules over 600 lines, lines per package and per game; and what issue 31
removes: verb-name comparisons in the games' tracker modules, `IllegalMove` classes outside
engine/errors.py, game ids written in companion/ and trackers/, private whoosh attributes read and
numpy imports; the public members of the game declaration (engine/game.py) and how many each game
sets, with no class of a game built on Engine or Tracker; and each game's tracker verb rows: how many,
the verbs whose aliases or read-only flag are written beside their row, and the distinct row signatures;
and what issue 47 removes: the files that spell out four or more of the five game ids (in the
product, in tests/ outside each game's own test data tests/games/; the test data about every game by
nature, TEST_DATA, is listed apart with its reason), and the lists of the games written
by hand (the files and lines a new game would have to touch outside its package and its test data).

    python benchmarks/code_shape.py [--json] [--root DIR] [--new-game]

Imports are read with `ast` (module level and inside functions alike: a lazy import is still a
dependency). A circle is a strongly connected group of two or more of the project's modules.
`--root` measures another copy of the project (e.g. `git archive main | tar -x -C DIR`).

Issue 47's "What it must show" adds: the verbs whose parts live in more than one place
(`verbs_in_tables`), the tests or tables that spell out four or more game ids on their own, the broad
`except Exception` in the faces (companion/), the modules that put anything into `sys.modules`, and, with `--new-game` (a minute or two: it copies the tree and collects
the tests), the files and lines a new game touches outside its package and its test data, measured by
shipping a copy of the toy game Nim in a temporary copy of the tree (`new_game` says how).
"""
from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "engine", "rulesdb", "trackers")
LONG = 600


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the project's packages."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _resolve(name: str, level: int, here: str, is_package: bool) -> str:
    if not level:
        return name
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports(found: dict[str, Path]) -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    """The import graph among project modules, and every private name imported from another module
    as (importer, module, name)."""
    graph: dict[str, set[str]] = {m: set() for m in found}
    private: list[tuple[str, str, str]] = []
    for here, path in found.items():
        is_package = path.name == "__init__.py"
        for node in _walk(_tree(path)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = alias.name
                    while target and target not in found:
                        target = target.rpartition(".")[0]
                    if target and target != here:
                        graph[here].add(target)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node.module or "", node.level, here, is_package)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    target = sub if sub in found else base
                    if target in found and target != here:
                        graph[here].add(target)
                    if (alias.name.startswith("_") and not alias.name.startswith("__")
                            and base in found and base != here and sub not in found):
                        private.append((here, base, alias.name))
    return graph, private


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return sorted(groups)


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@functools.lru_cache(maxsize=None)
def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def _walk(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of a parsed file, listed once (each count below reads the same files)."""
    return tuple(ast.walk(tree))


def _trees(root: Path, packages=PACKAGES, pattern: str = "*.py"):
    """(path, ast) of every file of `packages` whose name fits `pattern` (each file parsed once)."""
    for package in packages:
        for path in sorted((root / package).rglob(pattern)):
            yield path, _tree(path)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in _walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _is_verb(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "verb") or (isinstance(node, ast.Attribute) and node.attr == "verb")


def _is_literal(node: ast.AST) -> bool:
    """A string, or a tuple, set or list of strings only."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return (isinstance(node, (ast.Tuple, ast.Set, ast.List)) and bool(node.elts)
            and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts))


def verb_comparisons(tree: ast.AST) -> int:
    """Comparisons of `verb` (a name or an attribute) with string literals: `verb == "x"`, `"x" != c.verb`,
    `verb in ("x", "y")`; each pair in a chained comparison counts once."""
    count = 0
    for node in _walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            count += sum(1 for a, b in zip(sides, sides[1:])
                         if (_is_verb(a) and _is_literal(b)) or (_is_verb(b) and _is_literal(a)))
    return count


def _games(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "engine").iterdir() if (p / "__init__.py").exists())


def verb_figures(root: Path) -> dict[str, dict[str, int]]:
    """Verb comparisons per game in its tracker modules (track*.py) and its tracker notation
    (notation_track*.py)."""
    out: dict[str, dict[str, int]] = {"track": {}, "notation_track": {}}
    for game in _games(root):
        for kind in out:
            out[kind][game] = sum(verb_comparisons(tree) for _, tree in _trees(root, (f"engine/{game}",), f"{kind}*.py"))
    return out


def illegal_move_classes(root: Path) -> list[str]:
    """Classes named IllegalMove outside engine/errors.py."""
    return [f"{path.relative_to(root)}:{node.lineno}" for path, tree in _trees(root)
            for node in _walk(tree)
            if isinstance(node, ast.ClassDef) and node.name == "IllegalMove" and path != root / "engine" / "errors.py"]


def game_ids_in_shared_layers(root: Path) -> list[str]:
    """String literals in companion/ and trackers/ code equal to a game id (either spelling of
    cataclysm-arcade); docstrings, comments and longer help texts do not count."""
    ids = {g.replace("_", "-") for g in _games(root)} | set(_games(root))
    found = []
    for path, tree in _trees(root, ("companion", "trackers")):
        docs = _docstrings(tree)
        found += [f"{path.relative_to(root)}:{node.lineno} {node.value}" for node in _walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids
                  and id(node) not in docs]
    return found


#: text files read for game ids; per-game test data (tests/games/) aside
_TEXTS = (".py", ".js", ".toml", ".html", ".css", ".json")


def _id_patterns(root: Path) -> dict[str, "re.Pattern"]:
    """A game id (either spelling: cataclysm-arcade, cataclysm_arcade) as a whole word, per game."""
    import re

    return {g.replace("_", "-"): re.compile(r"(?<![\w-])" + re.escape(g.replace("_", "-")).replace("\\-", "[-_]")
                                            + r"(?![\w-])") for g in _games(root)}


def _text_files(root: Path, top: str):
    for path in sorted((root / top).rglob("*")):
        if (path.is_file() and path.suffix in _TEXTS and "__pycache__" not in path.parts
                and not path.relative_to(root).as_posix().startswith("tests/games/")):
            yield path


#: test data about every game by nature (a pattern under the root -> why it is not a per-game table):
#: like tests/games/, read by generic tests, and a new game adds no row to them for any test to pass
TEST_DATA = {
    "tests/retrieval/blind*/**/*.toml": "a question set written from the rulebooks alone, then labelled: "
                                     "each question is a row naming the game it was asked about (search data)",
    "tests/retrieval/uncovered.toml": "questions no rulebook answers, each with the game the player has open "
                                      "(search data)",
}


def test_data_exempt(root: Path) -> set[Path]:
    """The files TEST_DATA names."""
    return {path for pattern in TEST_DATA for path in root.glob(pattern)}


def files_naming_games(root: Path, least: int = 4) -> dict[str, list[str]]:
    """The files that spell out `least` or more of the game ids: in the product (the four packages)
    and in tests/ (each game's own test data, tests/games/, aside), and, apart, the test data about
    every game TEST_DATA exempts (each with its reason)."""
    ids = _id_patterns(root)
    exempt = test_data_exempt(root)
    out: dict[str, list[str]] = {"product": [], "tests": [], "test_data": []}
    for kind, tops in (("product", PACKAGES), ("tests", ("tests",))):
        for top in tops:
            for path in _text_files(root, top):
                text = path.read_text(encoding="utf-8", errors="replace")
                if sum(bool(p.search(text)) for p in ids.values()) >= least:
                    out["test_data" if path in exempt else kind].append(str(path.relative_to(root)))
    return out


def statements_naming_games(root: Path, least: int = 4, top: str = "tests") -> list[str]:
    """The top-level statements of the Python files under `top` (a test with its decorators, a class,
    a table) that spell out `least` or more game ids on their own, as `file:line name`: where a file
    names several games, whether one test or table lists them, or each test names its own game."""
    ids = _id_patterns(root)
    found = []
    for path in _text_files(root, top):
        if path.suffix != ".py":
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if sum(bool(p.search(text)) for p in ids.values()) < least:
            continue
        lines = text.splitlines()
        for node in _tree(path).body:
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            segment = "\n".join(lines[first - 1:node.end_lineno])
            if sum(bool(p.search(segment)) for p in ids.values()) >= least:
                name = getattr(node, "name", None) or ast.unparse(node).split("=")[0].strip()[:40]
                found.append(f"{path.relative_to(root)}:{node.lineno} {name}")
    return found


def game_lists(root: Path, least: int = 4, kinds: tuple[str, ...] = ("product", "tests")) -> dict[str, list[str]]:
    """The lists of the games written by hand, as `file:line`, each one a place a new game would have
    to be added to outside its package and its test data: a line spelling out `least` or more game ids
    (a tuple, a Literal, a pattern, a help text), a Python dict, tuple, list or set literal with `least`
    or more game ids among its keys or items, and a TOML file with `least` or more `id = "<game>"`."""
    ids = _id_patterns(root)
    spelled = {g for g in ids} | {g.replace("-", "_") for g in ids}
    out: dict[str, list[str]] = {kind: [] for kind in kinds}
    for kind, tops in [(k, t) for k, t in (("product", PACKAGES), ("tests", ("tests",))) if k in kinds]:
        for top in tops:
            for path in _text_files(root, top):
                where = str(path.relative_to(root))
                text = path.read_text(encoding="utf-8", errors="replace")
                found = {n for n, line in enumerate(text.splitlines(), 1)
                         if sum(g in line or g.replace("-", "_") in line for g in ids) >= least
                         and sum(bool(p.search(line)) for p in ids.values()) >= least}
                if path.suffix == ".py" and sum(g in text or g.replace("-", "_") in text for g in ids) >= least:
                    for node in _walk(_tree(path)):
                        items = (node.keys if isinstance(node, ast.Dict) else node.elts
                                 if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else ())
                        named = {i.value.replace("_", "-") for i in items
                                 if isinstance(i, ast.Constant) and i.value in spelled}
                        if len(named) >= least and not any(line in found for line in
                                                           range(node.lineno, node.end_lineno + 1)):
                            found.add(node.lineno)
                elif path.suffix == ".toml":
                    rows = [n for n, line in enumerate(text.splitlines(), 1)
                            if any(line.strip() == f'id = "{g}"' for g in ids)]
                    if len(rows) >= least:
                        found.add(rows[0])
                out[kind] += [f"{where}:{n}" for n in sorted(found)]
    return out


def broad_excepts(root: Path, packages=("companion",)) -> list[str]:
    """`except Exception`, `except BaseException` and bare `except:` (alone or in a tuple) in the faces
    (companion/), as `file:line`."""
    broad = {"Exception", "BaseException"}
    found = []
    for path, tree in _trees(root, packages):
        for node in _walk(tree):
            if isinstance(node, ast.ExceptHandler):
                kinds = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
                if node.type is None or any(isinstance(k, ast.Name) and k.id in broad for k in kinds):
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def _is_sys_modules(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "modules"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def sys_modules_writes(root: Path) -> list[str]:
    """The project's modules that put anything into `sys.modules`: `sys.modules[name] = ...` (or
    augmented, or deleted), and `sys.modules.setdefault/update/pop/...(...)` (a read, `sys.modules[name]`,
    does not count), as `file:line`."""
    found = []
    for path, tree in _trees(root):
        for node in _walk(tree):
            targets = (node.targets if isinstance(node, ast.Assign) else [node.target]
                       if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else node.targets
                       if isinstance(node, ast.Delete) else [])
            if any(isinstance(t, ast.Subscript) and _is_sys_modules(t.value) for t in targets) or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and _is_sys_modules(node.func.value)
                    and node.func.attr in ("setdefault", "update", "pop", "popitem", "clear", "__setitem__")):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def _imports_of(tree: ast.AST, top: str) -> int:
    """How many import statements bring in package `top` (or a module of it)."""
    return sum(1 for node in _walk(tree)
               if (isinstance(node, ast.Import) and any(a.name.split(".")[0] == top for a in node.names))
               or (isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == top))


def _private(name) -> bool:
    return isinstance(name, str) and name.startswith("_") and not name.startswith("__")


def private_reads(root: Path, library: str = "whoosh") -> dict[str, list[str]]:
    """Private attributes (`_name`, not dunders) read in modules that import `library`, on anything
    but the module's own objects (self, cls): `obj._name`, and `getattr`/`hasattr(obj, "_name")`.
    module -> sorted names."""
    out = {}
    for path, tree in _trees(root):
        if not _imports_of(tree, library):
            continue
        names = set()
        for node in _walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr)
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                names.add(node.attr)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                  and isinstance(node.args[1], ast.Constant) and _private(node.args[1].value)):
                names.add(node.args[1].value)
        if names:
            out[str(path.relative_to(root))] = sorted(names)
    return out


_MEMBERS = """
import ast, importlib, json, sys
from pathlib import Path
from engine.game import members, set_by
out = {"members": members(), "games": {}, "subclasses": []}
for game in sys.argv[1:]:
    declared = importlib.import_module("engine." + game).GAME
    out["games"][game] = {"sets": len(set_by(declared)), "set": set_by(declared)}
    for path in sorted(Path("engine", game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).split("[")[0].rpartition(".")[2] for b in node.bases]
                named = [n.asname or n.name for i in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                         if isinstance(i, ast.ImportFrom) and i.module in ("engine.base", "engine.tracking")
                         for n in i.names if n.name in ("Engine", "Tracker")]
                if any(b in named or b in ("Engine", "Tracker") for b in bases):
                    out["subclasses"].append(f"{path}:{node.lineno} {node.name}")
    out["games"][game]["validator"] = Path("engine", game, "validator.py").exists()
    out["games"][game]["rows"] = rows(getattr(getattr(declared, "verbs", None), "table", None) or {})
print(json.dumps(out))
"""

#: what the child process reads of a game's verb table: each row's type and the parameters of its check
#: and its transition (n positional, "+*" for *args; a row without a check fits any check)
_ROWS = """
import inspect


def arity(fn):
    if fn is None:
        return None
    params = inspect.signature(fn).parameters.values()
    n = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    return f"{n}" + ("+*" if any(p.kind == p.VAR_POSITIONAL for p in params) else "")


def rows(table):
    out = {}
    for verb, row in table.items():
        check = row.check if hasattr(row, "check") else None
        apply = row.apply if hasattr(row, "apply") else row
        out[verb] = {"type": type(row).__module__ + "." + type(row).__qualname__,
                     "check": arity(check), "apply": arity(apply)}
    return out
"""


def verbs_beside_rows(root: Path, got: dict) -> dict[str, list[str]]:
    """Verbs whose other words or read-only flag are written beside their row rather than in it: per
    game, its tracker verbs (the rows `members` read) named in its tracker modules (track*.py,
    notation_track*.py, __init__.py) as a value of a dict literal (word -> verb, the word not the verb
    itself) or as an element of a set literal, assigned at module level to a name holding ALIAS or
    READ_ONLY, or given to a `Verbs(aliases=..., read_only=...)` keyword."""
    out = {}
    for game in _games(root):
        found: set[str] = set()
        for _, tree in [t for pattern in ("track*.py", "notation_track*.py", "__init__.py")
                        for t in _trees(root, (f"engine/{game}",), pattern)]:
            values = [node.value for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                      and any(isinstance(t, ast.Name) and ("ALIAS" in t.id or "READ_ONLY" in t.id)
                              for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
            values += [k.value for node in _walk(tree) if isinstance(node, ast.Call)
                       and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Verbs"
                       for k in node.keywords if k.arg in ("aliases", "read_only")]
            for value in values:
                for node in ast.walk(value):
                    if isinstance(node, ast.Dict):
                        found |= {v.value for k, v in zip(node.keys, node.values) if isinstance(v, ast.Constant)
                                  and isinstance(k, ast.Constant) and k.value != v.value}
                    elif isinstance(node, ast.Set):
                        found |= {e.value for e in node.elts if isinstance(e, ast.Constant)}
        out[game] = sorted(found & set(got.get("games", {}).get(game, {}).get("rows", {})))
    return out


def verbs_in_tables(root: Path, got: dict) -> dict[str, list[str]]:
    """Verbs whose parts live in more than one place: per game, its tracker verbs (the rows `members`
    read) that are keys of another table in its tracker modules (track*.py but the phone's view,
    notation_track*.py): a dict literal assigned at module level (a usage, reader, example or advice
    table; not the options) or indexed where it is written (`{...}[verb]`, a reader dispatch)."""
    out = {}
    for game in _games(root):
        verbs = set(got.get("games", {}).get(game, {}).get("rows", {}))
        found: set[str] = set()
        for path, tree in [t for pattern in ("track*.py", "notation_track*.py")
                           for t in _trees(root, (f"engine/{game}",), pattern)]:
            if path.name == "track_phone.py":
                continue
            tables = [node.value for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                      and not any("OPTION" in ast.unparse(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
            tables += [node.value for node in _walk(tree) if isinstance(node, ast.Subscript)]
            for table in tables:
                if isinstance(table, ast.Dict) and not all(isinstance(v, ast.Call) for v in table.values):
                    found |= {k.value for k in table.keys if isinstance(k, ast.Constant)} & verbs
        out[game] = sorted(found)
    return out


def row_figures(got: dict) -> dict:
    """Rows per game, the row types used, and the distinct row signatures over every game: (check's
    parameters, transition's parameters), a row without a check fitting any check."""
    pairs, bare = set(), set()
    for game in got.get("games", {}).values():
        for row in game.get("rows", {}).values():
            (pairs.add((row["check"], row["apply"])) if row["check"] else bare.add(row["apply"]))
    signatures = pairs | {(None, a) for a in bare if a not in {a for _, a in pairs}}
    return {"rows_per_game": {g: len(m.get("rows", {})) for g, m in got.get("games", {}).items()},
            "row_types": sorted({r["type"] for m in got.get("games", {}).values() for r in m.get("rows", {}).values()}),
            "signatures": sorted(f"check({c or '-'}) apply({a})" for c, a in signatures)}


def members(root: Path) -> dict:
    """Public members of the game declaration (engine.game.Declaration: its fields, and each group's
    as `group.field`), and for each game how many of them its `GAME` sets (no default, or another value
    than the default) and which; the classes of engine/<game> built on engine.base.Engine or
    engine.tracking.Tracker (none: a game is declared, not subclassed), and whether a validator.py is
    left. Read by importing `root`'s packages in a child process; {} where they do not import."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", _ROWS + _MEMBERS, *_games(root)], cwd=root, env=env,
                          capture_output=True, text=True)
    return json.loads(done.stdout) if done.returncode == 0 else {}


#: what the child process reads of the copy with the toy game shipped as `NEW` (in the copy's root)
_NEW_GAME = """
import json, sys
from typer.testing import CliRunner
from engine import GAMES, get_game
from rulesdb.games import GAME_IDS, resolve_game
from companion.cli import whole_app
from companion.serve.assets import games_meta
from tests.games import KEYS, OPTIONAL
new = sys.argv[1]
listed = json.loads(CliRunner().invoke(whole_app(), ["games", "--json"]).stdout)
print(json.dumps({
    "registry (engine.GAMES)": GAMES.get(new) == "engine." + new and get_game(new).engine is not None,
    "GAME_IDS": new in GAME_IDS,
    "validation (resolve_game of an alias)": resolve_game("heap") == new,
    "the CLI's list (companion games)": any(g["id"] == new for g in (listed if isinstance(listed, list) else listed["games"])),
    "the phone page's rule-id pattern": new.encode() in games_meta(b"<head>"),
    "test_data_keys": sorted(set(KEYS) - OPTIONAL),
}))
"""

NEW = "newgame"


def _copy(root: Path, into: Path) -> None:
    """The project's files as git knows them (tracked and new, ignored ones aside) copied into `into`."""
    import shutil

    done = subprocess.run(["git", "-C", str(root), "ls-files", "-co", "--exclude-standard", "-z"],
                          capture_output=True, text=True)
    listed = (done.stdout.split("\0") if done.returncode == 0 and (root / ".git").exists() else  # else an archive
              [str(p.relative_to(root)) for p in root.rglob("*") if not {".venv", "__pycache__", ".git"} & set(p.parts)])
    for name in filter(None, listed):
        source = root / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def new_game(root: Path) -> dict:
    """A sixth game added the way docs/architecture.md's "Add a game" says, in a temporary copy of the
    tree: the toy game Nim (tests/games/nim/) copied as a shipped game `newgame`, its package
    engine/newgame/, its game.toml in rulesdb/data/newgame/ (without `package`: a shipped game's module
    is engine.<id>), and nothing else. Then, in the copy: the hand-written lists of the games outside
    its package and its test data (`game_lists`: what it would still have to join, as files and lines),
    whether each list derived from the games' data takes it up with no
    edit (the registry, GAME_IDS, validation, the CLI's list, the phone page's rule-id pattern), and how
    many test cases the generic tests give it by collection alone (`pytest --collect-only`: the cases
    whose id names it, and the test modules that stop at collection for want of its test data; the
    tests are not run: its test data, tests/games/<id>.toml with the keys listed, is the author's part,
    as are its scenarios, golden session and docs). An honest bound, not a proof: a test that reads
    the games' data at run time, not at collection, is not seen here (tests/test_add_a_game.py runs the
    toy game through the generic contract)."""
    import re
    import tempfile

    with tempfile.TemporaryDirectory(prefix="code-shape-new-game-") as tmp:
        copy = Path(tmp)
        _copy(root, copy)
        toy = copy / "tests" / "games" / "nim"
        package = copy / "engine" / NEW
        package.mkdir()
        for source in toy.glob("*.py"):
            text = source.read_text(encoding="utf-8").replace("tests.games.nim", f"engine.{NEW}")
            (package / source.name).write_text(text, encoding="utf-8")
        data = copy / "rulesdb" / "data" / NEW
        data.mkdir()
        toml = (toy / "game.toml").read_text(encoding="utf-8")
        toml = re.sub(r'(?m)^package = .*\n', "", toml).replace('id = "nim"', f'id = "{NEW}"')
        (data / "game.toml").write_text(toml, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(copy), "COMPANION_HOME": str(copy / ".home")}
        done = subprocess.run([sys.executable, "-c", _NEW_GAME, NEW], cwd=copy, env=env, capture_output=True, text=True)
        derived = json.loads(done.stdout) if done.returncode == 0 else {"error": done.stderr.strip()[-400:]}
        collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                                    "-n", "0", "tests"], cwd=copy, env=env, capture_output=True, text=True).stdout
        cases = [line for line in collected.splitlines() if "::" in line and not line.startswith("ERROR")]
        unread = sorted({line.split()[1] for line in collected.splitlines() if line.startswith("ERROR ")})
        _tree.cache_clear()
        _walk.cache_clear()
        lists = game_lists(copy)
        _tree.cache_clear()
        _walk.cache_clear()
    return {"lists_to_join": lists, "files_touched": sorted({w.rsplit(":", 1)[0] for v in lists.values() for w in v}),
            "derived": {k: v for k, v in derived.items() if k != "test_data_keys"},
            "test_data_keys": derived.get("test_data_keys", []),
            "test_cases": {"collected": len(cases), "naming_it": sum(NEW in c for c in cases),
                           "modules_not_collected": unread}}


def shape(root: Path = ROOT) -> dict:
    found = modules(root)
    graph, private = imports(found)
    games = {}
    for game in _games(root):
        folder = root / "engine" / game
        games[game] = sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.endswith(".pyc"))
    verbs = verb_figures(root)
    whoosh = private_reads(root)
    return {
        "modules_per_game": {g: len([n for n in names if n.endswith(".py")]) for g, names in games.items()},
        "files_per_game": games,
        "import_circles": circles(graph),
        "private_imports": [f"{a} imports {m}.{n}" for a, m, n in private],
        "modules_over_600": {str(p.relative_to(root)): lines(p) for p in found.values() if lines(p) > LONG},
        "lines": {pkg: sum(lines(p) for m, p in found.items() if m.split(".")[0] == pkg) for pkg in PACKAGES},
        "lines_per_game": {g: sum(lines(root / "engine" / g / n) for n in names if n.endswith(".py"))
                           for g, names in games.items()},
        "verb_comparisons": {"track": verbs["track"], "total": sum(verbs["track"].values()),
                             "notation_track": verbs["notation_track"],
                             "notation_track_total": sum(verbs["notation_track"].values())},
        "illegal_move_classes": illegal_move_classes(root),
        "game_ids_in_shared_layers": game_ids_in_shared_layers(root),
        "whoosh_private_attributes": whoosh,
        "numpy_imports": {str(path.relative_to(root)): n for path, tree in _trees(root)
                          if (n := _imports_of(tree, "numpy"))},
        "members": (got := members(root)),
        "verb_rows": {**row_figures(got), "beside_rows": verbs_beside_rows(root, got),
                      "in_other_tables": verbs_in_tables(root, got)},
        "files_naming_games": files_naming_games(root),
        "game_lists": game_lists(root),
        "statements_naming_games": statements_naming_games(root),
        "broad_excepts_in_faces": broad_excepts(root),
        "sys_modules_writes": sys_modules_writes(root),
    }


def main() -> None:
    root = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv else ROOT
    result = shape(root)
    if "--new-game" in sys.argv:
        result["new_game"] = new_game(root)
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
        return
    print("modules per game:", result["modules_per_game"])
    print(f"import circles: {len(result['import_circles'])}")
    for group in result["import_circles"]:
        print("  ", " <-> ".join(group))
    print(f"private names imported across modules: {len(result['private_imports'])}")
    print("modules over 600 lines:", result["modules_over_600"] or "none")
    print("lines:", result["lines"])
    print("lines per game (engine/<game>):", result["lines_per_game"])
    verbs = result["verb_comparisons"]
    print(f"verb comparisons in track*.py: {verbs['total']}", verbs["track"])
    print(f"verb comparisons in notation_track*.py: {verbs['notation_track_total']}", verbs["notation_track"])
    print(f"IllegalMove classes outside engine/errors.py: {len(result['illegal_move_classes'])}",
          *result["illegal_move_classes"])
    print(f"game ids in companion/ and trackers/: {len(result['game_ids_in_shared_layers'])}")
    for where in result["game_ids_in_shared_layers"]:
        print("  ", where)
    whoosh = result["whoosh_private_attributes"]
    numpy = result["numpy_imports"]
    print(f"private whoosh attributes read: {sum(map(len, whoosh.values()))}",
          {m: len(names) for m, names in whoosh.items()})
    print(f"numpy imports: {sum(numpy.values())}", numpy)
    got = result["members"]
    if got:
        print(f"game declaration (engine.game.Declaration): {len(got['members'])} public members; set by each game:",
              {g: m["sets"] for g, m in got["games"].items()})
        print(f"classes built on Engine or Tracker in engine/<game>: {len(got['subclasses'])}", *got["subclasses"])
        print("validator.py left:", [g for g, m in got["games"].items() if m["validator"]] or "none")
    rows = result["verb_rows"]
    print("tracker verb rows per game:", rows["rows_per_game"], "of type", rows["row_types"])
    print(f"verbs whose aliases or read-only flag live outside their row: {sum(map(len, rows['beside_rows'].values()))}",
          {g: len(v) for g, v in rows["beside_rows"].items()})
    print(f"verbs whose parts live in more than one place: {sum(map(len, rows['in_other_tables'].values()))}",
          rows["in_other_tables"])
    print(f"distinct verb row signatures: {len(rows['signatures'])}", rows["signatures"])
    naming = result["files_naming_games"]
    print(f"files spelling out 4+ of the game ids: product {len(naming['product'])}, "
          f"tests {len(naming['tests'])} (tests/games/ aside; test data about every game apart: "
          f"{len(naming['test_data'])})")
    for where in naming["product"] + naming["tests"]:
        print("  ", where)
    for pattern, why in TEST_DATA.items():
        held = [w for w in naming["test_data"] if (root / w) in root.glob(pattern)]
        print(f"   test data, not a table in a test: {pattern} ({why}):", *held or ["none"])
    statements = result["statements_naming_games"]
    print(f"   of those, tests or tables (one top-level statement) spelling out 4+ ids: {len(statements)} in "
          f"{len({s.split(':')[0] for s in statements})} files", *statements)
    lists = result["game_lists"]
    touched = {k: sorted({w.rsplit(":", 1)[0] for w in v}) for k, v in lists.items()}
    print(f"lists of the games a new game must join: product {len(lists['product'])} in {len(touched['product'])} "
          f"files, tests {len(lists['tests'])} in {len(touched['tests'])} files")
    for where in lists["product"]:
        print("  ", where)
    broad = result["broad_excepts_in_faces"]
    print(f"broad `except Exception` in the faces (companion/): {len(broad)}",
          dict(sorted(Counter(w.rsplit(":", 1)[0] for w in broad).items())))
    writes = result["sys_modules_writes"]
    print(f"modules that put anything into sys.modules: {len(writes)}", *writes)
    added = result.get("new_game")
    if added:
        lists = added["lists_to_join"]
        print(f"a new game (the toy Nim shipped as `{NEW}` in a copy of the tree), outside its package and its "
              f"test data: {len(added['files_touched'])} files and {sum(map(len, lists.values()))} lines to touch",
              *added["files_touched"])
        print("   lists derived from the games' data that take it up with no edit:",
              {k: v for k, v in added["derived"].items()})
        print(f"   test cases collected that name it: {added['test_cases']['naming_it']} of "
              f"{added['test_cases']['collected']}; its test data tests/games/{NEW}.toml needs "
              f"{len(added['test_data_keys'])} keys; test modules that stop at collection until it is there: "
              f"{len(added['test_cases']['modules_not_collected'])}", *added["test_cases"]["modules_not_collected"])


if __name__ == "__main__":
    main()
