"""Useful tiles: which draws bring a hand closer to complete, and how many copies are left.

For a hand of ``3k + 1`` tiles (13 with its melds), a tile is **useful** when drawing
it lowers the hand's shanten (:mod:`mjscore.shanten`; the minimum over the forms asked
for) and a copy of it exists outside the hand and its declared melds. The **copies
left** of a useful tile are 4 minus the copies seen: the hand's own, those in its
melds, and those the caller says are ``visible`` (discards, other players' melds,
indicators), never below 0.

A hand of ``3k + 2`` tiles (14) is read per discard: for each kind it holds, the
shanten after throwing one, and the useful tiles then; the thrown tile counts as seen.

>>> import mjscore
>>> found = mjscore.useful_tiles("123m456p789s1122z")
>>> found.shanten, [str(t) for t in found.tiles], found.copies, found.remaining
(0, ['1z', '2z'], (2, 2), 4)
>>> after = dict(mjscore.useful_tiles("123m456p789s11223z").discards)
>>> after[mjscore.Tile.WEST].shanten, [str(t) for t in after[mjscore.Tile.WEST].tiles]
(0, ['1z', '2z'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..decompose.bulk import run_in_parts
from ..rows.coerce import as_batch, meld_rows
from ..core.errors import HandStatus, InvalidHandError
from ..core.hand import Hand
from ..rows.codec import meld_tile_counts
from .shanten import Form, FormsLike, engine, form_bits, hand_bytes, raise_status
from ..core.tile import Tile

__all__ = ["UsefulTiles", "UsefulTilesMany", "useful_tiles", "useful_tiles_many", "tiles_of_mask",
           "NO_DISCARD"]

NO_DISCARD = 127
"""The shanten in a per-discard column of a tile the row does not hold (and of a bad row)."""


def tiles_of_mask(mask: int) -> tuple[Tile, ...]:
    """The tiles of a 34-bit mask (bit ``t`` = tile ``t``), in tile order.

    >>> tiles_of_mask(0b101)
    (<Tile.M1: 0>, <Tile.M3: 2>)
    """
    mask = int(mask)
    return tuple(Tile(t) for t in range(34) if mask >> t & 1)


@dataclass(frozen=True, slots=True)
class UsefulTiles:
    """What one hand may draw. For ``3k + 1`` tiles: its ``shanten``, the useful ``tiles``
    and the ``copies`` left of each (same order). For ``3k + 2`` tiles: its own
    ``shanten``, no tiles, and per kind held (in tile order) the hand after discarding
    one, in ``discards``."""

    shanten: int
    tiles: tuple[Tile, ...] = ()
    copies: tuple[int, ...] = ()
    discards: tuple[tuple[Tile, UsefulTiles], ...] = ()

    @property
    def remaining(self) -> int:
        """Copies left of all the useful tiles together."""
        return sum(self.copies)


@dataclass(frozen=True, slots=True)
class UsefulTilesMany:
    """Useful tiles of a batch. ``per_discard`` False (rows of ``3k + 1`` tiles):
    ``shanten`` (n,) int8, ``mask`` (n,) uint64 (bit ``t``: tile ``t`` is useful),
    ``copies`` (n, 34) uint8 (copies left of each useful tile, 0 elsewhere) and
    ``remaining`` (n,) int16 (their sum). ``per_discard`` True (rows of ``3k + 2``):
    column ``d`` is the row after discarding tile ``d``: ``shanten`` (n, 34) int8
    (:data:`NO_DISCARD` where the row holds no ``d``), ``mask`` (n, 34) uint64,
    ``remaining`` (n, 34) int16, and ``copies`` None. ``status`` (n,) uint8: each row's
    :class:`~mjscore.core.errors.HandStatus`; a bad row has shanten :data:`NO_DISCARD` and
    no useful tiles."""

    per_discard: bool
    shanten: npt.NDArray[np.int8]
    mask: npt.NDArray[np.uint64]
    remaining: npt.NDArray[np.int16]
    copies: npt.NDArray[np.uint8] | None
    status: npt.NDArray[np.uint8]


def visible_rows(visible: Any, n: int) -> npt.NDArray[np.uint8]:
    """``visible`` as the ``(1 | n, 34)`` uint8 counts the kernels read."""
    if visible is None:
        return np.zeros((1, 34), dtype=np.uint8)
    array = np.asarray(visible)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2 or array.shape[1] != 34 or array.shape[0] not in (1, n) or array.dtype.kind not in "iu":
        raise InvalidHandError(f"visible: expected 34 integer tile counts or an ({n}, 34) array of them, "
                               f"got shape {array.shape} and dtype {array.dtype}")
    if ((array < 0) | (array > 4)).any():
        raise InvalidHandError("visible: a tile count is outside 0-4")
    return np.ascontiguousarray(array, dtype=np.uint8)


def useful_tiles_many(counts: Any, *, melds: Any = None, visible: Any = None, forms: FormsLike = Form.ALL,
                      per_discard: bool | None = None, threads: int | None = 1) -> UsefulTilesMany:
    """Useful tiles of ``(n, 34)`` concealed counts with ``(n, 4)`` meld bytes
    (:mod:`mjscore.rows`); ``visible`` is 34 counts for every row or ``(n, 34)``.
    Every argument but ``counts`` is a keyword, as in the other ``*_many`` calls; the
    record returned always carries each row's status (:attr:`UsefulTilesMany.status`),
    so there is no ``return_status``.

    ``per_discard`` picks the layout (:class:`UsefulTilesMany`); None: per discard when
    the first row holds ``3k + 2`` tiles (a meld counting three). A row of the other
    kind is marked ``WRONG_SIZE``.

    >>> import mjscore
    >>> found = useful_tiles_many([mjscore.parse_tiles("123m456p789s1122z")])
    >>> [str(t) for t in tiles_of_mask(found.mask[0])], found.remaining.tolist()
    (['1z', '2z'], [4])
    """
    batch = as_batch(counts)
    n = batch.shape[0]
    codes = meld_rows(melds, n)
    seen = visible_rows(visible, n)
    bits = form_bits(forms)
    if per_discard not in (None, True, False):  # (numpy's bools too)
        raise InvalidHandError(f"per_discard: expected True, False or None, not {per_discard!r:.40}")
    if per_discard is None:
        per_discard = bool(n) and (int(batch[0].sum()) + 3 * int((codes[0] != 0xFF).sum())) % 3 == 2
    status = np.empty(n, dtype=np.uint8)
    shared = seen.shape[0] == 1
    shape: tuple[int, ...] = (n, 34) if per_discard else (n,)
    shanten = np.empty(shape, dtype=np.int8)
    mask = np.empty(shape, dtype=np.uint64)
    if per_discard:
        remaining = np.empty(shape, dtype=np.int16)
        run_in_parts(n, threads, lambda rows: engine.discards_many(
            batch[rows], codes[rows], seen if shared else seen[rows], bits, shanten[rows], mask[rows],
            remaining[rows], status[rows]))
        return UsefulTilesMany(True, shanten, mask, remaining, None, status)
    copies = np.empty((n, 34), dtype=np.uint8)
    run_in_parts(n, threads, lambda rows: engine.useful_many(
        batch[rows], codes[rows], seen if shared else seen[rows], bits, shanten[rows], mask[rows], copies[rows],
        status[rows]))
    return UsefulTilesMany(False, shanten, mask, copies.sum(axis=1, dtype=np.int16), copies, status)


def useful_tiles(hand: Hand | str | Any, visible: Any = None, forms: FormsLike = Form.ALL) -> UsefulTiles:
    """The useful tiles of one hand (see the module docstring): a :class:`~mjscore.Hand`,
    its notation, or 34 counts; ``visible``: 34 counts of tiles seen elsewhere.

    :raises InvalidHandError: for a size shanten does not accept, bad counts or melds.
    """
    counts, melds = hand_bytes(hand)
    row = np.frombuffer(counts, dtype=np.uint8).reshape(1, 34)
    codes = np.frombuffer(melds, dtype=np.uint8).reshape(1, 4)
    found = useful_tiles_many(row, melds=codes, visible=visible, forms=forms)
    if found.status[0] != HandStatus.OK:
        raise_status(int(found.status[0]))
    if not found.per_discard:
        assert found.copies is not None
        tiles = tiles_of_mask(int(found.mask[0]))
        return UsefulTiles(int(found.shanten[0]), tiles, tuple(int(found.copies[0, t]) for t in tiles))
    in_melds, _ = meld_tile_counts(codes)
    seen = row[0].astype(np.int64) + in_melds[0] + visible_rows(visible, 1)[0]
    discards = []
    for d in np.flatnonzero(row[0]).tolist():
        tiles = tiles_of_mask(int(found.mask[0, d]))
        discards.append((Tile(d), UsefulTiles(int(found.shanten[0, d]), tiles,
                                              tuple(max(0, 4 - int(seen[t])) for t in tiles))))
    own = engine.shanten_one(counts, melds, form_bits(forms))
    return UsefulTiles(own, discards=tuple(discards))
