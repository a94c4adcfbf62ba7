"""Bulk scoring, compiled: the contract of ``score/_reference.py`` (read its docstring).

Each row is read every way the reference reads it (``mjscore.score.readings``), in the
same order, and each reading is folded through the rule set's flat tables
(``mjscore.rules.model.Tables``), all in C with the GIL released. This module holds
the entry points; ``_rows`` checks a row, reads it and scores it, ``jokers/_scoring``
(with ``jokers/_substitutions`` and ``jokers/_placement``) scores a row holding jokers;
``_fold`` holds the facts and codes shared with Python and folds a reading,
``decompose/_shapes`` decomposes and ``rules/_pattern_kernel`` matches the special hands.
"""

from libc.stdint cimport INT64_MAX, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memcpy, memset
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItemWithError, PyDict_Next
from cpython.object cimport Py_EQ, PyObject, PyObject_Hash, PyObject_RichCompareBool, PyTypeObject, Py_TYPE
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.unicode cimport PyUnicode_GET_LENGTH

from mjscore.core._group_codes cimport NO_GROUP
from mjscore.core._rows_in_place cimport count_of, counts_of_sequence, uint8_row
from mjscore.core._slots cimport slot_field, slot_offset
from mjscore.score._fold cimport Best, CompiledRules, Tables, compiled_rules
from mjscore.score._fold cimport S_OK
from mjscore.score.jokers._scoring cimport c_fixed_index, c_score_row_jokers
from mjscore.score._rows cimport c_score_row
from mjscore.decompose._shapes cimport SuitLookup, _suit_tables, c_look_ahead, c_require_suit_tables
from mjscore.decompose._suits cimport SuitTables
from mjscore.score.jokers._substitutions cimport FixedIndex, Subs

from weakref import WeakSet

import numpy as np

from mjscore.score._reference import ScorerCore as _ReferenceCore
from mjscore.score.best_reading import BestReading, no_reading
from mjscore.score.jokers._scoring import joker_fixed_rows
from mjscore.core.context import CLAIMED_SHIFT as _CLAIMED_SHIFT_VALUE, FLOWER_SHIFT as _FLOWER_SHIFT_VALUE
from mjscore.core.group_codes import CONCEALED_KONG as _CONCEALED_KONG_CODE
from mjscore.rows.codec import UNKNOWN_TILE as _UNKNOWN_TILE_VALUE
from mjscore.core.hand import MAX_JOKERS as _MAX_JOKERS


cdef enum:
    # Rows whose suit lookups score_many makes before it scores them: the slots' cache
    # lines (in no core's own cache) then arrive while the rows before are scored.
    LOOK_AHEAD = 8


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
    cdef SuitLookup ahead[LOOK_AHEAD]  # row i's at i % LOOK_AHEAD, made LOOK_AHEAD rows before it
    c_require_suit_tables()
    cdef const SuitTables* T = _suit_tables()
    if (batch.shape[1] != 34 or melds.shape[0] < n or melds.shape[1] != 4 or win_tile.shape[0] < n
            or flags.shape[0] < n or seat.shape[0] < n or prevailing.shape[0] < n
            or out_total.shape[0] < n or out_special.shape[0] < n or status.shape[0] < n):
        raise ValueError("score_many: inconsistent array shapes")
    if n and melds.strides[1] != 1:
        raise ValueError("score_many: each row of melds must be contiguous")
    with nogil:  # shapes checked above; every row is validated by _score_row before use
        for i in range(min(n, LOOK_AHEAD)):
            c_look_ahead(T, &batch[i, 0], &ahead[i])
        for i in range(n):
            out_total[i] = 0
            out_special[i] = -1
            if not status[i]:
                st = c_score_row(&batch[i, 0], &melds[i, 0], win_tile[i], flags[i], seat[i],
                                 prevailing[i], r, &best, &ahead[<size_t>i % LOOK_AHEAD])
                status[i] = st
                if st == S_OK:
                    out_total[i] = <int32_t>best.total
                    out_special[i] = best.special
            if i + LOOK_AHEAD < n:  # (row i's lookups are used: their place takes a later row's)
                c_look_ahead(T, &batch[i + LOOK_AHEAD, 0], &ahead[<size_t>i % LOOK_AHEAD])


cdef int _score_row_object(object counts, object melds, int win_tile, uint32_t flags, int seat,
                           int prevailing, rules, Best* best) except -1:
    """Score a row given as bytes (read in place: what the single-hand calls pass) or as
    anything a contiguous uint8 memoryview takes; the status."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef const uint8_t[::1] counts_view
    cdef const uint8_t[::1] melds_view
    cdef const uint8_t* c
    cdef const uint8_t* m
    c_require_suit_tables()
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
    return c_score_row(c, m, win_tile, flags, seat, prevailing, &compiled.r, best, NULL)


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
    ctypedef struct PyMethodDef:
        const char* ml_name
        void* ml_meth
        int ml_flags
        const char* ml_doc
    int METH_FASTCALL
    int METH_KEYWORDS
    object PyDescr_NewMethod(PyTypeObject* type, PyMethodDef* method)
    object PyObject_Vectorcall(object callable, PyObject** args, size_t nargsf, PyObject* kwnames)

cdef object _NDARRAY = np.ndarray
cdef object _UINT8 = np.dtype(np.uint8)  # the dtype of every array NumPy makes of uint8


cdef struct JokerTables:
    # the rule set's fixed variants as the joker kernel reads them (joker_fixed_rows)
    const uint8_t* rows
    int n_rows
    FixedIndex index


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
    # with jokers: the rule set's fixed variants (kept alive by _fixed), made on the first
    # call with jokers, and the substitutions' buffers
    cdef object _fixed
    cdef JokerTables _tables
    cdef Subs _subs

    def __init__(self, rules, Py_ssize_t max_rows):
        if self._slots != NULL:  # __init__ called again
            _forget_rows(self)
            free(self._slots)
        _free_subs(self)
        self._fixed = None
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
        _free_subs(self)

    @property
    def rows_kept(self):
        """How many contexts' rows are kept."""
        return self._kept

    def row(self, dict context):
        """The kernel row of ``context``: kept per distinct context (``True`` and ``1``
        apart), computed uncached for an unhashable value."""
        cdef RowSlot found
        cdef CallContext call = _dict_context(context)
        _context_row(self, &call, &found)
        return found.win_tile, found.flags, found.seat, found.prevailing

    def total(self, hand, *, melds=None, jokers=0, **context):
        # the docstring is the reference's, copied below the class; ``total_method`` is
        # the same call without the keyword dictionary
        cdef CallContext call = _dict_context(context)
        cdef int st = _quick_total(self, hand, melds, jokers, &call)
        if st >= 0:
            return st
        return self._careful_total(hand, melds, jokers, context)


ScorerCore.total.__doc__ = _ReferenceCore.total.__doc__  # one contract, written once


cdef void _free_subs(ScorerCore core) noexcept:
    free(core._subs.d)
    free(core._subs.rows)
    memset(&core._subs, 0, sizeof(Subs))


cdef int _score_with_jokers(ScorerCore core, const uint8_t* c, const uint8_t* codes, const RowSlot* row,
                            int jokers, Best* best) except -1:
    """The status of a row holding ``jokers`` concealed, scored as ``score_many`` scores it
    (the total and the special hand; the substitutions' buffers kept for the next call)."""
    cdef uint8_t best_d[8]
    if core._fixed is None:
        core._fixed = _joker_tables(core.rules, &core._tables)
    return c_score_row_jokers(c, codes, row.win_tile, row.flags, row.seat, row.prevailing, &core._compiled.r,
                              jokers, 0, core._tables.rows, core._tables.n_rows, &core._tables.index,
                              &core._subs, 1, best, best_d)


cdef void _forget_rows(ScorerCore core) noexcept:
    cdef Py_ssize_t i
    for i in range(core._n_slots):
        Py_XDECREF(core._slots[i].key)
        core._slots[i].key = NULL
    core._kept = 0


cdef struct CallContext:
    # A call's context keywords, as the dictionary of a ``**context`` parameter or as the
    # keywords of a vectorcall in place (the names a tuple, the values beside them); the
    # same items in the same order either way, so both find the same kept row.
    PyObject* dict          # the dictionary, or NULL: the keywords below
    PyObject* names         # the call's keyword names (a tuple; NULL: none) ...
    PyObject** values       # ... and their values
    uint32_t others         # bit k: keyword k is ``melds`` or ``jokers``, no context
    Py_ssize_t n            # how many items the context has


cdef inline CallContext _dict_context(dict context) noexcept:
    cdef CallContext call
    call.dict = <PyObject*>context
    call.names = NULL
    call.values = NULL
    call.others = 0
    call.n = len(context)
    return call


cdef inline bint _next_item(const CallContext* call, Py_ssize_t* pos, PyObject** name,
                            PyObject** value) noexcept:
    """The context's next item after ``pos`` (0 at first), like ``PyDict_Next``."""
    if call.dict != NULL:
        return PyDict_Next(<object>call.dict, pos, name, value)
    if call.names == NULL:  # a call without keywords
        return False
    while pos[0] < PyTuple_GET_SIZE(<object>call.names) and call.others >> pos[0] & 1:
        pos[0] += 1
    if pos[0] == PyTuple_GET_SIZE(<object>call.names):
        return False
    name[0] = PyTuple_GET_ITEM(<object>call.names, pos[0])
    value[0] = call.values[pos[0]]
    pos[0] += 1
    return True


cdef dict _as_dict(const CallContext* call):
    """The context as a dictionary (a new one for keywords)."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* name
    cdef PyObject* value
    if call.dict != NULL:
        return <dict>call.dict
    context = {}
    while _next_item(call, &pos, &name, &value):
        context[<object>name] = <object>value
    return context


cdef Py_hash_t _context_hash(const CallContext* call) except? -1:
    """A hash of the context's names, values and the values' types (raises TypeError for
    an unhashable value)."""
    cdef Py_ssize_t pos = 0
    cdef PyObject* name
    cdef PyObject* value
    cdef Py_uhash_t h = 0x345678 + <Py_uhash_t>call.n
    while _next_item(call, &pos, &name, &value):
        h = (h ^ <Py_uhash_t>PyObject_Hash(<object>name)) * 1000003
        h = (h ^ <Py_uhash_t>PyObject_Hash(<object>value)) * 1000003
        h = (h ^ <Py_uhash_t><size_t>Py_TYPE(<object>value)) * 1000003
    h ^= h >> 29
    return <Py_hash_t>(h if h != <Py_uhash_t>-1 else 0)


cdef bint _same_context(PyObject* key, const CallContext* call) except -1:
    """Whether ``key`` (a kept context's names, values and types) is the call's context."""
    cdef tuple items = <tuple>key
    cdef Py_ssize_t pos = 0, i = 0
    cdef PyObject* name
    cdef PyObject* value
    if len(items) != 3 * call.n:
        return False
    while _next_item(call, &pos, &name, &value):
        if <PyObject*>items[i + 2] != <PyObject*>Py_TYPE(<object>value):
            return False
        if <PyObject*>items[i] != name and not PyObject_RichCompareBool(items[i], <object>name, Py_EQ):
            return False
        if <PyObject*>items[i + 1] != value and not PyObject_RichCompareBool(items[i + 1], <object>value, Py_EQ):
            return False
        i += 3
    return True


cdef RowSlot* _probe_rows(ScorerCore core, Py_hash_t h, const CallContext* call) except NULL:
    """The slot keeping the call's context, or the empty slot where it goes."""
    cdef Py_ssize_t mask = core._n_slots - 1, i = h & mask
    cdef RowSlot* slot = &core._slots[i]
    while slot.key != NULL:
        if slot.hash == h and _same_context(slot.key, call):
            return slot
        i = (i + 1) & mask
        slot = &core._slots[i]
    return slot


cdef int _context_row(ScorerCore core, const CallContext* call, RowSlot* found) except -1:
    """``ScorerCore.row`` into ``found``: from the table, or ``_row(**context)`` kept."""
    if core._slots == NULL:
        raise RuntimeError("ScorerCore.__init__ was not called")
    cdef Py_hash_t h
    cdef RowSlot* slot
    try:
        h = _context_hash(call)
    except TypeError:  # an unhashable value (a list of flowers): not kept
        found.win_tile, found.flags, found.seat, found.prevailing = core._row(**_as_dict(call))
        return 0
    slot = _probe_rows(core, h, call)
    if slot.key != NULL:
        found[0] = slot[0]
        return 0
    context = _as_dict(call)
    found.win_tile, found.flags, found.seat, found.prevailing = core._row(**context)
    # _row ran Python code, where another thread may have kept this context or another in
    # the slot found: look again.
    if core._kept >= core._max_rows:
        _forget_rows(core)
    slot = _probe_rows(core, h, call)
    if slot.key != NULL:
        return 0
    key = tuple([item for name, value in context.items() for item in (name, value, type(value))])
    Py_INCREF(key)
    slot[0] = found[0]
    slot.key, slot.hash = <PyObject*>key, h
    core._kept += 1
    return 0


cdef int _quick_total(ScorerCore core, hand, melds, jokers, const CallContext* call) except -2:
    """The total of a call in the common form, or -1 (not read here)."""
    cdef uint8_t local[34]
    cdef uint8_t codes[4]
    cdef const uint8_t* c = local
    cdef Py_buffer view
    cdef bint viewed = False
    cdef Py_ssize_t n
    cdef int st, v, n_jokers = 0
    cdef Best best
    cdef RowSlot row
    c_require_suit_tables()
    if type(jokers) is int and 0 <= jokers <= _MAX_JOKERS:  # (more: the careful path says why not)
        n_jokers = jokers
    elif jokers:
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
        _context_row(core, call, &row)
        if n_jokers:
            st = _score_with_jokers(core, c, codes, &row, n_jokers, &best)
        else:
            st = c_score_row(c, codes, row.win_tile, row.flags, row.seat, row.prevailing, &core._compiled.r, &best,
                             NULL)
    finally:
        if viewed:
            PyBuffer_Release(&view)
    return best.total if st == S_OK else -1


cdef enum:
    FAST_ARGS = 16              # a call passed on to ScorerCore.total from the stack

cdef str _HAND = "hand", _MELDS = "melds", _JOKERS = "jokers"


cdef inline bint _named(PyObject* name, str expected) except -1:
    # (names are mostly the interned strings themselves; the length tells most others apart)
    return name == <PyObject*>expected or (PyUnicode_GET_LENGTH(<object>name) == PyUnicode_GET_LENGTH(expected)
                                           and <object>name == expected)


cdef object _total_fastcall(object self, PyObject** args, Py_ssize_t nargs, PyObject* kwnames):
    """``ScorerCore.total`` read from a vectorcall's arguments where they are (METH_FASTCALL):
    the common call, one hand and keywords, builds no dictionary of its context keywords
    (with ``**context`` that and reading it back cost a third of the call); any other
    call is passed on to ``ScorerCore.total``, which reads or refuses every form."""
    cdef ScorerCore core = <ScorerCore>self
    cdef CallContext call
    cdef Py_ssize_t k, n_kw = PyTuple_GET_SIZE(<object>kwnames) if kwnames != NULL else 0
    cdef PyObject* stack[FAST_ARGS]
    cdef PyObject* name
    cdef bint common = nargs == 1 and n_kw <= 32
    cdef int st
    melds, jokers = None, 0
    call.dict, call.names, call.values, call.others, call.n = NULL, kwnames, args + nargs, 0, n_kw
    k = 0
    while common and k < n_kw:
        name = PyTuple_GET_ITEM(<object>kwnames, k)
        if _named(name, _MELDS):
            melds = <object>args[nargs + k]
        elif _named(name, _JOKERS):
            jokers = <object>args[nargs + k]
        elif _named(name, _HAND):
            common = False  # (given twice: the def says so)
        else:
            k += 1
            continue
        call.others |= 1u << k
        call.n -= 1
        k += 1
    if common:
        hand = <object>args[0]
        st = _quick_total(core, hand, melds, jokers, &call)
        if st >= 0:
            return st
        return core._careful_total(hand, melds, jokers, _as_dict(&call))
    if 1 + nargs + n_kw > FAST_ARGS:
        return ScorerCore.total(self, *[<object>args[k] for k in range(nargs)],
                                **{<object>PyTuple_GET_ITEM(<object>kwnames, k): <object>args[nargs + k]
                                   for k in range(n_kw)})
    stack[0] = <PyObject*>self
    for k in range(nargs + n_kw):
        stack[1 + k] = args[k]
    return PyObject_Vectorcall(ScorerCore.total, stack, 1 + nargs, kwnames)


cdef bytes _TOTAL_DOC = ("total($self, hand, *, melds=None, jokers=0, **context)\n--\n\n"
                         + _ReferenceCore.total.__doc__).encode()
cdef PyMethodDef _TOTAL_METHOD
_TOTAL_METHOD.ml_name = "total"
_TOTAL_METHOD.ml_meth = <void*>_total_fastcall
_TOTAL_METHOD.ml_flags = METH_FASTCALL | METH_KEYWORDS
_TOTAL_METHOD.ml_doc = _TOTAL_DOC
total_method = PyDescr_NewMethod(<PyTypeObject*>ScorerCore, &_TOTAL_METHOD)
"""``ScorerCore.total`` as a method that reads its keywords in place: ``mjscore.Scorer``'s
``total`` (a compiled type cannot take it as its own attribute after it is made)."""


cdef object _joker_tables(rules, JokerTables* out):
    """Fill ``out`` for ``rules``; what the caller keeps while it reads them."""
    fixed, n_fixed, arrays = joker_fixed_rows(rules)
    cdef const uint8_t[:, ::1] rows = fixed
    out.rows, out.n_rows, out.index = &rows[0, 0], n_fixed, c_fixed_index(arrays)
    return fixed, arrays


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
    cdef int st
    cdef JokerTables tables
    c_require_suit_tables()
    kept = _joker_tables(rules, &tables)
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
                                   prevailing[i], r, jokers[i], 0, tables.rows, tables.n_rows,
                                   &tables.index, &sb, 1, &best, best_d)
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
    cdef int st
    cdef JokerTables tables
    c_require_suit_tables()
    kept = _joker_tables(rules, &tables)
    if counts.shape[0] != 34 or melds.shape[0] != 4:
        raise ValueError("score_one_jokers: 34 counts and 4 meld bytes")
    if not 0 <= jokers <= 255 or not 0 <= meld_jokers <= 255:
        raise ValueError("score_one_jokers: joker counts are 0-255")
    memset(&sb, 0, sizeof(sb))
    st = c_score_row_jokers(&counts[0], &melds[0], win_tile, flags, seat, prevailing, &compiled.r,
                           jokers, meld_jokers, tables.rows, tables.n_rows, &tables.index, &sb, 0, &best, best_d)
    free(sb.d)
    free(sb.rows)
    if st != S_OK:
        return no_reading(st), ()
    return _record(&best), tuple([best_d[i] for i in range(8) if best_d[i] != 0xFF])


# --- mjscore.score, compiled -----------------------------------------------------------
#
# The common call (an exact Hand, or text, without jokers or bonus tiles, a shipped rule
# set's name or a RuleSet, hashable context keywords) is answered here: the hand read
# from its slots, the context's row and WinContext found in a table (made by Python the
# first time those keywords come), the row scored by
# the kernel, the breakdown found in the rule set's plan (written out by Python on a miss)
# and the Score made without its dataclass __init__. Anything else, and anything this path
# would have to explain (a bad hand or context, a special hand, jokers), is the Python
# definition's (``careful``), which does it all again and raises its errors.

cdef extern from "Python.h":
    long PyLong_AsLong(object) except? -1

cdef extern from *:
    """
    /* A fresh instance of a heap type, every slot NULL (what object.__new__ makes). */
    static PyObject *mj_alloc(PyObject *type) {
        return ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, 0);
    }
    /* Fill the empty slot at `offset` of `obj` with a new reference to `value`. */
    static inline void mj_fill(PyObject *obj, Py_ssize_t offset, PyObject *value) {
        Py_INCREF(value);
        *(PyObject **)((char *)obj + offset) = value;
    }
    """
    object mj_alloc(object type)
    void mj_fill(object obj, Py_ssize_t offset, object value) noexcept


cdef int _QUAD = 2  # GroupKind.QUAD, the kong
cdef int _CONCEALED_KONG = _CONCEALED_KONG_CODE
cdef int _CLAIMED_SHIFT = _CLAIMED_SHIFT_VALUE
cdef int _FLOWER_SHIFT = _FLOWER_SHIFT_VALUE
cdef int _UNKNOWN = _UNKNOWN_TILE_VALUE
cdef Py_ssize_t _MAX_CONTEXTS = 4096  # contexts kept (a game server or search meets a few dozen)
cdef Py_ssize_t _MAX_PLANS = 64  # rule sets kept
cdef Py_ssize_t _MAX_BREAKDOWNS = 1 << 16  # breakdowns kept per rule set (scoring._BREAKDOWNS)
cdef enum:
    _KEY_BYTES = 64  # a breakdown's key: 61 bytes used, zero after
    _MAX_KEYWORDS = 24  # keywords of a call kept (WinContext has 17)


cdef struct MemoSlot:
    uint64_t hash           # 0: empty
    uint8_t key[_KEY_BYTES]
    PyObject* written       # owned: (decomposition, lines, joker placements)


cdef class _Plan:
    """What a call under one rule set needs, found once, and the breakdowns it wrote out:
    an open-addressed table keyed by what the careful path's memo key holds, as bytes
    (a dict of bytes keys costs a tenth of the call more: the key object, and its SipHash)."""
    cdef object rules
    cdef CompiledRules compiled
    cdef object name
    cdef int64_t limit
    cdef bint roof_off
    cdef MemoSlot* memo
    cdef Py_ssize_t n_memo, kept

    def __dealloc__(self):
        _forget_breakdowns(self)
        free(self.memo)


cdef void _forget_breakdowns(_Plan plan) noexcept:
    cdef Py_ssize_t i
    for i in range(plan.n_memo):
        if plan.memo[i].hash:
            Py_XDECREF(plan.memo[i].written)
            plan.memo[i].hash, plan.memo[i].written = 0, NULL
    plan.kept = 0


cdef inline uint64_t _key_hash(const uint8_t* key) noexcept:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL, w
    cdef int i
    for i in range(0, _KEY_BYTES, 8):
        memcpy(&w, key + i, 8)
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL
        h ^= h >> 32
    return h | 1


cdef MemoSlot* _memo_slot(_Plan plan, const uint8_t* key, uint64_t h) except NULL:
    """The slot of ``key``: its breakdown's, or the empty one to write it in (the table
    grown, or emptied when full, first)."""
    cdef Py_ssize_t mask, i, j
    cdef MemoSlot* old
    cdef Py_ssize_t n_old
    if 2 * (plan.kept + 1) > plan.n_memo:
        if plan.n_memo >= 2 * _MAX_BREAKDOWNS:
            _forget_breakdowns(plan)
        else:  # grown: each kept breakdown moved to its place in a table twice the size
            old, n_old = plan.memo, plan.n_memo
            plan.n_memo = 2 * n_old if n_old else 1024
            plan.memo = <MemoSlot*>calloc(plan.n_memo, sizeof(MemoSlot))
            if plan.memo == NULL:
                plan.memo, plan.n_memo = old, n_old
                raise MemoryError()
            mask = plan.n_memo - 1
            for i in range(n_old):
                if old[i].hash:
                    j = old[i].hash & mask
                    while plan.memo[j].hash:
                        j = (j + 1) & mask
                    plan.memo[j] = old[i]
            free(old)
    mask = plan.n_memo - 1
    i = h & mask
    while plan.memo[i].hash and (plan.memo[i].hash != h or memcmp(plan.memo[i].key, key, _KEY_BYTES)):
        i = (i + 1) & mask
    return &plan.memo[i]


cdef struct CallSlot:
    PyObject* key           # owned: (name, value, type(value), ...) of a call's keywords; NULL: empty
    PyObject* context       # owned: the WinContext they make
    Py_hash_t hash
    int extra               # what of the hand completes the keywords (see _call_extra)
    int win_tile, seat, prevailing
    bint winner, self_drawn
    uint32_t flags


cdef class _SingleCalls:
    """The state of the compiled ``mjscore.score``: the Python objects it makes and reads,
    the rule sets met, and the contexts met (an open-addressed table, as ScorerCore's)."""
    cdef object careful, chosen, cython, score_type, hand_type, meld_type, ruleset_type
    cdef object by_name, parse, call_context, write_out, shape_codes, whole, plans
    cdef _Plan last
    cdef Py_ssize_t hand_fields[5]    # concealed, melds, win_tile, bonus, jokers
    cdef Py_ssize_t meld_fields[5]    # kind, first, concealed, jokers, claimed
    cdef Py_ssize_t score_fields[13]  # Score's fields in their order
    cdef CallSlot* slots
    cdef Py_ssize_t n_slots, kept
    cdef object __weakref__

    def __dealloc__(self):
        if self.slots != NULL:
            _forget_calls(self)
            free(self.slots)


_MADE = WeakSet()
"""The state of every compiled ``score`` made (``mjscore.score``'s, and those tests make)."""


cdef inline bint _filled(object obj, const Py_ssize_t* fields, int n) noexcept:
    cdef int i
    for i in range(n):
        if slot_field(obj, fields[i]) == NULL:
            return False
    return True


cdef void _forget_calls(_SingleCalls s) noexcept:
    cdef Py_ssize_t i
    for i in range(s.n_slots):
        Py_XDECREF(s.slots[i].key)
        Py_XDECREF(s.slots[i].context)
        s.slots[i].key = NULL
        s.slots[i].context = NULL
    s.kept = 0


def forget_calls():
    """Forget the contexts and rule sets the compiled ``mjscore.score`` kept
    (``mjscore.score.scoring.clear_caches``)."""
    cdef _SingleCalls s
    for made in list(_MADE):
        s = made
        _forget_calls(s)
        s.plans.clear()
        s.last = None


cdef _Plan _plan_of(_SingleCalls s, object rules):
    """The plan of ``rules`` (a shipped name or a RuleSet, as ``load_rules`` takes them
    without options), or None for anything else."""
    cdef PyObject* found
    if type(rules) is str:
        found = PyDict_GetItemWithError(s.by_name, rules)
        if found == NULL:
            return None
        rules = <object>found
    elif type(rules) is not s.ruleset_type:
        return None
    if s.last is not None and s.last.rules is rules:
        return s.last
    cdef _Plan plan = s.plans.get(id(rules))
    if plan is None:
        if len(s.plans) >= _MAX_PLANS:
            s.plans.clear()
        limit = rules.limit
        if not -2**62 < limit < 2**62:
            return None
        plan = _Plan()
        plan.rules, plan.compiled = rules, compiled_rules(rules)
        plan.name, plan.limit, plan.roof_off = rules.name, limit, rules.roof_off
        s.plans[id(rules)] = plan  # the plan holds the rule set: its id stays its own
    s.last = plan
    return plan


cdef bint _same_keywords(PyObject* key, Py_ssize_t n, PyObject** names, PyObject** values) except -1:
    """Whether ``key`` (kept keywords' names, values and types) is these ``n`` keywords."""
    cdef tuple items = <tuple>key
    cdef Py_ssize_t i
    if PyTuple_GET_SIZE(items) != 3 * n:
        return False
    for i in range(n):
        if PyTuple_GET_ITEM(items, 3 * i + 2) != <PyObject*>Py_TYPE(<object>values[i]):
            return False
        if PyTuple_GET_ITEM(items, 3 * i) != names[i] and not PyObject_RichCompareBool(
                <object>PyTuple_GET_ITEM(items, 3 * i), <object>names[i], Py_EQ):
            return False
        if PyTuple_GET_ITEM(items, 3 * i + 1) != values[i] and not PyObject_RichCompareBool(
                <object>PyTuple_GET_ITEM(items, 3 * i + 1), <object>values[i], Py_EQ):
            return False
    return True


cdef CallSlot* _probe_calls(_SingleCalls s, Py_hash_t h, int extra, Py_ssize_t n, PyObject** names,
                           PyObject** values) except NULL:
    """The slot keeping these keywords on a hand of this ``extra``, or the empty slot where
    they go."""
    cdef Py_ssize_t mask = s.n_slots - 1, i = h & mask
    cdef CallSlot* slot = &s.slots[i]
    while slot.key != NULL:
        if slot.hash == h and slot.extra == extra and _same_keywords(slot.key, n, names, values):
            return slot
        i = (i + 1) & mask
        slot = &s.slots[i]
    return slot


cdef CallSlot* _call_slot(_SingleCalls s, object hand, int size, int extra, dict context) except? NULL:
    """The kept context of these keywords on a hand of this ``extra`` (see ``_fast_score``),
    made and kept on first use; NULL for keywords this path does not keep (an unhashable
    value, more than ``_MAX_KEYWORDS``) or that make no context (the careful path then
    says why). The keywords are read once, hashed as ``_context_hash`` hashes them and
    compared from there: a second pass over the dict costs a tenth of the call."""
    cdef PyObject* names[_MAX_KEYWORDS]
    cdef PyObject* values[_MAX_KEYWORDS]
    cdef PyObject* name
    cdef PyObject* value
    cdef Py_ssize_t n = len(context), pos = 0, i = 0
    cdef Py_uhash_t u = 0x345678 + <Py_uhash_t>n
    cdef Py_hash_t h
    cdef CallSlot* slot
    if n > _MAX_KEYWORDS:
        return NULL
    # The dict is this call's own (its keywords): nothing else changes it meanwhile.
    try:
        while PyDict_Next(context, &pos, &name, &value):
            names[i], values[i] = name, value
            i += 1
            u = (u ^ <Py_uhash_t>PyObject_Hash(<object>name)) * 1000003
            u = (u ^ <Py_uhash_t>PyObject_Hash(<object>value)) * 1000003
            u = (u ^ <Py_uhash_t><size_t>Py_TYPE(<object>value)) * 1000003
    except TypeError:  # an unhashable value (a list of flowers): not kept
        return NULL
    u ^= u >> 29
    h = <Py_hash_t>((u ^ <Py_uhash_t>extra) * 1000003)
    slot = _probe_calls(s, h, extra, n, names, values)
    if slot.key != NULL:
        return slot
    cdef CallSlot made
    try:
        ctx = s.call_context(hand, size, dict(context))
    except Exception:
        return NULL
    made.win_tile = _UNKNOWN if ctx.win_tile is None else int(ctx.win_tile)
    made.flags, made.seat, made.prevailing = ctx.flags, int(ctx.seat_wind), int(ctx.prevailing_wind)
    made.winner, made.self_drawn = ctx.winner, ctx.self_drawn
    key = tuple([item for k in range(n)
                 for item in (<object>names[k], <object>values[k], type(<object>values[k]))])
    # The Python code run since the slot was found (making the context) may have let
    # another thread keep these keywords, or others in that slot: look again.
    if s.kept >= _MAX_CONTEXTS:
        _forget_calls(s)
    slot = _probe_calls(s, h, extra, n, names, values)
    if slot.key != NULL:
        return slot
    slot[0] = made
    Py_INCREF(key)
    Py_INCREF(ctx)
    slot.key, slot.context, slot.hash, slot.extra = <PyObject*>key, <PyObject*>ctx, h, extra
    s.kept += 1
    return slot


cdef object _fast_score(_SingleCalls s, object hand, object rules, dict context):
    """``careful(hand, rules, **context)`` for a common call, or None where the careful
    path must answer."""
    cdef uint8_t counts[34]
    cdef uint8_t codes[4]
    cdef uint8_t key[_KEY_BYTES]
    cdef uint64_t h
    cdef MemoSlot* memo
    cdef PyObject* concealed
    cdef PyObject* melds
    cdef PyObject* win
    cdef PyObject* bonus
    cdef PyObject* jokers
    cdef PyObject* meld
    cdef Py_ssize_t n_melds, k
    cdef int size = 0, t, kind, win_tile = -1, st
    cdef uint32_t claimed = 0
    cdef int32_t number
    cdef uint16_t high
    cdef int64_t raw
    cdef bint capped
    cdef Best best
    cdef CallSlot* found
    cdef CallSlot slot
    cdef _Plan plan
    cdef Py_ssize_t* f
    if type(hand) is str:
        hand = s.parse(hand)  # what the careful path does first, and the errors it raises
    if type(hand) is not s.hand_type:
        return None
    concealed, melds, win = (slot_field(hand, s.hand_fields[0]), slot_field(hand, s.hand_fields[1]),
                             slot_field(hand, s.hand_fields[2]))
    bonus, jokers = slot_field(hand, s.hand_fields[3]), slot_field(hand, s.hand_fields[4])
    if (concealed == NULL or melds == NULL or win == NULL or bonus == NULL or jokers == NULL
            or <object>jokers is not 0 or type(<object>bonus) is not tuple
            or PyTuple_GET_SIZE(<object>bonus) or type(<object>melds) is not tuple):
        return None  # a Hand made without its __init__ (all slots are filled by it), jokers, bonus tiles
    plan = _plan_of(s, rules)
    if plan is None or not counts_of_sequence(<object>concealed, counts, 4):
        return None
    n_melds = PyTuple_GET_SIZE(<object>melds)
    if n_melds > 4:
        return None
    memset(codes, NO_GROUP, 4)
    for k in range(n_melds):
        meld = PyTuple_GET_ITEM(<object>melds, k)
        if type(<object>meld) is not s.meld_type or not _filled(<object>meld, s.meld_fields, 5) \
                or <object>slot_field(<object>meld, s.meld_fields[3]) is not 0:
            return None  # jokers in a meld
        kind = PyLong_AsLong(<object>slot_field(<object>meld, s.meld_fields[0]))
        if kind == _QUAD and <object>slot_field(<object>meld, s.meld_fields[2]) is True:
            kind = _CONCEALED_KONG
        codes[k] = <uint8_t>(kind * 34 + PyLong_AsLong(<object>slot_field(<object>meld, s.meld_fields[1])))
        if <object>slot_field(<object>meld, s.meld_fields[4]) is True:
            claimed |= 1u << (_CLAIMED_SHIFT + k)
    for t in range(34):
        size += counts[t]
    size += 3 * <int>n_melds
    if <object>win is not None:
        if "win_tile" in context:
            return None  # the careful path checks that they agree
        win_tile = PyLong_AsLong(<object>win)
    # The keywords are completed by whether the hand has 14 tiles (winner's default) and
    # the winning tile it marks: both are part of the kept context's key.
    found = _call_slot(s, hand, size, (size >= 14) | (win_tile + 1) << 1, context)
    if found == NULL:
        return None
    # Copied, and its context held: the Python code run below (writing a breakdown out) may
    # let another thread forget the kept contexts or reuse this slot.
    slot = found[0]
    ctx = <object>slot.context
    if size != 14 if slot.winner else size > 13:
        return None
    c_require_suit_tables()
    st = c_score_row(counts, codes, slot.win_tile, slot.flags | claimed, slot.seat, slot.prevailing,
                     &plan.compiled.r, &best, NULL)
    if st != S_OK or best.n_matched:
        return None  # the careful path says why, or writes the special hands out
    # The breakdown's key: what the careful path's memo key holds.
    memset(key, 0, _KEY_BYTES)
    memcpy(key, counts, 34)
    memcpy(key + 34, codes, 4)
    key[38] = slot.self_drawn
    key[39] = slot.seat
    key[40] = slot.prevailing
    key[41] = best.best_reading[1]
    key[42] = best.points != 0
    number = best.best_reading[2]
    memcpy(key + 43, &number, 4)
    number = best.best_reading[3]
    memcpy(key + 47, &number, 4)
    memcpy(key + 51, &best.applied, 8)
    high = <uint16_t>((slot.flags | claimed) >> _FLOWER_SHIFT)
    memcpy(key + 59, &high, 2)
    h = _key_hash(key)
    memo = _memo_slot(plan, key, h)
    if memo.hash != 0:
        written = <object>memo.written
    else:
        written = s.write_out(hand, ctx, plan.rules, _record(&best))
        # Writing it out ran Python code, where another thread may have grown the table
        # (moving every slot) or kept this breakdown: the slot is looked up again.
        memo = _memo_slot(plan, key, h)
        if memo.hash == 0:
            Py_INCREF(written)
            memcpy(memo.key, key, _KEY_BYTES)
            memo.hash, memo.written = h, <PyObject*>written
            plan.kept += 1
    # limit_share without a special hand: the whole limit when the score was capped
    if plan.roof_off:
        capped = False
    elif best.points <= 0:
        capped = best.points > plan.limit
    elif best.doubles < 0:
        return None
    elif best.doubles >= 62 or best.points > (INT64_MAX >> best.doubles):
        capped = True
    else:
        raw = best.points << best.doubles
        capped = raw > plan.limit
    # The Score made as its dataclass __init__ makes it (a frozen, slotted dataclass with
    # no __post_init__: its __init__ only fills each slot), without the keyword call and
    # the thirteen object.__setattr__ calls: half the time of this whole call.
    result = mj_alloc(s.score_type)
    f = s.score_fields
    mj_fill(result, f[0], best.total)
    mj_fill(result, f[1], best.points)
    mj_fill(result, f[2], best.doubles)
    mj_fill(result, f[3], s.whole if capped else None)
    mj_fill(result, f[4], None)
    mj_fill(result, f[5], (<tuple>written)[1])
    mj_fill(result, f[6], (<tuple>written)[0])
    mj_fill(result, f[7], s.shape_codes[best.best_reading[1]])
    mj_fill(result, f[8], plan.name)
    mj_fill(result, f[9], hand)
    mj_fill(result, f[10], ctx)
    mj_fill(result, f[11], ())
    mj_fill(result, f[12], (<tuple>written)[2])
    return result


_SCORE_FIELDS = ("total", "points", "doubles", "limit", "special", "lines", "decomposition", "shape",
                 "rules", "hand", "context", "others", "jokers")


def score_function(careful, default_rules, *, chosen, score_type, hand_type, meld_type, ruleset_type,
                   by_name, parse, call_context, write_out, shape_codes):
    """``mjscore.score`` as one compiled call: the common calls (see above) answered here
    while ``chosen["score"]`` is ``"cython"``; any other call, and any this path refuses,
    goes to ``careful`` (the Python definition, the same signature). The other arguments
    are what it makes and reads: ``Score``, ``Hand``, ``Meld`` and ``RuleSet``; the
    loader's rule sets by name, ``parse_hand``, ``call_context`` and
    ``write_out`` of ``mjscore.score.scoring``; ``SHAPE_CODES``."""
    import dataclasses
    from fractions import Fraction
    if tuple(f.name for f in dataclasses.fields(score_type)) != _SCORE_FIELDS \
            or "__post_init__" in score_type.__dict__ or score_type.__new__ is not object.__new__:
        raise TypeError("score_function: Score is not the dataclass this module fills")
    cdef _SingleCalls s = _SingleCalls()
    s.careful, s.chosen, s.cython, s.score_type = careful, chosen, "cython", score_type
    s.hand_type, s.meld_type, s.ruleset_type = hand_type, meld_type, ruleset_type
    s.by_name, s.parse, s.call_context, s.write_out = by_name, parse, call_context, write_out
    s.shape_codes, s.whole, s.plans, s.last = tuple(shape_codes), Fraction(1), {}, None
    for i, name in enumerate(("concealed", "melds", "win_tile", "bonus", "jokers")):
        s.hand_fields[i] = slot_offset(hand_type, name)
    for i, name in enumerate(("kind", "first", "concealed", "jokers", "claimed")):
        s.meld_fields[i] = slot_offset(meld_type, name)
    for i, name in enumerate(_SCORE_FIELDS):
        s.score_fields[i] = slot_offset(score_type, name)
    s.n_slots = 2 * _MAX_CONTEXTS
    s.slots = <CallSlot*>calloc(s.n_slots, sizeof(CallSlot))
    if s.slots == NULL:
        raise MemoryError()
    _MADE.add(s)

    def score(hand, rules=default_rules, **context):
        cdef PyObject* backend = PyDict_GetItemWithError(s.chosen, "score")
        if backend != NULL and (<object>backend is s.cython or <object>backend == s.cython):
            result = _fast_score(s, hand, rules, context)
            if result is not None:
                return result
        return s.careful(hand, rules, **context)

    return score
