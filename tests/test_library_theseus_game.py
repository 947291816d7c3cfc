"""Issue 23's must-show for Party of the Theseus: a whole game played with a card library filled by
`cards import` from a file written here (TOML, and JSON), the session started without any `cards=`
option. `moves` offers each card's own ability only, no play says a card is unknown, and the final
scores count the printed VP (deliberately not the general rule's) and end-game effect points the
library gives. Editing a library card afterwards leaves the session's replay as it was, and
`track show` says the library moved on. Every command runs in-process (the cards family runs the
installed script in tests/test_cards_library.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.theseus.model import STARTING_PARTY
from tests.conftest import run_in_process
from tests.engine.theseus_table import card_facts
from tests.theseus_cards_cli import UNKNOWN_WORDS, json_of, play_whole_game

SEED = 3


def printed_vp(rank: int) -> int:
    """The VP the test's cards print: 2, 3, 1, 2, 3, 1 for Ranks 1 to 6, so a count by the general
    rule (1 VP up to Rank 4, 2 from Rank 5) cannot come out the same."""
    return rank % 3 + 1


def with_effect_points(facts: list[dict]) -> list[dict]:
    """End-game points printed on some cards: 1 in the Reward Area for each Rank 2 card, 2 in the
    Party for each Rank 4 card (the rulebook's "points from applicable card effects")."""
    areas = {2: (1, "reward"), 4: (2, "party")}
    return [{**f, "effect_points": areas[f["rank"]][0], "effect_points_area": areas[f["rank"]][1]}
            if f["rank"] in areas else f for f in facts]


def expected_scores(facts: list[dict], players: list[dict]) -> dict[str, int]:
    """Each player's score counted by hand from the cards' printed values."""
    fact = {f["name"]: f for f in facts}

    def points(card: str, area: str) -> int:
        f = fact[card]
        return (f.get("vp", 0) if area == "reward" else 0) + (
            f.get("effect_points", 0) if f.get("effect_points_area") == area else 0)

    return {p["name"]: sum(points(c, "reward") for c in p["reward_area"])
            + sum(points(c, "party") for c in p["party"]) + p["bonuses"] for p in players}


def write_library(path: Path, entries: list[dict]) -> Path:
    """A library file as a table would write it: `[[cards]]` tables, or a JSON object with `cards`."""
    if path.suffix == ".json":
        path.write_text(json.dumps({"cards": entries}, indent=1), encoding="utf-8")
    else:
        tables = ["[[cards]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in e.items()) for e in entries]
        path.write_text("\n".join(tables), encoding="utf-8")
    return path


def texts(*args: str) -> str:
    done = run_in_process(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_whole_game_with_an_imported_library(cli, home, tmp_path, suffix):
    facts = with_effect_points(card_facts(SEED, vp=printed_vp))
    source = write_library(tmp_path / f"our-cards{suffix}", facts)
    done = json_of("cards", "import", "theseus", str(source))
    assert done["imported"] == [f["name"] for f in facts]

    doc, _plays = play_whole_game(cli, SEED)

    shown = json_of("track", "show")
    assert not [n for n in shown["state"]["notes"] if any(w in n for w in UNKNOWN_WORDS)], shown["state"]["notes"]
    assert "library" not in shown  # the session plays with the library as it is: nothing differs
    table = json_of("track", "situation")
    players = table["players"]
    scores = {e["who"]: e["amount"] for e in doc["effects"] if e["kind"] == "score"}
    expected = expected_scores(facts, players)
    assert scores == expected and any(p["reward_area"] for p in players)
    assert any(e["kind"] == "score" and "+ 0 from card effects" not in e["message"] for e in doc["effects"])
    # what the library still lacks is the starting Party's Rank and VP, which the deal leaves unknown
    # (a card whose effect is "none" has no end-game points to teach)
    unknown = json_of("cards", "list", "theseus", "--unknown")["unknown"]
    assert {u["name"]: u["why"].split("; unknown: ")[1] for u in unknown} == dict.fromkeys(STARTING_PARTY, "rank, vp")
    assert {p["name"]: p["vp"] for p in shown["state"]["players"]} == expected

    # the library changes after the game: the session's replay, log and export stay exactly as they were
    name = shown["session"]
    log = json_of("track", "log", "--all")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    texts("track", "export", name, str(first))
    card = next(f for f in facts if f.get("vp") and any(f["name"] in p["reward_area"] for p in players))
    json_of("cards", "edit", "theseus", card["name"], "--vp", str(card["vp"] + 5), "--icon",
              next(i for i in ("explore", "recruit", "subjugate") if i != card["icon"]))
    again = json_of("track", "show")
    assert again["state"] == shown["state"] and json_of("track", "situation") == table
    assert [d["card"] for d in again["library"]] == [card["name"]]
    assert card["name"] in texts("track", "show").split("Card library:")[1]
    assert json_of("track", "log", "--all") == log
    texts("track", "export", name, str(second))
    assert json.loads(first.read_text()) == json.loads(second.read_text())
