"""The search, compiled: the reference's contract (``mjscore.search._reference``) met in
C without the GIL, in two steps.

**The graph of hands** a search can reach, built breadth-first (:func:`_build`): a state
is a 13-tile hand (its 34 counts, numbered in order of discovery, told apart by a hash
table of their packed counts); a hand first reached after ``t`` draws is only worth
expanding when it may still get ready within the turns left (distance at most
``turns - t + 1``), the others are leaves. Expanding a state asks, per draw, the drawn
hand's distance, its total when that is a winning shape, and the distances the
discards leave; the moves are the reference's (``_reference.allowed_discards``), the
facts its :class:`~mjscore.search.facts.Facts`' (the shanten kernel's standard
replacement number and useful tiles, the rule set's compiled distances to its special
hands, the scoring kernel's total of a self-drawn win).

A special hand's part of a distance is asked of the distance engine only where it may
decide. Each state keeps, per special hand of the rule set (a column), a bound below its
distance to it, exact where it was asked. A draw adds one tile, so it brings a special
hand at most one closer: a drawn hand's floor is the state's bound less one, and the
engine works out only the columns whose floor is below the standard part plus one (so
the drawn hand's distance, and which special hands may reach the least distance a
discard leaves, are exact). A discard takes a tile away, so it brings none closer: a
discard's columns are asked only where the drawn hand holds a special hand within that
least distance, and only those columns (a discard is allowed only at that least
distance). With ``extra > 0`` every distance is asked exactly.

**The dynamic program** (:func:`_program`) over the graph's arrays: per state its
``distance``, ``leaf`` and ``stay``, the chance of a draw after which only the drawn
tile may go (the hand stays: most draws); its other draws from ``draw_start[i]`` to
``draw_start[i + 1]``, each with its chance ``p``, the ``won`` total (-1: not a win)
and its allowed discards' states ``succ[succ_start[j]:succ_start[j + 1]]`` in tile
order.
"""

from libc.math cimport fabs
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

import numpy as np

from mjscore.distances._kernel cimport CompiledDistances
from mjscore.score._fold cimport S_NOT_WINNING, S_OK, Best, CompiledRules, Tables, compiled_rules
from mjscore.score._rows cimport c_score_row
from mjscore.decompose._shapes cimport c_require_suit_tables
from mjscore.shanten._kernel cimport c_ensure_tables, c_standard_discards, c_standard_distance, c_standard_useful

from mjscore.core.errors import status_error
from mjscore.distances.distances import distance_engine

cdef double EPSILON = 1e-9  # as the reference's EPSILON

cdef enum:
    UNREACHABLE = 127        # a special part when the rule set has no special hand within reach
    OUT_OF_MEMORY = -1000    # a build's error besides -status


# --------------------------------------------------------------------- the model
cdef struct Model:           # one search's fixed inputs
    const uint8_t* melds     # the four meld bytes
    int claimed              # which of them are claimed kongs (bit k: the k-th), for the distances
    uint32_t flags           # the context's flags, self-drawn among them
    int seat
    int prevailing
    const Tables* rules      # the rule set's scoring tables
    const uint8_t* start     # the hand before its first discard (34 counts)
    int32_t wall[34]         # the unseen tiles at the start
    int turns
    int extra
    bint change_wait
    int root                 # the least distance of the hands after the first discards


# --------------------------------------------------------------------- the graph
cdef struct Table:           # a hash table from a hand's packed counts to a number
    uint64_t* keys           # two words per slot
    int32_t* values          # -1: an empty slot
    int bits                 # 2**bits slots, at most half used
    int n


cdef struct Graph:           # the arrays above, growing as the states are found
    int n                    # states
    int capacity
    uint8_t* hands           # 34 counts per state
    int32_t* distance
    int16_t* special         # the special part, or a bound below it where it was not asked
    int16_t* depth           # draws before the state was first reached
    uint8_t* leaf
    double* stay
    int32_t* draw_start      # n + 1
    int n_draws
    int draw_capacity
    double* p
    double* won
    int32_t* succ_start      # n_draws + 1
    int n_succ
    int succ_capacity
    int32_t* succ
    Table states             # a hand's state
    Table drawn              # a drawn hand's row in ``after``
    int n_columns            # the rule set's special hands (0: none, or the engine is not asked)
    int8_t* columns          # per state, a bound below its distance to each special hand (exact where asked)
    int8_t* scratch          # four rows of columns: a state's, a drawn hand's floor and own, a discard's
    int8_t* after            # per drawn hand seen, the standard part each discard leaves (34)
    int after_capacity


cdef inline int _resize(void** array, size_t size) noexcept nogil:
    """Reallocate ``array`` to ``size`` bytes; -1 when memory runs out (it stays as it was)."""
    cdef void* grown = realloc(array[0], size)
    if grown == NULL:
        return -1
    array[0] = grown
    return 0


cdef inline int _doubled(int capacity, int n, int first) noexcept nogil:
    """A capacity of at least ``n``: ``capacity`` (``first`` if none yet) doubled as needed."""
    cdef int c = capacity if capacity else first
    while c < n:
        c *= 2
    return c


cdef int _room_for_states(Graph* g, int n) noexcept nogil:
    """Room for ``n`` states; -1 when memory runs out."""
    cdef int c = _doubled(g.capacity, n, 256)
    if c == g.capacity:
        return 0
    if (_resize(<void**>&g.hands, <size_t>c * 34) or _resize(<void**>&g.distance, c * sizeof(int32_t))
            or _resize(<void**>&g.special, c * sizeof(int16_t)) or _resize(<void**>&g.depth, c * sizeof(int16_t))
            or _resize(<void**>&g.leaf, c) or _resize(<void**>&g.stay, c * sizeof(double))
            or _resize(<void**>&g.draw_start, (c + 1) * sizeof(int32_t))
            or _resize(<void**>&g.columns, <size_t>c * g.n_columns + 1)):
        return -1
    g.capacity = c
    return 0


cdef int _room_for_draws(Graph* g, int n) noexcept nogil:
    """Room for ``n`` draws; -1 when memory runs out."""
    cdef int c = _doubled(g.draw_capacity, n, 1024)
    if c == g.draw_capacity:
        return 0
    if (_resize(<void**>&g.p, c * sizeof(double)) or _resize(<void**>&g.won, c * sizeof(double))
            or _resize(<void**>&g.succ_start, (c + 1) * sizeof(int32_t))):
        return -1
    g.draw_capacity = c
    return 0


cdef int _room_for_successors(Graph* g, int n) noexcept nogil:
    """Room for ``n`` successors; -1 when memory runs out."""
    cdef int c = _doubled(g.succ_capacity, n, 2048)
    if c == g.succ_capacity:
        return 0
    if _resize(<void**>&g.succ, c * sizeof(int32_t)):
        return -1
    g.succ_capacity = c
    return 0


cdef int _open(Graph* g, int n_columns) noexcept nogil:
    """An empty graph with room to grow, its states keeping ``n_columns`` distances to
    special hands; -1 when memory runs out (``_close`` it either way)."""
    memset(g, 0, sizeof(Graph))
    g.n_columns = n_columns
    g.scratch = <int8_t*>malloc(4 * n_columns + 1)
    if g.scratch == NULL:
        return -1
    if (_table_open(&g.states, 10) or _table_open(&g.drawn, 10) or _room_for_states(g, 1)
            or _room_for_draws(g, 1) or _room_for_successors(g, 1)):
        return -1
    g.succ_start[0] = 0
    return 0


cdef void _close(Graph* g) noexcept nogil:
    free(g.hands)
    free(g.distance)
    free(g.special)
    free(g.depth)
    free(g.leaf)
    free(g.stay)
    free(g.draw_start)
    free(g.p)
    free(g.won)
    free(g.succ_start)
    free(g.succ)
    free(g.after)
    free(g.states.keys)
    free(g.states.values)
    free(g.drawn.keys)
    free(g.drawn.values)
    free(g.columns)
    free(g.scratch)


# --------------------------------------------------------------------- the hash tables
cdef int _table_open(Table* t, int bits) noexcept nogil:
    """An empty table of ``2**bits`` slots; -1 when memory runs out."""
    t.bits = bits
    t.n = 0
    t.keys = <uint64_t*>malloc((2 << bits) * sizeof(uint64_t))
    t.values = <int32_t*>malloc((1 << bits) * sizeof(int32_t))
    if t.keys == NULL or t.values == NULL:
        return -1
    memset(t.values, 0xFF, (1 << bits) * sizeof(int32_t))
    return 0


cdef inline void _pack(const uint8_t* c, uint64_t* key) noexcept nogil:
    """A hand's counts as two words, three bits a tile (seventeen tiles a word)."""
    cdef int t
    key[0] = key[1] = 0
    for t in range(17):
        key[0] |= <uint64_t>c[t] << (3 * t)
        key[1] |= <uint64_t>c[17 + t] << (3 * t)


cdef inline uint32_t _hash(const uint64_t* key, int bits) noexcept nogil:
    return <uint32_t>(((key[0] * 0x9E3779B97F4A7C15ULL) ^ (key[1] * 0xC2B2AE3D27D4EB4FULL)) >> (64 - bits))


cdef inline uint32_t _find(const Table* t, const uint64_t* key) noexcept nogil:
    """The slot holding ``key``, or the empty slot where it would go."""
    cdef uint32_t slot = _hash(key, t.bits), mask = (1u << t.bits) - 1
    while t.values[slot] >= 0:
        if t.keys[2 * slot] == key[0] and t.keys[2 * slot + 1] == key[1]:
            return slot
        slot = (slot + 1) & mask
    return slot


cdef int _put(Table* t, uint32_t slot, const uint64_t* key, int32_t value) noexcept nogil:
    """Fill the empty ``slot`` (from :func:`_find`), doubling the table when it is half
    full; -1 when memory runs out."""
    cdef int bits = t.bits + 1, i
    cdef uint32_t mask = (1u << bits) - 1
    cdef uint64_t* keys
    cdef int32_t* values
    t.values[slot] = value
    t.keys[2 * slot] = key[0]
    t.keys[2 * slot + 1] = key[1]
    t.n += 1
    if 2 * t.n <= (1 << t.bits):
        return 0
    keys = <uint64_t*>malloc((2 << bits) * sizeof(uint64_t))
    values = <int32_t*>malloc((1 << bits) * sizeof(int32_t))
    if keys == NULL or values == NULL:
        free(keys)
        free(values)
        return -1
    memset(values, 0xFF, (1 << bits) * sizeof(int32_t))
    for i in range(1 << t.bits):
        if t.values[i] < 0:
            continue
        slot = _hash(&t.keys[2 * i], bits)
        while values[slot] >= 0:
            slot = (slot + 1) & mask
        values[slot] = t.values[i]
        keys[2 * slot] = t.keys[2 * i]
        keys[2 * slot + 1] = t.keys[2 * i + 1]
    free(t.keys)
    free(t.values)
    t.keys, t.values, t.bits = keys, values, bits
    return 0


cdef int _state(Graph* g, const uint8_t* hand, int distance, int special, const int8_t* columns,
                int depth) noexcept nogil:
    """The state of ``hand``, added (with its distance, special part and its columns, its
    depth) if it is new; OUT_OF_MEMORY when memory runs out."""
    cdef uint64_t key[2]
    cdef uint32_t slot
    cdef int i = g.n
    _pack(hand, key)
    slot = _find(&g.states, key)
    if g.states.values[slot] >= 0:
        return g.states.values[slot]
    if _room_for_states(g, i + 1) or _put(&g.states, slot, key, i):
        return OUT_OF_MEMORY
    g.n += 1
    memcpy(g.hands + 34 * i, hand, 34)
    g.distance[i] = distance
    g.special[i] = <int16_t>special
    memcpy(g.columns + g.n_columns * i, columns, g.n_columns)
    g.depth[i] = <int16_t>depth
    return i


cdef const int8_t* _standard_after(Graph* g, const uint8_t* hand, const uint8_t* melds, int* status) noexcept nogil:
    """The standard part each discard of a drawn ``hand`` leaves (by tile), worked out on
    the hand's first sight (a hand is drawn from many states); NULL with ``status``
    set (-status, or OUT_OF_MEMORY) on failure."""
    cdef uint64_t key[2]
    cdef uint32_t slot
    cdef int row = g.drawn.n, t
    cdef int found[34]
    cdef int8_t* out
    _pack(hand, key)
    slot = _find(&g.drawn, key)
    if g.drawn.values[slot] >= 0:
        return g.after + 34 * g.drawn.values[slot]
    status[0] = c_standard_discards(hand, melds, found)
    if status[0]:
        return NULL
    if row + 1 > g.after_capacity:
        if _resize(<void**>&g.after, <size_t>(2 * row + 64) * 34):
            status[0] = OUT_OF_MEMORY
            return NULL
        g.after_capacity = 2 * row + 64
    if _put(&g.drawn, slot, key, row):
        status[0] = OUT_OF_MEMORY
        return NULL
    out = g.after + 34 * row
    for t in range(34):
        out[t] = <int8_t>found[t] if hand[t] else 0
    return out


cdef int _expand(const Model* m, Graph* g, CompiledDistances engine, int i) noexcept nogil:
    """Add state ``i``'s draws and the states its allowed discards reach; 0, or -status
    for a bad hand, or OUT_OF_MEMORY.

    The special hands' part of a distance is asked of the engine only where it may be
    what decides (see the module docstring): for a drawn hand, exactly where it is below
    the standard part plus one, from a floor one below the state's columns; for a discard,
    where the drawn hand's may reach the least distance, from the drawn hand's columns."""
    cdef uint8_t h[34]
    cdef int32_t weight[34]
    cdef const int8_t* standard_after  # per discard of a drawn hand, the standard part it leaves
    cdef int x, y, k, c, total = 0, held, before = g.distance[i], depth = g.depth[i]
    cdef int standard_held, standard14, special14, d14, standard13, special13, d13, least
    cdef int nc = g.n_columns, special_held = g.special[i]
    cdef bint look, allowed
    cdef uint64_t useful
    cdef double p, stay = 0.0
    cdef Best best
    cdef int st
    cdef int8_t* columns_held = g.scratch          # copies: the states' columns move as states are added
    cdef int8_t* floor14 = g.scratch + nc
    cdef int8_t* columns14 = g.scratch + 2 * nc
    cdef int8_t* columns13 = g.scratch + 3 * nc
    cdef const int8_t* kept
    memcpy(h, g.hands + 34 * i, 34)
    memcpy(columns_held, g.columns + nc * i, nc)
    for c in range(nc):  # a draw brings each special hand at most one closer
        floor14[c] = columns_held[c] - 1 if columns_held[c] > 0 else 0
    standard_held = c_standard_useful(h, m.melds, &useful)
    if standard_held < 0:
        return standard_held
    for x in range(34):
        held = h[x] - m.start[x]
        weight[x] = m.wall[x] - (held if held > 0 else 0)
        total += weight[x]
    for x in range(34):
        if weight[x] <= 0:
            continue
        p = <double>weight[x] / total
        h[x] += 1
        standard14 = standard_held - <int>((useful >> x) & 1)
        special14 = UNREACHABLE
        if nc and (m.extra > 0 or special_held - 1 <= standard14):
            special14 = engine.nearest(h, m.melds, m.claimed, NULL if m.extra > 0 else floor14, standard14 + 1,
                                       columns14)
            if special14 < 0:
                return special14
        elif nc:  # no special hand within the standard part: the floor is bound enough
            special14 = special_held - 1
            memcpy(columns14, floor14, nc)
        d14 = standard14 if standard14 < special14 else special14
        if d14 == 0:
            st = c_score_row(h, m.melds, x, m.flags, m.seat, m.prevailing, m.rules, &best, NULL)
            if st == S_OK:
                if _room_for_draws(g, g.n_draws + 1):
                    return OUT_OF_MEMORY
                g.p[g.n_draws] = p
                g.won[g.n_draws] = best.total
                g.n_draws += 1
                g.succ_start[g.n_draws] = g.n_succ
                h[x] -= 1
                continue
            if st != S_NOT_WINNING:
                return -st
        least = d14 if d14 > 1 else 1
        look = least < before or (m.change_wait and before == 1) or m.extra > 0
        if not look:
            stay += p
            h[x] -= 1
            continue
        if _room_for_draws(g, g.n_draws + 1):
            return OUT_OF_MEMORY
        g.p[g.n_draws] = p
        g.won[g.n_draws] = -1.0
        standard_after = _standard_after(g, h, m.melds, &st)
        if standard_after == NULL:
            return st
        for y in range(34):
            if not h[y]:
                continue
            if y == x:  # the drawn tile thrown: the hand as it was, always allowed
                k = i
            else:
                h[y] -= 1
                standard13 = standard_after[y]
                # A discard brings no special hand closer, and a discard's distance is at
                # least ``least``: only a special hand the drawn hand holds within ``least``
                # may make a discard allowed, so only then is the engine asked.
                special13 = special14
                kept = columns14
                if nc and (m.extra > 0 or special14 <= least):
                    special13 = engine.nearest(h, m.melds, m.claimed, NULL if m.extra > 0 else columns14, least + 1,
                                               columns13)
                    if special13 < 0:
                        return special13
                    kept = columns13
                d13 = standard13 if standard13 < special13 else special13
                allowed = ((d13 == least and least < before) or (m.change_wait and before == 1 and d13 == 1)
                           or (m.extra > 0 and d13 <= least + m.extra and d13 <= m.root + m.extra))
                k = _state(g, h, d13, special13, kept, depth + 1) if allowed else -1
                h[y] += 1
                if k == OUT_OF_MEMORY:
                    return k
                if k < 0:
                    continue
            if _room_for_successors(g, g.n_succ + 1):
                return OUT_OF_MEMORY
            g.succ[g.n_succ] = k
            g.n_succ += 1
        g.n_draws += 1
        g.succ_start[g.n_draws] = g.n_succ
        h[x] -= 1
    g.stay[i] = stay
    g.leaf[i] = 0
    return 0


cdef int _build(Model* m, Graph* g, CompiledDistances engine, const uint8_t* roots,
                int n_roots) noexcept nogil:
    """The graph from ``n_roots`` distinct 13-tile hands (states ``0 .. n_roots - 1``);
    0, or -status for a bad hand, or OUT_OF_MEMORY."""
    cdef int r, i, d, standard, special, st
    m.root = UNREACHABLE
    for r in range(n_roots):
        standard = c_standard_distance(roots + 34 * r, m.melds)
        if standard < 0:
            return standard
        special = UNREACHABLE
        if g.n_columns:
            special = engine.nearest(roots + 34 * r, m.melds, m.claimed, NULL, 0, g.scratch)
            if special < 0:
                return special
        d = standard if standard < special else special
        if _state(g, roots + 34 * r, d, special, g.scratch, 0) == OUT_OF_MEMORY:
            return OUT_OF_MEMORY
        if d < m.root:
            m.root = d
    i = 0
    while i < g.n:  # breadth-first: states are numbered in order of depth
        g.draw_start[i] = g.n_draws
        g.leaf[i] = 1
        g.stay[i] = 0.0
        if g.depth[i] < m.turns and g.distance[i] <= m.turns - g.depth[i] + 1:
            st = _expand(m, g, engine, i)
            if st:
                return st
        i += 1
    g.draw_start[g.n] = g.n_draws
    return 0


cdef inline int _better(const double* a, const double* b, const int* order) noexcept nogil:
    """The reference's ``better``: 1 if ``a`` beats ``b`` (each (ready, win, expected))."""
    cdef int n, i
    cdef double scale
    for n in range(3):
        i = order[n]
        scale = 1.0
        if fabs(a[i]) > scale:
            scale = fabs(a[i])
        if fabs(b[i]) > scale:
            scale = fabs(b[i])
        if a[i] > b[i] + EPSILON * scale:
            return 1
        if a[i] < b[i] - EPSILON * scale:
            return 0
    return 0


cdef void _program(const Graph* g, int turns, const int* order, double* v) noexcept nogil:
    """``v[(k * n + i) * 3 + m]``: state ``i``'s value with ``k`` turns left (a turn's
    values side by side: each turn reads the one before). A state first reached after
    ``t`` draws is read with at most ``turns - t`` turns left (its readers were reached
    before it), so with ``k`` left only the states up to that depth are worked out: the
    states are numbered by depth, the others' values are never read."""
    cdef int i, k, j, s, n = g.n, upto = g.n
    cdef double ready, win, score, q
    cdef const double* best
    cdef const double* cand
    cdef const double* before
    cdef double* now
    for i in range(n):
        v[i * 3] = 1.0 if g.distance[i] == 1 else 0.0
        v[i * 3 + 1] = 0.0
        v[i * 3 + 2] = 0.0
    for k in range(1, turns + 1):
        before = v + (k - 1) * n * 3
        now = v + k * n * 3
        while upto > 0 and g.depth[upto - 1] > turns - k:
            upto -= 1
        for i in range(upto):
            ready = 1.0 if g.distance[i] == 1 else 0.0
            win = 0.0
            score = 0.0
            if not g.leaf[i] and g.distance[i] <= k + 1:
                ready = 0.0
                for j in range(g.draw_start[i], g.draw_start[i + 1]):
                    q = g.p[j]
                    if g.won[j] >= 0:
                        ready += q
                        win += q
                        score += q * g.won[j]
                        continue
                    best = &before[g.succ[g.succ_start[j]] * 3]
                    for s in range(g.succ_start[j] + 1, g.succ_start[j + 1]):
                        cand = &before[g.succ[s] * 3]
                        if _better(cand, best, order):
                            best = cand
                    ready += q * best[0]
                    win += q * best[1]
                    score += q * best[2]
                q = g.stay[i]
                if q > 0:
                    cand = &before[i * 3]
                    ready += q * cand[0]
                    win += q * cand[1]
                    score += q * cand[2]
                if g.distance[i] == 1:
                    ready = 1.0
            now[i * 3] = ready
            now[i * 3 + 1] = win
            now[i * 3 + 2] = score


cdef int _search(Model* m, CompiledDistances engine, const int* order, const uint8_t* roots,
                 int n_roots, double* out) noexcept nogil:
    """Values of ``n_roots`` hands into ``out`` (``(n_roots, 3, turns)``); 0, or -status
    for a bad hand, or OUT_OF_MEMORY."""
    cdef Graph g
    cdef double* v = NULL
    cdef int st, r, t, k
    st = OUT_OF_MEMORY if _open(&g, engine.n_columns) else 0
    if st == 0:
        st = _build(m, &g, engine, roots, n_roots)
    if st == 0:
        v = <double*>malloc(<size_t>g.n * (m.turns + 1) * 3 * sizeof(double))
        if v == NULL:
            st = OUT_OF_MEMORY
    if st == 0:
        _program(&g, m.turns, order, v)
        for r in range(n_roots):  # the roots are the first states
            for k in range(3):
                for t in range(m.turns):
                    out[(r * 3 + k) * m.turns + t] = v[((t + 1) * g.n + r) * 3 + k]
    free(v)
    _close(&g)
    return st


cdef int _first_discards(const uint8_t* hand, const uint8_t* melds, int* tiles, uint8_t* roots) noexcept nogil:
    """The reference's ``first_discards``: the distinct discards of a ``3k + 2`` hand in
    tile order and the hands they leave (``[-1]`` and the hand itself for ``3k + 1``);
    how many."""
    cdef int t, n = 0, size = 0
    for t in range(34):
        size += hand[t]
    for t in range(4):
        size += 3 * (melds[t] != 0xFF)
    if size % 3 != 2:
        tiles[0] = -1
        memcpy(roots, hand, 34)
        return 1
    for t in range(34):
        if hand[t]:
            tiles[n] = t
            memcpy(roots + 34 * n, hand, 34)
            roots[34 * n + t] -= 1
            n += 1
    return n


cdef class _Searcher:
    """What every search under one :class:`~mjscore.search.facts.Facts` shares: the rule
    set's scoring tables and distance engine, the melds and the context."""

    cdef CompiledRules compiled
    cdef CompiledDistances engine
    cdef uint8_t melds[4]
    cdef int claimed
    cdef uint32_t flags
    cdef int seat
    cdef int prevailing

    def __init__(self, facts):
        c_ensure_tables()
        c_require_suit_tables()
        self.compiled = compiled_rules(facts.rules)
        self.engine = distance_engine(facts.rules, "cython")[0]
        for t in range(4):
            self.melds[t] = facts.melds[t]
        self.flags, self.seat, self.prevailing = facts.context_row
        self.claimed = facts.claimed  # (its claimed kongs count in the special hands' distances too)

    cdef int run(self, const uint8_t* hand, const uint8_t* unseen, int turns, const int* order, int extra,
                 bint change_wait, int* tiles, int* n_tiles, double* out) noexcept nogil:
        """One search: the discards into ``tiles`` (``n_tiles`` of them) and their values
        into ``out`` (``(n_tiles, 3, turns)``); 0, or -status, or OUT_OF_MEMORY."""
        cdef Model m
        cdef uint8_t roots[34 * 34]
        cdef int t
        m.melds = self.melds
        m.claimed = self.claimed
        m.flags, m.seat, m.prevailing = self.flags, self.seat, self.prevailing
        m.rules = &self.compiled.r
        m.start = hand
        for t in range(34):
            m.wall[t] = unseen[t]
        m.turns, m.extra, m.change_wait = turns, extra, change_wait
        n_tiles[0] = _first_discards(hand, m.melds, tiles, roots)
        return _search(&m, self.engine, order, roots, n_tiles[0], out)


cdef int _order(str objective, int* order) except -1:
    """The reference's ``_ORDER``: the measures compared first to last."""
    order[0], order[1], order[2] = (2, 1, 0) if objective == "score" else (1, 2, 0)
    return 0


cdef int _raise(int st) except -1:
    if st == OUT_OF_MEMORY:
        raise MemoryError("the search's graph of hands does not fit in memory")
    raise status_error(-st)


def search(facts, bytes hand, bytes unseen, int turns, str objective, int extra, bint change_wait):
    """The value of each discard of ``hand`` per turn (the reference's contract)."""
    cdef _Searcher searcher = _Searcher(facts)
    cdef int order[3]
    cdef int tiles[34]
    cdef int n_tiles, st
    cdef const uint8_t* c = hand
    cdef const uint8_t* w = unseen
    if len(hand) != 34 or len(unseen) != 34:
        raise ValueError("search: 34 counts for the hand and for the unseen tiles")
    _order(objective, order)
    values = np.empty((34, 3, turns), dtype=np.float64)
    cdef double[:, :, ::1] out = values
    with nogil:
        st = searcher.run(c, w, turns, order, extra, change_wait, tiles, &n_tiles, &out[0, 0, 0])
    if st:
        _raise(st)
    return [tiles[i] for i in range(n_tiles)], values[:n_tiles].copy()
