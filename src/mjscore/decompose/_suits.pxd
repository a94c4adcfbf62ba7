# The per-suit tables (see _suits.pyx): how they are built, and the helpers that look a
# suit up, inline here so each module compiles them in (a call through the imported
# function table would cost more than the lookup). _shapes holds the one copy.
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t

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
    #define MJ_EMPTY_SLOT 0xFFFFFFFFFFFFFFFFULL
    #include <string.h>
    /* The sum of a suit's nine counts. Little-endian: the first eight summed in one
       word, bytes added in pairs into 16-bit lanes first so no count can carry. */
    static inline int mj_suit_size(const unsigned char *c) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        return c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8];
    #else
        unsigned long long x;
        memcpy(&x, c, 8);
        x = (x & 0x00FF00FF00FF00FFULL) + ((x >> 8) & 0x00FF00FF00FF00FFULL);
        return (int)((x * 0x0001000100010001ULL) >> 48) + c[8];
    #endif
    }
    /* A suit's key, sum of c[r] * 5**r. Little-endian: the first eight counts in one
       word, combined in pairs (16-bit lanes), fours (32-bit lanes), then eight; no lane
       can overflow, whatever the bytes, so the key is the same as counted one by one. */
    static inline int mj_suit_key(const unsigned char *c) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        return (((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5
                 + c[2]) * 5 + c[1]) * 5 + c[0];
    #else
        unsigned long long x;
        memcpy(&x, c, 8);
        x = (x & 0x00FF00FF00FF00FFULL) + ((x >> 8) & 0x00FF00FF00FF00FFULL) * 5;
        x = (x & 0x0000FFFF0000FFFFULL) + ((x >> 16) & 0x0000FFFF0000FFFFULL) * 25;
        return (int)((x & 0xFFFFFFFFULL) + (x >> 32) * 625) + c[8] * 390625;
    #endif
    }
    """
    int mj_suit_size(const uint8_t *c) noexcept nogil
    int mj_suit_key(const uint8_t *c) noexcept nogil
    int mj_load_acquire(int *p) noexcept nogil
    void mj_prefetch(const void *p) noexcept nogil
    void mj_store_release(int *p, int v) noexcept nogil
    # An empty hash slot: all ones (keys are below 2**21).
    const uint64_t EMPTY_SLOT "MJ_EMPTY_SLOT"

cdef extern from "Python.h":
    ctypedef void* PyThread_type_lock
    int PyThread_acquire_lock(PyThread_type_lock, int) nogil
    void PyThread_release_lock(PyThread_type_lock) nogil

cdef enum:
    N_KEYS = 1953125          # 5 ** 9
    HASH_SIZE = 24576         # slots: 88% full with the 21,743 patterns
    SEED_BITS = 13            # 8,192 buckets of keys, a seed each: about 2.7 patterns a bucket
    AFTER_SPLITS = 1 << 9     # an entry of SuitSlot.after: the pattern less a tile splits

ctypedef struct SuitSlot:
    uint64_t entry        # key << 32 | start << 8 | number of ways; EMPTY_SLOT when empty
    uint64_t first        # its first way (T.ways[start]): most suits have one, read with the entry
    # What a single-wait test reads of the pattern, in the slot's cache line: for each
    # rank r, the pattern less a tile of rank r, its waits (bits 0-8) and whether it
    # splits (AFTER_SPLITS), 0 if the pattern holds no such tile, ten bits each (ranks
    # 0-5 in after[0], 6-8 in after[1]); the pattern's own waits at bit 30 of after[1].
    uint64_t after[2]

ctypedef struct SuitTables:
    int ready             # published with release/acquire: who sees it set sees the tables
    uint32_t* bits        # bit per suit key: the suit splits into sets (+ a pair if 3k+2)
    # One 32-byte slot per pattern (SuitSlot), aligned, so a lookup touches one cache
    # line and, for a suit of one way, reads no more, nor for the single-wait test. A
    # perfect hash: each pattern's slot is _slot's, from its bucket's seed, and no two
    # patterns share one, so a lookup reads one slot (no probe sequence, no branch on
    # how far it goes).
    SuitSlot* hash
    void* hash_block      # the allocation `hash` is aligned in
    uint16_t* seed        # per bucket of keys (_bucket), the seed its patterns' slots are hashed with
    # Up to five group bytes a way, as if the suit were the first (kind * 34 + rank, see
    # _group_codes.pxd: add 9 * suit for the suit's own), 0xFF (NO_GROUP) padded.
    uint64_t* ways
    # Per suit key, the ranks whose tile would make the suit split (bit r): the waits of
    # one suit in one lookup. 5**9 uint16, 3.9 MB.
    uint16_t* wait
    int patterns

cdef int32_t POW5[9]          # POW5[r]: the step of rank r in a suit key

# Fill `T`'s tables (not `ready`: the holder publishes them); 0, or -1 if out of memory.
cdef int c_build_suit_tables(SuitTables* T) noexcept nogil
# Free `T`'s tables and zero it.
cdef void c_free_suit_tables(SuitTables* T) noexcept nogil


cdef inline int _after_less(const SuitSlot* slot, int rank) noexcept nogil:
    """The slot's pattern less a tile of ``rank``: its waits | AFTER_SPLITS if it splits."""
    return (slot.after[rank >= 6] >> (10 * (rank - 6 * (rank >= 6)))) & 0x3FF


cdef inline int _after_own(const SuitSlot* slot) noexcept nogil:
    """The slot's pattern's own waits."""
    return (slot.after[1] >> 30) & 0x1FF


cdef inline uint32_t _bucket(int32_t key) noexcept nogil:
    return (<uint32_t>key * 0x85EBCA6Bu) >> (32 - SEED_BITS)


cdef inline uint32_t _seeded_slot(int32_t key, uint32_t seed) noexcept nogil:
    # (a key is below 2**21: the seed goes above it, so each seed hashes other inputs)
    # the product's top 32 bits scaled to the table (a multiply, not a modulo)
    return ((((<uint64_t>key | <uint64_t>seed << 21) * <uint64_t>0x9E3779B97F4A7C15) >> 32) * HASH_SIZE) >> 32


cdef inline uint32_t _slot(const SuitTables* T, int32_t key) noexcept nogil:
    """The one slot that may hold ``key``."""
    return _seeded_slot(key, T.seed[_bucket(key)])


cdef inline const SuitSlot* _hash_slot(const SuitTables* T, int32_t key) noexcept nogil:
    """The slot of the key's pattern, or NULL when the suit does not split."""
    cdef const SuitSlot* slot = &T.hash[_slot(T, key)]
    return slot if <int32_t>(slot.entry >> 32) == key else NULL


cdef inline uint32_t _hash_find(const SuitTables* T, int32_t key) noexcept nogil:
    """start << 8 | count of the key's ways, or 0 when the suit does not split."""
    cdef const SuitSlot* slot = _hash_slot(T, key)
    return <uint32_t>slot.entry if slot != NULL else 0


cdef inline int32_t _suit_key(const uint8_t* c) noexcept nogil:
    return mj_suit_key(c)


cdef inline int _splits(const SuitTables* T, int32_t key) noexcept nogil:
    return (T.bits[key >> 5] >> (key & 31)) & 1


cdef inline int _suit_size(const uint8_t* c) noexcept nogil:
    return mj_suit_size(c)
