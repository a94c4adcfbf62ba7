"""The fold: one reading of a hand, scored through a rule set's tables.

The fold is the same for every rule set (the classical *points and doubles*):

1. each group earns its set points and doubles from the rule set's table;
2. each item whose facts hold adds points or doubles (an item ``per = "bonus-tile"``
   once for each flower and season held), and removes the items it ``excludes``;
3. the ``no-points`` fact is then decided (no set points, and no item points
   but those for going out: items whose ``when`` is just ``winner``), and
   ``no-set-points`` (no set points), and the items that name them are added;
4. the special hands the reading makes add their value: under ``special-hands =
   "stack"`` all of them, under ``"best"`` each one alone, keeping the best total
   (at equal totals the first in the file);
5. ``total = min(points * 2**doubles, limit)`` (no cap under ``roof-off``); with a
   special hand worth a share of the limit the total is ``max(that, share * limit)``
   (rounded half up), so a reading of ordinary sets worth more than a fractional limit
   keeps its own score; a share of one limit or more is exactly that share.
   A reading that is only the special hand (a fixed shape read with no sets, or
   seven pairs where the rule set does not list that shape) earns exactly its share
   under ``special-value = "share"`` (:data:`~mjscore.rules.model.SHARE`), and so
   does a hand marked ``exact`` in any reading.

This module is the reference; the compiled kernel folds the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..rules.facts import FACT_BITS
from .readings import Reading
from ..rules.model import ALL_TILES, SHARE, STACK, RuleSet

__all__ = ["ReadingScore", "score_reading", "limit_share", "scores_exactly", "beats", "MAX_TOTAL"]


@dataclass(frozen=True, slots=True)
class ReadingScore:
    """What one reading scores."""

    total: int
    points: int
    doubles: int
    limit: Fraction | None
    special: int
    """The special hand that scored (index into ``rules.hands``; -1: none)."""
    applied: int
    """The items the reading earned, as a bitmask over ``rules.items``."""
    hands: tuple[int, ...]
    """The special hands that scored (all of them under ``stack``, else ``special`` alone)."""
    matched: tuple[int, ...]
    """Every special hand the reading makes, scored or not."""


def _matching(rules: RuleSet, facts: int, win_tile: int | None, late: bool) -> int:
    """The items (a bitmask over item indices) whose conditions hold; with no winning tile
    (a hand that did not go out) only the items that accept any tile."""
    tables = rules.tables
    mask = 0
    for i in range(len(rules.items)):
        when, unless, tiles = int(tables.when[i]), int(tables.unless[i]), int(tables.win_tiles[i])
        if (bool(tables.late[i]) == late and facts & when == when and not facts & unless
                and (tiles == ALL_TILES or win_tile is not None and tiles >> win_tile & 1)):
            mask |= 1 << i
    return mask


def _without_excluded(rules: RuleSet, mask: int) -> int:
    excluded = 0
    for i in range(len(rules.items)):
        if mask >> i & 1:
            excluded |= int(rules.tables.excludes[i])
    return mask & ~excluded


MAX_TOTAL = 2 ** 31 - 1
"""The largest total a score holds (the bulk API's int32): without a cap (``roof-off``) a
points-based total stops here."""


def limit_share(rules: RuleSet, points: int, doubles: int, share: Fraction | None,
                exact: bool = False) -> tuple[int, Fraction | None]:
    """The total and the limit share that made it (step 5 of the module docstring)."""
    raw = points * 2 ** doubles if points > 0 else points
    cap = MAX_TOTAL if rules.roof_off else rules.limit
    total = min(raw, cap)
    if share is not None:
        # half up, exactly as the kernel rounds; a whole limit or more is exactly its share
        limit_total = (2 * rules.limit * share.numerator + share.denominator) // (2 * share.denominator)
        if limit_total >= total or exact or share >= 1:
            return limit_total, share
    # the hand's own score stands (capped or not)
    return total, Fraction(1) if raw > cap and not rules.roof_off else None


def scores_exactly(rules: RuleSet, shape: str, special: int) -> bool:
    """Whether a reading of ``shape`` (one of :data:`~mjscore.score.readings.SHAPE_CODES`)
    whose limit share comes from special hand ``special`` scores exactly that share
    (step 5 of the module docstring)."""
    if rules.hands[special].exact:
        return True
    alone = shape == "special" or shape == "seven-pairs" and "seven-pairs" not in rules.shapes
    return alone and rules.special_value == SHARE


def _items(rules: RuleSet, reading: Reading) -> tuple[int, int, int]:
    """Points, doubles and the items earned, before any special hand (steps 1-3)."""
    win_tile = reading.win_tile
    tables = rules.tables
    points = doubles = 0
    for group in reading.groups:
        cell = (group.kind, int(group.concealed), group.atom)
        points += int(tables.set_points[cell])
        doubles += int(tables.set_doubles[cell])
    set_points = points
    # an item counted per bonus tile is not earned without one
    counted = 0 if reading.bonus else sum(1 << i for i, item in enumerate(rules.items) if item.per_bonus)
    early = _without_excluded(rules, _matching(rules, reading.facts, win_tile, late=False) & ~counted)
    bare = set_points == 0 and all(
        tables.base[i] or not tables.points[i] for i in range(len(rules.items)) if early >> i & 1)
    facts = reading.facts | (1 << FACT_BITS["no-points"] if bare else 0)
    facts |= 1 << FACT_BITS["no-set-points"] if set_points == 0 else 0
    applied = _without_excluded(rules, early | _matching(rules, facts, win_tile, late=True) & ~counted)
    for i, item in enumerate(rules.items):
        if applied >> i & 1:
            times = reading.bonus if item.per_bonus else 1
            points += item.points * times
            doubles += item.doubles * times
    return points, doubles, applied


def _with_hands(rules: RuleSet, reading: Reading, base: tuple[int, int, int],
                hands: tuple[int, ...]) -> ReadingScore:
    points, doubles, applied = base
    concealed = bool(reading.facts >> FACT_BITS["concealed-hand"] & 1)
    special, share = -1, None
    for h in hands:
        value = rules.hands[h].value_for(concealed)
        points += value.points
        doubles += value.doubles
        if value.limit is not None and (share is None or value.limit > share):
            special, share = h, value.limit
    if special < 0 and hands:  # no share of the limit: the first hand names the score
        special = hands[0]
    exact = share is not None and scores_exactly(rules, reading.shape, special)
    total, made = limit_share(rules, points, doubles, share, exact)
    return ReadingScore(total, points, doubles, made, special, applied, hands, reading.hands)


def beats(rules: RuleSet, one: ReadingScore, other: ReadingScore | None) -> bool:
    """Whether reading score ``one`` is better than ``other`` (None: none yet): the higher
    total; under ``roof-off`` a reading worth a whole limit or more (a limit hand) first,
    since a limit hand "gives exactly the limit and drops every other rule"."""
    if other is None:
        return True
    if rules.roof_off and _full(one) != _full(other):
        return _full(one)
    return one.total > other.total


def _full(score: ReadingScore) -> bool:
    return score.limit is not None and score.limit >= 1 and score.special >= 0


def score_reading(rules: RuleSet, reading: Reading) -> ReadingScore:
    """Fold one reading through the rule set (see the module docstring)."""
    base = _items(rules, reading)
    if not reading.hands:
        return _with_hands(rules, reading, base, ())
    if rules.special_hands == STACK:
        return _with_hands(rules, reading, base, reading.hands)
    best: ReadingScore | None = None
    for h in reading.hands:
        result = _with_hands(rules, reading, base, (h,))
        if beats(rules, result, best):
            best = result
    assert best is not None
    return best
