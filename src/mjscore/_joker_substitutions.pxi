# The substitutions D of a row's jokers, included by _score_jokers.pxi: every D making the
# hand complete, found (one or two jokers) one tile at a time from the natural standard
# waits where a joker could stand at all, or (more) from the kernel's joker
# decompositions; the seven-pairs pairing, and the fixed-shape hands its missing tiles
# fit. (joker_readings.substitutions finds D from the joker decompositions always: for
# the rows most have, the two derive them independently.)

cdef enum:
    JROW = 10               # a joker decomposition: five (code, jokers) pairs, sorted

ctypedef struct Subs:
    # the substitutions D of one row, 8 bytes each (sorted tiles, 0xFF pads), and the
    # kernel's joker decompositions (three jokers or more), in buffers a bulk call
    # keeps across rows (grown with realloc, freed at its end)
    uint8_t* d
    int n
    int capacity
    int failed
    uint8_t* rows
    int rows_capacity


cdef int _push_d(Subs* sb, const uint8_t* d, int n) noexcept nogil:
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


cdef uint64_t _near(const uint8_t* natural, const uint8_t* caps, int use) noexcept nogil:
    """The tiles a joker could stand for at all: below its cap, and, as its group keeps a
    natural tile, a tile held (a pung or pair of it) or, with chows, one within two of a
    held suit tile."""
    cdef uint64_t held = mj_presence34(natural), near = held, p
    cdef int t
    if use & USE_CHOWS:
        for t in range(3):
            p = (held >> (9 * t)) & 0x1FF
            near |= ((p | p << 1 | p << 2 | p >> 1 | p >> 2) & 0x1FF) << (9 * t)
    for t in range(34):
        if natural[t] >= caps[t]:
            near &= ~((<uint64_t>1) << t)
    return near


cdef int _complete_subs(Subs* sb, const uint8_t* s, const uint8_t* caps, uint64_t near,
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
            if _push_d(sb, d, 1):
                return 1
        return 0
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
            if _push_d(sb, d, 2):
                return 1
    return 0


cdef int _decomposition_subs(Subs* sb, const uint8_t* natural, int jokers, int use,
                             const uint8_t* caps) noexcept nogil:
    """Every D of the kernel's joker decompositions (the tiles their groups hold beyond
    the natural ones), unsorted; 1 if out of memory."""
    cdef uint8_t* grown
    cdef uint8_t* row
    cdef uint8_t d[8]
    cdef int rest[34]
    cdef int i, g, t, n, code, kind, found
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
            code = row[2 * g]
            if code == 0xFF:
                continue
            kind = code >> 6
            t = code & 63
            if kind == 0:
                rest[t] += 1
                rest[t + 1] += 1
                rest[t + 2] += 1
            else:
                rest[t] += 3 if kind == 1 else 2
        n = 0
        for t in range(34):
            for g in range(rest[t]):
                if n < 8:
                    d[n] = <uint8_t>t
                n += 1
        if n == jokers and _push_d(sb, d, n):
            return 1
    return 0


ctypedef struct FixedIndex:
    # the fixed variants by their tiles, so a row with one or two jokers visits only those
    # it can make: a multiset's key is the sum of its tiles' random 64-bit weights, so
    # the key of the held tiles plus D is the held key plus D's weights
    const uint64_t* weight      # per tile
    const uint64_t* keys        # the variants' distinct keys, sorted
    const int32_t* first        # per key, its variants: order[first[k] : first[k + 1]]
    const int32_t* order
    int n_keys
    const uint64_t* key_bits    # a bit per key (its top ``key_shift``-complement bits) ...
    int key_shift
    const uint64_t* near_bits   # ... and per key of a variant less one of its tiles
    int near_shift


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
    if n == jokers and _fits_fixed(row, tiles, n, use):
        return _push_d(sb, tiles, n)
    return 0


cdef int _try_key(const FixedIndex* ix, uint64_t key, const uint8_t* fixed_rows, const uint8_t* held,
                  int jokers, int use, Subs* sb) noexcept nogil:
    """The variants whose key is ``key`` (a binary search), each tried; 1 if out of memory."""
    cdef int lo = 0, hi = ix.n_keys, mid, e
    if not _bit(ix.key_bits, ix.key_shift, key):
        return 0
    while lo < hi:
        mid = (lo + hi) >> 1
        if ix.keys[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    if lo == ix.n_keys or ix.keys[lo] != key:
        return 0
    for e in range(ix.first[lo], ix.first[lo + 1]):
        if _try_fixed(fixed_rows + FIXED_ROW * ix.order[e], held, jokers, use, sb):
            return 1
    return 0


cdef int _add_fixed_subs(const uint8_t* fixed_rows, int n_rows, const FixedIndex* ix, const uint8_t* held,
                         int jokers, int use, Subs* sb) noexcept nogil:
    """The substitutions completing a fixed-shape hand (joker_readings.substitutions); 1 if
    out of memory. With one or two jokers, only the variants the held tiles plus one or
    two tiles make are tried (``FixedIndex``); with more, every variant."""
    cdef int e, d1, d2
    cdef uint64_t key = 0, k1
    if jokers > 2:
        for e in range(n_rows):
            if _try_fixed(fixed_rows + FIXED_ROW * e, held, jokers, use, sb):
                return 1
        return 0
    for d1 in range(34):
        key += <uint64_t>held[d1] * ix.weight[d1]
    for d1 in range(34):
        if held[d1] >= 4:
            continue
        k1 = key + ix.weight[d1]
        if jokers == 1:
            if _try_key(ix, k1, fixed_rows, held, jokers, use, sb):
                return 1
            continue
        if not _bit(ix.near_bits, ix.near_shift, k1):  # no variant holds these tiles and one more
            continue
        for d2 in range(d1, 34):
            if held[d2] + 1 + (d2 == d1) > 4:
                continue
            if _try_key(ix, k1 + ix.weight[d2], fixed_rows, held, jokers, use, sb):
                return 1
    return 0


cdef void _sort_subs(Subs* sb) noexcept nogil:
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
