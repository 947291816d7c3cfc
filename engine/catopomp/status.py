"""What is impossible about a described Catopomp table, each finding with a rule id."""
from __future__ import annotations

from .model import (CAT, MITCH, NCODES, PLAYER_TABLE, Finding, State, Table, c_add, card_name, code_of, deck_counts,
                    opts_of)
from .rule_ids import R
from .rules_sets import classify, set_values, size_limit


def status(t: Table, hidden_hands: frozenset[int] = frozenset()) -> list[Finding]:
    """What is impossible about the table. `hidden`: seats whose hands are only counts to the table
    (their cards on `t` are a stand-in layout): they count toward the card total, never as cards."""
    out: list[Finding] = []
    add = out.append
    n = t.n
    names = t.names
    opts = t.opts
    if n not in PLAYER_TABLE:
        add(Finding(R.OVERVIEW_GOAL, f"Catopomp is for 2 to 4 players, not {n}"))
        return out
    top, copies, per, aside_n = PLAYER_TABLE[n]
    L = size_limit(n)
    ws = t.ws

    # ---------------------------------------------------------------- options
    if opts.competitive and n == 2:
        add(Finding(R.COMPETITIVE_PLAYERS, "the competitive variant is played with 3 or 4 players"))

    # ---------------------------------------------------------------- cards
    zones: list[tuple[str, tuple[int, ...]]] = []
    unseen_cards = sum(sum(t.hands[i]) for i in hidden_hands)
    for i in range(n):
        if i not in hidden_hands:
            zones.append((f"{names[i]}'s hand", t.hands[i]))
        zones.append((f"{names[i]}'s Hell Domain", t.hells[i]))
    if ws is not None:
        zones.append(("the winning set", c_add(c_add((0,) * NCODES, ws.heaven), ws.hell)))
    if t.discard is not None:
        zones.append(("the discard pile", t.discard))
    if t.aside is not None:
        zones.append(("the cards set aside", t.aside))
    total = [sum(z[c] for _, z in zones) for c in range(NCODES)]
    deck = deck_counts(n, opts)
    for v in range(top + 1, 11):
        if total[v]:
            where = [w for w, z in zones if z[v]]
            add(Finding(R.SETUP_NUMBERS_INCLUDED,
                        f"with {n} players the deck holds the numbers 1-{top} only, but a {v} lies in {where[0]}"))
    for v in range(1, top + 1):
        if total[v] > copies:
            add(Finding(R.SETUP_COPIES_PER_NUMBER,
                        f"with {n} players the deck holds {copies} copies of each number, but the table shows "
                        f"{total[v]} x {v}"))
    for code, flag, rule in ((CAT, opts.catleton, R.EXPANSION_CAT_LETON_SETUP),
                             (MITCH, opts.mitch, R.EXPANSION_MDM_MITCH_SETUP)):
        if total[code] and not flag:
            add(Finding(rule, f"{card_name(code)} is on the table but the expansion is not in use "
                        f"(set options.{'catleton' if code == CAT else 'mitch'} = true)"))
        elif total[code] > n:
            add(Finding(rule, f"one {card_name(code)} per player goes into the deck ({n}), but the table shows "
                        f"{total[code]}"))
    deck_total = sum(deck)
    aside_expected = deck_total - per * n
    visible = sum(total) + unseen_cards
    if t.aside is not None and sum(t.aside) != aside_expected:
        add(Finding(R.SETUP_CARDS_SET_ASIDE,
                    f"{aside_expected} cards are set aside with {n} players"
                    + (" (read so: the expansion cards join the set-aside pile and the hands keep their size; "
                       "the expansions' set-up does not say)" if opts.catleton or opts.mitch else "")
                    + f", but {sum(t.aside)} are listed"))
    hidden = 0 if t.aside is not None else aside_expected
    if t.discard is not None:
        if visible + hidden != deck_total:
            add(Finding(R.SETUP_TOTAL_CARDS,
                        f"the deck has {deck_total} cards with {n} players; hands, Hell Domains, the winning set, "
                        f"the discard pile and the {aside_expected} set-aside cards add up to {visible + hidden}"))
    elif visible + hidden > deck_total:
        add(Finding(R.SETUP_TOTAL_CARDS,
                    f"the deck has {deck_total} cards with {n} players, but the table shows {visible} cards "
                    f"besides the {aside_expected} set aside"))

    # ---------------------------------------------------------------- gems, phase, round end
    gems_round = list(t.gems)
    if t.phase != "play" and t.loser is not None:
        gems_round[t.loser] += 1
    for i in range(n):
        if not 0 <= t.gems[i] <= 2:
            add(Finding(R.SETUP_SOUL_GEMS, f"{names[i]} has {t.gems[i]} soul gems; a player has 0 to 2"))
    if t.phase == "play":
        for i in range(n):
            if t.gems[i] <= 0 and 0 <= t.gems[i]:
                add(Finding(R.END_GAME_END,
                            f"{names[i]} has no soul gem left: the game is already over"))
        alive = [i for i in range(n) if t.has_cards(i)]
        if len(alive) <= 1:
            add(Finding(R.ROUND_ROUND_END_TRIGGER,
                        "at most one player still holds cards: the round is already over"
                        + (f" and {names[alive[0]]} loses a soul gem" if alive else "")))
        elif not t.has_cards(t.turn):
            add(Finding(R.ROUND_SAFE_WHEN_CLEAR,
                        f"{names[t.turn]} has no cards left and takes no more turns this round"))
    elif t.phase != "setup":  # a round dealt but not yet started holds every hand
        lo = t.loser
        for i in range(n):
            if i != lo and t.has_cards(i):
                add(Finding(R.END_ROUND_END,
                            f"{names[i]} still holds cards although the round is over "
                            "(only the last player, who lost a gem, may)"))
        if lo is not None and not t.has_cards(lo):
            add(Finding(R.ROUND_ROUND_END_TRIGGER,
                        f"{names[lo]} lost the round, so {names[lo]} is the one player still holding cards"))
        if t.phase == "round-over" and lo is not None and t.gems[lo] <= 0:
            add(Finding(R.END_GAME_END, f"{names[lo]} has no soul gem left: the game is over, not the round"))
        if t.phase == "game-over" and lo is not None and t.gems[lo] > 0:
            add(Finding(R.END_GAME_END, f"the game ends only when a player loses their last soul gem; "
                                        f"{names[lo]} still has {t.gems[lo]}"))
        zero = [names[i] for i in range(n) if i != lo and t.gems[i] <= 0]
        if zero:
            add(Finding(R.END_GAME_END,
                        f"{', '.join(zero)} already had no soul gem left: the game ended before this round"))

    # ---------------------------------------------------------------- dice
    all_dice: list[tuple[str, int]] = [("the centre", d) for d in t.centre]
    for i in range(n):
        all_dice += [(f"{names[i]}'s Used Dice card", d) for d in t.used[i]]
        if t.reserve[i] is not None:
            all_dice.append((f"{names[i]}'s reserve die", t.reserve[i]))
    if ws is not None:
        all_dice += [("the winning set", d) for d in ws.dice]
    for where, d in all_dice:
        if not 1 <= d <= 6:
            add(Finding(R.COMPONENTS_DICE, f"a die in {where} shows {d}; dice are six-sided (1-6)"))
    one_gem = [i for i in range(n) if gems_round[i] == 1]
    k = len(one_gem)
    dice_rule = R.NEW_ROUND_FEWER_CENTRE_DICE if k else R.SETUP_CENTRE_DICE
    start_centre = 2 * n - k
    boosted = [bool(t.used[i]) or (ws is not None and ws.owner == i and bool(ws.dice)) for i in range(n)]
    for i in range(n):
        if t.reserve[i] is not None:
            if gems_round[i] >= 2:
                add(Finding(R.RESERVE_DIE_WHO_GETS,
                            f"{names[i]} has a reserve die but still has two soul gems; only players down to one "
                            "gem reserve a die"))
            elif boosted[i]:
                add(Finding(R.RESERVE_DIE_UNUSED_GOES_TO_CENTRE,
                            f"{names[i]} has boosted this round, so the reserve die was either used or moved "
                            "to the centre"))
        elif gems_round[i] == 1 and not boosted[i] and t.phase == "play":
            add(Finding(R.RESERVE_DIE_WHO_GETS,
                        f"{names[i]} has one soul gem, so a reserve die was set in front of them this round; "
                        "it is missing, and they have not boosted"))
        if len(t.used[i]) > 2:
            add(Finding(R.DICE_BOOST_ONE_CARD_ONLY,
                        f"{names[i]}'s Used Dice card holds {len(t.used[i])} dice, but one Dice Boost uses at most two"))
        if t.used[i] and ws is not None and ws.owner == i and ws.dice:
            add(Finding(R.DICE_BOOST_ONCE_PER_ROUND,
                        f"{names[i]} boosted twice this round (dice on the Used Dice card and in the winning set)"))
    if t.phase == "play":
        reserves_gone = sum(1 for i in one_gem if t.reserve[i] is None)
        if len(t.centre) > start_centre + reserves_gone:
            add(Finding(dice_rule,
                        f"this round started with {start_centre} centre dice"
                        + (f" (one fewer per round played, {2 * n} in the first)" if k else " (two per player)")
                        + f"; the centre shows {len(t.centre)}"))
        total_dice = len(all_dice)
        if total_dice != 2 * n:
            add(Finding(dice_rule,
                        f"{2 * n} dice take part in this round ({start_centre} rolled into the centre"
                        + (f" plus {k} reserve {'die' if k == 1 else 'dice'}" if k else "")
                        + f"), but the table shows {total_dice} (centre, reserve dice, Used Dice cards, winning set)"))

    # ---------------------------------------------------------------- the winning set
    if ws is not None:
        codes = ws.heaven + ws.hell
        owner = names[ws.owner]
        if not codes:
            add(Finding(R.DICE_BOOST_TAKE_UP_TO_TWO,
                        f"{owner}'s winning set has no card; dice are added to the cards of a set"))
        if ws.heaven and len(ws.hell) > ws.swaps:
            add(Finding(R.SETS_NO_MIXING,
                        f"{owner}'s winning set mixes Heaven and Hell cards"
                        + (" beyond the Cat-leton swaps" if ws.swaps else "")))
        if ws.swaps > len(ws.hell):
            add(Finding(R.EXPANSION_CAT_LETON_SWAP,
                        f"{ws.swaps} Cat-leton swaps but only {len(ws.hell)} Hell card(s) in the set"))
        if ws.swaps and not opts.catleton:
            add(Finding(R.EXPANSION_CAT_LETON_SETUP, "a Cat-leton swap without the Cat-leton expansion"))
        if len(ws.dice) > 2:
            add(Finding(R.DICE_BOOST_ONE_CARD_ONLY, "the winning set uses more than two dice"))
        if codes:
            vals = set_values(codes, sum(ws.dice) if ws.dice else 0)
            if len(vals) > L:
                add(Finding(R.SETS_SIZE_LIMIT, f"the winning set has {len(vals)} cards; the limit is {L}"))
            if classify(vals) is None:
                add(Finding(R.SETS_KINDS,
                            f"the winning set {', '.join(map(str, sorted(vals)))} is no legal kind of set"))

    # ---------------------------------------------------------------- competitive
    for i in range(n):
        pred = t.pred[i]
        if pred is not None:
            if not opts.competitive:
                add(Finding(R.COMPETITIVE_PREDICTION,
                            f"{names[i]} has a prediction, but the competitive variant is not in use"))
            elif not 1 <= pred <= 4:
                add(Finding(R.COMPETITIVE_PREDICTION, f"{names[i]} predicted {pred}; predictions are 1-4"))
        if t.points[i] < 0:
            add(Finding(R.COMPETITIVE_RECORD_POINTS, f"{names[i]} has {t.points[i]} points; points never go "
                                                     "below 0"))
        elif t.points[i] and not opts.competitive:
            add(Finding(R.COMPETITIVE_RECORD_POINTS,
                        f"{names[i]} has points, but only the competitive variant scores points"))
    return out


def gems_lost_by_round(state: State) -> list[Finding]:
    """Every round ends with one player losing one soul gem, so round N shows at least N-1 gone (N once it
    is over). Only too few is said: a file that leaves `round` out is read as round 1 whatever was lost."""
    ended = state.round - 1 + (state.phase in ("round-over", "game-over"))
    lost = sum(2 - p.gems for p in state.players if 0 <= p.gems <= 2)
    if lost >= ended:
        return []
    rounds = f"{ended} round{'s have' if ended != 1 else ' has'}"
    return [Finding(R.END_ROUND_END, f"round {state.round}: {rounds} ended and each took one soul gem from a "
                                     f"player, but {lost} soul gem{'s are' if lost != 1 else ' is'} gone")]


def file_problems(state: State) -> list[str]:
    """The competitive variant at a table of 2 (it is for 3 or 4), and the cards a situation file lays
    out that no deck of its player count and options holds (a number left out, an expansion card not in
    use, one copy too many), each `field KEY: problem` at the key where it first shows: `check` and
    `moves` refuse such a file (`status` lists each with its rule)."""
    n = len(state.players)
    if n not in PLAYER_TABLE:
        return []
    out = []
    if state.options.competitive and n == 2:
        out.append(f"field options.competitive: the competitive variant is for 3 or 4 players, not 2 "
                   f"({R.COMPETITIVE_PLAYERS}); set competitive = false")
    top, copies, _per, _aside = PLAYER_TABLE[n]
    deck = deck_counts(n, opts_of(state.options))
    ws = state.winning_set
    zones = [(f"players.{i}.{key}", cards) for i, p in enumerate(state.players)
             for key, cards in (("hand", p.hand), ("hell_domain", p.hell_domain)) if isinstance(cards, tuple)]
    zones += [("winning_set.heaven", ws.heaven if ws else ()), ("winning_set.hell", ws.hell if ws else ()),
              ("discard_pile", state.discard_pile or ()), ("set_aside", state.set_aside or ())]
    seen = [0] * NCODES
    for key, cards in zones:
        for code in map(code_of, cards):
            seen[code] += 1
            if code in (CAT, MITCH) and not deck[code]:
                option = "catleton" if code == CAT else "mitch"
                out.append(f"field {key}: {card_name(code)} is in the deck only with its expansion "
                           f"(options.{option} = true)")
            elif not deck[code]:
                out.append(f"field {key}: with {n} players the deck holds the numbers 1-{top} only, not {code}")
            elif seen[code] == deck[code] + 1:
                each = f"one {card_name(code)} per player" if code in (CAT, MITCH) else f"{copies} of each number"
                out.append(f"field {key}: {seen[code]} x {card_name(code)} laid out by here, but with {n} players "
                           f"the deck holds {each}")
    return out
