"""The rules reference data: loads, ids unique, links resolve, every rulebook section covered."""
from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR
from rulesdb.reference import load_reference, reference
from tests.conftest import GAMES, ROOT, RULEBOOK_FILES, RULEBOOKS
from tests.games import game_data, per_game

SECTIONS_DIR = ROOT / "tests" / "rulebook_sections"

# Terms a player meets in each game (named in the rules-lookup issue); each must be in the glossary:
# each game's own test data, tests/games/<game>.toml
REQUIRED_TERMS = per_game("required_terms")


def rulebook_sections(game: str) -> list[str]:
    out = []
    for path in sorted(SECTIONS_DIR.glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        if doc["game"] == game:
            out += doc["sections"]
    return out


def test_reference_loads_every_game():
    ref = reference()
    for game in GAMES:
        assert [r for r in ref.rules.values() if r.game == game], f"{game} has no rules"
        assert ref.terms(game), f"{game} has no glossary"


def test_ids_are_unique_across_all_files():
    ids = Counter()
    for path in DATA_DIR.rglob("*.toml"):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for key in ("sections", "rules"):
            ids.update(item["id"] for item in doc.get(key, []))
    assert [i for i, n in ids.items() if n > 1] == []


def test_every_link_resolves():
    ref = reference()
    known = set(ref.rules) | set(ref.sections) | set(ref.glossary)
    for rule in ref.rules.values():
        assert rule.section in ref.sections
        assert set(rule.see_also) <= known, rule.id
    for entry in ref.glossary.values():
        assert set(entry.term.rules) <= set(ref.rules) | set(ref.sections), entry.id


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_section_has_entries(game):
    ref = reference()
    sections = rulebook_sections(game)
    assert len(sections) >= 8, f"the section list of {game} looks incomplete"
    sources = {r.source for r in ref.rules.values() if r.game == game}
    sources |= {s.source for s in ref.game_sections(game)}
    assert [s for s in sections if s not in sources] == []


@pytest.mark.parametrize("game", GAMES)
def test_section_lists_match_the_rulebooks(game):
    book = RULEBOOKS / RULEBOOK_FILES[game]
    if not book.exists():
        pytest.skip("the rulebooks are not beside the project")
    text = book.read_text(encoding="utf-8")
    assert [s for s in rulebook_sections(game) if s not in text] == []


@pytest.mark.parametrize("game", GAMES)
def test_glossary_has_the_terms_players_meet(game):
    from rulesdb.glossary import define

    for term in REQUIRED_TERMS[game]:
        found = define(term, game)
        assert found and found[0].game == game, term


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_restated(game):
    examples = [r for r in reference().rules.values() if r.game == game and r.kind == "example"]
    assert bool(examples) == game_data(game)["worked_examples"], f"{game}: worked examples in its rulebook"


def test_the_reroll_rule_is_stated_plainly():
    """The rulebook, its Dave example and its quickplay page agree: pick any dice, throw them together,
    at most two rerolls. No reroll entry may call this a contradiction or carry an unclear note."""
    ref = reference()
    reroll = [r for r in ref.rules.values() if r.game == "catharsis" and "reroll" in (r.title + r.text).lower()]
    assert len(reroll) >= 4
    assert not [r.id for r in reroll if r.unclear], "the reroll rule is clear in the rulebook"
    assert not [r.id for r in reroll if "contradict" in (r.title + r.text).lower()]
    which = ref.rules["catharsis.combat.player-attack.reroll-which-dice"].text.lower()
    assert "just one die" in which and "at most 2" in which and "one at a time" in which
    term = ref.glossary["catharsis.glossary.reroll"].term.definition.lower()
    assert "contradict" not in term and "at most 2" in term


def test_genuine_gaps_are_still_said_plainly():
    ref = reference()
    kept = {r.id for r in ref.rules.values() if r.game == "catharsis" and r.unclear}
    assert "catharsis.combat.start-of-round.burn-spore" in kept  # Burn is never defined
    # BB is defined (a pair whose value no other die on the ability shows): not a gap (issue 20)
    assert "catharsis.player-decks.symbol-bb" not in kept
    bb = ref.rules["catharsis.player-decks.symbol-bb"].text
    assert "?" in bb and "number" in bb


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_field_names_file_and_field(tmp_path, game):
    data = _copy_data(tmp_path)
    path = data / game / "rules.toml"
    text = path.read_text(encoding="utf-8")
    first_title = next(line for line in text.splitlines() if line.startswith("title = ") )
    path.write_text(text.replace(first_title, "titel = \"oops\"", 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_reference(data)
    message = str(err.value)
    assert game in message and "rules.toml" in message
    assert "titel" in message or "title" in message


def test_an_unknown_see_also_is_refused(tmp_path):
    data = _copy_data(tmp_path)
    path = data / "theseus" / "rules.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("see_also = [", "see_also = [\"theseus.no-such-rule\", ", 1), encoding="utf-8")
    with pytest.raises(DataError, match="theseus.no-such-rule"):
        load_reference(data)


def test_a_duplicate_id_is_refused(tmp_path):
    data = _copy_data(tmp_path)
    src = data / "catastrophe" / "rules.toml"
    doc = src.read_text(encoding="utf-8")
    first_rule = doc[doc.index("[[rules]]"):].split("\n[[", 1)[0]
    (data / "catastrophe" / "rules-extra.toml").write_text('game = "catastrophe"\n\n' + first_rule + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="used twice"):
        load_reference(data)


def test_models_are_frozen():
    rule = next(iter(reference().rules.values()))
    with pytest.raises(Exception):
        rule.title = "changed"


def test_a_game_id_resolves_to_its_own_game_and_no_other_game_is_named_so():
    """resolve_game answers an id without reading the games list (a search's start-up): right only
    while no game's name or alias is another game's id."""
    from rulesdb.games import GAME_IDS, all_games, resolve_game

    for game in all_games():
        for name in (game.name, *game.aliases):
            folded = " ".join(name.lower().replace("_", " ").split())
            assert folded.replace(" ", "-") not in set(GAME_IDS) - {game.id}, (game.id, name)
    for game_id in GAME_IDS:
        assert resolve_game(game_id) == resolve_game(game_id.upper()) == resolve_game(game_id.replace("-", " ")) == game_id


def _entry_words():
    """(id, field, words) for every text a reader of the reference sees: titles, texts, unclear notes,
    glossary definitions."""
    ref = reference()
    for r in ref.rules.values():
        yield from ((r.id, name, value) for name, value in
                    (("title", r.title), ("text", r.text), ("unclear", r.unclear or "")))
    for entry in ref.terms():
        yield entry.id, "definition", entry.term.definition


def test_no_entry_names_a_companion_command():
    """An entry restates the rulebook; what the companion's commands do belongs in docs/. Commands are
    written in backticks (the docs' way) or after `companion`: neither may appear in an entry."""
    import re

    import typer

    from companion.cli import root_app

    commands = sorted(typer.main.get_command(root_app).commands)
    named = re.compile(r"`|\bcompanion (?:%s)\b" % "|".join(map(re.escape, commands)))
    found = [(where, field) for where, field, words in _entry_words() if named.search(words)]
    assert not found, f"entries naming a companion command: {found}"
