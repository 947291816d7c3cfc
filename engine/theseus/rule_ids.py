"""Party of the Theseus: the rule ids the move validator and the table tracker cite."""
from __future__ import annotations

R_PARTY = "theseus.areas.party"
R_CLOCKWISE = "theseus.setup.clockwise"
R_PLAYER_COUNT = "theseus.overview.player-count"  # the seat rule's citation (engine/base.py seat_problems)
R_UP_TO_TWO = "theseus.turn.up-to-two-cards"
R_USING = "theseus.turn.using-a-card"
R_NO_REUSE = "theseus.turn.no-reuse"
R_SAME_NAME = "theseus.turn.same-name"
R_END_TURN = "theseus.turn.end-of-turn"
R_REFRESH = "theseus.turn.refresh"
R_EXPLORE = "theseus.icons.explore.take-one"
R_EXPLORE_MULTI = "theseus.icons.explore.multiple"
R_RECRUIT = "theseus.icons.recruit.hand-to-party"
R_RECRUIT_USE = "theseus.icons.recruit.use-same-turn"
R_SUBJUGATE = "theseus.icons.subjugate.hand-to-reward"
R_NO_NORMAL_USE = "theseus.icons.subjugate.no-normal-use"
R_BASIC = "theseus.basic-action.when-allowed"
R_BASIC_LOCKS = "theseus.basic-action.locks-party"
R_EITHER_OR = "theseus.basic-action.either-or"
R_RANK_RANGE = "theseus.card-info.rank.range"
R_ICON = "theseus.card-info.icon.meaning"
R_NAME = "theseus.card-info.name.identifies"
R_EFFECT = "theseus.card-info.effect.resolve-as-printed"
R_VP_LOW = "theseus.card-info.vp.rank-1-4"
R_VP_HIGH = "theseus.card-info.vp.rank-5-6"
R_VP_EXTRA = "theseus.card-info.vp.extra-scoring"
R_MAX_FOUR = "theseus.limits.max-four"
R_MAY_EXCEED = "theseus.limits.may-exceed"
R_EXILE_DOWN = "theseus.limits.exile-down"
R_EXILED = "theseus.limits.exiled-removed"
R_PARTY_TIMING = "theseus.limits.party-timing"
R_BOARD_SIZE = "theseus.refill.board-size"
R_REFILL = "theseus.refill.trigger"
R_REVEAL = "theseus.refill.reveal"
R_DECK_RUNS_OUT = "theseus.refill.deck-runs-out"
R_AFTER_6 = "theseus.refill.after-rank-6"
R_WHEN_EMPTY = "theseus.advance.when-empty"
R_RANK_ORDER = "theseus.advance.rank-order"
R_RANK_DECK = "theseus.areas.rank-deck"
R_ON_ADVANCE = "theseus.bonuses.on-advance"
R_GAIN = "theseus.bonuses.gain-on-take"
R_BONUS_SCORE = "theseus.bonuses.scoring"
R_EXPIRED = "theseus.bonuses.expiring.exiled"
R_RANK6_NONE = "theseus.bonuses.expiring.rank-6-none"
R_END = "theseus.end.trigger"
R_FINAL_SCORE = "theseus.end.final-score"
R_MOST_VP = "theseus.end.most-vp-wins"
R_TIE_PARTY = "theseus.tiebreakers.party-rank"
R_TIE_HAND = "theseus.tiebreakers.hand-rank"
R_FULL_TIE = "theseus.tiebreakers.full-tie"
R_SCORING_AREA = "theseus.tiebreakers.end-game-scoring-area"

ALL_RULES = frozenset(v for k, v in dict(globals()).items() if k.startswith("R_"))


# --------------------------------------------------------------------------- the tracker's own

RT_REWARD_AREA = "theseus.areas.reward-area"
RT_VP_IN_REWARD = "theseus.card-info.vp.in-reward-area"
RT_NO_DECK_AFTER_6 = "theseus.end.no-deck-after-6"

#: every rule id the tracker cites (the R_ ones are the move validator's)
TRACKER_RULES: frozenset[str] = frozenset(
    {
        RT_REWARD_AREA, RT_VP_IN_REWARD, RT_NO_DECK_AFTER_6,
        R_CLOCKWISE, R_REFRESH, R_SUBJUGATE, R_RANK_RANGE, R_NAME, R_VP_LOW, R_VP_HIGH, R_VP_EXTRA,
        R_MAX_FOUR, R_EXILE_DOWN, R_PARTY_TIMING, R_WHEN_EMPTY, R_RANK_ORDER, R_ON_ADVANCE,
        R_GAIN, R_BONUS_SCORE, R_EXPIRED, R_RANK6_NONE, R_END, R_FINAL_SCORE, R_MOST_VP,
        R_TIE_PARTY, R_TIE_HAND, R_FULL_TIE, R_SCORING_AREA, R_BOARD_SIZE,
    }
)
