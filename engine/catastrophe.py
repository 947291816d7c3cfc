"""CATastrophe: A Game of 9 Lives: the table tracker's rules model.

What the table keeps: each cat's lives (its token on the life track, 9 down to 1, with the
Reapurr's Lair below), Yarn Balls (30 tokens shared between the Yarn Baskets and the Yarn Ball
Sanctuary), hand size and Power Cats; the Grim Reapurr's space; whose turn it is and the phase
(Claw, Paw, CATastrophe); and the end of the game (the last cat standing, or the Grim Reapurr
when everyone left goes out together). The variants King of the Meowtain and Turbo King of the
Meowtain change how a token moves on the life track.

Readings chosen where the rulebook is unclear (each is also in docs/track-catastrophe.md):

- The Grim Reapurr's range: the rulebook says he moves "between the Reapurr's Lair and 1 space",
  yet his cards move him up the track. The tracker lets him climb to the 9 space (the top of the
  track) and reports the open point whenever a move takes him from the Lair or the 1 space
  to a higher space.
- King of the Meowtain: the Grim Reapurr is not a player, so his space is not "occupied"; a cat
  whose loss lands on (or below) him is caught. A loss with every space below taken drops the
  token below the 1 space: eliminated. A gain with every space above taken (up to 8) goes to the
  shared 9 space; a gain on 9 is lost. Eliminated tokens in the Lair occupy nothing.
- Simultaneous changes (one card, one command) count as one moment for the end of the game: if
  they eliminate every player left, the Grim Reapurr wins, even though King of the Meowtain
  resolves them one after another in turn order.
- A cat eliminated on its own turn: its turn is over; `next` passes to the next cat still in.
- Player count: 2 to 6 (the box has 6 token bases and 6 dice; the rulebook states no number).

Pure code: no I/O. `Tracker` is the entry point.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from engine.base import AmbiguousMove, Effect, Frozen, MoveSyntaxError, Reason, Verdict
from engine.words import command, match
from engine.tracking import Change, OptionError
from engine.tracking import Tracker as TrackerBase

GAME = "catastrophe"

TOP_SPACE = 9            # the 9 space, top of the life track; also the most lives a cat can have
REAPURRS_LAIR = 0        # below the 1 space; eliminated tokens go there too
YARN_BALLS_IN_BOX = 30
START_YARN_BALLS = 3
START_HAND = 5
START_POWER_CATS = 2
HAND_LIMIT = 7
POWER_CAT_LIMIT = 3
PAW_DRAW = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6

PHASES = ("claw", "paw", "catastrophe")
PHASE_TITLES = {"claw": "Claw Phase", "paw": "Paw Phase", "catastrophe": "CATastrophe Phase"}
VARIANTS = ("standard", "king", "turbo")
VARIANT_TITLES = {
    "standard": "standard game",
    "king": "King of the Meowtain",
    "turbo": "Turbo King of the Meowtain",
}
VARIANT_ALIASES = {
    "standard": "standard", "normal": "standard", "base": "standard",
    "king": "king", "king-of-the-meowtain": "king", "meowtain": "king", "kotm": "king",
    "turbo": "turbo", "turbo-king": "turbo", "turbo-king-of-the-meowtain": "turbo",
}


class R:
    """Rule ids this tracker cites (each exists in rulesdb/data/catastrophe)."""

    START_NINE = "catastrophe.setup.start-on-nine"
    START_YARN = "catastrophe.setup.three-yarn-balls"
    SANCTUARY_START = "catastrophe.setup.yarn-rest-in-sanctuary"
    DEAL_HAND = "catastrophe.setup.deal-main-cards"
    DEAL_POWER_CATS = "catastrophe.setup.deal-power-cats"
    FIRST_PLAYER = "catastrophe.setup.first-player"
    PLAYER_COUNT = "catastrophe.setup.player-count"
    TOKEN_BASES = "catastrophe.components.player-token-bases"
    YARN_TOKENS = "catastrophe.components.yarn-ball-tokens"

    LIFE_TRACK = "catastrophe.lives.life-track"
    GAIN = "catastrophe.lives.gain-move-up"
    LOSE = "catastrophe.lives.lose-move-down"
    MAX_NINE = "catastrophe.lives.max-nine"

    IMMEDIATE = "catastrophe.elimination.immediate"
    LOST_ALL = "catastrophe.elimination.lost-all-lives"
    CAUGHT = "catastrophe.elimination.caught-by-reapurr"
    TO_LAIR = "catastrophe.elimination.token-to-lair"
    LOSE_YARN = "catastrophe.elimination.lose-yarn-balls"
    DISCARD_ALL = "catastrophe.elimination.discard-cards"
    OUT = "catastrophe.elimination.out-of-game"

    LAST_STANDING = "catastrophe.end.last-player-wins"
    REAPURR_WINS = "catastrophe.end.simultaneous-elimination"

    REAPURR_START = "catastrophe.reapurr.starts-in-lair"
    REAPURR_MOVES = "catastrophe.reapurr.moves-up"
    REAPURR_RANGE = "catastrophe.reapurr.range"
    REAPURR_CATCHES = "catastrophe.reapurr.catches"

    YARN_SPENT = "catastrophe.yarn-balls.spent-to-sanctuary"
    YARN_GAIN = "catastrophe.yarn-balls.gain-from-sanctuary"
    YARN_NONE_LEFT = "catastrophe.yarn-balls.none-when-empty"
    YARN_BASKET = "catastrophe.yarn-balls.basket"

    HAND_LIMIT = "catastrophe.general.max-hand-size"
    POWER_CAT_LIMIT = "catastrophe.general.max-power-cats"
    POWER_CATS_MAX_THREE = "catastrophe.power-cats.max-three"
    DRAW_MAIN = "catastrophe.general.draw-from-main-deck"
    DISCARD_HAND = "catastrophe.general.discard-from-hand"
    TURN_ORDER = "catastrophe.general.turn-order-current-player"

    CLOCKWISE = "catastrophe.turn.clockwise"
    THREE_PHASES = "catastrophe.turn.three-phases"
    PAW_DRAW = "catastrophe.turn.paw-phase.draw-three"
    LAST_PHASE = "catastrophe.turn.catastrophe-phase.last-phase"

    KING_NO_SHARING = "catastrophe.king-meowtain.no-shared-space"
    KING_LOSE = "catastrophe.king-meowtain.lose-next-unoccupied"
    KING_GAIN = "catastrophe.king-meowtain.gain-next-unoccupied"
    KING_NINE = "catastrophe.king-meowtain.nine-space-exception"
    KING_LOSSES_FIRST = "catastrophe.king-meowtain.losses-before-gains"
    KING_LOSS_ORDER = "catastrophe.king-meowtain.losses-in-turn-order"
    KING_GAIN_ORDER = "catastrophe.king-meowtain.gains-in-turn-order"
    KING_END = "catastrophe.king-meowtain.end"
    TURBO_AS_KING = "catastrophe.turbo-king.otherwise-as-king"
    TURBO_SHARE = "catastrophe.turbo-king.gains-may-share"
    TURBO_EXACT = "catastrophe.turbo-king.exact-number"
    VARIANTS = "catastrophe.variants.optional"


def _rule_ids() -> frozenset[str]:
    return frozenset(v for k, v in vars(R).items() if not k.startswith("_") and isinstance(v, str))


# ---------------------------------------------------------------------------------- state


class Player(Frozen):
    """One cat at the table, in seating (clockwise) order."""

    name: str
    #: the token's space on the life track (1..9); 0 = in the Reapurr's Lair (eliminated)
    lives: int = Field(TOP_SPACE, ge=0, le=TOP_SPACE)
    #: Yarn Balls in the player's Yarn Basket
    yarn_balls: int = Field(START_YARN_BALLS, ge=0, le=YARN_BALLS_IN_BOX)
    #: cards in hand (Main deck cards; Power Cats are not in the hand)
    hand: int = Field(START_HAND, ge=0)
    #: Power Cat cards face up in front of the player
    power_cats: int = Field(START_POWER_CATS, ge=0)
    eliminated: bool = False


class State(Frozen):
    """The CATastrophe table as the tracker knows it."""

    variant: Literal["standard", "king", "turbo"] = "standard"
    players: tuple[Player, ...]
    #: the Grim Reapurr's space: 0 = Reapurr's Lair, 1..9 = that space of the life track
    grim_reapurr: int = Field(REAPURRS_LAIR, ge=REAPURRS_LAIR, le=TOP_SPACE)
    yarn_sanctuary: int = Field(ge=0, le=YARN_BALLS_IN_BOX)
    #: index into players of the cat whose turn it is
    current: int = Field(0, ge=0)
    phase: Literal["claw", "paw", "catastrophe"] = "claw"
    turn: int = Field(1, ge=1)
    game_over: bool = False
    winner: str | None = None
    grim_reapurr_wins: bool = False

    @model_validator(mode="after")
    def _holds_together(self) -> "State":
        if not self.players:
            raise ValueError("players: at least one player is needed")
        if self.current >= len(self.players):
            raise ValueError(f"current: {self.current} is not a seat (0..{len(self.players) - 1})")
        total = self.yarn_sanctuary + sum(p.yarn_balls for p in self.players)
        if total != YARN_BALLS_IN_BOX:
            raise ValueError(f"yarn_sanctuary: Yarn Balls add up to {total}, the box holds {YARN_BALLS_IN_BOX}")
        return self

    def index(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name.lower() == name.lower():
                return i
        raise MoveSyntaxError(f"unknown player {name!r}; players: {', '.join(p.name for p in self.players)}")

    def in_game(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.eliminated]

    def turn_order(self) -> list[int]:
        """Seats still in the game, clockwise, starting with the cat whose turn it is."""
        n = len(self.players)
        return [(self.current + k) % n for k in range(n) if not self.players[(self.current + k) % n].eliminated]


# ------------------------------------------------------------------------ working table


class _Table:
    """A mutable copy of a State used while one change is applied (the input is never touched)."""

    def __init__(self, state: State):
        self.variant = state.variant
        self.players = [p.model_dump() for p in state.players]
        self.grim_reapurr = state.grim_reapurr
        self.yarn_sanctuary = state.yarn_sanctuary
        self.current = state.current
        self.phase = state.phase
        self.turn = state.turn
        self.game_over = state.game_over
        self.winner = state.winner
        self.grim_reapurr_wins = state.grim_reapurr_wins
        self.effects: list[Effect] = []
        self.eliminated_now: list[int] = []

    def freeze(self) -> State:
        return State(
            variant=self.variant,
            players=tuple(Player(**p) for p in self.players),
            grim_reapurr=self.grim_reapurr,
            yarn_sanctuary=self.yarn_sanctuary,
            current=self.current,
            phase=self.phase,
            turn=self.turn,
            game_over=self.game_over,
            winner=self.winner,
            grim_reapurr_wins=self.grim_reapurr_wins,
        )

    def say(self, kind: str, message: str, rule: str | None) -> None:
        self.effects.append(Effect(kind=kind, message=message, rule=rule))

    def name(self, i: int) -> str:
        return self.players[i]["name"]

    def alive(self, i: int) -> bool:
        return not self.players[i]["eliminated"]

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.current + k) % n for k in range(n) if self.alive((self.current + k) % n)]

    def occupied(self, but: int) -> set[int]:
        """Life spaces held by the other cats still in the game."""
        return {p["lives"] for j, p in enumerate(self.players) if j != but and not p["eliminated"]}

    def king_rules(self) -> bool:
        return self.variant in ("king", "turbo")


def _lives_word(n: int) -> str:
    return f"{n} life" if n == 1 else f"{n} lives"


def _space(n: int) -> str:
    return "the Reapurr's Lair" if n == REAPURRS_LAIR else f"the {n} space"


# ---------------------------------------------------------------------------- the tracker


class Tracker(TrackerBase[State]):
    """Lives, the Grim Reapurr, Yarn Balls, hand and Power Cat counts, turn and phase."""

    game: ClassVar[str] = GAME
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = _rule_ids()
    COMMANDS: ClassVar[dict[str, str]] = {
        "lives": "a cat gains/loses lives, or several at once: `lives ben -2`, `lives ann +1`, "
                 "`lives all -1`, `lives ann -1 ben -2 cy +1`, `lives ann ben -1`; `lives ann =5` sets",
        "reapurr": "move the Grim Reapurr on the life track: `reapurr +1`, `reapurr -1`, `reapurr =3`, `reapurr lair`",
        "yarn": "Yarn Balls used or lost (to the Sanctuary) or gained (from it): `yarn ann -1`, `yarn ben +2`",
        "hand": "change a hand-size count: `hand ann +1`, `hand ann -2`, `hand ann =5` (limit 7)",
        "draw": "a cat draws cards into its hand: `draw ann 2` (the Paw Phase draw of 3 is automatic)",
        "discard": "a cat discards cards from its hand: `discard ben 1`",
        "power-cats": "change a Power Cat count: `power-cats ann +1`, `power-cats ann -1`, `power-cats ann =2` (limit 3)",
        "next-phase": "go on to the next phase (Claw -> Paw -> CATastrophe -> next cat's Claw): `next-phase`",
        "phase": "name the phase reached: `phase paw`, `phase catastrophe`",
        "next": "end the turn after the CATastrophe Phase; the next cat still in, clockwise: `next`",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "variant": "standard (default), king (King of the Meowtain) or turbo (Turbo King of the Meowtain)",
        "first": "the player who takes the first turn (whoever petted a cat most recently); "
                 "default: the first player named",
    }

    VERB_ALIASES: ClassVar[dict[str, str]] = {
        "lives": "lives", "life": "lives", "lifes": "lives",
        "reapurr": "reapurr", "reaper": "reapurr", "grim": "reapurr", "grim-reapurr": "reapurr",
        "yarn": "yarn", "yarn-balls": "yarn", "yarnballs": "yarn", "yarn-ball": "yarn",
        "hand": "hand", "cards": "hand",
        "draw": "draw",
        "discard": "discard",
        "power-cats": "power-cats", "powercats": "power-cats", "power-cat": "power-cats",
        "power": "power-cats", "pc": "power-cats",
        "next-phase": "next-phase", "nextphase": "next-phase",
        "phase": "phase",
        "next": "next", "end-turn": "next",
    }

    # ------------------------------------------------------------------ new game

    def new_state(self, players: list[str], options: dict[str, str]) -> State:
        options = {str(k).strip().lower().replace("_", "-"): str(v).strip() for k, v in (options or {}).items()}
        known = {"variant", "first", "first-player"}
        for key in options:
            if key not in known:
                near = difflib.get_close_matches(key, sorted(self.OPTIONS), n=2, cutoff=0.4)
                hint = f" (did you mean {' or '.join(near)}?)" if near else ""
                raise OptionError(f"unknown option {key!r}{hint}; catastrophe options: {', '.join(self.OPTIONS)}")
        names = [str(n).strip() for n in players or []]
        if len(names) < MIN_PLAYERS or len(names) > MAX_PLAYERS:
            raise OptionError(
                f"players: CATastrophe needs {MIN_PLAYERS} to {MAX_PLAYERS} players "
                f"(the box has {MAX_PLAYERS} token bases and dice), got {len(names)}"
            )
        seen: set[str] = set()
        for n in names:
            if not n:
                raise OptionError("players: a player name is empty")
            low = n.lower()
            if low in seen:
                raise OptionError(f"players: {n!r} is named twice; every player needs a different name")
            if low in ("all", "everyone", "set", "lair") or re.fullmatch(r"[+\-=]?\d+", n):
                raise OptionError(f"players: {n!r} cannot be a player name (it is a command word or a number)")
            seen.add(low)

        raw_variant = options.get("variant", "standard").lower().replace(" ", "-").replace("_", "-")
        variant = VARIANT_ALIASES.get(raw_variant)
        if variant is None:
            raise OptionError(f"variant: {options['variant']!r} is not a variant; choose one of: {', '.join(VARIANTS)}")

        current = 0
        first = options.get("first", options.get("first-player"))
        if first is not None:
            current = self._option_player(names, first)

        sanctuary = YARN_BALLS_IN_BOX - START_YARN_BALLS * len(names)
        return State(
            variant=variant,
            players=tuple(Player(name=n) for n in names),
            grim_reapurr=REAPURRS_LAIR,
            yarn_sanctuary=sanctuary,
            current=current,
        )

    @staticmethod
    def _option_player(names: list[str], text: str) -> int:
        low = text.strip().lower()
        exact = [i for i, n in enumerate(names) if n.lower() == low]
        if exact:
            return exact[0]
        pref = [i for i, n in enumerate(names) if low and n.lower().startswith(low)]
        if len(pref) == 1:
            return pref[0]
        raise OptionError(f"first: {text!r} is not one of the players; choose one of: {', '.join(names)}")

    # ------------------------------------------------------------------ parsing

    def parse(self, state: State, words: list[str]) -> Change:
        tokens = [t for w in words for t in str(w).split()]
        if not tokens:
            raise MoveSyntaxError(f"no command given; commands: {', '.join(self.COMMANDS)}")
        verb = self._verb(tokens[0])
        rest = tokens[1:]
        handler = {
            "lives": self._parse_lives,
            "reapurr": self._parse_reapurr,
            "yarn": self._parse_counter,
            "hand": self._parse_counter,
            "power-cats": self._parse_counter,
            "draw": self._parse_count,
            "discard": self._parse_count,
            "next-phase": self._parse_bare,
            "next": self._parse_bare,
            "phase": self._parse_phase,
        }[verb]
        return handler(state, verb, rest)

    def _verb(self, token: str) -> str:
        return command(token, self.VERB_ALIASES, self.COMMANDS)

    @staticmethod
    def _player(state: State, token: str) -> str:
        return match(token, [p.name for p in state.players], "player", hint="players")

    @staticmethod
    def _is_amount(token: str) -> bool:
        return bool(re.fullmatch(r"[+\-=]?\d+", token)) or token.lower() == "set"

    @staticmethod
    def _amount(token: str, candidates_for: str, allow_set: bool = True) -> str:
        """'+2' / '-1' / '=5' normalised; a bare number could mean three things."""
        m = re.fullmatch(r"([+\-=]?)(\d+)", token)
        if not m:
            raise MoveSyntaxError(f"{token!r} is not an amount; write +N to gain, -N to lose or =N to set")
        sign, digits = m.group(1), int(m.group(2))
        if sign == "":
            opts = [f"{candidates_for} +{digits}", f"{candidates_for} -{digits}"]
            if allow_set:
                opts.append(f"{candidates_for} ={digits}")
            raise AmbiguousMove(f"{token!r} has no sign", opts)
        if sign == "=":
            if not allow_set:
                raise MoveSyntaxError(f"{token!r}: =N sets one counter; use +N or -N here")
            return f"={digits}"
        return f"{digits if sign == '+' else -digits:+d}"

    def _parse_lives(self, state: State, verb: str, rest: list[str]) -> Change:
        if not rest:
            raise MoveSyntaxError("lives: name a player (or all) and an amount, e.g. `lives ben -2`")
        pending: list[str] = []
        pairs: list[tuple[str, str]] = []
        i = 0
        while i < len(rest):
            tok = rest[i]
            if self._is_amount(tok):
                if tok.lower() == "set":
                    if i + 1 >= len(rest) or not rest[i + 1].isdigit():
                        raise MoveSyntaxError("set: give the number of lives, e.g. `lives ann set 5`")
                    tok = "=" + rest[i + 1]
                    i += 1
                if not pending:
                    raise MoveSyntaxError(f"amount {tok!r} has no player before it, e.g. `lives ben {tok}`")
                label = "lives " + " ".join(pending)
                amount = self._amount(tok, label)
                pairs.extend((n, amount) for n in pending)
                pending = []
            elif tok.lower() in ("all", "everyone"):
                alive = [state.players[j].name for j in state.turn_order()]
                if not alive:
                    raise MoveSyntaxError(f"{tok!r}: no player is still in the game")
                pending.extend(alive)
            else:
                pending.append(self._player(state, tok))
            i += 1
        if pending:
            raise MoveSyntaxError(f"missing amount after {pending[-1]!r}, e.g. `lives {pending[-1].lower()} -1`")
        names = [n for n, _ in pairs]
        for n in names:
            if names.count(n) > 1:
                raise MoveSyntaxError(f"{n} is named twice; give one amount per player in one command")
        if len(pairs) > 1 and any(a.startswith("=") for _, a in pairs):
            raise MoveSyntaxError("=N sets one player's lives; use it on its own, e.g. `lives ann =5`")
        return Change(verb="lives", args=tuple(x for pair in pairs for x in pair))

    def _parse_reapurr(self, state: State, verb: str, rest: list[str]) -> Change:
        if rest and rest[0].lower() == "set" and len(rest) == 2 and rest[1].isdigit():
            rest = ["=" + rest[1]]
        if len(rest) != 1:
            raise MoveSyntaxError("reapurr: give one amount, e.g. `reapurr +1`, `reapurr -1`, `reapurr =3` or `reapurr lair`")
        tok = rest[0]
        if tok.lower() in ("lair", "reapurrs-lair", "reapurr's-lair"):
            return Change(verb="reapurr", args=("=0",))
        return Change(verb="reapurr", args=(self._amount(tok, "reapurr"),))

    def _parse_counter(self, state: State, verb: str, rest: list[str]) -> Change:
        allow_set = verb != "yarn"
        example = {"yarn": "yarn ann -1", "hand": "hand ann +1", "power-cats": "power-cats ann +1"}[verb]
        if len(rest) == 3 and rest[1].lower() == "set" and rest[2].isdigit():
            rest = [rest[0], "=" + rest[2]]
        if len(rest) != 2:
            raise MoveSyntaxError(f"{verb}: name a player and an amount, e.g. `{example}`")
        name = self._player(state, rest[0])
        amount = self._amount(rest[1], f"{verb} {name.lower()}", allow_set=allow_set)
        return Change(verb=verb, args=(name, amount))

    def _parse_count(self, state: State, verb: str, rest: list[str]) -> Change:
        if len(rest) != 2:
            raise MoveSyntaxError(f"{verb}: name a player and how many cards, e.g. `{verb} ann 2`")
        name = self._player(state, rest[0])
        m = re.fullmatch(r"\+?(\d+)", rest[1])
        if not m:
            raise MoveSyntaxError(f"{rest[1]!r} is not a number of cards; e.g. `{verb} {name.lower()} 2`")
        return Change(verb=verb, args=(name, str(int(m.group(1)))))

    def _parse_bare(self, state: State, verb: str, rest: list[str]) -> Change:
        if rest:
            raise MoveSyntaxError(f"{verb} takes nothing after it; unexpected {rest[0]!r}")
        return Change(verb=verb)

    def _parse_phase(self, state: State, verb: str, rest: list[str]) -> Change:
        if len(rest) != 1:
            raise MoveSyntaxError(f"phase: name one phase: {', '.join(PHASES)}")
        low = rest[0].lower()
        if low in PHASES:
            return Change(verb="phase", args=(low,))
        pref = [p for p in PHASES if p.startswith(low)]
        if len(pref) == 1:
            return Change(verb="phase", args=(pref[0],))
        if len(pref) > 1:
            raise AmbiguousMove(f"{rest[0]!r} fits several phases", [f"phase {p}" for p in pref])
        near = difflib.get_close_matches(low, list(PHASES), n=2, cutoff=0.4) or list(PHASES)
        raise MoveSyntaxError(f"unknown phase {rest[0]!r}; phases: {', '.join(near)}")

    # ------------------------------------------------------------------ reading a Change

    @staticmethod
    def _signed(text: str) -> tuple[str, int]:
        m = re.fullmatch(r"([+\-=])(\d+)", text)
        if not m:
            raise MoveSyntaxError(f"{text!r} is not an amount (+N, -N or =N)")
        return m.group(1), int(m.group(2))

    def _lives_ops(self, state: State, change: Change) -> list[tuple[int, str, int]]:
        args = change.args
        if not args or len(args) % 2:
            raise MoveSyntaxError(f"lives: expected player/amount pairs, got {change.label()!r}")
        ops = []
        for k in range(0, len(args), 2):
            sign, n = self._signed(args[k + 1])
            ops.append((state.index(args[k]), sign, n))
        return ops

    def _one(self, state: State, change: Change, n_args: int = 2) -> tuple[int, str]:
        if len(change.args) != n_args:
            raise MoveSyntaxError(f"{change.verb}: expected {n_args} arguments, got {change.label()!r}")
        return state.index(change.args[0]), change.args[1]

    # ------------------------------------------------------------------ check

    def check(self, state: State, change: Change) -> Verdict:
        reasons, alternatives = self._violations(state, change)
        if reasons:
            return Verdict(legal=False, reasons=tuple(reasons), alternatives=tuple(alternatives))
        _, effects = self.apply(state, change)
        return Verdict(legal=True, effects=tuple(effects))

    def _violations(self, state: State, change: Change) -> tuple[list[Reason], list[str]]:
        reasons: list[Reason] = []
        alts: list[str] = []
        verb = change.verb
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")

        if state.game_over:
            if state.grim_reapurr_wins:
                reasons.append(Reason(rule=R.REAPURR_WINS, message="the game is over: the Grim Reapurr won"))
            else:
                reasons.append(Reason(rule=R.LAST_STANDING, message=f"the game is over: {state.winner} won"))
            return reasons, alts

        def out(i: int) -> None:
            reasons.append(Reason(rule=R.OUT, message=f"{state.players[i].name} has been eliminated and is out of the game"))

        if verb == "lives":
            ops = self._lives_ops(state, change)
            for i, sign, n in ops:
                if state.players[i].eliminated:
                    out(i)
            if len(ops) == 1 and ops[0][1] == "=" and not reasons:
                i, _, n = ops[0]
                name = state.players[i].name
                if not 1 <= n <= TOP_SPACE:
                    reasons.append(Reason(rule=R.LIFE_TRACK, message=f"the life track runs from 1 to {TOP_SPACE}; {name} cannot be set to {n}"))
                    if n > TOP_SPACE:
                        alts.append(f"lives {name} ={TOP_SPACE}")
                elif state.variant in ("king", "turbo") and n != TOP_SPACE:
                    others = [p.name for j, p in enumerate(state.players) if j != i and not p.eliminated and p.lives == n]
                    if others:
                        reasons.append(Reason(
                            rule=R.KING_NO_SHARING,
                            message=f"in {VARIANT_TITLES[state.variant]} {others[0]} already holds the {n} space; only the 9 space is shared",
                        ))
        elif verb == "reapurr":
            if len(change.args) != 1:
                raise MoveSyntaxError(f"reapurr: expected one amount, got {change.label()!r}")
            sign, n = self._signed(change.args[0])
            target = self._reapurr_target(state.grim_reapurr, sign, n)
            if target > TOP_SPACE:
                reasons.append(Reason(rule=R.REAPURR_RANGE, message=f"the life track ends at the {TOP_SPACE} space; the Grim Reapurr is on {_space(state.grim_reapurr)} and cannot move {n} up"))
                if state.grim_reapurr < TOP_SPACE:
                    alts.append(f"reapurr ={TOP_SPACE}")
            elif target < REAPURRS_LAIR:
                reasons.append(Reason(rule=R.REAPURR_START, message=f"the Reapurr's Lair is the lowest space; the Grim Reapurr is on {_space(state.grim_reapurr)} and cannot move {n} down"))
                if state.grim_reapurr > REAPURRS_LAIR:
                    alts.append("reapurr lair")
        elif verb in ("yarn", "hand", "power-cats"):
            i, amount = self._one(state, change)
            sign, n = self._signed(amount)
            if verb == "yarn" and sign == "=":
                raise MoveSyntaxError("yarn: use +N or -N (Yarn Balls move to and from the Sanctuary)")
            if state.players[i].eliminated:
                out(i)
            elif sign == "=":
                name = state.players[i].name
                if verb == "hand" and n > HAND_LIMIT:
                    reasons.append(Reason(rule=R.HAND_LIMIT, message=f"a hand holds at most {HAND_LIMIT} cards; {name} cannot hold {n}"))
                    alts.append(f"hand {name} ={HAND_LIMIT}")
                if verb == "power-cats" and n > POWER_CAT_LIMIT:
                    reasons.append(Reason(rule=R.POWER_CAT_LIMIT, message=f"a cat keeps at most {POWER_CAT_LIMIT} Power Cats; {name} cannot have {n}"))
                    alts.append(f"power-cats {name} ={POWER_CAT_LIMIT}")
        elif verb in ("draw", "discard"):
            i, count = self._one(state, change)
            if not count.isdigit():
                raise MoveSyntaxError(f"{verb}: {count!r} is not a number of cards")
            if state.players[i].eliminated:
                out(i)
        elif verb in ("next", "next-phase", "phase"):
            cur = state.players[state.current]
            if verb == "next":
                if not cur.eliminated and state.phase != "catastrophe":
                    reasons.append(Reason(
                        rule=R.THREE_PHASES,
                        message=f"{cur.name}'s turn is in the {PHASE_TITLES[state.phase]}; a turn ends only after its CATastrophe Phase",
                    ))
                    alts.append("next-phase")
            elif verb == "phase":
                if len(change.args) != 1 or change.args[0] not in PHASES:
                    raise MoveSyntaxError(f"phase: expected one of {', '.join(PHASES)}, got {change.label()!r}")
                if cur.eliminated:
                    reasons.append(Reason(rule=R.OUT, message=f"{cur.name} has been eliminated; their turn is over, use next"))
                    alts.append("next")
                else:
                    now, want = PHASES.index(state.phase), PHASES.index(change.args[0])
                    if want < now or want > now + 1:
                        reasons.append(Reason(
                            rule=R.THREE_PHASES,
                            message=f"phases run Claw, Paw, CATastrophe in order; {cur.name} is in the {PHASE_TITLES[state.phase]}",
                        ))
                        if now < 2:
                            alts.append(f"phase {PHASES[now + 1]}")
                        else:
                            alts.append("next")
        return reasons, alts

    @staticmethod
    def _reapurr_target(now: int, sign: str, n: int) -> int:
        if sign == "=":
            return n
        return now + n if sign == "+" else now - n

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        t = _Table(state)
        before = (state.game_over, state.winner, state.grim_reapurr_wins)
        verb = change.verb
        if verb == "lives":
            self._apply_lives(t, self._lives_ops(state, change))
        elif verb == "reapurr":
            if len(change.args) != 1:
                raise MoveSyntaxError(f"reapurr: expected one amount, got {change.label()!r}")
            sign, n = self._signed(change.args[0])
            self._apply_reapurr(t, sign, n)
        elif verb == "yarn":
            i, amount = self._one(state, change)
            sign, n = self._signed(amount)
            if sign == "=":
                raise MoveSyntaxError("yarn: use +N or -N (Yarn Balls move to and from the Sanctuary)")
            self._apply_yarn(t, i, n if sign == "+" else -n)
        elif verb in ("hand", "power-cats"):
            i, amount = self._one(state, change)
            sign, n = self._signed(amount)
            self._apply_cards(t, i, verb, sign, n)
        elif verb in ("draw", "discard"):
            i, count = self._one(state, change)
            if not count.isdigit():
                raise MoveSyntaxError(f"{verb}: {count!r} is not a number of cards")
            self._apply_cards(t, i, "hand", "+" if verb == "draw" else "-", int(count))
        elif verb == "next":
            self._advance_turn(t)
        elif verb == "next-phase":
            if not t.alive(t.current) or t.phase == "catastrophe":
                self._advance_turn(t)
            else:
                self._enter_phase(t, PHASES[PHASES.index(t.phase) + 1])
        elif verb == "phase":
            if len(change.args) != 1 or change.args[0] not in PHASES:
                raise MoveSyntaxError(f"phase: expected one of {', '.join(PHASES)}, got {change.label()!r}")
            self._enter_phase(t, change.args[0])
        else:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")

        self._sweep(t)
        self._settle_end(t, before)
        return t.freeze(), t.effects

    # ---- lives

    def _apply_lives(self, t: _Table, ops: list[tuple[int, str, int]]) -> None:
        if len(ops) == 1 and ops[0][1] == "=":
            i, _, n = ops[0]
            self._set_lives(t, i, n)
            return
        if t.king_rules() and len(ops) > 1:
            order = [i for i in t.turn_order()] + [i for i, _, _ in ops if not t.alive(i)]
            pos = {i: k for k, i in enumerate(order)}
            losses = sorted([op for op in ops if op[1] == "-" and op[2] > 0], key=lambda op: pos[op[0]])
            gains = sorted([op for op in ops if op[1] == "+" and op[2] > 0], key=lambda op: pos[op[0]])
            parts = []
            if losses:
                parts.append("losses first: " + ", ".join(t.name(i) for i, _, _ in losses))
            if gains:
                parts.append("then gains: " + ", ".join(t.name(i) for i, _, _ in gains))
            if len(losses) + len(gains) > 1:
                t.say("order", f"{VARIANT_TITLES[t.variant]} resolves in turn order from {t.name(t.current)}: "
                      + "; ".join(parts), R.KING_LOSSES_FIRST)
            ops = losses + gains
        for i, sign, n in ops:
            if n == 0:
                continue
            if not t.alive(i):
                if any(i == j for j in t.eliminated_now):
                    t.say("skipped", f"{t.name(i)} was eliminated before this change reached them", R.OUT)
                    continue
                if sign == "-":
                    continue
                # overruled: a gained life brings the token up out of the Reapurr's Lair
                t.players[i]["eliminated"] = False
                t.players[i]["lives"] = REAPURRS_LAIR
                t.say("back-in-game", f"{t.name(i)} comes back into the game from the Reapurr's Lair (the table's decision)", R.OUT)
            if sign == "-":
                self._lose(t, i, n)
            else:
                self._gain(t, i, n)

    def _lose(self, t: _Table, i: int, n: int) -> None:
        p = t.players[i]
        start = p["lives"]
        if t.king_rules():
            occ = t.occupied(i)
            pos = start
            skipped: list[int] = []
            for _ in range(n):
                free = [s for s in range(pos - 1, 0, -1) if s not in occ]
                skipped.extend(s for s in range(pos - 1, free[0] if free else 0, -1))
                if not free:
                    pos = REAPURRS_LAIR
                    break
                pos = free[0]
                if pos <= t.grim_reapurr:
                    break
            if skipped:
                where = "falls below the 1 space" if pos == REAPURRS_LAIR else f"lands on the {pos} space"
                t.say("meowtain-move",
                      f"{p['name']} loses {_lives_word(n)}, skips the occupied space(s) {', '.join(map(str, sorted(set(skipped), reverse=True)))} and {where}",
                      R.KING_LOSE)
        else:
            pos = max(start - n, REAPURRS_LAIR)
        if pos < 1:
            self._eliminate(t, i, R.LOST_ALL, f"{p['name']} has to move below the 1 space: all lives lost")
        else:
            p["lives"] = pos
            if pos <= t.grim_reapurr:
                self._eliminate(t, i, R.CAUGHT, f"{p['name']} moves down to {_space(pos)}, where the Grim Reapurr catches them (he is on {_space(t.grim_reapurr)})")

    def _gain(self, t: _Table, i: int, n: int) -> None:
        p = t.players[i]
        start = p["lives"]
        lost = 0
        if t.variant == "king":
            occ = t.occupied(i)
            pos = start
            skipped: list[int] = []
            shared_nine = False
            for k in range(n):
                if pos >= TOP_SPACE:
                    lost = n - k
                    break
                free = [s for s in range(pos + 1, TOP_SPACE) if s not in occ]
                nxt = free[0] if free else TOP_SPACE
                if nxt > pos + 1:
                    skipped.extend(range(pos + 1, nxt))
                    shared_nine = shared_nine or nxt == TOP_SPACE
                pos = nxt
            if skipped:
                t.say("meowtain-move",
                      f"{p['name']} gains, skips the occupied space(s) {', '.join(map(str, sorted(set(skipped))))} "
                      f"and lands on the {pos} space",
                      R.KING_NINE if shared_nine else R.KING_GAIN)
        else:
            pos = min(start + n, TOP_SPACE)
            lost = max(start + n - TOP_SPACE, 0)
        p["lives"] = pos
        if lost:
            t.say("lives-capped",
                  f"{p['name']} is on 9 lives, the most a cat can have; {_lives_word(lost)} gained beyond that {'is' if lost == 1 else 'are'} lost",
                  R.MAX_NINE)

    def _set_lives(self, t: _Table, i: int, n: int) -> None:
        p = t.players[i]
        n = min(n, TOP_SPACE)
        if not t.alive(i):
            if n < 1:
                return
            p["eliminated"] = False
            t.say("back-in-game", f"{p['name']} comes back into the game on the {n} space (the table's decision)", R.OUT)
        if n < 1:
            self._eliminate(t, i, R.LOST_ALL, f"{p['name']} is set below the 1 space: all lives lost")
            return
        p["lives"] = n
        # _sweep reports a catch by the Grim Reapurr

    # ---- the Grim Reapurr

    def _apply_reapurr(self, t: _Table, sign: str, n: int) -> None:
        before = t.grim_reapurr
        target = self._reapurr_target(before, sign, n)
        t.grim_reapurr = max(REAPURRS_LAIR, min(TOP_SPACE, target))
        if before <= 1 < t.grim_reapurr:
            t.say("unclear",
                  f"the Grim Reapurr climbs to {_space(t.grim_reapurr)}. The rulebook says he moves between the Lair and "
                  f"the 1 space, yet his cards move him up the track; the tracker lets him climb as far as the 9 space",
                  R.REAPURR_RANGE)

    # ---- Yarn Balls

    def _apply_yarn(self, t: _Table, i: int, delta: int) -> None:
        p = t.players[i]
        if delta >= 0:
            got = min(delta, t.yarn_sanctuary)
            p["yarn_balls"] += got
            t.yarn_sanctuary -= got
            if got < delta:
                t.say("yarn-short",
                      f"the Yarn Ball Sanctuary had only {got} left: {p['name']} gains {got} instead of {delta}",
                      R.YARN_NONE_LEFT)
        else:
            want = -delta
            gone = min(want, p["yarn_balls"])
            p["yarn_balls"] -= gone
            t.yarn_sanctuary += gone
            if gone < want:
                t.say("yarn-short",
                      f"{p['name']} had only {gone} Yarn Ball{'s' if gone != 1 else ''}; {gone} go{'es' if gone == 1 else ''} to the Sanctuary",
                      R.YARN_BASKET)

    # ---- hand and Power Cats

    def _apply_cards(self, t: _Table, i: int, counter: str, sign: str, n: int) -> None:
        p = t.players[i]
        key = "hand" if counter == "hand" else "power_cats"
        if sign == "=":
            p[key] = n
            return  # a set above the limit is refused by check(); overruled, it stands as the table said
        if sign == "-":
            if n > p[key]:
                what = "cards in hand" if key == "hand" else "Power Cats"
                t.say("cards-short", f"{p['name']} had only {p[key]} {what}; the count goes to 0",
                      R.DISCARD_HAND if key == "hand" else R.POWER_CATS_MAX_THREE)
            p[key] = max(p[key] - n, 0)
            return
        p[key] += n
        self._enforce_card_limit(t, i, key)

    def _enforce_card_limit(self, t: _Table, i: int, key: str) -> None:
        p = t.players[i]
        if key == "hand" and p["hand"] > HAND_LIMIT:
            extra = p["hand"] - HAND_LIMIT
            p["hand"] = HAND_LIMIT
            t.say("hand-limit",
                  f"{p['name']} holds more than {HAND_LIMIT} cards and discards {extra} at once, down to {HAND_LIMIT}",
                  R.HAND_LIMIT)
        if key == "power_cats" and p["power_cats"] > POWER_CAT_LIMIT:
            extra = p["power_cats"] - POWER_CAT_LIMIT
            p["power_cats"] = POWER_CAT_LIMIT
            t.say("power-cat-limit",
                  f"{p['name']} has more than {POWER_CAT_LIMIT} Power Cats and discards {extra} at once, down to {POWER_CAT_LIMIT}",
                  R.POWER_CAT_LIMIT)

    # ---- turn and phase

    def _enter_phase(self, t: _Table, phase: str) -> None:
        if phase == t.phase:
            return
        forward_into_paw = t.phase == "claw" and phase == "paw"
        t.phase = phase
        t.say("phase", f"{t.name(t.current)}'s {PHASE_TITLES[phase]}", R.THREE_PHASES)
        if forward_into_paw and t.alive(t.current):
            p = t.players[t.current]
            p["hand"] += PAW_DRAW
            t.say("draw", f"{p['name']} draws {PAW_DRAW} cards from the Main deck (hand {p['hand']})", R.PAW_DRAW)
            self._enforce_card_limit(t, t.current, "hand")

    def _advance_turn(self, t: _Table) -> None:
        n = len(t.players)
        for k in range(1, n + 1):
            j = (t.current + k) % n
            if t.alive(j):
                skipped = [t.name((t.current + m) % n) for m in range(1, k)]
                t.current = j
                t.phase = "claw"
                t.turn += 1
                note = f" (skipping eliminated {', '.join(skipped)})" if skipped else ""
                t.say("turn", f"{t.name(j)}'s turn{note}: Claw Phase", R.CLOCKWISE)
                return

    # ---- elimination and the end

    def _eliminate(self, t: _Table, i: int, rule: str, why: str) -> None:
        p = t.players[i]
        yarn, hand, cats = p["yarn_balls"], p["hand"], p["power_cats"]
        p.update(lives=REAPURRS_LAIR, yarn_balls=0, hand=0, power_cats=0, eliminated=True)
        t.yarn_sanctuary += yarn
        t.eliminated_now.append(i)
        t.say("eliminated", f"{why}. {p['name']} is eliminated; the token goes to the Reapurr's Lair", rule)
        if yarn:
            t.say("yarn-returned", f"{p['name']}'s {yarn} Yarn Ball{'s' if yarn != 1 else ''} go back to the Sanctuary (now {t.yarn_sanctuary})", R.LOSE_YARN)
        if hand or cats:
            t.say("discarded", f"{p['name']} discards {hand} hand card{'s' if hand != 1 else ''} and {cats} Power Cat{'s' if cats != 1 else ''}", R.DISCARD_ALL)

    def _sweep(self, t: _Table) -> None:
        """After every change: anyone below the 1 space or caught by the Grim Reapurr is out, at once."""
        for i in t.turn_order():
            p = t.players[i]
            if p["lives"] < 1:
                self._eliminate(t, i, R.LOST_ALL, f"{p['name']} is below the 1 space: all lives lost")
            elif p["lives"] <= t.grim_reapurr:
                self._eliminate(t, i, R.CAUGHT,
                                f"the Grim Reapurr on {_space(t.grim_reapurr)} catches {p['name']} on {_space(p['lives'])}")

    def _settle_end(self, t: _Table, before: tuple[bool, str | None, bool]) -> None:
        alive = [i for i in range(len(t.players)) if t.alive(i)]
        if len(alive) >= 2:
            t.game_over, t.winner, t.grim_reapurr_wins = False, None, False
        elif len(alive) == 1:
            t.game_over, t.winner, t.grim_reapurr_wins = True, t.name(alive[0]), False
        else:
            t.game_over, t.winner, t.grim_reapurr_wins = True, None, True
        after = (t.game_over, t.winner, t.grim_reapurr_wins)
        if t.current in t.eliminated_now and not t.game_over:
            t.say("turn-over", f"{t.name(t.current)} is out of the game, so their turn is over; type next", R.OUT)
        if after == before:
            return
        if not t.game_over:
            t.say("game-resumed", "more than one cat is in the game again, so play goes on (the table's decision)", R.LAST_STANDING)
        elif t.grim_reapurr_wins:
            together = [t.name(i) for i in t.eliminated_now]
            who = f" ({', '.join(together)} went out together)" if len(together) > 1 else ""
            t.say("grim-reapurr-wins", f"no cat is left{who}: the Grim Reapurr wins and every player loses", R.REAPURR_WINS)
        else:
            rule = R.KING_END if t.king_rules() else R.LAST_STANDING
            t.say("game-won", f"{t.winner} is the last cat standing and wins the game", rule)

    # ------------------------------------------------------------------ summary

    def summary(self, state: State) -> dict[str, Any]:
        cur = state.players[state.current]
        return {
            "game": GAME,
            "variant": state.variant,
            "turn": state.turn,
            "current": cur.name,
            "phase": state.phase,
            "grim_reapurr": state.grim_reapurr,
            "grim_reapurr_space": "Reapurr's Lair" if state.grim_reapurr == REAPURRS_LAIR else str(state.grim_reapurr),
            "yarn_sanctuary": state.yarn_sanctuary,
            "players": [
                {
                    "name": p.name,
                    "lives": p.lives,
                    "yarn_balls": p.yarn_balls,
                    "hand": p.hand,
                    "power_cats": p.power_cats,
                    "eliminated": p.eliminated,
                }
                for p in state.players
            ],
            "game_over": state.game_over,
            "winner": state.winner,
            "grim_reapurr_wins": state.grim_reapurr_wins,
        }

