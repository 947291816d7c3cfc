"""Party of the Theseus: the table tracker. It keeps the move validator's State (model.py) and works each
change out on the plays' working Table (table.py): the options and a new game, VERBS (their transitions in
track_cards.py and track_turn.py) and the summary. The readings it takes where the rulebook is unclear are
listed in docs/track-theseus.md.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.base import Effect, MoveSyntaxError, Verdict
from engine.tracking import (Change, Counter, Findings, OptionError, Verb, apply_verb, check_verb, judged,
                             options as read_options)

from . import track_cards, track_turn
from .model import STARTING_PARTY, Player, State
from . import notation_track as words
from .notation_track import INT
from .notation_track_options import EXAMPLE, option_cards
from .rule_ids import R
from .rules_scoring import final_scores
from .table import Table
from .track_score import standings, table_notes


def run(state: State, change: Change) -> Table:
    """The change worked out on a Table of the State: its checks (problems) and what it does."""
    table = Table(state)
    before = final_scores(state) if state.game_over else None
    check_verb(VERBS, state, change, table)
    apply_verb(VERBS, table, change)
    if before is not None and not VERBS[change.verb].read_only:  # a new final count: its result said again
        after = final_scores(table.freeze())
        if (after["winners"], after["decided_by"]) != (before["winners"], before["decided_by"]):
            standings(table, final=True, result=after)
    return table


def in_play(state: State, change: Change, found: Findings) -> None:
    """The check of a verb that changes play: none once the game is over, when only the final count
    may still change (party, hand, points, card; the verbs without this check)."""
    if state.game_over:
        found.forbid(
            R.END,
            "the game is over (it ended with the turn in which the last Rank 6 card left the Board): "
            "only the final count may change (party, hand, points, card)",
        )


def _of_player(record: Callable[[Table, str, tuple[str, ...]], None]) -> Callable[[Table, Change], None]:
    """The transition of a verb whose first word names a player: `record(table, player, the rest)`."""
    def apply(table: Table, change: Change) -> None:
        if not change.args:
            raise MoveSyntaxError(f"{change.verb}: expected a player, got {change.label()!r}")
        record(table, table.state.player(change.args[0]).name, change.args[1:])
    return apply


def _rank(table: Table, change: Change) -> None:
    if len(change.args) != 1 or not INT.match(change.args[0]):
        raise MoveSyntaxError(f"rank: expected one Rank, got {change.label()!r}")
    track_turn.rank(table, int(change.args[0]))


#: verb -> its row (engine.tracking.Verb); a verb without a check is one the game still takes once it is
#: over (the final count may change, a card's VP too; play may not)
VERBS: dict[str, Verb] = {
    "reward": Verb(in_play, _of_player(track_cards.reward), ("rewards", "subjugate", "sub"),
                   read=words.of_player(words.read_reward),
                   usage="a card goes to a Reward Area (Subjugate): `reward ann Paladin`, `reward ann rank 5`, "
                         "`reward ann \"Dragon\" 5` (a card the catalogue lacks, with its Rank), `reward ann Dragon 5 vp 3`"),
    "bonus": Verb(in_play, _of_player(track_cards.bonus), ("bonuses",), read=words.of_player(words.read_bonus),
                  counter=Counter("bonuses"),
                  usage="Bonuses into a Reward Area: `bonus ann +1`, `bonus ann +1 Paladin` (the card it lay on), "
                        "`bonus ann +1 rank 2`, `bonus ann -1`, `bonus ann =2`"),
    "points": Verb(None, _of_player(track_cards.points), ("point", "vp", "effect-points"),
                   read=words.of_player(words.read_points), counter=Counter("effect_points"),
                   usage="end-game points from card effects, as the table counts them: `points ann +2`, "
                         "`points ann =3`"),
    "party": Verb(None, _of_player(track_cards.party), read=words.of_player(words.read_area),
                  usage="the cards in a Party, by Rank or name (at most 4), or its Rank total: `party ann 4 3 2 1`, "
                        "`party ann Knight Paladin Dragon:5`, `party ann total 10`, `party ann none`"),
    "hand": Verb(None, _of_player(track_cards.hand), read=words.of_player(words.read_hand),
                 usage="the cards in a Hand, the same way: `hand ann 5 2`, `hand ann Witch`, `hand ann total 7`, "
                       "`hand ann none`; or only its size when the table does not know the cards: `hand ann count 3`"),
    "board": Verb(in_play, lambda table, change: track_cards.board(table, change.args), ("lay",), setup=True,
                  read=words.read_board,
                  usage="the Board as laid out (at set-up) or seen: `board Paladin Witch Buster Kunoichi` (a card "
                        "the catalogue lacks is a card of the active Rank, or give NAME:RANK)"),
    "deck": Verb(in_play, lambda table, change: track_cards.deck(table, change.args), ("decks",), setup=True,
                 read=words.read_deck, usage="how many cards a Rank Deck holds, as the table counts them: `deck 1 12`"),
    "rank": Verb(in_play, _rank, setup=True, read=words.read_rank, advise=track_turn.rank_advice,
                 usage="the Rank Deck now active (Ranks only go up, 1 to 6): `rank 3`"),
    "next-rank": Verb(in_play, lambda table, change: track_turn.next_rank(table), ("nextrank", "advance"),
                      advise=track_turn.rank_advice,
                      usage="the active Rank Deck ran out: the next Rank begins: `next-rank`"),
    "last-rank6": Verb(in_play, lambda table, change: track_turn.last_rank6(table),
                       ("last-rank-6", "lastrank6", "rank6-gone", "last-card"), advise=track_turn.last_rank6_advice,
                       usage="the last Rank 6 card has left the Board: the game ends at the end of this turn: "
                             "`last-rank6`"),
    "next": Verb(in_play, lambda table, change: track_turn.next_turn(table), ("end-turn", "next-turn"),
                 advise=track_turn.next_advice,
                 usage="the turn is over: the next player clockwise (or the end of the game): `next`"),
    "score": Verb(None, lambda table, change: standings(table, final=table.state.game_over),
                  ("scores", "standings"), read_only=True,
                  usage="the standings now (points, then the tiebreakers); changes nothing: `score`"),
    "card": Verb(None, lambda table, change: track_cards.describe(table, change.args), ("cards", "describe"),
                 read=words.read_card,
                 usage="describe cards for this game, as the option cards= does (NAME:RANK, then VP, icon, none, "
                       "+POINTS): `card Hydra:6:3:explore2:none Knight:?:explore:none`"),
}
#: the commands a game that is over still takes
AFTER_THE_END: frozenset[str] = frozenset(verb for verb, row in VERBS.items() if row.check is None)


def _left(deck) -> int | str:
    """Cards left in a Rank Deck: a number, or "unknown" for a deck the table never counted."""
    return deck if isinstance(deck, (int, str)) else len(deck)


# Rewards, Bonuses, card-effect points, Party/Hand Ranks, the Rank, the turn and the winner.

OPTIONS = {
    "first": "the player who takes the first turn (the rulebook leaves it to the table); "
             "default: the first player named",
    "cards": "cards to add to the catalogue, comma-separated: NAME:RANK (? when unknown), then VP, "
             "icon (explore, recruit, subjugate; explore2 moves 2 cards), none (no effect) or +POINTS "
             f"(end-game, +N@hand/+N@reward), each after a colon, {EXAMPLE}; default: none",
    "hidden": "players whose Hand the table does not see, comma-separated: their Hands are kept "
              "as counts and their plays from the Hand are taken on trust; default: none",
}

# ------------------------------------------------------------------ a new game


def new_state(players: list[str], options: dict[str, str]) -> State:
    given = read_options(options, OPTIONS, "theseus", {
        "first-player": "first", "starting-player": "first", "start": "first",
        "card": "cards", "catalogue": "cards", "catalog": "cards", "hidden-hands": "hidden", "hide": "hidden"})
    names = [str(n).strip() for n in players or [] if str(n).strip()]
    if not names:
        raise OptionError("players: name at least one player (the rulebook gives no player count)")
    if len({n.casefold() for n in names}) != len(names):
        raise OptionError("players: two players share a name")
    active = _one_of(names, "first", given["first"], "choose one of") if "first" in given else names[0]
    desk_cards = option_cards(given.get("cards", ""))
    hidden = {_one_of(names, "hidden", w.strip(), "choose from")
              for w in given.get("hidden", "").split(",") if w.strip()}
    return State(
        players=tuple(Player(name=n, party=STARTING_PARTY, hand=0 if n in hidden else ()) for n in names),
        active=active,
        cards=desk_cards,
    )

def _one_of(names: list[str], option: str, word: str, choose: str) -> str:
    """The player an option names: by the whole name, else by the start of one name, without case."""
    low = word.casefold()
    found = [n for n in names if n.casefold() == low] or \
        [n for n in names if low and n.casefold().startswith(low)]
    if len(found) != 1:
        raise OptionError(f"{option}: {word!r} is not one of the players; {choose}: {', '.join(names)}")
    return found[0]

# ------------------------------------------------------------------ check and apply


def check(state: State, change: Change) -> Verdict:
    """engine.tracking's sequence, the change checked and made on one Table (`run`)."""
    table = run(state, change)
    return judged(VERBS, state, change, lambda state, change: (table, table.effects), found=table,
                  advise=_alternatives)


def apply(state: State, change: Change) -> tuple[State, list[Effect]]:
    table = run(state, change)
    return table.freeze(), table.effects


def _alternatives(state: State, change: Change, table: Table) -> list[str]:
    """Legal commands near the refused one: `score` once the game is over, else the verb's own advice
    (its row's)."""
    if state.game_over:
        return ["score"]
    advise = VERBS[change.verb].advise
    return advise(state, change, table) if advise else []

# ------------------------------------------------------------------ summary


def summary(state: State) -> dict[str, Any]:
    """What the table sees after each change: one row of numbers per player, the Rank, the
    turn, and who leads or has won (with what decided it). The cards themselves are in the
    state (`dump`); the notes on what could not be checked come with the end of the game."""
    result = final_scores(state)
    players = [
        {
            "name": p.name,
            "party": list(p.party),
            "hand": list(p.hand) if p.hand_known else p.hand,
            "vp": row["total"],
            "reward_cards": len(p.reward_area),
            "reward": list(p.reward_area),
            "card_vp": row["card_vp"],
            "bonuses": p.bonuses,
            "effect_points": row["effect_points"],
            "party_rank": row["party_rank"],
            "hand_rank": row["hand_rank"],
        }
        for p, row in zip(state.players, result["players"])
    ]
    return {
        "game": "theseus",
        "turn": state.turn,
        "active": state.active,
        "to_act": None if state.game_over else state.active,
        "rank": state.active_rank,
        "board": [c.name + (" (Bonus)" if c.bonus else "") for c in state.board],
        "deck": _left(state.decks.get(state.active_rank, 0)),
        # a Board card of unknown Rank may be the last Rank 6 card: the companion cannot tell
        "last_rank6_left": "unknown" if not state.last_rank6_left and Table(state).rank6_unknown()
        else state.last_rank6_left,
        "game_over": state.game_over,
        "decided_by": result["decided_by"] if state.game_over else None,  # nothing is decided before the end
        "tie": state.game_over and len(result["winners"]) > 1,
        "players": players,
        "leading": list(result["winners"]),
        "winners": list(result["winners"]) if state.game_over else [],
        "notes": [f"{n.rule}: {n.message}" if n.rule else n.message for n in table_notes(result)] if state.game_over else [],
    }
