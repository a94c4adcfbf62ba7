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
from libc.stdlib cimport free
from libc.string cimport memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE

from mjscore.core._group_codes cimport NO_GROUP
from mjscore.score._fold cimport Best, CompiledRules, Tables, compiled_rules
from mjscore.score._fold cimport S_OK
from mjscore.score.jokers._scoring cimport c_fixed_index, c_score_row_jokers
from mjscore.score._rows cimport c_score_row
from mjscore.score.jokers._substitutions cimport FixedIndex, Subs

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
