"""Every game reads its session options through one parser (engine.tracking.options): an unknown
option name is refused at `companion track new` with exit 2, one line naming the closest options and
every option of the game, and nothing changes on disk. In-process: the installed script's own
refusals of `track new` are tested in test_installed.py (test_bad_input_gets_one_line_and_exit_2_from_the_installed_script)."""
from __future__ import annotations

import json

import pytest

from tests.conftest import GAMES, files_under, run_in_process
from tests.games import per_game

#: what `track new` needs (the one game with a required option), a misspelt option name and the option it
#: is closest to, and every option as the error lists them: each game's own test data (tests/games/)
START = {g: [w for k, v in o.items() for w in ("-o", f"{k}={v}")] for g, o in per_game("required_options").items() if o}
NEAR_MISS = per_game("near_miss")
OPTIONS = per_game("option_names")


def _snapshot(home):
    return {p: p.read_bytes() for p in files_under(home) if p.is_file()}


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_option_is_refused_with_the_options_named_and_nothing_written(home, game):
    first = run_in_process("track", "new", game, "-p", "Ann,Ben,Cy", "--name", "kept", *START.get(game, []))
    assert first.returncode == 0, first.stderr
    before = _snapshot(home)
    typo, meant = NEAR_MISS[game]
    for option, guess in (("nosuch=1", None), (f"{typo}=1", meant)):
        r = run_in_process("track", "new", game, "-p", "Ann,Ben,Cy", "--name", "bad", *START.get(game, []),
                          "--option", option)
        assert r.returncode == 2 and r.stdout == "", (r.stdout, r.stderr)
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
        assert f"unknown option '{option.split('=')[0]}'" in r.stderr
        assert r.stderr.rstrip().endswith(f"{game} options: {OPTIONS[game]}"), r.stderr
        if guess:
            assert f"(did you mean {guess}" in r.stderr, r.stderr
    assert _snapshot(home) == before
    listed = json.loads(run_in_process("track", "list", "--json").stdout)
    assert "bad" not in json.dumps(listed) and "kept" in json.dumps(listed)


@pytest.mark.parametrize("bad", [["--option", "nosuch=1"], ["-p", "Ann,ann"], ["--name", "a b/c"]])
def test_a_refused_first_session_leaves_an_empty_data_folder_empty(home, bad):
    """The very first `track new` of a data folder, refused (bad option, players or name): exit 2,
    one line, and no sessions file or folder is created for it."""
    before = sorted(p.relative_to(home) for p in files_under(home))
    args = ["track", "new", "catopomp", "-p", "Ann,Ben,Cy", *bad]
    r = run_in_process(*args)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert sorted(p.relative_to(home) for p in files_under(home)) == before
