"""One suit's distance table: the dynamic programme over its tiles, without and with
jokers (the algorithms of ``mjscore.distances._reference.suit_table`` and
``mjscore.distances._jokers_reference.suit_table``)."""

from libc.string cimport memset

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
