"""A new question does less work and gets the same answer (issue 46, round seventeen, speed18): each
shortcut in rulesdb/lexicon.py and rulesdb/coverage.py gives what whoosh's own reading gives."""
from __future__ import annotations

import random

import pytest
from whoosh.query import Or, Phrase

from rulesdb.analysis import words
from rulesdb.coverage import asked_score
from rulesdb.games import GAME_IDS
from rulesdb.lexicon import Lexicon, edits_within
from rulesdb.search import PHRASE_FIELDS, PHRASE_WEIGHT, build_query

QUESTIONS = ("reroll one die", "can I attack twice", "what happens when the deck runs out", "hand limit",
             "who goes first", "bouns damage", "how do you win", "the boss deck", "discard pile empty",
             "can a fighter attack twice in one turn", "what is the turn order", "start of my turn")


def slips(word: str, rng: random.Random) -> set[str]:
    """The word with a letter dropped, doubled, swapped with the next or changed."""
    i = rng.randrange(len(word))
    return {word[:i] + word[i + 1:], word[:i] + word[i] + word[i:], word[:i] + word[i + 1:i + 2] + word[i:i + 1] + word[i + 2:],
            word[:i] + rng.choice("aeiostx") + word[i + 1:], word + rng.choice("sey")}


@pytest.mark.parametrize("game", GAME_IDS)
def test_close_spellings_are_whooshs_own(engine, game):
    """Lexicon.near finds what whoosh's terms_within("spell", word, n, prefix=1) finds."""
    reader = engine.searchers[game].reader()
    rng = random.Random(game)
    lexicon = [reader.schema["spell"].from_bytes(b) for b in reader.lexicon("spell")]
    tried = set(lexicon[::7]) | {s for w in lexicon[::11] if len(w) > 2 for s in slips(w, rng)}
    for word in sorted(t for t in tried if t):
        for most in (1, 2):
            assert Lexicon([reader]).near(word, most) == set(reader.terms_within("spell", word, most, prefix=1)), word


def test_edits_are_counted_as_insertions_deletions_and_replacements():
    assert edits_within("bonus", "bonus", 0) and edits_within("bonus", "bouns", 2)
    assert not edits_within("bonus", "bouns", 1)  # a swap of neighbours is two edits here, as in whoosh's automaton
    assert edits_within("atack", "attack", 1) and not edits_within("atk", "attack", 2)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_phrase_is_side_by_side_where_whooshs_phrase_matches(engine, game):
    """Lexicon.side_by_side says where whoosh's Phrase of two words (slop 1, in order) matches: over
    every pair of neighbouring words in the game's titles (which match) and the pairs turned round."""
    searcher = engine.searchers[game]
    pairs = set()
    for fields in searcher.documents():
        stems = [t for w in fields["title"].split() for t in engine.stems(w)]
        pairs |= {p for a, b in zip(stems, stems[1:]) if a != b for p in ((a, b), (b, a))}
    lex, matched = Lexicon([searcher.reader()]), 0
    for a, b in sorted(pairs)[::3]:
        for field in PHRASE_FIELDS:
            whoosh_says = not searcher.search(Phrase(field, [a, b]), limit=1).is_empty()
            matched += whoosh_says
            assert lex.side_by_side(field, a, b) == whoosh_says, (field, a, b)
    assert matched > 20


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_query_left_without_unmatched_phrases_ranks_as_the_whole(engine, game):
    """The phrases build_query leaves out change no hit and no score: the query with every phrase
    back ranks the same documents with the same scores."""
    searcher = engine.searchers[game]
    left_out = 0
    for question in QUESTIONS:
        lex = Lexicon([searcher.reader()])
        built = build_query(lex, engine.stems, question, (), game)
        if built.query is None:
            continue
        stems = [[built.fixes[w]] if w in built.fixes else engine.stems(w) for w in words(question)]
        pairs = [(a[0], b[0]) for a, b in zip(stems, stems[1:]) if len(a) == 1 and len(b) == 1 and a[0] != b[0]]
        kept = [c for c in built.query.children() if not isinstance(c, Phrase)]
        whole = kept + [Phrase(f, list(p), boost=PHRASE_WEIGHT) for p in pairs for f in PHRASE_FIELDS]
        left_out += len(whole) - len(list(built.query.children()))
        ours = [(h.docnum, h.score) for h in searcher.search(built.query, limit=40, optimize=False)]
        theirs = [(h.docnum, h.score) for h in searcher.search(type(built.query)(whole), limit=40, optimize=False)]
        assert ours == theirs, question
    assert left_out > 0


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_asked_fields_share_is_whooshs_or(engine, game):
    """coverage.asked_score: a document's score from the asked clauses, read clause by clause up to
    that document, is the score whoosh's Or of them gives it, to the last bit."""
    searcher = engine.searchers[game]
    compared = 0
    for question in QUESTIONS:
        built = build_query(Lexicon([searcher.reader()]), engine.stems, question, (), game)
        asked = [c for c in built.query.children() if getattr(c, "fieldname", None) == "asked"] if built.query else []
        if not asked:
            continue
        for hit in searcher.search(Or(asked), limit=15, optimize=False):
            assert asked_score(searcher, asked, hit.docnum) == hit.score, question
            compared += 1
        absent = next(d for d in range(searcher.doc_count_all()) if d not in {h.docnum for h in searcher.search(Or(asked), limit=None)})
        assert asked_score(searcher, asked, absent) == 0.0
    assert compared > 10
