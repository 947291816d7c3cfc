"""The card library (issue 23): `companion cards ...` per game in the data folder, laid over the shipped
catalogue; sessions record it at `track new`, so editing it later changes no session; a bad entry
changes nothing. The commands run in-process (typer's runner); the first test runs through the
installed script as well (marked `installed`)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.words import match, teach
from engine.errors import AmbiguousMove, MoveSyntaxError
from rulesdb.games import GAME_IDS
from tests.conftest import files_under, run_companion, run_in_process
from tests.games import per_game


def run(home: Path, *args: str, installed: bool = False):
    return (run_companion if installed else run_in_process)(*args, env={"COMPANION_HOME": str(home)})


def ok(done) -> str:
    assert done.returncode == 0, (done.args, done.stdout[-1500:], done.stderr[-1500:])
    return done.stdout


def refused(done) -> str:
    """Exit 2, one line on stderr, no traceback."""
    assert done.returncode == 2, (done.args, done.stdout[-800:], done.stderr[-800:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr


def library_file(home: Path, game: str) -> Path:
    return home / "data" / "cards" / f"{game}.toml"


@pytest.mark.parametrize("installed", [False, pytest.param(True, marks=pytest.mark.installed)],
                         ids=["in-process", "installed"])
def test_add_show_list_edit_remove(home, installed):
    def do(*args):
        return run(home, *args, installed=installed)

    ok(do("cards", "add", "catharsis", "Fire Bolt", "--character", "Luthia", "--bottom", "BB 4 || 6 6"))
    card = json.loads(ok(do("cards", "show", "catharsis", "bolt", "--json")))
    assert card["name"] == "Fire Bolt" and card["entry"]["bottom"] == {"cost": "BB 4 || 6 6"}
    assert card["origin"] == "library" and "top" in card["unknown"]
    # a name that exists is refused, naming `cards edit`
    assert "cards edit" in refused(do("cards", "add", "catharsis", "fire bolt", "--top", "4"))
    ok(do("cards", "edit", "catharsis", "fire", "--top.cost", "AA"))
    card = json.loads(ok(do("cards", "show", "catharsis", "Fire Bolt", "--json")))
    assert card["entry"]["top"] == {"cost": "AA"} and card["entry"]["bottom"] == {"cost": "BB 4 || 6 6"}
    names = [c["name"] for c in json.loads(ok(do("cards", "list", "catharsis", "--json")))["cards"]]
    assert "Fire Bolt" in names and "Nail to the Eye" in names  # the library beside the shipped catalogue
    ok(do("cards", "remove", "catharsis", "Fire Bolt"))
    refused(do("cards", "show", "catharsis", "Fire Bolt"))


def test_editing_a_catalogue_card_keeps_its_other_fields(home):
    """Adding a cost to the built-in Nail to the Eye keeps its Combo values (issue 23's table report)."""
    before = json.loads(ok(run(home, "cards", "show", "catharsis", "nail", "--json")))["entry"]
    ok(run(home, "cards", "edit", "catharsis", "nail", "--bottom", "AAA"))
    after = json.loads(ok(run(home, "cards", "show", "catharsis", "nail", "--json")))
    assert after["entry"]["bottom"]["combo"] == before["bottom"]["combo"]
    assert after["entry"]["bottom"]["cost"] == "AAA" and after["entry"]["top"] == before["top"]
    assert after["origin"].startswith("catalogue, fields from the library")
    # removing the library's entry gives the catalogue's back
    ok(run(home, "cards", "remove", "catharsis", "nail"))
    assert json.loads(ok(run(home, "cards", "show", "catharsis", "nail", "--json")))["entry"] == before


def test_each_game_takes_its_own_fields(home):
    ok(run(home, "cards", "add", "cataclysm-arcade", "Grunt", "--type", "fighter", "--level", "1", "--health", "3",
           "--keywords", "agility, armor"))
    entry = json.loads(ok(run(home, "cards", "show", "cataclysm-arcade", "grunt", "--json")))["entry"]
    assert entry == {"name": "Grunt", "type": "fighter", "level": 1, "health": 3, "keywords": ["agility", "armor"]}
    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "3", "--icon", "explore", "--effect-points", "2"))
    entry = json.loads(ok(run(home, "cards", "show", "theseus", "oracle", "--json")))["entry"]
    assert entry["rank"] == 3 and entry["effect_points"] == 2
    # a field another game has is no field here: named, with this game's fields
    err = refused(run(home, "cards", "add", "theseus", "Seer", "--health", "3"))
    assert "--health" in err and "rank" in err
    err = refused(run(home, "cards", "add", "cataclysm-arcade", "Brute", "--type", "fighter", "--health", "lots"))
    assert "'Brute'" in err and "health" in err
    assert not library_file(home, "theseus").read_text().count("Seer")


@pytest.mark.parametrize("game", [g for g, has in per_game("card_catalogue").items() if not has])
def test_a_game_without_cards_has_no_card_catalogue(home, game):
    """The games whose test data (tests/games/<game>.toml) says they keep no card catalogue are refused,
    naming the games that keep one."""
    err = refused(run(home, "cards", "list", game))
    assert f"{game} has no card catalogue" in err
    assert all(g in err for g, has in per_game("card_catalogue").items() if has), err
    assert not (home / "data" / "cards").exists()


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_import_export_round_trip(home, tmp_path, suffix):
    source = tmp_path / f"theseus{suffix}"
    cards = [{"name": "Oracle", "rank": 2, "icon": "explore", "vp": 1},
             {"name": "Knight", "rank": 1, "icon": "subjugate"}]
    if suffix == ".json":
        source.write_text(json.dumps({"cards": cards}), encoding="utf-8")
    else:
        source.write_text('[[cards]]\nname = "Oracle"\nrank = 2\nicon = "explore"\nvp = 1\n\n'
                          '[[cards]]\nname = "Knight"\nrank = 1\nicon = "subjugate"\n', encoding="utf-8")
    assert json.loads(ok(run(home, "cards", "import", "theseus", str(source), "--json")))["imported"] == ["Oracle", "Knight"]
    knight = json.loads(ok(run(home, "cards", "show", "theseus", "knight", "--json")))
    assert knight["entry"]["rank"] == 1 and knight["entry"]["source"]  # laid over the catalogue's Knight
    out = tmp_path / f"again{suffix}"
    ok(run(home, "cards", "export", "theseus", str(out)))
    again = tmp_path / "home2"
    ok(run(again, "cards", "import", "theseus", str(out)))
    assert (json.loads(ok(run(again, "cards", "list", "theseus", "--json")))
            == json.loads(ok(run(home, "cards", "list", "theseus", "--json"))))


def test_an_import_with_one_broken_entry_changes_nothing(home, tmp_path):
    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "2"))
    before = {p: p.read_bytes() for p in files_under(home) if p.is_file()}
    broken = tmp_path / "broken.toml"
    broken.write_text('[[cards]]\nname = "Seer"\nrank = 3\n\n[[cards]]\nname = "Witch Queen"\nrank = 9\n\n'
                      '[[cards]]\nname = "Sage"\nrank = 1\n', encoding="utf-8")
    err = refused(run(home, "cards", "import", "theseus", str(broken)))
    assert "'Witch Queen'" in err and "rank" in err
    for bad, why in (('[[cards]]\nrank = 2\n', "without a name"), ('[[cards]]\nname = "A"\n[[cards]]\nname = "a"\n', "twice"),
                     ("[[cards]\nname = 1", "not valid TOML")):
        broken.write_text(bad, encoding="utf-8")
        assert why in refused(run(home, "cards", "import", "theseus", str(broken)))
    assert {p: p.read_bytes() for p in files_under(home) if p.is_file()} == before
    assert [c["name"] for c in json.loads(ok(run(home, "cards", "list", "theseus", "--json")))["cards"]
            if c["origin"] == "library"] == ["Oracle"]


def test_editing_the_library_after_a_session_leaves_the_session_as_it_was(home, tmp_path):
    """The session recorded the library at `track new`: replay, `track show` and export stay exact."""
    ok(run(home, "cards", "add", "cataclysm-arcade", "Grunt", "--type", "fighter", "--level", "1",
           "--health", "3", "--attack", "2"))
    ok(run(home, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "night"))
    table = json.loads(ok(run(home, "track", "situation", "--json")))
    assert [c for c in table["cards"] if c["name"] == "Grunt"][0]["health"] == 3
    shown = json.loads(ok(run(home, "track", "show", "--json")))
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    ok(run(home, "track", "export", "night", str(first)))

    ok(run(home, "cards", "edit", "cataclysm-arcade", "grunt", "--health", "9"))
    ok(run(home, "cards", "add", "cataclysm-arcade", "Zap", "--type", "response", "--cost", "1"))

    again = json.loads(ok(run(home, "track", "show", "--json")))
    assert again["state"] == shown["state"]
    assert {d["card"] for d in again["library"]} == {"Grunt", "Zap"}  # ... and it says the library moved on
    assert "Grunt" in ok(run(home, "track", "show")).split("Card library:")[1]
    assert json.loads(ok(run(home, "track", "situation", "--json"))) == table
    ok(run(home, "track", "export", "night", str(second)))
    assert json.loads(first.read_text())["options"] == json.loads(second.read_text())["options"]
    card = json.loads(ok(run(home, "cards", "show", "cataclysm-arcade", "grunt", "--json")))
    assert card["entry"]["health"] == 9 and card["sessions"][0]["session"] == "night"
    # an import of the export elsewhere starts from the recorded cards, not that library's
    other = tmp_path / "other"
    ok(run(other, "track", "import", str(second)))
    assert json.loads(ok(run(other, "track", "situation", "--json"))) == table
    # a new session takes the library as it is now
    ok(run(home, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "later"))
    later = json.loads(ok(run(home, "track", "situation", "--json")))
    assert [c for c in later["cards"] if c["name"] == "Grunt"][0]["health"] == 9


def test_a_session_without_a_library_records_none(home, tmp_path):
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "plain"))
    out = tmp_path / "plain.json"
    ok(run(home, "track", "export", "plain", str(out)))
    assert "library" not in json.loads(out.read_text())["options"]
    assert "library" in refused(run(home, "track", "new", "theseus", "-p", "Ann,Ben", "-o", "library=[]"))


def test_a_card_described_in_a_session_is_saved_with_save(home):
    ok(run(home, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben"))
    ok(run(home, "track", "card", "Ogre", "fighter", "level=2", "health=6"))  # session-only
    unknown = json.loads(ok(run(home, "cards", "list", "cataclysm-arcade", "--unknown", "--json")))["unknown"]
    assert [u["name"] for u in unknown] == ["Ogre"] and "only" in unknown[0]["why"]
    refused(run(home, "cards", "show", "cataclysm-arcade", "Ogre"))
    done = json.loads(ok(run(home, "track", "card", "Grunt", "fighter", "level=1", "health=3", "--save", "--json")))
    assert done["saved"] == ["Grunt"]
    entry = json.loads(ok(run(home, "cards", "show", "cataclysm-arcade", "grunt", "--json")))["entry"]
    assert entry["health"] == 3 and entry["level"] == 1
    ok(run(home, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=10"))
    assert "Saved to the card library: Fire Bolt" in ok(run(home, "play", 'card "Fire Bolt" top 4', "--save"))
    assert json.loads(ok(run(home, "cards", "show", "catharsis", "fire bolt", "--json")))["entry"]["top"]["cost"] == "4"


def test_check_with_a_situation_uses_the_library(home):
    """`check/moves/status --situation` read the table with the library's cards beside the situation's
    own entries, which win (companion/play_cmd.py `_with_library`)."""
    from companion import paths
    from companion.play_cmd import _with_library
    from engine import get_engine, get_tracker

    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "1", "--icon", "explore"))
    engine = get_engine("theseus")
    table = get_tracker("theseus").declaration.verbs.new_state(["Ann", "Ben"], {}).model_dump(mode="json")
    paths.set_home(home)
    try:
        bare = _with_library(engine, engine.load_state(table))
        assert [(c.rank, c.icon) for c in bare.cards if c.name == "Oracle"] == [(1, "explore")]
        own = _with_library(engine, engine.load_state({**table, "cards": [{"name": "Oracle", "rank": 4}]}))
        assert [c.rank for c in own.cards if c.name == "Oracle"] == [4]
    finally:
        paths.set_home(None)


def test_names_match_anywhere_in_the_name():
    powers = ["Divine Shield", "Sky is the Limit", "Nail to the Eye"]
    assert match("shield", powers, "power") == "Divine Shield"
    assert match("Sky", powers, "power") == "Sky is the Limit"  # a prefix still wins
    with pytest.raises(AmbiguousMove) as caught:
        match("the", powers, "power")
    assert caught.value.candidates == ["Sky is the Limit", "Nail to the Eye"]
    with pytest.raises(MoveSyntaxError):
        match("fireball", powers, "power")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdefg XYZ", min_size=1, max_size=12), min_size=1, max_size=6, unique_by=str.lower),
       st.data())
def test_any_part_of_a_name_finds_it_or_lists_every_name_holding_it(names, data):
    """Invariant: a piece of one name finds that name, or the ambiguity lists exactly the names it fits."""
    name = data.draw(st.sampled_from(names))
    start = data.draw(st.integers(0, len(name) - 1))
    piece = name[start:data.draw(st.integers(start + 1, len(name)))]
    assume(piece.strip())  # blanks name nothing
    try:
        found = match(piece, names, "card")
    except AmbiguousMove as exc:
        low = piece.lower()
        prefixed = [n for n in names if n.lower().startswith(low)]
        assert exc.candidates == (prefixed or [n for n in names if low in n.lower()]) and len(exc.candidates) > 1
    else:
        assert piece.lower() in found.lower()


def test_teach_names_the_one_command():
    assert teach("catharsis", "Fire Bolt", "bottom", "BB 4 || 6 6") == \
        'companion cards add catharsis "Fire Bolt" --bottom "BB 4 || 6 6"'
    assert teach("theseus", "Knight", "effect_points", "2") == 'companion cards add theseus Knight --effect-points "2"'


def test_a_taught_command_runs(home):
    """The command teach() names is one the CLI takes as it is."""
    import shlex

    words = shlex.split(teach("catharsis", "Fire Bolt", "bottom", "BB 4 || 6 6"))[1:]
    ok(run(home, *words))
    assert json.loads(ok(run(home, "cards", "show", "catharsis", "Fire Bolt", "--json")))["entry"]["bottom"] == \
        {"cost": "BB 4 || 6 6"}


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_shipped_schema_is_current(game):
    """docs/cards/<game>.schema.json is what the game's card record gives; regenerate it with
    `companion cards schema GAME > docs/cards/GAME.schema.json`. A game without a card catalogue
    ships none."""
    from engine import get_tracker
    from engine.library import card_model, library_schema

    path = Path(__file__).parents[1] / "docs" / "cards" / f"{game}.schema.json"
    if card_model(get_tracker(game).State) is None:
        assert not path.exists(), f"{game} has no card catalogue, yet {path.name} ships"
        return
    shipped = json.loads(path.read_text())
    assert shipped == library_schema(get_tracker(game).State, game), \
        f"stale: companion cards schema {game} > docs/cards/{game}.schema.json"


def test_an_export_whose_recorded_cards_are_broken_is_refused(home, tmp_path):
    """The session's recorded library is checked on import like everything else in the file."""
    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "2"))
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "night"))
    good = tmp_path / "night.json"
    ok(run(home, "track", "export", "night", str(good)))
    doc = json.loads(good.read_text())
    entries = json.loads(doc["options"]["library"])
    entries[0]["rank"] = 9
    doc["options"]["library"] = json.dumps(entries)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    other = tmp_path / "other"
    assert "rank" in refused(run(other, "track", "import", str(bad)))
    assert not (other / "data" / "sessions.sqlite3").exists() or "night" not in ok(run(other, "track", "list"))


def test_every_reader_of_a_session_starts_from_its_recorded_cards(home):
    """log, recap, history and stats replay a session that recorded a library (its `library` option is
    the session's, not a game option the tracker would refuse)."""
    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "2", "--icon", "explore"))
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "night"))
    for words in (["track", "log"], ["track", "recap"], ["history"], ["stats"], ["track", "show"], ["moves"]):
        done = run(home, *words, "--json")
        assert done.returncode == 0, (words, done.stderr)
        json.loads(done.stdout)


@pytest.mark.parametrize("fact,value", [("bottom", "BB 4 || 6 6"), ("top-adjust", "2"), ("top-adjust-dice", "1"),
                                        ("flight-bottom", "1 2"), ("top-attacks", "4,2")])
def test_a_catharsis_verdict_teaches_a_command_the_library_takes(home, fact, value):
    """Each fact a Catharsis verdict names unknown is taught by a command `cards add` runs as written
    (the engine's own fact names map onto the library's field paths)."""
    import shlex

    from engine.catharsis.rules_cards import teach as catharsis_teach

    words = shlex.split(catharsis_teach("Spark", fact, value))[1:]
    ok(run(home, *words))


@pytest.mark.parametrize("fact,value,path", [("top-level-2", "AA ?", ("top", "levels", "2")),
                                             ("bottom-combo-3", "deal 8 damage", ("bottom", "combo", "3"))])
def test_level_costs_and_combo_values_are_taught_by_a_flag(home, fact, value, path):
    """Luthia's Level costs and Goz's Combo values are tables: one key a flag (`--top.levels.2 COST`)."""
    import shlex

    from engine.catharsis.rules_cards import teach as catharsis_teach

    words = shlex.split(catharsis_teach("Spark", fact, value))[1:]
    assert words[:4] == ["cards", "add", "catharsis", "Spark"] and words[4] == "--" + ".".join(path)
    ok(run(home, *words))
    entry = json.loads(ok(run(home, "cards", "show", "catharsis", "Spark", "--json")))["entry"]
    assert entry[path[0]][path[1]] == {path[2]: value}


def test_table_flags_add_keys_and_bad_keys_are_refused(home):
    ok(run(home, "cards", "add", "catharsis", "Gadget", "--character", "Luthia", "--top", "6",
           "--top.levels.2", "5 5", "--top.levels.3", "?"))
    entry = json.loads(ok(run(home, "cards", "show", "catharsis", "Gadget", "--json")))["entry"]
    assert entry["top"] == {"cost": "6", "levels": {"2": "5 5", "3": "?"}}
    before = library_file(home, "catharsis").read_bytes()
    assert "Level" in refused(run(home, "cards", "edit", "catharsis", "Gadget", "--top.levels.4", "6"))
    assert "does not read" in refused(run(home, "cards", "edit", "catharsis", "Gadget", "--top.levels.2", "Z"))
    assert "Combo" in refused(run(home, "cards", "edit", "catharsis", "Gadget", "--bottom.combo.three", "x"))
    assert "--top.levels.KEY" in refused(run(home, "cards", "edit", "catharsis", "Gadget", "--top.levels.2.x", "6"))
    assert library_file(home, "catharsis").read_bytes() == before
    # a key of the shipped Nail to the Eye's Combo values is added beside the others
    ok(run(home, "cards", "edit", "catharsis", "nail", "--bottom.combo.9", "deal 20 damage"))
    combo = json.loads(ok(run(home, "cards", "show", "catharsis", "nail", "--json")))["entry"]["bottom"]["combo"]
    assert combo["9"] == "deal 20 damage" and "3" in combo and "6" in combo


#: a placeholder a verdict's command shows -> the value the table reads off its card
FILLED = {'"COST"': '"AA ?"', '"EFFECT"': '"deal 6 damage"', '"N"': '"1"', '"4,2"': '"4,2"'}


def _taught(note: str) -> list[str]:
    import shlex

    command = note.split("for the next sessions: ", 1)[1].rsplit(")", 1)[0]
    for placeholder, value in FILLED.items():
        command = command.replace(placeholder, value)
    return shlex.split(command)[1:]


def test_every_command_a_catharsis_verdict_teaches_runs(home):
    """Each unknown fact a Catharsis verdict names comes with one command; with the card's value in place
    of the placeholder it runs, and the library then knows that fact."""
    from tests.engine.test_catharsis_referee import ATTACK, table, verdict

    cases = [
        (table(*ATTACK, 'card "Fire Bolt" top "AA ?"', "rename Ann 1 Fire Bolt", "roll Ann 4 4 1 2 5 6"),
         "use Ann 1 bottom with 4 4", "Fire Bolt", "bottom"),
        (table(*ATTACK, 'card Gadget top "6"', "rename Lu 1 Gadget", "cobble Lu +7", "level-up Lu 1",
               "roll Lu 5 5 6 1 2 3", players=("Lu",), characters="Lu=Luthia"),
         "use Lu 1 top with 6", "Gadget", "top.levels"),
        (table(*ATTACK, "rename Gia 1 Dragon Grapple", "combo Gia 1 +2", "roll Gia 4 4 1 2 5 6",
               players=("Gia",), characters="Gia=Goz"),
         "use Gia 1 bottom with 4 4", "Dragon Grapple", "bottom.combo"),
        (table(*ATTACK, 'card Tinker top "6"', "rename Ann 1 Tinker", "roll Ann 6 1 1 2 3 4", "use Ann 1 top with 6"),
         "adjust Ann 1 +1 by Ann 1 top", "Tinker", "top.adjust"),
        (table(*ATTACK, 'card Gust ground top "?" flight top "1"', "rename Dave 1 Gust", "side Dave 1 flight", "roll Dave 1 2 3 4 5 6",
               players=("Dave",), characters="Dave=Soraten"),
         "use Dave 1 bottom with 1", "Gust", "flight.bottom"),
    ]
    for state, text, card, field in cases:
        notes = [r.message for r in verdict(state, text).unchecked if "for the next sessions: " in r.message]
        assert notes, (text, verdict(state, text).unchecked)
        for note in notes:
            ok(run(home, *_taught(note)))
        shown = json.loads(ok(run(home, "cards", "show", "catharsis", card, "--json")))
        assert field not in shown["unknown"] and f"{field}.cost" not in shown["unknown"], (card, shown)
        node = shown["entry"]
        for part in field.split("."):
            node = node[part]
        assert node, (card, field, shown["entry"])


@pytest.mark.parametrize("library", sorted((Path(__file__).parents[1] / "benchmarks" / "libraries").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_the_benchmark_libraries_import_as_a_table_would(home, library):
    """benchmarks/unchecked_lines.py measures with these files: each is a library `cards import` takes."""
    done = json.loads(ok(run(home, "cards", "import", library.stem, str(library), "--json")))
    assert len(done["imported"]) >= 5


@pytest.mark.parametrize("value", ["4", "6", "1 ?", "BB 4 || 6 6"])
def test_a_cost_given_whole_is_the_abilitys_cost_even_a_single_number(home, value):
    """`--top 4` is the top ability's cost like `--top "AA ?"` (a one-number cost read as the number 4
    used to be refused as "not a dictionary"), and so is the cost a verdict teaches."""
    ok(run(home, "cards", "add", "catharsis", "Bolt", "--top", value, "--bottom", value))
    entry = json.loads(ok(run(home, "cards", "show", "catharsis", "bolt", "--json")))["entry"]
    assert entry["top"] == {"cost": value} and entry["bottom"] == {"cost": value}


def test_a_library_entry_spelt_in_another_case_keeps_the_catalogues_name(home, tmp_path):
    """An imported `knight` is the catalogue's Knight: shown, listed and recorded by a session under
    its printed name (the library's spelling used to replace it)."""
    source = tmp_path / "ours.toml"
    source.write_text('[[cards]]\nname = "knight"\nicon = "explore"\n', encoding="utf-8")
    ok(run(home, "cards", "import", "theseus", str(source)))
    card = json.loads(ok(run(home, "cards", "show", "theseus", "knight", "--json")))
    assert card["name"] == card["entry"]["name"] == "Knight" and card["entry"]["icon"] == "explore"
    assert "knight" not in [c["name"] for c in json.loads(ok(run(home, "cards", "list", "theseus", "--json")))["cards"]]
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "night"))
    out = tmp_path / "night.json"
    ok(run(home, "track", "export", "night", str(out)))
    assert [e["name"] for e in json.loads(json.loads(out.read_text())["options"]["library"])] == ["Knight"]


def test_a_catharsis_power_lists_as_unknown_only_what_its_kind_of_card_could_print(home):
    """A one-sided power has no Ground or Flight side, a power that is not a duo power has no duo
    characters or side, an ability that adjusts nothing has no dice count, and a Soraten power's
    abilities are on its sides: none of those is an unknown fact to teach."""
    ok(run(home, "cards", "add", "catharsis", "Bolt", "--top", "AA", "--bottom", "6"))
    unknown = json.loads(ok(run(home, "cards", "show", "catharsis", "bolt", "--json")))["unknown"]
    assert unknown == ["character", "top.adjust", "top.prevent", "bottom.adjust", "bottom.prevent"]
    ok(run(home, "cards", "add", "catharsis", "Gale", "--character", "Soraten",
           "--ground", '{ top = { cost = "2", prevent = 1 } }', "--flight.top", '{ cost = "6 6", adjust = 1 }'))
    unknown = json.loads(ok(run(home, "cards", "show", "catharsis", "gale", "--json")))["unknown"]
    assert unknown == ["ground.top.adjust", "ground.bottom", "flight.top.adjust_dice", "flight.top.prevent",
                       "flight.bottom"]
