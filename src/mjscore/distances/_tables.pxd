# One suit's distance tables, their memo, and knitted targets (see _tables.pyx).
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from mjscore.distances._types cimport (KNIT_AND_PAIR, KNIT_ONE, MAX_KNIT_MOVES, MAX_KNIT_STATES, MAX_RUNS, N_BACK,
                                      NONE, POOL_ENTRIES, Ctx, DTarget, Moves, suit_base, suit_width, within)


cdef class SuitMemo:
    cdef uint64_t* keys
    cdef uint32_t* offsets
    cdef int8_t* pool
    cdef uint32_t used
    cdef int n_cached
    cdef object arrays            # the numpy arrays the move pointers read
    cdef const int32_t* move_index
    cdef const uint64_t* move_packed
    cdef const uint8_t* move_put
    cdef const uint8_t* move_chows
    cdef const uint8_t* move_cap

    cdef void clear(self) noexcept nogil
    cdef bint full(self, uint32_t entries) noexcept nogil
    cdef void compute(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held, const uint8_t* caps,
                      int8_t* out) noexcept nogil
    cdef const int8_t* table(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held,
                             const uint8_t* caps, bint memo, int8_t* out) noexcept nogil


cdef int knitted(const DTarget* t, const uint8_t* held, const uint8_t* knit_put, const uint16_t* knit_numbers,
                 const int16_t* knit_next) noexcept nogil
