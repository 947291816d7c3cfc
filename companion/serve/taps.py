"""A player's legal plays as choices to tap (the private page's play picker): a trie over the plays'
words, each chain of words with no choice in between merged into one step, and a step with one choice
merged into the choices after it, so hundreds of plays stay a few taps (`heaven 4 4` -> `then hell 2`);
numbers come in numeric order. Pure: plays in, nested lists out."""
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
    # a step that is no play yet, only the way to the choices after it, is merged into them where the
    # choices stay few (`use` -> `use Knight`, `use Mage`): one tap fewer; always when it is the only step
    merged = True
    while merged:
        merged = False
        for i, (label, child) in enumerate(steps):
            if not child["end"] and (len(steps) == 1 and not end or len(steps) - 1 + len(child["next"]) <= FEW):
                steps[i:i + 1] = [[f"{label} {more}", rest] for more, rest in child["next"]]
                merged = True
                break
    steps.sort(key=_order)
    return {"end": end, "next": steps}


FEW = 8  # choices at one step that merging a step into its next ones may make


def _order(step: list) -> tuple:
    """Choices that begin with numbers in numeric order (`3`, `5`, `8 9 dice`), before the words, which
    keep the order the plays came in."""
    numbers = []
    for word in step[0].split():
        if not word.isdigit():
            break
        numbers.append(int(word))
    return (0, numbers) if numbers else (1, [])


def paths(node: dict, said: tuple[str, ...] = ()) -> list[str]:
    """Every play a tap sequence through `node` builds (what the page can send)."""
    out = [" ".join(said)] if node["end"] else []
    for label, child in node["next"]:
        out += paths(child, (*said, label))
    return out
