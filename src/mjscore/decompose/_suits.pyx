"""The per-suit tables of the compiled kernel, built once, on first use.

The reference (``_reference``) splits each suit recursively and memoises per suit
key. The kernel instead builds its per-suit memo from the sets upward: every
multiset of at most four sets of one suit (sequences and triplets), with or
without a pair, gives one suit pattern and one way to split it. That is 21,743
patterns and 23,533 ways. From them it keeps (``SuitTables`` in the ``.pxd``)

* a bitset over all 5**9 suit keys (244 KB, fits in L2): "this suit splits";
* an open-addressing hash from suit key to its ways, for decompositions;
* a wait table over all suit keys (3.9 MB): the ranks that would make it split.

``_shapes`` holds the one copy, built on first use, and reads it for complete
hands, waits and decompositions; the joker modules build their own tables on top
of the ways.
"""

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memset

from mjscore.core._group_codes cimport G_CHOW, G_PAIR, G_PUNG, group_code

cdef enum:
    MAX_RAW_WAYS = 48450      # sum over k <= 4 of C(15 + k, k), times 10 pair choices

ctypedef struct RawWay:
    int32_t key
    uint64_t way        # up to five group bytes of suit 0 (kind * 34 + rank), 0xFF padded

POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]


cdef int _compare_raw(const void* a, const void* b) noexcept nogil:
    cdef const RawWay* x = <const RawWay*>a
    cdef const RawWay* y = <const RawWay*>b
    if x.key != y.key:
        return -1 if x.key < y.key else 1
    if x.way != y.way:
        return -1 if x.way < y.way else 1
    return 0


cdef int c_build_suit_tables(SuitTables* T) noexcept nogil:
    """Enumerate every suit's sets upward and fill the bitset, hash and ways pool."""
    cdef RawWay* raw = <RawWay*>malloc(MAX_RAW_WAYS * sizeof(RawWay))
    cdef int n_raw = 0, n_sets, i, pair, g, r, bad, n_groups, rest
    cdef int combo[4]
    cdef uint8_t c[9]
    cdef uint64_t way
    if raw == NULL:
        return -1
    # Group types 0-6 are sequences starting at rank 0-6, 7-15 triplets of rank 0-8.
    for n_sets in range(5):
        for i in range(n_sets):
            combo[i] = 0
        while True:
            for pair in range(-1, 9):
                memset(c, 0, 9)
                way = 0xFFFFFFFFFFFFFFFF
                n_groups = 0
                for i in range(n_sets):
                    g = combo[i]
                    if g < 7:
                        c[g] += 1; c[g + 1] += 1; c[g + 2] += 1
                        way = (way << 8) | group_code(G_CHOW, g)
                    else:
                        c[g - 7] += 3
                        way = (way << 8) | group_code(G_PUNG, g - 7)
                    n_groups += 1
                if pair >= 0:
                    c[pair] += 2
                    way = (way << 8) | group_code(G_PAIR, pair)
                bad = 0
                for r in range(9):
                    if c[r] > 4:
                        bad = 1
                if bad:
                    continue
                raw[n_raw].key = 0
                for r in range(8, -1, -1):
                    raw[n_raw].key = raw[n_raw].key * 5 + c[r]
                raw[n_raw].way = way
                n_raw += 1
            # next multiset: non-decreasing combo over 16 group types
            i = n_sets - 1
            while i >= 0 and combo[i] == 15:
                i -= 1
            if i < 0:
                break
            combo[i] += 1
            for g in range(i + 1, n_sets):
                combo[g] = combo[i]
    qsort(raw, n_raw, sizeof(RawWay), _compare_raw)

    T.bits = <uint32_t*>calloc(N_KEYS // 32 + 1, sizeof(uint32_t))
    T.hash = <uint64_t*>malloc(HASH_SIZE * sizeof(uint64_t))
    T.ways = <uint64_t*>malloc(n_raw * sizeof(uint64_t))
    T.wait = <uint16_t*>calloc(N_KEYS, sizeof(uint16_t))
    if T.bits == NULL or T.hash == NULL or T.ways == NULL or T.wait == NULL:
        free(raw)
        return -1
    memset(T.hash, 0xFF, HASH_SIZE * sizeof(uint64_t))
    T.patterns = 0
    i = 0
    while i < n_raw:
        g = i
        while g < n_raw and raw[g].key == raw[i].key:
            T.ways[g] = raw[g].way
            g += 1
        _hash_insert(T, raw[i].key, <uint32_t>i << 8 | <uint32_t>(g - i))
        T.bits[raw[i].key >> 5] |= 1u << (raw[i].key & 31)
        rest = raw[i].key
        for r in range(9):  # this pattern minus one tile of rank r waits on r
            if rest % 5:
                T.wait[raw[i].key - POW5[r]] |= 1 << r
            rest //= 5
        T.patterns += 1
        i = g
    free(raw)
    return 0


cdef void _hash_insert(SuitTables* T, int32_t key, uint32_t value) noexcept nogil:
    cdef uint32_t s = _slot(key)
    while T.hash[s] != EMPTY_SLOT:
        s = (s + 1) & (HASH_SIZE - 1)
    T.hash[s] = (<uint64_t>key) << 32 | value


cdef void c_free_suit_tables(SuitTables* T) noexcept nogil:
    T.ready = 0
    free(T.bits); free(T.hash); free(T.ways); free(T.wait)
    T.bits = NULL; T.hash = NULL; T.ways = NULL; T.wait = NULL
    T.patterns = 0
