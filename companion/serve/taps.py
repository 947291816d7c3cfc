"""A player's legal plays as choices to tap (the private page's play picker): a trie over the plays'
words, each chain of words with no choice in between merged into one step, so hundreds of plays
stay a few taps (`heaven` -> `4 4` -> `then hell` -> `2`). Pure: plays in, nested lists out."""
from __future__ import annotations


def trie(plays: list[str]) -> dict:
    """{"end": bool, "next": [[words, node], ...]}: `end` when the words so far are a whole play;
    each `next` step is the words to tap (one or more, joined by spaces) and what follows them."""
    return _node([p.split() for p in dict.fromkeys(plays)])


def _node(rests: list[list[str]]) -> dict:
    end = any(not r for r in rests)
    groups: dict[str, list[list[str]]] = {}
    for r in rests:
        if r:
            groups.setdefault(r[0], []).append(r[1:])
    steps = []
    for word, tails in groups.items():
        label = [word]
        # merge while every play here goes on with the same next word and none ends: no choice to make
        while all(tails) and len({t[0] for t in tails}) == 1:
            label.append(tails[0][0])
            tails = [t[1:] for t in tails]
        steps.append([" ".join(label), _node(tails)])
    return {"end": end, "next": steps}


def paths(node: dict, said: tuple[str, ...] = ()) -> list[str]:
    """Every play a tap sequence through `node` builds (what the page can send)."""
    out = [" ".join(said)] if node["end"] else []
    for label, child in node["next"]:
        out += paths(child, (*said, label))
    return out
