"""Issue 23's must-show for Party of the Theseus: a whole game played with a card library filled by
`cards import` from a file written here (TOML, and JSON), the session started without any `cards=`
option. `moves` offers each card's own ability only, no play says a card is unknown, and the final
scores count the printed VP the library gives (deliberately not the general rule's). Editing a
library card afterwards leaves the session's replay as it was, and `track show` says the library
moved on. Everything but the in-process `moves`/`play` of each turn runs the installed script."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_companion
from tests.engine.theseus_table import card_facts
from tests.theseus_cards_cli import UNKNOWN_WORDS, installed, play_whole_game

SEED = 3


def printed_vp(rank: int) -> int:
    """The VP the test's cards print: 2, 3, 1, 2, 3, 1 for Ranks 1 to 6, so a count by the general
    rule (1 VP up to Rank 4, 2 from Rank 5) cannot come out the same."""
    return rank % 3 + 1


def write_library(path: Path, entries: list[dict]) -> Path:
    """A library file as a table would write it: `[[cards]]` tables, or a JSON object with `cards`."""
    if path.suffix == ".json":
        path.write_text(json.dumps({"cards": entries}, indent=1), encoding="utf-8")
    else:
        tables = ["[[cards]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in e.items()) for e in entries]
        path.write_text("\n".join(tables), encoding="utf-8")
    return path


def texts(*args: str) -> str:
    done = run_companion(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_whole_game_with_an_imported_library(cli, home, tmp_path, suffix):
    facts = card_facts(SEED, vp=printed_vp)
    source = write_library(tmp_path / f"our-cards{suffix}", facts)
    done = installed("cards", "import", "theseus", str(source))
    assert done["imported"] == [f["name"] for f in facts]

    doc, _plays = play_whole_game(cli, SEED)

    shown = installed("track", "show")
    assert not [n for n in shown["state"]["notes"] if any(w in n for w in UNKNOWN_WORDS)], shown["state"]["notes"]
    assert "library" not in shown  # the session plays with the library as it is: nothing differs
    vp = {f["name"]: f["vp"] for f in facts if "vp" in f}
    table = installed("track", "situation")
    players = table["players"]
    scores = {e["who"]: e["amount"] for e in doc["effects"] if e["kind"] == "score"}
    expected = {p["name"]: sum(vp[c] for c in p["reward_area"]) + p["bonuses"] for p in players}
    assert scores == expected and any(p["reward_area"] for p in players)
    assert {p["name"]: p["vp"] for p in shown["state"]["players"]} == expected

    # the library changes after the game: the session's replay, log and export stay exactly as they were
    name = shown["session"]
    log = installed("track", "log", "--all")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    texts("track", "export", name, str(first))
    card = next(f for f in facts if f.get("vp") and any(f["name"] in p["reward_area"] for p in players))
    installed("cards", "edit", "theseus", card["name"], "--vp", str(card["vp"] + 5), "--icon",
              next(i for i in ("explore", "recruit", "subjugate") if i != card["icon"]))
    again = installed("track", "show")
    assert again["state"] == shown["state"] and installed("track", "situation") == table
    assert [d["card"] for d in again["library"]] == [card["name"]]
    assert card["name"] in texts("track", "show").split("Card library:")[1]
    assert installed("track", "log", "--all") == log
    texts("track", "export", name, str(second))
    assert json.loads(first.read_text()) == json.loads(second.read_text())
