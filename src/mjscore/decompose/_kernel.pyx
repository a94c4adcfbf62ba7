"""The compiled kernel: the contract of ``_reference`` (read its docstring), made fast.

This module is the kernel's Python face (the functions ``_reference`` defines, and
their bulk ``*_many`` forms over (n, 34) arrays) and its C API for other engines
(``_kernel.pxd``). The work is done by the modules it cimports:

* ``_suits``: the per-suit tables (which suit keys split, their ways, their waits),
  built once on first use;
* ``_shapes``: complete shapes, waits and standard decompositions of 34 counts;
* ``_joker_table`` and ``_jokers_kernel``: the same with jokers.
"""

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBuffer_Release, PyObject_GetBuffer
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLong
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from mjscore.decompose cimport _joker_table
from mjscore.decompose cimport _jokers_kernel
from mjscore.decompose cimport _shapes
from mjscore.decompose._joker_table cimport JROW_BYTES, g_jkeys, g_jready
from mjscore.decompose._shapes cimport c_require_suit_tables, g_lock, g_suits
from mjscore.core._group_codes cimport NO_GROUP, group_kind, group_tile
from mjscore.decompose._suits cimport (N_KEYS, PyThread_acquire_lock, PyThread_release_lock,
                             SuitTables, _hash_find)

import numpy as np

from mjscore.core.group_codes import CHOW as SEQUENCE
from mjscore.core.group_codes import KONG as QUAD
from mjscore.core.group_codes import PAIR
from mjscore.core.group_codes import PUNG as TRIPLET

cdef extern from "Python.h":
    bint PyLong_CheckExact(object)

STANDARD, SEVEN_PAIRS, PAIRS_WITH_QUADS, THIRTEEN_ORPHANS, KNITTING, TRIPLE_KNITTING = 1, 2, 4, 8, 16, 32
OK, BAD_COUNT, WRONG_SIZE, NOT_COUNTS = 0, 1, 2, 4
COMPLETE_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
USE_PUNGS, USE_CHOWS, USE_PAIRS = 1, 2, 4

cdef enum:
    C_OK = 0
    C_BAD_COUNT = 1
    C_WRONG_SIZE = 2


# ---------------------------------------------------------------- the C API (_kernel.pxd)
#
# Defined here, so that an engine built against _kernel.pxd finds them in this
# module's C API whichever module does the work.

cdef int c_require_tables() except -1:
    return c_require_suit_tables()


cdef int c_is_complete(const uint8_t* counts) noexcept nogil:
    return _shapes.c_is_complete(counts)


cdef int c_shapes(const uint8_t* counts) noexcept nogil:
    return _shapes.c_shapes(counts)


cdef uint64_t c_waits(const uint8_t* counts) noexcept nogil:
    return _shapes.c_waits(counts)


cdef int c_decomposition_count(const uint8_t* counts) noexcept nogil:
    return _shapes.c_decomposition_count(counts)


cdef int c_decompose(const uint8_t* counts, uint8_t* out) noexcept nogil:
    return _shapes.c_decompose(counts, out)


cdef int c_other_wait(const uint8_t* counts, int removed, const uint8_t* held) noexcept nogil:
    return _shapes.c_other_wait(counts, removed, held)


cdef int c_is_complete_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    return _jokers_kernel.c_is_complete_jokers(counts, jokers, use, caps)


cdef int c_shapes_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    return _jokers_kernel.c_shapes_jokers(counts, jokers, use, caps)


cdef uint64_t c_waits_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    return _jokers_kernel.c_waits_jokers(counts, jokers, use, caps)


cdef int c_decompose_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                            uint8_t* out, int capacity) noexcept nogil:
    return _jokers_kernel.c_decompose_jokers(counts, jokers, use, caps, out, capacity)


# ---------------------------------------------------------------- Python surface


cdef inline int _row_status(const uint8_t* row, int wait_sizes) noexcept nogil:
    """Validate one row: counts 0..4 and a size of 3k+2 (3k+1 for waits), at most 14."""
    cdef int t, total = 0, c, worst = 0
    for t in range(34):
        c = row[t]
        total += c
        worst |= c
    if worst > 4:
        for t in range(34):
            if row[t] > 4:
                return C_BAD_COUNT
    if total > 14 or total % 3 != (1 if wait_sizes else 2):
        return C_WRONG_SIZE
    return C_OK


def suit_key(suit):
    """The base-5 key of one suit's nine counts."""
    cdef int r, key = 0
    for r in range(8, -1, -1):
        key = key * 5 + int(suit[r])
    return key


def suit_ways(int key):
    """Every way to split one suit into sets (and a pair iff 3k+2), as ``(kind, rank)``."""
    c_require_suit_tables()
    cdef const SuitTables* T = &g_suits
    if key < 0 or key >= N_KEYS:
        return ()
    cdef uint32_t found = _hash_find(T, key)
    cdef int i
    cdef uint64_t way
    ways = []
    for i in range(found & 0xFF):
        way = T.ways[(found >> 8) + i]
        groups = []
        while (way & 0xFF) != NO_GROUP:
            groups.append((group_kind(way & 0xFF), group_tile(way & 0xFF)))
            way >>= 8
        ways.append(tuple(sorted(groups)))
    return tuple(sorted(ways))


cdef int _load_counts(object counts, uint8_t* c) except -1:
    cdef int t
    for t in range(34):
        c[t] = counts[t]
    return 0


def decompose(counts):
    """All standard decompositions (sets and exactly one pair), sorted."""
    cdef uint8_t c[34]
    cdef uint8_t out[5 * 256]
    cdef int n, i, j
    c_require_suit_tables()
    _load_counts(counts, c)
    with nogil:  # counts validated by the caller: 34 values in 0..4
        n = c_decomposition_count(c)
        if 0 < n <= 256:
            n = c_decompose(c, out)
    if n > 256:  # unreachable for 14 tiles (at most 4 ways per suit); kept as a guard
        raise RuntimeError("too many decompositions")
    result = []
    for i in range(n):
        result.append(tuple([(group_kind(out[5 * i + j]), group_tile(out[5 * i + j]))
                             for j in range(5) if out[5 * i + j] != NO_GROUP]))
    return tuple(result)


def shapes(counts):
    """The shape flags the counts complete."""
    cdef uint8_t c[34]
    c_require_suit_tables()
    _load_counts(counts, c)
    return c_shapes(c)


def waits(counts):
    """Bit ``t`` set when adding tile ``t`` (held fewer than 4 times) completes the counts."""
    cdef uint8_t c[34]
    c_require_suit_tables()
    _load_counts(counts, c)
    return c_waits(c)


def other_wait(counts, int removed, held):
    """``c_other_wait`` for tests: 1 if ``counts`` less ``removed`` had another wait."""
    cdef uint8_t c[34]
    cdef uint8_t h[34]
    c_require_suit_tables()
    _load_counts(counts, c)
    _load_counts(held, h)
    if not 0 <= removed < 34 or c[removed] == 0:
        raise ValueError("removed must be a tile the counts hold")
    return c_other_wait(c, removed, h)


cdef inline int _finish_single(uint8_t* c) noexcept nogil:
    cdef int t, total = 0
    for t in range(34):
        if c[t] > 4:
            return -C_BAD_COUNT
        total += c[t]
    if total > 14 or total % 3 != 2:
        return -C_WRONG_SIZE
    return c_is_complete(c)


def is_complete_counts(obj):
    """1 or 0 for 34 integer counts; ``-status`` for a bad vector; -4 if not counts."""
    cdef uint8_t c[34]
    cdef Py_ssize_t t
    cdef long v
    cdef PyObject* item
    cdef Py_buffer view
    cdef const uint8_t* data
    c_require_suit_tables()
    if type(obj) is list or type(obj) is tuple:
        if (PyList_GET_SIZE(obj) if type(obj) is list else PyTuple_GET_SIZE(obj)) != 34:
            return -NOT_COUNTS
        for t in range(34):
            item = PyList_GET_ITEM(obj, t) if type(obj) is list else PyTuple_GET_ITEM(obj, t)
            if not PyLong_CheckExact(<object>item):
                return _generic_counts(obj)
            try:
                v = PyLong_AsLong(<object>item)
            except OverflowError:
                return -C_BAD_COUNT
            if v < 0 or v > 4:
                return -C_BAD_COUNT
            c[t] = <uint8_t>v
        return _finish_single(c)
    try:
        PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT)
    except (TypeError, ValueError, BufferError):
        return _generic_counts(obj)
    else:
        try:
            if (view.ndim == 1 and view.itemsize == 1 and view.len == 34
                    and view.format != NULL and (view.format[0] == b'B' or view.format[0] == b'b')):
                data = <const uint8_t*>view.buf
                memcpy(c, data, 34)
                if view.format[0] == b'b':
                    for t in range(34):
                        if c[t] > 127:
                            return -C_BAD_COUNT
                return _finish_single(c)
        finally:
            PyBuffer_Release(&view)
    return _generic_counts(obj)


cdef int _generic_counts(object obj) except? -99:
    """Slow path for numpy integer arrays, bools, other sequences of integers."""
    from operator import index
    cdef uint8_t c[34]
    cdef int t
    if isinstance(obj, str):
        return -NOT_COUNTS
    try:
        if len(obj) != 34:
            return -NOT_COUNTS
        values = [index(v) for v in obj]
    except (TypeError, ValueError, OverflowError):
        return -NOT_COUNTS
    if len(values) != 34:
        return -NOT_COUNTS
    for t in range(34):
        if values[t] < 0 or values[t] > 4:
            return -C_BAD_COUNT
        c[t] = values[t]
    return _finish_single(c)


cdef int _check_bulk(Py_ssize_t n, Py_ssize_t width, Py_ssize_t n_out, Py_ssize_t n_status) except -1:
    """Build the tables and check the shapes before a bulk loop releases the GIL."""
    c_require_suit_tables()
    if width != 34 or n_out < n or n_status < n:
        raise ValueError("expected an (n, 34) batch and n-long outputs")
    return 0


def is_complete_many(const uint8_t[:, ::1] batch, uint8_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = 1 if row ``i`` is complete; bad rows get 0 and a status."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked above; each row is validated before the kernel reads it
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = c_is_complete(&batch[i, 0]) if st == C_OK else 0


def shapes_many(const uint8_t[:, ::1] batch, uint8_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = the shape flags of row ``i``; bad rows get 0 and a status."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = c_shapes(&batch[i, 0]) if st == C_OK else 0


def decomposition_count_many(const uint8_t[:, ::1] batch, int32_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = how many standard decompositions row ``i`` has."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = c_decomposition_count(&batch[i, 0]) if st == C_OK else 0


def waits_many(const uint8_t[:, ::1] batch, uint64_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = the 34-bit wait mask of row ``i`` (a 1, 4, 7, 10 or 13-tile row)."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 1)
            status[i] = st
            out[i] = c_waits(&batch[i, 0]) if st == C_OK else 0


def decompose_many(const uint8_t[:, ::1] batch):
    """Every row's decompositions, flattened: ``(offsets, groups, status)``.

    Row ``i`` owns ``groups[offsets[i]:offsets[i + 1]]``; each groups row is five
    group bytes (``kind * 34 + tile``, sorted, ``0xFF`` padding).
    """
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    c_require_suit_tables()
    if batch.shape[1] != 34:
        raise ValueError("expected an (n, 34) batch")
    offsets_arr = np.zeros(n + 1, dtype=np.int64)
    status_arr = np.zeros(n, dtype=np.uint8)
    cdef int64_t[::1] offsets = offsets_arr
    cdef uint8_t[::1] status = status_arr
    with nogil:  # first pass: validate and count
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            offsets[i + 1] = offsets[i] + (c_decomposition_count(&batch[i, 0]) if st == C_OK else 0)
    groups_arr = np.empty((offsets[n], 5), dtype=np.uint8)
    cdef uint8_t[:, ::1] groups = groups_arr
    with nogil:  # second pass: rows with status OK write exactly the counted number
        for i in range(n):
            if status[i] == C_OK and offsets[i + 1] > offsets[i]:
                c_decompose(&batch[i, 0], &groups[offsets[i], 0])
    return offsets_arr, groups_arr, status_arr


cdef int _load_caps(object caps, uint8_t* c) except -1:
    cdef int t
    cdef long v
    if caps is None:
        memset(c, 4, 34)
        return 0
    for t in range(34):
        v = caps[t]
        c[t] = <uint8_t>(4 if v > 4 else (0 if v < 0 else v))
    return 0


cdef int _check_jokers(int jokers) except -1:
    if not 0 <= jokers <= 8:
        raise ValueError(f"jokers must be 0-8, not {jokers}")
    c_require_suit_tables()
    _joker_table.c_ensure_joker_tables()
    return 0


def decompose_jokers(counts, int jokers, int use, caps=None):
    """All standard decompositions of the counts and ``jokers`` jokers, sorted:
    sets and exactly one pair, every joker in a group that ``use`` lets it join."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    cdef uint8_t* out = NULL
    cdef int n, capacity = 64, i, k
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    while True:
        out = <uint8_t*>malloc(JROW_BYTES * capacity)
        if out == NULL:
            raise MemoryError("joker decompositions")
        with nogil:  # counts and caps copied; jokers checked
            n = c_decompose_jokers(c, jokers, use, cp, out, capacity)
        if n <= capacity:
            break
        free(out)
        capacity = n
    try:
        if n < 0:
            raise MemoryError("joker decompositions")
        return tuple([
            tuple([(group_kind(out[JROW_BYTES * i + 2 * k]), group_tile(out[JROW_BYTES * i + 2 * k]),
                    out[JROW_BYTES * i + 2 * k + 1])
                   for k in range(5) if out[JROW_BYTES * i + 2 * k] != NO_GROUP])
            for i in range(n)])
    finally:
        free(out)


def shapes_jokers(counts, int jokers, int use, caps=None):
    """``STANDARD``, ``SEVEN_PAIRS`` and ``THIRTEEN_ORPHANS`` flags of the counts with jokers."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_shapes_jokers(c, jokers, use, cp)


def is_complete_jokers(counts, int jokers, int use, caps=None):
    """1 if the counts and jokers are complete (standard, seven pairs, thirteen orphans)."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_is_complete_jokers(c, jokers, use, cp)


def waits_jokers(counts, int jokers, int use, caps=None):
    """Bit ``t`` set when adding a natural tile ``t`` (held fewer than its cap) completes the hand."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_waits_jokers(c, jokers, use, cp)


def cache_info():
    """How many suit patterns the memo holds, and how many suits with jokers."""
    return {"suit_patterns": g_suits.patterns if g_suits.ready else 0,
            "joker_suits": _jokers_kernel.c_joker_cache_filled() + (g_jkeys if g_jready else 0)}


def clear_cache():
    """Drop the memo; the next call rebuilds it (benchmarks measure cold runs after this).

    Not to be called while another thread is inside the kernel.
    """
    PyThread_acquire_lock(g_lock, 1)
    _shapes.c_clear_suit_tables()
    _jokers_kernel.c_clear_joker_cache()
    _joker_table.c_clear_joker_tables()
    PyThread_release_lock(g_lock)
