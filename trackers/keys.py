"""This installation's snapshot key: a random secret kept in the data folder beside the sessions
file (never inside it), with which snapshot rows are signed (HMAC-SHA256, trackers/snapshots.py).

A sessions file copied from another installation, sent by someone, or whose snapshots were
rewritten by hand does not carry rows signed with this key: they are ignored and the log is
replayed in full (and verified link by link), so such a file costs at worst one full replay.
The key is a cache of trust, not of data: losing it only costs one full replay per session.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

NAME = "snapshot.key"
_SIZE = 64  # hex digits (32 random bytes)


def _read(path: Path) -> bytes | None:
    """The key in the file, or None when it is missing, not a regular file or not a key."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, _SIZE + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        return bytes.fromhex(raw.decode("ascii")) if len(raw) == _SIZE else None
    except ValueError:
        return None


def key(data_dir: Path, create: bool) -> bytes | None:
    """The installation's key; with `create`, made when missing (None when the folder is not
    writable: snapshots are then neither trusted nor written)."""
    path = data_dir / NAME
    found = _read(path)
    if found is not None or not create:
        return found
    tmp = data_dir / f".{NAME}.{secrets.token_hex(8)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, secrets.token_hex(_SIZE // 2).encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # never replaces a key another process made meanwhile
        except FileExistsError:
            if _read(path) is None:  # a file there that is no key: ours takes its place
                os.replace(tmp, path)
    except OSError:
        return None
    finally:
        try:
            tmp.unlink()
        except OSError:
            pass
    return _read(path)
