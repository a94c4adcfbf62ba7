# What other compiled modules ask of the shanten kernel (the search's graph of hands):
# one row's standard replacement number, with or without its useful tiles, without the GIL.
from libc.stdint cimport uint8_t, uint64_t

# Build the shanten tables if they are not yet; call it (with the GIL) before the others.
cdef int c_ensure_tables() except -1
# A row's standard replacement number (shanten plus one), or -status for a bad row.
cdef int c_standard_distance(const uint8_t* counts, const uint8_t* melds) noexcept nogil
# A 3k + 2 row's standard replacement number after each discard (out[t] for tiles held); 0 or -status.
cdef int c_standard_discards(const uint8_t* counts, const uint8_t* melds, int* out) noexcept nogil
# A 3k + 1 row's standard replacement number and the tiles that lower it, or -status.
cdef int c_standard_useful(const uint8_t* counts, const uint8_t* melds, uint64_t* mask) noexcept nogil
