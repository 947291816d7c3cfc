"""The tracker side of a game's rules model: its verb rows (`Verb`), the one sequence that reads,
checks and applies a command through them, and the `Tracker` face built from a declaration.
A tracker change is a transition of the same State a play changes (docs/architecture.md "The verb
table"); pure functions, no I/O.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Callable, Generic, Mapping, NamedTuple, TypeVar

from engine.base import Change, Effect, EngineError, MoveSyntaxError, Reason, UnknownVerb, Verdict  # noqa: F401  (Change: the step's)
from engine.record import Record
from engine.words import held_names, numbers_read, player_names, whole_numbers

S = TypeVar("S", bound=Record)


class OptionError(EngineError):
    """A game option for a new session that is unknown, missing or out of range."""


def options(given: Mapping[str, str] | None, known: Mapping[str, str], game: str,
            aliases: Mapping[str, str] | None = None) -> dict[str, str]:
    """The options a table gave for a new session, under their own names: a name is read without
    case, with `_` as `-`, and through `aliases` (another word -> option name); values are stripped.
    `known` is the tracker's OPTIONS (name -> description). An unknown name raises a one-line
    OptionError with the closest names ("did you mean") and every option of the game."""
    names = {k: k for k in known} | dict(aliases or {})
    out: dict[str, str] = {}
    for key, value in (given or {}).items():
        k = str(key).strip().lower().replace("_", "-")
        if k not in names:
            near = difflib.get_close_matches(k, sorted(names), n=2, cutoff=0.4)
            hint = f" (did you mean {' or '.join(sorted({names[n] for n in near}))}?)" if near else ""
            raise OptionError(f"unknown option {key!r}{hint}; {game} options: {', '.join(known)}")
        out[names[k]] = str(value).strip()
    return out


_YES = ("yes", "y", "true", "on", "1")
_NO = ("no", "n", "false", "off", "0")


def flag(name: str, value: str) -> bool:
    """A yes/no option's value (yes, y, true, on, 1 / no, n, false, off, 0, any case); a one-line
    OptionError names the option and the two choices."""
    low = value.strip().lower()
    if low in _YES or low in _NO:
        return low in _YES
    raise OptionError(f"{name}: {value!r} is not yes or no; choose yes or no")


class Counter(NamedTuple):
    """What a counter verb moves (a row's `counter`), for the page's − / + steppers: the summary key
    holding its number (`key`: in the player's row when `of_player`, else the table's), and the bounds
    its check holds (`low`, `high`: None for none), past which no step is offered."""

    key: str
    of_player: bool = True
    low: int | None = 0
    high: int | None = None


class Verb(NamedTuple):
    """One row of a game's verb table (`VERBS: dict[str, Verb]` in its track.py), the same for every game
    and everything about the verb; each field and its signature: docs/architecture.md "The verb table"."""

    check: Callable[[Any, Change, "Findings"], None] | None
    apply: Callable[[Any, Change], None]
    aliases: tuple[str, ...] = ()
    read_only: bool = False
    setup: bool = False
    usage: str = ""
    read: Callable[[Any, str, list[str], str], Change] | tuple[str, ...] = ()
    counter: Counter | None = None
    advise: Callable[[Any, Change, "Findings"], list[str]] | None = None
    readings: Callable[[Change, list[str], set[str]], list[Reason]] | None = None
    after_win: Callable[[Change], bool] | None = None
    secret: str = ""
    listed: bool = False


class Words(NamedTuple):
    """How a game reads the words of the rows whose `read` names their kinds: `kinds`: kind ->
    `read(state, verb, word, before)` -> the Change's argument (`before`: the (kind, word, argument)
    read ahead of it); the kind `verb` takes no word and gives the verb. `missing(verb, usage)` and
    `unexpected(verb, usage, word)` say what is wrong with too few and too many words."""

    kinds: Mapping[str, Callable[[Any, str, str, list], str]]
    missing: Callable[[str, str], str]
    unexpected: Callable[[str, str, str], str]


def _nothing_more(verb: str, usage: str, word: str) -> str:
    return f"{verb} takes nothing after it; unexpected {word!r}"


#: the reading of a verb that takes no words (`next`, `score`), every game's
ALONE = Words({}, _nothing_more, _nothing_more)


def read_words(verbs: Mapping[str, Verb], state: Any, verb: str, rest: list[str], words: Words = ALONE) -> Change:
    """The Change of `verb` from the words after it, by its row: its own reader, or its kinds of words
    read one by one through `words` (exactly one word each, but the kind `verb`)."""
    found = row(verbs, verb)
    if callable(found.read):
        return found.read(state, verb, rest, found.usage)
    wanted = sum(kind != "verb" for kind in found.read)
    if len(rest) < wanted:
        raise MoveSyntaxError(words.missing(verb, found.usage))
    if len(rest) > wanted:
        raise MoveSyntaxError(words.unexpected(verb, found.usage, rest[wanted]))
    before: list[tuple[str, str, str]] = []
    given = iter(rest)
    for kind in found.read:
        word = verb if kind == "verb" else next(given)
        before.append((kind, word, verb if kind == "verb" else words.kinds[kind](state, verb, word, before)))
    return Change(verb=verb, args=tuple(arg for _, _, arg in before))


def read_command(verbs: Mapping[str, Verb], state: Any, words: list[str], aliases: Mapping[str, str]) -> Change:
    """A command's Change: the verb it names (`split`), then its row's reading of the words after it."""
    verb, rest = split(usage_of(verbs), aliases, words, player_names(state))
    return read_words(verbs, state, verb, rest)


def usage_of(verbs: Mapping[str, Verb]) -> dict[str, str]:
    """verb -> its row's one-line usage, in the rows' order."""
    return {verb: r.usage for verb, r in verbs.items()}


def counters_of(verbs: Mapping[str, Verb]) -> dict[str, Counter]:
    """verb -> what it moves, for the verbs whose row is a counter."""
    return {verb: r.counter for verb, r in verbs.items() if r.counter is not None}


def row(verbs: Mapping[str, Verb], verb: str) -> Verb:
    """The row of `verb`; MoveSyntaxError names an unknown one and every command."""
    found = verbs.get(verb)
    if found is None:
        raise UnknownVerb(f"unknown command {verb!r}; commands: {', '.join(verbs)}", verb)
    return found


def check_verb(verbs: Mapping[str, Verb], state: Any, change: Change, found: "Findings") -> "Findings":
    """The change's own check, by its row: what it breaks goes into `found` (returned)."""
    check = row(verbs, change.verb).check
    if check is not None:
        check(state, change, found)
    return found


def apply_verb(verbs: Mapping[str, Verb], table: Any, change: Change) -> Any:
    """The change's transition, by its row, made on the game's working `table` (returned)."""
    row(verbs, change.verb).apply(table, change)
    return table


def judged(verbs: Mapping[str, Verb], state: Any, change: Change, apply: Callable[[Any, Change], tuple],
           found: "Findings | None" = None, advise: Callable[..., Any] | None = None,
           readings: Callable[..., Any] | None = None) -> Verdict:
    """The referee's answer on a tracker change, every game's sequence: the row's check (or what a
    game's own check `found` first); refused: the verdict, with `advise(state, change, found)` as the
    commands near it (by default the row's `advise`, else the advice gathered, each once); else the
    change made (`apply`) for its effects, the open points `readings(state, change, found)` adds, and
    the verdict."""
    found = check_verb(verbs, state, change, Findings()) if found is None else found
    if found.problems:
        advise = advise or row(verbs, change.verb).advise
        return found.verdict(None if advise is None else advise(state, change, found))
    _, found.effects = apply(state, change)
    if readings is not None:
        readings(state, change, found)
    return found.verdict()


def made(verbs: Mapping[str, Verb], table: "WorkingTable", change: Change) -> tuple[Any, list]:
    """The change made on a game's working `table` by its row: (the State after, its effects)."""
    apply_verb(verbs, table, change)
    return table.freeze(), table.effects


def aliases_of(verbs: Mapping[str, Verb]) -> dict[str, str]:
    """Every word read as a verb -> the verb: each verb itself and its row's aliases."""
    return {verb: verb for verb in verbs} | {a: verb for verb, r in verbs.items() for a in r.aliases}


def setup_of(verbs: Mapping[str, Verb]) -> frozenset[str]:
    """The verbs whose row sets the table up (the table's changes, not plays)."""
    return frozenset(verb for verb, r in verbs.items() if r.setup)


def secret_of(verbs: Mapping[str, Verb]) -> dict[str, str]:
    """verb -> how its hidden change reads, for the verbs whose row names a secret (Secrets.secret_verbs)."""
    return {verb: r.secret for verb, r in verbs.items() if r.secret}


def said_of(verbs: Mapping[str, Verb], verb: str, args: tuple[str, ...]) -> str:
    """A change as the table says it back: its words parted by spaces; a `listed` row's names after
    its player parted by commas, as they are typed (`hand Ann Doctor Doom, Zap`: a name of several
    words stays one name)."""
    found = verbs.get(verb)
    if found is not None and getattr(found, "listed", False) and len(args) > 2:
        return " ".join((verb, args[0], ", ".join(args[1:])))
    return " ".join((verb, *args))


def read_only_of(verbs: Mapping[str, Verb]) -> frozenset[str]:
    """The verbs whose row only shows something."""
    return frozenset(verb for verb, r in verbs.items() if r.read_only)


def ranks_by_going_out(players: list[str], out: dict[str, int]) -> dict[str, int]:
    """Ranks from the order players went out (player -> the seq of the change that put them out):
    those still in share rank 1; a player who went out ranks behind everyone who stayed longer, and
    players put out by one change share a rank."""
    later = {p: sum(1 for q in players if q != p and (q not in out or (p in out and out[q] > out[p]))) for p in players}
    return {p: 1 + (later[p] if p in out else 0) for p in players}


class Tracker(Generic[S]):
    """The tracker's face of a declared game (engine/game.py `Declaration`): what sessions, history,
    stats and the CLI ask of its counters. Built from the declaration (engine.get_tracker), never
    subclassed: a change is read, checked and applied through the game's verb table."""

    def __init__(self, declaration) -> None:
        self.declaration = declaration
        self.game: str = declaration.game
        self.State: type[Record] = declaration.State

    def split(self, words: list[str], names: list[str] = ()) -> tuple[str, list[str]]:
        """The verb a command names (through the rows' aliases) and the words after it; quoted words
        are split, but a player's name of several words (`names`) is one word. MoveSyntaxError for
        no command or an unknown verb."""
        verbs = self.declaration.verbs
        return split(verbs.usage, verbs.aliases, words, names)

    def parse(self, state: S, words: list[str]) -> Change:
        """The command's Change, read by the game; then every game's one rule on numbers
        (words.number_problem): MoveSyntaxError for a number past the range or a change by 0."""
        verbs = self.declaration.verbs
        whole_numbers(words)
        words = held_names(words, player_names(state))  # `lives mary jo -1`: one player of two words
        if verbs.parse is None:
            change = read_command(verbs.table, state, words, verbs.aliases)
        else:
            change = verbs.parse(verbs.table, state, words, verbs.aliases)
        return numbers_read(change, words)

    def check(self, state: S, change: Change):
        verbs = self.declaration.verbs
        if verbs.check is None:
            return judged(verbs.table, state, change, self.apply)
        return verbs.check(state, change)

    def apply(self, state: S, change: Change) -> tuple[S, list]:
        verbs = self.declaration.verbs
        if verbs.apply is None:
            return made(verbs.table, verbs.working(state), change)
        return verbs.apply(state, change)

    def finished(self, state: S) -> bool:
        """Whether the game on this table is over (every tracker's summary has `game_over`)."""
        return bool(self.declaration.verbs.summary(state).get("game_over"))

    def verbs(self) -> list[dict[str, Any]]:
        """Every verb with its usage line, one example taken from that line, and its aliases."""
        aliases = self.declaration.verbs.aliases
        return [{"verb": verb, "usage": usage, "example": example(verb, usage),
                 "aliases": sorted(a for a, v in aliases.items() if v == verb and a != verb)}
                for verb, usage in self.declaration.verbs.usage.items()]

    def load(self, data: dict[str, Any]) -> S:
        """A State from its `model_dump(mode="json")` (trusted: our own storage; no pydantic). Untrusted
        input goes through State.model_validate (a session import, a situation file)."""
        return self.State(**data)


def split(commands: Mapping[str, str], aliases: Mapping[str, str] | None, words: list[str],
          names: list[str] = ()) -> tuple[str, list[str]]:
    """The verb a command names (through `aliases` where the game has them) and the words after it;
    quoted words are split, but a player's name of several words (`names`) is held as one word.
    MoveSyntaxError for no command or an unknown verb."""
    from engine.words import command

    tokens = held_names([t for w in words for t in str(w).split()], names)
    if not tokens:
        raise MoveSyntaxError(f"no command given; commands: {', '.join(commands)}")
    return command(tokens[0], aliases or {v: v for v in commands}, commands), tokens[1:]


class Findings:
    """What a check finds, gathered once for every game: `effects` the change sets off (`say`),
    `problems` the rules it breaks (`forbid`, with any advice the table could try instead), and
    `unchecked` the points no rule settles (`note`); `verdict()` turns them into the referee's answer.
    A check that listed its reasons and open points already starts from them, kept as they are."""

    def __init__(self, problems=(), unchecked=()) -> None:
        self.effects: list[Effect] = []
        self.problems: list[Reason] = list(problems)
        self.unchecked: list[Reason] = list(unchecked)
        self.advice: list[str] = []

    def say(self, kind: str, message: str, rule: str | None, who: str | None = None, amount: int | None = None,
            card: str | None = None) -> None:
        """An effect: its message for people, and for code the player (`who`), the number (`amount`)
        and the card it concerns."""
        self.effects.append(Effect(kind=kind, message=message, rule=rule, who=who, amount=amount, card=card))

    def forbid(self, rule: str, message: str, *advice: str) -> None:
        """The change breaks `rule`: a reason to refuse it (the table may still overrule); `advice`
        names commands the table might try instead."""
        self.problems.append(Reason(rule=rule, message=message))
        self.advice.extend(advice)

    def note(self, rule: str, message: str) -> None:
        """A point left unchecked, and the rule that leaves it open (each said once)."""
        self.leave_open(Reason(rule=rule, message=message))

    def leave_open(self, *reasons: Reason) -> None:
        """`note` for readings already written as Reasons (each said once)."""
        for reason in reasons:
            if reason not in self.unchecked:
                self.unchecked.append(reason)

    def verdict(self, alternatives=None) -> Verdict:
        """The referee's answer on what was found: refused with its problems and the legal
        `alternatives` near it (by default the advice gathered, each once), else legal with its
        effects; the unchecked points either way."""
        if self.problems:
            near = dict.fromkeys(self.advice) if alternatives is None else alternatives
            return Verdict(legal=False, reasons=tuple(self.problems), alternatives=tuple(near),
                           unchecked=tuple(self.unchecked))
        return Verdict(legal=True, effects=tuple(self.effects), unchecked=tuple(self.unchecked))


class WorkingTable(Findings):
    """The base of every game's working table (its table.py): a State while one play or tracker
    command changes it. `state` is the State before, the Findings what the change sets off, breaks
    and leaves open; `freeze()` is the State after it, immutable again."""

    def __init__(self, state) -> None:
        super().__init__()
        self.state = state

    def freeze(self):
        """The State after the change."""
        raise NotImplementedError


def example(verb: str, usage: str) -> str:
    """One example of a verb, read from its usage line: the first `quoted` example; else the verb
    where it starts a phrase after ": " (or, failing that, at the start or after " | "), without
    its [optional] parts."""
    for quoted in re.findall(r"`([^`]+)`", usage):
        if quoted.split()[0] == verb:
            return quoted
    plain = re.sub(r"\s*\[[^\]]*\]", "", usage)
    phrase = rf"({re.escape(verb)}(?![\w-])[^|()`]*)"
    found = re.search(": " + phrase, plain) or re.search(rf"(?:^|\| ){phrase}", plain)
    return " ".join(found.group(1).split()) if found else verb
