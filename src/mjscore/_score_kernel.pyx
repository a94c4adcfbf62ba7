"""Bulk scoring, compiled: the contract of ``_score_reference`` (read its docstring).

Each row is read every way the reference reads it (``mjscore.readings``), in the
same order, and each reading is folded through the rule set's flat tables
(``mjscore.rules.model.Tables``), all in C with the GIL released. The fact bits
come from ``mjscore.facts`` at import, so the two twins cannot drift apart on them.
"""

from libc.stdint cimport INT64_MAX, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjscore._kernel cimport c_decompose, c_other_wait, c_waits
from mjscore._pattern_kernel cimport (FORM_PAIRS, FORM_PAIRS_KONGS, FORM_STANDARD, MAX_CANDIDATES,
                                      MAX_FIXED, MAX_HANDS_MATCHED, CompiledPatterns, Patterns,
                                      c_add_hand, c_candidates, c_conditions, c_fits, c_fixed,
                                      c_may_fill, c_row_conditions, compiled_patterns,
                                      mj_at_least34, mj_popcount64)

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int mj_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    #include <string.h>
    /* Byte-parallel helpers over a 34-count vector, eight counts per 64-bit word
       (little-endian layout assumed; big-endian builds take the plain loops). */
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define MJ_WORDWISE 0
    #else
    #define MJ_WORDWISE 1
    #endif
    static inline unsigned long long mj_word(const unsigned char *p) {
        unsigned long long x; memcpy(&x, p, 8); return x;
    }
    /* Any count above 4 (bit-twiddling "hasmore(x, 4)"). */
    static inline int mj_any_above4(const unsigned char *c) {
        int t;
        if (MJ_WORDWISE) {
            const unsigned long long ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
            unsigned long long bad = 0;
            for (t = 0; t < 32; t += 8) { unsigned long long x = mj_word(c + t); bad |= ((x + ones * 123) | x) & high; }
            return bad != 0 || c[32] > 4 || c[33] > 4;
        }
        for (t = 0; t < 34; t++) if (c[t] > 4) return 1;
        return 0;
    }
    /* Sum of counts that are each at most 4. */
    static inline int mj_sum34(const unsigned char *c) {
        int t, total = c[32] + c[33];
        if (MJ_WORDWISE) {
            for (t = 0; t < 32; t += 8) total += (int)((mj_word(c + t) * 0x0101010101010101ULL) >> 56);
            return total;
        }
        for (t = 0; t < 32; t++) total += c[t];
        return total;
    }
    /* Bit t set when count t is not zero (counts below 16). */
    static inline unsigned long long mj_presence34(const unsigned char *c) {
        int t;
        unsigned long long mask = ((unsigned long long)(c[32] != 0) << 32) | ((unsigned long long)(c[33] != 0) << 33);
        if (MJ_WORDWISE) {
            for (t = 0; t < 32; t += 8) {
                unsigned long long x = mj_word(c + t);
                x = (x | x >> 1 | x >> 2 | x >> 3) & 0x0101010101010101ULL;
                mask |= ((x * 0x0102040810204080ULL) >> 56) << t;
            }
            return mask;
        }
        for (t = 0; t < 32; t++) mask |= (unsigned long long)(c[t] != 0) << t;
        return mask;
    }
    """
    int mj_ctz64(uint64_t x) noexcept nogil  # x != 0
    bint mj_any_above4(const uint8_t* c) noexcept nogil
    int mj_sum34(const uint8_t* c) noexcept nogil  # each count at most 4
    uint64_t mj_presence34(const uint8_t* c) noexcept nogil  # counts below 16

from .context import Flag
from .errors import HandStatus
from .facts import FACT_BITS, ROW_FACTS, Atom, Kind, fact_mask

cdef enum:
    SHAPE_STANDARD = 0   # readings.SHAPE_CODES
    SHAPE_PAIRS = 1
    SHAPE_SPECIAL = 2
    SHAPE_LOSING = 3
    MAX_DECOMPOSITIONS = 64
    NO_MELD = 0xFF
    ANY_TILE = 255
    NO_TILE = 254

ctypedef struct Tables:
    const int32_t* set_points     # [kind][concealed][atom], 4 x 2 x 7
    const int32_t* set_doubles
    const uint64_t* when
    const uint64_t* unless
    const uint8_t* item_tile
    const int32_t* points
    const int32_t* doubles
    const uint64_t* excludes
    const uint8_t* late
    const uint8_t* base
    int n_items
    int64_t limit
    int shapes
    int losers
    int stack              # special-hands = "stack": every special hand made scores
    int required           # special-required: only readings making a special hand win
    const Patterns* pat
    int max_chows          # 4 when the rule set sets no limit
    uint64_t used          # every fact some item names: the others need not be computed
    uint64_t late_items    # items that need the no-points fact
    int any_excludes
    # Item matching by table lookup, one table per byte of the fact word: the items
    # whose `when` facts within that byte are all present and whose `unless` facts
    # within it are all absent. AND over the 8 bytes gives the matching items.
    uint64_t allowed[8][256]
    uint64_t tile_allowed[256]   # items whose win-tile condition holds for this tile

ctypedef struct Group:
    int kind          # facts.Kind
    int tile          # first tile
    int concealed
    int atom          # facts.Atom

ctypedef struct Best:
    int64_t total
    int special
    int found
    int64_t points
    int64_t doubles
    uint64_t applied
    # the reading being folded (set by the caller) and the best one's
    int reading[4]        # win tile, shape (readings.SHAPE_CODES), decomposition, group
    int best_reading[4]
    int n_matched         # the special hands the best reading made
    int16_t matched[MAX_HANDS_MATCHED]


cdef uint64_t _bit(str name):
    return (<uint64_t>1) << FACT_BITS[name]

# Fact bits, looked up once from the vocabulary.
cdef uint64_t F_WINNER = _bit("winner"), F_SELF_DRAWN = _bit("self-drawn"), F_DISCARD = _bit("discard")
cdef uint64_t F_REPLACEMENT = _bit("replacement"), F_KONG_REPLACEMENT = _bit("kong-replacement")
cdef uint64_t F_BONUS_REPLACEMENT = _bit("bonus-replacement"), F_KONG_ON_KONG = _bit("kong-on-kong")
cdef uint64_t F_ROBBING = _bit("robbing-kong"), F_LAST_TILE = _bit("last-tile")
cdef uint64_t F_LAST_DISCARD = _bit("last-discard"), F_HEAVEN = _bit("heaven"), F_EARTH = _bit("earth")
cdef uint64_t F_DECLARED = _bit("declared-calling"), F_DEALER = _bit("dealer")
cdef uint64_t F_ONE_CHANCE = _bit("one-chance"), F_SINGLE_WAIT = _bit("single-wait")
cdef uint64_t F_PUNG_WAIT = _bit("pung-wait"), F_NO_SET_POINTS = _bit("no-set-points")
cdef uint64_t F_CONCEALED_HAND = _bit("concealed-hand"), F_STANDARD = _bit("standard")
cdef uint64_t F_NO_CHOWS = _bit("no-chows"), F_ONE_CHOW = _bit("one-chow"), F_NO_KONGS = _bit("no-kongs")
cdef uint64_t F_FOUR_KONGS = _bit("four-kongs"), F_FOUR_TRIPLETS = _bit("four-triplets")
cdef uint64_t F_THREE_CONCEALED = _bit("three-concealed-triplets")
cdef uint64_t F_FOUR_CONCEALED = _bit("four-concealed-triplets")
cdef uint64_t F_CONSECUTIVE = _bit("three-consecutive-chows")
cdef uint64_t F_SUIT_HONOURS = _bit("one-suit-with-honours"), F_ONE_SUIT = _bit("one-suit-only")
cdef uint64_t F_ALL_HONOURS = _bit("all-honours"), F_ALL_SIMPLES = _bit("all-simples")
cdef uint64_t F_ALL_TERMINALS = _bit("all-terminals"), F_TERMINALS_HONOURS = _bit("all-terminals-honours")
cdef uint64_t F_EACH_SET = _bit("terminal-or-honour-each-set"), F_NO_POINTS = _bit("no-points")
# The facts fixed for a whole row (its situation, its tiles, its concealment): a special
# hand that needs one of them otherwise is left out before any reading is made.
cdef uint64_t BASE_FACTS = fact_mask(ROW_FACTS)

# Compile-time copies of the Python enums (so the C compiler can fold them); the
# check below fails the import if they ever drift from mjscore.context/facts/errors.
cdef enum:
    W_SELF_DRAWN = 1
    W_DEALER = 2
    W_LAST_TILE = 4
    W_LAST_DISCARD = 8
    W_ROBBING = 16
    W_KONG_REPLACEMENT = 32
    W_BONUS_REPLACEMENT = 64
    W_KONG_ON_KONG = 128
    W_HEAVEN = 256
    W_EARTH = 512
    W_DECLARED = 1024
    W_WINNER = 2048
    K_CHOW = 0
    K_PUNG = 1
    K_KONG = 2
    K_PAIR = 3
    A_SIMPLE = 0
    A_TERMINAL = 1
    A_DRAGON = 2
    A_SEAT = 3
    A_PREVAILING = 4
    A_DOUBLE = 5
    A_OTHER = 6
    S_OK = 0
    S_BAD_COUNT = 1
    S_WRONG_SIZE = 2
    S_NOT_WINNING = 3
    S_BAD_MELD = 4
    S_BAD_CONTEXT = 5
    S_BAD_NOTATION = 6        # never produced here: bulk readers of hand strings use it

if ([W_SELF_DRAWN, W_DEALER, W_LAST_TILE, W_LAST_DISCARD, W_ROBBING, W_KONG_REPLACEMENT,
     W_BONUS_REPLACEMENT, W_KONG_ON_KONG, W_HEAVEN, W_EARTH, W_DECLARED, W_WINNER]
        != [int(f) for f in Flag]
        or [K_CHOW, K_PUNG, K_KONG, K_PAIR] != [int(k) for k in Kind]
        or [A_SIMPLE, A_TERMINAL, A_DRAGON, A_SEAT, A_PREVAILING, A_DOUBLE, A_OTHER] != [int(a) for a in Atom]
        or [S_OK, S_BAD_COUNT, S_WRONG_SIZE, S_NOT_WINNING, S_BAD_MELD, S_BAD_CONTEXT,
            S_BAD_NOTATION] != [int(h) for h in HandStatus]):
    raise ImportError("mjscore._score_kernel is out of step with mjscore's enums: rebuild it")



cdef inline int _atom(int kind, int tile, int seat, int prevailing) noexcept nogil:
    cdef int rank
    if tile >= 31:
        return A_DRAGON
    if tile >= 27:
        if tile == seat and tile == prevailing:
            return A_DOUBLE
        if tile == seat:
            return A_SEAT
        return A_PREVAILING if tile == prevailing else A_OTHER
    rank = tile % 9
    if kind == K_CHOW:
        return A_TERMINAL if rank == 0 or rank == 6 else A_SIMPLE
    return A_TERMINAL if rank == 0 or rank == 8 else A_SIMPLE


cdef inline int _meld_tiles(int code, int* tiles) noexcept nogil:
    """The tiles of one meld byte into ``tiles``; their number, or 0 for no set."""
    cdef int kind = code >> 6, tile = code & 63
    if tile >= 34:
        return 0
    if kind == 0:
        if tile >= 27 or tile % 9 > 6:
            return 0
        tiles[0] = tile; tiles[1] = tile + 1; tiles[2] = tile + 2
        return 3
    tiles[0] = tile; tiles[1] = tile; tiles[2] = tile; tiles[3] = tile
    return 3 if kind == 1 else 4


# 34-bit tile masks (bit t = tile t) for the tile-class facts.
cdef uint64_t M_SUIT0 = 0x1FF, M_SUIT1 = 0x1FF << 9, M_SUIT2 = (<uint64_t>0x1FF) << 18
cdef uint64_t M_HONOURS = (<uint64_t>0x7F) << 27
cdef uint64_t M_TERMINALS = (1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | (<uint64_t>1) << 26)
cdef uint64_t M_SIMPLES = (M_SUIT0 | M_SUIT1 | M_SUIT2) & ~M_TERMINALS
cdef uint64_t M_ORPHANS = M_TERMINALS | M_HONOURS


cdef inline uint64_t _tile_facts(uint64_t held) noexcept nogil:
    """Tile-class facts from the mask of the kinds the whole hand holds."""
    cdef int n_suits = (held & M_SUIT0 != 0) + (held & M_SUIT1 != 0) + (held & M_SUIT2 != 0)
    cdef uint64_t facts = 0
    if n_suits == 1:
        facts |= F_SUIT_HONOURS if held & M_HONOURS else F_ONE_SUIT
    if n_suits == 0:
        facts |= F_ALL_HONOURS
    if not held & ~M_SIMPLES:
        facts |= F_ALL_SIMPLES
    if not held & ~M_TERMINALS:
        facts |= F_ALL_TERMINALS
    if not held & ~M_ORPHANS:
        facts |= F_TERMINALS_HONOURS
    return facts


cdef uint64_t _context_facts(uint32_t w) noexcept nogil:
    cdef uint64_t facts = 0
    if w & W_WINNER:
        facts |= F_WINNER | (F_SELF_DRAWN if w & W_SELF_DRAWN else F_DISCARD)
    if w & (W_KONG_REPLACEMENT | W_BONUS_REPLACEMENT):
        facts |= F_REPLACEMENT
    if w & W_KONG_REPLACEMENT: facts |= F_KONG_REPLACEMENT
    if w & W_BONUS_REPLACEMENT: facts |= F_BONUS_REPLACEMENT
    if w & W_KONG_ON_KONG: facts |= F_KONG_ON_KONG
    if w & W_ROBBING: facts |= F_ROBBING
    if w & W_LAST_TILE: facts |= F_LAST_TILE
    if w & W_LAST_DISCARD: facts |= F_LAST_DISCARD
    if w & W_HEAVEN: facts |= F_HEAVEN
    if w & W_EARTH: facts |= F_EARTH
    if w & W_DECLARED: facts |= F_DECLARED
    if w & W_DEALER: facts |= F_DEALER
    return facts


# A group's share of the decomposition facts, as 3-bit counters in one word, so a
# reading's counters are a plain sum over its groups (at most 5 per counter: no carry).
cdef enum:
    C_CHOWS = 0
    C_TRIPLETS = 3      # pungs and kongs
    C_KONGS = 6
    C_CONCEALED = 9     # concealed pungs and kongs
    C_SIMPLES = 18      # groups of 2-8 only (atom simple)

cdef uint32_t FOUND_COUNTERS[256]   # by decomposition byte (kind 0 run, 1 pung, 3 pair)
cdef uint32_t MELD_COUNTERS[256]    # by meld byte (0 chow, 1 pung, 2 kong, 3 concealed kong)
cdef uint16_t RUN_BITS[256]         # by either byte: bit 3 * suit + rank // 3 of a run 123/456/789


cdef uint32_t _counters(int kind, int tile, int concealed):
    cdef int rank = tile % 9
    cdef int simple = tile < 27 and (0 < rank < 6 if kind == K_CHOW else 0 < rank < 8)
    cdef uint32_t out = simple << C_SIMPLES
    if kind == K_CHOW:
        return out | 1 << C_CHOWS
    if kind == K_PAIR:
        return out
    return out | 1 << C_TRIPLETS | (kind == K_KONG) << C_KONGS | concealed << C_CONCEALED


def _fill_counters():
    """Fill the byte tables; a byte that is no group counts nothing."""
    cdef int code, tile, kind
    for code in range(256):
        kind, tile = code >> 6, code & 63
        FOUND_COUNTERS[code] = MELD_COUNTERS[code] = RUN_BITS[code] = 0
        if tile >= 34:
            continue
        if kind == 0:  # a run in both layouts
            if tile < 27 and tile % 9 <= 6:
                FOUND_COUNTERS[code] = MELD_COUNTERS[code] = _counters(K_CHOW, tile, 0)
                if tile % 3 == 0:  # rank 1, 4 or 7
                    RUN_BITS[code] = 1 << (3 * (tile // 9) + tile % 9 // 3)
            continue
        # decomposition bytes: 1 pung, 3 pair; meld bytes: 1 pung, 2 kong, 3 concealed kong
        if kind != 2:
            FOUND_COUNTERS[code] = _counters(K_PUNG if kind == 1 else K_PAIR, tile, 1)
        MELD_COUNTERS[code] = _counters(K_PUNG if kind == 1 else K_KONG, tile, kind == 3)


_fill_counters()


cdef inline int _counter(uint32_t counters, int field) noexcept nogil:
    return (counters >> field) & 7


cdef uint64_t _set_facts(uint32_t counters, uint32_t runs) noexcept nogil:
    """The facts of a decomposition's sets from its summed counters and run bits (the
    concealed-triplet facts aside: those depend on which group the winning tile
    completed, see _concealed_facts)."""
    cdef uint64_t facts = F_STANDARD
    cdef int chows = _counter(counters, C_CHOWS), kongs = _counter(counters, C_KONGS)
    if chows == 0: facts |= F_NO_CHOWS
    if chows == 1: facts |= F_ONE_CHOW
    if kongs == 0: facts |= F_NO_KONGS
    if kongs == 4: facts |= F_FOUR_KONGS
    if _counter(counters, C_TRIPLETS) == 4: facts |= F_FOUR_TRIPLETS
    if runs & 7 == 7 or runs & 0x38 == 0x38 or runs & 0x1C0 == 0x1C0:
        facts |= F_CONSECUTIVE
    if _counter(counters, C_SIMPLES) == 0: facts |= F_EACH_SET
    return facts


cdef inline uint64_t _concealed_facts(int concealed) noexcept nogil:
    if concealed == 3:
        return F_THREE_CONCEALED
    return F_FOUR_CONCEALED if concealed == 4 else 0


cdef inline uint64_t _matching(const Tables* r, uint64_t facts, int win, uint64_t candidates) noexcept nogil:
    """The items among ``candidates`` whose conditions hold."""
    cdef int b
    cdef uint64_t mask = candidates & r.tile_allowed[win]
    for b in range(8):
        mask &= r.allowed[b][(facts >> (8 * b)) & 0xFF]
    return mask


cdef void _build_lookup(Tables* r) noexcept nogil:
    cdef int b, v, i, t
    cdef uint64_t when_byte, unless_byte
    for b in range(8):
        for v in range(256):
            r.allowed[b][v] = 0
            for i in range(r.n_items):
                when_byte = (r.when[i] >> (8 * b)) & 0xFF
                unless_byte = (r.unless[i] >> (8 * b)) & 0xFF
                if (v & when_byte) == when_byte and not (v & unless_byte):
                    r.allowed[b][v] |= (<uint64_t>1) << i
    for t in range(256):
        r.tile_allowed[t] = 0
        for i in range(r.n_items):
            if r.item_tile[i] == ANY_TILE or r.item_tile[i] == t:
                r.tile_allowed[t] |= (<uint64_t>1) << i


cdef inline uint64_t _without_excluded(const Tables* r, uint64_t mask) noexcept nogil:
    cdef uint64_t rest = mask, excluded = 0
    if not r.any_excludes:
        return mask
    while rest:
        excluded |= r.excludes[mj_ctz64(rest)]
        rest &= rest - 1
    return mask & ~excluded


cdef inline int _cell(const Group* g) noexcept nogil:
    """The group's index in the set tables (kind x concealed x atom)."""
    return (g.kind * 2 + g.concealed) * 7 + g.atom


cdef inline void _add_sets(const Tables* r, const Group* g, int n, int64_t* points,
                           int64_t* doubles) noexcept nogil:
    """Add the set points and doubles of ``n`` groups."""
    cdef int i, cell
    for i in range(n):
        cell = _cell(&g[i])
        points[0] += r.set_points[cell]
        doubles[0] += r.set_doubles[cell]


cdef void _finish(const Tables* r, int64_t points, int64_t doubles, uint64_t applied, int special,
                  int64_t num, int64_t den, int exact, const int16_t* matched, int n_matched,
                  Best* best) noexcept nogil:
    """The total of one reading (step 5 of mjscore.fold), kept if it beats ``best``."""
    cdef int64_t raw, total, share
    if points <= 0:
        raw = points
    elif doubles >= 62 or points > (INT64_MAX >> doubles):  # past any limit: no overflow
        raw = INT64_MAX
    else:
        raw = points << doubles
    total = raw if raw < r.limit else r.limit
    if num:
        share = (2 * r.limit * num + den) // (2 * den)
        if share > total or exact:
            total = share
    if not best.found or total > best.total:
        best.total = total
        best.special = special
        best.found = 1
        best.points = points
        best.doubles = doubles
        best.applied = applied
        memcpy(best.best_reading, best.reading, sizeof(best.reading))
        best.n_matched = n_matched
        memcpy(best.matched, matched, n_matched * sizeof(int16_t))


cdef void _fold(const Tables* r, int64_t set_points, int64_t set_doubles, uint64_t facts, int win,
                const int16_t* hands, int n_hands, Best* best) noexcept nogil:
    """Score one reading (mjscore.fold.score_reading) whose groups earn ``set_points`` and
    ``set_doubles`` and which makes the special ``hands``, and keep it if it beats ``best``."""
    cdef int i, k, h, bare, special = -1
    cdef int64_t points = set_points, doubles = set_doubles, num = 0, den = 1
    cdef const int32_t* value
    cdef uint64_t early, applied, rest, all_items = ((<uint64_t>1) << r.n_items) - 1 if r.n_items < 64 else ~(<uint64_t>0)
    early = _without_excluded(r, _matching(r, facts, win, all_items & ~r.late_items))
    if r.late_items:
        bare = set_points == 0
        rest = early
        while rest and bare:
            i = mj_ctz64(rest)
            rest &= rest - 1
            if r.points[i] and not r.base[i]:
                bare = 0
        if bare:
            facts |= F_NO_POINTS
        if set_points == 0:
            facts |= F_NO_SET_POINTS
        applied = _without_excluded(r, early | _matching(r, facts, win, r.late_items))
    else:
        applied = early
    rest = applied
    while rest:
        i = mj_ctz64(rest)
        rest &= rest - 1
        points += r.points[i]
        doubles += r.doubles[i]
    # a special hand's value: exposed, or concealed (values[8 h + 4 .. 8 h + 7])
    cdef int concealed = 4 if facts & F_CONCEALED_HAND else 0
    if n_hands == 0:
        _finish(r, points, doubles, applied, -1, 0, 1, 0, hands, 0, best)
    elif r.stack:
        for k in range(n_hands):
            h = hands[k]
            value = &r.pat.values[8 * h + concealed]
            points += value[0]
            doubles += value[1]
            if value[2] and (special < 0 or num == 0 or <int64_t>value[2] * den > num * value[3]):
                special, num, den = h, value[2], value[3]
        _finish(r, points, doubles, applied, special if special >= 0 else hands[0], num, den,
                special >= 0 and r.pat.exact[special], hands, n_hands, best)
    else:
        for k in range(n_hands):
            h = hands[k]
            value = &r.pat.values[8 * h + concealed]
            _finish(r, points + value[0], doubles + value[1], applied, h, value[2], value[3],
                    value[2] != 0 and r.pat.exact[h], hands, n_hands, best)


cdef int _several_waits(const uint8_t* found, int n_dec, int wt, const uint8_t* held) noexcept nogil:
    """Whether some decomposition shows at once that a second tile completes the hand too,
    so no wait count is needed: ``wt`` at the open end of a run whose other end is still
    available, or ``wt`` making a pung beside a pair whose tile is still available (the
    hand waited on both pairs)."""
    cdef int d, j, code, first, pair
    for d in range(n_dec):
        pair = -1
        for j in range(5):
            code = found[5 * d + j]
            if code >> 6 == 3 and code != NO_MELD:
                pair = code & 63
        for j in range(5):
            code = found[5 * d + j]
            if code == NO_MELD:
                continue
            first = code & 63
            if code >> 6 == 0:
                if wt == first and first % 9 <= 5 and held[first + 3] < 4:
                    return 1
                if wt == first + 2 and first % 9 >= 1 and held[first - 1] < 4:
                    return 1
            elif code >> 6 == 1 and first == wt and pair >= 0 and held[pair] < 4:
                return 1
    return 0


cdef int _single_wait(const uint8_t* c, const uint8_t* held, int win) noexcept nogil:
    """Only one tile kind (the winning one) could have completed the hand."""
    cdef uint8_t before[34]
    cdef uint64_t mask
    cdef int t, kinds = 0
    memcpy(before, c, 34)
    before[win] -= 1
    mask = c_waits(before)
    while mask:  # a kind all four of which the hand shows (melds too) is no wait
        t = mj_ctz64(mask)
        mask &= mask - 1
        if held[t] - (t == win) < 4:
            kinds += 1
            if kinds > 1:
                return 0
    return kinds == 1


cdef int _read_melds(const uint8_t* m, const uint8_t* c, uint8_t* held, Group* melds,
                     int* n_melds, int* exposed, int seat, int prevailing) noexcept nogil:
    """Validate the meld bytes and add their tiles to ``held``; a status."""
    cdef int k, j, n, code, kind
    cdef int tiles[4]
    n_melds[0] = 0
    exposed[0] = 0
    memcpy(held, c, 34)
    for k in range(4):
        code = m[k]
        if code == NO_MELD:
            continue
        n = _meld_tiles(code, tiles)
        if n == 0:
            return S_BAD_MELD
        for j in range(n):
            held[tiles[j]] += 1
        kind = code >> 6
        melds[n_melds[0]].kind = K_CHOW if kind == 0 else K_PUNG if kind == 1 else K_KONG
        melds[n_melds[0]].tile = code & 63
        melds[n_melds[0]].concealed = kind == 3
        melds[n_melds[0]].atom = _atom(melds[n_melds[0]].kind, code & 63, seat, prevailing)
        exposed[0] |= kind != 3
        n_melds[0] += 1
    return S_OK


cdef int _score_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                    int prevailing, const Tables* r, Best* best) noexcept nogil:
    """Validate and score one row (``_score_reference.score_many``); its status."""
    cdef uint8_t held[34]
    cdef uint8_t found[5 * MAX_DECOMPOSITIONS]
    cdef Group melds[4]
    cdef Group groups[9]
    cdef int t, k, n_melds, exposed, status, total, kongs, winner = (w & W_WINNER) != 0
    cdef int wt, first, last, d, j, i, kind, code, n_groups, n_dec, dup
    cdef uint64_t base, facts, single, presence, dec_facts, threes
    cdef int concealed, cell, exposed_cell, open_group, pairs, n_fixed, n_shaped, n_made
    cdef uint32_t counters, runs, meld_counters, meld_runs
    cdef int64_t set_points, set_doubles, meld_points, meld_doubles, points, doubles
    cdef const Patterns* p = r.pat
    cdef uint8_t kinds[8]       # the groups a pattern is matched against: kind, first tile,
    cdef uint8_t firsts[8]      # concealed; a standard reading's groups then its melds
    cdef uint8_t hidden[8]
    cdef int32_t fixed[MAX_FIXED]
    cdef int16_t quant[MAX_CANDIDATES]
    cdef int16_t items[MAX_CANDIDATES]
    cdef int32_t situational[MAX_CANDIDATES]
    cdef int n_quant, n_items, n_situational, n_threes
    cdef Candidates cands
    cdef int16_t shaped[MAX_FIXED]
    cdef int16_t made[MAX_HANDS_MATCHED]
    best.found = 0
    best.total = 0
    best.special = -1
    best.n_matched = 0
    if mj_any_above4(c):
        return S_BAD_COUNT
    total = mj_sum34(c)
    status = _read_melds(m, c, held, melds, &n_melds, &exposed, seat, prevailing)
    if status:
        return status
    kongs = 0
    for k in range(n_melds):
        kongs += melds[k].kind == K_KONG
    if mj_any_above4(held):  # held counts are at most 8 here
        return S_BAD_COUNT
    presence = mj_presence34(held)
    if total + 3 * n_melds != (14 if winner else 13):
        return S_WRONG_SIZE
    if not winner and win != ANY_TILE:
        return S_BAD_CONTEXT
    if winner and win != ANY_TILE:
        if win >= 34 or c[win] == 0:
            return S_BAD_CONTEXT
        if w & W_ROBBING and held[win] != 1:
            return S_BAD_CONTEXT
    if winner and ((w & W_KONG_REPLACEMENT and kongs == 0) or (w & W_KONG_ON_KONG and kongs < 2)):
        return S_BAD_CONTEXT
    if (n_melds and w & (W_HEAVEN | W_EARTH)) or (exposed and w & W_DECLARED):
        return S_BAD_CONTEXT

    base = _context_facts(w) | _tile_facts(presence) | (0 if exposed else F_CONCEALED_HAND)
    if not winner:
        if not r.losers:  # a zero score, read as a losing hand with no groups
            best.found = 1
            best.points = 0
            best.doubles = 0
            best.applied = 0
            best.best_reading[0] = NO_TILE
            best.best_reading[1] = SHAPE_LOSING
            best.best_reading[2] = -1
            best.best_reading[3] = -1
            return S_OK
        memcpy(groups, melds, n_melds * sizeof(Group))
        n_groups = n_melds
        for t in range(34):
            if c[t] >= 2:
                groups[n_groups].kind = K_PUNG if c[t] >= 3 else K_PAIR
                groups[n_groups].tile = t
                groups[n_groups].concealed = 1
                groups[n_groups].atom = _atom(groups[n_groups].kind, t, seat, prevailing)
                n_groups += 1
        best.reading[0] = NO_TILE
        best.reading[1] = SHAPE_LOSING
        best.reading[2] = -1
        best.reading[3] = -1
        set_points = set_doubles = 0
        _add_sets(r, groups, n_groups, &set_points, &set_doubles)
        _fold(r, set_points, set_doubles, base, NO_TILE, made, 0, best)
        return S_OK

    first = 0 if win == ANY_TILE else win
    last = 33 if win == ANY_TILE else win
    n_dec = c_decompose(c, found)  # at most 4 ways per suit: 64 fit in `found`
    meld_counters = meld_runs = 0
    for k in range(4):
        meld_counters += MELD_COUNTERS[m[k]]  # 0 for 0xFF
        meld_runs |= RUN_BITS[m[k]]
    meld_points = meld_doubles = 0
    _add_sets(r, melds, n_melds, &meld_points, &meld_doubles)
    for k in range(n_melds):  # every standard reading has 5 - n_melds groups, then the melds
        kinds[5 - n_melds + k] = melds[k].kind
        firsts[5 - n_melds + k] = melds[k].tile
        hidden[5 - n_melds + k] = melds[k].concealed
    # a reading of seven pairs can win only by the shape or by a special hand of pairs
    pairs = _pairs_form(c, n_melds, total) if r.shapes & 1 or p.has_pairs else -1
    n_fixed = c_fixed(p, held, presence, m, fixed) if p.n_slots else 0
    # what this row can make at all, so most readings try nothing
    threes = mj_at_least34(held, 3) if p.n_quant or p.n_items else 0
    n_threes = mj_popcount64(threes)
    n_quant = n_items = 0
    if p.n_quant and c_may_fill(p.quant_loose, p.quant_threes, presence, n_threes):
        n_quant = c_candidates(p, p.quant, p.n_quant, 0, held, presence, threes, base, BASE_FACTS,
                               not exposed, quant)
    if p.n_items and c_may_fill(p.items_loose, p.items_threes, presence, n_threes):
        n_items = c_candidates(p, p.items, p.n_items, 1, held, presence, threes, base, BASE_FACTS,
                               not exposed, items)
    n_situational = 0
    cands.situational = situational
    if p.n_situational > MAX_CANDIDATES:  # too many to filter into the array: try them all
        cands.situational = p.situational
        n_situational = p.n_situational
    elif base & p.situational_gate:
        for k in range(p.n_situational):
            if c_row_conditions(p, p.situational[k], base, BASE_FACTS, not exposed):
                situational[n_situational] = p.situational[k]
                n_situational += 1
    cands.quant = quant
    cands.n_quant = n_quant if n_quant >= 0 else p.n_quant
    cands.all_quant = n_quant < 0
    cands.n_situational = n_situational
    for wt in range(first, last + 1):
        if c[wt] == 0 or (w & W_ROBBING and held[wt] != 1):
            continue
        single = 0
        if r.used & F_SINGLE_WAIT and not _several_waits(found, n_dec, wt, held):
            if n_melds and n_dec:
                # with a meld and a standard reading only standard waits exist: a few
                # suit lookups tell whether another tile completes the hand too
                single = 0 if c_other_wait(c, wt, held) else F_SINGLE_WAIT
            elif _single_wait(c, held, wt):
                single = F_SINGLE_WAIT
        # a fixed-shape hand is made by the tiles: every reading of them makes it
        n_shaped = 0
        for k in range(n_fixed):  # entries come in hand order
            if p.fixed[fixed[k]].win_tiles >> wt & 1 and (
                    n_shaped == 0 or shaped[n_shaped - 1] != p.fixed[fixed[k]].hand):
                shaped[n_shaped] = p.fixed[fixed[k]].hand
                n_shaped += 1
        for d in range(n_dec):
            # The concealed groups; the melds' share is in meld_counters and meld_points.
            n_groups = 0
            counters = meld_counters
            runs = meld_runs
            for j in range(5):
                code = found[5 * d + j]
                if code == NO_MELD:
                    continue
                counters += FOUND_COUNTERS[code]
                runs |= RUN_BITS[code]
                kind = code >> 6
                groups[n_groups].kind = K_CHOW if kind == 0 else K_PUNG if kind == 1 else K_PAIR
                groups[n_groups].tile = code & 63
                groups[n_groups].concealed = 1
                groups[n_groups].atom = _atom(groups[n_groups].kind, code & 63, seat, prevailing)
                n_groups += 1
            if _counter(counters, C_CHOWS) > r.max_chows:
                continue
            dec_facts = _set_facts(counters, runs)
            concealed = _counter(counters, C_CONCEALED)
            set_points = meld_points
            set_doubles = meld_doubles
            _add_sets(r, groups, n_groups, &set_points, &set_doubles)
            for i in range(n_groups):
                if not _holds(&groups[i], wt):
                    continue
                dup = 0
                for j in range(i):
                    if groups[j].kind == groups[i].kind and groups[j].tile == groups[i].tile:
                        dup = 1
                if dup:
                    continue
                facts = base | single | dec_facts
                if _one_chance(&groups[i], wt):
                    facts |= F_ONE_CHANCE
                elif groups[i].kind == K_PUNG:
                    facts |= F_PUNG_WAIT
                best.reading[0] = wt
                best.reading[1] = SHAPE_STANDARD
                best.reading[2] = d
                best.reading[3] = i
                points = set_points
                doubles = set_doubles
                open_group = 0
                if w & W_SELF_DRAWN:
                    facts |= _concealed_facts(concealed)
                else:
                    # Completed by a discard, the group counts as exposed (a pung then is
                    # no concealed triplet).
                    cell = _cell(&groups[i])
                    exposed_cell = cell - 7
                    points += r.set_points[exposed_cell] - r.set_points[cell]
                    doubles += r.set_doubles[exposed_cell] - r.set_doubles[cell]
                    facts |= _concealed_facts(concealed - (groups[i].kind == K_PUNG))
                    open_group = 1
                n_made = 0
                if n_quant or n_items or n_shaped or n_situational:
                    for j in range(n_groups):
                        kinds[j] = groups[j].kind
                        firsts[j] = groups[j].tile
                        hidden[j] = not (open_group and j == i)
                    if n_items:
                        facts |= _item_facts(p, items, n_items, presence, kinds, firsts, hidden, 5)
                    n_made = _hands_made(p, &cands, 1 << FORM_STANDARD, presence, kinds, firsts,
                                         hidden, 5, shaped, n_shaped, facts, wt, not exposed, made)
                if n_made or not r.required:
                    _fold(r, points, doubles, facts, wt, made, n_made, best)
        if pairs >= 0:
            n_groups = 0
            for t in range(34):
                for k in range(c[t] // 2):
                    groups[n_groups].kind = K_PAIR
                    groups[n_groups].tile = t
                    groups[n_groups].concealed = 1
                    groups[n_groups].atom = _atom(K_PAIR, t, seat, prevailing)
                    kinds[n_groups] = K_PAIR
                    firsts[n_groups] = t
                    hidden[n_groups] = 1
                    n_groups += 1
            facts = base | single | F_ONE_CHANCE
            n_made = _hands_made(p, &cands, (1 << FORM_PAIRS_KONGS) | (1 << FORM_PAIRS if pairs == FORM_PAIRS else 0),
                                 presence, kinds, firsts, hidden, n_groups,
                                 shaped, n_shaped, facts, wt, 1, made)
            if n_made or (pairs == FORM_PAIRS and r.shapes & 1 and not r.required):
                best.reading[0] = wt
                best.reading[1] = SHAPE_PAIRS
                best.reading[2] = -1
                best.reading[3] = -1
                set_points = set_doubles = 0
                _add_sets(r, groups, n_groups, &set_points, &set_doubles)
                _fold(r, set_points, set_doubles, facts, wt, made, n_made, best)
        if n_shaped:  # and so does the special shape itself, read with no sets
            facts = base | single | (F_ONE_CHANCE if c[wt] == 2 else 0)
            n_made = _hands_made(p, &cands, 0, presence, kinds, firsts, hidden, 0,
                                 shaped, n_shaped, facts, wt, not exposed, made)
            for k in range(n_made):
                for j in range(n_shaped):
                    if made[k] == shaped[j]:
                        break
                else:
                    continue
                best.reading[0] = wt
                best.reading[1] = SHAPE_SPECIAL
                best.reading[2] = made[k]
                best.reading[3] = -1
                _fold(r, 0, 0, facts, wt, made, n_made, best)
                break
    return S_OK if best.found else S_NOT_WINNING


cdef inline int _pairs_form(const uint8_t* c, int n_melds, int total) noexcept nogil:
    """How 14 concealed tiles read as seven pairs (matching.pairs_form): FORM_PAIRS,
    FORM_PAIRS_KONGS, or -1."""
    cdef int t, fours = 0
    if n_melds or total != 14:
        return -1
    for t in range(34):
        if c[t] == 4:
            fours = 1
        elif c[t] and c[t] != 2:
            return -1
    return FORM_PAIRS_KONGS if fours else FORM_PAIRS


ctypedef struct Candidates:
    const int16_t* quant          # the row's candidate variants (indices into p.quant)
    int n_quant
    int all_quant                 # too many passed the filter: try every variant
    const int32_t* situational    # the row's candidate hands made by the situation alone
    int n_situational


cdef uint64_t _item_facts(const Patterns* p, const int16_t* items, int n_items, uint64_t held,
                          const uint8_t* kinds, const uint8_t* firsts, const uint8_t* hidden,
                          int n) noexcept nogil:
    """The fact bits of the items whose patterns the groups make (matching.item_pattern_facts);
    ``items`` are the row's candidates (all when ``n_items`` is -1)."""
    cdef int k, v
    cdef uint64_t facts = 0, bit
    for k in range(n_items if n_items >= 0 else p.n_items):
        v = items[k] if n_items >= 0 else k
        bit = (<uint64_t>1) << p.items[v].hand
        if not facts & bit and c_fits(p, &p.items[v], held, kinds, firsts, hidden, n):
            facts |= bit
    return facts


cdef int _hands_made(const Patterns* p, const Candidates* cands, int forms, uint64_t held,
                     const uint8_t* kinds, const uint8_t* firsts, const uint8_t* hidden, int n,
                     const int16_t* shaped, int n_shaped, uint64_t facts, int wt, int concealed_hand,
                     int16_t* out) noexcept nogil:
    """The special hands a reading makes whose situation holds, in file order (at most
    MAX_HANDS_MATCHED): the candidate variants of ``forms`` the groups fill, the fixed-shape
    hands its tiles make, and the hands made by the situation alone (readings.readings)."""
    cdef int k, v, h, n_out = 0, last = -1
    for k in range(cands.n_quant):
        v = k if cands.all_quant else cands.quant[k]
        h = p.quant[v].hand
        if h == last or not (forms >> p.quant[v].form) & 1:
            continue
        if c_fits(p, &p.quant[v], held, kinds, firsts, hidden, n):
            last = h  # the hand's other variants need no check
            if c_conditions(p, h, facts, wt, concealed_hand):
                n_out = c_add_hand(out, n_out, h)
    for k in range(n_shaped):
        if c_conditions(p, shaped[k], facts, wt, concealed_hand):
            n_out = c_add_hand(out, n_out, shaped[k])
    for k in range(cands.n_situational):
        h = cands.situational[k]
        if c_conditions(p, h, facts, wt, concealed_hand):
            n_out = c_add_hand(out, n_out, h)
    return n_out


cdef inline int _holds(const Group* g, int tile) noexcept nogil:
    if g.kind == K_CHOW:
        return g.tile <= tile <= g.tile + 2 and tile < 27 and g.tile // 9 == tile // 9
    return g.tile == tile


cdef inline int _one_chance(const Group* g, int tile) noexcept nogil:
    """The tile fills a pair, the middle of a run, or 3 of 1-2 / 7 of 8-9 (wait_role)."""
    cdef int offset
    if g.kind == K_PAIR:
        return 1
    if g.kind != K_CHOW:
        return 0
    offset = tile - g.tile
    if offset == 1:
        return 1
    return (offset == 2 and g.tile % 9 == 0) or (offset == 0 and g.tile % 9 == 6)


cdef class CompiledRules:
    """A rule set's tables as the C fold reads them; built once per RuleSet and kept.

    Holds the NumPy arrays it points into, so the pointers stay valid.
    """

    cdef Tables r
    cdef object arrays

    def __cinit__(self, rules):
        tables = rules.tables
        cdef const int32_t[::1] set_points = tables.set_points.reshape(-1)
        cdef const int32_t[::1] set_doubles = tables.set_doubles.reshape(-1)
        cdef const uint64_t[::1] when = tables.when
        cdef const uint64_t[::1] unless = tables.unless
        cdef const uint8_t[::1] item_tile = tables.win_tile
        cdef const int32_t[::1] points = tables.points
        cdef const int32_t[::1] doubles = tables.doubles
        cdef const uint64_t[::1] excludes = tables.excludes
        cdef const uint8_t[::1] late = tables.late
        cdef const uint8_t[::1] base = tables.base
        cdef int i
        cdef CompiledPatterns patterns = compiled_patterns(rules)
        self.arrays = (set_points, set_doubles, when, unless, item_tile, points, doubles,
                       excludes, late, base, patterns)
        self.r.n_items = when.shape[0]
        if self.r.n_items == 0:
            raise ValueError("a rule set with no items cannot be compiled")
        self.r.set_points = &set_points[0]
        self.r.set_doubles = &set_doubles[0]
        self.r.when = &when[0]
        self.r.unless = &unless[0]
        self.r.item_tile = &item_tile[0]
        self.r.points = &points[0]
        self.r.doubles = &doubles[0]
        self.r.excludes = &excludes[0]
        self.r.late = &late[0]
        self.r.base = &base[0]
        self.r.limit = rules.limit
        self.r.shapes = tables.shapes
        self.r.losers = rules.losers
        self.r.stack = rules.special_hands == "stack"
        self.r.required = rules.special_required
        self.r.pat = &patterns.p
        self.r.max_chows = 4 if rules.max_chows is None else rules.max_chows
        self.r.used = 0
        self.r.late_items = 0
        self.r.any_excludes = 0
        for i in range(self.r.n_items):
            self.r.used |= when[i] | unless[i]
            self.r.late_items |= (<uint64_t>late[i]) << i
            self.r.any_excludes |= excludes[i] != 0
        for i in range(patterns.p.n_hands):  # facts a special hand's situation names
            self.r.used |= patterns.p.when[i] | patterns.p.unless[i]
        _build_lookup(&self.r)


cdef CompiledRules _compiled(rules):
    compiled = rules.derived.get("score_kernel")
    if compiled is None:
        compiled = rules.derived["score_kernel"] = CompiledRules(rules)
    return <CompiledRules>compiled


def score_many(const uint8_t[:, ::1] batch, const uint8_t[:, :] melds,
               const uint8_t[:] win_tile, const uint32_t[:] flags,
               const uint8_t[:] seat, const uint8_t[:] prevailing, rules,
               int32_t[::1] out_total, int16_t[::1] out_special, uint8_t[::1] status):
    """Score every row; see ``_score_reference`` for the layout and the checks.

    The per-row arguments may be broadcast (stride 0); a meld row's four bytes must
    be adjacent.
    """
    cdef CompiledRules compiled = _compiled(rules)
    cdef const Tables* r = &compiled.r
    cdef Best best
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st
    if (batch.shape[1] != 34 or melds.shape[0] < n or melds.shape[1] != 4 or win_tile.shape[0] < n
            or flags.shape[0] < n or seat.shape[0] < n or prevailing.shape[0] < n
            or out_total.shape[0] < n or out_special.shape[0] < n or status.shape[0] < n):
        raise ValueError("score_many: inconsistent array shapes")
    if n and melds.strides[1] != 1:
        raise ValueError("score_many: each row of melds must be contiguous")
    with nogil:  # shapes checked above; every row is validated by _score_row before use
        for i in range(n):
            out_total[i] = 0
            out_special[i] = -1
            if status[i]:
                continue
            st = _score_row(&batch[i, 0], &melds[i, 0], win_tile[i], flags[i], seat[i],
                            prevailing[i], r, &best)
            status[i] = st
            if st == S_OK:
                out_total[i] = <int32_t>best.total
                out_special[i] = best.special


def score_one(const uint8_t[::1] counts, const uint8_t[::1] melds, int win_tile, uint32_t flags,
              int seat, int prevailing, rules):
    """One row, and which reading won: ``(status, total, special, points, doubles,
    applied, win_tile, shape, decomposition, group, matched)``; see ``_score_reference``."""
    cdef CompiledRules compiled = _compiled(rules)
    cdef Best best
    cdef int st
    if counts.shape[0] != 34 or melds.shape[0] != 4:
        raise ValueError("score_one: 34 counts and 4 meld bytes")
    st = _score_row(&counts[0], &melds[0], win_tile, flags, seat, prevailing, &compiled.r, &best)
    if st != S_OK:
        return (st, 0, -1, 0, 0, 0, -1, -1, -1, -1, ())
    return (st, best.total, best.special, best.points, best.doubles, best.applied,
            best.best_reading[0], best.best_reading[1], best.best_reading[2], best.best_reading[3],
            tuple([best.matched[i] for i in range(best.n_matched)]))
