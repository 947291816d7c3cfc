"""CATastrophe: who acts, the legal plays (every candidate the referee finds no problem with), and a
refusal's fallback offer built from them."""
from __future__ import annotations

from engine.base import EngineError, Reason, Verdict
from engine.words import listing

from . import notation, rules
from .model import REACTIONS, State, catalogue
from .notation import Move
from .rules_reveals import REVEALED_KINDS
from .rule_ids import R
from .track import hide


def read(text: str, state: State) -> Move:
    """A play as the table says it, read for the player to act."""
    return notation.parse(text, state, to_act(state))


def read_by(text: str, state: State, who: str) -> Move:
    """A play as `who` makes it (`--by`): the maker the words name, else `who` (not the cat whose turn
    it is), so a Catfinity card said `play Cucumber --by Lu` is Lu's, as `Lu play Cucumber` is."""
    return notation.parse(text, state, to_act(state), maker=who)


def to_act(state: State) -> str | None:
    return None if state.game_over else rules.waiting_roller(state) or state.players[state.current].name


def still_to_roll(state: State) -> list[str]:
    """The cats the Attack on top still waits on, in turn order: a re-roll bought with a Yarn Ball
    first (that cat alone), else every target yet to roll (the rulebook orders no rolls: any may)."""
    roller = None if state.game_over else rules.waiting_roller(state)
    top = state.chain[-1] if roller else None
    if top is None or top.reroll:
        return [roller] if roller else []
    return [state.players[i].name for i in state.turn_order()
            if state.players[i].name in top.targets and state.players[i].name not in top.rolls]


def _rolls(names: list[str]) -> str:
    """"Ben's roll", "Ben's and Cy's rolls", "Ben's, Cy's and Di's rolls"."""
    said = [f"{n}'s" for n in names]
    return listing(said) + (" roll" if len(said) == 1 else " rolls")


def whose_turn(state: State, player: str) -> str | None:
    """Whose turn it is when the cat to act is not the cat whose turn it is: an Attack waits on its
    targets' rolls (Taking Your Turn: the turn stays with the cat who played it). Said for `player`
    ("Abi's own turn, waiting on Ben's roll" / "it is Abi's turn, waiting on Ben's and Cy's rolls");
    None when nobody is rolled for, or `player` is one of those to roll (they may roll now)."""
    rollers = still_to_roll(state)
    if not rollers or player in rollers:
        return None
    cur = state.players[state.current].name
    return (f"{player}'s own turn" if cur == player else f"it is {cur}'s turn") + f", waiting on {_rolls(rollers)}"


def out_of_turn(state: State, player: str) -> Reason:
    """Why `player` may not make a play named for another (`check PLAY --by PLAYER`): the turn rule
    (Turns pass clockwise), saying whose turn it is and, while an Attack waits on a roll, who rolls."""
    cur = state.players[state.current].name
    said = whose_turn(state, player) or f"it is {cur}'s turn"
    return Reason(rule=R.CLOCKWISE, message=f"{said}, not {player}'s" if said.startswith("it is ")
                  else f"{said}: the play is not {player}'s now")


def acting(state: State, page: bool = False) -> str | None:
    """After every roll an Attack waits for: any player with a Yarn Ball may make the roller roll
    again (catastrophe.yarn-balls.reroll), or the Attack resolves. `page`: as a served page says it,
    in words, with no play notation (the page's picker offers the plays themselves)."""
    top = state.chain[-1] if state.chain else None
    rollers = still_to_roll(state)
    if len(rollers) > 1:  # an Attack on several cats: each still rolls, in any order (said in turn order)
        return f"{listing(rollers)}, each still to roll for {top.label()}"
    if state.game_over or top is None or top.type != "attack" or not top.rolls or rollers:
        return None
    spenders = [p.name for p in state.players if p.yarn_balls and not p.eliminated]
    if not spenders:
        return None
    rolled = [n for n in (state.players[i].name for i in state.turn_order()) if n in top.rolls] or list(top.rolls)
    again = rolled[0] if len(rolled) == 1 else f"one of {listing(rolled)}"
    if page:
        return (f"{', '.join(spenders)} (a Yarn Ball spent makes {again} roll again), "
                f"or {top.label()} resolved (it takes effect)")
    named = "`NAME yarn`" if len(rolled) == 1 else "`NAME yarn for CAT`"
    return (f"{', '.join(spenders)} (a Yarn Ball makes {again} roll again: {named}), "
            f"or `resolve` ({top.label()} takes effect)")


def known(state: State, me: str | None = None) -> State:
    """The table as the player to act (or `me`) knows it at the shared screen: every other player's
    named hand is their secret (a count only; the cards the whole table saw go in stay). What `moves`
    lists and notes is read from this, never from another player's named hand (issue 43)."""
    me = me or to_act(state)
    if all(p.hand_cards is None or p.name == me for p in state.players):
        return state
    return state.model_copy(update={"players": tuple(p if p.name == me else hide(state, p) for p in state.players)})


def moves_note(state: State) -> str | None:
    if state.game_over:
        return "the game is over"
    state = known(state)
    hidden = [p for p in state.players if not p.eliminated and p.hand_cards is None and p.hand]
    if not hidden:
        return None
    counted = [p.name for p in hidden if not p.seen_cards]
    seen = [f"{p.name}: a count, and the cards the table saw go in, listed: {', '.join(dict.fromkeys(p.seen_cards))}"
            for p in hidden if p.seen_cards]
    said = "; ".join([*([f"{', '.join(counted)}: a count only"] if counted else []), *seen])
    return (f"card plays from hands the table does not know are not listed ({said}); any card may still be "
            "checked with `check`")


def by_note(state: State, player: str) -> str | None:
    """moves_note for `moves --by PLAYER`: only what is left out of that player's own plays (another
    cat's hand is theirs to play, not this player's)."""
    if state.game_over:
        return "the game is over"
    p = next((q for q in state.players if q.name == player), None)
    if p is None or p.eliminated or p.hand_cards is not None or not p.hand:
        return None
    seen = ", ".join(dict.fromkeys(p.seen_cards))
    knows = f"its count, and the cards it saw go in, listed: {seen}" if seen else "only its count"
    return (f"card plays from {player}'s hand are not listed: the table knows {knows}; any card may still be "
            "checked with `check`")


def turn_note(state: State, player: str) -> str | None:
    """Why a cat not to act has no play listed though it may play now (_reaction_note), else, while an
    Attack waits on another cat's roll, whose turn it is and who rolls (whose_turn); None otherwise
    (the player to act's turn is the answer)."""
    return _reaction_note(state, player) or whose_turn(state, player)


def _reaction_note(state: State, player: str) -> str | None:
    """A Reaction may be played on another's turn (catastrophe.main-deck.reactions-catfinity), but the
    cat's hand is not recorded, so no card of it can be listed. None when no Reaction could be played now."""
    me = next((p for p in state.players if p.name == player), None)
    if state.game_over or me is None or me.eliminated or me.hand_cards is not None or not me.hand:
        return None
    others = [state.players[i].name for i in state.turn_order() if state.players[i].name != player]
    reactions = [spec for spec in catalogue(state).values() if spec.type in REACTIONS]
    tries = (Move(kind="play", player=player, card=spec.name, target=target) for spec in reactions
             for target in (others if spec.type == "pass" else [None]))
    if not any(not rules.judge(state, move).problems for move in tries):
        return None
    cur, rollers = state.players[state.current].name, still_to_roll(state)
    lead = (f"{player}'s own turn" + (f", waiting on {_rolls(rollers)}" if rollers and player not in rollers else "")
            + f": {player} may still play a Reaction" if cur == player
            else f"it is {cur}'s turn, and {player} may react now with a Reaction")
    return (f"{lead} from their hand ({R.REACTIONS_ANYTIME}), but {player}'s hand is not recorded, so its "
            "cards cannot be listed")


def legal_moves(state: State) -> list[Move]:
    return legal_for(state, None)


def legal_for(state: State, player: str | None) -> list[Move]:
    """The legal plays as `player` (None: the player to act) knows the table: their own named hand
    listed from, every other one only by the cards the whole table saw go in (known)."""
    if state.game_over:
        return []
    state = known(state, player)
    return [move for move in _candidates(state) if not rules.judge(state, move).problems]


#: plays a refusal offers when its own advice fits nothing on the table
INSTEAD = 6
#: the rules a play made out of turn breaks: the turn's cat plays, draws, reveals and ends; the attacked cat rolls
TURN_RULES = frozenset({R.CLOCKWISE, R.CLAW_PLAY, R.ATTACK_ROLL})


def check(state: State, move: Move) -> Verdict:
    """The referee's verdict, a refusal offering what `refusal` finds."""
    return rules.check(state, move, refusal)


def refusal(state: State, move: Move, found) -> Verdict:
    """A refused play's verdict: its own advice the referee accepts now, else `instead`. A cat not to
    act (waiting_maker) is offered only their own plays; with none, the reason it is out of turn says
    plainly that they wait for their turn: another cat's play is no answer to them."""
    maker = waiting_maker(state, move)
    advice = [a for a in dict.fromkeys(found.advice) if _allowed(state, a, maker)]
    offered = advice or instead(state, move)
    turn = next((i for i, p in enumerate(found.problems) if p.rule in TURN_RULES), None)
    if maker and not offered and turn is not None and not state.player(maker).eliminated:
        said = found.problems[turn]
        rollers = still_to_roll(state)
        wait = (f"wait for {_rolls(rollers)}" if maker == state.players[state.current].name and rollers
                else "wait for your turn")
        found.problems[turn] = Reason(rule=said.rule, message=f"{said.message}; nothing of {maker}'s to offer "
                                      f"now: {wait}")
    return found.verdict(offered)


def waiting_maker(state: State, move: Move) -> str | None:
    """The maker of a play refused while other cats act (neither the turn's cat nor a cat the Attack
    being played still waits on to roll): what is offered instead must be theirs. A roll is the
    rolling cat's alone: while one waits, the turn's cat rolling in its place is such a maker too."""
    being = rules.being_played(state.chain)
    rolling = [t for t in being.targets if t not in being.rolls] if being and being.type == "attack" else []
    roller = rules.waiting_roller(state)
    turns = () if move.kind == "roll" and (roller or rolling) else (state.players[state.current].name,)
    acting = (None, *turns, roller, *rolling)
    return None if move.player in acting else move.player


def _allowed(state: State, text: str, maker: str | None) -> bool:
    """A "legal instead" line is offered only when the referee accepts it on this table (and, with
    `maker`, only when it is that cat's play)."""
    try:
        move = notation.parse(text, state, rules.waiting_roller(state) or state.players[state.current].name)
    except EngineError:
        return False
    return (maker is None or move.player == maker) and not rules.judge(state, move).problems


def instead(state: State, move: Move) -> list[str]:
    """The plays legal now that play no card (a card play would show a hand on the shared screen,
    issue 43): the refused play's maker's first, then those of its kind. A play refused to a cat not
    to act (`Betty draw` on Abi's turn) offers only that cat's own plays (a Yarn Ball), else none."""
    maker_acts = move.player in (None, to_act(state))  # a play naming nobody (`resolve`) is the player to act's
    own = waiting_maker(state, move) is not None
    plays = sorted((m for m in legal_moves(state) if m.kind != "play" and (m.player or maker_acts)
                    and (not own or m.player == move.player)),
                   key=lambda m: (m.player != move.player, m.kind != move.kind))
    return [notation.format_move(m) for m in plays[:INSTEAD]]


def _candidates(state: State):
    cur = state.players[state.current].name
    alive = [state.players[i].name for i in state.turn_order()]
    yield Move(kind="resolve")
    roller = rules.waiting_roller(state)
    top = state.chain[-1] if state.chain else None
    if roller:  # the rulebook orders no rolls: every target still to roll may (after a re-roll's)
        later = [] if top.reroll else [name for name in (state.players[i].name for i in state.turn_order())
                                       if name in top.targets and name not in top.rolls and name != roller]
        yield from (Move(kind="roll", player=who, number=face) for who in (roller, *later) for face in range(1, 7))
    rolled = list(top.rolls) if top is not None and top.type == "attack" else []
    for name in alive:
        # each re-roll listed once: with one die rolled `Abi yarn` can mean only that die; with several,
        # one named play for each die (`Abi yarn for Dan`), any cat who rolled
        if len(rolled) > 1:
            for target in rolled:
                yield Move(kind="yarn", player=name, target=target)
        else:
            yield Move(kind="yarn", player=name)
    yield Move(kind="draw", player=cur)
    yield from (Move(kind="reveal", player=cur, card=card) for card in REVEALED_KINDS)
    yield Move(kind="end", player=cur)
    cat = catalogue(state)
    for name in alive:
        p = state.player(name)
        held = list(dict.fromkeys(p.hand_cards if p.hand_cards is not None else p.seen_cards))
        power: list[str] = []
        if p.power_cats and (name == cur or state.chain):  # face up: any cat's may answer a card in play
            power = list(dict.fromkeys([*(p.power_cat_cards or ("Power Cat",)), *p.named_power_cats]))
        for label in held + power:
            words = label.split()
            number = int(words[-1]) if len(words) > 1 and words[-1].isdigit() else None
            card = " ".join(words[:-1]) if number is not None else label
            spec = cat.get(card.casefold())
            if spec is None and label in power:  # a Power Cat the table names, known by no catalogue
                yield Move(kind="play", player=name, card=label)
            if spec is None or (spec.type == "attack" and spec.number is None and number is None):
                continue
            if spec.type in ("attack", "curiosity") and spec.targets == "one" or spec.type == "pass":
                yield from (Move(kind="play", player=name, card=spec.name, number=number, target=other)
                            for other in alive if other != name)
            else:
                yield Move(kind="play", player=name, card=spec.name, number=number)
