# The per-part tables of the shanten kernel (included by _shanten_kernel.pyx, whose
# docstring says what they hold and how the two passes fill them).

cdef int _build(uint64_t* lacks, int ranks, bint sequences) except -1:
    """Fill ``lacks`` (5**ranks entries) as the module docstring says."""
    cdef int n_keys = POW5[ranks - 1] * 5
    cdef uint16_t* holds = <uint16_t*>calloc(n_keys, sizeof(uint16_t))
    cdef int n_types = (7 if sequences else 0) + ranks
    cdef int combo[4]
    cdef int c[9]
    cdef int digits[9]
    cdef int n_sets, i, g, r, pair, key, bad, cls, best, v
    cdef uint64_t packed, neighbour
    if holds == NULL:
        raise MemoryError()
    # Every complete arrangement: a multiset of at most four sets (sequences first, if
    # any, then triplets), with or without a pair.
    for n_sets in range(5):
        for i in range(n_sets):
            combo[i] = 0
        while True:
            for pair in range(-1, ranks):
                for r in range(ranks):
                    c[r] = 0
                for i in range(n_sets):
                    g = combo[i]
                    if sequences and g < 7:
                        c[g] += 1; c[g + 1] += 1; c[g + 2] += 1
                    else:
                        c[g - (7 if sequences else 0)] += 3
                if pair >= 0:
                    c[pair] += 2
                bad = 0
                key = 0
                for r in range(ranks - 1, -1, -1):
                    bad |= c[r] > 4
                    key = key * 5 + c[r]
                if not bad:
                    holds[key] |= 1 << (n_sets * 2 + (pair >= 0))
            i = n_sets - 1
            while i >= 0 and combo[i] == n_types - 1:
                i -= 1
            if i < 0:
                break
            combo[i] += 1
            for g in range(i + 1, n_sets):
                combo[g] = combo[i]
    # Pass 1, increasing keys: what a key one tile smaller holds, this key holds.
    for r in range(ranks):
        digits[r] = 0
    for key in range(n_keys):
        for r in range(ranks):
            if digits[r]:
                holds[key] |= holds[key - POW5[r]]
        r = 0
        while r < ranks and digits[r] == 4:
            digits[r] = 0
            r += 1
        if r < ranks:
            digits[r] += 1
    # Pass 2, decreasing keys: one more than the best key one tile larger.
    for r in range(ranks):
        digits[r] = 4
    for key in range(n_keys - 1, -1, -1):
        packed = 0
        for cls in range(CLASSES):
            if holds[key] >> cls & 1:
                continue
            best = 15
            for r in range(ranks):
                if digits[r] < 4:
                    v = (lacks[key + POW5[r]] >> (4 * cls)) & 15
                    if v < best:
                        best = v
            packed |= (<uint64_t>(best + 1 if best < 14 else 15)) << (4 * cls)
        lacks[key] = packed
        r = 0
        while r < ranks and digits[r] == 0:
            digits[r] = 4
            r += 1
        if r < ranks:
            digits[r] -= 1
    free(holds)
    return 0


ctypedef struct Entry:
    # lacks: five nibbles for 0-4 sets without the pair, five with it; then the ranks
    # whose tile lowers the lack of classes 1 and 2 (9 bits each; class 0 needs nothing
    # and is never lowered)
    uint64_t a
    uint64_t b            # the same 9-bit masks of classes 3-9


cdef Entry* _suit_table = NULL
cdef Entry* _honour_table = NULL
# RANK_*[r][used][c]: what rank r holding c tiles, after `used` tiles in the lower ranks,
# adds to the entry's index (the lexicographic rank among parts of at most 14 tiles).
cdef int32_t SUIT_RANK[9][15][5]
cdef int32_t HONOUR_RANK[7][15][5]


cdef int _vectors(int length, int budget) noexcept:
    """How many parts of `length` ranks (0-4 each) hold at most `budget` tiles."""
    if budget < 0:
        return 0
    if length == 0:
        return 1
    cdef int v, n = 0
    for v in range(5):
        n += _vectors(length - 1, budget - v)
    return n


cdef void _fill_rank(int32_t* table, int ranks) noexcept:
    cdef int r, used, c, v, total
    for r in range(ranks):
        for used in range(15):
            total = 0
            for c in range(5):
                table[(r * 15 + used) * 5 + c] = total
                total += _vectors(ranks - r - 1, 14 - used - c)


cdef inline int _index(const uint8_t* c, const int32_t* rank, int ranks) noexcept nogil:
    """The entry of a part (at most 14 tiles)."""
    cdef int r, used = 0, index = 0
    for r in range(ranks):
        index += rank[(r * 15 + used) * 5 + c[r]]
        used += c[r]
    return index


cdef int _compact(const uint64_t* lacks, Entry* entries, const int32_t* rank, int ranks) except -1:
    """Keep the parts of at most 14 tiles, each with the ranks that lower each class."""
    cdef int n_keys = POW5[ranks - 1] * 5, key, r, cls, size
    cdef uint8_t digits[9]
    cdef uint64_t mine, mask, masks, packed
    for r in range(ranks):
        digits[r] = 0
    size = 0
    for key in range(n_keys):
        if size <= 14:
            mine = lacks[key]
            packed = 0
            for cls in range(CLASSES):  # the classes without a pair, then those with one
                packed |= ((mine >> (4 * cls)) & 15) << (20 * (cls & 1) + 4 * (cls >> 1))
            entries[_index(digits, rank, ranks)].a = packed
            masks = 0
            for cls in range(1, CLASSES):
                mask = 0
                for r in range(ranks):
                    if digits[r] < 4 and ((lacks[key + POW5[r]] >> (4 * cls)) & 15) < ((mine >> (4 * cls)) & 15):
                        mask |= 1 << r
                if cls <= 2:
                    entries[_index(digits, rank, ranks)].a |= mask << (40 + 9 * (cls - 1))
                else:
                    masks |= mask << (9 * (cls - 3))
            entries[_index(digits, rank, ranks)].b = masks
        r = 0
        while r < ranks and digits[r] == 4:
            digits[r] = 0
            size -= 4
            r += 1
        if r < ranks:
            digits[r] += 1
            size += 1
    return 0


cdef inline uint64_t _lowering(const Entry* e, int cls) noexcept nogil:
    """The ranks whose tile lowers class `cls`'s lack (bit r)."""
    if cls <= 2:
        return (e.a >> (40 + 9 * (cls - 1))) & 511
    return (e.b >> (9 * (cls - 3))) & 511


cdef int _ensure_tables() except -1:
    """Build the tables on first use (the GIL held: one builder)."""
    global _suit_table, _honour_table
    if _honour_table != NULL:
        return 0
    _fill_rank(&SUIT_RANK[0][0][0], 9)
    _fill_rank(&HONOUR_RANK[0][0][0], 7)
    cdef uint64_t* lacks = <uint64_t*>malloc(SUIT_KEYS * sizeof(uint64_t))
    cdef Entry* suit = <Entry*>calloc(_vectors(9, 14), sizeof(Entry))
    cdef Entry* honour = <Entry*>calloc(_vectors(7, 14), sizeof(Entry))
    if lacks == NULL or suit == NULL or honour == NULL:
        free(lacks); free(suit); free(honour)
        raise MemoryError()
    try:
        _build(lacks, 9, True)
        _compact(lacks, suit, &SUIT_RANK[0][0][0], 9)
        _build(lacks, 7, False)
        _compact(lacks, honour, &HONOUR_RANK[0][0][0], 7)
    except MemoryError:
        free(lacks); free(suit); free(honour)
        raise
    free(lacks)
    _suit_table = suit
    _honour_table = honour
    return 0


def tables_ready():
    """Whether the tables are built (benchmarks time the first call apart)."""
    return _honour_table != NULL


def suit_replacements(counts, bint honours=False):
    """One part's lacks per class (as the reference's ``suit_replacements``), for tests;
    the part holds at most 14 tiles."""
    _ensure_tables()
    cdef uint8_t c[9]
    cdef int r
    for r in range(len(counts)):
        c[r] = counts[r]
    cdef const Entry* e = _part_entry(3 if honours else 0, c)
    return tuple(int((e.a >> (20 * (cls & 1) + 4 * (cls >> 1))) & 15) for cls in range(CLASSES))
