"""The ``mahjong`` package's own agari arithmetic, for the counts mjscore's kernel refuses.

:meth:`mjscore.compat.mahjong.Agari.is_agari` answers every hand of 0-4 copies a
tile and at most 14 tiles with the kernel. The library answers other counts too
(five of a tile, more than 14 tiles, negative counts left by open sets that were not
among the tiles) with bit tricks whose results are artefacts of the tricks, not
Mahjong: ``11111m`` is complete to it, some other hands with a fifth copy are not,
and 17 tiles holding seven pairs and a pung are "seven pairs". A drop-in must give
the same answers, so these counts take the library's arithmetic, restated here
from ``mahjong`` 2.1.0's ``agari.py`` (MIT licence, copyright Alexey Lisikhin and
contributors); it raises what the library raises (``ValueError: negative shift
count`` for a negative honour count).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["library_is_agari"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def library_is_agari(tiles: Sequence[int]) -> bool:
    """``mahjong`` 2.1.0's ``Agari.is_agari`` on 34 counts with open sets already taken out."""
    j = 0
    for t in range(27, 34):
        j |= 1 << tiles[t]
    if j >= 0x10:
        return False
    product = 1
    for t in _ORPHANS:
        product *= tiles[t]
    if (j & 3) == 2 and product == 2:
        return True
    if not j & 10 and sum([tiles[t] == 2 for t in range(34)]) == 7:
        return True
    if j & 2:
        return False
    thirds = [[sum(tiles[9 * s + r + 3 * k] for k in range(3)) for r in range(3)] for s in range(3)]
    rest = [sum(third) % 3 for third in thirds]
    if 1 in rest:
        return False
    pairs = sum(r == 2 for r in rest) + sum(tiles[t] == 2 for t in range(27, 34))
    if pairs != 1:
        return False
    nn = [(third[0] + third[1] * 2) % 3 for third in thirds]
    packed = [_packed(tiles, 9 * s) for s in range(3)]
    if j & 4:  # the pair is an honour pair
        return not any(rest) and not any(nn) and all(_is_sets(m) for m in packed)
    paired = rest.index(2)
    others = [s for s in range(3) if s != paired]
    return (not any(rest[s] | nn[s] for s in others) and all(_is_sets(packed[s]) for s in others)
            and _is_pair_and_sets(nn[paired], packed[paired]))


def _packed(tiles: Sequence[int], first: int) -> int:
    """One suit's nine counts, three bits each (a count above 7 spills into the next rank)."""
    m = 0
    for r in range(9):
        m |= tiles[first + r] << (3 * r)
    return m


def _is_sets(m: int) -> bool:
    """The library's ``_is_mentsu``: rank by rank, runs started where a count is 1, 2 or 4."""
    a = m & 7
    b = c = 0
    if a in (1, 4):
        b = c = 1
    elif a == 2:
        b = c = 2
    m >>= 3
    a = (m & 7) - b
    if a < 0:
        return False
    for _ in range(6):
        b, c = c, 0
        if a in (1, 4):
            b += 1
            c += 1
        elif a == 2:
            b += 2
            c += 2
        m >>= 3
        a = (m & 7) - b
        if a < 0:
            return False
    m >>= 3
    return (m & 7) - c in (0, 3)


def _is_pair_and_sets(nn: int, m: int) -> bool:
    """The library's ``_is_atama_mentsu``: a pair on a rank of residue ``nn``, the rest sets."""
    for rank in ((2, 5, 8), (1, 4, 7), (0, 3, 6))[nn]:
        shift = 3 * rank
        if (m & (7 << shift)) >= (2 << shift) and _is_sets(m - (2 << shift)):
            return True
    return False
