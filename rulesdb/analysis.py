"""The text analysis shared by the index and the queries: words, numbers, stems, synonyms.

Single digits are kept ("roll a 1"), hyphenated words are indexed both joined and split
("re-roll" -> reroll, re, roll), and player vocabulary is mapped onto rulebook vocabulary.
"""
from __future__ import annotations

import re
from typing import Callable

# Common English words plus the filler of spoken questions ("what does ... do", "how many").
STOP_WORDS = frozenset(
    """a an and are as at be by can could do does doing for from had has have how i if in is it its
    may me my of on or our so that the their them then there these this those to us was we what
    when where which who why will with would you your yet tbd just does't dont don't isnt
    anything something stuff thing things get got guy guys right now ok okay still like want
    need gonna really actually also every each it's i'm i've we're what's there's someone somebody happens happen
    whats thats hows wheres whos em ya u pls please cant can't wont won't im ive hes shes theyre anyway
    usually supposed but lol lmao idk btw tbh imo ngl rn tho cuz coz plz thx wat wut dose gotta wanna kinda
    sorta hey hi guess basically literally he she him her his hers they mostly mainly generally normally typically""".split()
)

NUMBER_WORDS = frozenset("0 1 2 3 4 5 6 7 8 9 10 zero one two three four five six seven eight nine ten".split())

# Words that are in nearly every question about any game: they say nothing about which rule is
# meant, so they do not count when search judges whether the rulebooks cover a question.
GENERIC = frozenset("""game games card cards play plays playing played player players allowed ok able
    do make made take use turn round time rule rules happen""".split())

# Player vocabulary -> rulebook vocabulary. Each group is symmetric: a query word from a
# group also searches for the others. Keep groups small and specific.
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("die", "dice", "d6"),
    ("zero", "0"),
    ("one", "1", "single"),
    ("two", "2"),
    ("pair", "same", "double", "doubles"),
    ("straight", "run", "sequence", "sequential", "consecutive"),
    ("hand", "heaven"),
    ("rulebook", "rules", "rule"),
    ("beat", "beats", "stronger", "strength", "outrank", "higher"),
    ("give", "gives", "transfer", "transfers"),
    ("total", "sum", "add", "adds", "added"),
    ("armor", "armour"),
    ("stop", "prevent", "block", "cancel"),
    ("upgrade", "upgrades", "upgraded", "level", "levels"),
    ("easy", "easiest", "easier", "hard", "hardest", "harder", "difficulty", "challenge"),
    ("another", "extra", "additional", "more"),
    ("exactly", "exact", "equal", "equals"),
    ("wrong", "error", "mistake", "miss", "err"),
    ("different", "differs", "contradict", "contradicts", "conflict", "conflicts", "disagree", "overrides"),
    ("mix", "mixed", "mixing", "combine", "combined"),
    ("tie", "tied", "ties", "tiebreak", "tiebreaker", "draw"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("ten", "10"),
    ("hp", "health", "hitpoints"),
    ("life", "lives"),
    ("reaper", "reapurr"),
    ("turn", "round", "phase"),
    ("reroll", "roll"),
    ("heal", "healing", "unexhaust"),
    ("morale", "moral"),
    ("money", "coins", "coin", "gold"),
    ("gem", "gems", "soul"),
    ("kill", "defeat", "destroy"),
    ("death", "dead", "dies", "eliminated", "elimination"),
    ("win", "victory", "winner", "wins", "won"),
    ("lose", "loses", "loss", "lost"),
    ("deck", "pile"),
    ("card", "cards"),
    ("limit", "max", "maximum", "most", "cap"),
    ("min", "minimum", "least"),
    ("start", "setup", "begin", "beginning"),
    ("vp", "points", "victory"),
    ("player", "players"),
    ("hell", "hel"),
    ("tap", "exhaust"),
    ("untap", "refresh"),
    ("discard", "throw"),
    ("stack", "line"),
    ("go", "goes", "going", "went"),
    ("respond", "response", "responses", "responding", "responds"),
)

# Table talk -> rulebook words, one way only: "swing" searches for attack, but a question about
# attacks does not search for "swing". Keep each entry a word players really use for the rule word.
SLANG: dict[str, tuple[str, ...]] = {
    "swing": ("attack",), "swings": ("attack",), "hit": ("attack", "damage"), "hits": ("attack", "damage"),
    "afford": ("pay", "cost"), "cant-afford": ("pay",),
    "sword": ("weapon",), "axe": ("weapon",), "blade": ("weapon",), "gun": ("weapon",),
    "toss": ("discard",), "ditch": ("discard",), "dump": ("discard",), "chuck": ("discard",), "bin": ("discard",),
    "buddy": ("player",), "mate": ("player",), "pal": ("player",), "friend": ("player",), "teammate": ("player",),
    "grab": ("take",), "snag": ("take",), "nab": ("take",), "steal": ("take",),
    "middle": ("centre", "center"), "center": ("centre",),
    "mountain": ("meowtain",),
    "give": ("share", "gain"), "lend": ("share",), "borrow": ("share",),
    "ran": ("empty", "runs"), "didnt": ("unused",), "didn't": ("unused",), "keep": ("carry",), "flip": ("unflip",), "flipped": ("unflip",),
    "already": ("late",), "free": ("basic",), "left": ("remaining", "remain"),
    "responce": ("response", "respond"),
    "kind": ("same",), "died": ("destroyed", "death"),
    "twice": ("again", "once"), "biggest": ("limit", "maximum"), "largest": ("limit", "maximum"),
    "finish": ("end",), "finishes": ("end",), "finished": ("end",),
    "reach": ("caught",), "reaches": ("caught",), "reached": ("caught",),
}

# The players' own vocabulary, shared by every game (issue 46): a word the table uses -> the
# rulebooks' words for it, one way. One map for every rule, instead of an alias written on one rule
# ("how many ppl" found only Theseus's player count).
PLAYER_WORDS: dict[str, tuple[str, ...]] = {
    "ppl": ("players",), "peeps": ("players",), "folks": ("players",),
    "opponent": ("player",), "opponents": ("players",),
    "flipped": ("unflip", "exhausted"), "tapped": ("exhausted",),
    "turned": ("exhausted",), "sideways": ("exhausted",), "used-up": ("exhausted",),
    "healed": ("heal",), "healing": ("heal",), "cured": ("heal",), "recover": ("heal",), "recovers": ("heal",),
    "ko": ("defeat",), "koed": ("defeated",), "knocked": ("defeated",),
    "dmg": ("damage",), "atk": ("attack",), "nr": ("number",), "num": ("number",),
    "skip": ("pass",), "skipping": ("pass",),
    "shuffle": ("reshuffle", "shuffle"), "reshuffle": ("shuffle",),
    "trigger": ("triggers", "activate"), "triggers": ("trigger", "activate"), "proc": ("trigger", "activate"),
    "stuck": ("cannot",), "broke": ("enough",),
    "vs": ("beats", "stronger"), "versus": ("beats", "stronger"), "skull": ("reaper",), "cap": ("limit", "maximum"),
    # people and their pieces
    "opp": ("opponent", "player"), "opps": ("opponents", "players"),
    "char": ("character",), "chars": ("characters",), "toon": ("character",), "toons": ("characters",),
    "hero": ("character",), "heroes": ("characters",), "mob": ("enemy", "monster"), "mobs": ("enemies", "monsters"),
    "baddie": ("enemy", "monster"), "baddies": ("enemies", "monsters"), "minion": ("enemy", "monster"),
    "coop": ("cooperative", "together", "competitive"), "co-op": ("cooperative", "together", "competitive"), "team": ("together", "cooperative"),
    "myself": ("solo", "alone"), "solitaire": ("solo",),
    # what happens to cards and health
    "hurt": ("damage",), "wound": ("damage",), "wounds": ("damage",), "wounded": ("damage",), "damaged": ("damage",),
    "trash": ("discard",), "trashed": ("discard",), "graveyard": ("discard",), "yard": ("discard",),
    "banish": ("exile", "removed"), "banished": ("exile", "removed"), "cut": ("discard", "exile"),
    "swap": ("replace", "exchange"), "switch": ("replace", "exchange"),
    "pull": ("draw",), "pulls": ("draw",), "pulled": ("draw",),
    "ready": ("refresh", "unflip"), "readied": ("refresh", "unflip"), "untapped": ("refresh",),
    "revive": ("revive", "return"), "resurrect": ("revive", "return"), "respawn": ("revive", "return"),
    "decked": ("empty", "deck"), "buff": ("bonus", "boost"), "buffs": ("bonus", "boost"),
    "creep": ("moves", "advance"), "creeps": ("moves", "advance"), "creeping": ("moves", "advance"),
    # turns, timing and the order of play
    "eot": ("end", "turn"), "instant": ("response", "reaction", "immediately"), "interrupt": ("response", "reaction"),
    "chain": ("line", "response"), "moves": ("actions",), "lvl": ("level",), "lvls": ("levels",),
    "1st": ("first",), "2nd": ("second",), "3rd": ("third",), "4th": ("fourth",),
    "box": ("components", "contents"), "pieces": ("components",), "bits": ("components",),
    # money, points and costs
    "cash": ("coins",), "bucks": ("coins",), "mana": ("cost", "coins"), "pts": ("points",),
    "joker": ("wild",), "jokers": ("wild",), "trump": ("beats",), "trumps": ("beats",),
    "rez": ("revive", "return"), "rezz": ("revive", "return"), "ded": ("dead", "death"),
    "insta": ("immediately",), "cooldown": ("once",), "redraw": ("mulligan", "draw"),
    "hearts": ("lives", "health"), "aim": ("goal", "objective"),
    # issue 46, round two: table slang written down from how people talk at a table, not from a miss
    "nuke": ("defeat", "destroy"), "nuked": ("defeated", "destroyed"), "nukes": ("defeat", "destroy"),
    "wipe": ("defeat", "eliminated"), "wiped": ("defeated", "eliminated"), "wreck": ("defeat", "destroy"),
    "wrecked": ("defeated", "destroyed"), "slay": ("defeat",), "slain": ("defeated",), "kos": ("defeat",),
    "whiff": ("miss", "fail"), "whiffed": ("miss", "fail"), "whiffs": ("miss", "fail"), "fizzle": ("fail", "nothing"),
    "fizzled": ("fail", "nothing"), "fizzles": ("fail", "nothing"), "brick": ("fail", "miss"), "bricked": ("fail", "miss"),
    "heals": ("heal",), "topdeck": ("top", "deck"), "topdecked": ("top", "deck"), "top-deck": ("top", "deck"),
    "pump": ("boost", "bonus"), "pumped": ("boost", "bonus"), "ping": ("damage",), "pinged": ("damage",),
    "pings": ("damage",), "chip": ("damage",), "rr": ("reroll",), "mull": ("mulligan",),
    "dough": ("coins",), "moolah": ("coins",), "gg": ("win", "end"), "loser": ("lose",),
    "yeet": ("discard",), "yeeted": ("discard",),
    "mill": ("discard", "deck"), "milled": ("discard", "deck"), "tutor": ("search", "deck"), "dig": ("search", "look"),
    "peek": ("look", "reveal"), "peeked": ("look", "reveal"), "scry": ("look", "top"),
    "spend": ("pay", "cost"), "spent": ("pay", "cost"), "buy": ("pay", "cost"), "bought": ("pay", "cost"),
    "cheaper": ("cost", "reduce"), "discount": ("cost", "reduce"), "pricey": ("cost",),
    "bust": ("exceed", "limit"), "busted": ("exceed", "limit"), "overflow": ("exceed", "limit"),
    "hoard": ("keep", "limit"), "stalemate": ("tie",), "standoff": ("tie",),
    "endgame": ("end",), "end-game": ("end",), "tally": ("score", "count"), "dodge": ("block", "prevent"),
    "parry": ("block", "prevent"), "tank": ("damage",),
    "pips": ("number",), "kids": ("casual", "easy"), "children": ("casual", "easy"), "newbies": ("casual", "easy"), "recap": ("summary",),
    # issue 46, round twelve: table slang the fourth blind set's writers used (and the third's), for
    # what every game has: taking a card, being out
    "yoink": ("take",), "yoinked": ("take",), "yoinking": ("take",),
    "toast": ("death", "dead", "eliminated"),
    # round fifteen: the table's words for hitting someone and for sitting a turn out
    "smack": ("attack",), "smacks": ("attack",), "smacked": ("attack",), "whack": ("attack",), "whacked": ("attack",),
    "chill": ("pass", "nothing"), "chilling": ("pass", "nothing"),
    # typos that are words
    "loose": ("lose",), "looses": ("loses",), "loosing": ("losing",), "defence": ("defense",), "affect": ("effect",),
}
SLANG.update({w: tuple(dict.fromkeys(SLANG.get(w, ()) + meant)) for w, meant in PLAYER_WORDS.items()})

# Words on every table (a board, a hand, a discard pile): a question's game terms ("token", "Red
# Glowy Dot") outweigh them, so a rule saying "discard pile" in passing does not beat the rule about
# the question's own thing.
TABLE_WORDS = frozenset("hand hands discard discarded pile piles deck decks table draw drawn drew "
                        "top bottom front back side space spot area".split())
TABLE_WEIGHT = 0.55  # a table word weighs this much of a game term when the question has one

# the words the "die" (to die) phrase below allows just before "die" (its subjects, the words between,
# "to"): the phrase's cues, so "reroll one die" compiles no pattern
DIE_BEFORE = ("i", "you", "he", "she", "we", "they", "who", "us", "them", "player", "players", "character",
              "characters", "hero", "heroes", "guy", "guys", "someone", "somebody", "anyone", "anybody", "everyone",
              "everybody", "nobody", "no one", "would", "will", "could", "can", "might", "may", "should", "gonna",
              "not", "never", "ever", "just", "then", "also", "actually", "really", "all", "both", "to")

# Table-talk phrases -> rulebook words (one way), matched on the question as typed. Each row is
# (cues, pattern, words): every text the pattern matches holds one of its cues, so a pattern is
# compiled (and searched) only for a question holding a cue. Compiling all of them took a one-shot
# search about 8 ms (benchmarks/startup_speed.py); most questions hold the cues of none or one.
PHRASES: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = (
    (("go", "went", "move"), r"\b(?:go|goes|going|went|move|moves|moved) (?:up|on|from)\b", ("advance", "next")),
    (("ran", "run"), r"\b(?:ran|runs|run|running) (?:out|dry)\b", ("empty",)),
    (("away",), r"\bright away\b|\bstraight away\b", ("immediately",)),
    ((" of a kind",), r"\b(?:two|three|four|five|2|3|4|5) of a kind\b", ("same", "number")),
    (("too many",), r"\btoo many\b", ("limit", "maximum")),
    ((" and ", " + ", " plus "), r"\b\d+ (?:and|\+|plus) (?:an? )?\d+\b", ("total", "add")),
    (("in a row",), r"\bin a row\b", ("sequential",)),
    (("at once", "at the same time"), r"\b(?:at once|at the same time)\b", ("simultaneous", "same")),
    (("face ",), r"\bface (?:up|down) again\b", ("unflip",)),
    ((" turn",), r"\b(?:my|his|her|their|your) turn\b", ("active", "turn")),
    # issue 35: the table's words for a rule's own words
    (("who ",), r"\bwho (?:starts|begins|leads)\b", ("first",)),
    (("used as", "count", "act", "stand"),
     r"\b(?:be|is|are|get|gets) used as\b|\b(?:count|counts|act|acts|stand|stands) (?:as|in for)\b", ("substitute",)),
    (("nobody", "no one", "noone", "none of"),
     r"\b(?:nobody|no one|noone|none of (?:them|us)) (?:can |could |will |does |did )?(?:beat|beats|top|tops|answer|answers|follow|follows)\b",
     ("everyone", "pass")),
    (("before me", "ahead of me", "what "),
     r"\b(?:before|ahead of) me\b|\bwhat (?:can|do|should|may) i (?:play|put down|lay down) (?:on|after|over)?",
     ("stronger", "last")),
    (("use", "using", "play"),
     r"\b(?:don'?t|do not|doesn'?t|does not|didn'?t|not|never) (?:want to |wanna |need to )?(?:use|using|play)\b",
     ("without",)),
    (("same ", "equal ", "even "),
     r"\bsame (?:points|score|number of points|vp|victory points)\b|\b(?:equal|even) (?:points|score)\b", ("tie", "tiebreaker")),
    (("reach", "catch", "get to", "gets to"),
     r"\b(?:reach|reaches|reached|catch|catches|gets to|get to) (?:me|you|him|her|them|us|my|your)\b", ("caught", "catches")),
    ((" back",), r"\b(?:health|hp|lives|life) back\b", ("heal", "healing")),
    (("how many",), r"\bhow many (?:of|copies of) (?:one|a|the same|each|any|a single) card\b", ("copies",)),
    # issue 46: the players' vocabulary for a rule's words, shared by every game
    # "each go", "my go": a turn; but "in one go", "in a single go", "all in a go": at once
    ((" go",), r"(?<!\bin )(?<!\bat )\b(?:my|his|her|their|your|next|whose|whos|every|each|per|one|a|same|first|last|own) go\b",
     ("turn",)),
    ((" go",), r"\b(?:in|at) (?:one|a|a single|the same) go\b", ("simultaneous", "same")),
    (("away",), r"\b(?:go|goes|going|gone|went) away\b", ("heal", "removed")),
    (("fire", "set off", "sets off", "go off", "goes off", "went off", "kick in", "kicks in", "kicked in"),
     r"\b(?:fire|fires|fired|firing) off\b|\b(?:set|sets|go|goes|went) off\b|\b(?:kick|kicks|kicked) in\b", ("trigger", "activate")),
    (("halfway", "half way", "middle of", "in the middle", "partway", "mid-"),
     r"\b(?:halfway|half way|partway) (?:through|into)\b|\bin the middle of\b|\bmid-\w+", ("during",)),
    (("how many",), r"\bhow many (?:ppl|people|players|of us|can play|peeps|folks)\b", ("players", "number")),
    (("hand size", "hand max"), r"\bhand (?:size|max)\b", ("limit", "maximum")),
    (("who ",), r"\bwho (?:goes|go|gets to go|plays|starts) first\b", ("first", "start")),
    ((" out",), r"\b(?:am i|is (?:he|she|it)|are (?:they|we|you)|i'm|im|knocked) out\b", ("eliminated", "out")),
    ((" out of",), r"\b(?:is|are|was|were|i'm|im|we're) (?:all |completely |totally )?out of\b", ("empty",)),
    (("get rid", "got rid"), r"\b(?:get|gets|got|getting) rid of\b", ("discard",)),
    (("come back", "comes back", "bring back", "brings back"), r"\b(?:come|comes|came|bring|brings|brought) (?:\w+ )?back\b", ("return", "revive")),
    (("set up", "setting up"), r"\bset(?:ting)? up\b", ("setup",)),
    (tuple(f"{d}p" for d in "123456789") + tuple(f"{d}v" for d in "123456789"), r"\b[1-9]p\b|\b[1-9]v[1-9]\b", ("players",)),
    (("points", "vp", "pts"),
     r"\b(?:get|gets|getting|got|make|makes|making|rack up|racks up|earn|earns|collect|collects) (?:\w+ )?(?:points|vp|pts|victory points)\b",
     ("score", "earn")),
    (("dead",), r"\b(?:is|am|are) (?:i|he|she|it|they|we|you|(?:a|my|the|your|our) \w+) (?:\w+ )?dead\b", ("death", "dead")),
    # "how do I die", "can a player die twice", "they die after 3": the verb, death, not a die (a dice
    # word in every dice game); "the reserve die", "roll a die" have no one before the word to die
    (tuple(f"{w} die" for w in DIE_BEFORE), r"\b(?:i|you|he|she|we|they|who|us|them|player|players|character|characters|hero|heroes|guy|guys|"
     r"someone|somebody|anyone|anybody|everyone|everybody|nobody|no one)(?: (?:would|will|could|can|might|may|should|"
     r"gonna|not|never|ever|just|then|also|actually|really|all|both))? die\b|\b(?:going|about|gonna|got) to die\b", ("death", "dead")),
    (("point of", "aim of"), r"\b(?:point|aim|object) of (?:the|this) game\b", ("goal", "objective", "win")),
    (("next", "turn order"), r"\b(?:who(?:se|'s| is)? (?:turn is |goes |plays )?next|turn order)\b", ("clockwise", "next")),
    # "the order of play", "sequence of play": the game's own cycle of steps (its flow, its structure),
    # not an order some rule puts things in
    (("of play",), r"\b(?:order|sequence|flow) of play\b", ("flow", "sequence", "structure")),
    # "the 2nd round", "round 3", "later rounds": a round after the first, which the rulebooks call the
    # next, a new or a later round (the first round is the setup's)
    (("2nd", "second", "3rd", "third", "4th", "fourth", "5th", "fifth", "later", "following", "round "),
     r"\b(?:2nd|second|3rd|third|4th|fourth|5th|fifth|later|following) rounds?\b|\bround (?:[2-9]|two|three|four|five)\b",
     ("next", "new", "later")),
    # issue 46, round two: table phrases written down from how people talk at a table
    (("take", "took", "wipe", "blow", "blew"),
     r"\b(?:take|takes|took|taken|taking|wipe|wipes|wiped) (?:\w+ )?out\b|\b(?:blow|blows|blew|blown) (?:\w+ )?up\b",
     ("defeat", "destroy")),
    (("heal", "full"), r"\bheal(?:s|ed|ing)? up\b|\b(?:full (?:health|hp)|back to full)\b", ("heal", "maximum")),
    (("top of", "the top"), r"\b(?:off|from) the top\b|\btop of (?:the |my |your )?(?:deck|pile)\b", ("top", "draw")),
    (("priority",), r"\bpass(?:es|ed|ing)? priority\b", ("response", "respond")),
    (("game over",), r"\bgame over\b", ("end",)),
    (("level up", "levels up", "levelled up", "leveled up", "power up", "powered up", "powers up"),
     r"\b(?:level|levels|levelled|leveled|power|powers|powered) up\b", ("upgrade", "level")),
    (("stack",), r"\b(?:do|does|can) (?:\w+ ){1,3}stack\b|\bstack(?:s|ing)? (?:up|with)\b", ("combine", "add")),
    (("miss", "lose", "lost", "sit"),
     r"\b(?:miss|misses|lose|loses|lost) (?:a|my|his|her|their|your|the next) turn\b|\bsit(?:s|ting)? out\b", ("skip", "pass")),
    (("anything", "nothing to", "no moves", "no legal", "no valid"),
     r"\b(?:can'?t|cannot|unable to) do anything\b|\bnothing to (?:do|play)\b|\bno (?:legal |valid )?moves\b",
     ("pass", "cannot")),
    (("hang on to", "hold on to", "hang onto", "hold onto"), r"\b(?:hang|hold) on ?to\b", ("keep",)),
    # "dump it on the guy who passed": give it to someone, not throw it away
    (("dump", "offload", "unload", "palm"), r"\b(?:dump|dumps|dumped|dumping|offload\w*|unload\w*|palm\w* off) (?:\w+ ){0,4}on(?:to)? "
     r"(?:the|a|an|my|his|her|their|your|him|them|someone|somebody|another|other|whoever)\b", ("transfer", "give")),
    # "what's the point of the dice": what a thing is for, not the points it scores
    (("point of", "purpose of"), r"\bthe (?:point|purpose) of (?!(?:the|this) game\b)", ("use",)),
    # a verb whose own slang sense is another: "cash in cobble" spends it (not coins), "throw down a
    # combo" plays it (not a discard)
    (("cash",), r"\bcash(?:es|ed|ing)? (?:\w+ ){0,2}(?:in|out)\b", ("spend", "pay")),
    (("down",),
     r"\b(?:throw|throws|threw|thrown|throwing|slap|slaps|slapped|lay|lays|laid|laying|plonk\w*) (?:\w+ ){0,2}down\b", ("play",)),
    (("snake", "boxcars"), r"\bsnake ?eyes\b|\bboxcars\b", ("same", "double")),
    (("on its own", "by itself", "alone", "without any", "without a"),
     r"\b(?:on (?:its|their) own|by (?:itself|themselves)|alone|without (?:any|a) cards?)\b", ("alone", "only")),
)


# A phrase's little words ("my go", "fire off", "get rid of", "point of the game") are the phrase's
# meaning, not their own: where a phrase holds them, they are not searched as words ("go" is not "goes
# to the discard pile")
GLUE = frozenset("go one single off rid point aim purpose dump dumps dumped dumping unload offload die "
                 "cash cashes cashed cashing throw throws threw thrown throwing".split())


def glued(text: str, little: bool = True) -> set[str]:
    """The little words (GLUE) of the table-talk phrases a question holds; every word of them with
    little=False."""
    low = text.lower()
    spans = [m[0] for cues, pattern, _ in PHRASES if any(cue in low for cue in cues) for m in re.finditer(pattern, low)]
    return {w for span in spans for w in _WORD.findall(span) if w in GLUE or not little}


# "the start of my turn", "beginning of the round": the first moment of a turn, a round or a fight,
# not the game's setup, which the start of the game is: the word is searched as said, without its
# synonyms (start -> setup)
PERIOD_START = (r"\b(start|beginning|begin)s? of (?:(?:my|your|his|her|their|our|the|a|an|each|every|next|this) )?"
                r"(?:\w+ )?(?:turn|turns|round|rounds|level|levels|combat|fight|phase|go|battle)\b")  # compiled on use


def as_said(text: str) -> set[str]:
    """The question's words searched without their synonyms ("start" in "at the start of my turn")."""
    low = text.lower()
    return {m[1] for m in re.finditer(PERIOD_START, low)} if " of " in low else set()


def phrase_words(text: str) -> list[str]:
    """Rulebook words for the table-talk phrases in a question ("the rank goes up" -> advance); what
    its numbers say is rulesdb.counts.rulebook_words."""
    low = text.lower()
    return [w for cues, pattern, said in PHRASES
            if any(cue in low for cue in cues) and re.search(pattern, low) for w in said]


# A printed symbol typed as itself ("what does ? mean in a cost", "the ** on a challenge", "1 / 2 / 3
# damage") is read by its names, as the rulebooks and the reference name it: the word splitter keeps
# no symbol. Each row is (cues, where it stands alone, its names), a pattern searched only for a
# question holding a cue (nearly every question ends in "?"): a "?" ending a question or a part ("can I
# reroll? and ...") and a "*" against a word (emphasis) are punctuation, not a symbol.
SYMBOLS: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = (
    ((" ?", " '?", ' "?', " (?"), r"""(?:^|\s)['"(]?\?+['")]?\s+\w""", ("question", "mark")),
    ((" *", " '*", ' "*', " (*"), r"""(?:^|\s)['"(]?\*+['")]?(?=\s|[?.!,;:]|$)""", ("asterisk", "star")),
    (("/",), r"\d\s*/\s*\d+\s*/\s*\d", ("slash",)),
)


def symbol_words(text: str) -> list[str]:
    """The names of the symbols a question types by themselves ("what does ? mean" -> question, mark):
    the player's own words (the symbol said), not a synonym."""
    spaced = " " + text
    return [w for cues, pattern, said in SYMBOLS if any(c in spaced for c in cues) and re.search(pattern, text)
            for w in said]


def lone_question_mark(text: str) -> bool:
    """Whether a question types "?" by itself before more words ("what does ? mean")."""
    cues, pattern, _ = SYMBOLS[0]
    return any(c in " " + text for c in cues) and re.search(pattern, text) is not None


def edit_distance(a: str, b: str) -> int:
    """Edit distance counting a swap of two neighbours as one edit ("bouns" -> "bonus" is 1)."""
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            cur.append(cost)
        prev2, prev = prev, cur
    return prev[-1]


_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


# A word that names a different counter in each game (the reference's glossaries say which exist):
# "hp" is Catastrophe's lives and Catopomp's Soul Gems; elsewhere SLANG and SYNONYM_GROUPS read it.
COUNTERS: dict[str, dict[str, tuple[str, ...]]] = {
    "catastrophe": {w: ("lives", "life") for w in ("hp", "health", "hearts", "hitpoints")},
    "catopomp": {w: ("soul", "gem", "gems") for w in ("hp", "health", "hearts", "hitpoints")},
}


def counter_words(game: str | None, word: str) -> tuple[str, ...]:
    """The game's own counter for a word players use for any game's ("hp" -> lives in Catastrophe)."""
    return COUNTERS.get(game or "", {}).get(word, ())


def words(text: str) -> list[str]:
    """Lowercased words of a query, hyphens kept inside a word, stop words dropped."""
    found = (w[:-2] if w.endswith("'s") else w for w in _WORD.findall(text.lower().replace("’", "'")))  # who's, reapurr's
    return [w for w in found if w not in STOP_WORDS]


def synonyms(word: str) -> set[str]:
    """The word, every word that shares a synonym group with it, and the rulebook words for it
    if it is table talk; for a word the maps lack, those of its plain form ("killed" as kill,
    "stopping" as stop), so each map entry covers every form of its word."""
    out = _synonyms(word)
    if len(out) == 1 and word.endswith(("ed", "ing")):
        for base in plain_forms(word):
            found = _synonyms(base)
            if len(found) > 1:
                return out | found
    return out


def _synonyms(word: str) -> set[str]:
    out = {word, *SLANG.get(word, ())}
    for group in SYNONYM_GROUPS:
        if word in group:
            out.update(group)
    return out


_BY_STEM: dict[str, set[str]] = {}  # stem -> the vocabulary maps' words with that stem, read once


def fixed_meanings(fix: str, stems: Callable[[str], list[str]]) -> set[str]:
    """What a misspelt word means at the table once corrected: the synonyms and table talk of the
    maps' words whose stem is the correction ("stoped" -> stop -> prevent, block), so a typo loses
    none of its right form's meanings. `stems`: the index's analyzer."""
    if not _BY_STEM:
        vocabulary = set(SLANG) | {w for group in SYNONYM_GROUPS for w in group}
        for w in vocabulary:
            for t in stems(w)[:1]:
                _BY_STEM.setdefault(t, set()).add(w)
    return {v for w in _BY_STEM.get(fix, ()) for v in synonyms(w)}


def plain_forms(word: str) -> list[str]:
    """The forms a verb's ending may have been added to: "killed" -> kill, "stopped" -> stop,
    "moving" -> move (candidates only; the maps say which is a word). Not a plural's: a noun's
    plural may be another sense ("challenges" are not a difficulty)."""
    out = []
    for end in ("ing", "ed"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            stem = word[: -len(end)]
            out += [stem, stem + "e"]
            if len(stem) >= 4 and stem[-1] == stem[-2]:
                out.append(stem[:-1])
    return out


def normalise(text: str) -> str:
    """Compare terms without case, punctuation, a leading article or a plural s."""
    text = "".join(c if c in _PLAIN else " " for c in text.lower().replace("'s", ""))
    # a plural s: after three letters, at a word's end (no pattern compiled: each search normalises)
    return " ".join(w[:-1] if w[-1] == "s" and _LETTERS.issuperset(w[-4:-1]) and len(w) >= 4 else w
                    for w in text.split() if w not in {"the", "a", "an"})


_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_PLAIN = _LETTERS | frozenset("0123456789 ")


# The rules' own wording; aliases and keywords are the players'. A typo written as an alias ("helth",
# "levle", "pas") made the few rules carrying it outrank every rule whose text spells the word right.
OWN_FIELDS = ("title", "text")


def misspelt_alias(lex, corrections: Callable, distance: Callable, word: str, stems: list[str]) -> list[str]:
    """The rules' words a question word means when no rule's title or text uses it and one edit
    makes it a commoner word that they do use ("helth": health); none if it is no typo. `stems`:
    the word's stems ("pas" is stemmed "pa", too short to correct: then the word itself)."""
    if any(lex.df(f, t) for t in stems for f in OWN_FIELDS):
        return []
    for t in stems if all(len(t) >= 3 for t in stems) else [word]:
        df = lex.df("spell", t)
        close = [c for c in corrections(lex, t) if distance(t, c) == 1 and lex.df("spell", c) > df
                 and any(lex.df(f, c) for f in OWN_FIELDS)]
        if close:
            return close
    return []
