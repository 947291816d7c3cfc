"""`companion check / moves / status / schema`: the move validator, thin over engine/."""
from __future__ import annotations

import sys
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from companion import complete, paths, render, sent
from companion.failure import FINDING, answered, fail
from companion.stores import open_sessions
from engine.errors import MoveSyntaxError, SituationError
from rulesdb.games import resolve_game

Json = Annotated[bool, typer.Option("--json", help="Print JSON (a stable contract; see docs/cli.md).")]
Session = Annotated[Optional[str], typer.Option("--session", help="Use this saved session instead of the current one.")]
Situation = Annotated[Optional[Path], typer.Option("--situation", "-s", help="The situation on the table: a TOML or "
                                                   "JSON file (see `companion schema GAME`).")]
Game = Annotated[Optional[List[str]], typer.Argument(help="GAME, with --situation.")]


def _engine(game: str):
    from engine import get_engine

    return get_engine(resolve_game(game))


def read_situation(path: Path) -> dict:
    """Parse a situation file by its extension; SituationError names the file and the problem."""
    from rulesdb import untrusted

    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise SituationError(f"{path}: a situation file ends in .toml or .json")
    raw = untrusted.read_text(path, SituationError)  # a regular file under the size limit
    parse = untrusted.parse_toml if suffix == ".toml" else untrusted.parse_json
    data = parse(raw, path, SituationError)
    if not isinstance(data, dict):
        raise SituationError(f"{path}: the top level must be a table/object")
    return data


def _load(game: str, situation: Path, only_seated: bool = True):
    """(engine, state) from a situation file; with only_seated, a table whose players cannot be
    (the seat rule of `track new`: count, names, and what the game's own status cites under that rule,
    such as a Catharsis table of 6 against a deck other than Murder Mystery), or one laying out cards
    its deck cannot hold (Views.file_problems), is refused (`status` lists it instead)."""
    engine = _engine(game)
    state = _with_library(engine, engine.load_state(read_situation(situation), str(situation)),
                          situation if only_seated else None)
    seats = engine.declaration.seats_rule
    problems = engine.seat_problems(state) + [r for r in engine.declaration.status(state) if r.rule == seats] \
        if only_seated else []
    if problems:
        raise SituationError(f"{situation}: this cannot be a {engine.game} table: {problems[0].message}; "
                             f"`companion status {engine.game} --situation {situation}` lists every problem")
    cards = engine.views.file_problems(state) if only_seated else []
    if cards:  # cards no deck of this table holds: refused naming the key (`status` lists them)
        raise SituationError(f"{situation}: {cards[0]}")
    return engine, state


def _with_library(engine, state, named: Path | None = None):
    """The situation's table with the card library's entries beside its own (a card the situation
    describes keeps the situation's entry). With `named` (the file, for check and moves), a table
    naming a card the library has set aside is refused with the library's line saying why and the
    fix, as `cards show` of it is: it is no unknown card to teach."""
    from engine.library import card_model, fold, with_cards

    if card_model(type(state)) is None:
        return state
    from trackers.library import Library, LibraryError

    library = Library(paths.data_dir(), engine.game)
    entries = library.effective()
    if named is not None and library.set_aside:
        own = {fold(c.name) for c in state.cards}
        table = {k: v for k, v in state.model_dump(mode="json").items() if k != "cards"}  # not its own entries
        used = {fold(w) for w in _words(table)}
        for key in [k for k in library.set_aside if k in used and k not in own]:
            try:
                library.card(key)  # the set-aside line, said as the error (not again after it)
            except LibraryError as exc:
                raise SituationError(f"{named} names a card the card library has set aside: {exc}") from None
    return with_cards(state, entries, checked=False) if entries else state


def _words(doc) -> list[str]:
    """Every text a situation's table holds (the names it uses among them)."""
    if isinstance(doc, str):
        return [doc]
    values = doc.values() if isinstance(doc, dict) else doc if isinstance(doc, list) else ()
    return [w for v in values for w in _words(v)]


def _table(args: list[str], situation: Path | None, session: str | None, only_seated: bool = True):
    """(engine, state, rest of the words, the saved session or None): from a situation file (the first
    word is the game) or, without one, from a saved session (a leading game word must be the session's
    game)."""
    words = list(args or [])
    if situation is not None:
        if not words:
            raise SituationError("name the game before the situation file, e.g. `companion check catopomp "
                                 "--situation table.toml --move \"pass\"`")
        engine, state = _load(words[0], situation, only_seated)
        return engine, state, words[1:], None
    with open_sessions(reading=True) as store:
        opened, engine, state = store.situation(session)
    if words and _is_game(words[0]):  # else the word is part of the move
        game = resolve_game(words[0])
        if game != opened.game:
            from trackers.errors import SessionError

            raise SessionError(f"session {opened.name!r} plays {opened.game}, not {game}; pass --situation FILE "
                               f"or --session NAME")
        words = words[1:]
    return engine, state, words, opened


def _is_game(word: str) -> bool:
    with suppress(Exception):  # noqa: BLE001
        return bool(resolve_game(word))
    return False


def move_text(words: list[str], move: str | None, command: str = "check") -> str:
    text = move if move is not None else " ".join(words)
    if move is not None and words:
        raise MoveSyntaxError(f"give the move once: either --move or after the command, not both ({' '.join(words)!r})")
    if not text.strip():
        raise MoveSyntaxError(f"no move given: say the play after `companion {command}` (docs/moves-GAME.md has each "
                              "game's notation); `companion moves` lists the legal ones")
    return text


#: where check's help shows the notation table, filled from each game's plays.toml when the help is shown
NOTATION_MARK = "{notation}"


def notation_table(indent: str = "") -> str:
    """Each game's example plays (engine/<game>/plays.toml: [play, what it does]) as check's help
    shows them: the game's id, then its plays, one a line; a game without the file is left out."""
    import importlib.util
    import tomllib

    from engine import GAMES

    found = {}
    for game, module in GAMES.items():
        path = Path(importlib.util.find_spec(module).submodule_search_locations[0]) / "plays.toml"
        if path.is_file():
            found[game] = tomllib.loads(path.read_text(encoding="utf-8"))["plays"]
    width = max((len(play) for plays in found.values() for play, _ in plays), default=0) + 2
    return "\n".join(line for game, plays in found.items()
                     for line in [indent + game, *(f"{indent}  {play:<{width}}{meaning}" for play, meaning in plays)])


class NotationHelp(typer.core.TyperCommand):
    """A command whose help holds the games' notation table, read only when the help is shown."""

    def format_help(self, ctx, formatter) -> None:
        written = self.help
        if written and NOTATION_MARK in written:
            before, _, after = written.partition(NOTATION_MARK)
            indent = before[len(before.rstrip(" ")):]
            self.help = before + notation_table(indent)[len(indent):] + after
        try:
            super().format_help(ctx, formatter)
        finally:
            self.help = written  # read again each time: a game added since is in the next help


def check(
    words: Optional[List[str]] = typer.Argument(None, help="[GAME] MOVE: the play (the game only with --situation)."),
    situation: Situation = None,
    move: Optional[str] = typer.Option(None, "--move", "-m", help="The play, in the game's notation (see below)."),
    session: Session = None,
    by: Optional[str] = typer.Option(None, "--by", help="Judge it as this player's play now (default: the "
                                     "player to act, or the player the play names)."),
    deck: Optional[Path] = typer.Option(None, "--deck", help="Check a deck list (TOML or JSON) against the "
                                        "game's deck-building rules instead of a play (cataclysm-arcade)."),
    as_json: Json = False,
) -> None:
    """Judge a play against the table, recording nothing: legal or not, and why.

    The table is the current session's (or a situation file's). The verdict gives the rules that decide
    it, what happens next and what would be legal instead. With --deck FILE, a constructed deck is
    checked against the deck-building rules instead (docs/moves-cataclysm-arcade.md).

    \b
    Move notation (docs/moves-GAME.md for each game):
      {notation}

    \b
    Examples:
      companion check "heaven 4 5 then hell 2"
      companion check catopomp -s table.json -m "heaven 6 7 then hell 1"
    """
    if deck is not None:
        _check_deck(words or [], deck, as_json)
        return
    engine, state, rest, _ = _table(words, situation, session)
    text = move_text(rest, move)
    several = engine.series(text)  # said once, made as several (`decline all`): judged whole, as play makes it
    if several is not None:
        from engine import get_game

        verdict = several.judged(get_game(engine.game), state)
    else:
        verdict = _as_library_is(engine, state, text, judged(engine, state, text, by))
    _verdict_view(engine.game, text, verdict, as_json, () if as_json else engine.names(state))


def judged(engine, state, text: str, by: str | None = None):
    """The verdict on a play, as `play --by` judges it (engine.base judged_for): by `by` (a player's
    name or prefix) when given, out of turn refused first (what the play would do is not said: it did
    nothing), a play naming another maker never judged on that player's hand; else by the player the
    play names or the player to act."""
    from engine.words import typed_play

    move = engine.plays.parse_move(text, state)
    typed_play(move)
    if by is None:
        return engine.check(state, move)
    from engine.base import judged_for
    from engine.words import player

    who = player(by, state.players).name
    _, verdict, named, _ = judged_for(engine, state, text, move, who)
    to_act = engine.turns.to_act(state)
    if to_act is None:  # anyone may act, unless out of the game (refused, it did nothing: no effects)
        return verdict if verdict.legal else verdict.model_copy(update={"effects": (), "unchecked": ()})
    if who in (to_act, named):
        return verdict
    # off_turn keeps the effects for a play the table overrules; refused, it did nothing (as `play` says)
    return verdict.model_copy(update={"effects": ()})


def _as_library_is(engine, state, text: str, verdict):
    """The verdict as the card library is now, as `play` judges it (trackers/library.py as_library_is):
    a play using or naming a card the library set aside refused, one the library has now taught with
    `cards edit`. The library is read only for a play naming a card the table does not describe, or
    one whose verdict teaches a card with `cards add`."""
    from engine.words import reads_library

    move = engine.plays.parse_move(text, state)
    if not reads_library(engine.views, state, move, verdict, engine.game):
        return verdict
    from trackers.library import as_library_is

    return as_library_is(paths.data_dir(), engine.game, engine.views, state, move, text, verdict)


def _set_aside(engine, state) -> dict[str, str] | None:
    """The cards a session's table names without describing them (Views.cards_unknown) that the card
    library set aside (name -> the library's line): `moves` says their uses are refused, as `play`
    refuses them. The library is read only when the table names such a card."""
    names = engine.views.cards_unknown(state)
    if not names:
        return None
    from trackers.library import set_aside_lines

    return set_aside_lines(paths.data_dir(), engine.game, names) or None


def _check_deck(words: list[str], deck: Path, as_json: bool) -> None:
    if len(words) != 1:
        raise MoveSyntaxError("name the game and nothing else with --deck, e.g. "
                              "`companion check cataclysm-arcade --deck deck.toml`")
    engine = _engine(words[0])
    verdict = engine.check_deck(read_situation(deck), str(deck))
    _verdict_view(engine.game, f"deck {deck.name}", verdict, as_json)


def _verdict_view(game: str, move: str, verdict, as_json: bool, keep=()) -> None:
    """The verdict shown, with its reasons' rule titles (read from the reference for text only); an
    illegal play is a finding (exit 1)."""
    if not verdict.legal:
        answered(FINDING)
    titles = None
    if not as_json:
        from rulesdb.lookup import titles as rule_titles

        titles = rule_titles(r.rule for r in verdict.reasons)
    render.verdict_view(game, move, verdict, as_json, keep, titles)


def moves(
    words: Game = None,
    situation: Situation = None,
    session: Session = None,
    limit: Optional[int] = typer.Option(None, "--limit", min=0, help="Lines per group (default 8; 0: all)."),
    by: Optional[str] = typer.Option(None, "--by", help="List this player's plays now (default: the player to act)."),
    as_json: Json = False,
) -> None:
    """List the legal plays of the player to act, grouped, with a count each.

    The table is the current session's (or a situation file's). For a hand the table has not recorded,
    the plays that need no card from it, and a line on what is left out.

    \b
    Examples:
      companion moves
      companion moves --limit 0
      companion moves catopomp --situation table.json
    """
    engine, state, rest, opened = _table(words, situation, session)
    _no_extra(rest)
    aside = _set_aside(engine, state) if situation is None else None  # a situation naming one is refused
    note = engine.views.moves_note(state, aside=aside) if aside else engine.views.moves_note(state)
    acting = engine.turns.acting(state)  # more than the player to act may act (a CATastrophe roll's Yarn Balls)
    turn = {}
    ended = opened.name if opened is not None and opened.ended else None
    if ended is not None:  # `track end`: the table ended the game (early, maybe), as `play` and the page know
        from engine.words import player

        note, acting, texts, left = f"session {ended!r} has ended (`track end`): it takes no more plays", None, [], None
        if by is not None:
            turn = {"by": player(by, state.players).name, "turn": True, "turn_note": None}
    elif by is None:
        from engine.listing import listed

        found, left = listed(engine, state)
        texts = [engine.plays.format_move(m) for m in found]
    else:  # one player's plays now: their own (a reaction, a response) or, on their turn, all of them
        from engine.listing import plays_for, whose_turn
        from engine.words import player

        from trackers.phone import named

        who = player(by, state.players).name
        texts, why = plays_for(engine, state, who, aside=aside)
        if engine.views.by_note is not None:  # the note on this player's own plays, not everyone's
            note = engine.views.by_note(state, who)
        on_turn = engine.turns.to_act(state) in (who, None) or named(acting, who)
        left = why if on_turn and why != note else None
        note = note if on_turn else why
        # off turn: the game's own word on what the player may do now (a CATastrophe Reaction before the
        # dice, while the cat whose turn it is waits on another's roll), else whose turn it is
        turn = {"by": who, "turn": on_turn,
                "turn_note": None if on_turn else (engine.views.turn_note(state, who)
                                                   or whose_turn(state, acting or engine.turns.to_act(state)))}
    from companion.moves_view import grouped, moves_text

    if engine.declaration.status(state):  # an impossible table: what is listed rests on it (a finding, exit 1)
        answered(FINDING)
    groups = grouped(engine, texts, [p.name for p in getattr(state, "players", ())])
    doc = {"game": engine.game, "to_act": None if ended else engine.turns.to_act(state), "acting": acting,
           "moves": texts, "note": note,
           "left_out": left,
           "groups": [{"group": g["group"], "count": g["count"]} for g in groups]}
    if by is not None:
        doc["by"] = turn["by"]
    text = moves_text({**doc, **turn, "groups": groups}, limit)
    render.emit(doc, as_json, text, () if as_json else [*texts, *engine.names(state)])  # a move is a command: kept whole


def status(words: Game = None, situation: Situation = None, session: Session = None, as_json: Json = False) -> None:
    """What is impossible about the table, each with the rule it breaks.

    The table is the current session's (or a situation file's).

    \b
    Examples:
      companion status
      companion status catopomp --situation table.json
    """
    engine, state, rest, _ = _table(words, situation, session, only_seated=False)
    _no_extra(rest)
    if situation is None:  # a session's secret hands stay out of the shared screen (their owner sees theirs)
        from trackers.secrets import hidden

        state = hidden(engine.game, state)
    problems = engine.seat_problems(state) + engine.declaration.status(state)
    if problems:  # an impossible table is a finding (exit 1)
        answered(FINDING)
    render.status_view(engine.game, problems, as_json, engine.views.position(state), () if as_json else engine.names(state))


def _no_extra(rest: list[str]) -> None:
    if rest:
        raise MoveSyntaxError(f"unexpected {rest[0]!r}: this command takes no move")


def _play_as_typed(store, text: str, words: list[str], session, overrule, by, save, mark):
    """The play as one line; if that does not read and a word of it held spaces or a quote mark (`play
    card "Fire Bolt" top ...`, `play roll "O'Neil" 6 ...`: the shell took the quotes away), the words
    quoted again, as notations with names of several words read them. When neither reads, the first
    error stands (a notation without quoting, Cataclysm Arcade's say, reads the words run together),
    unless the line could not be split at all (an apostrophe read as an open quote): then the second."""
    try:
        return store.play(text, session, overrule, by, save, sent=mark)
    except MoveSyntaxError:
        if len(words) < 2 or not any(any(ch.isspace() or ch in "'\"" for ch in w) for w in words):
            raise
        import shlex

        try:
            return store.play(shlex.join(words), session, overrule, by, save, sent=mark)
        except MoveSyntaxError as second:
            if not _splits(text):
                raise second from None
        raise


def _splits(text: str) -> bool:
    """Whether the line splits into words as the notations read it (an unpaired quote does not)."""
    import shlex

    try:
        shlex.split(text)
    except ValueError:
        return False
    return True


def play(
    words: List[str] = typer.Argument(..., help="The play, in the game's notation (see `companion check --help`).",
                                      autocompletion=complete.plays),
    overrule: bool = typer.Option(False, "--overrule", help="Record it even though the rules forbid it (the table decides)."),
    by: Optional[str] = typer.Option(None, "--by", help="The player making it (default: the player to act)."),
    session: Session = None,
    save: bool = typer.Option(False, "--save", help="Also keep the card this play describes (e.g. Catharsis "
                              "`card NAME top COST`) in the card library, for every later session."),
    as_json: Json = False,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="A tracker command made as a play (`play refresh`): "
                                 "also print every effect and rule id, as `track ... --verbose` does."),
) -> None:
    """Make a play at the current session's table: checked, and recorded when legal.

    A recorded play is in the session's log (undo, redo, log and export cover it). An illegal play is
    refused with the rules and what would be legal instead; --overrule records it as the table played
    it. The notation of each game: `companion check --help`.

    \b
    Examples:
      companion play "heaven 4 5 then hell 2"
      companion play pass
    """
    from trackers.errors import Refused

    from engine.base import CHANGE

    mark = sent.taken()  # the newest event when the play was sent: judged against that table
    text = move_text(words, None, "play")  # an empty move is refused here, in one line, for every game
    with open_sessions(reading=True) as store:
        several = store.several(text, session, sent=mark)  # said once, made as several (`decline all`)
        if several is not None:
            _several(several, as_json)
            return
        try:
            result = _play_as_typed(store, text, words, session, overrule, by, save, mark)
        except MoveSyntaxError as exc:  # the step that read it found the nearest plays on its table
            if not exc.nearest:
                raise
            raise MoveSyntaxError(exc.hinted()) from None
        except Refused as exc:
            if exc.verdict is None:  # Moved: the table moved on since it was sent; the line says what
                if as_json and exc.result is not None:
                    render.play_view(exc.result, as_json)
                raise
            if as_json:  # the refusal in a play's shape, then the JSON error and exit 1
                render.play_view(exc.result, as_json)
                raise
            # the error line says why; below it only what it does not (other reasons, what is legal)
            sys.stdout.flush()
            answered(FINDING)
            fail(str(exc), FINDING, False)
            render.refusal_view(exc.verdict, exc.result.names)
            return
    if not as_json and result.kind == CHANGE:  # a tracker command said as a play (Catharsis `morale -1`)
        render.after_change(render.change_view, replace(result, change=result.move), as_json, verbose)  # as `track VERB` says it
        return
    render.after_change(render.play_view, result, as_json)  # recorded: a failed display never makes it look failed


def _several(results, as_json: bool) -> None:
    """Each play of a play made of several (the game's Engine.series), said as it is recorded; with
    --json, all of them as one list at the end."""
    if as_json:
        render.after_change(render.print_json, [r.as_json() for r in results])
        return
    for result in results:
        render.after_change(render.play_view, result, as_json)


def schema(
    game: str = typer.Argument(..., help="The game (id or alias).", autocompletion=complete.games),
    as_json: bool = typer.Option(False, "--json", help="Accepted for scripts: the schema is JSON either way."),
) -> None:
    """The JSON Schema of the game's situation file (JSON with or without --json).

    \b
    Examples:
      companion schema theseus
    """
    import json  # here: the CLI loads this module for every command

    engine = _engine(game)
    print(json.dumps(engine.State.model_json_schema(), indent=2))


def register(app: typer.Typer) -> None:
    app.command(cls=NotationHelp)(check)
    for command in (moves, status, schema):
        app.command()(command)
    app.command(context_settings={"ignore_unknown_options": True})(play)
