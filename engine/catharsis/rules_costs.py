"""Catharsis: ability costs as the cards print them (the symbols: docs/moves-catharsis.md), and
which dice pay them: `solve()` finds an assignment of dice to the symbols, `why_not()` says which
group cannot be formed. `111` is three symbols, `??` two."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

FACES = (1, 2, 3, 4, 5, 6)


def syntax_error(message: str) -> Exception:
    """An engine.base.MoveSyntaxError, imported only when needed: reading a good cost (and so the
    odds command) never loads pydantic."""
    from engine.base import MoveSyntaxError

    return MoveSyntaxError(message)


def dice_word(n: int) -> str:
    """`1 die`, `3 dice`."""
    return f"{n} die" if n == 1 else f"{n} dice"


def read_die(word: str) -> int:
    """One die's value, 1 to 6."""
    if not word.isdigit() or not 1 <= int(word) <= 6:
        raise syntax_error(f"{word!r} is not a die value; a die shows 1 to 6")
    return int(word)


def read_dice(text: str) -> list[int]:
    """Dice as the table writes them: "3,3,4,5,6,6" or "3 3 4"; each a value from 1 to 6."""
    return [read_die(part) for part in text.replace(",", " ").split()]


@dataclass(frozen=True)
class Option:
    """One way to pay a cost: exact faces, letter groups (letter, size) and wild dice."""

    exact: tuple[int, ...] = ()
    groups: tuple[tuple[str, int], ...] = ()
    wild: int = 0

    @property
    def size(self) -> int:
        return len(self.exact) + sum(n for _, n in self.groups) + self.wild

    def text(self) -> str:
        """The option as the card prints it: numbers, letter groups, then `?`s."""
        return " ".join([*map(str, self.exact), *(letter * n for letter, n in self.groups), *["?"] * self.wild])


@dataclass(frozen=True)
class Cost:
    options: tuple[Option, ...]

    def text(self) -> str:
        return " || ".join(o.text() for o in self.options)


_TOKEN = re.compile(r"[1-6]+|\?+|([A-Za-z])\1*")


def parse_cost(text: str) -> Cost:
    """A printed cost -> Cost; a MoveSyntaxError names the token that does not read."""
    raw = text.strip()
    if not raw:
        raise syntax_error("empty cost; write e.g. `AA ?`, `3 ? ?` or `2 || 4`")
    options = []
    for alt in raw.split("||"):
        words = alt.split()
        if not words:
            raise syntax_error(f"cost {text!r}: nothing between `||`; e.g. `2 || 4`")
        exact: list[int] = []
        groups: dict[str, int] = {}
        wild = 0
        for word in words:
            pos = 0
            while pos < len(word):
                m = _TOKEN.match(word, pos)
                if not m:
                    bad = word[pos:]
                    raise syntax_error(
                        f"cost symbol {bad!r} does not read; symbols: 1-6, ?, AA, AAA, BB (a || b for a choice)")
                tok = m.group(0)
                if tok[0].isdigit():
                    exact += [int(c) for c in tok]
                elif tok[0] == "?":
                    wild += len(tok)
                else:
                    letter = tok[0].upper()
                    if len(tok) < 2:
                        raise syntax_error(f"cost symbol {tok!r} does not read: a letter group is a pair or "
                                           f"more of one letter (AA, AAA, BB)")
                    if letter in groups:
                        raise syntax_error(f"cost {text!r}: the group {letter} appears twice; write {letter * (groups[letter] + len(tok))}")
                    groups[letter] = len(tok)
                pos = m.end()
        options.append(Option(tuple(sorted(exact)), tuple(sorted(groups.items())), wild))
    return Cost(tuple(options))


@dataclass(frozen=True)
class Payment:
    """Which dice pay an option: (symbol, die position) pairs, positions into the dice given."""

    option: Option
    uses: tuple[tuple[str, int], ...]

    def positions(self) -> tuple[int, ...]:
        return tuple(sorted(i for _, i in self.uses))


def strict(letter: str) -> bool:
    """A BB, CC ...: a group whose value must differ from every other die used on the ability."""
    return letter != "A"


def _groups_fit(option: Option, counts: list[int], groups=None, wild: int | None = None) -> dict[str, int] | None:
    """Values for the letter groups that the counts (dice left after the number symbols) allow, or
    None: letter groups take different values, a BB-like group none of the number symbols' values,
    and the `?` dice must then be found among the dice that show no BB-like group's value."""
    groups = sorted(option.groups if groups is None else groups, key=lambda g: -g[1])
    wild = option.wild if wild is None else wild
    exact = set(option.exact)
    chosen: dict[str, int] = {}

    def place(i: int) -> bool:
        if i == len(groups):
            barred = {v for letter, v in chosen.items() if strict(letter)}
            return sum(counts[v - 1] for v in FACES if v not in barred) >= wild
        letter, size = groups[i]
        for v in FACES:
            if counts[v - 1] >= size and v not in chosen.values() and not (strict(letter) and v in exact):
                chosen[letter] = v
                counts[v - 1] -= size
                ok = place(i + 1)
                counts[v - 1] += size
                if ok:
                    return True
                del chosen[letter]
        return False

    return dict(chosen) if place(0) else None


def pays_counts(option: Option, counts: tuple[int, ...]) -> bool:
    """Whether dice with these face counts (counts[v-1] dice show v) pay the option."""
    left = list(counts)
    for v in option.exact:
        left[v - 1] -= 1
        if left[v - 1] < 0:
            return False
    if sum(left) < option.size - len(option.exact):
        return False
    return _groups_fit(option, left) is not None


def counts_of(values) -> tuple[int, ...]:
    """How many of the values show each face, 1 to 6."""
    counted = Counter(values)
    return tuple(counted[v] for v in FACES)


def pay(option: Option, dice: list[int]) -> Payment | None:
    """An assignment of the given dice (values, by position) to the option, or None."""
    counts = list(counts_of(dice))
    free = {v: [i for i, d in enumerate(dice) if d == v] for v in FACES}
    uses: list[tuple[str, int]] = []
    for v in option.exact:
        if not free[v]:
            return None
        uses.append((str(v), free[v].pop(0)))
        counts[v - 1] -= 1
    if sum(counts) < option.size - len(option.exact):
        return None
    chosen = _groups_fit(option, counts)
    if chosen is None:
        return None
    uses += [(letter * size, free[chosen[letter]].pop(0)) for letter, size in option.groups for _ in range(size)]
    barred = {v for letter, v in chosen.items() if strict(letter)}
    rest = sorted((i for v in FACES if v not in barred for i in free[v]), key=lambda i: (dice[i], i))
    return Payment(option, tuple(uses + [("?", i) for i in rest[:option.wild]]))


def solve(cost: Cost, dice: list[int]) -> list[Payment]:
    """Every option of the cost the dice pay (one assignment each)."""
    return [p for p in (pay(o, dice) for o in cost.options) if p is not None]


def why_not(option: Option, dice: list[int], said: str = "unused") -> str:
    """Which symbol or group of an option the dice cannot form (the option must not be payable). `said`:
    what the dice are ("unused": a player's unused dice; "given": the dice a play or question names)."""
    counts = list(counts_of(dice))
    need = counts_of(option.exact)
    short = [v for v in FACES if need[v - 1] > counts[v - 1]]
    if short:
        v = short[0]
        return (f"the number symbols need {dice_word(need[v - 1])} showing {v}, "
                f"{'only ' + str(counts[v - 1]) if counts[v - 1] else 'none'} {said}")
    for v in option.exact:
        counts[v - 1] -= 1
    if len(dice) < option.size:
        return f"it needs {dice_word(option.size)}, only {len(dice)} {'is' if len(dice) == 1 else 'are'} {said}"
    groups = sorted(option.groups, key=lambda g: -g[1])
    for k in range(1, len(groups) + 1):
        if _groups_fit(option, list(counts), groups[:k], 0) is None:
            letter, size = groups[k - 1]
            sym = letter * size
            others = [g * n for g, n in groups[:k - 1]] + ([str(v) for v in option.exact] if strict(letter) else [])
            if not others:
                return f"no {size} dice of one value for {sym}"
            return f"no {size} dice of one value for {sym} that differs from the value of {' and '.join(others)}"
    if any(strict(letter) for letter, _ in option.groups):
        return (f"not enough dice left for the {option.wild} ? symbol{'s' if option.wild > 1 else ''}: "
                f"a ? die may not show the value of a BB-like group")
    return f"not enough dice left for the {option.wild} ? symbol{'s' if option.wild > 1 else ''}"

