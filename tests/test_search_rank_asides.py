"""A rule that speaks of a named thing as one case of another subject (catharsis.duo-powers.luthia,
Luthia's duo powers) gives way to the thing's own rules when the question names the thing but not
that subject (issue 46, rulesdb/topic.py's asides): a short rule sharing the name no longer wins on
BM25 alone."""
from __future__ import annotations

import pytest

from rulesdb.topic import asides


def _hit(rule_id: str) -> dict:
    return {"id": rule_id}


def _stems(text: str) -> list[str]:
    return text.split()


FOUND = [(30.0, _hit("catharsis.duo-powers.luthia")), (20.0, _hit("catharsis.characters.luthia.cobble-gain")),
         (10.0, _hit("catharsis.damage.per-point"))]


def test_an_aside_weighs_less_when_its_subject_is_not_asked():
    out = asides(FOUND, {"luthia", "cobble"}, _stems, 0.5)
    assert [f["id"] for _, f in out][:2] == ["catharsis.characters.luthia.cobble-gain", "catharsis.duo-powers.luthia"]
    assert out[1][0] == 15.0


def test_an_aside_keeps_its_weight_when_the_question_says_its_whole_subject():
    assert asides(FOUND, {"luthia", "duo", "powers"}, _stems, 0.5) == FOUND
    # one word of the subject is not the subject ("a power" is any power)
    assert asides(FOUND, {"luthia", "powers"}, _stems, 0.5)[0][1]["id"] == "catharsis.characters.luthia.cobble-gain"


def test_an_aside_keeps_its_weight_without_the_things_own_rules_or_name():
    alone = [FOUND[0], FOUND[2]]
    assert asides(alone, {"luthia", "cobble"}, _stems, 0.5) == alone  # no rule of Luthia's own among the hits
    assert asides(FOUND, {"cobble"}, _stems, 0.5) == FOUND  # the question does not name her


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask, answer", [
    ("where does luthia get her cobble", "catharsis.characters.luthia.cobble-gain"),
    ("luthia and cobble", "catharsis.characters.luthia.cobble-gain"),
])
def test_the_named_things_own_rule_comes_before_its_aside(engine, game, ask, answer):
    ids = [h.id for h in engine.search(ask, game=game, limit=3).results]
    assert ids[0] == answer, ids


@pytest.mark.parametrize("game", ["catharsis", None])
def test_asking_the_subject_keeps_the_aside_first(engine, game):
    ids = [h.id for h in engine.search("can luthia use cobble to upgrade a duo power", game=game, limit=3).results]
    assert ids[0] == "catharsis.duo-powers.luthia", ids
