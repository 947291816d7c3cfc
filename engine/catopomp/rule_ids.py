"""Every rule id the Catopomp package cites, as constants of `R` (a test checks each exists in rulesdb,
and that no other module writes a rule id as a string). `RULE_IDS`, the set the Engine and the Tracker
expose, is derived from `R`."""
from __future__ import annotations


class R:
    """The rule ids, one constant each: the id without "catopomp.", in capitals, "." and "-" as "_"."""

    # overview
    OVERVIEW_GOAL = "catopomp.overview.goal"
    # components
    COMPONENTS_DICE = "catopomp.components.dice"
    # setup
    SETUP_CARDS_PER_PLAYER = "catopomp.setup.cards-per-player"
    SETUP_CARDS_SET_ASIDE = "catopomp.setup.cards-set-aside"
    SETUP_CENTRE_DICE = "catopomp.setup.centre-dice"
    SETUP_COPIES_PER_NUMBER = "catopomp.setup.copies-per-number"
    SETUP_DEAL = "catopomp.setup.deal"
    SETUP_FIRST_PLAYER = "catopomp.setup.first-player"
    SETUP_LATER_STARTING_PLAYER = "catopomp.setup.later-starting-player"
    SETUP_NUMBERS_INCLUDED = "catopomp.setup.numbers-included"
    SETUP_SOUL_GEMS = "catopomp.setup.soul-gems"
    SETUP_TOTAL_CARDS = "catopomp.setup.total-cards"
    # round
    ROUND_ROUND_END_TRIGGER = "catopomp.round.round-end-trigger"
    ROUND_SAFE_WHEN_CLEAR = "catopomp.round.safe-when-clear"
    ROUND_TURN_ORDER = "catopomp.round.turn-order"
    # sets
    SETS_DISCARD_PREVIOUS = "catopomp.sets.discard-previous"
    SETS_KINDS = "catopomp.sets.kinds"
    SETS_LEADING = "catopomp.sets.leading"
    SETS_MUST_BEAT = "catopomp.sets.must-beat"
    SETS_NEW_WINNING_SET = "catopomp.sets.new-winning-set"
    SETS_NO_MIXING = "catopomp.sets.no-mixing"
    SETS_PLAY_HEAVEN_OR_HELL = "catopomp.sets.play-heaven-or-hell"
    SETS_SAME_NUMBER = "catopomp.sets.same-number"
    SETS_SEQUENTIAL = "catopomp.sets.sequential"
    SETS_SINGLE = "catopomp.sets.single"
    SETS_SIZE_LIMIT = "catopomp.sets.size-limit"
    # strength
    STRENGTH_HIGHER_NUMBERS_WIN = "catopomp.strength.higher-numbers-win"
    STRENGTH_MORE_CARDS_WINS = "catopomp.strength.more-cards-wins"
    STRENGTH_SAME_NUMBER_BEATS_SEQUENTIAL = "catopomp.strength.same-number-beats-sequential"
    # heaven
    HEAVEN_PLACE_ONE_IN_HELL_DOMAIN = "catopomp.heaven.place-one-in-hell-domain"
    HEAVEN_PLAY_FROM_HAND = "catopomp.heaven.play-from-hand"
    # hell
    HELL_NO_PLACEMENT_AFTER = "catopomp.hell.no-placement-after"
    HELL_ONE_CARD_PLUS_DICE = "catopomp.hell.one-card-plus-dice"
    HELL_PLAY_FROM_HELL_DOMAIN = "catopomp.hell.play-from-hell-domain"
    HELL_SINGLES_WHEN_HAND_EMPTY = "catopomp.hell.singles-when-hand-empty"
    HELL_TWO_OR_MORE_WHILE_HAND = "catopomp.hell.two-or-more-while-hand"
    # dice-boost
    DICE_BOOST_ONCE_PER_ROUND = "catopomp.dice-boost.once-per-round"
    DICE_BOOST_ONE_CARD_ONLY = "catopomp.dice-boost.one-card-only"
    DICE_BOOST_SINGLE_DIE_VALUE = "catopomp.dice-boost.single-die-value"
    DICE_BOOST_TAKE_UP_TO_TWO = "catopomp.dice-boost.take-up-to-two"
    DICE_BOOST_TWO_DICE_SUM = "catopomp.dice-boost.two-dice-sum"
    # passing
    PASSING_ALL_PASS_INITIATIVE = "catopomp.passing.all-pass-initiative"
    PASSING_CASUAL_DISCARD = "catopomp.passing.casual-discard"
    PASSING_CASUAL_NO_TRANSFER = "catopomp.passing.casual-no-transfer"
    PASSING_OWNER_OUT_NEXT_PLAYER = "catopomp.passing.owner-out-next-player"
    PASSING_PASS_INSTEAD_OF_PLAY = "catopomp.passing.pass-instead-of-play"
    PASSING_TRANSFER_MANDATORY_THREE = "catopomp.passing.transfer-mandatory-three"
    PASSING_TRANSFER_OPTIONAL = "catopomp.passing.transfer-optional"
    # hell-power
    HELL_POWER_OPTIONAL = "catopomp.hell-power.optional"
    HELL_POWER_RETURN_CARD = "catopomp.hell-power.return-card"
    HELL_POWER_TRIGGER = "catopomp.hell-power.trigger"
    # end
    END_GAME_END = "catopomp.end.game-end"
    END_NEXT_ROUND = "catopomp.end.next-round"
    END_ROUND_END = "catopomp.end.round-end"
    END_WINNERS = "catopomp.end.winners"
    # new-round
    NEW_ROUND_FEWER_CENTRE_DICE = "catopomp.new-round.fewer-centre-dice"
    # reserve-die
    RESERVE_DIE_CHOOSE_NUMBER = "catopomp.reserve-die.choose-number"
    RESERVE_DIE_COMBINE_WITH_CENTRE = "catopomp.reserve-die.combine-with-centre"
    RESERVE_DIE_NO_CARRY_OVER = "catopomp.reserve-die.no-carry-over"
    RESERVE_DIE_OWNER_ONLY = "catopomp.reserve-die.owner-only"
    RESERVE_DIE_UNUSED_GOES_TO_CENTRE = "catopomp.reserve-die.unused-goes-to-centre"
    RESERVE_DIE_WHO_GETS = "catopomp.reserve-die.who-gets"
    # competitive
    COMPETITIVE_GAME_END_RESET = "catopomp.competitive.game-end-reset"
    COMPETITIVE_LAST_PLAYER = "catopomp.competitive.last-player"
    COMPETITIVE_OFF_BY_MORE_THAN_ONE = "catopomp.competitive.off-by-more-than-one"
    COMPETITIVE_PLAYERS = "catopomp.competitive.players"
    COMPETITIVE_PREDICTION = "catopomp.competitive.prediction"
    COMPETITIVE_RECORD_POINTS = "catopomp.competitive.record-points"
    COMPETITIVE_REVEAL = "catopomp.competitive.reveal"
    COMPETITIVE_SCORE_PREDICTION_1 = "catopomp.competitive.score-prediction-1"
    COMPETITIVE_SCORE_PREDICTION_2 = "catopomp.competitive.score-prediction-2"
    COMPETITIVE_SCORE_PREDICTION_3 = "catopomp.competitive.score-prediction-3"
    COMPETITIVE_SCORE_PREDICTION_4 = "catopomp.competitive.score-prediction-4"
    COMPETITIVE_WINNER = "catopomp.competitive.winner"
    # expansion
    EXPANSION_CAT_LETON_FROM_HELL_DOMAIN = "catopomp.expansion.cat-leton.from-hell-domain"
    EXPANSION_CAT_LETON_SETUP = "catopomp.expansion.cat-leton.setup"
    EXPANSION_CAT_LETON_SWAP = "catopomp.expansion.cat-leton.swap"
    EXPANSION_CAT_LETON_VALUE_ZERO = "catopomp.expansion.cat-leton.value-zero"
    EXPANSION_MDM_MITCH_MIRROR_DICE = "catopomp.expansion.mdm-mitch.mirror-dice"
    EXPANSION_MDM_MITCH_SETUP = "catopomp.expansion.mdm-mitch.setup"
    EXPANSION_MDM_MITCH_VALUE_ZERO = "catopomp.expansion.mdm-mitch.value-zero"
    EXPANSION_ZERO_VALUE_SETS = "catopomp.expansion.zero-value-sets"

    #: the competitive score rule of each prediction, 1 to 4
    SCORE_BY_PREDICTION = (COMPETITIVE_SCORE_PREDICTION_1, COMPETITIVE_SCORE_PREDICTION_2,
                           COMPETITIVE_SCORE_PREDICTION_3, COMPETITIVE_SCORE_PREDICTION_4)


RULE_IDS: frozenset[str] = frozenset(value for key, value in vars(R).items()
                                     if not key.startswith("_") and isinstance(value, str))
