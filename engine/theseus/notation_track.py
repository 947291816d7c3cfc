"""Party of the Theseus tracker commands: the words a table types, read into a Change (and the
card items a Change's arguments hold, read back by the verbs)."""
from __future__ import annotations

import re
from typing import Callable

from engine.base import AmbiguousMove, Frozen, MoveSyntaxError, card_count
from engine.tracking import Change, OptionError, example, read_words
from engine.words import amount as words_amount, command, nearest as _nearest, quote

from .model import RANK_ONLY_NAMES, State, catalogue, known_rank
from .notation_track_options import option_cards

#: the reader of one verb's words: (state, verb, the words after it, its usage) -> its Change (its row's `read`)
Parser = Callable[[State, str, list[str], str], Change]


class Item(Frozen):
    """One card as the table named it: by name, by name with its Rank (and VP), or by Rank only."""

    name: str | None = None
    rank: int | None = None
    vp: int | None = None

    def label(self) -> str:
        if self.name is None:
            return str(self.rank)
        text = self.name if self.rank is None else f"{self.name}:{self.rank}"
        return text if self.vp is None else f"{text}:{self.vp}vp"


ITEM = re.compile(r"^(?P<name>.*?\S)\s*:\s*(?P<rank>[+-]?\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", re.I)
INT = re.compile(r"^[+-]?\d+$")


def read_item(text: str) -> Item:
    """A Change argument back into an item ("4", "Paladin", "Dragon:5", "Dragon:5:3vp")."""
    if INT.match(text):
        return Item(rank=int(text))
    m = ITEM.match(text)
    if m:
        return Item(name=m["name"], rank=int(m["rank"]), vp=int(m["vp"]) if m["vp"] else None)
    return Item(name=text)


def parse(verbs: dict, state: State, words: list[str], aliases: dict[str, str]) -> Change:
    """A command's Change; `verbs`: the rows (track.VERBS), `aliases`: every word they read as a verb;
    the verb's row reads the words after it (a quoted word stays one word)."""
    words = [str(w).strip() for w in words if str(w).strip()]
    if not words:
        raise MoveSyntaxError(f"no command given; commands: {', '.join(verbs)}")
    return read_words(verbs, state, command(words[0], aliases, verbs), words[1:])


# ---------------------------------------------------------------------------- one reader per verb
# Each reads the words after the verb (`rest`) into the verb's Change.


def read_card(state: State, verb: str, rest: list[str], usage: str) -> Change:
    described(rest)  # a bad description is refused here, before anything is recorded
    return Change(verb=verb, args=tuple(rest))


def read_rank(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if len(rest) != 1:
        raise MoveSyntaxError("rank: give the Rank now active, e.g. `rank 3` (or `next-rank`)")
    return Change(verb=verb, args=(str(_int(rest[0], "rank")),))


def of_player(read: Callable[[State, str, str, list[str], str], tuple[str, ...]]) -> Parser:
    """The reader of a command that names a player first; `read` takes the words after the player."""
    def parse(state: State, verb: str, rest: list[str], usage: str) -> Change:
        if not rest:
            raise MoveSyntaxError(f"{verb}: name a player first, e.g. `{example(verb, usage)}`")
        who = state.player(rest[0]).name
        return Change(verb=verb, args=(who, *read(state, verb, who, rest[1:], usage)))
    return parse


def described(words) -> tuple:
    """The catalogue entries a `card` command gives (its words read as the option cards=)."""
    if not words:
        raise MoveSyntaxError("card: describe at least one card, e.g. `card Hydra:6:3:explore:none`")
    try:
        return option_cards(",".join(words))
    except OptionError as exc:
        raise MoveSyntaxError(f"card{str(exc).removeprefix('cards')}") from None


def _int(token: str, what: str) -> int:
    if not INT.match(token):
        raise MoveSyntaxError(f"{what}: {token!r} is not a number")
    return int(token)


def _pool(state: State) -> dict[str, str]:
    """Card names the table may type: the catalogue of this game, without the Rank-only names."""
    cat = catalogue(state)
    return {n.casefold(): n for n in cat if n.casefold() not in RANK_ONLY_NAMES}


def _known(pool: dict[str, str], word: str) -> str:
    low = word.casefold()
    if low in pool:
        return pool[low]
    pref = sorted({n for k, n in pool.items() if k.startswith(low)})
    if len(pref) == 1:
        return pref[0]
    if len(pref) > 1:
        raise AmbiguousMove(f"card {word!r} fits several", pref)
    shown = _nearest(word, list(pool.values())) or sorted(pool.values())[:8]
    raise MoveSyntaxError(
        f"unknown card {word!r}; did you mean: {', '.join(shown)}? A card the catalogue lacks "
        f"needs its Rank: {quote(word)} 5 (reward) or {quote(word)}:5 (party, hand)"
    )


def read_reward(state: State, verb: str, who: str, rest: list[str], usage: str) -> tuple[str, ...]:
    sample = f"reward {who.lower()} Paladin"
    if not rest:
        raise MoveSyntaxError(f"reward: name the card (or its Rank), e.g. `{sample}` or `reward {who.lower()} rank 5`")
    vp = None
    if len(rest) >= 2 and rest[-2].casefold() == "vp":
        vp = _int(rest[-1], "vp")
        if vp < 0:
            raise MoveSyntaxError(f"vp: {rest[-1]!r}: printed Victory Points are 0 or more")
        rest = rest[:-2]
    if not rest:
        raise MoveSyntaxError(f"reward: name the card before vp, e.g. `reward {who.lower()} Dragon 5 vp 3`")
    if rest[0].casefold() == "rank":
        if len(rest) != 2:
            raise MoveSyntaxError(f"reward: `reward {who.lower()} rank 5` names one card by its Rank")
        return ("rank", str(_int(rest[1], "rank"))) + (("vp", str(vp)) if vp is not None else ())
    rank = None
    if len(rest) >= 2 and INT.match(rest[-1]):
        rank = int(rest[-1])
        rest = rest[:-1]
    if len(rest) == 1 and rank is None and ITEM.match(rest[0]):
        item = read_item(rest[0])
        rest, rank = [item.name], item.rank
        vp = item.vp if vp is None else vp
    if len(rest) == 1 and INT.match(rest[0]):
        raise MoveSyntaxError(f"reward: {rest[0]!r} is a number; a card by its Rank is `reward {who.lower()} rank {rest[0]}`")
    name = " ".join(rest)
    pool = _pool(state)
    if name.casefold() in RANK_ONLY_NAMES or rest[0].casefold() == "rank":
        raise MoveSyntaxError(f"reward: a card by its Rank is `reward {who.lower()} rank 5`")
    if rank is None:
        name = _known(pool, name)
    else:
        name = pool.get(name.casefold(), name)
        if rank == known_rank(catalogue(state), name):
            rank = None  # the catalogue says the same
    args: tuple[str, ...] = (name,)
    if rank is not None:
        args += (str(rank),)
    if vp is not None:
        args += ("vp", str(vp))
    return args


def _amount(verb: str, who: str, rest: list[str]) -> tuple[str, list[str]]:
    """The signed amount (+N, -N, =N) a command gives after the player, and the words after it."""
    if not rest:
        raise MoveSyntaxError(f"{verb}: give an amount, e.g. `{verb} {who.lower()} +1` (or -1, =2)")
    return words_amount(rest[0], f"{verb} {who.lower()}", readings="+="), rest[1:]


def read_points(state: State, verb: str, who: str, rest: list[str], usage: str) -> tuple[str, ...]:
    """`points PLAYER AMOUNT`."""
    amount, tail = _amount(verb, who, rest)
    if tail:
        raise MoveSyntaxError(f"points: unexpected {tail[0]!r} after the amount")
    return (amount,)


def read_bonus(state: State, verb: str, who: str, rest: list[str], usage: str) -> tuple[str, ...]:
    """`bonus PLAYER AMOUNT [CARD | rank R]`: the Board card the Bonus lay on, if the table says."""
    amount, tail = _amount(verb, who, rest)
    if not tail:
        return (amount,)
    label = f"{verb} {who.lower()}"
    if tail[0].casefold() in ("on", "with", "from"):
        tail = tail[1:]
    if not tail:
        raise MoveSyntaxError(f"bonus: name the card the Bonus lay on, e.g. `{label} {amount} Paladin`")
    if tail[0].casefold() == "rank":
        if len(tail) != 2:
            raise MoveSyntaxError(f"bonus: `{label} {amount} rank 2` names the card by its Rank")
        return (amount, "rank", str(_int(tail[1], "rank")))
    if len(tail) == 1 and ITEM.match(tail[0]):
        return (amount, "rank", str(read_item(tail[0]).rank))
    return (amount, _known(_pool(state), " ".join(tail)))


def read_hand(state: State, verb: str, who: str, rest: list[str], usage: str) -> tuple[str, ...]:
    """`hand PLAYER ...`: a Party's readings, or only the Hand's size (`count N`)."""
    if rest and rest[0].casefold() in ("count", "size", "cards"):
        if len(rest) != 2 or not rest[1].isdigit():
            raise MoveSyntaxError(f"hand: give the number of cards, e.g. `hand {who.lower()} count 3`")
        return ("count", str(card_count(rest[1], "hand")))
    return read_area(state, verb, who, rest, usage)


def read_area(state: State, verb: str, who: str, rest: list[str], usage: str) -> tuple[str, ...]:
    """`party PLAYER ...` (and a Hand's cards): Ranks and names, `none`, or `total N`."""
    said = example(verb, usage).replace("ann", who.lower())
    if not rest:
        raise MoveSyntaxError(f"{verb}: list the cards (Ranks or names), e.g. `{said}`, or `{verb} {who.lower()} none`")
    head = rest[0].casefold()
    if head in ("none", "empty", "-"):
        if len(rest) > 1:
            raise MoveSyntaxError(f"{verb}: unexpected {rest[1]!r} after {rest[0]!r}")
        return ("none",)
    if head in ("total", "sum") or head.startswith("="):
        value = rest[0][1:] if head.startswith("=") and len(rest[0]) > 1 else (rest[1] if len(rest) > 1 else "")
        extra = rest[1:] if head.startswith("=") and len(rest[0]) > 1 else rest[2:]
        if not value:
            raise MoveSyntaxError(f"{verb}: give the Rank total, e.g. `{verb} {who.lower()} total 10`")
        if not value.isdigit():
            raise MoveSyntaxError(f"{verb}: {value!r} is not a Rank total (0 or more)")
        if extra:
            raise MoveSyntaxError(f"{verb}: unexpected {extra[0]!r} after the total")
        return ("total", str(int(value)))
    pool = _pool(state)
    longest = max((len(n.split()) for n in pool.values()), default=1)
    items: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        if INT.match(word):
            items.append(str(int(word)))
            i += 1
            continue
        if ITEM.match(word):
            item = read_item(word)
            known = pool.get(item.name.casefold())
            if known is not None:
                item = item.model_copy(update={"name": known})
                if item.rank == known_rank(catalogue(state), known) and item.vp is None:
                    item = Item(name=known)
            if item.name.casefold() in RANK_ONLY_NAMES or item.name.casefold() == "rank":
                raise MoveSyntaxError(f"{verb}: a card by its Rank is just the number, e.g. `{verb} {who.lower()} 5`")
            items.append(item.label())
            i += 1
            continue
        found = None
        for width in range(min(longest, len(rest) - i), 1, -1):
            key = " ".join(rest[i:i + width]).casefold()
            if key in pool:
                found = (pool[key], width)
                break
        if found is None:
            found = (_known(pool, word), 1)
        items.append(found[0])
        i += found[1]
    return tuple(items)


def read_board(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`board Paladin Witch Squire:1 ...`: names as the catalogue spells them; a name it lacks is
    kept as typed (it is then a card of the active Rank)."""
    if not rest:
        raise MoveSyntaxError("board: list the cards on the Board, e.g. `board Paladin Witch Buster Kunoichi`")
    pool = _pool(state)
    board = [(pool.get(name.casefold(), name), rank) for name, _, rank in (w.partition(":") for w in rest)]
    return Change(verb=verb, args=tuple(f"{known}:{rank}" if rank else known for known, rank in board))


def read_deck(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`deck RANK COUNT`."""
    if len(rest) != 2 or not all(w.isdigit() for w in rest):
        raise MoveSyntaxError("deck: give the Rank and how many cards its deck holds, e.g. `deck 1 12`")
    return Change(verb=verb, args=(str(int(rest[0])), str(card_count(rest[1], "deck"))))


