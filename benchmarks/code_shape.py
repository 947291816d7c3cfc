"""The shape of the code issue 22 measures: modules per game, import circles, private names
imported across modules, modules over 600 lines, and lines in engine/ and trackers/.

    python benchmarks/code_shape.py [--json]

Imports are read with `ast` (module level and inside functions alike: a lazy import is still a
dependency). A circle is a strongly connected group of two or more of the project's modules.
"""
from __future__ import annotations

import ast
import json
import sys
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
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
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


def shape(root: Path = ROOT) -> dict:
    found = modules(root)
    graph, private = imports(found)
    games = {}
    for game in sorted(p.name for p in (root / "engine").iterdir() if (p / "__init__.py").exists()):
        folder = root / "engine" / game
        games[game] = sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.endswith(".pyc"))
    return {
        "modules_per_game": {g: len([n for n in names if n.endswith(".py")]) for g, names in games.items()},
        "files_per_game": games,
        "import_circles": circles(graph),
        "private_imports": [f"{a} imports {m}.{n}" for a, m, n in private],
        "modules_over_600": {str(p.relative_to(root)): lines(p) for p in found.values() if lines(p) > LONG},
        "lines": {pkg: sum(lines(p) for m, p in found.items() if m.split(".")[0] == pkg) for pkg in PACKAGES},
    }


def main() -> None:
    result = shape()
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


if __name__ == "__main__":
    main()
