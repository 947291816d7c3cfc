"""Catharsis's table of the generated games (tests/playouts.py, tests/playouts_tables.py): its dealer
and its title, this game's own test helper."""
from __future__ import annotations

from tests.playouts_tables import Dealer, Title, command


class CatharsisDealer(Dealer):
    """A short Boss Deck (a Monster, then the Boss), each fight run step by step with `track combat`:
    the dice rolled and rerolled here (a roll is no play `moves` can list), the Enemy's damage and its
    attack as the table reads them, an ability's damage held while several Enemies stand put on one by
    name, the damage owed taken power by power. One power of the first player is a card the table
    describes (so `moves` lists its uses); the others stay unnamed."""

    def setup(self, state):
        first = self.names[0]
        return [command("play", 'card "Fire Bolt" top "AA ?" effect "deal 2 damage" attacks 2'),
                command("play", f"rename {first} 1 Fire Bolt")]

    def extras(self, state, rng):
        out = []
        alive = [p for p in state.players if not p.dead]
        if state.phase in ("setup", "between-cards"):
            out.append(command("track", "next-card " + ("boss" if state.cards_revealed >= 1 else "monster")))
        elif state.phase == "card":
            out.append(command("track", 'enemy "Crab King" 5/6/7/8/9' if state.card == "boss" else "enemy Rat 3/4/5/6/7"))
            out.append(command("track", "combat start"))
            out.append(command("track", "resolved"))
            out += [command("track", f"heal {p.name.lower()} {rng.randint(1, 6)}") for p in alive]
        elif state.phase == "combat":
            step = state.combat_step
            if step == "start-of-round":
                out.append(command("track", "combat attack"))
            elif step == "player-attack":
                for p in alive:
                    if not p.dice:
                        out.append(command("play", f"roll {p.name} " + " ".join(str(rng.randint(1, 6)) for _ in range(p.dice_count))))
                    else:
                        free = [d.value for d in p.dice if not d.used]
                        if free:
                            some = rng.sample(free, rng.randint(1, len(free)))
                            out.append(command("play", f"reroll {p.name} {' '.join(map(str, some))} to "
                                                        f"{' '.join(str(rng.randint(1, 6)) for _ in some)}"))
                        out.append(command("track", f"use {p.name.lower()} {rng.randint(1, 6)}"))
                if state.enemies:
                    out.append(command("track", f"enemy damage {rng.randint(1, 3)}"))
                # damage an ability dealt while several Enemies stand is held until the table says whom it hits
                out += [command("track", f"enemy damage {state.damage_to_deal} {e.name}")
                        for e in state.enemies if state.damage_to_deal and not e.defeated]
                out.append(command("track", "combat enemy"))
            elif step == "enemy-attack":
                owing = [p for p in alive if p.damage_due]
                if state.attack is None and not owing and rng.random() < 0.5:
                    out.append(command("play", f"attack party {rng.randint(1, 3)}"))
                for p in owing:  # a point of damage: a face-up power exhausted, or an exhausted one discarded
                    live = [(i + 1, pw.status) for i, pw in enumerate(p.powers) if pw.status != "discarded"]
                    if live:
                        slot, status = rng.choice(live)
                        out.append(command("track", f"damage {p.name.lower()} "
                                                     f"{'exhaust' if status == 'face-up' else 'discard'} {slot}"))
                out.append(command("track", "combat refresh"))
            elif step == "refresh":
                out.append(command("track", "refresh"))
                out.append(command("track", "combat round"))
            else:
                out.append(command("track", "combat round"))
        return out

    def choose(self, state, options, rng):
        weights = []
        for o in options:
            w = 1.0
            if o.text.startswith(("combat enemy", "combat refresh")):
                w = 0.5
            if o.text.startswith(("enemy damage", "use ")):
                w = 2.0
            weights.append(w)
        return rng.choices(options, weights)[0]


class Catharsis(Title):
    GAME = "catharsis"
    MOST_STEPS = 400
    WORDS = ["Ann", "Ben", "1", "2", "6", "roll", "reroll", "to", "use", "top", "bottom", "with"]

    NAMES, COUNTS = ["Ann", "Ben", "Cy"], [2, 3]
    OPTIONS = {"morale": "6"}

    dealer = CatharsisDealer

    @staticmethod
    def over(state):
        return state.outcome is not None
