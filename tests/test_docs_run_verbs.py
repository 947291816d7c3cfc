"""The examples `companion track verbs GAME` prints, and every other example of a verb's usage (what
`companion track VERB --help` shows), are accepted as written (issues 43 and 48): each game's
examples run in order in one session of that game, after the set-up lines the table would have typed
first (the state the example assumes), and each must exit 0."""
from __future__ import annotations

import re
import shlex

import pytest

from tests.games import per_game

#: per game: the session's start, then the lines in order; every example of the game's verbs must be
#: among them (the other lines build the state an example assumes: a card revealed, a player's Cobble)
SCRIPTS = per_game("verb_script")  # each game's own test data, tests/games/<game>.toml


def usage_examples(verb: str, usage: str) -> list[str]:
    """Every example a verb's usage line gives: each `quoted` one that starts with the verb (or is a
    whole `companion ...` command); a usage line without any: each phrase after ": " or " | " that starts
    with the verb and names no PLACEHOLDER (an [optional] part and a note in parentheses left out;
    of a choice such as `monster|boss`, the first)."""
    quoted = [q for q in re.findall(r"`([^`]+)`", usage) if q.split()[0] in (verb, "companion")]
    if quoted:
        return quoted
    plain = re.sub(r"\s*\([^)]*\)|\s*\[[^\]]*\]", "", usage)
    found = []
    for phrase in plain.rsplit(": ", 1)[-1].split(" | "):
        words = [w.split("|")[0] for w in phrase.split()]  # `monster|boss|trap`: the first choice
        if words and words[0] == verb and not any(w.isupper() for w in words):
            found.append(" ".join(words))
    return found


def examples(game: str) -> list[str]:
    """The game's examples as commands after `companion`: the printed one of each verb first."""
    from engine import get_tracker

    out = []
    for v in get_tracker(game).verbs():
        for text in [v["example"], *usage_examples(v["verb"], v["usage"])]:
            line = text.removeprefix("companion ") if text.startswith("companion ") else f"track {text}"
            if line not in out:
                out.append(line)
    return out


@pytest.mark.parametrize("game", list(SCRIPTS))
def test_every_verb_example_runs(game, cli, home):
    script = SCRIPTS[game]
    missing = [e for e in examples(game) if e not in script]
    assert not missing, f"{game}: examples with no place in SCRIPTS: {missing}"
    for line in script:
        result = cli(*shlex.split(line))
        assert result.exit_code == 0, f"{game}: `companion {line}` exited {result.exit_code}: {result.output}"


def test_the_printed_example_is_among_the_usage_examples():
    from engine import GAMES, get_tracker

    assert sorted(SCRIPTS) == sorted(GAMES), "every game's verbs have a script"
    for game in GAMES:
        for v in get_tracker(game).verbs():
            assert v["example"] in usage_examples(v["verb"], v["usage"]) or v["example"] == v["verb"], (game, v)
