"""A note answers a question naming its subject (issue 46, round seventeen): one whose title says none
of the question's telling words weighs less than the rules it comments (rulesdb/notes_rank.py)."""
from __future__ import annotations

import pytest

from rulesdb.notes_rank import notes_aside
from tests.conftest import stems

NOTE = {"id": "x.how-to-play", "kind": "note", "title": "How you play, in short"}
RULE = {"id": "x.setup-step", "kind": "rule", "title": "Setup 2: the reaper starts in its lair"}


def test_a_note_whose_title_says_no_telling_word_weighs_less():
    key = [frozenset({"setup", "start"}), frozenset({"quick"})]
    out = notes_aside([(10.0, NOTE), (8.0, RULE)], key, stems, 0.6)
    assert [f["id"] for _, f in out] == ["x.setup-step", "x.how-to-play"]
    assert out[1][0] == pytest.approx(6.0)


def test_a_note_whose_title_says_the_subject_keeps_its_place():
    key = [frozenset({"plai"})]  # "play", as the analyzer stems it
    found = [(10.0, NOTE), (8.0, RULE)]
    assert notes_aside(found, key, stems, 0.6) is found


def test_rules_and_terms_are_never_weighed_by_it():
    term = {"id": "x.glossary.setup", "kind": "term", "title": "Setup"}
    found = [(10.0, RULE), (9.0, term)]
    assert notes_aside(found, [frozenset({"quick"})], stems, 0.6) is found


@pytest.mark.parametrize("game", ["catastrophe", None])
def test_a_quick_setup_question_finds_a_setup_step_not_the_short_how_to_play(engine, game):
    """A tuning-set question (blind4): the note "How you play, in short" came first by its keyword."""
    ids = [h.id for h in engine.search("catastrophe quick setup?", game=game, limit=3).results]
    assert ids[0].startswith("catastrophe.setup."), ids


@pytest.mark.parametrize("game", ["theseus", None])
def test_a_player_count_said_in_passing_leaves_the_note_on_player_counts_below_the_limit(engine, game):
    ids = [h.id for h in engine.search("Theseus - 3 players, whats the hand limit for each", game=game, limit=3).results]
    assert ids[0] in {"theseus.limits.max-four", "theseus.glossary.party-and-hand-limit"}, ids


@pytest.mark.parametrize("ask, note", [
    ("how many yarn balls can I hold", "catastrophe.yarn-balls.holding-limit"),
    ("tiebreak when we are still tied after both", "theseus.tiebreakers.full-tie"),
])
def test_a_question_naming_the_notes_subject_still_finds_the_note_first(engine, ask, note):
    ids = [h.id for h in engine.search(ask, game=note.split(".")[0], limit=3).results]
    assert ids[0] == note, ids
