# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
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
    for i in range(34):  # the tiles no knit touches: the fixed ones
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


cdef inline int _gain(const DTarget* t, int suits, const uint8_t* held, int r, int k) noexcept nogil:
    """The tiles held of a group on number ``r`` over ``suits`` that finds ``k`` of each
    tile already taken."""
    cdef int s, g = 0
    for s in range(3):
        if (suits >> s) & 1 and held[9 * s + r] > k:
            g += 1
    return g


cdef int _largest(const int* hist, int top, int count) noexcept nogil:
    """The sum of the ``count`` largest gains, ``hist[g]`` of them worth ``g`` (0 to ``top``)."""
    cdef int g, take, total = 0
    for g in range(top, 0, -1):
        take = hist[g] if hist[g] < count else count
        total += take * g
        count -= take
    return total


cdef int _one_knit(const DTarget* t, const uint8_t* held) noexcept nogil:
    cdef int r, k, s, width = 0
    cdef int hist[4]
    hist[0] = hist[1] = hist[2] = hist[3] = 0
    for s in range(3):
        width += (t.knit_suits >> s) & 1
    for r in range(9):
        for k in range(4):
            hist[_gain(t, t.knit_suits, held, r, k)] += 1
    return t.knit_count * width - _largest(hist, width, t.knit_count)


cdef int _knit_and_pair(const DTarget* t, const uint8_t* held) noexcept nogil:
    cdef int r, k, s, width = 0, pair_width = 0, found, best = 0
    cdef int hist[4]
    cdef int here[4]
    hist[0] = hist[1] = hist[2] = hist[3] = 0
    for s in range(3):
        width += (t.knit_suits >> s) & 1
        pair_width += (t.knit_pair_suits >> s) & 1
    for r in range(9):
        for k in range(4):
            hist[_gain(t, t.knit_suits, held, r, k)] += 1
    for r in range(9):  # the second knit's group on number r
        for k in range(4):
            here[k] = hist[k]
        for k in range(4):
            here[_gain(t, t.knit_suits, held, r, k)] -= 1
        for k in range(3):  # the first knit's groups there find the pair's tiles taken
            here[_pair_gain(t, held, r, k)] += 1
        found = _gain(t, t.knit_pair_suits, held, r, 0) + _largest(here, width, t.knit_count)
        if found > best:
            best = found
    return t.knit_count * width + pair_width - best


cdef inline int _pair_gain(const DTarget* t, const uint8_t* held, int r, int k) noexcept nogil:
    """:func:`_gain` of the first knit on number ``r`` where the second knit's group
    already takes one tile of each of its suits."""
    cdef int s, g = 0
    for s in range(3):
        if (t.knit_suits >> s) & 1 and held[9 * s + r] > k + ((t.knit_pair_suits >> s) & 1):
            g += 1
    return g


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
