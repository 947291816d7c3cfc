"""What a question asks for. "What is the Line?", "what is the Hell Domain for?", "how does Block
work?" ask for a thing itself: its definition and purpose come before the rules about its use. "Can I
reroll? and how many times" asks two things: each part's best answer stays near the top."""
from __future__ import annotations

import re
from functools import cache
from typing import Callable

from rulesdb.analysis import GENERIC, STOP_WORDS, normalise, words

# "what is X", "what's a X", "what are X for", "what does X mean/do", "how does X work", "define X",
# "meaning of X", "explain X", with the question's tail ("for", "do", "mean", "work") left off.
ASKS_WHAT = (
    r"^\s*(?:so\s+|ok\s+|and\s+)?(?:"
    r"(?:what\s*(?:'s|’s|s|\s+is)|whats)\s+the\s+(?:deal|story)\s+(?:with|about|on)|"  # "what's the deal with X"
    r"what\s*(?:'s|’s|s|\s+is|\s+are|\s+was|\s+does|\s+do)|whats|how\s+(?:does|do|is|are)|define|explain|"
    r"meaning\s+of|what\s+is\s+meant\s+by|tell\s+me\s+about)\s+"
    r"(?P<subject>.+?)\s*(?:\b(?:for|do|does|mean|means|work|works|about|used\s+for|good\s+for|exactly|actually)\b\s*)*"
    r"[?.!\s]*$")
# "what does X mean for the boss", "what does X stand for here", "what does X do for Lumi": X is asked
# about whatever follows
ASKS_MEAN = (r"^\s*(?:so\s+|ok\s+|and\s+)?what\s*(?:does|do|did|is\s+meant\s+by)\s+(?P<subject>.+?)\s+"
             r"(?:mean|means|meant|stand\s+for|stands\s+for|refer\s+to|refers\s+to|do\s+for|does\s+for)\b.*$")
# "used dice card, what is it for", "the Line - what does that do": the thing named first
ASKS_AFTER = (r"^\s*(?P<subject>[^?]+?)\s*[,:;\-–—]?\s+(?:what|whats|what's|what’s)\s*(?:is|are|does|do|'s|’s)?\s*"
              r"(?:it|they|that|this|those|these|thing|the\s+deal(?:\s+with\s+(?:it|them|that|this))?)"
              r"\s*(?:for|do|mean|means|about)?\s*[?.!]*$")  # "murder mystery deck, what's the deal"
# "priority vs initiative", "difference between the Hand and the Party"
ASKS_APART = (r"^\s*(?:(?:so|ok|and)\s+)?(?:(?:what|whats|what's|what’s)\s+(?:is\s+|are\s+)?(?:the\s+)?)?(?:difference\s+between\s+)?"
              r"(?P<one>[\w' -]+?)\s+(?:vs\.?|versus|v\.?|compared\s+to|and)\s+(?P<two>[\w' -]+?)"
              r"(?:\s+difference)?\s*[?.!]*$")
# "subjugate meaning", "catfinity symbol meaning": the thing, then the word asking what it means
ASKS_TAIL = r"^\s*(?P<subject>[^?,;:]+?)\s+(?:meaning|definition|mean|means)\s*[?.!]*$"
TAIL_WORDS = (" meaning", " definition", " mean", " means")
LEADING = r"^(?:(?:a|an|the|this|that|these|those|my|your|our)\s+)+"  # as leading() reads them
LEADING_WORDS = frozenset("a an the this that these those my your our".split())
# the words such a question opens with (after "so", "ok" or "and"): a question opening otherwise
# in plain ASCII is not one, and its pattern is neither compiled nor run (a one-shot search's time)
OPENERS = ("so", "ok", "and", "what", "how", "define", "explain", "meaning", "tell")
# a "subject" this long is a situation, not a thing ("what is the most cards I can hold")
MAX_SUBJECT_WORDS = 4


def defined_subject(question: str) -> str | None:
    """The thing a definition question asks about ("the Hell Domain" -> "Hell Domain"), or None
    when the question asks something else ("what happens when the reaper reaches me")."""
    found = _asks(question)
    return _thing(found["subject"]) if found else None


def _asks(question: str) -> re.Match | None:
    """The definition question's match, None for a question of another form (its opener said so)."""
    head = question.lstrip()[:8].lower()
    if head.isascii() and not head.startswith(OPENERS):
        return None
    return _pattern(ASKS_MEAN).match(question) or _pattern(ASKS_WHAT).match(question)


def subject_head(question: str) -> str | None:
    """The thing a definition question's subject too long for a thing opens with, before what it is for,
    on or in ("what's the Avatar challenge for the Ice Elf Lich deck" -> "Avatar challenge"), or None."""
    found = _asks(question)
    return _thing(" ".join(head_of(found["subject"].split()))) if found else None


def _thing(said: str) -> str | None:
    """A subject as a thing ("the Hell Domain" -> "Hell Domain"), None when it is a situation."""
    subject = leading(said.strip(" '\"")).strip()
    telling = [w for w in subject.lower().split() if w not in {"the", "a", "an", "of"}]
    if not telling or len(telling) > MAX_SUBJECT_WORDS or subject.lower() in {"happen", "happens", "it"}:
        return None
    return subject


# a subject opening with one of these is a situation or a place ("what is in the box", "how do you win")
NOT_A_THING = frozenset("in at for with to from into you i we they he she it me us them".split())


def leading(said: str) -> str:
    """`said` without the articles and possessives it opens with (LEADING), each followed by a space:
    plain string work, no pattern compiled (every question's last reading passes here)."""
    while said[:1] and not said[0].isspace():
        head = said.split(None, 1)
        if len(head) < 2 and said == said.rstrip() or head[0].casefold() not in LEADING_WORDS:
            return said
        said = head[1] if len(head) == 2 else ""
    return said


def _a_thing(subject: str | None) -> str | None:
    return subject if subject and subject.split()[0].lower() not in NOT_A_THING else None


def asked_things(question: str) -> tuple[list[str], bool]:
    """The things a question asks about, and whether it says it asks what they are (False: a bare
    name, "Paw Phase?", or a comparison, "priority vs initiative", which asks for a thing only when
    a glossary term is so named)."""
    low = question.lower()
    # "priority vs initiative"; "what are heaven cards and hell cards" (with "and", only after "what is/are")
    # (every word of the first pattern holds "v" but two: the pattern compiled only for such a question)
    cue = "v" in low or "compared" in low or "difference" in low
    two = (cue and re.search(r"\b(?:vs|versus|v|compared|difference)\b", low)) or (" and " in low and re.match(r"\s*what(?:\s+(?:is|are)|'s|’s|s)\s", low))
    apart = _pattern(ASKS_APART).match(question) if two else None
    if apart:
        return [t for t in (_a_thing(_thing(apart["one"])), _a_thing(_thing(apart["two"]))) if t], False
    subject = _a_thing(defined_subject(question) or defined_subject(question.split(",")[0].split(";")[0])
                       or defined_subject(_behind_name(question)) or subject_head(question))
    if subject is not None:
        return [subject], True
    if question.rstrip(" ?.!").lower().endswith(TAIL_WORDS):
        found = _pattern(ASKS_TAIL).match(question)
        if found and _a_thing(_thing(found["subject"])):
            return [_thing(found["subject"])], True
    if "what" in question.lower():
        found = _pattern(ASKS_AFTER).match(question)
        if found and _a_thing(_thing(found["subject"])):
            return [_thing(found["subject"])], True
    bare = _a_thing(_thing(question.strip(" ?.!")))
    # "king of the meowtain variant": a name's little words do not make it a sentence
    return ([bare] if bare and len([w for w in bare.lower().split() if w not in LITTLE]) <= 3 else []), False


LITTLE = frozenset("the a an of".split())  # the words of a name that say no thing


# "tsuna what are thralls", "Goz: what is a Combo?": a name (a character's, a card's) before the question
NAMED_FIRST = r"^\s*(?P<name>[\w'’-]+(?:\s+[\w'’-]+)?)\s*[:,;\-–—]?\s+(?P<rest>(?:what|whats|what's|what’s|how|define|explain)\b.*)$"


def _behind_name(question: str) -> str:
    """The question after a leading name of one or two words that are not filler ("tsuna what are
    thralls" -> "what are thralls"), or "" when it does not open with one."""
    said = question.lower().split()[1:3]
    if not any(w.startswith(("what", "how", "define", "explain")) for w in said):  # no pattern compiled: start-up
        return ""
    found = _pattern(NAMED_FIRST).match(question)
    if not found or any(w.lower() in STOP_WORDS or w.lower() in GENERIC for w in found["name"].split()):
        return ""
    return found["rest"]


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


def definition_first(query: str, found: list[tuple[float, dict]], searchers: dict, games: set | None = None,
                     fix: Callable[[str], str] | None = None) -> list[tuple[float, dict]]:
    """For a question asking what a thing is (or is for, or how it works), or naming only a glossary
    term: the glossary entries that name it first, each followed by the first rule it links (what
    the thing is or does), then the other hits as ranked. Without such an entry, the hit whose
    title says what the thing is goes first. Any other question keeps its ranking. `games`: the
    games the question points to (a term of another game does not lead); `fix`: a misspelt word's
    correction ("refesh" -> "refresh")."""
    things, asks = asked_things(query)
    if not things or not found:
        return found
    whole = defined_subject(query) if len(things) > 1 else None
    if whole and _terms_named(whole, found, games, fix):
        things = [whole]  # one term's name holds "and" ("Party and Hand Limit")
    lead: list[dict] = []
    for subject in things:
        lead += [f for f in _terms_named(subject, found, games, fix, bare=not asks) if f not in lead]
    if not lead and not asks:
        return found
    want = normalise(things[0])
    if lead:
        have = {f["id"]: f for _, f in found}
        for term in list(lead):
            for rule_id in (term.get("links") or ())[:1]:
                linked = have.get(rule_id) or _stored(searchers, rule_id)
                if linked is not None and linked not in lead:
                    lead.append(linked)
    else:
        lead = [f for _, f in found if f["kind"] != "term" and (games is None or f["game"] in games)
                and defines_in_title(want, f["title"])][:1]
    if not lead:
        return found
    top = found[0][0]
    step = 0.01 * top + 1e-6
    firsts = [(top + step * (len(lead) - n), f) for n, f in enumerate(lead)]
    chosen = {f["id"] for f in lead}
    return firsts + [(sc, f) for sc, f in found if f["id"] not in chosen]


GENERIC_TAIL = frozenset("card cards rule rules thing mechanic keyword effect ability deck decks variant variants mode "
                         "modes".split())
# a bare name's last word saying what kind of thing it names ("King of the Meowtain variant", "god tier
# challenges"); after "what is", such a word may name one case ("the god tier challenge for Goz")
KIND_TAIL = frozenset("tier tiers challenge challenges".split())


def _terms_named(subject: str, found: list[tuple[float, dict]], games: set | None,
                 fix: Callable[[str], str] | None, bare: bool = False) -> list[dict]:
    """The glossary entries among the hits that name the subject: as said, with its misspelt words
    corrected, without a generic last word ("a Special card" -> Special) or, for a question that is
    only a name (`bare`), without its first word ("Catastrophe paw phase?": a game's or a character's
    name before the term; not "what is the max party size", where the first word says which)."""
    said = subject.split()
    tries = [(said, False)]
    if fix is not None:
        fixed = [fix(w) for w in said]
        if fixed != said:
            tries.append((fixed, True))
    if len(said) > 1 and (said[-1].lower() in GENERIC_TAIL or bare and said[-1].lower() in KIND_TAIL):
        tries.append((said[:-1], False))
    if len(said) > 1 and said[-1].isdigit():  # "armor 3", "stun 2": a keyword and its value
        tries.append((said[:-1], False))
    if bare and len(normalise(" ".join(said[1:])).split()) > 1:
        tries.append((said[1:], False))
    head = head_of(said)  # "siphon on calyxia", "Passive on a Role card": the thing before whose it is
    if head != said:
        tries.append((head, False))  # as said: "the god tier challenge for Goz" is Goz's, not the tier's
    terms = [f for _, f in found if f["kind"] == "term" and (games is None or f["game"] in games)]
    for words, loose in tries:
        want = normalise(" ".join(words))
        got = [f for f in terms if _names(want, [f["title"], *(f.get("names") or "").split(" ; ")], loose)]
        if got:
            return got
    return []


# the words after which a subject says whose or where the thing is ("siphon on calyxia")
WHOSE = frozenset("on for in".split())


def head_of(said: list[str]) -> list[str]:
    """A subject's words before the first of WHOSE that follows a word ("siphon on calyxia" -> siphon);
    all of them when there is none ("On Defeat" opens with one: a name)."""
    cut = next((i for i, w in enumerate(said) if i > 0 and w.lower() in WHOSE), len(said))
    return said[:cut]


def _names(want: str, names: list[str], loose: bool) -> bool:
    """names_subject, and where the subject's words were corrected (loose), a name whose words start
    with them (a correction is a stem: "refresh" names Refresh, "abil" Ability)."""
    if names_subject(want, names):
        return True
    if not loose:
        return False
    parts = want.split()
    for n in names:
        have = normalise(n).split() if n else []
        if len(have) == len(parts) and all(h == p or (len(p) >= 4 and h.startswith(p) and len(h) - len(p) <= 3)
                                           for h, p in zip(have, parts)):
            return True
    return False


def _stored(searchers: dict, rule_id: str) -> dict | None:
    """A linked rule the search did not fetch, read by its id from its game's index."""
    searcher = searchers.get(rule_id.split(".", 1)[0])
    fields = searcher.document(id=rule_id) if searcher is not None else None
    return {**fields, "_key": 0} if fields else None


# where a question splits in two: compiled on use, for a question holding a cue of one (below)
HALVES = r"\?\s+(?=\S)|;\s*|,\s*(?:and|but|also|plus)\s+|\s+(?:and also|and then|and what|and how|and can|and do|and does|and is|and if|also)\s+"
HALF_WORDS = 2  # a part of a question needs this many content words to be asked on its own
HALF_PLACE = 3  # each half's best answer is kept within the first this many hits (5 before the asked field)
TOPIC_WORDS = 4  # "Luthia: ..., and ...": a topic before a colon this short is every part's


def question_parts(query: str) -> list[str]:
    """The parts of a two-part question ("can I reroll? and how many times"), each with enough
    words to be asked alone; one part (the whole question) otherwise."""
    low = query.lower()
    # every split holds ";", ",", "also" or "and", or a "?" before the question's last character
    if not (";" in query or "," in query or "also" in low or "and" in low or "?" in query.rstrip()[:-1]):
        return [query]
    parts = [p.strip(" ?,.;") for p in _pattern(HALVES).split(query)]
    # "duo power: who takes damage on it, and can it be replaced": the topic before the colon is
    # what every part asks about
    topic, colon, _ = parts[0].partition(":")
    if len(parts) > 1 and colon and 0 < len(topic.split()) <= TOPIC_WORDS:
        parts = parts[:1] + [f"{topic.strip()}: {p}" for p in parts[1:]]
    parts = [p for p in parts if len([w for w in words(p) if w not in GENERIC]) >= HALF_WORDS]
    return parts if len(parts) >= 2 else [query]


def parts_answered(parts: list[str], firsts: dict[tuple[str, str], float], weights: dict[str, float]) -> dict[str, float]:
    """Across games, a question of several parts: each game's weight times its share of the parts'
    best answers (`firsts`: (game, part) -> the game's first hit's score for that part alone, each
    weighed by its game), so a game answering every part leads one answering a single part
    ("the max cards on my board, and what if my deck runs out")."""
    scored = {k: sc * weights[k[0]] for k, sc in firsts.items()}
    tops = {p: max((sc for (_, q), sc in scored.items() if q == p), default=0.0) or 1.0 for p in parts}
    return {gid: w * sum(scored.get((gid, p), 0.0) / tops[p] for p in parts) / len(parts) for gid, w in weights.items()}


def part_best(firsts: dict, part: str, searchers, weights: dict) -> dict | None:
    """The best first hit of one part of a question (`firsts`: (game, part) -> that game's first
    hit), over the same games and weights."""
    best = None
    for gid in searchers:
        hits = firsts.get((gid, part))
        if hits and (best is None or hits[0][0] * weights[gid] > best[0]):
            best = (hits[0][0] * weights[gid], hits[0][1])
    return best[1] if best else None


def both_halves(query: str, found: list[tuple[float, dict]], best: Callable[[str], dict | None]) -> list[tuple[float, dict]]:
    """A two-part question keeps each part's best answer within the first HALF_PLACE hits: a part's
    best missing there comes in after the first hit (scored just under it)."""
    parts = question_parts(query)
    if len(parts) < 2 or not found:
        return found
    for part in parts:
        hit = best(part)
        if hit is None or hit["id"] in {f["id"] for _, f in found[:HALF_PLACE]}:
            continue
        rest = [(sc, f) for sc, f in found if f["id"] != hit["id"]]
        score = rest[0][0] * 0.999 if len(rest) > 1 else found[0][0]
        found = rest[:1] + [(score, hit | {"_key": 0})] + rest[1:]
    return found


# What brings a state about, before what follows it. "How do you get eliminated", "when is a player
# dead", "when am I out" ask for the cause: the rule that says a player IS eliminated (the moment...),
# not the rules about an eliminated player (the token, the hand) or about what happens if all are dead
# (issue 46). The question: how one gets, becomes or is in a state, a participle or a word of one.
ASKS_CAUSE = (r"\b(?:how|what) (?:do|does|can|could|would|will|might|makes?) (?:i|you|we|they|he|she|one|me|us|them|"
              r"(?:a|my|your|the|our) \w+) (?:get|be|become|end up|go) (?P<how>\w+)\b(?! to\b)"
              r"|\bwhen (?:am|is|are|do|does) (?:i|you|we|they|he|she|one|(?:a|my|your|the|our) \w+) "
              r"(?:(?:get|be|become|considered) )?(?P<when>\w+)\b(?! to\b)")  # "allowed to": a permission
STATES = frozenset("dead out safe".split())  # states not said as a participle (-ed)
# a rule about what follows the state says it only as a condition ("if all players are dead") or of
# someone already in it ("an eliminated player"): it weighs this much
AFTERMATH_WEIGHT = 0.6
PEOPLE = "players?|characters?|party|members?|opponents?"  # "an eliminated player", "dead party members"
SUBORDINATE = r"^(?:if|when|whenever|once|after|although|though|while|unless|since|as long as)\b"  # compiled on use


def asked_state(question: str) -> str | None:
    """The state whose cause a question asks ("how do you get eliminated" -> "eliminated"), or None."""
    low = question.lower()
    if "how " not in low and "when " not in low and "what " not in low:
        return None
    m = re.search(ASKS_CAUSE, low)
    state = m and (m["how"] or m["when"])
    return state if state and (state in STATES or (state.endswith("ed") and len(state) > 4)) else None


def brings_about(text: str, state: str) -> bool | None:
    """True when the text says someone comes to be in the state ("a player is eliminated the moment"),
    False when it says the state only as a condition or of someone already in it ("if all are dead",
    "an eliminated player"), None when it does neither."""
    said = False
    for sentence in re.findall(r"[^.;:!?]+", text.lower()):
        for m in re.finditer(rf"\b(?:is|are|am|be|been|becomes?|gets?|goes|go) (?:\w+ )?{state}\b", sentence):
            clause = sentence[:m.start()].split(",")[-1].strip()
            if not (re.match(SUBORDINATE, clause) and "," in sentence[m.end():]):  # "if all are dead, ..."
                return True
            said = True
        said = said or re.search(rf"\b{state} (?:{PEOPLE})\b", sentence) is not None
    return False if said else None


def cause_first(found: list[tuple[float, dict]], question: str) -> list[tuple[float, dict]]:
    """One game's hits with the rules about what follows the asked state weighed down, best first."""
    state = asked_state(question)
    if state is None:
        return found
    weighed = [(score * (AFTERMATH_WEIGHT if brings_about(fields["text"], state) is False else 1.0), fields)
               for score, fields in found]
    return sorted(weighed, key=lambda pair: -pair[0])


# "When can we spend Morale to refresh", "when do my tapped cards untap", "level over when?" ask for
# the moment, not what the thing does: a rule whose title says no moment weighs as a rule about what
# follows a state does (AFTERMATH_WEIGHT), so the rule saying when comes before the one saying what.
ASKS_WHEN = (r"^\s*(?:(?:so|ok|and|but)\s+)?when\s+(?:can|could|do|does|did|is|are|am|may|must|should|will|would)\b"
             r"|\bwhen\s*[?.!]*\s*$")  # compiled on use: only for a question saying "when"
# a title saying a moment: "When you may refresh", "after each level", "at the start of each round",
# "until all have passed", "turn ends", "on your next turn"
MOMENT = (r"\b(?:when|whenever|after|before|until|till|during|as soon as|once|timing|windows?|any time|anytime"
          r"|immediately|right away|at (?:the )?(?:start|end|beginning)|(?:game|round|turn|level) (?:start|end)s?"
          r"|(?:each|every|next|same|your|his|her|their) (?:turn|round|level|refresh|combat))\b")


# "we flipped the next card already, can we still refresh", "is it too late to react": whether the
# moment for it has passed
TOO_LATE = r"\balready\b.*\bstill\b|\btoo late\b"


def asks_when(question: str) -> bool:
    """Whether a question asks when something happens or may be done ("when can we refresh"), or
    whether its moment has passed ("... already, can we still refresh")."""
    low = question.lower()
    return ("when" in low and re.search(ASKS_WHEN, question, re.IGNORECASE) is not None
            or ("already" in low or "late" in low) and re.search(TOO_LATE, low) is not None)


def moment_first(found: list[tuple[float, dict]], question: str) -> list[tuple[float, dict]]:
    """One game's hits for a question asking when, the rules whose title says no moment weighed down,
    best first; any other question's hits as they were."""
    if not found or not asks_when(question):
        return found
    weighed = [(score * (1.0 if re.search(MOMENT, fields["title"], re.IGNORECASE) else AFTERMATH_WEIGHT), fields)
               for score, fields in found]
    return sorted(weighed, key=lambda pair: -pair[0])
