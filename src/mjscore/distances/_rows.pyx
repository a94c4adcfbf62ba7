"""Reading one row against a target: the row's status, its declared melds given to
needs, a suit where no need has groups, and a target's concrete ways (with the joker
flow of a way)."""


cdef int bare(const DTarget* t, int suit, const uint8_t* held, const uint8_t* caps) noexcept nogil:
    """The tiles missing in a suit where no need has groups: its fixed tiles only."""
    cdef int i, tile, missing = 0
    for i in range(suit_width(suit)):
        tile = suit_base(suit) + i
        if t.fixed[tile] > caps[tile] or ((t.required >> tile) & 1 and t.fixed[tile] + 4 - caps[tile] == 0):
            return NONE
        if t.fixed[tile] > held[tile]:
            missing += t.fixed[tile] - held[tile]
    return missing


cdef uint8_t row_status(const uint8_t* counts, const uint8_t* melds, int jokers, int use, uint8_t* meld_counts,
                         uint8_t* codes, int* n_melds) noexcept nogil:
    """0 for a row distances accept (13 or 14 tiles, a meld counting 3, a joker 1), else
    its status (the reference's ``row_status``)."""
    cdef int i, k, size = jokers, n
    cdef int tiles[4]
    memset(meld_counts, 0, 34)
    n_melds[0] = 0
    if jokers > MAX_JOKERS:
        return 1       # BAD_COUNT
    for i in range(34):
        if counts[i] > 4:
            return 1   # BAD_COUNT
        size += counts[i]
    for i in range(4):
        if melds[i] == NO_GROUP:
            continue
        n = meld_tiles(melds[i], tiles)
        if n == 0:
            return 4   # BAD_MELD
        codes[n_melds[0]] = melds[i]
        n_melds[0] += 1
        size += 3
        for k in range(n):
            meld_counts[tiles[k]] += 1
    for i in range(34):
        if counts[i] + meld_counts[i] > 4:
            return 1
    if size != 13 and size != 14:
        return 2       # WRONG_SIZE
    if jokers and not use:
        return 3       # NOT_WINNING: the rule set has no jokers
    return 0


cdef int flow(const uint8_t* caps, const uint64_t* masks, int n, const int* lacking, int jokers) noexcept nogil:
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


cdef int assign(const DTarget* t, const uint8_t* melds, int n_melds, int (*lefts)[MAX_NEEDS]) noexcept nogil:
    """Each way to give the declared melds to needs (at most 64): the uses it leaves."""
    cdef int n = 0, i, j, k, same
    cdef int left[MAX_NEEDS]
    cdef int pick[4]
    cdef int depth = 0
    for j in range(t.n_needs):
        left[j] = t.count[j]
    if n_melds == 0:
        for j in range(t.n_needs):
            lefts[0][j] = left[j]
        return 1
    # iterative depth-first search over the melds' needs
    pick[0] = -1
    while depth >= 0:
        if pick[depth] >= 0:
            left[pick[depth]] += 1
        pick[depth] += 1
        while pick[depth] < t.n_needs and not fits(t, pick[depth], melds[depth], left):
            pick[depth] += 1
        if pick[depth] >= t.n_needs:
            depth -= 1
            continue
        left[pick[depth]] -= 1
        if depth + 1 < n_melds:
            depth += 1
            pick[depth] = -1
            continue
        same = 0
        for k in range(n):
            same = 1
            for j in range(t.n_needs):
                if lefts[k][j] != left[j]:
                    same = 0
                    break
            if same:
                break
        if not same and n < 64:
            for j in range(t.n_needs):
                lefts[n][j] = left[j]
            n += 1
    return n


cdef int enumerated(const DTarget* t, const uint8_t* held, const uint8_t* melds, int n_melds,
                    const uint8_t* meld_counts, const uint8_t* variants, const uint8_t* variant_caps,
                    const uint64_t* variant_masks) noexcept nogil:
    cdef int v, i, j, best = NONE, missing, ok, found, want, tile
    cdef const uint8_t* row
    cdef uint8_t free_[8]
    cdef int lacking[34]
    for v in range(t.first_variant, t.first_variant + t.n_variants):
        row = variants + 50 * v
        for j in range(8):
            free_[j] = row[34 + j]
        ok = 1
        for i in range(n_melds):
            tile = group_tile(melds[i])
            want = group_code(G_KONG, tile) if group_kind(melds[i]) == G_CONCEALED_KONG else melds[i]
            found = 0
            for j in range(8):
                if free_[j] == want:
                    free_[j] = 0xFF
                    found = 1
                    break
            if not found and group_kind(melds[i]) == G_CONCEALED_KONG:
                for j in range(8):
                    if row[42 + j] == tile:
                        found = 1
                        break
            if not found:
                ok = 0
                break
        if not ok:
            continue
        missing = 0
        for i in range(34):
            j = row[i] - held[i] - meld_counts[i]
            lacking[i] = j if j > 0 else 0
            missing += lacking[i]
        if t.jokers and missing - t.jokers < best:  # the jokers fill what the way's groups let them
            missing -= flow(variant_caps + MAX_GROUPS * v, variant_masks + MAX_GROUPS * v,
                             MAX_GROUPS, lacking, t.jokers)
        if missing < best:
            best = missing
    return best
