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
                   tile), 1 triplet, 2 quad, 3 pair. In bulk arrays a group is
                   one byte, ``kind << 6 | tile``; ``0xFF`` pads.
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

SEQUENCE, TRIPLET, QUAD, PAIR = 0, 1, 2, 3
STANDARD, SEVEN_PAIRS, PAIRS_WITH_QUADS, THIRTEEN_ORPHANS, KNITTING, TRIPLE_KNITTING = 1, 2, 4, 8, 16, 32
OK, BAD_COUNT, WRONG_SIZE, NOT_COUNTS = 0, 1, 2, 4
COMPLETE_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Group = tuple[int, int]
Decomposition = tuple[Group, ...]


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
    group bytes (``kind << 6 | tile``, sorted, ``0xFF`` padding).
    """
    n = batch.shape[0]
    offsets = np.zeros(n + 1, dtype=np.int64)
    status = np.zeros(n, dtype=np.uint8)
    found: list[list[int]] = []
    for i, row in enumerate(_rows(batch)):
        status[i] = _status(row, COMPLETE_SIZES)
        if not status[i]:
            for decomposition in decompose(row):
                codes = [kind << 6 | tile for kind, tile in decomposition]
                found.append(codes + [0xFF] * (5 - len(codes)))
        offsets[i + 1] = len(found)
    groups = np.array(found, dtype=np.uint8).reshape(-1, 5)
    return offsets, groups, status


def cache_info() -> dict[str, int]:
    """How many suit patterns the memo holds."""
    return {"suit_patterns": suit_ways.cache_info().currsize}


def clear_cache() -> None:
    """Empty the per-suit memo (benchmarks measure cold runs after this)."""
    suit_ways.cache_clear()
