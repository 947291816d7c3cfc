"""Round nineteen's readings (issue 46): a tie said to hold again asks for the next step
(rulesdb/next_step.py), and a round after the first is the rulebooks' next, new or later round
(rulesdb/analysis.py's table phrases)."""
from __future__ import annotations

import pytest

from rulesdb.analysis import phrase_words
from rulesdb.next_step import next_step, tie_again


def stems(text: str) -> list[str]:
    return [w.strip(",.?!").rstrip("s") for w in text.lower().split()]


FIRST = {"id": "x.first", "kind": "rule", "title": "Tiebreak 1: most gold",
         "text": "If players are tied on points, the most gold wins."}
SECOND = {"id": "x.second", "kind": "rule", "title": "Tiebreak 2: most gems",
          "text": "If the gold totals are equal as well, the most gems wins."}


@pytest.mark.parametrize("question", ["gold is also tied, who wins", "we have 5 gold and they have 5 too, tie on points",
                                      "still tied after the gold, then what", "tied on points and on gold as well"])
def test_a_tie_said_to_hold_again(question):
    assert tie_again(question)


@pytest.mark.parametrize("question", ["we tied on points, who wins", "who wins a tie", "can i also draw a card",
                                      "is it too late to pass"])
def test_a_tie_said_once_or_no_tie_is_not_read(question):
    assert not tie_again(question)


def test_the_rule_for_the_tie_holding_as_well_comes_first():
    hits = [(10.0, FIRST), (7.0, SECOND)]
    assert [f["id"] for _, f in next_step(hits, "gold is also tied, who wins", stems)] == ["x.second", "x.first"]
    assert next_step(hits, "we tied on points, who wins", stems) == hits  # the first tiebreak answers
    assert next_step(hits, "gems are also tied, then what", stems) == hits  # the case names gold, not gems


@pytest.mark.parametrize("question", ["what happens in the 2nd round", "second round setup", "how many dice in round 3",
                                      "later rounds: who starts"])
def test_a_round_after_the_first_is_a_next_new_or_later_round(question):
    assert {"next", "new", "later"} <= set(phrase_words(question))


@pytest.mark.parametrize("question", ["who wins the second tiebreaker", "the second player passes", "round 1 setup",
                                      "roll a 2 on the second die"])
def test_other_seconds_and_the_first_round_say_no_later_round(question):
    assert "later" not in phrase_words(question)


@pytest.mark.parametrize("game", ["theseus", None])
@pytest.mark.parametrize("ask", ["theseus tiebraker when party ranks are also tied",
                                 "we tied on vp and our party rank totals are the same too, who wins"])
def test_a_tie_on_party_rank_as_well_finds_the_hand_tiebreak(top, ask, game):
    assert top(ask, game, 1) == ["theseus.tiebreakers.hand-rank"]


@pytest.mark.parametrize("game", ["theseus", None])
def test_a_tie_on_points_alone_keeps_the_first_tiebreak(top, game):
    assert top("we both finished on 14 vp, who wins", game, 1) == ["theseus.tiebreakers.party-rank"]


@pytest.mark.parametrize("game", ["catopomp", None])
@pytest.mark.parametrize("ask", ["catopomp wat happens with the dice in the 2nd round",
                                 "what changes about the middle dice in round 3"])
def test_a_later_round_finds_the_new_rounds_dice(top, ask, game):
    assert top(ask, game, 1) == ["catopomp.new-round.fewer-centre-dice"]
