"""Cataclysm Arcade: the State on the table (level, Player One, players, Bosses and Fighters).

Pure data and small helpers that return changed copies; no rules here.
"""
from __future__ import annotations

from pydantic import Field

from engine.base import Frozen, MoveSyntaxError

BOSS = "boss"  # the word that names a player's Boss in commands


# ---------------------------------------------------------------- state


class Boss(Frozen):
    """A player's Boss: in play from the start. Health is None until the table tells it."""

    name: str | None = None
    health: int | None = None
    starting_health: int | None = None
    tapped: bool = False


class Fighter(Frozen):
    """A Fighter in play. Its name is unique among its controller's Fighters."""

    name: str
    health: int
    starting_health: int
    tapped: bool = False


class Player(Frozen):
    """One seat at the table; seats are listed clockwise."""

    name: str
    coins: int = Field(default=0, ge=0)  # the coin pool for this level
    passed: bool = False
    out: bool = False  # the Boss was defeated: out of the game, cards removed
    boss: Boss = Boss()
    fighters: tuple[Fighter, ...] = ()


class State(Frozen):
    """The table: level, Player One, the players clockwise, and the winner once there is one."""

    level: int = Field(default=1, ge=1)
    player_one: str
    players: tuple[Player, ...]
    winner: str | None = None

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise MoveSyntaxError(f"no player {name!r}; players: {', '.join(p.name for p in self.players)}")

    @property
    def in_game(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if not p.out)

    @property
    def level_over(self) -> bool:
        """Every player still in the game has passed this level."""
        remaining = self.in_game
        return bool(remaining) and all(p.passed for p in remaining)

    @property
    def game_over(self) -> bool:
        return self.winner is not None


# ---------------------------------------------------------------- small helpers


def _replace_player(state: State, player: Player) -> State:
    return state.model_copy(update={"players": tuple(player if p.name == player.name else p for p in state.players)})


def _find_fighter(player: Player, name: str) -> Fighter | None:
    for f in player.fighters:
        if f.name.lower() == name.lower():
            return f
    return None


def _replace_fighter(player: Player, fighter: Fighter) -> Player:
    return player.model_copy(
        update={"fighters": tuple(fighter if f.name == fighter.name else f for f in player.fighters)}
    )


def _without_fighter(player: Player, name: str) -> Player:
    return player.model_copy(update={"fighters": tuple(f for f in player.fighters if f.name != name)})


def _label(character: str, player: str) -> str:
    return f"{player}'s Boss" if character == BOSS else f"{character} ({player})"
