"""Issue 36: a finished game sent to BG Stats (`track export-play`, `history --bgstats`), the stats a
group argues about (co-op apart, rival, nemesis, streaks per game, results by player count), and
Ctrl-C leaving with exit 130 and one line. Issue 33 ("After the game"): `stats` lists no player
whose only sessions are unfinished, and `track log` numbers no undone entry."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.conftest import SCRIPT, child_env, ctrl_c_reaches_it, installed_cwd, run_companion, run_in_process
from tests.test_history import PLAYED, companion, ok, play
from trackers import bgstats
from trackers.stats import stats

# -- stats on hand-made histories -----------------------------------------------------------------


def finished(game: str, players: list[str], winners: list[str], ranks: dict | None = None, tied=(),
             cooperative: bool = False, party: str | None = None) -> dict:
    return {"session": f"s{len(players)}", "game": game, "players": players, "status": "finished",
            "cooperative": cooperative, "winners": winners, "tied": list(tied), "party": party, "reapurr": False,
            "started": "2026-12-01T20:00:00+00:00", "plays": 1, "length": {"unit": "turns", "count": 1},
            "duration": 60, "figures": {}, "share": [], "standing": {"scores": None, "ranks": ranks}}


HISTORY = [
    # Ann 1st, Ben 2nd, Cy 3rd; then Cy 1st, Ann 2nd, Ben 3rd; then Ann 1st, Ben 2nd, Cy 3rd
    finished("catastrophe", ["Ann", "Ben", "Cy"], ["Ann"], {"Ann": 1, "Ben": 2, "Cy": 3}),
    finished("catastrophe", ["Ann", "Ben", "Cy"], ["Cy"], {"Cy": 1, "Ann": 2, "Ben": 3}),
    finished("catastrophe", ["Ann", "Ben", "Cy"], ["Ann"], {"Ann": 1, "Ben": 2, "Cy": 3}),
    # a Theseus tie the rulebook leaves open: Ann and Ben share the first place, Cy third
    finished("theseus", ["Ann", "Ben", "Cy"], [], {"Ann": 1, "Ben": 1, "Cy": 3}, tied=["Ann", "Ben"]),
    # the Catharsis party against the game: a win and a loss
    finished("catharsis", ["Ann", "Ben"], ["Ann", "Ben"], cooperative=True, party="won"),
    finished("catharsis", ["Ann", "Ben"], [], cooperative=True, party="lost"),
]


def test_rival_and_nemesis_on_a_hand_made_history():
    rows = {p["player"]: p for p in stats(HISTORY)["players"]}
    # Cy finished ahead of Ann once; Ann finished ahead of Ben in every ranked game but the tie: Ben's nemesis
    assert rows["Ben"]["nemesis"] == {"player": "Ann", "games": 3}
    assert rows["Ann"]["nemesis"] == {"player": "Cy", "games": 1}
    assert rows["Cy"]["nemesis"] == {"player": "Ann", "games": 3}
    # next to each other: Ann-Ben in games 1, 3 (and 2: Ann 2nd, Ben 3rd); Ben-Cy in games 1, 3 and the
    # tie's (Ben 1st with Ann, Cy the next place); the shared first place of the tie is not "next to"
    assert rows["Ann"]["rival"] == {"player": "Ben", "games": 3}
    assert rows["Ben"]["rival"] == {"player": "Ann", "games": 3}  # Ann and Cy both 3: the alphabet decides
    assert rows["Cy"]["rival"] == {"player": "Ben", "games": 3}


def test_cooperative_results_are_apart_and_ties_are_no_wins():
    doc = stats(HISTORY)
    rows = {p["player"]: p for p in doc["players"]}
    assert (rows["Ann"]["played"], rows["Ann"]["wins"], rows["Ann"]["ties"]) == (4, 2, 1)
    assert (rows["Ann"]["coop_played"], rows["Ann"]["coop_wins"], rows["Ann"]["coop_win_rate"]) == (2, 1, 0.5)
    assert (rows["Cy"]["coop_played"], rows["Cy"]["win_rate"]) == (0, 0.25)
    counts = {(c["game"], c["players"]): c for c in doc["player_counts"]}
    assert counts[("catharsis", 2)]["party_wins"] == 1 and counts[("catastrophe", 3)]["party_wins"] is None
    assert counts[("theseus", 3)]["ties"] == 1 and counts[("catastrophe", 3)]["wins"] == {"Ann": 2, "Cy": 1}
    streaks = {(s["player"], s["game"]): (s["streak"], s["best_streak"]) for s in doc["streaks"]}
    assert streaks[("Ann", "catastrophe")] == (1, 1) and streaks[("Cy", "catastrophe")] == (0, 1)
    assert streaks[("Ann", "catharsis")] == (0, 1)


def test_stats_lists_no_player_whose_only_session_is_unfinished(home):
    """Issue 33: Zed sat only at an unfinished side session: no row of zeros for him."""
    for words in (["track", "new", "catastrophe", "--players", "Ann,Ben", "--name", "main"], ["track", "lives", "ben", "-9"],
                  ["track", "new", "catastrophe", "--players", "Zed,Ann", "--name", "side"], ["track", "lives", "zed", "-1"]):
        ok(run_in_process(*words))
    doc = json.loads(ok(run_in_process("stats", "--json")))
    assert [p["player"] for p in doc["players"]] == ["Ann", "Ben"] and doc["in_progress"] == 1
    assert doc["players"][0]["in_progress"] == 1  # Ann's side session still counted, in her row


def test_track_log_numbers_no_undone_entry(home):
    """Issue 33: an undone change and the undo itself carry no number: only the changes kept do."""
    for words in (["track", "new", "catastrophe", "--players", "Ann,Ben,Cy"], ["track", "lives", "ben", "-2"],
                  ["track", "lives", "cy", "-2"], ["track", "undo"], ["track", "lives", "cy", "-3"]):
        ok(run_in_process(*words))
    lines = [line for line in ok(run_in_process("track", "log", columns=200)).splitlines() if "T" in line[:40]]
    numbers = [line.split()[0] for line in lines]
    assert numbers == ["1", "·", "·", "4"], lines
    assert "(undone)" in lines[1]


# -- the export ----------------------------------------------------------------------------------


def test_an_unfinished_session_is_refused_in_one_line(home):
    ok(run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben", "--name", "friday"))
    done = run_in_process("track", "export-play")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "'friday' is in progress" in done.stderr


def test_history_bgstats_gives_each_finished_game_once_and_marks_it_sent(home):
    for game, players, options, changes in PLAYED[:2]:
        play(home, game, players, options, changes, game)
    ok(run_in_process("track", "new", "theseus", "--players", "Ann,Cy", "--name", "tonight"))  # not finished
    first = json.loads(ok(run_in_process("history", "--since", "2020-01-01", "--bgstats", "--json")))["plays"]
    assert sorted(p["session"] for p in first) == ["catastrophe", "theseus"]
    assert all(p["sent_before"] is None for p in first)
    again = json.loads(ok(run_in_process("history", "--bgstats", "--json")))["plays"]
    assert [p["link"] for p in again] == [p["link"] for p in first] and all(p["sent_before"] for p in again)
    assert json.loads(ok(run_in_process("history", "--since", "2999-01-01", "--bgstats", "--json"))) == {"plays": []}


PLAYER = {"name": str, "sourcePlayerId": str, "winner": bool, "startPlayer": bool}


def check_play(doc: dict, game: str, players: list[str]) -> None:
    """The play against the format (trackers/bgstats.py, docs/history.md): every field always sent,
    with its type; the players in seat order; a winner, or the party's result for a cooperative game."""
    played = doc["play"]
    assert json.loads(unquote(doc["link"].removeprefix(bgstats.LINK))) == played
    assert doc["link"].startswith("bgstats://")
    for key, kind in {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int, "game": dict,
                      "players": list}.items():
        assert isinstance(played[key], kind), key
    assert len(played["playDate"]) == 19 and played["playDate"][10] == " "
    for key, kind in {"name": str, "sourceGameId": str, "highestWins": bool, "noPoints": bool,
                      "cooperative": bool}.items():
        assert isinstance(played["game"][key], kind), key
    assert played["game"]["sourceGameId"] == game
    assert [p["name"] for p in played["players"]] == players
    for p in played["players"]:
        assert all(isinstance(p[k], kind) for k, kind in PLAYER.items()), p
        assert ("score" in p) == (not played["game"]["noPoints"])
        assert "rank" not in p or (isinstance(p["rank"], int) and p["rank"] >= 1)
    starts = [p["name"] for p in played["players"] if p["startPlayer"]]
    assert len(starts) == (0 if played["game"]["cooperative"] else 1), starts
    winners = [p["name"] for p in played["players"] if p["winner"]]
    if played["game"]["cooperative"]:
        assert winners in ([], players) and "party" in played["comments"]
    else:
        assert winners and all(p["rank"] == 1 for p in played["players"] if p["winner"])


def qr_rows(text: str) -> list[list[bool]]:
    """The modules a QR code printed with half blocks shows (dark: True), two rows a line (printed
    inverted, as qrcode prints for a terminal: a blank, a no-break space, is two dark modules)."""
    top = {"\xa0": (True, True), " ": (True, True), "▀": (False, True), "▄": (True, False), "█": (False, False)}
    lines = [line for line in text.splitlines() if line and set(line) <= set(top)]
    rows: list[list[bool]] = []
    for line in lines:
        rows.append([top[c][0] for c in line])
        rows.append([top[c][1] for c in line])
    return rows


@pytest.mark.installed
def test_each_finished_game_exports_a_bgstats_play_and_the_installed_script_prints_its_code(tmp_path):
    """Each game played to its end (in-process: tests/test_installed.py plays every game through the
    installed script) exports a play in the format; the installed script exports one too, and prints
    its QR code (the wheel's qrcode dependency)."""
    import qrcode

    home = tmp_path / "home"
    docs = {}
    for game, players, options, changes in PLAYED:
        play(home, game, players, options, changes, f"x-{game}")
        docs[game] = json.loads(ok(companion(home, "track", "export-play", f"x-{game}", "--json")))
        check_play(docs[game], game, players.split(","))
    installed = json.loads(ok(companion(home, "track", "export-play", "x-catastrophe", "--json", installed=True)))
    assert installed.pop("sent_before") and docs["catastrophe"].pop("sent_before") is None  # exported once already
    assert installed == docs["catastrophe"]
    text = ok(companion(home, "track", "export-play", "x-catastrophe", "--qr", installed=True))
    link = next(line for line in text.splitlines() if line.startswith("bgstats://"))
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(link)
    code.make(fit=True)
    matrix = code.get_matrix()
    assert len(matrix) > 21 and qr_rows(text)[:len(matrix)] == matrix  # the code printed is the link's own


# -- Ctrl-C ----------------------------------------------------------------------------------------


def test_ctrl_c_in_a_command_is_one_line_and_exit_130(home, monkeypatch):
    import trackers.history

    def interrupted(store):
        raise KeyboardInterrupt

    monkeypatch.setattr(trackers.history, "outcomes", interrupted)
    ok(run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben"))
    done = run_in_process("stats")
    assert done.returncode == 130 and "Aborted" not in done.stderr
    assert done.stderr.strip().splitlines() == ["companion: error: interrupted (Ctrl-C); nothing half-written was kept"]


@pytest.mark.installed
def test_ctrl_c_during_the_first_index_build_leaves_no_index(home):
    """Ctrl-C while the first search sets up its index: exit 130, one line, nothing half-built. Python
    swallows a Ctrl-C that lands inside one of its own import callbacks ("Exception ignored"), and the
    search then ends normally; such a try must leave a whole index and no half-built folder, and the
    test tries again (up to 5 times) until a Ctrl-C is taken (also when the build ended unseen)."""
    env = {**os.environ, "COMPANION_HOME": str(home)}
    building = home / "cache"
    for _ in range(5):
        shutil.rmtree(building, ignore_errors=True)
        proc = subprocess.Popen([str(SCRIPT), "rules", "search", "soul gem"], cwd=installed_cwd(), env=child_env(env),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it)
        deadline = time.monotonic() + 60
        while not any(building.glob("**/.building-*")) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if proc.poll() is not None:  # a busy machine let the whole build pass between two looks: try again
            proc.communicate(timeout=60)
            continue
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert not list(building.glob("**/.building-*"))
        if proc.returncode == 0 and "Exception ignored" in err:  # swallowed by Python: the search finished whole
            assert out.strip() and [p for p in building.glob("index-*/*") if p.is_dir()]
            continue
        break
    assert proc.returncode == 130 and err.strip().splitlines() == [
        "companion: error: interrupted (Ctrl-C); nothing half-written was kept"], err
    # no half-built folder, and no game's index (an index folder holds one folder per game built)
    assert not [p for p in building.glob("index-*/*") if p.is_dir()]
    assert run_companion("rules", "search", "soul gem", env=env).returncode == 0
