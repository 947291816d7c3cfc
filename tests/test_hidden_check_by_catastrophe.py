"""`companion check --by` in CATastrophe judges a play that names another cat as the `--by` cat sees
the table: the named cat's hand is their secret, so the verdict never lists it, on the `--by` cat's
turn (judged with that hand unknown) or off it (refused for the turn only; docs/moves-catastrophe.md);
and `moves --by` lists that cat's own plays from their own named hand, no other.
In-process, on a situation file with every hand named."""
from __future__ import annotations

import json

from tests.conftest import run_in_process

HANDS = {"Abi": ["Attack 4", "Cucumber"], "Betty": ["Pass", "Take", "Curiosity"], "Chris": ["Attack 3"]}


def _situation(tmp_path, chain=()):
    """Abi's turn, every hand named; `chain`: the cards in play."""
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"phase": "claw", "current": 0, "chain": list(chain),
                                "players": [{"name": n, "hand_cards": h} for n, h in HANDS.items()]}), encoding="utf-8")
    return str(path)


def _check(path, by, move):
    done = run_in_process("check", "catastrophe", "--situation", path, "--by", by, "--move", move, "--json")
    return done.returncode, json.loads(done.stdout)


def _said(verdict) -> str:
    return json.dumps(verdict)


def test_the_cat_to_act_checking_anothers_play_is_not_told_their_hand(home, tmp_path):
    code, verdict = _check(_situation(tmp_path), "abi", "Betty play Cucumber")
    assert code == 1 and not verdict["legal"]
    # what needs no hand stays: a Cucumber blocks nothing while no card is in play
    assert [r["rule"] for r in verdict["reasons"]] == ["catastrophe.main-deck.cucumber"], verdict
    assert not any(card in _said(verdict) for card in ("Pass", "Take", "Curiosity")), verdict


def test_with_a_card_in_play_it_is_legal_whether_betty_holds_it_left_open(home, tmp_path):
    ally = {"name": "Ally", "type": "ally", "controller": "Abi"}
    code, verdict = _check(_situation(tmp_path, [ally]), "abi", "Betty play Cucumber")
    assert code == 0 and verdict["legal"], verdict
    assert any("whether Betty holds Cucumber" in n["message"] for n in verdict["unchecked"]), verdict
    assert not any(card in _said(verdict) for card in ("Pass", "Take", "Curiosity")), verdict


def test_a_cat_off_turn_naming_the_cat_to_act_is_refused_for_the_turn_only(home, tmp_path):
    """The documented case (`--by betty "Abi play Attack 4 at Chris"`): `check` said Abi's hand."""
    code, verdict = _check(_situation(tmp_path), "betty", "Abi play Attack 5 at Chris")
    assert code == 1 and [r["rule"] for r in verdict["reasons"]] == ["catastrophe.turn.clockwise"], verdict
    assert "Cucumber" not in _said(verdict) and "Attack 4" not in _said(verdict), verdict


def test_a_cat_off_turn_naming_a_third_cat_is_refused_for_the_turn_only(home, tmp_path):
    code, verdict = _check(_situation(tmp_path), "chris", "Betty play Cucumber")
    assert code == 1 and [r["rule"] for r in verdict["reasons"]] == ["catastrophe.turn.clockwise"], verdict
    assert not any(card in _said(verdict) for card in ("Pass", "Take", "Curiosity")), verdict


def test_a_cats_own_play_is_still_judged_on_their_own_hand(home, tmp_path):
    """A guard (as before the change): Abi's own play, checked by Abi, reads Abi's hand."""
    code, verdict = _check(_situation(tmp_path), "abi", "Abi play Attack 5 at Chris")
    assert code == 1 and "Abi's hand is Attack 4, Cucumber" in _said(verdict), verdict


def _moves(path, by):
    done = run_in_process("moves", "catastrophe", "--situation", path, "--by", by, "--json")
    return json.loads(done.stdout)["moves"]


def test_moves_by_a_cat_off_turn_lists_a_reaction_from_their_own_named_hand(home, tmp_path):
    """`moves --by betty` listed only her Power Cat while `check` called `Betty play Take` legal: the
    listing read the table as the cat to act knows it (Betty's hand a count)."""
    path = _situation(tmp_path, [{"name": "Ally", "type": "ally", "controller": "Abi"}])
    assert "Betty play Take" in _moves(path, "betty")


def test_moves_by_another_cat_still_lists_nothing_from_bettys_hand(home, tmp_path):
    """A guard (as before the change): Chris's and Abi's listings never read Betty's secret hand."""
    path = _situation(tmp_path, [{"name": "Ally", "type": "ally", "controller": "Abi"}])
    for by in ("chris", "abi"):
        assert not any(m.startswith("Betty play") and m != "Betty play Power Cat" for m in _moves(path, by)), by
