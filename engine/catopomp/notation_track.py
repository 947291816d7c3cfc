"""The Catopomp tracker's notation: the options of a new game and its commands, as the table says them."""
from __future__ import annotations

import re

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change, OptionError, example, flag, options as read_options
from engine.words import amount, player, signed

from .model import PLAYER_TABLE, Options, Player, State, fc
from .notation import card_code
from .rule_ids import R


GAME = "catopomp"
MIN_PLAYERS, MAX_PLAYERS = min(PLAYER_TABLE), max(PLAYER_TABLE)
START_GEMS = 2
PREDICTIONS = (1, 2, 3, 4)
DIE_FACES = (1, 6)


# ---------------------------------------------------------------------------- options


_OPTION_KEYS = {
    "start": "start", "first": "start", "first-player": "start", "starting-player": "start", "starter": "start",
    "passing": "passing", "pass": "passing", "passing-mode": "passing", "mode": "passing",
    "competitive": "competitive", "competitive-variant": "competitive", "variant": "competitive",
    "expansions": "expansions", "expansion": "expansions",
    "hell-power": "hell-power", "hellpower": "hell-power",
}
_EXPANSIONS = {
    "catleton": "catleton", "cat-leton": "catleton", "cat": "catleton", "cat leton": "catleton",
    "mitch": "mitch", "mdm-mitch": "mitch", "mdm mitch": "mitch", "madam-mitch": "mitch", "witch": "mitch",
}


#: option name -> one-line description
OPTIONS: dict[str, str] = {
    "start": "the player who starts the first round, if already chosen at random "
             "(else enter it as it happens: `first NAME`)",
    "passing": "main (the winning set's owner transfers Hell cards, default) or casual (discards them); "
               "recorded for reference",
    "competitive": "yes or no (default): the competitive variant, predictions and points (3-4 players only)",
    "expansions": "expansion cards shuffled in, comma-separated: catleton, mitch (default: none); "
                  "recorded for reference",
    "hell-power": "yes or no (default): the optional Hell power; recorded for reference",
}

# ------------------------------------------------------------------ a new game


def new_state(players: list[str], options: dict[str, str]) -> State:
    given = read_options(options, OPTIONS, GAME, _OPTION_KEYS)
    names = [str(n).strip() for n in players or []]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise OptionError(f"players: Catopomp is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
    if any(not n for n in names):
        raise OptionError("players: a player name is empty")
    if len({n.lower() for n in names}) != len(names):
        raise OptionError("players: two players share a name; every player needs a different name")

    passing = given.get("passing", "main").lower()
    if passing in ("normal", "standard", "default"):
        passing = "main"
    if passing not in ("main", "casual"):
        raise OptionError(f"passing: {given['passing']!r} is not a passing mode; choose main or casual")
    competitive = flag("competitive", given["competitive"]) if "competitive" in given else False
    if competitive and len(names) not in (3, 4):
        raise OptionError(f"competitive: the competitive variant is for 3 or 4 players ({R.COMPETITIVE_PLAYERS}), "
                          f"not {len(names)}; choose competitive=no")
    hell_power = flag("hell-power", given["hell-power"]) if "hell-power" in given else False
    expansions: set[str] = set()
    raw = given.get("expansions", "")
    if raw.lower() not in ("", "none", "no"):
        for word in re.split(r"[,+;]", raw):
            w = word.strip().lower()
            if not w:
                continue
            if w not in _EXPANSIONS:
                raise OptionError(f"expansions: {word.strip()!r} is not an expansion; choose from: catleton, mitch "
                                  "(comma-separated) or none")
            expansions.add(_EXPANSIONS[w])

    start = None
    if "start" in given:
        try:
            start = player(given["start"], names)
        except (MoveSyntaxError, AmbiguousMove):
            raise OptionError(f"start: {given['start']!r} is not one of the players; choose one of: "
                              f"{', '.join(names)}") from None
    per = PLAYER_TABLE[len(names)][2]
    return State(
        players=tuple(Player(name=n, gems=START_GEMS, hand=per) for n in names),
        options=Options(passing=passing, hell_power=hell_power, competitive=competitive,
                        catleton="catleton" in expansions, mitch="mitch" in expansions),
        phase="setup",
        turn=start,
        discard_pile=(),
    )

# ------------------------------------------------------------------ parsing
# Each reader(state, verb, words after it, usage) is the `read` of its verb's row (track.VERBS).


def parse_dice(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if not rest:
        raise MoveSyntaxError(f"dice: give the faces of the centre dice; {usage}")
    return Change(verb="dice", args=tuple(_number(w, "a die face (1-6)", "dice 1 3 4 4 6 6")
                                          for w in rest))


def _named(state: State, verb: str, rest: list[str], usage: str) -> tuple[str, list[str]]:
    """The player a command names first, and the words after them."""
    if not rest:
        raise MoveSyntaxError(f"{verb}: name a player; {usage}")
    return player(rest[0], state.names), rest[1:]


def parse_one_player(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`first` and `lost`: one player and nothing else."""
    name, args = _named(state, verb, rest, usage)
    if args:
        raise MoveSyntaxError(f"{verb} takes one player; unexpected {args[0]!r} (e.g. `{verb} {name.lower()}`)")
    return Change(verb=verb, args=(name,))


def parse_hand(state: State, verb: str, rest: list[str], usage: str) -> Change:
    name, args = _named(state, verb, rest, usage)
    if not args:
        raise MoveSyntaxError(f"hand: give {name}'s cards, e.g. `hand {name.lower()} 1 3 5 8 8`")
    return Change(verb="hand", args=(name, *(_card(w) for w in args)))


def parse_amount(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`gems` and `points`: a player and a signed amount (the usage line's example amount, if it is missing)."""
    name, args = _named(state, verb, rest, usage)
    if len(args) != 1:
        raise MoveSyntaxError(f"{verb}: give one amount after the player, e.g. "
                              f"`{verb} {name.lower()} {example(verb, usage).split()[-1]}`")
    return Change(verb=verb, args=(name, amount(args[0], f"{verb} {name.lower()}")))


def parse_cleared(state: State, verb: str, rest: list[str], usage: str) -> Change:
    name, args = _named(state, verb, rest, usage)
    if len(args) > 1:
        raise MoveSyntaxError(f"cleared: give at most the size of the last set; unexpected {args[1]!r}")
    if not args:
        if state.options.competitive and not state.game_over:
            raise MoveSyntaxError(f"cleared: give the number of cards in {name}'s last set (a dice substitute "
                                  f"counts as a card), e.g. `cleared {name.lower()} 3`: the competitive "
                                  "variant scores it")
        return Change(verb="cleared", args=(name,))
    return Change(verb="cleared", args=(name, _number(args[0], "cards in the last set",
                                                             f"cleared {name.lower()} 3")))


def parse_number(state: State, verb: str, rest: list[str], usage: str, what: str) -> Change:
    """`predict` and `reserve`: a player and `what` (its usage line's example number, if it is wrong)."""
    name, args = _named(state, verb, rest, usage)
    sample = f"{verb} {name.lower()} {example(verb, usage).split()[-1]}"
    if len(args) != 1:
        raise MoveSyntaxError(f"{verb}: give one number after the player, e.g. `{sample}`")
    return Change(verb=verb, args=(name, _number(args[0], what, sample)))


def _card(token: str) -> str:
    try:
        code = card_code(token)
    except MoveSyntaxError as exc:
        raise MoveSyntaxError(f"hand: {exc}") from None
    return fc(code)


def _number(token: str, what: str, example: str) -> str:
    if not re.fullmatch(r"[+-]?\d+", token):
        raise MoveSyntaxError(f"{token!r} is not a number; expected {what}, e.g. `{example}`")
    return str(int(token))


# ---------------------------------------------------------------------------- reading a logged Change
# Each reader(state, change) -> (seat, value), or MoveSyntaxError, is named in its verb's row (track.VERBS).


def _arguments(change: Change, *counts: int, at_least: int = 0) -> tuple[str, ...]:
    """The change's arguments, if it has `at_least` so many and (where given) one of `counts`."""
    args = change.args
    if len(args) < at_least or (counts and len(args) not in counts):
        raise MoveSyntaxError(f"{change.verb}: wrong number of arguments in {change.label()!r}")
    return args


def logged_dice(state: State, change: Change) -> tuple[None, None]:
    _arguments(change, at_least=1)
    return None, None


def logged_hand(state: State, change: Change) -> tuple[int, None]:
    return state.seat(_arguments(change, at_least=2)[0]), None


def logged_score(state: State, change: Change) -> tuple[None, None]:
    _arguments(change, 0)
    return None, None


def logged_player(state: State, change: Change) -> tuple[int, None]:
    """`first` and `lost`: one player."""
    return state.seat(_arguments(change, 1)[0]), None


def logged_number(state: State, change: Change, *counts: int) -> tuple[int, str | None]:
    """A player and a whole number (`predict`, `reserve`; `cleared`, whose number may be left out)."""
    args = _arguments(change, *(counts or (2,)))
    seat = state.seat(args[0])
    value = args[1] if len(args) > 1 else None
    if value is not None and not re.fullmatch(r"-?\d+", value):
        raise MoveSyntaxError(f"{change.verb}: {value!r} is not a number")
    return seat, value


def logged_cleared(state: State, change: Change) -> tuple[int, str | None]:
    return logged_number(state, change, 1, 2)


def logged_amount(state: State, change: Change) -> tuple[int, str]:
    """A player and a signed amount (`gems`, `points`)."""
    args = _arguments(change, 2)
    seat = state.seat(args[0])
    signed(args[1], change.verb)
    return seat, args[1]
