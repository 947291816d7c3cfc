"""Catharsis: a new game's options as the table gives them (Boss Deck, Morale and its thresholds,
Hard Mode, characters, powers, Paradox, Kill Point Tokens), read into the starting State."""
from __future__ import annotations

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import OptionError, flag, options as read_options
from engine.words import player as named

from .model import BOARD_MAX, BOSS_ALIASES, BOSS_DECKS, Player, Power, State, Threshold, character_named

OPTIONS: dict[str, str] = {
    "morale": "starting Morale from the Boss Deck's Morale card, e.g. morale=18, or none "
              "(Ice Elf Lich); required unless boss=ice-elf-lich",
    "thresholds": "Morale thresholds and their effects from the Morale card, "
                  "e.g. thresholds=\"17:everyone takes 2 damage;12:lose a power\" (default: none)",
    "boss": "Boss Deck: " + ", ".join(BOSS_DECKS) + " (default other; murder-mystery is for 3-7 "
                                                    "characters and reads health lists from 3 characters)",
    "hard": "Hard Mode: yes or no (default no)",
    "characters": "each player's character, e.g. characters=\"Ann=Durhak,Ben=Goz\" "
                  "(default: unknown, no character rules)",
    "powers": "starting powers per player: 6, or per player \"Ann=5,Ben=6\" (default 6)",
    "paradox": "starting Paradox, Battle with Fate only (default 0)",
    "kpt": "starting Kill Point Tokens per player, Ice Elf Lich only (default 0)",
}


def new_state(players: list[str], options: dict[str, str]) -> State:
    options = read_options(options, OPTIONS, "catharsis")
    names = [p.strip() for p in players if p and p.strip()]
    if not names:
        raise OptionError("players: at least one player name is needed")
    if len({n.lower() for n in names}) != len(names):
        raise OptionError("players: two players have the same name")

    key = options.get("boss", "other").strip().lower().replace(" ", "-").replace("_", "-")
    boss = BOSS_ALIASES.get(key, key)
    if boss not in BOSS_DECKS:  # the default, other, is one
        raise OptionError(f"boss: unknown Boss Deck {options['boss']!r}; valid: {', '.join(BOSS_DECKS)}")
    n = len(names)
    if boss == "murder-mystery" and not 3 <= n <= 7:
        raise OptionError(f"boss: murder-mystery is for 3 to 7 characters, this table has {n}; "
                          f"choose another boss deck")
    if boss != "murder-mystery" and not 1 <= n <= 5:
        raise OptionError(f"boss: {boss} is for 1 to 5 characters, this table has {n}; "
                          f"only murder-mystery takes 6 or 7")
    hard = flag("hard", options.get("hard") or "no")

    raw_morale = options.get("morale", "none" if boss == "ice-elf-lich" else None)
    if raw_morale is None:
        raise OptionError("morale: required: the starting Morale on the Boss Deck's Morale card "
                          "(e.g. morale=18), or morale=none")
    morale = None
    if raw_morale.lower() not in ("none", "no", "-"):  # the options' values come stripped
        try:
            morale = int(raw_morale)
        except ValueError:
            raise OptionError(f"morale: {raw_morale!r} is not a number; give the starting Morale "
                              f"(e.g. morale=18) or none") from None
        if morale < 1:
            raise OptionError("morale: the starting Morale must be 1 or more, or none")
        if boss == "ice-elf-lich":
            raise OptionError("morale: the Ice Elf Lich deck has no Morale; use morale=none")

    thresholds = _opt_thresholds(options.get("thresholds", ""), morale)
    characters = {player: _character_name(ch.strip()) for player, ch in _per_player(
        "characters", options.get("characters", ""), names, 'NAME=CHARACTER, e.g. characters="Ann=Durhak,Ben=Goz"')}
    counts = _opt_powers(options.get("powers", "6"), names)

    paradox = _opt_count("paradox", options.get("paradox", "0"), boss, "battle-with-fate", "Paradox belongs")
    kpt = _opt_count("kpt", options.get("kpt", "0"), boss, "ice-elf-lich", "Kill Point Tokens belong")

    built = (Player(name=name, character=characters.get(name), kpt=kpt, powers=tuple(
        Power(name=str(i + 1), level=1 if characters.get(name) == "Luthia" else None) for i in range(counts[name])))
        for name in names)  # a Luthia power starts at Level 1
    return State(boss=boss, hard_mode=hard, characters_started=n, morale=morale, morale_start=morale,
                 thresholds=thresholds, paradox=paradox, players=tuple(built))

def _opt_count(name: str, raw: str, boss: str, deck: str, whose: str) -> int:
    """A Boss Deck's starting counter: 0 or more, and none unless the game plays that `deck` (or another)."""
    try:
        value = int(raw)
    except ValueError:
        raise OptionError(f"{name}: {raw!r} is not a whole number (0 or more)") from None
    if value < 0:
        raise OptionError(f"{name}: must be 0 or more")
    if value and boss not in (deck, "other"):
        raise OptionError(f"{name}: {whose} to the {deck} Boss Deck")
    return value

def _opt_thresholds(raw: str, morale: int | None) -> tuple[Threshold, ...]:
    if not raw:  # the options' values come stripped
        return ()
    if morale is None:
        raise OptionError("thresholds: a game without Morale (morale=none) has no Morale thresholds")
    out: dict[int, str] = {}
    for part in (part for part in raw.split(";") if part.strip()):
        at, sep, text = part.partition(":")
        if not sep or not at.strip().isdigit():
            raise OptionError(f"thresholds: {part.strip()!r} is not VALUE:EFFECT, "
                              f"e.g. thresholds=\"17:everyone takes 2 damage;12:...\"")
        value = int(at)
        if not 1 <= value < morale:
            raise OptionError(f"thresholds: {value} must be between 1 and {morale - 1} "
                              f"(below the starting Morale {morale}; 0 already loses)")
        if value in out:
            raise OptionError(f"thresholds: {value} is listed twice")
        out[value] = text.strip() or "(effect on the Morale card)"
    return tuple(Threshold(at=v, effect=out[v]) for v in sorted(out, reverse=True))

def _per_player(option: str, raw: str, names: list[str], form: str | None = None):
    """(player, value) of each NAME=VALUE of a per-player option, comma-separated (a player by name or
    its start); with `form` (how a pair is written), a pair without a value is refused."""
    for part in (part for part in raw.split(",") if part.strip()):
        who, sep, value = part.partition("=")
        if form is not None and (not sep or not value.strip()):
            raise OptionError(f"{option}: {part.strip()!r} is not {form}")
        try:
            player = named(who.strip(), names)
        except (MoveSyntaxError, AmbiguousMove) as exc:
            raise OptionError(f"{option}: {exc}") from None
        yield player, value


def _character_name(raw: str) -> str:
    try:
        return character_named(raw)
    except ValueError as exc:
        raise OptionError(f"characters: {exc}") from None

def _opt_powers(raw: str, names: list[str]) -> dict[str, int]:

    def check(v: str) -> int:
        if not v.strip().isdigit() or not 1 <= int(v) <= BOARD_MAX:
            raise OptionError(f"powers: {v.strip()!r} must be a number of powers from 1 to {BOARD_MAX}")
        return int(v)

    if "=" not in raw:
        return dict.fromkeys(names, check(raw or "6"))
    return dict.fromkeys(names, BOARD_MAX) | {player: check(v) for player, v in _per_player("powers", raw, names)}
