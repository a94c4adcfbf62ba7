"""A plain, slow reference scorer of the DMJL and BMJA rules, written from issue 31's text.

It exists to cross-check mjscore's ``dmjl`` and ``bmja`` rule sets
(``tests/test_conformance_classical.py``), so it shares nothing with them: it reads
no rule file and no scoring code of the package. It takes a hand in the package's
notation, reads it with :func:`mjscore.parse_hand` and then uses only the tile counts,
the declared melds and the bonus tiles; it finds every reading of the hand by brute
force and scores each with the rules written out below, one ``if`` per rule.

The rules (issue 31, quoted in short; the full text is in the issue):

- Who goes out: four sets and a pair (DMJL: any number of chows; BMJA: at most one),
  or a special hand. A winner's hand that is no Mah Jongg scores 0.
- Total = points x 2^doubles, capped at the limit (DMJL 500, BMJA 1000); ``roof_off``
  lifts the cap on points-based totals. A full limit hand scores exactly the limit.
  A winner's half-limit hand scores exactly half the limit; a loser's calling share counts
  only where it beats the loser's points-based total.
- Points, doubles, limit hands and BMJA's loser rules: see the functions below, each
  rule under its name in the text.

Readings chosen where the text leaves a choice (the issue's own decisions are in the
brief; these are the ones this module adds) are listed in :data:`READINGS`.

>>> score("123m 234m 456p 789s 5z +5z", "dmjl").total  # (20 + 2 + 4 + 2) x 2^1
56
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import mjscore
from mjscore import parse_hand, parse_tiles

__all__ = ["LIMITS", "READINGS", "RULE_SETS", "Result", "Tiles", "read_hand", "score"]

RULE_SETS = ("dmjl", "bmja")
LIMITS = {"dmjl": 500, "bmja": 1000}
"""The limit of each rule set ("capped at the limit: DMJL 500, BMJA 1000")."""

READINGS = (
    ("Limit hands are winners' hands: a player who did not go out scores no limit hand "
    "(DMJL's Big Three Dragons and Big Four Joys doubles are what a loser's such hand earns; "
    "BMJA's loser rules give a fraction for calling for one)."),
    ("'Last tile drawn from the wall' (2 points) is a self-drawn winning tile, the loose "
    "tile from the dead wall included; 'last tile of the wall' (1 double) is `last_tile`."),
    ("DMJL 'the last tile is the only possible tile': of the 34 kinds, only the winning "
    "tile's completes the 13 tiles held before it into any Mah Jongg of the rule set "
    "(standard or thirteen orphans; a kind the 13 tiles hold four of is no possibility); "
    "'never when it completes a kong': a winning tile never completes a kong of the "
    "hand, so nothing is excluded; the fourth tile of a kind completing a chow or a pair "
    "counts (Kajongg's DMJL agrees)."),
    ("DMJL's pair-completion and only-possible-tile points are winner points: they do not "
    "spoil the zero-point hand."),
    ("Flower doubles stack: DMJL's own flower and own season (1) with all four flowers (1) "
    "and all four seasons (1); BMJA's own flower (1), own season (1), all four flowers (2), "
    "all four seasons (2)."),
    "Each pair scores: a loser holding two dragon pairs scores 2 for each.",
    "Imperial jade needs no green dragon: only 2 3 4 6 8 bamboo and green dragons.",
    ("BMJA: imperial jade goes out whatever its chows ('chows allowed'); BMJA's one-chow "
     "limit holds for every other hand of sets (a decision shared with the rule file)."),
    ("Squirming snake (DMJL): one suit, no honours; a pung or kong of 1s, one of 9s, a pair "
    "of 2, 5 or 8 and two chows of the numbers left, so the hand runs 1 to 9 ('two chows' "
    "does not say which; Kajongg's DMJL decides)."),
    ("Nine gates (DMJL): nothing declared; the winning tile may be a discard. Gates of heaven, "
    "knitting, triple knitting, all pair honours (BMJA): nothing declared, won on any "
    "tile, discards included; wriggling snake ('all concealed') on a drawn tile only "
    "(Kajongg's reading: the meld a claimed tile completes is exposed)."),
    ("Knitting and triple knitting may repeat a number or a tile (11m11p11m11p... is "
    "knitting; the text does not ask for distinct pairs); all pair honours is seven "
    "different pairs (Kajongg's reading: four alike are no two pairs)."),
    ("The seven-pair shapes (knitting, triple knitting, all pair honours) take the "
    "doubles whose conditions they meet: no chow, only concealed melds, only terminals "
    "and honours, and the situations; their pairs score as pairs."),
    ("Original call's 'fewer than 3 exposed melds at the end' counts the meld a winning "
     "discard completed, a pair too (Kajongg counts every exposed meld of the finished hand)."),
    ("BMJA: 'only concealed melds' needs the last tile drawn: won on a discard (or a robbed "
     "kong), the meld it completes is exposed, a pair too (the text is silent; Kajongg, "
     "the independent scorer, reads it so)."),
    ("A full limit hand scores exactly the limit under roof-off too, even where another "
    "reading's points would be more ('limit hands stay at their limit')."),
    "East winning nine times in a row: the East winner with `dealer_streak` >= 9.",
    ("DMJL 'only concealed melds' and 'concealed true colour': the last tile self-drawn, as "
    "whatever a winning discard completes, a pair too, is exposed (issue 31 is silent; "
    "Kajongg's DMJL decides)."),
    "Plum blossom: won on the loose tile after a kong (`replacement='kong'`) that is 5 dots.",
    ("Buried treasure: 'one suit with honours' as decided (at least one honour); its four "
    "pungs are held in hand (no declared meld at all) and none is completed by a discard."),
    ("'Calling for X' (BMJA losers) reads the completed hand as self-drawn, so only the "
    "tiles decide (buried treasure may then be completed on any tile)."),
)
"""The readings this reference chose where the rule text is silent or ambiguous."""

# --- tiles -----------------------------------------------------------------------------

WINDS = (27, 28, 29, 30)  # E S W N
DRAGONS = (31, 32, 33)  # white green red
GREEN_DRAGON = 32
WIND_OF = {"E": 27, "S": 28, "W": 29, "N": 30}
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
JADE = (19, 20, 21, 23, 25, GREEN_DRAGON)  # 2 3 4 6 8 bamboo, green dragon
DOT_1, DOT_5, BAMBOO_2 = 9, 13, 19


def suit(t: int) -> int | None:
    """0 characters, 1 dots, 2 bamboo; None for an honour."""
    return t // 9 if t < 27 else None


def rank(t: int) -> int:
    return t % 9 + 1


def is_honour(t: int) -> bool:
    return t >= 27


def is_terminal(t: int) -> bool:
    return t < 27 and rank(t) in (1, 9)


def is_simple(t: int) -> bool:
    return t < 27 and 2 <= rank(t) <= 8


# --- the hand --------------------------------------------------------------------------

# How a group of a reading came to be, which decides its points and its concealment.
HAND = "in hand"  # held concealed, not completed by the winning discard
DISCARD = "completed by the winning discard"  # counts as exposed
EXPOSED = "exposed"  # a declared exposed meld
CONCEALED_KONG = "declared concealed kong"
CLAIMED_KONG = "claimed kong"  # scores as exposed, concealed for the concealment rules

_SCORES_CONCEALED = (HAND, CONCEALED_KONG)
_IS_CONCEALED = (HAND, CONCEALED_KONG, CLAIMED_KONG)


@dataclass(frozen=True)
class Group:
    """One set or pair of a reading: ``kind`` is chow, pung, kong or pair."""

    kind: str
    tile: int
    how: str = HAND

    @property
    def is_set_of_alike(self) -> bool:
        return self.kind in ("pung", "kong")

    def __str__(self) -> str:
        n = {"chow": 0, "pung": 3, "kong": 4, "pair": 2}[self.kind]
        tiles = [self.tile, self.tile + 1, self.tile + 2] if self.kind == "chow" else [self.tile] * n
        return _text(tiles) + ("" if self.how == HAND else f" ({self.how})")


def _text(tiles: Sequence[int]) -> str:
    out = []
    for t in tiles:
        out.append(f"{rank(t)}{'mps'[suit(t)]}" if t < 27 else f"{t - 26}z")  # type: ignore[index]
    return " ".join(out)


@dataclass(frozen=True)
class Tiles:
    """What the reference reads of a hand: the concealed counts (the winning tile
    included), the declared melds as groups, the bonus tiles, the winning tile."""

    concealed: tuple[int, ...]
    melds: tuple[Group, ...]
    flowers: frozenset[int]
    seasons: frozenset[int]
    win_tile: int | None

    @property
    def counts(self) -> tuple[int, ...]:
        """Every tile of the hand, melds included (a kong as four)."""
        counts = list(self.concealed)
        for m in self.melds:
            for t in _group_tiles(m):
                counts[t] += 1
        return tuple(counts)

    @property
    def held(self) -> tuple[int, ...]:
        """The concealed counts before the winning tile came."""
        counts = list(self.concealed)
        if self.win_tile is not None:
            counts[self.win_tile] -= 1
        return tuple(counts)


def _group_tiles(g: Group) -> list[int]:
    if g.kind == "chow":
        return [g.tile, g.tile + 1, g.tile + 2]
    return [g.tile] * {"pung": 3, "kong": 4, "pair": 2}[g.kind]


_CLAIMED = re.compile(r"\{([^{}]*)\}")


def read_hand(hand: str | mjscore.Hand) -> Tiles:
    """The hand's tiles, melds and bonus tiles.

    A claimed kong is written ``{5555p}``. The hand is read with
    :func:`mjscore.parse_hand` after writing each claimed kong as a concealed kong
    ``(5555p)`` (and remembering it), so this does not depend on how the package
    represents a claimed kong; a :class:`mjscore.Hand` is read from its canonical text.
    """
    text = hand if isinstance(hand, str) else str(hand)
    claimed = [m.group(1) for m in _CLAIMED.finditer(text)]
    parsed = parse_hand(_CLAIMED.sub(r"(\1)", text))
    claimed_tiles = [_kong_tile(c) for c in claimed]
    melds = []
    for m in parsed.melds:
        kind = {0: "chow", 1: "pung", 2: "kong"}[int(m.kind)]
        tile = int(m.first)
        if m.concealed and tile in claimed_tiles:
            claimed_tiles.remove(tile)
            how = CLAIMED_KONG
        elif m.concealed:
            how = CONCEALED_KONG
        else:
            how = EXPOSED
        melds.append(Group(kind, tile, how))
    if claimed_tiles:
        raise ValueError(f"claimed kong not read in {text!r}")
    flowers = frozenset(b.number for b in parsed.bonus if b.is_flower)
    seasons = frozenset(b.number for b in parsed.bonus if not b.is_flower)
    win = None if parsed.win_tile is None else int(parsed.win_tile)
    return Tiles(tuple(parsed.concealed), tuple(melds), flowers, seasons, win)


def _kong_tile(text: str) -> int:
    """The tile of a kong written ``5555p``."""
    kinds = [t for t, n in enumerate(parse_tiles(text)) if n]
    if len(kinds) != 1:
        raise ValueError(f"{{{text}}} is not a kong")
    return kinds[0]


# --- readings --------------------------------------------------------------------------

@functools.lru_cache(maxsize=200_000)
def splits(counts: tuple[int, ...], sets: int) -> tuple[tuple[Group, ...], ...]:
    """Every way to split ``counts`` into ``sets`` chows or pungs and one pair (brute
    force: the lowest tile left goes into a pung, a chow or the pair, in turn)."""
    found: set[tuple[Group, ...]] = set()

    def walk(c: list[int], groups: list[Group], pair: bool) -> None:
        first = next((t for t in range(34) if c[t]), None)
        if first is None:
            if pair and len(groups) == sets + 1:
                found.add(tuple(sorted(groups, key=lambda g: (g.kind, g.tile))))
            return
        if c[first] >= 3:
            c[first] -= 3
            walk(c, groups + [Group("pung", first)], pair)
            c[first] += 3
        if first < 27 and rank(first) <= 7 and c[first + 1] and c[first + 2]:
            for t in (first, first + 1, first + 2):
                c[t] -= 1
            walk(c, groups + [Group("chow", first)], pair)
            for t in (first, first + 1, first + 2):
                c[t] += 1
        if not pair and c[first] >= 2:
            c[first] -= 2
            walk(c, groups + [Group("pair", first)], True)
            c[first] += 2

    if sets >= 0:
        walk(list(counts), [], False)
    return tuple(sorted(found, key=lambda gs: [(g.kind, g.tile) for g in gs]))


@dataclass(frozen=True)
class Reading:
    """One way the hand makes Mah Jongg: a shape, its groups (the melds included) and,
    for a winner, the group the winning tile completed."""

    shape: str
    groups: tuple[Group, ...] = ()
    won_in: Group | None = None

    @property
    def chows(self) -> int:
        return sum(g.kind == "chow" for g in self.groups)

    @property
    def alike_sets(self) -> list[Group]:
        return [g for g in self.groups if g.is_set_of_alike]

    @property
    def pairs(self) -> list[Group]:
        return [g for g in self.groups if g.kind == "pair"]

    def __str__(self) -> str:
        return f"{self.shape}: " + ", ".join(map(str, self.groups))


def _standard(tiles: Tiles, max_chows: int) -> list[tuple[Group, ...]]:
    """The four-sets-and-a-pair splits of the hand, melds included."""
    out = []
    for split in splits(tiles.concealed, 4 - len(tiles.melds)):
        groups = tiles.melds + split
        if sum(g.kind == "chow" for g in groups) <= max_chows:
            out.append(groups)
    return out


def _thirteen_orphans(c: Sequence[int]) -> bool:
    return sum(c) == 14 and all(c[t] for t in ORPHANS) and sum(c[t] for t in ORPHANS) == 14


def _gates_of_heaven(c: Sequence[int]) -> bool:
    """BMJA: 1112345678999 of one suit plus one more of 2-8, in 14 concealed tiles."""
    for s in range(3):
        base = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        ours = list(c[9 * s:9 * s + 9])
        if sum(ours) != 14 or sum(c) != 14:
            continue
        extra = [ours[i] - base[i] for i in range(9)]
        if all(e >= 0 for e in extra) and sum(extra) == 1 and extra[0] == extra[8] == 0:
            return True
    return False


def _wriggling_snake(c: Sequence[int]) -> bool:
    """BMJA: a pair of 1s, 2-9 of one suit, E S W N: 14 concealed tiles."""
    for s in range(3):
        want = [0] * 34
        want[9 * s] = 2
        for r in range(1, 9):
            want[9 * s + r] = 1
        for w in WINDS:
            want[w] = 1
        if list(c) == want:
            return True
    return False


def _knitting(c: Sequence[int]) -> bool:
    """BMJA: seven pairs, each one number in two suits, all in the same two suits."""
    if sum(c) != 14 or any(c[27:]):
        return False
    for a, b in ((0, 1), (0, 2), (1, 2)):
        other = 3 - a - b
        if any(c[9 * other:9 * other + 9]):
            continue
        if all(c[9 * a + r] == c[9 * b + r] for r in range(9)):
            return True
    return False


def _triple_knitting(c: Sequence[int]) -> bool:
    """BMJA: four groups of one number in all three suits, and a pair of one number in
    two suits."""
    if sum(c) != 14 or any(c[27:]):
        return False
    for r in range(9):
        for a, b in ((0, 1), (0, 2), (1, 2)):
            rest = list(c)
            if not rest[9 * a + r] or not rest[9 * b + r]:
                continue
            rest[9 * a + r] -= 1
            rest[9 * b + r] -= 1
            if all(rest[q] == rest[9 + q] == rest[18 + q] for q in range(9)):
                return True
    return False


def _all_pair_honours(c: Sequence[int]) -> bool:
    """BMJA: seven pairs of terminals and honours, seven different tiles (four alike are no
    two pairs: the text is silent, Kajongg, the independent scorer, reads it so)."""
    return (sum(c) == 14 and all(c[t] in (0, 2) for t in range(34))
            and all(c[t] == 0 for t in range(34) if t not in ORPHANS))


def _max_chows(tiles: Tiles, rules: str) -> int:
    """The chows a hand of sets may hold: any under DMJL, and under BMJA for imperial jade."""
    held = [t for t in range(34) if tiles.concealed[t]] + [t for m in tiles.melds for t in _group_tiles(m)]
    return 4 if rules == "dmjl" or all(t in JADE for t in held) else 1


def winner_readings(tiles: Tiles, rules: str, self_drawn: bool) -> list[Reading]:
    """Every reading of a winner's hand under ``rules``: each standard split with each
    group the winning tile can have completed, and each special shape it makes."""
    readings: list[Reading] = []
    win = tiles.win_tile
    assert win is not None
    for groups in _standard(tiles, _max_chows(tiles, rules)):
        melds = len(tiles.melds)
        for i, g in enumerate(groups[melds:], start=melds):
            if win not in _group_tiles(g) or g in groups[melds:i]:
                continue  # not its group, or the same group seen already
            completed = g if self_drawn or g.kind == "pair" else Group(g.kind, g.tile, DISCARD)
            readings.append(Reading("standard", groups[:i] + (completed,) + groups[i + 1:], completed))
    c = tiles.concealed
    if not tiles.melds:
        if _thirteen_orphans(c):
            readings.append(Reading("thirteen orphans"))
        if rules == "bmja":
            if _gates_of_heaven(c):
                readings.append(Reading("gates of heaven"))
            if _wriggling_snake(c) and self_drawn:  # "all concealed": not on a discard
                readings.append(Reading("wriggling snake"))
            if _knitting(c):
                readings.append(Reading("knitting"))
            if _triple_knitting(c):
                readings.append(Reading("triple knitting"))
            if _all_pair_honours(c):
                pairs = tuple(Group("pair", t) for t in range(34) for _ in range(c[t] // 2))
                readings.append(Reading("all pair honours", pairs))
    return readings


@functools.lru_cache(maxsize=100_000)
def _makes_mah_jongg(concealed: tuple[int, ...], melds: tuple[Group, ...], rules: str) -> bool:
    tiles = Tiles(concealed, melds, frozenset(), frozenset(), None)
    if _standard(tiles, _max_chows(tiles, rules)):
        return True
    if melds:
        return False
    c = concealed
    if _thirteen_orphans(c):
        return True
    return rules == "bmja" and any(f(c) for f in (_gates_of_heaven, _wriggling_snake, _knitting,
                                                   _triple_knitting, _all_pair_honours))


def completing_tiles(tiles: Tiles, rules: str) -> list[int]:
    """The kinds that complete the 13 tiles ``tiles.held`` (with the melds) into a Mah
    Jongg of the rule set; a kind the hand holds four of is none."""
    held = tiles.held
    counts = list(tiles.counts)
    if tiles.win_tile is not None:
        counts[tiles.win_tile] -= 1
    out = []
    for t in range(34):
        if counts[t] >= 4:
            continue
        c = list(held)
        c[t] += 1
        if _makes_mah_jongg(tuple(c), tiles.melds, rules):
            out.append(t)
    return out


# --- scoring ---------------------------------------------------------------------------

@dataclass
class Context:
    """The situation keywords of the cross-check (``mjscore.score``'s spelling)."""

    winner: bool = True
    self_drawn: bool = False
    seat_wind: str = "E"
    prevailing_wind: str = "E"
    last_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    replacement: str | None = None
    kong_on_kong: bool = False
    heaven: bool = False
    earth: bool = False
    declared_calling: bool = False
    dealer_streak: int = 0

    def __post_init__(self) -> None:
        if self.heaven or self.replacement is not None:
            self.self_drawn = True  # self-drawn by definition, as the package reads them

    @property
    def seat(self) -> int:
        return WIND_OF[self.seat_wind]

    @property
    def round(self) -> int:
        return WIND_OF[self.prevailing_wind]

    @property
    def seat_number(self) -> int:
        """The seat's flower and season number: 1 East ... 4 North."""
        return self.seat - 26


@dataclass
class Result:
    """A hand's total under the reference and the rules that applied (points lines as
    ``name +n``, doubles as ``name x2^n``, the limit hand by its name)."""

    total: int
    rules: list[str] = field(default_factory=list)
    limit: str | None = None
    points: int = 0
    doubles: int = 0
    reading: str = ""
    matched: set[str] = field(default_factory=set)
    """Every full limit hand some reading made (a winner keeps one of them)."""

    def __str__(self) -> str:
        return f"{self.total} [{self.reading}] " + "; ".join(self.rules)


class _Tally:
    """Points and doubles of one reading, with the name of each rule that gave some."""

    def __init__(self) -> None:
        self.points = 0
        self.doubles = 0
        self.lines: list[str] = []
        self.set_points = 0  # points from sets and pairs (the zero-point hand)

    def add(self, name: str, points: int, from_sets: bool = False) -> None:
        if points:
            self.points += points
            self.set_points += points * from_sets
            self.lines.append(f"{name} +{points}")

    def double(self, name: str, n: int = 1) -> None:
        if n:
            self.doubles += n
            self.lines.append(f"{name} x2^{n}")


def _set_points(g: Group) -> int:
    """Points: pung 2-8 exposed 2 / concealed 4; of terminals or honours 4 / 8; kong 2-8
    8 / 16; of terminals or honours 16 / 32. A claimed kong scores as exposed."""
    if g.kind not in ("pung", "kong"):
        return 0
    base = {"pung": 2, "kong": 8}[g.kind]
    if not is_simple(g.tile):
        base *= 2
    if g.how in _SCORES_CONCEALED:
        base *= 2
    return base


def _pair_points(g: Group, ctx: Context) -> int:
    """Pair of dragons 2; of own wind 2; of the round wind 2 (4 if also the own wind)."""
    points = 0
    if g.tile in DRAGONS:
        points += 2
    if g.tile == ctx.seat:
        points += 2
    if g.tile == ctx.round:
        points += 2
    return points


def _everyone(tally: _Tally, sets: list[Group], pairs: list[Group], tiles: Tiles, ctx: Context,
              rules: str) -> None:
    """The set and hand rules that score every player's hand: sets' and pairs' points,
    bonus tiles, and the doubles for every player."""
    for g in sets:
        tally.add(f"{g.kind} {g}", _set_points(g), from_sets=True)
    for g in pairs:
        tally.add(f"pair {g}", _pair_points(g, ctx), from_sets=True)
    for n in sorted(tiles.flowers):
        tally.add(f"flower {n}", 4)
    for n in sorted(tiles.seasons):
        tally.add(f"season {n}", 4)
    for g in sets:
        if g.tile in DRAGONS:
            tally.double(f"pung or kong of dragons {g}")
        if g.tile == ctx.seat:
            tally.double(f"pung or kong of own wind {g}")
        if g.tile == ctx.round:
            tally.double(f"pung or kong of the round wind {g}")
    own = ctx.seat_number
    dragon_sets = sum(g.tile in DRAGONS for g in sets)
    wind_sets = sum(g.tile in WINDS for g in sets)
    if rules == "dmjl":
        if own in tiles.flowers and own in tiles.seasons:
            tally.double("own flower and own season")
        if len(tiles.flowers) == 4:
            tally.double("all four flowers")
        if len(tiles.seasons) == 4:
            tally.double("all four seasons")
        if sum(g.is_set_of_alike and g.how in _IS_CONCEALED for g in sets) >= 3:
            tally.double("three concealed pungs or kongs")
        if dragon_sets == 2 and any(p.tile in DRAGONS for p in pairs):
            tally.double("Little Three Dragons")
        if dragon_sets == 3:
            tally.double("Big Three Dragons", 2)
        if wind_sets == 3 and any(p.tile in WINDS for p in pairs):
            tally.double("Little Four Joys")
        if wind_sets == 4:
            tally.double("Big Four Joys", 2)
    else:
        if own in tiles.flowers:
            tally.double("own flower")
        if own in tiles.seasons:
            tally.double("own season")
        if len(tiles.flowers) == 4:
            tally.double("all four flowers", 2)
        if len(tiles.seasons) == 4:
            tally.double("all four seasons", 2)


def _tile_classes(counts: Sequence[int]) -> dict[str, bool]:
    """The hand-wide tile conditions of the rules, from all its tiles."""
    kinds = [t for t in range(34) if counts[t]]
    suits = {suit(t) for t in kinds if t < 27}
    honours = any(is_honour(t) for t in kinds)
    return {
        "one suit": len(suits) == 1 and not honours,
        "one suit with honours": len(suits) == 1 and honours,
        "only honours": not suits,
        "heads and tails": all(is_terminal(t) for t in kinds),
        "terminals and honours": (all(is_terminal(t) or is_honour(t) for t in kinds)
                                  and honours and any(is_terminal(t) for t in kinds)),
        "imperial jade": all(t in JADE for t in kinds),
    }


def _limit_hands(r: Reading, tiles: Tiles, ctx: Context, rules: str, classes: dict[str, bool]) -> list[str]:
    """The full limit hands (1 limit each) this reading of a winner's hand makes."""
    found = []
    sets = r.alike_sets
    concealed = all(g.how in _IS_CONCEALED for g in r.groups if g.kind != "pair")
    win = tiles.win_tile
    if classes["only honours"]:
        found.append("only honours")
    if classes["heads and tails"]:
        found.append("heads and tails")
    if sum(g.kind == "kong" for g in r.groups) == 4:
        found.append("four kongs")
    if sum(g.tile in DRAGONS for g in sets) == 3 and (rules == "dmjl" or r.chows == 0):
        found.append("three great scholars")
    if sum(g.tile in WINDS for g in sets) == 4:
        found.append("four blessings")
    if classes["imperial jade"]:
        found.append("imperial jade")
    if ctx.self_drawn and win == DOT_5 and ctx.replacement == "kong":
        found.append("plum blossom")
    if ctx.self_drawn and win == DOT_1 and ctx.last_tile:
        found.append("plucking the moon")
    if ctx.robbing_kong and win == BAMBOO_2:
        found.append("scratching a carrying pole")
    if ctx.kong_on_kong:
        found.append("twofold fortune")
    if ctx.heaven:
        found.append("blessing of heaven")
    if ctx.earth:
        found.append("blessing of earth")
    if r.shape == "thirteen orphans":
        found.append("thirteen orphans" if rules == "dmjl" else "thirteen unique wonders")
    if rules == "dmjl":
        if classes["one suit"] and concealed and ctx.self_drawn:
            found.append("concealed true colour")
        if (len(sets) == 4 and all(g.how in _IS_CONCEALED for g in sets) and ctx.self_drawn
                and all(m.how == CLAIMED_KONG or m.how == CONCEALED_KONG for m in tiles.melds)):
            found.append("hidden treasure")
        held = tiles.held
        for s in range(3):
            if (not tiles.melds and win is not None and suit(win) == s
                    and list(held[9 * s:9 * s + 9]) == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(held) == 13):
                found.append("nine gates")
        if classes["one suit"] and r.shape == "standard":
            ends = sorted(rank(g.tile) for g in sets)
            pair = r.pairs[0]
            runs = sorted(rank(g.tile) for g in r.groups if g.kind == "chow")
            if ends == [1, 9] and runs == _SNAKE_RUNS.get(rank(pair.tile)):
                found.append("squirming snake")
        if ctx.seat == 27 and ctx.dealer_streak >= 9:
            found.append("East winning nine times in a row")
    else:
        if r.shape in ("gates of heaven", "wriggling snake"):
            found.append(r.shape)
        if (classes["one suit with honours"] and r.shape == "standard" and len(sets) == 4
                and all(g.kind == "pung" and g.how == HAND for g in sets)):
            found.append("buried treasure")
    return found


_SNAKE_RUNS = {2: [3, 6], 5: [2, 6], 8: [2, 5]}
"""Squirming snake: the lowest ranks of the two chows for each pair, the numbers the pungs
of 1s and 9s and the pair leave (the hand runs 1 to 9)."""

_FRACTIONS = {"knitting": 0.5, "triple knitting": 0.5, "all pair honours": 0.5}


def _winner_reading(r: Reading, tiles: Tiles, ctx: Context, rules: str, classes: dict[str, bool],
                    only_possible: bool) -> tuple[_Tally, list[str]]:
    """The points and doubles of one reading of a winner's hand, and its limit hands."""
    tally = _Tally()
    sets = [g for g in r.groups if g.kind != "pair"]
    _everyone(tally, sets, r.pairs, tiles, ctx, rules)
    tally.add("Mah Jongg", 20)
    if ctx.self_drawn:
        tally.add("last tile drawn from the wall", 2)
    if rules == "dmjl" and r.won_in is not None:
        if r.won_in.kind == "pair":
            tally.add("last tile completes a pair", 2 if is_simple(r.won_in.tile) else 4)
        if only_possible:
            tally.add("last tile is the only possible tile", 2)
    if r.chows == 0:
        tally.double("no chow")
    if all(g.how in _IS_CONCEALED for g in sets) and ctx.self_drawn:  # both: a discard exposes its meld
        tally.double("only concealed melds")
    if classes["terminals and honours"]:
        tally.double("only terminals and honours")
    if ctx.last_tile:
        tally.double("last tile of the wall")
    if ctx.last_discard:
        tally.double("last discard of the wall")
    if ctx.robbing_kong:
        tally.double("robbing a kong")
    exposed = sum(m.how in (EXPOSED, CLAIMED_KONG) for m in tiles.melds)
    if not ctx.self_drawn:
        exposed += 1  # "at the end": the meld the winning discard completed, a pair too
    if ctx.declared_calling and exposed < 3:
        tally.double("original call")
    if rules == "dmjl":
        if tally.set_points == 0:
            tally.double("zero-point hand")
        if classes["one suit with honours"]:
            tally.double("one suit with honours")
        if classes["one suit"]:
            tally.double("one suit without honours", 3)
        if ctx.replacement is not None:
            tally.double("last tile from the dead wall")
    elif classes["one suit"] and r.chows == 0:
        tally.double("purity", 3)
    return tally, _limit_hands(r, tiles, ctx, rules, classes)


def _capped(points: int, doubles: int, limit: int, roof_off: bool) -> int:
    total = points * 2 ** doubles
    return total if roof_off else min(total, limit)


def score(hand: str | mjscore.Hand, rules: str, *, roof_off: bool = False, **context: object) -> Result:
    """The hand's total under ``rules`` (``"dmjl"`` or ``"bmja"``) and the rules that
    applied. ``context`` takes :func:`mjscore.score`'s keywords (see :class:`Context`);
    ``winner=False`` for a player who did not go out. A winner's hand that makes no Mah
    Jongg scores 0."""
    if rules not in RULE_SETS:
        raise ValueError(f"unknown rule set {rules!r}")
    ctx = Context(**context)  # type: ignore[arg-type]
    tiles = read_hand(hand)
    if ctx.winner:
        return _score_winner(tiles, ctx, rules, roof_off)
    return _score_loser(tiles, ctx, rules, roof_off)


def _score_winner(tiles: Tiles, ctx: Context, rules: str, roof_off: bool) -> Result:
    limit = LIMITS[rules]
    readings = winner_readings(tiles, rules, ctx.self_drawn)
    if not readings:
        return Result(0, ["no Mah Jongg"])
    classes = _tile_classes(tiles.counts)
    only_possible = False
    if rules == "dmjl" and tiles.win_tile is not None:
        only_possible = completing_tiles(tiles, rules) == [tiles.win_tile]
    full: Result | None = None  # a full limit hand: exactly the limit, nothing else counts
    best: Result | None = None
    matched: set[str] = set()
    for r in readings:
        tally, limits = _winner_reading(r, tiles, ctx, rules, classes, only_possible)
        matched.update(limits)
        if limits:
            full = full or Result(limit, [f"{limits[0]} (limit)"], limits[0], tally.points, tally.doubles, str(r))
            continue
        total = _capped(tally.points, tally.doubles, limit, roof_off)
        result = Result(total, list(tally.lines), None, tally.points, tally.doubles, str(r))
        fraction = _FRACTIONS.get(r.shape)
        if fraction is not None:  # exactly its share, as a limit hand stays at its limit
            result = Result(int(fraction * limit), [f"{r.shape} ({fraction} limit)"], r.shape,
                            tally.points, tally.doubles, str(r))
        if best is None or result.total > best.total:
            best = result
    result = full or best
    assert result is not None
    result.matched = matched
    return result


def _loser_groups(tiles: Tiles) -> tuple[list[Group], list[Group]]:
    """A loser's sets and pairs: the declared melds, and of the concealed tiles each
    three or four alike as a concealed pung, each two alike as a pair; chows earn nothing."""
    sets = [m for m in tiles.melds if m.kind != "chow"]
    pairs = []
    for t in range(34):
        if tiles.concealed[t] >= 3:
            sets.append(Group("pung", t))
        elif tiles.concealed[t] == 2:
            pairs.append(Group("pair", t))
    return sets, pairs


CALLING_04 = ("only honours", "wriggling snake", "gates of heaven", "imperial jade",
              "thirteen unique wonders", "three great scholars", "heads and tails",
              "four blessings", "buried treasure", "four kongs")
"""BMJA's loser rules at 0.4 limit, as the limit hands' names."""
CALLING_02 = ("triple knitting", "knitting", "all pair honours")
"""BMJA's loser rules at 0.2 limit."""


def calling_for(tiles: Tiles) -> set[str]:
    """The BMJA hands a 13-tile hand is calling for: the limit hands of
    :data:`CALLING_04` and :data:`CALLING_02` and ``purity`` that some one tile (of
    which fewer than four are held) completes, the hand read as a winner's."""
    found: set[str] = set()
    counts = tiles.counts
    neutral = Context(self_drawn=True)
    for t in range(34):
        if counts[t] >= 4:
            continue
        c = list(tiles.concealed)
        c[t] += 1
        won = Tiles(tuple(c), tiles.melds, frozenset(), frozenset(), t)
        classes = _tile_classes(won.counts)
        for r in winner_readings(won, "bmja", True):
            found.update(n for n in _limit_hands(r, won, neutral, "bmja", classes) if n in CALLING_04)
            if r.shape in CALLING_02:
                found.add(r.shape)
            if r.shape == "standard" and classes["one suit"] and r.chows == 0:
                found.add("purity")
    return found


def _score_loser(tiles: Tiles, ctx: Context, rules: str, roof_off: bool) -> Result:
    limit = LIMITS[rules]
    tally = _Tally()
    sets, pairs = _loser_groups(tiles)
    _everyone(tally, sets, pairs, tiles, ctx, rules)
    if rules == "dmjl":
        return Result(_capped(tally.points, tally.doubles, limit, roof_off), tally.lines,
                      None, tally.points, tally.doubles, "loser")
    calling = calling_for(tiles)
    if "purity" in calling:
        tally.double("calling for purity", 3)
    total = _capped(tally.points, tally.doubles, limit, roof_off)
    result = Result(total, tally.lines, None, tally.points, tally.doubles, "loser")
    for names, fraction in ((CALLING_04, 0.4), (CALLING_02, 0.2)):
        hands = [n for n in names if n in calling]
        if hands and fraction * limit > result.total:
            result = Result(int(fraction * limit), [f"calling for {hands[0]} ({fraction} limit)"],
                            f"calling for {hands[0]}", tally.points, tally.doubles, "loser")
    return result
