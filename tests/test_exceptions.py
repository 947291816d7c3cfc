"""Exceptions travel with their rules: data links, load errors, `rules show`, search order."""
from __future__ import annotations

import shutil

import pytest

from companion import paths
from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR
from rulesdb.reference import load_reference, reference
from rulesdb.search import search
from tests.conftest import GAMES
from tests.games import cases


def test_every_game_has_exceptions_between_rules_of_that_game():
    ref = reference()
    for game in GAMES:
        general = [g for g in ref.exceptions if g.startswith(game + ".")]
        assert len(general) >= 8, game
        for g in general:
            for other, when in ref.exceptions[g]:
                assert other in ref.rules and other.startswith(game + ".") and other != g
                assert when.strip()


def test_catfinity_carries_the_red_glowy_dot_exception():
    ref = reference()
    overriding = [x for x, _ in ref.exceptions["catastrophe.catfinity.any-time"]]
    assert "catastrophe.catfinity.not-during-red-glowy-dot" in overriding
    assert "catastrophe.catfinity.any-time" in ref.exception_to("catastrophe.catfinity.not-during-red-glowy-dot")


def _copy_data(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    return data


@pytest.mark.parametrize("rule, overriding, message", [
    ("catopomp.sets.must-beatt", "catopomp.sets.leading",
     "field exceptions[0] (catopomp.sets.must-beatt).rule: no rule catopomp.sets.must-beatt (nearest: catopomp.sets.must-beat)"),
    ("catopomp.sets.must-beat", "catopomp.sets.lead",
     "field exceptions[0] (catopomp.sets.must-beat).overridden_by: no rule catopomp.sets.lead"),
    ("catopomp.sets.must-beat", "catopomp.sets", "overridden_by: no rule catopomp.sets"),
    ("catopomp.sets.must-beat", "catopomp.sets.must-beat", "a rule cannot be its own exception"),
])
def test_unknown_ids_name_the_file_and_field(tmp_path, rule, overriding, message):
    data = _copy_data(tmp_path)
    (data / "catopomp" / "exceptions.toml").write_text(
        f'game = "catopomp"\n[[exceptions]]\nrule = "{rule}"\noverridden_by = ["{overriding}"]\nwhen = "a case"\n',
        encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_reference(data)
    assert "catopomp/exceptions.toml" in str(err.value) and message in str(err.value)


def test_unknown_fields_and_missing_case_are_refused(tmp_path):
    data = _copy_data(tmp_path)
    path = data / "theseus" / "exceptions.toml"
    path.write_text('game = "theseus"\n[[exceptions]]\nrule = "theseus.limits.max-four"\n'
                    'overriden_by = ["theseus.limits.may-exceed"]\nwhen = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"exceptions.toml: field exceptions\[0\] \(theseus.limits.max-four\)"):
        load_reference(data)
    path.write_text('game = "theseus"\n[[exceptions]]\nrule = "theseus.limits.max-four"\n'
                    'overridden_by = ["catopomp.sets.leading"]\nwhen = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match="is not a theseus rule"):
        load_reference(data)


def test_rules_show_lists_exceptions_in_text_and_json(cli):
    shown = cli.json("rules", "show", "catastrophe.catfinity.any-time")
    assert {"id": "catastrophe.catfinity.not-during-red-glowy-dot",
            "title": reference().rules["catastrophe.catfinity.not-during-red-glowy-dot"].title,
            "when": reference().exceptions["catastrophe.catfinity.any-time"][0][1]} in shown["exceptions"]
    text = cli("rules", "show", "catastrophe.catfinity.any-time").stdout
    assert "Except" in text and "catastrophe.catfinity.not-during-red-glowy-dot" in text
    back = cli.json("rules", "show", "catastrophe.catfinity.not-during-red-glowy-dot")
    assert "catastrophe.catfinity.any-time" in [g["id"] for g in back["exception_to"]]
    assert cli.json("rules", "show", "catopomp.setup.soul-gems")["exceptions"] == []


def test_search_results_carry_their_exceptions(cli):
    hits = cli.json("rules", "search", "pass an attack to another player", "--game", "catastrophe")["results"]
    general = next(h for h in hits if h["id"] == "catastrophe.main-deck.pass")
    assert "catastrophe.main-deck.pass-not-ally" in [x["id"] for x in general["exceptions"]]
    text = cli("rules", "search", "pass an attack to another player", "--game", "catastrophe").stdout
    assert "Except when" in text and "catastrophe.main-deck.pass-not-ally" in text


# A question naming the general rule and the case: the exception answers it, so it comes first.
@pytest.mark.parametrize("game, case", cases("exception").items())  # tests/games/<game>.toml
def test_an_exception_the_question_names_ranks_above_its_rule(game, case):
    ask, general, exception = case["ask"], case["general"], case["exception"]
    ids = [h.id for h in search(ask, paths.cache_dir(), paths.sources_dir(), game=game, limit=10).results]
    assert exception in ids, ids
    if general in ids:
        assert ids.index(exception) < ids.index(general), ids


def test_a_question_without_the_case_keeps_the_general_rule_first():
    ids = [h.id for h in search("pass an attack card", paths.cache_dir(), paths.sources_dir(), game="catastrophe", limit=5).results]
    assert ids.index("catastrophe.main-deck.pass") < ids.index("catastrophe.main-deck.pass-not-ally") if "catastrophe.main-deck.pass-not-ally" in ids else True
    assert ids[0] != "catastrophe.main-deck.pass-not-ally"
