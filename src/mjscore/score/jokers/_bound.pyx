"""The most a substitution of a row's jokers can score when it makes no special hand
(read ``_score_bound.pxd``): what ``mjscore.score.fold`` gives its best plain reading, bounded
from the counts of S without decomposing it.

A standard reading of S has the row's melds, ``sets`` concealed sets and a pair. Each
concealed set is a pung of a kind S holds three times or more (one per kind) or a
chow, and the pair a kind held twice or more, not one of the pungs (that would take
five tiles); each group earns at most the larger of its concealed and exposed values (a
group completed by a discard counts as exposed). The items are bounded by the facts
every reading of S holds (the context, the concealment, S's tiles) and those a reading
may hold: an item counts if no fixed fact rules it out. Two facts are decided from
the counts: ``no-chows`` (a reading without chows needs every count 0, 2 or 3 with one
pair, and no chow among the melds) and ``no-points`` (impossible once an item with
points that no fact can stop applies). The total is then ``min(limit, points <<
doubles)`` with both sums at their most.
"""

from libc.stdint cimport INT64_MAX, INT64_MIN, int64_t, uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Tables, _add_sets, _capped_total, _cell_of
from mjscore.core._group_codes cimport G_CHOW, G_PAIR, G_PUNG
from mjscore.score._facts cimport (A_SIMPLE, A_TERMINAL, ANY_TILE, BASE_FACTS, F_CONCEALED_HAND, F_NO_CHOWS,
                                   F_NO_POINTS, F_SINGLE_WAIT, Group, _atom, _context_facts, mj_ctz64)


cdef inline int64_t _most(const Tables* r, int kind, int atom, int64_t* doubles) noexcept nogil:
    """The most points a group of ``kind`` and ``atom`` earns, concealed or exposed (at
    least 0), and in ``doubles`` the most doubles (-1: a negative value, no bound)."""
    cdef int concealed = _cell_of(kind, 1, atom), exposed = _cell_of(kind, 0, atom)
    cdef int64_t d = max(r.set_doubles[concealed], r.set_doubles[exposed])
    doubles[0] = -1 if min(r.set_doubles[concealed], r.set_doubles[exposed]) < 0 else d
    return max(0, max(r.set_points[concealed], r.set_points[exposed]))


cdef void c_row_bound(RowBound* b, const Tables* r, uint32_t w, int win, int seat, int prevailing,
                      const Group* melds, int n_melds, int exposed) noexcept nogil:
    cdef int k, a
    cdef int64_t d1, d2
    if b.r != r or b.seat != seat or b.prevailing != prevailing:
        b.r = r
        b.seat = seat
        b.prevailing = prevailing
        b.chow_points = max(_most(r, G_CHOW, A_SIMPLE, &d1), _most(r, G_CHOW, A_TERMINAL, &d2))
        b.chow_doubles = max(d1, d2) if d1 >= 0 and d2 >= 0 else -1
        b.items_ok = b.chow_doubles >= 0
        b.tile_items = 0
        b.bare_pairs = 0
        for k in range(34):
            a = _atom(G_PUNG, k, seat, prevailing)
            b.pung_points[k] = max(b.chow_points, _most(r, G_PUNG, a, &b.pung_doubles[k]))
            b.items_ok &= b.pung_doubles[k] >= 0
            b.pung_doubles[k] = max(b.chow_doubles, b.pung_doubles[k])
            b.pair_points[k] = _most(r, G_PAIR, a, &b.pair_doubles[k])
            b.items_ok &= b.pair_doubles[k] >= 0
            if b.pair_points[k] == 0 and b.pair_doubles[k] == 0:
                b.bare_pairs |= (<uint64_t>1) << k
        for k in range(r.n_items):
            b.items_ok &= r.doubles[k] >= 0
            b.tile_items |= r.item_tile[k] != ANY_TILE
        b.special_most = r.limit
        for k in range(r.pat.n_hands):
            b.special_most = max(b.special_most, c_hand_most(r, k))
        b.last_facts[0] = b.last_facts[1] = ~(<uint64_t>0)  # none asked yet (never every bit)
    elif b.tile_items and b.win != win:
        b.last_facts[0] = b.last_facts[1] = ~(<uint64_t>0)
    b.win = win
    b.context = _context_facts(w) | (0 if exposed else F_CONCEALED_HAND)
    b.maybe = ~BASE_FACTS
    b.meld_points = b.meld_doubles = 0
    _add_sets(r, melds, n_melds, &b.meld_points, &b.meld_doubles)
    for k in range(n_melds):
        if melds[k].kind == G_CHOW:
            b.maybe &= ~F_NO_CHOWS
    b.sets = 4 - n_melds


cdef inline int _tile_may(const RowBound* b, int i) noexcept nogil:
    """Whether item ``i``'s winning-tile condition may hold."""
    cdef int t = b.r.item_tile[i]
    return t == ANY_TILE or b.win == ANY_TILE or t == b.win


cdef void _item_sums(RowBound* b, int k, uint64_t facts, uint64_t maybe) noexcept nogil:
    """The most points and doubles the items can add to a reading holding ``facts`` and
    perhaps ``maybe``, into remembered entry ``k``."""
    cdef const Tables* r = b.r
    cdef int i
    cdef int64_t points = 0, doubles = 0
    b.last_facts[k] = facts
    b.last_maybe[k] = maybe
    if maybe & F_NO_POINTS and not r.any_excludes:
        # no-points holds only when no item with points but the base ones applies
        for i in range(r.n_items):
            if (r.late[i] or r.base[i] or r.points[i] == 0 or r.when[i] & ~facts
                    or r.unless[i] & (facts | maybe)):
                continue
            if r.item_tile[i] == ANY_TILE or (b.win != ANY_TILE and r.item_tile[i] == b.win):
                maybe &= ~F_NO_POINTS
                break
    for i in range(r.n_items):
        if r.when[i] & ~(facts | maybe) or r.unless[i] & facts or not _tile_may(b, i):
            continue
        points += max(0, r.points[i])
        doubles += r.doubles[i]
    b.last_points[k] = points
    b.last_doubles[k] = doubles


cdef inline void _insert(int64_t* values, int n, int64_t value) noexcept nogil:
    """Insert ``value`` into the ``n`` values kept largest first."""
    while n and values[n - 1] < value:
        values[n] = values[n - 1]
        n -= 1
    values[n] = value


cdef void c_plain_bound(RowBound* b, const uint64_t* at_least, uint64_t facts, int64_t* bound) noexcept nogil:
    cdef const Tables* r = b.r
    cdef uint64_t maybe = b.maybe, rest
    cdef int64_t points, doubles, pair_points, pair_doubles, set_points, set_doubles
    cdef int64_t pung_points[5]
    cdef int64_t pung_doubles[5]
    cdef int n = 0, j, k, t
    if not b.items_ok or b.meld_doubles < 0:
        bound[0] = bound[1] = INT64_MAX
        return
    if r.required or (r.plain_needs and not (facts | maybe) & r.plain_needs):
        bound[0] = bound[1] = INT64_MIN  # only a reading making a special hand goes out
        return
    if maybe & F_NO_CHOWS:  # every count 0, 2 or 3, one of them 2
        rest = at_least[2] & ~at_least[3]
        if at_least[1] & ~at_least[2] or at_least[4] or not rest or rest & (rest - 1):
            maybe &= ~F_NO_CHOWS
    if facts != b.last_facts[1] or maybe != b.last_maybe[1]:
        _item_sums(b, 1, facts, maybe)
    if facts != b.last_facts[0] or maybe & ~F_SINGLE_WAIT != b.last_maybe[0]:
        _item_sums(b, 0, facts, maybe & ~F_SINGLE_WAIT)
    # the sets: a pung of each kind held three times (at most four among 14 tiles) where
    # it beats a chow (the tables hold the larger), chows for the rest; sets + 1 of them,
    # the last standing in when the pair takes a pung's kind (it cannot be both)
    rest = at_least[3]
    while rest:
        t = mj_ctz64(rest)
        rest &= rest - 1
        _insert(pung_points, n, b.pung_points[t])
        _insert(pung_doubles, n, b.pung_doubles[t])  # (doubles apart: a bound)
        n += 1
    set_points = set_doubles = 0
    for j in range(b.sets + 1):
        if j >= n:
            pung_points[j] = b.chow_points
            pung_doubles[j] = b.chow_doubles
        if j < b.sets:
            set_points += pung_points[j]
            set_doubles += pung_doubles[j]
    # the pair: each kind held twice, with the best sets of the other kinds; a pair
    # earning nothing, of a kind with no pung to give up, adds the sets alone
    rest = at_least[2]
    if not rest or rest & b.bare_pairs & ~at_least[3]:
        pair_points = set_points
        pair_doubles = set_doubles
    else:
        pair_points = pair_doubles = INT64_MIN
    rest &= ~(b.bare_pairs & ~at_least[3])
    while rest:
        t = mj_ctz64(rest)
        rest &= rest - 1
        points = set_points + b.pair_points[t]
        doubles = set_doubles + b.pair_doubles[t]
        if b.sets and at_least[3] >> t & 1:
            if b.pung_points[t] >= pung_points[b.sets - 1]:
                points += pung_points[b.sets] - b.pung_points[t]
            if b.pung_doubles[t] >= pung_doubles[b.sets - 1]:
                doubles += pung_doubles[b.sets] - b.pung_doubles[t]
        pair_points = max(pair_points, points)
        pair_doubles = max(pair_doubles, doubles)
    points = b.meld_points + pair_points
    doubles = b.meld_doubles + pair_doubles
    for k in range(2):
        bound[k] = _capped_total(r, points + b.last_points[k], doubles + b.last_doubles[k])
