"""The joker table: per natural suit key, the ways it splits spending one or two jokers.

Built on the first call that has jokers: for each natural suit key and j in (1, 2),
every way the suit splits spending j jokers. It is enumerated from the natural ways
upward (each way of a pattern, with j of its tiles made jokers where its groups can
hold them), so a lookup replaces ``_jokers_kernel``'s search. A way is stored as 32
bits: the natural way's index, the groups (and chow places) its jokers took, and the
eligibility bits it needs. 155,876 keys, 767,972 ways (3 MB, and a 2 MB hash; about
50 ms to build); more jokers fall back to the search.
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from mjscore.decompose._shapes cimport _suit_tables, g_lock, g_suits
from mjscore.core._group_codes cimport G_PAIR, NO_GROUP, group_code, group_kind, group_tile
from mjscore.decompose._suits cimport (EMPTY_SLOT, HASH_SIZE, POW5, PyThread_acquire_lock,
                             PyThread_release_lock, _suit_key, mj_load_acquire, mj_store_release)

cdef enum:
    JHASH_BITS = 18
    JHASH_SIZE = 262144       # 2 ** JHASH_BITS: 59% full
    JNONE = 7                 # no group: the second joker of a one-joker way

cdef uint64_t* g_jhash = NULL  # kj << 40 | uses << 32 | start << 8 | count; all ones when empty
cdef uint32_t* g_jways = NULL
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
        entry = g_suits.hash[slot].entry
        if entry == EMPTY_SLOT:
            continue
        pattern = <int32_t>(entry >> 32)
        cnt = <int>(entry & 0xFF)
        for i in range(cnt):
            w = <int>(<uint32_t>entry >> 8) + i
            way = g_suits.ways[w]
            n_groups = 0
            while (way & 0xFF) != NO_GROUP:
                kind[n_groups] = <uint8_t>group_kind(way & 0xFF)
                rank[n_groups] = <uint8_t>group_tile(way & 0xFF)
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


cdef int c_ensure_joker_tables() noexcept nogil:
    cdef int status = 0
    if mj_load_acquire(&g_jready):
        return 0
    if _suit_tables() == NULL:
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
    cdef uint64_t way = g_suits.ways[enc & 0x7FFF]
    cdef int n = 0, g2
    while (way & 0xFF) != NO_GROUP:
        kind[n] = <uint8_t>group_kind(way & 0xFF)
        rank[n] = <uint8_t>group_tile(way & 0xFF)
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


cdef int c_table_ways(const uint8_t* c, const uint8_t* cap, int base, int j, int use,
                      JWays* out, int capped) noexcept nogil:
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
            way.b[3 + 2 * g] = group_code(kind[g], base + rank[g])
            way.b[4 + 2 * g] = jok[g]
            if kind[g] == G_PAIR:
                way.b[1] = 1
        _sort_pairs(way.b + 3, n)
        if _push_way(out, &way):
            return -1
    return 0


cdef void c_clear_joker_tables() noexcept nogil:
    global g_jready, g_jhash, g_jways, g_jkeys
    g_jready = 0
    free(g_jhash); free(g_jways)
    g_jhash = NULL; g_jways = NULL
    g_jkeys = 0
