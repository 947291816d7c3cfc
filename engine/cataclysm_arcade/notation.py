"""Cataclysm Arcade: reading and writing plays as the table says them (`attack Grunt at ben boss`)."""
from __future__ import annotations

from engine.base import MoveSyntaxError
from engine.errors import NotTheirs
from engine.words import held_names, match as _match, player as named_player

from .model import BOSS, Player, State


NOTATION = """\
  fighter NAME [keep old]           play a Fighter from your hand (keep old: keep the one of its name in play)
  tactic NAME [at PLAYER CHARACTER]   play a Tactic (a target if it needs one)
  weapon NAME [on FIGHTER] [keep old]   play a Weapon (wielded by that Fighter when it resolves)
  wield WEAPON on FIGHTER           give a Weapon in play to a Fighter
  fortify NAME on CHARACTER         Fortify from the hand: the card goes under your Synth character
  attack ATTACKER at PLAYER CHARACTER   attack ("boss" names a Boss)
  activate CHARACTER ABILITY [at PLAYER CHARACTER]   an ability (block, phantasmal, a card's own)
  pass                              pass for the rest of the level
  respond NAME [at PLAYER CHARACTER]    add a Response card to the Line (with priority)
  decline                           let the top of the Line be (with priority)
  trigger PLAYER: TEXT              a triggered ability goes on top of the Line
  next-level                        start the next level once everyone has passed (tracker tables)"""

_PLAY_VERBS = ("fighter", "tactic", "weapon", "wield", "fortify", "attack", "activate", "pass", "respond", "decline",
               "trigger", "next-level")
_PLAY_ALIASES = {"response": "respond", "no": "decline", "ok": "decline", "done": "decline",
                 "no-response": "decline", "let": "decline", "tactics": "tactic", "next": "next-level"}


def actor(state: State) -> str | None:
    """Who is to act: the player with priority while the Line is not empty, else the initiative."""
    return None if state.winner else state.priority if state.line else state.initiative


def parse_move(text: str, state: State):
    """Read a play as the table says it (see NOTATION); MoveSyntaxError names the word."""
    from .model import Move

    raw = text.split()  # a trigger keeps its words as typed, commas and all
    if raw and raw[0].lower() == "play":
        raw = raw[1:]
    words = " ".join(raw).replace(",", " ").split()
    if not words:
        raise MoveSyntaxError(f"no move; moves: {', '.join(_PLAY_VERBS)}")
    low = words[0].lower().replace("_", "-")
    verb = _PLAY_ALIASES.get(low) or _match(low, list(_PLAY_VERBS), "move")
    rest = words[1:]
    who = actor(state)
    form, _, meaning = next(line.strip() for line in NOTATION.splitlines() if line.strip().startswith(verb)).partition("  ")
    usage = f"usage: {form} — {meaning.strip()}"
    if verb in ("pass", "decline", "next-level"):
        if rest:
            raise MoveSyntaxError(f"unexpected word {rest[0]!r}; {usage}")
        return Move(kind=verb)
    if verb == "trigger":
        rest = raw[1:]
        if not rest or not rest[0].strip(":,"):
            raise MoveSyntaxError(f"missing player; {usage}")
        first, colon, text_words = _trigger_player(rest, [p.name for p in state.players])
        name = named_player(first, state.players).name
        if not colon and text_words and text_words[0] == ":":
            text_words = text_words[1:]
        if not text_words:
            raise MoveSyntaxError(f"missing the trigger's words; {usage}")
        return Move(kind="trigger", player=name, text=" ".join(text_words))
    head, target_player, target = _split_target(state, rest, usage)
    if verb == "attack":
        if not head:
            raise MoveSyntaxError(f"missing attacker; {usage}")
        if target is None:
            raise MoveSyntaxError(f"missing target 'at PLAYER CHARACTER'; {usage}")
        return Move(kind="attack", card=_own_character(state, who, head), target_player=target_player, target=target)
    if verb == "activate":
        if len(head) < 2:
            raise MoveSyntaxError(f"expected a character then an ability; {usage}")
        return Move(kind="activate", card=_own_character(state, who, head[:-1]), ability=head[-1].lower(),
                    target_player=target_player, target=target)
    if target is not None and verb in ("fighter", "weapon", "wield", "fortify"):  # no target: the others may name one
        aimless = " ".join(head)
        raise MoveSyntaxError(f"{verb} takes no target ('at {target_player} {target}'): `{verb} {aimless}`; "
                              "a target its card's text names is the table's (`trigger PLAYER: TEXT`)")
    keep_old = verb in ("fighter", "weapon") and [w.lower() for w in head[-2:]] == ["keep", "old"]
    if keep_old or verb in ("fighter", "weapon") and [w.lower() for w in head[-2:]] == ["keep", "new"]:
        head = head[:-2]
    on = None
    if "on" in [w.lower() for w in head]:
        i = [w.lower() for w in head].index("on")
        head, on_words = head[:i], head[i + 1:]
        if not on_words:
            raise MoveSyntaxError(f"missing the Fighter after 'on'; {usage}")
        on = _own_character(state, who, on_words, verb)
        if on == BOSS and verb != "fortify":
            raise MoveSyntaxError(_not_on_boss(state.player(who), verb, _card_name(state, who, " ".join(head))))
    if not head:
        raise MoveSyntaxError(f"missing card name; {usage}")
    if verb == "fortify" and on is None:
        raise MoveSyntaxError(f"missing 'on CHARACTER'; {usage}")
    if verb == "wield":
        if on is None:
            raise MoveSyntaxError(f"missing 'on FIGHTER'; {usage}")
        weapons = [w.name for w in state.player(who).weapons] if who else []
        return Move(kind="wield", card=_match(" ".join(head), weapons, f"Weapon of {who}") if weapons
                    else " ".join(head), on=on)
    return Move(kind=verb, card=_card_name(state, who, " ".join(head)), on=on,
                target_player=target_player, target=target, keep_old=keep_old)



def _trigger_player(rest: list[str], names: list[str]) -> tuple[str, str, list[str]]:
    """(the player a trigger names, the colon after it or "", the words after it as typed): a name of
    several words (`trigger mary jo: ...`, `trigger "Mary Jo": ...`) is one player, else the first word."""
    for size in sorted({len(n.split()) for n in names if len(n.split()) > 1}, reverse=True):
        head, colon, after = " ".join(rest[:size]).partition(":")
        said = head.replace('"', "").rstrip(",").strip()
        if len(said.split()) == size and said.casefold() in {n.casefold() for n in names}:
            return said, colon, ([after.strip()] if after.strip() else []) + rest[size:]
    first, colon, after = rest[0].partition(":")
    return first.replace('"', "").rstrip(","), colon, ([after] if after else []) + rest[1:]

def _split_target(state: State, words: list[str], usage: str) -> tuple[list[str], str | None, str | None]:
    low = [w.lower() for w in words]
    if "at" not in low:
        return words, None, None
    i = len(low) - 1 - low[::-1].index("at")
    after = held_names([w.strip('"') for w in words[i + 1:]], [p.name for p in state.players])  # "Mary Jo"
    if not after:
        raise MoveSyntaxError(f"missing 'PLAYER CHARACTER' after 'at'; {usage}")
    name = named_player(after[0], state.players).name
    if len(after) == 1:
        raise MoveSyntaxError(f"missing the character of {name} after 'at {after[0]}' ('boss' or a Fighter); {usage}")
    return words[:i], name, _character_of(state.player(name), after[1:])


def _not_on_boss(me: Player, verb: str, weapon: str) -> str:
    """A Weapon aimed at a Boss: the problem and the Fighters that may wield it (Weapon: a Fighter wields)."""
    problem = "a Weapon is wielded by a Fighter, not by a Boss"
    if me.fighters:
        return f"{problem}; {me.name}'s Fighters: {', '.join(f.name for f in me.fighters)}"
    if verb == "weapon":
        return f"{problem}, and {me.name} has no Fighter in play: `weapon {weapon}` enters it unwielded"
    return f"{problem}, and {me.name} has no Fighter in play to wield {weapon}"


def _character_of(player: Player, words: list[str]) -> str:
    return _match(" ".join(words), [BOSS] + [f.name for f in player.fighters], f"character of {player.name}")


def _own_character(state: State, who: str | None, words: list[str], verb: str | None = None) -> str:
    """A character of the player to act; one that is another player's is named as theirs, with
    whose move it is (Combat: an attacker is a character the player controls), or, after `on`, with
    the player's own characters (Weapon, Fortify: a Fighter or Synth on your team)."""
    if who is None:
        raise MoveSyntaxError("nobody is to act: the game is over")
    try:
        return _character_of(state.player(who), words)
    except MoveSyntaxError:
        typed = " ".join(words).lower()
        owners = [(p.name, f.name) for p in state.players if p.name != who for f in p.fighters
                  if f.name.lower() == typed]
        if not owners:
            raise
        owner, fighter = owners[0]
        if verb is not None:
            raise NotTheirs(_on_theirs(state.player(who), verb, fighter, owner)) from None
        turn = "priority" if state.line else "the initiative"
        raise NotTheirs(f"{fighter} is {owner}'s, not {who}'s: a player acts with their own characters, and "
                        f"it is not {owner}'s move ({who} has {turn})") from None


def _on_theirs(me: Player, verb: str, fighter: str, owner: str) -> str:
    """`weapon/wield/fortify ... on` another player's Fighter: only one on the player's own team will do."""
    goes = ("Fortify goes under a Synth character" if verb == "fortify"
            else "a Weapon goes to a Fighter") + " on its player's own team"
    own = ([BOSS] if verb == "fortify" else []) + [f.name for f in me.fighters]
    mine = f"{me.name}'s: {', '.join(own)}" if own else f"{me.name} has no Fighter in play"
    reading = ("; a reading: Wield names no team, so it is read as a played Weapon's, which enters on its "
               "player's team") if verb == "wield" else ""
    return f"{fighter} is {owner}'s, not {me.name}'s: {goes} ({mine}){reading}"


def _card_name(state: State, who: str | None, typed: str) -> str:
    """The catalogue's or the hand's spelling of a card name, read by the whole name or its start (as
    CATastrophe's cards are): a word inside a longer name would turn a card new to the table into
    another (`Sword` is not "Grunt Brute Sword"); an unknown card keeps the typed name."""
    from .model import catalogue

    names = {c.name for c in catalogue(state).values()}
    if who:
        names |= set(state.player(who).hand)
    try:
        return _match(typed, sorted(names), "card", anywhere=False)
    except MoveSyntaxError:
        return typed


def format_move(move) -> str:
    """The canonical text of a play, which parse_move reads back."""
    aim = f" at {move.target_player} {move.target}" if move.target else ""
    if move.kind in ("pass", "decline", "next-level"):
        return move.kind
    if move.kind == "trigger":
        return f"trigger {move.player}: {move.text}"
    if move.kind == "attack":
        return f"attack {move.card}{aim}"
    if move.kind == "activate":
        return f"activate {move.card} {move.ability}{aim}"
    on = f" on {move.on}" if move.on else ""
    keep = " keep old" if move.keep_old else ""
    return f"{move.kind} {move.card}{on}{aim}{keep}"
