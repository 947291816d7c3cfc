"""`companion check / moves / status / schema`, driven through the CLI with scenario situations."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from engine import GAMES
from tests.conftest import run_companion

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario(game: str, name: str) -> dict:
    return tomllib.loads((SCENARIOS / game / f"{name}.toml").read_text(encoding="utf-8"))


def one_step(case: dict) -> bool:
    """A scenario `check` can replay alone: a situation and rules, no steps played before the move."""
    return bool(case.get("rules")) and "situation" in case and not case.get("before")


def first_legal(game: str) -> dict:
    for path in sorted((SCENARIOS / game).glob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if case.get("legal") is True and one_step(case):
            return case
    raise AssertionError(f"no legal scenario for {game}")


def first_illegal(game: str) -> dict:
    for path in sorted((SCENARIOS / game).glob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if case.get("legal") is False and one_step(case):
            return case
    raise AssertionError(f"no illegal scenario for {game}")


def write(tmp_path: Path, situation: dict, suffix: str = ".json") -> Path:
    path = tmp_path / f"situation{suffix}"
    path.write_text(json.dumps(situation), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_json_contract_for_a_legal_play(cli, tmp_path, game):
    case = first_legal(game)
    data = cli.json("check", game, "--situation", str(write(tmp_path, case["situation"])), "--move", case["move"])
    assert set(data) >= {"legal", "reasons", "effects", "alternatives"}
    assert data["legal"] is True
    cited = {r["rule"] for r in data["reasons"]} | {e["rule"] for e in data["effects"] if e["rule"]}
    assert set(case["rules"]) <= cited


@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_illegal_play_people_output(cli, tmp_path, game):
    case = first_illegal(game)
    result = cli("check", game, "-s", str(write(tmp_path, case["situation"])), "-m", case["move"])
    assert result.exit_code == 1, result.output
    assert "Illegal" in result.stdout and case["rules"][0] in result.stdout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_moves_status_schema(cli, tmp_path, game):
    case = first_legal(game)
    path = write(tmp_path, case["situation"])
    moves = cli.json("moves", game, "--situation", str(path))["moves"]
    assert moves and len(moves) == len(set(moves))
    status = cli.json("status", game, "--situation", str(path))
    assert status["possible"] is True and status["problems"] == []
    schema = cli("schema", game)
    assert schema.exit_code == 0 and json.loads(schema.stdout)["type"] == "object"


def test_situation_files_can_be_toml(cli, tmp_path):
    case = first_legal("theseus")
    path = tmp_path / "s.toml"
    path.write_text(_to_toml(case["situation"]), encoding="utf-8")
    assert cli.json("check", "theseus", "-s", str(path), "-m", case["move"])["legal"] is True


def _to_toml(data: dict) -> str:
    """Just enough TOML for a situation: every value as inline JSON-compatible TOML."""
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"
        raise TypeError(v)
    return "\n".join(f"{json.dumps(k)} = {value(v)}" for k, v in data.items()) + "\n"


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda d: d / "missing.json", ["no such file"]),
        (lambda d: (d / "s.yaml").write_text("a: 1") and d / "s.yaml", [".toml or .json"]),
        (lambda d: (d / "s.json").write_text("{not json") and d / "s.json", ["not valid json"]),
        (lambda d: (d / "s.json").write_text("[1, 2]") and d / "s.json", ["top level"]),
        (lambda d: (d / "s.json").write_text('{"players": "nobody"}') and d / "s.json", ["field"]),
    ],
)
def test_bad_situation_files(cli, tmp_path, make, words):
    path = make(tmp_path)
    result = cli("check", "theseus", "--situation", str(path), "--move", "end")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    for word in words:
        assert word.lower() in result.stderr.lower()


def test_unparseable_move_names_the_token(cli, tmp_path):
    case = first_legal("theseus")
    result = cli("check", "theseus", "-s", str(write(tmp_path, case["situation"])), "-m", "fly away")
    assert result.exit_code == 2 and "'fly'" in result.stderr


def test_game_without_a_validator(cli, tmp_path):
    from engine import GAMES, declaration

    without = sorted(g for g in GAMES if declaration(g).plays is None)
    if not without:
        pytest.skip("every game has a validator")
    result = cli("check", without[0], "-s", str(write(tmp_path, {})), "-m", "x")
    assert result.exit_code == 2 and "no move validator" in result.stderr and "catopomp" in result.stderr


@pytest.mark.installed
def test_subprocess_check(tmp_path):
    case = first_legal("theseus")
    out = run_companion("check", "theseus", "-s", str(write(tmp_path, case["situation"])), "-m", case["move"], "--json",
                        env={"COMPANION_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["legal"] is True
