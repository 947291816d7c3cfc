"""The five whole games of benchmarks/whole_games.py: what a table types, step by step, from set-up
to the end its rulebook gives, with the exit code the rules call for at each step (0: the change or
play is legal and recorded; 2: the rules refuse it and nothing changes) and, where a step decides
something, what `companion track show --json` must show after it.

Every expectation is the rulebook's, restated in our own words in the step's `why`; none was copied
from the companion's answers. Small player counts keep the games short; each still goes to its end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    command: str  # as typed after `companion`, shell quoting
    rc: int  # 0 legal and recorded, 2 refused
    why: str  # the rule that decides it, in our own words
    shows: dict[str, Any] = field(default_factory=dict)  # dotted path in `track show --json` -> value


def ok(command: str, why: str, **shows) -> Step:
    return Step(command, 0, why, _paths(shows))


def no(command: str, why: str, **shows) -> Step:
    return Step(command, 2, why, _paths(shows))


def _paths(shows: dict) -> dict:
    """Keyword paths with `__` for the dots: players__Ann__coins -> state.players.Ann.coins."""
    return {"state." + k.replace("__", "."): v for k, v in shows.items()}


def catharsis() -> list[Step]:
    """Two characters, a short Boss Deck: a Trap, a Monster, the Boss. Morale 6 with a threshold at 5."""
    return [
        ok('track new catharsis --players Ann,Ben --option morale=6 --option "thresholds=5:everyone takes 1 damage"',
           "set-up: the party's Morale starts at the Boss Deck's value; each character starts with 6 powers",
           morale=6, players__Ann__face_up=6, players__Ben__face_up=6),
        no("track refresh", "a refresh comes after a Boss Deck card is resolved: no card has been revealed yet"),
        ok("track next-card trap", "gameplay: the hunt begins by revealing the first Boss Deck card"),
        no("track use ann 1", "while a Trap or an Event is revealed nobody may use powers"),
        ok("track damage ann exhaust 1", "the Trap hurts Ann: one point of damage turns a face-up power down",
           players__Ann__face_up=5),
        ok("track resolved", "the Trap is done: the party may now spend Morale to refresh"),
        ok("track refresh", "a refresh costs 1 Morale and turns every exhausted power face up; Morale 5 is the "
           "threshold, whose effect comes after the refresh", morale=5, players__Ann__face_up=6),
        ok("track damage ann exhaust 1", "the threshold reached: every character takes 1 damage (Ann)"),
        ok("track damage ben exhaust 1", "the threshold reached: every character takes 1 damage (Ben)",
           players__Ann__face_up=5, players__Ben__face_up=5),
        ok("track next-card monster", "the card is resolved: the next Boss Deck card is revealed, a Monster"),
        no("track combat start", "a fight is against the Enemy on the card: none has been put in play yet"),
        ok("track enemy Rat 3/4/5/6/7", "an Enemy's health is the value for the number of characters who started: "
           "4 for two", enemies__0__health=4),
        ok("track combat start", "the fight begins at the Start of Round of round 1"),
        ok("track combat attack", "Step 2, the Player Attack Phase: dice are rolled and powers used"),
        no("track refresh", "no round has ended yet: the refresh window of a fight opens after the Enemy attacks"),
        ok('play "roll Ann 1 2 3 4 5 6"', "each player rolls all six dice"),
        ok('play "reroll Ann 1 2 3 4 5 6 to 1 1 2 3 3 4"', "a player may reroll any of the dice, twice at most: the first"),
        ok('play "reroll Ann 3 3 4 to 1 2 5"', "the second reroll"),
        no('play "reroll Ann 5 to 1"', "a third reroll is more than the two a phase allows"),
        ok("track use ann 2 top", "an ability is activated with dice and its power exhausts", players__Ann__face_up=4),
        no("track use ann 2 bottom", "a power gives one of its abilities, top or bottom, not both"),
        ok("track enemy damage 2", "the ability's 2 damage lowers the Rat's health to 2", enemies__0__health=2),
        ok("track combat enemy", "Step 3, the Enemy Attack Phase: the Rat attacks"),
        ok("track damage ben exhaust 2", "the Rat deals 1 damage to a player: Ben exhausts a power",
           players__Ben__face_up=4),
        ok("track combat refresh", "Step 4, the Refresh Phase"),
        ok("track refresh", "after the Enemy attacked the party may spend 1 Morale to refresh every power",
           morale=4, players__Ann__face_up=6, players__Ben__face_up=6),
        ok("track combat round", "round 2 begins at its Start of Round"),
        ok("track combat attack", "round 2's Player Attack Phase"),
        ok("track use ann 3", "Ann uses a power: it exhausts"),
        ok("track use ann 4", "and another"),
        ok("track use ann 5", "and a third", players__Ann__face_up=3),
        ok("track enemy damage 2", "the Rat falls to 0: the fight is over; a Monster beaten, each player heals 2",
           enemies=[], game_over=False),
        ok("track heal ann 3 4", "Ann heals 2 powers, the reward for beating a Monster", players__Ann__face_up=5),
        no("track heal ann 5", "the reward is 2 powers healed, not 3"),
        ok("track next-card boss", "the next card is the Boss"),
        ok('track enemy "Crab King" 5/6/7/8/9', "the Boss's health for two characters: 6", enemies__0__health=6),
        ok("track combat start", "the fight with the Boss"),
        ok("track combat attack", "round 1's Player Attack Phase"),
        ok("track use ben 1 top", "Ben activates an ability"),
        ok("track enemy damage 4", "4 damage: the Boss is at 2", enemies__0__health=2, game_over=False),
        ok("track combat enemy", "the Boss attacks"),
        ok("track damage ann exhaust 1 discard 1", "2 damage to Ann: a power exhausted, then discarded",
           players__Ann__face_up=4),
        ok("track combat refresh", "the Refresh Phase"),
        ok("track combat round", "the party keeps its Morale: round 2 begins without a refresh"),
        ok("track combat attack", "round 2's Player Attack Phase"),
        ok("track use ben 2 top", "Ben activates another ability"),
        ok("track enemy damage 2", "the Boss at 0 with no other Enemy left and Morale above 0: the party wins",
           game_over=True, winner="party", morale=4),
        no("track next-card monster", "the game is over: there is no next card"),
    ]


GAMES = {"catharsis": catharsis}
