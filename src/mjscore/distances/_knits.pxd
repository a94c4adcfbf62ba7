# Distances to targets of knitted groups (see _distance_knits.pyx).
from libc.stdint cimport int16_t, uint8_t, uint16_t

from mjscore.distances._types cimport (KNIT_AND_PAIR, KNIT_ONE, MAX_KNIT_MOVES, MAX_KNIT_STATES, NONE,
                                      DTarget)


cdef int knitted(const DTarget* t, const uint8_t* held, const uint8_t* knit_put, const uint16_t* knit_numbers,
                 const int16_t* knit_next) noexcept nogil
