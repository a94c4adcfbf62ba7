# Included by _distance_kernel.pyx (its structs, enums and cimports in scope).
# Reading one row: declared melds to needs, tables merged, bare suits, the row's status,
# and the joker flow of an enumerated way.


cdef inline bint _fits(const DTarget* t, int j, uint8_t code, const int* left) noexcept nogil:
    cdef int kind = MELD_KIND[code >> 6], tile = code & 63
    return left[j] > 0 and (t.masks[j][kind] >> tile) & 1 and (t.declarable[j] or code >> 6 == 3)


cdef enum:
    GUARD = 0x820820820820820     # bit 5 of each six-bit digit (ten digits)


cdef inline bint _within(uint64_t uses, uint64_t limit) noexcept nogil:
    """Every digit of ``uses`` at most the same digit of ``limit`` (digits below 32)."""
    return ((limit + <uint64_t>GUARD - uses) & <uint64_t>GUARD) == <uint64_t>GUARD


cdef void _merge(const int32_t* triples, int n_triples, const int8_t* a, const int8_t* b, int8_t* out,
                 int n_uses) noexcept nogil:
    """``out[c]``: fewest missing over ``a[x] + b[y]`` with ``x + y = c`` (the triples list
    every such sum within the target's counts)."""
    cdef int k, value
    memset(out, NONE, n_uses)
    for k in range(n_triples):
        if a[triples[3 * k]] != NONE and b[triples[3 * k + 1]] != NONE:
            value = a[triples[3 * k]] + b[triples[3 * k + 1]]
            if value < out[triples[3 * k + 2]]:
                out[triples[3 * k + 2]] = <int8_t>value


cdef const int8_t* _pair(const int32_t* triples, int n_triples, const int8_t* a, const int8_t* b,
                         int8_t* out, int n_uses) noexcept nogil:
    """Two suits' tables merged; NULL stands for a table of one entry at no groups, whose
    number the caller adds."""
    if a == NULL:
        return b
    if b == NULL:
        return a
    _merge(triples, n_triples, a, b, out, n_uses)
    return out


cdef int _bare(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps) noexcept nogil:
    """The tiles missing in a suit where no need has groups: its fixed tiles only."""
    cdef int i, tile, missing = 0
    for i in range(WIDTH[suit]):
        tile = BASE[suit] + i
        if t.fixed[tile] > caps[tile] or ((t.required >> tile) & 1 and t.fixed[tile] + 4 - caps[tile] == 0):
            return NONE
        if t.fixed[tile] > held[tile]:
            missing += t.fixed[tile] - held[tile]
    return missing


cdef uint8_t _row_status(const uint8_t* counts, const uint8_t* melds, int jokers, int use, uint8_t* meld_tiles,
                         uint8_t* codes, int* n_melds) noexcept nogil:
    """0 for a row distances accept (13 or 14 tiles, a meld counting 3, a joker 1), else
    its status (the reference's ``row_status``)."""
    cdef int i, size = jokers, kind, tile
    memset(meld_tiles, 0, 34)
    n_melds[0] = 0
    if jokers > MAX_JOKERS:
        return 1       # BAD_COUNT
    for i in range(34):
        if counts[i] > 4:
            return 1   # BAD_COUNT
        size += counts[i]
    for i in range(4):
        if melds[i] == 0xFF:
            continue
        kind = melds[i] >> 6
        tile = melds[i] & 63
        if tile >= 34 or (kind == 0 and (tile >= 27 or tile % 9 > 6)):
            return 4   # BAD_MELD
        codes[n_melds[0]] = melds[i]
        n_melds[0] += 1
        size += 3
        if kind == 0:
            meld_tiles[tile] += 1
            meld_tiles[tile + 1] += 1
            meld_tiles[tile + 2] += 1
        else:
            meld_tiles[tile] += 3 if kind == 1 else 4
    for i in range(34):
        if counts[i] + meld_tiles[i] > 4:
            return 1
    if size != 13 and size != 14:
        return 2       # WRONG_SIZE
    if jokers and not use:
        return 3       # NOT_WINNING: the rule set has no jokers
    return 0


cdef int _flow(const uint8_t* caps, const uint64_t* masks, int n, const int* lacking, int jokers) noexcept nogil:
    """The most ``lacking`` tiles jokers fill (at most ``jokers``) in concrete groups of
    capacities ``caps`` over tiles ``masks``: shortest augmenting paths, as the reference."""
    cdef int flow[MAX_GROUPS][34]
    cdef int spare[MAX_GROUPS]
    cdef int placed[34]
    cdef int parent[MAX_GROUPS + 34]
    cdef int queue[MAX_GROUPS + 34]
    cdef int j, g, t, node, head, tail, end, done = 0
    memset(placed, 0, sizeof(placed))
    for g in range(n):
        spare[g] = caps[g]
        for t in range(34):
            flow[g][t] = 0
    for j in range(jokers):
        for node in range(n + 34):
            parent[node] = -2  # unseen
        head = tail = 0
        for g in range(n):
            if spare[g]:
                parent[g] = -1
                queue[tail] = g
                tail += 1
        end = -1
        while head < tail and end < 0:
            node = queue[head]
            head += 1
            if node < n:
                for t in range(34):
                    if (masks[node] >> t) & 1 and parent[n + t] == -2:
                        parent[n + t] = node
                        if placed[t] < lacking[t]:
                            end = t
                            break
                        queue[tail] = n + t
                        tail += 1
            else:
                for g in range(n):
                    if flow[g][node - n] and parent[g] == -2:
                        parent[g] = node
                        queue[tail] = g
                        tail += 1
        if end < 0:
            break
        placed[end] += 1
        done += 1
        node = n + end
        while True:
            g = parent[node]
            flow[g][node - n] += 1
            if parent[g] < 0:
                spare[g] -= 1
                break
            node = parent[g]
            flow[g][node - n] -= 1
    return done
