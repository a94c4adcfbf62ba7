# The table of the ways a suit splits spending one or two jokers (see _joker_table.pyx),
# and the way lists the joker functions of _jokers_kernel build from it and from their
# search.
from libc.stdint cimport uint8_t
from libc.stdlib cimport realloc

cdef enum:
    C_USE_PUNGS = 1
    C_USE_CHOWS = 2
    C_USE_PAIRS = 4
    JWAY_BYTES = 13        # spent, pair, groups, then five (code, jokers) pairs
    JROW_BYTES = 10        # five (code, jokers) pairs, sorted; 0xFF pads

ctypedef struct JWay:
    uint8_t b[JWAY_BYTES]

ctypedef struct JWays:
    JWay* ways
    int n
    int capacity
    int failed

cdef int g_jready      # the table is built (read plainly: a thread that misses it searches)
cdef int g_jkeys       # how many (suit key, jokers) entries it holds

# Build the table once (after the natural tables); thread safe. 0, or -1 if out of memory.
cdef int c_ensure_joker_tables() noexcept nogil
# Drop the table (the caller holds _shapes.g_lock and no other thread is in the kernel).
cdef void c_clear_joker_tables() noexcept nogil
# The table's ways of the suit `c` (caps `cap`, first tile `base`) spending `j` (1 or 2)
# jokers that `use` and the caps allow: pushed to `out`, or (`out` NULL) 1 if there is
# one; -1 if out of memory. `capped`: some cap is below 4. The table must be built.
cdef int c_table_ways(const uint8_t* c, const uint8_t* cap, int base, int j, int use,
                      JWays* out, int capped) noexcept nogil


cdef inline int _push_way(JWays* ways, const JWay* way) noexcept nogil:
    cdef JWay* grown
    if ways.n == ways.capacity:
        grown = <JWay*>realloc(ways.ways, (2 * ways.capacity + 16) * sizeof(JWay))
        if grown == NULL:
            ways.failed = 1
            return 1
        ways.ways = grown
        ways.capacity = 2 * ways.capacity + 16
    ways.ways[ways.n] = way[0]
    ways.n += 1
    return 0


cdef inline void _sort_pairs(uint8_t* pairs, int n) noexcept nogil:
    """Insertion sort of ``n`` (code, jokers) byte pairs."""
    cdef int i, k
    cdef uint8_t code, jok
    for i in range(1, n):
        code = pairs[2 * i]
        jok = pairs[2 * i + 1]
        k = i - 1
        while k >= 0 and (pairs[2 * k] > code or (pairs[2 * k] == code and pairs[2 * k + 1] > jok)):
            pairs[2 * k + 2] = pairs[2 * k]
            pairs[2 * k + 3] = pairs[2 * k + 1]
            k -= 1
        pairs[2 * k + 2] = code
        pairs[2 * k + 3] = jok
