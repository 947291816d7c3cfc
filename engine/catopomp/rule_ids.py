"""Every rule id the Catopomp validator cites (a test checks each exists in rulesdb)."""
from __future__ import annotations

RULE_IDS: frozenset[str] = frozenset({
    "catopomp.overview.goal",
    "catopomp.components.dice",
    "catopomp.setup.centre-dice",
    "catopomp.setup.soul-gems",
    "catopomp.setup.numbers-included",
    "catopomp.setup.copies-per-number",
    "catopomp.setup.total-cards",
    "catopomp.setup.cards-set-aside",
    "catopomp.setup.later-starting-player",
    "catopomp.setup.first-player",
    "catopomp.round.turn-order",
    "catopomp.round.round-end-trigger",
    "catopomp.round.safe-when-clear",
    "catopomp.sets.play-heaven-or-hell",
    "catopomp.sets.no-mixing",
    "catopomp.sets.must-beat",
    "catopomp.sets.new-winning-set",
    "catopomp.sets.discard-previous",
    "catopomp.sets.size-limit",
    "catopomp.sets.kinds",
    "catopomp.sets.single",
    "catopomp.sets.same-number",
    "catopomp.sets.sequential",
    "catopomp.sets.leading",
    "catopomp.strength.more-cards-wins",
    "catopomp.strength.same-number-beats-sequential",
    "catopomp.strength.higher-numbers-win",
    "catopomp.heaven.play-from-hand",
    "catopomp.heaven.place-one-in-hell-domain",
    "catopomp.hell.play-from-hell-domain",
    "catopomp.hell.two-or-more-while-hand",
    "catopomp.hell.singles-when-hand-empty",
    "catopomp.hell.one-card-plus-dice",
    "catopomp.hell.no-placement-after",
    "catopomp.dice-boost.take-up-to-two",
    "catopomp.dice-boost.one-card-only",
    "catopomp.dice-boost.single-die-value",
    "catopomp.dice-boost.two-dice-sum",
    "catopomp.dice-boost.once-per-round",
    "catopomp.passing.pass-instead-of-play",
    "catopomp.passing.transfer-optional",
    "catopomp.passing.transfer-mandatory-three",
    "catopomp.passing.all-pass-initiative",
    "catopomp.passing.owner-out-next-player",
    "catopomp.passing.casual-discard",
    "catopomp.passing.casual-no-transfer",
    "catopomp.hell-power.optional",
    "catopomp.hell-power.trigger",
    "catopomp.hell-power.return-card",
    "catopomp.end.round-end",
    "catopomp.end.game-end",
    "catopomp.end.winners",
    "catopomp.end.next-round",
    "catopomp.new-round.fewer-centre-dice",
    "catopomp.reserve-die.who-gets",
    "catopomp.reserve-die.owner-only",
    "catopomp.reserve-die.choose-number",
    "catopomp.reserve-die.combine-with-centre",
    "catopomp.reserve-die.unused-goes-to-centre",
    "catopomp.competitive.players",
    "catopomp.competitive.prediction",
    "catopomp.competitive.reveal",
    "catopomp.competitive.off-by-more-than-one",
    "catopomp.competitive.score-prediction-1",
    "catopomp.competitive.score-prediction-2",
    "catopomp.competitive.score-prediction-3",
    "catopomp.competitive.score-prediction-4",
    "catopomp.competitive.last-player",
    "catopomp.competitive.record-points",
    "catopomp.competitive.game-end-reset",
    "catopomp.competitive.winner",
    "catopomp.expansion.zero-value-sets",
    "catopomp.expansion.cat-leton.setup",
    "catopomp.expansion.cat-leton.value-zero",
    "catopomp.expansion.cat-leton.swap",
    "catopomp.expansion.cat-leton.from-hell-domain",
    "catopomp.expansion.mdm-mitch.setup",
    "catopomp.expansion.mdm-mitch.value-zero",
    "catopomp.expansion.mdm-mitch.mirror-dice",
})


_ID = "catopomp."


class R:
    """Rule ids the tracker cites (its own set, Tracker.RULE_IDS; the validator's is RULE_IDS in __init__)."""

    DICE = _ID + "components.dice"
    SOUL_GEMS = _ID + "setup.soul-gems"
    CARDS_PER_PLAYER = _ID + "setup.cards-per-player"
    LATER_START = _ID + "setup.later-starting-player"
    TURN_ORDER = _ID + "round.turn-order"
    ROUND_END_TRIGGER = _ID + "round.round-end-trigger"
    SAFE = _ID + "round.safe-when-clear"
    SIZE_LIMIT = _ID + "sets.size-limit"
    ROUND_END = _ID + "end.round-end"
    GAME_END = _ID + "end.game-end"
    WINNERS = _ID + "end.winners"
    NEXT_ROUND = _ID + "end.next-round"
    FEWER_DICE = _ID + "new-round.fewer-centre-dice"
    RESERVE_WHO = _ID + "reserve-die.who-gets"
    RESERVE_NO_CARRY = _ID + "reserve-die.no-carry-over"
    RESERVE_CHOOSE = "catopomp.reserve-die.choose-number"  # also cited by the validator (set-up refusals)
    COMP_PLAYERS = _ID + "competitive.players"
    COMP_PREDICTION = _ID + "competitive.prediction"
    COMP_REVEAL = _ID + "competitive.reveal"
    COMP_OFF = _ID + "competitive.off-by-more-than-one"
    COMP_SCORE = tuple(f"{_ID}competitive.score-prediction-{k}" for k in (1, 2, 3, 4))
    COMP_LAST = _ID + "competitive.last-player"
    COMP_RECORD = _ID + "competitive.record-points"
    COMP_RESET = _ID + "competitive.game-end-reset"
    COMP_WINNER = _ID + "competitive.winner"
    FIRST_PLAYER = "catopomp.setup.first-player"  # also cited by the validator (set-up refusals)
    CENTRE_DICE = _ID + "setup.centre-dice"
    DEAL = _ID + "setup.deal"
    COPIES = _ID + "setup.copies-per-number"
    NUMBERS = _ID + "setup.numbers-included"
    CATLETON_SETUP = _ID + "expansion.cat-leton.setup"
    MITCH_SETUP = _ID + "expansion.mdm-mitch.setup"


def tracker_rule_ids() -> frozenset[str]:
    """Every id in R (the tracker's own set, Tracker.RULE_IDS)."""
    out: set[str] = set()
    for key, value in vars(R).items():
        if key.startswith("_"):
            continue
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(value)
    return frozenset(out)


