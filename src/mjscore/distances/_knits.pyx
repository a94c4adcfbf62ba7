"""The distance to a target of knitted groups (``Target.knits``; no declared melds).

In general it is the reference's ``_knitted``: a programme over the nine numbers whose
state is the groups used per knit. Two forms have a closed one, marked at build
(``DTarget.knit_form``), as the knitted replacement numbers of ``_knitted_replacement``:

* one knit of ``c`` groups over suits ``S``: the ``k``-th group on number ``r`` finds
  ``#{s in S: held[s][r] >= k}`` of its tiles held, a gain that never rises with ``k``,
  so the best ``c`` groups are the ``c`` largest gains (four per number);
* a knit and one group of a second knit within its suits (Triple Knitting): for each
  number of that group, its tiles held there, plus the largest gains of the first knit
  once that group's tiles are set aside (and at most three of its groups there).
"""


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
