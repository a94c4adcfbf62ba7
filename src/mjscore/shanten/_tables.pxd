# The per-part tables of the shanten kernel (what they hold and how they are built:
# _shanten_tables' docstring). _shanten_tables builds them; the kernel keeps them in a
# static of its own, so its hot lookups address them directly.
from libc.stdint cimport int32_t, uint8_t, uint64_t

cdef enum:
    SUIT_KEYS = 1953125       # 5 ** 9
    HONOUR_KEYS = 78125       # 5 ** 7
    CLASSES = 10              # m * 2 + p: exactly m sets (0-4) and p pairs (0-1)

ctypedef struct Entry:
    # lacks: five nibbles for 0-4 sets without the pair, five with it; then the ranks
    # whose tile lowers the lack of classes 1 and 2 (9 bits each; class 0 needs nothing
    # and is never lowered)
    uint64_t a
    uint64_t b            # the same 9-bit masks of classes 3-9

ctypedef struct ShantenTables:
    const Entry* suit     # NULL until built; set last, with honour
    const Entry* honour
    # *_rank[r][used][c]: what rank r holding c tiles, after `used` tiles in the lower
    # ranks, adds to the entry's index (the lexicographic rank among parts of at most
    # 14 tiles)
    int32_t suit_rank[9][15][5]
    int32_t honour_rank[7][15][5]

# Build the tables into `tables` (the caller holds the GIL: one builder); 0, or raises
# MemoryError with `tables` left unbuilt.
cdef int c_build_shanten_tables(ShantenTables* tables) except -1


cdef inline int _index(const uint8_t* c, const int32_t* rank, int ranks) noexcept nogil:
    """The entry of a part (at most 14 tiles)."""
    cdef int r, used = 0, index = 0
    for r in range(ranks):
        index += rank[(r * 15 + used) * 5 + c[r]]
        used += c[r]
    return index
