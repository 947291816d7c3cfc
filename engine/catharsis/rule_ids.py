"""Catharsis: every rule id the package cites, as constants of `R` (each id exists in
rulesdb/data/catharsis; tests/engine/test_catharsis_tracker.py checks both, and that no other
module of the package writes a rule id as a string)."""
from __future__ import annotations


class R:
    """The rule ids of Catharsis: Divine Wrath, by topic."""

    # morale
    MORALE_MAX = "catharsis.morale.max-starting"
    THRESHOLDS = "catharsis.morale.thresholds"
    TIER_ONCE = "catharsis.morale.tier-once"
    REFRESH = "catharsis.morale.refresh"
    REFRESH_TIMING = "catharsis.morale.refresh-timing"
    REFRESH_TOO_LATE = "catharsis.morale.refresh-too-late"
    THRESHOLD_AFTER_REFRESH = "catharsis.morale.threshold-after-refresh"
    MORALE_ZERO = "catharsis.morale.zero-loses"
    ATTACK_MORALE_ZERO = "catharsis.combat.enemy-attack.morale-zero"
    REFRESH_PHASE = "catharsis.combat.refresh-phase.spend-morale"
    REFRESH_AFTER_CARD = "catharsis.gameplay.refresh-after-card"

    # flow
    LOOP = "catharsis.gameplay.loop"
    BEGIN = "catharsis.setup.begin"
    RESOLVE_ENEMY = "catharsis.gameplay.resolve-enemy"
    RESOLVE_CARD = "catharsis.gameplay.resolve-noncombat"
    ROUND_ORDER = "catharsis.combat.round-order"
    COMBAT = "catharsis.combat.overview"
    START_OF_ROUND = "catharsis.combat.start-of-round.effects"
    BURN_SPORE = "catharsis.combat.start-of-round.burn-spore"
    START_OF_ROUND_DEFEAT = "catharsis.combat.start-of-round.enemy-defeated"
    END_OF_ROUND_DEFEAT = "catharsis.combat.end-of-round.enemy-defeated"
    HEAL_REWARD = "catharsis.gameplay.enemy-defeated-heal"
    NO_POWERS = "catharsis.boss-deck.no-powers-traps-events"
    READ_ATTACK = "catharsis.combat.enemy-attack.read-attack"
    TO_PARTY = "catharsis.combat.enemy-attack.to-the-party"
    SORATEN_ALTERNATE = "catharsis.characters.soraten.alternate"
    SORATEN_SIDES = "catharsis.characters.soraten.set-sides"
    SORATEN_PARTNER = "catharsis.characters.soraten.partner"
    USE = "catharsis.combat.player-attack.use-abilities"
    ACTIVATION = "catharsis.combat.player-attack.activation"

    # enemies
    HEALTH = "catharsis.boss-deck.enemy-health-scaling"
    MURDER_MYSTERY_HEALTH = "catharsis.boss-deck.murder-mystery-scaling"
    SINGLE_VALUE = "catharsis.boss-deck.single-value"
    ON_DEFEAT = "catharsis.boss-deck.enemy-special-abilities"
    ENEMIES = "catharsis.boss-deck.enemies"
    ARMOR = "catharsis.glossary-rules.armor"
    ARMORSHRED = "catharsis.glossary-rules.armorshred"
    WIN = "catharsis.winning.conditions"
    WIN_LOST = "catharsis.winning.on-defeat-can-lose"
    LOSING = "catharsis.winning.losing"

    # players
    PER_POINT = "catharsis.damage.per-point"
    DEATH = "catharsis.damage.death"
    DEAD_COUNT = "catharsis.damage.dead-count-party-size"
    DEAD_TARGET = "catharsis.damage.dead-not-targeted"
    ALL_DEAD = "catharsis.damage.all-dead"
    HEAL = "catharsis.damage.heal"
    BOARD_LIMIT = "catharsis.player-decks.board-limit"
    ADD_WHEN_FULL = "catharsis.player-decks.add-when-full"
    REPLACE = "catharsis.player-decks.replace"
    EXHAUST = "catharsis.player-decks.exhaust"
    ROLE_FLIP = "catharsis.player-decks.role-flip"
    ROLE_UNFLIP = "catharsis.player-decks.role-unflip-morale"
    ONLY_UNFLIP = "catharsis.combat.refresh-phase.only-unflip"
    HEAL_ROLE = "catharsis.quickplay.combat.passive-and-flip"

    # characters
    DIVINITY_GAIN = "catharsis.characters.durhak.divinity-gain"
    DIVINITY_MAX = "catharsis.characters.durhak.divinity-max"
    DIVINITY_SPEND = "catharsis.characters.durhak.spend-divinity"
    VESSEL = "catharsis.characters.durhak.vessel-flip"
    VESSEL_UPKEEP = "catharsis.characters.durhak.vessel-upkeep"
    VESSEL_NO_GAIN = "catharsis.characters.durhak.vessel-no-gain"
    VESSEL_REVERT = "catharsis.characters.durhak.vessel-revert"
    UNFLIP_DAMAGE = "catharsis.characters.durhak.unflip-damage"
    DIVINITY_CARRYOVER = "catharsis.characters.durhak.divinity-carryover"
    COMBO = "catharsis.characters.goz.top-places-combo"
    COMBO_FIRE = "catharsis.characters.goz.combo-auto-activate"
    FINISHER = "catharsis.characters.goz.bottom-finisher"
    COMBO_EXHAUST = "catharsis.characters.goz.exhaust-discards-combo"
    COMBO_END = "catharsis.characters.goz.combo-end-of-combat"
    COBBLE_GAIN = "catharsis.characters.luthia.cobble-gain"
    COBBLE_SPEND = "catharsis.characters.luthia.cobble-spend"
    LEVEL_2 = "catharsis.characters.luthia.level-2-cost"
    LEVEL_3 = "catharsis.characters.luthia.level-3-cost"
    LEVEL_KEEP = "catharsis.characters.luthia.level-up-no-unexhaust"
    LUTHIA_REPLACE = "catharsis.characters.luthia.immune-replace"
    DEMONIC_GAIN = "catharsis.characters.calyxia.demonic-gain"
    DEMONIC_FLIPPED = "catharsis.characters.calyxia.no-demonic-while-flipped"
    DEMONIC_SPEND = "catharsis.characters.calyxia.spend-demonic-flip"
    DEMON_UNLOCK = "catharsis.characters.calyxia.demon-power-unlock"
    DRINK_DECK = "catharsis.characters.emberhoof.drink-deck"
    DRINK_MAX = "catharsis.characters.emberhoof.auto-drink"
    DRINK_LEVELS = "catharsis.characters.emberhoof.drink-levels"
    DRUNK_ROLL = "catharsis.characters.emberhoof.drunk-roll"
    DRUNK = "catharsis.characters.emberhoof.drunk-effect"
    EMBER_TOLERANCE = "catharsis.characters.emberhoof.tolerance"
    EMBER_UNFLIP = "catharsis.characters.emberhoof.unflip-condition"
    EMBER_REPLACE = "catharsis.characters.emberhoof.replace"
    BREWFEST = "catharsis.characters.emberhoof.brewfest"
    ICE_GENERATION = "catharsis.characters.lumi.ice-generation"
    ICE_PARTY = "catharsis.characters.lumi.party-resource"
    ONE_ICE = "catharsis.characters.lumi.one-ice"
    ICE_GONE = "catharsis.characters.lumi.ice-destroyed"
    REVIVE = "catharsis.characters.lumi.flip-revive"
    LUMI_UNFLIP = "catharsis.characters.lumi.unflip-condition"

    # boss decks
    PARADOX = "catharsis.boss-decks.battle-with-fate.paradox"
    KPT = "catharsis.boss-decks.ice-elf-lich.kill-point-tokens"
    NO_MORALE = "catharsis.boss-decks.ice-elf-lich.no-morale"
    DRAGON = "catharsis.boss-decks.hundred-eyed-dragon.one-combat"
    DRAGON_HEAL = "catharsis.boss-decks.hundred-eyed-dragon.no-free-healing"

    # dice
    SIX_DICE = "catharsis.setup.six-dice"
    ROLL_ALL = "catharsis.combat.player-attack.roll-all"
    REROLL_LIMIT = "catharsis.combat.player-attack.reroll-limit"
    REROLL_WHICH = "catharsis.combat.player-attack.reroll-which-dice"
    DAVE_EXAMPLE = "catharsis.combat.player-attack.dave-example"
    SIMULTANEOUS = "catharsis.combat.player-attack.simultaneous"
    ADJUST = "catharsis.glossary-rules.adjust-dice"
    ADJUST_WRAP = "catharsis.glossary-rules.adjust-no-wrap"
    ADJUST_DIRECTION = "catharsis.glossary-rules.adjust-direction"
    ADJUST_USED = "catharsis.glossary-rules.adjust-used-dice"

    # costs and activation
    DICE_COSTS = "catharsis.player-decks.dice-costs"
    SYM_NUMBER = "catharsis.player-decks.symbol-numbers"
    SYM_WILD = "catharsis.player-decks.symbol-wild"
    SYM_AA = "catharsis.player-decks.symbol-aa"
    SYM_BB = "catharsis.player-decks.symbol-bb"
    DOUBLE_LINE = "catharsis.combat.player-attack.double-line-cost"
    PAY_FULL = "catharsis.quickplay.combat.pay-in-full"
    ONE_PER_POWER = "catharsis.quickplay.combat.one-ability-per-power"
    TOP_OR_BOTTOM = "catharsis.combat.player-attack.top-or-bottom"
    ONCE_PER_ABILITY = "catharsis.combat.player-attack.once-per-ability"
    OWN_DICE = "catharsis.combat.player-attack.own-dice"
    DUO_HALF = "catharsis.duo-powers.own-half"
    DUO_SORATEN = "catharsis.duo-powers.soraten"
    DUO_LUTHIA = "catharsis.duo-powers.luthia"
    DUO_GOZ = "catharsis.duo-powers.goz"
    DUO_NO_REPLACE = "catharsis.duo-powers.no-replace"
    DUO_SHARED = "catharsis.duo-powers.regular-powers"
    DUO_BOTH = "catharsis.duo-powers.both-halves"
    DUO_DISCARDED = "catharsis.duo-powers.discarded"
    DUO_PLACEMENT = "catharsis.duo-powers.placement"
    DUO_DAMAGE = "catharsis.duo-powers.damage"

    # Goz
    COMBO_UNLISTED = "catharsis.characters.goz.unlisted-count"

    # modifiers
    ABILITY_MOD = "catharsis.glossary-rules.ability-modifier"
    ATTACK_MOD = "catharsis.glossary-rules.attack-modifier"
    ABILITY_VS_ATTACK = "catharsis.glossary-rules.ability-vs-attack"
    ATTACK = "catharsis.glossary-rules.attack"

    # damage to the party
    A_PLAYER = "catharsis.combat.enemy-attack.a-player"
    PREVENT = "catharsis.quickplay.combat.prevent-damage"

    # set-up
    PLAYER_COUNT = "catharsis.setup.player-count"

    # what unchecked notes cite besides the above
    SPECIALS = "catharsis.boss-deck.specials"
    QUICK_SPECIAL = "catharsis.quickplay.gameplay.trap-event-special"
    MORE_ICE = "catharsis.characters.lumi.more-ice"
    SORATEN_DAMAGE = "catharsis.characters.soraten.damage"
    THRALL_DAMAGE = "catharsis.characters.tsuna.thrall-damage"


#: every rule id above: what the Engine and the Tracker may cite
RULE_IDS = frozenset(value for name, value in vars(R).items() if name.isupper())
