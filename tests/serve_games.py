"""The five whole games of benchmarks/whole_games_steps.py (each title from set-up to its end, written
from its rulebook), applied step by step to a sessions file in-process, for the serve tests: the legal
steps only (a refused one records nothing)."""
from __future__ import annotations

import importlib.util
import shlex
from pathlib import Path

_STEPS = Path(__file__).resolve().parent.parent / "benchmarks" / "whole_games_steps.py"


def _games():
    import sys

    spec = importlib.util.spec_from_file_location("whole_games_steps", _STEPS)
    module = sys.modules.setdefault("whole_games_steps", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module.GAMES


GAMES = _games()
TITLES = list(GAMES)


def commands(game: str) -> list[str]:
    """The game's recorded steps, as typed after `companion`."""
    return [s.command for s in GAMES[game]() if s.rc == 0]


def apply(store, command: str, name: str = "g") -> None:
    """One step (`track new ...`, `track VERB ...`, `play "..."`) on the session `name` of `store`."""
    words = shlex.split(command)
    if words[:2] == ["track", "new"]:
        game, rest = words[2], words[3:]
        players, options = [], {}
        for flag, value in zip(rest[::2], rest[1::2]):
            if flag == "--players":
                players = value.split(",")
            elif flag == "--option":
                key, _, said = value.partition("=")
                options[key] = said
        store.new(game, players, name, options or None)
    elif words[0] == "track":
        store.record(words[1:], name)
    else:
        by = words[words.index("--by") + 1] if "--by" in words else None
        said = [w for i, w in enumerate(words[1:], 1) if "--by" not in words[i - 1:i + 1]]
        store.play(said[0] if len(said) == 1 else shlex.join(said), name, False, by)  # as `companion play` reads it
