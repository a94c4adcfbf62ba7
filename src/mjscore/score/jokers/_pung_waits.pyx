"""The waits of a hand whose one or two jokers stand in pungs alone (read
``_score_pung_waits.pxd``).

With the jokers as a pung's tiles, the hand ``before`` plus a tile x is complete when,
for some tiles D the jokers stand for, before + x less the natural tiles of D's pungs
splits into sets and a pair (``_score_pung_parts``). So x is a wait when it is

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
from mjscore.score.jokers._pung_parts cimport (PUNG_PARTS, PungParts, _counted, _part_less, _part_of, _read_pung_parts,
                                        _splits_less)
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
        pairs -= parts.split[x] > 0
        r = _counted(sizes[x], keys[x])
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
        # the part with the tile: 3k + 2 leaves the pair, 3k the others have it
        if keys[x] >= 0:
            r = (sizes[x] + 1) % 3
            if r == 1 or pairs + (r == 2) != 1:
                return 0
        elif pairs + (sizes[x] == 1) != 1:
            return 0
        return _part_waits(T, x, keys[x], sizes[x])
    if pairs != 2:
        return 0
    for x in range(PUNG_PARTS):  # every part splits: a tile more makes a pair a pung
        if not (x == p or x == q):
            if parts.split[x] != 1:
                continue
            sizes[x] = _part_less(s, parts, x, -1, 0, -1, 0, &keys[x])
        if _counted(sizes[x], keys[x]) == 1:
            waits |= _part_waits(T, x, keys[x], sizes[x])
    return waits


cdef inline int _enough(uint64_t waits, int most) noexcept nogil:
    """Whether ``most`` waits are found (never when ``most`` is 0)."""
    return most != 0 and mj_popcount64(waits) >= most


cdef uint64_t c_pung_waits_upto(const uint8_t* before, int jokers, const uint8_t* caps, int most) noexcept nogil:
    cdef const SuitTables* T = _suit_tables()
    cdef PungParts parts
    cdef uint8_t room[34]   # caps less before (never below: caps hold the natural tiles)
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
    # a pung of one t (two jokers), or of t once more (one joker)
    once = mj_at_least34(before, 1) & mj_at_least34(room, 2)
    twice = mj_at_least34(before, 2) & open_  # a pung of two t and a joker
    # a pung taken out mends two parts at most and the wait one more
    if _read_pung_parts(T, before, &parts) > 3:
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
    rest = once
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

