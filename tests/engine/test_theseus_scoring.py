"""Party of the Theseus final scoring: the cases the mutation sample (benchmarks/mutation_sample.py,
issue 43 item 4) showed no test pinned down: end-game points from card effects, cards whose VP and
Rank are unknown, the teaching line past three cards, a card the catalogue lacks, a hidden Hand in
the tiebreaker."""
from __future__ import annotations

from engine.theseus import Engine
from engine.theseus.rules_scoring import final_scores

ENGINE = Engine()
CARDS = [
    {"name": "Knight", "icon": "explore", "effect": "none"},
    {"name": "Gem", "rank": 2, "vp": 3, "icon": "explore", "effect": "2 points at the end",
     "effect_points": 2, "effect_points_area": "reward"},
    *({"name": f"Odd{i}", "icon": "explore", "effect": "none"} for i in range(1, 6)),
    {"name": "Low", "rank": 3, "icon": "explore", "effect": "none"},
    {"name": "High", "rank": 5, "icon": "explore", "effect": "none"},
]


def ended(players):
    return ENGINE.load_state({"players": players, "cards": CARDS, "active_rank": 6, "board": [], "game_over": True,
                              "decks": {str(r): 0 for r in range(1, 7)}})


def messages(scores) -> str:
    return " | ".join(n.message for n in scores["unchecked"])


def test_end_game_points_of_a_card_effect_add_to_the_total():
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight"], "reward_area": ["Gem"]},
                                 {"name": "Ben", "party": ["Knight"]}]))
    ann = scores["players"][0]
    assert (ann["card_vp"], ann["effect_points"], ann["total"]) == (3, 2, 5)
    assert scores["winners"] == ["Ann"] and scores["decided_by"] == "points"


def test_a_reward_card_of_unknown_vp_and_rank_counts_nothing_and_says_how_to_teach_it():
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight"], "reward_area": ["Odd1"]},
                                 {"name": "Ben", "party": ["Knight"]}]))
    assert scores["players"][0]["total"] == 0
    said = messages(scores)
    assert "VP and Rank unknown for Odd1: counted as 0; teach it: `companion cards add theseus Odd1 --rank" in said
    assert "likewise" not in said  # one card: nothing more to teach


def test_without_printed_vp_a_card_counts_by_its_rank():
    """The general rule: Ranks 1-4 score 1 VP, Ranks 5-6 score 2."""
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight"], "reward_area": ["Low", "High"]},
                                 {"name": "Ben", "party": ["Knight"], "reward_area": ["High", "High"]}]))
    assert [r["card_vp"] for r in scores["players"]] == [3, 4]


def test_past_three_cards_to_teach_the_line_says_how_many_more():
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight"], "reward_area": [f"Odd{i}" for i in range(1, 6)]},
                                 {"name": "Ben", "party": ["Knight"]}]))
    assert "and likewise for the 2 others" in messages(scores)


def test_a_card_the_catalogue_lacks_leaves_its_effect_unchecked():
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight", "Stranger"]}, {"name": "Ben", "party": ["Knight"]}]))
    assert "card effect not checked" in messages(scores) and "Stranger" in messages(scores)


def test_a_hidden_hand_counts_nothing_in_the_hand_tiebreak_and_the_table_is_told():
    scores = final_scores(ended([{"name": "Ann", "party": ["Knight"], "hand": []},
                                 {"name": "Ben", "party": ["Knight"], "hand": 3}]))
    assert scores["decided_by"] == "tie" and scores["winners"] == ["Ann", "Ben"]
    assert "the Hands of Ben are not known to the table" in messages(scores)
