"""Round nineteen's readings (issue 46): a tie said to hold again asks for the next step
(rulesdb/next_step.py), a round after the first is the rulebooks' next, new or later round
(rulesdb/analysis.py's table phrases), and a worked example saying some of the player's numbers but
not all is another case (rulesdb/examples_rank.py)."""
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


def test_an_example_saying_some_of_the_numbers_but_not_all_is_another_case():
    from rulesdb.examples_rank import worked

    rule = {"id": "x.rule", "kind": "rule", "title": "Advancing: old cards get a bonus", "text": "Each gets 1 bonus."}
    example = {"id": "x.example", "kind": "example", "title": "Example: from Rank 1 to Rank 2",
               "text": "The Rank 1 cards left get a bonus."}
    hits = [(10.0, example), (9.0, rule)]
    assert [f["id"] for _, f in worked(hits, "advancing rank 2 to 3 with a rank 1 card", 0.75)] == ["x.rule", "x.example"]
    assert worked(hits, "advancing rank 2 to 3", 0.75) == hits  # one number in common names no case
    assert worked(hits, "advancing from rank 1 to rank 2", 0.75) == [(10.0 / 0.75, example), (9.0, rule)]  # all said
    assert worked(hits, "advancing to rank 2", 0.75) == hits  # one number names no case
    assert worked(hits, "advancing 5 to 6", 0.75) == hits  # an example saying none of them: not weighed


@pytest.mark.parametrize("game", ["theseus", None])
def test_an_advancement_the_example_does_not_show_finds_the_rule(top, game):
    ask = "Theseus advancing rank 2 to 3, a rank 2 card on the board, and a rank 1 with bonus"
    assert top(ask, game, 1) == ["theseus.bonuses.on-advance"]  # not the example of Rank 1 to Rank 2
