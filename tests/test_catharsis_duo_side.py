"""Catharsis `side` on a duo power: the rulebook's Duo Powers has a duo power's card say what it counts as
for Soraten (Ground, Flight or both), and Soraten's section turns the sides of his own two-sided powers, so
no side is turned on a duo power: `side` is refused in one line naming why (catharsis.duo-powers.soraten),
as a play or a tracker change, on either partner's board, nothing recorded. A duo card whose side the
table does not know is taught on the card, not set with `side`."""
from __future__ import annotations

import pytest

SETUP = ["card Skybond duo Soraten,Luthia side ground", "rename Sam 1 Skybond", "rename Ann 1 Skybond",
         "card Windpact duo Soraten,Luthia", "rename Sam 3 Windpact"]


@pytest.fixture
def duo_table(cli):
    done = cli("track", "new", "catharsis", "--players", "Sam,Ann", "--option", "morale=10",
               "--option", "characters=Sam=Soraten,Ann=Luthia")
    assert done.exit_code == 0, done.stderr
    for line in SETUP:
        done = cli("play", line)
        assert done.exit_code == 0, (line, done.stderr)
    return cli


def _events(cli) -> int:
    return len([line for line in cli("track", "log").stdout.splitlines() if line.strip()])


@pytest.mark.parametrize("words", [["track", "side", "Sam", "1", "flight"], ["play", "side Sam 1 flight"],
                                   ["track", "side", "Sam", "1", "ground"], ["track", "side", "Ann", "1", "flight"]],
                         ids=["track", "play", "the-cards-own-side", "partners-board"])
def test_a_side_on_a_duo_power_is_refused_naming_its_cards_side(duo_table, words):
    before = _events(duo_table)
    done = duo_table(*words)
    assert done.exit_code != 0, done.stdout
    said = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(said) == 1, said
    assert "Skybond is a duo power" in said[0] and "its card makes it count as Ground" in said[0], said
    assert "catharsis.duo-powers.soraten" in said[0], said
    assert _events(duo_table) == before
    assert "flight" not in duo_table("track", "show").stdout.split("Sam powers:")[1].split(";")[0]


def test_a_duo_card_without_its_side_is_taught_on_the_card(duo_table):
    done = duo_table("track", "side", "Sam", "3", "flight")
    assert done.exit_code != 0 and "Windpact is a duo power" in done.stderr, done.stderr
    assert "play 'card Windpact side" in done.stderr and "companion cards add catharsis Windpact --side" in done.stderr


def test_soratens_own_power_still_takes_a_side(duo_table):
    done = duo_table("track", "side", "Sam", "2", "flight")
    assert done.exit_code == 0, done.stderr
