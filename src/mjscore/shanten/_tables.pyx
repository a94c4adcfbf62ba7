"""The shanten kernel's per-part tables, built on first use.

The tables: for every part (one suit's 9 counts, or the 7 honours) of at most 14
tiles and every class ``m * 2 + p`` (exactly ``m`` sets and ``p`` pairs), the fewest
tiles the part lacks to hold that class, and the ranks whose tile would lower that
number: 16 bytes an entry, 405,350 suit entries (6.5 MB) and 43,130 honour entries,
found by a lexicographic rank of the counts (``_index``, nine small-table reads). They
are built once, on first use, with the GIL held (so two threads cannot race to build
them), from a scratch table over all 5**9 suit keys filled in two passes, no search
per key:

1. ``holds[key]``: the classes some sub-multiset of the key completes. A complete
   arrangement marks its own key; then, in increasing key order (removing a tile
   lowers the key), a key holds what any key one tile smaller holds.
2. ``lacks[key][cls]``: 0 if the key holds the class, else one more than the best
   key one tile larger (in decreasing key order). One tile more lowers the count by
   at most one, and some tile of a nearest arrangement lowers it by exactly one.
"""

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc

cdef int POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]


cdef int _build(uint64_t* lacks, int ranks, bint sequences) except -1:
    """Fill ``lacks`` (5**ranks entries) in the two passes the module docstring describes."""
    cdef int n_keys = POW5[ranks - 1] * 5
    cdef uint16_t* holds = <uint16_t*>calloc(n_keys, sizeof(uint16_t))
    cdef int n_types = (7 if sequences else 0) + ranks
    cdef int combo[4]
    cdef int c[9]
    cdef int digits[9]
    cdef int n_sets, i, g, r, pair, key, bad, cls, best, v
    cdef uint64_t packed, neighbour
    if holds == NULL:
        raise MemoryError()
    # Every complete arrangement: a multiset of at most four sets (sequences first, if
    # any, then triplets), with or without a pair.
    for n_sets in range(5):
        for i in range(n_sets):
            combo[i] = 0
        while True:
            for pair in range(-1, ranks):
                for r in range(ranks):
                    c[r] = 0
                for i in range(n_sets):
                    g = combo[i]
                    if sequences and g < 7:
                        c[g] += 1; c[g + 1] += 1; c[g + 2] += 1
                    else:
                        c[g - (7 if sequences else 0)] += 3
                if pair >= 0:
                    c[pair] += 2
                bad = 0
                key = 0
                for r in range(ranks - 1, -1, -1):
                    bad |= c[r] > 4
                    key = key * 5 + c[r]
                if not bad:
                    holds[key] |= 1 << (n_sets * 2 + (pair >= 0))
            i = n_sets - 1
            while i >= 0 and combo[i] == n_types - 1:
                i -= 1
            if i < 0:
                break
            combo[i] += 1
            for g in range(i + 1, n_sets):
                combo[g] = combo[i]
    # Pass 1, increasing keys: what a key one tile smaller holds, this key holds.
    for r in range(ranks):
        digits[r] = 0
    for key in range(n_keys):
        for r in range(ranks):
            if digits[r]:
                holds[key] |= holds[key - POW5[r]]
        r = 0
        while r < ranks and digits[r] == 4:
            digits[r] = 0
            r += 1
        if r < ranks:
            digits[r] += 1
    # Pass 2, decreasing keys: one more than the best key one tile larger.
    for r in range(ranks):
        digits[r] = 4
    for key in range(n_keys - 1, -1, -1):
        packed = 0
        for cls in range(CLASSES):
            if holds[key] >> cls & 1:
                continue
            best = 15
            for r in range(ranks):
                if digits[r] < 4:
                    v = (lacks[key + POW5[r]] >> (4 * cls)) & 15
                    if v < best:
                        best = v
            packed |= (<uint64_t>(best + 1 if best < 14 else 15)) << (4 * cls)
        lacks[key] = packed
        r = 0
        while r < ranks and digits[r] == 0:
            digits[r] = 4
            r += 1
        if r < ranks:
            digits[r] -= 1
    free(holds)
    return 0


cdef int _vectors(int length, int budget) noexcept:
    """How many parts of `length` ranks (0-4 each) hold at most `budget` tiles."""
    if budget < 0:
        return 0
    if length == 0:
        return 1
    cdef int v, n = 0
    for v in range(5):
        n += _vectors(length - 1, budget - v)
    return n


cdef void _fill_rank(int32_t* table, int ranks) noexcept:
    cdef int r, used, c, v, total
    for r in range(ranks):
        for used in range(15):
            total = 0
            for c in range(5):
                table[(r * 15 + used) * 5 + c] = total
                total += _vectors(ranks - r - 1, 14 - used - c)


cdef int _compact(const uint64_t* lacks, Entry* entries, const int32_t* rank, int ranks) except -1:
    """Keep the parts of at most 14 tiles, each with the ranks that lower each class."""
    cdef int n_keys = POW5[ranks - 1] * 5, key, r, cls, size
    cdef uint8_t digits[9]
    cdef uint64_t mine, mask, masks, packed
    for r in range(ranks):
        digits[r] = 0
    size = 0
    for key in range(n_keys):
        if size <= 14:
            mine = lacks[key]
            packed = 0
            for cls in range(CLASSES):  # the classes without a pair, then those with one
                packed |= ((mine >> (4 * cls)) & 15) << (20 * (cls & 1) + 4 * (cls >> 1))
            entries[_index(digits, rank, ranks)].a = packed
            masks = 0
            for cls in range(1, CLASSES):
                mask = 0
                for r in range(ranks):
                    if digits[r] < 4 and ((lacks[key + POW5[r]] >> (4 * cls)) & 15) < ((mine >> (4 * cls)) & 15):
                        mask |= 1 << r
                if cls <= 2:
                    entries[_index(digits, rank, ranks)].a |= mask << (40 + 9 * (cls - 1))
                else:
                    masks |= mask << (9 * (cls - 3))
            entries[_index(digits, rank, ranks)].b = masks
        r = 0
        while r < ranks and digits[r] == 4:
            digits[r] = 0
            size -= 4
            r += 1
        if r < ranks:
            digits[r] += 1
            size += 1
    return 0


cdef int c_build_shanten_tables(ShantenTables* tables) except -1:
    cdef int32_t* suit_rank = &tables.suit_rank[0][0][0]
    cdef int32_t* honour_rank = &tables.honour_rank[0][0][0]
    _fill_rank(suit_rank, 9)
    _fill_rank(honour_rank, 7)
    cdef uint64_t* lacks = <uint64_t*>malloc(SUIT_KEYS * sizeof(uint64_t))
    cdef Entry* suit = <Entry*>calloc(_vectors(9, 14), sizeof(Entry))
    cdef Entry* honour = <Entry*>calloc(_vectors(7, 14), sizeof(Entry))
    if lacks == NULL or suit == NULL or honour == NULL:
        free(lacks); free(suit); free(honour)
        raise MemoryError()
    try:
        _build(lacks, 9, True)
        _compact(lacks, suit, suit_rank, 9)
        _build(lacks, 7, False)
        _compact(lacks, honour, honour_rank, 7)
    except MemoryError:
        free(lacks); free(suit); free(honour)
        raise
    free(lacks)
    tables.suit = suit
    tables.honour = honour
    return 0
