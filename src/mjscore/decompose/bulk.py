"""Bulk entry points over an ``(n, 34)`` array of tile counts: the ``*_many`` functions.

Each row is one hand's concealed counts in 34-index order. The array is checked
once here (shape, integer dtype), then the kernel validates and computes every
row with the GIL released, so several threads can share a batch. A bad row
(a count above 4, a wrong tile total) never stops the batch: its result is zero
and its :class:`~mjscore.core.errors.HandStatus` says why (``return_status=True``).

Accepted input: anything :func:`numpy.asarray` turns into a 2-D integer array
with 34 columns, C-contiguous or not, writeable or not. Integer dtypes other
than uint8 are accepted; their values outside 0..4 mark the row ``BAD_COUNT``
(never wrapped around). Float, bool, object or string arrays raise
:class:`~mjscore.core.errors.InvalidHandError` (:mod:`mjscore.rows.coerce` checks
every bulk call's input).

Declared melds. Every call here takes ``melds=``, an ``(n, 4)`` array of meld bytes
(:mod:`mjscore.rows`), with one meaning: a row's concealed tiles and its melds make
the hand, a meld counting as its tiles (a kong as four, and as three towards the
hand's size), so the row must hold 14 tiles (13 for :func:`waits_many`), else
``WRONG_SIZE``; five of a tile counting the melds' is ``BAD_COUNT``; a byte that is no
meld ``BAD_MELD``. Without ``melds=``, a row of fewer tiles stands for a hand whose
other tiles are declared melds, unchecked.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from .. import _backend
from ..core.errors import HandStatus
from ..rows.codec import NO_MELD, meld_tile_counts
from ..rows.coerce import as_batch, check_threads, meld_batch

__all__ = [
    "is_complete_many", "shapes_many", "decomposition_count_many",
    "waits_many", "decompose_many",
]

U8 = npt.NDArray[np.uint8]
_UINT8 = np.dtype(np.uint8)

#: Batches smaller than this run on the calling thread whatever ``threads`` says:
#: starting threads costs more than the work.
MIN_ROWS_PER_THREAD = 4096
#: Several threads take a batch in slices of about this many rows (a few milliseconds
#: of scoring), at most ``SLICES_PER_THREAD`` a thread.
ROWS_PER_SLICE = 16384
SLICES_PER_THREAD = 32


def run_in_parts(n: int, threads: int | None, work: Callable[[slice], None]) -> None:
    """Call ``work(rows)`` on contiguous row slices covering ``range(n)``, on up to
    ``threads`` threads (the calling one among them).

    The kernels release the GIL, so the slices run in parallel. With several threads
    the rows are cut into slices that each thread takes as it comes free, not one
    share a thread fixed in advance: a thread the machine's other work slows down, or
    one whose rows cost more (jokers, special hands), takes fewer slices, and the
    threads finish together. The rows' answers do not depend on the cut.
    """
    parts = min(check_threads(threads), max(1, n // MIN_ROWS_PER_THREAD))
    if parts == 1:
        work(slice(0, n))
        return
    slices = min(parts * SLICES_PER_THREAD, max(parts, n // ROWS_PER_SLICE))
    bounds = [n * k // slices for k in range(slices + 1)]
    run_each(list(range(slices)), parts, lambda k: work(slice(bounds[k], bounds[k + 1])))


def run_each(items: list[int], threads: int, work: Callable[[int], None]) -> None:
    """Call ``work(item)`` for each of ``items`` on ``threads`` threads (the calling one
    among them), each taking the next item as it comes free: for jobs of uneven length,
    which ``items`` should list longest first."""
    queue = iter(items)  # a list iterator hands each item out once, under the GIL

    def drain() -> None:
        for item in queue:
            work(item)

    jobs = [_pool().submit(drain) for _ in range(min(threads, len(items)) - 1)]
    drain()
    for job in jobs:
        job.result()


def _run(fill: Callable[[U8, Any, U8], None], batch: U8, out: Any, threads: int | None) -> U8:
    """Run a kernel ``fill(rows, out_rows, status_rows)`` over the batch; the status array."""
    status = np.zeros(batch.shape[0], dtype=np.uint8)
    run_in_parts(batch.shape[0], threads,
                 lambda rows: fill(batch[rows], out[rows], status[rows]))
    return status


def _with_melds(batch: U8, melds: Any, status: U8, size: int) -> npt.NDArray[np.int64] | None:
    """Mark the rows that ``melds`` make wrong (see the module docstring) in ``status``;
    the rows' tile counts, melds included (None without melds)."""
    if melds is None:
        return None
    codes = meld_batch(melds, batch.shape[0])
    held, bad_meld = meld_tile_counts(codes)
    held += batch
    sizes = batch.sum(axis=1, dtype=np.int64) + 3 * (codes != NO_MELD).sum(axis=1)
    status[(status == HandStatus.OK) & (sizes != size)] = HandStatus.WRONG_SIZE
    status[(held > 4).any(axis=1) & (batch <= 4).all(axis=1)] = HandStatus.BAD_COUNT
    status[bad_meld] = HandStatus.BAD_MELD
    return held


_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    """One long-lived pool: starting threads per call would eat the gain on mid-size batches."""
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=64, thread_name_prefix="mjscore"))
    return _POOL[0]


@overload
def is_complete_many(counts: Any, *, melds: Any = None, threads: int | None = 1,
                     return_status: Literal[False] = False) -> npt.NDArray[np.bool_]: ...
@overload
def is_complete_many(counts: Any, *, melds: Any = None, threads: int | None = 1,
                     return_status: Literal[True]) -> tuple[npt.NDArray[np.bool_], U8]: ...
def is_complete_many(counts: Any, *, melds: Any = None, threads: int | None = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: whether each row is complete (standard, seven pairs, thirteen orphans).

    Rows of 2, 5, 8, 11 or 14 tiles are accepted (fewer than 14: the rest are
    declared melds); other rows are ``False`` with status ``WRONG_SIZE``. With
    ``melds`` (``(n, 4)`` meld bytes), each row's concealed tiles and melds make
    14 tiles, a kong counting three (see the module docstring).

    >>> import numpy as np
    >>> is_complete_many(np.array([[2] * 7 + [0] * 27, [1] * 14 + [0] * 20], dtype=np.uint8))
    array([ True, False])
    """
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.uint8)
    status = _run(_backend.kernel.is_complete_many, batch, out, threads)
    if _with_melds(batch, melds, status, 14) is not None:
        out[status != HandStatus.OK] = 0
    result = out.view(np.bool_)
    return (result, status) if return_status else result


def shapes_many(counts: Any, *, melds: Any = None, threads: int | None = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: each row's :class:`~mjscore.decompose.Shape` flags as uint8.

    ``melds``: ``(n, 4)`` meld bytes, as for :func:`is_complete_many` (a row with a
    meld can make only the standard shape)."""
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.uint8)
    status = _run(_backend.kernel.shapes_many, batch, out, threads)
    if _with_melds(batch, melds, status, 14) is not None:
        out[status != HandStatus.OK] = 0
    return (out, status) if return_status else out


def decomposition_count_many(counts: Any, *, melds: Any = None, threads: int | None = 1,
                             return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: how many standard decompositions each row has (int32).

    ``melds``: ``(n, 4)`` meld bytes, as for :func:`is_complete_many` (declared melds
    are one way each: they add no decompositions)."""
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.int32)
    status = _run(_backend.kernel.decomposition_count_many, batch, out, threads)
    if _with_melds(batch, melds, status, 14) is not None:
        out[status != HandStatus.OK] = 0
    return (out, status) if return_status else out


def waits_many(counts: Any, *, melds: Any = None, threads: int | None = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: each 13-tile row's waits as a 34-bit mask (uint64, bit t = tile t).

    Rows of 1, 4, 7, 10 or 13 tiles are accepted; a tile held four times is never a wait.
    With ``melds`` (``(n, 4)`` meld bytes, :mod:`mjscore.rows`), a row's concealed tiles
    and melds make 13 tiles (a meld counting three), else ``WRONG_SIZE``; a tile whose
    four copies are among the row's concealed tiles and melds is no wait; a byte that is
    no meld marks the row ``BAD_MELD``, five of a tile ``BAD_COUNT``.

    >>> import numpy as np
    >>> row = np.zeros((1, 34), dtype=np.uint8); row[0, :9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    >>> bin(int(waits_many(row)[0]))
    '0b111111111'
    """
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.uint64)
    status = _run(_backend.kernel.waits_many, batch, out, threads)
    held = _with_melds(batch, melds, status, 13)
    if held is not None:
        out &= ~((held >= 4).astype(np.uint64) << np.arange(34, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
        out[status != HandStatus.OK] = 0
    return (out, status) if return_status else out


def decompose_many(counts: Any, *, melds: Any = None) -> tuple[npt.NDArray[np.int64], U8, U8]:
    """``(n, 34) -> (offsets, groups, status)``: every row's standard decompositions.

    Row ``i`` owns ``groups[offsets[i]:offsets[i + 1]]``. Each row of ``groups``
    is one decomposition: five group bytes ``kind * 34 + tile`` (:mod:`mjscore.core.group_codes`:
    kind 0 sequence, 1 triplet, 3 pair; ``tile`` the lowest tile), sorted, padded with ``0xFF``
    when declared melds leave fewer groups. ``Group.from_code`` reads a byte.

    With ``melds`` (``(n, 4)`` meld bytes, as for :func:`is_complete_many`), the padding
    holds the row's meld bytes instead, sorted with the rest, so each decomposition
    lists the whole hand; a row the melds make wrong has no decompositions.

    The status always comes back (the offsets already say which rows have none), and
    the call runs on one thread: its output is one ragged array.
    """
    batch = as_batch(counts)
    offsets, groups, status = _backend.kernel.decompose_many(batch)
    if melds is None:
        return offsets, groups, status
    _with_melds(batch, melds, status, 14)
    codes = np.sort(meld_batch(melds, batch.shape[0]), axis=1)  # a row's melds first, wherever it put them
    per_row = np.diff(offsets)
    keep = np.where(status == HandStatus.OK, per_row, 0)
    kept = np.repeat(status == HandStatus.OK, per_row)
    owner = np.repeat(np.arange(batch.shape[0]), keep)
    groups = groups[kept].copy()
    padding = groups == NO_MELD
    groups[:, 1:][padding[:, 1:]] = codes[owner][:, ::-1][padding[:, 1:]]  # melds first in a row, pads last
    groups.sort(axis=1)
    offsets = np.concatenate(([0], np.cumsum(keep))).astype(offsets.dtype)
    return offsets, groups, status
