"""Catharsis: what an activated ability does in a fight: Soraten's Ground/Flight alternation
(docs/moves-catharsis.md), Goz's Combo values, "+N to target ability" against "+N to target
attack", and how the party shares an Enemy's damage."""
from __future__ import annotations

import re

from .model import DISCARDED, EXHAUSTED, FACE_UP, ability_of, duo_copies, is_duo, player_of, round_at
from .notation import Play, format_play
from .rule_ids import R
from .notation_track import quoted
from .rules_cards import unknown
from .track_readings import LEFTOVER, NO_COMBAT_DICE, UNTAKEN, UP_AGAIN


# ------------------------------------------------------------------------------------- Soraten

def judge_alternation(p, pw, card, no) -> None:
    """Player p using power pw: a use that breaks Soraten's alternation forbidden in `no`, what cannot be
    judged noted there. Only Soraten alternates."""
    if p.character != "Soraten":
        return
    side = pw.side or (card.side if card is not None else None)  # recorded, else as its card fixes it (a duo power)
    if side == "both":
        no.note(R.DUO_SORATEN, f"{pw.name} counts as both Ground and Flight: it follows either side; which side "
                               f"Soraten's next ability must then show is not stated, so it is not judged")
    elif side is None:
        no.note(R.SORATEN_ALTERNATE, f"the side of {pw.name} (Ground or Flight) is not recorded, so Soraten's "
                                     f"alternation is not judged (record it: side {p.name} N ground|flight)")
    elif p.last_side == "unknown":
        no.note(R.SORATEN_ALTERNATE, f"the side of {p.name}'s last ability is not recorded, so whether {pw.name} "
                                     f"({side.capitalize()}) alternates with it is not judged")
    elif p.last_side == side:
        other = "flight" if side == "ground" else "ground"
        no.forbid(R.SORATEN_ALTERNATE, f"{p.name} (Soraten) used a {side.capitalize()} ability last: the next must be "
                                       f"{other.capitalize()}, and {pw.name} shows its {side.capitalize()} side")


def dice_partners(state, p) -> list:
    """The players whose unused dice p may pay with through Soraten's Flip, which Partners him with another
    player to share dice (multi-player games only): for a living Soraten whose Role is flipped, every other
    living player who rolled; for anyone else, each such Soraten. Which player he Partnered, and on what
    terms, is on his Role card, which the rulebook does not print: not recorded."""
    living = [q for q in state.players if not q.dead and q.dice and q.name != p.name]
    if len(state.players) < 2 or p.dead:
        return []
    if p.character == "Soraten" and p.role == "flipped":
        return living
    return [q for q in living if q.character == "Soraten" and q.role == "flipped"]


# ------------------------------------------------------------------------------------- activation

def refuse_dice_off_step(state, no) -> None:
    """Dice are rolled and abilities used in a combat's Player Attack Phase (the play `use` and the tracker's
    `use` judge alike). Outside a combat and its cards' own rules (between Boss Deck cards, before the first,
    before a fight begins) that is a reading, the rulebook forbidding powers only while a Trap or Event is
    revealed."""
    if state.phase == "combat" and state.combat_step != "player-attack":
        no.forbid(R.USE, f"dice are rolled and used in a combat's Player Attack Phase; {round_at(state)}",
                  *(("combat attack",) if state.combat_step == "start-of-round" else ()))
    elif state.phase != "combat" and not (state.phase == "card" and state.card in ("trap", "event", "special")):
        no.forbid(R.USE, "abilities are paid with the dice rolled in a combat's Player Attack Phase, and no combat "
                         "is on now (a reading: outside a combat the rulebook forbids powers only while a Trap or "
                         "Event is revealed, and is silent on the moments between Boss Deck cards)")
        no.leave_open(NO_COMBAT_DICE)


def refuse_combo_outside_combat(state, no, why: str = "") -> None:
    """Combo is built within a combat and vanishes when it ends (the Goz overview): none is placed outside
    one. `why`: what places it, said first."""
    if state.phase != "combat":
        no.forbid(R.COMBO_END, f"{why}Combo is built within a combat and vanishes when it ends: none is placed "
                               "outside one", "combat start")


def duo_partner_used(state, p, pw) -> str | None:
    """The partner who activated their half of this duo power this round (so its card is exhausted
    by it), or None: the other half may still be activated with it (the two halves together)."""
    return next((q.name for q, slot in duo_copies(state, p.name, pw.name) if q.powers[slot - 1].used_round), None)


def refuse_activation(state, p, pw, slot: str, no, half: str | None = None) -> None:
    """Why no ability of this power can be activated now, forbidden in `no`: a power shows one ability a
    round, top or bottom, and only while face up (a duo power's other half: also in the round its partner
    exhausted it by using their half). `half`: the one asked for, None for either; a second use cites the
    rule that decides it (the same ability: once; the other one: top or bottom). One copy for the play
    `use` and the tracker's `use` alike."""
    if pw.status == DISCARDED:
        no.forbid(R.USE, f"{p.name}'s power {slot} ({pw.name}) is discarded")
    elif pw.used_round and is_duo(state, pw.name):  # both halves may be used, one by each partner
        half = f"the {pw.used_half} half" if pw.used_half else "their half"
        no.forbid(R.ONE_PER_POWER, f"{p.name} has already activated {half} of {pw.name} this round: an ability "
                                   "activates once")
        no.forbid(R.DUO_BOTH, f"of a duo power each partner activates only their own half, so {pw.name} gives "
                              "each of them one use a round (both halves together at most)")
    elif pw.used_round:
        refuse_second_use(p, pw, no, half)
    elif pw.status != FACE_UP and not (pw.status == EXHAUSTED and duo_partner_used(state, p, pw)):
        # (a heal is a reward or an effect, not a play open now)
        no.forbid(R.USE, f"{p.name}'s power {slot} ({pw.name}) is exhausted: only face-up powers can be activated")


def refuse_second_use(p, pw, no, half: str | None) -> None:
    """A power whose ability was activated this round: the same ability again is refused as once per
    ability, the other one as top or bottom; turned face up again since (a heal), either way a reading."""
    again = pw.status == FACE_UP
    reading = (" (a reading: it is face up again, and the rulebook does not say whether a heal in the same round "
               "opens it again)") if again else ""
    if half is not None and pw.used_half is not None and half != pw.used_half:
        no.forbid(R.ONE_PER_POWER, f"{p.name} activated the {pw.used_half} of {pw.name} this round: one ability "
                                   f"per power{reading}")
        no.forbid(R.TOP_OR_BOTTOM, "top or bottom, never both")
    else:
        which = f"the {pw.used_half} of {pw.name}" if pw.used_half else f"an ability of {pw.name}"
        no.forbid(R.ONCE_PER_ABILITY, f"{p.name} has already activated {which} this round: an ability activates "
                                      f"once{reading}")
    if again:
        no.leave_open(UP_AGAIN)


# ------------------------------------------------------------------------------------- Combo

def combo_power(p, card) -> bool:
    """Whether a power holds Goz's Combo: Goz's (his player's or his card's), and no duo power."""
    return (p.character == "Goz" or card is not None and card.character == "Goz") and not (card is not None and card.duo)


def combo_verdict(state, p, pw, card, ability, play: Play, v) -> None:
    """Goz: a top places a Combo instead of its effect; a bottom removes every Combo and does the
    effect listed for exactly that count, or nothing when the count is not listed (`unlisted`, said by
    the use itself)."""
    if not combo_power(p, card) or play.half == "top":
        return  # a top's Combo is reported once, by the tracker's `use`
    listed = {int(k): text for k, text in (ability.combo if ability else {}).items()}
    count = pw.combo
    if not listed:
        v.note(R.FINISHER, unknown(pw.name, "bottom Combo values", f"bottom-combo-{max(count, 1)}", card))
        return
    if count in listed:
        v.say("finisher", f"{pw.name}: {count} Combo removed: {listed[count]}", R.FINISHER)


def unlisted(pw, ability) -> str | None:
    """What a Goz bottom removing a Combo count its card does not list does (nothing), in words; None
    when the count is listed or the card's values are unknown. The use says it (track_boards)."""
    listed = sorted(int(k) for k in (ability.combo if ability else {}))
    if not listed or pw.combo in listed:
        return None
    return (f"{pw.name}: {pw.combo} Combo removed, not one of the listed values "
            f"({', '.join(map(str, listed))}): no effect")


#: what a finisher's listed effect deals and prevents, read from its words ("deal 8 damage and prevent 2 damage")
DEALS = re.compile(r"\bdeals? (\d+) damage\b")
PREVENTS = re.compile(r"\bprevents? (\d+) damage\b")


def finisher(state, p, pw, card, ability, half: str) -> tuple[tuple[int, ...], int, str | None]:
    """Goz's bottom as used with the Combo the power holds: (the damage of each attack its listed
    effect deals, the damage it prevents, the effect's words), all empty when it is no Goz finisher
    or the count removed is not listed (Goz did the move wrong: nothing happens)."""
    if half != "bottom" or ability is None or not ability.combo or not combo_power(p, card):
        return (), 0, None
    text = ability.combo.get(str(pw.combo))
    if text is None:
        return (), 0, None
    low = text.lower()
    return (tuple(int(n) for n in DEALS.findall(low)), sum(int(n) for n in PREVENTS.findall(low)), text)


#: what an ability's card says it spends besides dice ("spend 3 Divinity: deal 4 Burn", the sample duo power)
SPENDS_DIVINITY = re.compile(r"\bspends? (\d+) divinity\b")


def divinity_spent(ability) -> int:
    """The Divinity an ability's card says it spends (0: none said)."""
    found = SPENDS_DIVINITY.search((ability.effect if ability is not None else "").lower())
    return int(found.group(1)) if found else 0


def short_of_divinity(p, ability) -> str | None:
    """Why p cannot pay the Divinity the ability spends ("" never; None when it spends none or p has it)."""
    need = divinity_spent(ability)
    if need and p.divinity < need:
        return f"it spends {need} Divinity and {p.name} has {p.divinity}"
    return None


# ------------------------------------------------------------------------------------- modifiers

#: a boost changes the damage, which the companion does not deal itself (only a use's printed attacks)
BOOST_DEALT = " (the difference is not dealt by the companion: record it with `enemy damage N`)"


def boost_verdict(state, play: Play, v) -> None:
    p = player_of(state, play.player)
    pw, card, ability = ability_of(state, p, play.slot, play.half)
    if ability is None or not ability.attacks:
        key = R.ABILITY_MOD if play.target == "ability" else R.ATTACK_MOD
        v.note(key, unknown(pw.name, f"{play.half} attacks", f"{play.half}-attacks", card)
               + ": the new damage is not computed")
        several = play.target != "ability" and "," in play.target
        v.say("modifier", f"{play.amount:+d} to " + ("every attack of the ability" if key == R.ABILITY_MOD else
                                                     f"each of attacks {play.target.replace(',', ', ')}" if several
                                                     else "one attack"), key)
        return
    attacks = list(ability.attacks)
    if play.target == "ability":
        new = [a + play.amount for a in attacks]
        v.say("modifier", f"{play.amount:+d} to target ability: every attack of {pw.name} changes: "
                          f"{_list(attacks)} -> {_list(new)}" + BOOST_DEALT, R.ABILITY_MOD)
        return
    ks = [int(k) for k in play.target.split(",")]
    for k in ks:
        if not 1 <= k <= len(attacks):
            v.forbid(R.ATTACK_MOD, f"{pw.name} ({play.half}) has {len(attacks)} attack{'s' if len(attacks) > 1 else ''}; "
                                   f"there is no attack {k}",
                     *(f"boost {quoted(p.name)} {play.slot} {play.half} {play.amount:+d} attack {i}"
                       for i in range(1, len(attacks) + 1)))
            return
    new = [a + play.amount if i + 1 in ks else a for i, a in enumerate(attacks)]  # each attack named once
    if len(ks) > 1:
        v.say("modifier", f"{play.amount:+d} to each of attacks {_list(ks)} of {pw.name}: "
                          f"{_list(attacks)} -> {_list(new)}" + BOOST_DEALT, R.ATTACK_MOD)
        v.note(R.ATTACK_MOD, "a modifier of one target attack changes one damage number; that the effect names "
                             f"{len(ks)} attacks (or that these are {len(ks)} effects) is the card's to say and is not checked")
    else:
        v.say("modifier", f"{play.amount:+d} to target attack: only attack {ks[0]} of {pw.name} changes: "
                          f"{_list(attacks)} -> {_list(new)}" + BOOST_DEALT, R.ATTACK_MOD)
    if len(attacks) > len(ks):
        v.say("not-ability", "a modifier of one attack leaves the other attacks as they are", R.ABILITY_VS_ATTACK)


def _list(values) -> str:
    return ", ".join(str(a) for a in values)


# ------------------------------------------------------------------------------------- damage

def damage_status(state, p, pw) -> str:
    """A power's status as damage sees it: a Soraten power showing its Flight side counts as exhausted
    (his damage flips a Ground power to Flight, or discards a Flight one). A duo power has no sides to
    turn: one card, face up then face down, whichever partner takes the point (a reading: DUO_SORATEN_DAMAGE)."""
    if p.character == "Soraten" and pw.side == "flight" and pw.status == FACE_UP and not is_duo(state, pw.name):
        return EXHAUSTED
    return pw.status


def capacity(state, p) -> int:
    """Points of damage that kill a player (a face-up power takes 2, an exhausted one 1)."""
    if p.dead:
        return 0
    statuses = [damage_status(state, p, pw) for pw in p.powers]
    return sum(2 if status == FACE_UP else 1 for status in statuses if status in (FACE_UP, EXHAUSTED))


def room(state, p) -> int:
    """Points of a new attack a player may still be assigned: what would kill them less the damage
    they owe already and have not taken yet (a player is never assigned more than kills them)."""
    return max(0, capacity(state, p) - p.damage_due)


def group_room(state, names) -> int:
    """Points of a new attack these players together may still take: what would kill them all, a duo
    power between two of them counted once (it is one card, whichever partner's damage reaches it),
    less what they owe already."""
    cards: dict[tuple, int] = {}
    due = 0
    for p in (player_of(state, name) for name in names):
        if not p.dead:
            due += p.damage_due
            cards.update(board(state, p))
    return max(0, sum(cards.values()) - due)


def board(state, p) -> dict[tuple, int]:
    """The cards on p's board damage can still reach, each with the points that discard it (a face-up
    power 2, an exhausted one 1); a duo power keyed by its name, so its partners' copies are one card."""
    cards = {}
    for slot, pw in enumerate(p.powers, 1):
        status = damage_status(state, p, pw)
        if status in (FACE_UP, EXHAUSTED):
            cards[("duo", pw.name.lower()) if duo_copies(state, p.name, pw.name) else (p.name, slot)] = \
                2 if status == FACE_UP else 1
    return cards


def killed_with_partners(state, shares) -> dict[str, list[str]]:
    """The duo partners these shares kill though their own share leaves a card of theirs standing,
    every point being taken: player -> the partners whose shares use up the cards they share. A group
    of partners whose shares (with what they owe) fill every card they hold between them, a duo power
    counted once, loses all of it, however the points are laid; a player whose cards all lie within
    such groups dies with them."""
    from itertools import combinations

    load = dict(shares)
    partners = [p for p in state.players if not p.dead and duo_partners(state, p.name)]
    held = {p.name: board(state, p) for p in partners}
    full: set[str] = set()  # the players of every group whose shares fill what they hold together
    for size in range(1, len(partners) + 1):
        for group in combinations(partners, size):
            cards = {key: n for p in group for key, n in held[p.name].items()}
            taken = sum(load.get(p.name, 0) + p.damage_due for p in group)
            if taken and taken >= sum(cards.values()):
                full.update(p.name for p in group)
    spent = {key for name in full for key in held[name]}
    killed = {}
    for p in partners:
        mine = held[p.name]
        if mine and set(mine) <= spent and load.get(p.name, 0) + p.damage_due < sum(mine.values()):
            sharing = sorted(q for q in full - {p.name} if set(held[q]) & set(mine))
            killed[p.name] = sharing or sorted(full - {p.name})
    return killed


def duo_lots(state, shares) -> dict | None:
    """Each living duo partner's Fate (rules_duos.py) once the shares of an attack to the party are laid
    as the partners choose; None when it cannot be worked out (then every point is taken, as before)."""
    from .rules_duos import fates

    load = dict(shares)
    partners = [p for p in state.players if not p.dead and duo_partners(state, p.name)]
    return fates({p.name: board(state, p) for p in partners},
                 {p.name: load.get(p.name, 0) + p.damage_due for p in partners})


def say_duo_lots(state, shares, lots, v) -> None:
    """The lines of who dies among duo partners: however they lay their points, or only if laid so."""
    load = dict(shares)
    held = {name: board(state, player_of(state, name)) for name in lots}
    for name, lot in lots.items():
        if not lot.sometimes:
            continue
        p, n = player_of(state, name), load.get(name, 0)
        cards = sorted({pw.name for pw in p.powers if pw.status != DISCARDED and duo_copies(state, name, pw.name)})
        others = sorted(q for q in lots if q != name and set(held[q]) & set(held[name]))
        busy = [q for q in others if load.get(q, 0) or player_of(state, q).damage_due] or others
        shared, them = ", ".join(cards), " and ".join(busy)
        owes = n + p.damage_due
        rule = R.DEATH if n and n >= room(state, p) else R.DUO_DAMAGE
        if not lot.always:
            short = f"; if {them}'s reach it first, {name} may die before taking all {owes}" if lot.untaken else ""
            v.say("may-die", f"{name} may die or live: it turns on whose points reach {shared}, one card between "
                             f"the partners{short}", R.DUO_DAMAGE, who=name)
        elif rule == R.DEATH and not lot.untaken:
            v.say("dies", f"{name} takes all {n} points that remain and dies", R.DEATH, who=name)
        else:
            short = f"; if {them}'s reach {shared} first, {name} dies before taking all {owes}" if lot.untaken else ""
            v.say("dies", f"{name} dies{' too' if rule == R.DUO_DAMAGE else ''} however the partners lay their "
                          f"points: with {them}'s they use up every card {name} holds, {shared} included (one "
                          f"card between the partners){short}", rule, who=name)
    if any(lot.untaken for lot in lots.values()):
        v.leave_open(UNTAKEN)


def duo_partners(state, name: str) -> bool:
    """Whether this player shares a duo power still on the boards with another player."""
    return any(duo_copies(state, name, pw.name) for pw in player_of(state, name).powers if pw.status != DISCARDED)


def shared_excess(state, shares) -> tuple[list[str], int, int] | None:
    """The smallest group of players sharing duo powers whose shares add up to more than they can take
    together (each duo power counted once), as (names, most, assigned); None when there is none."""
    from itertools import combinations

    named = [name for name, n in shares if n and duo_partners(state, name)]  # only partners can overlap
    given = dict(shares)
    for size in range(2, len(named) + 1):
        for group in combinations(named, size):
            most, assigned = group_room(state, group), sum(given[name] for name in group)
            if assigned > most:
                return list(group), most, assigned
    return None


def owed(state, key: str = "damage_due") -> list[tuple[str, int]]:
    """(player, points) of damage owed and not yet taken (an Enemy attack's shares, a Morale
    threshold's damage to everyone), or with `key` "discard_due" the powers a threshold makes them
    discard and not yet discarded; living players only."""
    return [(p.name, getattr(p, key)) for p in state.players if getattr(p, key) and not p.dead]


def owed_rule(state) -> str:
    """The rule what is owed follows: a Morale threshold's, else the Enemy attack's."""
    return R.THRESHOLDS if state.threshold_owed and state.attack is None else R.READ_ATTACK


def owed_text(state) -> str:
    """What is still owed (an Enemy attack's damage, a threshold's damage or discards), in words ("" when nothing)."""
    parts = [f"{name} owes {n} damage" for name, n in owed(state)]
    parts += [f"{name} owes {n} discard{'s' if n > 1 else ''}" for name, n in owed(state, "discard_due")]
    if state.attack is not None:
        parts.insert(0, f"the attack of {state.attack[1]} to the {state.attack[0]} is not shared yet")
    return "; ".join(parts)


def assign_verdict(state, play: Play, v) -> None:
    if state.attack is None:
        v.forbid(R.READ_ATTACK, "no Enemy attack is waiting to be shared", "attack party N", "attack player N")
        return
    to, amount = state.attack
    shares = dict(play.shares)
    total = sum(shares.values())
    for name, n in play.shares:
        p = player_of(state, name)
        if p.dead:
            v.forbid(R.DEAD_TARGET, f"{name} is dead and takes no damage")
        elif n > room(state, p):
            owes = f", less the {p.damage_due} they owe already" if p.damage_due else ""
            v.forbid(R.TO_PARTY if to == "party" else R.A_PLAYER,
                     f"{name} can take at most {room(state, p)} (what would kill them{owes}), {n} assigned")
    if not v.problems and (excess := shared_excess(state, play.shares)):
        group, most, assigned = excess
        shared = sorted({pw.name for name in group for pw in player_of(state, name).powers
                         if pw.status != DISCARDED and duo_copies(state, name, pw.name)})
        v.forbid(R.DUO_DAMAGE, f"{' and '.join(group)} share {', '.join(shared)}: one card, whose points are taken "
                               f"once whichever partner takes them; together they can take at most {most}, "
                               f"{assigned} assigned")
    low, high = bounds(state)
    if not low <= total <= high:
        v.forbid(R.TO_PARTY if to == "party" else R.A_PLAYER,
                 f"the shares add up to {total}; the attack deals {amount}"
                 + (f", less up to {state.prevention} the party's powers prevent this round" if state.prevention else "")
                 + (f" and the party can take {high} at most" if high < amount else ""))
    if to == "player" and not v.problems:
        order = [n for n, k in play.shares if k]
        for i, name in enumerate(order[:-1]):
            kills = group_room(state, order[:i + 1]) - sum(shares[n] for n in order[:i])
            if shares[name] != kills:
                v.forbid(R.A_PLAYER, f"all of a player attack goes to one player; {name} passes damage on only "
                                     f"after dying ({kills} points)")
    if v.problems:
        v.advice.extend(format_play(a) for a in assignments(state)[:5])
        return
    takers = [name for name, n in play.shares if n]
    if to == "party":
        v.say("split", f"damage to the party is split as the players choose ({' and '.join(takers) or 'nobody'} "
                       f"here), none of them past what would kill them", R.TO_PARTY)
    else:
        v.say("split", "a player attack goes to one player of the party's choice, passing on only past what "
                       "kills them", R.A_PLAYER)
        if len(takers) > 1:
            v.leave_open(LEFTOVER)
    linked = any(duo_partners(state, name) for name in takers)
    # partners lay their points at once (to the party, or one player's alone); passed-on points come in turn
    lots = duo_lots(state, play.shares) if linked and (to == "party" or len(takers) == 1) else None
    with_partners = killed_with_partners(state, play.shares) if linked and lots is None else {}
    for name, n in ((name, n) for name, n in play.shares if n):
        p = player_of(state, name)
        v.say("damage-due", f"{name} takes {n}: per point exhaust a face-up power or discard an "
                            f"exhausted one (damage {name} exhaust N ...)", R.PER_POINT, who=name, amount=n)
        if n >= room(state, p) and name not in (lots or {}):
            v.say("dies", f"{name} takes all {n} points that remain and dies", R.DEATH, who=name)
    if lots:
        say_duo_lots(state, play.shares, lots, v)
    for name, group in with_partners.items():
        shared = sorted({pw.name for pw in player_of(state, name).powers
                         if pw.status != DISCARDED and duo_copies(state, name, pw.name)})
        v.say("dies", f"{name} dies too: the points shared with {' and '.join(group)} use up every card {name} "
                      f"holds, {', '.join(shared)} included (one card between the partners)", R.DUO_DAMAGE, who=name)
    spent = prevented(state, play.shares)
    if spent:
        v.say("prevented", f"{spent} of the {amount} damage prevented by the party's powers this round "
                           f"({state.prevention - spent} prevention left)", R.PREVENT, amount=spent)
    if state.prevention:
        v.note(R.PREVENT, "whose damage a power's prevention covers (its user's or any player's) the rulebook does "
                          "not say: the party's prevention this round is counted against the whole attack")
    v.note(R.PREVENT, "Roles and effects the table does not record that change the amount (a Role's prevention, "
                      "armor): the shares are judged against the attack less the powers' recorded prevention")
    own = {"Soraten": (R.SORATEN_DAMAGE, "Flight sides", "; a power showing its Flight side counts as exhausted, a duo power excepted"),
           "Tsuna": (R.THRALL_DAMAGE, "Thralls", "")}
    hit = {name for name, n in play.shares if n}  # only a player taking some of it is judged by their own rules
    for character in sorted({p.character for p in state.players if p.character in own and p.name in hit}):
        rule, how, but = own[character]
        v.note(rule, f"{character} takes damage by the character's own rules ({how}): what kills that player is "
                     f"counted as for anyone else{but}")


def bounds(state) -> tuple[int, int]:
    """(fewest, most) points the waiting attack's shares may add up to: the attack, at most what the
    party can take, less up to the prevention the party's powers made this round."""
    to, amount = state.attack
    most = group_room(state, [p.name for p in state.players])
    return max(0, min(amount - state.prevention, most)), min(amount, most)


def prevented(state, shares) -> int:
    """The prevention a sharing of the waiting attack spends: what the shares leave untaken of the
    attack, when they take less than the party could."""
    if state.attack is None:  # an overruled sharing with no attack waiting: nothing to spend
        return 0
    total = sum(n for _, n in shares)
    _, high = bounds(state)
    return min(state.prevention, state.attack[1] - total) if total < high else 0


def assignments(state) -> list[Play]:
    """Every distinct legal sharing of the waiting attack: taking it whole first, then each smaller
    total the round's prevention allows."""
    low, high = bounds(state)
    return [play for need in range(high, low - 1, -1) for play in _sharings(state, need)]


def _sharings(state, need: int) -> list[Play]:
    """Every distinct sharing of `need` points of the waiting attack among the living players."""
    to = state.attack[0]
    alive = [(p.name, room(state, p)) for p in state.players if not p.dead and room(state, p)]
    if not need:  # all of it prevented: one player takes 0, which clears the attack
        return [Play("assign", shares=((alive[0][0], 0),))] if alive else []
    out: list[Play] = []
    if to == "player":
        from itertools import permutations

        found: dict[tuple, None] = {}  # each sharing once, in the order first found
        for order in permutations(alive):
            left, shares = need, []
            for i, (name, _) in enumerate(order):
                if not left:
                    break
                take = min(group_room(state, [n for n, _ in order[:i + 1]]) - (need - left), left)
                if take:
                    shares.append((name, take))
                left -= take
            if not left:
                found[tuple(shares)] = None
        return [Play("assign", shares=key) for key in found]
    room_after = [sum(c for _, c in alive[i + 1:]) for i in range(len(alive))]
    linked = any(duo_partners(state, name) for name, _ in alive)  # a duo power between two of them

    def share(i: int, left: int, acc: tuple) -> None:
        if i == len(alive):
            if not left and not (linked and shared_excess(state, acc)):
                out.append(Play("assign", shares=acc))
            return
        name, cap = alive[i]
        for k in range(max(0, left - room_after[i]), min(cap, left) + 1):
            share(i + 1, left - k, acc + (((name, k),) if k else ()))

    share(0, need, ())
    return out
