"""Search in a player's own words: synonyms, typo tolerance, OR-grouped terms, a game filter."""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulesdb.analysis import synonyms, words
from rulesdb.errors import BadQuery
from rulesdb.index import TEXT_FIELDS, open_index

WEAK_SCORE = 4.0
SYNONYM_WEIGHT = 0.7
PHRASE_WEIGHT = 0.5
PHRASE_FIELDS = ("title", "keywords", "aliases")
RARE = 6  # a word in fewer documents than this may be a typo of a common one  # a synonym or a spelling fix weighs this much of the word as typed  # below this the best hit is a poor match: offer "did you mean"


@dataclass(frozen=True)
class Hit:
    id: str
    game: str
    title: str
    text: str
    snippet: str  # matched words wrapped in ** **
    score: float
    source: str


@dataclass
class SearchResult:
    query: str
    game: str | None
    results: list[Hit] = field(default_factory=list)
    did_you_mean: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "query": self.query,
            "game": self.game,
            "results": [asdict(h) | {"score": round(h.score, 3)} for h in self.results],
            "did_you_mean": self.did_you_mean,
        }


def _known(reader, token: str) -> bool:
    return reader.doc_frequency("spell", token) > 0


def _distance(a: str, b: str) -> int:
    """Edit distance counting a swap of two neighbours as one edit ("bouns" -> "bonus" is 1)."""
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            cur.append(cost)
        prev2, prev = prev, cur
    return prev[-1]


def _corrections(reader, token: str) -> list[str]:
    """Index terms close to a word the index lacks: fewest edits first, then most common."""
    if len(token) < 4 or token.isdigit():
        return []
    limit = 1 if len(token) <= 4 else 2
    scored = []
    for term in reader.terms_within("spell", token, 2, prefix=1):
        d = _distance(token, term)
        if 0 < d <= limit:
            scored.append((d, -reader.doc_frequency("spell", term), term))
    return [t for _, _, t in sorted(scored)[:3]]


def _analyse(ana, word: str) -> list[str]:
    return [t.text for t in ana(word)]


def build_query(reader, ana, query: str):
    """An Or over every text field of each query word's stems, synonyms and (for words the
    index lacks) close spellings. Returns (query, {misspelt word: correction})."""
    from whoosh.query import Or, Phrase, Term

    terms, fixes = [], {}
    for word in words(query):
        tokens: set[str] = set()
        for variant in synonyms(word) | synonyms(word.replace("-", "")):
            tokens.update(_analyse(ana, variant))
        known = {t for t in tokens if _known(reader, t)}
        if not known:
            for t in list(tokens):
                close = _corrections(reader, t)
                if close:
                    fixes[word] = close[0]
                known.update(close)
        else:
            # a rare word may be a typo that some alias spells the same way ("bouns"): add the
            # far more common close word too
            for t in set(_analyse(ana, word)) & known:
                df = reader.doc_frequency("spell", t)
                if df < RARE:
                    known.update(c for c in _corrections(reader, t) if reader.doc_frequency("spell", c) >= 2 * df)
        own = set(_analyse(ana, word)) | set(_analyse(ana, word.replace("-", "")))
        for t in sorted(known):
            # the word as typed counts fully; synonyms and spelling fixes a little less
            weight = 1.0 if t in own else SYNONYM_WEIGHT
            terms += [Term(f, t, boost=weight) for f in TEXT_FIELDS]
    # Two words side by side as a player says them ("hit back", "hand limit") weigh extra
    # where a title, keyword or alias has them in that order.
    stems = [_analyse(ana, w) for w in words(query)]
    for a, b in zip(stems, stems[1:]):
        if len(a) == 1 and len(b) == 1 and a[0] != b[0]:
            terms += [Phrase(f, [a[0], b[0]], boost=PHRASE_WEIGHT) for f in PHRASE_FIELDS]
    # The words are OR-ed: BM25F adds them up, so a rule matching more of them ranks higher.
    return (Or(terms) if terms else None), fixes


def _marker():
    """A whoosh highlight formatter that wraps matches in ** ** and joins fragments with ' … '."""
    from whoosh.highlight import Formatter, get_text

    class Marker(Formatter):
        between = " … "

        def format_token(self, text, token, replace=False):
            return f"**{get_text(text, token, replace)}**"

    return Marker()


def _snippet(hit, text: str) -> str:
    try:
        marked = hit.highlights("text", top=2)
    except Exception:  # a highlighting failure must never cost the answer
        marked = ""
    if marked:
        return " ".join(marked.split())
    plain = " ".join(text.split())
    return plain if len(plain) <= 200 else plain[:197].rsplit(" ", 1)[0] + " …"


class RulesSearch:
    """An open index to run many queries against (the CLI runs one, a long-lived assistant many)."""

    def __init__(self, cache_dir: Path, sources_dir: Path | None = None):
        from rulesdb.analysis import analyzer

        self.ix = open_index(cache_dir, sources_dir)
        self.analyzer = analyzer()

    def search(self, query: str, game: str | None = None, limit: int = 10) -> SearchResult:
        """Ranked hits for a natural-language question, optionally within one game."""
        if not words(query):
            raise BadQuery("the query is empty: type a few words, e.g. companion rules search \"reroll one die\"")
        from whoosh import highlight
        from whoosh.query import Term

        result = SearchResult(query=query, game=game)
        with self.ix.searcher() as searcher:
            q, fixes = build_query(searcher.reader(), self.analyzer, query)
            if q is not None:
                hits = searcher.search(q, limit=limit, filter=Term("game", game) if game else None)
                hits.fragmenter = highlight.ContextFragmenter(maxchars=220, surround=60)
                hits.formatter = _marker()
                for h in hits:
                    result.results.append(
                        Hit(h["id"], h["game"], h["title"], h["text"], _snippet(h, h["text"]), float(h.score), h["source"])
                    )
            if fixes or not result.results or result.results[0].score < WEAK_SCORE:
                result.did_you_mean = _did_you_mean(query, fixes, game)
        return result


def search(
    query: str,
    cache_dir: Path,
    sources_dir: Path | None = None,
    game: str | None = None,
    limit: int = 10,
) -> SearchResult:
    """One query: checks the query first, so bad input never builds or touches the index."""
    if not words(query):
        raise BadQuery("the query is empty: type a few words, e.g. companion rules search \"reroll one die\"")
    return RulesSearch(cache_dir, sources_dir).search(query, game, limit)


def _did_you_mean(query: str, fixes: dict[str, str], game: str | None) -> list[str]:
    """Suggestions: the query with misspelt words corrected, then close glossary terms."""
    out = []
    if fixes:
        fixed = query
        for word, better in fixes.items():
            fixed = re.sub(re.escape(word), better, fixed, flags=re.IGNORECASE)
        out.append(fixed)
    from rulesdb.glossary import nearest_terms

    out += [t for t in nearest_terms(query, game) if t not in out]
    return out[:4]
