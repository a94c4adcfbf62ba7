"""Scoring a row holding jokers (read ``_score_jokers.pxd``): the compiled twin of
``_score_reference.score_one_jokers`` and ``mjscore.score.jokers.readings``.

A row's jokers stand for tiles D; each D (``_score_substitutions``) is scored as the
natural hand S = natural + D by ``_score_readings``, with a JokerFilter that keeps
only the readings whose groups can hold D's tiles as jokers where the rule set lets
them stand (``_score_placement``). A D no reading keeps scores nothing. The per-row
work is on the stack or in one buffer a bulk call keeps across its rows.
"""

from functools import lru_cache

from libc.stdint cimport INT64_MIN, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy, memset

from mjscore.score._fold cimport Best, Tables
from mjscore.core._group_codes cimport G_KONG
from mjscore.rules._pattern_kernel cimport (MAX_CANDIDATES, Patterns, c_candidates,
                                      c_candidates_bound, c_may_fill, c_row_conditions, mj_at_least34)
from mjscore.score.jokers._substitutions cimport MAX_FIXED_SUBS, RowBound, c_hand_most, c_plain_bound, c_row_bound
from mjscore.score._fold cimport (ANY_TILE, BASE_FACTS, F_SINGLE_WAIT, S_BAD_COUNT, S_NOT_WINNING, S_OK,
                                   TILE_FACTS, W_WINNER, Group, _kinds_profile, _open_melds, _situation_facts,
                                   _tile_facts, mj_ctz64)
from mjscore.score.jokers._placement cimport (FIXED_MASKS, FIXED_ROW, USE_CHOWS, USE_PAIRS, USE_PUNGS,
                                       JokerFilter, c_room)
from mjscore.score._rows cimport c_score_readings
from mjscore.score._rows cimport c_check_row, c_score_losing, c_score_row, mj_presence34
from mjscore.score.jokers._substitutions cimport (BUCKET_BITS, FixedIndex, Subs, c_add_fixed_subs, c_complete_subs,
                                           c_decomposition_subs, c_fixed_key, c_push_d, c_sort_subs)


cdef enum:
    MAX_BOUNDED = 64        # a row with more substitutions scores them all, in order

cdef int g_bounded = 1      # 0: every substitution is scored, in order (for the tests)


cdef int c_score_row_jokers(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                           int prevailing, const Tables* r, int jokers, int meld_jokers,
                           const uint8_t* fixed_rows, int n_fixed_rows, const FixedIndex* ix, Subs* sb,
                           int totals_only, Best* best, uint8_t* best_d) noexcept nogil:
    """Validate and score one row holding jokers (``_score_reference.score_one_jokers``);
    its status, and the best reading's substitution in ``best_d`` (0xFF pads). ``sb``: a
    buffer the caller keeps across rows. With ``totals_only`` (a bulk call, which keeps
    only the total and the special hand), a substitution whose bound only ties a best
    that makes no special hand is skipped even when it comes first in order: bounded as
    plain, it makes none either, so the total and the special hand are the same; only
    ``best_d`` and the reading may then differ from the reference's."""
    cdef uint8_t held[34]
    cdef uint8_t caps[34]
    cdef uint8_t s[34]
    cdef uint8_t held_s[34]
    cdef uint8_t d[8]
    cdef Group melds[4]
    cdef JokerFilter jf
    cdef int16_t quant[MAX_CANDIDATES]
    cdef int16_t items[MAX_CANDIDATES]
    cdef int16_t quant_scratch[MAX_CANDIDATES]
    cdef uint8_t fixed_d[8 * MAX_FIXED_SUBS]
    cdef int64_t bound[2 * MAX_BOUNDED]   # per substitution: without, then with, the single wait
    cdef uint8_t special_bound[MAX_BOUNDED]  # bounded by the special hands it may make
    cdef uint64_t presence_of[MAX_BOUNDED]  # _raise's kinds of S and jf.pairs, per substitution
    cdef uint8_t pairs_of[MAX_BOUNDED]
    cdef uint64_t natural[5]    # the kinds held k times or more: naturally, then in S
    cdef uint64_t at_least[5]   # ([0]: three times or more with the melds)
    cdef Best one
    cdef int n_melds, exposed, status, total, i, k, t, odd, n_found, n_fixed_d, bounded, best_i, kongs, kinds, top = 0
    cdef int use = r.jokers
    cdef int64_t most
    cdef uint64_t base, presence, held_presence, context, single_known = 0, single = 0, fixed_key, odd_tiles
    cdef uint64_t facts_presence = ~(<uint64_t>0), facts = 0  # the tile facts of the last S's kinds
    memset(best_d, 0xFF, 8)
    best.found = 0
    best.total = 0
    best.special = -1
    best.n_matched = 0
    if jokers + meld_jokers > 8:
        return S_BAD_COUNT
    if jokers + meld_jokers == 0 or use == 0:
        if use == 0 and jokers + meld_jokers:
            status = c_check_row(c, m, win, w, seat, prevailing, jokers, held, melds, &n_melds,
                                &exposed, &total)
            return status if status else S_NOT_WINNING
        return c_score_row(c, m, win, w, seat, prevailing, r, best, NULL)
    status = c_check_row(c, m, win, w, seat, prevailing, jokers, held, melds, &n_melds, &exposed, &total)
    if status:
        return status
    if not w & W_WINNER:  # its natural tiles: jokers held make no group
        held_presence = mj_presence34(held)
        kinds = _kinds_profile(held_presence)
        base = _situation_facts(r, w, seat, exposed) | TILE_FACTS[kinds]
        return c_score_losing(c, m, held, held_presence, kinds, total, w, seat, prevailing, r, melds, n_melds,
                              base, best)
    _caps(c, held, caps)
    held_presence = mj_presence34(held)
    fixed_key = c_fixed_key(ix, held, jokers) if r.pat.n_slots else 0
    sb.n = 0
    sb.failed = 0
    jf.others = 0
    natural[0] = mj_at_least34(held, 3)
    for k in range(1, 5):
        natural[k] = mj_at_least34(c, k)
    if jokers == 0:  # only melds hold jokers: the natural hand as it is
        c_push_d(sb, d, 0)
    elif jokers <= 2:
        c_complete_subs(sb, c, held, caps, use, jokers, natural)
        if jokers == 1 and use == USE_PUNGS | USE_CHOWS | USE_PAIRS:
            for i in range(sb.n):
                jf.others |= (<uint64_t>1) << sb.d[8 * i]
    else:  # more: a search tile by tile would branch too widely; the kernel's ways do not
        c_decomposition_subs(sb, c, jokers, use, caps)
    n_found = sb.n if jokers <= 2 else 0  # (those of the decompositions need sorting)
    # seven pairs: a joker beside each odd tile (a rule set reading no hand as pairs finds
    # nothing more there: a D whose S also reads in sets is among the others)
    if n_melds == 0 and use & USE_PAIRS and (r.shapes & 1 or r.pat.has_pairs):
        odd_tiles = (natural[1] & ~natural[2]) | (natural[3] & ~natural[4])
        odd = 0
        while odd_tiles:
            t = mj_ctz64(odd_tiles)
            odd_tiles &= odd_tiles - 1
            if odd == jokers or c[t] + 1 > caps[t]:
                odd = -1
                break
            d[odd] = <uint8_t>t
            odd += 1
        if odd == jokers:
            c_push_d(sb, d, odd)
    n_fixed_d = sb.n
    if r.pat.n_slots:
        c_add_fixed_subs(fixed_rows, n_fixed_rows, ix, held, fixed_key, jokers, use, sb)
    if sb.failed or sb.n == 0:
        return S_NOT_WINNING  # nothing completes the hand (or out of memory: left unscored)
    # the substitutions completing a fixed-shape hand, before sorting mixes them in
    n_fixed_d = sb.n - n_fixed_d
    if n_fixed_d <= MAX_FIXED_SUBS:
        memcpy(fixed_d, sb.d + 8 * (sb.n - n_fixed_d), 8 * n_fixed_d)
    if sb.n > n_found:  # the decompositions' come sorted and once each; the others join them
        c_sort_subs(sb)
    jf.natural = c
    jf.fixed_rows = fixed_rows
    jf.jokers = jokers
    jf.use = use
    jf.caps = caps
    jf.singles = (r.used & F_SINGLE_WAIT) != 0
    jf.totals_only = totals_only
    jf.single_known = &single_known
    jf.single = &single
    memcpy(s, c, 34)
    memcpy(held_s, held, 34)
    # one substitution is scored unbounded, unless the rule set may refuse its plain
    # readings (special hands required): its bound may then show it cannot win
    bounded = g_bounded and sb.n <= MAX_BOUNDED and (sb.n > 1 or sb.n == 1 and (r.required or r.plain_needs))
    jf.n_quant = jf.n_items = -1
    if (sb.n > 1 or bounded) and (r.pat.n_quant or r.pat.n_items):
        kongs = 0
        for k in range(n_melds):
            kongs += melds[k].kind == G_KONG
        _bound_candidates(r.pat, sb, jokers, held, held_presence, natural[0], kongs, &jf, quant, items)
    context = _situation_facts(r, w, seat, exposed)
    exposed = _open_melds(r, w, exposed)  # from here: the melds that open the hand
    if bounded:  # the most each can score, the most promising first
        c_row_bound(&sb.bound, r, w, win, seat, prevailing, melds, n_melds, context)
        for i in range(sb.n):
            jf.d = sb.d + 8 * i
            presence = presence_of[i] = _raise(&jf, held, held_presence, natural, at_least)
            pairs_of[i] = <uint8_t>jf.pairs
            base = context | _facts_of(presence, &facts_presence, &facts)
            most = _special_most(&sb.bound, &jf, at_least, held_s, presence, base, n_melds, total + jokers,
                                 exposed, fixed_d, n_fixed_d, quant_scratch)
            special_bound[i] = most != INT64_MIN
            if special_bound[i]:
                bound[2 * i] = bound[2 * i + 1] = most
            else:
                c_plain_bound(&sb.bound, at_least, base, bound + 2 * i)
            top = i if bound[2 * i + 1] > bound[2 * top + 1] else top
    # The most promising first, then the rest in order: the best found first, most of the
    # rest are skipped on their bounds (a full sort's branches would mispredict on data)
    best_i = -1
    for k in range(sb.n):
        i = k - 1 + (k > top) if k else top
        if bounded:
            most = bound[2 * i + _single_may(&jf, win)]
            # A tie with a substitution earlier in order (i < best_i) is skipped only if
            # it makes no special hand either. It comes after the best when the best's
            # bound was higher: for a special one (the limit at least), a best that may
            # make a hand worth more than the limit but scored a plain reading at the
            # limit, this one then making a hand worth the limit (test_scoring_jokers:
            # ..._keeps_a_special_hand_first_in_order_at_a_tie, a limit of 40).
            if most == INT64_MIN or best.found and (most < best.total or most == best.total and (
                    i > best_i or totals_only and best.special < 0 and not special_bound[i])):
                continue  # it cannot beat the best (ties go to the substitution first in order)
        jf.d = sb.d + 8 * i
        jf.may_fixed = _completes_fixed(jf.d, jokers, fixed_d, n_fixed_d)
        if bounded:  # as its bound found it
            presence = presence_of[i]
            jf.pairs = pairs_of[i]
        else:
            presence = _raise(&jf, held, held_presence, natural, at_least)
        _substitute(&jf, s, held_s, 1)
        base = context | _facts_of(presence, &facts_presence, &facts)
        one.found = 0
        one.total = 0
        one.special = -1
        one.n_matched = 0
        c_score_readings(s, m, win, w, seat, prevailing, r, held_s, presence, melds, n_melds,
                        exposed, total + jokers, base, &jf, &one, NULL)
        if one.found and (not best.found or (one.full > best.full if r.roof_off and one.full != best.full else
                                             one.total > best.total or one.total == best.total and i < best_i)):
            best[0] = one
            best_i = i
            memcpy(best_d, jf.d, 8)
        _substitute(&jf, s, held_s, -1)
    return S_OK if best.found else S_NOT_WINNING


cdef inline uint64_t _facts_of(uint64_t presence, uint64_t* last_presence, uint64_t* last_facts) noexcept nogil:
    """The tile facts of ``presence``, looked up only when it differs from the last
    (the substitutions of a row mostly hold the same kinds: with jokers in pungs, all
    but those of fixed hands)."""
    if presence != last_presence[0]:
        last_presence[0] = presence
        last_facts[0] = _tile_facts(presence)
    return last_facts[0]


cdef inline void _caps(const uint8_t* c, const uint8_t* held, uint8_t* caps) noexcept nogil:
    """caps[t] = 4 - (held[t] - c[t]): the most of each tile the concealed part may stand
    for. Eight at once: each byte stays within 0-8, so no carry crosses a byte."""
    cdef uint64_t x, y
    cdef int t
    for t in range(0, 32, 8):
        memcpy(&x, c + t, 8)
        memcpy(&y, held + t, 8)
        x = x + <uint64_t>0x0404040404040404 - y
        memcpy(caps + t, &x, 8)
    for t in range(32, 34):
        caps[t] = 4 - (held[t] - c[t])


cdef inline void _substitute(const JokerFilter* jf, uint8_t* s, uint8_t* held_s, int sign) noexcept nogil:
    """Add (``sign`` 1) or take off (-1) the tiles of jf.d in S and its held counts."""
    cdef int k
    for k in range(jf.jokers):
        s[jf.d[k]] += sign
        held_s[jf.d[k]] += sign


cdef inline uint64_t _raise(JokerFilter* jf, const uint8_t* held, uint64_t held_presence,
                            const uint64_t* natural, uint64_t* at_least) noexcept nogil:
    """What S = natural + D holds, without writing it (_substitute does): its kinds held k
    times or more (k = 1-4) from the natural hand's (``natural``, and in [0] those held
    three times with the melds'), as D's tiles raise them; jf.pairs; its mask of kinds
    held (with the melds'). The masks are built in locals and stored once: a store
    through ``at_least`` would make the compiler read D and the counts again."""
    cdef int k, t, u, copies = 0
    cdef uint64_t a[5]
    cdef uint64_t presence = held_presence
    cdef int pairs = (jf.use & USE_PAIRS) != 0
    a[0] = natural[0]
    a[1] = natural[1]
    a[2] = natural[2]
    a[3] = natural[3]
    a[4] = natural[4]
    if jf.jokers <= 2:  # (most rows: D is one tile, a tile twice, or two tiles)
        if jf.jokers:
            t = jf.d[0]
            u = jf.d[jf.jokers - 1]
            if t == u:
                pairs &= _raise_tile(a, &presence, t, jf.natural[t], held[t], jf.jokers)
            else:
                pairs &= _raise_tile(a, &presence, t, jf.natural[t], held[t], 1)
                pairs &= _raise_tile(a, &presence, u, jf.natural[u], held[u], 1)
    else:
        for k in range(jf.jokers):
            t = jf.d[k]
            copies += 1
            if k + 1 < jf.jokers and jf.d[k + 1] == t:
                continue  # D is sorted: a tile is counted at its last copy
            pairs &= _raise_tile(a, &presence, t, jf.natural[t], held[t], copies)
            copies = 0
    for k in range(5):
        at_least[k] = a[k]
    jf.pairs = pairs
    return presence


cdef inline int _raise_tile(uint64_t* a, uint64_t* presence, int t, int natural, int held,
                            int copies) noexcept nogil:
    """_raise's step for tile ``t`` of D, held ``copies`` times there (``natural``,
    ``held``: its counts without D); whether a reading as pairs keeps those jokers in
    pairs (S's count is at most twice the natural one)."""
    cdef int n = natural + copies
    cdef uint64_t bit = (<uint64_t>1) << t
    presence[0] |= bit
    a[1] |= bit  # (the rest without branches: which way they go is data)
    a[2] |= bit * (n >= 2)
    a[3] |= bit * (n >= 3)
    a[4] |= bit * (n >= 4)
    a[0] |= bit * (held + copies >= 3)
    return 2 * natural >= n


cdef inline int _single_may(const JokerFilter* jf, int win) noexcept nogil:
    """1 unless the single-wait fact is known not to hold on the winning tile (as
    c_joker_single decides it, once per row)."""
    cdef uint64_t bit
    if not jf.singles:
        return 0
    if win == ANY_TILE:
        return 1
    bit = (<uint64_t>1) << win
    if jf.others & ~bit:
        return 0
    if jf.single_known[0] & bit:
        return (jf.single[0] & bit) != 0
    return 1


cdef inline int _completes_fixed(const uint8_t* d, int jokers, const uint8_t* fixed_d, int n_fixed_d) noexcept nogil:
    """Whether S = natural + D may make a fixed-shape hand: D is one of those
    c_add_fixed_subs found (every one completing a fixed variant; unknown past
    MAX_FIXED_SUBS), or there is no D and the natural tiles alone may make one."""
    cdef int k
    if jokers == 0 or n_fixed_d > MAX_FIXED_SUBS:
        return 1
    for k in range(n_fixed_d):
        if memcmp(d, fixed_d + 8 * k, 8) == 0:
            return 1
    return 0


cdef int64_t _special_most(const RowBound* b, const JokerFilter* jf, const uint64_t* at_least,
                           uint8_t* held_s, uint64_t presence, uint64_t base, int n_melds, int total,
                           int exposed, const uint8_t* fixed_d, int n_fixed_d, int16_t* scratch) noexcept nogil:
    """The most a reading of S may score if it may make a special hand or read as pairs
    (c_score_readings' tests, without its readings, over the row's candidate variants,
    _bound_candidates'), else INT64_MIN: the limit, or more by the shares of the hands it
    may make (c_hand_most; those of its fixed shapes are not told apart: any hand's).
    Its substitution is then bounded by this, not by c_plain_bound (its plain readings
    score no more than the limit)."""
    cdef const Tables* r = b.r
    cdef const Patterns* p = r.pat
    cdef int k, n
    cdef int64_t most = INT64_MIN
    if _completes_fixed(jf.d, jf.jokers, fixed_d, n_fixed_d):
        return b.special_most
    if jf.pairs and n_melds == 0 and total == 14 and (r.shapes & 1 or p.has_pairs):
        if not at_least[1] & ~at_least[2] and not at_least[3] & ~at_least[4]:
            most = r.limit  # every count 2 or 4 (its hands of pairs are among the candidates)
    if p.n_quant and jf.n_quant and c_may_fill(p.quant_loose, p.quant_threes, p.quant_threes_tiles, presence,
                                               at_least[0]):
        if jf.n_quant < 0:
            return b.special_most
        for k in range(jf.jokers):  # (``held_s``: the held counts, D's tiles added for the filter)
            held_s[jf.d[k]] += 1
        n = c_candidates(p, p.quant, jf.quant, jf.n_quant, 0, held_s, presence, at_least[0], base,
                         BASE_FACTS, not exposed, scratch)
        for k in range(jf.jokers):
            held_s[jf.d[k]] -= 1
        if n < 0:
            return b.special_most  # too many to list
        for k in range(n):
            most = max(most, c_hand_most(r, p.quant[scratch[k]].hand))
    if p.n_situational > MAX_CANDIDATES:
        return b.special_most
    if base & p.situational_gate:
        for k in range(p.n_situational):
            if c_row_conditions(p, p.situational[k], base, BASE_FACTS, not exposed):
                most = max(most, c_hand_most(r, p.situational[k]))
    return most


cdef void _bound_candidates(const Patterns* p, const Subs* sb, int jokers, const uint8_t* held,
                            uint64_t presence, uint64_t held_threes, int kongs, JokerFilter* jf,
                            int16_t* quant, int16_t* items) noexcept nogil:
    """The pattern variants any substitution of the row may fill, so that each D filters
    only those: every S holds the natural tiles and at most the held counts plus D's, and
    the special hands' variants need no more kongs than the row declares (``kongs``;
    ``held_threes``: the kinds held three times or more)."""
    cdef uint64_t added1 = 0, added2 = 0, added3 = 0  # the tiles some D adds once, twice,
    cdef uint64_t threes, twos, may_hold, bit          # three times or more
    cdef uint64_t once = presence, twice = mj_at_least34(held, 2)
    cdef const uint8_t* d
    cdef int i, k, run
    for i in range(sb.n):
        d = sb.d + 8 * i
        run = 0
        for k in range(jokers):  # D is sorted: a tile's copies are together
            run = run + 1 if k and d[k] == d[k - 1] else 1
            bit = (<uint64_t>1) << d[k]
            if run == 1:
                added1 |= bit
            elif run == 2:
                added2 |= bit
            else:
                added3 |= bit
    threes = held_threes | (added1 & twice) | (added2 & once) | added3
    twos = twice | (added1 & once) | added2
    may_hold = presence | added1
    if p.n_quant:
        jf.n_quant = c_candidates_bound(p, p.quant, p.n_quant, &p.quant_index if p.quant_indexed else NULL, kongs,
                                        presence, may_hold, threes, twos, quant)
        jf.quant = quant
    if p.n_items:
        jf.n_items = c_candidates_bound(p, p.items, p.n_items, &p.items_index if p.items_indexed else NULL, kongs,
                                        presence, may_hold, threes, twos, items)
        jf.items = items


def score_every_substitution(bint every):
    """With ``every``, score each substitution of a joker row, in order, instead of
    skipping those their bound (``_score_bound``) says cannot beat the best found: the
    tests compare the two, which must agree. Not for concurrent use; the previous setting
    is returned."""
    global g_bounded
    previous = not g_bounded
    g_bounded = 0 if every else 1
    return previous


def joker_fixed_rows(rules):
    """The rule set's fixed variants as FIXED_ROW bytes each, in the order of the
    patterns' fixed entries (_pattern_kernel._fill_fixed), their count, and the arrays
    of their ``FixedIndex``; kept in rules.caches, built on the first call with jokers.
    The rows are shared by the rule sets whose variants have the same tiles and groups,
    such as the presets of one rule file (western: 41,765 variants, 7 MB), the index by
    those that also let jokers stand in the same groups: it lists only the tiles a
    joker may stand for (western, jokers in any group: 10,337 variants, knitted groups
    holding none; in pungs and kongs: 897)."""
    built = rules.caches.joker_fixed_rows
    if built is None:
        variants = [v for vs in rules.hand_tables.fixed.values() for v in vs]
        shapes = tuple((v.counts, v.groups) for v in variants)
        rows, n = _fixed_tables(shapes)
        built = rules.caches.joker_fixed_rows = (rows, n, _fixed_index(shapes, int(rules.jokers or 0)))
    return built


@lru_cache(maxsize=4)
def _fixed_tables(shapes):
    """``joker_fixed_rows``' rows for the variants' (counts, groups) ``shapes``, and their
    count; read-only, as several rule sets may hold them."""
    import numpy as np
    cdef Py_ssize_t n = len(shapes), e, g
    rows = np.full((max(n, 1), FIXED_ROW), 0xFF, dtype=np.uint8)
    cdef uint8_t[:, ::1] out = rows
    cdef uint64_t[:, :] masks = rows[:, FIXED_MASKS:FIXED_MASKS + 8 * 14].view(np.uint64)
    masks[:, :] = 0
    mask_of = {}  # (a few hundred tile tuples among some 200,000 groups)
    if n:
        rows[:n, :34] = [counts for counts, _ in shapes]
    for e in range(n):
        groups = shapes[e][1]
        out[e, 34] = len(groups)
        for g in range(len(groups)):
            kind, tiles, _ = groups[g]
            out[e, 35 + g] = kind
            out[e, 49 + g] = tiles[0]
            mask = mask_of.get(tiles)
            if mask is None:
                mask = mask_of[tiles] = sum(1 << t for t in set(tiles))
            masks[e, g] = mask
    rows.flags.writeable = False
    return rows, n


@lru_cache(maxsize=8)
def _fixed_index(shapes, int use):
    """The arrays of the ``FixedIndex`` of ``_fixed_tables(shapes)`` for jokers standing
    where ``use`` lets them: each variant less one or two of the tiles of its groups
    that may hold a joker (c_fits_fixed's rooms); read-only."""
    import numpy as np
    rows, n = _fixed_tables(shapes)
    room = np.array([c_room(kind, use) > 0 for kind in range(256)])
    kinds = rows[:n, 35:49]
    masks = rows[:n, FIXED_MASKS:FIXED_MASKS + 8 * 14].view(np.uint64)
    standing = np.bitwise_or.reduce(np.where(room[kinds], masks, np.uint64(0)), axis=1) if n else np.zeros(0, np.uint64)
    may_take = (standing[:, None] >> np.arange(34, dtype=np.uint64)) & np.uint64(1) != 0
    arrays = _index_arrays(rows[:n, :34], may_take)
    for array in arrays:
        if isinstance(array, np.ndarray):
            array.flags.writeable = False
    return arrays


def _index_arrays(counts, may_take):
    """A ``FixedIndex``'s arrays for the variants' ``counts``, taking out only the tiles
    ``may_take`` marks (per variant and tile): the weights, then for one and for two
    tiles taken out, the keys of the variants so shortened (their top 32
    bits, sorted, a clash's variants in order: a lookup then tries the few variants a
    clash adds), the variant of each, a bitset of the keys with its shift, and where
    each bucket of keys (by their top BUCKET_BITS bits) starts."""
    import numpy as np
    # A tile's weight is its word's odd multiplier shifted to its byte (tiles 8j to 8j + 7
    # make word j): the sum over the counts is then the five words of the counts, read as
    # little-endian integers, times their multipliers, which c_fixed_key works out in five
    # multiplies. The keys are a filter (every variant found is checked tile by tile), and
    # a product's top bits, which the bitset and the sorted keys read, mix every byte.
    multiplier = np.random.default_rng(0x6A6F6B6572).integers(0, 2 ** 63, size=5, dtype=np.uint64) * 2 + 1
    tiles = np.arange(34)
    weight = multiplier[tiles // 8] << (8 * (tiles % 8)).astype(np.uint64)
    takes = (counts > 0) & may_take
    with np.errstate(over="ignore"):
        key = (counts.astype(np.uint64) * weight).sum(axis=1, dtype=np.uint64)  # sums wrap, as the kernel's
        of_one, one = np.nonzero(takes)
        less_one = key[of_one] - weight[one]
        # less two: each pair of the kinds it may take (a kind with itself if held twice),
        # over each variant's kinds listed first
        width = int(takes.sum(axis=1).max()) if len(key) else 0
        kinds = np.argsort(~takes, axis=1, kind="stable")[:, :width]
        listed = np.take_along_axis(takes, kinds, axis=1)
        twice = np.take_along_axis(counts, kinds, axis=1) >= 2
        i, j = np.triu_indices(width)
        of_two, pair = np.nonzero(listed[:, i] & listed[:, j] & ((i != j) | twice[:, i]))
        less_two = key[of_two] - weight[kinds[of_two, i[pair]]] - weight[kinds[of_two, j[pair]]]
    arrays = [weight]
    for less, of in ((less_one, of_one), (less_two, of_two)):
        # one sort of the top 32 bits with the variant below them (less than 2**31)
        both = np.sort((less & np.uint64(0xFFFFFFFF00000000)) | of.astype(np.uint64))
        keys = (both >> np.uint64(32)).astype(np.uint32)
        width = max(10, min(26, int(len(less) * 32).bit_length()))  # about 1 in 32 set
        bits = np.zeros(1 << (width - 6), dtype=np.uint64)
        top = keys >> np.uint32(32 - width)  # sorted: each word's bits are ORed in one run
        word = top >> np.uint32(6)
        runs = np.flatnonzero(np.r_[True, word[1:] != word[:-1]]) if len(top) else np.zeros(0, np.intp)
        if len(runs):
            bits[word[runs]] = np.bitwise_or.reduceat(np.uint64(1) << (top & np.uint32(63)).astype(np.uint64), runs)
        starts = np.searchsorted(keys, np.arange((1 << BUCKET_BITS) + 1, dtype=np.uint64) << (32 - BUCKET_BITS))
        arrays += [keys, (both & np.uint64(0x7FFFFFFF)).astype(np.int32), bits, 64 - width, starts.astype(np.int32)]
    return tuple(arrays)


cdef FixedIndex c_fixed_index(tuple arrays):
    """The ``FixedIndex`` over the arrays of ``_index_arrays`` (the caller keeps them)."""
    cdef FixedIndex ix
    cdef const uint64_t[::1] weight = arrays[0]
    cdef const uint32_t[::1] keys
    cdef const int32_t[::1] variants
    cdef const uint64_t[::1] bits
    cdef const int32_t[::1] starts
    cdef int j
    ix.weight = &weight[0]
    for j in range(2):
        keys = arrays[1 + 5 * j]
        variants = arrays[2 + 5 * j]
        bits = arrays[3 + 5 * j]
        starts = arrays[5 + 5 * j]
        ix.less_keys[j] = &keys[0] if keys.shape[0] else NULL
        ix.less_variant[j] = &variants[0] if variants.shape[0] else NULL
        ix.n_less[j] = variants.shape[0]
        ix.less_bits[j] = &bits[0]
        ix.less_shift[j] = arrays[4 + 5 * j]
        ix.less_start[j] = &starts[0]
    return ix
