"""Complete shapes, waits and standard decompositions of 34 counts (``_reference``'s
``shapes``, ``waits`` and ``decompose``), on the per-suit tables of ``_suits``.

A hand is complete when its honours are pairs or triplets, each suit's bit is set
and exactly one pair exists, which is a handful of loads per hand.
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memcmp, memcpy

from mjscore.core._bits cimport mj_at_least34, mj_ctz64, mj_popcount64
from mjscore.core._group_codes cimport G_PAIR, G_PUNG, group_code, group_kind
from mjscore.decompose._suits cimport (PyThread_acquire_lock, PyThread_release_lock,
                             AFTER_SPLITS, SuitSlot, SuitTables, _after_less, _after_own, _slot,
                             _splits, _suit_key, _suit_size, c_free_suit_tables, mj_prefetch, mj_store_release)

cdef extern from "Python.h":
    PyThread_type_lock PyThread_allocate_lock()

cdef extern from *:
    """
    #include <string.h>
    /* Write x's eight bytes to p, lowest first. */
    static inline void mj_put8(unsigned char *p, unsigned long long x) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        int j;
        for (j = 0; j < 8; j++) p[j] = (unsigned char)(x >> (8 * j));
    #else
        memcpy(p, &x, 8);
    #endif
    }
    /* Four counts as a word, count j in byte j (one load where the byte order allows). */
    static inline unsigned mj_get4(const unsigned char *p) {
        return (unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
    }
    /* Counts of 0-3 in a word's bytes (at most four) packed two bits each: byte j's at
       bits 2j, 2j + 1. */
    static inline unsigned mj_pack2(unsigned x) {
        x |= x >> 6;
        return (x | x >> 12) & 0xFF;
    }
    """
    void mj_put8(uint8_t* p, uint64_t x) noexcept nogil
    unsigned mj_get4(const uint8_t* p) noexcept nogil
    unsigned mj_pack2(unsigned x) noexcept nogil

ORPHAN[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef uint64_t ORPHANS = 0x3FC060301          # their bits
cdef uint64_t SUITED_SIMPLES = 0x3F9FCFE     # each suit's 2-8

# The honours' groups, by their counts (winds 27-30: entries 0-255, dragons 31-33:
# 256-319), each count 0-3 in two bits (mj_pack2): the group bytes in tile order,
# NO_GROUP padded, and in the top byte their tally: the groups (bits 0-2), the pairs
# among them (bits 3-5), and HONOURS_BAD if a count is one (a single tile makes no set).
# Adding two tallies keeps each field apart (at most seven groups, HONOURS_BAD twice
# still sets a bit of 6-7).
cdef enum:
    HONOURS_BAD = 0x40
cdef uint64_t HONOUR_GROUPS[320]
cdef uint64_t TALLY_BYTE = 0xFF00000000000000  # (written as NO_GROUP with the groups)


def _fill_honour_tables():
    """An honour held three times makes a pung, twice a pair, once nothing at all."""
    cdef int key, first, kinds, j, c, n, pairs, bad
    cdef uint64_t groups
    for first, kinds, key0 in ((27, 4, 0), (31, 3, 256)):
        for key in range(1 << 2 * kinds):
            groups = ~(<uint64_t>0)
            n = pairs = bad = 0
            for j in range(kinds):
                c = (key >> (2 * j)) & 3
                if c == 1:
                    bad = 1
                elif c:
                    groups &= ~((<uint64_t>0xFF) << (8 * n))
                    groups |= (<uint64_t>group_code(G_PAIR if c == 2 else G_PUNG, first + j)) << (8 * n)
                    n += 1
                    pairs += c == 2
            HONOUR_GROUPS[key0 + key] = (groups & ~((<uint64_t>0xFF) << 56)) | (
                <uint64_t>(n | pairs << 3 | (HONOURS_BAD if bad else 0))) << 56


_fill_honour_tables()
g_lock = PyThread_allocate_lock()
cdef int g_refuse_builds = 0  # tests: builds fail as if out of memory (_refuse_builds)


def _refuse_builds(bint refuse):
    """Tests only: make table builds fail as if out of memory (``refuse``), or build
    again. Tables already built stay: drop them first with ``clear_cache()``."""
    global g_refuse_builds
    g_refuse_builds = refuse


cdef int c_ensure_suit_tables() noexcept nogil:
    cdef int status = 0
    PyThread_acquire_lock(g_lock, 1)
    if not g_suits.ready:
        status = -1 if g_refuse_builds else c_build_suit_tables(&g_suits)
        if status == 0:
            mj_store_release(&g_suits.ready, 1)
    PyThread_release_lock(g_lock)
    return status


cdef void c_clear_suit_tables() noexcept nogil:
    c_free_suit_tables(&g_suits)


cdef inline int _standard(const SuitTables* T, const uint8_t* counts) noexcept nogil:
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
        if not _splits(T, _suit_key(counts + 9 * s)):
            return 0
    return 1


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
    cdef const SuitTables* T = _suit_tables()
    if T == NULL:
        return 0
    if _standard(T, counts):
        return 1
    if _total(counts) != 14:
        return 0
    return (_seven_pairs_flags(counts) & C_SEVEN_PAIRS) != 0 or _thirteen_orphans(counts)


cdef int c_shapes(const uint8_t* counts) noexcept nogil:
    cdef int flags
    cdef const SuitTables* T = _suit_tables()
    if T == NULL:
        return 0
    flags = C_STANDARD if _standard(T, counts) else 0
    if _total(counts) != 14:
        return flags
    flags |= _seven_pairs_flags(counts)
    if _thirteen_orphans(counts):
        flags |= C_THIRTEEN_ORPHANS
    return flags | _knitting(counts)


# The standard waits alone (the joker scorer's, for one joker): c_waits' standard part,
# with what it reads of the counts kept in a WaitParts. (c_waits keeps its own inline
# loop: it is the hot path of the scorer without jokers.)

ctypedef struct WaitParts:
    # per suit its key, size, whether it splits and whether it leaves a pair; how many
    # honours are held twice and how many once or four times, and which once and twice
    int32_t key[3]
    int size[3]
    int ok[3]
    int pair[3]
    int hp
    int hbad
    uint64_t lone           # the honours held once
    uint64_t twos           # the honours held twice


cdef inline void _wait_parts(const SuitTables* T, const uint8_t* counts, WaitParts* w) noexcept nogil:
    cdef int t, s, c
    w.hp = w.hbad = 0
    w.lone = w.twos = 0
    for s in range(3):
        w.key[s] = _suit_key(counts + 9 * s)
        w.size[s] = _suit_size(counts + 9 * s)
        w.pair[s] = w.size[s] % 3 == 2
        w.ok[s] = w.size[s] % 3 != 1 and _splits(T, w.key[s])
    for t in range(27, 34):
        c = counts[t]
        w.hbad += c == 1 or c == 4
        w.hp += c == 2
        if c == 1:
            w.lone |= (<uint64_t>1) << t
        elif c == 2:
            w.twos |= (<uint64_t>1) << t


cdef inline uint64_t _parts_waits(const SuitTables* T, const WaitParts* w) noexcept nogil:
    """The standard waits, one suit at a time from the wait table: a suit's waits are
    one lookup, the ranks whose tile makes that suit split."""
    cdef int s, n, pairs_other
    cdef uint64_t mask = 0
    if w.hbad == 0:
        for s in range(3):
            if not w.ok[(s + 1) % 3] or not w.ok[(s + 2) % 3]:
                continue
            n = w.size[s] + 1
            if n % 3 == 1:
                continue
            pairs_other = w.hp + w.pair[(s + 1) % 3] + w.pair[(s + 2) % 3] + (n % 3 == 2)
            if pairs_other != 1:
                continue
            mask |= (<uint64_t>T.wait[w.key[s]]) << (9 * s)
    if w.hbad <= 1 and w.ok[0] and w.ok[1] and w.ok[2]:
        pairs_other = w.pair[0] + w.pair[1] + w.pair[2]
        # 1 -> 2 turns the lone honour into the pair; 2 -> 3 makes a triplet.
        if w.hp + 1 + pairs_other == 1:
            mask |= w.lone
        if w.hbad == 0 and w.hp - 1 + pairs_other == 1:
            mask |= w.twos
    return mask


cdef uint64_t c_standard_waits(const uint8_t* counts) noexcept nogil:
    cdef WaitParts w
    cdef const SuitTables* T = _suit_tables()
    if T == NULL:
        return 0
    _wait_parts(T, counts, &w)
    return _parts_waits(T, &w)


cdef uint64_t c_waits(const uint8_t* counts) noexcept nogil:
    """Standard waits one suit at a time from the wait table; then pairs and orphans.

    A suit's key and size come from unrolled sums; its waits are one lookup: the
    ranks whose tile makes that suit split. Seven pairs and thirteen orphans are
    looked at only for 13 tiles (a hand with melds has fewer), from masks of the kinds
    held once, twice and three times.
    """
    cdef int t, s, c, n, hp = 0, hbad = 0, pairs_other, total = 0
    cdef int32_t key[3]
    cdef int size[3]
    cdef int ok[3]
    cdef int pair[3]
    cdef int all_ok
    cdef uint64_t mask = 0
    cdef uint64_t once, twice, thrice, singles_mask, missing
    cdef const SuitTables* T = _suit_tables()
    if T == NULL:
        return 0
    for s in range(3):
        key[s] = _suit_key(counts + 9 * s)
        size[s] = _suit_size(counts + 9 * s)
        total += size[s]
        pair[s] = size[s] % 3 == 2
        ok[s] = size[s] % 3 != 1 and _splits(T, key[s])
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
            mask |= (<uint64_t>T.wait[key[s]]) << (9 * s)
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
    # seven pairs and thirteen orphans, from the masks of the kinds held once, twice and
    # three times or more (no loop ending anywhere in the row)
    once = mj_at_least34(counts, 1)
    twice = mj_at_least34(counts, 2)
    thrice = mj_at_least34(counts, 3)
    singles_mask = once & ~twice
    if not thrice and mj_popcount64(twice) == 6 and singles_mask and not singles_mask & (singles_mask - 1):
        mask |= singles_mask  # six pairs and a single: the single's pair
    if once & SUITED_SIMPLES:
        return mask  # a suited 2-8 rules out thirteen orphans
    # 13 tiles, all orphans: every orphan once (a wait on each) or all but one, one of
    # them twice (a wait on the missing one)
    missing = ORPHANS & ~once
    if not missing & (missing - 1):
        mask |= missing if missing else ORPHANS
    return mask


cdef int c_other_wait(const uint8_t* counts, int removed, const uint8_t* held) noexcept nogil:
    """Whether the standard-complete ``counts`` less one ``removed`` tile is completed in
    a standard shape by a kind other than ``removed`` that ``held`` (the hand with its
    melds) shows fewer than 4 times: the hand had another wait. (0 for counts that are
    not standard-complete.)"""
    cdef SuitRead read
    if _decompose(counts, NULL, &read, NULL) == 0:
        return 0
    return c_other_wait_read(counts, removed, held, &read)


cdef int c_other_wait_read(const uint8_t* counts, int removed, const uint8_t* held,
                           const SuitRead* read) noexcept nogil:
    """``c_other_wait`` of the hand ``read`` was read from, from the slots' entries of
    ``SuitSlot.after`` (read with the slots).

    Only a suit that changes needs a lookup: another rank of the removed tile's suit
    keeps every suit's size and so the one pair (that suit's waits less the tile);
    a tile elsewhere needs the removed tile's suit to split with a new pair, and the
    old pair's holder to take the tile (its own waits).
    """
    cdef const SuitTables* T = &g_suits  # built: `read` was read from it
    # Without a branch on the data (whether a hand has another wait is a coin toss that
    # mispredicts): every case is worked out and the right one kept.
    cdef uint64_t full = mj_at_least34(held, 4)    # the kinds no tile is left of
    cdef int suited = removed < 27
    cdef int s = removed // 9 - (removed >= 27)       # (an honour reads suit 2, unused)
    cdef int rank = (removed - 9 * s) * suited        # (and rank 0)
    cdef int entry = _after_less(&T.hash[read.slot[s]], rank)
    cdef int same = (entry & ~(1 << rank) & ~(full >> 9 * s) & 0x1FF) != 0
    cdef int pair_suit = read.pair_suit
    cdef int holder = pair_suit if pair_suit >= 0 else 0
    cdef int honour_pair = 1, t
    cdef int new_pair, old_pair
    # a new pair: in the removed tile's suit if it splits with one, not holding the pair
    # already; or the honour removed from a pung (the one left of an honour pair pairs
    # only with its own kind)
    new_pair = suited & (pair_suit != s) & ((entry & AFTER_SPLITS) != 0) | (1 - suited) & (counts[removed] == 3)
    # the old pair must then become a set (a complete hand has one pair: an honour's,
    # or a suit's, which then takes a tile it is not held four times of)
    if full >> 27:  # (rarely: an honour held four times)
        for t in range(27, 34):
            honour_pair &= not (counts[t] == 2 and held[t] >= 4)
    old_pair = ((pair_suit < 0) & honour_pair
                | (pair_suit >= 0) & ((_after_own(&T.hash[read.slot[holder]]) & ~(full >> 9 * holder) & 0x1FF) != 0))
    return (suited & same) | (new_pair & old_pair)


cdef int _decompose(const uint8_t* counts, uint8_t* out, SuitRead* read, const SuitLookup* ahead) noexcept nogil:
    """Write every standard decomposition (5 sorted group bytes each) to ``out``.

    With ``out == NULL`` only count them. Returns the number of decompositions; with
    ``read``, when there is one, what was read (the suits' slots, the pair's suit). With
    ``ahead``, the suits' lookups c_look_ahead made of these counts.
    """
    cdef uint8_t fixed[16]        # the honours' groups (eight bytes written by winds, then dragons)
    cdef uint32_t winds, dragons
    cdef uint64_t winds_groups, dragons_groups
    cdef uint8_t groups[16]       # five groups, and room for a suit's eight bytes past them
    cdef uint32_t found[3]
    cdef uint64_t first[3]        # each suit's first way
    cdef const SuitSlot* slot
    cdef uint64_t way
    cdef int n_fixed, s, pairs, total = 1, i0, i1, i2, k, g, is_pair, pair_suit = -1
    cdef uint32_t tally
    cdef int idx[3]
    cdef int32_t key[3]
    cdef uint32_t slots[3]
    cdef const SuitTables* T = _suit_tables()
    if T == NULL:
        return 0
    # Start the three hash-table loads now (a slot holds its wait entries too): they are
    # the memory latency of this function, and the checks below can run while they
    # arrive.
    if ahead != NULL:  # (started rows ago)
        memcpy(key, ahead.key, sizeof(key))
        memcpy(slots, ahead.slot, sizeof(slots))
    else:
        for s in range(3):
            key[s] = _suit_key(counts + 9 * s)
            slots[s] = _slot(T, key[s])
            mj_prefetch(&T.hash[slots[s]])
    # Without a branch per honour (random hands make each one a coin toss): the winds'
    # groups and tally in one lookup, the dragons' in another.
    winds = mj_get4(counts + 27)
    dragons = mj_get4(counts + 30) >> 8
    if (winds | dragons) & <uint32_t>0xFCFCFCFC:
        return 0  # an honour held four times (or more) makes no set and no pair
    winds_groups = HONOUR_GROUPS[mj_pack2(winds)]
    dragons_groups = HONOUR_GROUPS[256 + mj_pack2(dragons)]
    tally = <uint32_t>(winds_groups >> 56) + <uint32_t>(dragons_groups >> 56)
    n_fixed = tally & 7
    pairs = (tally >> 3) & 7
    if tally >= HONOURS_BAD or n_fixed > 5:
        return 0
    mj_put8(fixed, winds_groups | TALLY_BYTE)
    mj_put8(fixed + (winds_groups >> 56 & 7), dragons_groups | TALLY_BYTE)
    for s in range(3):
        slot = &T.hash[slots[s]]
        if <int32_t>(slot.entry >> 32) != key[s]:
            return 0  # the suit does not split
        found[s] = <uint32_t>slot.entry
        first[s] = slot.first  # (read with the entry: no load of T.ways for a suit of one way)
        total *= found[s] & 0xFF
        # A suit's ways hold a pair or none alike (their size is the key's); a way's
        # pair, its highest byte, comes first.
        is_pair = group_kind(first[s] & 0xFF) == G_PAIR
        pairs += is_pair
        pair_suit = s if is_pair else pair_suit
    if pairs != 1:
        return 0
    if read != NULL:
        memcpy(read.slot, slots, sizeof(slots))
        read.pair_suit = pair_suit
    if out == NULL:
        return total
    if total == 1:  # most hands: each suit splits one way, its first (read with the slot)
        memcpy(groups, fixed, 8)
        g = n_fixed
        for s in range(3):
            g = _put_way(groups, g, first[s], s)
        _write_sorted(groups, g, out)
        return 1
    k = 0
    for i0 in range(found[0] & 0xFF):
        for i1 in range(found[1] & 0xFF):
            for i2 in range(found[2] & 0xFF):
                idx[0] = i0; idx[1] = i1; idx[2] = i2
                memcpy(groups, fixed, 8)
                g = n_fixed
                for s in range(3):
                    way = first[s]
                    if idx[s]:
                        way = T.ways[(found[s] >> 8) + idx[s]]
                    g = _put_way(groups, g, way, s)
                _write_sorted(groups, g, out + 5 * k)
                k += 1
    if k > 1:
        qsort(out, k, 5, _compare_decomposition)
    return k


cdef inline int _put_way(uint8_t* groups, int g, uint64_t way, int s) noexcept nogil:
    """Write suit ``s``'s way ``way`` after the ``g`` groups of ``groups``; how many there
    are then (at most five). The way's bytes up to its first NO_GROUP, moved to the
    suit's own tiles (no byte of a group carries: 9 * s goes into each), are written
    eight at once; those past its groups, or past five in all, are overwritten or padded
    by _write_sorted."""
    cdef uint64_t ends = ~way
    cdef int n = mj_ctz64((ends - <uint64_t>0x0101010101010101) & ~ends & <uint64_t>0x8080808080808080) >> 3
    mj_put8(groups + g, way + <uint64_t>0x0909090909090909 * s)
    return min(g + n, 5)


cdef inline void _write_sorted(uint8_t* groups, int g, uint8_t* out) noexcept nogil:
    """The ``g`` groups of ``groups``, NO_GROUP padded to five, sorted into ``out``."""
    cdef unsigned int g0, g1, g2, g3, g4
    mj_put8(groups + g, ~(<uint64_t>0))  # NO_GROUP pads
    # sorted by a network of nine compare-exchanges, which compile to conditional moves
    # (an insertion sort's branches mispredict)
    g0 = groups[0]; g1 = groups[1]; g2 = groups[2]; g3 = groups[3]; g4 = groups[4]
    g0, g1 = min(g0, g1), max(g0, g1)
    g3, g4 = min(g3, g4), max(g3, g4)
    g2, g4 = min(g2, g4), max(g2, g4)
    g2, g3 = min(g2, g3), max(g2, g3)
    g1, g4 = min(g1, g4), max(g1, g4)
    g0, g3 = min(g0, g3), max(g0, g3)
    g0, g2 = min(g0, g2), max(g0, g2)
    g1, g3 = min(g1, g3), max(g1, g3)
    g1, g2 = min(g1, g2), max(g1, g2)
    out[0] = g0; out[1] = g1; out[2] = g2; out[3] = g3; out[4] = g4


cdef int _compare_decomposition(const void* a, const void* b) noexcept nogil:
    return memcmp(a, b, 5)


cdef int c_decomposition_count(const uint8_t* counts) noexcept nogil:
    return _decompose(counts, NULL, NULL, NULL)


cdef int c_decompose(const uint8_t* counts, uint8_t* out) noexcept nogil:
    return _decompose(counts, out, NULL, NULL)


cdef int c_decompose_ahead(const uint8_t* counts, uint8_t* out, SuitRead* read,
                           const SuitLookup* ahead) noexcept nogil:
    return _decompose(counts, out, read, ahead)
