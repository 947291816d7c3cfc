"""Party of the Theseus at the end of the game: final scores (Victory Points), the winner(s) and both
tiebreakers; what a play that ends the game says of them."""
from __future__ import annotations

from functools import partial
from typing import Any

from engine.base import Reason
from engine.words import count, listing, quote, teach

from .model import GAME, RANK_ONLY_NAMES, State, catalogue, known_rank
from .rule_ids import R
from .table import SCORING_AREA_READING, Table

#: how final_scores() decided the winner -> (the rule it rests on, the words for it)
DECIDED_BY: dict[str, tuple[str, str]] = {
    "points": (R.MOST_VP, "most Victory Points"),
    "party-rank": (R.TIE_PARTY, "tied on points; higher total Rank in the Party"),
    "hand-rank": (R.TIE_HAND, "tied on points and Party Rank; higher total Rank in the Hand"),
    "tie": (R.FULL_TIE, "tied on points, Party Rank and Hand Rank"),
}


def general_vp(rank: int) -> int:
    """VP of a card without printed VP in the catalogue: 1 up to Rank 4, 2 from Rank 5 on (general rule)."""
    return 1 if rank <= 4 else 2


def teach_each(names, **fields) -> str:
    """The commands that teach the library what scoring lacks, one per card (the first three)."""
    names = sorted(set(names))
    [(field, value)] = fields.items()
    cmds = "; ".join(f"`{teach(GAME, n, field, str(value))}`" for n in names[:3])
    return ("teach it: " if len(names) == 1 else "teach them: ") + cmds + (
        f" and likewise for the {len(names) - 3} others" if len(names) > 3 else "")


def name_it_first(held: dict[str, str]) -> str:
    """For cards known by their Rank only (`held`: card -> a player whose Reward Area holds it), which no
    card library entry can describe (an entry needs the card's name): the command that records such a
    card by name, with its Rank and printed VP, in place of its Rank-only record."""
    card, who = sorted(held.items())[0]
    rank = card.split()[1]
    return (f"{'it is' if len(held) == 1 else 'they are'} known by {'its' if len(held) == 1 else 'their'} "
            f"Rank only, so no card library entry can describe {'it' if len(held) == 1 else 'them'}: a table "
            f"that knows the card records it by name, with its Rank and printed VP, in place of "
            f"`reward {quote(who.lower())} rank {rank}`: `companion track reward {quote(who.lower())} \"NAME\" {rank} vp N`")


def final_scores(state: State) -> dict[str, Any]:
    """Final scores, the winner(s), how the winner was decided and what could not be checked. A
    table that keeps score by hand (the tracker) gives its own figures in the State: end-game points
    from card effects it counted (`effect_points`), and a Party's or Hand's total Rank in place of the
    Ranks of the cards recorded there (`party_ranks`, `hand_ranks`)."""
    party_ranks, hand_ranks = state.party_ranks, state.hand_ranks
    hidden_hands: list[str] = []
    cat = catalogue(state)
    notes: list[Reason] = []

    def note(rule: str, message: str) -> None:
        notes.append(Reason(rule=rule, message=message))

    rows = []
    general: list[str] = []
    unnamed: dict[str, str] = {}  # a card known by its Rank only in a Reward Area -> a player holding it
    no_vp: list[str] = []
    no_effect: list[str] = []
    unknown_rank: list[str] = []

    rank = partial(known_rank, cat)
    for p in state.players:
        card_vp = 0
        for name in p.reward_area:
            spec = cat.get(name)
            if spec is not None and isinstance(spec.vp, int):
                card_vp += spec.vp
            elif rank(name) is not None:
                card_vp += general_vp(rank(name))
                general.append(name)
                if name.casefold() in RANK_ONLY_NAMES:
                    unnamed.setdefault(name, p.name)
            else:
                no_vp.append(name)
        effect_points = state.effect_points.get(p.name, 0)
        for area, cards in (("party", p.party), ("hand", p.hand_cards), ("reward", p.reward_area)):
            for name in cards:
                spec = cat.get(name)
                if spec is not None and spec.effect_points is not None:
                    if spec.effect_points_area == area:
                        effect_points += spec.effect_points
                elif spec is None or spec.effect.strip().casefold() != "none":
                    no_effect.append(name)
        party_rank = party_ranks.get(p.name, sum(rank(n) or 0 for n in p.party))
        hand_rank = hand_ranks.get(p.name, sum(rank(n) or 0 for n in p.hand_cards))
        if not p.hand_known and p.hand and p.name not in hand_ranks:
            hidden_hands.append(p.name)
        unknown_rank += [n for n in (*(p.party if p.name not in party_ranks else ()),
                                     *(p.hand_cards if p.name not in hand_ranks else ()))
                         if rank(n) is None]
        rows.append({"player": p.name, "card_vp": card_vp, "effect_points": effect_points,
                     "bonuses": p.bonuses, "total": card_vp + effect_points + p.bonuses,
                     "party_rank": party_rank, "hand_rank": hand_rank})
    for rule, cards in ((R.VP_LOW, [n for n in general if rank(n) <= 4]),
                        (R.VP_HIGH, [n for n in general if rank(n) >= 5])):
        if cards:  # each note cites the general rule's part its cards are counted by
            named = [n for n in cards if n not in unnamed]
            held = {n: who for n, who in unnamed.items() if n in cards}
            advice = "; ".join(([teach_each(named, vp="N")] if named else [])
                               + ([f"{listing(sorted(held))}: {name_it_first(held)}"] if held else []))
            note(rule, f"printed VP unknown for {listing(sorted(set(cards)))}; counted by the general "
                 "rule (Ranks 1-4: 1 VP, Ranks 5-6: 2 VP); " + advice)
    if no_vp:
        note(R.FINAL_SCORE, f"VP and Rank unknown for {listing(sorted(set(no_vp)))}: counted as 0; "
             + teach_each(no_vp, rank="N"))
    if no_effect:
        named = [n for n in no_effect if n.casefold() not in RANK_ONLY_NAMES]
        blank = sorted({n for n in no_effect if n.casefold() in RANK_ONLY_NAMES})
        advice = "; ".join(([teach_each(named, effect_points="N") + " (--effect none for a card without effect)"]
                            if named else [])
                           + ([f"{listing(blank)} {'is' if len(blank) == 1 else 'are'} known by Rank only, which "
                               "no card library entry can describe: record the card by name first (in a Party or "
                               "Hand as NAME:RANK; in a Reward Area with `reward PLAYER \"NAME\" RANK` in place of "
                               "`rank RANK`)"] if blank else []))
        note(R.VP_EXTRA, f"card effect not checked: end-game points from the effects of "
             f"{listing(sorted(set(no_effect)))} are unknown and not counted; " + advice)
    if any(p.bonuses for p in state.players):
        note(R.BONUS_SCORE, "each Bonus is counted as 1 VP (the rulebook gives no number)")
    best = max(r["total"] for r in rows)
    tied = [r for r in rows if r["total"] == best]
    decided, on_points = "points", len(tied) > 1
    compared: list[str] = []  # the players whose Hands the second tiebreaker compared
    for key in ("party_rank", "hand_rank"):  # the tiebreakers, in order, while a tie stands
        if len(tied) > 1:
            compared = [r["player"] for r in tied] if key == "hand_rank" else compared
            decided, top = key.replace("_", "-"), max(r[key] for r in tied)
            tied = [r for r in tied if r[key] == top]
    if len(tied) > 1:
        decided = "tie"
        note(R.FULL_TIE, "still tied after both tiebreakers; the rulebook does not "
             "say what happens (reported as a tie)")
    if on_points:
        if hidden_hands:
            note(R.TIE_HAND, f"the Hands of {listing(hidden_hands)} are not known to the table and "
                 "count 0 in the tiebreaker (record them with `hand` or `hand PLAYER total N`)")
        if unknown_rank:
            note(R.TIE_PARTY, f"the Ranks of {listing(sorted(set(unknown_rank)))} are unknown "
                 "and count 0 in the tiebreakers; " + teach_each(unknown_rank, rank="N"))
    hidden = {p.name: hand_ranks.get(p.name) for p in state.players if p.name in compared
              and not p.hand_known and (p.hand or p.name in hand_ranks)}
    return {"players": rows, "winners": [r["player"] for r in tied], "decided_by": decided,
            "unchecked": notes, "hidden_hands": hidden}


def told_hands(result: dict) -> str:
    """What a winner or tie line adds when the Hand tiebreaker compared a hidden Hand (the table does
    not see it; the companion holds its size): the result rests on the Rank total the table gave for
    it, or on none given (counted 0)."""
    said = [f"{name}'s hidden Hand, " + (f"Rank total {total} as given" if total is not None
                                         else "its Rank total not given (counted 0)")
            for name, total in (result.get("hidden_hands") or {}).items()]
    return f"; this rests on what the table told the companion: {listing(said)}" if said else ""


def deciding_figures(result: dict) -> str:
    """The totals the winner was decided on, each player's: points, then the Party Rank and the Hand
    Rank as far as the tiebreakers went ("Ann 5 VP, Party Rank 12, Hand Rank 9; Ben ...")."""
    decided = result["decided_by"]
    parts = []
    for row in result["players"]:
        said = [f"{row['total']} VP"]
        if decided in ("party-rank", "hand-rank", "tie"):
            said.append(f"Party Rank {row['party_rank']}")
        if decided in ("hand-rank", "tie"):
            said.append(f"Hand Rank {row['hand_rank']}")
        parts.append(f"{row['player']} {', '.join(said)}")
    return "; ".join(parts)


def say_final_scores(table: Table, state: State) -> None:
    """The final count of a play that ends the game, said on its table: each score, the rules it
    applied, the winner(s) and what could not be checked."""
    result = final_scores(state)
    cat = catalogue(state)
    for row in result["players"]:
        table.say("score", f"{row['player']}: {row['card_vp']} VP from Reward Area cards + "
                  f"{row['effect_points']} from card effects + {count(row['bonuses'], 'Bonus', 'Bonuses')} = "
                  f"{row['total']}",
                  R.FINAL_SCORE, who=row["player"], amount=row["total"])
    ranks = {cat[n].rank for p in state.players for n in p.reward_area
             if n in cat and isinstance(cat[n].rank, int) and not isinstance(cat[n].vp, int)}
    if any(r <= 4 for r in ranks):
        table.say("vp-rule", "Reward Area cards of Ranks 1-4 count 1 VP each", R.VP_LOW)
    if any(r >= 5 for r in ranks):
        table.say("vp-rule", "Reward Area cards of Ranks 5-6 count 2 VP each", R.VP_HIGH)
    if any(row["effect_points"] for row in result["players"]):
        table.say("vp-rule", "card effects add their end-game points (from the catalogue)", R.VP_EXTRA)
        table.say("vp-rule", "card effects' end-game points counted with each card in the area the catalogue "
                  "gives for it", R.SCORING_AREA)
        table.leave_open(SCORING_AREA_READING)
    if any(row["bonuses"] for row in result["players"]):
        table.say("vp-rule", "each Bonus in a Reward Area counts toward the score", R.BONUS_SCORE)
    winners = result["winners"]
    rule, how = DECIDED_BY[result["decided_by"]]
    figures = deciding_figures(result)
    if len(winners) == 1:
        table.say("winner", f"{winners[0]} wins ({how}: {figures}){told_hands(result)}", rule, who=winners[0])
    else:
        table.say("winner", f"tie between {listing(winners)} ({how}: {figures}){told_hands(result)}", rule)
    for n in result["unchecked"]:
        table.note(n.rule, n.message)
