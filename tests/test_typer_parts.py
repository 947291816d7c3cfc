"""companion/typer_parts.py: the one place the CLI reaches past typer's documented API. The installed
typer is in the range the parts were written for, the pin says the same, each part is what typer
itself uses, and no other module imports typer's private modules."""
from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
import typer

from companion import typer_parts
from companion.typer_parts import (ClickException, CompletionItem, UsageError, command_name, completion_script,
                                   install_completion, slim_app, version_of, version_problem)

ROOT = Path(__file__).resolve().parent.parent


def test_the_installed_typer_is_in_the_tested_range_and_the_pin_says_the_same():
    assert version_problem() is None, version_problem()
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    pin = next(d for d in deps if d.startswith("typer"))
    low, high = re.fullmatch(r"typer>=([\d.]+),<([\d.]+)", pin).groups()
    assert (version_of(low), version_of(high)) == typer_parts.TESTED


@pytest.mark.parametrize("version, ok", [("0.28.0", True), ("0.12.5", True), ("0.29.0", False),
                                         ("0.11.9", False), ("1.0", False), ("0.28.0rc1", True)])
def test_a_typer_outside_the_range_is_named(version, ok):
    problem = version_problem(version)
    assert (problem is None) == ok
    if not ok:
        assert version in problem and "typer_parts.py" in problem


def test_the_exceptions_are_the_ones_typer_raises():
    app = typer.Typer()

    @app.command()
    def count(n: int) -> None:
        """Needs a number."""

    with pytest.raises(UsageError) as bad:
        typer.main.get_command(app).main(["many"], standalone_mode=False)
    assert "many" in bad.value.format_message()
    assert issubclass(typer.BadParameter, UsageError) and issubclass(UsageError, ClickException)


def test_the_completion_parts_work_with_typers_completion():
    from companion.track_cmd import track_app

    group = typer.main.get_command(track_app)
    ctx = group.make_context("track", ["show"], resilient_parsing=True)
    items = group.shell_complete(ctx, "ex")
    assert items and all(isinstance(i, CompletionItem) for i in items)
    assert "export" in [i.value for i in items]
    script = completion_script("bash", "companion", "_COMPANION_COMPLETE")
    assert "_COMPANION_COMPLETE" in script and "companion" in script


def test_installing_completion_writes_under_the_home_folder_only(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = Path(install_completion("bash", "companion", "_COMPANION_COMPLETE"))
    assert tmp_path in path.parents and path.is_file()
    assert "_COMPANION_COMPLETE" in path.read_text(encoding="utf-8")


def test_a_slim_app_keeps_only_the_named_commands():
    from companion.cli import app

    names = {command_name(c) for c in app.registered_commands}
    assert {"play", "check", "odds", "games"} <= names
    slim = slim_app(app, {"play"})
    assert [command_name(c) for c in slim.registered_commands] == ["play"] and slim.registered_groups == []
    assert set(typer.main.get_command(slim).commands) == {"play"}
    assert len(app.registered_commands) == len(names)  # the whole app is untouched


def test_no_other_module_imports_typers_private_modules():
    found = []
    for path in sorted((ROOT / "companion").glob("*.py")):
        if path.name == "typer_parts.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names if re.match(r"(typer\._|click\b)", n)]
    assert found == []
