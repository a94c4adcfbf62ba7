"""The one place bulk input is checked: hands, meld bytes, joker columns, thread counts.

Every ``*_many`` call reads its arguments through these functions, so a bad argument
raises the same :class:`~mjscore.core.errors.InvalidHandError`, with the same words,
whichever call was given it; what a single row gets wrong is left to the kernels, which
mark the row with a status instead.

>>> as_batch([[0] * 33 + [2]]).dtype, meld_batch(None, 2).tolist()
(dtype('uint8'), [[255, 255, 255, 255], [255, 255, 255, 255]])
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import InvalidContextError, InvalidHandError
from ..core.group_codes import NO_GROUP
from ..core.hand import MAX_JOKERS

__all__ = ["MELDS_PER_ROW", "NO_MELDS", "as_batch", "meld_batch", "meld_rows", "joker_batch",
           "int_column", "claimed_batch", "CLAIMED_MARKS", "check_threads", "available_cores"]

U8 = npt.NDArray[np.uint8]
_UINT8 = np.dtype(np.uint8)

MELDS_PER_ROW = 4
"""Meld bytes per row: a hand declares at most four melds."""
NO_MELDS = bytes([NO_GROUP] * MELDS_PER_ROW)
"""The four meld bytes of a row without melds."""

# Rows of no melds, as many as any batch has, in no memory (stride 0); slicing it costs
# a tenth of np.broadcast_to, which a single-row call would pay on every call.
_NO_MELD_ROWS = np.broadcast_to(np.frombuffer(NO_MELDS, dtype=np.uint8), (1 << 48, MELDS_PER_ROW))


def as_batch(counts: Any) -> U8:
    """The C-contiguous ``(n, 34)`` uint8 array the kernels read, from any integer array.

    Values outside 0-4 become 5, so the kernels mark the row ``BAD_COUNT`` (never wrapped
    around).

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


def meld_batch(melds: Any, n: int) -> U8:
    """The ``(n, 4)`` uint8 meld bytes the kernels read, from ``melds`` (None: no melds,
    as a read-only view that costs no memory).

    :raises InvalidHandError: for another shape (padding a narrower array would guess
        which melds are missing), a non-integer dtype, or a value outside 0-255.
    """
    if melds is None:
        return _NO_MELD_ROWS[:n]
    if type(melds) is np.ndarray and melds.dtype is _UINT8 and melds.shape == (n, MELDS_PER_ROW):
        return np.ascontiguousarray(melds)  # the usual meld array, checked at the least cost
    array = np.asarray(melds)
    if array.shape != (n, MELDS_PER_ROW):
        raise InvalidHandError(f"melds: expected an ({n}, {MELDS_PER_ROW}) array of meld codes "
                               f"(0xFF for no meld), got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise InvalidHandError(f"melds: meld codes must be integers (ideally uint8), got dtype {array.dtype}")
    if array.dtype == np.uint8:
        return np.ascontiguousarray(array)  # the layout the kernels read: no copy
    if ((array < 0) | (array > 255)).any():
        raise InvalidHandError("melds: meld codes are bytes (0-255)")
    return np.ascontiguousarray(array, dtype=np.uint8)


def meld_rows(melds: Any, n: int) -> U8:
    """:func:`meld_batch` laid out C-contiguous row by row, as kernels that take
    ``uint8_t[:, ::1]`` need (no melds: a real array of 0xFF)."""
    return np.ascontiguousarray(meld_batch(melds, n))


def joker_batch(jokers: Any, n: int) -> U8 | None:
    """The jokers column as ``(n,)`` uint8 from one count or ``n`` of them (None: None).
    A count above :data:`~mjscore.core.hand.MAX_JOKERS` (8) is kept: each call marks
    that row ``BAD_COUNT``, as it marks five of a tile.

    :raises InvalidHandError: for another shape, a non-integer dtype, or a count that is
        no byte (below 0 or above 255), as :func:`meld_batch` raises for such a meld code.
    """
    if jokers is None:
        return None
    array = np.asarray(jokers)
    if array.shape not in ((), (n,)):
        raise InvalidHandError(f"jokers: expected an ({n},) integer array or one count, got shape {array.shape}")
    if array.dtype.kind not in "iu":
        # both phrasings the distance and scoring calls said before they shared this check
        raise InvalidHandError(f"jokers: joker counts must be integers (ideally uint8), got dtype {array.dtype} "
                               f"(jokers: expected an ({n},) integer array or one count)")
    if array.dtype != np.uint8 and ((array < 0) | (array > 255)).any():
        wrong = int(array[(array < 0) | (array > 255)].flat[0])
        raise InvalidHandError(f"jokers: a joker count is 0 to {MAX_JOKERS} (a byte, 0-255, at most), got {wrong}")
    return np.ascontiguousarray(np.broadcast_to(array, (n,)), dtype=np.uint8)


def int_column(value: Any, name: str, n: int, top: int | None) -> npt.NDArray[Any]:
    """A column of small integers (``score_many``'s ``bonus``, ``claimed`` and
    ``dealer_streak``) from one value or ``n`` of them: an ``(n,)`` integer array (a
    read-only view of one value repeated), each from 0 to ``top`` (None: no top).

    :raises InvalidContextError: for another shape, a non-integer dtype or a value out of
        its range.
    """
    array = np.asarray(value)
    if array.shape not in ((), (n,)):
        raise InvalidContextError(f"{name}: expected a scalar or an array of shape ({n},), "
                                  f"got shape {array.shape}")  # (as score_many says of its other columns)
    if array.dtype.kind not in "iub" or (array.size and (array.min() < 0 or top is not None and array.max() > top)):
        what = f"0-{top}" if top is not None else "0 or more"
        raise InvalidContextError(f"{name} must be integers {what}, got {value!r:.60}")
    return np.broadcast_to(array, (n,))


CLAIMED_MARKS = 15
"""The largest ``claimed`` value: a bit for each of a row's four melds."""


def claimed_batch(claimed: Any, n: int) -> U8 | None:
    """The ``claimed`` column (which of a row's melds are claimed kongs: bit ``k`` its
    ``k``-th meld, counting the bytes other than 0xFF) as ``(n,)`` uint8, from one value or
    ``n`` (None: None). Whether each mark stands on an exposed kong is each row's to say
    (``BAD_MELD``).

    :raises InvalidContextError: as :func:`int_column`, for values outside 0-15.
    """
    if claimed is None:
        return None
    return np.ascontiguousarray(int_column(claimed, "claimed", n, CLAIMED_MARKS), dtype=np.uint8)


def check_threads(threads: object) -> int:
    """How many threads a bulk call's ``threads`` asks for: a positive integer as given, or
    ``0`` or ``None`` for every core this process may run on.

    :raises InvalidHandError: for anything else.
    """
    if type(threads) is int and threads > 0:  # the usual call (a single row's too): no more checks
        return threads
    if threads is None:
        return available_cores()
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 0:
        raise InvalidHandError(f"threads must be a positive integer, or 0 or None for every core; got {threads!r}")
    return int(threads) or available_cores()


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1
