"""A game, declared: one frozen record of its module functions (`Declaration` and its groups), what
every shared layer reads, with the shared default of each field written once here, never in a base
class games override (docs/architecture.md "The declaration, and the faces built from it").
"""
from __future__ import annotations

from dataclasses import MISSING as _MISSING, dataclass, field, fields
from typing import Any, Callable, Mapping


def _none(*args: Any, **kw: Any) -> None:
    return None


def _nothing(*args: Any, **kw: Any) -> dict:
    return {}


def _no_list(*args: Any, **kw: Any) -> list:
    return []


def top_first(summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """Where each player finished a finished game, from its final summary and outcome record:
    `scores` (player -> points, None where the game counts none) and `ranks` (player -> 1 for the
    best; players who finished alike share a rank; None where the game gives no order, as a party
    that wins or loses together). By default: the winners (or the players left tied) 1, everyone
    else 2."""
    if record["cooperative"] or record["status"] != "finished":
        return {"scores": None, "ranks": None}
    top = set(record["winners"]) | set(record["tied"])
    return {"scores": None, "ranks": {p: 1 if p in top else 2 for p in record["players"]} if top else None}


#: cards or abilities waiting at once (on the Line, or in play) that make a response war
WAR = 3


def response_wars(pile: str, said: str) -> Callable[..., dict[int, list[str]]]:
    """`Outcome.turning_points` of the response wars a game piles up in the State's list `pile`: each
    time WAR or more wait at once, told at the step where the most waited, as `said` (`{n}`: how many)."""
    def wars(steps: list, summary: Any = None) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        peak: tuple[int, int] | None = None
        for step in steps:
            size = len(getattr(step.after, pile))
            if size >= WAR and (peak is None or size > peak[0]):
                peak = (size, step.seq)
            if peak is not None and (size == 0 or step is steps[-1]):
                out.setdefault(peak[1], []).append(said.format(n=peak[0]))
                peak = None
        return out
    return wars


def _same_player(state: Any, player: Any) -> Any:
    return player


def _summary_as_is(state: Any, summary: dict, reveal: set) -> dict:
    return summary


def _winners(summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """Who won, by default the summary's `winners`."""
    return {"winners": list(summary.get("winners") or [])}


def _no_reveals(game: Any, state: Any, moves: list[str], player: str) -> tuple[dict, list[str]]:
    return {}, []


def _first_word(move: str, words: list[str]) -> str:
    """By default a play is listed under its first word that is not a player's name."""
    return words[0]


def _no_round_end(state: Any) -> tuple[Any, list]:
    return state, []


@dataclass(frozen=True)
class Plays:
    """The move validator: the notation read (`parse_move(text, state)`) and written
    (`format_move(move)`), its help text, and the referee: `check(state, move)` -> Verdict,
    `apply(state, move, overruled)` -> State, `legal_moves(state)`. `rule_ids`: every rule the plays cite.
    `legal_for(state, player)`: the legal plays as `player` knows the table (`moves --by`, their page:
    their own secret hand listed from too), for a game whose listing reads only the player to act's
    secrets; None: legal_moves."""

    parse_move: Callable[..., Any]
    format_move: Callable[[Any], str]
    help: str
    check: Callable[..., Any]
    apply: Callable[..., Any]
    legal_moves: Callable[..., list]
    rule_ids: frozenset[str]
    legal_for: Callable[..., list] | None = None

    def __post_init__(self) -> None:
        """A player's name of several words is read as one in every play, typed quoted or not."""
        from engine.words import player_names, quoted_names

        read = self.parse_move
        object.__setattr__(self, "parse_move",
                           lambda text, state: read(quoted_names(text, player_names(state)), state))


@dataclass(frozen=True)
class Turns:
    """Who acts: `to_act(state)` (None: nobody in particular, or the game is over), `with_turn(state,
    player)` (how an overruled play out of turn is recorded), `mover(state, move)` (the player a move
    names as its maker), `acting(state, page=False)` (who may act when more than one may; `page`: in
    words, as a served page says it, no play notation), `out_of_turn(state,
    player)` (why a player may not act now; by default: it is X's turn), `read_by(text, state, player)`
    (a game whose plays name their maker: the words read as `player`'s where they name nobody, for
    `--by`: judged so when legal now, else refused as out of turn; None: read for the player to act), and the rule that says so.
    `bound`: the rules whose findings hold only for the player to act (who leads, who must play): an
    out-of-turn refusal leaves them out, since its play is judged as its maker's turn would judge it.
    `out(state, player)`: why a player takes no further part (a Cataclysm Arcade player whose Boss was
    defeated), as a Reason, None while they play: where nobody is named to act (to_act None), such a
    player is offered no play and a play `--by` them is refused."""

    rule: str
    with_turn: Callable[..., Any]
    to_act: Callable[..., str | None] = _none
    mover: Callable[..., str | None] = _none
    acting: Callable[..., str | None] = _none
    out_of_turn: Callable[..., Any] | None = None
    read_by: Callable[..., Any] | None = None
    bound: frozenset[str] = frozenset()
    out: Callable[..., Any] = _none


@dataclass(frozen=True)
class Verbs:
    """The tracker: its verbs as one table (`table`: verb -> engine.tracking.Verb, the row holding
    everything about a verb: usage, reading, check, transition, other words, read-only, counter), a new
    table (`new_state(players, options)`, `options`: name -> description), what the table sees
    (`summary(state)`), every rule the tracker cites, and what follows by itself (`settle(state)`).
    How a command is read (`parse(table, state, words, aliases)` -> Change), checked (`check(state, change)`
    -> Verdict) and applied (`apply(state, change)` -> (State, effects)) default to engine.tracking's
    one sequence over the rows (`read_command`, `judged`, `made` on the game's `working(state)` table);
    a game sets only what differs."""

    table: Mapping[str, Any]
    new_state: Callable[..., Any]
    options: Mapping[str, str]
    summary: Callable[..., dict]
    rule_ids: frozenset[str]
    parse: Callable[..., Any] | None = None
    check: Callable[..., Any] | None = None
    apply: Callable[..., Any] | None = None
    working: Callable[..., Any] | None = None
    settle: Callable[..., tuple[Any, list]] = _no_round_end

    @property
    def usage(self) -> dict[str, str]:
        """verb -> its one-line usage with an example, from the rows (engine.tracking.usage_of)."""
        from engine.tracking import usage_of

        return usage_of(self.table)

    @property
    def aliases(self) -> dict[str, str]:
        """Every word read as a verb -> the verb, from the rows (engine.tracking.aliases_of)."""
        from engine.tracking import aliases_of

        return aliases_of(self.table)

    @property
    def read_only(self) -> frozenset[str]:
        """The verbs whose row only shows something (engine.tracking.read_only_of)."""
        from engine.tracking import read_only_of

        return read_only_of(self.table)

    def said(self, verb: str, args: tuple[str, ...]) -> str:
        """A change as the table says it back (engine.tracking.said_of: a listed row's names parted by commas)."""
        from engine.tracking import said_of

        return said_of(self.table, verb, tuple(args))


@dataclass(frozen=True)
class Outcome:
    """What `history`, `stats` and a recap read of a finished log: the length's unit and the State field
    counting it (`length`: ("rounds", "round")), whether the players win together (`cooperative`), who
    won (`result(summary, players)`), the game's own figures (`figures(state, summary, steps)`), its
    turning points (`turning_points(steps, summary)` -> seq -> what happened; `response_wars` for a
    game whose plays pile up), its share of the figures over many sessions (`share(record)`) and
    those in words (`figure_lines(figures)`), where each player finished (`standing(summary,
    record)`: scores and ranks), and a finished record's result in the game's own words where winners
    and ties do not say it (`headline(record)` -> [the result, what a recap adds]; BG Stats' comment
    is the first; kept in the record as `said`, so it names no player). `figures`, `share` and `figure_lines` are optional: none by default."""

    length: tuple[str, str]
    cooperative: bool = False
    result: Callable[..., dict] = _winners
    figures: Callable[..., dict] = _nothing
    turning_points: Callable[..., dict] = _nothing
    share: Callable[..., list] = _no_list
    figure_lines: Callable[..., list] = _no_list
    standing: Callable[..., dict] = top_first
    headline: Callable[[dict], list[str]] = _no_list


def no_result() -> dict[str, Any]:
    """The result every outcome record carries before the game's `result` fills it (`history --json`
    keeps one shape for every game, docs/cli.md): `party` (a cooperative game's) and `reapurr` (a win
    of the game itself) stay blank where a game has neither."""
    return {"winners": [], "party": None, "reapurr": False, "tied": [], "unclear": None}


@dataclass(frozen=True)
class Secrets:
    """What stays secret at a shared table (trackers/secrets.py applies it): verbs whose words name a
    secret (`secret_verbs`: verb -> how the hidden change reads), a player as the others see them
    (`hide(state, player)`), the summary's hidden marks (`mark_hidden(state, summary, reveal)`), and
    one player's own hand (`own_hand(state, name)`; None: no named hand is recorded, `hides_hand` False)."""

    secret_verbs: Mapping[str, str] = field(default_factory=dict)
    hide: Callable[..., Any] = _same_player
    mark_hidden: Callable[..., dict] = _summary_as_is
    own_hand: Callable[..., dict] | None = None

    @property
    def hides_hand(self) -> bool:
        """Whether the table records named hands: those a player may look at (`own_hand`)."""
        return self.own_hand is not None


@dataclass(frozen=True)
class Views:
    """What the shared layers show and the hooks they call instead of naming a game: why no play can
    be listed (`moves_note(state)`), what `status` adds (`position(state)`), what a loaded situation
    must also satisfy (`load_check(state, source)`), what `check` and `moves` refuse in a situation
    file that `status` lists (`file_problems(state)`: each `field KEY: problem`), the cards the table
    plays with (`card_names(state or None)`), dice odds (`odds(question, table, **options)`), deck-building rules (`check_deck(data,
    source)`), plays made as several (`series`: an engine.base.Series subclass, whose `read(text)` is a
    play said once and made as several, `plays_on(state, by)` the steps a later player's play implies
    first), plays still listed when part of a hand is unknown
    (`partly_listed(state)`), the group `moves` lists a play under (`move_group(move, words)`), the
    phone page's view of the table (`phone(view, summary, rows, to_act, acting)` fills the view;
    None: the plain view), the plays a page offers by taps beside the listed ones
    (`tap_reveals(game, state, moves, player)` -> ({play: {"ranks", "cards"}}, [plays])) and why a
    player not to act has no play listed though they may play now (`turn_note(state, player)`; None:
    it is another's turn), moves_note as a served page says it (`page_note(state)`: in words and
    the page's own controls, no play notation; None: moves_note's words), and the cards a play uses
    that the table does not describe (`cards_unknown(state, move)` -> names: a session's play naming
    one the card library set aside is refused with the library's line, trackers/library.py; with no
    move, the cards the table itself names without describing them). A game whose table names cards
    (`cards_unknown(state)` not empty) takes `aside` in moves_note and page_note: those of them the
    library set aside (name -> the library's line), which `moves` says are refused, not offered."""

    moves_note: Callable[..., str | None] = _none
    position: Callable[..., dict] = _nothing
    load_check: Callable[..., Any] | None = None
    file_problems: Callable[..., list[str]] = _no_list
    card_names: Callable[..., list[str]] = _no_list
    odds: Callable[..., tuple[dict, str]] | None = None
    check_deck: Callable[..., Any] | None = None
    series: type | None = None
    partly_listed: Callable[..., Any] = _none
    move_group: Callable[[str, list[str]], str] = _first_word
    phone: Callable[..., None] | None = None
    tap_reveals: Callable[..., tuple[dict, list[str]]] = _no_reveals
    turn_note: Callable[..., str | None] = _none
    #: `moves --by PLAYER`'s note on that player's own plays left out (`by_note(state, player)`); None: moves_note
    by_note: Callable[..., str | None] | None = None
    page_note: Callable[..., str | None] | None = None
    cards_unknown: Callable[..., list[str]] = _no_list


#: how pressing an effect of a kind is (`Declaration.pressing`: kind -> one of these), most pressing
#: first: the game's end, a player (or Enemy) out or back, a threshold (also a cost paid for nothing, an
#: ability that fires by itself), a round or level ending; ASKS: it asks the table to act now (always
#: said). A kind a game does not declare is a note (`--verbose` shows it).
GAME_END, OUT, THRESHOLD, ROUND_END, ASKS = 0, 1, 2, 3, "asks"
#: every kind the games declared so far -> its rank (trackers/pressing.py reads it): one vocabulary, so a
#: kind two games declare must rank alike
RANKS: dict[str, int | str] = {}


@dataclass(frozen=True)
class Declaration:
    """One game: its id, its State, the rule its seats come under, what is impossible about a described
    table (`status(state)` -> reasons), its groups: plays (None: plays are not recorded), turns,
    verbs, outcome, secrets, views; and how pressing each kind of its effects is (`pressing`: kind ->
    GAME_END, OUT, THRESHOLD, ROUND_END or ASKS)."""

    game: str
    State: type
    seats_rule: str
    status: Callable[..., list]
    plays: Plays | None
    verbs: Verbs
    outcome: Outcome
    turns: Turns
    secrets: Secrets = Secrets()
    views: Views = Views()
    pressing: Mapping[str, int | str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind, rank in self.pressing.items():
            if RANKS.setdefault(kind, rank) != rank:
                raise ValueError(f"{self.game}: effect kind {kind!r} ranks {RANKS[kind]!r} elsewhere, not {rank!r}")


def catalogue_names(module: str) -> Callable[..., list[str]]:
    """`Views.card_names` of a game whose `module` lists its cards: `builtin_catalogue()` (the shipped
    ones, without a state) and `catalogue(state)` (the table's)."""
    def card_names(state: Any = None) -> list[str]:
        import importlib

        found = importlib.import_module(module)
        cards = found.builtin_catalogue() if state is None else found.catalogue(state).values()
        return [card.name for card in cards]
    return card_names


#: the groups of a Declaration and their records
GROUPS = {"plays": Plays, "turns": Turns, "verbs": Verbs, "outcome": Outcome, "secrets": Secrets, "views": Views}


def members() -> list[str]:
    """Every public member of a declaration: its own fields, and each group's as `group.field`."""
    out = []
    for f in fields(Declaration):
        kind = GROUPS.get(f.name)
        out += [f"{f.name}.{g.name}" for g in fields(kind)] if kind else [f.name]
    return out


def set_by(declaration: Declaration) -> list[str]:
    """The members a game sets: those without a default, and those it gives another value than it."""
    def given(record: Any, f) -> bool:
        blank = f.default if f.default_factory is _MISSING else f.default_factory()
        return blank is _MISSING or getattr(record, f.name) != blank

    out = []
    for f in fields(Declaration):
        kind = GROUPS.get(f.name)
        value = getattr(declaration, f.name)
        if kind is None:
            out += [f.name] if given(declaration, f) else []
        elif value is not None:
            out += [f"{f.name}.{g.name}" for g in fields(kind) if given(value, g)]
    return out

