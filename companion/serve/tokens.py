"""Private links: each player's token is an HMAC of the installation's key (trackers/keys.py) over
the session (its name and creation time) and the player, so it survives a server restart, differs
per session, and cannot be guessed without the key. Compared in constant time."""
from __future__ import annotations

import hashlib
import hmac

DOMAIN = "companion-serve-player"  # keeps these MACs apart from the snapshot signatures made with the key
LENGTH = 32  # hex digits (128 bits)


def token(key: bytes, session, player: str) -> str:
    """The private token of `player` at `session`."""
    message = "\0".join((DOMAIN, session.name, session.created, player)).encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:LENGTH]


def player_for(key: bytes, session, candidate: str) -> str | None:
    """The player whose token `candidate` is, or None; every player's token is compared (in
    constant time), so the answer takes as long whichever matches."""
    given = candidate.encode("utf-8", "replace")[:LENGTH * 2]
    found = None
    for player in session.players:
        if hmac.compare_digest(token(key, session, player).encode("ascii"), given):
            found = player
    return found


HOST_DOMAIN = "companion-serve-host"  # the host's link: its own domain, so no player's name can make it


def host_token(key: bytes, session) -> str:
    """The host's token at `session` (undo, redo, overrule from a page)."""
    message = "\0".join((HOST_DOMAIN, session.name, session.created)).encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:LENGTH]


def is_host(key: bytes, session, candidate: str) -> bool:
    return hmac.compare_digest(host_token(key, session).encode("ascii"), candidate.encode("utf-8", "replace")[:LENGTH * 2])
