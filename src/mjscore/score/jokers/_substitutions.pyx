"""The substitutions D of a row's jokers (read ``_substitutions.pxd``), and the most
each can score when it makes no special hand, so the joker scorer tries the promising
ones first and skips those that cannot beat the best found.

The bound is what ``mjscore.score.fold`` gives its best plain reading, bounded
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

For the rows most have, this module and ``mjscore.score.jokers.readings.substitutions``
derive the substitutions independently: the reference always from the kernel's joker
decompositions.
"""

from libc.stdint cimport INT64_MAX, INT64_MIN, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, realloc
from libc.string cimport memcmp, memcpy, memset

from mjscore.core._bits cimport M_HONOURS, mj_popcount64
from mjscore.core._group_codes cimport G_CHOW, G_PAIR, G_PUNG, group_tiles
from mjscore.decompose._jokers_kernel cimport c_decompose_jokers
from mjscore.decompose._shapes cimport _suit_tables, c_standard_waits
from mjscore.decompose._suits cimport POW5, SuitTables, _splits, _suit_key, _suit_size, mj_prefetch
from mjscore.rules._pattern_kernel cimport mj_at_least34
from mjscore.score._fold cimport (A_SIMPLE, A_TERMINAL, ANY_TILE, BASE_FACTS, F_NO_CHOWS, F_NO_POINTS,
                                   F_SINGLE_WAIT, Group, Tables, _add_sets, _atom, _bonus_count,
                                   _capped_total, _cell_of, mj_ctz64)
from mjscore.score.jokers._placement cimport FIXED_ROW, USE_CHOWS, USE_PUNGS, c_fits_fixed
from mjscore.score.jokers._pung_parts cimport PungParts, _part_tiles, _read_pung_parts

cdef uint64_t ALL34 = ((<uint64_t>1) << 34) - 1   # an item's tiles when it accepts any


cdef inline int64_t _most(const Tables* r, int kind, int atom, int64_t* doubles) noexcept nogil:
    """The most points a group of ``kind`` and ``atom`` earns, concealed or exposed (at
    least 0), and in ``doubles`` the most doubles (-1: a negative value, no bound)."""
    cdef int concealed = _cell_of(kind, 1, atom), exposed = _cell_of(kind, 0, atom)
    cdef int64_t d = max(r.set_doubles[concealed], r.set_doubles[exposed])
    doubles[0] = -1 if min(r.set_doubles[concealed], r.set_doubles[exposed]) < 0 else d
    return max(0, max(r.set_points[concealed], r.set_points[exposed]))


cdef void c_row_bound(RowBound* b, const Tables* r, uint32_t w, int win, int seat, int prevailing,
                      const Group* melds, int n_melds, uint64_t context) noexcept nogil:
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
            b.tile_items |= r.item_tiles[k] != ALL34
        b.special_most = r.cap
        for k in range(r.pat.n_hands):
            b.special_most = max(b.special_most, c_hand_most(r, k))
        b.generation += 1  # (the first: entries of generation 0 were never filled)
    elif b.tile_items and b.win != win:
        b.generation += 1
    b.win = win
    b.context = context
    if r.per_bonus and b.bonus != _bonus_count(w):  # the items' sums count the bonus tiles
        b.generation += 1
    b.bonus = _bonus_count(w)
    b.maybe = ~BASE_FACTS
    b.meld_points = b.meld_doubles = 0
    _add_sets(r, melds, n_melds, &b.meld_points, &b.meld_doubles)
    for k in range(n_melds):
        if melds[k].kind == G_CHOW:
            b.maybe &= ~F_NO_CHOWS
    b.sets = 4 - n_melds


cdef inline int _tile_may(const RowBound* b, int i) noexcept nogil:
    """Whether item ``i``'s winning-tile condition may hold."""
    cdef uint64_t tiles = b.r.item_tiles[i]
    return tiles == ALL34 or b.win == ANY_TILE or b.win < 34 and (tiles >> b.win) & 1


cdef const ItemSumsMemo* _item_sums(RowBound* b, uint64_t facts, uint64_t maybe) noexcept nogil:
    """The most points and doubles the items can add to a reading holding ``facts`` and
    perhaps ``maybe``, then without the single wait among ``maybe`` (index 1, then 0):
    remembered, or summed into the memo's entry for them."""
    cdef ItemSumsMemo* e = &b.memo[((facts ^ maybe * <uint64_t>0x9E3779B97F4A7C15) * <uint64_t>0xC2B2AE3D27D4EB4F)
                                   >> (64 - ITEM_MEMO_BITS)]
    if e.generation == b.generation and e.facts == facts and e.maybe == maybe:
        return e
    e.generation = b.generation
    e.facts = facts
    e.maybe = maybe
    _sum_items(b, facts, maybe, &e.points[1], &e.doubles[1])
    _sum_items(b, facts, maybe & ~F_SINGLE_WAIT, &e.points[0], &e.doubles[0])
    return e


cdef void _sum_items(const RowBound* b, uint64_t facts, uint64_t maybe, int64_t* points,
                     int64_t* doubles) noexcept nogil:
    """_item_sums' sums for one ``maybe``."""
    cdef const Tables* r = b.r
    cdef int i
    points[0] = doubles[0] = 0
    if maybe & F_NO_POINTS and not r.any_excludes:
        # no-points holds only when no item with points but the base ones applies
        for i in range(r.n_items):
            if (r.late[i] or r.base[i] or r.points[i] == 0 or r.when[i] & ~facts
                    or r.unless[i] & (facts | maybe)):
                continue
            if (r.per_bonus >> i) & 1 and not b.bonus:
                continue
            if r.item_tiles[i] == ALL34 or (b.win < 34 and (r.item_tiles[i] >> b.win) & 1):
                maybe &= ~F_NO_POINTS
                break
    for i in range(r.n_items):
        if r.when[i] & ~(facts | maybe) or r.unless[i] & facts or not _tile_may(b, i):
            continue
        if (r.per_bonus >> i) & 1:
            points[0] += max(0, r.points[i]) * b.bonus
            doubles[0] += r.doubles[i] * b.bonus
        else:
            points[0] += max(0, r.points[i])
            doubles[0] += r.doubles[i]


cdef void c_plain_bound(RowBound* b, const uint64_t* at_least, uint64_t facts, int64_t* bound) noexcept nogil:
    cdef const Tables* r = b.r
    cdef const ItemSumsMemo* sums
    cdef uint64_t maybe = b.maybe, rest
    cdef int64_t points, doubles, pair_points, pair_doubles, set_points, set_doubles
    cdef int k, t
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
    sums = _item_sums(b, facts, maybe)
    # the sets: a pung of each kind held three times where it beats a chow (the tables
    # hold the larger), chows for the rest. S's concealed part holds 3 * sets + 2 tiles
    # (a winning row's size), so at most `sets` kinds three times: each pung counts.
    set_points = (b.sets - mj_popcount64(at_least[3])) * b.chow_points
    set_doubles = (b.sets - mj_popcount64(at_least[3])) * b.chow_doubles
    rest = at_least[3]
    while rest:
        t = mj_ctz64(rest)
        rest &= rest - 1
        set_points += b.pung_points[t]
        set_doubles += b.pung_doubles[t]
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
        if at_least[3] >> t & 1:  # the pair takes a pung's kind: a chow for that pung
            points += b.chow_points - b.pung_points[t]
            doubles += b.chow_doubles - b.pung_doubles[t]
        pair_points = max(pair_points, points)
        pair_doubles = max(pair_doubles, doubles)
    points = b.meld_points + pair_points
    doubles = b.meld_doubles + pair_doubles
    for k in range(2):
        bound[k] = _capped_total(r, points + sums.points[k], doubles + sums.doubles[k])


cdef extern from *:
    """
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define MJ_LITTLE_ENDIAN 0
    #else
    #define MJ_LITTLE_ENDIAN 1
    #endif
    """
    const int MJ_LITTLE_ENDIAN


cdef enum:
    JROW = 10               # a joker decomposition: five (code, jokers) pairs, sorted

cdef int c_push_d(Subs* sb, const uint8_t* d, int n) noexcept nogil:
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


cdef uint64_t c_near(uint64_t present, uint64_t held_four, int use) noexcept nogil:
    """The tiles a joker could stand for at all: not held four times counting the melds,
    and, as its group keeps a natural tile, a tile held (a pung or pair of it) or, with
    chows, one within two of a held suit tile."""
    cdef uint64_t near = present, p
    cdef int t
    if use & USE_CHOWS:
        for t in range(3):
            p = (present >> (9 * t)) & 0x1FF
            near |= ((p | p << 1 | p << 2 | p >> 1 | p >> 2) & 0x1FF) << (9 * t)
    return near & ~held_four


cdef int c_complete_subs(Subs* sb, const uint8_t* s, const uint8_t* held, const uint8_t* caps, int use,
                        int jokers, const uint64_t* at_least) noexcept nogil:
    """Every D of one or two tiles (ascending, each one a joker may stand for, below its
    cap) completing the natural counts ``s`` in sets and a pair: the standard waits of
    ``s``, or ``_two_tile_subs``; with jokers in pungs alone, only the D whose jokers can
    all stand there (``_pung_subs``). 1 if out of memory. (Seven pairs and fixed hands
    add theirs apart.)"""
    cdef uint64_t near, bits, held_four = mj_at_least34(held, 4)
    cdef uint8_t d[1]
    if use == USE_PUNGS:
        return _pung_subs(sb, s, jokers, at_least, held_four)
    near = bits = c_near(at_least[1], held_four, use)
    if jokers == 2:
        return _two_tile_subs(sb, s, caps, near)
    bits &= c_standard_waits(s)
    while bits:
        d[0] = <uint8_t>mj_ctz64(bits)
        bits &= bits - 1
        if c_push_d(sb, d, 1):
            return 1
    return 0


cdef enum:
    PARTS = 10              # a row's parts: the three suits, then each honour held


ctypedef struct Parts:
    # per part (a suit, or one honour), as the natural counts hold it
    int n
    uint32_t bad            # the parts that do not split into sets and a pair or none
    uint32_t takes_one      # the parts a tile more may make split ...
    uint32_t takes_two      # ... and those two more may
    uint64_t one[PARTS]     # the tiles (in ``near``) one more of which makes the part split
    uint8_t pair[PARTS]     # bit j: the part with j tiles more leaves a pair
    int pairs               # the pairs the parts that split leave
    int32_t key[3]          # the suits' keys
    uint8_t tile[PARTS]     # the honours' tiles


cdef int _read_parts(const SuitTables* T, const uint8_t* s, uint64_t near, Parts* parts) noexcept nogil:
    """Fill ``parts`` from ``s``; 0 when no two tiles can complete it (an honour held
    four times, or more than two parts that do not split)."""
    cdef int p, t, c, rest
    cdef uint32_t bad
    parts.n = 3
    parts.bad = parts.takes_one = parts.takes_two = 0
    parts.pairs = 0
    for p in range(3):
        parts.key[p] = _suit_key(s + 9 * p)
        rest = _suit_size(s + 9 * p) % 3
        # with j more tiles (j = 0, 1, 2), 3k + 2 leaves a pair, 3k + 1 never splits
        parts.pair[p] = 1 if rest == 2 else 2 if rest == 1 else 4
        if rest == 1 or not _splits(T, parts.key[p]):
            parts.bad |= 1u << p
        else:
            parts.pairs += rest == 2
        parts.one[p] = 0
        if rest != 0:
            parts.one[p] = ((<uint64_t>T.wait[parts.key[p]]) << (9 * p)) & near
            if parts.one[p]:
                parts.takes_one |= 1u << p
        if rest != 2:
            parts.takes_two |= 1u << p
    for t in range(27, 34):
        c = s[t]
        if c == 0:
            continue  # (no joker stands for an honour its group does not hold)
        if c == 4:
            return 0
        p = parts.n
        parts.n += 1
        parts.tile[p] = <uint8_t>t
        parts.pair[p] = 1 << (2 - c) if c <= 2 else 0
        if c == 1:
            parts.bad |= 1u << p
            if near >> t & 1:
                parts.takes_two |= 1u << p
        else:
            parts.pairs += c == 2
        parts.one[p] = ((<uint64_t>1) << t) & near if c <= 2 else 0
        if parts.one[p]:
            parts.takes_one |= 1u << p
    bad = parts.bad & (parts.bad - 1)  # (less its lowest two bits)
    return (bad & (bad - 1)) == 0


cdef inline int _pairs_without(const Parts* parts, uint32_t chosen) noexcept nogil:
    """The pairs the parts not in ``chosen`` leave, or -1 if one of them does not split."""
    cdef int p, pairs = parts.pairs
    if parts.bad & ~chosen:
        return -1
    chosen &= ~parts.bad
    while chosen:
        p = mj_ctz64(chosen)
        chosen &= chosen - 1
        pairs -= parts.pair[p] & 1
    return pairs


cdef inline void _note(uint64_t* lows, uint64_t* higher, uint64_t ts, uint64_t us) noexcept nogil:
    """Note the D (t, u) for each t in ``ts`` and u in ``us``."""
    cdef int t
    while ts:
        t = mj_ctz64(ts)
        ts &= ts - 1
        if not lows[0] >> t & 1:
            lows[0] |= (<uint64_t>1) << t
            higher[t] = 0
        higher[t] |= us


cdef int _two_tile_subs(Subs* sb, const uint8_t* s, const uint8_t* caps, uint64_t near) noexcept nogil:
    """Every D of two tiles completing ``s`` in sets and a pair, ascending: each part
    (a suit, an honour) splits as it is or with the tiles D puts there, one pair in all.
    A tile more in a suit is one lookup of the wait table (the ranks making it split);
    two more, one lookup per first tile."""
    cdef const SuitTables* T = _suit_tables()
    cdef Parts parts
    cdef uint64_t higher[34]    # per lower tile t of some D, the higher tiles u of those D
    cdef uint64_t lows = 0, us
    cdef uint32_t rest_a, rest_b
    cdef uint8_t d[2]
    cdef int a, b, pairs, t, r, u, base
    if T == NULL or not _read_parts(T, s, near, &parts):
        return 0
    rest_a = parts.takes_one
    while rest_a:  # a tile in each of two parts
        a = mj_ctz64(rest_a)
        rest_a &= rest_a - 1
        rest_b = rest_a
        while rest_b:
            b = mj_ctz64(rest_b)
            rest_b &= rest_b - 1
            pairs = _pairs_without(&parts, (1u << a) | (1u << b))
            if pairs >= 0 and pairs + (parts.pair[a] >> 1 & 1) + (parts.pair[b] >> 1 & 1) == 1:
                _note(&lows, higher, parts.one[a], parts.one[b])
    rest_a = parts.takes_two
    while rest_a:  # both in one part
        a = mj_ctz64(rest_a)
        rest_a &= rest_a - 1
        pairs = _pairs_without(&parts, 1u << a)
        if pairs < 0 or pairs + (parts.pair[a] >> 2 & 1) != 1:
            continue
        if a >= 3:  # an honour held once, made a pung
            t = parts.tile[a]
            if s[t] + 2 <= caps[t]:
                _note(&lows, higher, (<uint64_t>1) << t, (<uint64_t>1) << t)
            continue
        base = 9 * a
        for r in range(9):
            t = base + r
            if not near >> t & 1:
                continue
            us = ((<uint64_t>T.wait[parts.key[a] + POW5[r]]) << base) & near & ~(((<uint64_t>1) << t) - 1)
            if s[t] + 2 > caps[t]:  # a tile taken up to its cap is no longer open
                us &= ~((<uint64_t>1) << t)
            if us:
                _note(&lows, higher, (<uint64_t>1) << t, us)
    while lows:
        t = mj_ctz64(lows)
        lows &= lows - 1
        d[0] = <uint8_t>t
        us = higher[t]
        while us:
            u = mj_ctz64(us)
            us &= us - 1
            d[1] = <uint8_t>u
            if c_push_d(sb, d, 2):
                return 1
    return 0


ctypedef struct PungTiles:
    # what _pung_subs' helpers read: the tables, the parts, and the tiles D may hold
    const SuitTables* T
    const PungParts* parts
    uint64_t once               # of (t, t)
    uint64_t twice              # of (t, u) and (t)
    uint64_t honour_once        # the honours of once whose part less one t splits
    uint64_t honour_twice       # those of twice whose part less two t splits


cdef int _pung_subs(Subs* sb, const uint8_t* s, int jokers, const uint64_t* at_least,
                    uint64_t held_four) noexcept nogil:
    """Every D of one or two tiles whose jokers can all stand in pungs (jokers="pungs"),
    ascending: each joker in a pung of its tile that keeps a natural tile. So D = (t)
    where ``s`` less two t splits into sets and a pair, (t, t) where s less one t does,
    and (t, u) where s less two t and two u does, none shown more than four times with
    the melds (``held_four``; ``at_least``: c_complete_subs'). (A D completing the sets
    otherwise, a joker in a chow or the pair, makes no reading the rule set keeps.) 1 if
    out of memory.

    The parts' sizes mod 3 say which parts a D may take tiles from: after it one part is
    2 mod 3 (the pair's) and the rest 0, and the parts it leaves alone split as they
    are. Only the tiles of the parts it may take from are looked up, each once."""
    cdef const SuitTables* T = _suit_tables()
    cdef PungTiles pt
    cdef PungParts parts
    cdef uint64_t higher[34]    # per lower tile t of some D, the higher tiles u of those D
    cdef uint64_t lows = 0, singles, us
    cdef uint32_t ones, twos, bad, rest, across
    cdef uint8_t d[2]
    cdef int t, u, p
    if T == NULL or _read_pung_parts(T, s, at_least, &parts) > 2:
        return 0  # a D takes tiles out of two parts at most
    ones, twos, bad = parts.ones, parts.twos, parts.bad
    pt.T = T
    pt.parts = &parts
    # the tiles of (t, u), and of (t) with one joker: held twice, shown three times at most;
    # an honour's part less two of them splits if it held just two
    pt.twice = at_least[2] & ~held_four
    pt.honour_twice = pt.twice & ~at_least[3] & M_HONOURS
    if jokers == 1:  # a part 1 mod 3 becomes the pair's, or one of two parts 2 mod 3 loses it
        singles = 0
        if mj_popcount64(ones) == 1 and not twos:
            if bad == ones:
                singles = _less_two(&pt, mj_ctz64(ones))
        elif not ones and mj_popcount64(twos) == 2:
            rest = twos
            while rest:
                p = mj_ctz64(rest)
                rest &= rest - 1
                if not bad & ~(1u << p):
                    singles |= _less_two(&pt, p)
        while singles:
            d[0] = <uint8_t>mj_ctz64(singles)
            singles &= singles - 1
            if c_push_d(sb, d, 1):
                return 1
        return 0
    # the tiles of (t, t): held once or twice with the melds; an honour's part less one
    # of them splits if it held just one
    pt.once = at_least[1] & ~at_least[0]
    pt.honour_once = pt.once & ~at_least[2] & M_HONOURS
    # (t, t) takes one tile from a part, (t, u) two from each of theirs. With every part
    # 0 mod 3: (t, t) or (t, u) in one part; with one part 1 and one 2: (t, t) or (t, u)
    # in the first, or (t, u) across the two; with three parts 2: (t, u) across two of
    # them; else none.
    if not ones and not twos:
        if bad & (bad - 1):
            return 0
        rest = bad if bad else 7u  # (an honour 0 mod 3 is held three times: in neither mask)
        while rest:
            p = mj_ctz64(rest)
            rest &= rest - 1
            _within(&pt, p, &lows, higher)
    elif mj_popcount64(ones) == 1 and mj_popcount64(twos) == 1:
        if bad == ones:  # (a part 1 mod 3 does not split)
            _within(&pt, mj_ctz64(ones), &lows, higher)
        if not bad & ~(ones | twos):
            _across(&pt, mj_ctz64(ones), mj_ctz64(twos), &lows, higher)
    elif not ones and mj_popcount64(twos) == 3:
        rest = twos
        while rest:  # the part keeping its pair; the other two take the jokers
            across = twos & ~(rest & (~rest + 1))
            rest &= rest - 1
            if not bad & ~across:
                _across(&pt, mj_ctz64(across), mj_ctz64(across & (across - 1)), &lows, higher)
    else:
        return 0
    while lows:
        t = mj_ctz64(lows)
        lows &= lows - 1
        d[0] = <uint8_t>t
        us = higher[t]
        while us:
            u = mj_ctz64(us)
            us &= us - 1
            d[1] = <uint8_t>u
            if c_push_d(sb, d, 2):
                return 1
    return 0


cdef inline uint64_t _suit_less(const PungTiles* pt, int p, uint64_t tiles, int k) noexcept nogil:
    """Of ``tiles``, those of suit ``p`` whose suit less ``k`` of them splits."""
    cdef uint32_t ranks = <uint32_t>(tiles >> (9 * p)) & 0x1FF
    cdef int32_t key = pt.parts.key[p]
    cdef uint64_t found = 0
    cdef int r
    while ranks:
        r = mj_ctz64(ranks)
        ranks &= ranks - 1
        found |= (<uint64_t>_splits(pt.T, key - k * POW5[r])) << r
    return found << (9 * p)


cdef inline uint64_t _less_two(const PungTiles* pt, int p) noexcept nogil:
    """The tiles t of twice in part ``p`` whose part less two t splits."""
    if p >= 3:
        return pt.honour_twice & _part_tiles(1u << p)
    return _suit_less(pt, p, pt.twice, 2)


cdef void _within(const PungTiles* pt, int p, uint64_t* lows, uint64_t* higher) noexcept nogil:
    """Note the D taking their tiles from part ``p`` alone: (t, t) where the part less one
    t splits, (t, u) where it splits less two t and two u."""
    cdef uint64_t tt, us, bit
    cdef uint32_t ranks
    cdef int32_t less
    cdef int r, q
    tt = pt.honour_once & _part_tiles(1u << p) if p >= 3 else _suit_less(pt, p, pt.once, 1)
    while tt:
        bit = tt & (~tt + 1)
        tt &= tt - 1
        _note(lows, higher, bit, bit)
    if p >= 3:
        return
    ranks = <uint32_t>(pt.twice >> (9 * p)) & 0x1FF
    while ranks & (ranks - 1):  # (t, u): two ranks of the suit
        r = mj_ctz64(ranks)
        ranks &= ranks - 1
        less = pt.parts.key[p] - 2 * POW5[r]
        us = 0
        q = ranks
        while q:
            us |= (<uint64_t>_splits(pt.T, less - 2 * POW5[mj_ctz64(q)])) << mj_ctz64(q)
            q &= q - 1
        if us:
            _note(lows, higher, (<uint64_t>1) << (9 * p + r), us << (9 * p))


cdef inline void _across(const PungTiles* pt, int p, int q, uint64_t* lows, uint64_t* higher) noexcept nogil:
    """Note the D (t, u) taking two tiles from each of parts ``p`` and ``q`` (p's tiles
    below q's when p < q)."""
    cdef uint64_t ts = _less_two(pt, p), us
    if not ts:
        return
    us = _less_two(pt, q)
    if us:
        if p < q:
            _note(lows, higher, ts, us)
        else:
            _note(lows, higher, us, ts)


cdef int c_decomposition_subs(Subs* sb, const uint8_t* natural, int jokers, int use,
                             const uint8_t* caps) noexcept nogil:
    """Every D of the kernel's joker decompositions (the tiles their groups hold beyond
    the natural ones), unsorted; 1 if out of memory."""
    cdef uint8_t* grown
    cdef uint8_t* row
    cdef uint8_t d[8]
    cdef int rest[34]
    cdef int i, g, k, t, n, found
    cdef int tiles[4]
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
            for k in range(group_tiles(row[2 * g], tiles)):  # 0 for the padding
                rest[tiles[k]] += 1
        n = 0
        for t in range(34):
            for g in range(rest[t]):
                if n < 8:
                    d[n] = <uint8_t>t
                n += 1
        if n == jokers and c_push_d(sb, d, n):
            return 1
    return 0


cdef inline int _bit(const uint64_t* bits, int shift, uint64_t key) noexcept nogil:
    cdef uint64_t b = key >> shift
    return (bits[b >> 6] >> (b & 63)) & 1


cdef int _try_fixed(const uint8_t* row, const uint8_t* held, int jokers, int use, Subs* sb) noexcept nogil:
    """Push the substitution completing one fixed variant, if its missing tiles are
    ``jokers`` tiles its groups may hold; 1 if out of memory. Eight counts at a time:
    each byte of ((row | 0x80...) - held) ^ 0x80... is row - held (counts are at most 4,
    so no borrow crosses a byte), or 0xFC or more where the variant holds fewer: more
    missing tiles than jokers either way."""
    cdef int t, b, n = 0, missing
    cdef uint8_t tiles[8]
    cdef uint64_t x, y, diff
    for t in range(0, 32, 8):
        memcpy(&x, row + t, 8)
        memcpy(&y, held + t, 8)
        diff = ((x | <uint64_t>0x8080808080808080) - y) ^ <uint64_t>0x8080808080808080
        while diff:
            b = mj_ctz64(diff) >> 3
            missing = <int>((diff >> (8 * b)) & 0xFF)
            diff &= ~((<uint64_t>0xFF) << (8 * b))
            if n + missing > jokers:
                return 0
            for k in range(missing):
                tiles[n] = <uint8_t>(t + b)
                n += 1
    for t in range(32, 34):
        missing = <int>row[t] - <int>held[t]
        if missing < 0 or n + missing > jokers:
            return 0
        for k in range(missing):
            tiles[n] = <uint8_t>t
            n += 1
    if n == jokers and c_fits_fixed(row, tiles, n, use):
        return c_push_d(sb, tiles, n)
    return 0


cdef uint64_t c_fixed_key(const FixedIndex* ix, const uint8_t* held, int jokers) noexcept nogil:
    """The key of the held tiles, and the word of the index's bitset holding its bit
    fetched ahead, as the row finds its other substitutions; 0 unless one or two jokers
    (c_add_fixed_subs then needs no key). The sum of count times weight is the counts'
    five words, as integers, times their multipliers (``_index_arrays``): five loads and
    multiplies, where a loop over the kinds held ended on a mispredicted branch."""
    cdef uint64_t key = 0, word, b
    cdef int j
    if not 1 <= jokers <= 2:
        return 0
    if MJ_LITTLE_ENDIAN:
        for j in range(4):
            memcpy(&word, held + 8 * j, 8)
            key += word * ix.weight[8 * j]
        key += (<uint64_t>held[32] | <uint64_t>held[33] << 8) * ix.weight[32]
    else:
        for j in range(34):
            key += <uint64_t>held[j] * ix.weight[j]
    b = key >> ix.less_shift[jokers - 1]
    mj_prefetch(&ix.less_bits[jokers - 1][b >> 6])
    return key


cdef int c_add_fixed_subs(const uint8_t* fixed_rows, int n_rows, const FixedIndex* ix, const uint8_t* held,
                         uint64_t key, int jokers, int use, Subs* sb) noexcept nogil:
    """The substitutions completing a fixed-shape hand (joker_readings.substitutions); 1 if
    out of memory. With one or two jokers, only the variants that less one or two of
    their tiles are the held tiles (whose ``key`` c_fixed_key gives) are tried
    (``FixedIndex``: one lookup); with more, every variant."""
    cdef int e, lo, hi, mid
    cdef uint32_t top
    cdef const uint32_t* keys
    if jokers > 2:
        for e in range(n_rows):
            if _try_fixed(fixed_rows + FIXED_ROW * e, held, jokers, use, sb):
                return 1
        return 0
    if jokers == 0:
        return 0  # a fixed hand the held tiles make is read as they are
    # most rows are no variant less one or two of its tiles: one bit tells
    if not _bit(ix.less_bits[jokers - 1], ix.less_shift[jokers - 1], key):
        return 0
    keys = ix.less_keys[jokers - 1]
    top = <uint32_t>(key >> 32)
    lo = ix.less_start[jokers - 1][top >> (32 - BUCKET_BITS)]
    hi = ix.less_start[jokers - 1][(top >> (32 - BUCKET_BITS)) + 1]
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < top:
            lo = mid + 1
        else:
            hi = mid
    while lo < ix.n_less[jokers - 1] and keys[lo] == top:
        if _try_fixed(fixed_rows + FIXED_ROW * ix.less_variant[jokers - 1][lo], held, jokers, use, sb):
            return 1
        lo += 1
    return 0


cdef void c_sort_subs(Subs* sb) noexcept nogil:
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


def completing_substitutions(natural, held, int jokers, int use):
    """The substitutions ``c_complete_subs`` finds for one or two jokers (``natural``:
    the concealed counts, ``held``: with the melds'), as tuples of tiles: for the tests,
    which derive them by brute force."""
    cdef uint8_t c[34]
    cdef uint8_t h[34]
    cdef uint8_t caps[34]
    cdef uint64_t at_least[5]
    cdef Subs sb
    cdef int t, k
    if not 1 <= jokers <= 2:
        raise ValueError("one or two jokers")
    for t in range(34):
        c[t] = natural[t]
        h[t] = held[t]
        caps[t] = 4 - (h[t] - c[t])
    at_least[0] = mj_at_least34(h, 3)
    for k in range(1, 5):
        at_least[k] = mj_at_least34(c, k)
    memset(&sb, 0, sizeof(Subs))
    try:
        if c_complete_subs(&sb, c, h, caps, use, jokers, at_least):
            raise MemoryError()
        return [tuple(sb.d[8 * i + k] for k in range(jokers)) for i in range(sb.n)]
    finally:
        free(sb.d)
