# A rule set's distance targets in C and their families (see _targets.pyx).
from libc.stdint cimport int8_t, int32_t, uint32_t, uint64_t

from mjscore.distances._types cimport (KNIT_AND_PAIR, KNIT_ONE, KNIT_PROGRAMME, MAX_DIMS, MAX_JOKER_USES,
                                      MAX_KNIT_MOVES, MAX_KNIT_STATES, MAX_NEEDS, MAX_RUNS, MAX_USES, N_BACK, N_FREE,
                                      NONE, POOL_ENTRIES, Ctx, DTarget, suit_base, suit_width)


cdef int fill_target(DTarget* t, target, int column, built) except -1


cdef class Family:
    cdef DTarget* targets
    cdef int n_targets
    cdef Ctx ctx
    cdef int max_uses
    cdef int max_states
    cdef uint32_t row_entries     # the most one row can add to the memo's pool (bytes)
    cdef object arrays            # the numpy arrays ``ctx`` points into

    cdef void allocate(self, packed_of, triples, int max_uses, int max_states) except *
