"""Catharsis (issue 23): a whole fight through the installed `companion`, the table's power cards
described with the `card` play: every ability activated has its cost judged (a payment, never
"cost unknown"), its attacks reported, and a payment that does not fit is refused."""
from __future__ import annotations

import json

from tests.table_cli import ok, table_env
from tests.conftest import run_companion

CARDS = [
    'card Smite character Durhak top "AA ?" attacks 4 bottom "6 || 5 5" attacks 2,2',
    'card "Nail to the Eye" top "1 ?" bottom "AA ?"',       # costs laid over the catalogue's Combo values
    'card "Dragon Grapple" top "3 3"',
]


def _play(env, text: str) -> dict:
    return json.loads(ok(env, "play", text, "--json"))


def _activation(env, text: str) -> dict:
    """A `use` play: legal, paid, and nothing unknown about its cost."""
    data = _play(env, text)
    assert data["legal"], (text, data["reasons"])
    assert [e for e in data["effects"] if e["kind"] == "paid"], (text, data["effects"])
    assert not [u for u in data["unchecked"] if "cost" in u["message"]], (text, data["unchecked"])
    return data


def test_a_whole_fight_judges_every_cost(tmp_path):
    env = table_env(tmp_path / "home")
    ok(env, "track", "new", "catharsis", "--players", "Ann,Gia", "--option", "morale=10",
       "--option", "characters=Ann=Durhak,Gia=Goz")
    for text in CARDS:
        _play(env, text)
    for text in ("rename Ann 1 Smite", "rename Gia 1 Nail to the Eye", "rename Gia 2 Dragon Grapple",
                 "next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        _play(env, text)

    # round 1
    _play(env, "roll Ann 4 4 1 2 5 6")
    smite = _activation(env, "use Ann 1 top with 4 4 1")
    assert [e["amount"] for e in smite["effects"] if e["kind"] == "attacks"] == [4]
    _play(env, "enemy damage 4")
    _play(env, "roll Gia 1 3 3 2 2 6")
    refused = run_companion("play", "use Gia 1 top with 2 6", env=env)
    assert refused.returncode != 0 and "cannot pay `1 ?`" in refused.stderr + refused.stdout
    _activation(env, "use Gia 1 top with 1 2")
    _activation(env, "use Gia 2 top with 3 3")
    for text in ("combat enemy", "attack party 2", "assign Ann 2", "damage Ann exhaust 2 3", "combat refresh",
                 "refresh"):
        _play(env, text)

    # round 2: Dragon Grapple fires for free; Nail to the Eye's finisher with 1 Combo does nothing
    fires = _play(env, "combat round")
    assert any("Dragon Grapple (deals 4 damage)" in e["message"] for e in fires["effects"])
    _play(env, "enemy damage 4")
    _play(env, "combat attack")
    _play(env, "roll Gia 5 5 1 2 3 4")
    finisher = _activation(env, "use Gia 1 bottom with 5 5 1")
    # the Combo values still come from the catalogue under the table's cost: 1 is not a listed count
    assert [e for e in finisher["effects"] if e["kind"] == "no-effect" and "(3, 6)" in e["message"]]
    _play(env, "roll Ann 6 1 2 3 3 4")
    bottom = _activation(env, "use Ann 1 bottom with 6")
    assert [e["amount"] for e in bottom["effects"] if e["kind"] == "attacks"] == [4]
    won = _play(env, "enemy damage 4")
    assert any(e["kind"] == "enemy-defeated" for e in won["effects"])

    # the session keeps the table's own fields: a situation written from it carries them
    shown = json.loads(ok(env, "track", "situation"))
    nail = next(c for c in shown["cards"] if c["name"] == "Nail to the Eye")
    assert nail["bottom"]["cost"] == "AA ?"
