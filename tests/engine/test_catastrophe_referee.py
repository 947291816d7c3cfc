"""CATastrophe referee corrections (issue 20, items 9-10 and the readings made visible): each test
states the rulebook's reason in our words and fails on the code before the fix."""
from __future__ import annotations

import pytest

from engine.catastrophe import Engine, Tracker
from tests.engine.test_catastrophe_engine import go, new

E = Engine()
T = Tracker()


def track(state, *words):
    change = T.parse(state, list(words))
    assert T.check(state, change).legal, words
    return T.apply(state, change)


def test_legal_instead_after_a_reveal_is_the_card_s_resolution():
    """CATastrophe Phase: the revealed card is followed, then discarded; a turn ends after it. With
    the Grim Reapurr card still in play, a second reveal is refused and the one play offered is to
    let it take effect, never `end` (itself refused while the card is in play)."""
    state = go(new(), "Abi draw", "Abi reveal Grim Reapurr +1")
    verdict = E.check(state, E.plays.parse_move("Abi reveal Grim Reapurr +1", state))
    assert not verdict.legal and verdict.alternatives == ("resolve",)
    for alternative in verdict.alternatives:
        assert E.check(state, E.plays.parse_move(alternative, state)).legal
    after = go(state, "resolve")
    verdict = E.check(after, E.plays.parse_move("Abi reveal Grim Reapurr +1", after))
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
    assert E.declaration.status(state) == []
    stale = state.model_copy(update={"chain": go(new(("Abi", "Betty")), "Abi draw", "Abi reveal Event").chain})
    assert any("still in play" in r.message for r in E.declaration.status(stale))


def test_lives_all_reports_every_cat():
    """Gaining and Losing Lives: each cat moves its own token; `lives all -1` moves every cat
    still in the game, and the line after it names them all."""
    from companion.saying import touched

    before = new(("Abi", "Betty", "Chris", "Dana"))
    change = T.parse(before, ["lives", "all", "-1"])
    after, _ = T.apply(before, change)
    said = touched(T.declaration.verbs.summary(before), T.declaration.verbs.summary(after), change.label())
    assert said == ["Abi lives 9→8", "Betty lives 9→8", "Chris lives 9→8", "Dana lives 9→8"]


def test_yarn_without_a_name_re_rolls_the_spender_s_own_failed_die():
    """Yarn Balls: one buys a re-roll for any player, the spender included. Unnamed, a Yarn Ball
    spent by a cat with a failed roll of its own re-rolls that die, not the last die rolled."""
    state = go(new(), "Abi play Mice Mischief", "Betty roll 1", "Chris roll 2")
    move = E.plays.parse_move("Betty yarn", state)
    verdict = E.check(state, move)
    assert verdict.legal and any(e.message == "Betty re-rolls the die" for e in verdict.effects)
    state = E.plays.apply(state, move)
    assert state.chain[-1].reroll == "Betty" and E.turns.to_act(state) == "Betty"
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
    verdict = E.check(state, E.plays.parse_move("Chris play Pass to Betty", state))
    assert verdict.legal and not any("Chris holds" in u.message for u in verdict.unchecked)
    assert E.plays.parse_move("Chris play Pass to Betty", state) in E.plays.legal_moves(state)
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


# ------------------------------------------------------------------ readings made visible

from engine.catastrophe import rules_readings as readings  # noqa: E402


def _play_case(plays, text, names=("Abi", "Betty", "Chris"), variant="standard", track_first=()):
    state = new(names, variant=variant)
    for words in track_first:
        state, _ = track(state, *words)
    state = go(state, *plays)
    return E.check(state, E.plays.parse_move(text, state))


def _track_case(words, names=("Abi", "Betty", "Chris"), variant="standard", before=()):
    state = new(names, variant=variant)
    for w in before:
        state, _ = track(state, *w)
    return T.check(state, T.parse(state, list(words)))


def _several_cats_passed_on():
    """A table's Attack on every other cat (no Red Glowy Dot), passed by Betty to Chris."""
    from engine.catastrophe.model import CardSpec

    storm = CardSpec(name="Hairball Storm", type="attack", number=4, targets="others")
    state = go(new().model_copy(update={"cards": (storm,)}), "Abi play Hairball Storm", "Betty play Pass to Chris")
    return E.check(state, E.plays.parse_move("resolve", state))


def _passed_to_a_cat_gone_out():
    """refcat4: Betty's Pass names Chris, who goes out of the game before it takes effect."""
    state = go(new(), "Abi play Curiosity at Betty", "Betty play Pass to Chris")
    state, _ = track(state, "lives", "chris", "-9")
    return E.check(state, E.plays.parse_move("resolve", state))


READING_CASES = {
    # a Pass that takes effect after the cat it names went out: it still hands the card on (costs nobody)
    "pass to a cat gone out": (readings.PASS_TO_OUT, _passed_to_a_cat_gone_out),
    # a Power Cat answering a card in play, off its owner's turn: only the reaction example hints at it
    "power cat": (readings.POWER_CAT_WHEN, lambda: _play_case(["Abi play Curiosity at Betty"], "Chris play Power Cat")),
    # which card a Pass moves: the most recent non-Reaction, aimed at the passer
    "pass": (readings.PASS_TARGET, lambda: _play_case(["Abi play Curiosity at Betty"], "Betty play Pass to Chris")),
    # an Attack on several cats passed to another of its targets: that cat is its target once
    "pass onto a target": (readings.PASS_ONTO_TARGET, lambda: _several_cats_passed_on()),
    # MICE MISCHIEF: only the example shows it
    "mice": (readings.MICE_MISCHIEF, lambda: _play_case([], "Abi play Mice Mischief")),
    # a failed roll: the lives go when the Attack takes effect
    "loss at resolve": (readings.LOSS_AT_RESOLVE, lambda: _play_case(["Abi play Attack 4 at Betty"], "Betty roll 1")),
    # an unnamed Yarn Ball
    "own die": (readings.YARN_OWN_DIE, lambda: _play_case(["Abi play Attack 4 at Betty", "Betty roll 1"],
                                                          "Betty yarn")),
    # the re-rolled die replaces the old one
    "new roll": (readings.YARN_NEW_ROLL, lambda: _play_case(["Abi play Attack 4 at Betty", "Betty roll 1"],
                                                            "Chris yarn for Betty")),
    # everyone out at once: the Grim Reapurr wins
    "together": (readings.TOGETHER, lambda: _track_case(["lives", "all", "-9"])),
    # the current cat out on its own turn
    "own turn": (readings.OUT_ON_OWN_TURN, lambda: _track_case(["lives", "abi", "-9"])),
    # an Attack numbered above a die's 6 faces: it stands, and no roll defends it
    "above the die": (readings.ATTACK_ABOVE_DIE, lambda: _play_case([], "Abi play Attack 7 at Betty")),
    # King of the Meowtain with no free space below
    "no space": (readings.MEOWTAIN_NO_SPACE, lambda: _track_case(
        ["lives", "chris", "-1"], variant="king", before=[["lives", "abi", "=2"], ["lives", "betty", "=1"],
                                                          ["lives", "chris", "=3"]])),
    # an Attack or Curiosity aimed at its own player: "choose a player" does not exclude oneself
    "self target": (readings.SELF_TARGET, lambda: _play_case([], "Abi play Curiosity at Abi")),
    # King of the Meowtain with no open space above: the gain always takes the cat onto the shared 9
    "shared nine": (readings.NINE_SPACE_ALWAYS, lambda: _track_case(
        ["lives", "chris", "+1"], variant="king", before=[["lives", "betty", "=8"], ["lives", "chris", "=7"]])),
    # over the hand limit: who picks the discards is not said; the hand's owner does
    "hand limit": (readings.HAND_LIMIT_PICKS, lambda: _track_case(["draw", "abi", "8"])),
    # over 3 Power Cats: which go, and who picks, is not said; their owner does
    "power cat limit": (readings.POWER_CAT_LIMIT_PICKS, lambda: _track_case(["power-cats", "abi", "+2"])),
}


@pytest.mark.parametrize("case", READING_CASES, ids=str)
def test_a_verdict_resting_on_a_reading_says_so(case):
    """Issue 20, readings made visible: where the rulebook leaves a point open, the verdict that
    depends on it names the reading and the passages, never a silent "legal"."""
    reading, verdict = READING_CASES[case][0], READING_CASES[case][1]()
    assert verdict.legal and reading in verdict.unchecked, verdict.as_json()


#: readings a refusal rests on: the refusal says it is a reading, and lists it as unchecked
REFUSAL_CASES = {
    # Chris passes on what Betty's waiting Pass sends him: it is still aimed at Betty until that Pass takes effect
    "pass waiting": (readings.PASS_WAITING, lambda: _play_case(["Abi play Attack 4 at Betty", "Betty play Pass to Chris"],
                                                               "Chris play Pass to Abi")),
    # a Pass back to the passer: "any player" against "instead of you"
    "pass to oneself": (readings.PASS_NOT_SELF, lambda: _play_case(["Abi play Attack 4 at Betty"],
                                                                   "Betty play Pass to Betty")),
}


@pytest.mark.parametrize("case", REFUSAL_CASES, ids=str)
def test_a_refusal_resting_on_a_reading_says_so(case):
    reading, verdict = REFUSAL_CASES[case][0], REFUSAL_CASES[case][1]()
    assert not verdict.legal and reading in verdict.unchecked, verdict.as_json()
    assert "a reading" in verdict.reasons[0].message, verdict.reasons[0].message


def test_a_pass_with_no_pass_waiting_is_refused_by_the_rule_alone():
    verdict = _play_case(["Abi play Attack 4 at Betty"], "Chris play Pass to Abi")
    assert not verdict.legal and "a reading" not in verdict.reasons[0].message
    assert readings.PASS_WAITING not in verdict.unchecked


def test_every_reading_has_a_case():
    assert {r for r, _ in (*READING_CASES.values(), *REFUSAL_CASES.values())} == set(readings.ALL)


@pytest.mark.parametrize("words, before", [
    (["lives", "betty", "+1"], [["lives", "betty", "=8"]]),  # straight onto the 9 Abi holds: no space skipped
    (["lives", "chris", "+2"], [["lives", "betty", "=8"], ["lives", "chris", "=7"]]),  # the second life is lost
], ids=["next space", "two lives"])
def test_a_gain_onto_the_taken_nine_space_says_the_reading(words, before):
    """King of the Meowtain: with no other open space the cat may move onto the 9 space others hold; the
    rulebook does not say it may stay, and the companion always moves it: the verdict says so, citing
    king-meowtain.nine-space-exception, whether or not spaces were skipped on the way."""
    verdict = _track_case(words, variant="king", before=before)
    assert verdict.legal and readings.NINE_SPACE_ALWAYS in verdict.unchecked, verdict.as_json()
    assert readings.NINE_SPACE_ALWAYS.rule == "catastrophe.king-meowtain.nine-space-exception"


@pytest.mark.parametrize("words, variant, before", [
    (["lives", "chris", "+1"], "king", [["lives", "abi", "=8"], ["lives", "betty", "=7"], ["lives", "chris", "=5"]]),
    (["lives", "chris", "+1"], "king", [["lives", "abi", "=7"], ["lives", "betty", "=6"], ["lives", "chris", "=5"]]),
    (["lives", "betty", "+1"], "standard", [["lives", "betty", "=8"]]),
], ids=["skips to an open space", "open 9 space", "standard game"])
def test_a_gain_that_does_not_share_the_nine_space_says_no_such_reading(words, variant, before):
    """The reading is said only where it decides the move: a gain to an open space (the 9 included, or
    outside the variant) rests on the rule itself."""
    verdict = _track_case(words, variant=variant, before=before)
    assert verdict.legal and readings.NINE_SPACE_ALWAYS not in verdict.unchecked, verdict.as_json()


def test_the_hand_limit_reading_is_said_only_when_cards_are_discarded():
    """A Few More Things: over 7 cards the hand is cut to 7 at once; who picks the discards is not said
    (general.max-hand-size). A draw that stays within 7 says nothing of it; a play that takes a cat over
    the limit."""
    assert readings.HAND_LIMIT_PICKS.rule == "catastrophe.general.max-hand-size"
    assert readings.HAND_LIMIT_PICKS not in _track_case(["draw", "abi", "1"], before=[["hand", "abi", "=3"]]).unchecked
    assert readings.HAND_LIMIT_PICKS in _track_case(["draw", "abi", "1"], before=[["hand", "abi", "=7"]]).unchecked


def test_the_power_cat_limit_reading_is_said_only_when_power_cats_are_discarded():
    """A Few More Things: over 3 Power Cats the cat discards down to 3 at once; which ones is not said
    (general.max-power-cats). A gain that stays within 3 says nothing of it."""
    assert readings.POWER_CAT_LIMIT_PICKS.rule == "catastrophe.general.max-power-cats"
    assert readings.POWER_CAT_LIMIT_PICKS not in _track_case(["power-cats", "abi", "+1"]).unchecked
    assert readings.POWER_CAT_LIMIT_PICKS in _track_case(["power-cats", "abi", "+1"],
                                                         before=[["power-cats", "abi", "=3"]]).unchecked


def test_a_power_cat_named_before_the_limit_may_be_among_the_discards():
    """Abi's named Power Cat is one the table knows in front of her; over the limit she picks which go,
    so it is no longer known to be there (as the hand's seen cards are not)."""
    state = new()
    for words in (["card", "Catnip", "power-cat", "of", "abi"], ["power-cats", "abi", "=3"]):
        state, _ = track(state, *words)
    assert state.players[0].named_power_cats == ("Catnip",)
    state, _ = track(state, "power-cats", "abi", "+1")
    assert state.players[0].named_power_cats == () and state.players[0].power_cats == 3


def test_a_card_refused_out_of_turn_offers_only_the_refused_cat_s_own_plays():
    """Taking Your Turn: only the cat whose turn it is plays cards without Catfinity. Betty's Ally
    on Abi's turn is refused, and what Abi (or Chris, who rolls) may do is no play of Betty's: the
    refusal offers Betty's own plays, or nothing (she waits for her turn)."""
    state = new()
    verdict = E.check(state, E.plays.parse_move("Betty play Ally", state))
    assert not verdict.legal and verdict.alternatives == ()
    state = go(state, "Abi play Attack 4 at Chris")
    verdict = E.check(state, E.plays.parse_move("Betty play Curiosity at Abi", state))
    assert not verdict.legal and verdict.alternatives == ()
    state = go(state, "Chris roll 5")
    verdict = E.check(state, E.plays.parse_move("Betty play Ally", state))
    assert not verdict.legal and verdict.alternatives
    assert all(line.startswith("Betty ") for line in verdict.alternatives), verdict.alternatives


def test_a_play_refused_out_of_turn_offers_only_the_refused_cat_s_own_plays_or_says_wait():
    """Taking Your Turn: the turn's cat draws; Attack: only the attacked cat rolls. `Betty draw` on
    Abi's turn and `Chris roll 5` against an Attack on Betty are refused, and Abi's draw or Betty's
    roll is no play of theirs: nothing is offered, and the refusal says they wait for their turn."""
    state = new()
    for text, after in (("Betty draw", ()), ("Chris roll 5", ("Abi play Attack 4 at Betty",))):
        table = go(state, *after)
        verdict = E.check(table, E.plays.parse_move(text, table))
        assert not verdict.legal and verdict.alternatives == (), verdict.alternatives
        assert any("wait for your turn" in r.message for r in verdict.reasons), verdict.reasons
    table = go(state, "Abi play Attack 4 at Betty", "Betty roll 2")  # Chris may pay a Yarn Ball
    verdict = E.check(table, E.plays.parse_move("Chris roll 5", table))
    assert verdict.alternatives and all(line.startswith("Chris ") for line in verdict.alternatives)
    assert not any("wait for your turn" in r.message for r in verdict.reasons)


def test_an_attack_on_several_cats_names_every_cat_still_to_roll_in_turn_order():
    """Attack: each attacked cat rolls to defend (the Red Glowy Dot Symbol Example: Betty and Chris each
    roll); the rulebook orders no rolls. Who acts is every cat still to roll, in turn order, not the
    first alone; once all have rolled, a Yarn Ball may re-roll any of their dice (Yarn Balls), not
    only the last one rolled."""
    state = go(new(("Abi", "Betty", "Chris", "Dan")), "Abi play Mice Mischief")
    assert E.turns.acting(state) == "Betty, Chris and Dan, each still to roll for Mice Mischief"
    state = go(state, "Betty roll 1")
    assert E.turns.acting(state) == "Chris and Dan, each still to roll for Mice Mischief"
    assert "waiting on Chris's and Dan's rolls" in E.views.turn_note(state, "Abi")
    state = go(state, "Dan roll 2", "Chris roll 5")
    said = E.turns.acting(state)
    assert "one of Betty, Chris and Dan roll again" in said, said
    assert "one of Betty, Chris and Dan roll again" in E.turns.acting(state, page=True)
