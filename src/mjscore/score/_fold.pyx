"""The compiled fold: ``mjscore.score.fold`` over a rule set's flat tables, in C.

:class:`CompiledRules` flattens a rule set's tables (``mjscore.rules.model.Tables``)
and its compiled special hands once; :func:`c_fold` then scores one reading against
them with the GIL released: the items whose conditions its facts meet, their points
and doubles, the special hands it makes, and the limit.
"""

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from mjscore.rules._pattern_kernel cimport CompiledPatterns, compiled_patterns
from mjscore.score._facts cimport (ANY_TILE, F_ALL_HONOURS, F_CONCEALED_HAND, F_NO_JOKERS, F_NO_POINTS,
                                   F_NO_SET_POINTS, F_ONE_SUIT, F_SUIT_HONOURS, mj_ctz64)


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


cdef void _finish(const Tables* r, int64_t points, int64_t doubles, uint64_t applied, int special,
                  int64_t num, int64_t den, int exact, const int16_t* matched, int n_matched,
                  Best* best) noexcept nogil:
    """The total of one reading (step 5 of mjscore.score.fold), kept if it beats ``best``."""
    cdef int64_t share, total = _capped_total(r, points, doubles)
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
        memcpy(best.best_groups, best.groups, sizeof(best.groups))
        best.n_matched = n_matched
        memcpy(best.matched, matched, n_matched * sizeof(int16_t))


cdef void c_fold(const Tables* r, int64_t set_points, int64_t set_doubles, uint64_t facts, int win,
                 const int16_t* hands, int n_hands, Best* best) noexcept nogil:
    cdef int i, k, h, bare, special = -1
    cdef int64_t points = set_points, doubles = set_doubles, num = 0, den = 1
    cdef const int32_t* value
    cdef uint64_t early, late, applied, rest, all_items = ((<uint64_t>1) << r.n_items) - 1 if r.n_items < 64 else ~(<uint64_t>0)
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
        # without a late item matching, the early ones exclude none of themselves
        late = _matching(r, facts, win, r.late_items) if facts & r.late_gate else 0
        applied = _without_excluded(r, early | late) if late else early
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


cdef class CompiledRules:
    """A rule set's tables as the C fold reads them; built once per RuleSet and kept.

    Holds the NumPy arrays it points into, so the pointers stay valid.
    """

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
        self.r.plain_needs = (F_ONE_SUIT | F_SUIT_HONOURS | F_ALL_HONOURS) if rules.plain_one_suit else 0
        self.r.pat = &patterns.p
        self.r.max_chows = 4 if rules.max_chows is None else rules.max_chows
        self.r.jokers = 0 if rules.jokers is None else int(rules.jokers)
        self.r.no_jokers = 0 if rules.jokers is None else F_NO_JOKERS
        self.r.used = 0
        self.r.late_items = 0
        self.r.any_excludes = 0
        self.r.late_gate = 0
        for i in range(self.r.n_items):
            self.r.used |= when[i] | unless[i]
            self.r.late_items |= (<uint64_t>late[i]) << i
            if late[i]:  # needing none of the late facts, it may match whatever the facts
                self.r.late_gate |= when[i] & (F_NO_POINTS | F_NO_SET_POINTS) or ~(<uint64_t>0)
            self.r.any_excludes |= excludes[i] != 0
        for i in range(patterns.p.n_hands):  # facts a special hand's situation names
            self.r.used |= patterns.p.when[i] | patterns.p.unless[i]
        _build_lookup(&self.r)


cdef CompiledRules compiled_rules(rules):
    compiled = rules.caches.score_kernel
    if compiled is None:
        compiled = rules.caches.score_kernel = CompiledRules(rules)
    return <CompiledRules>compiled
