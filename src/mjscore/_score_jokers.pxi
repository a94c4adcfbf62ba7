# Bulk scoring with jokers, included by _score_kernel.pyx: the compiled twin of
# _score_reference.score_one_jokers and mjscore.joker_readings (read their docstrings).
#
# A row's jokers stand for tiles D; each distinct D (from the joker decompositions, the
# seven-pairs pairing, the fixed-shape hands its missing tiles fit) is scored as the
# natural hand S = natural + D by _score_readings, with a JokerFilter that keeps only
# the readings placing the jokers where the rule set lets them stand.

from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memcmp, memset

from mjscore._jokers_kernel cimport c_decompose_jokers, c_is_complete_jokers

cdef enum:
    J_STACK_ROWS = 128      # joker decompositions kept on the stack (more: a heap buffer)
    JROW = 10               # a joker decomposition: five (code, jokers) pairs, sorted
    FIXED_ROW = 64          # a fixed variant: counts[34], n_groups, kinds[14], firsts[14]
    USE_PUNGS = 1
    USE_CHOWS = 2
    USE_PAIRS = 4

ctypedef struct JEntry:
    uint8_t d[8]          # the tiles the jokers stand for, sorted; 0xFF pads
    uint8_t key[5]        # a joker decomposition's groups as natural codes, sorted; 0xFF
                          # pads (all 0xFF: a substitution found another way)
    uint64_t mask[5]      # per group of key: the tiles it holds naturally in some placement

ctypedef struct JokerFilter:
    const uint8_t* natural      # the natural concealed counts
    const JEntry* entries       # the substitution's entries (all of one D)
    int n_entries
    int pairs                   # a reading of S as pairs keeps its jokers in pairs
    uint64_t single             # winning tiles only one kind could have been
    const uint8_t* fixed_rows   # per fixed entry of the patterns, its FIXED_ROW bytes
    int jokers
    int use


cdef inline int _room(int kind, int use) noexcept nogil:
    """joker_readings.group_allows."""
    if kind == 0:
        return 1 if use & USE_CHOWS else 0
    if kind == 1 or kind == 2:
        return kind + 1 if use & USE_PUNGS else 0   # a pung 2, a kong 3
    if kind == 3 or kind == 4:
        return 1 if use & USE_PAIRS else 0
    return 0


cdef int _place(const uint8_t* tiles, int i, int n, const uint8_t* kinds, const uint8_t* firsts,
                int n_groups, int* room) noexcept nogil:
    """joker_readings.fits_groups: each of tiles[i:n] into a group holding it, with room."""
    cdef int g, t
    if i == n:
        return 1
    t = tiles[i]
    for g in range(n_groups):
        if not room[g]:
            continue
        if (firsts[g] <= t <= firsts[g] + 2) if kinds[g] == 0 else firsts[g] == t:
            room[g] -= 1
            if _place(tiles, i + 1, n, kinds, firsts, n_groups, room):
                return 1
            room[g] += 1
    return 0


cdef int _fits_fixed(const uint8_t* row, const uint8_t* tiles, int n, int use) noexcept nogil:
    cdef int room[14]
    cdef int g, n_groups = row[34]
    for g in range(n_groups):
        room[g] = _room(row[35 + g], use)
    return _place(tiles, 0, n, row + 35, row + 49, n_groups, room)


cdef int _fixed_allowed(const JokerFilter* jf, int32_t* fixed, int n) noexcept nogil:
    """Keep the fixed entries whose groups hold the substitution's jokers; how many."""
    cdef int k, kept = 0
    for k in range(n):
        if _fits_fixed(jf.fixed_rows + FIXED_ROW * fixed[k], jf.entries[0].d, jf.jokers, jf.use):
            fixed[kept] = fixed[k]
            kept += 1
    return kept


cdef inline void _sort_bytes(uint8_t* b, int n) noexcept nogil:
    cdef int i, k
    cdef uint8_t x
    for i in range(1, n):
        x = b[i]
        k = i - 1
        while k >= 0 and b[k] > x:
            b[k + 1] = b[k]
            k -= 1
        b[k + 1] = x


cdef int _decomposition_allowed(const JokerFilter* jf, const uint8_t* codes,
                                uint64_t* natural_tiles) noexcept nogil:
    """Whether the substitution allows this decomposition of S (five codes, 0xFF pads);
    if so, the tiles each of its groups holds naturally, in the codes' order."""
    cdef uint8_t key[5]
    cdef uint64_t masks[5]
    cdef int e, j, k, allowed = 0
    memcpy(key, codes, 5)
    _sort_bytes(key, 5)
    memset(masks, 0, sizeof(masks))
    for e in range(jf.n_entries):
        if memcmp(jf.entries[e].key, key, 5) == 0:
            allowed = 1
            for k in range(5):
                masks[k] |= jf.entries[e].mask[k]
    if not allowed:
        return 0
    for j in range(5):
        natural_tiles[j] = 0
        for k in range(5):
            if key[k] == codes[j] and codes[j] != NO_MELD:
                natural_tiles[j] |= masks[k]
    return 1


ctypedef struct Matching:
    int n
    int firsts[8]
    int chosen[8]
    uint64_t possible[8]
    int rest[34]


cdef void _match(Matching* mt, int i) noexcept nogil:
    cdef int k, t
    if i == mt.n:
        for k in range(mt.n):
            mt.possible[k] |= ((<uint64_t>7) << mt.firsts[k]) & ~((<uint64_t>1) << mt.chosen[k])
        return
    for t in range(mt.firsts[i], mt.firsts[i] + 3):
        if mt.rest[t] > 0:
            mt.rest[t] -= 1
            mt.chosen[i] = t
            _match(mt, i + 1)
            mt.rest[t] += 1


cdef int _entry_of(const uint8_t* row, const uint8_t* natural, JEntry* e) noexcept nogil:
    """A joker decomposition as an entry (joker_readings._masks); 0 if its chows' jokers
    match no tiles."""
    cdef Matching mt
    cdef int g, t, n, kind, code, jok
    cdef int slot[5]
    memset(mt.rest, 0, sizeof(mt.rest))
    memset(e.d, 0xFF, 8)
    memset(e.key, 0xFF, 5)
    mt.n = 0
    for g in range(5):
        code = row[2 * g]
        e.mask[g] = 0
        if code == 0xFF:
            continue
        e.key[g] = <uint8_t>code
        kind = code >> 6
        t = code & 63
        if kind == 0:
            mt.rest[t] += 1
            mt.rest[t + 1] += 1
            mt.rest[t + 2] += 1
        else:
            mt.rest[t] += 3 if kind == 1 else 2
    n = 0
    for t in range(34):
        mt.rest[t] -= natural[t]
        for g in range(mt.rest[t]):
            e.d[n] = <uint8_t>t
            n += 1
    for g in range(5):
        code = row[2 * g]
        if code == 0xFF:
            continue
        kind = code >> 6
        t = code & 63
        jok = row[2 * g + 1]
        if kind != 0:
            mt.rest[t] -= jok
            e.mask[g] = (<uint64_t>1) << t
        elif jok == 0:
            e.mask[g] = (<uint64_t>7) << t
        else:
            slot[mt.n] = g
            mt.firsts[mt.n] = t
            mt.possible[mt.n] = 0
            mt.n += 1
    if mt.n:
        _match(&mt, 0)
        for g in range(mt.n):
            if not mt.possible[g]:
                return 0
            e.mask[slot[g]] = mt.possible[g]
    return 1


cdef uint64_t _single_waits(const uint8_t* natural, const uint8_t* held, const uint8_t* caps,
                            int jokers, int use, int first, int last) noexcept nogil:
    """The winning tiles in first..last only one kind could have been (readings._single_wait
    with jokers): a kind completes the hand less the winning tile, and is not all shown."""
    cdef uint8_t before[34]
    cdef uint64_t mask = 0
    cdef int wt, t, k, kinds
    memcpy(before, natural, 34)
    for wt in range(first, last + 1):
        if natural[wt] == 0:
            continue
        before[wt] -= 1
        kinds = 0
        for k in range(35):  # the winning tile first: it completes the hand
            t = wt if k == 0 else k - 1
            if (k and t == wt) or before[t] >= caps[t] or held[t] - (t == wt) >= 4:
                continue
            before[t] += 1
            if c_is_complete_jokers(before, jokers, use, caps):
                kinds += 1
            before[t] -= 1
            if kinds > 1:
                break
        before[wt] += 1
        if kinds == 1:
            mask |= (<uint64_t>1) << wt
    return mask


cdef int _compare_entries(const void* a, const void* b) noexcept nogil:
    return memcmp((<const JEntry*>a).d, (<const JEntry*>b).d, 8)


cdef int _add_fixed_entries(const Patterns* p, const uint8_t* fixed_rows, int n_rows,
                            const uint8_t* natural, const uint8_t* held, int jokers, int use,
                            JEntry* out) noexcept nogil:
    """The substitutions completing a fixed-shape hand (joker_readings.substitutions)."""
    cdef int e, t, k, n, missing, found = 0
    cdef const uint8_t* row
    cdef uint8_t tiles[8]
    for e in range(n_rows):
        row = fixed_rows + FIXED_ROW * e
        n = 0
        for t in range(34):
            missing = <int>row[t] - <int>held[t]
            if missing < 0 or n + missing > jokers:
                n = -1
                break
            for k in range(missing):
                tiles[n] = <uint8_t>t
                n += 1
        if n != jokers or not _fits_fixed(row, tiles, n, use):
            continue
        memset(out[found].d, 0xFF, 8)
        memcpy(out[found].d, tiles, n)
        memset(out[found].key, 0xFF, 5)
        found += 1
    return found


cdef int _score_row_jokers(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                           int prevailing, const Tables* r, int jokers, int meld_jokers,
                           const uint8_t* fixed_rows, int n_fixed_rows, Best* best,
                           uint8_t* best_d) noexcept nogil:
    """Validate and score one row holding jokers (``_score_reference.score_one_jokers``);
    its status, and the best reading's substitution in ``best_d`` (0xFF pads)."""
    cdef uint8_t held[34]
    cdef uint8_t caps[34]
    cdef uint8_t s[34]
    cdef uint8_t held_s[34]
    cdef uint8_t stack_rows[JROW * J_STACK_ROWS]
    cdef JEntry stack_entries[J_STACK_ROWS + 1 + MAX_FIXED]
    cdef uint8_t* rows = stack_rows
    cdef JEntry* entries = stack_entries
    cdef Group melds[4]
    cdef JokerFilter jf
    cdef int n_melds, exposed, status, total, n_rows, n_entries, i, k, t, run, odd, before_found
    cdef int first, last, use = r.jokers
    cdef int64_t before_total
    cdef uint64_t base, presence
    memset(best_d, 0xFF, 8)
    best.found = 0
    best.total = 0
    best.special = -1
    best.n_matched = 0
    if jokers + meld_jokers > 8:
        return S_BAD_COUNT
    if jokers + meld_jokers == 0 or use == 0:
        if use == 0 and jokers + meld_jokers:
            status = _check_row(c, m, win, w, seat, prevailing, jokers, held, melds, &n_melds,
                                &exposed, &total)
            return status if status else S_NOT_WINNING
        return _score_row(c, m, win, w, seat, prevailing, r, best)
    status = _check_row(c, m, win, w, seat, prevailing, jokers, held, melds, &n_melds, &exposed, &total)
    if status:
        return status
    if not w & W_WINNER:  # its natural tiles: jokers held make no group
        base = _context_facts(w) | _tile_facts(mj_presence34(held)) | (0 if exposed else F_CONCEALED_HAND)
        return _score_losing(c, w, seat, prevailing, r, melds, n_melds, base, best)
    for t in range(34):
        caps[t] = 4 - (held[t] - c[t])
    n_rows = c_decompose_jokers(c, jokers, use, caps, rows, J_STACK_ROWS)
    if n_rows > J_STACK_ROWS:
        rows = <uint8_t*>malloc(JROW * n_rows)
        if rows == NULL:
            return S_NOT_WINNING  # out of memory: the row is left unscored
        n_rows = c_decompose_jokers(c, jokers, use, caps, rows, n_rows)
    if n_rows < 0:
        n_rows = 0
    if n_rows + 1 + n_fixed_rows > J_STACK_ROWS + 1 + MAX_FIXED:
        entries = <JEntry*>malloc((n_rows + 1 + n_fixed_rows) * sizeof(JEntry))
        if entries == NULL:
            if rows != stack_rows:
                free(rows)
            return S_NOT_WINNING
    n_entries = 0
    for i in range(n_rows):
        n_entries += _entry_of(rows + JROW * i, c, &entries[n_entries])
    if rows != stack_rows:
        free(rows)
    if n_melds == 0 and use & USE_PAIRS:  # seven pairs: a joker beside each odd tile
        odd = 0
        memset(entries[n_entries].d, 0xFF, 8)
        for t in range(34):
            if c[t] % 2:
                if odd == jokers or c[t] + 1 > caps[t]:
                    odd = -1
                    break
                entries[n_entries].d[odd] = <uint8_t>t
                odd += 1
        if odd == jokers:
            memset(entries[n_entries].key, 0xFF, 5)
            n_entries += 1
    if r.pat.n_slots:
        n_entries += _add_fixed_entries(r.pat, fixed_rows, n_fixed_rows, c, held, jokers, use,
                                        &entries[n_entries])
    qsort(entries, n_entries, sizeof(JEntry), _compare_entries)
    first = 0 if win == ANY_TILE else win
    last = 33 if win == ANY_TILE else win
    jf.natural = c
    jf.fixed_rows = fixed_rows
    jf.jokers = jokers
    jf.use = use
    jf.single = _single_waits(c, held, caps, jokers, use, first, last) if r.used & F_SINGLE_WAIT else 0
    i = 0
    while i < n_entries:
        run = i + 1
        while run < n_entries and memcmp(entries[run].d, entries[i].d, 8) == 0:
            run += 1
        jf.entries = &entries[i]
        jf.n_entries = run - i
        memcpy(s, c, 34)
        memcpy(held_s, held, 34)
        for k in range(jokers):
            s[entries[i].d[k]] += 1
            held_s[entries[i].d[k]] += 1
        jf.pairs = (use & USE_PAIRS) != 0
        for t in range(34):
            if 2 * c[t] < s[t]:
                jf.pairs = 0
        presence = mj_presence34(held_s)
        base = _context_facts(w) | _tile_facts(presence) | (0 if exposed else F_CONCEALED_HAND)
        before_found = best.found
        before_total = best.total
        _score_readings(s, m, win, w, seat, prevailing, r, held_s, presence, melds, n_melds,
                        exposed, total + jokers, base, &jf, best)
        if best.found and (not before_found or best.total > before_total):
            memcpy(best_d, entries[i].d, 8)
        i = run
    if entries != stack_entries:
        free(entries)
    return S_OK if best.found else S_NOT_WINNING


def _fixed_rows(rules):
    """The rule set's fixed variants as FIXED_ROW bytes each, in the order of the
    patterns' fixed entries (_pattern_kernel._fill_fixed), kept in rules.derived."""
    import numpy as np
    rows = rules.derived.get("joker fixed rows")
    if rows is None:
        variants = [v for vs in rules.hand_tables.fixed.values() for v in vs]
        rows = np.full((max(len(variants), 1), FIXED_ROW), 0xFF, dtype=np.uint8)
        for e, v in enumerate(variants):
            rows[e, :34] = v.counts
            rows[e, 34] = len(v.groups)
            for g, (kind, tiles, _) in enumerate(v.groups):
                rows[e, 35 + g] = kind
                rows[e, 49 + g] = tiles[0]
        rows = rules.derived["joker fixed rows"] = (rows, len(variants))
    return rows


def score_many_jokers(const uint8_t[:, ::1] batch, const uint8_t[:, :] melds,
                      const uint8_t[:] win_tile, const uint32_t[:] flags,
                      const uint8_t[:] seat, const uint8_t[:] prevailing, const uint8_t[:] jokers,
                      rules, int32_t[::1] out_total, int16_t[::1] out_special, uint8_t[::1] status):
    """``score_many`` with ``jokers[i]`` jokers held concealed in row ``i``; see
    ``_score_reference.score_many_jokers``."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef const Tables* r = &compiled.r
    cdef Best best
    cdef uint8_t best_d[8]
    cdef Py_ssize_t i, n = batch.shape[0]
    cdef int st, n_fixed
    fixed, n_fixed = _fixed_rows(rules)
    cdef const uint8_t[:, ::1] fixed_rows = fixed
    if (batch.shape[1] != 34 or melds.shape[0] < n or melds.shape[1] != 4 or win_tile.shape[0] < n
            or flags.shape[0] < n or seat.shape[0] < n or prevailing.shape[0] < n
            or jokers.shape[0] < n or out_total.shape[0] < n or out_special.shape[0] < n
            or status.shape[0] < n):
        raise ValueError("score_many_jokers: inconsistent array shapes")
    if n and melds.strides[1] != 1:
        raise ValueError("score_many_jokers: each row of melds must be contiguous")
    with nogil:
        for i in range(n):
            out_total[i] = 0
            out_special[i] = -1
            if status[i]:
                continue
            st = _score_row_jokers(&batch[i, 0], &melds[i, 0], win_tile[i], flags[i], seat[i],
                                   prevailing[i], r, jokers[i], 0, &fixed_rows[0, 0], n_fixed,
                                   &best, best_d)
            status[i] = st
            if st == S_OK:
                out_total[i] = <int32_t>best.total
                out_special[i] = best.special


def score_one_jokers(const uint8_t[::1] counts, const uint8_t[::1] melds, int win_tile,
                     uint32_t flags, int seat, int prevailing, rules, int jokers,
                     int meld_jokers=0):
    """``score_one`` for a row holding jokers, and the tiles they stood for; see
    ``_score_reference.score_one_jokers``."""
    cdef CompiledRules compiled = compiled_rules(rules)
    cdef Best best
    cdef uint8_t best_d[8]
    cdef int st, n_fixed
    fixed, n_fixed = _fixed_rows(rules)
    cdef const uint8_t[:, ::1] fixed_rows = fixed
    if counts.shape[0] != 34 or melds.shape[0] != 4:
        raise ValueError("score_one_jokers: 34 counts and 4 meld bytes")
    if not 0 <= jokers <= 255 or not 0 <= meld_jokers <= 255:
        raise ValueError("score_one_jokers: joker counts are 0-255")
    st = _score_row_jokers(&counts[0], &melds[0], win_tile, flags, seat, prevailing, &compiled.r,
                           jokers, meld_jokers, &fixed_rows[0, 0], n_fixed, &best, best_d)
    if st != S_OK:
        return (st, 0, -1, 0, 0, 0, -1, -1, -1, -1, ()), ()
    return ((st, best.total, best.special, best.points, best.doubles, best.applied,
             best.best_reading[0], best.best_reading[1], best.best_reading[2], best.best_reading[3],
             tuple([best.matched[i] for i in range(best.n_matched)])),
            tuple([best_d[i] for i in range(8) if best_d[i] != 0xFF]))
