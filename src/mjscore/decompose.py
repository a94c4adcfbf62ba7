"""The kernel's answers for one hand: decompositions, shapes, completeness and waits.

This module turns a :class:`~mjscore.hand.Hand` into concealed counts, asks the
kernel, and lifts the answers back into :class:`~mjscore.group.Group` objects
with the hand's declared melds added. The algorithms live in the kernel.

Jokers are placed by the rule sets that use them; the functions here take hands
of natural tiles and raise :class:`InvalidHandError` for a hand holding jokers.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._backend import kernel
from .errors import InvalidHandError, status_error
from .group import Decomposition, Group, GroupKind, Meld
from .hand import Hand
from .notation import parse_hand
from .tile import ORPHANS, Tile

__all__ = [
    "Shape", "WaitRole", "Placement",
    "decompositions", "shapes", "is_complete", "waits", "wait_role",
]


class Shape(enum.IntFlag):
    """Winning shapes the kernel recognises (the kernel's shape flags)."""

    STANDARD = 1
    """Four sets and a pair (declared melds count as sets)."""
    SEVEN_PAIRS = 2
    """Seven distinct pairs."""
    PAIRS_WITH_QUADS = 4
    """Seven pairs where four alike, held concealed, count as two pairs (seed 001)."""
    THIRTEEN_ORPHANS = 8
    """One of each terminal and honour plus a fourteenth matching one of them."""
    KNITTING = 16
    """Seven knitted pairs in two suits: the same numbers in both (seed 001)."""
    TRIPLE_KNITTING = 32
    """Four knitted triplets (a number in all three suits) and a knitted pair (seed 001)."""


class WaitRole(enum.Enum):
    """The part a winning tile plays in the group it completes."""

    PAIR = "pair"
    """It matches a single tile into the pair."""
    TRIPLET = "triplet"
    """It turns a pair into a triplet (a pung)."""
    TWO_SIDED = "two-sided"
    """One end of a run open at both ends (4 of 5-6, or 7 of 5-6)."""
    EDGE = "edge"
    """The 3 of 1-2 or the 7 of 8-9."""
    MIDDLE = "middle"
    """The middle of a run (4 of 3-5)."""
    SINGLE = "single"
    """A tile of a special shape that is not in a pair (thirteen orphans)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One way a winning tile completes a hand."""

    shape: Shape
    """The winning shape it completes."""
    role: WaitRole
    """What the tile does there."""
    group: Group | None = None
    """The group it completes, for standard shapes and pairs."""
    decomposition: Decomposition | None = None
    """The completed hand's decomposition (standard shapes only), melds included."""


def _hand(hand: Hand | str) -> Hand:
    result = parse_hand(hand) if isinstance(hand, str) else hand
    if not isinstance(result, Hand):
        raise TypeError(f"expected a Hand or a hand string, got {type(hand).__name__}")
    if result.jokers:
        raise InvalidHandError(
            f"{result} holds jokers; jokers are placed by the rule sets that use them")
    return result


def _require_size(hand: Hand, size: int, what: str) -> None:
    if hand.size != size:
        raise InvalidHandError(
            f"{what} needs a {size}-tile hand (a kong counting as 3); {hand} has {hand.size}")


def _lift(decomposition: Sequence[tuple[int, int]], hand: Hand) -> Decomposition:
    groups = [Group(GroupKind(kind), Tile(tile)) for kind, tile in decomposition]
    return tuple(sorted([*groups, *hand.melds], key=_group_order))


def _group_order(group: Group) -> tuple[int, int, bool]:
    return (group.kind, group.first, group.concealed)


def decompositions(hand: Hand | str) -> tuple[Decomposition, ...]:
    """Every standard decomposition of a 14-tile hand: its declared melds, sets and a pair.

    >>> [" ".join(map(str, d)) for d in decompositions("111222333m 456p 99s")]
    ['123m 123m 123m 456p 99s', '456p 111m 222m 333m 99s']

    :raises InvalidHandError: for a hand that does not have 14 tiles or holds jokers.
    """
    hand = _hand(hand)
    _require_size(hand, 14, "decompositions")
    return tuple(_lift(d, hand) for d in kernel.decompose(hand.concealed))


def shapes(hand: Hand | str) -> Shape:
    """The winning shapes a 14-tile hand completes (empty if none).

    >>> shapes("1122m3344p5566s77z")
    <Shape.SEVEN_PAIRS|PAIRS_WITH_QUADS: 6>
    """
    hand = _hand(hand)
    _require_size(hand, 14, "shapes")
    return Shape(kernel.shapes(hand.concealed))


def is_complete(hand: Hand | str | Sequence[int] | Any) -> bool:
    """Whether a hand is complete: a standard shape, seven distinct pairs, or thirteen orphans.

    ``hand`` is a :class:`Hand`, a hand string, or 34 tile counts (a list, tuple or
    uint8 array); counts of 2, 5, 8 or 11 tiles stand for a hand whose other tiles
    are declared melds.

    >>> is_complete("123m456p789s11122z"), is_complete([2] * 7 + [0] * 27)
    (True, True)

    :raises InvalidHandError: for counts above 4, a wrong tile total, or jokers.
    """
    answer = kernel.is_complete_counts(hand)
    if answer >= 0:
        return answer == 1
    if answer != -kernel.NOT_COUNTS:
        return _counts_error(hand, -answer)
    if isinstance(hand, (Hand, str)):
        parsed = _hand(hand)
        _require_size(parsed, 14, "is_complete")
        return kernel.is_complete_counts(parsed.concealed) == 1
    raise InvalidHandError(
        f"is_complete takes a Hand, a hand string or 34 tile counts, not {hand!r:.60}")


def _counts_error(counts: Any, status: int) -> bool:
    values = [int(c) for c in counts]
    raise status_error(status, size=sum(values), sizes="2, 5, 8, 11 or 14")


def wait_role(group: Group, tile: Tile) -> WaitRole:
    """The part ``tile`` plays in completing ``group``."""
    if group.kind == GroupKind.PAIR:
        return WaitRole.PAIR
    if group.kind != GroupKind.SEQUENCE:
        return WaitRole.TRIPLET
    offset = tile - group.first
    if offset == 1:
        return WaitRole.MIDDLE
    if (offset == 2 and group.first.rank == 1) or (offset == 0 and group.first.rank == 7):
        return WaitRole.EDGE
    return WaitRole.TWO_SIDED


def waits(hand: Hand | str) -> dict[Tile, tuple[Placement, ...]]:
    """Every tile that completes a 13-tile hand, with each way it can be placed.

    A tile the hand already holds four of (melds included) is never a wait.

    >>> {str(t): [p.role.value for p in ps] for t, ps in waits("1123m 456p 789s [777z]").items()}
    {'1m': ['two-sided', 'pair'], '4m': ['two-sided']}

    :raises InvalidHandError: for a hand that does not have 13 tiles or holds jokers.
    """
    hand = _hand(hand)
    _require_size(hand, 13, "waits")
    mask = kernel.waits(hand.concealed)
    all_counts = hand.counts
    result: dict[Tile, tuple[Placement, ...]] = {}
    for t in range(34):
        if not mask >> t & 1 or all_counts[t] >= 4:
            continue
        tile = Tile(t)
        completed = list(hand.concealed)
        completed[t] += 1
        result[tile] = _placements(completed, tile, hand)
    return result


def _placements(completed: list[int], tile: Tile, hand: Hand) -> tuple[Placement, ...]:
    found: list[Placement] = []
    for raw in kernel.decompose(completed):
        decomposition = _lift(raw, hand)
        seen = set()
        for group in decomposition:
            if not isinstance(group, Meld) and tile in group.tiles and group not in seen:
                seen.add(group)
                found.append(Placement(Shape.STANDARD, wait_role(group, tile), group, decomposition))
    flags = Shape(kernel.shapes(completed))
    if Shape.SEVEN_PAIRS in flags:
        found.append(Placement(Shape.SEVEN_PAIRS, WaitRole.PAIR, Group(GroupKind.PAIR, tile)))
    if Shape.THIRTEEN_ORPHANS in flags and tile in ORPHANS:
        paired = completed[tile] == 2
        found.append(Placement(Shape.THIRTEEN_ORPHANS,
                               WaitRole.PAIR if paired else WaitRole.SINGLE,
                               Group(GroupKind.PAIR, tile) if paired else None))
    return tuple(found)
