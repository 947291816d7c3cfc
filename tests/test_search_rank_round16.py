"""Round sixteen's ranking (issue 46): a near rule that only shares the question's numbers or a plain
word of an exception's case no longer comes first (rulesdb/numbers.py, rulesdb/exceptions_rank.py)."""
from __future__ import annotations

import pytest

from rulesdb.exceptions_rank import case_namer
from rulesdb.numbers import lifted
from tests.conftest import stems

BLOCK_CASE = "Block changes an attack's target"
TARGET = {"id": "cataclysm-arcade.keywords.target", "title": "Targets are named when used and stay fixed", "text": ""}
BLOCK = {"id": "cataclysm-arcade.keywords.block", "title": "Block: redirect an attack to this character", "text": ""}


def test_a_rule_matching_only_the_numbers_is_not_lifted_by_them():
    """"is at 3 and I heal 4" passes 3 to 6: a deck's "at most 3 copies" states that limit, but
    shares none of the question's words."""
    question = "my fighter is at 3 and I heal 4"
    copies = {"id": "x.copies", "title": "At most 3 copies of a card", "text": "", "_words": False}
    heal = {"id": "x.heal", "title": "Heal N restores health", "text": "", "_words": True}
    capped = {"id": "x.capped", "title": "Never above 5 health", "text": "", "_words": True}
    scores = {f["id"]: sc for sc, f in lifted([(10.0, heal), (8.0, copies), (6.0, capped)], question)}
    assert scores["x.copies"] == 8.0  # not raised
    assert scores["x.capped"] > 10.0  # a rule about the thing asked still is


@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
def test_a_heal_with_numbers_finds_the_heal_rule_not_a_limit_on_something_else(engine, game):
    ids = [h.id for h in engine.search("my boss began on 10 health, is at 6 now and I heal 3, where does it end up",
                                       game=game, limit=3).results]
    assert ids[0] == "cataclysm-arcade.keywords.heal", ids


@pytest.mark.parametrize("ask, named", [
    ("can I change the target after I play the card", False),  # a plain word of the case, nothing of Block
    ("can block change the target of an attack", True),  # the exception's own term
])
def test_an_exceptions_case_is_named_by_its_terms_not_its_plain_words(ask, named):
    rare = lambda _: 1  # noqa: E731 (every word rare enough: only which words count decides)
    assert case_namer(ask, stems, rare, 400)(BLOCK_CASE, TARGET, BLOCK) is named


def test_without_the_exception_the_case_is_read_as_before():
    rare = lambda _: 1  # noqa: E731
    assert case_namer("can I change the target after I play the card", stems, rare, 400)(BLOCK_CASE, TARGET)


@pytest.mark.parametrize("ask", ["is it possible to change who my attack targets once it is declared",
                                 "once my card is played can its target be changed"])
@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
def test_changing_a_target_finds_that_targets_stay_fixed_before_block(engine, ask, game):
    ids = [h.id for h in engine.search(ask, game=game, limit=3).results]
    assert ids[0] == TARGET["id"], ids


@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
def test_naming_block_still_puts_block_first(engine, game):
    ids = [h.id for h in engine.search("can Block change the target of an attack", game=game, limit=3).results]
    assert ids[0] == BLOCK["id"], ids


def test_a_synonym_of_the_exceptions_title_names_its_case():
    """"tied" is said as "Tiebreak" in the tiebreaker's title: the tie is the tiebreaker's case."""
    case = "players are tied for the most Victory Points"
    general = {"id": "theseus.end.most-vp-wins", "title": "Most Victory Points wins", "text": ""}
    tiebreak = {"id": "theseus.tiebreakers.party-rank", "title": "Tiebreak 1: higher total Rank in the Party", "text": ""}
    rare = lambda _: 1  # noqa: E731
    assert case_namer("we are tied on points, who wins", stems, rare, 400)(case, general, tiebreak)
    assert not case_namer("we have the most points, who wins", stems, rare, 400)(case, general, tiebreak)
