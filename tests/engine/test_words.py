"""engine.words: how every tracker reads a counter change (+N, -N, =N) and a player's name."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.words import MOST_AMOUNT, amount, listing, match, player, quote, signed


@pytest.mark.parametrize("typed, normal", [("+2", "+2"), ("-1", "-1"), ("=5", "=5"), (" +07 ", "+7"), ("=0", "=0")])
def test_an_amount_is_normalised(typed, normal):
    assert amount(typed, "lives ben") == normal


def test_a_bare_number_lists_each_reading_with_the_words_typed():
    with pytest.raises(AmbiguousMove) as err:
        amount("2", "lives ben")
    assert err.value.candidates == ["lives ben +2", "lives ben -2", "lives ben =2"]
    with pytest.raises(AmbiguousMove) as err:
        amount("2", "bonus ann", readings="+=")
    assert err.value.candidates == ["bonus ann +2", "bonus ann =2"]


def test_a_counter_that_cannot_be_set_says_why():
    with pytest.raises(MoveSyntaxError, match="cannot be set"):
        amount("=3", "yarn ann", no_set="yarn cannot be set")
    with pytest.raises(AmbiguousMove) as err:
        amount("3", "yarn ann", no_set="yarn cannot be set")
    assert err.value.candidates == ["yarn ann +3", "yarn ann -3"]
    with pytest.raises(MoveSyntaxError, match=r"write \+N to add or -N to take away \(e\.g\. `yarn ann -1`\)"):
        amount("x", "yarn ann", no_set="yarn cannot be set")


@pytest.mark.parametrize("typed", ["x", "", "+", "2.5", "+-1", "two", "= 3"])
def test_what_is_not_an_amount_is_named(typed):
    with pytest.raises(MoveSyntaxError, match="is not an amount"):
        amount(typed, "coins ann")


@settings(max_examples=200, derandomize=True)
@given(st.sampled_from("+-="), st.integers(min_value=0, max_value=MOST_AMOUNT))
def test_a_normalised_amount_reads_back(sign, n):
    text = amount(f"{sign}{n}", "x")
    back_sign, back_n = signed(text)
    assert back_n == n and (back_sign == sign or (n == 0 and sign == "-" and back_sign == "+"))


def test_signed_names_the_verb_of_a_bad_logged_amount():
    with pytest.raises(MoveSyntaxError, match="gems: '3' is not an amount"):
        signed("3", "gems")


def test_names_match_by_case_and_unique_prefix():
    assert match("BE", ["Ann", "Ben"], "player") == "Ben"
    with pytest.raises(AmbiguousMove):
        match("a", ["Ann", "Abe"], "player")
    with pytest.raises(MoveSyntaxError, match="unknown player 'zed'"):
        match("zed", ["Ann", "Ben"], "player")


# ------------------------------------------------------------------ player: the one player lookup

_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)


@settings(max_examples=300, derandomize=True)
@given(st.lists(_NAME, min_size=1, max_size=6, unique_by=str.lower), st.data())
def test_any_unique_prefix_of_a_name_finds_that_player(names, data):
    name = data.draw(st.sampled_from(names))
    cut = data.draw(st.integers(min_value=1, max_value=len(name)))
    prefix = name[:cut]
    others = [n for n in names if n != name]
    if any(n.lower().startswith(prefix.lower()) for n in others):
        return  # not a unique prefix
    typed = data.draw(st.sampled_from([prefix, prefix.upper(), prefix.lower()]))
    assert player(typed, names) == name


@settings(max_examples=300, derandomize=True)
@given(st.lists(_NAME, min_size=1, max_size=6, unique_by=str.lower), st.text(alphabet="0123456789 -_", max_size=5))
def test_a_word_that_is_no_name_names_every_player(names, word):
    with pytest.raises(MoveSyntaxError) as err:
        player(word, names)
    message = str(err.value)
    assert "\n" not in message and f"unknown player {word!r}" in message
    assert message.endswith("players: " + ", ".join(names))


def test_player_returns_what_it_was_given_and_guesses_a_misspelling():
    class Seat:
        def __init__(self, name):
            self.name = name

    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy")]
    assert player("ben", seats) is seats[1]
    assert player("y", seats) is seats[2]  # anywhere in the name, when unique
    with pytest.raises(MoveSyntaxError, match=r"^unknown player 'Bne'; did you mean Ben\? players: Ann, Ben, Cy$"):
        player("Bne", seats)
    with pytest.raises(AmbiguousMove) as err:
        player("n", ["Ann", "Ben", "Cy"])
    assert err.value.candidates == ["Ann", "Ben"]


@pytest.mark.parametrize("names, said", [([], "nothing"), (["Mage"], "Mage"), (["Mage", "Rogue"], "Mage and Rogue"),
                                         (["Mage", "Rogue", "Knight"], "Mage, Rogue and Knight")])
def test_a_listing_reads_as_a_sentence(names, said):
    assert listing(iter(names)) == said


@settings(max_examples=200, derandomize=True)
@given(st.text(alphabet="ab '\"-", min_size=1, max_size=10))
def test_a_quoted_name_reads_back_as_one_word(name):
    import shlex

    assert shlex.split(quote(name)) == [name]
    assert (quote(name) == name) == (not any(ch.isspace() or ch in "'\"" for ch in name))


@pytest.mark.parametrize("name, written", [("O'Neil", '"O\'Neil"'), ("Dark Knight", '"Dark Knight"'), ("Ann", "Ann"),
                                           ('Big "Al"', "'Big \"Al\"'"), ("C:\\x", "'C:\\x'")])
def test_a_quoted_name_reads_as_written_where_it_can(name, written):
    """A name in a play or a command a message offers: in double quotes, so it reads as the player wrote it
    (`"O'Neil"`, not the shell's `'O'"'"'Neil'`); shell style only for a double quote or a backslash."""
    import shlex

    assert quote(name) == written and shlex.split(written) == [name]


@settings(max_examples=200, derandomize=True)
@given(st.text(alphabet="ab '\"-\\$`", min_size=0, max_size=10))
def test_any_quoted_name_reads_back_as_one_word(name):
    import shlex

    assert shlex.split(quote(name)) == [name]


def test_a_bare_zero_is_one_reading_unless_it_could_set():
    assert amount("0", "morale", readings="+-") == "+0"
    assert amount("00", "yarn ann", no_set="yarn cannot be set") == "+0"
    with pytest.raises(AmbiguousMove) as err:
        amount("0", "lives ben")
    assert err.value.candidates == ["lives ben =0"]  # adding or taking 0 is refused (Tracker.parse)
