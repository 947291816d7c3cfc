"""Constructed Deck Rules for Cataclysm Arcade: engine/cataclysm_arcade/rules_deck.py and
`companion check cataclysm-arcade --deck FILE`."""
from __future__ import annotations

import json

import pytest

from engine.base import SituationError
from engine.cataclysm_arcade import Engine

E = Engine()
G = "cataclysm-arcade."


def deck(boss="Queen", cards=None, catalogue=()):
    cards = cards if cards is not None else [
        {"name": f"Card{i}", "count": 3, "faction": "Synth" if i % 2 else "Beast"} for i in range(14)]
    data = {"cards": cards, "catalogue": list(catalogue)}
    if boss is not None:
        data["boss"] = boss
    return data


BOSS = {"name": "Queen", "faction": "Synth"}


def rules(verdict):
    return [r.rule for r in verdict.reasons]


def test_a_legal_deck():
    verdict = E.check_deck(deck(BOSS))
    assert verdict.legal and verdict.reasons == () and [u.rule for u in verdict.unchecked] == [G + "constructed.at-least-40"]


@pytest.mark.parametrize("others, legal", [(39, False), (40, True), (41, True)])
def test_a_deck_near_40_rests_on_the_reading_of_its_size(others, legal):
    """Game Set-up asks for a '40 card deck', Constructed Deck Rules for the Boss and at least 40
    others: a deck the two passages could judge apart says which reading decided it; far from 40 none is needed."""
    cards = [{"name": f"Card{i}", "count": 1, "faction": "Synth"} for i in range(others)]
    verdict = E.check_deck(deck(BOSS, cards))
    assert verdict.legal is legal
    assert [u.message.startswith("reading: ") for u in verdict.unchecked if u.rule == G + "constructed.at-least-40"] == [True]
    assert not E.check_deck(deck(BOSS, cards[:30])).unchecked


def test_no_boss():
    assert rules(E.check_deck(deck(None))) == [G + "constructed.one-boss"]


def test_a_second_boss_among_the_cards():
    cards = deck(BOSS)["cards"] + [{"name": "King", "count": 1, "type": "boss", "faction": "Synth"}]
    verdict = E.check_deck(deck(BOSS, cards))
    assert rules(verdict) == [G + "constructed.one-boss"] and "King" in verdict.reasons[0].message


def test_fewer_than_forty():
    cards = [{"name": f"Card{i}", "count": 3, "faction": "Synth"} for i in range(13)]  # 39
    verdict = E.check_deck(deck(BOSS, cards))
    assert rules(verdict) == [G + "constructed.at-least-40"] and "39" in verdict.reasons[0].message
    cards.append({"name": "Extra", "faction": "Synth"})
    assert E.check_deck(deck(BOSS, cards)).legal


def test_more_than_three_copies_counted_across_entries_any_case():
    cards = deck(BOSS)["cards"] + [{"name": "card1", "count": 1, "faction": "Synth"}]
    verdict = E.check_deck(deck(BOSS, cards))
    assert rules(verdict) == [G + "card-limits.max-three-copies"] and "4 copies of Card1" in verdict.reasons[0].message


def test_a_third_faction():
    cards = deck(BOSS)["cards"] + [{"name": "Odd", "count": 1, "faction": "Void"}]
    verdict = E.check_deck(deck(BOSS, cards))
    assert G + "card-limits.two-factions" in rules(verdict)
    assert "Beast" in verdict.reasons[0].message and "Void" in verdict.reasons[0].message


def test_factions_from_the_catalogue_and_unknown_ones_unchecked():
    catalogue = [{"name": "Queen", "type": "boss", "faction": "Synth"},
                 {"name": "Grunt", "type": "fighter", "faction": "Beast"}]
    cards = [{"name": "Grunt", "count": 3}] + [{"name": f"C{i}", "count": 3, "faction": "Synth"} for i in range(12)] \
        + [{"name": "Mystery", "count": 1}]
    verdict = E.check_deck(deck("Queen", cards, catalogue))
    assert verdict.legal and [n.message for n in verdict.unchecked if n.rule != G + "constructed.at-least-40"] == [
        "Mystery's faction is unknown: teach it with `companion cards add cataclysm-arcade Mystery --type \"fighter|tactic|response|weapon|boss\" --faction \"NAME\"`"]
    verdict = E.check_deck(deck("Nobody", cards))  # no catalogue: neither Boss's nor Grunt's faction known
    assert verdict.legal
    said = [n.message for n in verdict.unchecked]
    assert ("the faction limit is not checked: the Boss Nobody's faction is unknown: teach it with "
            "`companion cards add cataclysm-arcade Nobody --type \"boss\" --faction \"NAME\"`") in said
    assert any(m.startswith("Grunt's faction is unknown: teach it with") for m in said)


def test_every_violation_named_at_once():
    cards = [{"name": "A", "count": 5, "faction": "X"}, {"name": "B", "count": 1, "faction": "Y"},
             {"name": "King", "type": "boss"}]
    verdict = E.check_deck(deck(BOSS, cards))
    assert set(rules(verdict)) >= {G + "constructed.one-boss", G + "constructed.at-least-40",
                                   G + "card-limits.max-three-copies", G + "card-limits.two-factions"}


def test_bad_deck_file_names_the_field():
    with pytest.raises(SituationError, match="cards"):
        E.check_deck({"boss": "Queen", "cards": [{"count": 2}]})


def test_cli_deck(cli, tmp_path):
    path = tmp_path / "deck.toml"
    lines = ['boss = { name = "Queen", faction = "Synth" }']
    lines += [f'[[cards]]\nname = "Card{i}"\ncount = 3\nfaction = "Synth"' for i in range(13)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("check", "cataclysm-arcade", "--deck", str(path), "--json")
    doc = json.loads(result.stdout)
    assert not doc["legal"] and doc["reasons"][0]["rule"] == G + "constructed.at-least-40"
    text = cli("check", "cataclysm-arcade", "--deck", str(path)).stdout
    assert "at least 40" in text
    bad = cli("check", "--deck", str(path))
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
    missing = cli("check", "cataclysm-arcade", "--deck", str(tmp_path / "none.toml"))
    assert missing.exit_code == 2 and "no such file" in missing.stderr
