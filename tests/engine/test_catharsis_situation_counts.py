"""Catharsis situation files: a count the table keeps (Cobble, Demonic, Drinks, Kill Point Tokens, Combo,
Ice, Burn and the other counters, damage owed, Paradox, an Enemy's health and Armor) is never negative,
so a file giving one is refused in one line naming the key, as a negative Divinity is."""
from __future__ import annotations

import pytest

from engine import get_engine
from engine.errors import SituationError

ENGINE = get_engine("catharsis")


def _table() -> dict:
    return {
        "characters_started": 2, "morale": 10, "morale_start": 10, "phase": "combat",
        "combat_step": "player-attack", "round": 1,
        "players": [{"name": "Ann", "character": "Luthia", "powers": [{"name": "Gadget"}]},
                    {"name": "Ben", "character": "Calyxia", "powers": [{"name": "Hex"}]}],
        "enemies": [{"name": "Crab", "printed": "8", "start_health": 8, "health": 5}],
    }


#: (where the mistake goes, the key, the value) -> the key's path the line names and the least value
MISTAKES = [
    ((("players", 0), "cobble", -2), "players.0.cobble", 0),
    ((("players", 1), "demonic", -1), "players.1.demonic", 0),
    ((("players", 0), "drinks", -3), "players.0.drinks", 0),
    ((("players", 0), "kpt", -1), "players.0.kpt", 0),
    ((("players", 0), "rerolls", -1), "players.0.rerolls", 0),
    ((("players", 0), "damage_due", -2), "players.0.damage_due", 0),
    ((("players", 0), "discard_due", -1), "players.0.discard_due", 0),
    ((("players", 0), "reward_heal", -1), "players.0.reward_heal", 0),
    ((("players", 0), "status", {"burn": -2}), "players.0.status.burn", 0),
    ((("players", 0, "powers", 0), "combo", -1), "players.0.powers.0.combo", 0),
    ((("players", 0, "powers", 0), "ice", -1), "players.0.powers.0.ice", 0),
    (((), "paradox", -4), "paradox", 0),
    (((), "round", -1), "round", 0),
    (((), "party_status", {"spore": -1}), "party_status.spore", 0),
    (((), "characters_started", 0), "characters_started", 1),
    (((), "morale_start", -3), "morale_start", 1),
    ((("enemies", 0), "health", -1), "enemies.0.health", 0),
    ((("enemies", 0), "start_health", 0), "enemies.0.start_health", 1),
    ((("enemies", 0), "armor", -2), "enemies.0.armor", 0),
    ((("enemies", 0), "status", {"burn": -1}), "enemies.0.status.burn", 0),
]


@pytest.mark.parametrize("mistake, path, least", MISTAKES, ids=[m[1] for m in MISTAKES])
def test_a_negative_count_is_refused_naming_its_key(mistake, path, least):
    where, key, value = mistake
    table = _table()
    ENGINE.load_state(table, "t.toml")  # the table itself reads
    holder = table
    for part in where:
        holder = holder[part]
    holder[key] = value
    with pytest.raises(SituationError) as refused:
        ENGINE.load_state(table, "t.toml")
    said = str(refused.value)
    shown = value if not isinstance(value, dict) else next(iter(value.values()))
    assert said == f"t.toml: field {path}: should be at least {least}, not {shown}", said


def test_counts_past_their_limits_stay_status_findings():
    """Above a limit (Drinks past 4, Divinity past 10) a table still loads: `status` names the problem."""
    table = _table()
    table["players"][0].update(drinks=6, divinity=12)
    state = ENGINE.load_state(table, "t.toml")
    cited = {r.rule for r in ENGINE.declaration.status(state)}
    assert {"catharsis.characters.emberhoof.auto-drink", "catharsis.characters.durhak.divinity-max"} <= cited
