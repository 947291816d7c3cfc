"""The Catopomp tracker's notation: the options of a new game and its commands, as the table says them."""
from __future__ import annotations

import re

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change, OptionError, flag, options as read_options
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



class Reading:
    """The Tracker's new_state() and parse(), and the readers of a Change's words."""

    # ------------------------------------------------------------------ a new game

    def new_state(self, players: list[str], options: dict[str, str]) -> State:
        given = read_options(options, self.OPTIONS, self.game, _OPTION_KEYS)
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

    def parse(self, state: State, words: list[str]) -> Change:
        verb, rest = self.split(words)
        if verb == "score":
            if rest:
                raise MoveSyntaxError(f"score takes nothing after it; unexpected {rest[0]!r}")
            return Change(verb="score")
        if verb == "dice":
            if not rest:
                raise MoveSyntaxError(f"dice: give the faces of the centre dice; {self.COMMANDS['dice']}")
            return Change(verb="dice", args=tuple(self._number(w, "a die face (1-6)", "dice 1 3 4 4 6 6")
                                                  for w in rest))
        if not rest:
            raise MoveSyntaxError(f"{verb}: name a player; {self.COMMANDS[verb]}")
        name = self._player(state, rest[0])
        args = rest[1:]
        if verb == "first":
            if args:
                raise MoveSyntaxError(f"first takes one player; unexpected {args[0]!r} (e.g. `first {name.lower()}`)")
            return Change(verb="first", args=(name,))
        if verb == "hand":
            if not args:
                raise MoveSyntaxError(f"hand: give {name}'s cards, e.g. `hand {name.lower()} 1 3 5 8 8`")
            return Change(verb="hand", args=(name, *(self._card(w) for w in args)))
        if verb == "lost":
            if args:
                raise MoveSyntaxError(f"lost takes one player; unexpected {args[0]!r} (e.g. `lost {name.lower()}`)")
            return Change(verb="lost", args=(name,))
        if verb in ("gems", "points"):
            if len(args) != 1:
                raise MoveSyntaxError(f"{verb}: give one amount after the player, e.g. "
                                      f"`{verb} {name.lower()} {'-1' if verb == 'gems' else '+2'}`")
            return Change(verb=verb, args=(name, self._amount(args[0], f"{verb} {name.lower()}")))
        if verb == "cleared":
            if len(args) > 1:
                raise MoveSyntaxError(f"cleared: give at most the size of the last set; unexpected {args[1]!r}")
            if not args:
                if state.options.competitive and not state.game_over:
                    raise MoveSyntaxError(f"cleared: give the number of cards in {name}'s last set (a dice substitute "
                                          f"counts as a card), e.g. `cleared {name.lower()} 3`: the competitive "
                                          "variant scores it")
                return Change(verb="cleared", args=(name,))
            return Change(verb="cleared", args=(name, self._number(args[0], "cards in the last set",
                                                                     f"cleared {name.lower()} 3")))
        # predict / reserve
        example = f"{verb} {name.lower()} {3 if verb == 'predict' else 4}"
        if len(args) != 1:
            raise MoveSyntaxError(f"{verb}: give one number after the player, e.g. `{example}`")
        what = "a prediction (1-4)" if verb == "predict" else "a die face (1-6)"
        return Change(verb=verb, args=(name, self._number(args[0], what, example)))

    @staticmethod
    def _card(token: str) -> str:
        try:
            code = card_code(token)
        except MoveSyntaxError as exc:
            raise MoveSyntaxError(f"hand: {exc}") from None
        return fc(code)

    @staticmethod
    def _player(state: State, token: str) -> str:
        return player(token, state.names)

    @staticmethod
    def _number(token: str, what: str, example: str) -> str:
        if not re.fullmatch(r"[+-]?\d+", token):
            raise MoveSyntaxError(f"{token!r} is not a number; expected {what}, e.g. `{example}`")
        return str(int(token))

    @staticmethod
    def _amount(token: str, label: str) -> str:
        """words.amount, where a change of 0 is refused (it would log a change that changes nothing)."""
        value = amount(token, label)
        if value in ("+0", "-0"):
            raise MoveSyntaxError(f"{token!r} changes nothing; write +N or -N with N above 0")
        return value

    # ------------------------------------------------------------------ reading a Change

    @staticmethod
    def _signed(change: Change, text: str) -> tuple[str, int]:
        return signed(text, change.verb)

    def _read(self, state: State, change: Change) -> tuple[int | None, str | None]:
        """(seat, value) of a change; MoveSyntaxError when it is malformed."""
        verb = change.verb
        args = change.args
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")
        if verb in ("dice", "hand"):
            if not args or (verb == "hand" and len(args) < 2):
                raise MoveSyntaxError(f"{verb}: wrong number of arguments in {change.label()!r}")
            return (None if verb == "dice" else state.seat(args[0])), None
        want = {"score": (0,), "lost": (1,), "first": (1,), "cleared": (1, 2)}.get(verb, (2,))
        if len(args) not in want:
            raise MoveSyntaxError(f"{verb}: wrong number of arguments in {change.label()!r}")
        if verb == "score":
            return None, None
        seat = state.seat(args[0])
        value = args[1] if len(args) > 1 else None
        if verb in ("cleared", "predict", "reserve") and value is not None and not re.fullmatch(r"-?\d+", value):
            raise MoveSyntaxError(f"{verb}: {value!r} is not a number")
        if verb in ("gems", "points"):
            self._signed(change, value)
        return seat, value

