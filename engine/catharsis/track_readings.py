"""Catharsis: the readings the tracker takes where the rulebook is open or disagrees with itself,
each an `unchecked` note said only in a verdict it decided something in (`readings_of()`)."""
from __future__ import annotations

from engine.base import Reason
from engine.readings import MARK

from .rule_ids import R


def note(text: str, passages: str, rule: str) -> Reason:
    """One reading as an unchecked note citing the rule it reads (said once per game: engine/readings.py)."""
    return Reason(rule=rule, message=f"{MARK}{text} (open in the rulebook: {passages})")


THRESHOLDS = note("a Morale drop past several thresholds at once fires each of them, highest first",
                  "'Morale' says only that tiers trigger as Morale reaches them, once each", R.THRESHOLDS)
ROUND_END = note("End of Round comes after the Refresh Phase, as the numbered list has it",
                 "'Combat', 'Step 4: Refresh Phase', 'Step 5', 'Morale' and the quickplay order the end of a "
                 "round differently", R.ROUND_ORDER)
NEXT_ROUND = note("every round opens with its start-of-round step, though Step 4 and the quickplay send play "
                  "from the refresh straight back to the Player Attack Phase",
                  "'Step 1: Start of Round' against 'Step 4: Refresh Phase' and the quickplay 'Refresh Phase'",
                  R.ROUND_ORDER)
ROLE_STAYS = note("Emberhoof's and Lumi's Roles stay face down through a Morale refresh until their own "
                  "condition is met", "'Player Decks' (Roles override the rulebook) against 'Morale' "
                  "(a refresh turns every Role up)", R.ROLE_UNFLIP)
VESSEL = note("paying the upkeep with exactly 4 Divinity reaches 0 and ends the Vessel at once; with fewer "
              "than 4 she turns back and keeps what she has", "'Durhak, The Devoted' does not say what "
              "happens to Divinity she cannot spend on the upkeep", R.VESSEL_UPKEEP)
DURHAK_REFRESH = note("a Morale refresh during a combat counts as an unflip that costs Durhak damage",
                      "'Durhak, The Devoted' names Divinity at 0 and effects or abilities, not the refresh",
                      R.UNFLIP_DAMAGE)
BURN = note("Burn and Spore are only reminded: how much damage they deal, to whom and when they end is "
            "the table's", "'Step 1: Start of Round' and the 'Glossary' never define them", R.BURN_SPORE)
ROUND_KILL = note("the reward for a start- or end-of-round kill ('refresh' or 'heal up to 2 powers') is the "
                  "Monster reward of healing 2, capped the same way", "'Step 1', 'Step 5' and the quickplay "
                  "name it differently", R.HEAL_REWARD)
KPT = note("a Kill Point Token refresh turns up the spending player's powers, not the Role",
           "the Ice Elf Lich overview gives no procedure; the deck's cards hold it", R.KPT)
COMBO_EXHAUSTED = note("an exhausted power holds no Combo, so none is placed on it",
                       "the Goz overview says only that exhausting a power discards its Combo", R.COMBO_EXHAUST)
ICE_EXHAUSTED = note("an exhausted power holds no Ice, so none is placed on it", "'Lumi, Ice Elf' says only "
                     "that exhausting a power destroys its Ice", R.ICE_GONE)
DEAD_DRINKS = note("a dead player is given no Drink", "'Emberhoof, Brewmaiden' never names the dead; the quickplay "
                   "'Enemy Attack Phase' says the dead count but can't be affected", R.DEATH)
AFTER_WIN = note("once the Boss falls only a Morale loss or damage (what On Defeat abilities do) is still "
                 "recorded", "'Winning the Game' names On Defeat abilities, not what they may change", R.WIN_LOST)
REFRESH_AT_START = note("a refresh after the next round has begun but before anyone rolls is allowed, as the "
                        "Morale section says the window lasts until dice are rolled; start-of-round effects "
                        "already resolved stay resolved", "'Morale' against 'Step 4: Refresh Phase', which puts "
                        "the refresh before the new round", R.REFRESH_TOO_LATE)
EMPTY_REFRESH = note("nothing to refresh: every power is face up and no Role would turn, yet the refresh is "
                     "allowed and costs 1 Morale (a Soraten may still reset his sides); undo if that was not "
                     "meant", "'Morale' sets no limit on refreshes in one window", R.REFRESH)
LUTHIA_FLIP = note("Luthia's Flip earns no Cobble by itself", "the 'Glossary' makes abilities parts of powers, "
                   "'Luthia, The Tinkerer' calls the Flip an ability; cobble NAME +1 if the table counts one",
                   R.COBBLE_GAIN)
NO_COMBAT_DICE = note("no dice are rolled and no ability is activated outside a combat, not only while a Trap or "
                      "Event is revealed: an ability is paid with the dice of a combat's Player Attack Phase",
                      "'The Boss Deck' and the quickplay 'Gameplay' forbid powers while a Trap or Event resolves and "
                      "say nothing of the moments between Boss Deck cards", R.USE)
DRINKS = note("every player holds at most 4 Drinks, not only Emberhoof", "'Emberhoof, Brewmaiden' gives the "
              "maximum for her own Drink and four Drink levels for every player", R.DRINK_MAX)
BOARD_POWERS = note("the board's cap of 6 counts powers, the Role not counted", "'Player Decks' caps the board "
                   "at 6 cards; 'Setup' makes it the Role and 6 powers", R.BOARD_LIMIT)
LEFTOVER = note("the party picks the next player for damage left over when the first one dies, as it picked "
                "the first", "'Step 3: Enemy Attack Phase' does not say who picks the next one", R.A_PLAYER)
UNTAKEN = note("a duo partner whose last card goes before their share of an attack to the party is all taken "
               "takes no more of it, and the rest is dealt to nobody", "'Duo Powers' lets either partner's points "
               "reach the shared card; 'Step 3: Enemy Attack Phase' passes damage on only in an attack on a player",
               R.DUO_DAMAGE)
DUO_SORATEN_DAMAGE = note("a duo power on Soraten's board takes his damage as his partner's does, exhausted then "
                          "discarded: it has no Flight side to turn to, and counting as Flight (its card says) does "
                          "not make it count as exhausted", "'Duo Powers' lets either partner turn the one card face "
                          "down or discard it; 'Soraten, Wind Dancer' turns his damaged Ground powers to Flight, "
                          "counted as exhausted", R.DUO_SORATEN)
GOZ_UNLISTED = note("a bottom ability with a Combo count the card does not list removes the Combo and exhausts "
                    "the power, with no effect", "the Goz overview says no effect, her example that she cannot "
                    "use the bottom ability; neither says what is removed or exhausted", R.COMBO_UNLISTED)
DRAGON_HEAL = note("the free healing withheld against the 100-Eyed Dragon is the heal of 2 powers after a beaten "
                   "Monster", "'100-Eyed Dragon' does not define free healing; 'Morale' calls that heal free",
                   R.DRAGON_HEAL)


#: the order a verdict says its readings in
ORDER = (THRESHOLDS, ROUND_END, NEXT_ROUND, ROLE_STAYS, VESSEL, DURHAK_REFRESH, BURN, ROUND_KILL, KPT, GOZ_UNLISTED,
         DRAGON_HEAL)


def readings_of(change, effects, own=None) -> list[Reason]:
    """The readings that decided something in a legal change, in ORDER: those its effects show, and
    those its verb's own reading `own(change, kinds, rules)` finds (its row's `readings`)."""
    kinds = [e.kind for e in effects]
    rules = {e.rule for e in effects}
    found = own(change, kinds, rules) if own else []
    if kinds.count("threshold") >= 2:
        found.append(THRESHOLDS)
    if "role-stays" in kinds:
        found.append(ROLE_STAYS)
    if "burn" in kinds or "spore" in kinds:
        found.append(BURN)
    if R.START_OF_ROUND_DEFEAT in rules or R.END_OF_ROUND_DEFEAT in rules:
        found.append(ROUND_KILL)
    if R.COMBO_UNLISTED in rules:
        found.append(GOZ_UNLISTED)
    if "no-reward" in kinds:
        found.append(DRAGON_HEAL)
    return [reading for reading in ORDER if reading in found]
UP_AGAIN = note("a power turned face up again in the round it was used gives no second activation that round",
               "'Step 2: Player Attack Phase' lets an ability activate once and exhausts its power, and never says "
               "whether a heal in the same round opens it again ('Soraten' alone lets a healed Ground side be used "
               "again)", R.ONCE_PER_ABILITY)
