"""The examples `companion track verbs GAME` prints, and every other example of a verb's usage (what
`companion track VERB --help` shows), are accepted as written (issues 43 and 48): each game's
examples run in order in one session of that game, after the set-up lines the table would have typed
first (the state the example assumes), and each must exit 0."""
from __future__ import annotations

import re
import shlex

import pytest

#: per game: the session's start, then the lines in order; every example of the game's verbs must be
#: among them (the other lines build the state an example assumes: a card revealed, a player's Cobble)
SCRIPTS = {
    "catharsis": [
        'track new catharsis --players "Ann,Ben,Cy" --option morale=18',
        'track morale -1',
        'track morale +1',
        'track combo ann 3 +1',
        'track exhaust ann 1 4',
        'track heal ann 1 4',
        'track discard ann 5',
        'track gain ann "Demon Lord"',
        'track replace ann 2',
        'track rename ann 3 Nail to the Eye',
        'track side ann 2 ground',
        'track side ann 2 flight',
        'track demonic ann +1',
        'track demonic ann +2',
        'track demonic ann -3',
        'track drinks ben +1',
        'track drinks ben -1',
        'track drinks ben +1',
        'track drunk ben',
        'track ice ben 2 +1',
        'track ice ben 2 -1',
        'track kpt ann +2',
        'track kpt all +1',
        'track kpt ann -3',
        'track paradox +2',
        'track burn ann +1',
        'track burn ann -1',
        'track spore ann +1',
        'track status party treasure +1',
        'track next-card monster',
        'track enemy "Crab" 8/10/12/14/16',
        'track combat start',
        'track combat attack',
        'track use ann 3',
        'track cobble ann +1',
        'track cobble ann +6',
        'track level-up ann 2',
        'track cobble ann +7',
        'track cobble ann -7',
        'track enemy damage 4',
        'track enemy armor 2',
        'track enemy armorshred 1',
        'track burn crab +2',
        'track status crab poison +2',
        'track combat enemy',
        'track damage ann exhaust 2',
        'track damage ann discard 2',
        'track damage ann exhaust 1 4 discard 1',
        'track combat refresh',
        'track combat end-round',
        'track combat next',
        'track combat round',
        'track enemy defeated',
        'track refresh',
        'track next-card event',
        'track resolved',
        'track exhaust ann 3',
        'track discard ben 1 2 3 4 5 6',
        'track revive ben',
        'track new catharsis --players "Ann,Ben,Cy" --option morale=18 --option characters="Ann=Durhak" --name durhak',
        'track divinity ann +3',
        'track divinity ann -2',
        'track flip ann',
        'track unflip ann',
    ],
    "cataclysm-arcade": [
        'track new cataclysm-arcade --players "Ann,Ben"',
        'track card Grunt fighter health=3 attack=2',
        'track card Grunt fighter health=3 attack=2 attack-cost=1',
        'track card Zap response cost=1 effect=damage:1',
        'track hand ann Grunt, Zap',
        'track boss ann 30',
        'track boss ben 30',
        'track coins ann +2',
        'play "fighter Grunt"',
        'play decline',
        'play pass',
        'play "attack Grunt at ben boss"',
        'play decline',
        'track damage ben boss 5',
        'track gain-health ann boss 3',
        'track heal ann grunt 2',
        'track untap ann grunt',
        'track tap ann grunt',
        'track coins ann +1',
        'track coins ann spend 3',
        'track fighter ann Grunt 4 level 2 --overrule',
        'track attack ann grunt 2 --overrule',
        'track destroy ann grunt',
        'track pass ann',
        'track next-level',
    ],
    "catopomp": [
        'track new catopomp --players "Ann,Ben,Cy"',
        'track first ben',
        'track dice 1 3 4 4 6 6',
        'track lost cy',
        'track gems cy +1',
        'track gems cy =2',
        'track dice 2 3 4 6 6',
        'track gems cy -1',
        'track dice 2 3 4 5 6',
        'track reserve cy 4',
        'track cleared ann',
        'track score',
        'track new catopomp --players "Ann,Ben,Cy" --option competitive=yes --name competitive',
        'track first ben',
        'track predict ann 3',
        'track dice 1 3 4 4 6 6',
        'track hand ann 1 2 3 3 5 6 7 8 9 9',
        'track points ann +2',
        'track points ann -1',
        'track points ann =5',
        'track cleared ann 3',
    ],
    "theseus": [
        'track new theseus --players "Ann,Ben"',
        'track card Hydra:6:3:explore2:none Knight:?:explore:none',
        'track board Paladin Witch Buster Kunoichi',
        'track deck 1 12',
        'track reward ann Paladin',
        'track points ann +2',
        'track points ann =3',
        'track party ann 4 3 2 1',
        'track party ann total 10',
        'track party ann none',
        'track hand ann Witch',
        'track hand ann total 7',
        'track hand ann none',
        'track hand ann count 3',
        'track next-rank',
        'track bonus ann +1',
        'track bonus ann +1 Paladin',
        'track bonus ann -1',
        'track bonus ann =2',
        'track next',
        'track rank 3',
        'track bonus ann +1 rank 2',
        'track rank 5',
        'track reward ann rank 5',
        'track reward ann "Dragon" 5',
        'track reward ann Dragon 5 vp 3',
        'track party ann Knight Paladin Dragon:5',
        'track hand ann 5 2',
        'track rank 6',
        'track last-rank6',
        'track next',
        'track score',
    ],
    "catastrophe": [
        'track new catastrophe --players "Ann,Ben,Cy"',
        'track lives ben -2',
        'track lives ann +1',
        'track lives all -1',
        'track lives ann -1 ben -2 cy +1',
        'track lives ann ben -1',
        'track lives ann =5',
        'track yarn ann -1',
        'track yarn ben +2',
        'track hand ann +1',
        'track hand ann -2',
        'track hand ann =5',
        'track draw ann 2',
        'track discard ben 1',
        'track power-cats ann +1',
        'track power-cats ann -1',
        'track power-cats ann =2',
        'track card Hairball attack 5',
        'track card Hiss cucumber',
        'track card Catnip Dealer ally lives=self+1',
        'track card Nine Lives power-cat to ann',
        'track reapurr +1',
        'track reapurr -1',
        'track reapurr =3',
        'track reapurr lair',
        'track phase paw',
        'track phase catastrophe',
        'track next',
        'track next-phase',
    ],
}


def usage_examples(verb: str, usage: str) -> list[str]:
    """Every example a verb's usage line gives: each `quoted` one that starts with the verb (or is a
    whole `companion ...` command); a usage line without any: each phrase after ": " or " | " that starts
    with the verb and names no PLACEHOLDER (an [optional] part and a note in parentheses left out;
    of a choice such as `monster|boss`, the first)."""
    quoted = [q for q in re.findall(r"`([^`]+)`", usage) if q.split()[0] in (verb, "companion")]
    if quoted:
        return quoted
    plain = re.sub(r"\s*\([^)]*\)|\s*\[[^\]]*\]", "", usage)
    found = []
    for phrase in plain.rsplit(": ", 1)[-1].split(" | "):
        words = [w.split("|")[0] for w in phrase.split()]  # `monster|boss|trap`: the first choice
        if words and words[0] == verb and not any(w.isupper() for w in words):
            found.append(" ".join(words))
    return found


def examples(game: str) -> list[str]:
    """The game's examples as commands after `companion`: the printed one of each verb first."""
    from engine import get_tracker

    out = []
    for v in get_tracker(game).verbs():
        for text in [v["example"], *usage_examples(v["verb"], v["usage"])]:
            line = text.removeprefix("companion ") if text.startswith("companion ") else f"track {text}"
            if line not in out:
                out.append(line)
    return out


@pytest.mark.parametrize("game", list(SCRIPTS))
def test_every_verb_example_runs(game, cli, home):
    script = SCRIPTS[game]
    missing = [e for e in examples(game) if e not in script]
    assert not missing, f"{game}: examples with no place in SCRIPTS: {missing}"
    for line in script:
        result = cli(*shlex.split(line))
        assert result.exit_code == 0, f"{game}: `companion {line}` exited {result.exit_code}: {result.output}"


def test_the_printed_example_is_among_the_usage_examples():
    from engine import GAMES, get_tracker

    assert sorted(SCRIPTS) == sorted(GAMES), "every game's verbs have a script"
    for game in GAMES:
        for v in get_tracker(game).verbs():
            assert v["example"] in usage_examples(v["verb"], v["usage"]) or v["example"] == v["verb"], (game, v)
