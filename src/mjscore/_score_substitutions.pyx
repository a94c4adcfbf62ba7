"""The substitutions D of a row's jokers (read ``_score_substitutions.pxd``). For the
rows most have, this and ``joker_readings.substitutions`` derive them independently:
the reference always from the kernel's joker decompositions."""

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport realloc
from libc.string cimport memcmp, memcpy, memset

from mjscore._group_codes cimport group_tiles
from mjscore._jokers_kernel cimport c_decompose_jokers
from mjscore._pattern_kernel cimport mj_at_least34
from mjscore._score_facts cimport mj_ctz64
from mjscore._score_placement cimport FIXED_ROW, USE_CHOWS, c_fits_fixed
from mjscore._score_rows cimport mj_presence34
from mjscore._shapes cimport _suit_tables, c_standard_waits, c_standard_waits_plus
from mjscore._suits cimport SuitTables, _suit_key, _suit_size, mj_prefetch


cdef enum:
    JROW = 10               # a joker decomposition: five (code, jokers) pairs, sorted

cdef int c_push_d(Subs* sb, const uint8_t* d, int n) noexcept nogil:
    """Append one substitution (``n`` sorted tiles); 1 if out of memory."""
    cdef uint8_t* grown
    if sb.n == sb.capacity:
        grown = <uint8_t*>realloc(sb.d, 8 * (2 * sb.capacity + 64))
        if grown == NULL:
            sb.failed = 1
            return 1
        sb.d = grown
        sb.capacity = 2 * sb.capacity + 64
    memset(sb.d + 8 * sb.n, 0xFF, 8)
    memcpy(sb.d + 8 * sb.n, d, n)
    sb.n += 1
    return 0


cdef uint64_t c_near(const uint8_t* natural, const uint8_t* held, int use) noexcept nogil:
    """The tiles a joker could stand for at all: not held four times counting the melds,
    and, as its group keeps a natural tile, a tile held (a pung or pair of it) or, with
    chows, one within two of a held suit tile."""
    cdef uint64_t present = mj_presence34(natural), near = present, p
    cdef int t
    if use & USE_CHOWS:
        for t in range(3):
            p = (present >> (9 * t)) & 0x1FF
            near |= ((p | p << 1 | p << 2 | p >> 1 | p >> 2) & 0x1FF) << (9 * t)
    return near & ~mj_at_least34(held, 4)


cdef int c_complete_subs(Subs* sb, const uint8_t* s, const uint8_t* caps, uint64_t near,
                        int jokers) noexcept nogil:
    """Every D of one or two tiles (ascending, each in ``near`` and below its cap)
    completing the natural counts ``s`` in sets and a pair: the standard waits of ``s``,
    or of ``s`` plus each first tile; 1 if out of memory. (Seven pairs and fixed hands
    add theirs apart.)"""
    cdef uint64_t bits = near, waits
    cdef uint64_t plus[34]
    cdef uint8_t d[2]
    cdef int t, u
    if jokers == 1:
        bits &= c_standard_waits(s)
        while bits:
            d[0] = <uint8_t>mj_ctz64(bits)
            bits &= bits - 1
            if c_push_d(sb, d, 1):
                return 1
        return 0
    bits &= _first_tile_suits(s)
    c_standard_waits_plus(s, bits, plus)  # the waits of s plus each first tile, at once
    while bits:
        t = mj_ctz64(bits)
        bits &= bits - 1
        d[0] = <uint8_t>t
        waits = plus[t] & near & ~(((<uint64_t>1) << t) - 1)
        if s[t] + 1 >= caps[t]:  # a tile taken up to its cap is no longer open
            waits &= ~((<uint64_t>1) << t)
        while waits:
            u = mj_ctz64(waits)
            waits &= waits - 1
            d[1] = <uint8_t>u
            if c_push_d(sb, d, 2):
                return 1
    return 0


cdef uint8_t FIRST_TILE_SUITS[324]  # _first_tile_groups by _first_tile_index


cdef inline int _first_tile_index(int r0, int r1, int r2, int h1, int h2) noexcept nogil:
    """The suits' sizes mod 3, the honours held once (3: more) and twice (2: more)."""
    return (((r0 * 3 + r1) * 3 + r2) * 4 + h1) * 3 + h2


cdef int _first_tile_groups(const int* r, int h1, int h2) noexcept nogil:
    """Bit g set (the suits 0-2, the honours 3) when the lower tile of a D of two may lie
    in g, by counting alone: each suit of S holds 3k or 3k + 2 tiles, one pair in all,
    and each honour held once takes a joker (a bound: the waits decide); bit 4 + g when
    the other tile may lie in g too."""
    cdef int a[4]                # D's tiles per suit, the honours last
    cdef int g, a0, a1, a2, rest, pairs, ok, groups = 0
    for a0 in range(3):
        for a1 in range(3 - a0):
            for a2 in range(3 - a0 - a1):
                a[0] = a0
                a[1] = a1
                a[2] = a2
                a[3] = 2 - a0 - a1 - a2
                if a[3] < h1:
                    continue
                ok = 1
                pairs = 0
                for g in range(3):
                    rest = (r[g] + a[g]) % 3
                    ok &= rest != 1
                    pairs += rest == 2
                if not ok or pairs > 1 or (a[3] == 0 and pairs + h2 != 1):
                    continue
                g = 0
                while a[g] == 0:
                    g += 1
                groups |= 1 << g
                if a[g] == 2:
                    groups |= 16 << g
    return groups


cdef void _fill_first_tile_suits() noexcept nogil:
    cdef int r[3]
    cdef int k, h1, h2
    for k in range(27):
        r[0] = k // 9
        r[1] = k // 3 % 3
        r[2] = k % 3
        for h1 in range(4):
            for h2 in range(3):
                FIRST_TILE_SUITS[_first_tile_index(r[0], r[1], r[2], h1, h2)] = _first_tile_groups(r, h1, h2)


_fill_first_tile_suits()


cdef uint64_t _first_tile_suits(const uint8_t* s) noexcept nogil:
    """The tiles the lower tile of a D of two completing ``s`` may be, by counting
    (FIRST_TILE_SUITS): the honours, or a suit's tiles; only those making the suit split
    when the other tile lies elsewhere (the suit's waits, one lookup)."""
    cdef int t, h1 = 0, h2 = 0, groups
    cdef uint64_t mask = 0
    cdef const SuitTables* T = _suit_tables()
    for t in range(27, 34):
        if s[t] == 4:  # no standard hand holds four alike concealed
            return 0
        h1 += s[t] == 1
        h2 += s[t] == 2
    groups = FIRST_TILE_SUITS[_first_tile_index(_suit_size(s) % 3, _suit_size(s + 9) % 3,
                                                _suit_size(s + 18) % 3, min(h1, 3), min(h2, 2))]
    for t in range(3):
        if groups >> t & 1:
            if groups >> (4 + t) & 1 or T == NULL:
                mask |= (<uint64_t>0x1FF) << (9 * t)
            else:
                mask |= (<uint64_t>(T.wait[_suit_key(s + 9 * t)] & 0x1FF)) << (9 * t)
    if groups & 8:
        mask |= (<uint64_t>0x7F) << 27
    return mask


cdef int c_decomposition_subs(Subs* sb, const uint8_t* natural, int jokers, int use,
                             const uint8_t* caps) noexcept nogil:
    """Every D of the kernel's joker decompositions (the tiles their groups hold beyond
    the natural ones), unsorted; 1 if out of memory."""
    cdef uint8_t* grown
    cdef uint8_t* row
    cdef uint8_t d[8]
    cdef int rest[34]
    cdef int i, g, k, t, n, found
    cdef int tiles[4]
    found = c_decompose_jokers(natural, jokers, use, caps, sb.rows, sb.rows_capacity)
    if found > sb.rows_capacity:
        grown = <uint8_t*>realloc(sb.rows, JROW * found)
        if grown == NULL:
            sb.failed = 1
            return 1
        sb.rows = grown
        sb.rows_capacity = found
        found = c_decompose_jokers(natural, jokers, use, caps, sb.rows, sb.rows_capacity)
    if found < 0:
        sb.failed = 1
        return 1
    for i in range(found):
        row = sb.rows + JROW * i
        for t in range(34):
            rest[t] = -natural[t]
        for g in range(5):
            for k in range(group_tiles(row[2 * g], tiles)):  # 0 for the padding
                rest[tiles[k]] += 1
        n = 0
        for t in range(34):
            for g in range(rest[t]):
                if n < 8:
                    d[n] = <uint8_t>t
                n += 1
        if n == jokers and c_push_d(sb, d, n):
            return 1
    return 0


cdef inline int _bit(const uint64_t* bits, int shift, uint64_t key) noexcept nogil:
    cdef uint64_t b = key >> shift
    return (bits[b >> 6] >> (b & 63)) & 1


cdef int _try_fixed(const uint8_t* row, const uint8_t* held, int jokers, int use, Subs* sb) noexcept nogil:
    """Push the substitution completing one fixed variant, if its missing tiles are
    ``jokers`` tiles its groups may hold; 1 if out of memory."""
    cdef int t, k, n = 0, missing
    cdef uint8_t tiles[8]
    for t in range(34):
        missing = <int>row[t] - <int>held[t]
        if missing < 0 or n + missing > jokers:
            return 0
        for k in range(missing):
            tiles[n] = <uint8_t>t
            n += 1
    if n == jokers and c_fits_fixed(row, tiles, n, use):
        return c_push_d(sb, tiles, n)
    return 0


cdef uint64_t c_fixed_key(const FixedIndex* ix, const uint8_t* held, int jokers) noexcept nogil:
    """The key of the held tiles, and the word of the index's bitset holding its bit
    fetched ahead, as the row finds its other substitutions; 0 unless one or two jokers
    (c_add_fixed_subs then needs no key)."""
    cdef uint64_t key = 0, b
    cdef int t
    if not 1 <= jokers <= 2:
        return 0
    for t in range(34):
        key += <uint64_t>held[t] * ix.weight[t]
    b = key >> ix.less_shift[jokers - 1]
    mj_prefetch(&ix.less_bits[jokers - 1][b >> 6])
    return key


cdef int c_add_fixed_subs(const uint8_t* fixed_rows, int n_rows, const FixedIndex* ix, const uint8_t* held,
                         uint64_t key, int jokers, int use, Subs* sb) noexcept nogil:
    """The substitutions completing a fixed-shape hand (joker_readings.substitutions); 1 if
    out of memory. With one or two jokers, only the variants that less one or two of
    their tiles are the held tiles (whose ``key`` c_fixed_key gives) are tried
    (``FixedIndex``: one lookup); with more, every variant."""
    cdef int e, lo, hi, mid
    cdef uint32_t top
    cdef const uint32_t* keys
    if jokers > 2:
        for e in range(n_rows):
            if _try_fixed(fixed_rows + FIXED_ROW * e, held, jokers, use, sb):
                return 1
        return 0
    if jokers == 0:
        return 0  # a fixed hand the held tiles make is read as they are
    # most rows are no variant less one or two of its tiles: one bit tells
    if not _bit(ix.less_bits[jokers - 1], ix.less_shift[jokers - 1], key):
        return 0
    keys = ix.less_keys[jokers - 1]
    top = <uint32_t>(key >> 32)
    lo = 0
    hi = ix.n_less[jokers - 1]
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < top:
            lo = mid + 1
        else:
            hi = mid
    while lo < ix.n_less[jokers - 1] and keys[lo] == top:
        if _try_fixed(fixed_rows + FIXED_ROW * ix.less_variant[jokers - 1][lo], held, jokers, use, sb):
            return 1
        lo += 1
    return 0


cdef void c_sort_subs(Subs* sb) noexcept nogil:
    """Sort the substitutions and drop repeats (short lists: an insertion sort)."""
    cdef uint8_t held[8]
    cdef int i, k, n = 0
    for i in range(1, sb.n):
        if memcmp(sb.d + 8 * (i - 1), sb.d + 8 * i, 8) <= 0:
            continue
        memcpy(held, sb.d + 8 * i, 8)
        k = i - 1
        while k >= 0 and memcmp(sb.d + 8 * k, held, 8) > 0:
            memcpy(sb.d + 8 * (k + 1), sb.d + 8 * k, 8)
            k -= 1
        memcpy(sb.d + 8 * (k + 1), held, 8)
    for i in range(sb.n):
        if n == 0 or memcmp(sb.d + 8 * (n - 1), sb.d + 8 * i, 8) != 0:
            if n != i:
                memcpy(sb.d + 8 * n, sb.d + 8 * i, 8)
            n += 1
    sb.n = n
