"""Issue 26: history, statistics and the story of each game, from the rules-checked logs.

The five games are each played to their end through the CLI, in-process (plus one session ended
half way, abandoned, and one still in progress); `history`, `stats` and `track recap` are then
checked against what those games produced, and the installed script shows the same (`installed`). In-process: the outcome records replay to the very
state `track show` gives, the cache answers only while a log's head holds, and (hypothesis) the
stats over random finished sessions equal a direct count."""
from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import files_under, run_companion, run_in_process
from tests.games import per_game

#: each game's session of the evening, in the order played: its own test data (tests/games/<game>.toml [evening])
EVENING = sorted(per_game("evening").items(), key=lambda item: item[1]["at"])
PLAYED = [(game, e["players"], e["options"], e["changes"]) for game, e in EVENING]
#: the game of the session still in progress at the end of the evening: the evening's first game again
TONIGHT = EVENING[0][0]


def companion(home: Path, *args: str, installed: bool = False):
    run = run_companion if installed else run_in_process
    return run(*args, env={"COMPANION_HOME": str(home), "COLUMNS": "80"})


def ok(done) -> str:
    assert done.returncode == 0, (done.args, done.stdout[-1500:], done.stderr[-1500:])
    return done.stdout


def play(home: Path, game: str, players: str, options: list[str], changes: list[list[str]], name: str) -> None:
    ok(companion(home, "track", "new", game, "--players", players, "--name", name,
                 *[w for o in options for w in ("--option", o)]))
    for words in changes:
        ok(companion(home, *words) if words[0] == "play" else companion(home, "track", *words))


@pytest.fixture(scope="module")
def evening(tmp_path_factory) -> Path:
    """Five games played to their end, one abandoned half way and one still in progress."""
    home = tmp_path_factory.mktemp("evening")
    for game, players, options, changes in PLAYED:
        play(home, game, players, options, changes, game)
    play(home, "catastrophe", "ann,Ben", [], [["lives", "ben", "-2"]], "left")
    ok(companion(home, "track", "end", "left"))
    play(home, TONIGHT, "Ann,Cy", [], [], "tonight")
    return home


def records(home: Path, *args: str) -> dict:
    return {r["session"]: r for r in json.loads(ok(companion(home, "history", "--json", *args)))["sessions"]}


@pytest.mark.installed
def test_the_installed_script_tells_the_same_history_stats_and_recap(evening):
    for words in (["history", "--json"], ["stats", "--json"], ["track", "recap", "catopomp", "--json"]):
        installed = _by_session(ok(companion(evening, *words, installed=True)))
        assert installed == _by_session(ok(companion(evening, *words))), words


def _by_session(text: str):
    """A JSON answer with its lists of sessions keyed by name (sessions whose times tie may come in
    either order)."""
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("sessions"), list):
        data["sessions"] = {s["session"]: s for s in data["sessions"]}
    return data


def test_history_has_every_session_with_its_result(evening):
    found = records(evening)
    assert list(found) == [game for game, _ in EVENING] + ["left", "tonight"]
    assert {name: (r["status"], r["winners"]) for name, r in found.items()} == {
        **{game: ("finished", e["winners"]) for game, e in EVENING}, "left": ("abandoned", []),
        "tonight": ("in progress", [])}
    assert found["catharsis"]["party"] == "won" and found["catharsis"]["cooperative"]
    assert {name: (r["plays"], r["length"]["count"], r["length"]["unit"]) for name, r in found.items()} == {
        **{game: (e["plays"], *e["length"]) for game, e in EVENING},  # set-up is no play
        "left": (1, 1, "turns"), "tonight": (0, 1, "turns")}
    assert found["catharsis"]["overruled"] == 1
    assert found["left"]["players"] == ["Ann", "Ben"]  # `ann` there: one player, shown as her latest session spells her


def test_each_games_own_figures(evening):
    found = records(evening)
    for game, e in EVENING:
        got, expected = found[game]["figures"], e["figures"]
        assert (got if e.get("whole_figures") else {key: got.get(key) for key in expected}) == expected, game


def test_history_filters_by_game_and_player(evening):
    assert list(records(evening, "catastrophe")) == ["catastrophe", "left"]
    assert list(records(evening, "--player", " CY ")) == ["catastrophe", "catopomp", "tonight"]
    text = ok(companion(evening, "history"))
    assert "undercity-crab" in text and "abandoned" in text and "still in progress" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_stats_per_player_with_abandoned_apart(evening):
    doc = json.loads(ok(companion(evening, "stats", "--json")))
    assert (doc["sessions"], doc["finished"], doc["abandoned"], doc["in_progress"]) == (7, 5, 1, 1)
    rows = {p["player"]: p for p in doc["players"]}
    # ann and Ann are one player (case and spacing normalised)
    assert {n: (p["played"], p["wins"], p["win_rate"], p["abandoned"], p["in_progress"], p["streak"], p["best_streak"])
            for n, p in rows.items()} == {"Ann": (4, 3, 0.75, 1, 1, 3, 3), "Ben": (4, 1, 0.25, 1, 0, 0, 1),
                                          "Cy": (2, 1, 0.5, 0, 1, 1, 1)}
    # the Catharsis party's win is counted apart from the competitive games (issue 36)
    assert {n: (p["coop_played"], p["coop_wins"]) for n, p in rows.items()} == {"Ann": (1, 1), "Ben": (1, 1),
                                                                                 "Cy": (0, 0)}
    assert doc["parties"] == [{"game": "catharsis", "party": ["Ann", "Ben"], "played": 1, "wins": 1, "abandoned": 0,
                               "win_rate": 1.0}]
    games = {g["game"]: g for g in doc["games"]}
    assert games["catastrophe"]["figures"] == {"eliminations_by_cause": {"lives": 1, "reapurr": 1}, "reapurr_wins": 0}
    assert games["catastrophe"]["abandoned"] == 1 and games[TONIGHT]["in_progress"] == 1
    assert games["catopomp"]["figures"]["gems_lost_per_round"] == 1.0
    assert games["catharsis"]["figures"]["bosses"] == {"undercity-crab": {"played": 1, "beaten": 1}}


def test_stats_for_one_player_game_and_date(evening):
    doc = json.loads(ok(companion(evening, "stats", "catopomp", "--player", "cy", "--json")))
    assert doc["filter"] == {"game": "catopomp", "player": "Cy", "since": None}
    assert [(p["player"], p["wins"]) for p in doc["players"]] == [("Cy", 1)]
    future = json.loads(ok(companion(evening, "stats", "--since", "2999-01-01", "--json")))
    assert future["sessions"] == 0 and future["players"] == []
    text = ok(companion(evening, "stats"))
    assert "75% of 4" in text and "█" in text  # the win rates as bars
    assert "1 all lives lost, 1 caught by the Grim Reapurr" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_stats_as_csv(evening):
    rows = list(csv.DictReader(io.StringIO(ok(companion(evening, "stats", "--csv")))))
    assert [(r["kind"], r["name"], r["played"], r["wins"]) for r in rows if r["kind"] in ("player", "party")] == [
        ("player", "Ann", "4", "3"), ("player", "Cy", "2", "1"), ("player", "Ben", "4", "1"),
        ("party", "Ann + Ben", "1", "1")]


def test_recap_tells_the_story(evening):
    story = json.loads(ok(companion(evening, "track", "recap", "catastrophe", "--json")))
    assert story["result"] == "Ann won"
    assert story["how"] == ["Ann is the last cat standing and wins the game"]
    assert [p["seq"] for p in story["turning_points"]] == [1, 3]
    catharsis = json.loads(ok(companion(evening, "track", "recap", "catharsis", "--json")))
    assert catharsis["result"] == "the party won against undercity-crab"
    assert [(o["seq"], o["by"], o["said"], [v["rule"] for v in o["violations"]]) for o in catharsis["overruled"]] == [
        (1, "table", "morale +1  (overruled)", ["catharsis.morale.max-starting"])]
    assert any("8" in w for p in catharsis["turning_points"] for w in p["what"])  # the threshold at Morale 8
    pomp = json.loads(ok(companion(evening, "track", "recap", "catopomp", "--json")))
    assert any("round 1 lost by Ben; the set standing: Ann: 4 5 dice 6" in w
               for p in pomp["turning_points"] for w in p["what"])
    text = ok(companion(evening, "track", "recap", "catharsis"))
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Overruled plays:" in text and "catharsis.morale.max-starting" in text
    md = ok(companion(evening, "track", "recap", "catopomp", "--markdown"))
    assert md.startswith("# catopomp (catopomp): Ann, Ben, Cy") and "## Turning points" in md
    left = json.loads(ok(companion(evening, "track", "recap", "left", "--json")))
    assert left["result"] == "abandoned: ended without a finish" and left["how"] == []


def test_bad_input_is_one_line_and_exit_2(evening):
    before = {p: p.read_bytes() for p in files_under(evening) if p.is_file()}
    for args, said in ((["stats", "nogame"], "unknown game 'nogame'"), (["history", "--player", "Zed"], "no player named"),
                       (["stats", "--since", "yesterday"], "is not a date"), (["stats", "--since", "2026-02-30"], "not a date"),
                       (["track", "recap", "nosuch"], "no session named"), (["players", "rename", "Zed", "Z"], "Zed")):
        done = companion(evening, *args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert companion(evening, "stats", "--player", "Ana").stderr.endswith("; players: Ann\n")  # the nearest
    assert {p: p.read_bytes() for p in files_under(evening) if p.is_file()} == before


def test_players_rename_merges_a_typo_everywhere(tmp_path):
    home = tmp_path / "home"
    play(home, "catastrophe", "Ann,Ben", [], [["lives", "ben", "-9"]], "one")
    play(home, "catastrophe", "Anne,Ben", [], [["lives", "anne", "-9"]], "two")
    done = companion(home, "players", "rename", "ann", "Ben")  # two players at one table: refused
    assert done.returncode == 2 and "two players" in done.stderr
    doc = json.loads(ok(companion(home, "players", "rename", " ANNE ", "Ann", "--json")))
    assert doc == {"old": " ANNE ", "new": "Ann", "merged": ["Ann", "Anne"]}
    rows = {p["player"]: p for p in json.loads(ok(companion(home, "stats", "--json")))["players"]}
    assert set(rows) == {"Ann", "Ben"} and (rows["Ann"]["played"], rows["Ann"]["wins"]) == (2, 1)
    assert records(home)["two"]["players"] == ["Ann", "Ben"]
    assert records(home, "--player", "anne") == records(home, "--player", "Ann")  # the old name still finds her
    story = json.loads(ok(companion(home, "track", "recap", "two", "--json")))
    assert story["players"] == ["Ann", "Ben"] and story["result"] == "Ben won"
    # the log stays as the table typed it, so its replay and checksums are exact
    shown = json.loads(ok(companion(home, "track", "show", "two", "--json")))
    assert [p["name"] for p in shown["state"]["players"]] == ["Anne", "Ben"]
    ok(companion(home, "players", "rename", "ann", "Annie"))  # a second rename moves everyone merged
    assert records(home)["one"]["players"] == ["Annie", "Ben"] and records(home)["two"]["players"] == ["Annie", "Ben"]


# -- in-process: the same replay as `track show`, the cache, and the counts ------------------


def test_the_outcome_replays_to_the_state_track_show_gives(evening):
    from trackers.history import walk
    from trackers.sessions import Sessions

    with Sessions(evening / "data", create=False) as store:
        for session in store.all():
            state, _ = walk(session, store.entries(session))
            tracker = __import__("engine", fromlist=["get_tracker"]).get_tracker(session.game)
            assert state.model_dump(mode="json") == store.replay(session).state.model_dump(mode="json"), session.name


def test_the_cache_holds_only_while_the_log_head_does(tmp_path):
    from trackers import history
    from trackers.sessions import Sessions

    data = tmp_path / "data"
    with Sessions(data) as store:
        store.new("catastrophe", ["Ann", "Ben"], "g")
        store.record(["lives", "ben", "-9"], "g")
        first = history.outcomes(store).records
        assert set(store.meta_values(history.CACHE_PREFIX)) == {f"{history.CACHE_PREFIX}1"}
        assert history.outcomes(store).records == first and first[0]["winners"] == ["Ann"]
        store.undo(1, "g")  # a new head: the record is computed again
        again = history.outcomes(store).records
        assert again[0]["status"] == "in progress" and again[0]["winners"] == []
        # a row whose record was altered fails its signature and is not believed
        key = f"{history.CACHE_PREFIX}1"
        row = store.meta_values(key)[key]
        assert '"status": "in progress"' in row
        store.cache_meta({key: row.replace('"status": "in progress"', '"status": "finished"')})
        assert history.outcomes(store).records == again


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.permutations(["Ann", "ben", "Cy", "dee"]), st.integers(2, 4),
                          st.sampled_from(["last", "reapurr", "abandoned"])), min_size=1, max_size=4))
def test_stats_over_random_sessions_equal_a_direct_count(games):
    """CATastrophe games with random tables and endings, names in random case: each player's
    played, wins and abandoned counted directly equal what stats reports."""
    from trackers import history, players, stats
    from trackers.sessions import Sessions

    want: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as folder, Sessions(Path(folder)) as store:
        for n, (order, size, ending) in enumerate(games):
            seated = [p.upper() if n % 2 else p for p in order[:size]]
            store.new("catastrophe", seated, f"g{n}")
            if ending == "reapurr":
                store.record(["reapurr", "+9"], f"g{n}")
            else:
                for p in seated[:-1] if ending == "last" else seated[:1]:
                    store.record(["lives", p, "-9"], f"g{n}")
                if ending == "abandoned":
                    store.end(f"g{n}")
            for p in seated:
                row = want.setdefault(p.casefold(), [0, 0, 0])
                if ending == "abandoned" and size > 2:
                    row[2] += 1
                else:
                    row[0] += 1
                    row[1] += ending != "reapurr" and p == (seated[-1] if ending == "last" else seated[1])
        done = history.outcomes(store)
        names = players.Names(players.load(store), [s.players for s in store.all()])
        got = stats.stats(stats.select(done.records, names))
    assert {p["player"].casefold(): [p["played"], p["wins"], p["abandoned"]] for p in got["players"]} == want


def test_an_empty_home_has_nothing_to_count_and_stays_empty(tmp_path):
    home = tmp_path / "home"
    assert "No sessions to count" in ok(companion(home, "stats"))
    assert json.loads(ok(companion(home, "history", "--json"))) == {"sessions": []}
    done = companion(home, "players", "rename", "Ann", "Anne")
    assert done.returncode == 2 and "there are no sessions yet" in done.stderr
    assert files_under(home) == []  # reading never creates the sessions file
