"""Scoring a bulk row without jokers, compiled (the twin of ``score._reference.score_one``):
the row's checks and melds, a hand that did not go out, and every reading of a complete
row folded (read ``_rows.pxd``).

The readings are those of ``mjscore.score.readings``: each standard decomposition with
each group the winning tile may have completed, seven pairs, and the special hands the
patterns match; for a substitution of a row's jokers, only those that keep its jokers
where they may stand (``mjscore.score.jokers.readings``).
"""

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from mjscore.score._fold cimport Best, FoundSums, Tables, _add_sets, _plain_wins, _row_winds, c_fold
from mjscore.core._group_codes cimport G_CHOW, G_PAIR, G_PUNG, NO_GROUP
from mjscore.rules._pattern_kernel cimport (ALL_FORMS, FORM_PAIRS, FORM_PAIRS_KONGS, FORM_STANDARD, MAX_CANDIDATES,
                                      FixedHit, MAX_FIXED, MAX_HANDS_MATCHED, Patterns, c_add_hand,
                                      c_candidates, c_conditions, c_fits, c_index_left, c_table_candidates,
                                      c_fixed, c_fixed_lookup, c_fixed_may, c_fixed_prefetch, c_forms_may_fill,
                                      c_may_fill, mj_at_least34)
from mjscore.score._fold cimport (A_ROW_WIND, ANY_TILE, BASE_FACTS, C_CHOWS, C_CONCEALED, F_ONE_CHANCE,
                                   F_CONCEALED_SETS, F_FOURTH_TILE, F_NO_CHOWS, F_PAIR_WAIT, _bonus_count,
                                   _claimed_count,
                                   F_PUNG_WAIT, F_SINGLE_WAIT, FOUND_ATOM, FOUND_HOLDS,
                                   FOUND_KIND, FOUND_TILE, MAX_DECOMPOSITIONS, MELD_COUNTERS, RUN_COUNTS,
                                   S_NOT_WINNING, S_OK, SHAPE_PAIRS, SHAPE_SPECIAL, SHAPE_STANDARD, W_ROBBING,
                                   W_SELF_DRAWN, CLAIMED_SHIFT, FLOWER_SHIFT, Group, _atom, _cell_of, _concealed_facts, _counter,
                                   _wait_one_chance,
                                   _set_facts, mj_ctz64)
from mjscore.score.jokers._placement cimport (JokerFilter, c_decomposition_allowed, c_fixed_allowed,
                                       c_joker_single)
from mjscore.decompose._shapes cimport SuitLookup, SuitRead, c_decompose_ahead, c_other_wait_read, c_waits

cdef extern from *:
    """
    #include <stdint.h>
    /* Add the five FoundSums entries (16 bytes each) of a decomposition's group bytes
       `dec` (NO_GROUP's entry is zero) to sums[4], lane by lane: a reading's counters,
       RUN_COUNTS, set points and doubles, none of which can carry out of its lane. */
    static inline void mj_add_found(const void *table, const unsigned char *dec, int32_t *sums) {
    #if defined(__SSE2__)
        const unsigned char *t = (const unsigned char *)table;
        __m128i s = _mm_loadu_si128((const __m128i *)sums);
        s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(t + 16 * dec[0])));
        s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(t + 16 * dec[1])));
        s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(t + 16 * dec[2])));
        s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(t + 16 * dec[3])));
        s = _mm_add_epi32(s, _mm_loadu_si128((const __m128i *)(t + 16 * dec[4])));
        _mm_storeu_si128((__m128i *)sums, s);
    #else
        const uint32_t *t = (const uint32_t *)table;
        uint32_t lane[4];
        int j, k;
        memcpy(lane, sums, 16);
        for (j = 0; j < 5; j++)
            for (k = 0; k < 4; k++)
                lane[k] += t[4 * dec[j] + k];
        memcpy(sums, lane, 16);
    #endif
    }
    /* Bit j set where the group byte dec[j] of a decomposition (sorted chows, pungs,
       pairs, then NO_GROUP) holds tile wt and is not the same group as dec[j - 1] (equal
       groups make the same reading: the first is read), j < 5; dec may be read 8 bytes
       long. A byte b holds wt if b - wt is 0, -1 or -2 (a chow, whose byte is its lowest
       tile, kind 0), 34 (a pung's) or 102 (a pair's): kind * 34 + tile, and no byte of
       another kind comes within those distances of a tile. */
    static inline unsigned mj_completes(const unsigned char *dec, int wt) {
    #if defined(__SSE2__)
        const __m128i x = _mm_loadl_epi64((const __m128i *)dec);
        const __m128i d = _mm_sub_epi8(x, _mm_set1_epi8((char)wt));
        const __m128i two = _mm_set1_epi8(2), e = _mm_add_epi8(d, two);
        __m128i holds = _mm_cmpeq_epi8(_mm_min_epu8(e, two), e);
        holds = _mm_or_si128(holds, _mm_cmpeq_epi8(d, _mm_set1_epi8(34)));
        holds = _mm_or_si128(holds, _mm_cmpeq_epi8(d, _mm_set1_epi8(102)));
        holds = _mm_andnot_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)0xFF)), holds);
        return (unsigned)_mm_movemask_epi8(holds) & 0x1F
               & ~((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_slli_si128(x, 1))) & 0x1E);
    #else
        unsigned out = 0, j, d;
        for (j = 0; j < 5; j++) {
            d = (unsigned char)(dec[j] - wt);
            out |= (unsigned)(dec[j] != 0xFF && (d >= 254 || d == 0 || d == 34 || d == 102)
                              && (j == 0 || dec[j] != dec[j - 1])) << j;
        }
        return out;
    #endif
    }
    /* mj_any_above4, mj_sum34 and mj_presence34 of 34 counts in one pass (the helpers of
       _rows.pxd): -1 when a count is above 4, else their sum, the kinds held into *presence.
       With SSE2 (every x86-64), the first 32 counts in two 16-byte registers and the last
       two from a third load (at c + 18, shifted down); else eight at a time in 64-bit words. */
    static inline int mj_scan34(const unsigned char *c, uint64_t *presence) {
        if (!MJ_WORDWISE) {
            if (mj_any_above4(c)) return -1;
            *presence = mj_presence34(c);
            return mj_sum34(c);
        }
    #if defined(__SSE2__)
        {
            const __m128i four = _mm_set1_epi8(4), zero = _mm_setzero_si128();
            __m128i a = _mm_loadu_si128((const __m128i *)c), b = _mm_loadu_si128((const __m128i *)(c + 16));
            /* counts 32 and 33 alone, in the low bytes (a load at c + 18 shifted by 14) */
            __m128i e = _mm_srli_si128(_mm_loadu_si128((const __m128i *)(c + 18)), 14);
            __m128i sums;
            /* a count is at most 4 where min(count, 4) is the count */
            if ((_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(a, four), a))
                 & _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(b, four), b))
                 & _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(e, four), e))) != 0xFFFF) return -1;
            sums = _mm_add_epi64(_mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)), _mm_sad_epu8(e, zero));
            *presence = (uint64_t)(~((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, zero))
                                     | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, zero)) << 16))
                        | (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(e, zero)) & 3) << 32;
            return _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
        }
    #else
        if (c[32] > 4 || c[33] > 4) return -1;
        {
            int t, total = c[32] + c[33];
            uint64_t x, bad = 0, mask = ((uint64_t)(c[32] != 0) << 32) | ((uint64_t)(c[33] != 0) << 33);
            const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
            for (t = 0; t < 32; t += 8) {
                x = mj_word(c + t);
                bad |= ((x + ones * 123) | x) & high;
                total += (int)((x * ones) >> 56);
                x = (x | x >> 1 | x >> 2) & ones;  /* counts of at most 4: three bits */
                mask |= ((x * 0x0102040810204080ULL) >> 56) << t;
            }
            if (bad) return -1;
            *presence = mask;
            return total;
        }
    #endif
    }
    """
    void mj_add_found(const FoundSums* table, const uint8_t* dec, int32_t* sums) noexcept nogil
    unsigned mj_completes(const uint8_t* dec, int wt) noexcept nogil
    int mj_scan34(const uint8_t* c, uint64_t* presence) noexcept nogil


# By decomposition byte and the winning tile's place in its group (0-2): the wait facts
# of a reading completing that group (wait_role), F_CONCEALED_SETS for a pair's; and by
# concealed pungs, _concealed_facts.
cdef uint64_t WAIT_FACTS[4 * 256]
cdef uint64_t CONCEALED_FACTS[8]


def _fill_wait_tables():
    cdef int code, offset, kind, tile
    for code in range(256):
        kind, tile = FOUND_KIND[code], FOUND_TILE[code]
        is_group = FOUND_HOLDS[code] != 0
        for offset in range(4):
            WAIT_FACTS[4 * code + offset] = 0
            if not is_group or offset > 2:
                continue
            if _wait_one_chance(kind, tile, tile + offset):
                WAIT_FACTS[4 * code + offset] |= F_ONE_CHANCE | (F_PAIR_WAIT | F_CONCEALED_SETS if kind == G_PAIR
                                                                 else 0)
            elif kind == G_PUNG:
                WAIT_FACTS[4 * code + offset] |= F_PUNG_WAIT
    for code in range(8):
        CONCEALED_FACTS[code] = _concealed_facts(code)


_fill_wait_tables()


cdef inline int _pairs_other_wait(const uint8_t* c, int win, uint64_t presence) noexcept nogil:
    """Whether 14 concealed tiles ``c`` holding the kinds ``presence``, less the winning
    tile, wait for seven pairs on a kind other than ``win``: six pairs and a single."""
    cdef uint8_t before[34]
    cdef uint64_t pairs, singles
    if mj_popcount64(presence) - (c[win] == 1) != 7:
        return 0
    memcpy(before, c, 34)
    before[win] -= 1
    pairs = mj_at_least34(before, 2)
    singles = mj_at_least34(before, 1) & ~pairs
    return (mj_at_least34(before, 3) == 0 and mj_popcount64(pairs) == 6 and mj_popcount64(singles) == 1
            and singles != (<uint64_t>1) << win)


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


cdef inline int _second_wait_shown(const JokerFilter* jf, const uint8_t* dec, int n_groups, int i, int wt,
                                   const uint8_t* held) noexcept nogil:
    """With jokers: whether this reading, the winning tile ``wt`` natural in its group
    ``i`` of the decomposition ``dec`` (``n_groups`` group bytes), shows at once a second
    tile completing the hand with the jokers where they stand (``held``: S's counts with
    the melds', the tiles the jokers stand for among them): ``wt`` at the open end of a
    run whose other end is still available, the run's other tiles (a joker among them or
    not) kept; or ``wt`` making a pung beside a pair whose tile is still available, no
    joker standing for ``wt`` (the pung less ``wt`` is then a natural pair, and the pair
    with that tile a pung keeping its joker if it has one)."""
    cdef int j, kind = FOUND_KIND[dec[i]], tile = FOUND_TILE[dec[i]]
    if kind == G_CHOW:
        if wt == tile:
            return tile % 9 <= 5 and held[tile + 3] < 4
        return wt == tile + 2 and tile % 9 >= 1 and held[tile - 1] < 4
    if kind != G_PUNG:
        return 0
    for j in range(jf.jokers):
        if jf.d[j] == wt:
            return 0
    for j in range(n_groups):
        if FOUND_KIND[dec[j]] == G_PAIR and held[FOUND_TILE[dec[j]]] < 4:
            return 1
    return 0


cdef inline int _found_cell(int code, int seat, int prevailing) noexcept nogil:
    """The set-table cell of a decomposition byte's group, concealed."""
    cdef int atom = FOUND_ATOM[code]
    if atom == A_ROW_WIND:
        atom = _atom(FOUND_KIND[code], FOUND_TILE[code], seat, prevailing)
    return _cell_of(FOUND_KIND[code], 1, atom)


cdef inline uint64_t _joker_single_once(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec,
                                       int* due, uint64_t single) noexcept nogil:
    """The single-wait fact of a row with jokers, worked out the first time a reading
    of ``wt`` needs it (``due``); else ``single`` as it is."""
    if due[0]:
        due[0] = 0
        return c_joker_single(jf, wt, found, n_dec)
    return single


cdef inline int _both_ways(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec, int* due,
                           uint64_t* single, const Best* best, Best* with_single) noexcept nogil:
    """Whether to fold a reading both with and without the single-wait fact before
    searching for the row's waits: in a bulk call (``jf.totals_only``), while the fact
    is unknown and no decomposition of S can prove a second wait cheaply (the search then
    takes about a microsecond). If so, ``with_single`` starts as ``best``; if not,
    ``single`` is the fact (_joker_single_once)."""
    if jf == NULL or not jf.totals_only or not due[0] or n_dec:
        single[0] = _joker_single_once(jf, wt, found, n_dec, due, single[0])
        return 0
    with_single[0] = best[0]
    return 1


cdef inline uint64_t _settle_single(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec,
                                    int* due, uint64_t single, const Best* with_single,
                                    Best* best) noexcept nogil:
    """After _both_ways' two folds (``best`` without the fact, ``with_single`` with it): if
    they keep the same total and special hand, the fact changes nothing a bulk call keeps
    and stays unknown; else it is worked out, and ``best`` takes the fold it holds for."""
    if (with_single.found == best.found and with_single.total == best.total
            and with_single.special == best.special):
        return single
    single = _joker_single_once(jf, wt, found, n_dec, due, single)
    if single:
        best[0] = with_single[0]
    return single


cdef int c_score_readings(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                         int prevailing, const Tables* r, const uint8_t* held, uint64_t presence,
                         const Group* melds, int n_melds, int exposed, int total, uint64_t base,
                         const JokerFilter* jf, Best* best, const SuitLookup* ahead) noexcept nogil:
    """Every reading of a complete row (``c`` its concealed counts, ``held`` with the melds'),
    folded into ``best``; with ``jf``, ``c`` is the natural hand a hand with jokers stands
    for and only the readings keeping the jokers where they may stand count
    (joker_readings.readings)."""
    # This body sits at gcc's inlining budget for a large function. Code added to it, even
    # on a path few rows take, has pushed c_fold out of line (about +50 instructions a
    # babcock row) or moved the hot loop's registers (+10 to +25): count the instructions
    # (benchmarks/instructions.py) after any change here, not only the time.
    cdef uint8_t found[5 * MAX_DECOMPOSITIONS + 3]  # (+3: mj_completes reads 8 bytes)
    cdef Group groups[9]
    cdef int t, k
    cdef int wt, first, last, d, j, i, code, kind, n_groups, n_dec, kongs
    cdef uint64_t facts, single, dec_facts, threes, tile_base, pair_tiles, fours
    cdef uint64_t sets_self, wait_mask  # the concealed-sets fact of every reading; the wait facts kept
    cdef int single_due         # with jokers: the single-wait fact is worked out when first needed
    cdef int both, way          # with jokers in a bulk call: fold with and without it first
    cdef Best with_single
    cdef Best* into
    cdef int concealed, cell, exposed_cell, open_group, pairs, n_fixed, n_shaped, n_made, shape_wins, pair_forms
    cdef uint32_t counters, runs, meld_counters, meld_runs
    cdef int64_t set_points, set_doubles, meld_points, meld_doubles, std_points, std_doubles, points, doubles
    cdef int n_std
    cdef const Patterns* p = r.pat
    cdef uint8_t kinds[8]       # the groups a pattern is matched against: kind, first tile,
    cdef uint8_t firsts[8]      # concealed; a standard reading's groups then its melds
    cdef uint8_t hidden[8]
    cdef FixedHit fixed[MAX_FIXED]
    cdef int16_t quant[MAX_CANDIDATES]
    cdef int16_t items[MAX_CANDIDATES]
    cdef int32_t situational[MAX_CANDIDATES]
    cdef int n_quant, n_items, n_situational, fixed_may
    cdef uint64_t left, items_left  # the variants of each table the row may fill (Patterns.both_index)
    cdef Candidates cands
    cdef int16_t shaped[MAX_FIXED]
    cdef int16_t made[MAX_HANDS_MATCHED]
    cdef int16_t fit[FIT_RUN]         # the hands a reading's groups fill (_fitting), and how many
    cdef int n_fit = 0, fitted        # (fitted: for this decomposition's groups)
    cdef int resume = -1              # where _fitting stopped, when it could not list them all
    cdef uint64_t item_facts = 0
    cdef uint64_t natural_tiles[5]   # with jokers: per group, the tiles it holds naturally
    cdef const uint8_t* dec
    cdef int32_t sums[4]        # a reading's FoundSums, summed
    cdef uint32_t completes
    cdef SuitRead suits         # what c_decompose_ahead read, for the single-wait test
    first = 0 if win == ANY_TILE else win
    last = 33 if win == ANY_TILE else win
    fixed_may = (jf == NULL or jf.may_fixed) and c_fixed_may(p, presence)
    if fixed_may:  # (rare but for rows of special hands: their slot loads while the suits are read)
        c_fixed_prefetch(p, held)
    n_dec = c_decompose_ahead(c, found, &suits, ahead)  # at most 4 ways per suit: 64 fit in `found`
    meld_counters = meld_runs = 0
    for k in range(4):  # (0 for 0xFF: no branch on whether a row has melds)
        meld_counters += MELD_COUNTERS[m[k]]
        meld_runs += RUN_COUNTS[m[k]]
    if r.claimed_concealed:  # claimed kongs count among the concealed pungs and kongs
        meld_counters += (<uint32_t>_claimed_count(w)) << C_CONCEALED
    best.bonus = _bonus_count(w) if w >> FLOWER_SHIFT & 0xFF else 0
    meld_points = meld_doubles = 0
    _add_sets(r, melds, n_melds, &meld_points, &meld_doubles)
    std_points, std_doubles = meld_points, meld_doubles  # a standard reading's, before its groups
    if n_dec:  # (the same in every standard reading: winds make the same groups in each)
        _row_winds(r, c, seat, prevailing, &std_points, &std_doubles)
    n_std = 5 - n_melds  # the concealed groups of every standard reading
    kongs = 0  # (the only kongs of a reading)
    for k in range(n_melds):  # every standard reading has 5 - n_melds groups, then the melds
        kinds[5 - n_melds + k] = melds[k].kind
        firsts[5 - n_melds + k] = melds[k].tile
        hidden[5 - n_melds + k] = melds[k].concealed
        kongs += melds[k].kind == G_KONG
    # a reading of seven pairs can win only by the shape or by a special hand of pairs
    pairs = (_pairs_form(c, n_melds, total, presence) if (r.shapes & 1 or p.has_pairs) and (jf == NULL or jf.pairs)
             else -1)
    pair_forms = (1 << FORM_PAIRS_KONGS | (1 << FORM_PAIRS if pairs == FORM_PAIRS else 0)) if pairs >= 0 else 0
    # (a claimed kong stands for a kong of a fixed hand as a concealed one does where the rule
    # set's claimed kongs keep the hand concealed: matching.fixed_variants)
    n_fixed = (c_fixed_lookup(p, held, m, (w >> CLAIMED_SHIFT) & 0xF if r.claimed_concealed else 0, fixed)
               if fixed_may else 0)
    if jf != NULL and n_fixed:
        n_fixed = c_fixed_allowed(jf, fixed, n_fixed)
    # what this row can make at all, so most readings try nothing
    threes = mj_at_least34(held, 3) if p.n_quant or p.n_items else 0
    # (a row that reads as no seven pairs makes no hand of pairs)
    if p.both_indexed and jf == NULL:  # both tables in one index: one read for the two
        left = c_index_left(&p.both_index, 1 << FORM_STANDARD | pair_forms, kongs, presence, threes)
        items_left = left >> p.n_quant
        left &= ~(~(<uint64_t>0) << p.n_quant)
        n_quant = (c_table_candidates(p, 0, left, held, presence, threes, base, BASE_FACTS, not exposed, quant)
                   if left else 0)
        n_items = (c_table_candidates(p, 1, items_left, held, presence, threes, base, BASE_FACTS, not exposed,
                                      items) if items_left else 0)
    else:
        n_quant = (_row_candidates(p, 0, jf, 1 << FORM_STANDARD | pair_forms, kongs, held, presence, threes, base,
                                   not exposed, quant) if p.n_quant else 0)
        n_items = (_row_candidates(p, 1, jf, ALL_FORMS, kongs, held, presence, threes, base, not exposed, items)
                   if p.n_items else 0)
    n_situational = 0
    cands.situational = situational
    if p.n_situational > MAX_CANDIDATES:  # too many to filter into the array: try them all
        cands.situational = p.situational
        n_situational = p.n_situational
    elif base & p.situational_gate:
        n_situational = _situational_candidates(p, base, exposed, situational)
    cands.quant = quant
    cands.n_quant = n_quant if n_quant >= 0 else p.n_quant
    cands.all_quant = n_quant < 0
    cands.n_situational = n_situational
    sets_self = F_CONCEALED_SETS * ((exposed == 0) & ((w & W_SELF_DRAWN) != 0))
    wait_mask = ~(F_CONCEALED_SETS * (exposed != 0))
    for wt in range(first, last + 1):
        if c[wt] == 0 or (w & W_ROBBING and held[wt] != 1):
            continue
        single = 0
        single_due = 0
        tile_base = base | F_FOURTH_TILE if held[wt] == 4 else base
        if jf != NULL:  # the winning tile is a natural one; its waits are found with the jokers
            if jf.natural[wt] == 0:
                continue
            single_due = 1  # (a search: many substitutions keep no reading for wt)
        elif r.used & F_SINGLE_WAIT:
            if n_dec:
                # a standard reading leaves standard waits, and without melds seven pairs
                # (no thirteen orphans: a set of them needs a third tile of a kind): the
                # tables of the suits the decomposition read tell whether another tile
                # completes the hand too
                single = 0 if (c_other_wait_read(c, wt, held, &suits)
                               or not n_melds and _pairs_other_wait(c, wt, presence)) else F_SINGLE_WAIT
            elif _single_wait(c, held, wt):
                single = F_SINGLE_WAIT
        # a fixed-shape hand is made by the tiles: every reading of them makes it
        n_shaped = 0
        for k in range(n_fixed):  # entries come in hand order
            if fixed[k].win_tiles >> wt & 1 and (n_shaped == 0 or shaped[n_shaped - 1] != fixed[k].hand):
                shaped[n_shaped] = fixed[k].hand
                n_shaped += 1
        for d in range(n_dec):
            dec = &found[5 * d]
            if jf != NULL and not c_decomposition_allowed(jf, dec, natural_tiles):
                continue
            # The concealed groups, sorted with NO_GROUP last; the melds' share is in
            # meld_counters and std_points.
            sums[0] = <int32_t>meld_counters
            sums[1] = <int32_t>meld_runs
            sums[2] = sums[3] = 0
            mj_add_found(r.found, dec, sums)
            counters = <uint32_t>sums[0]
            runs = <uint32_t>sums[1]
            set_points = std_points + sums[2]
            set_doubles = std_doubles + sums[3]
            n_groups = n_std
            completes = mj_completes(dec, wt)  # bit i: group i holds the winning tile (read once)
            if _counter(counters, C_CHOWS) > r.max_chows:
                continue
            dec_facts = _set_facts(r, counters, runs)
            concealed = _counter(counters, C_CONCEALED)
            fitted = 0
            while completes:
                i = mj_ctz64(completes)
                completes &= completes - 1
                code = dec[i]
                if jf != NULL and not (natural_tiles[i] >> wt) & 1:
                    continue  # the winning tile would be a joker there
                if single_due and _second_wait_shown(jf, dec, n_groups, i, wt, held):
                    single_due = 0  # not a single wait, for every reading of the row
                    jf.single_known[0] |= (<uint64_t>1) << wt
                single = _joker_single_once(jf, wt, found, n_dec, &single_due, single)
                kind = FOUND_KIND[code]
                facts = tile_base | single | dec_facts | sets_self | WAIT_FACTS[4 * code + wt - FOUND_TILE[code]] & wait_mask
                best.reading[0] = wt
                best.reading[1] = SHAPE_STANDARD
                best.reading[2] = d
                best.reading[3] = i
                memcpy(best.groups, dec, 5)
                points = set_points
                doubles = set_doubles
                open_group = 0
                if w & W_SELF_DRAWN:
                    facts |= CONCEALED_FACTS[concealed]
                else:
                    # Completed by a discard, the group counts as exposed (a pung then is
                    # no concealed triplet).
                    cell = _found_cell(code, seat, prevailing)
                    exposed_cell = cell - 7
                    points += r.set_points[exposed_cell] - r.set_points[cell]
                    doubles += r.set_doubles[exposed_cell] - r.set_doubles[cell]
                    facts |= CONCEALED_FACTS[concealed - (kind == G_PUNG)]
                    open_group = 1
                n_made = 0
                if n_quant or n_items or n_shaped or n_situational and _situational_may(p, &cands, facts):
                    if open_group or not fitted:  # (the groups change with the open group alone)
                        for j in range(n_groups):
                            kinds[j] = FOUND_KIND[dec[j]]
                            firsts[j] = FOUND_TILE[dec[j]]
                            hidden[j] = not (open_group and j == i)
                        item_facts = _item_facts(p, items, n_items, presence, kinds, firsts, hidden, 5) if n_items else 0
                        n_fit, resume = 0, -1
                        if cands.n_quant:
                            resume = 0
                            n_fit = _fitting(p, &cands, 1 << FORM_STANDARD, presence, kinds, firsts, hidden, 5, fit,
                                             &resume)
                        fitted = 1
                    facts |= item_facts
                    n_made = _hands_made(p, &cands, fit, n_fit, resume, 1 << FORM_STANDARD, presence, kinds, firsts,
                                         hidden, 5, shaped, n_shaped, facts, wt, not exposed, made)
                if _formed(p, made, n_made) or _plain_wins(r, facts):
                    c_fold(r, points, doubles, facts, wt, made, n_made, best)
        if pairs >= 0:
            n_groups = 0
            pair_tiles = mj_at_least34(c, 2)  # (every count 2 or 4: a kind held four times twice)
            fours = mj_at_least34(c, 4)
            while pair_tiles:
                t = mj_ctz64(pair_tiles)
                pair_tiles &= pair_tiles - 1
                for k in range(1 + (fours >> t & 1)):
                    groups[n_groups].kind = G_PAIR
                    groups[n_groups].tile = t
                    groups[n_groups].concealed = 1
                    groups[n_groups].atom = _atom(G_PAIR, t, seat, prevailing)
                    kinds[n_groups] = G_PAIR
                    firsts[n_groups] = t
                    hidden[n_groups] = 1
                    n_groups += 1
            shape_wins = pairs == FORM_PAIRS and r.shapes & 1
            n_fit, resume = 0, -1
            if cands.n_quant:
                resume = 0
                n_fit = _fitting(p, &cands, pair_forms, presence, kinds, firsts, hidden, n_groups, fit, &resume)
            both = _both_ways(jf, wt, found, n_dec, &single_due, &single, best, &with_single)
            for way in range(1 + both):  # both: with the fact into with_single, then without
                into = &with_single if both and way == 0 else best
                facts = tile_base | (F_SINGLE_WAIT if both and way == 0 else single) | F_ONE_CHANCE | F_NO_CHOWS
                if not exposed:
                    facts |= F_CONCEALED_SETS
                n_made = _hands_made(p, &cands, fit, n_fit, resume, pair_forms, presence, kinds, firsts, hidden,
                                     n_groups, shaped, n_shaped, facts, wt, 1, made)
                if not shape_wins and not _made_apart(p, made, n_made, shaped, n_shaped):
                    # only a fixed-shape hand goes out here, read by itself below: these pairs
                    # are no hand of their own, so they claim no "no chows" (readings.readings)
                    facts &= ~F_NO_CHOWS
                    n_made = _hands_made(p, &cands, fit, n_fit, resume, pair_forms, presence, kinds, firsts,
                                         hidden, n_groups, shaped, n_shaped, facts, wt, 1, made)
                if _formed(p, made, n_made) or (shape_wins and _plain_wins(r, facts)):
                    into.reading[0] = wt
                    into.reading[1] = SHAPE_PAIRS
                    into.reading[2] = -1
                    into.reading[3] = -1
                    memset(into.groups, NO_GROUP, 5)
                    set_points = set_doubles = 0
                    _add_sets(r, groups, n_groups, &set_points, &set_doubles)
                    c_fold(r, set_points, set_doubles, facts, wt, made, n_made, into)
            if both:
                single = _settle_single(jf, wt, found, n_dec, &single_due, single, &with_single, best)
        if n_shaped:  # and so does the special shape itself, read with no sets
            both = _both_ways(jf, wt, found, n_dec, &single_due, &single, best, &with_single)
            for way in range(1 + both):
                into = &with_single if both and way == 0 else best
                facts = (tile_base | (F_SINGLE_WAIT if both and way == 0 else single)
                         | (F_ONE_CHANCE if c[wt] == 2 else 0))
                for k in range(n_shaped):
                    if not r.runless[shaped[k]]:
                        break
                else:
                    facts |= F_NO_CHOWS
                if not exposed:
                    facts |= F_CONCEALED_SETS
                n_made = _hands_made(p, &cands, fit, 0, -1, 0, presence, kinds, firsts, hidden, 0, shaped,
                                     n_shaped, facts, wt, not exposed, made)
                for k in range(n_made):
                    for j in range(n_shaped):
                        if made[k] == shaped[j]:
                            break
                    else:
                        continue
                    into.reading[0] = wt
                    into.reading[1] = SHAPE_SPECIAL
                    into.reading[2] = made[k]
                    into.reading[3] = -1
                    memset(into.groups, NO_GROUP, 5)
                    c_fold(r, 0, 0, facts, wt, made, n_made, into)
                    break
            if both:
                single = _settle_single(jf, wt, found, n_dec, &single_due, single, &with_single, best)
    return S_OK if best.found else S_NOT_WINNING


cdef inline int _row_candidates(const Patterns* p, int is_item, const JokerFilter* jf, int forms, int kongs,
                                const uint8_t* held, uint64_t presence, uint64_t threes, uint64_t base,
                                int concealed_hand, int16_t* out) noexcept nogil:
    """A row's candidate variants of one table (p.items with ``is_item``, else p.quant;
    c_candidates' contract): with ``jf`` narrowed to its substitutions' candidates, those,
    behind the table's gates; else the index's (c_index_left, read without a branch: most
    rows of sets get none, where the gates passed a third of western's into a search that
    found none) and, past the index's 64 variants, the rest behind the gates."""
    cdef int n_among = -1
    cdef uint64_t left = 0
    if jf != NULL:
        n_among = jf.n_items if is_item else jf.n_quant
    if n_among < 0:
        left = c_index_left(&p.items_index if is_item else &p.quant_index, forms, kongs, presence, threes)
        if not left and ((p.n_items if is_item else p.n_quant) <= 64
                         or not _table_may_fill(p, is_item, forms, presence, threes)):
            return 0
        return c_table_candidates(p, is_item, left, held, presence, threes, base, BASE_FACTS, concealed_hand, out)
    if not _table_may_fill(p, is_item, forms, presence, threes):
        return 0
    return c_candidates(p, p.items if is_item else p.quant, jf.items if is_item else jf.quant, n_among, is_item,
                        held, presence, threes, base, BASE_FACTS, concealed_hand, out)


cdef inline int _table_may_fill(const Patterns* p, int is_item, int forms, uint64_t presence,
                                uint64_t threes) noexcept nogil:
    """The table's gates (c_may_fill, c_forms_may_fill): whether the row may fill any variant."""
    if is_item:
        return (c_may_fill(p.items_loose, p.items_threes, p.items_threes_tiles, presence, threes)
                and c_forms_may_fill(p.items_loose_upto, forms, presence, threes))
    return (c_may_fill(p.quant_loose, p.quant_threes, p.quant_threes_tiles, presence, threes)
            and c_forms_may_fill(p.quant_loose_upto, forms, presence, threes))


cdef inline int _pairs_form(const uint8_t* c, int n_melds, int total, uint64_t presence) noexcept nogil:
    """How 14 concealed tiles read as seven pairs (matching.pairs_form): FORM_PAIRS,
    FORM_PAIRS_KONGS, or -1. ``presence``: the kinds the row holds (counts at most 4, as
    a checked row's are)."""
    cdef uint64_t fours
    # By masks (no count of one or three), where a loop would end anywhere in the row.
    # Most rows hold a kind once and end at the first mask: a branch the predictor learns,
    # where "at most seven kinds" (implied by fourteen tiles of counts two or four) was
    # a coin toss on rows of sets
    if n_melds or total != 14:
        return -1
    if presence & ~mj_at_least34(c, 2):
        return -1
    fours = mj_at_least34(c, 4)
    if mj_at_least34(c, 3) & ~fours:
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


cdef inline int _situational_candidates(const Patterns* p, uint64_t base, int exposed,
                                        int32_t* out) noexcept nogil:
    """The situational hands whose row conditions (c_row_conditions) ``base`` meets, into
    ``out``; how many."""
    cdef int k, n = 0
    cdef uint64_t left
    cdef const Situational* sit
    if p.situational_bytes:  # at most 64 hands: one lookup per byte of facts they read
        left = ~(<uint64_t>0) >> (64 - p.n_situational)
        for k in range(p.situational_bytes):
            left &= ~p.situational_out[256 * k + ((base >> (8 * p.situational_byte[k])) & 0xFF)]
        if exposed:
            left &= ~p.situational_concealed
        while left:
            out[n] = p.situational[mj_ctz64(left)]
            left &= left - 1
            n += 1
        return n
    for k in range(p.n_situational):
        sit = &p.situational_rows[k]
        if base & sit.need == sit.need and not base & sit.forbid and (not exposed or not sit.concealed):
            out[n] = sit.hand
            n += 1
    return n


cdef inline int _situational_may(const Patterns* p, const Candidates* cands, uint64_t facts) noexcept nogil:
    """Whether a hand made by the situation alone may hold with these facts (its ``when``
    facts at least; before the item facts, which no such hand names): most readings
    of most rows show that none can, without the groups written out."""
    cdef int k, h
    for k in range(cands.n_situational):
        h = cands.situational[k]
        if (facts & p.when[h]) == p.when[h]:
            return 1
    return 0


cdef inline int _made_apart(const Patterns* p, const int16_t* made, int n_made,
                            const int16_t* shaped, int n_shaped) noexcept nogil:
    """Whether a reading makes a hand other than the situation's and the fixed shapes'."""
    cdef int k, j
    for k in range(n_made):
        for j in range(p.n_situational):
            if p.situational[j] == made[k]:
                break
        else:
            for j in range(n_shaped):
                if shaped[j] == made[k]:
                    break
            else:
                return 1
    return 0


cdef inline int _formed(const Patterns* p, const int16_t* made, int n_made) noexcept nogil:
    """Whether the hands a reading makes include one of tiles: a hand made by the situation
    alone scores on a reading that goes out, but makes none go out (readings._formed)."""
    cdef int k, j, alone
    for k in range(n_made):
        alone = 0
        for j in range(p.n_situational):
            if p.situational[j] == made[k]:
                alone = 1
                break
        if not alone:
            return 1
    return 0


cdef enum:
    FIT_RUN = 64            # the hands of groups a reading lists at a time (_fitting)


cdef int _fitting(const Patterns* p, const Candidates* cands, int forms, uint64_t held,
                  const uint8_t* kinds, const uint8_t* firsts, const uint8_t* hidden, int n,
                  int16_t* fit, int* resume) noexcept nogil:
    """The hands whose candidate variants of ``forms`` a reading's groups fill, in file
    order, one entry for the first variant of a hand that fits: what _hands_made asks of
    the groups alone, so the readings of one decomposition that differ only in their
    facts (the group the winning tile completes, self-drawn) match the patterns once.
    From candidate ``resume[0]`` on, at most FIT_RUN of them (a rule file of many hands
    of groups may have more): ``resume[0]`` is then the candidate to go on from, -1 once
    every one is read."""
    cdef int k, v, h, n_fit = 0, last = -1
    for k in range(resume[0], cands.n_quant):
        v = k if cands.all_quant else cands.quant[k]
        h = p.quant[v].hand
        if h == last or not (forms >> p.quant[v].form) & 1:
            continue
        if c_fits(p, &p.quant[v], held, kinds, firsts, hidden, n):
            if n_fit == FIT_RUN:
                resume[0] = k
                return n_fit
            last = h  # the hand's other variants need no check
            fit[n_fit] = h
            n_fit += 1
    resume[0] = -1
    return n_fit


cdef int _hands_made(const Patterns* p, const Candidates* cands, const int16_t* fit, int n_fit, int resume,
                     int forms, uint64_t held, const uint8_t* kinds, const uint8_t* firsts, const uint8_t* hidden,
                     int n, const int16_t* shaped, int n_shaped, uint64_t facts, int wt, int concealed_hand,
                     int16_t* out) noexcept nogil:
    """The special hands a reading makes whose situation holds, in file order (at most
    MAX_HANDS_MATCHED): of those its groups fill (``fit``, _fitting's, and those past it
    from candidate ``resume`` when it could not list them all), the fixed-shape hands its
    tiles make, and the hands made by the situation alone (readings.readings)."""
    cdef int16_t more[FIT_RUN]
    cdef int k, h, n_out = 0
    for k in range(n_fit):
        if c_conditions(p, fit[k], facts, wt, concealed_hand):
            n_out = c_add_hand(out, n_out, fit[k])
    while resume >= 0:  # (a hand listed twice, across two lists, is added once)
        n_fit = _fitting(p, cands, forms, held, kinds, firsts, hidden, n, more, &resume)
        for k in range(n_fit):
            if c_conditions(p, more[k], facts, wt, concealed_hand):
                n_out = c_add_hand(out, n_out, more[k])
    for k in range(n_shaped):
        if c_conditions(p, shaped[k], facts, wt, concealed_hand):
            n_out = c_add_hand(out, n_out, shaped[k])
    for k in range(cands.n_situational):
        h = cands.situational[k]
        if c_conditions(p, h, facts, wt, concealed_hand):
            n_out = c_add_hand(out, n_out, h)
    return n_out


from libc.stdint cimport int16_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from mjscore.score._fold cimport Best, Tables, _add_sets, c_fold
from mjscore.core._group_codes cimport G_CHOW, G_KONG, G_PAIR, G_PUNG, NO_GROUP
from mjscore.rules._pattern_kernel cimport MAX_HANDS_MATCHED
from mjscore.score._fold cimport (A_ROW_WIND, ANY_TILE, C_CHOWS, C_CONCEALED, C_DRAGON_PAIRS, C_DRAGONS,
                                   C_KONGS, C_TRIPLETS, C_WIND_PAIRS, C_WINDS, CLAIMED_SHIFT, FLOWER_SHIFT,
                                   MELD_INFO, NO_TILE, S_BAD_CONTEXT, S_BAD_COUNT, S_BAD_MELD, S_OK,
                                   S_WRONG_SIZE, SHAPE_LOSING, W_DEALER, W_EARTH, W_HEAVEN, W_KONG_ON_KONG,
                                   GATE_ROW, GATE_WORDS, KINDS_PROFILES, KONG_COUNTS, MANY_SETS, PROFILES, SET_COUNTS,
                                   TILE_FACTS,
                                   W_KONG_REPLACEMENT, W_ROBBING, W_SELF_DRAWN, W_WINNER, Group, MeldInfo,
                                   _atom, _bonus_count, _claimed_count, _concealed_facts, _counter,
                                   _kinds_profile, _open_melds, _situation_facts, _tile_facts, _triplet_facts,
                                   mj_ctz64)
from mjscore.rules._pattern_kernel cimport Patterns, Situational
from mjscore.core._bits cimport mj_popcount64


cdef int _read_melds(const uint8_t* m, const uint8_t* c, uint32_t w, uint8_t* held, Group* melds,
                     int* n_melds, int* exposed, int* kongs, int seat, int prevailing) noexcept nogil:
    """Validate the meld bytes (and the word's claimed-kong marks: each on an exposed kong)
    and add their tiles to ``held``; ``exposed`` counts the exposed melds, ``kongs`` the
    kongs. A status."""
    cdef int k, t
    cdef uint32_t claimed = (w >> CLAIMED_SHIFT) & 0xF
    cdef const MeldInfo* info
    cdef Group* g
    n_melds[0] = 0
    exposed[0] = 0
    kongs[0] = 0
    memcpy(held, c, 34)
    for k in range(4):
        if m[k] == NO_GROUP:
            continue
        info = &MELD_INFO[m[k]]
        if info.n == 0 or (claimed >> n_melds[0]) & 1 and (info.kind != G_KONG or info.concealed):
            return S_BAD_MELD
        t = info.tile
        if info.kind == G_CHOW:
            held[t] += 1
            held[t + 1] += 1
            held[t + 2] += 1
        else:
            held[t] += info.n
        g = &melds[n_melds[0]]
        g.kind = info.kind
        g.tile = t
        g.concealed = info.concealed
        g.atom = _atom(info.kind, t, seat, prevailing) if info.atom == A_ROW_WIND else info.atom
        exposed[0] += not info.concealed
        kongs[0] += info.kind == G_KONG
        n_melds[0] += 1
    if claimed >> n_melds[0]:
        return S_BAD_MELD  # a claimed mark on no meld
    return S_OK


cdef int c_check_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                           int prevailing, int jokers, uint8_t* held, Group* melds, int* n_melds,
                           int* exposed, int* total) noexcept nogil:
    """The row's checks (``_score_reference.row_status``), ``jokers`` held concealed counted
    as tiles; fills ``held`` (the melds' tiles added), the melds and the tile total."""
    cdef uint64_t presence
    return _check_row(c, m, win, w, seat, prevailing, jokers, held, melds, n_melds, exposed, total, &presence)


cdef inline int _check_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                           int prevailing, int jokers, uint8_t* held, Group* melds, int* n_melds,
                           int* exposed, int* total, uint64_t* presence) noexcept nogil:
    """c_check_row, and the kinds ``c`` holds into ``presence`` (read in the same pass)."""
    cdef int status, kongs, winner = (w & W_WINNER) != 0
    cdef int tiles = mj_scan34(c, presence)
    if tiles < 0:
        return S_BAD_COUNT
    total[0] = tiles
    if m[0] & m[1] & m[2] & m[3] == NO_GROUP:  # no meld (most rows): _read_melds' checks of none
        memcpy(held, c, 34)
        n_melds[0] = exposed[0] = kongs = 0
        if (w >> CLAIMED_SHIFT) & 0xF:
            return S_BAD_MELD
    else:
        status = _read_melds(m, c, w, held, melds, n_melds, exposed, &kongs, seat, prevailing)
        if status:
            return status
        if mj_any_above4(held):  # a melded tile held more than four times (the concealed are not)
            return S_BAD_COUNT
    # a hand that did not go out may hold bonus tiles alone (issue 31: a player's hand as shown)
    if ((total[0] + jokers + 3 * n_melds[0] != 14) if winner else
            not (0 if w >> FLOWER_SHIFT & 0xFF else 1) <= total[0] + jokers + 3 * n_melds[0] <= 13):
        return S_WRONG_SIZE
    if not winner and win != ANY_TILE:
        return S_BAD_CONTEXT
    if winner and win != ANY_TILE:
        if win >= 34 or c[win] == 0:
            return S_BAD_CONTEXT
        if w & W_ROBBING and held[win] != 1:
            return S_BAD_CONTEXT
    # (one branch each: their parts are data)
    if winner & (((w & W_KONG_REPLACEMENT) != 0) & (kongs == 0) | ((w & W_KONG_ON_KONG) != 0) & (kongs < 2)):
        return S_BAD_CONTEXT
    if (n_melds[0] != 0) & ((w & (W_HEAVEN | W_EARTH)) != 0):
        return S_BAD_CONTEXT
    return S_OK


cdef int c_score_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                    int prevailing, const Tables* r, Best* best, const SuitLookup* ahead) noexcept nogil:
    """Validate and score one row (``_score_reference.score_many``); its status."""
    cdef uint8_t held[34]
    cdef Group melds[4]
    cdef int n_melds, exposed, status, total, kinds
    cdef uint64_t base, presence
    best.found = 0
    best.total = 0
    best.special = -1
    best.n_matched = 0
    status = _check_row(c, m, win, w, seat, prevailing, 0, held, melds, &n_melds, &exposed, &total, &presence)
    if status:
        return status
    if n_melds:  # the kinds of the melds' tiles too
        presence = mj_presence34(held)
    kinds = _kinds_profile(presence)
    base = _situation_facts(r, w, seat, exposed) | TILE_FACTS[kinds] | r.no_jokers
    if not w & W_WINNER:
        return c_score_losing(c, m, held, presence, kinds, total, w, seat, prevailing, r, melds, n_melds, base,
                              best)
    return c_score_readings(c, m, win, w, seat, prevailing, r, held, presence, melds, n_melds,
                           _open_melds(r, w, exposed), total, base, NULL, best, ahead)


cdef int c_score_losing(const uint8_t* c, const uint8_t* m, const uint8_t* held, uint64_t presence,
                        int kinds_profile, int concealed, uint32_t w, int seat, int prevailing, const Tables* r,
                        const Group* melds, int n_melds, uint64_t base, Best* best) noexcept nogil:
    """A hand that did not go out: its melds, concealed pungs and pairs, the facts of its
    pungs and kongs, and the rule set's calling hands it holds (``presence``: the kinds
    ``held`` holds, ``kinds_profile`` their _kinds_profile; ``concealed``: the tiles ``c``
    holds)."""
    cdef Group groups[17]
    cdef int t, k, n_groups, sets, n_made = 0
    cdef uint32_t counters = 0
    cdef int64_t set_points, set_doubles
    cdef int16_t made[MAX_HANDS_MATCHED]
    if not r.losers:  # a zero score, read as a losing hand with no groups
        best.found = 1
        best.points = 0
        best.doubles = 0
        best.applied = 0
        best.best_reading[0] = NO_TILE
        best.best_reading[1] = SHAPE_LOSING
        best.best_reading[2] = -1
        best.best_reading[3] = -1
        memset(best.best_groups, NO_GROUP, 5)
        return S_OK
    memcpy(groups, melds, n_melds * sizeof(Group))
    n_groups = n_melds
    for t in range(34):
        if c[t] >= 2:
            groups[n_groups].kind = G_PUNG if c[t] >= 3 else G_PAIR
            groups[n_groups].tile = t
            groups[n_groups].concealed = 1
            groups[n_groups].atom = _atom(groups[n_groups].kind, t, seat, prevailing)
            n_groups += 1
    for k in range(n_groups):
        counters += _group_counters(&groups[k])
    if r.claimed_concealed:
        counters += (<uint32_t>_claimed_count(w)) << C_CONCEALED
    base |= _triplet_facts(r, counters) | _concealed_facts(_counter(counters, C_CONCEALED))
    best.bonus = _bonus_count(w)
    if r.n_calling:
        sets = _counter(counters, C_TRIPLETS)
        n_made = _calling_hands(c, m, held, presence,
                                ((kinds_profile & (KINDS_PROFILES - 1)) * KONG_COUNTS + _counter(counters, C_KONGS))
                                * SET_COUNTS + (sets >= MANY_SETS), sets, concealed + 3 * n_melds, w, seat,
                                prevailing, r, melds, n_melds, base, made)
    best.reading[0] = NO_TILE
    best.reading[1] = SHAPE_LOSING
    best.reading[2] = -1
    best.reading[3] = -1
    memset(best.groups, NO_GROUP, 5)
    set_points = set_doubles = 0
    _add_sets(r, groups, n_groups, &set_points, &set_doubles)
    c_fold(r, set_points, set_doubles, base, NO_TILE, made, n_made, best)
    return S_OK


cdef inline uint32_t _group_counters(const Group* g) noexcept nogil:
    """A group's share of the reading counters (_fold's per-byte tables, for a Group)."""
    cdef int dragon = g.tile >= 31, wind = 27 <= g.tile <= 30
    if g.kind == G_CHOW:
        return 1 << C_CHOWS
    if g.kind == G_PAIR:
        return dragon << C_DRAGON_PAIRS | wind << C_WIND_PAIRS
    return (1 << C_TRIPLETS | (g.kind == G_KONG) << C_KONGS | g.concealed << C_CONCEALED
            | dragon << C_DRAGONS | wind << C_WINDS)


cdef int _calling_hands(const uint8_t* c, const uint8_t* m, const uint8_t* held, uint64_t held_presence,
                        int profile, int sets, int total, uint32_t w, int seat, int prevailing, const Tables* r,
                        const Group* melds, int n_melds, uint64_t facts, int16_t* made) noexcept nogil:
    """The calling hands (score.calling.calling_hands) of a hand that did not go out whose
    losing reading holds ``facts``, in file order, into ``made``; how many (``profile``: the
    word of its kinds, declared kongs and sets, rules.calling.gates_by_profile; ``sets``: its
    pungs and kongs, declared or concealed). Each tile the
    hand holds fewer than four of is added as if drawn from the wall, and the hand scored
    under the calling hand's deciding rule set; the tiles tried are the standard or
    seven-pairs waits within the gates the hand passes (rules.calling.calling_gates), and
    those its near-presence table gives for the fixed-shape targets."""
    cdef uint8_t c2[34]
    cdef uint8_t held2[34]
    cdef int k, t, h, kinds, n_made = 0
    cdef uint64_t tiles, waits, shaped, presence, fixed, others, worth, hands
    cdef FixedHit fixed_found[MAX_FIXED]
    cdef uint32_t w2
    cdef const Tables* d
    cdef const Patterns* p = r.pat
    cdef Best one
    if total != 13:
        return 0
    waits = NOT_YET
    # as if drawn from the wall: the winner's word keeps the bonus tiles and claimed kongs
    w2 = W_WINNER | W_SELF_DRAWN | (w & W_DEALER) | (w & ((<uint32_t>0xFFF) << FLOWER_SHIFT))
    kinds = -1  # the kinds held, counted when a fixed-shape target needs them
    hands = r.calling_by_profile[profile]
    while hands:
        k = mj_ctz64(hands)
        hands &= hands - 1
        h = r.calling[k]
        worth = r.calling_gates[k * GATE_ROW + profile]  # what a hand of this profile may be near
        if (r.calling_conditional >> k) & 1 and (facts & p.when[h] != p.when[h] or facts & p.unless[h]):
            continue
        others = _gates_passed(r.calling_gates + k * GATE_ROW, worth & ALL_GATES, c, held, held_presence,
                               sets, melds, n_melds) if worth & ALL_GATES else 0
        # a fixed-shape target: the kinds held are one of its variants', or those less one kind
        fixed = 0
        if worth >> 63:
            if kinds < 0:
                kinds = mj_popcount64(held_presence)
            fixed = _near(r.calling_near + r.calling_near_starts[k],
                          r.calling_near_starts[k + 1] - r.calling_near_starts[k], held_presence, kinds)
        if not others and not fixed:
            continue  # no target is one tile away
        d = <const Tables*>r.calling_tables[k]
        shaped = 0  # the tiles a hand of sets or pairs waits on, where a target of those may be made
        if others:
            if waits == NOT_YET:
                waits = c_waits(c)
            shaped = waits
            if d.pat.has_pairs:  # seven pairs of a kind held four times wait on a single or a third
                for t in range(34):
                    if c[t] & 1:
                        shaped |= (<uint64_t>1) << t
            shaped &= others
        tiles = shaped | fixed
        while tiles:
            t = mj_ctz64(tiles)
            tiles &= tiles - 1
            if held[t] >= 4:
                continue
            memcpy(c2, c, 34)
            memcpy(held2, held, 34)
            c2[t] += 1
            held2[t] += 1
            presence = held_presence | (<uint64_t>1) << t
            if not (shaped >> t) & 1 and not c_fixed(d.pat, held2, presence, m,
                                                     (w2 >> CLAIMED_SHIFT) & 0xF if d.claimed_concealed else 0,
                                                     fixed_found):
                continue  # no wait of sets or pairs, and no fixed-shape hand of these tiles
            one.found = 0
            one.total = 0
            one.special = -1
            one.n_matched = 0
            if (c_score_readings(c2, m, t, w2, seat, prevailing, d, held2, presence, melds, n_melds,
                                 _open_melds(d, w2, _exposed(melds, n_melds)), 14,
                                 _situation_facts(d, w2, seat, _exposed(melds, n_melds)) | _tile_facts(presence)
                                 | d.no_jokers, NULL, &one, NULL) == S_OK and one.total > 0):
                made[n_made] = h
                n_made += 1
                break
    return n_made


cdef uint64_t ALL_GATES = 0xFFFFFFFF  # the gates' bits of a profile's word (rules.calling.NEAR is bit 63)
cdef uint64_t NOT_YET = (<uint64_t>1) << 63  # the waits of a loser's hand, not worked out yet


cdef inline uint64_t _near(const uint64_t* table, int64_t size, uint64_t presence, int kinds) noexcept nogil:
    """The tiles that may complete a fixed-shape target of a hand holding the ``kinds``
    kinds ``presence``: its entry in a table of rules.calling.near_presences (same hashing,
    after its five words and its filter), 0 for none."""
    cdef int bits = 0, filter_bits = <int>table[3]
    cdef uint64_t slot, bit, a, b, d
    if presence & ~table[0]:
        return 0
    if kinds < <int>table[1] or kinds > <int>table[2]:
        return 0
    a = presence & 0x1FF  # rules.calling.lone_numbers
    b = (presence >> 9) & 0x1FF
    d = (presence >> 18) & 0x1FF
    if mj_popcount64((a & ~b & ~d) | (b & ~a & ~d) | (d & ~a & ~b)) > <int>table[4]:
        return 0
    bit = (presence * <uint64_t>0xC2B2AE3D27D4EB4F) >> (64 - filter_bits)
    if not (table[5 + (bit >> 6)] >> (bit & 63)) & 1:
        return 0
    table += 5 + ((<int64_t>1) << (filter_bits - 6))
    size = (size - 5 - ((<int64_t>1) << (filter_bits - 6))) // 2  # slots of two words
    while (<int64_t>1) << bits < size:
        bits += 1
    slot = (presence * <uint64_t>0x9E3779B97F4A7C15) >> (64 - bits)
    while table[2 * slot]:
        if table[2 * slot] == presence:
            return table[2 * slot + 1]
        slot = (slot + 1) & <uint64_t>(size - 1)
    return 0


cdef uint64_t _gates_passed(const uint64_t* g, uint64_t candidates, const uint8_t* c, const uint8_t* held,
                            uint64_t presence, int sets, const Group* melds, int n_melds) noexcept nogil:
    """The tiles a hand may draw to make a calling hand's target of sets: those of the gates
    among ``candidates`` it passes (rules.calling.calling_gates, laid out as _fold.pxd's
    GATE_ROW says), as the drawn tile is held too; 0 when it passes none (``sets``: the
    pungs and kongs it holds). The candidates are those of the hand's profile word, which
    has checked the kongs declared and whether three sets are held already."""
    cdef uint64_t rest, tiles = 0
    cdef int j, t, count, pairs = -1, concealed = -1
    cdef const uint64_t* g_j
    while candidates:
        j = mj_ctz64(candidates)
        candidates &= candidates - 1
        g_j = g + PROFILES + GATE_WORDS * j
        if presence & ~g_j[0] or not ~tiles & g_j[0] or sets < <int>g_j[4]:
            continue  # holds a tile outside, draws no tile the gates passed do not, or too few sets
        if g_j[2]:
            count = 0
            rest = g_j[1]
            while rest:
                count += held[mj_ctz64(rest)]
                rest &= rest - 1
            if count < <int>g_j[2]:
                continue
        if g_j[5]:
            if pairs < 0:
                pairs = mj_popcount64(mj_at_least34(c, 2)) + mj_popcount64(mj_at_least34(c, 4))
            if pairs < <int>g_j[5]:
                continue
        if g_j[6]:
            if concealed < 0:
                concealed = mj_popcount64(mj_at_least34(c, 3))
                for t in range(n_melds):  # a kong may be a claimed one a rule set counts concealed
                    if melds[t].kind != G_KONG:
                        concealed = 0  # a pung or chow declared: no hand of concealed sets only
                        break
                    concealed += 1
            if concealed < <int>g_j[6]:
                continue
        tiles |= g_j[0]
    return tiles


cdef inline int _exposed(const Group* melds, int n_melds) noexcept nogil:
    """The exposed melds among ``melds`` (claimed kongs among them)."""
    cdef int k, n = 0
    for k in range(n_melds):
        n += not melds[k].concealed
    return n
