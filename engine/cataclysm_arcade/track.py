"""Cataclysm Arcade: the table tracker's verbs, transitions of the same State as the engine: each verb's
check and its transition on the working table (table.Table) are its row of VERBS."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from engine.base import AmbiguousMove, Effect, MoveSyntaxError, Reason, Verdict
from engine.tracking import (Change, Counter, Findings, OptionError, Verb, apply_verb, check_verb, judged,
                             options as read_options)
from engine.words import player

from .model import spec, BOSS, Boss, Fighter, Player, State, find_fighter, character_label
from . import rules_readings
from . import table
from . import rules_line
from . import notation_track as words
from .notation_track import boss_health_option, card_spec, play_form
from .rule_ids import R, GAME


OPTIONS = {
    "player-one": "who is Player One at Level 1 (pick at random at the table, e.g. player-one=ben); "
    "default: the first listed player",
    "boss-health": "starting Boss health if known now: one number for everyone (boss-health=30) or per "
    "player (boss-health=ann:30,ben:25); default: unknown until `boss PLAYER N`",
}

# ------------------------------------------------------------ new game


def new_state(players: list[str], options: dict[str, str]) -> State:
    names = [n.strip() for n in players]
    if len(names) < 2:
        raise OptionError("players: Cataclysm Arcade needs at least 2 players (1v1 or multiplayer)")
    if any(not n for n in names):
        raise OptionError("players: a player name is empty")
    lowered = [n.lower() for n in names]
    dupes = sorted({n for n in names if lowered.count(n.lower()) > 1})
    if dupes:
        raise OptionError(f"players: the name {dupes[0]!r} is given twice; give each player a different name")
    options = read_options(options, OPTIONS, GAME)

    player_one = names[0]
    if "player-one" in options:
        try:
            player_one = player(options["player-one"].strip(), names)
        except (MoveSyntaxError, AmbiguousMove):
            raise OptionError(
                f"player-one: {options['player-one']!r} is not one player; choose one of {', '.join(names)}"
            ) from None

    health = boss_health_option(options["boss-health"], names) if "boss-health" in options else {}

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


def check(state: State, change: Change) -> Verdict:
    """engine.tracking's sequence, after the game's end is checked first: a refused change with the
    verb's own advice (none once the game is over), a legal one with the readings its effects decided."""
    return judged(VERBS, state, change, apply, found=_violations(state, change),
                  advise=(lambda *_: []) if state.game_over else None,
                  readings=lambda state, change, found: found.leave_open(*rules_readings.from_effects(found.effects)))


def apply(state: State, change: Change) -> tuple[State, list[Effect]]:
    t = apply_verb(VERBS, table.Table(state), change)
    new = t.freeze()
    if not state.level_over and new.level_over and not new.game_over:
        t.say("level-over", f"every player has passed: level {new.level} is over; "
              f"`companion track next-level` starts level {new.level + 1}", R.LEVEL_ENDS)
    return new, t.effects

# ------------------------------------------------------------ what stays secret


def hide(state: State, player):
    """The named cards count as unnamed ones."""
    return player.model_copy(update={"hand": (), "hand_unknown": player.hand_unknown + len(player.hand)}) \
        if player.hand else player


def own_hand(state: State, name: str) -> dict[str, Any]:
    p = next(p for p in state.players if p.name == name)
    return {"player": name, "cards": list(p.hand), "count": len(p.hand) + p.hand_unknown, "unnamed": p.hand_unknown}

# ------------------------------------------------------------ summary


def summary(state: State) -> dict[str, Any]:
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


# ------------------------------------------------------------ the verbs: checks, advice, transitions


def _violations(state: State, change: Change) -> Findings:
    """What the verb's check finds (nothing once the game has a winner but that it is over)."""
    if state.game_over:
        return Findings([Reason(rule=R.WIN_LOSE, message=f"the game is over: {state.winner} has won")])
    return check_verb(VERBS, state, change, Findings())


def _on_the_line(what: str, rule: str, form: str) -> Callable[[State, Change, Findings], None]:
    """The check of a verb that is a move going on the Line (a Fighter played, an attack): play it, as
    `form` says it (`name`: the Fighter, or the attacker)."""
    def check(state: State, change: Change, found: Findings) -> None:
        found.forbid(rule, f"{what} is a move that goes on the Line (checked, with priority and "
                     f"responses): type `{play_form(state, change, form)}`")
    return check


def _in_game(check: Callable[[State, Player, Change, Findings], None] | None = None
             ) -> Callable[[State, Change, Findings], None]:
    """The check of a verb about one player's cards: none for a player out of the game, then `check`."""
    def checked(state: State, change: Change, found: Findings) -> None:
        player = state.player(change.args[0])
        if player.out:
            found.forbid(R.DEFEATED_REMOVED, f"{player.name} is out of the game (their Boss was defeated) and has "
                         "no cards in play")
        elif check is not None:
            check(state, player, change, found)
    return checked


def _check_next_level(state: State, change: Change, found: Findings) -> None:
    waiting = [p.name for p in state.in_game if not p.passed]
    if waiting:
        found.forbid(R.LEVEL_ENDS, f"level {state.level} ends only when every player has passed; "
                     f"not passed yet: {', '.join(waiting)}")


def _check_pass(state: State, player: Player, change: Change, found: Findings) -> None:
    if state.line:
        found.forbid(R.LINE_REPEAT, f"the Line is not empty ({state.line[-1].label()} on top): pass is a move, "
                     "and moves wait until the Line has resolved (`companion play decline`)")
    elif player.passed:
        found.forbid(R.PASSING, f"{player.name} has already passed this level")
    elif state.initiative is not None and state.initiative != player.name:
        found.forbid(R.MOVES, f"{state.initiative} has the initiative, not {player.name}: a pass is a move, and "
                     "only the player with the initiative chooses one")


def _check_coins(state: State, player: Player, change: Change, found: Findings) -> None:
    if change.args[1] == "spend" and int(change.args[2]) > player.coins:
        found.forbid(R.PAY_FROM_POOL, f"{player.name} has {table.coins_text(player.coins)} and cannot pay "
                     f"{int(change.args[2])}", *([f"coins {change.args[0]} spend {player.coins}"] if player.coins else []))


def _check_tap(state: State, player: Player, change: Change, found: Findings) -> None:
    who = table.character(player, change.args[1])
    if who is not None and who.tapped and not (who.has("agility") and who.taps < 2):
        found.forbid(R.TAPPING, f"{character_label(change.args[1], player.name)} is already tapped: it cannot "
                     "attack or use tap abilities again this level (Agility or card text: overrule)")


def _fighter(player: Player, character: str) -> Fighter:
    fighter = find_fighter(player, character)
    if fighter is None:
        raise MoveSyntaxError(f"{player.name} has no Fighter {character!r} in play")
    return fighter


def _name(player: Player, character: str) -> str:
    return BOSS if character == BOSS else _fighter(player, character).name


def _coins(t: table.Table, name: str, *rest: str) -> None:
    t.add_coins(name, -int(rest[1]) if rest[0] == "spend" else int(rest[0]))


def _card(t: table.Table, name: str, kind: str, *fields: str) -> None:
    card = card_spec(name, kind, fields, checked=False)
    known = any(c.name.lower() == name.lower() for c in t.now.cards)
    t.update(cards=tuple(c for c in t.now.cards if c.name.lower() != name.lower()) + (card,))
    t.say("card", f"this session {'now describes ' + name + ' anew' if known else 'learns ' + name}: {kind}"
          + (f" ({', '.join(fields)})" if fields else "") + " (the card library is unchanged: `--save` keeps it)",
          R.GOLDEN_RULE)


def _fighter_enters(t: table.Table, name: str, fighter_name: str, health: str, *level: str) -> None:
    """A card effect puts a Fighter into play (overruled: a Fighter played as a move goes on the Line)."""
    value = int(health)
    card = spec(t.now, fighter_name)
    stats = table.card_stats(card) if card is not None and card.type == "fighter" else {}
    # recorded overruled already: keeping the old one instead is the new one destroyed at once, the table as before
    t.enter_fighter(name, Fighter(name=fighter_name, health=value, starting_health=value,
                                  entered_level=t.now.level, **stats),
                    how_to_keep_old="undo this change: the new one is then the one destroyed, the table as it was")


def _attack(t: table.Table, name: str, character: str, cost: str) -> None:
    """An attack recorded afterwards (overruled: an attack as a move goes on the Line): paid, tapped."""
    if int(cost):
        _coins(t, name, "spend", cost)
    _tap(t, name, character)
    label = character_label(character, name)
    t.say("attack", f"{label} attacks: {cost} coin{'s' * (cost != '1')} paid and {label} tapped; when the attack "
          f"resolves record its damage with `companion track damage PLAYER CHARACTER N`", R.DAMAGE_ON_RESOLUTION)


def _tap(t: table.Table, name: str, character: str) -> None:
    t.tap(name, _name(t.player(name), character))


def _damage(t: table.Table, name: str, character: str, amount: str) -> None:
    t.deal_damage(name, _character(t.player(name), character), int(amount), R.HEALTH_REDUCED)
    _turn_from_the_defeated(t, name)


def _boss(t: table.Table, name: str, health: str, *boss: str) -> None:
    t.set_boss(name, int(health), *boss[:1])
    _turn_from_the_defeated(t, name)


def _turn_from_the_defeated(t: table.Table, name: str) -> None:
    """A player the change knocked out holds neither the initiative nor priority any more."""
    t.initiative_from_the_defeated(name)
    t.now, more = rules_line.priority_from_the_defeated(t.now)
    t.effects.extend(more)


def _character(player: Player, character: str) -> str:
    """The Boss (with health known) or the Fighter in play of that name."""
    if character == BOSS and player.boss.health is None:
        raise MoveSyntaxError(f"{player.name}'s Boss has no health yet; set it first, e.g. "
                              f"`boss {player.name.lower()} 30`")
    return _name(player, character)


def _stealthy(t: table.Table, name: str, character: str) -> None:
    """A card effect gives the character Stealthy: it can't be attacked this level either."""
    key = _name(t.player(name), character)
    who = table.character(t.player(name), key)
    keywords = who.keywords if who.has("stealthy") else (*who.keywords, "stealthy")
    t.with_character(name, key, who.model_copy(update={"keywords": keywords, "stealthy_level": t.now.level}))
    t.say("stealthy", f"{character_label(key, name)} gains Stealthy: it can't be attacked for the rest of "
          f"level {t.now.level}", R.STEALTHY)


def _healing(capped: bool, t: table.Table, name: str, character: str, amount: str) -> None:
    """Heal (`capped` at Starting Health) or Gain Health of a character."""
    t.add_health(name, _character(t.player(name), character), int(amount), capped)


def _row(check: Callable[[State, Change, Findings], None] | None, transition: Callable[..., None],
         *aliases: str, **about) -> Verb:
    """A row of VERBS whose transition takes the table and the change's args (`transition(t, *args)`);
    `about`: its usage, its reader and what it moves."""
    return Verb(check, lambda t, change: transition(t, *change.args), aliases, **about)


def _initiative_pass(state: State) -> list[str]:
    """The pass a refused `pass` or `next-level` could be instead: only the player with the initiative passes,
    and only with the Line empty (turn.moves)."""
    return [f"pass {state.initiative}"] if state.initiative and not state.line else []


#: verb -> Verb(check(state, change, found) or None, transition(table, change), its other words, its usage
#: line, its reader of the words after it (notation_track) and what it moves when it is a counter)
VERBS: dict[str, Verb] = {
    "next-level": _row(_check_next_level, lambda t: t.start_next_level(), "next", "nextlevel",
                       read=words.read_nothing_more,
                       advise=lambda state, change, found: _initiative_pass(state),
                       usage="next-level  — start the next level once everyone has passed (e.g. `next-level`)"),
    "pass": _row(_in_game(_check_pass), lambda t, name: t.pass_player(name), read=words.read_pass,
                 advise=lambda state, change, found: _initiative_pass(state),
                 usage="pass PLAYER  — the player passes for the rest of the level (e.g. `pass ann`)"),
    "coins": _row(_in_game(_check_coins), _coins, read=words.read_coins, counter=Counter("coins"),
                  usage="coins PLAYER spend N | +N | -N  — pay a cost, or a card effect gives/takes coins "
                        "(e.g. `coins ann spend 3`, `coins ann +2`)"),
    "boss": _row(_in_game(), _boss,
                 read=words.read_boss,
                 usage="boss PLAYER HEALTH [NAME]  — set a Boss's starting (printed) health (e.g. `boss ann 30`)"),
    "fighter": _row(_on_the_line("playing a Fighter", R.FIGHTER_LINE, "fighter {name}"), _fighter_enters, read=words.read_fighter,
                    usage="fighter PLAYER NAME HEALTH [level L]  — only with --overrule, when a card effect puts a "
                          "Fighter into play (e.g. `fighter ann Grunt 4 level 2 --overrule`); played as a move: "
                          "`companion play \"fighter Grunt\"`"),
    "attack": _row(_on_the_line("an attack", R.ATTACK_LINE, "attack {name} at PLAYER CHARACTER"), _attack,
                   read=words.measured("attack cost", words.cost, need_health=False),
                   usage="attack PLAYER CHARACTER COST  — only with --overrule, when a card effect pays and taps an "
                         "attacker (e.g. `attack ann grunt 2 --overrule`); an attack: "
                         "`companion play \"attack Grunt at ben boss\"`"),
    "damage": _row(_in_game(), _damage, read=words.measured("damage amount", words.positive, need_health=True),
                   usage="damage PLAYER CHARACTER N  — a character takes N damage (e.g. `damage ben boss 5`)"),
    "heal": _row(_in_game(), partial(_healing, True),
                 read=words.measured("heal amount", words.positive, need_health=True),
                 usage="heal PLAYER CHARACTER N  — Heal N, never above Starting Health (e.g. `heal ann grunt 2`)"),
    "gain-health": _row(_in_game(), partial(_healing, False), "gain", "gainhealth",
                        read=words.measured("gain-health amount", words.positive, need_health=True),
                        usage="gain-health PLAYER CHARACTER N  — Gain Health, may exceed Starting Health "
                              "(e.g. `gain-health ann boss 3`)"),
    "tap": _row(_in_game(_check_tap), _tap, read=words.read_character,
                usage="tap PLAYER CHARACTER  — tap a Boss or Fighter (e.g. `tap ann grunt`)"),
    "untap": _row(_in_game(), lambda t, name, character: t.untap(name, _name(t.player(name), character)),
                  read=words.read_character,
                  usage="untap PLAYER CHARACTER  — a card effect untaps it (e.g. `untap ann grunt`)"),
    "stealthy": _row(_in_game(), _stealthy, read=words.read_character,
                     usage="stealthy PLAYER CHARACTER  — a card effect gives it Stealthy: not attackable this level "
                           "(e.g. `stealthy ann grunt`)"),
    "destroy": _row(_in_game(),
                    lambda t, name, character: t.destroy_by_effect(name, _fighter(t.player(name), character).name),
                    read=words.read_destroy,
                    usage="destroy PLAYER FIGHTER  — a card effect destroys a Fighter (e.g. `destroy ann grunt`)"),
    "card": _row(None, _card, read=words.read_card,
                 usage="card NAME TYPE [key=value ...]  — describe a card for the catalogue (e.g. `card Grunt fighter "
                       "health=3 attack=2`, `card Zap response cost=1 effect=damage:1`; keys: "
                       "docs/track-cataclysm-arcade.md)"),
    "hand": _row(_in_game(), lambda t, name, *cards: t.replace_player(table.name_in_hand(t.player(name), cards)),
                 read=words.read_hand, secret="{n} cards, hidden", listed=True,
                 usage="hand PLAYER CARD[, CARD ...]  — the table names cards in a player's hand "
                       "(e.g. `hand ann Grunt, Zap`)"),
}


def _boss_text(boss: Boss) -> str:
    health = "?" if boss.health is None else str(boss.health)
    start = "?" if boss.starting_health is None else str(boss.starting_health)
    text = f"{boss.name + ' ' if boss.name else ''}{health}/{start}"
    return text + (", tapped" if boss.tapped else "") + (", stunned" if boss.stunned else "")


def _fighter_text(fighter: Fighter) -> str:
    return (f"{fighter.name} {fighter.health}/{fighter.starting_health}"
            + (f" +{fighter.counters} attack" if fighter.counters else "") + (" tapped" if fighter.tapped else "")
            + (" stunned" if fighter.stunned else ""))
