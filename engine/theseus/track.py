"""Party of the Theseus: the table tracker.

It keeps the move validator's State (model.py): plays (`companion play "use Knight explore
Paladin"`) and these changes are transitions of one table. `companion track ...` records what the
table lays out and says: the Board (`board`), how many cards each Rank Deck holds (`deck`), each
player's Reward Area (cards by name and/or Rank, and Bonuses), the points card effects add at the
end, the Party and Hand (cards, Ranks, just their Rank totals, or for a Hand the table does not
know, its size), the current Rank, whether the last Rank 6 card has left the Board, whose turn it
is, and the winner. Scoring and tiebreakers are Engine.final_scores() of the same State.

Readings chosen where the rulebook is unclear (each is also in docs/track-theseus.md):
- a card known only by its Rank scores by the general rule (Ranks 1-4: 1 VP, 5-6: 2 VP), as a
  card without printed VP does in the engine; one Bonus is 1 VP (the engine's reading);
- Ranks of Knight, Mage and Rogue are not given: they count 0 in the tiebreakers unless the
  table gives them (option cards=Knight:2 or `party ann Knight:2 ...`);
- after the game has ended, only the final count may still change (`party`, `hand`, `points`,
  `score`); changes of play (`reward`, `bonus`, `rank`, `next-rank`, `last-rank6`, `next`) are
  refused;
- a Rank may be skipped (`rank 3` from Rank 1): one Board Refill can empty a whole deck;
- a card of a Rank the Board has not reached yet is refused, except Knight, Mage and Rogue and
  a Party given by Ranks only (its cards may be the starting ones, whose Ranks are unknown);
- a subjugated card that is recorded in the player's Hand leaves the Hand; a starting card
  (Knight, Mage, Rogue) not in the Hand is refused, since no rule moves a Party card there;
- a tie after both tiebreakers is reported as a tie (R.FULL_TIE).
"""
from __future__ import annotations

import difflib
import re
from typing import Any, ClassVar

from engine.base import Effect, Verdict
from engine.tracking import Change, OptionError
from engine.tracking import Tracker as _TrackerBase

from . import track_changes, track_parse
from .model import LAST_RANK, STARTING_PARTY, CardSpec, Player, State, builtin_catalogue
from .rule_ids import R, TRACKER_RULES
from .track_changes import _Desk
from .tracked import _RANK_ONLY_NAMES, TrackedTable, _notes, tracked_scores


def _left(deck) -> int | str:
    """Cards left in a Rank Deck: a number, or "unknown" for a deck the table never counted."""
    return deck if isinstance(deck, (int, str)) else len(deck)


class Tracker(_TrackerBase[TrackedTable]):
    """Rewards, Bonuses, card-effect points, Party/Hand Ranks, the Rank, the turn and the winner."""

    game: ClassVar[str] = "theseus"
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = TRACKER_RULES
    READ_ONLY: ClassVar[frozenset[str]] = frozenset({"score"})
    COMMANDS: ClassVar[dict[str, str]] = track_parse.COMMANDS
    OPTIONS: ClassVar[dict[str, str]] = {
        "first": "the player who takes the first turn (the rulebook leaves it to the table); "
                 "default: the first player named",
        "cards": "cards to add to the catalogue, NAME:RANK or NAME:RANK:VP, comma-separated, "
                 "e.g. cards=Dragon:5,Knight:1,Hydra:6:3; default: none",
        "hidden": "players whose Hand the table does not see, comma-separated: their Hands are kept "
                  "as counts and their plays from the Hand are taken on trust; default: none",
    }
    VERB_ALIASES: ClassVar[dict[str, str]] = track_parse.VERB_ALIASES
    AFTER_THE_END: ClassVar[frozenset[str]] = track_changes.AFTER_THE_END

    # ------------------------------------------------------------------ a new game

    def new_state(self, players: list[str], options: dict[str, str]) -> TrackedTable:
        opts = {str(k).strip().lower().replace("_", "-"): str(v).strip() for k, v in (options or {}).items()}
        aliases = {"first": "first", "first-player": "first", "starting-player": "first", "start": "first",
                   "cards": "cards", "card": "cards", "catalogue": "cards", "catalog": "cards",
                   "hidden": "hidden", "hidden-hands": "hidden", "hide": "hidden"}
        given: dict[str, str] = {}
        for key, value in opts.items():
            if key not in aliases:
                near = difflib.get_close_matches(key, sorted(aliases), n=2, cutoff=0.4)
                hint = f" (did you mean {' or '.join(sorted({aliases[n] for n in near}))}?)" if near else ""
                raise OptionError(f"unknown option {key!r}{hint}; theseus options: {', '.join(self.OPTIONS)}")
            given[aliases[key]] = value
        names = [str(n).strip() for n in players or [] if str(n).strip()]
        if not names:
            raise OptionError("players: name at least one player (the rulebook gives no player count)")
        if len({n.casefold() for n in names}) != len(names):
            raise OptionError("players: two players share a name")
        active = names[0]
        if "first" in given:
            low = given["first"].casefold()
            exact = [n for n in names if n.casefold() == low]
            pref = [n for n in names if low and n.casefold().startswith(low)]
            if exact or len(pref) == 1:
                active = (exact or pref)[0]
            else:
                raise OptionError(f"first: {given['first']!r} is not one of the players; choose one of: {', '.join(names)}")
        desk_cards = self._option_cards(given.get("cards", ""))
        hidden = set()
        for word in (w.strip() for w in given.get("hidden", "").split(",")):
            if not word:
                continue
            found = [n for n in names if n.casefold() == word.casefold()] or \
                [n for n in names if n.casefold().startswith(word.casefold())]
            if len(found) != 1:
                raise OptionError(f"hidden: {word!r} is not one of the players; choose from: {', '.join(names)}")
            hidden.add(found[0])
        return State(
            players=tuple(Player(name=n, party=STARTING_PARTY, hand=0 if n in hidden else ()) for n in names),
            active=active,
            cards=desk_cards,
        )

    @staticmethod
    def _option_cards(text: str) -> tuple[CardSpec, ...]:
        if not text:
            return ()
        shipped = {c.name.casefold(): c for c in builtin_catalogue()}
        out: dict[str, CardSpec] = {}
        for part in (p.strip() for p in text.split(",")):
            if not part:
                continue
            m = re.match(r"^(?P<name>[^:]*\S)\s*:\s*(?P<rank>\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", part, re.I)
            if not m:
                raise OptionError(f"cards: {part!r} is not NAME:RANK or NAME:RANK:VP (e.g. cards=Dragon:5,Hydra:6:3)")
            name, rank = m["name"].strip(), int(m["rank"])
            if not 1 <= rank <= LAST_RANK:
                raise OptionError(f"cards: {name}'s Rank {rank} is not a Rank (1 to 6)")
            if name.casefold() in _RANK_ONLY_NAMES or name.casefold() == "rank":
                raise OptionError(f"cards: {name!r} is the name the tracker gives cards recorded by Rank only")
            base = shipped.get(name.casefold())
            if base is not None and isinstance(base.rank, int) and base.rank != rank:
                raise OptionError(f"cards: {base.name} is a Rank {base.rank} card (rulebook), not Rank {rank}")
            name = base.name if base is not None else name
            if name.casefold() in out:
                raise OptionError(f"cards: {name} is given twice")
            fields: dict[str, Any] = {"name": name, "rank": rank, "source": "option cards"}
            if m["vp"]:
                fields["vp"] = int(m["vp"])
            out[name.casefold()] = CardSpec(**fields)
        return tuple(out.values())

    # ------------------------------------------------------------------ parsing

    def parse(self, state: TrackedTable, words: list[str]) -> Change:
        return track_parse.parse(state, words)

    # ------------------------------------------------------------------ check and apply

    def check(self, state: TrackedTable, change: Change) -> Verdict:
        desk = track_changes.run(state, change)
        if desk.problems:
            return Verdict(legal=False, reasons=tuple(desk.problems), alternatives=tuple(self._alternatives(state, change, desk)))
        return Verdict(legal=True, effects=tuple(desk.effects))

    def apply(self, state: TrackedTable, change: Change) -> tuple[TrackedTable, list[Effect]]:
        desk = track_changes.run(state, change)
        return desk.freeze(), desk.effects

    def _alternatives(self, state: TrackedTable, change: Change, desk: _Desk) -> list[str]:
        """Legal commands near the refused one."""
        rules = {r.rule for r in desk.problems}
        if state.game_over:
            return ["score"]
        alts: list[str] = []
        if change.verb in ("rank", "next-rank", "last-rank6"):
            if state.active_rank < LAST_RANK:
                alts += ["next-rank", f"rank {LAST_RANK}"]
            elif not state.last_rank6_left:
                alts.append("last-rank6")
            else:
                alts.append("next")
        if change.verb == "next" and rules & {R.PARTY_TIMING, R.EXILE_DOWN}:
            who = state.active.lower()
            alts += [f"party {who} CARD CARD CARD CARD", f"hand {who} CARD CARD CARD CARD"]
        return alts

    # ------------------------------------------------------------------ summary

    def summary(self, state: TrackedTable) -> dict[str, Any]:
        """What the table sees after each change: one row of numbers per player, the Rank, the
        turn, and who leads or has won (with what decided it). The cards themselves are in the
        state (`dump`); the notes on what could not be checked come with the end of the game."""
        result = tracked_scores(state)
        rows = {r["player"]: r for r in result["players"]}
        players = []
        for p in state.players:
            row = rows[p.name]
            players.append(
                {
                    "name": p.name,
                    "party": list(p.party),
                    "hand": list(p.hand) if p.hand_known else p.hand,
                    "vp": row["total"],
                    "reward_cards": len(p.reward_area),
                    "card_vp": row["card_vp"],
                    "bonuses": p.bonuses,
                    "effect_points": row["effect_points"],
                    "party_rank": row["party_rank"],
                    "hand_rank": row["hand_rank"],
                }
            )
        return {
            "game": self.game,
            "turn": state.turn,
            "active": state.active,
            "to_act": None if state.game_over else state.active,
            "rank": state.active_rank,
            "board": [c.name + (" (Bonus)" if c.bonus else "") for c in state.board],
            "deck": _left(state.decks.get(state.active_rank, 0)),
            "last_rank6_left": state.last_rank6_left,
            "game_over": state.game_over,
            "decided_by": result["decided_by"],
            "tie": state.game_over and len(result["winners"]) > 1,
            "players": players,
            "leading": list(result["winners"]),
            "winners": list(result["winners"]) if state.game_over else [],
            "notes": [f"{n.rule}: {n.message}" if n.rule else n.message for n in _notes(result)] if state.game_over else [],
        }
