# cython: freethreading_compatible = False
"""Shanten and useful tiles, compiled: the twin of ``_shanten_reference`` (its docstring
is the contract and the definition).

The tables: for every part (one suit's 9 counts, or the 7 honours) of at most 14
tiles and every class ``m * 2 + p`` (exactly ``m`` sets and ``p`` pairs), the fewest
tiles the part lacks to hold that class, and the ranks whose tile would lower that
number: 16 bytes an entry, 405,350 suit entries (6.5 MB) and 43,130 honour entries,
found by a lexicographic rank of the counts (``_index``, nine small-table reads). They
are built once, on first use, with the GIL held (so two threads cannot race to build
them), from a scratch table over all 5**9 suit keys filled in two passes, no search
per key:

1. ``holds[key]``: the classes some sub-multiset of the key completes. A complete
   arrangement marks its own key; then, in increasing key order (removing a tile
   lowers the key), a key holds what any key one tile smaller holds.
2. ``lacks[key][cls]``: 0 if the key holds the class, else one more than the best
   key one tile larger (in decreasing key order). One tile more lowers the count by
   at most one, and some tile of a nearest arrangement lowers it by exactly one.

A hand's standard replacement number then merges its four parts' tables (the best
way to deal the sets and the pair among them): a few dozen small additions. Its useful
tiles need no lookup per tile: a tile lowers the total iff it lowers a class that a
best deal gives its part, which the entries' rank masks say.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*) except? -1

cdef enum:
    SUIT_KEYS = 1953125       # 5 ** 9
    HONOUR_KEYS = 78125       # 5 ** 7
    CLASSES = 10
    NO_VALUE = 127
    STANDARD = 1
    SEVEN_PAIRS = 2
    THIRTEEN_ORPHANS = 4
    NO_MELD = 0xFF
    # HandStatus codes (checked against mjscore.errors by the tests)
    OK = 0
    BAD_COUNT = 1
    WRONG_SIZE = 2
    BAD_MELD = 4

cdef int POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]
cdef int ORPHANS[13]
ORPHANS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


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
    # lacks: ten nibbles, per class; then the ranks whose tile lowers the lack of
    # classes 1 and 2 (9 bits each; class 0 needs nothing and is never lowered)
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
    cdef uint64_t mine, mask, masks
    for r in range(ranks):
        digits[r] = 0
    size = 0
    for key in range(n_keys):
        if size <= 14:
            mine = lacks[key]
            entries[_index(digits, rank, ranks)].a = mine & 0xFFFFFFFFFF
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
    return tuple(int((e.a >> (4 * cls)) & 15) for cls in range(CLASSES))


# --- one hand ------------------------------------------------------------------------------

ctypedef struct Hand:
    uint8_t c[34]         # concealed counts
    uint8_t in_melds[34]  # tiles in declared melds
    const Entry* parts[4] # the three suits' entries and the honours'
    int n_melds
    int size              # concealed tiles
    int sets              # sets the concealed tiles must make
    bint other_forms      # seven pairs and orphans may apply


cdef inline const Entry* _part_entry(int part, const uint8_t* c) noexcept nogil:
    if part == 3:
        return &_honour_table[_index(c, &HONOUR_RANK[0][0][0], 7)]
    return &_suit_table[_index(c, &SUIT_RANK[0][0][0], 9)]


cdef inline void _unpack(const Entry* e, uint8_t* a) noexcept nogil:
    cdef int cls
    cdef uint64_t packed = e.a
    for cls in range(CLASSES):
        a[cls] = (packed >> (4 * cls)) & 15


cdef inline void _merge(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    """Two parts as one: per class, the best deal of its sets and pair between them. All
    ten classes, whatever the hand needs: constant bounds let the compiler unroll it."""
    cdef int m, i, best0, best1, v
    for m in range(5):
        best0 = 255
        best1 = 255
        for i in range(m + 1):
            v = a[i * 2] + b[(m - i) * 2]
            best0 = v if v < best0 else best0
            v = a[i * 2] + b[(m - i) * 2 + 1]
            best1 = v if v < best1 else best1
            v = a[i * 2 + 1] + b[(m - i) * 2]
            best1 = v if v < best1 else best1
        out[m * 2] = best0
        out[m * 2 + 1] = best1


cdef inline int _final(const uint8_t* a, const uint8_t* b, int sets) noexcept nogil:
    """The best total of ``sets`` sets and one pair dealt between two merged halves."""
    cdef int i, j, best = 255, v
    for i in range(sets + 1):
        v = a[i * 2] + b[(sets - i) * 2 + 1]
        best = v if v < best else best
        v = a[i * 2 + 1] + b[(sets - i) * 2]
        best = v if v < best else best
    return best


cdef inline int _seven_pairs(int pairs, int kinds) noexcept nogil:
    cdef int p = pairs if pairs < 7 else 7
    cdef int singles = kinds - pairs
    return 14 - 2 * p - (singles if singles < 7 - p else 7 - p)


cdef int _read_row(const uint8_t* counts, const uint8_t* melds, Hand* h) noexcept nogil:
    """Fill ``h``'s counts and melds from a row; the row's status before its size is checked."""
    cdef int t, m, kind, tile, status = OK
    h.n_melds = 0
    h.size = 0
    for t in range(34):
        h.c[t] = counts[t]
        h.in_melds[t] = 0
        h.size += counts[t]
        if counts[t] > 4:
            status = BAD_COUNT
    for m in range(4):
        if melds[m] == NO_MELD:
            continue
        kind, tile = melds[m] >> 6, melds[m] & 63
        if tile >= 34 or (kind == 0 and (tile >= 27 or tile % 9 > 6)):
            return BAD_MELD
        h.n_melds += 1
        if kind == 0:
            h.in_melds[tile] += 1; h.in_melds[tile + 1] += 1; h.in_melds[tile + 2] += 1
        else:
            h.in_melds[tile] += 3 if kind == 1 else 4
    if status == OK:
        for t in range(34):
            if h.c[t] + h.in_melds[t] > 4:
                return BAD_COUNT
    return status


cdef inline int _check_size(Hand* h, int residue) noexcept nogil:
    """The row's status for its size (``residue``: the tiles mod 3 accepted, 0 for 1 or 2);
    when OK, its sets and table entries are filled in."""
    cdef int total = h.size + 3 * h.n_melds, part
    if (h.n_melds and total != 13 and total != 14) or total > 14 or total % 3 == 0:
        return WRONG_SIZE
    if residue and total % 3 != residue:
        return WRONG_SIZE
    h.sets = h.size // 3
    h.other_forms = h.n_melds == 0 and h.size >= 13
    for part in range(4):
        h.parts[part] = _part_entry(part, &h.c[9 * part])
    return OK


cdef int _replacement(const Hand* h, int forms) noexcept nogil:
    """The replacement number (minimum over ``forms``), NO_VALUE when none applies."""
    cdef uint8_t p[4][CLASSES]
    cdef uint8_t ab[CLASSES]
    cdef uint8_t cz[CLASSES]
    cdef int part, t, best = NO_VALUE, v, pairs = 0, kinds = 0, orphans = 0, orphan_pair = 0
    if forms & STANDARD:
        for part in range(4):
            _unpack(h.parts[part], p[part])
        _merge(p[0], p[1], ab)
        _merge(p[2], p[3], cz)
        best = _final(ab, cz, h.sets)
    if h.other_forms and forms & SEVEN_PAIRS:
        for t in range(34):
            pairs += h.c[t] >= 2
            kinds += h.c[t] >= 1
        v = _seven_pairs(pairs, kinds)
        if v < best:
            best = v
    if h.other_forms and forms & THIRTEEN_ORPHANS:
        for t in range(13):
            orphans += h.c[ORPHANS[t]] >= 1
            orphan_pair |= h.c[ORPHANS[t]] >= 2
        v = 14 - orphans - orphan_pair
        if v < best:
            best = v
    return best


cdef inline uint64_t _part_lowering(const Entry* e, const uint8_t* mine, const uint8_t* others, int sets,
                                    int best) noexcept nogil:
    """The ranks of a part whose tile lowers the best total: those lowering a class of
    the part that a best deal gives it."""
    cdef int i, j
    cdef uint64_t ranks = 0
    for i in range(sets + 1):
        for j in range(2):
            if i + j and mine[i * 2 + j] + others[(sets - i) * 2 + 1 - j] == best:
                ranks |= _lowering(e, i * 2 + j)
    return ranks


cdef inline int _is_orphan(int t) noexcept nogil:
    return t >= 27 or t % 9 == 0 or t % 9 == 8


cdef int _useful(const Hand* h, int forms, const uint8_t* seen, uint64_t* mask, uint8_t* copies,
                 int* remaining) noexcept nogil:
    """A ``3k + 1`` hand's replacement number, useful tiles (``mask``) and copies left
    (per tile into ``copies`` unless NULL; in all into ``remaining``).

    A draw lowers the minimum over the forms iff it lowers a form at the minimum (one
    tile lowers a form by at most one); the standard form's tiles come from the parts'
    lowering masks, at the classes a best deal gives each part.
    """
    cdef uint8_t p[4][CLASSES]
    cdef uint8_t ab[CLASSES]
    cdef uint8_t cz[CLASSES]
    cdef uint8_t others[CLASSES]
    cdef int part, t, rn, std = NO_VALUE, seven = NO_VALUE, thirteen = NO_VALUE, left
    cdef int pairs = 0, kinds = 0, orphans = 0, orphan_pair = 0
    cdef uint64_t bits = 0
    if forms & STANDARD:
        for part in range(4):
            _unpack(h.parts[part], p[part])
        _merge(p[0], p[1], ab)
        _merge(p[2], p[3], cz)
        std = _final(ab, cz, h.sets)
    if h.other_forms and forms & SEVEN_PAIRS:
        for t in range(34):
            pairs += h.c[t] >= 2
            kinds += h.c[t] >= 1
        seven = _seven_pairs(pairs, kinds)
    if h.other_forms and forms & THIRTEEN_ORPHANS:
        for t in range(13):
            orphans += h.c[ORPHANS[t]] >= 1
            orphan_pair |= h.c[ORPHANS[t]] >= 2
        thirteen = 14 - orphans - orphan_pair
    rn = min(std, min(seven, thirteen))
    mask[0] = 0
    remaining[0] = 0
    if rn == NO_VALUE:
        return rn
    if std == rn:
        _merge(p[1], cz, others)
        bits |= _part_lowering(h.parts[0], p[0], others, h.sets, std)
        _merge(p[0], cz, others)
        bits |= _part_lowering(h.parts[1], p[1], others, h.sets, std) << 9
        _merge(ab, p[3], others)
        bits |= _part_lowering(h.parts[2], p[2], others, h.sets, std) << 18
        _merge(ab, p[2], others)
        bits |= _part_lowering(h.parts[3], p[3], others, h.sets, std) << 27
    if seven == rn:
        for t in range(34):
            if _seven_pairs(pairs + (h.c[t] == 1), kinds + (h.c[t] == 0)) < seven:
                bits |= (<uint64_t>1) << t
    if thirteen == rn:
        for t in range(13):
            if h.c[ORPHANS[t]] == 0 or (h.c[ORPHANS[t]] == 1 and not orphan_pair):
                bits |= (<uint64_t>1) << ORPHANS[t]
    for t in range(34):
        if copies != NULL:
            copies[t] = 0
        if bits >> t & 1:
            if h.c[t] + h.in_melds[t] >= 4:
                bits &= ~((<uint64_t>1) << t)  # no copy left to draw
                continue
            left = 4 - seen[t] if seen[t] < 4 else 0
            remaining[0] += left
            if copies != NULL:
                copies[t] = left
    mask[0] = bits
    return rn


cdef inline void _seen(const Hand* h, const uint8_t* visible, uint8_t* seen) noexcept nogil:
    cdef int t
    for t in range(34):
        seen[t] = h.c[t] + h.in_melds[t] + visible[t]


# --- bulk ----------------------------------------------------------------------------------

def shanten_many(const uint8_t[:, ::1] counts, const uint8_t[:, ::1] melds, int forms,
                 int8_t[::1] out, uint8_t[::1] status):
    """Per row: the shanten (minimum over ``forms``) and the row's status."""
    _ensure_tables()
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand h
    cdef int code, rn
    # counts (n, 34), melds (n, 4), out and status (n): shapes checked by the caller
    with nogil:
        for i in range(n):
            code = _read_row(&counts[i, 0], &melds[i, 0], &h)
            if code == OK:
                code = _check_size(&h, 0)
            rn = _replacement(&h, forms) if code == OK else NO_VALUE
            if code == OK and rn == NO_VALUE:
                code = WRONG_SIZE
            status[i] = code
            out[i] = rn - 1 if code == OK else NO_VALUE


def useful_many(const uint8_t[:, ::1] counts, const uint8_t[:, ::1] melds, const uint8_t[:, ::1] visible,
                int forms, int8_t[::1] shanten, uint64_t[::1] mask, uint8_t[:, ::1] copies,
                uint8_t[::1] status):
    """Per ``3k + 1`` row: shanten, useful-tile mask and copies left per tile."""
    _ensure_tables()
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef bint shared = visible.shape[0] == 1
    cdef Hand h
    cdef int code, rn, remaining, t
    cdef uint8_t seen[34]
    # counts (n, 34), melds (n, 4), visible (1 or n, 34), outputs (n[, 34]): checked by the caller
    with nogil:
        for i in range(n):
            code = _read_row(&counts[i, 0], &melds[i, 0], &h)
            if code == OK:
                code = _check_size(&h, 1)
            shanten[i] = NO_VALUE
            mask[i] = 0
            for t in range(34):
                copies[i, t] = 0
            if code == OK:
                _seen(&h, &visible[0 if shared else i, 0], seen)
                rn = _useful(&h, forms, seen, &mask[i], &copies[i, 0], &remaining)
                if rn == NO_VALUE:
                    code = WRONG_SIZE
                else:
                    shanten[i] = rn - 1
            status[i] = code


def discards_many(const uint8_t[:, ::1] counts, const uint8_t[:, ::1] melds, const uint8_t[:, ::1] visible,
                  int forms, int8_t[:, ::1] shanten, uint64_t[:, ::1] mask, int16_t[:, ::1] remaining,
                  uint8_t[::1] status):
    """Per ``3k + 2`` row and discard (a column): shanten after it, useful tiles, copies left."""
    _ensure_tables()
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef bint shared = visible.shape[0] == 1
    cdef Hand h
    cdef int code, rn, left, d, part
    cdef const Entry* kept
    cdef uint8_t seen[34]
    # as useful_many, outputs (n, 34)
    with nogil:
        for i in range(n):
            code = _read_row(&counts[i, 0], &melds[i, 0], &h)
            if code == OK:
                code = _check_size(&h, 2)
            for d in range(34):
                shanten[i, d] = NO_VALUE
                mask[i, d] = 0
                remaining[i, d] = 0
            if code == OK:
                _seen(&h, &visible[0 if shared else i, 0], seen)
                h.size -= 1
                h.sets = h.size // 3
                for d in range(34):
                    if not h.c[d]:
                        continue
                    part = d // 9 if d < 27 else 3
                    kept = h.parts[part]
                    h.c[d] -= 1
                    h.parts[part] = _part_entry(part, &h.c[9 * part])
                    rn = _useful(&h, forms, seen, &mask[i, d], NULL, &left)
                    h.c[d] += 1
                    h.parts[part] = kept
                    if rn == NO_VALUE:
                        code = WRONG_SIZE
                        break
                    shanten[i, d] = rn - 1
                    remaining[i, d] = left
                if code != OK:
                    for d in range(34):
                        shanten[i, d] = NO_VALUE
                        mask[i, d] = 0
                        remaining[i, d] = 0
            status[i] = code


# --- one hand, at call speed -----------------------------------------------------------------

cdef int _shanten_row(const uint8_t* counts, const uint8_t* melds, int forms) noexcept nogil:
    cdef Hand h
    cdef int code = _read_row(counts, melds, &h)
    if code == OK:
        code = _check_size(&h, 0)
    if code != OK:
        return -100 - code
    cdef int rn = _replacement(&h, forms)
    return rn - 1 if rn != NO_VALUE else -100 - WRONG_SIZE


def shanten_one(bytes counts, bytes melds, int forms):
    """One row's shanten from 34 count bytes and 4 meld bytes, or ``-100 - status`` for a
    bad row (the caller raises): no arrays, so a single call costs little more than the work."""
    if _honour_table == NULL:
        _ensure_tables()
    if PyBytes_GET_SIZE(counts) != 34 or PyBytes_GET_SIZE(melds) != 4:
        return -100 - WRONG_SIZE
    return _shanten_row(<const uint8_t*>PyBytes_AS_STRING(counts), <const uint8_t*>PyBytes_AS_STRING(melds),
                        forms)


def shanten_seq(object counts, bytes melds, int forms):
    """As ``shanten_one``, from a list or tuple of 34 ints (a Hand's ``concealed``) read in
    place; ``NOT_READ`` (-200) for anything else or a count outside 0-4, which the
    caller then reads the careful way (and reports)."""
    cdef uint8_t c[34]
    cdef Py_ssize_t t
    cdef object item
    cdef long v
    cdef int overflow
    if (type(counts) is not list and type(counts) is not tuple) or len(counts) != 34 \
            or PyBytes_GET_SIZE(melds) != 4:
        return -200
    if _honour_table == NULL:
        _ensure_tables()
    for t in range(34):
        item = counts[t]
        if type(item) is not int:
            return -200
        v = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or v < 0 or v > 4:
            return -200
        c[t] = <uint8_t>v
    return _shanten_row(c, <const uint8_t*>PyBytes_AS_STRING(melds), forms)
