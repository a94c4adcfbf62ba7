# cython: freethreading_compatible = False
"""The compiled kernel: the contract of ``_reference`` (read its docstring), made fast.

How it differs inside. The reference splits each suit recursively and memoises per
suit key. This kernel builds its per-suit memo once, on first use, from the sets
upward: every multiset of at most four sets of one suit (sequences and triplets),
with or without a pair, gives one suit pattern and one way to split it. That is
21,743 patterns and 23,533 ways. From them it keeps

* a bitset over all 5**9 suit keys (244 KB, fits in L2): "this suit splits";
* an open-addressing hash from suit key to its ways, for decompositions;
* a wait table over all suit keys (3.9 MB): the ranks that would make it split.

A hand is then complete when its honours are pairs or triplets, each suit's bit
is set and exactly one pair exists, which is a handful of loads per hand.

Jokers (see "jokers" below) get a second table, built on first use from the same
ways: per suit key and one or two jokers spent, the ways that keep them.
"""

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBuffer_Release, PyObject_GetBuffer
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLong
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcmp, memcpy, memset

import numpy as np

cdef extern from "Python.h":
    ctypedef void* PyThread_type_lock
    PyThread_type_lock PyThread_allocate_lock()
    int PyThread_acquire_lock(PyThread_type_lock, int) nogil
    void PyThread_release_lock(PyThread_type_lock) nogil
    bint PyLong_CheckExact(object)

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int mj_load_acquire(volatile int *p) { int v = *p; _ReadWriteBarrier(); return v; }
    static void mj_store_release(volatile int *p, int v) { _ReadWriteBarrier(); *p = v; }
    #else
    static inline int mj_load_acquire(int *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void mj_store_release(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define mj_prefetch(p) __builtin_prefetch(p)
    #else
    #define mj_prefetch(p) ((void)(p))
    #endif
    """
    int mj_load_acquire(int *p) noexcept nogil
    void mj_prefetch(const void *p) noexcept nogil
    void mj_store_release(int *p, int v) noexcept nogil

SEQUENCE, TRIPLET, QUAD, PAIR = 0, 1, 2, 3
STANDARD, SEVEN_PAIRS, PAIRS_WITH_QUADS, THIRTEEN_ORPHANS, KNITTING, TRIPLE_KNITTING = 1, 2, 4, 8, 16, 32
OK, BAD_COUNT, WRONG_SIZE, NOT_COUNTS = 0, 1, 2, 4
COMPLETE_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)
ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

cdef enum:
    N_KEYS = 1953125          # 5 ** 9
    HASH_BITS = 15
    HASH_SIZE = 32768         # 2 ** HASH_BITS: 66% full with the 21,743 patterns
    MAX_RAW_WAYS = 48450      # sum over k <= 4 of C(15 + k, k), times 10 pair choices
    NO_GROUP = 0xFF

cdef enum:
    C_STANDARD = 1
    C_SEVEN_PAIRS = 2
    C_PAIRS_WITH_QUADS = 4
    C_THIRTEEN_ORPHANS = 8
    C_KNITTING = 16
    C_TRIPLE_KNITTING = 32
    C_OK = 0
    C_BAD_COUNT = 1
    C_WRONG_SIZE = 2

ctypedef struct RawWay:
    int32_t key
    uint64_t way        # up to five group bytes (kind << 4 | rank), 0xFF padded

cdef int32_t POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]
cdef int ORPHAN[13]
ORPHAN[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

# The memo. g_ready is published with release/acquire so threads that find it set
# also see the tables.
cdef int g_ready = 0
cdef uint32_t* g_bits = NULL          # bit per suit key: the suit splits into sets (+ a pair if 3k+2)
# One 8-byte slot per entry, key << 32 | (start << 8 | number of ways), so a lookup
# touches one cache line; an empty slot is all ones (keys are below 2**21).
cdef uint64_t* g_hash = NULL
cdef uint64_t EMPTY_SLOT = 0xFFFFFFFFFFFFFFFF
cdef uint64_t* g_ways = NULL
# Per suit key, the ranks whose tile would make the suit split (bit r): the waits of
# one suit in one lookup. 5**9 uint16, 3.9 MB.
cdef uint16_t* g_wait = NULL
cdef int g_patterns = 0
cdef PyThread_type_lock g_lock = PyThread_allocate_lock()


cdef inline uint32_t _slot(int32_t key) noexcept nogil:
    return (<uint32_t>key * 2654435761u) >> (32 - HASH_BITS)


cdef int _compare_raw(const void* a, const void* b) noexcept nogil:
    cdef const RawWay* x = <const RawWay*>a
    cdef const RawWay* y = <const RawWay*>b
    if x.key != y.key:
        return -1 if x.key < y.key else 1
    if x.way != y.way:
        return -1 if x.way < y.way else 1
    return 0


cdef int _build_tables() noexcept nogil:
    """Enumerate every suit's sets upward and fill the bitset, hash and ways pool."""
    global g_bits, g_hash, g_ways, g_wait, g_patterns
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
                        way = (way << 8) | <uint64_t>(0 << 4 | g)
                    else:
                        c[g - 7] += 3
                        way = (way << 8) | <uint64_t>(1 << 4 | (g - 7))
                    n_groups += 1
                if pair >= 0:
                    c[pair] += 2
                    way = (way << 8) | <uint64_t>(3 << 4 | pair)
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

    g_bits = <uint32_t*>calloc(N_KEYS // 32 + 1, sizeof(uint32_t))
    g_hash = <uint64_t*>malloc(HASH_SIZE * sizeof(uint64_t))
    g_ways = <uint64_t*>malloc(n_raw * sizeof(uint64_t))
    g_wait = <uint16_t*>calloc(N_KEYS, sizeof(uint16_t))
    if g_bits == NULL or g_hash == NULL or g_ways == NULL or g_wait == NULL:
        free(raw)
        return -1
    memset(g_hash, 0xFF, HASH_SIZE * sizeof(uint64_t))
    g_patterns = 0
    i = 0
    while i < n_raw:
        g = i
        while g < n_raw and raw[g].key == raw[i].key:
            g_ways[g] = raw[g].way
            g += 1
        _hash_insert(raw[i].key, <uint32_t>i << 8 | <uint32_t>(g - i))
        g_bits[raw[i].key >> 5] |= 1u << (raw[i].key & 31)
        rest = raw[i].key
        for r in range(9):  # this pattern minus one tile of rank r waits on r
            if rest % 5:
                g_wait[raw[i].key - POW5[r]] |= 1 << r
            rest //= 5
        g_patterns += 1
        i = g
    free(raw)
    return 0


cdef void _hash_insert(int32_t key, uint32_t value) noexcept nogil:
    cdef uint32_t s = _slot(key)
    while g_hash[s] != EMPTY_SLOT:
        s = (s + 1) & (HASH_SIZE - 1)
    g_hash[s] = (<uint64_t>key) << 32 | value


cdef inline uint32_t _hash_find(int32_t key) noexcept nogil:
    """start << 8 | count of the key's ways, or 0 when the suit does not split."""
    cdef uint32_t s = _slot(key)
    cdef uint64_t slot = g_hash[s]
    while slot != EMPTY_SLOT:
        if <int32_t>(slot >> 32) == key:
            return <uint32_t>slot
        s = (s + 1) & (HASH_SIZE - 1)
        slot = g_hash[s]
    return 0


cdef int _ensure_tables() noexcept nogil:
    """Build the memo once; safe to call from any thread, with or without the GIL."""
    cdef int status = 0
    if mj_load_acquire(&g_ready):
        return 0
    PyThread_acquire_lock(g_lock, 1)
    if not g_ready:
        status = _build_tables()
        if status == 0:
            mj_store_release(&g_ready, 1)
    PyThread_release_lock(g_lock)
    return status


cdef inline int32_t _suit_key(const uint8_t* c) noexcept nogil:
    return (((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5
             + c[2]) * 5 + c[1]) * 5 + c[0]


cdef inline int _splits(int32_t key) noexcept nogil:
    return (g_bits[key >> 5] >> (key & 31)) & 1


cdef inline int _suit_size(const uint8_t* c) noexcept nogil:
    return c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8]


cdef inline int _standard(const uint8_t* counts) noexcept nogil:
    """1 if the counts split into sets and exactly one pair."""
    cdef int t, c, s, n, pairs = 0
    for t in range(27, 34):
        c = counts[t]
        if c == 1 or c == 4:
            return 0
        pairs += c == 2
    for s in range(3):
        n = _suit_size(counts + 9 * s) % 3
        if n == 1:
            return 0
        pairs += n == 2
    if pairs != 1:
        return 0
    for s in range(3):
        if not _splits(_suit_key(counts + 9 * s)):
            return 0
    return 1


cdef inline int _total(const uint8_t* counts) noexcept nogil:
    cdef int t, total = 0
    for t in range(34):
        total += counts[t]
    return total


cdef inline int _seven_pairs_flags(const uint8_t* counts) noexcept nogil:
    """SEVEN_PAIRS / PAIRS_WITH_QUADS for 14 counts."""
    cdef int t, c, distinct = 1
    for t in range(34):
        c = counts[t]
        if c & 1:
            return 0
        if c == 4:
            distinct = 0
    return C_PAIRS_WITH_QUADS | (C_SEVEN_PAIRS if distinct else 0)


cdef inline int _thirteen_orphans(const uint8_t* counts) noexcept nogil:
    """1 if the 14 counts hold every orphan kind and nothing else."""
    cdef int i, total = 0
    for i in range(13):
        if counts[ORPHAN[i]] == 0:
            return 0
        total += counts[ORPHAN[i]]
    return total == 14


cdef int _knitting(const uint8_t* counts) noexcept nogil:
    """KNITTING / TRIPLE_KNITTING flags for 14 counts (seed 001)."""
    cdef int t, r, s, used = 0, first = -1, second = -1, flags = 0
    cdef int tri, left, pair_rank = -1, pair_suits = 0, triplets = 0, bad = 0
    for t in range(27, 34):
        if counts[t]:
            return 0
    for s in range(3):
        if _suit_size(counts + 9 * s):
            used += 1
            if first < 0:
                first = s
            else:
                second = s
    if used == 2 and memcmp(counts + 9 * first, counts + 9 * second, 9) == 0:
        flags |= C_KNITTING
    for r in range(9):
        tri = min(counts[r], counts[9 + r], counts[18 + r])
        triplets += tri
        for s in range(3):
            left = counts[9 * s + r] - tri
            if left > 1 or (left == 1 and pair_rank >= 0 and pair_rank != r):
                bad = 1
            elif left == 1:
                pair_rank = r
                pair_suits += 1
    if not bad and triplets == 4 and pair_suits == 2:
        flags |= C_TRIPLE_KNITTING
    return flags


cdef int c_is_complete(const uint8_t* counts) noexcept nogil:
    if _ensure_tables():
        return 0
    if _standard(counts):
        return 1
    if _total(counts) != 14:
        return 0
    return (_seven_pairs_flags(counts) & C_SEVEN_PAIRS) != 0 or _thirteen_orphans(counts)


cdef int c_shapes(const uint8_t* counts) noexcept nogil:
    cdef int flags
    if _ensure_tables():
        return 0
    flags = C_STANDARD if _standard(counts) else 0
    if _total(counts) != 14:
        return flags
    flags |= _seven_pairs_flags(counts)
    if _thirteen_orphans(counts):
        flags |= C_THIRTEEN_ORPHANS
    return flags | _knitting(counts)


cdef uint64_t c_waits(const uint8_t* counts) noexcept nogil:
    """Standard waits one suit at a time from the wait table; then pairs and orphans.

    A suit's key and size come from unrolled sums; its waits are one lookup: the
    ranks whose tile makes that suit split. The counts seven pairs and thirteen
    orphans need are gathered only for 13 tiles (a hand with melds has fewer).
    """
    cdef int t, r, s, c, n, hp = 0, hbad = 0, pairs_other, total = 0
    cdef int32_t key[3]
    cdef int size[3]
    cdef int ok[3]
    cdef int pair[3]
    cdef int all_ok
    cdef uint64_t mask = 0
    cdef int singles = 0, pairs = 0, odd = 0, missing = -1, n_missing = 0, doubled = 0
    if _ensure_tables():
        return 0
    for s in range(3):
        key[s] = _suit_key(counts + 9 * s)
        size[s] = _suit_size(counts + 9 * s)
        total += size[s]
        pair[s] = size[s] % 3 == 2
        ok[s] = size[s] % 3 != 1 and _splits(key[s])
    for t in range(27, 34):
        c = counts[t]
        total += c
        hbad += c == 1 or c == 4
        hp += c == 2
    all_ok = ok[0] and ok[1] and ok[2]
    if hbad == 0:
        for s in range(3):
            if not ok[(s + 1) % 3] or not ok[(s + 2) % 3]:
                continue
            n = size[s] + 1
            if n % 3 == 1:
                continue
            pairs_other = hp + pair[(s + 1) % 3] + pair[(s + 2) % 3] + (n % 3 == 2)
            if pairs_other != 1:
                continue
            mask |= (<uint64_t>g_wait[key[s]]) << (9 * s)
    if hbad <= 1 and all_ok:
        pairs_other = pair[0] + pair[1] + pair[2]
        for t in range(27, 34):
            c = counts[t]
            # 1 -> 2 turns the lone honour into the pair; 2 -> 3 makes a triplet.
            if c == 1 and hp + 1 + pairs_other == 1:
                mask |= (<uint64_t>1) << t
            elif c == 2 and hbad == 0 and hp - 1 + pairs_other == 1:
                mask |= (<uint64_t>1) << t
    if total != 13:
        return mask
    for t in range(34):
        c = counts[t]
        singles += c == 1
        pairs += c == 2
        odd += c > 2
    if pairs == 6 and singles == 1 and odd == 0:
        for t in range(34):
            if counts[t] == 1:
                mask |= (<uint64_t>1) << t
    for s in range(3):
        for r in range(1, 8):
            if counts[9 * s + r]:
                return mask  # a suited 2-8 rules out thirteen orphans
    total = 0
    for r in range(13):
        c = counts[ORPHAN[r]]
        total += c
        if c == 0:
            n_missing += 1
            missing = ORPHAN[r]
        elif c == 2:
            doubled += 1
    if total == 13:
        if n_missing == 0:
            for r in range(13):
                mask |= (<uint64_t>1) << ORPHAN[r]
        elif n_missing == 1 and doubled == 1:
            mask |= (<uint64_t>1) << missing
    return mask


cdef int _suit_completes(const uint8_t* counts, int s, int32_t key, const uint8_t* held,
                         int skip) noexcept nogil:
    """Whether some rank of suit ``s`` other than ``skip``, held fewer than 4 times and
    within two of a rank the suit has, makes the suit, with key ``key`` before it, split.

    Branch-free: the nine lookups are independent loads that overlap.
    """
    cdef const uint8_t* suit = counts + 9 * s
    cdef int r, present = 0, open_ranks = 0, hits = 0
    cdef int32_t k
    for r in range(9):
        present |= (suit[r] != 0) << r
        open_ranks |= (held[9 * s + r] < 4) << r
        k = key + POW5[r] * (suit[r] < 4)  # a count of 4 would carry: look up a valid key
        hits |= <int>((g_bits[k >> 5] >> (k & 31)) & 1) << r
    present = present | present << 1 | present << 2 | present >> 1 | present >> 2
    return (hits & present & open_ranks & ~(1 << skip if skip >= 0 else 0) & 0x1FF) != 0


cdef int c_other_wait(const uint8_t* counts, int removed, const uint8_t* held) noexcept nogil:
    """Whether the standard-complete ``counts`` less one ``removed`` tile is completed in
    a standard shape by a kind other than ``removed`` that ``held`` (the hand with its
    melds) shows fewer than 4 times: the hand had another wait.

    Only a suit that changes needs a lookup: another rank of the removed tile's suit
    keeps every suit's size and so the one pair; a tile elsewhere needs the removed
    tile's suit to split with a new pair, and the old pair's holder to take the tile.
    """
    cdef int32_t key[3]
    cdef int size[3]
    cdef int s, t, sw, rw, pair_suit = -1, honour_pair = -1
    if _ensure_tables():
        return 0
    for s in range(3):
        key[s] = _suit_key(counts + 9 * s)
        size[s] = _suit_size(counts + 9 * s)
        if size[s] % 3 == 2:
            pair_suit = s
    for t in range(27, 34):
        if counts[t] == 2 and t != removed:
            honour_pair = t
    if removed < 27:
        sw = removed // 9
        rw = removed % 9
        key[sw] -= POW5[rw]
        if _suit_completes(counts, sw, key[sw], held, rw):
            return 1
        if pair_suit == sw or not _splits(key[sw]):
            return 0  # the suit cannot keep a new pair
    elif counts[removed] != 3:
        return 0  # the honour was the pair: the one left pairs only with its own kind
    # The removed tile's suit (or honour, from a pung) keeps a new pair: the old pair
    # must become a set.
    if honour_pair >= 0:
        return held[honour_pair] < 4
    return pair_suit >= 0 and _suit_completes(counts, pair_suit, key[pair_suit], held, -1)


cdef int _decompose(const uint8_t* counts, uint8_t* out) noexcept nogil:
    """Write every standard decomposition (5 sorted group bytes each) to ``out``.

    With ``out == NULL`` only count them. Returns the number of decompositions.
    """
    cdef uint8_t fixed[5]
    cdef uint8_t groups[5]
    cdef uint32_t found[3]
    cdef uint64_t way
    cdef int n_fixed = 0, t, c, s, pairs = 0, n, total = 1, i0, i1, i2, k, j, g, b
    cdef int idx[3]
    cdef int32_t key[3]
    cdef uint8_t tmp
    if _ensure_tables():
        return 0
    # Start the three hash-table loads now: they are the memory latency of this
    # function, and the checks below can run while they arrive.
    for s in range(3):
        key[s] = _suit_key(counts + 9 * s)
        mj_prefetch(&g_hash[_slot(key[s])])
    for t in range(27, 34):
        c = counts[t]
        if c == 1 or c == 4:
            return 0
        if c == 3:
            fixed[n_fixed] = <uint8_t>(1 << 6 | t)
            n_fixed += 1
        elif c == 2:
            fixed[n_fixed] = <uint8_t>(3 << 6 | t)
            n_fixed += 1
            pairs += 1
        if n_fixed > 5:
            return 0
    for s in range(3):
        n = _suit_size(counts + 9 * s) % 3
        if n == 1:
            return 0
        pairs += n == 2
    if pairs != 1:
        return 0
    for s in range(3):
        found[s] = _hash_find(key[s])
        if found[s] == 0:
            return 0
        total *= found[s] & 0xFF
    if out == NULL:
        return total
    k = 0
    for i0 in range(found[0] & 0xFF):
        for i1 in range(found[1] & 0xFF):
            for i2 in range(found[2] & 0xFF):
                idx[0] = i0; idx[1] = i1; idx[2] = i2
                memcpy(groups, fixed, n_fixed)
                g = n_fixed
                for s in range(3):
                    way = g_ways[(found[s] >> 8) + idx[s]]
                    while (way & 0xFF) != NO_GROUP and g < 5:
                        b = <int>(way & 0xFF)
                        groups[g] = <uint8_t>((b >> 4) << 6 | (9 * s + (b & 15)))
                        g += 1
                        way >>= 8
                for j in range(g, 5):
                    groups[j] = NO_GROUP
                # insertion sort of at most five bytes
                for j in range(1, 5):
                    tmp = groups[j]
                    b = j - 1
                    while b >= 0 and groups[b] > tmp:
                        groups[b + 1] = groups[b]
                        b -= 1
                    groups[b + 1] = tmp
                memcpy(out + 5 * k, groups, 5)
                k += 1
    if k > 1:
        qsort(out, k, 5, _compare_decomposition)
    return k


cdef int _compare_decomposition(const void* a, const void* b) noexcept nogil:
    return memcmp(a, b, 5)


cdef int c_decomposition_count(const uint8_t* counts) noexcept nogil:
    return _decompose(counts, NULL)


cdef int c_decompose(const uint8_t* counts, uint8_t* out) noexcept nogil:
    return _decompose(counts, out)


cdef inline int _row_status(const uint8_t* row, int wait_sizes) noexcept nogil:
    """Validate one row: counts 0..4 and a size of 3k+2 (3k+1 for waits), at most 14."""
    cdef int t, total = 0, c, worst = 0
    for t in range(34):
        c = row[t]
        total += c
        worst |= c
    if worst > 4:
        for t in range(34):
            if row[t] > 4:
                return C_BAD_COUNT
    if total > 14 or total % 3 != (1 if wait_sizes else 2):
        return C_WRONG_SIZE
    return C_OK


# ---------------------------------------------------------------- jokers
#
# A suit spending one or two jokers is looked up in a table built from the natural
# ways upward (below). Spending more, it is searched: enumerate the tiles its jokers
# stand for (a multiset D over the suit's ranks, each rank held or within two of a
# held rank); the natural tables say how the counts plus D split, and each of those
# ways keeps D's jokers if its groups can hold them (a pung two, a sequence or a
# pair one, as ``use`` allows). The reference splits recursively instead, so the two
# derive the answers independently. Completeness needs only, per suit, which (jokers
# spent, pair or not) are possible: an 18-bit mask; with three jokers or more it is
# memoised per (suit key, jokers, use) in a direct-mapped cache of single 64-bit
# words, so threads share it lock-free (a race costs a recomputation, never a wrong
# answer). Honours need no table: one honour's options are a handful of cases.

cdef extern from *:
    """
    #if defined(_MSC_VER)
    static uint64_t mj_load64(volatile uint64_t *p) { return *p; }
    static void mj_store64(volatile uint64_t *p, uint64_t v) { *p = v; }
    #else
    static inline uint64_t mj_load64(uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void mj_store64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    #endif
    """
    uint64_t mj_load64(uint64_t *p) noexcept nogil
    void mj_store64(uint64_t *p, uint64_t v) noexcept nogil

USE_PUNGS, USE_CHOWS, USE_PAIRS = 1, 2, 4

cdef enum:
    C_USE_PUNGS = 1
    C_USE_CHOWS = 2
    C_USE_PAIRS = 4
    JCACHE_BITS = 14
    JCACHE_SIZE = 16384
    JWAY_BYTES = 13        # spent, pair, groups, then five (code, jokers) pairs
    JROW_BYTES = 10        # five (code, jokers) pairs, sorted; 0xFF pads

ctypedef struct JWay:
    uint8_t b[JWAY_BYTES]

ctypedef struct JWays:
    JWay* ways
    int n
    int capacity
    int failed

ctypedef struct SuitJob:
    const uint8_t* c       # the suit's nine natural counts
    const uint8_t* cap     # the most of each rank, jokers included
    int base               # the suit's first tile index
    int use
    int j                  # jokers in D
    int n_ranks
    uint8_t ranks[16]      # D as ranks, ascending
    int last[16]           # the group joker i joined: equal ranks join in order
    int n_groups
    uint8_t gkind[5]
    uint8_t grank[5]
    uint8_t gjok[5]
    JWays* out             # NULL: stop at the first way that keeps the jokers
    int found

cdef uint8_t FOUR[34]
memset(FOUR, 4, 34)
cdef uint64_t g_jcache[JCACHE_SIZE]
memset(g_jcache, 0, sizeof(g_jcache))


cdef int _push_way(JWays* ways, const JWay* way) noexcept nogil:
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


cdef void _sort_pairs(uint8_t* pairs, int n) noexcept nogil:
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


cdef int _emit_way(SuitJob* job) noexcept nogil:
    cdef JWay way
    cdef int g
    memset(way.b, 0xFF, JWAY_BYTES)
    way.b[0] = <uint8_t>job.j
    way.b[1] = 0
    way.b[2] = <uint8_t>job.n_groups
    for g in range(job.n_groups):
        way.b[3 + 2 * g] = <uint8_t>(job.gkind[g] << 6 | (job.base + job.grank[g]))
        way.b[4 + 2 * g] = job.gjok[g]
        if job.gkind[g] == 3:
            way.b[1] = 1
    _sort_pairs(way.b + 3, job.n_groups)
    return _push_way(job.out, &way)


cdef int _assign(SuitJob* job, int i) noexcept nogil:
    """Put jokers ``i``.. of D into the way's groups; 1 to stop (found, or out of memory)."""
    cdef int g, r, k, start, stop
    if i == job.j:
        job.found = 1
        return 1 if job.out == NULL else _emit_way(job)
    r = job.ranks[i]
    start = job.last[i - 1] if i > 0 and job.ranks[i - 1] == r else 0
    for g in range(start, job.n_groups):
        k = job.gkind[g]
        if k == 1:
            if job.grank[g] != r or job.gjok[g] >= 2 or not job.use & C_USE_PUNGS:
                continue
        elif k == 3:
            if job.grank[g] != r or job.gjok[g] >= 1 or not job.use & C_USE_PAIRS:
                continue
        elif r < job.grank[g] or r > job.grank[g] + 2 or job.gjok[g] >= 1 or not job.use & C_USE_CHOWS:
            continue
        job.gjok[g] += 1
        job.last[i] = g
        stop = _assign(job, i + 1)
        job.gjok[g] -= 1
        if stop:
            return 1
    return 0


cdef int _try_d(SuitJob* job, int32_t key) noexcept nogil:
    """Every natural way of the suit plus D that keeps D's jokers; 1 to stop."""
    cdef uint32_t found
    cdef uint64_t way
    cdef int i, b
    if not _splits(key):
        return 0
    found = _hash_find(key)
    for i in range(found & 0xFF):
        way = g_ways[(found >> 8) + i]
        job.n_groups = 0
        while (way & 0xFF) != NO_GROUP:
            b = <int>(way & 0xFF)
            job.gkind[job.n_groups] = <uint8_t>(b >> 4)
            job.grank[job.n_groups] = <uint8_t>(b & 15)
            job.gjok[job.n_groups] = 0
            job.n_groups += 1
            way >>= 8
        if _assign(job, 0):
            if job.out == NULL or job.out.failed:
                return 1
    return 0


cdef inline int _joker_rank(const SuitJob* job, int r) noexcept nogil:
    """Whether a joker of D may be rank ``r``: a natural tile of its group is near."""
    cdef int d
    if job.c[r] and job.use & (C_USE_PUNGS | C_USE_PAIRS):
        return 1
    if job.use & C_USE_CHOWS:
        for d in range(-2, 3):
            if 0 <= r + d <= 8 and job.c[r + d]:
                return 1
    return 0


cdef int _enum_d(SuitJob* job, int r, int left, int32_t key) noexcept nogil:
    """Every D of ``left`` more jokers at ranks ``r``.., tried in turn; 1 to stop."""
    cdef int k, room, pushed = 0, stop = 0
    if left == 0:
        return _try_d(job, key)
    if r == 9:
        return 0
    if _enum_d(job, r + 1, left, key):
        return 1
    room = job.cap[r] - job.c[r]
    if room <= 0 or not _joker_rank(job, r):
        return 0
    for k in range(1, min(left, room) + 1):
        job.ranks[job.n_ranks] = <uint8_t>r
        job.n_ranks += 1
        pushed += 1
        if _enum_d(job, r + 1, left - k, key + k * POW5[r]):
            stop = 1
            break
    job.n_ranks -= pushed
    return stop


cdef void _start_job(SuitJob* job, const uint8_t* c, const uint8_t* cap, int base, int use,
                     int j, JWays* out) noexcept nogil:
    job.c = c
    job.cap = cap
    job.base = base
    job.use = use
    job.j = j
    job.n_ranks = 0
    job.n_groups = 0
    job.out = out
    job.found = 0


# The table for one and two jokers, built on the first call that has jokers: for each
# natural suit key and j in (1, 2), every way the suit splits spending j jokers. It is
# enumerated from the natural ways upward (each way of a pattern, with j of its tiles
# made jokers where its groups can hold them), so a lookup replaces the search. A way
# is stored as 32 bits: the natural way's index, the groups (and chow places) its
# jokers took, and the eligibility bits it needs. 155,876 keys, 767,972 ways (3 MB,
# and a 2 MB hash; about 50 ms to build); more jokers fall back to the search above.

cdef enum:
    JHASH_BITS = 18
    JHASH_SIZE = 262144       # 2 ** JHASH_BITS: 59% full
    JNONE = 7                 # no group: the second joker of a one-joker way

cdef int g_jready = 0
cdef uint64_t* g_jhash = NULL  # kj << 40 | uses << 32 | start << 8 | count; all ones when empty
cdef uint32_t* g_jways = NULL
cdef int g_jkeys = 0
cdef uint8_t NEEDS[4]
NEEDS[:] = [C_USE_CHOWS, C_USE_PUNGS, C_USE_PUNGS, C_USE_PAIRS]


cdef inline uint32_t _jslot(uint32_t kj) noexcept nogil:
    return (kj * 2654435761u) >> (32 - JHASH_BITS)


cdef inline uint32_t _jslot_of(uint32_t kj, int insert) noexcept nogil:
    """The slot holding ``kj``, claimed (count 0) if ``insert`` and new."""
    cdef uint32_t slot = _jslot(kj)
    while g_jhash[slot] != EMPTY_SLOT and <uint32_t>(g_jhash[slot] >> 40) != kj:
        slot = (slot + 1) & (JHASH_SIZE - 1)
    if g_jhash[slot] == EMPTY_SLOT and insert:
        g_jhash[slot] = (<uint64_t>kj) << 40
    return slot


ctypedef struct JBuild:
    int fill               # 0: count the ways of each key; 1: place them
    uint32_t* cursor       # per slot, where its next way goes
    uint8_t* uses          # per slot, the eligibilities some way of it needs no more than
    int n


cdef inline int _first_alike(const uint8_t* kind, const uint8_t* rank, int g) noexcept nogil:
    """Whether group ``g`` is the first of a run of equal groups (ways list them together)."""
    return g == 0 or kind[g - 1] != kind[g] or rank[g - 1] != rank[g]


cdef void _table_way(JBuild* build, int32_t pattern, int way, const uint8_t* kind, const uint8_t* rank,
                     int g1, int s1, int g2, int s2) noexcept nogil:
    """Count or place the way of ``pattern`` with jokers at (g1, s1) and (g2, s2) (g2 JNONE for one)."""
    cdef int32_t key = pattern - POW5[rank[g1] + s1]
    cdef int needs = NEEDS[kind[g1]], u
    cdef uint32_t kj, slot
    if g2 != JNONE:
        key -= POW5[rank[g2] + s2]
        needs |= NEEDS[kind[g2]]
    kj = <uint32_t>key << 2 | (1u if g2 == JNONE else 2u)
    slot = _jslot_of(kj, not build.fill)
    if not build.fill:
        g_jhash[slot] += 1
        return
    g_jways[build.cursor[slot]] = (<uint32_t>way | <uint32_t>g1 << 15 | <uint32_t>s1 << 18
                                   | <uint32_t>g2 << 20 | <uint32_t>s2 << 23 | <uint32_t>needs << 25)
    build.cursor[slot] += 1
    for u in range(8):
        if needs & ~u == 0:
            build.uses[slot] |= 1 << u


cdef inline int _swapped(const uint8_t* kind, const uint8_t* rank, int g, int a, int h, int b) noexcept nogil:
    """Whether chows ``g`` and ``h``, with jokers for ranks ``a`` and ``b``, are the same
    way as ``g`` taking ``b`` and ``h`` taking ``a``, listed in that (other) order."""
    return (kind[g] == 0 and kind[h] == 0 and a > b and rank[g] <= b <= rank[g] + 2
            and rank[h] <= a <= rank[h] + 2)


cdef void _table_pass(JBuild* build) noexcept nogil:
    """Every way of every pattern with one or two of its tiles made jokers, each once:
    among equal groups the first takes a joker first, two equal chows take theirs in
    place order, and of two overlapping chows that could swap their jokers' tiles, the
    lower chow takes the lower tile."""
    cdef int slot, cnt, i, w, g, h, s, t, n_groups
    cdef int32_t pattern
    cdef uint64_t entry, way
    cdef uint8_t kind[5]
    cdef uint8_t rank[5]
    for slot in range(HASH_SIZE):
        entry = g_hash[slot]
        if entry == EMPTY_SLOT:
            continue
        pattern = <int32_t>(entry >> 32)
        cnt = <int>(entry & 0xFF)
        for i in range(cnt):
            w = <int>(<uint32_t>entry >> 8) + i
            way = g_ways[w]
            n_groups = 0
            while (way & 0xFF) != NO_GROUP:
                kind[n_groups] = <uint8_t>((way & 0xFF) >> 4)
                rank[n_groups] = <uint8_t>(way & 15)
                n_groups += 1
                way >>= 8
            for g in range(n_groups):
                if not _first_alike(kind, rank, g):
                    continue
                for s in range(3 if kind[g] == 0 else 1):
                    _table_way(build, pattern, w, kind, rank, g, s, JNONE, 0)
                    for h in range(g + 1, n_groups):
                        if h == g + 1 and not _first_alike(kind, rank, h):
                            for t in range(s, 3 if kind[h] == 0 else 1):  # the twin of g
                                _table_way(build, pattern, w, kind, rank, g, s, h, t)
                        elif _first_alike(kind, rank, h):
                            for t in range(3 if kind[h] == 0 else 1):
                                if not _swapped(kind, rank, g, rank[g] + s, h, rank[h] + t):
                                    _table_way(build, pattern, w, kind, rank, g, s, h, t)
                if kind[g] == 1:  # two jokers in one pung
                    _table_way(build, pattern, w, kind, rank, g, 0, g, 0)


cdef int _build_joker_tables() noexcept nogil:
    """Count each key's ways, give each key its range, then place the ways."""
    cdef JBuild build
    cdef int slot, start = 0, count
    global g_jhash, g_jways, g_jkeys
    g_jhash = <uint64_t*>malloc(JHASH_SIZE * sizeof(uint64_t))
    build.cursor = <uint32_t*>malloc(JHASH_SIZE * sizeof(uint32_t))
    build.uses = <uint8_t*>calloc(JHASH_SIZE, 1)
    if g_jhash == NULL or build.cursor == NULL or build.uses == NULL:
        free(g_jhash); free(build.cursor); free(build.uses)
        g_jhash = NULL
        return -1
    memset(g_jhash, 0xFF, JHASH_SIZE * sizeof(uint64_t))
    build.fill = 0
    _table_pass(&build)
    g_jkeys = 0
    for slot in range(JHASH_SIZE):
        if g_jhash[slot] != EMPTY_SLOT:
            build.cursor[slot] = start
            start += <int><uint32_t>g_jhash[slot]
            g_jkeys += 1
    g_jways = <uint32_t*>malloc((start + 1) * sizeof(uint32_t))
    if g_jways == NULL:
        free(g_jhash); free(build.cursor); free(build.uses)
        g_jhash = NULL
        return -1
    build.fill = 1
    _table_pass(&build)
    for slot in range(JHASH_SIZE):
        if g_jhash[slot] != EMPTY_SLOT:
            count = <int><uint32_t>g_jhash[slot]
            start = build.cursor[slot] - count
            g_jhash[slot] = ((g_jhash[slot] >> 40) << 40 | (<uint64_t>build.uses[slot]) << 32
                             | (<uint64_t>start) << 8 | <uint64_t>count)
    free(build.cursor)
    free(build.uses)
    return 0


cdef int _ensure_joker_tables() noexcept nogil:
    """Build the one- and two-joker table once (after the natural tables); thread safe."""
    cdef int status = 0
    if mj_load_acquire(&g_jready):
        return 0
    if _ensure_tables():
        return -1
    PyThread_acquire_lock(g_lock, 1)
    if not g_jready:
        status = _build_joker_tables()
        if status == 0:
            mj_store_release(&g_jready, 1)
    PyThread_release_lock(g_lock)
    return status


cdef inline uint64_t _jfind(int32_t key, int j) noexcept nogil:
    """The table entry of a natural suit key spending ``j`` (1 or 2) jokers, or 0."""
    cdef uint32_t kj = <uint32_t>key << 2 | <uint32_t>j
    cdef uint32_t slot = _jslot(kj)
    cdef uint64_t entry = g_jhash[slot]
    while entry != EMPTY_SLOT:
        if <uint32_t>(entry >> 40) == kj:
            return entry
        slot = (slot + 1) & (JHASH_SIZE - 1)
        entry = g_jhash[slot]
    return 0


cdef int _decode_jway(uint32_t enc, uint8_t* kind, uint8_t* rank, uint8_t* jok) noexcept nogil:
    """The groups of a table way with their jokers; returns how many groups."""
    cdef uint64_t way = g_ways[enc & 0x7FFF]
    cdef int n = 0, g2
    while (way & 0xFF) != NO_GROUP:
        kind[n] = <uint8_t>((way & 0xFF) >> 4)
        rank[n] = <uint8_t>(way & 15)
        jok[n] = 0
        n += 1
        way >>= 8
    jok[(enc >> 15) & 7] += 1
    g2 = (enc >> 20) & 7
    if g2 != JNONE:
        jok[g2] += 1
    return n


cdef inline int _within_caps(const uint8_t* kind, const uint8_t* rank, int n, const uint8_t* cap) noexcept nogil:
    """Whether the groups stand for no more of a rank than its cap."""
    cdef uint8_t held[9]
    cdef int g, r
    memset(held, 0, 9)
    for g in range(n):
        if kind[g] == 0:
            held[rank[g]] += 1; held[rank[g] + 1] += 1; held[rank[g] + 2] += 1
        else:
            held[rank[g]] += 3 if kind[g] == 1 else 2
    for r in range(9):
        if held[r] > cap[r]:
            return 0
    return 1


cdef int _table_ways(const uint8_t* c, const uint8_t* cap, int base, int j, int use,
                     JWays* out, int capped) noexcept nogil:
    """The table's ways of the suit spending ``j`` jokers that ``use`` and the caps allow:
    pushed to ``out``, or (``out`` NULL) 1 if there is one."""
    cdef uint64_t entry = _jfind(_suit_key(c), j)
    cdef uint32_t start, enc
    cdef int i, n, g
    cdef uint8_t kind[5]
    cdef uint8_t rank[5]
    cdef uint8_t jok[5]
    cdef JWay way
    if entry == 0:
        return 0
    if out == NULL and not capped:
        return <int>((entry >> 32) >> use) & 1
    start = <uint32_t>entry >> 8
    for i in range(<int>(entry & 0xFF)):
        enc = g_jways[start + i]
        if (enc >> 25) & ~use:
            continue
        n = _decode_jway(enc, kind, rank, jok)
        if capped and not _within_caps(kind, rank, n, cap):
            continue
        if out == NULL:
            return 1
        memset(way.b, 0xFF, JWAY_BYTES)
        way.b[0] = <uint8_t>j
        way.b[1] = 0
        way.b[2] = <uint8_t>n
        for g in range(n):
            way.b[3 + 2 * g] = <uint8_t>(kind[g] << 6 | (base + rank[g]))
            way.b[4 + 2 * g] = jok[g]
            if kind[g] == 3:
                way.b[1] = 1
        _sort_pairs(way.b + 3, n)
        if _push_way(out, &way):
            return -1
    return 0


cdef inline int _capped(const uint8_t* cap) noexcept nogil:
    return (cap[0] & cap[1] & cap[2] & cap[3] & cap[4] & cap[5] & cap[6] & cap[7] & cap[8]) != 4


cdef uint32_t _suit_joker_mask(const uint8_t* c, const uint8_t* cap, int jokers, int use) noexcept nogil:
    """Bit ``2 * j + pair`` set when the suit splits spending ``j`` jokers, with the pair or without."""
    cdef int n = _suit_size(c), j, m, capped = _capped(cap)
    cdef int32_t key = _suit_key(c)
    cdef uint32_t mask = 0
    cdef SuitJob job
    for j in range(jokers + 1):
        m = (n + j) % 3
        if m == 1:
            continue
        if j == 0:
            if _splits(key):
                mask |= 1u << (m == 2)
            continue
        if n == 0:
            break  # a joker needs a natural tile in its group
        if j <= 2 and g_jready:
            if _table_ways(c, cap, 0, j, use, NULL, capped):
                mask |= 1u << (2 * j + (m == 2))
            continue
        _start_job(&job, c, cap, 0, use, j, NULL)
        _enum_d(&job, 0, j, key)
        if job.found:
            mask |= 1u << (2 * j + (m == 2))
    return mask


cdef uint32_t _suit_mask(const uint8_t* c, const uint8_t* cap, int jokers, int use) noexcept nogil:
    """:func:`_suit_joker_mask`, memoised for three jokers or more when no cap is below 4
    (one or two are table lookups already)."""
    cdef uint32_t tag, slot, mask
    cdef uint64_t entry
    if (jokers <= 2 and g_jready) or _capped(cap):
        return _suit_joker_mask(c, cap, jokers, use)
    tag = <uint32_t>_suit_key(c) << 7 | <uint32_t>jokers << 3 | <uint32_t>use
    slot = (tag * 2654435761u) >> (32 - JCACHE_BITS)
    entry = mj_load64(&g_jcache[slot])
    if entry >> 63 and (<uint32_t>(entry >> 32) & 0x7FFFFFFFu) == tag:
        return <uint32_t>entry
    mask = _suit_joker_mask(c, cap, jokers, use)
    mj_store64(&g_jcache[slot], (<uint64_t>1) << 63 | (<uint64_t>tag) << 32 | mask)
    return mask


cdef inline uint32_t _honour_mask(int c, int cap, int jokers, int use) noexcept nogil:
    """The (jokers spent, pair) bits of one honour held ``c`` times."""
    cdef uint32_t mask = 0
    if c == 1:
        if use & C_USE_PAIRS and jokers >= 1 and cap >= 2:
            mask |= 1u << 3          # a pair with a joker
        if use & C_USE_PUNGS and jokers >= 2 and cap >= 3:
            mask |= 1u << 4          # a pung with two
    elif c == 2:
        mask |= 1u << 1              # the pair
        if use & C_USE_PUNGS and jokers >= 1 and cap >= 3:
            mask |= 1u << 2          # a pung with a joker
    elif c == 3:
        mask |= 1u
    return mask


cdef inline uint32_t _merge_masks(uint32_t a, uint32_t b, int jokers) noexcept nogil:
    """Every (jokers, pair) two parts reach together, with at most one pair."""
    cdef uint32_t out = 0
    cdef int x, y, width = 2 * jokers + 2
    for x in range(width):
        if not (a >> x) & 1:
            continue
        for y in range(width):
            if (b >> y) & 1 and (x >> 1) + (y >> 1) <= jokers and (x & 1) + (y & 1) <= 1:
                out |= 1u << (x + y)
    return out


cdef int _standard_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* cap) noexcept nogil:
    cdef uint32_t state = 1, part
    cdef int t, s
    for t in range(27, 34):
        if counts[t]:
            part = _honour_mask(counts[t], cap[t], jokers, use)
            state = _merge_masks(state, part, jokers)
            if state == 0:
                return 0
    for s in range(3):
        part = _suit_mask(counts + 9 * s, cap + 9 * s, jokers, use)
        state = _merge_masks(state, part, jokers)
        if state == 0:
            return 0
    return (state >> (2 * jokers + 1)) & 1


cdef int _seven_pairs_jokers(const uint8_t* counts, int jokers) noexcept nogil:
    cdef int t, singles = 0
    for t in range(34):
        if counts[t] > 2:
            return 0
        singles += counts[t] == 1
    return singles == jokers


cdef int _orphans_jokers(const uint8_t* counts, int jokers) noexcept nogil:
    cdef int s, r, i, c, missing = 0, doubled = 0
    for s in range(3):
        for r in range(1, 8):
            if counts[9 * s + r]:
                return 0
    for i in range(13):
        c = counts[ORPHAN[i]]
        if c > 2:
            return 0
        missing += c == 0
        doubled += c == 2
    return doubled <= 1 and jokers == missing + (0 if doubled else 1)


cdef int c_shapes_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    cdef int flags = 0, total
    if _ensure_tables():
        return 0
    _ensure_joker_tables()  # without it (out of memory), the search answers alone
    if caps == NULL:
        caps = FOUR
    if jokers == 0:
        return c_shapes(counts) & (C_STANDARD | C_SEVEN_PAIRS | C_THIRTEEN_ORPHANS)
    total = _total(counts) + jokers
    if total % 3 != 2:
        return 0
    if _standard_jokers(counts, jokers, use, caps):
        flags = C_STANDARD
    if total == 14 and use & C_USE_PAIRS:
        if _seven_pairs_jokers(counts, jokers):
            flags |= C_SEVEN_PAIRS
        if _orphans_jokers(counts, jokers):
            flags |= C_THIRTEEN_ORPHANS
    return flags


cdef int c_is_complete_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    cdef int total
    if jokers == 0:
        return c_is_complete(counts)
    if _ensure_tables():
        return 0
    _ensure_joker_tables()
    if caps == NULL:
        caps = FOUR
    total = _total(counts) + jokers
    if total % 3 != 2:
        return 0
    if _standard_jokers(counts, jokers, use, caps):
        return 1
    return total == 14 and use & C_USE_PAIRS and (
        _seven_pairs_jokers(counts, jokers) or _orphans_jokers(counts, jokers))


cdef uint64_t c_waits_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps) noexcept nogil:
    cdef uint8_t c[34]
    cdef uint64_t mask = 0
    cdef int t
    if jokers == 0 and caps == NULL:
        return c_waits(counts)
    if caps == NULL:
        caps = FOUR
    memcpy(c, counts, 34)
    for t in range(34):
        if c[t] < caps[t]:
            c[t] += 1
            if c_is_complete_jokers(c, jokers, use, caps):
                mask |= (<uint64_t>1) << t
            c[t] -= 1
    return mask


cdef int _compare_jway(const void* a, const void* b) noexcept nogil:
    return memcmp(a, b, JWAY_BYTES)


cdef int _suit_joker_ways(const uint8_t* c, const uint8_t* cap, int base, int jokers, int use,
                          JWays* out) noexcept nogil:
    """Every (jokers spent, groups) way of one suit, sorted and unique; -1 if out of memory."""
    cdef int n = _suit_size(c), j, m, i, k, capped = _capped(cap)
    cdef int32_t key = _suit_key(c)
    cdef SuitJob job
    for j in range(jokers + 1):
        m = (n + j) % 3
        if m == 1 or (j and n == 0):
            continue
        if 1 <= j <= 2 and g_jready:
            if _table_ways(c, cap, base, j, use, out, capped) < 0:
                return -1
            continue
        _start_job(&job, c, cap, base, use, j, out)
        _enum_d(&job, 0, j, key)
        if out.failed:
            return -1
    if out.n > 1:
        qsort(out.ways, out.n, sizeof(JWay), _compare_jway)
        k = 1
        for i in range(1, out.n):
            if memcmp(out.ways[i].b, out.ways[k - 1].b, JWAY_BYTES) != 0:
                out.ways[k] = out.ways[i]
                k += 1
        out.n = k
    return 0


cdef int _honour_ways(int t, int c, int cap, int jokers, int use, JWays* out) noexcept nogil:
    """The ways of one honour held ``c`` times (see :func:`_honour_mask`)."""
    cdef JWay way
    cdef int bit
    cdef uint32_t mask = _honour_mask(c, cap, jokers, use)
    for bit in range(5):
        if not (mask >> bit) & 1:
            continue
        memset(way.b, 0xFF, JWAY_BYTES)
        way.b[0] = <uint8_t>(bit >> 1)
        way.b[1] = <uint8_t>(bit & 1)
        way.b[2] = 1
        way.b[3] = <uint8_t>((3 if bit & 1 else 1) << 6 | t)
        way.b[4] = <uint8_t>(bit >> 1)
        if _push_way(out, &way):
            return -1
    return 0


ctypedef struct Combo:
    JWays* parts
    int n_parts
    int jokers
    uint8_t* out
    int capacity
    int found
    uint8_t groups[2 * 8]


cdef void _combine_ways(Combo* combo, int p, int spent, int pairs, int n) noexcept nogil:
    cdef int i, g, m
    cdef const JWay* way
    cdef uint8_t row[JROW_BYTES]
    if p == combo.n_parts:
        if spent != combo.jokers or pairs != 1:
            return
        if combo.found < combo.capacity:
            memset(row, 0xFF, JROW_BYTES)
            memcpy(row, combo.groups, 2 * n)
            _sort_pairs(row, n)
            memcpy(combo.out + JROW_BYTES * combo.found, row, JROW_BYTES)
        combo.found += 1
        return
    for i in range(combo.parts[p].n):
        way = &combo.parts[p].ways[i]
        m = way.b[2]
        if spent + way.b[0] > combo.jokers or pairs + way.b[1] > 1 or n + m > 5:
            continue
        for g in range(m):
            combo.groups[2 * (n + g)] = way.b[3 + 2 * g]
            combo.groups[2 * (n + g) + 1] = way.b[4 + 2 * g]
        _combine_ways(combo, p + 1, spent + way.b[0], pairs + way.b[1], n + m)


cdef int _compare_jrow(const void* a, const void* b) noexcept nogil:
    return memcmp(a, b, JROW_BYTES)


cdef int c_decompose_jokers(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                            uint8_t* out, int capacity) noexcept nogil:
    """Write up to ``capacity`` joker decompositions, sorted, as 10-byte rows; return how
    many there are (more than ``capacity``: call again with room), or -1 if out of memory."""
    cdef JWays parts[10]
    cdef Combo combo
    cdef int p, t, status = 0, n_parts = 0, empty = 0
    if _ensure_tables():
        return -1
    _ensure_joker_tables()
    if caps == NULL:
        caps = FOUR
    if (_total(counts) + jokers) % 3 != 2:
        return 0
    memset(parts, 0, sizeof(parts))
    for t in range(27, 34):  # honours first: they rule most hands out at once
        if counts[t] and not empty and not status:
            status = _honour_ways(t, counts[t], caps[t], jokers, use, &parts[n_parts])
            empty = parts[n_parts].n == 0
            n_parts += 1
    for p in range(3):
        if not empty and not status:
            status = _suit_joker_ways(counts + 9 * p, caps + 9 * p, 9 * p, jokers, use, &parts[n_parts])
            empty = parts[n_parts].n == 0
            n_parts += 1
    combo.found = 0
    if status == 0 and not empty:
        combo.parts = parts
        combo.n_parts = n_parts
        combo.jokers = jokers
        combo.out = out
        combo.capacity = capacity
        _combine_ways(&combo, 0, 0, 0, 0)
        if 1 < combo.found <= capacity:
            qsort(out, combo.found, JROW_BYTES, _compare_jrow)
    for p in range(10):
        free(parts[p].ways)
    return -1 if status else combo.found


# ---------------------------------------------------------------- Python surface


def suit_key(suit):
    """The base-5 key of one suit's nine counts."""
    cdef int r, key = 0
    for r in range(8, -1, -1):
        key = key * 5 + int(suit[r])
    return key


def suit_ways(int key):
    """Every way to split one suit into sets (and a pair iff 3k+2), as ``(kind, rank)``."""
    if _ensure_tables():
        raise MemoryError("mjscore kernel tables")
    if key < 0 or key >= N_KEYS:
        return ()
    cdef uint32_t found = _hash_find(key)
    cdef int i
    cdef uint64_t way
    ways = []
    for i in range(found & 0xFF):
        way = g_ways[(found >> 8) + i]
        groups = []
        while (way & 0xFF) != NO_GROUP:
            groups.append((<int>(way & 0xFF) >> 4, <int>(way & 0xF)))
            way >>= 8
        ways.append(tuple(sorted(groups)))
    return tuple(sorted(ways))


cdef int _load_counts(object counts, uint8_t* c) except -1:
    cdef int t
    for t in range(34):
        c[t] = counts[t]
    return 0


def decompose(counts):
    """All standard decompositions (sets and exactly one pair), sorted."""
    cdef uint8_t c[34]
    cdef uint8_t out[5 * 256]
    cdef int n, i, j
    _load_counts(counts, c)
    with nogil:  # counts validated by the caller: 34 values in 0..4
        n = _decompose(c, NULL)
        if 0 < n <= 256:
            n = _decompose(c, out)
    if n > 256:  # unreachable for 14 tiles (at most 4 ways per suit); kept as a guard
        raise RuntimeError("too many decompositions")
    result = []
    for i in range(n):
        result.append(tuple([(out[5 * i + j] >> 6, out[5 * i + j] & 63)
                             for j in range(5) if out[5 * i + j] != NO_GROUP]))
    return tuple(result)


def shapes(counts):
    """The shape flags the counts complete."""
    cdef uint8_t c[34]
    _load_counts(counts, c)
    return c_shapes(c)


def waits(counts):
    """Bit ``t`` set when adding tile ``t`` (held fewer than 4 times) completes the counts."""
    cdef uint8_t c[34]
    _load_counts(counts, c)
    return c_waits(c)


def other_wait(counts, int removed, held):
    """``c_other_wait`` for tests: 1 if ``counts`` less ``removed`` had another wait."""
    cdef uint8_t c[34]
    cdef uint8_t h[34]
    _load_counts(counts, c)
    _load_counts(held, h)
    if not 0 <= removed < 34 or c[removed] == 0:
        raise ValueError("removed must be a tile the counts hold")
    return c_other_wait(c, removed, h)


cdef inline int _finish_single(uint8_t* c) noexcept nogil:
    cdef int t, total = 0
    for t in range(34):
        if c[t] > 4:
            return -C_BAD_COUNT
        total += c[t]
    if total > 14 or total % 3 != 2:
        return -C_WRONG_SIZE
    return c_is_complete(c)


def is_complete_counts(obj):
    """1 or 0 for 34 integer counts; ``-status`` for a bad vector; -4 if not counts."""
    cdef uint8_t c[34]
    cdef Py_ssize_t t
    cdef long v
    cdef PyObject* item
    cdef Py_buffer view
    cdef const uint8_t* data
    if type(obj) is list or type(obj) is tuple:
        if (PyList_GET_SIZE(obj) if type(obj) is list else PyTuple_GET_SIZE(obj)) != 34:
            return -NOT_COUNTS
        for t in range(34):
            item = PyList_GET_ITEM(obj, t) if type(obj) is list else PyTuple_GET_ITEM(obj, t)
            if not PyLong_CheckExact(<object>item):
                return _generic_counts(obj)
            try:
                v = PyLong_AsLong(<object>item)
            except OverflowError:
                return -C_BAD_COUNT
            if v < 0 or v > 4:
                return -C_BAD_COUNT
            c[t] = <uint8_t>v
        return _finish_single(c)
    try:
        PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT)
    except (TypeError, ValueError, BufferError):
        return _generic_counts(obj)
    else:
        try:
            if (view.ndim == 1 and view.itemsize == 1 and view.len == 34
                    and view.format != NULL and (view.format[0] == b'B' or view.format[0] == b'b')):
                data = <const uint8_t*>view.buf
                memcpy(c, data, 34)
                if view.format[0] == b'b':
                    for t in range(34):
                        if c[t] > 127:
                            return -C_BAD_COUNT
                return _finish_single(c)
        finally:
            PyBuffer_Release(&view)
    return _generic_counts(obj)


cdef int _generic_counts(object obj) except? -99:
    """Slow path for numpy integer arrays, bools, other sequences of integers."""
    from operator import index
    cdef uint8_t c[34]
    cdef int t
    if isinstance(obj, str):
        return -NOT_COUNTS
    try:
        if len(obj) != 34:
            return -NOT_COUNTS
        values = [index(v) for v in obj]
    except (TypeError, ValueError, OverflowError):
        return -NOT_COUNTS
    if len(values) != 34:
        return -NOT_COUNTS
    for t in range(34):
        if values[t] < 0 or values[t] > 4:
            return -C_BAD_COUNT
        c[t] = values[t]
    return _finish_single(c)


cdef int _check_bulk(Py_ssize_t n, Py_ssize_t width, Py_ssize_t n_out, Py_ssize_t n_status) except -1:
    """Build the tables and check the shapes before a bulk loop releases the GIL."""
    if _ensure_tables():
        raise MemoryError("mjscore kernel tables")
    if width != 34 or n_out < n or n_status < n:
        raise ValueError("expected an (n, 34) batch and n-long outputs")
    return 0


def is_complete_many(const uint8_t[:, ::1] batch, uint8_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = 1 if row ``i`` is complete; bad rows get 0 and a status."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked above; each row is validated before the kernel reads it
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = c_is_complete(&batch[i, 0]) if st == C_OK else 0


def shapes_many(const uint8_t[:, ::1] batch, uint8_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = the shape flags of row ``i``; bad rows get 0 and a status."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = c_shapes(&batch[i, 0]) if st == C_OK else 0


def decomposition_count_many(const uint8_t[:, ::1] batch, int32_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = how many standard decompositions row ``i`` has."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            out[i] = _decompose(&batch[i, 0], NULL) if st == C_OK else 0


def waits_many(const uint8_t[:, ::1] batch, uint64_t[::1] out, uint8_t[::1] status):
    """``out[i]`` = the 34-bit wait mask of row ``i`` (a 1, 4, 7, 10 or 13-tile row)."""
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    _check_bulk(batch.shape[0], batch.shape[1], out.shape[0], status.shape[0])
    with nogil:  # shapes checked; rows validated one by one
        for i in range(n):
            st = _row_status(&batch[i, 0], 1)
            status[i] = st
            out[i] = c_waits(&batch[i, 0]) if st == C_OK else 0


def decompose_many(const uint8_t[:, ::1] batch):
    """Every row's decompositions, flattened: ``(offsets, groups, status)``.

    Row ``i`` owns ``groups[offsets[i]:offsets[i + 1]]``; each groups row is five
    group bytes (``kind << 6 | tile``, sorted, ``0xFF`` padding).
    """
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    if _ensure_tables():
        raise MemoryError("mjscore kernel tables")
    if batch.shape[1] != 34:
        raise ValueError("expected an (n, 34) batch")
    offsets_arr = np.zeros(n + 1, dtype=np.int64)
    status_arr = np.zeros(n, dtype=np.uint8)
    cdef int64_t[::1] offsets = offsets_arr
    cdef uint8_t[::1] status = status_arr
    with nogil:  # first pass: validate and count
        for i in range(n):
            st = _row_status(&batch[i, 0], 0)
            status[i] = st
            offsets[i + 1] = offsets[i] + (_decompose(&batch[i, 0], NULL) if st == C_OK else 0)
    groups_arr = np.empty((offsets[n], 5), dtype=np.uint8)
    cdef uint8_t[:, ::1] groups = groups_arr
    with nogil:  # second pass: rows with status OK write exactly the counted number
        for i in range(n):
            if status[i] == C_OK and offsets[i + 1] > offsets[i]:
                _decompose(&batch[i, 0], &groups[offsets[i], 0])
    return offsets_arr, groups_arr, status_arr


cdef int _load_caps(object caps, uint8_t* c) except -1:
    cdef int t
    cdef long v
    if caps is None:
        memset(c, 4, 34)
        return 0
    for t in range(34):
        v = caps[t]
        c[t] = <uint8_t>(4 if v > 4 else (0 if v < 0 else v))
    return 0


cdef int _check_jokers(int jokers) except -1:
    if not 0 <= jokers <= 8:
        raise ValueError(f"jokers must be 0-8, not {jokers}")
    if _ensure_tables():
        raise MemoryError("mjscore kernel tables")
    _ensure_joker_tables()
    return 0


def decompose_jokers(counts, int jokers, int use, caps=None):
    """All standard decompositions of the counts and ``jokers`` jokers, sorted:
    sets and exactly one pair, every joker in a group that ``use`` lets it join."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    cdef uint8_t* out = NULL
    cdef int n, capacity = 64, i, k
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    while True:
        out = <uint8_t*>malloc(JROW_BYTES * capacity)
        if out == NULL:
            raise MemoryError("joker decompositions")
        with nogil:  # counts and caps copied; jokers checked
            n = c_decompose_jokers(c, jokers, use, cp, out, capacity)
        if n <= capacity:
            break
        free(out)
        capacity = n
    try:
        if n < 0:
            raise MemoryError("joker decompositions")
        return tuple([
            tuple([(out[JROW_BYTES * i + 2 * k] >> 6, out[JROW_BYTES * i + 2 * k] & 63,
                    out[JROW_BYTES * i + 2 * k + 1])
                   for k in range(5) if out[JROW_BYTES * i + 2 * k] != NO_GROUP])
            for i in range(n)])
    finally:
        free(out)


def shapes_jokers(counts, int jokers, int use, caps=None):
    """``STANDARD``, ``SEVEN_PAIRS`` and ``THIRTEEN_ORPHANS`` flags of the counts with jokers."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_shapes_jokers(c, jokers, use, cp)


def is_complete_jokers(counts, int jokers, int use, caps=None):
    """1 if the counts and jokers are complete (standard, seven pairs, thirteen orphans)."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_is_complete_jokers(c, jokers, use, cp)


def waits_jokers(counts, int jokers, int use, caps=None):
    """Bit ``t`` set when adding a natural tile ``t`` (held fewer than its cap) completes the hand."""
    cdef uint8_t c[34]
    cdef uint8_t cp[34]
    _load_counts(counts, c)
    _load_caps(caps, cp)
    _check_jokers(jokers)
    return c_waits_jokers(c, jokers, use, cp)


def cache_info():
    """How many suit patterns the memo holds, and how many suits with jokers."""
    cdef int i, filled = 0
    for i in range(JCACHE_SIZE):
        filled += (mj_load64(&g_jcache[i]) >> 63) != 0
    return {"suit_patterns": g_patterns if g_ready else 0,
            "joker_suits": filled + (g_jkeys if g_jready else 0)}


def clear_cache():
    """Drop the memo; the next call rebuilds it (benchmarks measure cold runs after this).

    Not to be called while another thread is inside the kernel.
    """
    global g_ready, g_bits, g_hash, g_ways, g_wait, g_patterns, g_jready, g_jhash, g_jways, g_jkeys
    PyThread_acquire_lock(g_lock, 1)
    g_ready = 0
    free(g_bits); free(g_hash); free(g_ways); free(g_wait)
    g_bits = NULL; g_hash = NULL; g_ways = NULL; g_wait = NULL
    g_patterns = 0
    memset(g_jcache, 0, sizeof(g_jcache))
    g_jready = 0
    free(g_jhash); free(g_jways)
    g_jhash = NULL; g_jways = NULL
    g_jkeys = 0
    PyThread_release_lock(g_lock)


