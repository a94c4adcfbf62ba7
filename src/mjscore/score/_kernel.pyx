"""Bulk scoring, compiled: the contract of ``score/_reference.py`` (read its docstring).

Each row is read every way the reference reads it (``mjscore.score.readings``), in the
same order, and each reading is folded through the rule set's flat tables
(``mjscore.rules.model.Tables``), all in C with the GIL released. This module holds
the entry points; ``_rows`` checks a row, reads it and scores it, ``jokers/_scoring``
(with ``jokers/_substitutions`` and ``jokers/_placement``) scores a row holding jokers;
``_fold`` holds the facts and codes shared with Python and folds a reading,
``decompose/_shapes`` decomposes and ``rules/_pattern_kernel`` matches the special hands.
"""

from libc.stdint cimport int16_t, int32_t, uint8_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_Next
from cpython.object cimport Py_EQ, PyObject, PyObject_Hash, PyObject_RichCompareBool, Py_TYPE
from cpython.ref cimport Py_INCREF, Py_XDECREF

from mjscore.core._group_codes cimport NO_GROUP
from mjscore.core._rows_in_place cimport count_of, counts_of_sequence, uint8_row
from mjscore.score._fold cimport Best, CompiledRules, Tables, compiled_rules
from mjscore.score._fold cimport S_OK
from mjscore.score.jokers._scoring cimport c_fixed_index, c_score_row_jokers
from mjscore.score._rows cimport c_score_row
from mjscore.score.jokers._substitutions cimport FixedIndex, Subs

import numpy as np

from mjscore.score._reference import ScorerCore as _ReferenceCore
from mjscore.score.best_reading import BestReading, no_reading
from mjscore.score.jokers._scoring import joker_fixed_rows


def score_many(const uint8_t[:, ::1] batch, const uint8_t[:, :] melds,
               const uint8_t[:] win_tile, const uint32_t[:] flags,
               const uint8_t[:] seat, const uint8_t[:] prevailing, rules,
               int32_t[::1] out_total, int16_t[::1] out_special, uint8_t[::1] status):
    """Score every row; see ``score/_reference.py`` for the layout and the checks.

    The per-row arguments may be broadcast (stride 0); a meld row's four bytes must
    be adjacent.
    """
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef const Tables* r = &compiled.r
    cdef Best best
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    if (batch.shape[1] != 34 or melds.shape[0] < n or melds.shape[1] != 4 or win_tile.shape[0] < n
            or flags.shape[0] < n or seat.shape[0] < n or prevailing.shape[0] < n
            or out_total.shape[0] < n or out_special.shape[0] < n or status.shape[0] < n):
        raise ValueError("score_many: inconsistent array shapes")
    if n and melds.strides[1] != 1:
        raise ValueError("score_many: each row of melds must be contiguous")
    with nogil:  # shapes checked above; every row is validated by _score_row before use
        for i in range(n):
            out_total[i] = 0
            out_special[i] = -1
            if status[i]:
                continue
            st = c_score_row(&batch[i, 0], &melds[i, 0], win_tile[i], flags[i], seat[i],
                            prevailing[i], r, &best)
            status[i] = st
            if st == S_OK:
                out_total[i] = <int32_t>best.total
                out_special[i] = best.special


cdef int _score_row_object(object counts, object melds, int win_tile, uint32_t flags, int seat,
                           int prevailing, rules, Best* best) except -1:
    """Score a row given as bytes (read in place: what the single-hand calls pass) or as
    anything a contiguous uint8 memoryview takes; the status."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef const uint8_t[::1] counts_view
    cdef const uint8_t[::1] melds_view
    cdef const uint8_t* c
    cdef const uint8_t* m
    # Acquiring a typed memoryview costs several thousand instructions, more than
    # scoring many a row; bytes need none.
    if type(counts) is bytes and PyBytes_GET_SIZE(counts) == 34:
        c = <const uint8_t*>PyBytes_AS_STRING(counts)
    else:
        counts_view = counts
        if counts_view.shape[0] != 34:
            raise ValueError("score_one: 34 counts and 4 meld bytes")
        c = &counts_view[0]
    if type(melds) is bytes and PyBytes_GET_SIZE(melds) == 4:
        m = <const uint8_t*>PyBytes_AS_STRING(melds)
    else:
        melds_view = melds
        if melds_view.shape[0] != 4:
            raise ValueError("score_one: 34 counts and 4 meld bytes")
        m = &melds_view[0]
    return c_score_row(c, m, win_tile, flags, seat, prevailing, &compiled.r, best)


cdef object _record(const Best* best):
    """The ``BestReading`` of a row scored OK."""
    cdef Py_ssize_t n = 0
    while n < 5 and best.best_groups[n] != NO_GROUP:
        n += 1
    # tuple.__new__ skips the NamedTuple's Python-level __new__: a third of a
    # microsecond per single call
    return tuple.__new__(BestReading, (
        S_OK, best.total, best.special, best.points, best.doubles, best.applied,
        best.best_reading[0], best.best_reading[1], best.best_reading[2], best.best_reading[3],
        tuple([best.matched[i] for i in range(best.n_matched)]),
        PyBytes_FromStringAndSize(<const char*>best.best_groups, n)))


def score_one(object counts, object melds, int win_tile, uint32_t flags, int seat, int prevailing, rules):
    """One row, and which reading won: a ``BestReading``; see ``score/_reference.py``.
    ``counts`` (34) and ``melds`` (4) are bytes or contiguous uint8 arrays."""
    cdef Best best
    cdef int st = _score_row_object(counts, melds, win_tile, flags, seat, prevailing, rules, &best)
    if st != S_OK:
        return no_reading(st)
    return _record(&best)


def total_one(object counts, object melds, int win_tile, uint32_t flags, int seat, int prevailing, rules):
    """``score_one``'s total alone, or ``-status`` for a bad row: what ``Scorer.total`` needs."""
    cdef Best best
    cdef int st = _score_row_object(counts, melds, win_tile, flags, seat, prevailing, rules, &best)
    return best.total if st == S_OK else -st


cdef extern from "Python.h":
    ctypedef size_t Py_uhash_t

cdef object _NDARRAY = np.ndarray
cdef object _UINT8 = np.dtype(np.uint8)  # the dtype of every array NumPy makes of uint8


cdef struct RowSlot:
    PyObject* key           # owned: (name, value, type(value), ...) of a context; NULL: empty
    Py_hash_t hash
    int win_tile, seat, prevailing
    uint32_t flags


cdef class ScorerCore:
    """The per-call core of ``mjscore.Scorer``; the contract is ``score/_reference.py``'s
    ``ScorerCore`` (read its docstring). The counts are read in place (a buffer) or into
    a local row (a list or tuple), and a context's row is found in an open-addressed
    table hashed from the context's items, with no key object built unless it is new."""

    cdef public object rules
    cdef CompiledRules _compiled
    cdef RowSlot* _slots
    cdef Py_ssize_t _n_slots, _kept, _max_rows

    def __init__(self, rules, Py_ssize_t max_rows):
        if self._slots != NULL:  # __init__ called again
            _forget_rows(self)
            free(self._slots)
        self.rules, self._max_rows = rules, max_rows
        self._compiled = compiled_rules(rules)
        self._n_slots = 16
        while self._n_slots < 2 * max_rows:
            self._n_slots *= 2
        self._slots = <RowSlot*>calloc(self._n_slots, sizeof(RowSlot))
        if self._slots == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self._slots != NULL:
            _forget_rows(self)
            free(self._slots)

    @property
    def rows_kept(self):
        """How many contexts' rows are kept."""
        return self._kept

    def row(self, dict context):
        """The kernel row of ``context``: kept per distinct context (``True`` and ``1``
        apart), computed uncached for an unhashable value."""
        cdef RowSlot found
        _context_row(self, context, &found)
        return found.win_tile, found.flags, found.seat, found.prevailing

    def total(self, hand, *, melds=None, jokers=0, **context):
        # the docstring is the reference's, copied below the class
        cdef int st = _quick_total(self, hand, melds, jokers, context)
        if st >= 0:
            return st
        return self._careful_total(hand, melds, jokers, context)


ScorerCore.total.__doc__ = _ReferenceCore.total.__doc__  # one contract, written once


cdef void _forget_rows(ScorerCore core) noexcept:
    cdef Py_ssize_t i
    for i in range(core._n_slots):
        Py_XDECREF(core._slots[i].key)
        core._slots[i].key = NULL
    core._kept = 0


cdef Py_hash_t _context_hash(dict context) except? -1:
    """A hash of the context's names, values and the values' types (raises TypeError for
    an unhashable value)."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* name
    cdef PyObject* value
    cdef Py_uhash_t h = 0x345678 + <Py_uhash_t>len(context)
    while PyDict_Next(context, &pos, &name, &value):
        h = (h ^ <Py_uhash_t>PyObject_Hash(<object>name)) * 1000003
        h = (h ^ <Py_uhash_t>PyObject_Hash(<object>value)) * 1000003
        h = (h ^ <Py_uhash_t><size_t>Py_TYPE(<object>value)) * 1000003
    h ^= h >> 29
    return <Py_hash_t>(h if h != <Py_uhash_t>-1 else 0)


cdef bint _same_context(PyObject* key, dict context) except -1:
    """Whether ``key`` (a kept context's names, values and types) is ``context``."""
    cdef tuple items = <tuple>key
    cdef Py_ssize_t pos = 0, i = 0
    cdef PyObject* name
    cdef PyObject* value
    if len(items) != 3 * len(context):
        return False
    while PyDict_Next(context, &pos, &name, &value):
        if <PyObject*>items[i + 2] != <PyObject*>Py_TYPE(<object>value):
            return False
        if <PyObject*>items[i] != name and not PyObject_RichCompareBool(items[i], <object>name, Py_EQ):
            return False
        if <PyObject*>items[i + 1] != value and not PyObject_RichCompareBool(items[i + 1], <object>value, Py_EQ):
            return False
        i += 3
    return True


cdef int _context_row(ScorerCore core, dict context, RowSlot* found) except -1:
    """``ScorerCore.row`` into ``found``: from the table, or ``_row(**context)`` kept."""
    if core._slots == NULL:
        raise RuntimeError("ScorerCore.__init__ was not called")
    cdef Py_hash_t h
    cdef Py_ssize_t mask = core._n_slots - 1, i
    cdef RowSlot* slot
    try:
        h = _context_hash(context)
    except TypeError:  # an unhashable value (a list of flowers): not kept
        found.win_tile, found.flags, found.seat, found.prevailing = core._row(**context)
        return 0
    i = h & mask
    while core._slots[i].key != NULL:
        slot = &core._slots[i]
        if slot.hash == h and _same_context(slot.key, context):
            found[0] = slot[0]
            return 0
        i = (i + 1) & mask
    found.win_tile, found.flags, found.seat, found.prevailing = core._row(**context)
    if core._kept >= core._max_rows:
        _forget_rows(core)
        i = h & mask
    key = tuple([item for name, value in context.items() for item in (name, value, type(value))])
    Py_INCREF(key)
    slot = &core._slots[i]
    slot[0] = found[0]
    slot.key, slot.hash = <PyObject*>key, h
    core._kept += 1
    return 0


cdef int _quick_total(ScorerCore core, hand, melds, jokers, dict context) except -2:
    """The total of a call in the common form, or -1 (not read here)."""
    cdef uint8_t local[34]
    cdef uint8_t codes[4]
    cdef const uint8_t* c = local
    cdef Py_buffer view
    cdef bint viewed = False
    cdef Py_ssize_t n
    cdef int st, v
    cdef Best best
    cdef RowSlot row
    if jokers:
        return -1
    # melds first: nothing to release on the way out
    memset(codes, NO_GROUP, 4)
    if melds is None:
        pass
    elif type(melds) is bytes:
        if PyBytes_GET_SIZE(melds) != 4:
            return -1
        memcpy(codes, PyBytes_AS_STRING(melds), 4)
    elif type(melds) is list or type(melds) is tuple:
        n = 0
        for item in melds:
            v = count_of(<PyObject*>item, NO_GROUP)
            if n == 4 or v < 0:
                return -1
            if v != NO_GROUP:
                codes[n] = <uint8_t>v
                n += 1
    else:
        return -1
    if type(hand) is list or type(hand) is tuple:
        if not counts_of_sequence(hand, local, 255):  # the kernel reports a count above 4
            return -1
    elif uint8_row(hand, 34, _NDARRAY, _UINT8) != NULL:  # an inline check: read twice
        c = uint8_row(hand, 34, _NDARRAY, _UINT8)
    elif PyObject_CheckBuffer(hand):  # bytes, a bytearray, an array NumPy must lay out
        try:
            PyObject_GetBuffer(hand, &view, PyBUF_ND | PyBUF_FORMAT)
        except Exception:  # not contiguous, or a buffer it will not give: the careful path says why
            return -1
        viewed = True
        if view.ndim != 1 or view.shape[0] != 34 or view.format == NULL \
                or view.format[0] != b"B" or view.format[1] != 0:
            PyBuffer_Release(&view)
            return -1
        c = <const uint8_t*>view.buf
    else:
        return -1
    try:
        _context_row(core, context, &row)
        st = c_score_row(c, codes, row.win_tile, row.flags, row.seat, row.prevailing, &core._compiled.r, &best)
    finally:
        if viewed:
            PyBuffer_Release(&view)
    return best.total if st == S_OK else -1


def score_many_jokers(const uint8_t[:, ::1] batch, const uint8_t[:, :] melds,
                      const uint8_t[:] win_tile, const uint32_t[:] flags,
                      const uint8_t[:] seat, const uint8_t[:] prevailing, const uint8_t[:] jokers,
                      rules, int32_t[::1] out_total, int16_t[::1] out_special, uint8_t[::1] status):
    """``score_many`` with ``jokers[i]`` jokers held concealed in row ``i``; see
    ``score/_reference.py``'s ``score_many_jokers``."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef const Tables* r = &compiled.r
    cdef Best best
    cdef uint8_t best_d[8]
    cdef Subs sb
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st, n_fixed
    fixed, n_fixed, arrays = joker_fixed_rows(rules)
    cdef const uint8_t[:, ::1] fixed_rows = fixed
    cdef FixedIndex ix = c_fixed_index(arrays)
    if (batch.shape[1] != 34 or melds.shape[0] < n or melds.shape[1] != 4 or win_tile.shape[0] < n
            or flags.shape[0] < n or seat.shape[0] < n or prevailing.shape[0] < n
            or jokers.shape[0] < n or out_total.shape[0] < n or out_special.shape[0] < n
            or status.shape[0] < n):
        raise ValueError("score_many_jokers: inconsistent array shapes")
    if n and melds.strides[1] != 1:
        raise ValueError("score_many_jokers: each row of melds must be contiguous")
    memset(&sb, 0, sizeof(sb))
    with nogil:  # shapes checked above; every row is validated by _score_row_jokers before use
        for i in range(n):
            out_total[i] = 0
            out_special[i] = -1
            if status[i]:
                continue
            st = c_score_row_jokers(&batch[i, 0], &melds[i, 0], win_tile[i], flags[i], seat[i],
                                   prevailing[i], r, jokers[i], 0, &fixed_rows[0, 0], n_fixed, &ix,
                                   &sb, 1, &best, best_d)
            status[i] = st
            if st == S_OK:
                out_total[i] = <int32_t>best.total
                out_special[i] = best.special
        free(sb.d)
        free(sb.rows)


def score_one_jokers(const uint8_t[::1] counts, const uint8_t[::1] melds, int win_tile,
                     uint32_t flags, int seat, int prevailing, rules, int jokers,
                     int meld_jokers=0):
    """``score_one`` for a row holding jokers, and the tiles they stood for; see
    ``score/_reference.py``'s ``score_one_jokers``."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef Best best
    cdef uint8_t best_d[8]
    cdef Subs sb
    cdef int st, n_fixed
    fixed, n_fixed, arrays = joker_fixed_rows(rules)
    cdef const uint8_t[:, ::1] fixed_rows = fixed
    cdef FixedIndex ix = c_fixed_index(arrays)
    if counts.shape[0] != 34 or melds.shape[0] != 4:
        raise ValueError("score_one_jokers: 34 counts and 4 meld bytes")
    if not 0 <= jokers <= 255 or not 0 <= meld_jokers <= 255:
        raise ValueError("score_one_jokers: joker counts are 0-255")
    memset(&sb, 0, sizeof(sb))
    st = c_score_row_jokers(&counts[0], &melds[0], win_tile, flags, seat, prevailing, &compiled.r,
                           jokers, meld_jokers, &fixed_rows[0, 0], n_fixed, &ix, &sb, 0, &best, best_d)
    free(sb.d)
    free(sb.rows)
    if st != S_OK:
        return no_reading(st), ()
    return _record(&best), tuple([best_d[i] for i in range(8) if best_d[i] != 0xFF])
