"""Issue 21: CATastrophe, after a failed roll "To act" names who may spend a Yarn Ball (any player
with one may make the roller roll again) or resolve, not the card's owner alone; `moves` groups the
plays by what they do, whoever makes them. Real `companion` processes."""
from __future__ import annotations

from tests.table_cli import ok, table_env


def test_after_a_failed_roll_to_act_names_the_yarn_spenders_or_resolve(home):
    env = table_env(home)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris")
    assert ok(env, "play", "Abi play Attack 4 at Betty").strip().endswith("To act: Betty")
    out = ok(env, "play", "Betty roll 2")
    assert "To act: Abi, Betty, Chris (a Yarn Ball makes Betty roll again: `NAME yarn`), or `resolve`" in " ".join(
        out.split())
    moves = ok(env, "moves", "--limit", "0")
    assert "yarn (3 plays):" in moves and "Betty (1 play)" not in moves
    out = " ".join(ok(env, "play", "Chris yarn").split())
    assert out.endswith("To act: Betty")  # Betty re-rolls: one player acts
    ok(env, "track", "yarn", "abi", "-3")  # Abi's basket empties: she is no longer named
    out = " ".join(ok(env, "play", "Betty roll 1").split())
    assert "To act: Betty, Chris (a Yarn Ball makes Betty roll again" in out
