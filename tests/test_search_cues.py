"""The cheap checks before a search's patterns: a table-talk phrase's pattern is compiled and run only
for a question holding one of its cues, a definition question's pattern only for a question opening
with one of its words. Each check must only skip work: on every question of the retrieval sets (and
the cases below) the answer is the one every pattern run on the question gives."""
from __future__ import annotations

import re
import tomllib

import pytest

from rulesdb import analysis, intent
from tests.conftest import ROOT


def questions() -> list[str]:
    out = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [q["ask"] for q in doc.get("questions") or doc.get("uncovered") or []]
    return out


EXTRA = ["the rank goes up", "the order of play", "we ran out of cards", "three of a kind", "3 and 4 make a 7", "5 + 2", "2 plus 3",
         "what can I play on a pair", "the guy ahead of me", "I don't wanna use it", "using nothing",
         "same points", "even score", "it gets to me", "health back", "how many of one card", "face up again",
         "at the same time", "in a row", "right away", "too many cards", "who starts", "can it be used as one",
         "counts as two", "nobody can beat it", "none of us follows", "on my turn", "moved on", "went up",
         "So what is the Line for?", "  WHAT'S a power cat", "how does block work", "define enforcer",
         "Explain the hell domain", "meaning of divinity", "tell me about morale", "ok what is a fighter",
         "and what are gems for", "what happens when the reaper reaches me", "can I reroll", "\u00a0what is X",
         "\u017fo what is it", "reroll one die",
         "what does on defeat mean for the boss", "what does exhaust stand for here", "my go", "all in one go", "damage going away",
         "when does it fire off", "it goes off", "when does it kick in", "I have 2 coins and it costs 3", "halfway through the round", "how many ppl", "dice without any cards",
         "whats my hand size", "who goes first", "am i out", "can I get rid of it", "does it come back",
         "set up for three", "a 2p game", "we play 1v1", "how do I get points", "is my guy dead",
         "when does a hero die", "what's the point of the game", "whose turn is next", "9,9 against 2,3,4",
         "can I take him out", "it blew the wall up", "healed up", "back to full", "draw from the top", "top of my deck",
         "I pass priority", "game over", "when do I level up", "it powered up", "do these stack", "stacks with",
         "I lost my turn", "sitting out", "I can't do anything", "no legal moves", "hold onto it", "snakeeyes",
         "what's the point of the dice", "can I dump this card on him", "the sanctuary is out of yarn",
         "cash it in", "slap a pair down", "what does ice do for lumi",
         "dice in the 2nd round", "what about round 3", "in later rounds", "the fifth round", "the following round"]


def every_pattern(text: str) -> list[str]:
    low = text.lower()
    return [w for _, pattern, said in analysis.PHRASES if re.search(pattern, low) for w in said]


@pytest.mark.parametrize("text", questions() + EXTRA)
def test_a_phrase_is_skipped_only_where_its_pattern_cannot_match(text):
    assert analysis.phrase_words(text) == every_pattern(text)


def test_every_phrase_pattern_is_met_by_the_cases():
    """The cases above meet every pattern, so the comparison covers each cue list."""
    met = {pattern for text in EXTRA for _, pattern, _ in analysis.PHRASES if re.search(pattern, text.lower())}
    assert met == {pattern for _, pattern, _ in analysis.PHRASES}


def asked(question: str) -> str | None:
    """defined_subject as it was: the pattern run on every question."""
    found = re.compile(intent.ASKS_MEAN, re.IGNORECASE).match(question) or \
        re.compile(intent.ASKS_WHAT, re.IGNORECASE).match(question)
    if not found:
        return None
    subject = re.compile(intent.LEADING, re.IGNORECASE).sub("", found["subject"].strip(" '\"")).strip()
    telling = [w for w in subject.lower().split() if w not in {"the", "a", "an", "of"}]
    if not telling or len(telling) > intent.MAX_SUBJECT_WORDS or subject.lower() in {"happen", "happens", "it"}:
        return None
    return subject


@pytest.mark.parametrize("text", questions() + EXTRA)
def test_a_definition_question_is_skipped_only_where_it_cannot_be_one(text):
    assert intent.defined_subject(text) == asked(text)
