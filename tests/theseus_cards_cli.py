"""A whole Party of the Theseus game told to the companion with every card known (issue 23), shared by
the test that describes the cards in the session (`cards=`, `track card`) and the one that fills the
card library from a file: at every turn `moves` offers each card's own ability only, and no play
leaves a note that a card's icon, effect or VP is unknown."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.engine.theseus_table import deal, table_game

#: the words of a verdict or note saying a card fact is not known
UNKNOWN_WORDS = ("card effect not checked", "icon is unknown", "effect is unknown", "VP unknown")


def json_of(*args: str) -> dict:
    """`companion ARGS --json` (in-process): it must succeed."""
    done = run_in_process(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def icons(seed: int) -> dict[str, str]:
    return {c.name: c.icon for c in deal(seed)[0].cards}


def own_abilities_only(doc: dict, icon: dict[str, str]) -> None:
    """A `moves` answer offers each card's own ability only and says nothing is unknown."""
    for text in doc["moves"]:
        words = text.split()
        if words[0] == "use":
            card, ability = next((n, words[len(n.split()) + 1]) for n in icon if text.startswith(f"use {n} "))
            assert ability == icon[card], text
    assert not any(w in (doc["note"] or "") for w in UNKNOWN_WORDS), doc["note"]


def unknown_lines(doc: dict) -> list[str]:
    return [u["message"] for u in doc["unchecked"] if any(w in u["message"] for w in UNKNOWN_WORDS)]


def play_whole_game(cli, seed: int, new_extra: tuple[str, ...] = (), after_new: tuple[tuple[str, ...], ...] = ()):
    """The dealer's whole game as the table types it: `track new` (with `new_extra` words, then the
    `after_new` track commands), then every play, each judged with nothing unknown about a card.
    `moves` (in-process) now and then and before every play. The last
    play's answer and the number of plays."""
    icon = icons(seed)
    plays, doc = 0, None
    for kind, what, _t in table_game(seed):
        if kind == "track":
            if what[0] == "new":
                what = [*what, *new_extra]
            done = run_in_process("track", *what)
            assert done.returncode == 0, done.stderr
            if what[0] == "new":
                for words in after_new:
                    done = run_in_process("track", *words)
                    assert done.returncode == 0, done.stderr
            continue
        if plays % 5 == 0:
            own_abilities_only(json_of("moves"), icon)
        own_abilities_only(cli.json("moves"), icon)
        doc = cli.json("play", what)
        assert doc["legal"], what
        assert not unknown_lines(doc), (what, unknown_lines(doc))
        plays += 1
    assert plays > 20 and doc["to_act"] is None  # the game ended
    assert any(e["kind"] == "game-over" for e in doc["effects"])
    return doc, plays
