"""The Catharsis move validator: one State with the tracker, plays, moves, and the CLI around them."""
from __future__ import annotations

import json
import shlex
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES, get_tracker
from engine.base import EngineError
from engine.catharsis.rules_costs import Option, parse_cost
from tests.engine.catharsis_costs_oracle import brute_force_pays
from engine.catharsis.notation_track import is_pattern, quoted
from tests.conftest import run_companion
from tests.engine.catharsis_table import E, TRACKER, table

SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))
ATTACK = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"]


def test_one_rules_model():
    assert "catharsis" in GAMES
    assert get_tracker("catharsis").State is E.State
    assert E.turns.to_act(table()) is None  # no turns: everyone acts at once


def test_tracker_changes_are_plays_of_the_same_state():
    s = table("morale -2")
    assert s.morale == 16
    v = E.check(s, E.plays.parse_move("morale +3", s))
    assert not v.legal and v.alternatives == ("morale +2",)


def test_apply_refuses_an_illegal_play_unless_overruled():
    s = table(*ATTACK, "roll Ann 1 2 3 4 5 6", "reroll Ann 1 to 2", "reroll Ann 2 to 3")
    move = E.plays.parse_move("reroll Ann 3 to 4", s)
    with pytest.raises(EngineError):
        E.plays.apply(s, move)
    after = E.plays.apply(s, move, overruled=True)   # the table is the truth
    assert after.players[0].rerolls == 3 and 4 in [d.value for d in after.players[0].dice]
    assert any(r.rule == "catharsis.combat.player-attack.reroll-limit" for r in E.declaration.status(after))


def test_apply_is_pure():
    s = table(*ATTACK, "roll Ann 1 2 3 4 5 6")
    before = s.model_dump()
    E.plays.apply(s, E.plays.parse_move("adjust Ann 1 +1", s))
    assert s.model_dump() == before


def test_moves_note():
    assert "Player Attack Phase" in E.views.moves_note(table())
    assert "rolled" in E.views.moves_note(table(*ATTACK))
    # issue 43: what moves cannot list is said: Ben's roll, Ann's rerolls, the powers of unknown cost
    note = E.views.moves_note(table(*ATTACK, "roll Ann 1 2 3 4 5 6"))
    assert "Ben has not rolled" in note and "Ann may reroll (2 of 2 left)" in note
    assert "unchecked: Ann's powers 1, 2, 3, 4, 5, 6" in note


def test_moves_lists_no_unchecked_power_for_a_player_whose_dice_are_all_used():
    """A cost is paid with unused dice: once all of Ann's are set aside, her powers of unknown cost are
    not offered as judged-as-said uses (`with DICE` has no dice to name); Ben's still are."""
    s = table(*ATTACK, "roll Ann 1 2 3 4 5 6", "roll Ben 1 2 3 4 5 6",
              'card "Fire Bolt" top "? ? ? ? ? ?" effect "deal 5 damage" attacks 5', "rename Ann 1 Fire Bolt",
              "use Ann 1 top")
    note = E.views.moves_note(s)
    assert "unchecked: Ann's" not in note and "Ann has no unused die left this round" in note, note
    assert "unchecked: Ben's powers 1, 2, 3, 4, 5, 6" in note


def test_every_command_moves_offers_reads_back_for_a_name_with_an_apostrophe():
    """The moves note writes each command as the notation reads it back: `roll "O'Neil"`, not `roll O'Neil`."""
    s = table(*ATTACK, players=("O'Neil", "Ben"))
    note = E.views.moves_note(s)
    assert "`roll \"O'Neil\"`" in note, note
    s = table(*ATTACK, "roll \"O'Neil\" 1 2 3 4 5 6", players=("O'Neil", "Ben"))
    commands = E.views.moves_note(s).replace("\n  ", " ").split("`")[1::2]
    assert any(c.startswith("reroll") for c in commands) and any(c.startswith("use") for c in commands), commands
    for command in commands:
        assert shlex.split(command)[1] in ("O'Neil", "Ben"), command


def test_mover_is_the_adjusting_player():
    s = table(*ATTACK, "roll Ben 1 2 3 4 5 6")
    assert E.turns.mover(s, E.plays.parse_move("adjust Ben 3 +1 by Ann", s)) == "Ann"
    assert E.turns.mover(s, E.plays.parse_move("roll Ann 1 2 3 4 5 6", s)) == "Ann"


def test_situation_round_trips():
    s = table(*ATTACK, "roll Ann 1 2 3 4 5 6", "card Jab top 2")
    assert E.load_state(json.loads(json.dumps(s.model_dump(mode="json")))) == s


# ---------------------------------------------------------------------------- properties

costs = st.lists(
    st.one_of(st.sampled_from(["?", "AA", "BBB", "CC"]), st.integers(1, 6).map(str)),
    min_size=1, max_size=4,
).map(lambda parts: " ".join(dict.fromkeys(parts))).filter(lambda c: parse_cost(c).options[0].size <= 6)
cards = st.lists(st.tuples(costs, st.one_of(st.none(), costs)), min_size=1, max_size=6)
rolls = st.lists(st.integers(1, 6), min_size=6, max_size=6)


def _with_cards(specs, roll):
    plays = list(ATTACK)
    for i, (top, bottom) in enumerate(specs):
        name = f"P{i}"
        plays.append(f'card {name} top "{top}"' + (f' bottom "{bottom}"' if bottom else ""))
    state = table(*plays, players=("Ann",))
    for i in range(min(6, len(specs))):
        state = E.plays.apply(state, E.plays.parse_move(f"rename Ann {i + 1} P{i}", state))
    return E.plays.apply(state, E.plays.parse_move("roll Ann " + " ".join(map(str, roll)), state))


@settings(max_examples=40 * SCALE, derandomize=True, deadline=None)
@given(cards, rolls)
def test_every_listed_move_is_accepted_and_none_is_missed(specs, roll):
    state = _with_cards(specs, roll)
    listed = E.plays.legal_moves(state)
    for move in listed:
        text = E.plays.format_move(move)
        again = E.plays.parse_move(text, state)
        assert again == move
        assert E.check(state, again).legal, text
    expected = 0
    for i, pw in enumerate(state.players[0].powers):
        if pw.status != "face-up" or not pw.name.startswith("P"):
            continue
        top, bottom = specs[int(pw.name[1:])]
        for cost in (top, bottom):
            if cost:
                expected += sum(brute_force_pays(o, roll) for o in parse_cost(cost).options)
    assert len(listed) == expected


@settings(max_examples=40 * SCALE, derandomize=True, deadline=None)
@given(rolls, st.lists(st.integers(1, 6), min_size=1, max_size=6), st.integers(-5, 5).filter(bool))
def test_adjustments_stay_on_the_die_faces(roll, picks, by):
    state = table(*ATTACK, "roll Ann " + " ".join(map(str, roll)), players=("Ann",))
    for value in picks:
        move = E.plays.parse_move(f"adjust Ann {value} {by:+d}", state)
        verdict = E.check(state, move)
        if verdict.legal:
            state = E.plays.apply(state, move)
        else:
            assert verdict.reasons[0].rule.startswith("catharsis.glossary-rules.adjust")
        assert all(1 <= d.value <= 6 for d in state.players[0].dice)


def test_option_brute_force_follows_the_bb_definition():
    # the rulebook's BB: a pair whose value no other die used on the ability shows
    assert not brute_force_pays(Option(exact=(1,), groups=(("B", 2),)), [1, 1, 1])
    assert brute_force_pays(Option(exact=(1,), groups=(("B", 2),)), [1, 2, 2])
    assert not brute_force_pays(Option(groups=(("A", 2), ("B", 2))), [1, 1, 1, 1])
    assert brute_force_pays(Option(exact=(1,), groups=(("A", 2),)), [1, 1, 1])   # AA has no such limit


# ---------------------------------------------------------------------------- the CLI

SITUATION = """
characters_started = 1
morale = 10
morale_start = 10
phase = "combat"
combat_step = "player-attack"
round = 1

[[cards]]
name = "Jab"
top = { cost = "AA" }

[[players]]
name = "Ann"
rerolls = 1
powers = [{ name = "Jab" }]
dice = [{ value = 1 }, { value = 2 }, { value = 3 }, { value = 3 }, { value = 5 }, { value = 6 }]
"""


@pytest.fixture
def situation(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text(SITUATION)
    return str(path)


def test_cli_check_moves_status(cli, situation):
    out = cli.json("check", "catharsis", "--situation", situation, "--move", "use ann jab top")
    assert out["legal"] is True
    out = cli.json("check", "catharsis", "--situation", situation, "--move", "reroll ann 1 2 to 4 4")
    assert out["legal"] is True and any("0 left" in e["message"] for e in out["effects"])
    out = cli.json("moves", "catharsis", "--situation", situation)
    assert out["moves"] == ["use Ann 1 top with 3 3"]
    out = cli.json("status", "catharsis", "--situation", situation)
    assert out["possible"] is True and out["problems"] == []
    result = cli("check", "catharsis", "--situation", situation, "--move", "use ann jab top with 1 2", "--json")
    assert result.exit_code == 1   # an illegal move is a finding: the verdict is on stdout
    out = json.loads(result.stdout)
    assert out["legal"] is False
    assert "catharsis.player-decks.symbol-aa" in [r["rule"] for r in out["reasons"]]
    assert out["alternatives"] == ["use Ann 1 top with 3 3"]


@pytest.mark.parametrize("move,word", [("roll ann 1 2 3 4 5 7", "'7'"), ("use ann fireball top", "fireball"),
                                       ('card X top "AA %"', "%")])
def test_cli_bad_input_one_line_exit_2(cli, situation, move, word):
    result = cli("check", "catharsis", "--situation", situation, "--move", move)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and word in lines[0] and "Traceback" not in result.stderr


def test_cli_odds(cli):
    out = cli.json("odds", "catharsis", "6 6", "--dice", "6,1", "--rerolls", "1")
    assert out["fraction"] == "1/6" and out["keep"] == [6] and out["reroll"] == [1]
    out = cli.json("odds", "catharsis", "AA")
    assert 0 < out["without_reroll"] < out["probability"] <= 1 and out["dice"] == 6
    result = cli("odds", "catharsis", "AA")
    assert result.exit_code == 0 and "AA:" in result.stdout


@pytest.mark.parametrize("args,word", [(["AA %"], "%"), (["AA", "--dice", "1,7"], "7"),
                                       (["AA", "--rerolls", "3"], "--rerolls"), (["AA", "--dice", "1,2,3,4,5,6,1"], "1 to 6")])
def test_cli_odds_bad_input(cli, args, word):
    result = cli("odds", "catharsis", *args)
    assert result.exit_code == 2 and word in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_cli_odds_for_another_game_names_the_games_with_odds(cli):
    result = cli("odds", "catopomp", "AA")
    assert result.exit_code == 2 and "catharsis" in result.stderr


def test_cli_odds_from_a_session_needs_rolled_dice(cli):
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=10").exit_code == 0
    result = cli("odds", "catharsis", "AA", "--player", "ann")
    assert result.exit_code == 2 and "no unused dice" in result.stderr


@pytest.mark.installed
def test_odds_command_in_a_real_process():
    proc = run_companion("odds", "catharsis", "AA BB", "--dice", "1,1,2,3,4,5", "--json")
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["cost"] == "AA BB" and 0 < out["probability"] < 1


# ---------------------------------------------------------------------------- play-along sessions

DAVE = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
        "rename Dave 1 Sky is the Limit", "roll Dave 3 4 4 4 5 6", "reroll Dave 3 4 4 4 5 6 to 1 1 2 3 3 4",
        "reroll Dave 3 3 4 to 1 2 5"]


def test_the_dave_example_played_in_a_session(cli):
    assert cli("track", "new", "catharsis", "--players", "Dave,Mary", "--option", "morale=10",
               "--option", "characters=Dave=Soraten").exit_code == 0
    for text in DAVE:
        result = cli("play", text)
        assert result.exit_code == 0, (text, result.output)
    refused = cli("play", "reroll Dave 5 to 2")
    assert refused.exit_code == 1 and "catharsis.combat.player-attack.reroll-limit" in refused.stderr
    odds = cli.json("odds", "catharsis", "1 1 1 2 2 2", "--player", "dave")
    assert odds["rerolls"] == 0 and odds["probability"] == 0 and sorted(odds["keep"]) == [1, 1, 1, 2, 2, 5]
    assert cli("play", "adjust Dave 5 -3", "--by", "Mary").exit_code == 0
    assert cli.json("moves")["moves"] == ["use Dave 1 top with 1 1 1 2 2 2"]
    assert cli.json("play", "use Dave 1 top")["legal"] is True
    shown = cli.json("track", "show")["state"]["players"][0]
    assert shown["used_dice"] == "1 1 1 2 2 2" and shown["powers"][0]["status"] == "exhausted"
    assert cli("track", "undo").exit_code == 0   # the play is one event of the log
    shown = cli.json("track", "show")["state"]["players"][0]
    assert shown["dice"] == "1 1 1 2 2 2" and shown["rerolls_left"] == 0


def test_an_overruled_play_is_recorded_and_replayed(cli):
    assert cli("track", "new", "catharsis", "--players", "Dave", "--option", "morale=10").exit_code == 0
    for text in DAVE:
        assert cli("play", text).exit_code == 0
    result = cli.json("play", "reroll Dave 5 to 2", "--overrule")
    assert result["overruled"] is True
    status = cli("status", "--json")
    assert status.exit_code == 1   # an impossible table is a finding
    assert json.loads(status.stdout)["problems"][0]["rule"] == "catharsis.combat.player-attack.reroll-limit"
    assert cli.json("track", "show")["state"]["players"][0]["dice"] == "1 1 1 2 2 2"


def test_lumis_ice_discount_is_unchecked():
    s = table(*ATTACK, 'card Jab top "AA"', "rename Ann 1 Jab", "ice Ann 1 +2", "roll Ann 3 3 1 2 4 5")
    v = E.check(s, E.plays.parse_move("use Ann 1 top", s))
    assert v.legal and any(n.rule == "catharsis.characters.lumi.more-ice" and "Ice" in n.message for n in v.unchecked)


PLAYS = st.one_of(
    st.sampled_from(["combat attack", "combat enemy", "combat refresh", "combat end-round", "combat round",
                     "attack party 3", "attack player 4", "refresh", "morale -1"]),
    st.builds(lambda who, r: f"roll {who} " + " ".join(map(str, r)), st.sampled_from(["Ann", "Ben"]), rolls),
    st.builds(lambda who, a, b: f"reroll {who} {a} to {b}", st.sampled_from(["Ann", "Ben"]), st.integers(1, 6),
              st.integers(1, 6)),
    st.builds(lambda who, a, by: f"adjust {who} {a} {by:+d}", st.sampled_from(["Ann", "Ben"]), st.integers(1, 6),
              st.integers(-3, 3).filter(bool)),
    st.builds(lambda who, slot, half, a, b: f"use {who} {slot} {half} with {a} {b}", st.sampled_from(["Ann", "Ben"]),
              st.integers(1, 2), st.sampled_from(["top", "bottom"]), st.integers(1, 6), st.integers(1, 6)),
    st.builds(lambda a, b: f"assign Ann {a} Ben {b}", st.integers(0, 4), st.integers(0, 4)),
)


@settings(max_examples=30 * SCALE, derandomize=True, deadline=None)
@given(st.lists(PLAYS, min_size=1, max_size=25))
def test_every_refused_play_advises_plays_that_work(texts):
    """Issue 12 for plays too: the advice of a refusal is legal at that moment; the table stays sane."""
    state = table(*ATTACK[:3], 'card Jab top "AA" bottom "2 || 4"', "rename Ann 1 Jab", "rename Ben 2 Jab")
    for text in texts:
        move = E.plays.parse_move(text, state)
        verdict = E.check(state, move)
        for alt in verdict.alternatives if not verdict.legal else ():
            if not is_pattern(alt):
                assert E.check(state, E.plays.parse_move(alt, state)).legal, (text, alt)
        if verdict.legal:
            state = E.plays.apply(state, move)
        for p in state.players:
            assert p.rerolls <= 2 and all(1 <= d.value <= 6 for d in p.dice)
        assert E.declaration.status(state) == []


def test_a_session_and_its_situation_file_judge_alike(cli, tmp_path):
    assert cli("track", "new", "catharsis", "--players", "Dave,Mary", "--option", "morale=10").exit_code == 0
    for text in DAVE[:-1]:
        assert cli("play", text).exit_code == 0
    written = cli("track", "situation")
    assert written.exit_code == 0
    path = tmp_path / "table.json"
    path.write_text(written.stdout)
    for move in ("reroll Dave 3 3 4 to 1 2 5", "reroll Dave 9", "use Dave 1 top", "adjust Mary 2 +1",
                 "adjust Dave 6 +1 by Mary", "roll Mary 1 2 3 4 5 6"):
        from_session = cli("check", move, "--json")
        from_file = cli("check", "catharsis", "--situation", str(path), "--move", move, "--json")
        assert from_session.exit_code == from_file.exit_code, move
        if from_session.exit_code == 0:
            assert json.loads(from_session.stdout) == json.loads(from_file.stdout), move


@settings(max_examples=25 * SCALE, derandomize=True, deadline=None)
@given(st.lists(st.integers(1, 3), min_size=1, max_size=3), st.integers(1, 8), st.sampled_from(["party", "player"]))
def test_every_listed_damage_sharing_is_legal_and_distinct(powers, damage, to):
    from itertools import product

    names = ["Ann", "Ben", "Cy"][:len(powers)]
    state = table(*ATTACK[:3], "combat enemy", f"attack {to} {damage}", players=names,
                  powers=",".join(f"{n}={k}" for n, k in zip(names, powers)))
    listed = [E.plays.format_move(m) for m in E.plays.legal_moves(state)]
    assert len(listed) == len(set(listed))
    for text in listed:
        assert E.check(state, E.plays.parse_move(text, state)).legal, text
    caps = [2 * k for k in powers]   # every power face up: exhaust, then discard
    need = min(damage, sum(caps))
    if to == "party":
        expected = sum(1 for c in product(*(range(k + 1) for k in caps)) if sum(c) == need)
        assert len(listed) == expected


def test_moves_note_says_the_held_damage():
    """An ability's damage while two Enemies stand is held for the table to place (`enemy damage N NAME`, a
    tracker change): `moves` lists no play for it, so its note says it, naming the Enemies standing."""
    s = table(*ATTACK, "enemy Rat 3", 'card "Fire Bolt" top "AA ?" effect "deal 2 damage" attacks 2',
              "rename Ann 1 Fire Bolt", "roll Ann 4 4 1 2 5 6", "use Ann 1 top with 1 4 4")
    assert s.damage_to_deal == 2
    assert "2 damage the party's abilities dealt is held" in E.views.moves_note(s)
    assert "`enemy damage N NAME`" in E.views.moves_note(s) and "standing: Crab, Rat" in E.views.moves_note(s)


@pytest.mark.parametrize("text,word,half", [("adjust Ben 4 +1 by Ann 2 top extra", "'extra'", "top"),
                                            ("adjust Ben 4 +1 by Ann 2 bottom 6", "'6'", "bottom"),
                                            ("use Ann 2 top bottom", "'bottom'", "top"),
                                            ("use Ann 2 bottom bottom with 3 3", "'bottom'", "bottom")])
def test_a_play_with_a_word_past_its_form_is_refused_naming_the_word_and_the_form(text, word, half):
    """Every word of a play is read: a stray one is bad input, not a word dropped (`adjust` read seven
    words and left the rest; `use` kept the last of two halves). Without it, the play reads."""
    state = table(*ATTACK)
    with pytest.raises(EngineError) as err:
        E.plays.parse_move(text, state)
    verb = text.split()[0]
    assert str(err.value).startswith(f"unexpected {word}; usage: {verb} PLAYER"), str(err.value)
    words = text.split()
    words.remove(word.strip("'"))
    read = E.plays.parse_move(" ".join(words), state)
    assert (read.kind, read.slot, read.half) == (verb, "2", half)


def test_a_name_with_an_apostrophe_gets_the_same_advice_from_the_referee_and_the_tracker():
    """Advice is read one way (track.works: the notation's shlex) for plays and tracker commands
    alike, and a name the notation needs quoted is written quoted: the advice is offered by both and
    reads back. A play's advice for O'Neil was dropped; the tracker's did not read as a play."""
    state = table(*ATTACK, "exhaust \"O'Neil\" 3", "roll \"O'Neil\" 6 6 5 1 3 2", players=("O'Neil", "Ben"))
    as_play = E.check(state, E.plays.parse_move("heal \"O'Neil\" 2", state))
    tracked = TRACKER.check(state, TRACKER.parse(state, ["heal", "O'Neil", "2"]))
    adjust = E.check(state, E.plays.parse_move("adjust \"O'Neil\" 6 +1", state))
    assert as_play.alternatives == tracked.alternatives == ("heal \"O'Neil\" 3",)
    assert adjust.alternatives == ("adjust \"O'Neil\" 6 -1",)
    for alt in (*as_play.alternatives, *adjust.alternatives):
        assert E.check(state, E.plays.parse_move(alt, state)).legal, alt
    assert TRACKER.check(state, TRACKER.parse(state, shlex.split(tracked.alternatives[0]))).legal


@pytest.mark.parametrize("name,written", [("Ann", "Ann"), ("Mary Ann", "\"Mary Ann\""), ("O'Neil", "\"O'Neil\""),
                                          ('Ann "Axe"', "'Ann \"Axe\"'")])
def test_advice_quotes_a_name_only_where_the_notation_would_misread_it(name, written):
    assert quoted(name) == written
    assert shlex.split(f"heal {written} 3") == ["heal", *(name.split() if written == name else [name]), "3"]


def test_advice_leaves_an_enemy_name_of_several_words_as_it_is():
    """An Enemy's reader takes every word left (`enemy damage 4 Crab King`), a player's one word."""
    assert quoted("Crab King", several_words=True) == "Crab King"
    assert quoted("O'Neil", several_words=True) == "\"O'Neil\""


def test_advice_to_revive_a_player_of_two_words_revives_that_player():
    """The advice of a refused `gain` for a dead `Mary Ann` reads back as reviving her, with no power
    named `Ann` (it was `revive Mary Ann`, read as the prefix `Mary` and a power's name)."""
    state = table("exhaust \"Mary Ann\" 1", "damage \"Mary Ann\" discard 1", players=("Lu", "Mary Ann"),
                  characters="Lu=Lumi", powers="Lu=6,Mary Ann=1")
    advice = TRACKER.check(state, TRACKER.parse(state, ["gain", "Mary Ann", "Foo"])).alternatives
    assert advice == ('revive "Mary Ann"',)
    for said in (shlex.split(advice[0]), ["revive", "Mary", "Ann"]):
        revived = TRACKER.apply(state, TRACKER.parse(state, said))[0]
        assert [pw.name for pw in revived.players[1].powers] == ["revived 1", "revived 2"], said


def test_goz_tracker_use_of_a_duo_top_is_a_regular_ability():
    """`companion track use` of a duo power's top by Goz places no Combo (Duo Powers: 'For Goz'): the
    power exhausts as any used power, as the play `use` already had it."""
    state = table('card "Tag Team" duo Goz,Luthia top "1" bottom "2"', "rename Ann 1 Tag Team", *ATTACK,
                  characters="Ann=Goz,Ben=Luthia")
    used = TRACKER.apply(state, TRACKER.parse(state, ["use", "Ann", "1", "top"]))[0].players[0].powers[0]
    assert (used.combo, used.status) == (0, "exhausted")


def test_tracker_use_of_the_other_players_duo_half_is_refused():
    """Each player pays only their own half of a duo power, with `companion track use` as with the play."""
    state = table('card "Tag Team" duo Goz,Luthia top "1" bottom "2"', "rename Ben 1 Tag Team", *ATTACK,
                  characters="Ann=Goz,Ben=Luthia")
    verdict = TRACKER.check(state, TRACKER.parse(state, ["use", "Ben", "1", "top"]))
    assert not verdict.legal and {r.rule for r in verdict.reasons} == {"catharsis.duo-powers.own-half"}
    assert TRACKER.check(state, TRACKER.parse(state, ["use", "Ben", "1", "bottom"])).legal


def test_owed_damage_advice_quotes_a_player_of_two_words():
    """What a refusal offers names a player of two words in quotes, as the play is typed back."""
    state = table(*ATTACK, "combat enemy", "attack party 2", 'assign "Mary Ann" 2', players=("Mary Ann", "Ben"))
    verdict = TRACKER.check(state, TRACKER.parse(state, ["combat", "refresh"]))
    assert not verdict.legal and verdict.alternatives == ('damage "Mary Ann" exhaust N ...',)
