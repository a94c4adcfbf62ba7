# One suit's distance table, without and with jokers (see _distance_tables.pyx).
from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t

from mjscore.distances._types cimport (N_BACK, NONE, DTarget, Moves, MAX_RUNS, suit_base, suit_width,
                                      within)


cdef void suit_table(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps,
                     const Moves* moves, const int32_t* move_index, const uint64_t* move_packed,
                     const uint8_t* move_put, const uint8_t* move_chows, const uint64_t* packed_of,
                     int8_t* out, int8_t* cur, int8_t* nxt, int32_t* live, int32_t* next_live) noexcept nogil
cdef void suit_table_jokers(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps,
                            const Moves* moves, const int32_t* move_index, const uint64_t* move_packed,
                            const uint8_t* move_put, const uint8_t* move_chows, const uint8_t* move_cap,
                            const uint64_t* packed_of, int8_t* out, int8_t* cur, int8_t* nxt, int32_t* live,
                            int32_t* next_live) noexcept nogil
