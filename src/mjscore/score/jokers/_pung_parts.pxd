# Jokers in pungs alone (jokers="pungs"): a joker stands in a pung of its tile that keeps a
# natural tile, so the natural tiles with one or two jokers are complete when they split
# into sets and a pair less those pungs' natural tiles. The parts of the natural counts
# (each suit, each honour) are read once (_read_pung_parts) and looked at again only where
# a substitution takes tiles out, by counting first and in the suit tables only if counting
# leaves one pair in all; their sizes mod 3 say at once which parts a substitution may
# take tiles from. (_substitutions._pung_subs finds the substitutions,
# _placement.c_pung_waits_upto the waits.)
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from mjscore.core._bits cimport mj_popcount64
from mjscore.decompose._suits cimport POW5, SuitTables, _splits, _suit_key, _suit_size

cdef enum:
    PUNG_PARTS = 10         # suits 0-2, honours 3-9

ctypedef struct PungParts:
    int32_t key[3]          # the suits' keys and sizes
    int size[3]
    uint32_t bad            # the parts that do not split (bit p: part p)
    uint32_t paired         # the parts that split leaving a pair
    int pairs               # how many those are
    uint32_t ones           # the parts of 1 and of 2 tiles mod 3 (split or not)
    uint32_t twos


cdef extern from *:
    """
    /* A tile's part: its suit (0-2), or 3-9 for an honour. A load: the arithmetic's
       test of suit or honour was a branch on data. */
    static const unsigned char MJ_PART_OF[34] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8, 9};
    """
    const uint8_t* MJ_PART_OF


cdef inline int _part_of(int t) noexcept nogil:
    """A tile's part: its suit (0-2), or 3-9 for an honour."""
    return MJ_PART_OF[t]


cdef inline uint64_t _part_tiles(uint32_t parts) noexcept nogil:
    """The tiles of ``parts`` (bit p: part p), without a branch."""
    return ((parts & 1) * <uint64_t>0x1FF | ((parts >> 1) & 1) * (<uint64_t>0x1FF << 9)
            | ((parts >> 2) & 1) * (<uint64_t>0x1FF << 18) | (<uint64_t>(parts >> 3) & 0x7F) << 27)


cdef inline int _part_less(const uint8_t* s, const PungParts* parts, int part, int t, int a, int u, int b,
                           int32_t* key) noexcept nogil:
    """The size of ``part`` of ``s`` (an honour: its count) with ``a`` tiles ``t`` and ``b``
    tiles ``u`` taken out (those in it), and a suit's key in ``key`` (an honour: -1)."""
    cdef int size, tile
    if part >= 3:
        tile = part + 24
        key[0] = -1
        return s[tile] - (a if t == tile else 0) - (b if u == tile else 0)
    key[0] = parts.key[part]
    size = parts.size[part]
    if a and _part_of(t) == part:
        key[0] -= a * POW5[t % 9]
        size -= a
    if b and _part_of(u) == part:
        key[0] -= b * POW5[u % 9]
        size -= b
    return size


cdef inline int _counted(int size) noexcept nogil:
    """What counting tells of a part of ``size`` tiles (0-15): -1 if it cannot split into
    sets and at most a pair, else 1 if it would leave a pair, 0 if not (a suit's split
    is still to be looked up). By size mod 3, an honour's count (0-4) too: one or four
    tiles of an honour make no sets, two a pair. Read from two bits per size, as the
    modulo's multiply and the honours' own test cost more."""
    return <int>((<uint32_t>0x61861861 >> (2 * size)) & 3) - 1


cdef inline int _read_pung_parts(const SuitTables* T, const uint8_t* s, const uint64_t* at_least,
                                 PungParts* parts) noexcept nogil:
    """Read the parts of ``s`` (``at_least[k]``, k = 1-4: the kinds it holds k times or
    more); how many do not split. The honours from those masks: one or four of a kind
    split into nothing, two leave a pair."""
    cdef int p, r
    cdef uint32_t bad = 0, paired = 0, ones, twos
    ones = <uint32_t>((((at_least[1] & ~at_least[2]) | at_least[4]) >> 24) & 0x3F8)
    twos = <uint32_t>(((at_least[2] & ~at_least[3]) >> 24) & 0x3F8)
    for p in range(3):
        parts.key[p] = _suit_key(s + 9 * p)
        parts.size[p] = _suit_size(s + 9 * p)
        r = _counted(parts.size[p])
        ones |= <uint32_t>(r < 0) << p
        twos |= <uint32_t>(r > 0) << p
        if r >= 0 and not _splits(T, parts.key[p]):
            r = -1
        bad |= <uint32_t>(r < 0) << p
        paired |= <uint32_t>(r > 0) << p
    parts.ones = ones
    parts.twos = twos
    parts.bad = bad | (ones & ~7u)
    parts.paired = paired | (twos & ~7u)
    parts.pairs = mj_popcount64(parts.paired)
    return mj_popcount64(parts.bad)


cdef inline int _splits_less(const SuitTables* T, const uint8_t* s, const PungParts* parts, int t, int a,
                             int u, int b) noexcept nogil:
    """Whether ``s`` less ``a`` tiles ``t`` and ``b`` tiles ``u`` splits into sets and one
    pair: only the parts of t and u are looked at again, and their suits looked up only
    if counting leaves one pair in all."""
    cdef int p = _part_of(t), q = _part_of(u) if b else p, r, size, pairs = parts.pairs
    cdef int32_t key_p, key_q = -1
    if parts.bad & ~((1u << p) | (1u << q)):
        return 0
    size = _part_less(s, parts, p, t, a, u, b, &key_p)
    r = _counted(size)
    if r < 0:
        return 0
    pairs += r - <int>((parts.paired >> p) & 1)
    if q != p:
        size = _part_less(s, parts, q, t, a, u, b, &key_q)
        r = _counted(size)
        if r < 0:
            return 0
        pairs += r - <int>((parts.paired >> q) & 1)
    return pairs == 1 and (key_p < 0 or _splits(T, key_p)) and (key_q < 0 or _splits(T, key_q))
