"""Wrong input whose message comes from the engine (round `inputfix`): a situation file's mistake in a
player's words (which key, what was wrong, what is allowed or meant), an empty name, a word that starts
only another name of a verb, a decimal in a change, a question of only common words, a card library's
misspelt character: each one line naming the nearest choice, exit 2 through the CLI, nothing written."""
from __future__ import annotations

import json

import pytest

from engine import get_engine, get_tracker
from engine.errors import MoveSyntaxError, SituationError, UnknownVerb
from engine.words import command, match
from tests.games import GAME_IDS, cases, game_data

PLAYERS = ["Ann", "Ben"]
#: pydantic's own phrases, never what a player reads
PYDANTIC = ("Input should", "Extra inputs", "Field required", "Value error", "valid tuple", "field file",
            "should have at least", "instance of")


def _table(game: str) -> dict:
    """The table `track new` starts (the game's test options) as a situation file holds it."""
    tracker = get_tracker(game)
    return tracker.declaration.verbs.new_state(PLAYERS, dict(game_data(game)["new_options"])).model_dump(mode="json")


def _first(table: dict, kind: type) -> str:
    """The table's first key of a value of `kind`."""
    return next(k for k, v in table.items() if type(v) is kind)


def _misspelt(table: dict) -> list[str]:
    key = next(k for k in table if "_" in k)  # grim_reapurr typed grimreapurr
    table[key.replace("_", "")] = table.pop(key)
    return [f"field {key.replace('_', '')}: unknown key; did you mean {key}?"]


def _misspelt_in_a_player(table: dict) -> list[str]:
    key = _first(table["players"][0], int)
    table["players"][0][key + "x"] = table["players"][0].pop(key)
    return [f"field players.0.{key}x: unknown key; did you mean {key}?"]


def _a_word_for_a_number(table: dict) -> list[str]:
    key = _first(table, int)
    table[key] = "many"
    return [f"field {key}: should be ", "a whole number", "not the text 'many'"]


#: a mistake any game's situation file may hold, made on its table: the words the one line must hold
MISTAKES = {
    "players as a string": lambda t: t.update(players="Ann,Ben") or [
        "field players: should be a list of tables", "[[players]]", "name = ...", "not the text 'Ann,Ben'"],
    "a player as a string": lambda t: t["players"].__setitem__(0, "Ann") or [
        "field players.0: should be a table with name = ...", "not the text 'Ann'"],
    "a misspelt key": _misspelt,
    "a misspelt key of a player": _misspelt_in_a_player,
    "an unknown key": lambda t: t.update(nonsense=1) or ["field nonsense: unknown key; the keys here: "],
    "a player without a name": lambda t: t["players"][0].pop("name") and [
        "field players.0.name: missing, and it is required"],
    "a word for a number": _a_word_for_a_number,
}


@pytest.mark.parametrize("mistake", MISTAKES)
@pytest.mark.parametrize("game", GAME_IDS)
def test_a_situation_file_mistake_reads_as_a_player_would_say_it(game, mistake):
    table = _table(game)
    get_engine(game).load_state(table, "t.toml")  # the table itself reads
    words = MISTAKES[mistake](table)
    with pytest.raises(SituationError) as refused:
        get_engine(game).load_state(table, "t.toml")
    said = str(refused.value)
    assert said.startswith("t.toml: ") and "\n" not in said, said
    for word in words:
        assert word in said, (word, said)
    assert not any(phrase in said for phrase in PYDANTIC), said


#: one game's own mistakes: (game, the mistake, words the one line must hold)
OWN_MISTAKES = [
    ("catopomp", lambda t: t.update(center_dice=[1, 3]),
     ["field center_dice: unknown key", "did you mean centre_dice?"]),
    ("catopomp", lambda t: t["players"].append({"name": "Ann"}), ["players: the name 'Ann' is used twice"]),
    ("catopomp", lambda t: t.update(options={"passing": "mian"}), ["field options.passing", "did you mean 'main'?"]),
    ("catopomp", lambda t: t["players"][0].update(name=""), ["field players.0.name: should not be empty"]),
    ("catopomp", lambda t: t["players"].pop(), ["field players: needs at least 2 players, not 1"]),
    ("catopomp", lambda t: t.update(players=[]), ["field players: needs at least 2 players, not 0"]),
    ("catopomp", lambda t: t.update(round=-5), ["field round: should be at least 1, not -5"]),
    ("catopomp", lambda t: t.update(centre_dice=[1, 9]),
     ["field centre_dice.1: should be one of 1, 2, 3, 4, 5 or 6, not 9"]),
    ("catopomp", lambda t: t["players"][0].update(used_dice=[0]), ["field players.0.used_dice.0: should be one of 1,"]),
    ("cataclysm-arcade", lambda t: t.update(playerone=t.pop("player_one")),
     ["field playerone", "did you mean player_one?"]),
    ("cataclysm-arcade", lambda t: t["players"][0].update(name=""), ["field players.0.name: should not be empty"]),
    ("cataclysm-arcade", lambda t: t["players"].pop(), ["field players: needs at least 2 players, not 1"]),
    ("catharsis", lambda t: t["players"][0].update(character="Durak"),
     ["field players.0.character: unknown character 'Durak'", "did you mean Durhak?"]),
    ("catharsis", lambda t: t["players"][0].update(divinity=-3), ["field players.0.divinity: should be at least 0, not -3"]),
    ("catharsis", lambda t: t.update(cards=[{"name": "Zap", "duo": ["Goz", "Lumy"]}]),
     ["field cards.0.duo: unknown character 'Lumy'", "did you mean Lumi?"]),
    ("cataclysm-arcade", lambda t: t.update(line=[{"kind": "atack"}]), ["field line.0.kind: should be one of",
                                                                       "did you mean 'attack'?"]),
]


@pytest.mark.parametrize("game, mistake, words", OWN_MISTAKES, ids=lambda v: v if isinstance(v, str) else "")
def test_a_games_own_situation_mistake_reads_as_a_player_would_say_it(game, mistake, words):
    table = _table(game)
    mistake(table)
    with pytest.raises(SituationError) as refused:
        get_engine(game).load_state(table, "t.toml")
    said = str(refused.value)
    for word in words:
        assert word in said, (word, said)
    assert "\n" not in said and not any(phrase in said for phrase in PYDANTIC), said


def _refused(done, *words: str) -> None:
    assert done.exit_code == 2, (done.exit_code, done.output)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


def test_a_misspelt_key_in_a_situation_file_names_the_key_meant(cli, home, tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('turn = "Ann"\ncenter_dice = [1, 3]\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n',
                    encoding="utf-8")
    for command_words in (("status", "catopomp"), ("moves", "catopomp"), ("check", "catopomp", "--move", "pass")):
        _refused(cli(*command_words, "--situation", str(path)), "field center_dice: unknown key",
                 "did you mean centre_dice?")


def test_an_empty_word_names_no_choice():
    with pytest.raises(MoveSyntaxError, match="an empty word names no card; type one of: Zap, Zip"):
        match("", ["Zap", "Zip"], "card")
    with pytest.raises(MoveSyntaxError, match="empty"):
        match("  ", ["Zap", "Zip"], "card")
    assert match("zi", ["Zap", "Zip"], "card") == "Zip"


def test_an_empty_card_name_is_refused_with_the_cards(cli, home):
    assert cli("cards", "add", "catharsis", "Zap", "--top.cost", "AA").exit_code == 0
    _refused(cli("cards", "show", "catharsis", ""), "an empty word names no card", "Zap")


def test_a_word_starting_only_another_name_of_a_verb_is_not_called_short_for_it(cli, home):
    aliases = get_tracker("catopomp").declaration.verbs.aliases
    assert aliases.get("cards") == "hand"
    with pytest.raises(UnknownVerb) as refused:
        command("card", aliases, list(dict.fromkeys(aliases.values())))
    assert "short for" not in str(refused.value) and "did you mean: " in str(refused.value), refused.value
    assert "hand" in str(refused.value).split("did you mean: ")[1], refused.value
    with pytest.raises(UnknownVerb, match="'han' is short for 'hand'"):
        command("han", aliases, list(dict.fromkeys(aliases.values())))
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann").exit_code == 0
    done = cli("track", "card", "x")
    _refused(done, "unknown command 'card'", "did you mean: hand")
    assert "short for" not in done.stderr


@pytest.mark.parametrize("game", cases("amounts"))
def test_a_decimal_in_a_change_is_refused_as_no_whole_number(game):
    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(["Ann", "Ben", "Cy"], dict(game_data(game)["new_options"]))
    words = cases("amounts")[game]["zero"]
    for decimal in ("-1.5", "1.5", "+.5", "=2.5"):
        with pytest.raises(MoveSyntaxError) as refused:
            tracker.parse(state, [*words[:-1], decimal])
        said = str(refused.value)
        assert said.startswith(f"{words[0]}: {decimal!r} is not a whole number") and "player" not in said, said


def test_a_decimal_change_through_the_cli_changes_nothing(cli, home):
    game, amounts = next(iter(cases("amounts").items()))
    words = amounts["zero"]
    options = [f"--option={k}={v}" for k, v in game_data(game)["new_options"].items()]
    assert cli("track", "new", game, "--players", "Ann,Ben", *options).exit_code == 0
    _refused(cli("track", *words[:-1], "-1.5"), f"{words[0]}: '-1.5' is not a whole number", "-1")
    assert cli.json("track", "log")["entries"] == []


def test_a_decimal_in_a_catharsis_play_is_refused_as_the_tracked_change_is(cli, home):
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "boss=ice-elf-lich").exit_code == 0
    for decimal in ("-1.5", "+.5", "=2.5"):
        _refused(cli("play", f"morale {decimal}"), f"morale: {decimal!r} is not a whole number", "(e.g. -1 or +2)")
    assert cli.json("track", "log")["entries"] == []


def test_a_question_of_only_common_words_asks_for_the_rules_own_words(cli, home):
    _refused(cli("rules", "search", "the a of"), "only words too common to search", "the rule's own words")
    _refused(cli("rules", "search", "  ? "), "the query is empty")


@pytest.mark.parametrize("entry, field", [({"character": "Durak"}, "character"),
                                          ({"duo": ["Soraten", "Durak"]}, "duo")])
def test_a_library_card_of_a_misspelt_character_is_refused_as_track_new_refuses_it(cli, home, tmp_path, entry, field):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"powers": [{"name": "Zap", **entry, "top": {"cost": "AA"}}]}), encoding="utf-8")
    _refused(cli("cards", "import", "catharsis", str(path)), f"field {field}: unknown character 'Durak'",
             "did you mean Durhak?")
    _refused(cli("track", "new", "catharsis", "--players", "Ann", "--option", "morale=18", "--option",
                 "characters=Ann=Durak"), "unknown character 'Durak'", "did you mean Durhak?")
    assert not (home / "data" / "cards").exists() or not any((home / "data" / "cards").iterdir())
    path.write_text(json.dumps({"powers": [{"name": "Zap", "character": "Durhak", "top": {"cost": "AA"}}]}),
                    encoding="utf-8")
    assert cli("cards", "import", "catharsis", str(path)).exit_code == 0
