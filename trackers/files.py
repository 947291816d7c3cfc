"""Files a session command writes outside the sessions file: only where the user said, never into
the data folder, never through a link someone planted at a temporary name."""
from __future__ import annotations

import os
from pathlib import Path

from rulesdb import untrusted
from trackers.errors import ExportError


def export_target(path: Path, data_dir: Path) -> Path:
    """The file an export may write: not a folder, not inside the data folder (the sessions file)."""
    if str(path) in ("", "."):
        raise ExportError("give the export a file name, e.g. `companion track export NAME game.json`")
    target = Path(os.path.abspath(os.path.expanduser(path)))
    real = target.resolve()
    data = data_dir.resolve()
    if real == data or data in real.parents:
        raise ExportError(f"{path} is inside the data folder {data_dir} (the sessions file lives there); "
                          "export to another place")
    if real.is_dir():
        raise ExportError(f"{path} is a folder; give a file name inside it, e.g. {target / 'session.json'}")
    if not target.parent.is_dir():
        raise ExportError(f"{path}: the folder {target.parent} does not exist")
    return target


def write_file(target: Path, text: str) -> None:
    """Write through a fresh, exclusively created temporary file and rename it into place."""
    untrusted.write_file(target, text, ExportError)
