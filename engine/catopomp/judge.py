"""Catopomp move checking: every rule a play or a pass breaks (or rests on), each with its rule id."""
from __future__ import annotations

from typing import NamedTuple

from engine.words import count

from .table import (
    CAT, HEAVEN, HELL, MITCH, Move, NCODES, PASS, PLAY, PLAYER_TABLE, Table, c_has, c_missing,
    c_sub, card_name, cards_text, classify, dice_text, key_text, kind_rule, set_values, size_limit,
    strength_rule, ws_key,
)
from .generate import dice_pool

# ---------------------------------------------------------------------------------------- checking


class Finding(NamedTuple):
    rule: str
    message: str


def _zone_word(source: str) -> str:
    return "hand" if source == HEAVEN else "Hell Domain"


def violations(t: Table, mv: Move, hand_known: bool = True) -> tuple[list[Finding], list[Finding], list[str]]:
    """Check a move of the player to act on a resolved table.
    Returns (broken rules, supporting rules for a legal move, unchecked notes).
    `hand_known=False`: the mover's hand is only a count to the table (its cards on `t` are a stand-in
    layout), so no finding may rest on which cards it holds: possession is the caller's to note."""
    odd = [c for c in (*mv.cards, *mv.swap, mv.place, mv.transfer, mv.discard,
                        mv.hell_return[1] if mv.hell_return else None)
           if c is not None and not (isinstance(c, int) and 0 <= c < NCODES)]
    if odd:
        return [Finding("catopomp.sets.kinds", f"{odd[0]!r} is not a card (cards are 1-10, Cat-leton, Mdm Mitch)")], [], []
    if mv.kind not in (PLAY, PASS):
        return [Finding("catopomp.round.turn-order", "a turn is a play or a pass")], [], []
    if mv.kind == PASS:
        return _pass_violations(t, mv)
    p = t.turn
    name = t.names[p]
    bad: list[Finding] = []
    why: list[Finding] = []
    notes: list[str] = []
    opts = t.opts
    L = size_limit(t.n)
    hand = t.hands[p]
    hell = t.hells[p]
    src = mv.source
    if mv.transfer is not None or mv.discard is not None:
        bad.append(Finding("catopomp.passing.transfer-optional",
                           "a Hell card changes hands only when a player passes, not after a play"))
    if src not in (HEAVEN, HELL):
        bad.append(Finding("catopomp.sets.play-heaven-or-hell",
                           "say where the set comes from: 'heaven' (your hand) or 'hell' (your Hell Domain)"))
        return bad, why, notes
    zone = hand if src == HEAVEN else hell
    other = hell if src == HEAVEN else hand
    if not mv.cards:
        bad.append(Finding("catopomp.dice-boost.take-up-to-two",
                           "a set needs at least one card: dice are only added to the cards of a set"))
    missing = c_missing(zone, mv.cards) if hand_known or src == HELL else []
    if src == HEAVEN and not hand_known and len(mv.cards) > sum(hand):
        bad.append(Finding("catopomp.heaven.play-from-hand",
                           f"{name} holds {sum(hand)} card{'s' if sum(hand) != 1 else ''} in hand, and this set "
                           f"takes {len(mv.cards)} from it"))
    if missing:
        if hand_known and c_has(other, missing):
            bad.append(Finding("catopomp.sets.no-mixing",
                               f"{cards_text(missing)} lie{'s' if len(missing) == 1 else ''} in your "
                               f"{_zone_word(HELL if src == HEAVEN else HEAVEN)}, not your {_zone_word(src)}: "
                               "a set is all Heaven cards or all Hell cards"))
        elif src == HEAVEN:
            bad.append(Finding("catopomp.heaven.play-from-hand",
                               f"{name} does not hold {cards_text(missing)} in hand"))
        else:
            bad.append(Finding("catopomp.hell.play-from-hell-domain",
                               f"{name}'s Hell Domain holds no {cards_text(missing)}"))
    else:
        why.append(Finding("catopomp.heaven.play-from-hand" if src == HEAVEN else "catopomp.hell.play-from-hell-domain",
                           f"{cards_text(mv.cards)} from {name}'s {_zone_word(src)}"))
    # Cat-leton swap
    swap = mv.swap
    if swap:
        if src == HELL:
            bad.append(Finding("catopomp.expansion.cat-leton.from-hell-domain",
                               "Cat-leton can be swapped for a Hell card only when played from hand"))
        elif mv.cards.count(CAT) < len(swap):
            bad.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"each swapped Hell card takes the place of a Cat-leton played from hand; "
                               f"the set has {mv.cards.count(CAT)} Cat-leton(s) for {len(swap)} swap(s)"))
        elif not c_has(hell, swap):
            bad.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"{name}'s Hell Domain holds no {cards_text(c_missing(hell, swap))} to swap in"))
        else:
            why.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"Cat-leton is discarded and {cards_text(swap)} from {name}'s Hell Domain takes his place"))
        notes.append("catopomp.expansion.cat-leton.swap: the Heaven play is read as still requiring a placement "
                     "into the Hell Domain after the swap; the Cat-leton card does not say")
        if opts.hell_power and len(swap) >= 3:
            notes.append("catopomp.hell-power.trigger: Hell cards swapped in for Cat-letons are read as part of a "
                         "Heaven play, which does not wake the Hell power; neither the power nor Cat-leton says")
    # dice
    dice = mv.dice
    x = sum(dice) if dice else 0
    if dice:
        if len(dice) > 2:
            bad.append(Finding("catopomp.dice-boost.one-card-only",
                               f"a Dice Boost uses one or two dice standing for one card, not {len(dice)}"))
        if t.used[p]:
            bad.append(Finding("catopomp.dice-boost.once-per-round",
                               f"{name}'s Used Dice card already holds dice ({', '.join(map(str, t.used[p]))}): "
                               "no more Dice Boost this round"))
        else:
            pool = dice_pool(t, p)
            lacking = c_missing_dice(pool, dice)
            if lacking:
                owners = [t.names[i] for i in range(t.n) if i != p and t.reserve[i] in lacking]
                if owners:
                    bad.append(Finding("catopomp.reserve-die.owner-only",
                                       f"no centre die shows {', '.join(map(str, lacking))}; "
                                       f"{' and '.join(owners)}'s reserve die can be used only by its owner"))
                else:
                    bad.append(Finding("catopomp.dice-boost.take-up-to-two",
                                       f"no die showing {', '.join(map(str, lacking))} is available to {name} "
                                       f"(centre: {', '.join(map(str, t.centre)) or 'empty'}"
                                       + (f"; reserve die {t.reserve[p]}" if t.reserve[p] is not None else "") + ")"))
            else:
                why.append(Finding("catopomp.dice-boost.take-up-to-two",
                                   f"Dice Boost: {dice_text(dice)} stands for one card"))
                if len(dice) == 1:
                    why.append(Finding("catopomp.dice-boost.single-die-value",
                                       f"one die: the substituted card is a {x}"))
                else:
                    why.append(Finding("catopomp.dice-boost.two-dice-sum",
                                       f"two dice: their total, {x}, is the number of the one card they replace"))
                r = t.reserve[p]
                if r is not None:
                    if r in dice:
                        why.append(Finding("catopomp.reserve-die.owner-only",
                                           f"{name} uses their own reserve die ({r})"))
                        if len(dice) == 2:
                            why.append(Finding("catopomp.reserve-die.combine-with-centre",
                                               "the reserve die may be combined with a centre die"))
        top = PLAYER_TABLE.get(t.n, (10,))[0]
        if x > top:
            notes.append(f"catopomp.dice-boost.two-dice-sum: the dice stand for {x}, above the highest card ({top}); "
                         "the rulebook does not say whether such totals are allowed; read as allowed")
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
            bad.append(Finding("catopomp.sets.size-limit",
                               f"a set holds at most {L} cards{' with two players' if t.n == 2 else ''}; "
                               f"this one has {n}" + (" (the dice substitute counts as a card)" if dice else "")))
        if key is None:
            bad.append(Finding("catopomp.sets.kinds",
                               f"{', '.join(map(str, sorted(vals)))} is neither a single, a same-number set "
                               "nor a run of consecutive numbers"))
        else:
            why.append(Finding(kind_rule(key), f"{', '.join(map(str, sorted(vals)))} is {key_text(key)}"))
            if sum(1 for v in vals if v == 0) >= 2:
                why.append(Finding("catopomp.expansion.zero-value-sets",
                                   "two 0-valued expansion cards make a same-number pair"))
        if MITCH in final:
            if x:
                why.append(Finding("catopomp.expansion.mdm-mitch.mirror-dice",
                                   f"Mdm Mitch mirrors the dice and counts as {x}"))
            else:
                why.append(Finding("catopomp.expansion.mdm-mitch.value-zero", "Mdm Mitch counts as 0"))
        if CAT in final:
            why.append(Finding("catopomp.expansion.cat-leton.value-zero", "Cat-leton counts as 0"))
    # Hell sets while Heaven cards remain
    hand_n = sum(hand)
    if src == HELL and final:
        if hand_n and n < 2:
            bad.append(Finding("catopomp.hell.two-or-more-while-hand",
                               f"{name} still holds Heaven cards, so Hell cards go down as a set of two or more "
                               "(one Hell card plus dice counts as two)"))
        elif hand_n and dice and len(final) == 1:
            why.append(Finding("catopomp.hell.one-card-plus-dice",
                               "one Hell card plus the dice substitute counts as two Hell cards"))
        elif hand_n:
            why.append(Finding("catopomp.hell.two-or-more-while-hand",
                               f"{n} Hell cards: allowed while Heaven cards remain in hand"))
        elif n == 1:
            why.append(Finding("catopomp.hell.singles-when-hand-empty",
                               f"{name}'s hand is empty, so a single Hell card may be played"))
    # strength
    ws = t.ws
    if key is not None:
        if ws is None:
            why.append(Finding("catopomp.sets.leading", f"{name} leads: any legal set may be played"))
        else:
            ck = ws_key(ws)
            if ck is None:
                why.append(Finding("catopomp.sets.must-beat", "the set on the table is not a legal set"))
            elif key > ck:
                why.append(Finding("catopomp.sets.must-beat", f"{key_text(key)} beats {key_text(ck)}"))
                why.append(Finding(strength_rule(key, ck), _strength_message(key, ck, True)))
            else:
                bad.append(Finding("catopomp.sets.must-beat",
                                   f"{key_text(key)} does not beat the winning set, {key_text(ck)}"))
                bad.append(Finding(strength_rule(key, ck), _strength_message(key, ck, False)))
    # placement after a Heaven play
    if src == HEAVEN:
        after = list(hand)
        for c in mv.cards:
            if 0 <= c < NCODES and after[c] > 0:
                after[c] -= 1
        after = tuple(after)
        left = sum(after) if hand_known else max(0, sum(hand) - len(mv.cards))
        if mv.place is None:
            if left:
                bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                                   f"after a Heaven play {name} must put exactly one card from hand into their "
                                   f"Hell Domain ({left} card{'s' if left != 1 else ''} left in hand): add "
                                   "'then hell X'"))
            else:
                why.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                                   f"{name}'s hand is empty after the play, so no card goes to the Hell Domain"))
        elif not left:
            bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name}'s hand is empty after the play: there is no card to place"))
        elif hand_known and not (0 <= mv.place < NCODES and after[mv.place]):
            bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name} has no {card_name(mv.place)} left in hand to place into the Hell Domain"))
        else:
            why.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name} places {card_name(mv.place)} from hand into their Hell Domain"))
    elif mv.place is not None:
        bad.append(Finding("catopomp.hell.no-placement-after",
                           "no card goes into the Hell Domain after playing Hell cards"))
    # Hell power
    if mv.hell_return is not None:
        who, code = mv.hell_return
        if not opts.hell_power:
            bad.append(Finding("catopomp.hell-power.optional",
                               "the Hell power is an optional rule that is not in use at this table"))
        elif src != HELL or n < 3:
            bad.append(Finding("catopomp.hell-power.trigger",
                               "the Hell power needs a set of three or more Hell cards (dice substitute included)"))
        else:
            i = _seat(t, who)
            if i is None:
                bad.append(Finding("catopomp.hell-power.return-card", f"there is no player named {who}"))
            else:
                domain = t.hells[i]
                if i == p and not missing:
                    domain = c_sub(domain, mv.cards)
                if not (0 <= code < NCODES and domain[code]):
                    bad.append(Finding("catopomp.hell-power.return-card",
                                       f"{t.names[i]}'s Hell Domain holds no {card_name(code)} after the play"))
                else:
                    why.append(Finding("catopomp.hell-power.trigger",
                                       f"{n} Hell cards played: the Hell power may return one Hell card"))
    return bad, why, notes


def _strength_message(key, ck, beats: bool) -> str:
    rule = strength_rule(key, ck)
    if rule == "catopomp.strength.more-cards-wins":
        return f"{count(key[0], 'card')} against {ck[0]}: the set with more cards is stronger"
    if rule == "catopomp.strength.same-number-beats-sequential":
        return "with equal sizes a same-number set is stronger than a sequential set"
    if key[2] == ck[2]:
        return f"both sets are rated {key[2]}: an equally strong set does not beat"
    return f"same size and kind: {key[2]} against {ck[2]}, the higher number wins"


def c_missing_dice(pool, dice) -> list[int]:
    left = list(pool)
    out = []
    for d in dice:
        if d in left:
            left.remove(d)
        else:
            out.append(d)
    return out


def _seat(t: Table, name: str) -> int | None:
    low = name.lower()
    for i, nm in enumerate(t.names):
        if nm.lower() == low:
            return i
    return None


def _pass_violations(t: Table, mv: Move):
    bad: list[Finding] = []
    why: list[Finding] = []
    notes: list[str] = []
    p = t.turn
    name = t.names[p]
    if mv.cards or mv.dice or mv.swap or mv.place is not None or mv.hell_return is not None:
        bad.append(Finding("catopomp.round.turn-order", "a turn is either a play or a pass, not both"))
    ws = t.ws
    if ws is None:
        bad.append(Finding("catopomp.sets.leading",
                           f"{name} has the lead: there is no set to pass on, so {name} must play a new set"))
        bad.append(Finding("catopomp.passing.all-pass-initiative",
                           "the player who gets the initiative plays a brand-new set"))
        return bad, why, notes
    why.append(Finding("catopomp.passing.pass-instead-of-play", f"{name} passes"))
    o = ws.owner
    oname = t.names[o]
    ohell = t.hells[o]
    total = sum(ohell)
    if t.opts.casual:
        if mv.discard is None and mv.transfer is None and total:
            why.append(Finding("catopomp.passing.casual-discard",
                               f"{oname} may discard one Hell card and chooses not to"))
            if total >= 3:
                why.append(Finding("catopomp.passing.casual-no-transfer",
                                   f"casual mode: no transfer, even though {oname} has {total} Hell cards"))
        if mv.transfer is not None:
            bad.append(Finding("catopomp.passing.casual-no-transfer",
                               "casual mode: Hell cards are never transferred; the owner may discard one instead"))
        if mv.discard is not None:
            if not (0 <= mv.discard < NCODES and ohell[mv.discard]):
                bad.append(Finding("catopomp.passing.casual-discard",
                                   f"{oname} has no {card_name(mv.discard)} in their Hell Domain to discard"))
            else:
                why.append(Finding("catopomp.passing.casual-discard",
                                   f"{oname} discards {card_name(mv.discard)} from their Hell Domain"))
        return bad, why, notes
    if mv.discard is not None:
        bad.append(Finding("catopomp.passing.casual-discard",
                           "discarding a Hell card on a pass is the casual-mode rule; this table plays the main "
                           "game, where the owner transfers a Hell card instead"))
    if mv.transfer is not None:
        if not (0 <= mv.transfer < NCODES and ohell[mv.transfer]):
            bad.append(Finding("catopomp.passing.transfer-optional",
                               f"{oname}, owner of the winning set, has no {card_name(mv.transfer)} in their Hell Domain"))
        else:
            rule = ("catopomp.passing.transfer-mandatory-three" if total >= 3
                    else "catopomp.passing.transfer-optional")
            why.append(Finding(rule, f"{oname} transfers {card_name(mv.transfer)} to {name}'s Hell Domain"))
    elif total >= 3 and mv.discard is None:
        bad.append(Finding("catopomp.passing.transfer-mandatory-three",
                           f"{oname} owns the winning set and has {total} Hell cards, so {oname} must transfer one "
                           f"of them to {name}: write 'pass then transfer X'"))
    elif total:
        why.append(Finding("catopomp.passing.transfer-optional",
                           f"{oname} has {total} Hell card{'s' if total != 1 else ''} and chooses not to transfer one"))
    return bad, why, notes


