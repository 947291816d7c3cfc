"""CATastrophe: every rule id the tracker and the validator cite (each exists in rulesdb/data/catastrophe)."""
from __future__ import annotations


class R:
    """Rule ids the CATastrophe package cites."""

    START_NINE = "catastrophe.setup.start-on-nine"
    START_YARN = "catastrophe.setup.three-yarn-balls"
    SANCTUARY_START = "catastrophe.setup.yarn-rest-in-sanctuary"
    DEAL_HAND = "catastrophe.setup.deal-main-cards"
    DEAL_POWER_CATS = "catastrophe.setup.deal-power-cats"
    FIRST_PLAYER = "catastrophe.setup.first-player"
    PLAYER_COUNT = "catastrophe.setup.player-count"
    TOKEN_BASES = "catastrophe.components.player-token-bases"
    YARN_TOKENS = "catastrophe.components.yarn-ball-tokens"

    LIFE_TRACK = "catastrophe.lives.life-track"
    GAIN = "catastrophe.lives.gain-move-up"
    LOSE = "catastrophe.lives.lose-move-down"
    MAX_NINE = "catastrophe.lives.max-nine"

    IMMEDIATE = "catastrophe.elimination.immediate"
    LOST_ALL = "catastrophe.elimination.lost-all-lives"
    CAUGHT = "catastrophe.elimination.caught-by-reapurr"
    TO_LAIR = "catastrophe.elimination.token-to-lair"
    LOSE_YARN = "catastrophe.elimination.lose-yarn-balls"
    DISCARD_ALL = "catastrophe.elimination.discard-cards"
    OUT = "catastrophe.elimination.out-of-game"

    LAST_STANDING = "catastrophe.end.last-player-wins"
    REAPURR_WINS = "catastrophe.end.simultaneous-elimination"

    REAPURR_START = "catastrophe.reapurr.starts-in-lair"
    REAPURR_MOVES = "catastrophe.reapurr.moves-up"
    REAPURR_RANGE = "catastrophe.reapurr.range"
    REAPURR_CATCHES = "catastrophe.reapurr.catches"

    YARN_SPENT = "catastrophe.yarn-balls.spent-to-sanctuary"
    YARN_GAIN = "catastrophe.yarn-balls.gain-from-sanctuary"
    YARN_NONE_LEFT = "catastrophe.yarn-balls.none-when-empty"
    YARN_BASKET = "catastrophe.yarn-balls.basket"

    HAND_LIMIT = "catastrophe.general.max-hand-size"
    POWER_CAT_LIMIT = "catastrophe.general.max-power-cats"
    POWER_CATS_MAX_THREE = "catastrophe.power-cats.max-three"
    DRAW_MAIN = "catastrophe.general.draw-from-main-deck"
    DISCARD_HAND = "catastrophe.general.discard-from-hand"
    TURN_ORDER = "catastrophe.general.turn-order-current-player"

    CLOCKWISE = "catastrophe.turn.clockwise"
    THREE_PHASES = "catastrophe.turn.three-phases"
    PAW_DRAW = "catastrophe.turn.paw-phase.draw-three"
    LAST_PHASE = "catastrophe.turn.catastrophe-phase.last-phase"

    KING_NO_SHARING = "catastrophe.king-meowtain.no-shared-space"
    KING_LOSE = "catastrophe.king-meowtain.lose-next-unoccupied"
    KING_GAIN = "catastrophe.king-meowtain.gain-next-unoccupied"
    KING_NINE = "catastrophe.king-meowtain.nine-space-exception"
    KING_LOSSES_FIRST = "catastrophe.king-meowtain.losses-before-gains"
    KING_LOSS_ORDER = "catastrophe.king-meowtain.losses-in-turn-order"
    KING_GAIN_ORDER = "catastrophe.king-meowtain.gains-in-turn-order"
    KING_END = "catastrophe.king-meowtain.end"
    TURBO_AS_KING = "catastrophe.turbo-king.otherwise-as-king"
    TURBO_SHARE = "catastrophe.turbo-king.gains-may-share"
    TURBO_EXACT = "catastrophe.turbo-king.exact-number"
    VARIANTS = "catastrophe.variants.optional"


def _rule_ids() -> frozenset[str]:
    return frozenset(v for k, v in vars(R).items() if not k.startswith("_") and isinstance(v, str))



RULE_IDS = _rule_ids()
