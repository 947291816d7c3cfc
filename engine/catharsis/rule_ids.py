"""Catharsis: every rule id the package cites: the tracker's (ids.R) and the validator's (V)."""
from __future__ import annotations

from .ids import R

V = {
    # dice
    "six_dice": "catharsis.setup.six-dice",
    "roll_all": "catharsis.combat.player-attack.roll-all",
    "reroll_limit": "catharsis.combat.player-attack.reroll-limit",
    "reroll_which": "catharsis.combat.player-attack.reroll-which-dice",
    "roll_any_time": "catharsis.combat.player-attack.roll-any-time",
    "dave": "catharsis.combat.player-attack.dave-example",
    "simultaneous": "catharsis.combat.player-attack.simultaneous",
    "adjust": "catharsis.glossary-rules.adjust-dice",
    "adjust_wrap": "catharsis.glossary-rules.adjust-no-wrap",
    "adjust_direction": "catharsis.glossary-rules.adjust-direction",
    "adjust_used": "catharsis.glossary-rules.adjust-used-dice",
    # costs and activation
    "dice_costs": "catharsis.player-decks.dice-costs",
    "sym_number": "catharsis.player-decks.symbol-numbers",
    "sym_wild": "catharsis.player-decks.symbol-wild",
    "sym_aa": "catharsis.player-decks.symbol-aa",
    "sym_bb": "catharsis.player-decks.symbol-bb",
    "double_line": "catharsis.combat.player-attack.double-line-cost",
    "pay_full": "catharsis.quickplay.combat.pay-in-full",
    "one_per_power": "catharsis.quickplay.combat.one-ability-per-power",
    "top_or_bottom": "catharsis.combat.player-attack.top-or-bottom",
    "once": "catharsis.combat.player-attack.once-per-ability",
    "own_dice": "catharsis.combat.player-attack.own-dice",
    "activation": "catharsis.combat.player-attack.activation",
    "use": "catharsis.combat.player-attack.use-abilities",
    "duo_half": "catharsis.duo-powers.own-half",
    "duo_both": "catharsis.duo-powers.both-halves",
    "soraten_alternate": "catharsis.characters.soraten.alternate",
    # Goz
    "combo": "catharsis.characters.goz.top-places-combo",
    "finisher": "catharsis.characters.goz.bottom-finisher",
    "unlisted": "catharsis.characters.goz.unlisted-count",
    # modifiers
    "ability_mod": "catharsis.glossary-rules.ability-modifier",
    "attack_mod": "catharsis.glossary-rules.attack-modifier",
    "ability_vs_attack": "catharsis.glossary-rules.ability-vs-attack",
    # damage to the party
    "to_party": "catharsis.combat.enemy-attack.to-the-party",
    "a_player": "catharsis.combat.enemy-attack.a-player",
    "read_attack": "catharsis.combat.enemy-attack.read-attack",
    "per_point": "catharsis.damage.per-point",
    "death": "catharsis.damage.death",
    "dead_target": "catharsis.damage.dead-not-targeted",
    "prevent": "catharsis.quickplay.combat.prevent-damage",
}

ALL_RULES = frozenset(R.values()) | frozenset(V.values())
