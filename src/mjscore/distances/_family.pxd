# A family of distance targets in C with the buffers their tables need (see _distance_family.pyx).
from libc.stdint cimport int8_t, int32_t, uint32_t, uint64_t

from mjscore.distances._types cimport (MAX_DIMS, MAX_JOKER_USES, MAX_RUNS, N_BACK, N_FREE, NONE, POOL_ENTRIES, Ctx,
                                      DTarget, suit_base, suit_width)


cdef class Family:
    cdef DTarget* targets
    cdef int n_targets
    cdef Ctx ctx
    cdef int max_uses
    cdef int max_states
    cdef uint32_t row_entries     # the most one row can add to the memo's pool (bytes)
    cdef object arrays            # the numpy arrays ``ctx`` points into

    cdef void allocate(self, packed_of, triples, int max_uses, int max_states) except *
