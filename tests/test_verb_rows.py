"""Issue 47, item 3: one row per tracker verb (engine.tracking.Verb) holds everything about it: its
usage, how its words are read, its check and transition, its advice, and whether it is a counter and
its bounds; the steppers a page offers and the check–advise–apply–verdict sequence read the rows."""
from __future__ import annotations

import pytest

from engine.base import Change, MoveSyntaxError
from engine.tracking import Findings, Verb, Words, judged, read_words
from tests.test_add_a_game import nim  # noqa: F401  (the fixture: Nim added for one test)


def _heap(nim, stones: int):
    from engine import get_game

    game = get_game("nim")
    return game, game.tracker.declaration.verbs.new_state(["Ann", "Ben"], {"stones": str(stones)})


def test_a_counter_is_stepped_from_its_row_alone(nim):
    """Nim's `heap` says no signed change in its usage: the page steps it because its row says it is
    a counter of the table, and stops at the row's bounds (0 and 100)."""
    from companion.serve.steppers import steppers
    from engine.tracking import counters_of

    game, state = _heap(nim, 5)
    assert [(v, c.of_player) for v, c in counters_of(game.tracker.declaration.verbs.table).items()] == [("heap", False)]
    summary = game.tracker.declaration.verbs.summary(state)
    assert steppers(game, state, "Ann", summary) == [
        {"label": "heap", "value": 5, "minus": "heap -1", "plus": "heap +1"}]
    empty = game.tracker.apply(state, game.tracker.parse(state, ["heap", "0"]))[0]
    full = game.tracker.apply(state, game.tracker.parse(state, ["heap", "100"]))[0]
    assert [s["minus"] for s in steppers(game, empty, "Ann", game.tracker.declaration.verbs.summary(empty))] == [None]
    assert [s["plus"] for s in steppers(game, full, "Ben", game.tracker.declaration.verbs.summary(full))] == [None]


def _seen(state, verb, word, before):
    return f"{word}<{','.join(arg for _, _, arg in before)}>"


ROWS = {"mark": Verb(None, None, read=("word", "verb", "word"), usage="mark A B"),
        "rest": Verb(None, None, usage="rest")}
WORDS = Words({"word": _seen}, lambda verb, usage: f"{verb}: too few; {usage}",
              lambda verb, usage, word: f"{verb}: {word!r} too many")


def test_a_row_reads_its_words_by_their_kinds():
    """A row naming the kinds of its words is read word by word (the kind `verb` takes none); too few
    or too many words are the game's own messages; a row of no kinds takes the verb alone."""
    assert read_words(ROWS, None, "mark", ["a", "b"], WORDS) == Change(verb="mark",
                                                                       args=("a<>", "mark", "b<a<>,mark>"))
    with pytest.raises(MoveSyntaxError, match="mark: too few; mark A B"):
        read_words(ROWS, None, "mark", ["a"], WORDS)
    with pytest.raises(MoveSyntaxError, match="mark: 'c' too many"):
        read_words(ROWS, None, "mark", ["a", "b", "c"], WORDS)
    assert read_words(ROWS, None, "rest", []) == Change(verb="rest")
    with pytest.raises(MoveSyntaxError, match="rest takes nothing after it; unexpected 'x'"):
        read_words(ROWS, None, "rest", ["x"])


def _refuse(state, change, found: Findings) -> None:
    found.forbid("r.no", "no", "gathered", "gathered")


def _fine(table, change) -> None:
    table.say("done", "done", "r.ok")


def test_the_shared_sequence_advises_by_the_row_or_by_what_was_gathered():
    """engine.tracking.judged: refused with the row's advice (else the advice the check gathered, each
    once); legal with the effects of the change made."""
    rows = {"no": Verb(_refuse, _fine), "near": Verb(_refuse, _fine, advise=lambda s, c, f: ["near 1"]),
            "yes": Verb(None, _fine)}

    def apply(state, change):
        found = Findings()
        _fine(found, change)
        return state, found.effects

    assert judged(rows, None, Change(verb="no"), apply).alternatives == ("gathered",)
    assert judged(rows, None, Change(verb="near"), apply).alternatives == ("near 1",)
    legal = judged(rows, None, Change(verb="yes"), apply)
    assert legal.legal and [e.kind for e in legal.effects] == ["done"]
