"""Hands the table cannot see: the cards nobody has seen yet, and a plausible layout of them.

A real table knows every public card (Hell Domains, the winning set, the discard pile) and, at most,
the hands their owners recorded; the other hands are only counts. Card counting works from the
deck's composition (rulebook setup table): a card that every copy of is already in sight cannot be
in a hidden hand. To let the rules code judge a whole table, each hidden hand is laid out with
unseen cards (the player to act's first with the cards their play needs); which unseen cards the
other hidden hands get never matters to a verdict, only how many.
"""
from __future__ import annotations

from collections import Counter

from .rule_ids import R
from .core import CAT, MITCH, NCODES, PLAYER_TABLE, Finding, c_of, card_name, deck_counts

COPIES_RULE = R.SETUP_COPIES_PER_NUMBER
NUMBERS_RULE = R.SETUP_NUMBERS_INCLUDED
EXPANSION_RULES = {CAT: R.EXPANSION_CAT_LETON_SETUP, MITCH: R.EXPANSION_MDM_MITCH_SETUP}
IN_SIGHT = "Hell Domains, the winning set, the discard pile, recorded hands, known set-aside cards"


def _codes(cards) -> list[int]:
    from .model import _code  # the model's card tokens -> core codes

    return [_code(c) for c in cards]


def unseen(state, known_hands=None) -> list[int]:
    """How many copies of each card code can still be in a hidden hand: the deck less every public
    card, every known hand and the set-aside cards when the table knows them. Never below zero (an over-full table is status()'s business)."""
    from .model import _options_of

    n = len(state.players)
    left = list(deck_counts(n, _options_of(state)))
    seen: list[int] = []
    for i, p in enumerate(state.players):
        seen += _codes(p.hell_domain)
        hand = known_hands[i] if known_hands is not None else (None if isinstance(p.hand, int) else c_of(_codes(p.hand)))
        if hand is not None:
            seen += [c for c in range(NCODES) for _ in range(hand[c])]
    if state.winning_set is not None:
        seen += _codes(state.winning_set.heaven) + _codes(state.winning_set.hell)
    if state.discard_pile is not None:
        seen += _codes(state.discard_pile)
    if state.set_aside is not None:
        seen += _codes(state.set_aside)
    for c in seen:
        if 0 <= c < NCODES:
            left[c] = max(0, left[c] - 1)
    return left


def fill_hands(state, known_hands: list, prefer=()) -> tuple[tuple[int, ...], ...]:
    """Every hand as card counts: known ones as given, hidden ones laid out with unseen cards; the
    player to act's hidden hand takes the cards in `prefer` first (as far as they are unseen)."""
    if all(h is not None for h in known_hands):
        return tuple(known_hands)
    pool = unseen(state, known_hands)
    order = list(range(len(state.players)))
    if state.turn is not None:
        low = [p.name.lower() for p in state.players]
        first = low.index(state.turn.lower())
        order = order[first:] + order[:first]
    hands = list(known_hands)
    for i in order:
        if hands[i] is not None:
            continue
        want = state.players[i].hand
        got: list[int] = []
        if i == order[0]:
            for c in prefer:
                if len(got) < want and 0 <= c < NCODES and pool[c] > 0:
                    pool[c] -= 1
                    got.append(c)
        code = 1
        while len(got) < want:
            # the lowest unseen card; a table with more hidden cards than the deck has left gets 1s
            while code < NCODES and pool[code] == 0:
                code += 1
            if code >= NCODES:
                got.append(1)
                continue
            pool[code] -= 1
            got.append(code)
        hands[i] = c_of(got)
    return tuple(hands)


PLAY_CLAIM = "this play takes {what} from {who}'s hand"


def counting_findings(state, wanted, who: str, claim: str = PLAY_CLAIM) -> list[Finding]:
    """What the table knows against taking the cards `wanted` (codes) from a hand it has not seen:
    a card the deck of this player count does not hold at all, or more copies than can still be out
    of sight (the deck's copies less those in sight). Nothing here rests on a stand-in layout.
    `claim` says what is asked of the hand ({what}, {who})."""
    from .model import _options_of

    n = len(state.players)
    deck = deck_counts(n, _options_of(state))
    pool = unseen(state)
    out: list[Finding] = []
    for code, k in sorted(Counter(c for c in wanted if 0 <= c < NCODES).items()):
        name = card_name(code)
        if deck[code] == 0 and code in EXPANSION_RULES:
            out.append(Finding(EXPANSION_RULES[code], f"{name} is not in this game's deck: the expansion is not in "
                                                      "use, so no hand can hold it"))
        elif deck[code] == 0:
            out.append(Finding(NUMBERS_RULE, f"with {n} players the deck holds the numbers 1-{PLAYER_TABLE[n][0]} "
                                             f"only: there is no {name} in the game"))
        elif k > pool[code]:
            takes = claim.format(what=f"{k} x {name}" if k > 1 else f"a {name}", who=who)
            if pool[code] == 0:
                out.append(Finding(COPIES_RULE, f"all {deck[code]} copies of {name} are already in sight ({IN_SIGHT}), "
                                                f"so {who}'s unseen hand cannot hold one; {takes}"))
            elif pool[code] == deck[code]:
                out.append(Finding(COPIES_RULE, f"{takes}, but the deck has only {deck[code]} copies of {name}"))
            else:
                out.append(Finding(COPIES_RULE, f"{takes}, but the deck has {deck[code]} copies of {name} and "
                                                f"{deck[code] - pool[code]} are in sight ({IN_SIGHT}): at most "
                                                f"{pool[code]} can be out of sight"))
    return out
