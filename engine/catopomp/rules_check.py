"""Catopomp move checking: every rule a play or a pass breaks (or rests on), each with its rule id."""
from __future__ import annotations

from collections import Counter

from .model import (
    CAT, HEAVEN, HELL, MITCH, Move, NCODES, PASS, PLAY, PLAYER_TABLE, Finding, Table, c_has, c_missing,
    c_sub, card_name, cards_text, dice_text,
)
from .rule_ids import R
from .rules_moves import dice_pool
from .rules_sets import classify, key_text, kind_rule, set_values, size_limit, strength_message, strength_rule, ws_key


def _zone_word(source: str) -> str:
    return "hand" if source == HEAVEN else "Hell Domain"


_HOW_MANY = {1: "one", 2: "two", 3: "three"}


def _short_of(zone, missing) -> str:
    """What a hand or Hell Domain lacks for a set, card by card: "no 6", "only one 2"."""
    said = []
    for code in dict.fromkeys(missing):
        have = zone[code]
        said.append(f"only {_HOW_MANY.get(have, have)} {card_name(code)}" if have else f"no {card_name(code)}")
    return " and ".join(said)


def violations(t: Table, mv: Move, hand_known: bool = True) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """Check a move of the player to act on a resolved table.
    Returns (broken rules, supporting rules for a legal move, unchecked notes: the rule each leaves open).
    `hand_known=False`: the mover's hand is only a count to the table (its cards on `t` are a stand-in
    layout), so no finding may rest on which cards it holds: possession is the caller's to note."""
    odd = [c for c in (*mv.cards, *mv.swap, mv.place, mv.transfer, mv.discard,
                        mv.hell_return[1] if mv.hell_return else None)
           if c is not None and not (isinstance(c, int) and 0 <= c < NCODES)]
    if odd:
        return [Finding(R.SETS_KINDS, f"{odd[0]!r} is not a card (cards are 1-10, Cat-leton, Mdm Mitch)")], [], []
    if mv.kind not in (PLAY, PASS):
        return [Finding(R.ROUND_TURN_ORDER, "a turn is a play or a pass")], [], []
    if mv.kind == PASS:
        return _pass_violations(t, mv)
    p = t.turn
    name = t.names[p]
    bad: list[Finding] = []
    why: list[Finding] = []
    notes: list[Finding] = []
    opts = t.opts
    L = size_limit(t.n)
    hand = t.hands[p]
    hell = t.hells[p]
    src = mv.source
    if mv.transfer is not None or mv.discard is not None:
        bad.append(Finding(R.PASSING_TRANSFER_OPTIONAL,
                           "a Hell card changes hands only when a player passes, not after a play"))
    if src not in (HEAVEN, HELL):
        bad.append(Finding(R.SETS_PLAY_HEAVEN_OR_HELL,
                           "say where the set comes from: 'heaven' (your hand) or 'hell' (your Hell Domain)"))
        return bad, why, notes
    zone = hand if src == HEAVEN else hell
    other = hell if src == HEAVEN else hand
    if not mv.cards:
        bad.append(Finding(R.DICE_BOOST_TAKE_UP_TO_TWO,
                           "a set needs at least one card: dice are only added to the cards of a set"))
    missing = c_missing(zone, mv.cards) if hand_known or src == HELL else []
    if src == HEAVEN and not hand_known and len(mv.cards) > sum(hand):
        bad.append(Finding(R.HEAVEN_PLAY_FROM_HAND,
                           f"{name} holds {sum(hand)} card{'s' if sum(hand) != 1 else ''} in hand, and this set "
                           f"takes {len(mv.cards)} from it"))
    if missing:
        if hand_known and c_has(other, missing):
            bad.append(Finding(R.SETS_NO_MIXING,
                               f"{cards_text(missing)} lie{'s' if len(missing) == 1 else ''} in your "
                               f"{_zone_word(HELL if src == HEAVEN else HEAVEN)}, not your {_zone_word(src)}: "
                               "a set is all Heaven cards or all Hell cards"))
        elif src == HEAVEN and not any(hand[c] for c in missing):
            bad.append(Finding(R.HEAVEN_PLAY_FROM_HAND,
                               f"{name} does not hold {cards_text(dict.fromkeys(missing))} in hand"))
        elif src == HEAVEN:
            bad.append(Finding(R.HEAVEN_PLAY_FROM_HAND, f"{name} holds {_short_of(hand, missing)} in hand"))
        else:
            bad.append(Finding(R.HELL_PLAY_FROM_HELL_DOMAIN,
                               f"{name}'s Hell Domain holds {_short_of(hell, missing)}"))
    else:
        why.append(Finding(R.HEAVEN_PLAY_FROM_HAND if src == HEAVEN else R.HELL_PLAY_FROM_HELL_DOMAIN,
                           f"{cards_text(mv.cards)} from {name}'s {_zone_word(src)}"))
    # Cat-leton swap
    swap = mv.swap
    if swap:
        if src == HELL:
            bad.append(Finding(R.EXPANSION_CAT_LETON_FROM_HELL_DOMAIN,
                               "Cat-leton can be swapped for a Hell card only when played from hand"))
        elif mv.cards.count(CAT) < len(swap):
            bad.append(Finding(R.EXPANSION_CAT_LETON_SWAP,
                               f"each swapped Hell card takes the place of a Cat-leton played from hand; "
                               f"the set has {mv.cards.count(CAT)} Cat-leton(s) for {len(swap)} swap(s)"))
        elif not c_has(hell, swap):
            bad.append(Finding(R.EXPANSION_CAT_LETON_SWAP,
                               f"{name}'s Hell Domain holds {_short_of(hell, c_missing(hell, swap))} to swap in"))
        else:
            why.append(Finding(R.EXPANSION_CAT_LETON_SWAP,
                               f"Cat-leton is discarded and {cards_text(swap)} from {name}'s Hell Domain takes his place"))
        if opts.hell_power and len(swap) >= 3 and src == HEAVEN:
            notes.append(Finding(R.HELL_POWER_TRIGGER,
                                 "reading: Hell cards swapped in for Cat-letons are read as part of a Heaven play, which "
                                 "does not wake the Hell power; neither the power nor Cat-leton says"))
    # dice
    dice = mv.dice
    x = sum(dice) if dice else 0
    if dice:
        if len(dice) == 3 and t.reserve[p] is not None and t.reserve[p] in dice:
            bad.append(Finding(R.RESERVE_DIE_COMBINE_WITH_CENTRE,
                               f"{name}'s reserve die joins one centre die, not two (a reading: the rulebook allows "
                               "two centre dice and does not say whether a reserve die may join them)"))
            notes.append(Finding(R.RESERVE_DIE_COMBINE_WITH_CENTRE,
                                 "reading: a dice substitute is read as two dice at most, a reserve die included"))
        elif len(dice) > 2:
            bad.append(Finding(R.DICE_BOOST_ONE_CARD_ONLY,
                               f"a Dice Boost uses one or two dice standing for one card, not {len(dice)}"))
        if t.used[p]:
            bad.append(Finding(R.DICE_BOOST_ONCE_PER_ROUND,
                               f"{name}'s Used Dice card already holds dice ({', '.join(map(str, t.used[p]))}): "
                               "no more Dice Boost this round"))
        else:
            pool = dice_pool(t, p)
            lacking = c_missing_dice(pool, dice)
            if lacking:
                short = _dice_short(pool, dice)
                owners = [t.names[i] for i in range(t.n) if i != p and t.reserve[i] in lacking]
                if owners:
                    bad.append(Finding(R.RESERVE_DIE_OWNER_ONLY,
                                       f"{short} available to {name}; "
                                       f"{' and '.join(owners)}'s reserve die can be used only by its owner"))
                else:
                    bad.append(Finding(R.DICE_BOOST_TAKE_UP_TO_TWO,
                                       f"{short} available to {name} "
                                       f"(centre: {', '.join(map(str, t.centre)) or 'empty'}"
                                       + (f"; reserve die {t.reserve[p]}" if t.reserve[p] is not None else "") + ")"))
            else:
                why.append(Finding(R.DICE_BOOST_TAKE_UP_TO_TWO,
                                   f"Dice Boost: {dice_text(dice)} stands for one card"))
                if len(dice) == 1:
                    why.append(Finding(R.DICE_BOOST_SINGLE_DIE_VALUE,
                                       f"one die: the substituted card is a {x}"))
                else:
                    why.append(Finding(R.DICE_BOOST_TWO_DICE_SUM,
                                       f"two dice: their total, {x}, is the number of the one card they replace"))
                r = t.reserve[p]
                if r is not None:
                    if r in dice:
                        why.append(Finding(R.RESERVE_DIE_OWNER_ONLY,
                                           f"{name} uses their own reserve die ({r})"))
                        if len(dice) == 2:
                            why.append(Finding(R.RESERVE_DIE_COMBINE_WITH_CENTRE,
                                               "the reserve die may be combined with a centre die"))
        top = PLAYER_TABLE.get(t.n, (10,))[0]
        if x > top:
            notes.append(Finding(R.DICE_BOOST_TWO_DICE_SUM,
                                 f"reading: the dice stand for {x}, above the highest card ({top}); the rulebook does not "
                                 "say whether such totals are allowed; read as allowed"))
    # the set as it will lie
    final = list(mv.cards)
    for _ in range(min(len(swap), final.count(CAT))):
        final.remove(CAT)
    final += list(swap)
    vals = set_values(final, x)
    n = len(vals)
    key = classify(vals) if final else None
    if final:
        if n > L:
            bad.append(Finding(R.SETS_SIZE_LIMIT,
                               f"a set holds at most {L} cards{' with two players' if t.n == 2 else ''}; "
                               f"this one has {n}" + (" (the dice substitute counts as a card)" if dice else "")))
        if key is None:
            bad.append(Finding(R.SETS_KINDS,
                               f"{', '.join(map(str, sorted(vals)))} is neither a single, a same-number set "
                               "nor a run of consecutive numbers"))
        else:
            why.append(Finding(kind_rule(key), f"{', '.join(map(str, sorted(vals)))} is {key_text(key)}"))
            if sum(1 for v in vals if v == 0) >= 2:
                why.append(Finding(R.EXPANSION_ZERO_VALUE_SETS,
                                   "two 0-valued expansion cards make a same-number pair"))
        if MITCH in final:
            if x:
                why.append(Finding(R.EXPANSION_MDM_MITCH_MIRROR_DICE,
                                   f"Mdm Mitch mirrors the dice and counts as {x}"))
            else:
                why.append(Finding(R.EXPANSION_MDM_MITCH_VALUE_ZERO, "Mdm Mitch counts as 0"))
        if CAT in final:
            why.append(Finding(R.EXPANSION_CAT_LETON_VALUE_ZERO, "Cat-leton counts as 0"))
    # Hell sets while Heaven cards remain
    hand_n = sum(hand)
    if src == HELL and final:
        if hand_n and n < 2:
            bad.append(Finding(R.HELL_TWO_OR_MORE_WHILE_HAND,
                               f"{name} still holds Heaven cards, so Hell cards go down as a set of two or more "
                               "(one Hell card plus dice counts as two)"))
        elif hand_n and dice and len(final) == 1:
            why.append(Finding(R.HELL_ONE_CARD_PLUS_DICE,
                               "one Hell card plus the dice substitute counts as two Hell cards"))
        elif hand_n:
            why.append(Finding(R.HELL_TWO_OR_MORE_WHILE_HAND,
                               f"{n} Hell cards: allowed while Heaven cards remain in hand"))
        elif n == 1:
            why.append(Finding(R.HELL_SINGLES_WHEN_HAND_EMPTY,
                               f"{name}'s hand is empty, so a single Hell card may be played"))
    # strength
    ws = t.ws
    if key is not None:
        if ws is None:
            why.append(Finding(R.SETS_LEADING, f"{name} leads: any legal set may be played"))
        else:
            ck = ws_key(ws)
            if ck is None:
                why.append(Finding(R.SETS_MUST_BEAT, "the set on the table is not a legal set"))
            elif key > ck:
                why.append(Finding(R.SETS_MUST_BEAT, f"{key_text(key)} beats {key_text(ck)}"))
                why.append(Finding(strength_rule(key, ck), strength_message(key, ck, True)))
            else:
                bad.append(Finding(R.SETS_MUST_BEAT,
                                   f"{key_text(key)} does not beat the winning set, {key_text(ck)}"))
                bad.append(Finding(strength_rule(key, ck), strength_message(key, ck, False)))
    # placement after a Heaven play
    if src == HEAVEN:
        after = tuple(max(0, k - mv.cards.count(c)) for c, k in enumerate(hand))
        left = sum(after) if hand_known else max(0, sum(hand) - len(mv.cards))
        if swap and left:  # a hand left to place from: only then does the swap's placement question arise
            notes.append(Finding(R.EXPANSION_CAT_LETON_SWAP,
                                 "reading: the Heaven play is read as still requiring a placement into the Hell Domain "
                                 "after the swap; the Cat-leton card does not say"))
        if mv.place is None:
            if left:
                bad.append(Finding(R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN,
                                   f"after a Heaven play {name} must put exactly one card from hand into their "
                                   f"Hell Domain ({left} card{'s' if left != 1 else ''} left in hand): add "
                                   "'then hell X'"))
            else:
                why.append(Finding(R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN,
                                   f"{name}'s hand is empty after the play, so no card goes to the Hell Domain"))
        elif not left:
            bad.append(Finding(R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN,
                               f"{name}'s hand is empty after the play: there is no card to place"))
        elif hand_known and not (0 <= mv.place < NCODES and after[mv.place]):
            bad.append(Finding(R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN,
                               f"{name} has no {card_name(mv.place)} left in hand to place into the Hell Domain"))
        else:
            why.append(Finding(R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN,
                               f"{name} places {card_name(mv.place)} from hand into their Hell Domain"))
    elif mv.place is not None:
        bad.append(Finding(R.HELL_NO_PLACEMENT_AFTER,
                           "no card goes into the Hell Domain after playing Hell cards"))
    # Hell power
    if mv.hell_return is not None:
        who, code = mv.hell_return
        if not opts.hell_power:
            bad.append(Finding(R.HELL_POWER_OPTIONAL,
                               "the Hell power is an optional rule that is not in use at this table"))
        elif src != HELL or n < 3:
            bad.append(Finding(R.HELL_POWER_TRIGGER,
                               "the Hell power needs a set of three or more Hell cards (dice substitute included)"))
        else:
            i = t.seat(who)
            if i is None:
                bad.append(Finding(R.HELL_POWER_RETURN_CARD, f"there is no player named {who}"))
            else:
                domain = c_sub(t.hells[i], mv.cards) if i == p and not missing else t.hells[i]
                if not (0 <= code < NCODES and domain[code]):
                    bad.append(Finding(R.HELL_POWER_RETURN_CARD,
                                       f"{t.names[i]}'s Hell Domain holds no {card_name(code)} after the play"))
                else:
                    why.append(Finding(R.HELL_POWER_TRIGGER,
                                       f"{n} Hell cards played: the Hell power may return one Hell card"))
                    if dice and len(final) < 3:
                        notes.append(Finding(R.HELL_POWER_TRIGGER,
                                             "reading: the dice substitute is counted among the three Hell cards, "
                                             "as 1.2 counts one Hell card plus dice as two; the Hell power does "
                                             "not say whether it counts"))
    return bad, why, notes


def _dice_short(pool, dice) -> str:
    """What the pool lacks for `dice`, face by face: no die showing 5, or too few showing 3."""
    need, have = Counter(dice), Counter(pool)
    return "; ".join(f"no die showing {v} is" if not have[v] else
                     f"{need[v]} dice showing {v} are wanted and only {have[v]} is"
                     for v in sorted(set(c_missing_dice(pool, dice))))


def c_missing_dice(pool, dice) -> list[int]:
    """The dice of `dice` that `pool` cannot supply."""
    return list((Counter(dice) - Counter(pool)).elements())


def _pass_violations(t: Table, mv: Move):
    bad: list[Finding] = []
    why: list[Finding] = []
    p = t.turn
    name = t.names[p]
    if mv.cards or mv.dice or mv.swap or mv.place is not None or mv.hell_return is not None:
        bad.append(Finding(R.ROUND_TURN_ORDER, "a turn is either a play or a pass, not both"))
    ws = t.ws
    if ws is None:
        opening = (not any(any(h) for h in t.hells) and not any(t.used) and not (t.discard and any(t.discard)))
        bad.append(Finding(R.SETS_LEADING,
                           f"{name} has the lead: there is no set to pass on, so {name} must play a new set"
                           + (" (at the round's first play a reading: the rulebook makes it a duty only for the "
                              "player everyone passed)" if opening else "")))
        bad.append(Finding(R.PASSING_ALL_PASS_INITIATIVE,
                           "the player who gets the initiative plays a brand-new set"))
        return bad, why, []
    why.append(Finding(R.PASSING_PASS_INSTEAD_OF_PLAY, f"{name} passes"))
    o = ws.owner
    oname = t.names[o]
    ohell = t.hells[o]
    total = sum(ohell)
    if t.opts.casual:
        if mv.discard is None and mv.transfer is None and total:
            why.append(Finding(R.PASSING_CASUAL_DISCARD,
                               f"{oname} may discard one Hell card and chooses not to"))
            if total >= 3:
                why.append(Finding(R.PASSING_CASUAL_NO_TRANSFER,
                                   f"casual mode: no transfer, even though {oname} has {total} Hell cards"))
        if mv.transfer is not None:
            bad.append(Finding(R.PASSING_CASUAL_NO_TRANSFER,
                               "casual mode: Hell cards are never transferred; the owner may discard one instead"))
        if mv.discard is not None:
            if not (0 <= mv.discard < NCODES and ohell[mv.discard]):
                bad.append(Finding(R.PASSING_CASUAL_DISCARD,
                                   f"{oname} has no {card_name(mv.discard)} in their Hell Domain to discard"))
            else:
                why.append(Finding(R.PASSING_CASUAL_DISCARD,
                                   f"{oname} discards {card_name(mv.discard)} from their Hell Domain"))
        return bad, why, []
    if mv.discard is not None:
        bad.append(Finding(R.PASSING_CASUAL_DISCARD,
                           "discarding a Hell card on a pass is the casual-mode rule; this table plays the main "
                           "game, where the owner transfers a Hell card instead"))
    if mv.transfer is not None:
        if not (0 <= mv.transfer < NCODES and ohell[mv.transfer]):
            lacks = f"{oname}, owner of the winning set, has no {card_name(mv.transfer)} in their Hell Domain"
            if total >= 3:  # the transfer is owed: the duty decides, and it is one of the owner's own
                own = cards_text(sorted(set(code for code in range(NCODES) if ohell[code])))
                bad.append(Finding(R.PASSING_TRANSFER_MANDATORY_THREE,
                                   f"{lacks}: with {total} Hell cards {oname} must transfer one of them ({own})"))
            else:
                bad.append(Finding(R.PASSING_TRANSFER_OPTIONAL, lacks))
        else:
            rule = (R.PASSING_TRANSFER_MANDATORY_THREE if total >= 3
                    else R.PASSING_TRANSFER_OPTIONAL)
            why.append(Finding(rule, f"{oname} transfers {card_name(mv.transfer)} to {name}'s Hell Domain"))
    elif total >= 3 and mv.discard is None:
        bad.append(Finding(R.PASSING_TRANSFER_MANDATORY_THREE,
                           f"{oname} owns the winning set and has {total} Hell cards, so {oname} must transfer one "
                           f"of them to {name}: write 'pass then transfer X'"))
    elif total:
        why.append(Finding(R.PASSING_TRANSFER_OPTIONAL,
                           f"{oname} has {total} Hell card{'s' if total != 1 else ''} and chooses not to transfer one"))
    return bad, why, []
