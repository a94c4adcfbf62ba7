"""The kernel's answers for one hand: decompositions, shapes, completeness and waits.

This module turns a :class:`~mjscore.core.hand.Hand` into concealed counts, asks the
kernel, and lifts the answers back into :class:`~mjscore.core.group.Group` objects
with the hand's declared melds added. The algorithms live in the _backend.kernel.

Jokers. :func:`decompositions`, :func:`is_complete` and :func:`waits` take
``joker_use=``, where jokers may stand (:data:`~mjscore.core.jokers.JOKERS_IN_PUNGS`,
``JOKERS_IN_CHOWS``, ``JOKERS_IN_PAIRS``, a :class:`~mjscore.core.jokers.JokerUse`
or ``"pungs"``, ``"chows"``, ``"pairs"``). The default, None, takes natural
hands only: a hand holding jokers raises :class:`InvalidHandError`, since
whether it is complete depends on a rule the call has not given. With jokers,
each group found says how many jokers it holds and which tile they stand for
(:attr:`Group.jokers`, :attr:`Group.joker_tile`), and declared melds must hold
their jokers where the rule allows. :func:`shapes` takes natural hands only.

``jokers=`` is a count of jokers, as everywhere in mjscore: :func:`is_complete` takes
it beside 34 tile counts; a :class:`Hand` or a hand string carries its own (``J``), so
``jokers=`` with one raises rather than guess. The old spelling, a ``JokerUse`` or a
word as ``jokers=``, still means ``joker_use=`` until 0.2, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _backend
from ..core.errors import HandStatus, InvalidHandError, status_error
from ..core.group import Decomposition, Group, GroupKind, Meld
from ..core.hand import Hand, negative_count
from ..core.jokers import JokerUse, describe, joker_count, name_of, needed_for, old_joker_use
from ..core.jokers import joker_use as as_joker_use
from ..core.notation import parse_hand
from ..core.tile import ORPHANS, Tile

Eligibility = JokerUse | int | str | None
"""Where jokers may stand (see :mod:`mjscore.core.jokers`); None for natural hands only."""

__all__ = [
    "Shape", "WaitRole", "Placement",
    "decompositions", "shapes", "is_complete", "waits", "wait_role",
]


class Shape(enum.IntFlag):
    """Winning shapes the kernel recognises (the kernel's shape flags): what a complete
    hand *makes*.

    :class:`mjscore.Form` names the forms shanten *counts towards*. The two share member
    names where they mean the same hand (``THIRTEEN_ORPHANS``, ``SEVEN_PAIRS``, ...) but
    not values: each is the bit layout of its own kernel, and ``Shape`` has
    ``PAIRS_WITH_QUADS``, which is no form of its own for shanten. Do not compare their
    values; ``shanten(..., forms=Shape.X)`` reads a ``Shape`` by its names.
    """

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


def _hand(hand: Hand | str, joker_use: Eligibility = None, what: str = "",
          jokers: Any = None) -> tuple[Hand, JokerUse | None]:
    """The hand, and where its jokers may stand (None for a natural hand).

    :raises InvalidHandError: for jokers without an eligibility, a joker count beside a
        hand (it carries its own), or a declared meld holding a joker where the
        eligibility lets none stand.
    """
    result = parse_hand(hand) if isinstance(hand, str) else hand
    if not isinstance(result, Hand):
        counts = hasattr(hand, "__len__") and len(hand) == 34
        raise InvalidHandError(f"expected a Hand or its notation, not {hand!r:.60}"
                               + (" (Hand(counts) makes a hand of 34 counts)" if counts else ""))
    use = None if joker_use is None else as_joker_use(joker_use)
    if jokers is not None:
        raise _count_beside_hand(jokers, result)
    if use is None:
        if result.total_jokers:
            raise InvalidHandError(
                f"{result} holds jokers; {what or 'say where they may stand with'} "
                "joker_use=JOKERS_IN_PUNGS, JOKERS_IN_CHOWS or JOKERS_IN_PAIRS (or 'pungs', 'chows', 'pairs')")
        return result, None
    for meld in result.melds:
        if meld.jokers and not needed_for(meld.kind) & use:
            kind = "a chow" if meld.kind == GroupKind.SEQUENCE else "a pung or kong"
            raise InvalidHandError(
                f"{'(' if meld.concealed else '['}{meld}{')' if meld.concealed else ']'} holds a joker in "
                f"{kind}, but joker_use={name_of(use)} lets them stand only in {describe(use)}")
    return result, use if result.jokers else None


def _count_beside_hand(jokers: Any, hand: Hand) -> InvalidHandError:
    """The error of ``jokers=`` (a count) given with a hand, which carries its own jokers."""
    joker_count(jokers)
    held = f"{hand.total_jokers} joker{'s' * (hand.total_jokers != 1)}"
    return InvalidHandError(
        f"jokers={jokers!r} is a count of jokers, given only with 34 tile counts; the hand {hand} "
        f"carries its own ({held}, J in its notation). Say where jokers may stand with "
        "joker_use='pungs', 'chows' or 'pairs'")


def _caps(hand: Hand) -> list[int]:
    """The most of each tile the concealed part may stand for: 4 less the declared melds'."""
    caps = [4] * 34
    for meld in hand.melds:
        for t in meld.tiles:
            caps[t] -= 1
    return caps


def _require_size(hand: Hand, size: int, what: str) -> None:
    if hand.size != size:
        raise InvalidHandError(
            f"{what} needs a {size}-tile hand (a kong counting as 3); {hand} has {hand.size}")


def _lift(decomposition: Sequence[tuple[int, int]], hand: Hand) -> Decomposition:
    groups = [Group(GroupKind(kind), Tile(tile)) for kind, tile in decomposition]
    return tuple(sorted([*groups, *hand.melds], key=_group_order))


def _group_order(group: Group) -> tuple[int, int, bool, int, int]:
    return group.sort_key


def _lift_jokers(decomposition: Sequence[tuple[int, int, int]], concealed: Sequence[int],
                 hand: Hand) -> Decomposition:
    """Groups with the tiles their jokers stand for: what the groups hold beyond the
    natural ``concealed`` tiles. A pung's or pair's jokers are its tile; each chow with
    a joker takes, lowest chow first, the lowest such tile it spans (a matching always
    exists, and this greedy finds one)."""
    wild = [0] * 34
    for kind, tile, jokers in decomposition:
        for held in Group(GroupKind(kind), Tile(tile)).tiles:
            wild[held] += 1
    for t in range(34):
        wild[t] -= concealed[t]
    groups = []
    for kind, tile, jokers in decomposition:
        if jokers and kind != GroupKind.SEQUENCE:
            wild[tile] -= jokers
            groups.append(Group(GroupKind(kind), Tile(tile), jokers=jokers))
        elif not jokers:
            groups.append(Group(GroupKind(kind), Tile(tile)))
    for kind, tile, jokers in sorted(decomposition):
        if jokers and kind == GroupKind.SEQUENCE:
            stands = next(t for t in range(tile, tile + 3) if wild[t] > 0)
            wild[stands] -= 1
            groups.append(Group(GroupKind.SEQUENCE, Tile(tile), jokers=1, joker_tile=Tile(stands)))
    return tuple(sorted([*groups, *hand.melds], key=_group_order))


def _decompose(hand: Hand, use: JokerUse | None, concealed: Sequence[int] | None = None
               ) -> tuple[Decomposition, ...]:
    """The hand's decompositions, with ``concealed`` in place of its concealed tiles."""
    counts = hand.concealed if concealed is None else concealed
    if use is None:
        return tuple(_lift(d, hand) for d in _backend.kernel.decompose(counts))
    raw = _backend.kernel.decompose_jokers(counts, hand.jokers, int(use), _caps(hand))
    return tuple(sorted((_lift_jokers(d, counts, hand) for d in raw), key=_decomposition_order))


def _decomposition_order(decomposition: Decomposition) -> list[tuple[int, int, bool, int, int]]:
    return [g.sort_key for g in decomposition]


def decompositions(hand: Hand | str, joker_use: Eligibility = None, *,
                   jokers: Any = None) -> tuple[Decomposition, ...]:
    """Every standard decomposition of a 14-tile hand: its declared melds, sets and a pair.

    >>> [" ".join(map(str, d)) for d in decompositions("111222333m 456p 99s")]
    ['123m 123m 123m 456p 99s', '456p 111m 222m 333m 99s']

    With ``joker_use=``, a group found with jokers says what they stand for:

    >>> [" ".join(map(str, d)) for d in decompositions("123m 456p 79s 99s [777z] J", joker_use="chows")]
    ['123m 456p 7J9s 777z 99s']

    :param joker_use: where jokers may stand (see the module docstring); None, the
        default, for a hand without jokers.
    :param jokers: deprecated spelling of ``joker_use`` (a ``JokerUse`` or a word); a
        count raises, since the hand carries its own jokers.
    :raises InvalidHandError: for a hand that does not have 14 tiles, or holds jokers
        without ``joker_use=``.
    """
    joker_use, jokers = old_joker_use(joker_use, jokers)
    hand, use = _hand(hand, joker_use, jokers=jokers)
    _require_size(hand, 14, "decompositions")
    return _decompose(hand, use)


def shapes(hand: Hand | str) -> Shape:
    """The winning shapes a 14-tile hand completes (empty if none).

    >>> shapes("1122m3344p5566s77z")
    <Shape.SEVEN_PAIRS|PAIRS_WITH_QUADS: 6>
    """
    hand, _ = _hand(hand, what="shapes reads natural hands; is_complete, decompositions and waits take")
    _require_size(hand, 14, "shapes")
    return Shape(_backend.kernel.shapes(hand.concealed))


def is_complete(hand: Hand | str | Sequence[int] | Any, joker_use: Eligibility = None, *,
                jokers: Any = None) -> bool:
    """Whether a hand is complete: a standard shape, seven distinct pairs, or thirteen orphans.

    ``hand`` is a :class:`Hand`, a hand string, or 34 tile counts (a list, tuple or
    uint8 array); counts of 2, 5, 8 or 11 tiles stand for a hand whose other tiles
    are declared melds. With jokers, seven pairs and thirteen orphans need
    ``JOKERS_IN_PAIRS`` (their jokers stand in pairs and singles).

    >>> is_complete("123m456p789s11122z"), is_complete([2] * 7 + [0] * 27)
    (True, True)
    >>> is_complete("123m 456p 789s 11z 5z JJ", joker_use="pungs")
    True
    >>> is_complete([1, 1, 1] + [0] * 24 + [2, 3, 3, 2, 0, 0, 0], jokers=1, joker_use="pungs")
    True

    :param joker_use: where jokers may stand (see the module docstring); None, the
        default, for a hand without jokers.
    :param jokers: with 34 tile counts, how many jokers the hand holds besides them
        (they count towards its 2, 5, 8, 11 or 14 tiles). A hand or a hand string
        carries its own jokers: a count beside it raises. A ``JokerUse`` or a word
        here is the deprecated spelling of ``joker_use``.
    :raises InvalidHandError: for counts above 4, a wrong tile total, jokers without
        ``joker_use=``, or a joker count beside a hand.
    """
    if joker_use is not None or jokers is not None:  # (the common call, 34 counts, skips this)
        joker_use, jokers = old_joker_use(joker_use, jokers)
        if jokers is not None and not isinstance(hand, (Hand, str)) and joker_count(jokers):
            return _complete_counts_with_jokers(hand, joker_count(jokers), joker_use)
        if jokers is not None and isinstance(hand, (Hand, str)):
            _hand(hand, joker_use, jokers=jokers)  # raises: the hand carries its own jokers
    answer = _backend.kernel.is_complete_counts(hand)
    if answer >= 0:
        if joker_use is not None:
            as_joker_use(joker_use)  # a bad value is an error whatever the counts
        return answer == 1
    if answer != -_backend.kernel.NOT_COUNTS:
        return _counts_error(hand, -answer)
    if isinstance(hand, (Hand, str)):
        parsed, use = _hand(hand, joker_use)
        _require_size(parsed, 14, "is_complete")
        if use is None:
            return _backend.kernel.is_complete_counts(parsed.concealed) == 1
        return _backend.kernel.is_complete_jokers(parsed.concealed, parsed.jokers, int(use), _caps(parsed)) == 1
    dtype = getattr(hand, "dtype", None)
    if dtype is not None and getattr(dtype, "kind", "") not in ("i", "u"):
        raise InvalidHandError(f"tile counts must be integers (ideally uint8), got dtype {dtype}")
    if isinstance(hand, (list, tuple)) and len(hand) == 34:
        odd = next((c for c in hand if not hasattr(c, "__index__")), None)
        if odd is not None:
            raise InvalidHandError(f"tile counts must be integers, got {odd!r} ({type(odd).__name__})")
    raise InvalidHandError(
        f"is_complete takes a Hand, a hand string or 34 tile counts, not {hand!r:.60}")


def _complete_counts_with_jokers(hand: Any, jokers: int, joker_use: Eligibility) -> bool:
    """:func:`is_complete` of 34 tile counts and ``jokers`` jokers beside them."""
    if joker_use is None:
        raise InvalidHandError(f"jokers={jokers}: say where jokers may stand with joker_use='pungs', "
                               "'chows' or 'pairs'")
    use = as_joker_use(joker_use)
    if getattr(getattr(hand, "dtype", None), "kind", "i") not in "iu":
        raise InvalidHandError(f"is_complete takes a Hand, a hand string or 34 tile counts, not {hand!r:.60}")
    try:
        counts = [operator.index(c) for c in hand]
    except TypeError:
        raise InvalidHandError(f"is_complete takes a Hand, a hand string or 34 tile counts, not {hand!r:.60}") from None
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts, got {len(counts)} values")
    if any(not 0 <= c <= 4 for c in counts):
        _counts_error(counts, HandStatus.BAD_COUNT)
    size = sum(counts) + jokers
    if size not in (2, 5, 8, 11, 14):
        raise status_error(HandStatus.WRONG_SIZE, size=size, sizes="2, 5, 8, 11 or 14 (jokers included)")
    return _backend.kernel.is_complete_jokers(counts, jokers, int(use), [4] * 34) == 1


def _counts_error(counts: Any, status: int) -> bool:
    values = [int(c) for c in counts]
    message = negative_count(values)
    if message:
        raise InvalidHandError(message)
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


def waits(hand: Hand | str, joker_use: Eligibility = None, *,
          jokers: Any = None) -> dict[Tile, tuple[Placement, ...]]:
    """Every tile that completes a 13-tile hand, with each way it can be placed.

    A tile the hand already holds four of (melds included, a meld's jokers counting
    as the tile they stand for) is never a wait. The waits are natural tiles; with
    ``joker_use=``, a drawn joker completes the hand whenever any tile does.

    >>> {str(t): [p.role.value for p in ps] for t, ps in waits("1123m 456p 789s [777z]").items()}
    {'1m': ['two-sided', 'pair'], '4m': ['two-sided']}
    >>> {str(t): [str(p.group) for p in ps] for t, ps in waits("123m 456p 789s 56z JJ", joker_use="pungs").items()}
    {'5z': ['55z'], '6z': ['66z']}

    :param joker_use: where jokers may stand (see the module docstring); None, the
        default, for a hand without jokers.
    :param jokers: deprecated spelling of ``joker_use`` (a ``JokerUse`` or a word); a
        count raises, since the hand carries its own jokers.
    :raises InvalidHandError: for a hand that does not have 13 tiles, or holds jokers
        without ``joker_use=``.
    """
    joker_use, jokers = old_joker_use(joker_use, jokers)
    hand, use = _hand(hand, joker_use, jokers=jokers)
    _require_size(hand, 13, "waits")
    caps = _caps(hand)
    if use is None:
        mask = _backend.kernel.waits(hand.concealed)
    else:
        mask = _backend.kernel.waits_jokers(hand.concealed, hand.jokers, int(use), caps)
    result: dict[Tile, tuple[Placement, ...]] = {}
    for t in range(34):
        if not mask >> t & 1 or hand.concealed[t] >= caps[t]:
            continue
        tile = Tile(t)
        completed = list(hand.concealed)
        completed[t] += 1
        result[tile] = _placements(completed, tile, hand, use)
    return result


def _placements(completed: list[int], tile: Tile, hand: Hand, use: JokerUse | None) -> tuple[Placement, ...]:
    found: list[Placement] = []
    for decomposition in _decompose(hand, use, completed):
        seen = set()
        for group in decomposition:
            if not isinstance(group, Meld) and tile in group.natural_tiles and group not in seen:
                seen.add(group)
                found.append(Placement(Shape.STANDARD, wait_role(group, tile), group, decomposition))
    if use is None:
        flags = Shape(_backend.kernel.shapes(completed))
    else:
        flags = Shape(_backend.kernel.shapes_jokers(completed, hand.jokers, int(use), _caps(hand)))
    if Shape.SEVEN_PAIRS in flags:
        paired = completed[tile] == 2  # else a joker pairs it
        found.append(Placement(Shape.SEVEN_PAIRS, WaitRole.PAIR,
                               Group(GroupKind.PAIR, tile, jokers=0 if paired else 1)))
    if Shape.THIRTEEN_ORPHANS in flags and tile in ORPHANS:
        paired = completed[tile] == 2
        found.append(Placement(Shape.THIRTEEN_ORPHANS,
                               WaitRole.PAIR if paired else WaitRole.SINGLE,
                               Group(GroupKind.PAIR, tile) if paired else None))
    return tuple(found)
