"""One suit's distance tables and the targets read without them: the dynamic programme
over a suit's tiles, the per-suit memo that keeps its tables, and the distance to a
target of knitted groups.

**Tables.** One suit's distance table: the dynamic programme over its tiles, without and
with jokers (the algorithms of ``mjscore.distances._reference.suit_table`` and
``mjscore.distances._jokers_reference.suit_table``).

**The memo** (:class:`SuitMemo`). One suit's table for a target, keyed by (the target's
profile in that suit, the suit's counts of the tiles the profile may hold). A profile
is written relative to its suit's first tile, so the same groups in another suit share
tables; a table keeps one entry per uses vector of its target.

**Knitted targets** (:func:`knitted`; ``Target.knits``, no declared melds). In general
it is the reference's ``_knitted``: a programme over the nine numbers whose state is the
groups used per knit. Two forms have a closed one, marked at build
(``DTarget.knit_form``), as the knitted replacement numbers of ``_knitted_replacement``:

* one knit of ``c`` groups over suits ``S``: the ``k``-th group on number ``r`` finds
  ``#{s in S: held[s][r] >= k}`` of its tiles held, a gain that never rises with ``k``,
  so the best ``c`` groups are the ``c`` largest gains (four per number);
* a knit and one group of a second knit within its suits (Triple Knitting): for each
  number of that group, its tiles held there, plus the largest gains of the first knit
  once that group's tiles are set aside (and at most three of its groups there).
"""

from libc.stdlib cimport free, malloc
from libc.string cimport memset

import numpy as np


# -------------------------------------------------------------- one suit's table
cdef inline int _move_total(const DTarget* t, int tile, int i, int size, int present, int cap, int put,
                            int chows, uint64_t packed, uint64_t counts) noexcept nogil:
    """The tiles of ``tile`` a move leaves the suit holding (``present`` and the ``put``
    of the move), or -1 if the move is barred: over the tile's cap, over the target's
    counts, a chow started too near the suit's end, or a required tile left out."""
    cdef int total = present + put
    if total > cap or not within(packed, counts):
        return -1
    if chows and i + 2 >= size:
        return -1
    if (t.required >> tile) & 1 and total + 4 - cap == 0:
        return -1
    return total


cdef void suit_table(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps,
                     const Moves* moves, const int32_t* move_index, const uint64_t* move_packed,
                     const uint8_t* move_put, const uint8_t* move_chows, const uint64_t* packed_of,
                     int8_t* out, int8_t* cur, int8_t* nxt, int32_t* live, int32_t* next_live) noexcept nogil:
    """``out[uses]``: fewest tiles missing in one suit (see the reference's ``suit_table``);
    a state is (uses, chows started one tile back, two tiles back), the live ones listed."""
    cdef int base = suit_base(suit), size = suit_width(suit)
    cdef int i, s, k, m, u, back1, back2, present, total, missing, key, tile, n_live = 1, n_next
    cdef uint64_t counts = t.count_packed
    cdef int32_t* swap_list
    cdef int8_t* swap
    cur[0] = 0  # cur and nxt hold NONE everywhere between calls
    live[0] = 0
    for i in range(size):
        tile = base + i
        n_next = 0
        for k in range(n_live):
            s = live[k]
            u = s // N_BACK
            back1 = (s // 5) % 5
            back2 = s % 5
            present = t.fixed[tile] + back1 + back2
            if present > caps[i]:
                continue
            for m in range(moves[tile].first, moves[tile].first + moves[tile].n):
                total = _move_total(t, tile, i, size, present, caps[i], move_put[m], move_chows[m],
                                    packed_of[u] + move_packed[m], counts)
                if total < 0:
                    continue
                missing = cur[s] + (total - held[i] if total > held[i] else 0)
                key = (u + move_index[m]) * N_BACK + move_chows[m] * 5 + back1
                if nxt[key] == NONE:
                    next_live[n_next] = key
                    n_next += 1
                    nxt[key] = <int8_t>missing
                elif missing < nxt[key]:
                    nxt[key] = <int8_t>missing
        for k in range(n_live):
            cur[live[k]] = NONE
        swap = cur
        cur = nxt
        nxt = swap
        swap_list = live
        live = next_live
        next_live = swap_list
        n_live = n_next
    memset(out, NONE, t.n_uses)
    for k in range(n_live):
        if live[k] % N_BACK == 0:
            out[live[k] // N_BACK] = cur[live[k]]
        cur[live[k]] = NONE


cdef void suit_table_jokers(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps,
                            const Moves* moves, const int32_t* move_index, const uint64_t* move_packed,
                            const uint8_t* move_put, const uint8_t* move_chows, const uint8_t* move_cap,
                            const uint64_t* packed_of, int8_t* out, int8_t* cur, int8_t* nxt, int32_t* live,
                            int32_t* next_live) noexcept nogil:
    """``out[uses]`` for a joker target (``mjscore.distances._jokers_reference.suit_table``): a state
    is (uses with the runs' and jokers' digits, chows started one and two tiles back, of
    them those still free to take a joker)."""
    cdef int base = suit_base(suit), size = suit_width(suit)
    cdef int i, s, k, m, u, rest, back1, back2, free1, free2, present, total, missing, key, tile, n_live = 1
    cdef int n_next, lacking, limit, alone, spent, left, old, mid, young, new_free, filled, u2, c, n_through
    cdef int e_stride = t.stride[t.dims - 1], n_free = t.n_free
    cdef int through[MAX_RUNS]
    cdef int room[MAX_RUNS]
    cdef int taken[MAX_RUNS]
    cdef uint64_t counts = t.count_packed
    cdef int32_t* swap_list
    cdef int8_t* swap
    cur[0] = 0
    live[0] = 0
    for i in range(size):
        tile = base + i
        n_through = 0
        for k in range(t.n_runs):
            if (t.tile_runs[tile] >> k) & 1:
                through[n_through] = k
                n_through += 1
        n_next = 0
        for c in range(n_live):
            s = live[c]
            rest = s // n_free
            u = rest // N_BACK
            back1 = (rest // 5) % 5
            back2 = rest % 5
            free1 = (s % n_free) // 5
            free2 = s % 5 if n_free > 1 else 0
            present = t.fixed[tile] + back1 + back2
            if present > caps[i]:
                continue
            for m in range(moves[tile].first, moves[tile].first + moves[tile].n):
                total = _move_total(t, tile, i, size, present, caps[i], move_put[m], move_chows[m],
                                    packed_of[u] + move_packed[m], counts)
                if total < 0:
                    continue
                lacking = total - held[i] if total > held[i] else 0
                limit = t.jokers - u // e_stride
                if lacking < limit:
                    limit = lacking
                alone = move_cap[m] if move_cap[m] < limit else limit
                for k in range(n_through):
                    room[k] = t.run_cap[through[k]] - (u // t.stride[t.first_run + through[k]]) % t.radix[t.first_run + through[k]]
                    taken[k] = 0
                new_free = move_chows[m] if t.chow_joker else 0
                while True:  # each choice of the runs' jokers on this tile
                    spent = alone
                    for k in range(n_through):
                        spent += taken[k]
                    if spent <= limit:
                        left = limit - spent
                        old = free2 if free2 < left else left
                        mid = free1 if free1 < left - old else left - old
                        young = new_free if new_free < left - old - mid else left - old - mid
                        filled = spent + old + mid + young
                        u2 = u + move_index[m] + filled * e_stride
                        for k in range(n_through):
                            u2 += taken[k] * t.stride[t.first_run + through[k]]
                        missing = cur[s] + lacking - filled
                        key = (u2 * N_BACK + move_chows[m] * 5 + back1) * n_free
                        if n_free > 1:
                            key += (new_free - young) * 5 + free1 - mid
                        if nxt[key] == NONE:
                            next_live[n_next] = key
                            n_next += 1
                            nxt[key] = <int8_t>missing
                        elif missing < nxt[key]:
                            nxt[key] = <int8_t>missing
                    k = 0  # the next choice, as a mixed-radix counter
                    while k < n_through and taken[k] == room[k]:
                        taken[k] = 0
                        k += 1
                    if k == n_through:
                        break
                    taken[k] += 1
        for c in range(n_live):
            cur[live[c]] = NONE
        swap = cur
        cur = nxt
        nxt = swap
        swap_list = live
        live = next_live
        next_live = swap_list
        n_live = n_next
    memset(out, NONE, t.n_uses)
    for c in range(n_live):
        if (live[c] // n_free) % N_BACK == 0:
            u = live[c] // n_free // N_BACK
            if cur[live[c]] < out[u]:
                out[u] = cur[live[c]]
        cur[live[c]] = NONE
    close_table(t, out)


cdef void close_table(const DTarget* t, int8_t* out) noexcept nogil:
    """Make a joker table's runs' and jokers' digits mean "at most": an entry using ``e'``
    jokers also serves ``e >= e'``, and ``e < e'`` with ``e' - e`` more tiles drawn."""
    cdef int e_stride = t.stride[t.dims - 1], b, e, best, carry, v, k, d, u
    for b in range(e_stride):
        best = NONE
        for e in range(t.jokers + 1):  # fewer used: the same
            v = out[b + e * e_stride]
            if v < best:
                best = v
            out[b + e * e_stride] = <int8_t>best
        carry = NONE
        for e in range(t.jokers - 1, -1, -1):  # more used: one more tile drawn per joker not used
            v = out[b + (e + 1) * e_stride]  # already closed upward, so at most its own value
            if v < carry:
                carry = v
            if carry != NONE:
                carry += 1
                if carry < out[b + e * e_stride]:
                    out[b + e * e_stride] = <int8_t>carry
    for k in range(t.n_runs):
        d = t.first_run + k
        for u in range(t.n_uses):
            if (u // t.stride[d]) % t.radix[d] and out[u - t.stride[d]] < out[u]:
                out[u] = out[u - t.stride[d]]


# -------------------------------------------------------------- the per-suit memo
cdef enum:
    CACHE_BITS = 20
    CACHE_SIZE = 1 << CACHE_BITS


cdef class SuitMemo:
    """The memo, and the moves (every target's, flat) its tables are built from."""

    def __cinit__(self, moves):
        self.keys = <uint64_t*>malloc(CACHE_SIZE * sizeof(uint64_t))
        self.offsets = <uint32_t*>malloc(CACHE_SIZE * sizeof(uint32_t))
        self.pool = <int8_t*>malloc(POOL_ENTRIES)
        columns = list(zip(*moves)) or [(0,), (0,), (0,), (0,), (0,)]
        self.arrays = (np.array(columns[0], dtype=np.int32), np.array(columns[1], dtype=np.uint64),
                       np.array(columns[2], dtype=np.uint8), np.array(columns[3], dtype=np.uint8),
                       np.array(columns[4], dtype=np.uint8))
        cdef const int32_t[::1] move_index = self.arrays[0]
        cdef const uint64_t[::1] move_packed = self.arrays[1]
        cdef const uint8_t[::1] move_put = self.arrays[2]
        cdef const uint8_t[::1] move_chows = self.arrays[3]
        cdef const uint8_t[::1] move_cap = self.arrays[4]
        self.move_index = &move_index[0]
        self.move_packed = &move_packed[0]
        self.move_put = &move_put[0]
        self.move_chows = &move_chows[0]
        self.move_cap = &move_cap[0]
        self.clear()

    def __dealloc__(self):
        free(self.keys)
        free(self.offsets)
        free(self.pool)

    cdef void clear(self) noexcept nogil:
        memset(self.keys, 0xFF, CACHE_SIZE * sizeof(uint64_t))
        self.used = 0
        self.n_cached = 0

    cdef bint full(self, uint32_t entries) noexcept nogil:
        """Whether a row adding up to ``entries`` bytes of tables may overflow the memo."""
        return self.n_cached > CACHE_SIZE // 2 or self.used + entries > POOL_ENTRIES

    cdef void compute(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held, const uint8_t* caps,
                      int8_t* out) noexcept nogil:
        """One suit's table, built (``held`` and ``caps``: the suit's own counts)."""
        if t.jokers:
            suit_table_jokers(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                              self.move_chows, self.move_cap, ctx.packed_of + t.packed_first, out, ctx.cur,
                              ctx.nxt, ctx.live, ctx.next_live)
        else:
            suit_table(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                       self.move_chows, ctx.packed_of + t.packed_first, out, ctx.cur, ctx.nxt, ctx.live,
                       ctx.next_live)

    cdef const int8_t* table(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held,
                             const uint8_t* caps, bint memo, int8_t* out) noexcept nogil:
        """One suit's table (``held``, ``caps``: the row's 34), from the memo when ``memo``
        (the suit holds no declared meld), else built into ``out``."""
        cdef int i, base = suit_base(suit)
        cdef uint64_t key = <uint64_t>t.profile[suit] << 27, h
        cdef uint32_t slot
        if not memo:
            self.compute(t, ctx, suit, held + base, caps + base, out)
            return out
        for i in range(suit_width(suit)):
            key |= <uint64_t>held[base + i] << (3 * i)
        key &= <uint64_t>t.support[suit] | (<uint64_t>-1 << 27)  # the other tiles change nothing
        h = key * <uint64_t>0x9E3779B97F4A7C15
        slot = <uint32_t>(h >> (64 - CACHE_BITS))
        while self.keys[slot] != <uint64_t>-1:
            if self.keys[slot] == key:
                return self.pool + self.offsets[slot]
            slot = (slot + 1) & (CACHE_SIZE - 1)
        self.compute(t, ctx, suit, held + base, caps + base, self.pool + self.used)
        self.keys[slot] = key
        self.offsets[slot] = self.used
        self.used += t.n_uses
        self.n_cached += 1
        return self.pool + self.offsets[slot]


# -------------------------------------------------------------- knitted targets
cdef int knitted(const DTarget* t, const uint8_t* held, const uint8_t* knit_put, const uint16_t* knit_numbers,
                 const int16_t* knit_next) noexcept nogil:
    """The distance to a knitted target, by its closed form or the programme."""
    cdef int i, missing = 0
    for i in range(34 if t.knit_plain else 0):  # the tiles no knit touches: the fixed ones
        if (t.knit_plain >> i) & 1:
            if (t.required >> i) & 1 and not t.fixed[i]:
                return NONE
            if t.fixed[i] > held[i]:
                missing += t.fixed[i] - held[i]
    if t.knit_form == KNIT_ONE:
        return missing + _one_knit(t, held)
    if t.knit_form == KNIT_AND_PAIR:
        return missing + _knit_and_pair(t, held)
    return _programme(t, held, missing, knit_put, knit_numbers, knit_next)


cdef inline void _count_gains(int* hist, int x, int y, int z, int slots) noexcept nogil:
    """Add to ``hist`` the gains of ``slots`` groups on one number whose suits hold
    ``x``, ``y``, ``z`` of it (a suit outside the knit: 0): the ``k``-th group gains the
    suits holding more than ``k - 1``."""
    cdef int s
    if x > y:
        x, y = y, x
    if y > z:
        y, z = z, y
    if x > y:
        x, y = y, x
    if z > slots:
        z = slots
    if y > slots:
        y = slots
    if x > slots:
        x = slots
    hist[3] += x
    hist[2] += y - x
    hist[1] += z - y


cdef inline int _held(const DTarget* t, int suits, const uint8_t* held, int s, int r) noexcept nogil:
    return held[9 * s + r] if (suits >> s) & 1 else 0


cdef int _largest(const int* hist, int count) noexcept nogil:
    """The sum of the ``count`` largest gains, ``hist[g]`` of them worth ``g`` (0 to 3)."""
    cdef int g, take, total = 0
    for g in range(3, 0, -1):
        take = hist[g] if hist[g] < count else count
        total += take * g
        count -= take
    return total


cdef int _width(int suits) noexcept nogil:
    return (suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1)


cdef int _one_knit(const DTarget* t, const uint8_t* held) noexcept nogil:
    cdef int r, suits = t.knit_suits
    cdef int hist[4]
    hist[1] = hist[2] = hist[3] = 0
    for r in range(9):
        _count_gains(hist, _held(t, suits, held, 0, r), _held(t, suits, held, 1, r), _held(t, suits, held, 2, r), 4)
    return t.knit_count * _width(suits) - _largest(hist, t.knit_count)


cdef int _knit_and_pair(const DTarget* t, const uint8_t* held) noexcept nogil:
    cdef int r, s, found, best = 0, suits = t.knit_suits, pair = t.knit_pair_suits
    cdef int hist[4]
    cdef int here[4]
    cdef int h[3]
    cdef int taken[3]
    hist[1] = hist[2] = hist[3] = 0
    for r in range(9):
        _count_gains(hist, _held(t, suits, held, 0, r), _held(t, suits, held, 1, r), _held(t, suits, held, 2, r), 4)
    for r in range(9):  # the second knit's group on number r
        found = 0
        for s in range(3):
            h[s] = _held(t, suits, held, s, r)
            taken[s] = h[s]
            if (pair >> s) & 1 and h[s]:
                found += 1  # the group's tile, held
                taken[s] -= 1
        here[1] = here[2] = here[3] = 0
        _count_gains(here, h[0], h[1], h[2], 4)
        here[1], here[2], here[3] = hist[1] - here[1], hist[2] - here[2], hist[3] - here[3]
        _count_gains(here, taken[0], taken[1], taken[2], 3)  # at most three of the first knit's groups there
        found += _largest(here, t.knit_count)
        if found > best:
            best = found
    return t.knit_count * _width(suits) + _width(pair) - best


cdef int _programme(const DTarget* t, const uint8_t* held, int missing, const uint8_t* knit_put,
                    const uint16_t* knit_numbers, const int16_t* knit_next) noexcept nogil:
    """The reference's ``_knitted``, with ``missing`` the tiles lacking outside the knits."""
    cdef int best[MAX_KNIT_STATES]
    cdef int nxt[MAX_KNIT_STATES]
    cdef int cost[MAX_KNIT_MOVES]
    cdef int i, k, r, s, m, u, v, wanted, c, n_moves = t.n_knit_moves
    cdef const uint8_t* put
    cdef const int16_t* after
    for u in range(t.knit_states):
        best[u] = NONE
    best[0] = missing
    for r in range(9):
        for m in range(n_moves):
            cost[m] = NONE
            if not (knit_numbers[t.first_knit_move + m] >> r) & 1:
                continue
            put = knit_put + 3 * (t.first_knit_move + m)
            c = 0
            for s in range(3):
                if not (t.knit_suits >> s) & 1:
                    continue
                i = 9 * s + r
                wanted = t.fixed[i] + put[s]
                if wanted > 4 or ((t.required >> i) & 1 and not wanted):
                    c = NONE
                    break
                if wanted > held[i]:
                    c += wanted - held[i]
            cost[m] = c
        for u in range(t.knit_states):
            nxt[u] = NONE
        after = knit_next + t.first_knit_next
        for u in range(t.knit_states):  # each state's moves within the counts: (move, next state)
            if best[u] != NONE:
                for k in range(after[0]):
                    m = after[1 + 2 * k]
                    v = after[2 + 2 * k]
                    if cost[m] != NONE and best[u] + cost[m] < nxt[v]:
                        nxt[v] = best[u] + cost[m]
            after += 1 + 2 * after[0]
        for u in range(t.knit_states):
            best[u] = nxt[u]
    return best[t.knit_full] if best[t.knit_full] < NONE else NONE
