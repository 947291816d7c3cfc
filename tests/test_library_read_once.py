"""Issue 49 item 9: a card library at its limit is read in one pass over its bytes, and one card
is shown without parsing and checking every card again: a library checked before, byte for byte,
by this same code, is taken from its checked copy; any change to the file (or the copy) means a
full check again, so a broken card is still named."""
from __future__ import annotations

from engine import library as rules
from trackers.library import Library


def library_of(home, n: int):
    path = home / "data" / "cards" / "theseus.toml"
    path.parent.mkdir(parents=True)
    path.write_text("".join(f'[[cards]]\nname = "Card {i:05d}"\nrank = {i % 6 + 1}\nicon = "explore"\nvp = 1\n\n'
                            for i in range(n)), encoding="utf-8")
    return path


def counted(monkeypatch) -> list:
    checks = []
    check = rules.check_entry
    monkeypatch.setattr(rules, "check_entry", lambda *a: checks.append(a[2]) or check(*a))
    return checks


def test_a_card_is_shown_without_checking_every_card_again(home, cli, monkeypatch):
    library_of(home, 400)
    checks = counted(monkeypatch)
    assert cli("cards", "list", "theseus").exit_code == 0
    assert len(checks) == 400  # the first read: each card once (main: once per read)
    checks.clear()
    shown = cli("cards", "show", "theseus", "Card 00399")
    assert shown.exit_code == 0 and "Card 00399" in shown.stdout
    assert checks == []  # main: 800 (the library parsed and checked twice)
    assert cli("cards", "list", "theseus").exit_code == 0 and checks == []


def test_a_changed_file_or_checked_copy_is_checked_again(home, cli, monkeypatch):
    path = library_of(home, 50)
    lib = Library(home / "data", "theseus")
    assert len(lib.entries(keep=True)) == 50
    checks = counted(monkeypatch)
    path.write_text(path.read_text().replace("rank = 3", "rank = 99", 1))  # a hand edit, a bad rank
    result = cli("cards", "show", "theseus", "Card 00001")
    assert result.exit_code == 2 and "Card 00002" in result.stderr  # named, as before
    checks.clear()
    path.write_text(path.read_text().replace("rank = 99", "rank = 4", 1))  # mended, not as it was
    assert len(Library(home / "data", "theseus").entries(keep=True)) == 50 and len(checks) == 50
    copy = lib.checked_copy
    copy.write_text(copy.read_text().replace("Card 00007", "Card 0000X"))  # the copy itself damaged
    checks.clear()
    names = [e["name"] for e in Library(home / "data", "theseus").entries()]
    assert "Card 00007" in names and "Card 0000X" not in names and len(checks) == 50


def test_a_write_leaves_a_checked_copy_for_the_next_read(home, cli, monkeypatch):
    library_of(home, 30)
    assert cli("cards", "add", "theseus", "One More", "--rank", "1", "--icon", "explore").exit_code == 0
    checks = counted(monkeypatch)
    assert any(e["name"] == "One More" for e in Library(home / "data", "theseus").entries())
    assert checks == []
