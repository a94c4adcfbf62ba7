# C-level kernel API for other engines: `from mjscore._kernel cimport c_is_complete` (mjscore/_kernel.pxd re-exports this file).
#
# Every function takes a pointer to 34 counts (34-index order) that the caller has
# validated: each count 0..4. The per-suit tables are built on first use (thread
# safe); mjscore.decompose._kernel.clear_cache() must not run while another thread is inside
# one of these functions. Call c_require_tables() first, with the GIL: if the tables
# cannot be allocated, the functions below read every hand as not complete.
#
# _kernel defines them (calling _shapes and _jokers_kernel, which do the work), so an
# engine built against this file needs no other .pxd and finds them in _kernel's C API.
from libc.stdint cimport uint8_t, uint64_t

# Build the per-suit tables unless built; raises MemoryError if they cannot be allocated.
cdef int c_require_tables() except -1

# 1 if the counts (2, 5, 8, 11 or 14 tiles) are complete: a standard shape, seven
# distinct pairs or thirteen orphans; else 0.
cdef int c_is_complete(const uint8_t* counts) noexcept nogil
# Shape flags (STANDARD 1, SEVEN_PAIRS 2, PAIRS_WITH_QUADS 4, THIRTEEN_ORPHANS 8,
# KNITTING 16, TRIPLE_KNITTING 32) of 2, 5, 8, 11 or 14 counts.
cdef int c_shapes(const uint8_t* counts) noexcept nogil
# Mask of the tiles completing 1, 4, 7, 10 or 13 counts (bit t = tile t).
cdef uint64_t c_waits(const uint8_t* counts) noexcept nogil
# Number of standard decompositions of 2, 5, 8, 11 or 14 counts.
cdef int c_decomposition_count(const uint8_t* counts) noexcept nogil
# Write every standard decomposition as 5 sorted group bytes (kind * 34 + tile; kind
# 0 run, 1 pung, 3 pair, see _group_codes.pxd; 0xFF pads) to `out`, which must hold
# 5 * c_decomposition_count bytes (at most 64 decompositions: 320 bytes is always
# enough); returns how many.
cdef int c_decompose(const uint8_t* counts, uint8_t* out) noexcept nogil
# 1 if standard-complete counts less one `removed` tile are also completed (standard
# shape) by another kind that `held` (the counts with the melds) shows fewer than 4 times;
# 0 for counts that are not standard-complete.
cdef int c_other_wait(const uint8_t* counts, int removed, const uint8_t* held) noexcept nogil

# Jokers (see mjscore.decompose._reference, "Jokers"): `use` is USE_PUNGS 1 | USE_CHOWS 2 |
# USE_PAIRS 4, the groups a joker may join; `caps` (NULL for 4 each) the most of each
# tile the counts may stand for with their jokers; 0 <= jokers <= 8; natural counts at
# most the caps. Sizes count jokers as tiles.
#
# 1 if the counts and jokers (2, 5, 8, 11 or 14 tiles) are complete.
cdef int c_is_complete_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
# STANDARD, SEVEN_PAIRS and THIRTEEN_ORPHANS flags of the counts and jokers.
cdef int c_shapes_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
# Mask of the natural tiles completing 1, 4, 7, 10 or 13 tiles, jokers included.
cdef uint64_t c_waits_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil
# Write up to `capacity` joker decompositions, sorted, as 10-byte rows of five
# (group byte, jokers in the group) pairs (0xFF 0xFF pads); returns how many there are
# (call again with more room if above `capacity`), or -1 if out of memory.
cdef int c_decompose_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                            uint8_t* out, int capacity) noexcept nogil
