"""Shanten and useful tiles, compiled: the twin of ``_shanten_reference`` (its docstring
is the contract and the definition).

The tables (``_shanten_tables``, which builds them): for every part (one suit's 9
counts, or the 7 honours) of at most 14 tiles and every class ``m * 2 + p`` (exactly
``m`` sets and ``p`` pairs), the fewest tiles the part lacks to hold that class, and
the ranks whose tile would lower that number, found by a lexicographic rank of the
counts (``_index``, nine small-table reads).

A hand's standard replacement number then merges its four parts' tables (the best
way to deal the sets and the pair among them): a few dozen small additions. Its useful
tiles need no lookup per tile: a tile lowers the total iff it lowers a class that a
best deal gives its part, which the entries' rank masks say.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.object cimport PyObject, Py_SIZE

from mjscore.core._group_codes cimport NO_GROUP, meld_tiles
from mjscore.core._rows_in_place cimport counts_of_sequence, uint8_row
from mjscore.core._slots cimport slot_field, slot_offset
from mjscore.shanten._knitted_replacement cimport KNITTED, c_knitted
from mjscore.shanten._tables cimport CLASSES, Entry, ShantenTables, _index, c_build_shanten_tables
from mjscore.shanten._vectors cimport mj_final, mj_merge, mj_part, mj_prefetch, mj_store, mj_vec


import numpy as np

from mjscore.core.hand import Hand as _PyHand

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    #define mj_ctz64(x) __builtin_ctzll(x)
    #endif
    """
    int ctz64 "mj_ctz64"(uint64_t) noexcept nogil

cdef enum:
    NO_VALUE = 127
    STANDARD = 1
    SEVEN_PAIRS = 2
    THIRTEEN_ORPHANS = 4
    # HandStatus codes (checked against mjscore.core.errors by the tests)
    OK = 0
    BAD_COUNT = 1
    WRONG_SIZE = 2
    BAD_MELD = 4

cdef int ORPHANS[13]
ORPHANS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


# The tables, built on first use (see _shanten_tables); a static of this module, so the
# hot lookups address it directly.
cdef ShantenTables T
T.suit = NULL
T.honour = NULL


cdef int _ensure_tables() except -1:
    """Build the tables on first use (the GIL held: one builder)."""
    if T.honour == NULL:
        c_build_shanten_tables(&T)
    return 0


# --- one hand ------------------------------------------------------------------------------

ctypedef struct Hand:
    const uint8_t* c      # concealed counts (the row itself, or a copy being changed)
    uint8_t in_melds[34]  # tiles in declared melds (all zero when has_melds is false)
    bint has_melds
    const Entry* parts[4] # the three suits' entries and the honours'
    int n_melds
    int size              # concealed tiles
    int sets              # sets the concealed tiles must make
    bint other_forms      # seven pairs, orphans and the knitted hands may apply


cdef inline const Entry* _part_entry(int part, const uint8_t* c) noexcept nogil:
    if part == 3:
        return &T.honour[_index(c, &T.honour_rank[0][0][0], 7)]
    return &T.suit[_index(c, &T.suit_rank[0][0][0], 9)]


cdef inline int _seven_pairs(int pairs, int kinds) noexcept nogil:
    cdef int p = pairs if pairs < 7 else 7
    cdef int singles = kinds - pairs
    return 14 - 2 * p - (singles if singles < 7 - p else 7 - p)


# Byte-lane arithmetic on eight counts at once (each 0-4 once checked): a lane's high
# bit after adding 0x80 - k says "at least k".
cdef uint64_t LANES = 0x0101010101010101ULL
cdef uint64_t HIGH = 0x8080808080808080ULL
# The orphan lanes of the four words of tiles 0-31, a low bit each, as _pair_counts flags
# them (tiles 32 and 33 are orphans too).
cdef uint64_t ORPHAN_LANES[4]
ORPHAN_LANES[:] = [0x01, 0x0101, 0x010100, 0x0101010101010000]


cdef inline uint64_t _word(const uint8_t* p) noexcept nogil:
    cdef uint64_t w
    memcpy(&w, p, 8)
    return w


cdef int _read_row(const uint8_t* counts, const uint8_t* melds, Hand* h) noexcept nogil:
    """Fill ``h``'s counts and melds from a row; the row's status before its size is checked."""
    cdef int t, m, k, n
    cdef int tiles[4]
    cdef uint64_t w, bad = 0, total = 0
    cdef uint32_t no_melds
    h.c = counts
    h.n_melds = 0
    for t in range(4):
        w = _word(counts + 8 * t)
        bad |= (w + (0x80 - 5) * LANES) | w
        total += w
    if bad & HIGH or counts[32] > 4 or counts[33] > 4:
        return BAD_COUNT
    # eight lanes of at most 4 each: the byte sums fit, and the multiply adds them up
    h.size = <int>((total * LANES) >> 56) + counts[32] + counts[33]
    memcpy(&no_melds, melds, 4)
    h.has_melds = no_melds != 0xFFFFFFFFu
    if not h.has_melds:
        return OK
    memset(h.in_melds, 0, 34)
    for m in range(4):
        if melds[m] == NO_GROUP:
            continue
        n = meld_tiles(melds[m], tiles)
        if n == 0:
            return BAD_MELD
        h.n_melds += 1
        for k in range(n):
            h.in_melds[tiles[k]] += 1
    for t in range(34):
        if counts[t] + h.in_melds[t] > 4:
            return BAD_COUNT
    return OK


cdef uint64_t ALL_TILES = (1ULL << 34) - 1


cdef inline uint64_t _kinds_held(const uint8_t* c, uint64_t k) noexcept nogil:
    """The tiles held at least ``k`` times, as a 34-bit mask."""
    cdef uint64_t bits = (<uint64_t>(c[32] >= k) << 32) | (<uint64_t>(c[33] >= k) << 33)
    cdef int t
    for t in range(4):
        # each lane's flag to its low bit, then the multiply gathers the eight into the top byte
        bits |= (((((_word(c + 8 * t) + (0x80 - k) * LANES) & HIGH) >> 7) * 0x0102040810204080ULL) >> 56) << (8 * t)
    return bits


cdef inline void _pair_counts(const Hand* h, int* pairs, int* kinds, int* orphans, int* orphan_pair) noexcept nogil:
    """Kinds held twice, kinds held, orphans held and whether one is held twice. Each
    word's lanes held at least once (twice) are flagged in their low bits and the flags
    summed lane by lane (at most 4 a lane), so one multiply per count adds them all up;
    counted in locals and stored once (a store through an ``int*`` may alias the counts,
    which the compiler would then read again)."""
    cdef const uint8_t* c = h.c
    cdef int t, tail_ones = (c[32] >= 1) + (c[33] >= 1), tail_twos = (c[32] >= 2) + (c[33] >= 2)
    cdef uint64_t w, one, two, ones = 0, twos = 0, orphan_ones = 0, orphan_twos = 0
    for t in range(4):
        w = _word(c + 8 * t)
        one = ((w + (0x80 - 1) * LANES) & HIGH) >> 7
        two = ((w + (0x80 - 2) * LANES) & HIGH) >> 7
        ones += one
        twos += two
        orphan_ones += one & ORPHAN_LANES[t]
        orphan_twos |= two & ORPHAN_LANES[t]
    pairs[0] = <int>((twos * LANES) >> 56) + tail_twos
    kinds[0] = <int>((ones * LANES) >> 56) + tail_ones
    orphans[0] = <int>((orphan_ones * LANES) >> 56) + tail_ones
    orphan_pair[0] = orphan_twos != 0 or tail_twos != 0


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
    cdef mj_vec p[4]
    cdef mj_vec ab, cz
    cdef int part, t, best = NO_VALUE, v, pairs = 0, kinds = 0, orphans = 0, orphan_pair = 0
    if forms & STANDARD:
        for part in range(4):
            p[part] = mj_part(h.parts[part].a)
        ab = mj_merge(p[0], p[1])
        cz = mj_merge(p[2], p[3])
        best = mj_final(ab, cz, h.sets)
    if h.other_forms and forms & (SEVEN_PAIRS | THIRTEEN_ORPHANS):
        _pair_counts(h, &pairs, &kinds, &orphans, &orphan_pair)
        if forms & SEVEN_PAIRS:
            v = _seven_pairs(pairs, kinds)
            best = v if v < best else best
        if forms & THIRTEEN_ORPHANS:
            v = 14 - orphans - orphan_pair
            best = v if v < best else best
    if h.other_forms and forms & KNITTED:
        v = c_knitted(h.c, forms)
        best = v if v < best else best
    return best


cdef inline uint64_t _part_lowering(const Entry* e, mj_vec mine, mj_vec others, int sets,
                                    int best) noexcept nogil:
    """The ranks of a part whose tile lowers the best total: those lowering a class of
    the part that a best deal gives it. Branch-free: which classes a best deal gives a
    part is a coin toss to the branch predictor."""
    cdef int i
    cdef uint64_t ranks = 0, without_pair, with_pair
    cdef uint8_t x[16]
    cdef uint8_t y[16]
    mj_store(mine, x)
    mj_store(others, y)
    for i in range(sets + 1):
        without_pair = 0 if i == 0 else (e.a >> 49) if i == 1 else (e.b >> (9 * (i * 2 - 3)))
        with_pair = (e.a >> (40 + 9 * (i * 2))) if i == 0 else (e.b >> (9 * (i * 2 - 2)))
        ranks |= without_pair & 511 & -<uint64_t>(i > 0 and x[i] + y[8 + sets - i] == best)
        ranks |= with_pair & 511 & -<uint64_t>(x[8 + i] + y[sets - i] == best)
    return ranks


cdef inline int _is_orphan(int t) noexcept nogil:
    return t >= 27 or t % 9 == 0 or t % 9 == 8


cdef int _useful(const Hand* h, int forms, const uint8_t* held, const uint8_t* visible, uint64_t* mask,
                 uint8_t* copies, int* remaining) noexcept nogil:
    """A ``3k + 1`` hand's replacement number, useful tiles (``mask``) and copies left
    (per tile into ``copies`` unless NULL; in all into ``remaining``): 4 less the
    copies ``held`` (the row as given: before a discard), melded and ``visible``.

    A draw lowers the minimum over the forms iff it lowers a form at the minimum (one
    tile lowers a form by at most one); the standard form's tiles come from the parts'
    lowering masks, at the classes a best deal gives each part.
    """
    cdef mj_vec p[4]
    cdef mj_vec ab, cz
    cdef int part, t, rn, std = NO_VALUE, seven = NO_VALUE, thirteen = NO_VALUE, knitted = NO_VALUE, left
    cdef int pairs = 0, kinds = 0, orphans = 0, orphan_pair = 0
    cdef uint64_t bits = 0, rest
    cdef uint8_t drawn[34]
    if forms & STANDARD:
        for part in range(4):
            p[part] = mj_part(h.parts[part].a)
        ab = mj_merge(p[0], p[1])
        cz = mj_merge(p[2], p[3])
        std = mj_final(ab, cz, h.sets)
    if h.other_forms and forms & (SEVEN_PAIRS | THIRTEEN_ORPHANS):
        _pair_counts(h, &pairs, &kinds, &orphans, &orphan_pair)
        if forms & SEVEN_PAIRS:
            seven = _seven_pairs(pairs, kinds)
        if forms & THIRTEEN_ORPHANS:
            thirteen = 14 - orphans - orphan_pair
    if h.other_forms and forms & KNITTED:
        knitted = c_knitted(h.c, forms)
    rn = min(min(std, knitted), min(seven, thirteen))
    mask[0] = 0
    remaining[0] = 0
    if copies != NULL:
        memset(copies, 0, 34)
    if rn == NO_VALUE:
        return rn
    if std == rn:
        bits |= _part_lowering(h.parts[0], p[0], mj_merge(p[1], cz), h.sets, std)
        bits |= _part_lowering(h.parts[1], p[1], mj_merge(p[0], cz), h.sets, std) << 9
        bits |= _part_lowering(h.parts[2], p[2], mj_merge(ab, p[3]), h.sets, std) << 18
        bits |= _part_lowering(h.parts[3], p[3], mj_merge(ab, p[2]), h.sets, std) << 27
    if seven == rn:
        # a single becomes a pair; a new kind helps while fewer than seven are held
        bits |= _kinds_held(h.c, 1) & ~_kinds_held(h.c, 2)
        if kinds < 7:
            bits |= ~_kinds_held(h.c, 1) & ALL_TILES
    if knitted == rn:  # rare (asked for by name): try each suit tile
        memcpy(drawn, h.c, 34)
        for t in range(27):
            if drawn[t] < 4:
                drawn[t] += 1
                if c_knitted(drawn, forms) < rn:
                    bits |= (<uint64_t>1) << t
                drawn[t] -= 1
    if thirteen == rn:
        for t in range(13):
            if h.c[ORPHANS[t]] == 0 or (h.c[ORPHANS[t]] == 1 and not orphan_pair):
                bits |= (<uint64_t>1) << ORPHANS[t]
    if h.has_melds:
        for t in range(34):
            if h.c[t] + h.in_melds[t] >= 4:
                bits &= ~((<uint64_t>1) << t)  # no copy left to draw
    rest = bits
    while rest:
        t = ctz64(rest)
        rest &= rest - 1
        left = 4 - held[t] - visible[t] - (h.in_melds[t] if h.has_melds else 0)
        left = left if left > 0 else 0
        remaining[0] += left
        if copies != NULL:
            copies[t] = left
    mask[0] = bits
    return rn


# --- for other compiled modules (declared in _kernel.pxd) -----------------------------------

cdef uint8_t NOTHING_SEEN[34]
memset(NOTHING_SEEN, 0, 34)


cdef int c_ensure_tables() except -1:
    """Build the tables if they are not yet (the GIL held): before any call below."""
    return _ensure_tables()


cdef int c_standard_distance(const uint8_t* counts, const uint8_t* melds) noexcept nogil:
    """A row's standard replacement number (its shanten plus one: the tiles it lacks to
    hold four sets and a pair), or ``-status`` for a bad row."""
    cdef Hand h
    cdef int code = _prepare(counts, melds, &h, 0)
    if code != OK:
        return -code
    return _replacement(&h, STANDARD)


cdef int c_standard_discards(const uint8_t* counts, const uint8_t* melds, int* out) noexcept nogil:
    """A ``3k + 2`` row's standard replacement number after each discard (``out[t]`` for
    each tile ``t`` held; the others are left as they are); 0, or ``-status`` for a bad
    row. A discard changes one part: the other three parts' merge is shared."""
    cdef Hand h
    cdef mj_vec p[4]
    cdef mj_vec mine, ab, cz
    cdef uint8_t work[34]
    cdef int part, t, base, width
    cdef int code = _prepare(counts, melds, &h, 2)
    if code != OK:
        return -code
    memcpy(work, counts, 34)
    h.sets = (h.size - 1) // 3
    for part in range(4):
        p[part] = mj_part(h.parts[part].a)
    ab = mj_merge(p[0], p[1])
    cz = mj_merge(p[2], p[3])
    for part in range(4):
        base = 9 * part
        width = 7 if part == 3 else 9
        for t in range(base, base + width):
            if not work[t]:
                continue
            work[t] -= 1
            mine = mj_part(_part_entry(part, &work[base]).a)
            work[t] += 1
            if part == 0:
                out[t] = mj_final(mj_merge(mine, p[1]), cz, h.sets)
            elif part == 1:
                out[t] = mj_final(mj_merge(p[0], mine), cz, h.sets)
            elif part == 2:
                out[t] = mj_final(ab, mj_merge(mine, p[3]), h.sets)
            else:
                out[t] = mj_final(ab, mj_merge(p[2], mine), h.sets)
    return 0


cdef int c_standard_useful(const uint8_t* counts, const uint8_t* melds, uint64_t* mask) noexcept nogil:
    """A ``3k + 1`` row's standard replacement number and the tiles (``mask``, bit ``t``)
    a draw of which lowers it, or ``-status`` for a bad row. Every copy not in the row or
    its melds counts as left to draw."""
    cdef Hand h
    cdef int remaining
    cdef int code = _prepare(counts, melds, &h, 1)
    if code != OK:
        return -code
    return _useful(&h, STANDARD, counts, NOTHING_SEEN, mask, NULL, &remaining)


def tables_ready():
    """Whether the tables are built (benchmarks time the first call apart)."""
    return T.honour != NULL


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


# --- bulk ----------------------------------------------------------------------------------

cdef inline int _prepare(const uint8_t* counts, const uint8_t* melds, Hand* h, int residue) noexcept nogil:
    """Read a row and find its table entries, asking the memory for them early: the bulk
    loops prepare the next row before working out this one, so the loads overlap."""
    cdef int code = _read_row(counts, melds, h), part
    if code == OK:
        code = _check_size(h, residue)
        if code == OK:
            for part in range(4):
                mj_prefetch(h.parts[part])
    return code


def shanten_many(const uint8_t[:, ::1] counts, const uint8_t[:, ::1] melds, int forms,
                 int8_t[::1] out, uint8_t[::1] status):
    """Per row: the shanten (minimum over ``forms``) and the row's status."""
    _ensure_tables()
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand hands[2]
    cdef int codes[2]
    cdef int code, rn
    # counts (n, 34), melds (n, 4), out and status (n): shapes checked by the caller
    with nogil:
        if n:
            codes[0] = _prepare(&counts[0, 0], &melds[0, 0], &hands[0], 0)
        for i in range(n):
            if i + 1 < n:
                codes[(i + 1) & 1] = _prepare(&counts[i + 1, 0], &melds[i + 1, 0], &hands[(i + 1) & 1], 0)
            code = codes[i & 1]
            rn = _replacement(&hands[i & 1], forms) if code == OK else NO_VALUE
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
    cdef Hand hands[2]
    cdef int codes[2]
    cdef int code, rn, remaining
    # counts (n, 34), melds (n, 4), visible (1 or n, 34), outputs (n[, 34]): checked by the caller
    with nogil:
        if n:
            codes[0] = _prepare(&counts[0, 0], &melds[0, 0], &hands[0], 1)
        for i in range(n):
            if i + 1 < n:
                codes[(i + 1) & 1] = _prepare(&counts[i + 1, 0], &melds[i + 1, 0], &hands[(i + 1) & 1], 1)
            code = codes[i & 1]
            shanten[i] = NO_VALUE
            mask[i] = 0
            if code == OK:
                rn = _useful(&hands[i & 1], forms, hands[i & 1].c, &visible[0 if shared else i, 0], &mask[i],
                             &copies[i, 0], &remaining)
                if rn == NO_VALUE:
                    code = WRONG_SIZE
                else:
                    shanten[i] = rn - 1
            else:
                memset(&copies[i, 0], 0, 34)
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
    cdef const uint8_t* held
    cdef uint8_t work[34]
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
                held = h.c
                memcpy(work, h.c, 34)
                h.c = work
                h.size -= 1
                h.sets = h.size // 3
                for d in range(34):
                    if not work[d]:
                        continue
                    part = d // 9 if d < 27 else 3
                    kept = h.parts[part]
                    work[d] -= 1
                    h.parts[part] = _part_entry(part, &work[9 * part])
                    rn = _useful(&h, forms, held, &visible[0 if shared else i, 0], &mask[i, d], NULL, &left)
                    work[d] += 1
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
    if T.honour == NULL:
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
    if PyBytes_GET_SIZE(melds) != 4 or not counts_of_sequence(counts, c, 4):
        return -200
    if T.honour == NULL:
        _ensure_tables()
    return _shanten_row(c, <const uint8_t*>PyBytes_AS_STRING(melds), forms)


cdef object _NDARRAY = np.ndarray
cdef object _HAND = _PyHand  # a C global: a module global is looked up in a dict on every call
cdef object _UINT8 = np.dtype(np.uint8)  # the dtype of every array NumPy makes of uint8
cdef uint8_t NO_MELD_ROW[4]
NO_MELD_ROW[:] = [NO_GROUP, NO_GROUP, NO_GROUP, NO_GROUP]


# A Hand's fields read from their slots: three attribute look-ups cost as much as
# counting the shanten. Only an exact Hand is read so (its layout is its class's).
cdef Py_ssize_t _CONCEALED = slot_offset(_HAND, "concealed")
cdef Py_ssize_t _MELDS = slot_offset(_HAND, "melds")
cdef Py_ssize_t _JOKERS = slot_offset(_HAND, "jokers")


cdef int _call(object hand, int forms) except -300:
    """``shanten_call``'s answer: the shanten, ``-100 - status`` for a bad row, or -200
    (``NOT_READ``) for a hand not read in place."""
    cdef uint8_t local[34]
    cdef const uint8_t* c = uint8_row(hand, 34, _NDARRAY, _UINT8)
    cdef PyObject* melds
    cdef PyObject* concealed
    if T.honour == NULL:
        _ensure_tables()
    if c == NULL:
        if type(hand) is _HAND:
            melds, concealed = slot_field(hand, _MELDS), slot_field(hand, _CONCEALED)
            if (melds == NULL or concealed == NULL or type(<object>melds) is not tuple
                    or Py_SIZE(<object>melds) or <object>slot_field(hand, _JOKERS) is not 0):
                return -200
            hand = <object>concealed
        if not counts_of_sequence(hand, local, 4):
            return -200
        c = local
    return _shanten_row(c, NO_MELD_ROW, forms)


def shanten_call(object hand, int forms):
    """``mjscore.shanten``'s common call read in place; see ``_reference.shanten_call``."""
    return _call(hand, forms)


def shanten_function(object careful, object default_forms):
    """``mjscore.shanten`` as one compiled call: with ``forms`` left at ``default_forms``
    (the same object), the common hands of ``shanten_call`` are counted here; any other
    call, and any hand refused, goes to ``careful`` (the Python definition, which reads
    it the careful way and raises its errors)."""
    cdef int bits = int(default_forms)

    def shanten(hand, forms=default_forms):
        cdef int result
        if forms is default_forms:
            result = _call(hand, bits)
            if result >= -1:
                return result
        return careful(hand, forms)

    return shanten
