"""Issue 33, CATastrophe at the table (moved from test_table_round_three.py, the Catopomp and Theseus
file): an eliminated cat's Yarn Balls, and the recap's reaction chain and deciding losses. Each test names
the rulebook passage it follows, in our own words. In-process (`companion.cli.invoked_app`)."""
from __future__ import annotations

from tests.table_cli import ok, recap, recap_said, table_env


def test_one_yarn_ball_goes(home):
    # CATastrophe (Eliminated!): an eliminated cat's Yarn Balls return to the Sanctuary.
    env = table_env(home, 200)
    ok(env, "track", "new", "catastrophe", "--players", "Ann,Ben,Cy")
    ok(env, "track", "yarn", "ann", "-2")
    said = ok(env, "track", "lives", "ann", "-9", "--verbose")
    assert "Ann's 1 Yarn Ball goes back to the Sanctuary" in said


def test_a_catastrophe_recap_names_the_reaction_chain_and_the_losses_that_decided(home):
    # CATastrophe, Reaction Cards: reactions pile up and take effect most recent first (a chain of
    # reactions, not a war); Lives and Being Eliminated: a cat on or below the Grim Reapurr's space
    # is out, so the loss that put it there decided its fate.
    env = table_env(home, 100)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris", "--option", "first=abi")
    ok(env, "track", "lives", "betty", "-8")
    for move in ("Abi play Curiosity Killed the Cat at Chris", "Chris play Pass to Betty", "Betty play Cucumber",
                 "resolve", "resolve"):
        ok(env, "play", move)
    ok(env, "track", "reapurr", "+2")
    said = recap_said(recap(env))
    assert ("play Cucumber", "a reaction chain: 3 cards in play at once") in said
    assert not any("response war" in w or "play Betty play" in s for s, w in said)
    assert ("lives Betty -8", "Betty loses 8 lives (9→1), within the Grim Reapurr's reach: caught at #7") in said


def test_a_curiosity_that_eliminates_is_named_in_the_recap(home):
    # CATastrophe, Curiosity and Lives and Being Eliminated: a cat on 1 life that loses one is out.
    env = table_env(home, 100)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris", "--option", "first=abi")
    ok(env, "track", "lives", "betty", "-8")
    ok(env, "play", "Abi play Curiosity Killed the Cat at Betty")
    ok(env, "play", "resolve")
    said = recap_said(recap(env))
    assert ("play resolve", "Curiosity Killed the Cat takes effect: Betty loses 1 life") in said
