"""Issue 47 item 4: a game's own result is said by its own hook (Outcome.headline, kept in the record
as `said`), so trackers/ names no key of one game's record; the words `history`, a recap and the BG
Stats play say stay those the shared layers said before the hook. Effect kinds are each game's
declared vocabulary (Declaration.pressing), ranked as before."""
from __future__ import annotations

import pytest

from tests.games import per_game
from trackers import bgstats
from trackers.recap import headline


def record(game: str, **result) -> dict:
    """A finished record as trackers/history.outcome keeps it: the game's own words for its result in `said`."""
    from engine import get_tracker

    out = {"session": "s", "game": game, "players": ["Ann", "Ben"], "status": "finished", "winners": [],
           "party": None, "reapurr": False, "tied": [], "figures": {}} | result
    return out | {"said": get_tracker(game).declaration.outcome.headline(out)}


@pytest.mark.parametrize("game, result, said, comment", [
    (game, case["result"], case["said"], case["comment"])
    for game, cases in per_game("outcomes").items() for case in cases])  # each game's own (tests/games/<game>.toml)
def test_each_result_is_said_as_before(game, result, said, comment):
    given = record(game, **result)
    assert headline(given) == said
    assert bgstats.comments(given) == comment


def test_a_step_says_its_most_pressing_triggers_and_every_ask():
    """The ranking players see (trackers/pressing.py) over the kinds Catharsis declares: the two most
    pressing (a death, the win; not the round), every effect that asks the table to act, no note."""
    from engine import get_tracker
    from engine.base import Effect
    from trackers.pressing import pressing

    get_tracker("catharsis")
    kinds = ["round", "dead", "won", "kpt", "heal"]
    shown = pressing([Effect(kind=k, message=k) for k in kinds])
    assert [e.kind for e in shown] == ["dead", "won", "kpt"]


def test_an_effect_kind_ranks_alike_in_every_game():
    """Effect kinds are one declared vocabulary (Declaration.pressing, engine.game.RANKS): a game that
    ranks a kind another game declared differently is refused when it is declared."""
    from dataclasses import replace

    from engine import get_tracker
    from engine.game import OUT, RANKS, ROUND_END

    game = get_tracker("catopomp").declaration
    assert RANKS["round-over"] == game.pressing["round-over"] == ROUND_END
    with pytest.raises(ValueError, match="round-over"):
        replace(game, pressing={"round-over": OUT})
