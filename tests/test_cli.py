"""The CLI, driven with CliRunner and as a real subprocess."""
from __future__ import annotations

import json

import pytest

from companion import __version__
from tests.conftest import GAMES, files_under, installed_cwd, run_companion
from tests.games import per_game


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


def test_welcome_lists_games_and_examples(cli):
    result = cli()
    assert result.exit_code == 0
    for game in GAMES:
        assert game in result.stdout
    assert "companion rules search" in result.stdout


def test_games_json(cli):
    data = cli.json("games")
    assert [g["id"] for g in data] == list(GAMES)
    ranges = {g["id"]: [g["min_players"], g["max_players"]] for g in data}
    assert per_game("player_range") and all(ranges[g] == r for g, r in per_game("player_range").items()), ranges


def test_search_json_contract(cli):
    data = cli.json("rules", "search", "can I reroll just one die?", "--game", "catharsis")
    assert set(data) >= {"query", "game", "results"}
    assert data["game"] == "catharsis" and data["results"]
    for hit in data["results"]:
        assert set(hit) >= {"id", "game", "title", "text", "snippet", "score", "source"}
        assert hit["game"] == "catharsis" and hit["source"] == "built-in"


def test_search_accepts_unquoted_words_and_game_aliases(cli):
    result = cli("rules", "search", "hell", "domain", "-g", "pomp")
    assert result.exit_code == 0 and "catopomp." in result.stdout


def test_search_people_output_has_id_and_hint(cli):
    result = cli("rules", "search", "soul gem", "-g", "catopomp")
    assert result.exit_code == 0
    assert "catopomp." in result.stdout and "companion rules show" in result.stdout


def test_search_limit(cli):
    done = cli("rules", "search", "card", "--limit", "2", "--json")  # exit 1: "card" alone tells nothing
    assert len(json.loads(done.stdout)["results"]) == 2


def test_show_rule_json(cli):
    hits = cli.json("rules", "search", "used dice", "-g", "catopomp")["results"]
    hit = next(h for h in hits if ".glossary." not in h["id"])
    data = cli.json("rules", "show", hit["id"])
    assert data["id"] == hit["id"] and data["text"] and "see_also" in data and "section_path" in data


def test_show_section_lists_its_entries(cli):
    toc = cli.json("rules", "toc", "--game", "catopomp")
    section = toc["sections"][0]
    data = cli.json("rules", "show", section["id"])
    assert data["kind"] == "section" and data["entries"]
    assert all(e["id"].startswith(section["id"] + ".") for e in data["entries"])


def test_show_people_output(cli):
    for game in GAMES:
        toc = cli.json("rules", "toc", "--game", game)
        rule_id = toc["sections"][0]["rules"][0]["id"] if toc["sections"][0]["rules"] else toc["sections"][1]["rules"][0]["id"]
        result = cli("rules", "show", rule_id)
        assert result.exit_code == 0 and rule_id in result.stdout


def test_define_json_contract(cli):
    data = cli.json("rules", "define", "hell domain")
    assert set(data) >= {"term", "game", "definition", "aliases", "rules"}
    assert data["game"] == "catopomp" and data["rules"]


def test_define_tolerates_typos(cli):
    data = cli.json("rules", "define", "grim reaper", "--game", "catastrophe")
    assert data["term"].lower().startswith("grim reapurr")


def test_define_shared_term_shows_each_game(cli):
    from rulesdb.reference import reference

    sharing = {e.game for e in reference().glossary.values() if e.term.term.lower() == "armor"}  # the games' rules data
    data = cli.json("rules", "define", "armor")
    assert isinstance(data, list) and len(sharing) >= 2
    assert sharing <= {d["game"] for d in data}


def test_toc_covers_every_game(cli):
    data = cli.json("rules", "toc")
    assert [g["game"] for g in data] == list(GAMES)
    result = cli("rules", "toc", "--game", "catastrophe")
    assert result.exit_code == 0 and "catastrophe." in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["rules", "search", "coins", "--game", "chess"], ["unknown game", "catopomp"]),
        (["rules", "search", "coins", "--game", "catopom"], ["did you mean catopomp"]),
        (["rules", "search", "  ? "], ["query is empty"]),
        (["rules", "show", "catopomp.dice-bost"], ["catopomp.dice-boost"]),
        (["rules", "show", "nothing-here"], ["no rule"]),
        (["rules", "search", "x", "--limit", "0"], ["--limit"]),
        (["rules", "remove", "nope"], ["no imported source"]),
        (["rules", "nosuch"], ["No such command"]),
    ],
)
def test_bad_input_gets_one_clear_line_and_exit_2(cli, home, args, words):
    result = cli(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word.lower() in lines[0].lower()
    assert "Traceback" not in result.output
    assert not any(p.is_file() and "index-" not in str(p) for p in files_under(home))


@pytest.mark.parametrize(
    "args, words",
    [
        (["rules", "define", "zzzzqqq"], ["no glossary term"]),
        (["rules", "define", "moral", "--game", "catopomp"], ["no glossary term"]),
        # issue 20: a term the glossary lacks may still be a rule: the error points at the search
        (["rules", "define", "summoning", "sickness"], ["no glossary term",
                                                       "companion rules search 'summoning sickness'"]),
    ],
)
def test_a_term_no_glossary_has_is_a_finding_exit_1_in_one_line(cli, home, args, words):
    """No term found is the answer, not bad input (issue 48): exit 1, the same one line."""
    result = cli(*args)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and all(word.lower() in lines[0].lower() for word in words), result.stderr
    assert not any(p.is_file() and "index-" not in str(p) for p in files_under(home))


def test_bad_input_with_json_is_a_json_error(cli):
    result = cli("rules", "show", "nope.nope", "--json")
    assert result.exit_code == 2
    err = json.loads(result.stderr)
    assert err["exit_code"] == 2 and "nope.nope" in err["error"]


@pytest.mark.installed
def test_subprocess_search_and_bad_game(tmp_path):
    env = {"COMPANION_HOME": str(tmp_path)}
    ok = run_companion("rules", "search", "reroll one die", "--game", "catharsis", "--json", env=env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["results"]
    bad = run_companion("rules", "search", "x", "--game", "monopoly", env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


@pytest.mark.installed
def test_subprocess_version_and_help_are_light(tmp_path):
    code = (
        "import sys; from companion.cli import app;\n"
        "try:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('whoosh', 'pydantic') if m in sys.modules];\n"
        "print('HEAVY', heavy, file=sys.stderr)"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=installed_cwd())
    assert "HEAVY []" in out.stderr, out.stderr
    version = run_companion("--version", env={"COMPANION_HOME": str(tmp_path)})
    assert version.returncode == 0 and version.stdout.startswith("companion ")
