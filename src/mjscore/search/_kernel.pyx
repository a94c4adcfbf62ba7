"""The search, compiled: the reference's contract (``mjscore.search._reference``) met by
building the graph of reachable hands once (``mjscore.search.graph``, the facts asked
in batches) and running the dynamic program over it in C, without the GIL."""

from libc.math cimport fabs
from libc.stdint cimport int32_t, uint8_t

import numpy as np

from mjscore.search._reference import first_discards
from mjscore.search.graph import build

cdef double EPSILON = 1e-9  # as the reference's EPSILON


cdef inline int _better(const double* a, const double* b, const int* order) noexcept nogil:
    """The reference's ``better``: 1 if ``a`` beats ``b`` (each (ready, win, expected))."""
    cdef int n, i
    cdef double scale
    for n in range(3):
        i = order[n]
        scale = 1.0
        if fabs(a[i]) > scale:
            scale = fabs(a[i])
        if fabs(b[i]) > scale:
            scale = fabs(b[i])
        if a[i] > b[i] + EPSILON * scale:
            return 1
        if a[i] < b[i] - EPSILON * scale:
            return 0
    return 0


cdef void _program(int n, int turns, const int32_t* distance, const uint8_t* leaf, const double* stay,
                   const int32_t* draw_start,
                   const double* p, const double* won, const int32_t* succ_start, const int32_t* succ,
                   const int* order, double* v) noexcept nogil:
    """``v[(i * (turns + 1) + k) * 3 + m]``: state ``i``'s value with ``k`` turns left."""
    cdef int i, k, j, s, stride = (turns + 1) * 3
    cdef double ready, win, score, q
    cdef const double* best
    cdef const double* cand
    for i in range(n):
        v[i * stride] = 1.0 if distance[i] == 1 else 0.0
        v[i * stride + 1] = 0.0
        v[i * stride + 2] = 0.0
    for k in range(1, turns + 1):
        for i in range(n):
            ready = 1.0 if distance[i] == 1 else 0.0
            win = 0.0
            score = 0.0
            if not leaf[i] and distance[i] <= k + 1:
                ready = 0.0
                for j in range(draw_start[i], draw_start[i + 1]):
                    q = p[j]
                    if won[j] >= 0:
                        ready += q
                        win += q
                        score += q * won[j]
                        continue
                    best = NULL
                    for s in range(succ_start[j], succ_start[j + 1]):
                        cand = &v[succ[s] * stride + (k - 1) * 3]
                        if best == NULL or _better(cand, best, order):
                            best = cand
                    ready += q * best[0]
                    win += q * best[1]
                    score += q * best[2]
                q = stay[i]
                if q > 0:
                    cand = &v[i * stride + (k - 1) * 3]
                    ready += q * cand[0]
                    win += q * cand[1]
                    score += q * cand[2]
                if distance[i] == 1:
                    ready = 1.0
            v[i * stride + k * 3] = ready
            v[i * stride + k * 3 + 1] = win
            v[i * stride + k * 3 + 2] = score


def search(facts, bytes hand, bytes unseen, int turns, str objective, int extra, bint change_wait):
    """The value of each discard of ``hand`` per turn (the reference's contract)."""
    tiles, roots = first_discards(facts, hand)
    graph = build(facts, hand, roots, unseen, turns, extra, change_wait)
    cdef int order[3]
    order[0], order[1], order[2] = (2, 1, 0) if objective == "score" else (1, 2, 0)
    cdef int n = graph.distance.shape[0]
    values = np.empty((n, turns + 1, 3), dtype=np.float64)
    cdef double[:, :, ::1] v = values
    cdef const int32_t[::1] distance = graph.distance
    cdef const uint8_t[::1] leaf = graph.leaf
    cdef const double[::1] stay = graph.stay
    cdef const int32_t[::1] draw_start = graph.draw_start
    cdef const double[::1] p = graph.p
    cdef const double[::1] won = graph.won
    cdef const int32_t[::1] succ_start = graph.succ_start
    cdef const int32_t[::1] succ = graph.succ
    # arrays built by graph.build: consistent sizes, successors are state indices below n;
    # an empty array is read through a dummy pointer never dereferenced.
    cdef double dummy_d = 0
    cdef int32_t dummy_i = 0
    with nogil:
        _program(n, turns, &distance[0], &leaf[0], &stay[0], &draw_start[0],
                 &p[0] if p.shape[0] else &dummy_d, &won[0] if won.shape[0] else &dummy_d,
                 &succ_start[0], &succ[0] if succ.shape[0] else &dummy_i, order, &v[0, 0, 0])
    out = values[graph.roots, 1:, :].transpose(0, 2, 1).copy()
    return tiles, out
