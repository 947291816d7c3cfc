"""companion.fit's line breaking, as invariants (in-process): every word kept whole and in order,
continuation lines indented, a kept phrase never split. What the installed script shows in a real
terminal is tests/test_fit_terminal.py (marked `installed`)."""
from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.conftest import examples

WORD = st.text("abcdefghij", min_size=1, max_size=12)
ID = st.lists(st.text("abc-", min_size=1, max_size=14), min_size=2, max_size=5).map(".".join)


@settings(max_examples=examples(300), deadline=None)
@given(words=st.lists(st.one_of(WORD, ID), min_size=1, max_size=60), columns=st.integers(24, 120),
       lead=st.sampled_from(["", "  ", "  • ", "1. "]))
def test_breaking_keeps_every_word_whole_in_order_and_within_the_width(words, columns, lead):
    from companion.fit import lines

    text = lead + " ".join(words)
    out = lines(text, columns)
    assert [w for line in out for w in line.split()] == text.split()
    for n, line in enumerate(out):
        assert len(line) <= columns or len(line.split()) == 1 or (n == 0 and len(line.strip().split()) <= 2)
        if n:
            assert line.startswith(" ")


@settings(max_examples=examples(200), deadline=None)
@given(before=st.lists(WORD, max_size=20), after=st.lists(WORD, max_size=20), columns=st.integers(30, 100),
       phrase=st.lists(WORD, min_size=2, max_size=3).map(" ".join))
def test_a_kept_phrase_that_fits_is_never_split(before, after, phrase, columns):
    from companion.fit import lines

    assume(len(phrase) <= columns - 2)
    out = lines(" ".join([*before, phrase, *after]), columns, keep=[phrase])
    assert any(phrase in line for line in out), out
