"""Cataclysm Arcade: the table tracker's verbs, transitions of the same State as the engine."""
from __future__ import annotations

from typing import Any, ClassVar

from engine.base import AmbiguousMove, Effect, MoveSyntaxError, Reason, Verdict
from engine.tracking import Change, Findings, OptionError, options as read_options
from engine.tracking import Tracker as BaseTracker
from engine.words import player

from .model import (spec, BOSS, Boss, Fighter, Player, State, find_fighter, character_label,
                    replace_player)
from . import rules_readings
from . import table
from .notation_track import USAGE, LINE_MOVES, CommandReader, card_spec, play_form
from .rule_ids import R, GAME, ALL_RULES
from .track_outcome import Outcome

class Tracker(Outcome, CommandReader, BaseTracker[State]):
    game: ClassVar[str] = GAME
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = ALL_RULES  # the tracker shares combat and level rules with the engine
    COMMANDS: ClassVar[dict[str, str]] = USAGE
    OPTIONS: ClassVar[dict[str, str]] = {
        "player-one": "who is Player One at Level 1 (pick at random at the table, e.g. player-one=ben); "
        "default: the first listed player",
        "boss-health": "starting Boss health if known now: one number for everyone (boss-health=30) or per "
        "player (boss-health=ann:30,ben:25); default: unknown until `boss PLAYER N`",
    }

    # ------------------------------------------------------------ new game

    def new_state(self, players: list[str], options: dict[str, str]) -> State:
        names = [n.strip() for n in players]
        if len(names) < 2:
            raise OptionError("players: Cataclysm Arcade needs at least 2 players (1v1 or multiplayer)")
        if any(not n for n in names):
            raise OptionError("players: a player name is empty")
        lowered = [n.lower() for n in names]
        dupes = sorted({n for n in names if lowered.count(n.lower()) > 1})
        if dupes:
            raise OptionError(f"players: the name {dupes[0]!r} is given twice; give each player a different name")
        options = read_options(options, self.OPTIONS, self.game)

        player_one = names[0]
        if "player-one" in options:
            try:
                player_one = player(options["player-one"].strip(), names)
            except (MoveSyntaxError, AmbiguousMove):
                raise OptionError(
                    f"player-one: {options['player-one']!r} is not one player; choose one of {', '.join(names)}"
                ) from None

        health: dict[str, int] = {}
        if "boss-health" in options:
            health = self._boss_health_option(options["boss-health"], names)

        seats = tuple(
            Player(
                name=n,
                coins=1,  # Level 1 income
                hand_unknown=5,  # four drawn at set-up and one at the start of Level 1, all unnamed
                boss=Boss(health=health.get(n), starting_health=health.get(n)),
            )
            for n in names
        )
        return State(level=1, player_one=player_one, players=seats)

    def check(self, state: State, change: Change) -> Verdict:
        found = Findings(self._violations(state, change))
        if found.problems:
            return found.verdict(self._alternatives(state, change))
        _, found.effects = self.apply(state, change)
        found.leave_open(*rules_readings.from_effects(found.effects))
        return found.verdict()

    def _violations(self, state: State, change: Change) -> list[Reason]:
        verb, args = change.verb, change.args
        if state.game_over:
            rule = R.WIN_LOSE
            return [Reason(rule=rule, message=f"the game is over: {state.winner} has won")]
        if verb in LINE_MOVES:
            what = "playing a Fighter" if verb == "fighter" else "an attack"
            return [Reason(
                rule=R.FIGHTER_LINE if verb == "fighter" else R.ATTACK_LINE,
                message=f"{what} is a move that goes on the Line (checked, with priority and responses): "
                f"type `{play_form(state, change)}`",
            )]
        if verb == "next-level":
            waiting = [p.name for p in state.in_game if not p.passed]
            if waiting:
                return [Reason(
                    rule=R.LEVEL_ENDS,
                    message=f"level {state.level} ends only when every player has passed; "
                    f"not passed yet: {', '.join(waiting)}",
                )]
            return []

        if verb == "card":
            return []
        player = state.player(args[0])
        if player.out:
            return [Reason(
                rule=R.DEFEATED_REMOVED,
                message=f"{player.name} is out of the game (their Boss was defeated) and has no cards in play",
            )]

        if verb == "pass" and state.line:
            return [Reason(rule=R.LINE_REPEAT, message=f"the Line is not empty ({state.line[-1].label()} on top): "
                           f"{verb} is a move, and moves wait until the Line has resolved (`companion play decline`)")]

        if verb == "pass":
            if player.passed:
                return [Reason(rule=R.PASSING, message=f"{player.name} has already passed this level")]
            if state.initiative is not None and state.initiative != player.name:
                return [Reason(rule=R.MOVES, message=f"{state.initiative} has the initiative, not {player.name}: a "
                               "pass is a move, and only the player with the initiative chooses one")]
            return []

        if verb == "coins":
            if args[1] == "spend":
                cost = int(args[2])
                if cost > player.coins:
                    return [Reason(
                        rule=R.PAY_FROM_POOL,
                        message=f"{player.name} has {player.coins} coin{'s' * (player.coins != 1)} "
                        f"and cannot pay {cost}",
                    )]
            return []

        if verb == "tap":
            who = table.character(player, args[1])
            if who is not None and who.tapped and not (who.has("agility") and who.taps < 2):
                return [Reason(
                    rule=R.TAPPING,
                    message=f"{character_label(args[1], player.name)} is already tapped: it cannot attack or use tap abilities "
                    "again this level (Agility or card text: overrule)",
                )]
            return []

        # damage, heal, gain-health, untap, destroy, boss: the rulebook does not forbid them
        return []

    def _alternatives(self, state: State, change: Change) -> list[str]:
        if state.game_over:
            return []
        if change.verb == "next-level":
            return [f"pass {p.name}" for p in state.in_game if not p.passed]
        if change.verb == "pass" and state.initiative and not state.line:
            return [f"pass {state.initiative}"]
        if change.verb == "coins" and change.args[1] == "spend":
            coins = state.player(change.args[0]).coins
            return [f"coins {change.args[0]} spend {coins}"] if coins > 0 else []
        return []

    # ------------------------------------------------------------ apply

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        verb, args = change.verb, change.args
        handler = getattr(self, "_apply_" + verb.replace("-", "_"), None)
        if handler is None:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")
        was_over = state.level_over
        new, effects = handler(state, *args)
        if not was_over and new.level_over and not new.game_over and verb != "next-level":
            effects.append(Effect(
                kind="level-over",
                message=f"every player has passed: level {new.level} is over; "
                f"`companion track next-level` starts level {new.level + 1}",
                rule=R.LEVEL_ENDS,
            ))
        return new, effects

    def _apply_next_level(self, state: State) -> tuple[State, list[Effect]]:
        return table.start_next_level(state)

    def _apply_pass(self, state: State, name: str) -> tuple[State, list[Effect]]:
        return table.pass_player(state, name), []

    def _apply_coins(self, state: State, name: str, *rest: str) -> tuple[State, list[Effect]]:
        return table.add_coins(state, name, -int(rest[1]) if rest[0] == "spend" else int(rest[0]))

    def _apply_boss(self, state: State, name: str, health: str, *boss_name: str) -> tuple[State, list[Effect]]:
        player = state.player(name)
        value = int(health)
        update: dict[str, Any] = {"health": value, "starting_health": value}
        if boss_name:
            update["name"] = boss_name[0]
            card = spec(state, boss_name[0])
            if card is not None and card.type == "boss":
                update.update(table.card_stats(card))
        new_player = player.model_copy(update={"boss": player.boss.model_copy(update=update)})
        return replace_player(state, new_player), []

    def _apply_card(self, state: State, name: str, kind: str, *fields: str) -> tuple[State, list[Effect]]:
        card = card_spec(name, kind, fields, checked=False)
        cards = tuple(c for c in state.cards if c.name.lower() != name.lower()) + (card,)
        return state.model_copy(update={"cards": cards}), []

    def _apply_hand(self, state: State, name: str, *cards: str) -> tuple[State, list[Effect]]:
        return replace_player(state, table.name_in_hand(state.player(name), cards)), []

    def _apply_fighter(self, state: State, name: str, fighter_name: str, health: str, *level: str) -> tuple[State, list[Effect]]:
        """A card effect puts a Fighter into play (overruled: a Fighter played as a move goes on the Line)."""
        value = int(health)
        card = spec(state, fighter_name)
        stats = table.card_stats(card) if card is not None and card.type == "fighter" else {}
        fighter = Fighter(name=fighter_name, health=value, starting_health=value, entered_level=state.level, **stats)
        return table.enter_fighter(state, name, fighter)

    def _apply_attack(self, state: State, name: str, character: str, cost: str) -> tuple[State, list[Effect]]:
        new, effects = self._apply_coins(state, name, "spend", cost) if int(cost) else (state, [])
        new, more = self._apply_tap(new, name, character)
        effects += more
        label = character_label(character, name)
        effects.append(Effect(
            kind="attack",
            message=f"{label} attacks: {cost} coin{'s' * (cost != '1')} paid and {label} tapped; when the attack "
            f"resolves record its damage with `companion track damage PLAYER CHARACTER N`",
            rule=R.DAMAGE_ON_RESOLUTION,
        ))
        return new, effects

    def _apply_tap(self, state: State, name: str, character: str) -> tuple[State, list[Effect]]:
        return replace_player(state, table.tap(state.player(name), self._name(state.player(name), character))), []

    def _apply_untap(self, state: State, name: str, character: str) -> tuple[State, list[Effect]]:
        """A card effect untaps it (and ends a Stun: the rulebook gives Stun no end of its own)."""
        return table.untap(state, name, self._name(state.player(name), character)), []

    def _name(self, player: Player, character: str) -> str:
        return BOSS if character == BOSS else self._fighter(player, character).name

    @staticmethod
    def _boss_health(player: Player) -> int:
        if player.boss.health is None:
            raise MoveSyntaxError(
                f"{player.name}'s Boss has no health yet; set it first, e.g. `boss {player.name.lower()} 30`"
            )
        return player.boss.health

    @staticmethod
    def _fighter(player: Player, character: str) -> Fighter:
        fighter = find_fighter(player, character)
        if fighter is None:
            raise MoveSyntaxError(f"{player.name} has no Fighter {character!r} in play")
        return fighter

    def _apply_destroy(self, state: State, name: str, character: str) -> tuple[State, list[Effect]]:
        fighter = self._fighter(state.player(name), character)
        return table.destroy_fighter(state, name, fighter.name)

    def _apply_damage(self, state: State, name: str, character: str, amount: str) -> tuple[State, list[Effect]]:
        player = state.player(name)
        if character == BOSS:
            self._boss_health(player)
        else:
            character = self._fighter(player, character).name
        new, effects = table.deal_damage(state, name, character, int(amount), R.HEALTH_REDUCED)
        new, more = table.initiative_from_the_defeated(new, name)
        return new, effects + more

    def _apply_heal(self, state: State, name: str, character: str, amount: str) -> tuple[State, list[Effect]]:
        return self._add_health(state, name, character, int(amount), capped=True)

    def _apply_gain_health(self, state: State, name: str, character: str, amount: str) -> tuple[State, list[Effect]]:
        return self._add_health(state, name, character, int(amount), capped=False)

    def _add_health(self, state: State, name: str, character: str, n: int, capped: bool) -> tuple[State, list[Effect]]:
        player = state.player(name)
        if character == BOSS:
            self._boss_health(player)
        else:
            character = self._fighter(player, character).name
        return table.add_health(state, name, character, n, capped)

    # ------------------------------------------------------------ what stays secret

    HIDES_HAND: ClassVar[bool] = True
    SECRET_VERBS: ClassVar[dict[str, str]] = {"hand": "{n} cards, hidden"}

    def hide(self, state: State, player):
        """The named cards count as unnamed ones."""
        return player.model_copy(update={"hand": (), "hand_unknown": player.hand_unknown + len(player.hand)}) \
            if player.hand else player

    def own_hand(self, state: State, name: str) -> dict[str, Any]:
        p = next(p for p in state.players if p.name == name)
        return {"player": name, "cards": list(p.hand), "count": len(p.hand) + p.hand_unknown, "unnamed": p.hand_unknown}

    # ------------------------------------------------------------ summary

    def summary(self, state: State) -> dict[str, Any]:
        """Compact: health as "current/starting" ("?" while unknown), ", tapped" / ", stunned" when so."""
        return {
            "level": state.level,
            "player_one": state.player_one,
            "still_to_pass": [] if state.game_over else [p.name for p in state.in_game if not p.passed],
            "level_over": state.level_over,
            "game_over": state.game_over,
            "winner": state.winner,
            "initiative": state.initiative,
            "priority": state.priority,
            "line": [item.label() for item in state.line],
            "players": [
                {
                    "name": p.name,
                    "coins": p.coins,
                    "passed": p.passed,
                    "out": p.out,
                    "boss": _boss_text(p.boss),
                    "fighters": [_fighter_text(f) for f in p.fighters],
                    "weapons": [w.name + (f" (wielded by {w.wielder})" if w.wielder else "") for w in p.weapons],
                    "hand": ", ".join([*p.hand, *([f"{p.hand_unknown} unnamed"] if p.hand_unknown else [])]) or "empty",
                }
                for p in state.players
            ],
        }


def _boss_text(boss: Boss) -> str:
    health = "?" if boss.health is None else str(boss.health)
    start = "?" if boss.starting_health is None else str(boss.starting_health)
    text = f"{boss.name + ' ' if boss.name else ''}{health}/{start}"
    return text + (", tapped" if boss.tapped else "") + (", stunned" if boss.stunned else "")


def _fighter_text(fighter: Fighter) -> str:
    return (f"{fighter.name} {fighter.health}/{fighter.starting_health}" + (" tapped" if fighter.tapped else "")
            + (" stunned" if fighter.stunned else ""))
