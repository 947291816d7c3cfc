"""CATastrophe referee corrections (issue 20, items 9-10 and the readings made visible): each test
states the rulebook's reason in our words and fails on the code before the fix."""
from __future__ import annotations

from engine.catastrophe import Engine, Tracker
from engine.tracking import Change

E = Engine()
T = Tracker()


def new(names=("Abi", "Betty", "Chris"), **options):
    return T.new_state(list(names), {k: str(v) for k, v in options.items()})


def go(state, *texts):
    for text in texts:
        move = E.parse_move(text, state)
        verdict = E.check(state, move)
        assert verdict.legal, (text, verdict.as_json())
        state = E.apply(state, move)
    return state


def track(state, *words):
    change = T.parse(state, list(words))
    assert T.check(state, change).legal, words
    return T.apply(state, change)


def test_legal_instead_after_a_reveal_is_the_card_s_resolution():
    """CATastrophe Phase: the revealed card is followed, then discarded; a turn ends after it. With
    the Grim Reapurr card still in play, a second reveal is refused and the one play offered is to
    let it take effect, never `end` (itself refused while the card is in play)."""
    state = go(new(), "Abi draw", "Abi reveal Grim Reapurr +1")
    verdict = E.check(state, E.parse_move("Abi reveal Grim Reapurr +1", state))
    assert not verdict.legal and verdict.alternatives == ("resolve",)
    for alternative in verdict.alternatives:
        assert E.check(state, E.parse_move(alternative, state)).legal
    after = go(state, "resolve")
    verdict = E.check(after, E.parse_move("Abi reveal Grim Reapurr +1", after))
    assert verdict.alternatives == ("Abi end",)


def test_the_cards_in_play_are_discarded_when_the_game_is_won():
    """End of Game: when one cat is left the game is over; nothing in play waits any more (the
    CATastrophic Event is discarded with the rest)."""
    state = go(new(("Abi", "Betty")), "Abi draw", "Abi reveal CATastrophic Event")
    assert state.chain and state.chain[-1].type == "event"
    state, effects = track(state, "lives", "betty", "-9")  # the Event's result, as the table tells it
    assert state.game_over and state.winner == "Abi"
    assert state.chain == ()
    assert any(e.kind == "chain-cleared" for e in effects)
    assert E.status(state) == []
    stale = state.model_copy(update={"chain": go(new(("Abi", "Betty")), "Abi draw", "Abi reveal Event").chain})
    assert any("still in play" in r.message for r in E.status(stale))


def test_lives_all_reports_every_cat():
    """Gaining and Losing Lives: each cat moves its own token; `lives all -1` moves every cat
    still in the game, and the line after it names them all."""
    from companion.saying import touched

    before = new(("Abi", "Betty", "Chris", "Dana"))
    change = T.parse(before, ["lives", "all", "-1"])
    after, _ = T.apply(before, change)
    said = touched(T.summary(before), T.summary(after), change.label())
    assert said == ["Abi lives 9→8", "Betty lives 9→8", "Chris lives 9→8", "Dana lives 9→8"]


def test_yarn_without_a_name_re_rolls_the_spender_s_own_failed_die():
    """Yarn Balls: one buys a re-roll for any player, the spender included. Unnamed, a Yarn Ball
    spent by a cat with a failed roll of its own re-rolls that die, not the last die rolled."""
    state = go(new(), "Abi play Mice Mischief", "Betty roll 1", "Chris roll 2")
    move = E.parse_move("Betty yarn", state)
    verdict = E.check(state, move)
    assert verdict.legal and any(e.message == "Betty re-rolls the die" for e in verdict.effects)
    state = E.apply(state, move)
    assert state.chain[-1].reroll == "Betty" and E.to_act(state) == "Betty"
    # naming the die still works: Betty may pay for Chris
    state = go(new(), "Abi play Mice Mischief", "Betty roll 1", "Chris roll 2", "Betty yarn for Chris")
    assert state.chain[-1].reroll == "Chris"
    # with no failed roll of her own, Abi's Yarn Ball re-rolls the die rolled last
    state = go(new(), "Abi play Mice Mischief", "Betty roll 1", "Chris roll 2", "Abi yarn")
    assert state.chain[-1].reroll == "Chris"


def test_a_card_the_table_saw_go_into_a_hand_is_known_to_be_there():
    """Reaction Cards, Take: the blocked card goes into the taker's hand in front of everyone. A
    later play of that card from the otherwise secret hand is not "possession unchecked"."""
    state = go(new(), "Abi play Curiosity at Betty", "Betty play Pass to Chris", "Chris play Take", "resolve")
    assert state.player("Chris").hand_cards is None and state.player("Chris").seen_cards == ("Pass",)
    state = go(state, "Abi play Cucumber", "resolve")  # Abi's Cucumber blocks the Curiosity
    state = go(state, "Abi play Curiosity at Chris")
    verdict = E.check(state, E.parse_move("Chris play Pass to Betty", state))
    assert verdict.legal and not any("Chris holds" in u for u in verdict.unchecked)
    assert E.parse_move("Chris play Pass to Betty", state) in E.legal_moves(state)
    state = go(state, "Chris play Pass to Betty")
    assert state.player("Chris").seen_cards == ()
    # a count change that may take cards away makes the seen card unknown again
    seen = go(new(), "Abi play Curiosity at Betty", "Betty play Pass to Chris", "Chris play Take", "resolve")
    seen, _ = track(seen, "discard", "chris", "1")
    assert seen.player("Chris").seen_cards == ()


# ------------------------------------------------------------------ odds (item 10)


def test_odds_after_a_failed_roll_count_the_roll_and_the_yarn_left():
    """Attack: the attacked cat defends on the number or higher; Yarn Balls: one buys a re-roll
    after any roll. After `Dana roll 2` against an Attack 4 the question still has an answer: Dana
    failed so far and each of her 3 Yarn Balls buys one more try: 1 - (1/2)^3."""
    from engine.catastrophe.odds import answer

    state = go(new(("Abi", "Betty", "Chris", "Dana")), "Abi play Attack 4 at Dana", "Dana roll 2")
    result = answer(["attack"], state)
    assert result["roller"] == "Dana" and result["rolled"] == 2 and result["chance"] == "7/8"
    assert "no other cat spends" in result["assumes"]


def test_odds_answer_for_any_target_of_mice_mischief():
    """Red Glowy Dot example: MICE MISCHIEF makes every other cat roll; `--player` asks for any of
    them, not only the first to roll."""
    from engine.catastrophe.odds import OddsQuestion, answer

    state = go(new(), "Abi play Mice Mischief", "Betty roll 1")
    assert answer(["attack"], state, player="chris")["roller"] == "Chris"
    assert answer(["attack"], state, player="betty")["rolled"] == 1
    try:
        answer(["attack"], state, player="abi")
    except OddsQuestion as exc:
        assert "Betty | Chris" in str(exc)
    else:
        raise AssertionError("Abi is not a target of her own MICE MISCHIEF")


def _by_enumeration(number: int, yarn: int, against: int, first: int | None = None):
    """Every sequence of dice; the roller re-rolls a failure while a Yarn Ball is left, the others
    re-roll a success while theirs last; the die that stands decides."""
    import itertools
    from fractions import Fraction

    n = yarn + against + (1 if first is None else 0)
    won = 0
    seqs = list(itertools.product(range(1, 7), repeat=n))
    for seq in seqs:
        dice = iter(seq)
        face, y, h = (first if first is not None else next(dice)), yarn, against
        while True:
            if face >= number and h:
                h -= 1
            elif face < number and y:
                y -= 1
            else:
                break
            face = next(dice)
        won += face >= number
    return Fraction(won, len(seqs))


def test_odds_with_yarn_spent_against_the_roller_are_exact():
    """Yarn Balls: any cat may make any cat re-roll. `against` counts the others' Yarn Balls spent
    on the roller's good rolls; checked against every sequence of dice."""
    from engine.catastrophe.odds import after_roll, defend

    for number in (2, 4, 6):
        for yarn in range(3):
            for against in range(3):
                assert defend(number, yarn, against) == _by_enumeration(number, yarn, against)
                for face in (1, 5):
                    assert after_roll(number, face, yarn, against) == _by_enumeration(number, yarn, against, face)


def test_odds_cli_takes_player_and_against(cli, home):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty,Chris").exit_code == 0
    assert cli("play", "Abi play Mice Mischief").exit_code == 0
    doc = cli.json("odds", "catastrophe", "attack", "--player", "chris", "--against", "1")
    assert doc["roller"] == "Chris" and doc["against"] == 1 and "spend 1 between them" in doc["assumes"]
    bad = cli("odds", "catastrophe", "attack", "--player", "abi")
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
