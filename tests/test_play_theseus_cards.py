"""A whole Party of the Theseus game with every card described (issue 23): the table gives each card's
Rank, printed VP, icon and "no effect" in the session option `cards=`, so `moves` offers each card's own
ability only and no play leaves a "card effect not checked" line. The same game told without the cards
shows what the library has to teach. Set-up and `moves` go through the command line (in-process)."""
from __future__ import annotations

import json

from engine.theseus.rules_scoring import general_vp
from tests.conftest import run_in_process
from tests.engine.theseus_table import card_facts, deal, setup_words, table_game
from tests.theseus_cards_cli import UNKNOWN_WORDS, json_of, play_whole_game

SEED = 3


def described(seed: int) -> list[str]:
    """Every card of the dealer's game as the table would describe it: NAME:RANK:VP:ICON:none."""
    parts = []
    for c in card_facts(seed, vp=general_vp):
        rank = c["rank"] if isinstance(c["rank"], int) else "?"
        vp = f":{c['vp']}" if "vp" in c else ""
        parts.append(f"{c['name']}:{rank}{vp}:{c['icon']}:none")
    return parts


def test_a_whole_game_with_every_card_described_judges_every_card(cli, home):
    starters = [d for d in described(SEED) if ":?:" in d]  # in the option, the others as the table describes them
    others = [d for d in described(SEED) if d not in starters]
    play_whole_game(cli, SEED, new_extra=("--option", "cards=" + ",".join(starters)), after_new=(("card", *others),))
    shown = json_of("track", "show")["state"]
    assert not [n for n in shown["notes"] if any(w in n for w in UNKNOWN_WORDS)], shown["notes"]


def test_the_same_game_without_the_cards_lists_every_ability_and_says_what_to_teach(cli, home):
    state, _ = deal(SEED)
    for words in setup_words(state, tuple(p.name for p in state.players[1:])):
        assert run_in_process("track", *words).returncode == 0
    doc = json_of("moves")
    knight = {m.split()[2] for m in doc["moves"] if m.startswith("use Knight ")}
    assert knight == {"explore", "recruit", "subjugate"}
    assert 'teach it: `companion cards add theseus Knight --icon "ICON"`' in doc["note"]
    text = run_in_process("moves").stdout
    assert "Mage's icon is unknown: every ability is listed for it" in text
    first = next(what for kind, what, _t in table_game(SEED) if kind == "play")
    lines = [u["message"] for u in cli.json("play", first)["unchecked"]]
    assert any(m.startswith("card effect not checked") for m in lines)


def test_a_bad_cards_option_is_one_line_exit_2_and_no_session(home):
    done = run_in_process("track", "new", "theseus", "--players", "Ann,Ben", "--option", "cards=Hydra:6:fly")
    assert done.returncode == 2 and "Hydra: 'fly'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert json.loads(run_in_process("track", "list", "--json").stdout)["sessions"] == []
