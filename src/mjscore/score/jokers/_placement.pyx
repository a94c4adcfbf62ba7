"""Where a substitution's jokers stand (read ``_placement.pxd``): each joker in a
group holding its tile that the rule set lets it join (a chow one, a pung two, a pair
one), every group keeping a natural tile (``mjscore.core.jokers``); and the waits of a
hand whose one or two jokers stand in pungs alone, which decide a joker row's
single-wait fact.

With the jokers as a pung's tiles, the hand ``before`` plus a tile x is complete when,
for some tiles D the jokers stand for, before + x less the natural tiles of D's pungs
splits into sets and a pair (``_pung_parts.pxd``). So x is a wait when it is

* one joker, a pung of t (two natural): among the waits of before less two t (x not t);
  or x itself, with before less one x splitting;
* two jokers, one pung of t (one natural): among the waits of before less t (x not t);
  or any x, if before splits as it is (the pung x and the two jokers);
* two jokers, pungs of t and u (two natural each): among the waits of before less two t
  and two u (x neither); or x one of them, with before less x and two of the other
  splitting;

each tile within its cap (the jokers' tiles too). The waits of a part are the suit
table's (one lookup) or an honour held once or twice; a removal changes two parts at
most, so the others are read once.
"""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjscore.core._bits cimport mj_at_least34, mj_ctz64, mj_popcount64
from mjscore.score.jokers._pung_parts cimport (PUNG_PARTS, PungParts, _counted, _part_less, _part_of, _part_tiles,
                                        _read_pung_parts, _splits_less)
from mjscore.decompose._shapes cimport _suit_tables
from mjscore.decompose._suits cimport SuitTables, _splits


cdef inline uint64_t _part_waits(const SuitTables* T, int part, int32_t key, int size) noexcept nogil:
    """The tiles one more of which makes ``part`` split (``key``, ``size``: as
    _part_less gives them): the suit table's ranks, or an honour held once or twice."""
    if key >= 0:
        return (<uint64_t>T.wait[key]) << (9 * part)
    return (<uint64_t>1) << (part + 24) if size == 1 or size == 2 else 0


cdef uint64_t _waits_less(const SuitTables* T, const uint8_t* s, const PungParts* parts, int t, int a, int u,
                          int b) noexcept nogil:
    """The tiles one more of which makes ``s`` less ``a`` tiles ``t`` and ``b`` tiles ``u``
    split into sets and one pair (caps aside): all parts but one must split as they are,
    the tile going to the one that does not; or, if all do and two leave a pair, to one
    of those (its pair made a pung)."""
    cdef int32_t keys[PUNG_PARTS]
    cdef int sizes[PUNG_PARTS]
    cdef int p = _part_of(t), q = _part_of(u) if b else p, k, r, pairs = parts.pairs, x
    cdef uint32_t bad = parts.bad & ~((1u << p) | (1u << q))
    cdef uint64_t waits = 0
    if bad & (bad - 1):
        return 0  # two parts the tile cannot both mend
    for k in range(2):
        x = p if k == 0 else q
        if k and q == p:
            break
        sizes[x] = _part_less(s, parts, x, t, a, u, b, &keys[x])
        pairs -= (parts.paired >> x) & 1
        r = _counted(sizes[x])
        if r >= 0 and keys[x] >= 0 and not _splits(T, keys[x]):
            r = -1
        if r < 0:
            bad |= 1u << x
        else:
            pairs += r
    if bad & (bad - 1):
        return 0
    if bad:
        x = mj_ctz64(bad)
        if not (x == p or x == q):
            sizes[x] = _part_less(s, parts, x, -1, 0, -1, 0, &keys[x])
        # the part with the tile: 3k + 2 leaves the pair, 3k the others have it (an
        # honour held 0, 3 or 4 times has no wait: _part_waits gives none)
        r = _counted(sizes[x] + 1)
        if r < 0 or pairs + r != 1:
            return 0
        return _part_waits(T, x, keys[x], sizes[x])
    if pairs != 2:
        return 0
    for x in range(PUNG_PARTS):  # every part splits: a tile more makes a pair a pung
        if not (x == p or x == q):
            if not (parts.paired >> x) & 1:
                continue
            sizes[x] = _part_less(s, parts, x, -1, 0, -1, 0, &keys[x])
        if _counted(sizes[x]) == 1:
            waits |= _part_waits(T, x, keys[x], sizes[x])
    return waits


cdef inline int _enough(uint64_t waits, int most) noexcept nogil:
    """Whether ``most`` waits are found (never when ``most`` is 0)."""
    return most != 0 and mj_popcount64(waits) >= most


cdef uint64_t c_pung_waits_upto(const uint8_t* before, int jokers, const uint8_t* caps, int most) noexcept nogil:
    cdef const SuitTables* T = _suit_tables()
    cdef PungParts parts
    cdef uint8_t room[34]   # caps less before (never below: caps hold the natural tiles)
    cdef uint64_t held[5]   # [k], k = 1-4: the kinds before holds k times or more
    cdef uint64_t open_, once, twice, waits = 0, rest, others, x, y
    cdef int t, u
    if T == NULL or not 1 <= jokers <= 2:
        return 0
    for t in range(0, 32, 8):  # eight at once: each byte stays within 0-4, no borrow
        memcpy(&x, caps + t, 8)
        memcpy(&y, before + t, 8)
        x -= y
        memcpy(room + t, &x, 8)
    room[32] = caps[32] - before[32]
    room[33] = caps[33] - before[33]
    open_ = mj_at_least34(room, 1)  # a wait may be t
    for t in range(1, 5):
        held[t] = mj_at_least34(before, t)
    # a pung of one t (two jokers), or of t once more (one joker)
    once = held[1] & mj_at_least34(room, 2)
    twice = held[2] & open_  # a pung of two t and a joker
    # a pung taken out mends two parts at most and the wait one more
    if _read_pung_parts(T, before, held, &parts) > 3:
        return 0
    if jokers == 1:
        rest = twice
        while rest:  # (t): before less two t, and a tile
            t = mj_ctz64(rest)
            rest &= rest - 1
            waits |= _waits_less(T, before, &parts, t, 2, -1, 0) & open_ & ~((<uint64_t>1) << t)
            if _enough(waits, most):
                return waits
        rest = once & ~waits
        while rest:  # (x): before less one x
            t = mj_ctz64(rest)
            rest &= rest - 1
            if _splits_less(T, before, &parts, t, 1, -1, 0):
                waits |= (<uint64_t>1) << t
                if _enough(waits, most):
                    return waits
        return waits
    if parts.bad == 0 and parts.pairs == 1:  # before splits: any x, with the jokers its pung
        waits = mj_at_least34(room, 3)
        if _enough(waits, most):
            return waits
    # (t, t) takes a tile from t's part and the wait adds one; after both one part is 2
    # mod 3 and the rest 0. By the parts' sizes mod 3 (they sum to 2): with one part 2
    # and the rest 0, t anywhere; with two parts 1, or one 1 and two 2, t in a part of 1;
    # else nowhere.
    rest = 0
    if not parts.ones and mj_popcount64(parts.twos) == 1:
        rest = once
    elif mj_popcount64(parts.ones) == 2 and not parts.twos or (mj_popcount64(parts.ones) == 1
                                                                and mj_popcount64(parts.twos) == 2):
        rest = once & _part_tiles(parts.ones)
    while rest:  # (t, t): before less one t, and a tile
        t = mj_ctz64(rest)
        rest &= rest - 1
        waits |= _waits_less(T, before, &parts, t, 1, -1, 0) & open_ & ~((<uint64_t>1) << t)
        if _enough(waits, most):
            return waits
    rest = twice
    while rest:  # (t, u): before less two t and two u, and a tile
        t = mj_ctz64(rest)
        rest &= rest - 1
        others = twice & rest
        while others:
            u = mj_ctz64(others)
            others &= others - 1
            waits |= (_waits_less(T, before, &parts, t, 2, u, 2) & open_
                      & ~(((<uint64_t>1) << t) | ((<uint64_t>1) << u)))
            if _enough(waits, most):
                return waits
    rest = once & ~waits
    while rest:  # (x, u): x held once more, before less x and two u
        t = mj_ctz64(rest)
        rest &= rest - 1
        others = twice & ~((<uint64_t>1) << t)
        while others:
            u = mj_ctz64(others)
            others &= others - 1
            if _splits_less(T, before, &parts, t, 1, u, 2):
                waits |= (<uint64_t>1) << t
                if _enough(waits, most):
                    return waits
                break
    return waits


def pung_waits(before, int jokers, caps):
    """c_pung_waits_upto of the counts ``before`` (34), all of them (``most`` 0), as a
    mask: for the tests, which compare it with the joker tables' waits."""
    cdef uint8_t b[34]
    cdef uint8_t c[34]
    cdef int t
    for t in range(34):
        b[t] = before[t]
        c[t] = caps[t]
    return c_pung_waits_upto(b, jokers, c, 0)


from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjscore.core._group_codes cimport G_CHOW, G_PAIR, G_PUNG, NO_GROUP, group_kind, group_tile
from mjscore.decompose._jokers_kernel cimport c_waits_jokers_upto
from mjscore.score._fold cimport F_SINGLE_WAIT, mj_ctz64


cdef int _place(const uint8_t* tiles, int i, int n, const uint64_t* holds, int n_groups,
                int* room) noexcept nogil:
    """joker_readings.fits_groups: each of tiles[i:n] into a group holding it, with room."""
    cdef int g, t
    if i == n:
        return 1
    t = tiles[i]
    for g in range(n_groups):
        if not room[g]:
            continue
        if (holds[g] >> t) & 1:
            room[g] -= 1
            if _place(tiles, i + 1, n, holds, n_groups, room):
                return 1
            room[g] += 1
    return 0


cdef int c_fits_fixed(const uint8_t* row, const uint8_t* tiles, int n, int use) noexcept nogil:
    cdef int room[14]
    cdef int g, n_groups = row[34]
    for g in range(n_groups):
        room[g] = c_room(row[35 + g], use)
    return _place(tiles, 0, n, <const uint64_t*>(row + FIXED_MASKS), n_groups, room)


cdef int c_fixed_allowed(const JokerFilter* jf, FixedHit* fixed, int n) noexcept nogil:
    """Keep the fixed entries whose groups hold the substitution's jokers; how many."""
    cdef int k, kept = 0
    for k in range(n):
        if c_fits_fixed(jf.fixed_rows + FIXED_ROW * fixed[k].entry, jf.d, jf.jokers, jf.use):
            fixed[kept] = fixed[k]
            kept += 1
    return kept


ctypedef struct Placement:
    # the groups of one decomposition of S while D's tiles are placed in them as jokers
    int n
    uint8_t kind[5]
    uint8_t first[5]
    int room[5]                 # jokers the group may still take
    uint64_t jokered[5]         # a chow's tile a joker took
    uint64_t possible[5]        # the tiles the group holds naturally in some placement
    const uint8_t* d
    int jokers


cdef int _place_jokers(Placement* pl, int i, int start) noexcept nogil:
    """Place D's tiles i.. as jokers (equal tiles into groups in order, so each multiset
    placement is tried once), recording each group's natural tiles in every complete
    placement; whether there is one."""
    cdef int g, t, found = 0
    cdef uint64_t bit
    if i == pl.jokers:
        for g in range(pl.n):
            if pl.kind[g] == G_CHOW:
                pl.possible[g] |= ((<uint64_t>7) << pl.first[g]) & ~pl.jokered[g]
            else:
                pl.possible[g] |= (<uint64_t>1) << pl.first[g]
        return 1
    t = pl.d[i]
    for g in range(start if i and pl.d[i - 1] == t else 0, pl.n):
        if not pl.room[g]:
            continue
        if pl.kind[g] == G_CHOW:
            if not pl.first[g] <= t <= pl.first[g] + 2:
                continue
        elif pl.first[g] != t:
            continue
        bit = ((<uint64_t>1) << t) if pl.kind[g] == G_CHOW else 0  # a pung or pair keeps its tile
        pl.room[g] -= 1
        pl.jokered[g] |= bit
        found |= _place_jokers(pl, i + 1, g)
        pl.room[g] += 1
        pl.jokered[g] &= ~bit
    return found


cdef inline void _start_placement(Placement* pl, const uint8_t* codes, const uint8_t* d, int jokers,
                                  int use) noexcept nogil:
    """The groups of a decomposition (five codes, 0xFF pads), no joker placed yet."""
    cdef int j, code, kind
    pl.n = 0
    pl.d = d
    pl.jokers = jokers
    for j in range(5):
        code = codes[j]
        if code == NO_GROUP:
            continue
        kind = group_kind(code)
        pl.kind[pl.n] = <uint8_t>kind
        pl.first[pl.n] = <uint8_t>group_tile(code)
        if kind == G_CHOW:
            pl.room[pl.n] = 1 if use & USE_CHOWS else 0
        elif kind == G_PUNG:
            pl.room[pl.n] = 2 if use & USE_PUNGS else 0
        else:
            pl.room[pl.n] = 1 if use & USE_PAIRS else 0
        pl.jokered[pl.n] = 0
        pl.possible[pl.n] = 0
        pl.n += 1


cdef uint64_t GROUP_MASK[256]   # a decomposition byte's tiles, as a mask (NO_GROUP: none)


cdef void _fill_group_masks() noexcept:
    cdef int code
    for code in range(256):
        GROUP_MASK[code] = 0 if code == NO_GROUP else (
            (<uint64_t>(7 if group_kind(code) == G_CHOW else 1)) << group_tile(code))


_fill_group_masks()


cdef inline int _place_without_chows(const uint8_t* codes, const uint8_t* d, int jokers, int use,
                                     uint64_t* possible) noexcept nogil:
    """_placed for at most two jokers joining no chow: a group taking a joker holds one
    kind, so keeps its tiles as natural ones (``possible``: each code's, 0 for a pad), and
    D's tiles need groups of their kind with room (a pung two jokers, a pair one), two for
    a tile twice unless a pung. A table and a compare per byte, no decoding."""
    cdef int j, code, t = 0, u = 0, room_t = 0, room_u = 0
    cdef int pung_t, pair_t, pung_u, pair_u
    if jokers:
        t = d[0]
        u = d[jokers - 1]
    # the bytes of the groups that take a joker of t or u (256, no byte: none does)
    pung_t = G_PUNG * 34 + t if use & USE_PUNGS else 256
    pung_u = G_PUNG * 34 + u if use & USE_PUNGS else 256
    pair_t = G_PAIR * 34 + t if use & USE_PAIRS else 256
    pair_u = G_PAIR * 34 + u if use & USE_PAIRS else 256
    for j in range(5):
        code = codes[j]
        possible[j] = GROUP_MASK[code]
        room_t += 2 * (code == pung_t) + (code == pair_t)
        room_u += 2 * (code == pung_u) + (code == pair_u)
    if jokers == 0:
        return 1
    if jokers == 1:
        return room_t > 0
    if t == u:
        return room_t >= 2
    return room_t > 0 and room_u > 0


cdef int _place_few(const uint8_t* codes, const uint8_t* d, int jokers, int use,
                    uint64_t* possible) noexcept nogil:
    """_placed for at most two jokers that may join chows, in one pass over the codes."""
    cdef int j, g, h, n = 0, code, kind, t = 0, u = 0, found = 0
    cdef int room[5]
    cdef uint32_t takes_t = 0, takes_u = 0, free = 0, chows = 0, rest
    cdef uint64_t always[5]
    if jokers:
        t = d[0]
        u = d[jokers - 1]
    for j in range(5):
        code = codes[j]
        if code == NO_GROUP:
            continue
        kind = group_kind(code)
        if kind == G_CHOW:
            possible[n] = (<uint64_t>7) << group_tile(code)
            room[n] = 1 if use & USE_CHOWS else 0
            chows |= 1u << n
        else:
            possible[n] = (<uint64_t>1) << group_tile(code)
            room[n] = (2 if use & USE_PUNGS else 0) if kind == G_PUNG else (1 if use & USE_PAIRS else 0)
        if room[n]:
            takes_t |= ((possible[n] >> t) & 1) << n
            takes_u |= ((possible[n] >> u) & 1) << n
        n += 1
    if jokers == 0:
        return 1
    if jokers == 1:
        if takes_t == 0:
            return 0
        if not takes_t & (takes_t - 1):  # one group always holds the joker
            g = mj_ctz64(takes_t)
            if chows >> g & 1:
                possible[g] &= ~((<uint64_t>1) << t)
        return 1
    for g in range(n):
        always[g] = ~(<uint64_t>0)
    rest = takes_t
    while rest:
        g = mj_ctz64(rest)
        rest &= rest - 1
        for h in range(g if t == u else 0, n):  # equal tiles: each pair of groups once
            if not takes_u >> h & 1 or (h == g and room[g] < 2):
                continue
            found = 1
            free |= ~((1u << g) | (1u << h))
            always[g] &= (<uint64_t>1) << t
            always[h] &= (<uint64_t>1) << u if h != g else always[g]
    if not found:
        return 0
    for g in range(n):
        if chows >> g & 1 and not free >> g & 1:
            possible[g] &= ~always[g]
    return 1


cdef int _placed(const uint8_t* codes, const uint8_t* d, int jokers, int use,
                 uint64_t* possible) noexcept nogil:
    """Whether D's tiles can all be placed in the groups of ``codes`` (five, 0xFF pads);
    each group's natural tiles over the placements in ``possible``. One or two jokers
    are placed with group masks (most rows): a chow loses a tile only if every
    placement puts a joker there; more are placed one by one."""
    cdef Placement pl
    if jokers <= 2:
        if not use & USE_CHOWS:
            return _place_without_chows(codes, d, jokers, use, possible)
        return _place_few(codes, d, jokers, use, possible)
    _start_placement(&pl, codes, d, jokers, use)
    if not _place_jokers(&pl, 0, 0):
        return 0
    memcpy(possible, pl.possible, pl.n * sizeof(uint64_t))
    return 1


cdef uint64_t c_joker_single(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec) noexcept nogil:
    """F_SINGLE_WAIT if only one kind, the winning tile ``wt``, could have completed the row
    (with its jokers), else 0; worked out once per row and winning tile.

    With one joker that may join any group, another tile x completing the natural tiles
    proves a second wait; with two standing in pungs alone, a decomposition of S whose pair
    is ``wt`` (_won_on_pair); else usually a decomposition of S proves one: if the jokers can stand for
    D less one tile x (not ``wt``) plus ``wt`` in it, the hand less ``wt`` was completed
    by x too (S is that hand plus x with the jokers placed so), as it was by ``wt``.
    Otherwise the kinds completing it are counted, with the jokers (in pungs alone, from
    the parts of the natural tiles: c_pung_waits_upto)."""
    cdef uint64_t possible[5]
    cdef uint8_t swapped[8]
    cdef uint8_t before[34]
    cdef uint64_t bit = (<uint64_t>1) << wt, waits
    cdef int k, j, n, dec
    if not jf.singles:
        return 0
    if jf.others & ~bit:
        # S = the hand less wt, plus x, plus a joker standing for wt in wt's group
        return 0
    if not jf.single_known[0] & bit:
        if jf.use == USE_PUNGS and jf.jokers == 2 and _won_on_pair(jf, wt, found, n_dec):
            jf.single_known[0] |= bit
            return 0
        for k in range(jf.jokers):
            if jf.d[k] == wt or (k and jf.d[k] == jf.d[k - 1]):
                continue
            n = 0
            for j in range(jf.jokers):  # D less d[k] plus wt, sorted
                if j == k:
                    continue
                if wt < jf.d[j] and (n == j - (j > k)):
                    swapped[n] = <uint8_t>wt
                    n += 1
                swapped[n] = jf.d[j]
                n += 1
            if n < jf.jokers:
                swapped[n] = <uint8_t>wt
            for dec in range(n_dec):
                if _placed(&found[5 * dec], swapped, jf.jokers, jf.use, possible):
                    jf.single_known[0] |= bit
                    return 0
        memcpy(before, jf.natural, 34)
        before[wt] -= 1
        if jf.use == USE_PUNGS and 1 <= jf.jokers <= 2:
            waits = c_pung_waits_upto(before, jf.jokers, jf.caps, 2)
        else:
            waits = c_waits_jokers_upto(before, jf.jokers, jf.use, jf.caps, 2)
        jf.single_known[0] |= bit
        if waits and not waits & (waits - 1):
            jf.single[0] |= bit
    return F_SINGLE_WAIT if jf.single[0] & bit else 0


cdef inline int _won_on_pair(const JokerFilter* jf, int wt, const uint8_t* found, int n_dec) noexcept nogil:
    """With two jokers standing in pungs alone (D's tiles in pungs): whether S reads with
    ``wt`` as its pair (a natural one: no joker stands in a pair), ``wt`` still available
    three times. Then the hand less ``wt`` was also completed by a tile t of D: t's
    natural tiles make the pair (t's pung held one natural t and both jokers, or two t
    and one joker while u's pung held the other) and ``wt`` with both jokers a pung."""
    cdef uint64_t natural_tiles[5]
    cdef int dec, k
    cdef const uint8_t* codes
    if jf.natural[wt] + 1 > jf.caps[wt]:
        return 0
    for dec in range(n_dec):
        codes = &found[5 * dec]
        for k in range(5):
            if codes[k] == G_PAIR * 34 + wt and c_decomposition_allowed(jf, codes, natural_tiles):
                return 1
    return 0


cdef int c_decomposition_allowed(const JokerFilter* jf, const uint8_t* codes,
                                uint64_t* natural_tiles) noexcept nogil:
    """Whether D's tiles can stand as jokers in this decomposition of S (five codes, 0xFF
    pads); if so, the tiles each of its groups holds naturally, in the codes' order:
    per code, in some placement (joker_readings: the masks merged per group code)."""
    cdef uint64_t possible[5]
    cdef int j, k
    if jf.jokers <= 2 and not jf.use & USE_CHOWS:  # (equal groups keep equal tiles: no merging)
        return _place_without_chows(codes, jf.d, jf.jokers, jf.use, natural_tiles)
    if not _placed(codes, jf.d, jf.jokers, jf.use, possible):
        return 0
    k = 0
    for j in range(5):
        natural_tiles[j] = 0
        if codes[j] != NO_GROUP:
            natural_tiles[j] = possible[k]
            k += 1
    # equal groups share their tiles: the codes are sorted, so a run of equal ones
    # gathers its union forwards and hands it back
    for j in range(1, 5):
        if codes[j] == codes[j - 1] and codes[j] != NO_GROUP:
            natural_tiles[j] |= natural_tiles[j - 1]
    for j in range(3, -1, -1):
        if codes[j] == codes[j + 1] and codes[j] != NO_GROUP:
            natural_tiles[j] = natural_tiles[j + 1]
    return 1
