"""Tab completion for `companion shell`: commands (read from the click group), options, and, read at
each completion, the current game's tracker verbs, player names, rule ids and glossary terms."""
from __future__ import annotations

from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from rulesdb.reference import reference

RULE_ID_COMMANDS = {("rules", "show")}
TERM_COMMANDS = {("rules", "define")}
PLAYER_COMMANDS = {"track", "check"}


def _session():
    """(players, tracker verbs) of the current session, or ([], [])."""
    from companion.stores import current_game, open_sessions

    game = current_game()
    if game is None:
        return [], []
    try:
        from engine import get_tracker

        with open_sessions() as store:
            players = store.get().players
        return players, list(get_tracker(game).declaration.verbs.table)
    except Exception:  # noqa: BLE001 - completion never fails a line
        return [], []


def rule_ids() -> list[str]:
    ref = reference()
    return [*ref.rules, *ref.sections, *ref.glossary]


def glossary_terms() -> list[str]:
    ref = reference()
    return sorted({name for g in ref.glossary.values() for name in (g.term.term, *g.term.aliases)}, key=str.lower)


def _options(command) -> list[str]:
    return [opt for p in command.params for opt in getattr(p, "opts", ()) if opt.startswith("--")]


def _argument_words(node, path: list[str], before: list[str], current: str) -> list | None:
    """What the command's own completion offers for the argument under the cursor, through click's
    public shell_complete: the session names of `track switch NAME`, the files and folders of a path
    (`track export NAME FILE`), a choice's values; None when that argument has no completion of its
    own (a plain word)."""
    if not path or hasattr(node, "commands"):
        return None
    arguments = [p for p in node.params if p.param_type_name == "argument"]
    typed = len([w for w in before[len(path):] if not w.startswith("-")])
    at = next((p for i, p in enumerate(arguments) if i == typed or (p.nargs == -1 and i <= typed)), None)
    if at is None:
        return None
    try:
        items = at.shell_complete(node.context_class(node, info_name=path[-1]), current)
    except Exception:  # noqa: BLE001 - completion never fails a line
        return []
    kind = at.type.name  # a path or a file: click (and typer, which completes nothing) leave it to the shell
    if kind in ("path", "filename") or {item.type for item in items} & {"file", "dir"}:
        return _paths(current, only_folders=not getattr(at.type, "file_okay", True))
    if not items and getattr(at, "_custom_shell_complete", None) is None:
        return None
    return [item.value for item in items]


def _paths(current: str, only_folders: bool) -> list:
    """The files and folders (or folders only) a path being typed may go on to, as completions."""
    found = PathCompleter(only_directories=only_folders, expanduser=True)
    return list(found.get_completions(Document(current), None))


class ShellCompleter(Completer):
    """Completes the word under the cursor (a glossary term as a whole, spaces included)."""

    def __init__(self, shell):
        self.shell = shell

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        words = text.split()
        current = "" if text.endswith(" ") or not words else words[-1]
        before = words if current == "" else words[:-1]
        for candidate in self.candidates(before, current, text):
            if isinstance(candidate, Completion):
                yield candidate
            elif candidate.lower().startswith(current.lower()) and candidate != current:
                yield Completion(candidate, start_position=-len(current))

    def candidates(self, before: list[str], current: str, text: str):
        if not before:
            yield from self.shell.commands
            yield from ("exit", "quit", "help")
            return
        node, path = self.shell.group, []
        for word in before:
            sub = getattr(node, "commands", {}).get(word)
            if sub is None:
                break
            node, path = sub, path + [word]
        if path == ["play"] and not current.startswith("-"):  # a play has spaces: the rest of the line
            from companion.complete import session_plays

            parts = text.split(None, 1)
            rest = parts[1].lstrip() if len(parts) > 1 else ""  # `play ` (nothing yet): every play
            quote = rest[:1] if rest[:1] in "\"'" and rest else ""
            for play in session_plays():
                if play.lower().startswith(rest[len(quote):].lower()) and play != rest:
                    yield Completion(quote + play + quote, start_position=-len(rest))
            return
        if tuple(path) in TERM_COMMANDS:  # a term may have spaces: complete the whole rest of the line
            rest = text.split(None, len(path))[-1] if len(text.split()) > len(path) else ""
            rest = rest if not text.endswith(" ") or rest.strip() else ""
            for term in glossary_terms():
                if term.lower().startswith(rest.lower()) and term != rest:
                    yield Completion(term, start_position=-len(rest))
            return
        if current.startswith("-"):
            yield from _options(node)
            return
        if tuple(path) in RULE_ID_COMMANDS:
            yield from rule_ids()
            return
        answered = _argument_words(node, path, before, current)
        if answered is not None:  # the command's own argument completes (`track switch`: sessions)
            yield from answered
            return
        if hasattr(node, "commands") and len(path) == len(before):
            yield from sorted(n for n, c in node.commands.items() if not c.hidden)
        if path and path[0] in PLAYER_COMMANDS:
            players, verbs = _session()
            if path == ["track"] and len(before) == 1:
                yield from verbs
            yield from players
