"""Only what the table knows (docs/architecture.md): a Catopomp play is judged on the cards in sight,
the hand sizes and the player's own recorded hand, never on another player's secret recorded hand.
Where a play conflicts with a secret hand, the shared answer does not change and the hand's owner is
told privately (`track hand NAME`, their page's `hand`)."""
from __future__ import annotations

import re

import pytest

SETUP = (("track", "new", "catopomp", "--players", "Ann,Ben,Cy"), ("track", "first", "cy"),
         ("track", "dice", "1", "2", "3", "4", "5", "6"))
ANN_NINES = ("track", "hand", "ann", "1", "2", "3", "4", "5", "6", "9", "9", "9", "9")
ANN_PLAIN = ("track", "hand", "ann", "1", "2", "3", "4", "5", "6", "7", "7", "8", "8")
ANN_PAIRS = ("track", "hand", "ann", "1", "1", "2", "2", "3", "3", "9", "7", "8", "8")


def _table(cli, hand):
    for words in (*SETUP, *([hand] if hand else [])):
        assert cli(*words).exit_code == 0, words


def _said(result) -> str:
    return result.stdout + result.stderr


@pytest.mark.parametrize("hand", [ANN_NINES, ANN_PLAIN, None], ids=["nines", "plain", "unrecorded"])
def test_a_play_does_not_read_another_players_recorded_hand(cli, home, hand):
    """The issue's leak: Cy's 9 was refused because Ann's recorded hand holds all four 9s."""
    _table(cli, hand)
    check = cli("check", "heaven 9 then hell 1", "--json")
    assert check.exit_code == 0, _said(check)
    played = cli("play", "--by", "cy", "heaven 9 then hell 1")
    assert played.exit_code == 0, _said(played)
    assert "recorded hands" not in _said(played) and "already in sight" not in _said(played)


def test_the_same_answer_whatever_anns_secret_hand(cli, home, tmp_path, monkeypatch):
    """Byte for byte, the shared screen says the same for every hand Ann may have recorded (Cy's
    `moves` and `check` before the play, the play, then what the table shows; Ann's own `moves`
    after it lists her hand: it is hers to ask)."""
    said = []
    for i, hand in enumerate((ANN_NINES, ANN_PLAIN, ANN_PAIRS)):
        monkeypatch.setenv("COMPANION_HOME", str(tmp_path / f"h{i}"))
        _table(cli, hand)
        out = [_said(cli("check", "heaven 9 then hell 1")), _said(cli("moves")),
               _said(cli("play", "--by", "cy", "heaven 9 then hell 1", "--json")),
               _said(cli("status")), _said(cli("track", "show")),
               re.sub(r"\d{4}-\d\d-\d\dT[\d:+]+", "TIME", _said(cli("track", "log")))]
        said.append(out)
    assert said[0] == said[1] == said[2]


def test_the_conflict_is_told_to_the_hands_owner_only(cli, home):
    _table(cli, ANN_NINES)
    assert cli("play", "--by", "cy", "heaven 9 then hell 1").exit_code == 0
    own = cli("track", "hand", "ann")
    assert own.exit_code == 0, _said(own)
    assert "9" in own.stdout and "in sight" in own.stdout and "correct" in own.stdout.lower()
    doc = cli.json("track", "hand", "ann")
    assert doc["conflicts"] and all(c["rule"] == "catopomp.setup.copies-per-number" for c in doc["conflicts"])
    assert cli.json("track", "hand", "ben")["conflicts"] == []
    assert "conflict" not in cli("status").stdout and "9" not in cli("status").stdout
    shown = cli("track", "show").stdout + cli("track", "log").stdout
    assert "9, 9" not in shown and "conflict" not in shown


def test_the_conflict_is_on_the_owners_private_page_only(cli, home):
    from companion.paths import data_dir
    from companion.serve.live import Live

    _table(cli, ANN_NINES)
    assert cli("play", "--by", "cy", "heaven 9 then hell 1").exit_code == 0
    live = Live(data_dir(), None)
    try:
        ann, ben, table = (live.run(live.table, v) for v in ("Ann", "Ben", None))
        stream = live.run(live.messages, None, 0, live.epoch)
    finally:
        live.close()
    assert [c["rule"] for c in ann["hand"]["conflicts"]] == ["catopomp.setup.copies-per-number"]
    assert ben["hand"]["conflicts"] == [] and table["hand"] is None
    assert "conflict" not in str(table) + str(stream) and "9, 9" not in str(stream)


def test_recording_a_hand_is_counted_against_the_cards_in_sight_only(cli, home):
    """Ben records a hand with two 9s while Ann's recorded hand holds all four: accepted (refusing it
    would tell the table where the 9s are); the conflict is theirs to see on `track hand`."""
    _table(cli, ANN_NINES)
    ben = cli("track", "hand", "ben", "9", "9", "1", "1", "2", "2", "3", "3", "4", "4")
    assert ben.exit_code == 0, _said(ben)
    assert "in sight" not in _said(ben)
    assert cli.json("track", "hand", "ben")["conflicts"] == []  # nothing in sight says otherwise
