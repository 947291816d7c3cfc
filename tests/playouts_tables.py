"""The tables of the generated games (tests/playouts.py): for each game, who sits down, the set-up and
the changes a table types as it plays (a dealer that knows what the companion is told), the plays and
changes that `moves` cannot list (dice rolled, cards revealed), and the most steps a game may take.

A table never decides a rule: what it offers is judged by the step, and only what the step accepts is
made (tests/playouts.py). The dealer of a game with hidden cards deals them with the game's own deck.
"""
from __future__ import annotations

import random


class Dealer:
    """What a table types besides the listed plays. `setup` once, `between` whenever the table has
    something to enter before the next play (a new round's deal), `extras` candidate plays and
    changes the listing cannot give, `choose` the next step among the accepted ones."""

    def __init__(self, rng: random.Random, players: list[str]):
        self.rng, self.names = rng, players

    def setup(self, state):
        return []

    def between(self, state):
        return []

    def extras(self, state, rng):
        return []

    def choose(self, state, options, rng):
        return rng.choice(options)


# ------------------------------------------------------------------------------------------ Catopomp


class CatopompDealer(Dealer):
    """Deals with the game's deck (engine.catopomp.table): who starts, the centre dice, each hand as
    its player records it, a one-gem player's reserve die; a new deal after every round."""

    def _hands(self, n: int):
        from engine.catopomp.model import Opts, c_list, fc
        from engine.catopomp.table import _deal

        hands, _aside = _deal(n, Opts(), self.rng)
        return [" ".join(fc(c) for c in c_list(h)) for h in hands]

    def setup(self, state):
        from tests.playouts import Command

        n = len(self.names)
        out = [Command("track", f"first {self.rng.choice(self.names)}"),
               Command("track", "dice " + " ".join(str(self.rng.randint(1, 6)) for _ in range(2 * n)))]
        return out + [Command("track", f"hand {p} {h}") for p, h in zip(self.names, self._hands(n))]

    def between(self, state):
        from tests.playouts import Command

        if state.phase != "setup" or state.round == 1:
            return []
        names = [p.name for p in state.players]
        one_gem = [p.name for p in state.players if p.gems == 1]
        out = [Command("track", "dice " + " ".join(str(self.rng.randint(1, 6)) for _ in range(2 * len(names) - len(one_gem))))]
        out += [Command("track", f"reserve {p} {self.rng.randint(1, 6)}") for p in one_gem]
        return out + [Command("track", f"hand {p} {h}") for p, h in zip(names, self._hands(len(names)))]

    def choose(self, state, options, rng):
        passes = [c for c in options if c.text.startswith("pass")]
        sets = [c for c in options if not c.text.startswith("pass")]
        if passes and (not sets or rng.random() < 0.3):
            return rng.choice(passes)
        return rng.choice(sets)


class Title:
    """A title's table: its players (the first of NAMES, as many as one of COUNTS), its options, its
    dealer, when its game is over, and the step bound it must end within."""

    NAMES: list[str] = []
    COUNTS: list[int] = []
    OPTIONS: dict[str, str] = {}

    @classmethod
    def players(cls, rng):
        return cls.NAMES[:rng.choice(cls.COUNTS)]

    @classmethod
    def options(cls, rng):
        return dict(cls.OPTIONS)


class Catopomp(Title):
    GAME = "catopomp"
    MOST_STEPS = 400
    WORDS = ["1", "2", "3", "5", "8", "9", "heaven", "hell", "then", "dice", "pass", "transfer"]

    NAMES, COUNTS = ["Ann", "Ben", "Cy", "Di"], [2, 3, 4]

    dealer = CatopompDealer

    @staticmethod
    def over(state):
        return state.phase == "game-over"




def _command(kind: str, text: str, by: str | None = None):
    from tests.playouts import Command

    return Command(kind, text, by)


# ------------------------------------------------------------------------------------------ Party of the Theseus


class TheseusDealer(Dealer):
    """The dealer of tests/engine/theseus_table.py: a whole table known to it (every Rank Deck, every
    Hand), the companion told what the table says aloud (the Board, deck sizes, the cards a refill
    turns up; the other players' Hands as counts). Each play is the dealer's, said with its reveal."""

    def __init__(self, rng, players):
        super().__init__(rng, players)
        from tests.engine.theseus_table import deal

        self.full, _ = deal(rng.randrange(10**6), len(players))
        self.full = self.full.model_copy(update={"players": tuple(
            p.model_copy(update={"name": n}) for p, n in zip(self.full.players, players))})
        self.full = self.full.model_copy(update={"active": players[[p.name for p in self.full.players].index(
            players[0])]})

    def setup(self, state):
        from tests.engine.theseus_table import card_facts  # noqa: F401  (the icons come from the deal)

        facts = " ".join(f"{c.name}:{c.rank if isinstance(c.rank, int) else '?'}:{c.icon}:none" for c in self.full.cards)
        out = [_command("track", f"card {facts}"), _command("track", "board " + " ".join(c.name for c in self.full.board))]
        return out + [_command("track", f"deck {r} {len(self.full.decks[r])}") for r in range(1, 7)]

    def extras(self, state, rng):
        from engine.theseus import Engine
        from tests.engine.theseus_table import revealed

        engine = Engine()
        self.said = {}
        for move in engine.legal_moves(self.full):
            after = engine.apply(self.full, move)
            told = move.model_copy(update={"reveal": revealed(self.full, after)})
            self.said[engine.format_move(told)] = (move, after)
        return [_command("play", text, state.active) for text in self.said]

    def choose(self, state, options, rng):
        from tests.engine.test_theseus_properties import choose

        offered = {o.text: o for o in options if o.text in self.said}
        by_move = {id(self.said[t][0]): t for t in offered}
        pick = choose(rng, self.full, [self.said[t][0] for t in offered])
        text = by_move[id(pick)]
        self.full = self.said[text][1]
        return offered[text]


class Theseus(Title):
    GAME = "theseus"
    MOST_STEPS = 300
    WORDS = ["Knight", "Mage", "Rogue", "explore", "recruit", "subjugate", "end", "use", "basic", "R1a", "R2b", "party"]

    NAMES, COUNTS = ["Ann", "Ben", "Cy"], [2, 3]

    dealer = TheseusDealer

    @staticmethod
    def over(state):
        return state.game_over


# ------------------------------------------------------------------------------------------ CATastrophe


class CatastropheDealer(Dealer):
    """Hands are never told (the companion keeps counts): the card plays a cat may make from them are
    offered here; the dice are rolled here; an Event's result is a `lives` change."""

    def extras(self, state, rng):
        cur = state.players[state.current].name
        alive = [state.players[i].name for i in state.turn_order()]
        others = [n for n in alive if n != cur] or alive
        out = [_command("play", f"{cur} play Attack {rng.choice([4, 5, 6])} at {rng.choice(others)}"),
               _command("play", f"{cur} play Curiosity Killed the Cat at {rng.choice(others)}"),
               _command("play", f"{cur} play Mice Mischief"),
               _command("play", f"{cur} reveal Grim Reapurr +{rng.choice([1, 2])}"),
               _command("play", f"{cur} reveal CATastrophic Event")]
        for name in alive:
            out.append(_command("play", f"{name} play Cucumber"))
            out.append(_command("play", f"{name} play Pass to {rng.choice([n for n in alive if n != name] or alive)}"))
        if rng.random() < 0.1:
            out.append(_command("track", f"lives {rng.choice(alive)} -1"))
        return out

    def choose(self, state, options, rng):
        ends = [o for o in options if o.text.endswith(" end")]
        rest = [o for o in options if not o.text.endswith(" end")]
        return rng.choice(ends if ends and (not rest or rng.random() < 0.3) else rest)


class Catastrophe(Title):
    GAME = "catastrophe"
    MOST_STEPS = 600
    WORDS = ["Abi", "Attack", "4", "6", "Cucumber", "draw", "end", "roll", "yarn", "resolve", "play", "at"]

    NAMES, COUNTS = ["Abi", "Betty", "Chris", "Dan"], [2, 3, 4]

    dealer = CatastropheDealer

    @staticmethod
    def over(state):
        return state.game_over


# ------------------------------------------------------------------------------------------ Cataclysm Arcade


ARCADE_CARDS = ["Queen boss health=6 attack=2 attack-cost=1", "Grunt fighter level=1 health=3 attack=2 attack-cost=1",
                "Brute fighter level=2 health=4 attack=3 attack-cost=2", "Zap response cost=1 effect=damage:1"]


class ArcadeDealer(Dealer):
    """Cards described with `track card` (on some seeds the Boss is left undescribed, so its costs are
    unknown), each Boss in play, the opening hands named; a card drawn at a new level stays unnamed.
    Offered besides the listing: plays of an unnamed card, and the damage an unknown attack deals."""

    def setup(self, state):
        self.known_boss = self.rng.random() < 0.6
        cards = ARCADE_CARDS if self.known_boss else ARCADE_CARDS[1:]
        out = [_command("track", f"card {c}") for c in cards]
        out += [_command("track", f"boss {p} 6 Queen") for p in self.names]
        deck = ["Grunt", "Brute", "Zap"]
        out += [_command("track", f"hand {p} " + ", ".join(self.rng.choice(deck) for _ in range(4))) for p in self.names]
        return out

    def extras(self, state, rng):
        out = []
        to_act = next((p.name for p in state.players if p.name in (state.priority, state.initiative)), None)
        if to_act is not None and state.player(to_act).hand_unknown:
            for card in ("Grunt", "Brute"):
                out.append(_command("play", f"fighter {card}", to_act))
            for p in state.in_game:
                if p.name != to_act:
                    out.append(_command("play", f"respond Zap at {p.name} boss", to_act))
        if state.line == () and not self.known_boss:
            for p in state.in_game:
                out.append(_command("track", f"damage {p.name} boss 2"))
        return out

    def choose(self, state, options, rng):
        passes = [o for o in options if o.text in ("pass", "decline")]
        rest = [o for o in options if o not in passes]
        if rest and rng.random() < 0.75:
            return rng.choice(rest)
        return rng.choice(passes or rest)


class CataclysmArcade(Title):
    GAME = "cataclysm-arcade"
    MOST_STEPS = 500
    WORDS = ["Ann", "boss", "Grunt", "Brute", "Zap", "attack", "at", "pass", "decline", "respond", "fighter", "2"]
    #: the rules of a cost (engine/cataclysm_arcade/rules.py COST_RULES): a play whose cost one of them leaves
    #: open is offered as unchecked, never listed as legal (issue 43)
    UNSURE = frozenset({"cataclysm-arcade.combat.pay-attack-cost", "cataclysm-arcade.tactics.coin-cost",
                        "cataclysm-arcade.responses.cost", "cataclysm-arcade.weapon.wield-cost",
                        "cataclysm-arcade.turn.pay-from-pool"})

    NAMES, COUNTS = ["Ann", "Ben", "Cy"], [2, 3]

    dealer = ArcadeDealer

    @staticmethod
    def over(state):
        return state.winner is not None


# ------------------------------------------------------------------------------------------ Catharsis


class CatharsisDealer(Dealer):
    """A short Boss Deck (a Monster, then the Boss), each fight run step by step with `track combat`:
    the dice rolled and rerolled here (a roll is no play `moves` can list), the Enemy's damage and its
    attack as the table reads them, an ability's damage held while several Enemies stand put on one by
    name, the damage owed taken power by power. One power of the first player is a card the table
    describes (so `moves` lists its uses); the others stay unnamed."""

    def setup(self, state):
        first = self.names[0]
        return [_command("play", 'card "Fire Bolt" top "AA ?" effect "deal 2 damage" attacks 2'),
                _command("play", f"rename {first} 1 Fire Bolt")]

    def extras(self, state, rng):
        out = []
        alive = [p for p in state.players if not p.dead]
        if state.phase in ("setup", "between-cards"):
            out.append(_command("track", "next-card " + ("boss" if state.cards_revealed >= 1 else "monster")))
        elif state.phase == "card":
            out.append(_command("track", 'enemy "Crab King" 5/6/7/8/9' if state.card == "boss" else "enemy Rat 3/4/5/6/7"))
            out.append(_command("track", "combat start"))
            out.append(_command("track", "resolved"))
            out += [_command("track", f"heal {p.name.lower()} {rng.randint(1, 6)}") for p in alive]
        elif state.phase == "combat":
            step = state.combat_step
            if step == "start-of-round":
                out.append(_command("track", "combat attack"))
            elif step == "player-attack":
                for p in alive:
                    if not p.dice:
                        out.append(_command("play", f"roll {p.name} " + " ".join(str(rng.randint(1, 6)) for _ in range(p.dice_count))))
                    else:
                        free = [d.value for d in p.dice if not d.used]
                        if free:
                            some = rng.sample(free, rng.randint(1, len(free)))
                            out.append(_command("play", f"reroll {p.name} {' '.join(map(str, some))} to "
                                                        f"{' '.join(str(rng.randint(1, 6)) for _ in some)}"))
                        out.append(_command("track", f"use {p.name.lower()} {rng.randint(1, 6)}"))
                if state.enemies:
                    out.append(_command("track", f"enemy damage {rng.randint(1, 3)}"))
                # damage an ability dealt while several Enemies stand is held until the table says whom it hits
                out += [_command("track", f"enemy damage {state.damage_to_deal} {e.name}")
                        for e in state.enemies if state.damage_to_deal and not e.defeated]
                out.append(_command("track", "combat enemy"))
            elif step == "enemy-attack":
                owing = [p for p in alive if p.damage_due]
                if state.attack is None and not owing and rng.random() < 0.5:
                    out.append(_command("play", f"attack party {rng.randint(1, 3)}"))
                for p in owing:  # a point of damage: a face-up power exhausted, or an exhausted one discarded
                    live = [(i + 1, pw.status) for i, pw in enumerate(p.powers) if pw.status != "discarded"]
                    if live:
                        slot, status = rng.choice(live)
                        out.append(_command("track", f"damage {p.name.lower()} "
                                                     f"{'exhaust' if status == 'face-up' else 'discard'} {slot}"))
                out.append(_command("track", "combat refresh"))
            elif step == "refresh":
                out.append(_command("track", "refresh"))
                out.append(_command("track", "combat round"))
            else:
                out.append(_command("track", "combat round"))
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


TABLES = {t.GAME: t for t in Title.__subclasses__()}  # each game's table above
