"""Party of the Theseus move notation: parsing a move (with syntax and ambiguity errors) and
writing one back in canonical form."""
from __future__ import annotations

import difflib
from collections import Counter

from engine.base import AmbiguousMove, MoveSyntaxError

from .model import ICONS, Move, State, state_names, catalogue
from engine.words import quote, split_words

NOTATION = """\
Party of the Theseus moves (the player whose turn it is makes them; names as in the catalogue,
any case; quote a name with spaces: use "Dark Knight" explore Paladin):
  use CARD [ICON] TARGET...   use a Party card: its Icon Ability takes TARGET
                              ICON is explore | recruit | subjugate (may be left out when the
                              catalogue knows the card's icon)
      use Knight explore Paladin       Paladin goes from the Board to your Hand
      use Mage recruit Witch           Witch goes from your Hand to your Party
      use Rogue subjugate Buster       Buster goes from your Hand to your Reward Area
      use Ranger explore Witch Buster  a card whose icon moves 2 cards at once (icon_count = 2)
      use Knight explore               nothing to take: the card is used for its effect only
  basic ICON TARGET           one Explore, Recruit or Subjugate without a card (only before any
                              Party card is used; then no Party card this turn)
      basic explore Kunoichi    basic recruit Witch    basic subjugate Paladin
  exile party|hand CARD       Exile one card of an over-full Party or Hand (one per move)
      exile party Mage    exile hand Witch
  end                         end your turn (the game ends here once the last Rank 6 card is gone)
  ... reveal NAME...          after use/basic: the cards a Board Refill turns up, in order, when
                              the situation gives that Rank Deck only as a count
      use Knight explore Paladin reveal Squire
"""


def parse_move(text: str, state: State) -> Move:
    tokens = split_words(text, 'use Knight explore "Hero\'s Cape"')
    if not tokens:
        raise MoveSyntaxError("empty move; expected use, basic, exile or end, e.g. `use Knight explore Paladin` "
                              "(the notation: docs/moves-theseus.md)")
    names = _name_pool(state)
    head = tokens[0].casefold()
    rest = tokens[1:]
    if head == "end":
        if rest and not (len(rest) == 1 and rest[0].casefold() == "turn"):
            raise MoveSyntaxError(f"unexpected {rest[0]!r} after 'end'; expected nothing")
        return Move(action="end")
    if head == "exile":
        if not rest or rest[0].casefold() not in ("party", "hand"):
            got = repr(rest[0]) if rest else "nothing"
            raise MoveSyntaxError(f"expected 'party' or 'hand' after 'exile', got {got}")
        zone = rest[0].casefold()
        cards, after = _read_names(rest[1:], names, "a card to Exile")
        if not cards and not after:
            raise MoveSyntaxError(f"expected a card's name after 'exile {zone}'")
        if len(cards) != 1 or after:
            extra = after[0] if after else cards[1]
            raise MoveSyntaxError(f"unexpected {extra!r}: exile one card per move (e.g. 'exile {zone} Mage')")
        return Move(action="exile", zone=zone, targets=(cards[0],))
    if head == "basic":
        if not rest or rest[0].casefold() not in ICONS:
            got = repr(rest[0]) if rest else "nothing"
            raise MoveSyntaxError(f"expected explore, recruit or subjugate after 'basic', got {got}")
        icon = rest[0].casefold()
        targets, reveal = _targets_and_reveal(rest[1:], names)
        if len(targets) != 1:
            raise MoveSyntaxError(f"a basic {icon} names exactly one card (e.g. 'basic {icon} Witch'), "
                                  f"got {len(targets)}")
        return Move(action="basic", icon=icon, targets=targets, reveal=reveal)
    if head == "use":
        body = rest
        if not body:
            raise MoveSyntaxError("expected a Party card's name after 'use'")
    else:
        body = tokens  # shorthand: "Knight explore Paladin"
    card_l, after = _read_names(body, names, "a Party card's name", first_only=True)
    if not card_l:
        word = body[0]
        hint = _suggest(word, list(names.values()) + ["use", "basic", "exile", "end"])
        raise MoveSyntaxError(f"unknown word {word!r}{hint}; expected use, basic, exile, end or a card name")
    card = card_l[0]
    icon = None
    if after and after[0].casefold() in ICONS:
        icon = after[0].casefold()
        after = after[1:]
    targets, reveal = _targets_and_reveal(after, names)
    if icon is None:
        icon = _infer_icon(state, card, targets, reveal)
    return Move(action="use", card=card, icon=icon, targets=targets, reveal=reveal)


def format_move(move: Move) -> str:
    if move.action == "end":
        return "end"
    if move.action == "exile":
        return f"exile {move.zone} {quote(move.targets[0])}"
    parts = ["use", quote(move.card)] if move.action == "use" else ["basic"]
    if move.icon:
        parts.append(move.icon)
    parts.extend(quote(t) for t in move.targets)
    if move.reveal:
        parts.append("reveal")
        parts.extend(quote(r) for r in move.reveal)
    return " ".join(parts)


def _name_pool(state: State) -> dict[str, str]:
    pool = {n.casefold(): n for n in catalogue(state)}
    for name in state_names(state):
        pool.setdefault(name.casefold(), name)
    return pool


def _suggest(word: str, options: list[str]) -> str:
    close = difflib.get_close_matches(word.casefold(), [o.casefold() for o in options], n=3)
    if not close:
        return ""
    by_fold = {o.casefold(): o for o in options}
    return " (did you mean " + " or ".join(by_fold[c] for c in close) + "?)"


def _read_names(tokens, names, what, first_only=False, new_names=False):
    """Greedy longest match of card names over tokens; stops at 'reveal' or an icon word. With
    `new_names` a token that is no known name is a card new to the table (a revealed card)."""
    found: list[str] = []
    i = 0
    longest = max((len(n.split()) for n in names.values()), default=1)
    while i < len(tokens):
        word = tokens[i].casefold()
        if word == "reveal" or (found and first_only):
            break
        widths = range(min(longest, len(tokens) - i), 0, -1)
        keys = ((" ".join(t.casefold() for t in tokens[i:i + w]), w) for w in widths)
        match = next(((names[key], w) for key, w in keys if key in names), None)
        if match is None and new_names:
            match = (_new_name(tokens[i]), 1)
        if match is None:
            if first_only or (word in ICONS):
                break
            hint = _suggest(tokens[i], list(names.values()))
            raise MoveSyntaxError(f"unknown card {tokens[i]!r}{hint}; expected {what} from the catalogue "
                                  "(add new cards under [[cards]] in a situation, or with the session option "
                                  "cards=NAME:RANK)")
        found.append(match[0])
        i += match[1]
    return found, tokens[i:]


def _new_name(token: str) -> str:
    """A revealed card new to the table: its name alone, as `track card` can describe it; the Rank
    is the deck's it comes from, so `NAME:RANK` (the tracker's list form) is refused, not a name."""
    name, colon, _ = token.partition(":")
    if colon:
        raise MoveSyntaxError(f"a revealed card is named alone, not as NAME:RANK ({token!r}): its Rank is that of the deck "
                              f"the refill draws from; write `reveal {quote(name.strip() or 'NAME')}`")
    return token


def _targets_and_reveal(tokens, names):
    targets, after = _read_names(tokens, names, "a card name")
    reveal: list[str] = []
    if after:
        if after[0].casefold() != "reveal":
            raise MoveSyntaxError(f"unexpected {after[0]!r}; expected card names or 'reveal NAME...'")
        reveal, left = _read_names(after[1:], names, "a revealed card's name", new_names=True)
        if not reveal:
            raise MoveSyntaxError("expected at least one card name after 'reveal'")
        if left:
            raise MoveSyntaxError(f"unexpected {left[0]!r} after the revealed cards")
    return tuple(sorted(targets)), tuple(reveal)


def _infer_icon(state, card, targets, reveal) -> str:
    spec = catalogue(state).get(card)
    if spec is not None and spec.icon != "unknown":
        return spec.icon
    player = state.player(state.active)
    board = Counter(c.name for c in state.board)
    hand = Counter(player.hand_cards)
    need = Counter(targets)
    fits = []
    if targets:
        if all(board[n] >= k for n, k in need.items()):
            fits.append("explore")
        if not player.hand_known or all(hand[n] >= k for n, k in need.items()):
            fits.extend(["recruit", "subjugate"])
    if len(fits) == 1:
        return fits[0]
    options = fits or list(ICONS)
    candidates = [format_move(Move(action="use", card=card, icon=i, targets=targets, reveal=reveal))
                  for i in options]
    raise AmbiguousMove(f"{card}'s icon is not known to the catalogue; say which ability it performs",
                        candidates)
