"""A Catharsis card library an older version wrote with a near-misspelt character (`Durak`, which its
`cards add` took) still loads: that one card is set aside and said once in one line naming the card,
the character meant and the `cards edit` that fixes it; only a command that names that card refuses
it, and `cards add` still refuses a new misspelling."""
from __future__ import annotations

import pytest

OLD_LIBRARY = '''[[powers]]
name = "Fire Bolt"
character = "Durak"
bottom = { cost = "BB 4 || 6 6" }

[[powers]]
name = "Twin Strike"
duo = ["Soraten", "Durak"]
top = { cost = "AA" }

[[powers]]
name = "Ice Wall"
character = "Lumi"
top = { cost = "4" }
'''
FIX = {"Fire Bolt": '`companion cards edit catharsis "Fire Bolt" --character Durhak`',
       "Twin Strike": '`companion cards edit catharsis "Twin Strike" --duo Soraten,Durhak`'}


@pytest.fixture
def old_library(home):
    path = home / "data" / "cards" / "catharsis.toml"
    path.parent.mkdir(parents=True)
    path.write_text(OLD_LIBRARY, encoding="utf-8")
    return path


def _said(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


def test_the_table_keeps_working_and_each_set_aside_card_is_said_once(cli, old_library):
    result = cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18")
    assert result.exit_code == 0, result.output
    said = _said(result.stderr)
    assert len(said) == 2, said  # one line per card, once, though the command reads the library more than once
    for (card, fix), line in zip(FIX.items(), said):
        assert f"card {card!r} is set aside" in line and "did you mean Durhak?" in line and fix in line, line
    assert cli("track", "show").exit_code == 0
    from trackers.sessions import Sessions

    with Sessions(old_library.parent.parent) as store:
        recorded = store.get(store.current_name()).options.get("library", "")
    assert "Ice Wall" in recorded and "Fire Bolt" not in recorded and "Twin Strike" not in recorded
    assert "Ice Wall" in cli("cards", "show", "catharsis", "ice").stdout


def test_only_a_command_naming_the_card_refuses_it(cli, old_library):
    shown = cli("cards", "show", "catharsis", "fire bolt")
    assert shown.exit_code == 2 and len(_said(shown.stderr)) == 1, shown.stderr
    assert "'Fire Bolt' is set aside" in shown.stderr and FIX["Fire Bolt"] in shown.stderr
    assert "Fire Bolt" not in cli("cards", "list", "catharsis").stdout


def test_cards_add_still_refuses_a_new_misspelling_and_keeps_the_old_card_as_it_was(cli, old_library):
    before = old_library.read_text(encoding="utf-8")
    refused = cli("cards", "add", "catharsis", "Zap", "--character", "Durak")
    assert refused.exit_code == 2 and "card 'Zap'" in refused.stderr and "did you mean Durhak?" in refused.stderr
    assert old_library.read_text(encoding="utf-8") == before
    assert cli("cards", "add", "catharsis", "Zap", "--character", "Goz").exit_code == 0
    assert 'character = "Durak"' in old_library.read_text(encoding="utf-8")  # kept, still set aside
    edited = cli("cards", "edit", "catharsis", "Fire Bolt", "--top.cost", "3")  # not fixed: still refused
    assert edited.exit_code == 2 and "did you mean Durhak?" in edited.stderr


def test_the_fix_command_it_names_brings_the_card_back(cli, old_library):
    fixed = cli("cards", "edit", "catharsis", "Fire Bolt", "--character", "Durhak")
    assert fixed.exit_code == 0, fixed.stderr
    assert "Fire Bolt" not in fixed.stderr and "Twin Strike" in fixed.stderr  # the other one still said
    assert cli("cards", "edit", "catharsis", "Twin Strike", "--duo", "Soraten,Durhak").exit_code == 0
    shown = cli("cards", "show", "catharsis", "fire bolt")
    assert shown.exit_code == 0 and "Durhak" in shown.stdout and shown.stderr.strip() == ""


def test_the_json_shell_gives_the_set_aside_line_as_a_note_not_as_an_error(old_library):
    """`shell --json`: a set-aside card's line is a note (its own key, as `moves --json` has one), not the
    line's error; a line refused for naming the card has it as its error, and no note."""
    import json

    from tests.conftest import run_in_process

    lines = ["cards list catharsis", "cards show catharsis ice", 'cards show catharsis "fire bolt"']
    done = run_in_process("shell", "--json", input="\n".join(lines) + "\n")
    listed, shown, refused = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(set(a) == {"line", "exit_code", "result", "error", "note"} for a in (listed, shown, refused))
    assert listed["exit_code"] == 0 and listed["error"] is None and listed["result"]["cards"]
    said = listed["note"].splitlines()
    assert len(said) == 2 and all(f"card {card!r} is set aside" in line and fix in line
                                  for (card, fix), line in zip(FIX.items(), said)), said
    assert not listed["note"].startswith("companion:")
    assert shown["exit_code"] == 0 and shown["error"] is None and shown["note"] is None  # said once
    assert refused["exit_code"] == 2 and "'Fire Bolt' is set aside" in refused["error"] and refused["note"] is None


def _situation(cli, tmp_path, power: str, own: list | None = None):
    """A Catharsis table (Ann's first power named `power`; `own`: the file's own card entries) as a
    situation file."""
    import json

    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18").exit_code == 0
    table = json.loads(cli("track", "situation").stdout)
    table["players"][0]["powers"][0]["name"] = power
    if own is not None:
        table["cards"] = own
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["check", "catharsis", "--move", "next-card monster"], ["moves", "catharsis"]],
                         ids=["check", "moves"])
def test_a_situation_naming_a_set_aside_card_says_it_is_set_aside(cli, old_library, tmp_path, command):
    """check/moves of a situation whose table names a card the library set aside: refused in one line
    naming the file, the card, why it is set aside and the `cards edit` that fixes it (as `cards show`
    of it is), never taught as an unknown card (`cards add`, which the library would refuse)."""
    path = _situation(cli, tmp_path, "fire bolt")
    before = sorted(p.name for p in old_library.parent.iterdir())
    done = cli(*command, "--situation", str(path))
    said = _said(done.stderr)
    assert done.exit_code == 2 and len(said) == 1, done.stderr
    assert str(path) in said[0] and "'Fire Bolt' is set aside" in said[0] and FIX["Fire Bolt"] in said[0], said
    assert "cards add" not in done.stderr and "unknown card" not in done.stderr
    assert sorted(p.name for p in old_library.parent.iterdir()) == before  # nothing written
    assert cli("status", "catharsis", "--situation", str(path)).exit_code == 0  # the table itself is fine


def test_a_situation_describing_the_card_itself_is_not_refused(cli, old_library, tmp_path):
    own = [{"name": "Fire Bolt", "character": "Durhak", "bottom": {"cost": "BB 4 || 6 6"}}]
    path = _situation(cli, tmp_path, "Fire Bolt", own)
    done = cli("check", "catharsis", "--situation", str(path), "--move", "next-card monster")
    assert done.exit_code == 0, done.stderr
    path = _situation(cli, tmp_path, "Ice Wall")  # a card of the library in use: not set aside
    assert cli("moves", "catharsis", "--situation", str(path)).exit_code == 0


def _fight(cli, *plays: str, library=None) -> None:
    """A session in its Player Attack Phase, each of `plays` made (Ann's power 1 is Fire Bolt: named
    while the card `library` (its file) was out of the way, as an older version's session took it; a
    rename to a set-aside card is refused now)."""
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18").exit_code == 0
    for change in ("next-card monster", "enemy Rat 3/4/5/6/7", "combat start", "combat attack"):
        assert cli("track", *change.split()).exit_code == 0
    kept = library.read_text(encoding="utf-8") if library is not None else None
    if library is not None:
        library.unlink()
    assert cli("play", "rename Ann 1 fire bolt").exit_code == 0
    if library is not None:
        library.write_text(kept, encoding="utf-8")
    for play in ("roll Ann 1 2 4 5 6 6", "roll Ben 1 2 3 4 5 6", *plays):
        assert cli("play", play).exit_code == 0, (play, cli("play", play).stderr)


def _log(cli) -> str:
    return cli("track", "log").stdout


@pytest.mark.parametrize("play", ["use Ann 1 bottom with 4 6 6", 'use Ann "fire bolt" top', "adjust Ben 3 +1 by Ann 1 top"],
                         ids=["use", "use-by-name", "adjust-by"])
def test_a_session_play_using_a_set_aside_card_says_it_is_set_aside(cli, old_library, play):
    """A play in a session using a power whose card the library set aside: refused (exit 2, with or
    without --overrule) in one line naming the play, the card, why it is set aside and the `cards edit`
    that fixes it, as `cards show` of it is; never taught as an unknown card with a `cards add` the
    library would refuse; nothing recorded, nothing written beside the library."""
    _fight(cli, library=old_library)
    log, before = _log(cli), sorted(p.name for p in old_library.parent.iterdir())
    for extra in ([], ["--overrule"]):
        done = cli("play", play, *extra)
        said = _said(done.stderr)
        assert done.exit_code == 2 and len(said) == 1, done.stderr
        assert "'Fire Bolt' is set aside" in said[0] and FIX["Fire Bolt"] in said[0] and "refused:" in said[0], said
        assert "cards add" not in done.stderr and "unknown" not in said[0].split("set aside")[0], said
    assert _log(cli) == log and sorted(p.name for p in old_library.parent.iterdir()) == before


def test_a_session_that_describes_the_card_itself_plays_it_as_usual(cli, old_library):
    """The session's own `card` play describing Fire Bolt (what a table does for this session alone)
    is taken, and a use of it is then judged against it, not refused as set aside."""
    _fight(cli, 'card "Fire Bolt" bottom "BB 4 || 6 6"', library=old_library)
    done = cli("play", "use Ann 1 bottom with 4 6 6")
    assert done.exit_code == 0 and "set aside" not in done.stderr, done.stderr


@pytest.mark.parametrize("words", [["play", "rename Ann 2 fire bolt"], ["track", "rename", "ann", "2", "Fire Bolt"],
                                   ["track", "replace", "ann", "2", "fire bolt"], ["track", "gain", "ann", "Twin Strike"],
                                   ["track", "use", "ann", "fire bolt"], ["play", "use Ann 1 top", "--overrule"],
                                   ["check", "--move", "use Ann 1 bottom with 4 6 6"],
                                   ["check", "--move", "rename Ann 2 fire bolt"]],
                         ids=["play-rename", "track-rename", "track-replace", "track-gain", "track-use-by-name",
                              "play-use-overruled", "check-use", "check-rename"])
def test_every_command_naming_a_set_aside_card_refuses_it_as_play_does(cli, old_library, words):
    """A tracker change or a play that puts a set-aside card's name on a board (`rename`, `replace`,
    `gain`) or uses the power so named (`track use` by name), and `check` of such a play on the session:
    refused in one line naming the play, the card and the `cards edit` that fixes it, exit 2, nothing
    recorded or written, as `play` of a use of it is."""
    _fight(cli, library=old_library)
    if words[1] == "gain":
        assert cli("track", "discard", "ann", "6").exit_code == 0
    log, before = _log(cli), sorted(p.name for p in old_library.parent.iterdir())
    done = cli(*words)
    said = _said(done.stderr)
    card = "Twin Strike" if "Twin Strike" in words else "Fire Bolt"
    assert done.exit_code == 2 and len(said) == 1, (done.stdout, done.stderr)
    assert f"{card!r} is set aside" in said[0] and FIX[card] in said[0] and "refused:" in said[0], said
    assert "cards add" not in done.stderr + done.stdout
    assert _log(cli) == log and sorted(p.name for p in old_library.parent.iterdir()) == before


def test_a_card_fixed_after_the_session_started_is_taught_as_the_library_has_it(cli, old_library):
    """The session started while Fire Bolt was set aside (so it does not describe it); once `cards edit`
    fixed it the library has the card, so a use of it is recorded and its unknown cost taught with the
    `cards edit` the library takes, never a `cards add` it would refuse ("already has a card")."""
    _fight(cli, library=old_library)
    assert cli("cards", "edit", "catharsis", "Fire Bolt", "--character", "Durhak").exit_code == 0
    for words in (["check", "--move", "use Ann 1 bottom with 4 6 6"], ["play", "use Ann 1 bottom with 4 6 6"]):
        done = cli(*words)
        assert done.exit_code == 0, done.stderr
        assert "cards add" not in done.stdout and "set aside" not in done.stdout, done.stdout
        assert 'companion cards edit catharsis "fire bolt" --bottom' in " ".join(done.stdout.split()), done.stdout
    taught = cli("cards", "edit", "catharsis", "fire bolt", "--bottom", "BB 4 || 6 6")
    assert taught.exit_code == 0, taught.stderr


@pytest.mark.parametrize("by", [[], ["--by", "ann"]], ids=["moves", "moves-by"])
def test_moves_does_not_offer_a_use_of_a_set_aside_power_that_play_refuses(cli, old_library, by):
    """`moves` on a session: Ann's power 1 is named Fire Bolt, which the library set aside, so `play`
    refuses a use of it; the note does not count it among the uses "judged as said" but says it is
    refused in play's words (the card, why, the fix); once fixed it is an unchecked use again."""
    _fight(cli, library=old_library)
    refused = cli("play", "use Ann 1 bottom with 4 6 6")
    assert refused.exit_code == 2 and "fire bolt is a card the card library has set aside" in refused.stderr
    note = cli.json("moves", *by)["note"]
    lines = note.splitlines()
    said = [line for line in lines if line.startswith("refused: ")]
    assert len(said) == 1, lines
    assert said[0].startswith("refused: `use Ann 1 ...`: fire bolt is a card the card library has set aside: ")
    assert FIX["Fire Bolt"] in said[0] and "'Fire Bolt' is set aside" in said[0], said
    assert "unchecked: Ann's powers 2, 3, 4, 5, 6:" in note and "Ann's powers 1," not in note, note
    assert "unchecked: Ben's powers 1, 2, 3, 4, 5, 6:" in note, note
    text = " ".join(cli("moves", *by).stdout.split())
    assert "refused: `use Ann 1 ...`: fire bolt is a card the card library has set aside" in text, text
    assert cli("cards", "edit", "catharsis", "Fire Bolt", "--character", "Durhak").exit_code == 0
    note = cli.json("moves", *by)["note"]
    assert "refused" not in note and "unchecked: Ann's powers 1, 2, 3, 4, 5, 6:" in note, note


def test_the_page_picker_does_not_offer_a_use_of_a_set_aside_power_either(cli, old_library):
    """Ann's page (the tap picker's note, what `moves --by Ann` says in words): her power 1's use is
    said refused, in words and with no host path, not among the uses judged as said."""
    from trackers.table_view import TableView

    _fight(cli, library=old_library)
    from trackers.sessions import Sessions

    with Sessions(old_library.parent.parent) as store:
        name = store.current_name()
    view = TableView(old_library.parent.parent, name)
    try:
        view.look()
        note = view.plays("Ann")[0]["note"]
    finally:
        view.close()
    assert "Ann's power 1 (fire bolt) cannot be used: fire bolt is a card the card library has set aside" in note
    assert "Ann's powers 2, 3, 4, 5, 6:" in note and "Ann's powers 1," not in note, note
    assert str(old_library.parent) not in note and "`" not in note, note
