"""docs/tutorial.md: every command on the page runs, in order, on a fresh home, and says what the
page says it does."""
from __future__ import annotations

import re
import shlex

from typer.testing import CliRunner

from tests.conftest import ROOT

TUTORIAL = ROOT / "docs" / "tutorial.md"


#: commands the page names in its prose, each run at the point where the page names it (after the
#: block before it): they change the user's shell or wait for Ctrl-C, so no block holds them
PROSE = {
    "companion --install-completion": "companion games",
    "companion --show-completion": "companion games",
    "companion track watch": "companion track show",
}


def commands() -> list[str]:
    text = TUTORIAL.read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    for prose, after in PROSE.items():
        assert f"`{prose}`" in text, prose
        lines.insert(lines.index(after) + 1, prose)
    return lines


def test_every_command_in_the_tutorial_runs(home, tmp_path, monkeypatch):
    from companion.cli import invoked_app

    monkeypatch.chdir(tmp_path)
    lines = commands()
    assert len(lines) >= 40 and all(line.startswith("companion ") for line in lines)
    env = {"COMPANION_HOME": str(home), "COLUMNS": "80", "HOME": str(tmp_path), "COMPANION_SHELL": "bash"}
    outputs = {}
    refused = {  # the page says these are refused, each citing a rule of its game (and the play to type)
        "companion track lives ann =12      # refused": "catastrophe.",
        "companion track fighter ann Grunt 4   # refused": 'companion play --by ann "fighter Grunt"',
    }
    for line in lines:
        args = shlex.split(line, comments=True)[1:]
        if args[:2] == ["track", "watch"]:
            args += ["--ticks", "1"]  # one look, then stop (the real thing waits for Ctrl-C)
            assert "cats (catastrophe)" in CliRunner().invoke(invoked_app(args), args, env=env).stdout
        result = CliRunner().invoke(invoked_app(args), args, env=env)  # the app the script builds for them
        if line in refused:
            assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
            assert refused[line] in result.stderr and "--overrule" in result.stderr
        else:
            assert result.exit_code == 0, (line, result.output)
        outputs.setdefault(line, result.stdout)
    assert (tmp_path / "cats-night.json").exists()
    assert (tmp_path / ".bashrc").exists()  # --install-completion wrote to the (test's) home
    assert "Ben lives 9→7" in outputs["companion track lives ben -2"]
    assert outputs["companion track undo"].startswith("undid: Ann: yarn Ann -1")  # the first undo on the page
    refresh = " ".join(outputs["companion track refresh"].split())
    assert "morale 18→17" in refresh and "everyone takes 2 damage" in refresh
    assert "catharsis." in outputs["companion track refresh --verbose"]
    assert "use Ben 1 top" in outputs["companion track use ben nail top"]
    assert "Cy" in outputs["companion track reserve cy 4"]
    listed = outputs["companion track list"]
    assert all(name in listed for name in ("cats", "heroes", "arcade", "pomp", "theseus"))
    for line, out in outputs.items():
        if line.startswith("companion track") and "--json" not in line:
            assert all(len(row) <= 80 for row in out.splitlines()), line
