"""Party of the Theseus: every rule id the package cites, as constants of `R`.

Plays (the Engine) and tracker verbs (the Tracker) keep one table; the Tracker may cite any id of R,
the Engine all but the table's own bookkeeping (a test checks each id exists in rulesdb)."""
from __future__ import annotations


class R:
    """The rule ids, named in the game's words."""

    PARTY = "theseus.areas.party"
    CLOCKWISE = "theseus.setup.clockwise"
    PLAYER_COUNT = "theseus.overview.player-count"  # the seat rule's citation (engine/base.py seat_problems)
    UP_TO_TWO = "theseus.turn.up-to-two-cards"
    USING = "theseus.turn.using-a-card"
    NO_REUSE = "theseus.turn.no-reuse"
    SAME_NAME = "theseus.turn.same-name"
    END_TURN = "theseus.turn.end-of-turn"
    REFRESH = "theseus.turn.refresh"
    EXPLORE = "theseus.icons.explore.take-one"
    EXPLORE_MULTI = "theseus.icons.explore.multiple"
    RECRUIT = "theseus.icons.recruit.hand-to-party"
    RECRUIT_USE = "theseus.icons.recruit.use-same-turn"
    SUBJUGATE = "theseus.icons.subjugate.hand-to-reward"
    NO_NORMAL_USE = "theseus.icons.subjugate.no-normal-use"
    BASIC = "theseus.basic-action.when-allowed"
    BASIC_LOCKS = "theseus.basic-action.locks-party"
    EITHER_OR = "theseus.basic-action.either-or"
    RANK_RANGE = "theseus.card-info.rank.range"
    ICON = "theseus.card-info.icon.meaning"
    NAME = "theseus.card-info.name.identifies"
    EFFECT = "theseus.card-info.effect.resolve-as-printed"
    VP_LOW = "theseus.card-info.vp.rank-1-4"
    VP_HIGH = "theseus.card-info.vp.rank-5-6"
    VP_EXTRA = "theseus.card-info.vp.extra-scoring"
    MAX_FOUR = "theseus.limits.max-four"
    MAY_EXCEED = "theseus.limits.may-exceed"
    EXILE_DOWN = "theseus.limits.exile-down"
    EXILED = "theseus.limits.exiled-removed"
    PARTY_TIMING = "theseus.limits.party-timing"
    BOARD_SIZE = "theseus.refill.board-size"
    REFILL = "theseus.refill.trigger"
    REVEAL = "theseus.refill.reveal"
    DECK_RUNS_OUT = "theseus.refill.deck-runs-out"
    AFTER_6 = "theseus.refill.after-rank-6"
    WHEN_EMPTY = "theseus.advance.when-empty"
    RANK_ORDER = "theseus.advance.rank-order"
    RANK_DECK = "theseus.areas.rank-deck"
    ON_ADVANCE = "theseus.bonuses.on-advance"
    GAIN = "theseus.bonuses.gain-on-take"
    BONUS_SCORE = "theseus.bonuses.scoring"
    EXPIRED = "theseus.bonuses.expiring.exiled"
    RANK6_NONE = "theseus.bonuses.expiring.rank-6-none"
    END = "theseus.end.trigger"
    FINAL_SCORE = "theseus.end.final-score"
    MOST_VP = "theseus.end.most-vp-wins"
    TIE_PARTY = "theseus.tiebreakers.party-rank"
    TIE_HAND = "theseus.tiebreakers.hand-rank"
    FULL_TIE = "theseus.tiebreakers.full-tie"
    SCORING_AREA = "theseus.tiebreakers.end-game-scoring-area"
    REWARD_AREA = "theseus.areas.reward-area"
    VP_IN_REWARD = "theseus.card-info.vp.in-reward-area"
    NO_DECK_AFTER_6 = "theseus.end.no-deck-after-6"


#: every rule id the package cites
RULE_IDS: frozenset[str] = frozenset(v for k, v in vars(R).items() if k.isupper())

#: the ids only tracker verbs cite: the table's own bookkeeping, which no play does
TRACKER_ONLY: frozenset[str] = frozenset({R.REWARD_AREA, R.VP_IN_REWARD, R.NO_DECK_AFTER_6})

#: the ids plays cite (the Engine's RULE_IDS; a test checks a scenario covers each)
PLAY_RULES: frozenset[str] = RULE_IDS - TRACKER_ONLY

#: the ids tracker verbs cite (the declaration's Verbs.rule_ids)
TRACKER_RULES: frozenset[str] = frozenset(
    {
        R.REWARD_AREA, R.VP_IN_REWARD, R.NO_DECK_AFTER_6, R.CLOCKWISE, R.REFRESH, R.SUBJUGATE,
        R.RANK_RANGE, R.NAME, R.VP_LOW, R.VP_HIGH, R.VP_EXTRA, R.MAX_FOUR, R.EXILE_DOWN,
        R.PARTY_TIMING, R.WHEN_EMPTY, R.RANK_ORDER, R.ON_ADVANCE, R.GAIN, R.BONUS_SCORE, R.EXPIRED,
        R.RANK6_NONE, R.END, R.FINAL_SCORE, R.MOST_VP, R.TIE_PARTY, R.TIE_HAND, R.FULL_TIE,
        R.SCORING_AREA, R.BOARD_SIZE, R.RANK_DECK,
    }
)
