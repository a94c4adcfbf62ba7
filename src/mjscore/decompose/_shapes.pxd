# Complete shapes, waits and standard decompositions of 34 counts, on the per-suit
# tables. The contracts of the c_ functions are in _kernel.pxd, which offers them to
# other engines; the kernel's own modules cimport them from here.
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from mjscore.decompose._suits cimport (PyThread_type_lock, SuitTables, _slot, _suit_key, c_build_suit_tables,
                                     mj_load_acquire, mj_prefetch)

cdef enum:
    C_STANDARD = 1
    C_SEVEN_PAIRS = 2
    C_PAIRS_WITH_QUADS = 4
    C_THIRTEEN_ORPHANS = 8
    C_KNITTING = 16
    C_TRIPLE_KNITTING = 32

cdef int ORPHAN[13]           # the thirteen orphan tiles

# The one copy of the per-suit tables, built on first use. It lives here, where the
# hottest lookups are: a module's own statics are addressed directly, another
# module's through a pointer Cython imports, which costs a load per access.
cdef SuitTables g_suits
# Held while a table is built or dropped (the joker tables share it).
cdef PyThread_type_lock g_lock
# Build g_suits under the lock unless another thread has; 0, or -1 if out of memory.
cdef int c_ensure_suit_tables() noexcept nogil
# Drop g_suits (the caller holds g_lock and no other thread is in the kernel).
cdef void c_clear_suit_tables() noexcept nogil

cdef int c_is_complete(const uint8_t* counts) noexcept nogil
cdef int c_shapes(const uint8_t* counts) noexcept nogil
cdef uint64_t c_waits(const uint8_t* counts) noexcept nogil
# c_waits without seven pairs and thirteen orphans: the tiles completing sets and a pair.
cdef uint64_t c_standard_waits(const uint8_t* counts) noexcept nogil
cdef int c_decomposition_count(const uint8_t* counts) noexcept nogil
cdef int c_decompose(const uint8_t* counts, uint8_t* out) noexcept nogil
cdef int c_other_wait(const uint8_t* counts, int removed, const uint8_t* held) noexcept nogil

# What a decomposition read of a standard-complete hand, for its single-wait test: each
# suit's hash slot, and the suit holding the pair (-1: an honour holds it).
ctypedef struct SuitRead:
    uint32_t slot[3]
    int pair_suit

# A row's three suit lookups (each suit's key and hash slot), worked out by c_look_ahead
# some rows before the row is decomposed (c_decompose_ahead).
ctypedef struct SuitLookup:
    int32_t key[3]
    uint32_t slot[3]

# c_decompose, and (when it finds a decomposition) what it read into `read`; with `ahead`
# (or NULL), the suits' lookups c_look_ahead made of the same counts.
cdef int c_decompose_ahead(const uint8_t* counts, uint8_t* out, SuitRead* read,
                           const SuitLookup* ahead) noexcept nogil
# c_other_wait of the hand `read` was read from.
cdef int c_other_wait_read(const uint8_t* counts, int removed, const uint8_t* held,
                           const SuitRead* read) noexcept nogil


cdef inline const SuitTables* _suit_tables() noexcept nogil:
    """The tables, built on first use; safe from any thread, with or without the GIL.
    NULL if out of memory."""
    if mj_load_acquire(&g_suits.ready) or c_ensure_suit_tables() == 0:
        return &g_suits
    return NULL


cdef inline int c_require_suit_tables() except -1:
    """Build the tables unless built, or raise MemoryError. Every call that reads hands
    asks this first, with the GIL (and before a bulk loop releases it): without the
    tables the kernel reads every hand as not complete, a wrong answer, not an error."""
    if not mj_load_acquire(&g_suits.ready) and c_ensure_suit_tables() != 0:
        raise MemoryError("mjscore could not allocate its per-suit tables (about 5 MB)")
    return 0


cdef inline int _total(const uint8_t* counts) noexcept nogil:
    cdef int t, total = 0
    for t in range(34):
        total += counts[t]
    return total


cdef inline void c_look_ahead(const SuitTables* T, const uint8_t* counts, SuitLookup* ahead) noexcept nogil:
    """The suits' lookups of ``counts`` in the tables ``T`` (_suit_tables(): built), their
    slots' cache lines fetched from now on; ``counts`` may be any bytes (a row not yet
    checked gives lookups merely of no use). A bulk loop asks it a few rows ahead: the
    slots of 21,743 patterns (768 KB) stay in no core's own cache, and a row waiting on
    its three lost a tenth of its time; the keys are then not worked out twice."""
    ahead.key[0] = _suit_key(counts)
    ahead.key[1] = _suit_key(counts + 9)
    ahead.key[2] = _suit_key(counts + 18)
    ahead.slot[0] = _slot(T, ahead.key[0])
    ahead.slot[1] = _slot(T, ahead.key[1])
    ahead.slot[2] = _slot(T, ahead.key[2])
    mj_prefetch(&T.hash[ahead.slot[0]])
    mj_prefetch(&T.hash[ahead.slot[1]])
    mj_prefetch(&T.hash[ahead.slot[2]])
