"""A card library file broken by hand (not TOML, or a field the game's record refuses): a play whose
verdict only words its advice from the library (a CATastrophe `resolve` of a card of unknown effect)
is judged without it and said so, naming the file and the problem; a command that needs the library
(`cards list`, `--save`) refuses in one line naming them, exit 2, nothing changed on disk."""
from __future__ import annotations

import hashlib

import pytest

BROKEN = {"not-toml": lambda text: text + "x = [\n",
          "bad-field": lambda text: text.replace('type = "ally"', 'type = "allyx"')}


def _disk(home) -> dict[str, str]:
    """Every file under the home folder, by its bytes."""
    return {str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(home.rglob("*")) if p.is_file()}


def _broken_library(cli, home, how: str):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    assert cli("cards", "add", "catastrophe", "Zoomies", "--type", "ally").exit_code == 0
    assert cli("play", "Abi play Laser Pointer at Betty").exit_code == 0
    [library] = home.rglob("catastrophe.toml")
    library.write_text(BROKEN[how](library.read_text(encoding="utf-8")), encoding="utf-8")
    return library


@pytest.mark.parametrize("how", list(BROKEN))
def test_a_play_that_only_words_advice_from_the_library_still_works(cli, home, how):
    library = _broken_library(cli, home, how)
    before = _disk(home)
    checked = cli("check", "--move", "resolve")
    assert checked.exit_code == 0, checked.output
    said = " ".join(checked.stdout.split())
    assert "card library could not be read, so this play was judged without it" in said, said
    assert library.name in said.replace(" ", ""), said
    assert _disk(home) == before
    text = library.read_bytes()
    played = cli("play", "resolve")
    assert played.exit_code == 0, played.output
    assert "card library could not be read" in " ".join(played.stdout.split()), played.stdout
    assert library.read_bytes() == text
    assert not cli.json("track", "show")["state"]["in_play"]  # recorded: Laser Pointer left play


@pytest.mark.parametrize("how", list(BROKEN))
def test_a_command_that_needs_the_library_refuses_in_one_line(cli, home, how):
    library = _broken_library(cli, home, how)
    before = _disk(home)
    for words in (["cards", "list", "catastrophe"], ["track", "card", "Zed", "attack", "--save"],
                  ["play", "Abi play Zed at Betty", "--save"]):
        refused = cli(*words)
        assert refused.exit_code == 2, (words, refused.output)
        assert "Traceback" not in refused.stderr and refused.stderr.count("\n") == 1, refused.stderr
        assert library.name in refused.stderr, refused.stderr
        assert _disk(home) == before, words
