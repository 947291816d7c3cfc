"""CATastrophe: what is impossible about a described table, each with the rule it breaks."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import Findings

from .model import HAND_LIMIT, POWER_CAT_LIMIT, REACTIONS, TOP_SPACE, State
from .rule_ids import R


def status(state: State) -> list[Reason]:
    found = Findings()
    alive = [p for p in state.players if not p.eliminated]
    for p in state.players:
        if p.eliminated:
            if p.lives or p.yarn_balls or p.hand or p.power_cats:
                found.forbid(R.TO_LAIR, f"{p.name} is eliminated but still has lives, Yarn Balls or cards on the table")
            continue
        if p.hand > HAND_LIMIT:
            found.forbid(R.HAND_LIMIT, f"{p.name} holds {p.hand} cards; more than {HAND_LIMIT} are discarded at once")
        if p.power_cats > POWER_CAT_LIMIT:
            found.forbid(R.POWER_CAT_LIMIT, f"{p.name} has {p.power_cats} Power Cats; more than {POWER_CAT_LIMIT} are discarded at once")
        if p.lives < 1:
            found.forbid(R.LOST_ALL, f"{p.name} has no lives left but is still in the game")
        elif p.lives <= state.grim_reapurr:
            found.forbid(R.CAUGHT, f"{p.name} is on the {p.lives} space, at or below the Grim Reapurr ({state.grim_reapurr}), "
                "but still in the game")
    held = [(c, p.name) for p in alive for c in (*(p.power_cat_cards or ()), *p.named_power_cats)
            if c.casefold() != "power cat"]  # the generic name stands for any Power Cat
    for card in sorted({c.casefold() for c, _ in held}):
        holders = [who for c, who in held if c.casefold() == card]
        if len(holders) > 1:
            name = next(c for c, _ in held if c.casefold() == card)
            found.forbid(R.POWER_UNIQUE, f"{name} is face up {len(holders)} times ({', '.join(holders)}): every "
                         "Power Cat is unique")
    if state.variant == "king":  # Turbo lets gains share a space
        spaces = [p.lives for p in alive if p.lives != TOP_SPACE]
        for space in sorted({s for s in spaces if spaces.count(s) > 1}):
            found.forbid(R.KING_NO_SHARING, f"two cats share the {space} space; only the 9 space is shared")
    if state.game_over != (len(alive) <= 1):
        found.forbid(R.LAST_STANDING, f"game_over is {state.game_over} with {len(alive)} cat(s) still in the game")
    if state.game_over and state.chain:
        found.forbid(R.LAST_STANDING, "the game is over but cards are still in play: "
            + ", ".join(c.label() for c in state.chain))
    if state.revealed and state.phase != "catastrophe":
        found.forbid(R.CATASTROPHE_ONE, "a CATastrophe card is marked revealed outside the CATastrophe Phase")
    chain = state.chain
    for k, card in enumerate(chain):
        if card.type in ("cucumber", "take") and not k:  # nothing beneath it
            found.forbid(R.CUCUMBER if card.type == "cucumber" else R.TAKE, f"{card.label()} is in play with no card beneath it to block")
        if card.type == "pass" and not any(c.type in ("attack", "curiosity") for c in chain[:k]):
            found.forbid(R.PASS, f"{card.label()} is in play with no Attack or Curiosity to pass")
        if k and any(c.red_glowy_dot for c in chain[:k]):
            found.forbid(R.RGD_NO_OTHER, f"{card.label()} was played on top of a Red Glowy Dot card")
        if card.type in REACTIONS and any(c.type == "attack" and (c.rolls or c.reroll) for c in chain[:k]):
            found.forbid(R.REACTIONS_BEFORE_DICE, f"{card.label()} sits on an Attack whose dice were rolled")
        if card.rolls and any(c.type in REACTIONS for c in chain[k + 1:]):
            found.forbid(R.REACTIONS_BEFORE_DICE, f"{card.label()} has rolls while reactions wait above it")
        for who, face in card.rolls.items():
            if not 1 <= face <= 6:
                found.forbid(R.DICE, f"{who}'s roll {face} is not a face of a die")
    return found.problems


def file_problems(state: State) -> list[str]:
    """A Power Cat a situation file lays face up twice (every Power Cat is unique), named at the key of its
    second copy: `check` and `moves` refuse the file (`status` lists it). The rulebook gives no count of
    any Main deck card, so a hand naming a card twice is a table's to tell."""
    seen: dict[str, str] = {}
    out = []
    for i, p in enumerate(state.players):
        for key in ("power_cat_cards", "named_power_cats"):
            for card in getattr(p, key) or ():
                if p.eliminated or card.casefold() == "power cat":
                    continue
                if card.casefold() in seen:
                    out.append(f"field players.{i}.{key}: {card} is face up in front of {seen[card.casefold()]} "
                               f"already, and every Power Cat is unique")
                seen.setdefault(card.casefold(), p.name)
    return out
