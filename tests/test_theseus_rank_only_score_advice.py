"""Theseus: the score's notes on a card the table recorded by its Rank only ("Rank 5 card") do not
teach the card library that stand-in (an entry needs the card's name, and the session never reads
one for a Rank-only card): they say how to record the real card instead."""
from __future__ import annotations

PLACEHOLDER = 'cards add theseus "Rank 5 card"'


def _notes(cli) -> list[str]:
    doc = cli.json("track", "score")
    return [e["message"] for e in doc["effects"] if e["kind"] == "note"]


def _rank_five_in_reward(cli) -> None:
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "rank", "5", "--overrule").exit_code == 0
    assert cli("track", "reward", "ann", "rank", "5").exit_code == 0


def test_vp_note_names_the_record_of_the_real_card(cli, home):
    _rank_five_in_reward(cli)
    vp = next(n for n in _notes(cli) if n.startswith("printed VP unknown"))
    assert PLACEHOLDER not in vp, vp
    assert 'companion track reward ann "NAME" 5 vp N' in vp, vp
    # the advice works: the card recorded so counts its printed VP
    assert cli("track", "reward", "ann", "Gorgon", "5", "vp", "3").exit_code == 0
    ann = next(p for p in cli.json("track", "show")["state"]["players"] if p["name"] == "Ann")
    assert ann["vp"] == 2 + 3, ann


def test_effect_note_teaches_only_named_cards(cli, home):
    _rank_five_in_reward(cli)
    effect = next(n for n in _notes(cli) if n.startswith("card effect not checked"))
    assert PLACEHOLDER not in effect, effect
    assert "Rank 5 card is known by Rank only" in effect, effect
    assert "companion cards add theseus Knight --effect-points" in effect, effect  # named cards still taught


def test_a_named_card_is_still_taught(cli, home):
    """A named card of unknown VP keeps its `cards add` (the library can describe it)."""
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "rank", "5", "--overrule").exit_code == 0
    assert cli("track", "reward", "ann", "Hydra", "5").exit_code == 0
    vp = next(n for n in _notes(cli) if n.startswith("printed VP unknown"))
    assert 'companion cards add theseus Hydra --vp "N"' in vp and "known by its Rank only" not in vp, vp
