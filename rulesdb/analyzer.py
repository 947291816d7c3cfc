"""The whoosh analyzer for every text field. Imports whoosh, so only search and indexing load it."""
from __future__ import annotations

import re

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter

from rulesdb.analysis import STOP_WORDS


class HyphenFilter(Filter):
    """Index "re-roll" as reroll, re and roll, so every spelling finds it."""

    def __call__(self, tokens):
        for t in tokens:
            text = t.text
            if "-" in text or "'" in text:
                parts = [p for p in re.split(r"[-']", text) if p]
                t.text = "".join(parts)
                yield t
                for part in parts:
                    t.text = part
                    yield t
            else:
                yield t


def make_analyzer():
    """Words and numbers (single digits kept), hyphen forms, stop words out, English stems."""
    return (
        RegexTokenizer(r"\w+(?:[-']\w+)*")
        | LowercaseFilter()
        | HyphenFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | StemFilter(cachesize=-1)
    )
