"""How many `unchecked` lines a CATastrophe play carries, before and after the table describes its
cards (issue 23).

Seeded games between four cats, played with the referee: Attacks, Curiosities, the benchmark's own
Allies and Power Cats (made-up names standing for the table's cards; the rulebook prints none), the
Paw Phase, and a CATastrophe card each turn (a Grim Reapurr card or one of the benchmark's Events).
Each game is played three ways, with the same seed:

  unknown     the cards are in no catalogue (the table never named them)
  typed       the catalogue knows each card's type only (today's cards=NAME:TYPE)
  described   the catalogue carries the structured effects too (one card, Laser Pointer, keeps an
              effect the syntax cannot say, so it stays unchecked on purpose)

Prints the unchecked lines per play for each, and those that are about a card's effect.

    python benchmarks/catastrophe_card_notes.py [GAMES]      # default 30 games
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.catastrophe.model import CardSpec  # noqa: E402
from engine.catastrophe.rules import waiting_roller  # noqa: E402
from tests.engine.catastrophe_table import T, Dealer  # noqa: E402

NAMES = ("Abi", "Betty", "Chris", "Dan")
#: name -> (type, effects): the benchmark's own cards, as a table would describe them
CARDS = {
    "Catnip Dealer": ("ally", ("lives self +1",)),
    "Hissy Fit": ("ally", ("lives target -1",)),
    "Fetch": ("ally", ("draw self 2",)),
    "Laser Pointer": ("ally", ()),
    "Nap Queen": ("power-cat", ("lives self +2",)),
    "Pounce": ("power-cat", ("lives target -2",)),
    "Thunderstorm": ("event", ("lives all -1",)),
    "Vacuum Cleaner": ("event", ("lives others -1",)),
    "Full Moon": ("event", ("reapurr +1",)),
}
ALLIES = [n for n, (k, _) in CARDS.items() if k == "ally"]
POWER_CATS = [n for n, (k, _) in CARDS.items() if k == "power-cat"]
EVENTS = [n for n, (k, _) in CARDS.items() if k == "event"]


def catalogue(mode: str) -> tuple[CardSpec, ...]:
    if mode == "unknown":
        return ()
    return tuple(CardSpec(name=n, type=k, effect=fx if mode == "described" else ()) for n, (k, fx) in CARDS.items())


def _claw_play(rng: random.Random, cur, others) -> str | None:
    pick, target = rng.random(), rng.choice(others)
    if pick < 0.3:
        return f"{cur.name} play Attack {rng.choice([4, 5, 6])} at {target}"
    if pick < 0.45:
        return f"{cur.name} play Curiosity at {target}"
    if pick < 0.8:
        return f"{cur.name} play {rng.choice(ALLIES)} at {target}"
    return f"{cur.name} play {rng.choice(POWER_CATS)} at {target}" if cur.power_cats else None


def _reveal(rng: random.Random, cur) -> str:
    return f"{cur.name} reveal Grim Reapurr +1" if rng.random() < 0.4 else f"{cur.name} reveal {rng.choice(EVENTS)}"


def game(seed: int, mode: str, limit: int = 400) -> list[tuple[str, ...]]:
    """The unchecked notes of every play of one seeded game (the dealer of the play-along tests,
    tests/engine/catastrophe_table.py, with the benchmark's own cards)."""
    rng = random.Random(seed)
    table = Dealer(T.new_state(list(NAMES), {}).model_copy(update={"cards": catalogue(mode)}))
    for _ in range(limit):
        state = table.state
        if state.game_over:
            break
        if state.chain:
            roller = waiting_roller(state)
            table.play(f"{roller} roll {rng.randint(1, 6)}" if roller else "resolve")
            continue
        table.turn_step(rng, 0.8, _claw_play, _reveal)
    return [tuple(n.message for n in verdict.notes) for verdict in table.verdicts]


def main(games: int = 30) -> None:
    print(f"{games} seeded games of {len(NAMES)} cats; unchecked lines per play")
    print(f"{'catalogue':<11} {'plays':>6} {'all notes':>10} {'per play':>9} {'card notes':>11} {'per play':>9}")
    for mode in ("unknown", "typed", "described"):
        per_play = [n for seed in range(games) for n in game(seed, mode)]
        total = sum(len(n) for n in per_play)
        about_cards = sum(1 for n in per_play for line in n
                          if "catalogue" in line or "unknown" in line or "own text" in line)
        print(f"{mode:<11} {len(per_play):>6} {total:>10} {total / len(per_play):>9.2f} {about_cards:>11} "
              f"{about_cards / len(per_play):>9.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
