"""``Agari.is_agari`` of :mod:`mjscore.compat.mahjong`, in Python: the reference of the compiled call.

A hand of 0-4 copies a tile and at most 14 tiles is answered by the kernel's
completeness check; anything else takes the library's own arithmetic
(:mod:`mjscore.compat._agari_bits`), whose answers are artefacts of that arithmetic.
The compiled call (:mod:`mjscore.compat._fast_calls`) answers the usual lists itself
and hands everything else to :func:`is_agari` here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .. import _backend
from ._agari_bits import library_is_agari
from ._input import counts_34

__all__ = ["is_agari"]

_complete = _backend.kernel.is_complete_counts


def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool:
    """True if ``tiles_34`` (34 counts), less the tiles of ``open_sets_34`` (each a set's
    3 or 4 tile indices), are complete; any number of tiles, sets implied.

    >>> is_agari([2] + [0] * 33), is_agari([3] + [0] * 33)
    (True, False)
    """
    if not open_sets_34:
        found = _complete(tiles_34)
        if found >= 0:
            return found == 1
        return _agari_outside_kernel(tiles_34)
    tiles = list(tiles_34)
    for meld in open_sets_34:
        tiles[meld[0]] -= 1
        tiles[meld[1]] -= 1
        tiles[meld[2]] -= 1
        if len(meld) > 3:
            tiles[meld[3]] -= 1
    found = _complete(tiles)
    if found >= 0:
        return found == 1
    return _agari_outside_kernel(tiles)


def _agari_outside_kernel(tiles: Any) -> bool:
    """``is_agari`` of what the kernel refuses: the library's answer, or an error for no counts."""
    counts = counts_34(tiles)
    if min(counts) >= 0 and max(counts) <= 4 and sum(counts) <= 14:
        return False  # a real hand of a size that is no complete one (13 tiles, 0, ...)
    return library_is_agari(counts)
