"""A learned re-ranking of the search's first hits, tried for issue 46 and measured by
benchmarks/retrieval_cv.py (not in the product: it did not raise the held-out folds): a linear scorer
over what the search already knows of each hit (its score against the first, its kind, how much of
the question it and its title say, its length, whether it is an exception), and from round twelve
over a few things it does not compute (its rank among the pool's hits of its section, the question's
verb in its title, its share of the question's rare and common words, and of the words the first hit
lacks; a glossary term for a how/when question). With the weights (1, 0, 0, ...) the order is the
search's own."""
from __future__ import annotations

import math
import re
from typing import Callable

from rulesdb.analysis import NUMBER_WORDS

POOL = 10  # the first hits re-ranked; the others keep their order after them
FEATURES = ("score", "term", "example", "said", "title", "title-all", "length", "exception",
            "exception-number", "exception-yes-no", "general", "depth", "other-game",
            "in-title", "in-keywords", "in-aliases", "in-section", "in-text",
            "count-asked", "permission-asked", "timing-asked", "pairs",
            # round twelve: signal the search does not compute
            "section-rank", "verb-in-title", "rare-share", "common-share", "term-for-how",
            "beyond-first", "rare-beyond-first")
OLD_FEATURES = 22  # the features of round eleven's fits (the first 22)
YES_NO = re.compile(r"^\s*(?:so\s+|and\s+|but\s+)?(?:can|could|is|are|does|do|may|must|should|if)\b", re.IGNORECASE)
# what a question asks for, and the words of a rule that give that kind of answer
ASKS = {
    "count": (re.compile(r"\b(?:how many|how much|number of|max(?:imum)?|min(?:imum)?|limit|up to|at most|at least)\b", re.I),
              re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\b", re.I)),
    "permission": (YES_NO, re.compile(r"\b(?:cannot|can't|may not|must|only|may|never|not allowed)\b", re.I)),
    "timing": (re.compile(r"\b(?:when|timing|before|after|during|end of|start of|until)\b", re.I),
               re.compile(r"\b(?:when|before|after|during|end of|start of|until|immediately|then)\b", re.I)),
}
FIELDS = ("title", "keywords", "aliases", "section", "text")
# the verb of "can I attack", "does a token go", "how do you win": the word after a modal and its subject
VERB = re.compile(r"\b(?:can|could|do|does|did|may|must|should|will|would|to)\s+(?:(?:i|you|we|they|he|she|it|"
                  r"someone|anyone|everyone|players?|my|our|your|their|the|an?)\s+)?(\w+)", re.I)
HOW_WHEN = re.compile(r"^\s*(?:so\s+|and\s+|but\s+)?(?:how|when)\b", re.I)


def features(question: str, found: list[tuple[float, dict]], typed: Callable[[str], set], key: Callable[[str], int],
             stems: Callable[[str], list[str]], fields: Callable[[dict], list[float]],
             rarity: Callable[[dict], list[tuple[bool, bool]]] = lambda f: []) -> list[list[float]]:
    """One row of FEATURES per hit of the pool (the first POOL of `found`, best first). `typed`: a
    game's stems the question says; `key`: how many telling words the question has for a game;
    `fields`: per field of FIELDS, the share of the question's telling words the hit has there;
    `rarity`: per telling word of the question, whether the hit has it and whether it is rare."""
    if not found:
        return []
    top, first_game = found[0][0] or 1.0, found[0][1]["game"]
    said = question.lower().split()
    number = any(w.isdigit() or w in NUMBER_WORDS for w in said)
    yes_no = bool(YES_NO.match(question))
    asked = {kind: asks.search(question) for kind, (asks, _) in ASKS.items()}
    said_stems = stems(question)
    pairs = {(a, b) for a, b in zip(said_stems, said_stems[1:]) if a != b}
    verbs = {s for m in VERB.finditer(question) for s in stems(m.group(1))}
    how = bool(HOW_WHEN.match(question))
    seen_sections: dict[tuple, int] = {}
    first_has = [held for held, _ in rarity(found[0][1])]
    rows = []
    for score, f in found[:POOL]:
        section = (f["game"], f["id"].split(".")[1] if "." in f["id"] else "")
        in_section = seen_sections[section] = seen_sections.get(section, -1) + 1
        game = f["game"]
        title = set(stems(f["title"]))
        shared = len(title & typed(game))
        rows.append([
            max(math.log(max(score, 1e-9) / top), -5.0),
            float(f["kind"] == "term"),
            float(f["kind"] == "example"),
            f["_key"] / key(game) if key(game) else 0.0,
            shared / len(title) if title else 0.0,
            float(bool(title) and shared == len(title)),
            math.log(1 + len(f["text"].split())) / 5,
            float(bool(f.get("exception_to"))),
            float(bool(f.get("exception_to")) and number),
            float(bool(f.get("exception_to")) and yes_no),
            float(bool(f.get("exceptions"))),
            float(min(max(f["id"].count(".") - 1, 0), 3)) / 3,
            float(game != first_game),
            *fields(f),
            *(float(bool(asked[kind]) and bool(answers.search(f["text"]))) for kind, (_, answers) in ASKS.items()),
            _pairs(pairs, stems(f["title"] + " . " + f["text"])),
            min(in_section, 3) / 3,
            float(bool(verbs & title)),
            *_shares(rarity(f), first_has)[:2],
            float(how and f["kind"] == "term"),
            *_shares(rarity(f), first_has)[2:],
        ])
    return rows


def _pairs(pairs: set, text: list[str]) -> float:
    """The share of the question's neighbouring word pairs that stand side by side in the text."""
    if not pairs:
        return 0.0
    return len(pairs & set(zip(text, text[1:]))) / len(pairs)


def order(rows: list[list[float]], weights: tuple[float, ...]) -> list[int]:
    """The pool's positions, best first under the weights (ties keep the search's order)."""
    z = [sum(w * x for w, x in zip(weights, row)) for row in rows]
    return sorted(range(len(rows)), key=lambda i: (-z[i], i))



def field_shares(searcher, key: list, docnum: int, postings: dict) -> list[float]:
    """Per field of FIELDS, the share of the question's telling words (`key`: each a set of stems)
    that the document has in that field, read from the index's postings (kept in `postings`)."""
    from whoosh.reading import TermNotFound

    out = []
    for field in FIELDS:
        hit = 0
        for group in key:
            for stem in group:
                if (field, stem) not in postings:
                    try:
                        postings[field, stem] = set(searcher.reader().postings(field, stem).all_ids())
                    except TermNotFound:
                        postings[field, stem] = set()
                if docnum in postings[field, stem]:
                    hit += 1
                    break
        out.append(hit / len(key) if key else 0.0)
    return out


def _shares(groups: list[tuple[bool, bool]], first_has: list[bool]) -> list[float]:
    """The hit's share of the question's rare telling words, of its common ones, of the words the
    first hit lacks, and of the rare words the first hit lacks."""
    def share(kept: list[bool]) -> float:
        return sum(kept) / len(kept) if kept else 0.0

    lacking = [(held, rare) for (held, rare), first in zip(groups, first_has) if not first]
    return [share([held for held, rare in groups if rare]), share([held for held, rare in groups if not rare]),
            share([held for held, _ in lacking]), share([held for held, rare in lacking if rare])]


def rarity_shares(searcher, key: list, docnum: int, postings: dict) -> list[tuple[bool, bool]]:
    """Per telling word of the question (`key`: each a set of stems): whether the document has it
    anywhere, and whether it is rare: fewer of the game's documents have it than the question's
    median word ("spell" field: every word of a document once)."""
    from whoosh.reading import TermNotFound

    docs = []
    for group in key:
        have: set = set()
        for stem in group:
            if ("spell", stem) not in postings:
                try:
                    postings["spell", stem] = set(searcher.reader().postings("spell", stem).all_ids())
                except TermNotFound:
                    postings["spell", stem] = set()
            have |= postings["spell", stem]
        docs.append(have)
    middle = sorted(len(d) for d in docs)[(len(docs) - 1) // 2] if docs else 0
    return [(docnum in d, len(d) <= middle) for d in docs]
