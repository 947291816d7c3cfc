"""Player words for a tracker summary (what `track show`, `track watch` and any other printed
summary show): a key as the table says it, not as the code keeps it (`grim_reapurr_space` ->
`Grim Reapurr on`), what needs no saying left out (`game_over no`, a `winner` while nobody has won,
a set-up with nothing left to do), and a hand whose cards nobody may see here said as its size
(`5 cards`, never `5 unnamed`, which would tell that none was named). Pure text: no rich; JSON
keeps the summary's own keys (a stable contract)."""
from __future__ import annotations

import re

#: keys whose words read wrongly with the underscores only taken out
WORDS = {
    "grim_reapurr_space": "Grim Reapurr on",
    "grim_reapurr": "Grim Reapurr",
    "grim_reapurr_wins": "Grim Reapurr wins",
    "vp": "VP",
}

#: keys said only when they hold something: a flag when it is set, a result once there is one
ONLY_WHEN_SET = frozenset({"game_over", "level_over", "grim_reapurr_wins", "tie", "winner", "winners", "loser",
                           "setup_todo", "decided_by"})


def label(key) -> str:
    """A summary key in player words: `game_over` -> `game over`."""
    key = str(key)
    return WORDS.get(key, key.replace("_", " "))


#: keys another key says in words (`grim_reapurr` 0 is `grim_reapurr_space` Reapurr's Lair): shown once
SAID_BY = {"grim_reapurr": "grim_reapurr_space"}


def worth_saying(key, value, summary: dict | None = None) -> bool:
    """Whether a summary entry says something: not a flag that is off, nor a result not reached
    (`winner -` before the end; `decided_by tie` while the game is not over), nor a number another
    entry says in words."""
    if summary is not None and SAID_BY.get(str(key)) in summary:
        return False
    if str(key) not in ONLY_WHEN_SET:
        return True
    if summary is not None and str(key) in ("decided_by", "tie") and summary.get("game_over") is False:
        return False
    return value not in (None, False, "", [], {}, ())


_UNNAMED_ONLY = re.compile(r"^(\d+) unnamed$")


def hand_words(value):
    """A hand cell as the table may read it: `5 unnamed` (its named cards hidden here, or none
    named) -> `5 cards`; a hand with cards shown stays as it is."""
    if isinstance(value, str):
        found = _UNNAMED_ONLY.match(value.strip())
        if found:
            n = int(found.group(1))
            return f"{n} card" if n == 1 else f"{n} cards"
    return value
