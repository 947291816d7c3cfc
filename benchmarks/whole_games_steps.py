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
    rc: int  # 0 legal and recorded, 1 refused, 2 not made as said (docs/cli.md: exit codes)
    why: str  # the rule that decides it, in our own words
    shows: dict[str, Any] = field(default_factory=dict)  # dotted path in `track show --json` -> value
    rule: str = ""  # a refusal must name this rule id (the reference's name for the passage in `why`)


def ok(command: str, why: str, **shows) -> Step:
    return Step(command, 0, why, _paths(shows))


def no(command: str, why: str, rule: str = "", **shows) -> Step:
    return Step(command, 1, why, _paths(shows), rule)


def unmade(command: str, why: str) -> Step:
    """A play said once that the companion will not make as several (`decline all` while the player
    with priority could respond): refused as a play is, one line, nothing recorded, exit 1
    (tests/test_decline_all.py)."""
    return Step(command, 1, why, {})


def starts(prefix: str):
    """A shown text that starts with `prefix` (a Boss shown with `, tapped` after its health)."""
    def check(value) -> bool:
        return isinstance(value, str) and value.startswith(prefix)
    check.__doc__ = f"a text starting {prefix!r}"
    return check


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
        no("track heal ann role", "healing never turns a Role: only spending Morale on a refresh does (and Ann's "
           "Role is face up anyway)"),
        ok("track damage ann exhaust 1", "the Trap hurts Ann: one point of damage turns a face-up power down",
           players__Ann__face_up=5),
        ok("track resolved", "the Trap is done: the party may now spend Morale to refresh"),
        ok("track refresh", "a refresh costs 1 Morale and turns every exhausted power face up; Morale 5 is the "
           "threshold, whose effect comes after the refresh", morale=5, players__Ann__face_up=6),
        no("track next-card monster", "the threshold's effect comes right after the refresh: its damage is "
           "taken before the next card"),
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
        ok('play card "Fire Bolt" top "AA ?" effect "deal 4 damage" attacks 4',
           "Ben's power card as printed (the rulebook prints no card texts: the table gives it)"),
        ok('play "rename Ben 1 Fire Bolt"', "Ben's power 1 is that card"),
        ok('play "roll Ben 2 2 5 1 3 6"', "Ben rolls his six dice"),
        no("play 'use Ben \"Fire Bolt\" top with 2 5 6'", "AA needs two dice of one value: 2 and 5 are not a pair"),
        ok('play "use Ben Fire Bolt top with 2 2 5"', "a pair and any die pay AA ?; the ability's 4 damage goes to "
           "the one Enemy standing: the Boss at 2", enemies__0__health=2, game_over=False),
        ok("track combat enemy", "the Boss attacks"),
        ok('play "attack party 3"', "its Attack line: 3 damage to the party, split as the players choose"),
        ok('play "assign ann 2 ben 1"', "Ann takes 2, Ben 1"),
        ok("track damage ann exhaust 1 discard 1", "Ann's 2 points: a power exhausted, then discarded",
           players__Ann__face_up=4),
        no("track damage ann exhaust 3", "the attack deals 3 in all: Ann has taken her share, a third point to her "
           "is more than the attack deals"),
        no("track combat refresh", "the Enemy's attack is dealt in full before the Refresh Phase: Ben's point is owed"),
        ok("track damage ben exhaust 2", "Ben takes his point", players__Ben__face_up=4),
        ok("track damage ann exhaust 3", "every share is taken: a further point is another effect's, allowed, and "
           "its line says none is owed", players__Ann__face_up=3),
        ok("track combat refresh", "the Refresh Phase"),
        ok("track combat round", "the party keeps its Morale: round 2 begins without a refresh"),
        ok("track combat attack", "round 2's Player Attack Phase"),
        no("track use ben 1 top", "Fire Bolt is exhausted: only a refresh or a heal turns it face up"),
        ok("track use ben 3 top", "Ben activates another ability"),
        ok("track enemy damage 2", "the Boss at 0 with no other Enemy left and Morale above 0: the party wins",
           game_over=True, winner="party", morale=4),
        no("track next-card monster", "the game is over: there is no next card"),
    ]


def cataclysm_arcade() -> list[Step]:
    """Two players, Bosses of 4 health, over two levels: a Fighter, attacks, a response on the Line."""
    return [
        ok("track new cataclysm-arcade --players Ann,Ben", "set-up: level 1, Ann is Player One; 1 coin each",
           level=1, initiative="Ann", players__Ann__coins=1, players__Ben__coins=1),
        ok("track card Queen boss health=4 attack=2 attack-cost=1", "the cards of this game, as printed"),
        ok("track card Grunt fighter level=1 health=3 attack=2 attack-cost=1", "a level 1 Fighter"),
        ok("track card Zap response cost=1 effect=damage:1", "a Response costing 1 coin"),
        ok("track boss ann 4 Queen", "each Boss starts in play with its printed health"),
        ok("track boss ben 4 Queen", "each Boss starts in play with its printed health"),
        ok('track hand ann "Grunt, Zap, Zap, Zap"', "Ann's opening four cards (a fifth drawn at the level's start)"),
        ok('track hand ben "Zap, Zap, Zap, Zap"', "Ben's opening four cards"),
        no('play "respond Zap at ben boss"', "a Response cannot be played by the player with the initiative on an "
           "empty Line"),
        ok('play "fighter Grunt"', "Ann plays a level 1 Fighter at level 1 (no cost); it goes on the Line"),
        ok("play decline", "Ben may respond and declines: the Fighter resolves; the initiative goes to Ben",
           players__Ann__fighters=["Grunt 3/3"], initiative="Ben"),
        ok('play "attack boss at ann boss"', "Ben attacks with his Boss, paying its attack cost 1; it taps",
           players__Ben__coins=0),
        unmade('play "decline all"', "Ann holds a coin and cards in hand, and a Response costs 1: she could respond, so "
           "nobody declines for her"),
        ok("play decline", "Ann declines: the attack deals 2 to Ann's Boss, nothing back", players__Ann__boss=starts("Queen 2/4")),
        ok('play "attack Grunt at ben boss"', "a Fighter may attack in the level it came into play; Ann pays 1"),
        ok('play "decline all"', "Ben has no coin left for a Response: he cannot answer the Line, so `decline all` "
           "declines for him and the attack resolves: Ben's Boss takes 2", players__Ben__boss=starts("Queen 2/4")),
        no('play "attack boss at ben boss"', "the initiative passed to Ben after Ann's move, and an attack's "
           "target is a character an opponent controls: not Ben's own Boss",
           initiative="Ben"),
        ok("play pass", "Ben passes: he may only respond for the rest of the level"),
        no('play "attack boss at ben boss"', "Ann has no coin left to pay her Boss's attack cost"),
        no('play "attack Grunt at ben boss"', "Grunt is tapped from its attack this level (and Ann has no coin)"),
        ok("play pass", "Ann passes too: everyone has passed, the level ends; level 2: every card untaps, 2 coins "
           "each, Ben is Player One", level=2, initiative="Ben", players__Ann__coins=2, players__Ben__coins=2),
        no("play pass --by ann", "Ben has the initiative: Ann may not make a move"),
        ok('play "attack boss at ann boss"', "Ben's Boss untapped at the new level: it attacks Ann's Boss for 1 coin"),
        ok('play "respond Zap at ben boss"', "Ann has priority and responds with Zap, paying 1 coin",
           players__Ann__coins=1),
        ok("play decline", "Ben declines: Zap, on top of the Line, resolves first: 1 damage to Ben's Boss",
           players__Ben__boss=starts("Queen 1/4"), winner=None),
        ok("play decline", "after Zap resolved, priority goes to the player clockwise from "
           "Zap's player (Ben), who cannot respond to his own attack: it resolves, Ann's Boss is at 0, Ann is out "
           "and Ben, the last player with a Boss, wins", winner="Ben", game_over=True),
        no("play pass", "the game is over"),
    ]


ANN_HAND = "1 1 2 3 4 5 6 7 8 8 8"  # two players: numbers 1-8, three copies each, 11 cards each, 2 aside
BEN_HAND = "1 2 2 3 3 4 4 5 5 6 6"


def catopomp() -> list[Step]:
    """Two players (numbers 1-8), main passing: two rounds, Ben losing both, so Ann wins. Round 1: Ann
    goes out in four sets while Ben passes. Round 2: Ben boosts with his reserve die and passes a Hell
    card on; Ann, holding three Hell cards, must pass one on when Ben passes."""
    return [
        ok("track new catopomp --players Ann,Ben --option start=ann", "set-up: 2 Soul Gems each; Ann drawn to start",
           players__Ann__gems=2, players__Ben__gems=2),
        no("track dice 1 2 3", "round 1: every player rolls two dice into the centre: 4 dice for two players"),
        ok("track dice 1 2 3 4", "the four centre dice as rolled"),
        ok(f"track hand ann {ANN_HAND}", "Ann records her own 11 cards"),
        ok(f"track hand ben {BEN_HAND}", "Ben records his 11 cards"),
        ok('play "heaven 8 8 8 then hell 1"', "a three-card set, the most a two-player set holds; a Heaven play puts "
           "exactly one card from hand into the own Hell Domain"),
        no('play "heaven 2 3 then hell 4"', "two cards never beat three: a set with more cards is stronger"),
        ok("play pass", "Ben passes; Ann, owner of the winning set, holds fewer than 3 Hell cards: no transfer owed"),
        no('play "hell 1"', "everyone else passed: Ann leads anew; a single Hell card may be played only once "
           "the hand is empty"),
        ok('play "heaven 5 6 7 then hell 1"', "Ann leads a new set: a three-card run, and a second 1 into Hell"),
        ok("play pass", "Ben does not beat it"),
        ok('play "heaven 2 3 4"', "Ann's last three Heaven cards: the hand is empty, so nothing goes into Hell"),
        ok("play pass", "Ben passes again"),
        ok('play "hell 1 1"', "with no Heaven card left Ann plays her two Hell cards (a pair): she has no cards "
           "left, Ben is the only one holding cards: the round ends and Ben returns a Soul Gem; Ben, last this "
           "round, starts the next", players__Ben__gems=1, players__Ann__gems=2, round=2, winners=[]),
        no("track first ann", "from round 2 the last round's loser starts: it is not drawn"),
        no("track dice 1 2 3 4", "one die fewer each round: Ben, down to one gem, keeps a reserve die aside"),
        ok("track dice 2 3 5", "round 2's three centre dice"),
        ok("track reserve ben 6", "Ben, with one gem left, sets a number on his reserve die"),
        ok(f"track hand ann {ANN_HAND}", "the new deal: Ann's cards"),
        ok(f"track hand ben {BEN_HAND}", "the new deal: Ben's cards"),
        no('play "heaven 8 8 8 then hell 1" --by ann', "Ben, the last round's loser, starts round 2"),
        ok('play "heaven 2 then hell 1"', "Ben leads a single 2 and puts a 1 in his Hell Domain"),
        ok('play "heaven 8 8 8 then hell 1"', "three cards beat one"),
        ok("play pass", "Ben passes; Ann holds one Hell card: no transfer"),
        ok('play "heaven 5 6 7 then hell 1"', "Ann leads a new run of three"),
        ok('play "heaven 6 6 dice 6 then hell 3"', "Dice Boost: Ben's reserve die (6) stands in for a third 6; "
           "three of one number beat a run of three", players__Ben__reserve_die="spent"),
        ok('play "pass then transfer 3"', "Ann cannot beat it and passes; Ben, owner of the winning set, chooses "
           "to give her his Hell 3", players__Ann__hell_domain=[1, 1, 3]),
        ok('play "heaven 3 4 5 then hell 2"', "everyone else passed: Ben leads a new run"),
        ok("play pass", "Ann passes (Ben holds two Hell cards: no transfer owed)"),
        ok('play "heaven 4 5"', "Ben leads his last two Heaven cards"),
        ok('play "heaven 2 3 4"', "Ann's three cards beat two; her hand is empty, nothing goes into Hell"),
        no("play pass", "Ann, owner of the winning set, holds three Hell cards: she must give one to the passer"),
        ok('play "pass then transfer 3"', "Ben passes and Ann gives him her Hell 3", players__Ben__hell_domain=[1, 2, 3]),
        ok('play "hell 1 1"', "Ann leads her last two cards, a pair of Hell 1s: Ben alone holds cards and returns "
           "his last Soul Gem: the game ends at once, everyone with a gem left wins: Ann",
           players__Ben__gems=0, winners=["Ann"]),
        no("play pass", "the game is over"),
    ]


def catastrophe() -> list[Step]:
    """Two cats, standard game: a blocked Curiosity, an Attack with a Yarn Ball re-roll, a passed
    Curiosity, a CATastrophic Event and two Grim Reapurr cards; Betty is caught, Abi is the last cat."""
    return [
        ok("track new catastrophe --players Abi,Betty", "set-up: each cat on the 9 space, 3 Yarn Balls, 5 cards, "
           "2 Power Cats; the Grim Reapurr in his Lair", players__Abi__lives=9, players__Betty__lives=9, grim_reapurr=0),
        ok('track card Grumpy Cat power-cat to abi', "at set-up Abi names one of the two Power Cats she was dealt: "
           "she still has 2", players__Abi__power_cats=2),
        ok('play "Abi play Curiosity Killed the Cat at Betty"', "Claw Phase: Abi plays a Curiosity on Betty"),
        ok('play "Betty play Cucumber"', "a Reaction can be played at any time: a Cucumber blocks the last card"),
        ok("play resolve", "the Cucumber takes effect first (the most recent card)"),
        no("play resolve", "a blocked card never takes effect: with the Curiosity blocked, nothing is left in play",
           players__Betty__lives=9),
        ok('play "Abi play Attack 5 at Betty"', "Abi attacks Betty: she must roll 5 or more to defend"),
        no('play "Betty play Attack 4 at Abi"', "only the cat whose turn it is plays a non-Reaction card"),
        ok('play "Betty roll 2"', "Betty rolls a 2: not enough"),
        no('play "Betty play Cucumber"', "Reactions must come before the dice are rolled"),
        ok('play "Betty yarn"', "a Yarn Ball after a roll makes the die roll again; it goes to the Sanctuary",
           players__Betty__yarn_balls=2),
        ok('play "Betty roll 4"', "4 is still below 5"),
        ok("play resolve", "the Attack takes effect: Betty loses 1 life", players__Betty__lives=8),
        no('play "Abi reveal Grim Reapurr +1"', "the Paw Phase comes before the CATastrophe Phase"),
        ok('play "Abi draw"', "Paw Phase: Abi draws 3 cards"),
        ok('play "Abi reveal Grim Reapurr +1"', "CATastrophe Phase: a Grim Reapurr card moves him up 1"),
        no('play "Betty play Cucumber"', "no card may be played while a Red Glowy Dot card is in play"),
        ok("play resolve", "the Grim Reapurr moves to the 1 space", grim_reapurr=1),
        ok('play "Abi end"', "the turn ends after its CATastrophe Phase; Betty's turn, clockwise"),
        ok('play "Betty play Curiosity Killed the Cat at Abi"', "Betty's Claw Phase: a Curiosity on Abi"),
        ok('play "Abi play Pass to Betty"', "the target may Pass the Curiosity to any player: back to Betty"),
        ok("play resolve", "the Pass takes effect: Betty is the target now"),
        ok("play resolve", "the Curiosity takes effect: Betty loses 1 life", players__Betty__lives=7,
           players__Abi__lives=9),
        ok('play "Betty draw"', "Betty's Paw Phase"),
        ok('play "Betty reveal CATastrophic Event 3+"', "an Event for three or more cats with only two left is "
           "discarded and another CATastrophe card drawn: this one does not count", revealed=False),
        ok('play "Betty reveal CATastrophic Event"', "Betty's CATastrophe card: an Event for any number of cats",
           revealed=True),
        ok("play resolve", "the Event takes effect (its text is the table's)"),
        ok("track lives betty -4", "the Event, as the table read it, costs Betty 4 lives: 3 left",
           players__Betty__lives=3),
        ok('play "Betty end"', "Betty's turn ends; Abi's turn"),
        ok('play "Abi draw"', "Abi plays nothing in her Claw Phase and draws 3"),
        ok('play "Abi reveal Grim Reapurr +2"', "a Grim Reapurr card moving him up 2, to the 3 space"),
        ok("play resolve", "Betty is on the Grim Reapurr's space: caught, eliminated; Abi, the last cat, wins",
           grim_reapurr=3, players__Betty__eliminated=True, winner="Abi", game_over=True),
        no('play "Abi end"', "the game is over"),
    ]


def theseus() -> list[Step]:
    """Two players, Rank Decks of 1 card (2 for Rank 6), so one Board Refill runs through Ranks 2 to 6:
    the game ends on a tie in Victory Points that the Party's Rank total breaks."""
    return [
        ok("track new theseus --players Ann,Ben", "set-up: Knight, Mage and Rogue in each Party; Rank 1",
           rank=1, to_act="Ann", decided_by=None),
        no("track bonus ben -1", "Ben's Reward Area holds no Bonus to take away"),
        ok("track card Knight:?:explore:none Mage:?:recruit:none Rogue:?:subjugate:none",
           "the starting cards' icons as the table reads them (their Ranks are not printed in the rulebook)"),
        ok("track board Paladin Witch Buster Kunoichi", "the first game's Board: four Rank 1 cards"),
        *[ok(f"track deck {rank} {size}", f"the Rank {rank} Deck as counted") for rank, size in
          ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2))],
        ok('play "use Knight explore Paladin reveal Squire"', "Explore: Paladin into Ann's Hand; the Board refills "
           "from the Rank 1 Deck, which is then empty: Rank 2, and the four Rank 1 cards on the Board get a Bonus",
           rank=2, players__Ann__hand=["Paladin"]),
        no('play "use Knight explore Witch"', "a card used this turn cannot be used again"),
        ok('play "use Rogue subjugate Paladin"', "Subjugate: Paladin into the Reward Area, 1 VP (Rank 1-4)",
           players__Ann__vp=1),
        no('play "use Mage recruit"', "at most two Party cards a turn"),
        ok("play end", "Ann's turn ends: Ben's, clockwise", to_act="Ben"),
        ok('play "use Knight explore Witch reveal Archer Giant Hydra Dragon Titan Phoenix"',
           "Ben takes Witch with its Bonus (1 VP at once). The refill empties Rank 2: the Rank 1 cards still "
           "carrying a Bonus are Exiled at that next advance, Archer (Rank 2) gets one; each later deck of one card "
           "empties the same way, up to Rank 6, whose two cards never get a Bonus; the Board is left short",
           rank=6, players__Ben__vp=1, board=["Dragon (Bonus)", "Titan", "Phoenix"]),
        no('play "basic subjugate Witch"', "a basic action is only for a turn in which no Party card was used"),
        ok('play "use Rogue subjugate Witch"', "Witch into Ben's Reward Area: 1 VP more", players__Ben__vp=2),
        ok("play end", "Ann's turn"),
        ok('play "use Knight explore Dragon"', "Ann takes Dragon and its Bonus: 1 VP", players__Ann__vp=2),
        ok('play "use Mage recruit Dragon"', "Recruit: Dragon from the Hand into the Party (Rank 5)"),
        ok("play end", "Ben's turn"),
        ok('play "use Knight explore Titan"', "Ben takes Titan; no Rank Deck after 6, so no refill"),
        ok('play "use Mage recruit Titan"', "Titan into Ben's Party (Rank 6)"),
        ok("play end", "Ann's turn", game_over=False),
        ok('play "use Knight explore Phoenix"', "the last Rank 6 card leaves the Board: the game ends with this turn",
           last_rank6_left=True, game_over=False),
        ok('play "use Mage recruit Phoenix"', "Phoenix into Ann's Party: five cards, one too many until exiled"),
        no("play end", "a Party above 4 cards must be cut to 4 before the turn ends"),
        ok('play "exile party Knight"', "Ann Exiles Knight: the Party is back to 4"),
        ok("play end", "the turn ends and with it the game: 2 VP each, a tie broken by the Parties' Rank totals: "
           "Ann's Dragon and Phoenix (11) beat Ben's Titan (6); Knight, Mage and Rogue have no known Rank",
           game_over=True, winners=["Ann"], decided_by="party-rank"),
        no('play "use Knight explore Titan"', "the game is over"),
    ]


# The rule id each refusal of a game must name, in the order of its `no` steps: the reference's name
# (`companion rules show ID`) for the passage that step's `why` gives.
REFUSALS = {
    "catharsis": [
        "catharsis.morale.refresh-timing", "catharsis.boss-deck.no-powers-traps-events",
        "catharsis.quickplay.combat.passive-and-flip",
        "catharsis.morale.thresholds", "catharsis.combat.overview", "catharsis.morale.refresh-too-late",
        "catharsis.combat.player-attack.reroll-limit", "catharsis.quickplay.combat.one-ability-per-power",
        "catharsis.gameplay.enemy-defeated-heal", "catharsis.player-decks.symbol-aa",
        "catharsis.combat.enemy-attack.read-attack", "catharsis.combat.enemy-attack.read-attack",
        "catharsis.combat.player-attack.use-abilities", "catharsis.winning.conditions"],
    "cataclysm-arcade": [
        "cataclysm-arcade.responses.not-on-empty-line", "cataclysm-arcade.turn.line.priority-starts-next",
        "cataclysm-arcade.combat.choose-target",
        "cataclysm-arcade.combat.cannot-attack-unpaid", "cataclysm-arcade.combat.choose-attacker",
        "cataclysm-arcade.turn.initiative-passes-clockwise", "cataclysm-arcade.basics.win-lose"],
    "catopomp": [
        "catopomp.setup.centre-dice", "catopomp.sets.must-beat", "catopomp.hell.two-or-more-while-hand",
        "catopomp.setup.later-starting-player", "catopomp.new-round.fewer-centre-dice", "catopomp.round.turn-order",
        "catopomp.passing.transfer-mandatory-three", "catopomp.end.game-end"],
    "catastrophe": [
        "catastrophe.turn.claw-phase.how-to-play", "catastrophe.turn.claw-phase.play-any-number",
        "catastrophe.main-deck.reactions-before-dice", "catastrophe.turn.three-phases",
        "catastrophe.red-glowy-dot.no-other-cards", "catastrophe.end.last-player-wins"],
    "theseus": [
        "theseus.areas.reward-area", "theseus.turn.no-reuse", "theseus.turn.up-to-two-cards", "theseus.basic-action.either-or",
        "theseus.limits.party-timing", "theseus.end.trigger"],
}


def _named(game: str, steps: list[Step]) -> list[Step]:
    """The game's steps, each refusal (and each play not made as said) given the rule id it must name."""
    from dataclasses import replace

    rules = iter(REFUSALS[game])
    named = [replace(s, rule=next(rules)) if s.rc in (1, 2) else s for s in steps]
    assert next(rules, None) is None, f"{game}: more rule ids than refusals"
    return named


GAMES = {name: (lambda name=name, play=play: _named(name, play())) for name, play in (
    ("catharsis", catharsis), ("cataclysm-arcade", cataclysm_arcade), ("catopomp", catopomp),
    ("catastrophe", catastrophe), ("theseus", theseus))}
