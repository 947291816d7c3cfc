"""Issue 21: one whole competitive Catopomp game and one Cataclysm Arcade level played through
`companion shell` (a pseudo-terminal). Catopomp:
as a table types it: who starts, the dice, each player's secret prediction, P1's own hand, every play.
The log names a player (or the table) on every line and marks each new round; no prediction and no
recorded hand shows in `log`, `show` or `situation` unless revealed."""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("pexpect")

from engine.catopomp.model import Opts  # noqa: E402
from tests.engine.catopomp_players import table_game  # noqa: E402
from tests.test_shell import ShellDriver  # noqa: E402

pytestmark = pytest.mark.installed  # the shell under pexpect

PLAYERS = ("P1", "P2", "P3")


def _cards(counts) -> list[int]:
    """The dealer keeps a hand as a count per number; the table names the cards."""
    return [n for n, c in enumerate(counts) for _ in range(c)]


def _json(shell: ShellDriver, line: str):
    out = shell.run(line)
    return json.loads(out[out.index("{"):])


def test_a_whole_catopomp_game_through_the_shell_keeps_names_and_secrets(home):
    shell = ShellDriver(home)
    try:
        shell.run("track new catopomp --players P1,P2,P3 --option competitive=yes")
        rounds = plays = 0
        checked_mid_round = False
        for kind, what, t in table_game(3, 3, Opts(competitive=True)):
            if kind == "play":
                out = shell.run(f'play "{what}"')
                assert "error" not in out, (what, out)
                plays += 1
                continue
            if what[0] == "predict":
                continue  # entered secretly at the round's start below, not when revealed
            out = shell.run(" ".join(what))  # a tracker verb typed bare: `dice 1 2 3 ...`
            assert "error" not in out, (what, out)
            if what[0] == "dice":
                rounds += 1
                for name, pred in zip(PLAYERS, t.pred):
                    assert "error" not in shell.run(f"predict {name.lower()} {pred}")
                hand = " ".join(str(c) for c in _cards(t.hands[0]))
                assert "error" not in shell.run(f"hand p1 {hand}")
            if rounds == 1 and what[0] == "dice" and not checked_mid_round:
                checked_mid_round = True
                shown = _json(shell, "show --json")["state"]["players"]
                assert all(isinstance(p["hand"], int) for p in shown)
                assert all(p["prediction"] == "secret" for p in shown)
                situation = _json(shell, "track situation")
                assert [p["prediction"] for p in situation["players"]] == [None, None, None]
                assert all(isinstance(p["hand"], int) for p in situation["players"])
                mine = _json(shell, "track situation --reveal p1")["players"][0]
                assert mine["prediction"] == t.pred[0] and sorted(mine["hand"]) == _cards(t.hands[0])
                assert shell.run("hand p1").strip().startswith("P1's hand (")
        assert rounds >= 2 and plays > 20
        entries = _json(shell, "log --json --all")["entries"]
        assert all(e["by"] in (*PLAYERS, "table") for e in entries)
        assert sum("begins" in m for e in entries for m in e["marks"]) == rounds - 1
        for e in entries:
            if e["verb"] in ("predict", "hand"):
                assert e["args"][1].endswith("hidden)"), e
        log = shell.run("log --all")  # every entry, as the JSON (both show the newest 50 by default)
        changes = [line for line in log.splitlines() if re.match(r"\s*\d+\s+\d{4}-", line)]
        assert len(changes) == len(entries)
        assert all(re.search(r"\+00:00\s+(P[123]|table): ", line) for line in changes)
        assert "predict P1 (hidden)" in log and "hand P1 (" in log
        assert shell.exit() == 0
    finally:
        if shell.child.isalive():
            shell.child.terminate(force=True)


def test_a_cataclysm_arcade_level_through_the_shell_keeps_names_and_hands(home):
    from tests.engine.test_cataclysm_arcade_engine import GAME, SETUP

    level_one = GAME[:GAME.index("Ben: fighter Grunt")]  # up to the last pass of level 1
    shell = ShellDriver(home)
    try:
        shell.run("track new cataclysm-arcade --players Ann,Ben,Cy")
        for command in SETUP:
            assert "error" not in shell.run(command), command  # tracker verbs typed bare
        # the hands are named in the session, hidden wherever the table is shown
        for line in ("show", "log", "track situation", "track watch --ticks 1"):
            out = shell.run(line)
            assert "Counter, Zap" not in out and "Grunt, Counter" not in out, line  # (the catalogue is public)
        assert all(p["hand"] == [] for p in _json(shell, "track situation")["players"])
        assert shell.run("hand ann").strip() == "Ann's hand (5 cards): Grunt, Counter, Zap, Zap, Grunt"
        for step in level_one:
            who, _, text = step.partition(": ")
            out = shell.run(f"play {text}")
            assert f"{who}: {text}" in out, (step, out)
        entries = _json(shell, "log --json")["entries"]
        assert all(e["by"] in ("Ann", "Ben", "Cy", "table") for e in entries)
        assert [e["by"] for e in entries if e["verb"] == "play"] == [s.partition(": ")[0] for s in level_one]
        assert entries[-1]["marks"] and entries[-1]["marks"][0].startswith("level 2 begins")
        assert all(e["args"][1:] == ["(5 cards, hidden)"] for e in entries if e["verb"] == "hand")
        assert shell.exit() == 0
    finally:
        if shell.child.isalive():
            shell.child.terminate(force=True)
