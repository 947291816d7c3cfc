"""Search in a player's own words: synonyms, typo tolerance, OR-grouped terms, a game filter."""
from __future__ import annotations

import math
import re
from collections import namedtuple
from functools import lru_cache
from pathlib import Path
from typing import Callable

from rulesdb.analysis import (GENERIC, NUMBER_WORDS, TABLE_WEIGHT, TABLE_WORDS, as_said, counter_words, edit_distance,
                              fixed_meanings, glued, misspelt_alias, phrase_words, plain_forms, symbol_words, synonyms,
                              words)
from rulesdb.counts import rulebook_words
from rulesdb.coverage import own_words
from rulesdb.errors import BadQuery
from rulesdb.examples_rank import worked
from rulesdb.exceptions_rank import case_namer, exceptions_first as _exceptions_first
from rulesdb.index import TEXT_FIELDS, OnBuild, open_index, surface_words
from rulesdb.intent import (both_halves, cause_first, definition_first, moment_first, part_best, parts_answered,
                           question_parts)
from rulesdb.lexicon import Lexicon
from rulesdb.next_step import next_step
from rulesdb.limits import limits_first
from rulesdb.notes_rank import notes_aside
from rulesdb.numbers import lifted
from rulesdb.provenance import provenance
from rulesdb.topic import asides, named_thing, section_of, share as topic_share

WEAK_SCORE = 4.0  # below this the best hit is a poor match: offer "did you mean"
SYNONYM_WEIGHT = 0.7  # a synonym or a spelling fix weighs this much of the word as typed
OWN_FIELDS = tuple(f for f in TEXT_FIELDS if f != "asked")  # an entry's own words
PHRASE_WEIGHT = 0.5  # two query words side by side in a title, keyword or alias
PHRASE_FIELDS = ("title", "keywords", "aliases")
COMMON_SHARE = 0.12  # a word in more than this share of a game's documents is too common to search for
RARE = 6  # a word in fewer documents than this may be a typo of a common one
CANDIDATES = 20  # hits fetched per game before exceptions are moved above their rules
NUMBER_WEIGHT = 0.75  # a number in the question weighs this much of another word
FAINT_WEIGHT = 0.25  # a word of the question's description of a game ("the co-op dice game")
COVERAGE_POWER = 0.75  # how strongly a hit's share of the question's words (each weighed by its rarity) weighs
UNKNOWN_WEIGHT = 1.5  # a word the rulebooks never use counts this much against coverage
COVERAGE_HITS = 3
# Calibrated on tests/retrieval (benchmarks/retrieval_figures.py): a question is covered when the
# best of the first hits matches this share of its telling words and the top hit scores this much.
COVERED_SHARE = 0.4
COVERED_SCORE = 12.0  # the hits whose word matches decide whether the rulebooks cover a question
ALSO_SHARE, ALSO_HITS = 0.8, 5  # another game's hit this close to the first, among the first five: "also in"
CLOSE_SHARE = 0.97  # a second hit this close to the first: say both may answer
NAMED_ELSEWHERE = 0.3  # across games: a game other than the one the question names by name weighs this
FOREIGN = 0.5  # across games: each question word a game lacks (or knows only by a spelling fix) more than another
OTHER_GAME = 0.6  # across games: a game without the question's own words (cucumber, enforcer) weighs this
# a rule about one character, boss deck or challenge answers a question naming it: for any other it
# weighs this much (the general rule comes first)
NAMED_SECTIONS, NAMED_WEIGHT = ("characters", "boss-decks", "challenges"), 0.6
# a glossary term or a worked example repeats its rule's words in a shorter text, which BM25
# favours; the rule itself is the answer, so they weigh a little less
KIND_WEIGHT = {"term": 0.65, "example": 0.75}
# a question asking for the cases; its pattern compiled only for a question holding one of its cues
INSTANCES = r"\b(?:examples?|e\.?g|such as|like what|which ones|what kinds?|list)\b"
INSTANCE_CUES = ("exampl", "eg", "e.g", "such as", "like what", "which ones", "what kind", "list")
INSTANCE_WEIGHTS = {"term": 0.5, "example": 1.0}  # "mortal challenges examples": the cases, not the definition


BM25_B, BM25_K1 = 0.75, 1.2  # BM25F length normalisation and term-frequency saturation


def _weighting():
    from whoosh.scoring import BM25F

    return BM25F(B=BM25_B, K1=BM25_K1)


def _require_words(query: str) -> None:
    if not words(query):
        what = ("has only words too common to search: ask with the rule's own words" if re.search(r"[^\W\d_]", query)
                else "is empty: type a few words")
        raise BadQuery(f"the query {what}, e.g. companion rules search \"reroll one die\"")


class Hit(namedtuple("Hit", "id game title text snippet score source exceptions exception_to provenance",
                     defaults=((), (), None))):
    """One answer: its rule's id, game, title, text, the snippet (matched words wrapped in ** **),
    score and source; `exceptions` ({"id", "title", "when"}, ...) the rules that override this one in
    a case, `exception_to` ({"id", "title"}, ...) the general rules this one overrides, and
    `provenance` where the answer comes from (rulesdb.provenance). collections' namedtuple, not
    typing's: its string annotations cost a compile each at import (start-up is measured)."""

    __slots__ = ()

    def as_json(self) -> dict:
        return self._asdict() | {"score": round(self.score, 3), "exceptions": list(self.exceptions),
                                 "exception_to": list(self.exception_to)}


class SearchResult:
    """The answer to one query: hits best first, and suggestions when nothing matched well."""

    def __init__(self, query: str, game: str | None):
        self.query, self.game = query, game
        self.results: list[Hit] = []
        self.did_you_mean: list[str] = []
        self.matched = 0.0  # share of the question's telling words the best of the first hits matches
        self.judged = None  # the first hit's score without its asked field's share (None: the score)
        self.settled = False  # the first hits' order is meant (a definition first), not a close score

    @property
    def coverage(self) -> str:
        """"covered", or "uncovered" when no entry matches the question's telling words well:
        the rulebooks do not seem to answer it and the hits are only the closest entries."""
        top = (self.results[0].score if self.judged is None else self.judged) if self.results else 0.0
        return "covered" if self.matched >= COVERED_SHARE and top >= COVERED_SCORE else "uncovered"

    @property
    def also(self) -> list[Hit]:
        """Across games: the best hit of each other game among the first ALSO_HITS that scores
        nearly as well as the first hit (ALSO_SHARE of it): the question may be about that game."""
        if self.game is not None or not self.results:
            return []
        first = self.results[0]
        out: dict[str, Hit] = {}
        for hit in self.results[1:ALSO_HITS]:
            if hit.game != first.game and hit.game not in out and hit.score >= first.score * ALSO_SHARE:
                out[hit.game] = hit
        return list(out.values())

    @property
    def close(self) -> Hit | None:
        """The second hit when it scores nearly as well as the first (CLOSE_SHARE): both may answer."""
        if not self.settled and len(self.results) > 1 and self.results[1].score >= self.results[0].score * CLOSE_SHARE \
                and self.results[1] not in self.also:
            return self.results[1]
        return None

    def as_json(self) -> dict:
        return {
            "query": self.query,
            "game": self.game,
            "results": [h.as_json() for h in self.results],
            "did_you_mean": self.did_you_mean,
            "coverage": self.coverage,
            # how sure (issue 46): other games' close hits, or a second hit nearly as good
            "also": [{"game": h.game, "id": h.id, "title": h.title} for h in self.also],
            "close": {"id": self.close.id, "title": self.close.title} if self.close is not None else None,
        }


def _corrections(lex: Lexicon, token: str) -> list[str]:
    """Index terms close to a word the index lacks: fewest edits first, then most common."""
    if len(token) < 3 or token.isdigit():
        return []
    limit = 1 if len(token) <= 5 else 2
    scored = []
    for term in lex.near(token, 2):
        d = edit_distance(token, term)
        # a three-letter word is only a longer word cut short ("bos" -> boss), never another word
        if 0 < d <= limit and (len(token) > 3 or term.startswith(token)):
            scored.append((d, -lex.df("spell", term), term))
    return [t for _, _, t in sorted(scored)[:3]]


# A question made into a whoosh query, with what ranking and the coverage verdict need: the query
# (whoosh Or, or None when no word is in the reference), fixes (misspelt word -> correction), typed
# (the stems the player typed or meant, no synonyms), groups (per content word the reference knows:
# the stems it searches for), key (the groups of the question's telling words, not "game", "card",
# "play"), unknown (how many content words the reference has no close word for: "sleeves", "weather"),
# said ((field, stem) of every clause the question asks, a phrase left out of the query included),
# lexicon (the Lexicon it was read with: each word's documents read once for the question)
Built = namedtuple("Built", "query fixes typed groups key unknown said lexicon")


def build_query(lex: Lexicon, stems: Callable[[str], list[str]], query: str, faint: tuple = (),
                game: str | None = None) -> Built:
    """An Or over every text field of each query word's stems, synonyms and (for words the
    index lacks) close spellings; `faint` words (a description of the game: rulesdb.mentions) weigh
    FAINT_WEIGHT and do not count as the question's own words."""
    from whoosh.query import Or, Phrase, PreloadedOr, Term

    weights: dict[str, float] = {}  # stem -> its weight: a stem two words share counts once
    fixes, typed, groups, key, unknown = {}, set(), [], [], 0
    # the asked field is searched for the player's own words, a phrase of table talk for the rulebook's
    # words it says ("at once", "in one go": simultaneous), not for its own ("once")
    spoken = {t for w in phrase_words(query) for t in stems(w)}
    phrased = {t for w in glued(query, little=False) for t in stems(w)} - spoken
    common = max(50, int(lex.doc_count * COMMON_SHARE))
    glue = glued(query)
    said = [w for w in words(query) if w not in glue] + symbol_words(query)  # "what does ? mean": question mark
    plain = as_said(query)  # "the start of my turn": start, not setup
    # a question naming its own thing ("token") weighs the words of every table ("discard pile") less
    telling = any(w not in TABLE_WORDS and w not in GENERIC and w not in NUMBER_WORDS for w in said)
    for word in faint:
        own = {t for t in stems(word) if lex.known(t)}
        typed |= own
        for t in own:
            weights[t] = max(weights.get(t, 0.0), FAINT_WEIGHT)
    # table talk's and the player's counts' rulebook words ("I hold 6 cards and draw 3": limit)
    for word in said + [w for w in dict.fromkeys(phrase_words(query) + rulebook_words(query)) if w not in said]:
        meant = word not in said  # from a phrase: weighs as a synonym
        own = set() if meant else set(stems(word)) | set(stems(word.replace("-", "")))
        tokens = set(own)
        for variant in ({word} if word in plain else synonyms(word) | synonyms(word.replace("-", ""))) | set(counter_words(game, word)):
            tokens.update(stems(variant))
        known = {t for t in tokens if lex.known(t)}
        if not known:
            for t in sorted(own | ({word} if len(word) == 3 and word.isalpha() else set())):
                close = _corrections(lex, t)
                if close:
                    fixes[word] = close[0]
                known.update(close)
            if word in fixes:  # "stoped": what stop means too (prevent, block)
                known.update(t for v in fixed_meanings(fixes[word], stems) for t in stems(v) if lex.known(t))
        else:
            slip = misspelt_alias(lex, _corrections, edit_distance, word, sorted(own)) if known == own else []
            if slip:  # "helth", "levle": only an alias spells it; the rules' word counts as typed
                fixes[word] = slip[0]
                own = own | {slip[0]}
                known.add(slip[0])
            # a rare word may be a typo that some alias spells the same way ("bouns"): add the
            # far more common close word too
            for t in own & known:
                df = lex.df("spell", t)
                if df < RARE:
                    known.update(c for c in _corrections(lex, t) if lex.df("spell", c) >= 2 * df)
        typed |= own | {fixes[word]} if word in fixes else own
        if word not in NUMBER_WORDS and not meant:
            if not known:
                unknown += 1
            else:
                groups.append(frozenset(known))
                if word not in GENERIC:
                    key.append(frozenset(known))
        # a number says little about which rule is meant ("3 and 4 make a 7") unless it is all there is
        scale = NUMBER_WEIGHT if word in NUMBER_WORDS else TABLE_WEIGHT if telling and word in TABLE_WORDS else 1.0
        for t in sorted(known):
            # the word as typed counts fully; synonyms and spelling fixes a little less
            weights[t] = max(weights.get(t, 0.0), scale * (1.0 if t in own else SYNONYM_WEIGHT))
    # a field where the word is in a large share of documents adds little but costs much
    terms = [Term(f, t, boost=w) for t, w in sorted(weights.items()) for f in OWN_FIELDS if 0 < lex.df(f, t) <= common]
    # the asked field: the player's own words only (a typo's correction as typed), never their synonyms
    fixed = set(fixes.values())
    terms += [Term("asked", t, boost=1.0 if t in fixed else w) for t, w in sorted(weights.items())
              if (t in typed - phrased or t in spoken) and 0 < lex.df("asked", t) <= common and lex.df("spell", t) <= common]
    # Two words side by side as a player says them ("hit back", "hand limit") weigh extra
    # where a title, keyword or alias has them in that order.
    said_stems = [[fixes[w]] if w in fixes else stems(w) for w in words(query)]  # "bos deck": as "boss deck"
    pairs = [(a[0], b[0]) for a, b in zip(said_stems, said_stems[1:]) if len(a) == 1 and len(b) == 1 and a[0] != b[0]]
    said = tuple((t.fieldname, t.text) for t in terms) + tuple((f, w) for pair in pairs for f in PHRASE_FIELDS for w in pair)
    # a phrase matches only where a document holds its words side by side in the field: the others
    # are left out, unread by whoosh (the scores are the same: a clause matching nothing adds nothing)
    whole = len(terms) + len(pairs) * len(PHRASE_FIELDS)
    terms += [Phrase(f, list(pair), boost=PHRASE_WEIGHT) for pair in pairs for f in PHRASE_FIELDS if lex.side_by_side(f, *pair)]
    # The words are OR-ed: BM25F adds them up, so a rule matching more of them ranks higher. With
    # more than two clauses, whoosh's Or adds them up from arrays (its PreloadedOr) in an index of
    # up to 5,000 documents and in a tree of union matchers past that, which walks each posting
    # through many more calls (a question over a rulebook ten times the reference took twenty times
    # as long); PreloadedOr, whoosh's public query, asks for the arrays at any size.
    union = PreloadedOr if whole > 2 else Or
    return Built((union(terms) if terms else None), fixes, typed, groups, key, unknown, said, lex)


def _snippet(text: str, terms: frozenset, analyzer) -> str:
    """The best one or two passages of the text with the matched words wrapped in ** **."""
    from whoosh.highlight import Formatter, SentenceFragmenter, get_text, highlight

    class Marker(Formatter):
        between = " … "

        def format_token(self, text, token, replace=False):
            return f"**{get_text(text, token, replace)}**"

    marked = highlight(text, terms, analyzer, SentenceFragmenter(maxchars=240), Marker(), top=2)
    if marked:
        return " ".join(marked.split())
    plain = " ".join(text.split())
    return plain if len(plain) <= 200 else plain[:197].rsplit(" ", 1)[0] + " …"


class RulesSearch:
    """Open indexes to run many queries against (the CLI runs one, a long-lived assistant many)."""

    def __init__(self, cache_dir: Path, sources_dir: Path | None = None, game: str | None = None,
                 on_build: OnBuild | None = None):
        from rulesdb.analyzer import make_analyzer

        indexes = open_index(cache_dir, sources_dir, games=[game] if game else None, on_build=on_build)
        self.searchers = {g: ix.searcher(weighting=_weighting()) for g, ix in indexes.items()}
        self._folders = {g: ix.storage.folder for g, ix in indexes.items()}
        self._game_names: dict[str, dict[str, str]] = {}
        self.names = lru_cache(maxsize=1)(lambda: glossary_names(indexes))
        self.surface = lambda: surface_words(indexes)
        self.analyzer = make_analyzer()
        self._stems: dict[str, list[str]] = {}
        # per game: each word's counts, documents and close terms, read once while the engine is open
        self._lex = {g: Lexicon([sr.reader()]) for g, sr in self.searchers.items()}

    def game_names(self, gid: str) -> dict[str, str]:
        """The names a question may call a game by -> how they are read (rulesdb.index.game_names),
        read from the game's index folder once."""
        if gid not in self._game_names:
            from rulesdb.index import read_game_names

            self._game_names[gid] = read_game_names(self._folders[gid])
        return self._game_names[gid]

    def stems(self, text: str) -> list[str]:
        """The analyzer's tokens for a word or a short text, each text analysed once."""
        got = self._stems.get(text)
        if got is None:
            got = self._stems[text] = [t.text for t in self.analyzer(text)]
        return got

    def close(self) -> None:
        for searcher in self.searchers.values():
            searcher.close()

    def __enter__(self) -> RulesSearch:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _case_words(self, query: str, lex: Lexicon) -> Callable[[str, dict], bool]:
        """Whether an exception's case is named by the query (rulesdb.exceptions_rank)."""
        return case_namer(query, self.stems, lambda t: lex.df("spell", t), lex.doc_count)

    def ranked(self, query: str, gid: str, limit: int, faint: tuple = ()) -> tuple[list[tuple[float, dict]], Built | None]:
        """One game's hits for a question, best first, and the query built for it: the same
        whether the question names the game or not (issue 46), so each game keeps its own order
        when the games are merged."""
        searcher = self.searchers[gid]
        lex = self._lex[gid]
        built = build_query(lex, self.stems, query, faint, gid)
        if built.query is None:
            return [], built
        found = []
        holding = _holding(searcher.reader(), built.said, lex)
        groups, key = built.groups, built.key

        def said(name: str) -> bool:  # the question names it, as typed or corrected ("durhack": Durhak)
            return bool(built.typed.intersection(self.stems(name.replace("-", " "))))

        # a word's share of the question is its rarity in the game: its own terms ("token") outweigh
        # the words of every table ("discard pile") that many rules say in passing (issue 46)
        rarity = [math.log(1 + lex.doc_count / max(1, min(lex.df("spell", t) for t in g))) for g in groups]
        whole = sum(rarity)
        # optimize=False: no block-quality skipping, which over an index of one array part only
        # took the maximum of that whole array again at each new minimum score (the same hits: the
        # top collector keeps a hit only above the minimum either way)
        asks_instances = any(c in query.lower() for c in INSTANCE_CUES) and re.search(INSTANCES, query, re.IGNORECASE)
        kinds = INSTANCE_WEIGHTS if asks_instances else KIND_WEIGHT
        for h in searcher.search(built.query, limit=max(limit, CANDIDATES), optimize=False):
            matched = {t for t, docs in holding.items() if h.docnum in docs}
            thing = named_thing(h["id"])
            # the thing's name and its section's words ("lich deck": boss-decks) say which thing, not which rule
            said_thing = thing is not None and said(thing)
            name = set(self.stems(f"{thing} {section_of(h['id'])}".replace("-", " "))) if said_thing else set()
            share = topic_share(groups, rarity, matched, name) * whole
            fields = h.fields() | {"_key": sum(1 for g in key if g & matched), "_words": any(g & matched for g in groups),
                                   "_doc": h.docnum, "_raw": float(h.score)}
            found.append((float(h.score) * _named_weight(fields["id"], said) * kinds.get(fields["kind"], 1.0)
                          * max(share / whole if groups else 1.0, 0.1) ** COVERAGE_POWER, fields))
        found = asides(found, built.typed, self.stems, NAMED_WEIGHT)  # "luthia cobble": hers, not her duo power's
        found = notes_aside(found, key, self.stems, NAMED_WEIGHT)  # a note answers a question naming its subject
        found = worked(found, query, kinds.get("example", 1.0))  # "adjust a 2 down by 2": the example of it
        found = cause_first(found, query)  # "how do you get eliminated": what eliminates, not what follows
        found = moment_first(found, query)  # "when can we refresh": the rule saying when, not what it does
        found = limits_first(found, query)  # "I have 6 cards and draw 3": the limit crossed first
        found = next_step(found, query, self.stems)  # "party ranks are also tied": the next tiebreak
        # a rule stating the comparison the question's numbers make (a tie: "at least"; sizes: "more cards")
        return _exceptions_first(lifted(found, query), self._case_words(query, lex)), built

    def search(self, query: str, game: str | None = None, limit: int = 10) -> SearchResult:
        """Ranked hits for a natural-language question, in one game or across all of them: each
        game ranked alone, then merged, a game without the question's own words weighing less."""
        _require_words(query)
        result = SearchResult(query, game)
        searchers = {gid: sr for gid, sr in self.searchers.items() if game is None or gid == game}
        # the game's name and a description of it ("in the co-op dice game") say which game, not which rule
        from rulesdb.mentions import mentions, spelt_names

        names = {n: flag for gid in searchers for n, flag in self.game_names(gid).items()}
        spelt = spelt_names(query, names)  # "catastrohpe how do u win": the game named, misspelt
        asked, faint = mentions(spelt, names)
        faint = tuple(faint)
        per_game = {gid: self.ranked(asked, gid, limit, faint) for gid in searchers}
        typed = set().union(*(b.typed for _, b in per_game.values() if b is not None))
        weights = _game_weights(typed, {gid: self._lex[gid] for gid in searchers})
        named = _named_games(spelt, {gid: self.game_names(gid) for gid in searchers}) if game is None else set()
        if len(named) == 1:  # "how do you win Cataclysm Arcade?": the other games weigh little
            weights = {gid: w * (1.0 if gid in named else NAMED_ELSEWHERE) for gid, w in weights.items()}
        # a game that knows fewer of the question's words (corrected or unknown there) weighs less
        strange = {gid: misspelt(b.fixes) + b.unknown for gid, (_, b) in per_game.items()}
        least = min(strange.values(), default=0)
        weights = {gid: w * FOREIGN ** (strange[gid] - least) for gid, w in weights.items()}
        # a two-part question's parts, each asked of each game alone (its first hit)
        parts = question_parts(asked)
        firsts = {(gid, p): self.ranked(p, gid, 1)[0][:1] for gid in searchers for p in parts} if len(parts) > 1 else {}
        if game is None and firsts:  # across games: the game answering every part, not one part
            weights = parts_answered(parts, {k: (v[0][0] if v else 0.0) for k, v in firsts.items()}, weights)
        found = sorted(((sc * weights[gid], f) for gid, (hits, _) in per_game.items() for sc, f in hits),
                       key=lambda pair: -pair[0])
        ranked = found
        fixes = {w: c for _, b in per_game.values() if b is not None for w, c in b.fixes.items()}
        found = definition_first(asked, found, searchers, {gid for gid, w in weights.items() if w == max(weights.values())},
                                 lambda word: fixes.get(word.lower(), word))
        result.settled = found is not ranked  # a definition put first: the order is meant, not close
        found = both_halves(asked, found, lambda part: part_best(firsts, part, searchers, weights))
        top_game = found[0][1]["game"] if found else next(iter(searchers), None)
        built = per_game[top_game][1] if top_game in per_game else None
        q = built.query if built else None
        terms = frozenset(text for field, text in q.iter_all_terms() if field == "text") if q else frozenset()
        result.results = [
            Hit(f["id"], f["game"], f["title"], f["text"], _snippet(f["text"], terms, self.analyzer), score, f["source"],
                tuple({"id": i, "title": t, "when": w} for i, t, w in f.get("exceptions") or ()),
                tuple({"id": i, "title": t} for i, t in f.get("exception_to") or ()), provenance(f))
            for score, f in found[:limit]
        ]
        # the best of the first hits: how many of the question's telling words it speaks about
        key, unknown = (len(built.key), built.unknown) if built else (0, 0)
        telling = key + UNKNOWN_WEIGHT * unknown
        best = max((f["_key"] for _, f in found[:COVERAGE_HITS] if f["game"] == top_game), default=0)
        own = own_words(self.searchers[top_game], top_game, found, built, COVERAGE_HITS, UNKNOWN_WEIGHT) if found else None
        if own is not None:  # the asked field re-ranks; whether the reference covers it is the entries' own words' say
            best, telling, share = own
            result.judged = result.results[0].score * share
        result.matched = best / telling if telling else (1.0 if found else 0.0)
        result.telling = telling
        # a misspelt word: one no searched game knows (the top game's correction)
        fixes = {w: c for w, c in (built.fixes if built else {}).items()
                 if all(b is not None and w in b.fixes for _, b in per_game.values())}
        weak = not result.results or result.results[0].score < WEAK_SCORE
        if not weak and fixes:
            # offer a correction only where it is what found the best hit ("grim reapr"), not
            # for an ordinary word the reference happens not to use ("twice")
            top = result.results[0]
            seen = set(self.stems(top.title + " " + top.text + " " + " ".join(self.names())))
            fixes = {w: c for w, c in fixes.items() if c in seen}
        if fixes or weak:
            result.did_you_mean = _did_you_mean(query, fixes, self.names, self.surface)
        return result


def misspelt(fixes: dict[str, str]) -> int:
    """How many of a game's spelling fixes are one: a verb's ending the stemmer keeps ("getting" ->
    get, "dropped" -> drop: rulesdb.analysis.plain_forms) is the game's own word, not a slip."""
    return sum(fix not in plain_forms(word.lower()) for word, fix in fixes.items())


def _named_weight(rule_id: str, said: Callable[[str], bool]) -> float:
    """NAMED_WEIGHT for a rule about one named thing (catharsis.characters.soraten.*) the question
    does not name ("can I activate the same ability twice"), 1.0 otherwise."""
    parts = rule_id.split(".")
    if len(parts) < 4 or parts[1] not in NAMED_SECTIONS:
        return 1.0
    return 1.0 if said(parts[2]) else NAMED_WEIGHT


def _holding(reader, said, lex: Lexicon) -> dict[str, set[int]]:
    """Stem -> the documents where the query's terms for it match (as whoosh's matched terms, but
    read from the postings once per query instead of recorded for every matching document). A stem
    the query asks for in every field that has it is read once, from the "spell" field (each
    document's words of every text field); one left out of a field where it is too common, from
    the fields asked."""
    at = lex.readers.index(reader)
    asked: dict[str, set[str]] = {}  # stem -> its fields in the query (a phrase's words included)
    for field, text in said:
        if field in TEXT_FIELDS:
            asked.setdefault(text, set()).add(field)
    out: dict[str, set[int]] = {}
    for text, fields in asked.items():
        having = {f for f in TEXT_FIELDS if lex.df(f, text)}
        # the asked field too where the query asks it for the word (a word the player said)
        read = sorted(fields) if not having <= fields else ["spell", "asked"] if "asked" in fields else ["spell"]
        for field in read:
            docs = lex.docs(field, text)[at]
            if docs:  # not a phrase's word the field lacks
                out.setdefault(text, set()).update(docs)
    return out


def _named_games(query: str, names: dict[str, dict[str, str]]) -> set[str]:
    """The games a question names ("catharsis what is morale", "How do you win Cataclysm Arcade?"):
    by id, name or an alias of five letters or more (each game's names: RulesSearch.game_names), as
    whole words."""
    low = " " + " ".join(re.findall(r"[a-z0-9]+", query.lower())) + " "
    return {gid for gid, said in names.items() if any(len(n) >= 5 and f" {n} " in low for n in said)}


def _game_weights(typed: set[str], lexicons: dict[str, Lexicon]) -> dict[str, float]:
    """Across games, the game whose own vocabulary the question uses ("determination" is only a
    Cataclysm Arcade word) keeps full weight; games with fewer such words weigh OTHER_GAME."""
    claims = dict.fromkeys(lexicons, 0)
    if len(lexicons) > 1:
        for t in typed:
            having = [gid for gid, lex in lexicons.items() if lex.df("spell", t)]
            if len(having) == 1:
                claims[having[0]] += 1
    top = max(claims.values(), default=0)
    return {gid: 1.0 if n == top else OTHER_GAME for gid, n in claims.items()}


def search(
    query: str,
    cache_dir: Path,
    sources_dir: Path | None = None,
    game: str | None = None,
    limit: int = 10,
    on_build: OnBuild | None = None,
) -> SearchResult:
    """One query: checks the query first, so bad input never builds or touches the index. A first
    search after an install or an update builds the index, showing its progress through `on_build`."""
    _require_words(query)
    if _kept is not None:
        return _kept_engine(cache_dir, sources_dir, on_build).search(query, game, limit)
    with RulesSearch(cache_dir, sources_dir, game, on_build) as engine:
        return engine.search(query, game, limit)


# A long-lived process (companion shell) keeps one engine open over every game, reopened when the
# data or the imported sources change (the index fingerprint), so it never answers from stale data.
_kept: dict | None = None


def keep_open(on: bool) -> None:
    """Keep one open engine for every later search() (on), or close it (off)."""
    global _kept
    if _kept:
        _kept["engine"].close()
    _kept = {} if on else None


def _kept_engine(cache_dir: Path, sources_dir: Path | None, on_build: OnBuild | None = None) -> RulesSearch:
    from rulesdb.index import fingerprint, input_stamp

    # the files' sizes and times first: the data is hashed again only when one of them moved
    stamp = (cache_dir, sources_dir, input_stamp(sources_dir)[0])
    if _kept.get("stamp") != stamp:
        key = (cache_dir, sources_dir, fingerprint(sources_dir))
        if _kept.get("key") != key:
            if _kept:
                _kept["engine"].close()
            _kept.update(key=key, engine=RulesSearch(cache_dir, sources_dir, on_build=on_build))
        _kept["stamp"] = stamp
    return _kept["engine"]


def glossary_names(indexes: dict) -> dict[str, str]:
    """Normalised glossary names and aliases -> the term, read from the indexes (no data load)."""
    from rulesdb.glossary import normalise

    names: dict[str, str] = {}
    for ix in indexes.values():
        with ix.searcher() as searcher:
            for fields in searcher.documents(kind="term"):
                for name in [fields["title"], *fields.get("names", "").split(" ; ")]:
                    if name:
                        names.setdefault(normalise(name), fields["title"])
    return names


def _did_you_mean(query: str, fixes: dict[str, str], names, surface) -> list[str]:
    """Suggestions: the query with misspelt words corrected, then the closest glossary terms."""
    import difflib

    from rulesdb.glossary import normalise

    out = []
    if fixes:
        spelled = surface()
        fixed = query
        for word, better in fixes.items():
            fixed = re.sub(re.escape(word), spelled.get(better, better), fixed, flags=re.IGNORECASE)
        out.append(fixed)
    table = names()
    for key in difflib.get_close_matches(normalise(query), list(table), n=6, cutoff=0.6):
        if table[key] not in out:
            out.append(table[key])
    return out[:4]
