"""CATastrophe: the State, everything on the table (lives, Yarn Balls, cards, the Grim Reapurr, turn)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from engine.base import Frozen, MoveSyntaxError

GAME = "catastrophe"

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
