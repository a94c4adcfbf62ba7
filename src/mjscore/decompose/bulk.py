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
:class:`~mjscore.core.errors.InvalidHandError`.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from .. import _backend
from ..core.errors import HandStatus, InvalidHandError
from ..rows.codec import NO_MELD, meld_batch, meld_tile_counts

__all__ = [
    "as_batch", "is_complete_many", "shapes_many", "decomposition_count_many",
    "waits_many", "decompose_many",
]

U8 = npt.NDArray[np.uint8]
_UINT8 = np.dtype(np.uint8)

#: Batches smaller than this run on the calling thread whatever ``threads`` says:
#: starting threads costs more than the work.
MIN_ROWS_PER_THREAD = 4096


def as_batch(counts: Any) -> U8:
    """The C-contiguous ``(n, 34)`` uint8 array the kernel reads, from any integer array.

    :raises InvalidHandError: for a shape other than ``(n, 34)`` or a non-integer dtype.
    """
    if type(counts) is np.ndarray and counts.dtype is _UINT8 and counts.ndim == 2 and counts.shape[1] == 34:
        return np.ascontiguousarray(counts)  # the usual batch, checked at the least cost
    try:
        array = np.asarray(counts)
    except (ValueError, TypeError) as error:  # ragged nested lists and the like
        raise InvalidHandError(f"expected an (n, 34) array of tile counts: {error}") from None
    if array.ndim != 2 or array.shape[1] != 34:
        raise InvalidHandError(
            f"expected an (n, 34) array of tile counts, got shape {array.shape}")
    if array.dtype == np.uint8:
        return np.ascontiguousarray(array)
    if array.dtype.kind not in "iu":
        raise InvalidHandError(
            f"tile counts must be integers (ideally uint8), got dtype {array.dtype}")
    # 5 is out of range, so a value that would wrap or saturate is still reported.
    out_of_range = (array < 0) | (array > 4)
    return np.ascontiguousarray(np.where(out_of_range, 5, array).astype(np.uint8))


def check_threads(threads: object) -> None:
    """:raises InvalidHandError: unless ``threads`` is a positive integer."""
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise InvalidHandError(f"threads must be a positive integer, got {threads!r}")


def run_in_parts(n: int, threads: int, work: Callable[[slice], None]) -> None:
    """Call ``work(rows)`` on contiguous row slices covering ``range(n)``, one per thread.

    The kernels release the GIL, so the slices run in parallel; the calling thread
    takes the first slice itself.
    """
    check_threads(threads)
    parts = min(threads, max(1, n // MIN_ROWS_PER_THREAD))
    bounds = [n * k // parts for k in range(parts + 1)]
    jobs = [_pool().submit(work, slice(a, b)) for a, b in zip(bounds[1:-1], bounds[2:])]
    work(slice(0, bounds[1]))
    for job in jobs:
        job.result()


def _run(fill: Callable[[U8, Any, U8], None], batch: U8, out: Any, threads: int) -> U8:
    """Run a kernel ``fill(rows, out_rows, status_rows)`` over the batch; the status array."""
    status = np.zeros(batch.shape[0], dtype=np.uint8)
    run_in_parts(batch.shape[0], threads,
                 lambda rows: fill(batch[rows], out[rows], status[rows]))
    return status


_POOL: list[ThreadPoolExecutor] = []


def _pool() -> ThreadPoolExecutor:
    """One long-lived pool: starting threads per call would eat the gain on mid-size batches."""
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=64, thread_name_prefix="mjscore"))
    return _POOL[0]


@overload
def is_complete_many(counts: Any, *, threads: int = 1,
                     return_status: Literal[False] = False) -> npt.NDArray[np.bool_]: ...
@overload
def is_complete_many(counts: Any, *, threads: int = 1,
                     return_status: Literal[True]) -> tuple[npt.NDArray[np.bool_], U8]: ...
def is_complete_many(counts: Any, *, threads: int = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: whether each row is complete (standard, seven pairs, thirteen orphans).

    Rows of 2, 5, 8, 11 or 14 tiles are accepted (fewer than 14: the rest are
    declared melds); other rows are ``False`` with status ``WRONG_SIZE``.

    >>> import numpy as np
    >>> is_complete_many(np.array([[2] * 7 + [0] * 27, [1] * 14 + [0] * 20], dtype=np.uint8))
    array([ True, False])
    """
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.uint8)
    status = _run(_backend.kernel.is_complete_many, batch, out, threads)
    result = out.view(np.bool_)
    return (result, status) if return_status else result


def shapes_many(counts: Any, *, threads: int = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: each row's :class:`~mjscore.decompose.Shape` flags as uint8."""
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.uint8)
    status = _run(_backend.kernel.shapes_many, batch, out, threads)
    return (out, status) if return_status else out


def decomposition_count_many(counts: Any, *, threads: int = 1, return_status: bool = False) -> Any:
    """``(n, 34) -> (n)``: how many standard decompositions each row has (int32)."""
    batch = as_batch(counts)
    out = np.zeros(batch.shape[0], dtype=np.int32)
    status = _run(_backend.kernel.decomposition_count_many, batch, out, threads)
    return (out, status) if return_status else out


def waits_many(counts: Any, *, melds: Any = None, threads: int = 1, return_status: bool = False) -> Any:
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
    if melds is not None:
        codes = meld_batch(melds, batch.shape[0])
        held, bad_meld = meld_tile_counts(codes)
        held += batch
        size = batch.sum(axis=1, dtype=np.int64) + 3 * (codes != NO_MELD).sum(axis=1)
        status[(status == HandStatus.OK) & (size != 13)] = HandStatus.WRONG_SIZE
        status[(held > 4).any(axis=1) & (batch <= 4).all(axis=1)] = HandStatus.BAD_COUNT
        status[bad_meld] = HandStatus.BAD_MELD
        out &= ~((held >= 4).astype(np.uint64) << np.arange(34, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
        out[status != HandStatus.OK] = 0
    return (out, status) if return_status else out


def decompose_many(counts: Any) -> tuple[npt.NDArray[np.int64], U8, U8]:
    """``(n, 34) -> (offsets, groups, status)``: every row's standard decompositions.

    Row ``i`` owns ``groups[offsets[i]:offsets[i + 1]]``. Each row of ``groups``
    is one decomposition: five group bytes ``kind * 34 + tile`` (:mod:`mjscore.core.group_codes`:
    kind 0 sequence, 1 triplet, 3 pair; ``tile`` the lowest tile), sorted, padded with ``0xFF``
    when declared melds leave fewer groups. ``Group.from_code`` reads a byte.
    """
    return _backend.kernel.decompose_many(as_batch(counts))
