"""Cataclysm Arcade: the one working table (`Table`): the State's transitions, written once and called
by the plays (rules.py, rules_line.py) and the tracker verbs (track.py) alike, each saying the
effects it sets off; the small changes of one Player (a tap, a cost paid, a card taken) are functions."""
from __future__ import annotations

from typing import Any

from engine.base import Effect, MoveSyntaxError
from engine.tracking import WorkingTable
from engine.words import listing

from . import rules_cards
from .model import (BOSS, Boss, CardSpec, Character, Fighter, Player, State, character_label, find_fighter,
                    replace_player, spec)
from .rule_ids import R


def character(player: Player, name: str) -> Boss | Fighter | None:
    """The Boss ("boss") or the Fighter of that name (any case) a player controls, or None."""
    return player.boss if name == BOSS else find_fighter(player, name)


def _with(player: Player, name: str, new: Character) -> Player:
    """The player with their Boss ("boss") or their Fighter of that name replaced."""
    if name == BOSS:
        return player.model_copy(update={"boss": new})
    return player.model_copy(update={"fighters": tuple(new if f.name == name else f for f in player.fighters)})


def can_tap(who: Character) -> bool:
    """Untapped, or with Agility and fewer than two taps this level; never while stunned."""
    return not who.stunned and (not who.tapped or (who.has("agility") and who.taps < 2))


def tap(player: Player, name: str) -> Player:
    """The character taps (an attack or a tap ability), counted for Agility."""
    who = character(player, name)
    if who is None:
        return player
    return _with(player, BOSS if name == BOSS else who.name,
                 who.model_copy(update={"tapped": True, "taps": who.taps + 1}))


def attack_value(state: State, player: Player, name: str) -> int | None:
    """Printed attack (as in play, else as its card says) + its +1 Attack counters + the attack
    modifiers of the Weapons it wields; None while the printed attack is unknown."""
    who = character(player, name)
    attack = rules_cards.character_fact(state, player, name, "attack") if who is not None else None
    if attack is None:
        return None
    return attack + who.counters + sum(modifier for _, modifier in wielded_modifiers(state, player, name))


def wielded_modifiers(state: State, player: Player, name: str) -> list[tuple[str, int]]:
    """(Weapon, attack modifier) for each Weapon the Fighter wields whose modifier is known and not 0."""
    if name == BOSS:
        return []
    who = character(player, name)
    found = [(w.name, rules_cards.weapon_fact(state, w, "attack_modifier")) for w in player.weapons
             if who is not None and w.wielder == who.name]
    return [(w, m) for w, m in found if m]


def card_stats(card: CardSpec) -> dict[str, Any]:
    """What a catalogue entry tells about a character beyond its health."""
    return {"attack": card.attack, "attack_cost": card.attack_cost, "armor": card.armor, "keywords": card.keywords}


def coins_text(n: int) -> str:
    return f"{n} coin{'s' * (n != 1)}"


def spend(me: Player, cost: int | None, rule: str, what: str) -> tuple[Player, list[Effect]]:
    """A cost paid from the coin pool, as far as the pool goes (an overruled play)."""
    if not cost:
        return me, []
    paid = min(cost, me.coins)
    return me.model_copy(update={"coins": me.coins - paid}), [
        Effect(kind="paid", rule=rule, message=f"{me.name} pays {coins_text(paid)} for {what}")]


def take_from_hand(me: Player, card: str) -> Player:
    """The card leaves the hand: a named one if the table knows it, else one unnamed card."""
    for i, c in enumerate(me.hand):
        if c.lower() == card.lower():
            return me.model_copy(update={"hand": me.hand[:i] + me.hand[i + 1:]})
    return me.model_copy(update={"hand_unknown": max(0, me.hand_unknown - 1)})


def name_in_hand(me: Player, cards: tuple[str, ...]) -> Player:
    """The table names cards in the hand: unnamed cards become these (more are added)."""
    named = min(len(cards), me.hand_unknown)
    return me.model_copy(update={"hand": (*me.hand, *cards), "hand_unknown": me.hand_unknown - named})


# ---------------------------------------------------------------- passing and levels


def clockwise_after(state: State, name: str) -> list[str]:
    """Every seat after `name`, clockwise, ending with `name` itself."""
    names = [p.name for p in state.players]
    i = names.index(name) if name in names else -1
    return names[i + 1:] + names[: i + 1]


def next_initiative(state: State, after: str) -> str | None:
    """The next player clockwise (ending with `after`) still in the game who has not passed."""
    return next((n for n in clockwise_after(state, after) if not state.player(n).out
                 and not state.player(n).passed), None)


# ---------------------------------------------------------------- the working table


class Table(WorkingTable):
    """A State while one play, Line item or tracker verb changes it: `state` is the State before,
    `now` the State as far as the change has got. Each transition moves `now` on and gathers the
    effects it sets off (`effects`, as `say` does); `freeze()` is the State after the change."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.now = state

    def freeze(self) -> State:
        return self.now

    def player(self, name: str) -> Player:
        return self.now.player(name)

    def update(self, **fields: Any) -> None:
        """Fields of the table itself (the Line, priority, the catalogue) set anew."""
        self.now = self.now.model_copy(update=fields)

    def replace_player(self, player: Player) -> None:
        self.now = replace_player(self.now, player)

    def with_character(self, owner: str, name: str, new: Character) -> None:
        self.replace_player(_with(self.player(owner), name, new))

    def tap(self, owner: str, name: str) -> None:
        self.replace_player(tap(self.player(owner), name))

    def untap(self, owner: str, name: str) -> None:
        """A card effect untaps the character, which also ends a Stun (the rulebook gives Stun no end)."""
        who = character(self.player(owner), name)
        self.with_character(owner, name, who.model_copy(update={"tapped": False, "stunned": False}))

    def deal_damage(self, owner: str, name: str, amount: int, rule: str, announce: bool = False) -> None:
        """`amount` damage to a character: Armor prevents the first N each level, then health drops;
        a Fighter at 0 or less is destroyed (unless Determination saves it), a Boss defeats its player."""
        who = character(self.player(owner), name)
        if who is None:
            raise MoveSyntaxError(f"{owner} has no character {name!r} in play")
        label = character_label(name, owner)
        prevented = min(amount, max(0, who.armor - who.armor_used))
        if prevented:
            who = who.model_copy(update={"armor_used": who.armor_used + prevented})
            self.say("armor", f"Armor {who.armor} on {label} prevents {prevented} damage", R.ARMOR)
        dealt = amount - prevented
        if who.health is None:
            self.say("health-unknown", f"{label} takes {dealt} damage; its health is unknown: record it with `track`",
                     rule)
            self.with_character(owner, name, who)
            return
        health = who.health - dealt
        who = who.model_copy(update={"health": health})
        if dealt and announce:
            self.say("damage", f"{label} takes {dealt} damage and is at {health}", rule)
        self.with_character(owner, name, who)
        if health > 0:
            return
        if name == BOSS:
            if self.player(owner).out or self.now.game_over:
                return  # once the game has a winner a hit changes the number only
            if who.has("determination"):
                self.say("boss-determination", f"{label} has Determination, which saves from destruction: a Boss is "
                         "defeated instead", R.DETERMINATION)
            self.defeat(owner, health)
        elif not self.determination_saves(owner, who):
            self.destroy_fighter(owner, who.name, R.FIGHTER_DESTROYED,
                                 f"{label} is at {health} health: destroyed, to the discard pile")

    def determination_saves(self, owner: str, who: Fighter) -> bool:
        """A Fighter that would be destroyed, with Determination and no +1 Attack counter, stays at 1 health
        with a +1 Attack counter instead (by damage or by a destroy effect alike)."""
        if not who.has("determination") or who.counters:
            return False
        self.say("determination", f"Determination: {character_label(who.name, owner)} stays at 1 health and gets "
                 "a +1 Attack counter", R.DETERMINATION)
        self.with_character(owner, who.name, who.model_copy(update={"health": 1, "counters": 1}))
        return True

    def destroy_by_effect(self, owner: str, name: str) -> None:
        """A card effect destroys a Fighter, unless Determination saves it."""
        who = character(self.player(owner), name)
        if not self.determination_saves(owner, who):
            self.destroy_fighter(owner, who.name)

    def destroy_fighter(self, owner: str, name: str, rule: str = R.DESTROY, message: str | None = None) -> None:
        """A Fighter leaves play for the discard pile; the Weapons it wielded stay, unwielded."""
        player = self.player(owner)
        fighters = tuple(f for f in player.fighters if f.name != name)
        weapons = tuple(w.model_copy(update={"wielder": None}) if w.wielder == name else w for w in player.weapons)
        self.say("destroyed", message or f"{name} ({owner}) is destroyed and goes to the discard pile", rule)
        if weapons != player.weapons:
            self.say("unwielded", f"the Weapons {name} wielded stay in play unwielded (the rulebook does not say)",
                     R.LEAVING_PLAY)
        self.replace_player(player.model_copy(update={"fighters": fighters, "weapons": weapons}))

    def enter_fighter(self, owner: str, fighter: Fighter, how_to_keep_old: str, keep_old: bool = False) -> None:
        """A Fighter enters play for `owner` (a resolved play, or a card effect the table records with the
        tracker); of two of one name the player keeps one (fighter.one-per-name): the old one when
        `keep_old`, else the new one, the line saying how the table keeps the old one instead."""
        old = character(self.player(owner), fighter.name)
        if old is not None and keep_old:
            self.say("kept-old", f"{owner} keeps the {old.name} already in play: the new one is destroyed and goes "
                     "to the discard pile", R.FIGHTER_ONE_PER_NAME)
            return
        if old is not None:
            self.destroy_fighter(owner, old.name, R.FIGHTER_ONE_PER_NAME, f"{owner} may keep one {fighter.name}: the "
                                 f"new one stays, the old one is destroyed (to keep the old one, {how_to_keep_old})")
        player = self.player(owner)
        self.replace_player(player.model_copy(update={"fighters": (*player.fighters, fighter)}))

    def defeat(self, owner: str, health: int) -> None:
        """A Boss at 0 or less: its player is out, their cards leave the game (and the Line), and the
        last player with a Boss wins."""
        player = self.player(owner)
        self.say("out", f"{owner}'s Boss is at {health} health: {owner} is defeated and out of the game",
                 R.BOSS_DEFEATED)
        if player.fighters or player.coins or player.weapons or player.hand_size:
            parts = [f.name for f in player.fighters] + [w.name for w in player.weapons]
            if player.hand_size:
                parts.append(f"{player.hand_size} card{'s' * (player.hand_size != 1)} in hand")
            self.say("cards-removed", f"all of {owner}'s cards leave the game"
                     + (f" ({', '.join(parts)})" if parts else ""), R.DEFEATED_REMOVED)
        self.replace_player(player.model_copy(update={"out": True, "fighters": (), "weapons": (), "coins": 0,
                                                      "hand": (), "hand_unknown": 0}))
        line = self.now.line
        if any(item.controller == owner for item in line):
            left = tuple(i for i in line if i.controller != owner)
            # with nothing left on the Line nobody holds priority: the move is over
            self.update(line=left, **({} if left else {"priority": None, "declined": ()}))
            self.say("line-removed", f"{owner}'s items leave the Line: "
                     f"{', '.join(i.label() for i in line if i.controller == owner)}", R.DEFEATED_REMOVED)
        remaining = self.now.in_game
        if len(remaining) == 1 and self.now.winner is None:
            winner = remaining[0].name
            # the game is over: an initiative left with a player who is out goes to nobody (no move follows)
            out = self.now.initiative is not None and self.player(self.now.initiative).out
            self.update(winner=winner, line=(), priority=None, declined=(), **({"initiative": None} if out else {}))
            two = len(self.now.players) == 2
            self.say("won", f"{winner} has defeated the opposing Boss and wins" if two
                     else f"{winner} has the last Boss standing and wins", R.ONE_V_ONE if two else R.MULTIPLAYER)

    def add_health(self, owner: str, name: str, n: int, capped: bool, announce: bool = False) -> None:
        """Heal N (never above Starting Health) when `capped`, else Gain Health (no cap). `announce`:
        say the new health (a card resolving; the tracker's own verb already says it)."""
        who = character(self.player(owner), name)
        if who is None:
            raise MoveSyntaxError(f"{owner} has no character {name!r} in play")
        label = character_label(name, owner)
        if who.health is None:
            self.say("health-unknown", f"{label}'s health is unknown: record it with `track`",
                     R.HEAL if capped else R.GAIN_HEALTH)
            return
        health = who.health
        start = who.starting_health if who.starting_health is not None else health
        if capped:
            new_health = max(health, min(health + n, start))
            lost = n - (new_health - health)
            if lost:
                self.say("heal-capped", f"Heal cannot take {label} above its Starting Health {start}: "
                         f"{lost} of the {n} is lost", R.HEAL)
            if announce and new_health > health:
                self.say("healed", f"{label} heals {new_health - health} and is at {new_health}", R.HEAL)
        else:
            new_health = health + n
            if announce:
                self.say("gains-health", f"{label} gains {n} health and is at {new_health}", R.GAIN_HEALTH)
            if new_health > start >= health:
                self.say("above-starting-health", f"{label} is at {new_health}, above its Starting Health {start} "
                         "(Gain Health has no cap)", R.GAIN_HEALTH)
        self.with_character(owner, name, who.model_copy(update={"health": new_health}))

    def initiative_from_the_defeated(self, owner: str) -> None:
        """A player defeated between moves while holding the initiative: it goes on clockwise to the next
        player who has not passed (during a move the Line's end passes it on: rules_line.finish_move)."""
        now = self.now
        if now.initiative != owner or now.line or now.winner or not now.player(owner).out:
            return
        holder = next_initiative(now, owner)
        self.update(initiative=holder)
        self.say("initiative", f"{owner} is out; " + (f"{holder} has the initiative" if holder else
                                                      "everyone left has passed"), R.INITIATIVE_CLOCKWISE)

    def add_coins(self, name: str, delta: int, quiet: bool = False) -> None:
        """The pool changes by `delta`; it never goes below 0 (what could not be taken is said, unless
        `quiet`: a card's effect on the pool, which its resolution already says)."""
        player = self.player(name)
        total = player.coins + delta
        if total < 0 and not quiet:
            self.say("coins-short", f"{player.name} had only {coins_text(player.coins)}: the pool is now 0 "
                     f"({-total} could not be taken)", R.PAY_FROM_POOL)
        self.replace_player(player.model_copy(update={"coins": max(total, 0)}))

    def pass_player(self, name: str) -> None:
        """The player passes for the rest of the level; if they held the initiative it moves on."""
        self.replace_player(self.player(name).model_copy(update={"passed": True}))
        if self.now.initiative == name:
            self.update(initiative=next_initiative(self.now, name))

    def start_next_level(self) -> None:
        """The next level: unspent coins lost, Player One moves on and takes the initiative, untap, draw, income."""
        now = self.now
        for p in now.in_game:
            if p.coins:
                self.say("coins-lost", f"{p.name}'s {p.coins} unspent coin{'s' * (p.coins != 1)} "
                         f"{'are' if p.coins != 1 else 'is'} lost", R.COINS_LOST)
        level = now.level + 1
        # one seat clockwise from the current Player One, skipping players who are out (a reading)
        seats = clockwise_after(now, now.player_one)
        player_one = next((n for n in seats if not now.player(n).out), now.player_one)
        passed_over = seats[:seats.index(player_one)]
        fresh = {"tapped": False, "taps": 0, "armor_used": 0}
        players = [p.model_copy(update={"passed": False}) if p.out else p.model_copy(update={
            "coins": level, "passed": False, "hand_unknown": p.hand_unknown + 1,
            "boss": p.boss.model_copy(update=fresh), "fighters": tuple(f.model_copy(update=fresh) for f in p.fighters),
        }) for p in now.players]
        self.update(level=level, player_one=player_one, players=tuple(players), initiative=player_one, line=(),
                    priority=None, declined=())
        self.say("level", f"level {level} begins", R.LEVEL_INCREASES)
        if any(p.boss.tapped or any(f.tapped for f in p.fighters) for p in now.in_game):
            self.say("untap", "every tapped card untaps", R.UNTAP)
        self.say("draw", "each player draws a card", R.DRAW)
        self.say("coins", f"each player's coin pool is now {level}", R.COINS)
        if passed_over:
            self.say("passed-over", f"Player One passes over {listing(passed_over)}, out of the game",
                     R.PLAYER_ONE_ROTATES)
        self.say("player-one", f"{player_one} is Player One and takes the initiative", R.PLAYER_ONE_ROTATES)

    def set_boss(self, owner: str, health: int, name: str | None = None) -> None:
        """The Boss's Starting Health (its printed value) as the table gives it, with its name and what its
        catalogue entry says when named. Damage already taken stays taken: health does not heal between
        levels (combat.no-healing-between-levels), so current health keeps its distance below Starting Health."""
        player = self.player(owner)
        old = player.boss
        taken = old.starting_health - old.health \
            if old.health is not None and old.starting_health is not None else 0
        update: dict[str, Any] = {"health": health - taken, "starting_health": health}
        if taken:
            lost = f"the {taken} damage it has taken stays" if taken > 0 else f"the {-taken} health it gained stays"
            self.say("health-kept", f"{owner}'s Boss starts at {health}; {lost}: {health - taken}/{health}",
                     R.NO_HEALING)
        if name is not None:
            update["name"] = name
            card = spec(self.now, name)
            if card is not None and card.type == "boss":
                update.update(card_stats(card))
        self.replace_player(player.model_copy(update={"boss": player.boss.model_copy(update=update)}))
        if health - taken <= 0 < health and not player.out and self.now.winner is None:
            self.defeat(owner, health - taken)
