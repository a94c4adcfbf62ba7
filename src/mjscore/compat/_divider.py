"""``HandDivider.divide_hand`` of :mod:`mjscore.compat.mahjong`: the library's divisions from the kernel's.

The library divides the concealed part (``tiles_34`` less the melds' tiles) suit by
suit and keeps the products that hold exactly one pair and, with the melds, five
blocks; seven pairs only without melds; blocks sorted by (first tile, type) with types
ordered quad, triplet, pair, sequence, and the divisions sorted. The kernel's
decompositions of complete counts are the same sets of blocks, so the usual call is
one completeness check and one decomposition, with the blocks re-keyed as
``tile * 4 + type`` (ints that sort as the library's blocks). What the kernel does not
take whole goes the careful way: the library drops honours it cannot read as pungs
and at most one pair (so 15 tiles with an odd honour may divide), counts turn negative
when the melds are not among the tiles, and a negative meld index counts from the end.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from .. import _backend
from ..decompose._reference import NOT_COUNTS
from ..core.errors import HandStatus, MeldTypeError
from ._input import counts_34

__all__ = ["MeldLike", "MeldTypeError", "divide_hand"]

_complete = _backend.kernel.is_complete_counts
_decompose = _backend.kernel.decompose
_BAD_COUNT, _NOT_COUNTS = int(HandStatus.BAD_COUNT), NOT_COUNTS  # is_complete_counts' -status values

# The library's block types, in its sort order, and the kernel's group kinds.
_QUAD, _TRIPLET, _PAIR, _SEQUENCE = 0, 1, 2, 3
_TYPE_OF_KIND = {0: _SEQUENCE, 1: _TRIPLET, 2: _QUAD, 3: _PAIR}
_KEY = {(kind, t): t * 4 + ty for kind, ty in _TYPE_OF_KIND.items() for t in range(34)}
"""A kernel group ``(kind, tile)`` as its block key ``tile * 4 + type``."""
_TILES_OF_KEY = [[t, t + 1, t + 2] if ty == _SEQUENCE else [t] * (4 - ty if ty < 2 else 2)
                 for t in range(34) for ty in range(4)]
"""A block key's tiles (copied for each result)."""
_MELD_TYPES = {"chi": _SEQUENCE, "pon": _TRIPLET, "kan": _QUAD, "shouminkan": _QUAD}


class MeldLike(Protocol):
    """What ``divide_hand`` reads of a meld: the library's ``Meld`` or this package's."""

    @property
    def type(self) -> str | None: ...

    @property
    def tiles_34(self) -> Sequence[int]: ...


def divide_hand(tiles_34: Sequence[int], melds: Collection[MeldLike] | None = None) -> list[list[list[int]]]:
    """The divisions of ``tiles_34`` (34 counts, the melds' tiles included): each a
    sorted list of blocks (a block is its tile indices), in the library's order;
    ``[]`` if there is none.

    >>> divide_hand([3, 3, 3, 0, 0, 0, 0, 3, 2] + [0] * 25)
    [[[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]

    :raises MeldTypeError: for a meld that is not a chi, pon, kan or shouminkan.
    :raises InvalidHandError: if ``tiles_34`` is not 34 integer counts.
    """
    found = _complete(tiles_34)
    if found == -_BAD_COUNT:
        return []  # a count outside 0-4: the library checks this first
    counts: list[int] = tiles_34 if type(tiles_34) is list and found != -_NOT_COUNTS else counts_34(tiles_34)
    if not melds:
        if found != 1:
            return [] if found == 0 else _careful(counts[:], [])
        divisions = []
        for groups in _decompose(counts):
            if len(groups) == 5:
                a, b, c, d, e = groups
                keys = [_KEY[a], _KEY[b], _KEY[c], _KEY[d], _KEY[e]]
                keys.sort()
                divisions.append(keys)
        if 1 not in counts and 3 not in counts and counts.count(2) == 7:
            divisions.append([t * 4 + _PAIR for t in range(34) if counts[t] == 2])
        return _output(divisions)
    pure = counts[:]
    melded = []
    for meld in melds:  # every meld read before any is taken out, as the library does:
        ty = _MELD_TYPES.get(meld.type or "")  # a bad type raises before a bad tile
        key = meld.tiles_34[0] * 4 + ty if ty is not None else _meld_key(meld)  # (which raises)
        if key < 0:
            return _careful_melds(counts, melds)
        melded.append(key)
    for key in melded:
        for t in _TILES_OF_KEY[key]:  # past the last tile: IndexError, as the library's
            pure[t] -= 1
    found = _complete(pure)
    if found == 1:
        divisions = []
        for groups in _decompose(pure):
            if len(groups) + len(melded) == 5:
                keys = list(map(_KEY.__getitem__, groups))
                keys += melded
                keys.sort()
                divisions.append(keys)
        return _output(divisions)
    if found == 0 and _honours_readable(pure[27:]):
        return []
    return _careful(pure, [divmod(key, 4) for key in melded])


def _output(divisions: list[list[int]]) -> list[list[list[int]]]:
    """Divisions of sorted block keys as the library's lists, in its order."""
    if len(divisions) == 1 and len(divisions[0]) == 5:  # the usual answer, built without loops
        a, b, c, d, e = divisions[0]
        return [[_TILES_OF_KEY[a][:], _TILES_OF_KEY[b][:], _TILES_OF_KEY[c][:], _TILES_OF_KEY[d][:],
                 _TILES_OF_KEY[e][:]]]
    divisions.sort()
    return [[_TILES_OF_KEY[key][:] for key in keys] for keys in divisions]


def _meld_key(meld: MeldLike) -> int:
    """A declared meld's block key (the library reads its first tile, then its type)."""
    tile = meld.tiles_34[0]
    ty = _MELD_TYPES.get(meld.type or "")
    if ty is None:
        raise MeldTypeError(f"invalid meld type: {meld.type}, tiles: {meld.tiles_34}; a meld to divide a hand "
                            "with is a chi, pon, kan or shouminkan")
    return tile * 4 + ty


def _block_tiles(tile: int, ty: int) -> list[int]:
    return [tile, tile + 1, tile + 2] if ty == _SEQUENCE else [tile] * (2 if ty == _PAIR else 4 - ty)


def _honours_readable(honours: list[int]) -> bool:
    """Whether the library reads the honours as pungs and at most one pair."""
    return all(c in (0, 2, 3) for c in honours) and honours.count(2) <= 1


def _careful_melds(counts: list[int], melds: Collection[MeldLike]) -> list[list[list[int]]]:
    """As the careful way, with the melds' tiles taken out index by index (negative ones too)."""
    blocks = [divmod(_meld_key(meld), 4) for meld in melds]
    pure = counts[:]
    for tile, ty in blocks:
        for t in _block_tiles(tile, ty):
            pure[t] -= 1
    return _careful(pure, blocks)


def _careful(pure: list[int], blocks: list[tuple[int, int]]) -> list[list[list[int]]]:
    """The library's divisions of concealed counts ``pure`` (the melds' tiles taken out;
    changed here) with the melds' ``(tile, type)`` blocks."""
    found: list[list[tuple[int, int]]] = []
    if not blocks and pure.count(2) == 7 and pure.count(0) == 27:
        found.append([(t, _PAIR) for t in range(34) if pure[t] == 2])
    if not _honours_readable(pure[27:]):
        pure[27:] = [0] * 7
    if min(pure) >= 0 and sum(pure) == 14 - 3 * len(blocks):
        for groups in _decompose(pure):
            found.append(sorted([(t, _TYPE_OF_KIND[kind]) for kind, t in groups] + blocks))
    found.sort()
    return [[_block_tiles(tile, ty) for tile, ty in division] for division in found]
