"""Reading what a player typed: names matched without case, by unique prefix or anywhere in the name
(`match`; a player at the table: `player`); the one command a verdict names to teach the card library an
unknown field (`teach`); and how messages write names back (`listing`, `quote`, `count`)."""
from __future__ import annotations

import difflib
import re
from typing import Sequence, TypeVar

from engine.errors import AmbiguousMove, MoveSyntaxError, UnknownVerb

T = TypeVar("T")


def nearest(word: str, choices: list[str], n: int = 3) -> list[str]:
    """The choices closest to a word (for "did you mean"), in their own spelling."""
    lookup = {c.lower(): c for c in choices}
    return [lookup[c] for c in difflib.get_close_matches(word.lower(), list(lookup), n=n, cutoff=0.5)]


def match(word: str, choices: list[str], what: str, hint: str = "did you mean", anywhere: bool = True) -> str:
    """The choice a word names: exact (any case), else a unique prefix, else (with `anywhere`) a
    unique choice holding the word anywhere (`shield` -> Divine Shield). MoveSyntaxError names the
    word and the nearest choices; AmbiguousMove lists every choice the word fits (the table's
    "did you mean" among its own names)."""
    low = word.lower()
    if not low.strip():  # an empty word starts every choice: it names none of them
        raise MoveSyntaxError(f"an empty word names no {what}; type one of: {', '.join(choices[:8]) or '(none)'}"
                              f"{', ...' if len(choices) > 8 else ''}")
    exact = [c for c in choices if c.lower() == low]
    if exact:
        return exact[0]
    fits = [c for c in choices if c.lower().startswith(low)]
    if not fits and anywhere and low.strip():
        fits = [c for c in choices if low in c.lower()]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        raise AmbiguousMove(f"{what} {word!r} fits several; did you mean one of them", fits)
    shown = nearest(word, choices) or choices[:8]
    raise MoveSyntaxError(f"unknown {what} {word!r}; {hint}: {', '.join(shown) or '(none)'}")


def player(word: str, players: Sequence[T], what: str = "player") -> T:
    """The player a word names, from a table's players (names, or anything with a `.name`), returned
    as given: exact (any case), else a unique prefix, else a unique name holding the word. Every
    game reads a player this one way. A word that fits none raises MoveSyntaxError naming the
    closest names and every player; one that fits several raises AmbiguousMove listing them."""
    names = [p if isinstance(p, str) else p.name for p in players]
    for i, name in enumerate(names):
        if name == word:  # the common case (a name already resolved): no matching needed
            return players[i]
    if word.strip():
        try:
            return players[names.index(match(word, names, what))]
        except MoveSyntaxError:
            pass
    near = nearest(word, names)
    guess = f"did you mean {' or '.join(near)}? " if near else ""
    raise MoveSyntaxError(f"unknown {what} {word!r}; {guess}{what}s: {', '.join(names) or '(none)'}")


def held_names(words: Sequence[str], names: Sequence[str]) -> list[str]:
    """The words with each player's name of several words held as one word, in its own spelling,
    typed quoted or not (`mary jo -1` -> `Mary Jo`, `-1`): every reader then takes it as one player."""
    many = sorted({n for n in names if len(n.split()) > 1}, key=lambda n: -len(n.split()))
    out: list[str] = []
    i = 0
    while i < len(words):
        for name in many:
            want, got, j = name.casefold().split(), [], i
            while j < len(words) and len(got) < len(want):
                got += str(words[j]).casefold().split()
                j += 1
            if got == want:
                out.append(name)
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return out


def quoted_names(text: str, names: Sequence[str]) -> str:
    """A play with each player's name of several words typed bare written in double quotes
    (`mary jo play Hairball` -> `"Mary Jo" play Hairball`), as every notation reads one name."""
    for name in sorted({n for n in names if len(n.split()) > 1}, key=lambda n: -len(n.split())):
        bare = r"(?<![\w\"'])" + r"\s+".join(map(re.escape, name.split())) + r"(?![\w\"'])"
        text = re.sub(bare, lambda _: f'"{name}"', text, flags=re.IGNORECASE)
    return text


def player_names(state) -> list[str]:
    """The names of a table's players (every game's State has `players`, each with a `name`)."""
    return [p if isinstance(p, str) else p.name for p in getattr(state, "players", ())]


def teach(game: str, card: str, field: str, example: str = "...") -> str:
    """The one command that teaches the library a card's unknown field, for a verdict to name:
    teach("catharsis", "Fire Bolt", "bottom") -> `companion cards add catharsis "Fire Bolt" --bottom "..."`.
    (`cards edit` when the card is known but the field is not: the caller says which with `verb`.)"""
    return f'companion cards add {game} {_quoted(card)} --{field.replace("_", "-")} {_quoted(example, always=True)}'


def teach_edit(game: str, card: str, field: str, example: str = "...") -> str:
    """As teach(), for a card the library or catalogue has already: `companion cards edit ...`."""
    return teach(game, card, field, example).replace("companion cards add ", "companion cards edit ", 1)


def library_commands(game: str, card: str) -> tuple[str, str]:
    """The start of the `cards add` and of the `cards edit` of a card, as teach() and teach_edit() write them."""
    return f"companion cards add {game} {_quoted(card)} ", f"companion cards edit {game} {_quoted(card)} "


def taught_added(messages: Sequence[str], game: str) -> list[str]:
    """The cards that `messages` teach with a `cards add` (teach()), as they name them, each once."""
    found = re.findall(rf'companion cards add {re.escape(game)} ("(?:[^"\\]|\\.)*"|[^\s"`]+) ', "\n".join(messages))
    names = [re.sub(r'\\(.)', r"\1", n[1:-1]) if n.startswith('"') else n for n in found]
    return list(dict.fromkeys(names))


def told(verdict) -> list[str]:
    """What a verdict says: its reasons' and its unchecked notes' messages (none without a verdict)."""
    return [r.message for r in (*verdict.reasons, *verdict.unchecked)] if verdict is not None else []


def reads_library(views, state, move, verdict, game: str) -> bool:
    """Whether a verdict is judged again as the card library is now (trackers/library.py as_library_is):
    its play or change names a card the table does not describe (Views.cards_unknown), or it teaches one
    with `cards add`. Every other play keeps the library, and its import, out of its path."""
    return bool(move is not None and views.cards_unknown(state, move)) or bool(taught_added(told(verdict), game))


def card_word(name: str) -> str:
    """A card's name as a command takes it (teach() writes it so): quoted when it holds a space."""
    return _quoted(name)


def _quoted(text: str, always: bool = False) -> str:
    """A word as a shell reads it back: in double quotes when it holds a space (or `always`)."""
    if not always and text and all(ch.isalnum() or ch in "-_.'" for ch in text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def command(token: str, aliases: dict[str, str], commands) -> str:
    """The tracker verb a word names (through the game's aliases, e.g. "pc" -> "power-cats");
    MoveSyntaxError names the word and the closest commands."""
    low = token.lower().replace("_", "-")
    if low in aliases:
        return aliases[low]
    # a shortened verb is never guessed: every verb changes the table (or is harmless typed in full),
    # and a word cut short may be another order (`clear` is not `cleared`): the full word is asked for
    longer = sorted({aliases[a] for a in aliases if a.startswith(low)}) if low else []
    if len(longer) == 1 and longer[0].startswith(low):
        raise UnknownVerb(f"unknown command {token!r}: {token!r} is short for {longer[0]!r}, which is "
                          f"only read typed in full (`{longer[0]} ...`)", token, longer[0])
    # a word that starts only another name of a verb (`card` of `cards`, Catopomp's `hand`) is no short form
    # of the verb: the verb is offered as any near word's is
    near = difflib.get_close_matches(low, list(aliases), n=3, cutoff=0.5)
    choices = sorted({*(longer if len(longer) == 1 else ()), *(aliases[n] for n in near)}) or list(commands)
    raise UnknownVerb(f"unknown command {token!r}; did you mean: {', '.join(choices)}", token)


def listing(names) -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C" ("nothing" for none)."""
    names = list(names)
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def quote(name: str) -> str:
    """A name as the table types it in a play or command, read back as one word (shlex): bare, or in
    double quotes when it holds a space or a quote, so it still reads as written ("O'Neil"); shell style
    only when a double quote or a backslash leaves no other way."""
    import shlex

    if name and not any(ch.isspace() or ch in "'\"\\" for ch in name):
        return name
    return shlex.quote(name) if set(name) & set('"\\$`') else f'"{name}"'


def split_words(text: str, example: str) -> list[str]:
    """The words of a play as the notations read them (shlex: quotes hold a name of several words
    together). A quote left open (an apostrophe in `roll O'Neil 1 2`) is bad input in one line naming
    the word that opens it and the form that reads: the name in double quotes (`example`, the game's)."""
    import shlex

    try:
        return shlex.split(text)
    except ValueError as exc:
        opener = next((w for w in text.split() if "'" in w or '"' in w), "")
        where = f"the quote mark in {opener} opens" if opener else "a quote mark opens"
        raise MoveSyntaxError(f"cannot read {text!r}: {where} a quotation that never closes ({str(exc).lower()}); "
                              f"write a name holding an apostrophe in double quotes, e.g. {example}") from None


def count(n: int, one: str, many: str | None = None) -> str:
    """A number with its noun, singular for exactly one: count(1, "card") -> "1 card",
    count(3, "card") -> "3 cards", count(2, "life", "lives") -> "2 lives"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


_AMOUNT = re.compile(r"([+\-=]?)(\d+)")  # as typed: the sign may be missing
_SIGNED = re.compile(r"([+\-=])(\d+)")  # as logged: always signed
#: a number word of a change: signed or not, a card field's `key=N`, a list `8/10/12`
_NUMBERS = re.compile(r"(?:[a-z][a-z-]*=)?[+\-=]?\d+(?:/\d+)*", re.I)

#: the largest number a tracker command takes (a counter change, a count, a health, a card's field): a
#: bound on what the companion keeps, far above any count at a real table, so `--overrule` does not lift it
MOST_AMOUNT = 999
#: the valid range, as a refusal names it
AMOUNTS = f"a change runs from +1 to +{MOST_AMOUNT} or -1 to -{MOST_AMOUNT}, a count or =N from 0 to {MOST_AMOUNT}"


#: a number word with a decimal point (`-1.5`, `=.5`, `adjust=2.5`): no count at a table has a fraction
_DECIMAL = re.compile(r"(?:[a-z][\w.-]*=)?[+\-=]?\d*\.\d+", re.I)


def whole_numbers(words: list[str]) -> None:
    """A tracker command's words, before any game reads them: a number with a decimal point is refused
    as one (not read as an unknown player's name), for every game alike."""
    tokens = [t for w in words for t in str(w).split()]
    decimal = next((t for t in tokens[1:] if _DECIMAL.fullmatch(t)), None)
    if decimal is not None:
        shown = decimal if len(decimal) <= 12 else decimal[:12] + "..."
        refused = MoveSyntaxError(f"{tokens[0]}: {shown!r} is not a whole number; changes and counts take "
                                  f"whole numbers only (e.g. -1 or +2)")
        refused.spelling = False  # no misspelling: a play's "did you mean" does not replace the line
        raise refused


def number_problem(word: str, by_zero: bool = True) -> str | None:
    """Why a number word of a tracker change is refused (None: it is not refused): past MOST_AMOUNT,
    or a change by 0 (`+0`, `-0`: it would log a change that changes nothing; not with by_zero=False,
    as `track import` reads a log an older version wrote). Every game's tracker reads its typed
    numbers through this one rule (engine.tracking.Tracker.parse)."""
    if not _NUMBERS.fullmatch(word):
        return None
    shown = word if len(word) <= 12 else word[:12] + "..."
    if any(int(n) > MOST_AMOUNT for n in re.findall(r"\d+", word)):
        return f"{shown!r} is out of range: {AMOUNTS}"
    if by_zero and re.fullmatch(r"[+-]0+", word):
        return f"{shown!r} changes nothing: {AMOUNTS}"
    return None


def amount(token: str, label: str, readings: str = "+-=", no_set: str | None = None) -> str:
    """A counter change as typed, normalised: '+2', '-1' or '=5' (set). A bare number could mean
    several of these: AmbiguousMove lists `label` with each sign in `readings`; a bare 0 is =0 where
    =N is read, else +0 (which Tracker.parse refuses: number_problem). Past MOST_AMOUNT: MoveSyntaxError.
    With `no_set` (the reason) a counter refuses =N."""
    m = _AMOUNT.fullmatch(token.strip())
    if not m:
        ways = "+N to add or -N to take away" if no_set else "+N to add, -N to take away or =N to set"
        raise MoveSyntaxError(f"{token!r} is not an amount; write {ways} (e.g. `{label} -1`)")
    sign, n = m.group(1), int(m.group(2))
    if n > MOST_AMOUNT:  # worded as Tracker.parse words it: the verb first
        problem = number_problem(token.strip()) or AMOUNTS
        raise MoveSyntaxError(f"{label.split()[0]}: {problem}" if label.strip() else problem)
    ways = [s for s in readings if not (s == "=" and no_set)]
    if n == 0 and sign == "" and "=" in ways:
        ways = ["="]  # adding or taking 0 changes nothing: setting is the one reading left
    if sign == "" and n == 0 and "=" not in ways:
        return "+0"
    if sign == "":
        raise AmbiguousMove(f"{token!r} has no sign", [f"{label} {s}{n}" for s in ways])
    if sign == "=":
        if no_set:
            raise MoveSyntaxError(no_set)
        return f"={n}"
    return f"{n if sign == '+' else -n:+d}"


def signed(text: str, verb: str | None = None) -> tuple[str, int]:
    """A normalised amount read back from a logged change: (sign, N) with sign '+', '-' or '='."""
    m = _SIGNED.fullmatch(text)
    if not m:
        raise MoveSyntaxError(f"{verb + ': ' if verb else ''}{text!r} is not an amount (+N, -N or =N)")
    return m.group(1), int(m.group(2))


def numbers_read(change, typed: list[str]):
    """Every game's one rule on the numbers of a change (words.number_problem), the change returned:
    MoveSyntaxError for a number past the range or a change by 0, quoted as `typed` (`-0`, not the '+0'
    the notation reads it as) where a typed word has the problem."""
    for word in change.args:
        if problem := number_problem(word):
            said = next((found for w in typed if (found := number_problem(w))), None)
            bare = next((w for w in typed if re.fullmatch(r"0+", w)), None)  # a bare 0 read as a change by 0
            if said is None and bare is not None and re.fullmatch(r"[+-]0+", word):
                said = problem.replace(repr(word), repr(bare), 1)
            raise MoveSyntaxError(f"{change.verb}: {said or problem}")
    return change


def typed_play(move) -> None:
    """A play typed now that is a tracker change (Catharsis `play "morale -2"`) meets the numbers rule
    a typed `track` change meets. Only typed plays: a play a log holds replays as it was recorded (an
    older version took `morale -0` as a change of nothing), so a saved session always reopens."""
    change = getattr(move, "change", None)
    if change is not None:
        numbers_read(change, list(getattr(move, "words", ()) or change.args))
