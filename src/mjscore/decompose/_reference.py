"""The kernel contract, in plain Python: the readable specification of ``_kernel``.

Both backends expose exactly these names with these results; ``tests/`` run every
kernel test on both and compare them on random hands. The compiled kernel uses
other algorithms (tables built from the sets upward, bitsets, a hash), so the
comparison checks two independent derivations of the same answers.

Inputs
------
``counts``
    34 tile counts in 34-index order (characters 0-8, dots 9-17, bamboo 18-26,
    winds 27-30, dragons 31-33). Single-hand functions other than
    :func:`is_complete_counts` assume a validated vector (each count 0-4);
    bulk functions validate every row themselves and report a status.
``batch``
    A C-contiguous ``(n, 34)`` uint8 array (read-only is fine).

Encodings
---------
=================  ==========================================================
group              ``(kind, tile)``: kind 0 sequence (``tile`` is its lowest
                   tile), 1 triplet, 2 quad, 3 pair (:mod:`mjscore.core.group_codes`).
                   In bulk arrays a group is one byte, ``kind * 34 + tile``;
                   ``0xFF`` pads.
decomposition      a sorted tuple of groups covering every tile: sets and
                   exactly one pair (the pair is absent from no standard shape)
suit key           the base-5 number ``sum(count[r] * 5**r)`` of one suit's
                   nine counts: dense (0 .. 5**9 - 1), so the compiled kernel
                   indexes flat tables with it
shape flags        ``STANDARD`` 1 (sets and a pair), ``SEVEN_PAIRS`` 2 (seven
                   distinct pairs), ``PAIRS_WITH_QUADS`` 4 (all counts even:
                   seven pairs where four alike count as two pairs),
                   ``THIRTEEN_ORPHANS`` 8, ``KNITTING`` 16 (seven knitted pairs
                   in two suits, seed 001), ``TRIPLE_KNITTING`` 32 (four
                   knitted triplets and a knitted pair, seed 001). Only
                   ``STANDARD`` applies below 14 tiles.
status             0 OK, 1 BAD_COUNT (a count above 4), 2 WRONG_SIZE
=================  ==========================================================

Functions
---------
=============================================  ===============================
``suit_key(suit)``                             ``(9) -> ()``
``suit_ways(key)``                             ways to split one suit into
                                               sets (plus one pair when its
                                               size is 3k+2); memoised
``decompose(counts)``                          ``(34) -> decompositions``
``shapes(counts)``                             ``(34) -> ()`` shape flags
``is_complete_counts(obj)``                    1/0, or ``-status``; ``-4`` if
                                               ``obj`` is not 34 integers
``waits(counts)``                              ``(34) -> ()`` 34-bit mask
``is_complete_many(batch, out, status)``       fills ``out[i]`` (uint8 0/1)
``shapes_many(batch, out, status)``            fills shape flags (uint8)
``decomposition_count_many(batch, out, st)``   fills counts (int32)
``waits_many(batch, out, status)``             fills 34-bit masks (uint64)
``decompose_many(batch)``                      ``(offsets, groups, status)``
``cache_info()`` / ``clear_cache()``           the per-suit memo
=============================================  ===============================

Jokers
------
The functions with ``_jokers`` take, beside the natural ``counts``, a number of
``jokers`` (0-8), a ``use`` of ``USE_PUNGS`` 1 | ``USE_CHOWS`` 2 | ``USE_PAIRS``
4 (the groups a joker may stand in; pairs include the singles of thirteen
orphans) and optional ``caps``: 34 limits, the most of each tile the counts may
stand for with their jokers (default 4 each; the single-hand API passes 4 less
what declared melds stand for). Every joker joins one group, which keeps at least
one natural tile; a sequence holds at most one joker; a standard group never
holds more of a tile than its cap (seven pairs and thirteen orphans, with 14
concealed tiles, never reach one). Eligibility is per group, never from merged
counts. A joker group is ``(kind, tile, jokers)``; a joker decomposition a sorted
tuple of them, unique as such (which tile a sequence's joker is follows from the
counts). Sizes count jokers as tiles.

=================================================  ===========================
``decompose_jokers(counts, jokers, use, caps)``     joker decompositions
``is_complete_jokers(counts, jokers, use, caps)``   1/0: standard, seven pairs
                                                    or thirteen orphans
``shapes_jokers(counts, jokers, use, caps)``        ``STANDARD``,
                                                    ``SEVEN_PAIRS``,
                                                    ``THIRTEEN_ORPHANS`` flags
``waits_jokers(counts, jokers, use, caps)``         34-bit mask: the natural
                                                    tiles that complete it
=================================================  ===========================

Preconditions: counts 0-4 and at most ``caps``, ``0 <= jokers <= 8``, totals
(jokers included) of 3k+2 (complete, decompose) or 3k+1 (waits), at most 14.

Complete means what the widely used riichi libraries share: a standard shape,
seven distinct pairs, or thirteen orphans. Sizes: complete/shape/decomposition
functions accept totals 2, 5, 8, 11, 14 (the missing sets being declared melds);
waits accepts 1, 4, 7, 10, 13. A tile all four of which the counts already hold
is never a wait.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.group_codes import CHOW as SEQUENCE
from ..core.group_codes import NO_GROUP as _NO_GROUP
from ..core.group_codes import PAIR
from ..core.group_codes import PUNG as TRIPLET
from ..core.group_codes import group_code as _group_code

STANDARD, SEVEN_PAIRS, PAIRS_WITH_QUADS, THIRTEEN_ORPHANS, KNITTING, TRIPLE_KNITTING = 1, 2, 4, 8, 16, 32
OK, BAD_COUNT, WRONG_SIZE, NOT_COUNTS = 0, 1, 2, 4
USE_PUNGS, USE_CHOWS, USE_PAIRS = 1, 2, 4
COMPLETE_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Group = tuple[int, int]
Decomposition = tuple[Group, ...]
JokerGroup = tuple[int, int, int]
JokerDecomposition = tuple[JokerGroup, ...]


def suit_key(suit: Sequence[int]) -> int:
    """The base-5 key of one suit's nine counts."""
    return sum(int(c) * 5**r for r, c in enumerate(suit))


def _counts_of_key(key: int) -> list[int]:
    return [key // 5**r % 5 for r in range(9)]


@functools.cache
def suit_ways(key: int) -> tuple[tuple[Group, ...], ...]:
    """Every way to split one suit into sets, with one pair iff its size is 3k+2.

    Groups are ``(kind, rank)`` with rank 0-8, each way sorted, the ways sorted.
    The lowest rank still held must start a group: a pair, a triplet or a
    sequence there. Different orders can reach the same multiset, hence the set.
    """
    counts = _counts_of_key(key)
    size = sum(counts)
    if size % 3 == 1:
        return ()
    found: set[tuple[Group, ...]] = set()

    def split(c: list[int], need_pair: bool, groups: list[Group]) -> None:
        r = next((i for i in range(9) if c[i]), None)
        if r is None:
            if not need_pair:
                found.add(tuple(sorted(groups)))
            return
        if need_pair and c[r] >= 2:
            c[r] -= 2
            split(c, False, groups + [(PAIR, r)])
            c[r] += 2
        if c[r] >= 3:
            c[r] -= 3
            split(c, need_pair, groups + [(TRIPLET, r)])
            c[r] += 3
        if r <= 6 and c[r + 1] and c[r + 2]:
            for d in range(3):
                c[r + d] -= 1
            split(c, need_pair, groups + [(SEQUENCE, r)])
            for d in range(3):
                c[r + d] += 1

    split(counts, size % 3 == 2, [])
    return tuple(sorted(found))


def decompose(counts: Sequence[int]) -> tuple[Decomposition, ...]:
    """All standard decompositions (sets and exactly one pair), sorted."""
    if sum(counts) % 3 != 2:
        return ()
    per_part: list[tuple[tuple[Group, ...], ...]] = []
    for s in range(3):
        ways = suit_ways(suit_key(counts[9 * s: 9 * s + 9]))
        if not ways and any(counts[9 * s: 9 * s + 9]):
            return ()
        per_part.append(tuple(tuple((k, 9 * s + r) for k, r in way) for way in ways) or ((),))
    honours: list[Group] = []
    for t in range(27, 34):
        if counts[t] == 3:
            honours.append((TRIPLET, t))
        elif counts[t] == 2:
            honours.append((PAIR, t))
        elif counts[t]:
            return ()
    per_part.append((tuple(honours),))
    result = set()
    for parts in product(*per_part):
        groups = tuple(sorted(g for part in parts for g in part))
        if sum(1 for kind, _ in groups if kind == PAIR) == 1:
            result.add(groups)
    return tuple(sorted(result))


def _knitted_pairs(counts: Sequence[int]) -> bool:
    """Seven knitted pairs in two suits: both suits hold the same ranks, no honours."""
    if any(counts[27:]):
        return False
    suits = [tuple(counts[9 * s: 9 * s + 9]) for s in range(3)]
    used = [s for s in suits if any(s)]
    return len(used) == 2 and used[0] == used[1]


def _triple_knitted(counts: Sequence[int]) -> bool:
    """Four knitted triplets (one rank in all three suits) and a knitted pair (one rank in two)."""
    if any(counts[27:]):
        return False
    m, p, s = (counts[9 * k: 9 * k + 9] for k in range(3))
    triplets = [min(m[r], p[r], s[r]) for r in range(9)]
    rest = [(m[r] - triplets[r], p[r] - triplets[r], s[r] - triplets[r]) for r in range(9)]
    leftover = [(r, x) for r in range(9) for x in rest[r] if x]
    # One rank left over in exactly two suits, once each, and four triplets.
    if sum(triplets) != 4 or len(leftover) != 2:
        return False
    (r1, a), (r2, b) = leftover
    return r1 == r2 and a == b == 1


def shapes(counts: Sequence[int]) -> int:
    """The shape flags the counts complete."""
    flags = STANDARD if decompose(counts) else 0
    if sum(counts) != 14:
        return flags
    if all(c % 2 == 0 for c in counts):
        flags |= PAIRS_WITH_QUADS
        if all(c in (0, 2) for c in counts):
            flags |= SEVEN_PAIRS
    if all(counts[t] for t in ORPHAN_TILES) and sum(counts[t] for t in ORPHAN_TILES) == 14:
        flags |= THIRTEEN_ORPHANS
    if _knitted_pairs(counts):
        flags |= KNITTING
    if _triple_knitted(counts):
        flags |= TRIPLE_KNITTING
    return flags


def _is_complete(counts: Sequence[int]) -> bool:
    return bool(shapes(counts) & (STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS))


def _status(counts: Sequence[int], sizes: tuple[int, ...]) -> int:
    if any(c > 4 for c in counts):
        return BAD_COUNT
    return OK if sum(counts) in sizes else WRONG_SIZE


def is_complete_counts(obj: Any) -> int:
    """1 or 0 for 34 integer counts; ``-status`` for a bad vector; -4 if not counts."""
    if isinstance(obj, str):
        return -NOT_COUNTS
    try:
        if len(obj) != 34:
            return -NOT_COUNTS
        counts = [operator.index(c) for c in obj]
    except (TypeError, ValueError, OverflowError):
        return -NOT_COUNTS
    if any(c < 0 for c in counts):
        return -BAD_COUNT
    status = _status(counts, COMPLETE_SIZES)
    return -status if status else int(_is_complete(counts))


def waits(counts: Sequence[int]) -> int:
    """Bit ``t`` set when adding tile ``t`` (held fewer than 4 times) completes the counts."""
    mask = 0
    trial = list(counts)
    for t in range(34):
        if trial[t] < 4:
            trial[t] += 1
            if _is_complete(trial):
                mask |= 1 << t
            trial[t] -= 1
    return mask


def _rows(batch: npt.NDArray[np.uint8]) -> list[list[int]]:
    return [[int(c) for c in row] for row in batch]


def is_complete_many(batch: npt.NDArray[np.uint8], out: npt.NDArray[np.uint8],
                     status: npt.NDArray[np.uint8]) -> None:
    """``out[i]`` = 1 if row ``i`` is complete; bad rows get 0 and a status."""
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, COMPLETE_SIZES)
        out[i] = 0 if status[i] else _is_complete(row)


def shapes_many(batch: npt.NDArray[np.uint8], out: npt.NDArray[np.uint8],
                status: npt.NDArray[np.uint8]) -> None:
    """``out[i]`` = the shape flags of row ``i``; bad rows get 0 and a status."""
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, COMPLETE_SIZES)
        out[i] = 0 if status[i] else shapes(row)


def decomposition_count_many(batch: npt.NDArray[np.uint8], out: npt.NDArray[np.int32],
                             status: npt.NDArray[np.uint8]) -> None:
    """``out[i]`` = how many standard decompositions row ``i`` has."""
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, COMPLETE_SIZES)
        out[i] = 0 if status[i] else len(decompose(row))


def waits_many(batch: npt.NDArray[np.uint8], out: npt.NDArray[np.uint64],
               status: npt.NDArray[np.uint8]) -> None:
    """``out[i]`` = the 34-bit wait mask of row ``i`` (a 1, 4, 7, 10 or 13-tile row)."""
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, WAIT_SIZES)
        out[i] = 0 if status[i] else waits(row)


def decompose_many(batch: npt.NDArray[np.uint8]) -> tuple[
        npt.NDArray[np.int64], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every row's decompositions, flattened.

    Row ``i`` owns ``groups[offsets[i]:offsets[i + 1]]``; each groups row is five
    group bytes (``kind * 34 + tile``, sorted, ``0xFF`` padding).
    """
    n = batch.shape[0]
    offsets = np.zeros(n + 1, dtype=np.int64)
    status = np.zeros(n, dtype=np.uint8)
    found: list[list[int]] = []
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, COMPLETE_SIZES)
        if not status[i]:
            for decomposition in decompose(row):
                codes = [_group_code(kind, tile) for kind, tile in decomposition]
                found.append(codes + [_NO_GROUP] * (5 - len(codes)))
        offsets[i + 1] = len(found)
    groups = np.array(found, dtype=np.uint8).reshape(-1, 5)
    return offsets, groups, status


# ------------------------------------------------------------------------ jokers


@functools.cache
def _part_joker_ways(counts: tuple[int, ...], caps: tuple[int, ...], jokers: int, use: int
                     ) -> tuple[tuple[int, tuple[JokerGroup, ...]], ...]:
    """Every way to split one part (a suit's nine counts, or one honour's count)
    plus at most ``jokers`` jokers into sets and at most one pair: ``(jokers
    spent, groups)``, groups ``(kind, rank, jokers)``. Memoised per part, caps,
    jokers and use: the memo key includes the jokers a part may spend.

    The lowest rank still holding a natural tile is the lowest natural tile of
    its group (every group keeps one): a pair or pung there, topped up with
    jokers, a sequence starting there (one joker may take either other place),
    or a sequence whose joker is the rank below.
    """
    runs = len(counts) == 9
    found: set[tuple[int, tuple[JokerGroup, ...]]] = set()

    def split(c: list[int], left: int, pair: bool, groups: list[JokerGroup]) -> None:
        r = next((i for i in range(len(c)) if c[i]), None)
        if r is None:
            held = [0] * len(c)
            for kind, rank, _ in groups:
                for t in ([rank, rank + 1, rank + 2] if kind == SEQUENCE else [rank] * (2 if kind == PAIR else 3)):
                    held[t] += 1
            if all(h <= cap for h, cap in zip(held, caps)):
                found.add((jokers - left, tuple(sorted(groups))))
            return

        def take(tiles: list[int], wild: int, group: JokerGroup, is_pair: bool = False) -> None:
            if left < wild or any(c[t] == 0 for t in tiles) or (tiles.count(r) > c[r]):
                return
            for t in tiles:
                c[t] -= 1
            split(c, left - wild, pair or is_pair, groups + [group])
            for t in tiles:
                c[t] += 1

        if not pair:
            take([r, r], 0, (PAIR, r, 0), True)
            if use & USE_PAIRS:
                take([r], 1, (PAIR, r, 1), True)
        take([r, r, r], 0, (TRIPLET, r, 0))
        if use & USE_PUNGS:
            take([r, r], 1, (TRIPLET, r, 1))
            take([r], 2, (TRIPLET, r, 2))
        if runs and r <= 6:
            take([r, r + 1, r + 2], 0, (SEQUENCE, r, 0))
            if use & USE_CHOWS:
                take([r, r + 2], 1, (SEQUENCE, r, 1))  # the joker is r + 1
                take([r, r + 1], 1, (SEQUENCE, r, 1))  # the joker is r + 2
        if runs and use & USE_CHOWS and 1 <= r <= 7:
            take([r, r + 1], 1, (SEQUENCE, r - 1, 1))  # the joker is r - 1

    split(list(counts), jokers, False, [])
    return tuple(sorted(found))


def _caps(caps: Sequence[int] | None) -> tuple[int, ...]:
    return (4,) * 34 if caps is None else tuple(int(c) for c in caps)


def decompose_jokers(counts: Sequence[int], jokers: int, use: int,
                     caps: Sequence[int] | None = None) -> tuple[JokerDecomposition, ...]:
    """All standard decompositions of the counts and ``jokers`` jokers, sorted:
    sets and exactly one pair, every joker in a group that ``use`` lets it join."""
    if (sum(counts) + jokers) % 3 != 2:
        return ()
    limits = _caps(caps)
    parts: list[list[tuple[int, tuple[JokerGroup, ...]]]] = []
    for s in range(3):
        suit = slice(9 * s, 9 * s + 9)
        ways = _part_joker_ways(tuple(counts[suit]), limits[suit], jokers, use)
        parts.append([(spent, tuple((k, 9 * s + r, j) for k, r, j in way)) for spent, way in ways])
    for t in range(27, 34):
        ways = _part_joker_ways((counts[t],), (limits[t],), jokers, use)
        parts.append([(spent, tuple((k, t, j) for k, _, j in way)) for spent, way in ways])
    # Combine the parts one by one, keeping what can still spend exactly ``jokers``
    # jokers and hold one pair.
    partial: list[tuple[int, tuple[JokerGroup, ...]]] = [(0, ())]
    for options in parts:
        partial = [(spent + more, groups + way) for spent, groups in partial for more, way in options
                   if spent + more <= jokers
                   and sum(1 for g in groups + way if g[0] == PAIR) <= 1]
    return tuple(sorted({tuple(sorted(groups)) for spent, groups in partial
                         if spent == jokers and sum(1 for g in groups if g[0] == PAIR) == 1}))


def _seven_pairs_jokers(counts: Sequence[int], jokers: int) -> bool:
    """Seven distinct pairs, each lone tile paired by a joker."""
    return all(c <= 2 for c in counts) and sum(1 for c in counts if c == 1) == jokers


def _thirteen_orphans_jokers(counts: Sequence[int], jokers: int) -> bool:
    """One of each orphan and a fourteenth; jokers fill missing orphans, or pair one."""
    if any(counts[t] for t in range(34) if t not in ORPHAN_TILES):
        return False
    held = [counts[t] for t in ORPHAN_TILES]
    if max(held) > 2 or held.count(2) > 1:
        return False
    return jokers == held.count(0) + (0 if 2 in held else 1)


def shapes_jokers(counts: Sequence[int], jokers: int, use: int, caps: Sequence[int] | None = None) -> int:
    """``STANDARD``, ``SEVEN_PAIRS`` and ``THIRTEEN_ORPHANS`` flags of the counts with jokers."""
    flags = STANDARD if decompose_jokers(counts, jokers, use, caps) else 0
    if sum(counts) + jokers == 14 and (jokers == 0 or use & USE_PAIRS):
        if _seven_pairs_jokers(counts, jokers):
            flags |= SEVEN_PAIRS
        if _thirteen_orphans_jokers(counts, jokers):
            flags |= THIRTEEN_ORPHANS
    return flags


def is_complete_jokers(counts: Sequence[int], jokers: int, use: int, caps: Sequence[int] | None = None) -> int:
    """1 if the counts and jokers are complete (standard, seven pairs, thirteen orphans)."""
    return int(shapes_jokers(counts, jokers, use, caps) != 0)


def waits_jokers(counts: Sequence[int], jokers: int, use: int, caps: Sequence[int] | None = None) -> int:
    """Bit ``t`` set when adding a natural tile ``t`` (held fewer than its cap) completes the hand."""
    limits = _caps(caps)
    mask = 0
    trial = list(counts)
    for t in range(34):
        if trial[t] < limits[t]:
            trial[t] += 1
            if is_complete_jokers(trial, jokers, use, limits):
                mask |= 1 << t
            trial[t] -= 1
    return mask


def cache_info() -> dict[str, int]:
    """How many suit patterns the memo holds, and how many suits with jokers."""
    return {"suit_patterns": suit_ways.cache_info().currsize,
            "joker_suits": _part_joker_ways.cache_info().currsize}


def clear_cache() -> None:
    """Empty the per-suit memos (benchmarks measure cold runs after this)."""
    suit_ways.cache_clear()
    _part_joker_ways.cache_clear()
