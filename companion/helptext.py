"""Help text that reflows: a command's docstring is written wrapped in the source, and shown wrapped
to the reader's width (click's convention, which typer's rich help does not keep).

- Paragraphs are separated by a blank line; the line breaks inside one are the source's, not the
  reader's, so they become spaces and the terminal wraps the paragraph.
- A paragraph that starts with a `\\b` line (click's marker) keeps its lines as written: a table, or
  examples to copy. The marker itself is dropped (typer's rich help would print it as a blank line).
- The first paragraph is the short description the command list shows.
"""
from __future__ import annotations

import inspect

KEEP = "\b"


def reflow(text: str | None) -> str | None:
    """The help text with each paragraph on one line, except the `\\b` ones (kept line by line)."""
    if not text:
        return text
    paragraphs = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        if paragraph.startswith(KEEP):
            paragraphs.append(paragraph[len(KEEP):].lstrip("\n").rstrip())
        else:
            paragraphs.append(" ".join(paragraph.split()))
    first, *rest = [p for p in paragraphs if p]
    # typer dedents the paragraphs after the first by the indent their lines share, save the first
    # line: an empty line there (three line breaks after the first paragraph) keeps a table's indent
    return first + ("\n\n\n" + "\n\n".join(rest) if rest else "")


def reflow_tree(command) -> None:
    """Reflow the help of a click command and of every command under it, once."""
    if getattr(command, "_reflowed", False):
        return
    command.help = reflow(command.help)
    command._reflowed = True
    for sub in getattr(command, "commands", {}).values():
        reflow_tree(sub)
