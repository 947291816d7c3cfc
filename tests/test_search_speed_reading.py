"""The one-shot search's reading compiles no pattern a question cannot need (issue 46, start-up):
a two-part question's split pattern only for a question holding one of its cues, the game
description's only for a question saying "game", the tidying of a question by plain string work.
Each check must only skip work: the answer is the one the pattern run on every question gives."""
from __future__ import annotations

import re

import pytest

from rulesdb import analysis, intent, mentions
from tests.test_search_cues import EXTRA, questions

SPLITS = ["can a fighter reroll the dice? how many coins does a boss cost", "can I reroll? and how many times",
          "can a fighter reroll the dice;how many coins does a boss cost", "a; b c d e f", "is it free, and is it fast",
          "can a fighter reroll the dice, and how many coins does a boss cost", "what is a boss AND also what is a minion",
          "how many coins does a fighter cost ALSO can a boss attack twice", "X ALSO Y", "reroll one die",
          "what is a combo?", "can I block and attack", "duo power: who takes damage on it, and can it be replaced",
          "fight? ", "what?!", "one\u00a0die? then what"]


def halves(query: str) -> list[str]:
    """question_parts as it was: the split pattern run on every question."""
    parts = [p.strip(" ?,.;") for p in re.compile(intent.HALVES, re.IGNORECASE).split(query)]
    topic, colon, _ = parts[0].partition(":")
    if len(parts) > 1 and colon and 0 < len(topic.split()) <= intent.TOPIC_WORDS:
        parts = parts[:1] + [f"{topic.strip()}: {p}" for p in parts[1:]]
    parts = [p for p in parts if len([w for w in analysis.words(p) if w not in analysis.GENERIC]) >= intent.HALF_WORDS]
    return parts if len(parts) >= 2 else [query]


@pytest.mark.parametrize("text", questions() + EXTRA + SPLITS)
def test_a_question_is_split_without_the_pattern_only_where_it_cannot_split(text):
    assert intent.question_parts(text) == halves(text)


def test_the_split_cases_cover_each_cue():
    split = [t for t in SPLITS if len(halves(t)) > 1]
    assert any("?" in t for t in split) and any(";" in t for t in split) and any("," in t for t in split)
    assert any(" also" in t.lower() and "," not in t for t in split)


TIDY = ["  : catastrophe what is x", "— what is a boss ?", "what is it , and why .", "- – what ; x : y !",
        "what does ? mean ?", "is ? a cost ?", "a\u00a0 ?", "what is x", "", "?", ", ,", "the ? mark , please"]


def tidied(rest: str, lone_mark: bool) -> str:
    """The tidying as it was, by patterns."""
    ends = r"[.!,;:]|\?(?!\s*\w)" if lone_mark else r"[?.!,;:]"
    return re.sub(rf"\s+(?={ends})", "", re.sub(r"^[\s:,;.\-–—]+", "", " ".join(rest.split())))


@pytest.mark.parametrize("text", questions() + EXTRA + TIDY)
def test_a_question_is_tidied_as_the_patterns_did(text):
    for lone in (False, True):
        assert mentions.tidy(text, lone) == tidied(text, lone)


@pytest.mark.parametrize("text", ["reroll one die", "can I reroll one die twice", "roll a die", "the reserve die"])
def test_a_dice_question_holds_no_phrase_cue(text):
    """'one die', 'a die': no word before "die" that the death phrase allows, so no table-talk pattern
    is compiled for the benchmark's one-shot question (its " die" cue compiled the largest)."""
    low = text.lower()
    assert [pattern for cues, pattern, _ in analysis.PHRASES if any(cue in low for cue in cues)] == []
    assert analysis.phrase_words(text) == []


@pytest.mark.parametrize("text", ["how do I die", "can no one die here", "are they going to die", "will a hero die"])
def test_the_death_phrase_keeps_its_questions(text):
    assert "death" in analysis.phrase_words(text)


LEADING_CASES = ["the Hell Domain", "a  an THE power cat", "another thing", "these\tthose\nthings", "the ", "the",
                 "\tthe x", "My Your hand", "our\u00a0turn", "", "an", "a b"]


@pytest.mark.parametrize("text", LEADING_CASES)
def test_leading_words_go_as_the_pattern_took_them(text):
    assert intent.leading(text) == re.compile(intent.LEADING, re.IGNORECASE).sub("", text)


NORMAL = ["Power Cats", "the Bosses", "a 12as", "boss", "bus", "abcs", "ab1s", "café's bonuses", "Heaven-cards",
          "What Fighters are", "the reserve dice's faces", "tests-ss's"]


@pytest.mark.parametrize("text", NORMAL + EXTRA)
def test_a_term_is_normalised_as_the_patterns_did(text):
    low = re.sub(r"[^a-z0-9 ]+", " ", text.lower().replace("'s", ""))
    low = " ".join(w for w in low.split() if w not in {"the", "a", "an"})
    assert analysis.normalise(text) == re.sub(r"(?<=[a-z]{3})s\b", "", low)


@pytest.mark.parametrize("text", questions() + EXTRA + ["mortal challenges examples", "e.g. which", "EG", "such as?",
                                                        "a list of bosses", "What KINDS of cards", "which ones"])
def test_a_question_asking_for_cases_is_found_without_the_pattern_only_where_it_cannot_be_one(text):
    from rulesdb import search
    held = any(c in text.lower() for c in search.INSTANCE_CUES)
    found = re.search(search.INSTANCES, text, re.IGNORECASE) is not None
    assert held or not found
