"""The docs stay true: Quick start holds two commands, every command is documented and has help."""
from __future__ import annotations

import re

import pytest

from companion import __version__
from tests.conftest import GAMES, ROOT

COMMANDS = [
    ["games"],
    ["rules", "search"],
    ["rules", "show"],
    ["rules", "define"],
    ["rules", "toc"],
    ["rules", "import"],
    ["rules", "sources"],
    ["rules", "remove"],
    ["check"],
    ["moves"],
    ["status"],
    ["schema"],
    ["play"],
    ["odds"],
    ["track", "new"],
    ["track", "list"],
    ["track", "show"],
    ["track", "switch"],
    ["track", "verbs"],
    ["track", "watch"],
    ["track", "end"],
    ["track", "export"],
    ["track", "import"],
    ["track", "log"],
    ["track", "situation"],
    ["track", "undo"],
    ["track", "redo"],
    ["cards", "add"],
    ["cards", "edit"],
    ["cards", "show"],
    ["cards", "list"],
    ["cards", "remove"],
    ["cards", "import"],
    ["cards", "export"],
    ["cards", "schema"],
    ["track", "recap"],
    ["history"],
    ["stats"],
    ["players", "rename"],
]


def test_quick_start_has_exactly_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```[a-z]*\n(.*?)```", section, re.S).group(1)
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "companion rules search" in commands[0] and "pytest" in commands[1]
    first_block = re.search(r"```[a-z]*\n(.*?)```", readme, re.S).group(1)
    assert first_block == block, "Quick start must be the README's first code block (.ci/run runs it)"


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help_and_docs(cli, command):
    result = cli(*command, "--help")
    assert result.exit_code == 0 and "Usage" in result.stdout
    cli_doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    name = "companion " + " ".join(command)
    assert f"`{name}" in cli_doc, f"{name} is not in docs/cli.md"
    assert name in readme, f"{name} has no example in the README"


def test_version_matches_the_package_metadata():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == __version__


def test_every_game_has_a_guide():
    for game in GAMES:
        assert (ROOT / "docs" / "games" / f"{game}.md").exists(), game


def test_every_tracker_and_engine_is_documented():
    from engine import GAMES

    for game in GAMES:
        assert (ROOT / "docs" / f"track-{game}.md").exists(), game
    for game in GAMES:
        assert (ROOT / "docs" / f"moves-{game}.md").exists(), game


def test_no_merge_conflict_markers_are_left_in_the_tree():
    import subprocess

    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True).stdout.split()
    if not listed:
        pytest.skip("not a git checkout")
    marker = re.compile(r"^(<{7}|>{7}|={7})( |$)", re.M)
    bad = [p for p in listed if p.endswith((".py", ".md", ".toml", ".json", ".txt", ".cfg")) and
           (ROOT / p).is_file() and marker.search((ROOT / p).read_text(encoding="utf-8", errors="replace"))]
    assert not bad, f"merge-conflict markers in {bad}"
