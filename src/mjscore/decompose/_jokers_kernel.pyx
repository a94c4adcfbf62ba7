"""The kernel with jokers: ``_reference``'s ``*_jokers`` functions, made fast.

A suit spending one or two jokers is looked up in a table built from the natural
ways upward (``_joker_table``). Spending more, it is searched: enumerate the tiles its jokers
stand for (a multiset D over the suit's ranks, each rank held or within two of a
held rank); the natural tables say how the counts plus D split, and each of those
ways keeps D's jokers if its groups can hold them (a pung two, a sequence or a
pair one, as ``use`` allows). The reference splits recursively instead, so the two
derive the answers independently. Completeness needs only, per suit, which (jokers
spent, pair or not) are possible: an 18-bit mask; with three jokers or more it is
memoised per (suit key, jokers, use) in a direct-mapped cache of single 64-bit
words, so threads share it lock-free (a race costs a recomputation, never a wrong
answer). Honours need no table: one honour's options are a handful of cases.
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, qsort
from libc.string cimport memcmp, memcpy, memset

from mjscore.decompose._joker_table cimport (C_USE_CHOWS, C_USE_PAIRS, C_USE_PUNGS, JROW_BYTES, JWAY_BYTES,
                                   JWay, JWays, _push_way, _sort_pairs, c_ensure_joker_tables,
                                   c_table_ways, g_jready)
from mjscore.decompose._shapes cimport (C_STANDARD, C_SEVEN_PAIRS, C_THIRTEEN_ORPHANS, ORPHAN, _suit_tables,
                              _total, c_is_complete, c_shapes, c_waits, g_suits)
from mjscore.core._group_codes cimport G_PAIR, G_PUNG, NO_GROUP, group_code, group_kind, group_tile
from mjscore.decompose._suits cimport POW5, _hash_find, _splits, _suit_key, _suit_size

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

cdef enum:
    JCACHE_BITS = 14
    JCACHE_SIZE = 16384

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


cdef int _emit_way(SuitJob* job) noexcept nogil:
    cdef JWay way
    cdef int g
    memset(way.b, 0xFF, JWAY_BYTES)
    way.b[0] = <uint8_t>job.j
    way.b[1] = 0
    way.b[2] = <uint8_t>job.n_groups
    for g in range(job.n_groups):
        way.b[3 + 2 * g] = group_code(job.gkind[g], job.base + job.grank[g])
        way.b[4 + 2 * g] = job.gjok[g]
        if job.gkind[g] == G_PAIR:
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
        if k == G_PUNG:
            if job.grank[g] != r or job.gjok[g] >= 2 or not job.use & C_USE_PUNGS:
                continue
        elif k == G_PAIR:
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
    if not _splits(&g_suits, key):
        return 0
    found = _hash_find(&g_suits, key)
    for i in range(found & 0xFF):
        way = g_suits.ways[(found >> 8) + i]
        job.n_groups = 0
        while (way & 0xFF) != NO_GROUP:
            b = <int>(way & 0xFF)
            job.gkind[job.n_groups] = <uint8_t>group_kind(b)
            job.grank[job.n_groups] = <uint8_t>group_tile(b)
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
            if _splits(&g_suits, key):
                mask |= 1u << (m == 2)
            continue
        if n == 0:
            break  # a joker needs a natural tile in its group
        if j <= 2 and g_jready:
            if c_table_ways(c, cap, 0, j, use, NULL, capped):
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
    """Every (jokers, pair) two parts reach together, with at most one pair: bit x of
    ``a`` and bit y of ``b`` give bit x + y (jokers add, pairs add), where x with a pair
    takes only the y without one, and sums beyond ``jokers`` drop out."""
    cdef uint32_t out = 0, width = (1u << (2 * jokers + 2)) - 1
    cdef int x = 0
    a &= width
    b &= width
    while a:
        if a & 1:
            out |= (b & 0x15555u if x & 1 else b) << x
        a >>= 1
        x += 1
    return out & width


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
    if _suit_tables() == NULL:
        return 0
    c_ensure_joker_tables()  # without it (out of memory), the search answers alone
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
    if _suit_tables() == NULL:
        return 0
    c_ensure_joker_tables()
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
    return c_waits_jokers_upto(counts, jokers, use, caps, 0)


cdef uint64_t c_waits_jokers_upto(const uint8_t* counts, int jokers, int use, const uint8_t* caps,
                                  int most) noexcept nogil:
    """c_is_complete_jokers of ``counts`` plus each tile below its cap, stopping once
    ``most`` are found (0: never). A tile changes one part of the standard shape (a suit
    or an honour), so each part's mask is worked out once, and a tile's part, anew, is
    merged with the other parts' (merged once per part)."""
    cdef uint8_t c[34]
    cdef uint32_t honour[7]
    cdef uint32_t before[8]     # the honours before h merged, and after h (after[7]: none)
    cdef uint32_t after[8]
    cdef uint32_t suit[3]
    cdef uint32_t others, part
    cdef uint64_t mask = 0
    cdef int t, s, h, total, found = 0
    if jokers == 0 and caps == NULL:
        return c_waits(counts)
    if caps == NULL:
        caps = FOUR
    if jokers == 0:
        memcpy(c, counts, 34)
        for t in range(34):
            if c[t] < caps[t]:
                c[t] += 1
                if c_is_complete(c):
                    mask |= (<uint64_t>1) << t
                c[t] -= 1
        return mask
    if _suit_tables() == NULL:
        return 0
    c_ensure_joker_tables()
    total = _total(counts) + 1 + jokers
    if total % 3 != 2:
        return 0
    memcpy(c, counts, 34)
    before[0] = after[7] = 1
    for h in range(7):
        honour[h] = _honour_mask(c[27 + h], caps[27 + h], jokers, use) if c[27 + h] else 1
        before[h + 1] = _merge_masks(before[h], honour[h], jokers)
    for h in range(6, -1, -1):
        after[h] = _merge_masks(after[h + 1], honour[h], jokers)
    for s in range(3):
        suit[s] = _suit_mask(c + 9 * s, caps + 9 * s, jokers, use)
    for s in range(3):  # a tile of suit s: the honours and the other suits, then s anew
        others = _merge_masks(before[7], suit[(s + 1) % 3], jokers)
        others = _merge_masks(others, suit[(s + 2) % 3], jokers)
        if others == 0:
            continue
        for t in range(9 * s, 9 * s + 9):
            if c[t] < caps[t]:
                c[t] += 1
                part = _suit_mask(c + 9 * s, caps + 9 * s, jokers, use)
                c[t] -= 1
                if (_merge_masks(others, part, jokers) >> (2 * jokers + 1)) & 1:
                    mask |= (<uint64_t>1) << t
                    found += 1
                    if found == most:
                        return mask
    others = 1
    for s in range(3):
        others = _merge_masks(others, suit[s], jokers)
    if others:
        for h in range(7):  # an honour: the suits and the other honours, then h anew
            t = 27 + h
            if c[t] >= caps[t]:
                continue
            part = _merge_masks(_merge_masks(others, before[h], jokers), after[h + 1], jokers)
            part = _merge_masks(part, _honour_mask(c[t] + 1, caps[t], jokers, use), jokers)
            if (part >> (2 * jokers + 1)) & 1:
                mask |= (<uint64_t>1) << t
                found += 1
                if found == most:
                    return mask
    if total == 14 and use & C_USE_PAIRS:
        mask |= _pairs_waits(c, caps, jokers)
    return mask


cdef uint64_t _pairs_waits(const uint8_t* c, const uint8_t* caps, int jokers) noexcept nogil:
    """The tiles t below their caps completing ``c`` plus t as seven pairs or the thirteen
    orphans with the jokers (_seven_pairs_jokers, _orphans_jokers), from the counts'
    tallies: t changes only its own count."""
    cdef int t, n, over = 0, singles = 0, inner = 0, orphans_over = 0, missing = 0, doubled = 0
    cdef int m, d
    cdef uint64_t orphan_bits = 0, mask = 0
    for t in range(34):
        over += c[t] > 2
        singles += c[t] == 1
    for t in range(13):
        orphan_bits |= (<uint64_t>1) << ORPHAN[t]
        orphans_over += c[ORPHAN[t]] > 2
        missing += c[ORPHAN[t]] == 0
        doubled += c[ORPHAN[t]] == 2
    for t in range(27):
        inner += c[t] != 0 and not orphan_bits >> t & 1
    for t in range(34):
        n = c[t]
        if n >= caps[t]:
            continue
        # seven pairs: no count above two, a joker beside each single
        if over + (n == 2) == 0 and singles + (n == 0) - (n == 1) == jokers:
            mask |= (<uint64_t>1) << t
            continue
        # the orphans: only their kinds, none thrice, at most one pair, a joker per gap
        if orphan_bits >> t & 1 and not inner and not orphans_over and n < 2:
            m = missing - (n == 0)
            d = doubled + (n == 1)
            if d <= 1 and jokers == m + (0 if d else 1):
                mask |= (<uint64_t>1) << t
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
            if c_table_ways(c, cap, base, j, use, out, capped) < 0:
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
        way.b[3] = group_code(G_PAIR if bit & 1 else G_PUNG, t)
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
    if _suit_tables() == NULL:
        return -1
    c_ensure_joker_tables()
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


cdef int c_joker_cache_filled() noexcept nogil:
    cdef int i, filled = 0
    for i in range(JCACHE_SIZE):
        filled += (mj_load64(&g_jcache[i]) >> 63) != 0
    return filled


cdef void c_clear_joker_cache() noexcept nogil:
    memset(g_jcache, 0, sizeof(g_jcache))
