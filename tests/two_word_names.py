"""The check of tests/test_two_word_names*.py: one game's per-player verb said of "Mary Jo"."""
from __future__ import annotations

import shlex


def said_in_two_words(cli, game: str, options: tuple[str, ...], command: str, shown: str, quoted: bool) -> None:
    """A session of Mary Jo and Ben; `command` ({} for the player) typed with the name in two words,
    quoted or not (and quoted, as one line in the shell): each recorded for Mary Jo, saying `shown`."""
    new = cli("track", "new", game, "--players", "Mary Jo,Ben", *options)
    assert new.exit_code == 0, new.stderr
    verb, *rest = command.format("\0").split()
    words = [verb] + [x for w in rest for x in ((["mary jo"] if quoted else ["mary", "jo"]) if w == "\0" else [w])]
    r = cli("track", *words)
    assert r.exit_code == 0, r.stderr
    assert shown in r.stdout, r.stdout
    if not quoted:
        return
    line = "track " + " ".join(shlex.quote(w) for w in words)
    assert cli("undo").exit_code == 0
    from companion.cli import invoked_app

    shell = cli.runner.invoke(invoked_app(["shell"]), ["shell"], input=line + "\n")
    assert shell.exit_code == 0, shell.stderr
    assert shown in shell.stdout, shell.stdout


def checked_in_two_words(cli, game: str, options: tuple[str, ...], setup: list[str], play: str, shown: str) -> None:
    """A session of Mary Jo and Ben (`setup`: tracker commands first); `play` naming Mary Jo in two
    words is read (no error on stderr) and judged, the verdict saying `shown`."""
    assert cli("track", "new", game, "--players", "Mary Jo,Ben", *options).exit_code == 0
    for command in setup:
        assert cli("track", *shlex.split(command)).exit_code == 0
    r = cli("check", play)
    assert not r.stderr and r.exit_code in (0, 1), r.stderr
    assert shown in r.stdout, r.stdout
