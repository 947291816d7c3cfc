"""What a question asks for. "What is the Line?", "what is the Hell Domain for?", "how does Block
work?" ask for a thing itself: its definition and purpose come before the rules about its use."""
from __future__ import annotations

import re
from functools import cache

from rulesdb.analysis import normalise

# "what is X", "what's a X", "what are X for", "what does X mean/do", "how does X work", "define X",
# "meaning of X", "explain X", with the question's tail ("for", "do", "mean", "work") left off.
ASKS_WHAT = (
    r"^\s*(?:so\s+|ok\s+|and\s+)?(?:"
    r"what\s*(?:'s|’s|s|\s+is|\s+are|\s+was|\s+does|\s+do)|whats|how\s+(?:does|do|is|are)|define|explain|"
    r"meaning\s+of|what\s+is\s+meant\s+by|tell\s+me\s+about)\s+"
    r"(?P<subject>.+?)\s*(?:\b(?:for|do|does|mean|means|work|works|about|used\s+for|good\s+for|exactly|actually)\b\s*)*"
    r"[?.!\s]*$")
# "what does X mean for the boss", "what does X stand for here": X is asked about whatever follows
ASKS_MEAN = (r"^\s*(?:so\s+|ok\s+|and\s+)?what\s*(?:does|do|did|is\s+meant\s+by)\s+(?P<subject>.+?)\s+"
             r"(?:mean|means|meant|stand\s+for|stands\s+for|refer\s+to|refers\s+to)\b.*$")
LEADING = r"^(?:(?:a|an|the|this|that|these|those|my|your|our)\s+)+"
# the words such a question opens with (after "so", "ok" or "and"): a question opening otherwise
# in plain ASCII is not one, and its pattern is neither compiled nor run (a one-shot search's time)
OPENERS = ("so", "ok", "and", "what", "how", "define", "explain", "meaning", "tell")
# a "subject" this long is a situation, not a thing ("what is the most cards I can hold")
MAX_SUBJECT_WORDS = 4


def defined_subject(question: str) -> str | None:
    """The thing a definition question asks about ("the Hell Domain" -> "Hell Domain"), or None
    when the question asks something else ("what happens when the reaper reaches me")."""
    head = question.lstrip()[:8].lower()
    if head.isascii() and not head.startswith(OPENERS):
        return None
    found = _pattern(ASKS_MEAN).match(question) or _pattern(ASKS_WHAT).match(question)
    if not found:
        return None
    subject = _pattern(LEADING).sub("", found["subject"].strip(" '\"")).strip()
    telling = [w for w in subject.lower().split() if w not in {"the", "a", "an", "of"}]
    if not telling or len(telling) > MAX_SUBJECT_WORDS or subject.lower() in {"happen", "happens", "it"}:
        return None
    return subject


@cache
def _pattern(text: str) -> re.Pattern:
    return re.compile(text, re.IGNORECASE)


def names_subject(subject_norm: str, names: list[str]) -> bool:
    """Whether one of a glossary term's names is the subject ("power cat" and "Power Cats")."""
    return any(normalise(n) == subject_norm for n in names if n)


def defines_in_title(subject_norm: str, title: str) -> bool:
    """Whether a rule's title says what the subject is: "What Fighters are", "Reward Area: ...",
    "Cards in hand are Heaven cards"."""
    t = normalise(title)
    if not subject_norm or subject_norm not in t:
        return False
    return (t.startswith("what ") and subject_norm in t.split(" ", 1)[1]) or t.startswith(subject_norm + " ") \
        or t == subject_norm or t.endswith(" " + subject_norm)


def definition_first(query: str, found: list[tuple[float, dict]], searchers: dict) -> list[tuple[float, dict]]:
    """For a question asking what a thing is (or is for, or how it works): the glossary entries
    that name it first, each followed by the first rule it links (what the thing is or does),
    then the other hits as ranked. Without such an entry, the hit whose title says what the thing
    is goes first. Any other question keeps its ranking."""
    subject = defined_subject(query) or defined_subject(query.split(",")[0].split(";")[0])
    if subject is None or not found:
        return found
    want = normalise(subject)
    lead = [f for _, f in found if f["kind"] == "term"
            and names_subject(want, [f["title"], *(f.get("names") or "").split(" ; ")])]
    if lead:
        have = {f["id"]: f for _, f in found}
        for term in list(lead):
            for rule_id in (term.get("links") or ())[:1]:
                linked = have.get(rule_id) or _stored(searchers, rule_id)
                if linked is not None and linked not in lead:
                    lead.append(linked)
    else:
        lead = [f for _, f in found if f["kind"] != "term" and defines_in_title(want, f["title"])][:1]
    if not lead:
        return found
    top = found[0][0]
    step = 0.01 * top + 1e-6
    firsts = [(top + step * (len(lead) - n), f) for n, f in enumerate(lead)]
    chosen = {f["id"] for f in lead}
    return firsts + [(sc, f) for sc, f in found if f["id"] not in chosen]


def _stored(searchers: dict, rule_id: str) -> dict | None:
    """A linked rule the search did not fetch, read by its id from its game's index."""
    searcher = searchers.get(rule_id.split(".", 1)[0])
    fields = searcher.document(id=rule_id) if searcher is not None else None
    return {**fields, "_key": 0} if fields else None
