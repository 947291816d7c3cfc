"""An exception's case is named by the words that tell it apart from its general rule (issue 46,
rulesdb/exceptions_rank.py): the general rule's own subject ("Cat-leton") names the rule, not the
case, so the ranking does not turn on how common that word is in the game, and one more entry in
the game's reference does not flip an exception over its rule."""
from __future__ import annotations

import pytest

from rulesdb.exceptions_rank import case_namer, counted
from rulesdb.search import RulesSearch
from tests.conftest import stems

SWAP = "catopomp.expansion.cat-leton.swap"
FROM_HELL = "catopomp.expansion.cat-leton.from-hell-domain"
SWAP_TITLE = "Played from hand, Cat-leton may be swapped for one of your Hell cards"
CASE = "Cat-leton is played from the Hell Domain"


def rare(_: str) -> int:
    return 1  # every word rare enough: only the rule about the general rule's subject decides


@pytest.mark.parametrize("ask, named", [
    ("can I swap cat-leton", False),  # the swap rule's own subject: no case named
    ("what does cat-leton do when played from hand", False),
    ("can cat-leton swap from the domain", True),  # "domain": the case, not the rule's title
])
def test_a_word_of_the_general_rules_title_does_not_name_the_case(ask, named):
    assert case_namer(ask, stems, rare, 150)(CASE, {"title": SWAP_TITLE, "text": ""}) is named


def test_the_players_numbers_name_a_case_the_words_do_not():
    case = "the character is stunned, or you cannot pay its attack cost"
    general = {"title": "Attack with one untapped Fighter or Boss you control", "text": ""}
    common = lambda _: 195  # noqa: E731 (every word in every entry: only the numbers can name the case)
    assert case_namer("I have 2 coins and the attack costs 3, can I attack", stems, common, 195)(case, general)
    assert not case_namer("I have 3 coins and the attack costs 2, can I attack", stems, common, 195)(case, general)


def test_a_count_of_the_same_thing_names_the_case():
    """"has 2 hell cards" against "holds 3 or more Hell cards": the question is about that count."""
    assert counted("the winning set's owner holds 3 or more Hell cards", stems) == {"hell"}
    assert counted("Im at 8 lives and a card gives me 3", stems) == set(stems("lives"))
    assert counted("give me one card", stems) == set()  # a generic thing counted names nothing
    case, general = "the winning set's owner holds 3 or more Hell cards", {"title": "Giving a card is optional", "text": ""}
    common = lambda _: 150  # noqa: E731 (only the count can name the case)
    assert case_namer("he has 2 hell cards, must he give me one", stems, common, 150)(case, general)
    assert not case_namer("he has hell cards, must he give me one", stems, common, 150)(case, general)


@pytest.mark.parametrize("game, ask, exception, rule", [
    ("catharsis", "lumi flipped her role, how does she get it back?", "catharsis.characters.lumi.unflip-condition",
     "catharsis.player-decks.role-unflip-morale"),
    ("catharsis", "does a thrall that takes damage come back?", "catharsis.characters.tsuna.thrall-damage",
     "catharsis.damage.per-point"),
    ("catopomp", "the winner holds 4 hell cards and I pass, must she hand me one",
     "catopomp.passing.transfer-mandatory-three", "catopomp.passing.transfer-optional"),
    ("cataclysm-arcade", "I have 2 coins and the attack costs 3, can I attack",
     "cataclysm-arcade.combat.cannot-attack-unpaid", "cataclysm-arcade.combat.choose-attacker"),
    # issue 46's own example: the rule on paying the cost is the general rule it overrides too
    ("cataclysm-arcade", "I have 2 coins and the attack costs 3, can I attack",
     "cataclysm-arcade.combat.cannot-attack-unpaid", "cataclysm-arcade.combat.pay-attack-cost"),
])
def test_a_question_naming_the_case_lifts_the_exception_above_its_rule(engine, game, ask, exception, rule):
    ids = [h.id for h in engine.search(ask, game=game, limit=30).results]
    assert exception in ids[:2] and (rule not in ids or ids.index(exception) < ids.index(rule)), ids


@pytest.mark.parametrize("game, ask, rule", [
    ("catopomp", "can I swap cat-leton", SWAP),
    ("cataclysm-arcade", "can healing take my boss above its starting hp", "cataclysm-arcade.keywords.heal"),
    ("cataclysm-arcade", "how much does it cost to attack", "cataclysm-arcade.combat.pay-attack-cost"),
])
def test_a_question_sharing_only_the_rules_subject_keeps_the_rule_first(engine, game, ask, rule):
    assert engine.search(ask, game=game, limit=3).results[0].id == rule


def test_one_more_entry_in_the_game_does_not_flip_an_exception(tmp_path):
    """Catopomp's 149 entries put the old 6% cut at 8.94 documents; "cat-leton" is in 9, so one
    more entry (an imported house rule about snacks) made it a case word and put the Hell Domain
    exception above the swap rule for a question about the swap alone."""
    from rulesdb.sources import import_rulebook

    book = tmp_path / "house.md"
    book.write_text("# Table snacks\n\nKeep drinks away from the table while you play.\n", encoding="utf-8")
    import_rulebook("catopomp", book, tmp_path / "data" / "sources", "house")
    with RulesSearch(tmp_path / "cache", tmp_path / "data" / "sources", "catopomp") as more:
        assert more.searchers["catopomp"].doc_count() == 150
        ids = [h.id for h in more.search("can I swap cat-leton", game="catopomp", limit=5).results]
    assert ids[0] == SWAP and FROM_HELL in ids, ids


def test_out_of_a_thing_says_it_is_empty():
    """The players' "the sanctuary is out of yarn balls" is a case's "the Sanctuary is empty"."""
    from rulesdb.analysis import phrase_words

    assert "empty" in phrase_words("the sanctuary is out of yarn balls") and "empty" not in phrase_words("take it out of play")
