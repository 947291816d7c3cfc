"""A whole Catharsis fight through the installed `companion` (issue 23), shared by the test that
describes the power cards in the session (`card` plays) and the one that fills the card library
from a file: Ann plays Durhak with Smite, Gia plays Goz with Nail to the Eye and Dragon Grapple.
Every ability activated has its cost judged (a payment, never "cost unknown"), its attacks
reported, and a payment that does not fit is refused."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok

#: the fight's table: two characters, each power named on its board
PLAYERS = ("--players", "Ann,Gia", "--option", "morale=10", "--option", "characters=Ann=Durhak,Gia=Goz")


def play(env, text: str) -> dict:
    return json.loads(ok(env, "play", text, "--json"))


def activation(env, text: str) -> dict:
    """A `use` play: legal, paid, and nothing unknown about its cost."""
    data = play(env, text)
    assert data["legal"], (text, data["reasons"])
    assert [e for e in data["effects"] if e["kind"] == "paid"], (text, data["effects"])
    assert not [u for u in data["unchecked"] if "cost" in u["message"]], (text, data["unchecked"])
    return data


def refused(env, text: str) -> str:
    """A `use` play whose dice do not pay: exit 1 (refused), one line naming the rule; its stderr."""
    done = run_in_process("play", text, env=env)
    assert done.returncode == 1 and "catharsis." in done.stderr, (text, done.stdout, done.stderr)
    return done.stderr


def whole_fight(env) -> None:
    """From a started session whose cards are known (Smite: top `AA ?` attacks 4, bottom `6 || 5 5`
    attacks 2,2; Nail to the Eye: top `1 ?`, bottom `AA ?`; Dragon Grapple: top `3 3`) to the Crab
    beaten in two rounds."""
    for text in ("rename Ann 1 Smite", "rename Gia 1 Nail to the Eye", "rename Gia 2 Dragon Grapple",
                 "next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        play(env, text)

    # round 1
    play(env, "roll Ann 4 4 1 2 5 6")
    smite = activation(env, "use Ann 1 top with 4 4 1")
    assert [e["amount"] for e in smite["effects"] if e["kind"] == "attacks"] == [4]
    # the one Enemy standing takes the ability's damage (issue 33): nobody retypes it
    assert any(e["kind"] == "enemy-health" and e["amount"] == 6 for e in smite["effects"]), smite["effects"]
    play(env, "roll Gia 1 3 3 2 2 6")
    assert "cannot pay `1 ?`" in refused(env, "use Gia 1 top with 2 6")
    activation(env, "use Gia 1 top with 1 2")
    activation(env, "use Gia 2 top with 3 3")
    for text in ("combat enemy", "attack party 2", "assign Ann 2", "damage Ann exhaust 2 3", "combat refresh",
                 "refresh"):
        play(env, text)

    # round 2: Dragon Grapple fires for free; Nail to the Eye's finisher with 1 Combo does nothing
    fires = play(env, "combat round")
    assert any("Dragon Grapple (deals 4 damage)" in e["message"] for e in fires["effects"])
    assert any(e["kind"] == "enemy-health" and e["amount"] == 2 for e in fires["effects"]), fires["effects"]
    play(env, "combat attack")
    play(env, "roll Gia 5 5 1 2 3 4")
    finisher = activation(env, "use Gia 1 bottom with 5 5 1")
    # the Combo values still come from the catalogue under the table's cost: 1 is not a listed count
    assert [e for e in finisher["effects"] if e["kind"] == "no-effect" and "(3, 6)" in e["message"]]
    play(env, "roll Ann 6 1 2 3 3 4")
    bottom = activation(env, "use Ann 1 bottom with 6")
    assert [e["amount"] for e in bottom["effects"] if e["kind"] == "attacks"] == [4]
    assert any(e["kind"] == "enemy-defeated" for e in bottom["effects"])

    # the session keeps the cards it was told: a situation written from it carries them
    shown = json.loads(ok(env, "track", "situation"))
    nail = next(c for c in shown["cards"] if c["name"] == "Nail to the Eye")
    assert nail["bottom"]["cost"] == "AA ?"
