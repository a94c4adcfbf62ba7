"""The per-suit tables of the compiled kernel, built once, on first use.

The reference (``_reference``) splits each suit recursively and memoises per suit
key. The kernel instead builds its per-suit memo from the sets upward: every
multiset of at most four sets of one suit (sequences and triplets), with or
without a pair, gives one suit pattern and one way to split it. That is 21,743
patterns and 23,533 ways. From them it keeps (``SuitTables`` in the ``.pxd``)

* a bitset over all 5**9 suit keys (244 KB, fits in L2): "this suit splits";
* a perfect hash from suit key to its ways, for decompositions: one 32-byte slot read
  a lookup (24,576 slots, 88% full: 768 KB, within a 1 MB L2 with room for the rest),
  holding the first way and what a complete hand's single-wait test reads: the
  pattern's waits and those of the pattern less one tile of each rank, with whether
  that splits (where the wait table is a cache miss a row);
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
    MAX_BUCKET = 32           # the most patterns one bucket of the perfect hash may hold

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
    cdef int n_raw = 0, n_sets, i, pair, g, r, bad, n_groups, rest, status
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
    T.hash_block = malloc(HASH_SIZE * sizeof(SuitSlot) + 64)
    T.hash = <SuitSlot*>((<size_t>T.hash_block + 63) & ~(<size_t>63)) if T.hash_block != NULL else NULL
    T.seed = <uint16_t*>calloc(1 << SEED_BITS, sizeof(uint16_t))
    T.ways = <uint64_t*>malloc(n_raw * sizeof(uint64_t))
    T.wait = <uint16_t*>calloc(N_KEYS, sizeof(uint16_t))
    if T.bits == NULL or T.hash == NULL or T.seed == NULL or T.ways == NULL or T.wait == NULL:
        free(raw)
        return -1
    memset(T.hash, 0xFF, HASH_SIZE * sizeof(SuitSlot))
    T.patterns = 0
    i = 0
    while i < n_raw:
        g = i
        while g < n_raw and raw[g].key == raw[i].key:
            T.ways[g] = raw[g].way
            g += 1
        # the pattern's hash entry, kept in raw[T.patterns] (an entry read already, as
        # T.patterns <= i) until _place gives it its slot
        raw[T.patterns].key = raw[i].key
        raw[T.patterns].way = (<uint64_t>raw[i].key) << 32 | <uint32_t>i << 8 | <uint32_t>(g - i)
        T.bits[raw[i].key >> 5] |= 1u << (raw[i].key & 31)
        rest = raw[i].key
        for r in range(9):  # this pattern minus one tile of rank r waits on r
            if rest % 5:
                T.wait[raw[i].key - POW5[r]] |= 1 << r
            rest //= 5
        T.patterns += 1
        i = g
    status = _place(T, raw, T.patterns)
    free(raw)
    if status == 0:
        _fill_after(T)
    return status


cdef void _fill_after(SuitTables* T) noexcept nogil:
    """Each placed slot's ``after``, from the wait and split tables."""
    cdef int slot, r
    cdef int32_t key, rest, less
    cdef uint64_t entry
    for slot in range(HASH_SIZE):
        T.hash[slot].after[0] = T.hash[slot].after[1] = 0
        if T.hash[slot].entry == EMPTY_SLOT:
            continue
        key = <int32_t>(T.hash[slot].entry >> 32)
        T.hash[slot].after[1] = (<uint64_t>T.wait[key]) << 30
        rest = key
        for r in range(9):
            if rest % 5:
                less = key - POW5[r]
                entry = T.wait[less] | (AFTER_SPLITS if _splits(T, less) else 0)
                T.hash[slot].after[r >= 6] |= entry << (10 * (r - 6 * (r >= 6)))
            rest //= 5


cdef int _place(SuitTables* T, const RawWay* entries, int n) noexcept nogil:
    """Give each of the ``n`` entries (key, hash entry) its slot: the patterns are
    grouped in buckets by _bucket, and each bucket, the fullest first, takes the first
    seed that sends its patterns to free slots, all different (hash and displace).
    0, or -1 if out of memory or some bucket found no seed."""
    cdef int n_buckets = 1 << SEED_BITS, b, j, k, size, placed = 0, status = 0
    cdef int* first = <int*>calloc(n_buckets + 1, sizeof(int))
    cdef int* fill = <int*>calloc(n_buckets, sizeof(int))
    cdef int* members = <int*>malloc(n * sizeof(int))
    cdef int* order = <int*>malloc(n_buckets * sizeof(int))
    cdef int by_size[MAX_BUCKET + 2]
    cdef uint32_t slots[MAX_BUCKET]
    cdef uint32_t seed = 0
    if first == NULL or fill == NULL or members == NULL or order == NULL:
        free(first); free(fill); free(members); free(order)
        return -1
    for k in range(n):
        first[_bucket(entries[k].key) + 1] += 1
    memset(by_size, 0, sizeof(by_size))
    for b in range(n_buckets):
        size = first[b + 1]
        if size > MAX_BUCKET:
            free(first); free(fill); free(members); free(order)
            return -1
        by_size[MAX_BUCKET - size + 1] += 1
        first[b + 1] += first[b]
    for k in range(n):
        b = _bucket(entries[k].key)
        members[first[b] + fill[b]] = k
        fill[b] += 1
    for j in range(MAX_BUCKET + 1):  # the buckets by size, the fullest first (a counting sort)
        by_size[j + 1] += by_size[j]
    for b in range(n_buckets):
        j = MAX_BUCKET - (first[b + 1] - first[b])
        order[by_size[j]] = b
        by_size[j] += 1
    for j in range(n_buckets):
        b = order[j]
        size = first[b + 1] - first[b]
        if size == 0:
            break
        for seed in range(1 << 16):
            placed = 0
            while placed < size:
                slots[placed] = _seeded_slot(entries[members[first[b] + placed]].key, seed)
                if T.hash[slots[placed]].entry != EMPTY_SLOT:
                    break
                for k in range(placed):
                    if slots[k] == slots[placed]:
                        break
                else:
                    placed += 1
                    continue
                break
            if placed == size:
                break
        if placed < size:
            status = -1
            break
        T.seed[b] = <uint16_t>seed
        for k in range(size):
            T.hash[slots[k]].entry = entries[members[first[b] + k]].way
            T.hash[slots[k]].first = T.ways[<uint32_t>T.hash[slots[k]].entry >> 8]
    free(first); free(fill); free(members); free(order)
    return status


cdef void c_free_suit_tables(SuitTables* T) noexcept nogil:
    T.ready = 0
    free(T.bits); free(T.hash_block); free(T.seed); free(T.ways); free(T.wait)
    T.bits = NULL; T.hash = NULL; T.hash_block = NULL; T.seed = NULL; T.ways = NULL; T.wait = NULL
    T.patterns = 0
