"""Where the companion keeps the user's files: platformdirs, or DIR/data and DIR/cache under
COMPANION_HOME / --data-dir (docs/cli.md), which is also how tests stay out of the user's folders."""
from __future__ import annotations

import os
from pathlib import Path

APP = "companion"
_home_override: Path | None = None


class DataDirError(Exception):
    """An unusable --data-dir or COMPANION_HOME value (exit 2)."""

    bad_input = True


def checked_home(value: str, where: str) -> Path:
    """A --data-dir / COMPANION_HOME value as a folder: `~` expanded; empty, a file, a word that
    looks like an option (`-`, `--help`: never made into a folder) or a path the system cannot
    hold (too long) refused, in one line."""
    if not value.strip():
        raise DataDirError(f"{where} is empty: give a folder, e.g. {where} ~/companion")
    if "\0" in value:
        raise DataDirError(f"{where} holds a NUL character: give a folder")
    shown = repr(value) if len(value) <= 60 else f"{value[:40]!r}... ({len(value):,} characters)"
    if value.startswith("-"):
        raise DataDirError(f"{where} {shown} looks like an option, not a folder; for a folder of that name "
                           f"write ./{value[:40]}")
    try:
        path = Path(value).expanduser()
    except RuntimeError:  # `~nobody/x`: no such user's home folder
        raise DataDirError(f"{where} {shown}: there is no user {value.split(os.sep)[0][1:]!r} whose home "
                           f"folder `~` could name; give the folder itself, e.g. {where} ~/companion") from None
    try:
        if path.exists() and not path.is_dir():
            raise DataDirError(f"{where} {shown} is a file, not a folder")
        for folder in (path / "data", path / "cache"):
            folder.exists()  # the names below it must fit too
    except OSError as exc:
        raise DataDirError(f"{where} {shown} cannot be a folder here ({exc.strerror or exc}); give a shorter "
                           "path") from None
    return path


def set_home(path: Path | None) -> None:
    """Use this base directory for this process (the --data-dir option)."""
    global _home_override
    _home_override = path


def home_given() -> Path | None:
    """The base directory set for this process by --data-dir, if any (COMPANION_HOME not read)."""
    return _home_override


def home() -> Path | None:
    if _home_override is not None:
        return _home_override
    env = os.environ.get("COMPANION_HOME")
    return checked_home(env, "COMPANION_HOME") if env else None


def data_dir() -> Path:
    base = home()
    if base is not None:
        return base / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    base = home()
    if base is not None:
        return base / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def sources_dir() -> Path:
    """Imported rulebook copies."""
    return data_dir() / "sources"
