"""Issue 32 items 4 and 5: one limit for a card library, from import to `track new`, and a listing
that grows with the library (not with its square).

A library is as big as a session records it (engine/library.py MAX_LIBRARY_CHARS, docs/cards.md):
`cards import` and `cards add` refuse a library over that limit before anything is written (exit 2,
one line naming the limit), and a library at the limit starts sessions and lists at once."""
from __future__ import annotations

import functools
import json
from pathlib import Path

from engine.library import MAX_LIBRARY_CHARS
from tests.conftest import files_under, run_in_process

ICONS = ("explore", "recruit", "subjugate")


def card(i: int) -> dict:
    return {"name": f"Card {i:06d}", "rank": i % 6 + 1, "icon": ICONS[i % 3], "vp": i % 3}


def compact(cards: list[dict]) -> str:
    return json.dumps(cards, separators=(",", ":"))


@functools.cache
def at_limit() -> int:
    """How many of these cards fill a library to the limit (a session records them as compact JSON:
    the cards between brackets, joined by commas, so the length is summed card by card)."""
    n, size = 0, 2
    while size + len(compact(card(n))) + (n > 0) <= MAX_LIBRARY_CHARS:
        size += len(compact(card(n))) + (n > 0)
        n += 1
    assert len(compact([card(i) for i in range(n)])) <= MAX_LIBRARY_CHARS < len(compact([card(i) for i in range(n + 1)]))
    return n


def library(path: Path, n: int) -> Path:
    path.write_text("".join(f'[[cards]]\nname = "{c["name"]}"\nrank = {c["rank"]}\nicon = "{c["icon"]}"\n'
                            f'vp = {c["vp"]}\n\n' for c in map(card, range(n))), encoding="utf-8")
    return path


def run(home: Path, *args: str, timeout: int = 120):
    return run_in_process(*args, env={"COMPANION_HOME": str(home)}, timeout=timeout)


def ok(done) -> str:
    assert done.returncode == 0, (done.args, done.stdout[-800:], done.stderr[-800:])
    return done.stdout


def refused_at_the_limit(done) -> str:
    assert done.returncode == 2, (done.args, done.stdout[-800:], done.stderr[-800:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"{MAX_LIBRARY_CHARS:,}" in done.stderr and "docs/cards.md" in done.stderr, done.stderr
    return done.stderr


def snapshot(home: Path) -> dict:
    return {p: p.read_bytes() for p in files_under(home) if p.is_file()}


def test_a_library_over_the_limit_is_refused_before_anything_is_written(home, tmp_path):
    n = at_limit()
    ok(run(home, "cards", "add", "theseus", "Oracle", "--rank", "2", "--icon", "explore"))
    before = snapshot(home)
    refused_at_the_limit(run(home, "cards", "import", "theseus", str(library(tmp_path / "over.toml", n + 1))))
    assert snapshot(home) == before


def test_what_import_accepts_starts_a_session_and_lists_at_once(home, tmp_path):
    n = at_limit()
    ok(run(home, "cards", "import", "theseus", str(library(tmp_path / "full.toml", n))))
    # the session records the whole library: at the limit, `track new` takes it
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "full"))
    ok(run(home, "track", "export", "full", str(tmp_path / "full.json")))
    pinned = json.loads(json.loads((tmp_path / "full.json").read_text(encoding="utf-8"))["options"]["library"])
    assert pinned == [card(i) for i in range(n)]
    # a listing reads the library once (test_a_listing_reads_the_library_once): thousands of cards list
    cards = json.loads(ok(run(home, "cards", "list", "theseus", "--json", timeout=60)))["cards"]
    assert len([c for c in cards if c["origin"] == "library"]) == n
    # one card more is refused by `cards add`, naming the limit, the library unchanged
    before = snapshot(home)
    refused_at_the_limit(run(home, "cards", "add", "theseus", "One More Card Of The Library", "--rank", "1",
                               "--icon", "explore", "--vp", "1"))
    assert snapshot(home) == before


def test_a_library_written_past_the_limit_by_hand_is_named_at_track_new_and_can_be_cut_down(home, tmp_path):
    n = at_limit()
    path = home / "data" / "cards" / "theseus.toml"
    path.parent.mkdir(parents=True)
    library(path, n + 3)  # three cards over, written by hand (or by an older version)
    refused_at_the_limit(run(home, "track", "new", "theseus", "--players", "Ann,Ben"))
    for i in (n + 2, n + 1, n):  # each removal is taken, though the library is still over at first
        ok(run(home, "cards", "remove", "theseus", card(i)["name"]))
    ok(run(home, "track", "new", "theseus", "--players", "Ann,Ben"))


def test_a_listing_reads_the_library_once(home, monkeypatch):
    """The listing's cost: one read (and check) of the library file, whatever its size."""
    from trackers import library as kept

    lib = kept.Library(home / "data", "theseus")
    lib._save([card(i) for i in range(40)])
    reads = []
    real = kept.read_entries
    monkeypatch.setattr(kept, "read_entries", lambda *a: reads.append(a) or real(*a))
    assert len(lib.listing()) > 40 and reads == []  # as written: its checked copy, no parse at all
    lib.checked_copy.unlink()
    listing = kept.Library(home / "data", "theseus").listing()
    assert len(reads) == 1
    assert [c["name"] for c in listing][-40:] == [card(i)["name"] for i in range(40)]
    assert all(c["origin"] == "library" and c["entry"] == card(i) for i, c in enumerate(listing[-40:]))
