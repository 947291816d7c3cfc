"""What a served page is told of the host's machine: none of its file paths. A line a page shows
(a refusal, a file that could not take a write) says the host's files by what they are: the card
library, the sessions file, the host's data or cache folder. The host's terminal keeps the paths.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePath
from typing import Any

#: what a file under the data folder is, by its path there (the first that fits)
_ROLES = ((re.compile(r"cards/\.?[^/]+\.(toml|json)"), "the card library"),
          (re.compile(r"sessions\.sqlite3.*"), "the sessions file"))
#: the characters a path in a line ends before (a quote, a bracket, a separator, a space)
_REST = r"""[^\s:;,'"`()\[\]{}]*"""


class Unhosted:
    """Says the host's files without their paths: `line(text)` for one line, `doc(answer)` for a
    JSON answer (its every string)."""

    def __init__(self, data_dir: Path, cache_dir: Path | None = None, sources_dir: Path | None = None):
        self.roots: dict[str, tuple[str, str]] = {}  # a folder as a line may write it -> (which, its role)
        for which, folder, role in (("data", data_dir, "the host's data folder"),
                                    ("cache", cache_dir, "the host's cache folder"),
                                    ("sources", sources_dir, "the host's rulebook sources folder")):
            if folder is None:
                continue
            for form in {str(Path(folder).absolute()), str(Path(folder).resolve())}:
                if len(form.rstrip("/\\")) > 1:  # never the file system's root
                    self.roots[form.rstrip("/\\")] = (which, role)
        forms = sorted(self.roots, key=len, reverse=True)  # the sources folder lies inside the data folder
        ends = r"""(?=[/\\\s:;,'"`()\[\]{}]|$)"""  # a whole folder's name, not the start of another's
        self.pattern = re.compile(r"(?<![\w/\\])(" + "|".join(re.escape(f) for f in forms) + ")" + ends
                                  + f"([/\\\\]{_REST})?(: )?")

    def _role(self, root: str, rest: str) -> str:
        which, role = self.roots[root]
        inside = PurePath(rest.strip("/\\")).as_posix() if rest else ""
        if which == "data":
            for shape, named in _ROLES:
                if shape.fullmatch(inside):
                    return named
        return role

    def line(self, text: str) -> str:
        """`text` with each host path said by its role; a path followed by `: ` (the file a message is
        about) is dropped when the line has named that file already ("the card library has set aside:
        PATH: card ..." reads "... has set aside: card ...")."""
        if not self.roots:
            return text
        out, at = [], 0
        for found in self.pattern.finditer(text):
            role = self._role(found.group(1), found.group(2) or "")
            said = "".join(out) + text[at:found.start()]
            if found.group(3) and role in said:
                out.append(text[at:found.start()])
            else:
                out.append(text[at:found.start()] + role + (found.group(3) or ""))
            at = found.end()
        return "".join(out) + text[at:]

    def doc(self, answer: Any) -> Any:
        """A JSON answer with every string said as line() says it."""
        if isinstance(answer, str):
            return self.line(answer)
        if isinstance(answer, dict):
            return {k: self.doc(v) for k, v in answer.items()}
        if isinstance(answer, list):
            return [self.doc(v) for v in answer]
        return answer
