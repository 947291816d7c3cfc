"""The one reader for files a user hands us (`track import`, `rules import`, situation files),
and the one way the project writes a whole file.

Such a file may be anything: a FIFO that never ends, a symlink to /dev/zero, 100 MB of JSON,
JSON nested ten thousand deep. It is opened only if it is a regular file, its size is checked
before a byte is read, and parsed JSON is refused beyond a nesting depth. Every refusal raises
the caller's own error class (so the CLI exits 2 with one line naming the file).

A file is written through a fresh, exclusively created temporary file in the same folder (never a
fixed `.tmp` name someone could plant a link at), synced, and renamed into place.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

MAX_BYTES = 20 * 1024 * 1024  # 20 MB: far above any real session export, rulebook or situation
MAX_DEPTH = 32  # nesting of JSON/TOML containers


def read_bytes(path: Path, error: type[Exception], limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or `error` saying why not."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{path}: cannot read it: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: it is a directory, not a file") from None
    except OSError as exc:
        raise error(f"{path}: cannot open it ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{path}: it is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file (a device, pipe or socket); give a file")
        if info.st_size > limit:
            raise error(f"{path}: {info.st_size:,} bytes is over the limit of {limit:,} bytes")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise error(f"{path}: over the limit of {limit:,} bytes (it grew while being read)")
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_text(path: Path, error: type[Exception], limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file (a BOM is dropped), or `error`."""
    raw = read_bytes(path, error, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None


def check_depth(data, path: Path, error: type[Exception], limit: int = MAX_DEPTH) -> None:
    """Refuse containers nested deeper than `limit` (iterative: no recursion to exhaust)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            raise error(f"{path}: nested more than {limit} levels deep")
        stack.extend((child, depth + 1) for child in children)


def parse_json(text: str, path: Path, error: type[Exception], limit: int = MAX_DEPTH):
    """Parsed JSON with at most `limit` levels of nesting, or `error` naming the problem."""
    return _parse(json.loads, "JSON", text, path, error, limit)


_TOML_PART = r"""(?:(?<![A-Za-z0-9_-])[A-Za-z0-9_-]++|"[^"\n]{0,256}+"|'[^'\n]{0,256}+')"""


def _dotted_too_deep(text: str, limit: int) -> bool:
    """Whether a dotted key or table header has more than `limit` parts, in one pass: each run of
    dotted parts is matched once, without backtracking (possessive), from its first part."""
    import itertools

    chain = re.compile(rf"{_TOML_PART}(?:[ \t]*+\.[ \t]*+{_TOML_PART})++")
    part = re.compile(_TOML_PART)
    for found in chain.finditer(text):
        run = found.group()
        if run.count(".") >= limit and len(list(itertools.islice(part.finditer(run), limit + 1))) > limit:
            return True
    return False


def parse_toml(text: str, path: Path, error: type[Exception], limit: int = MAX_DEPTH):
    """Parsed TOML with at most `limit` levels of nesting, or `error` naming the problem. A dotted
    key or table header of more parts than that is refused before parsing (the parser takes time
    quadratic in the parts: 10^5 of them took 15 s)."""
    import tomllib

    if _dotted_too_deep(text, limit):
        raise error(f"{path}: a key or table header of more than {limit} dotted parts (nested more than "
                    f"{limit} levels deep)")
    return _parse(tomllib.loads, "TOML", text, path, error, limit)


def _parse(loads, kind: str, text: str, path: Path, error: type[Exception], limit: int):
    try:
        data = loads(text)
    except RecursionError:
        raise error(f"{path}: nested more than {limit} levels deep") from None
    except ValueError as exc:
        raise error(f"{path}: not valid {kind}: {exc}") from None
    check_depth(data, path, error, limit)
    return data


STALE_SECONDS = 3600  # a temporary file of ours this old was left by a write that was killed


def _remove_stale(folder: Path, prefix: str) -> None:
    """Delete the temporary files a killed write of this same file left (PREFIX + mkstemp's 8
    characters + .tmp, a regular file of this user, untouched for STALE_SECONDS): they pile up
    otherwise. A younger one may be another process's write in progress, and is left alone."""
    import time

    pattern = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}\.tmp")
    try:
        names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
    except OSError:
        return
    now = time.time()
    for name in names:
        try:
            info = os.lstat(folder / name)
            if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid() and now - info.st_mtime > STALE_SECONDS:
                os.unlink(folder / name)
        except OSError:
            pass  # gone meanwhile, or not ours to remove


def write_file(target: Path, text: str, error: type[Exception], nothing: str = "nothing was written") -> None:
    """Write `text` to `target` through a fresh temporary file renamed into place, or `error`."""
    import tempfile

    prefix = f".{target.name[:40]}."
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(target.parent, prefix)
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise error(f"cannot write in {target.parent} ({exc.strerror or exc}); make the folder writable "
                    "or use --data-dir for another place") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise error(f"cannot write {target} ({exc.strerror or exc}); {nothing}") from None
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)
