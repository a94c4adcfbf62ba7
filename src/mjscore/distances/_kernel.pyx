"""Distances to special hands, compiled: the twin of ``mjscore.distances._reference``.

The algorithm is the reference's (read its docstring): declared melds given to needs,
a dynamic programme per suit over its tiles (``_tables``), the suits combined. Each
suit's table is memoised (``_tables.SuitMemo``), so in bulk most suits cost one hash
probe; a row without declared melds or jokers reads records of its suits' tiles
instead, shared by every target (:class:`RowRecords`, below).

Rows holding jokers read other targets, built on first use for each number of jokers
``J`` (``_targets.joker_family``): the same needs with more digits (each run of
singles, then the jokers used), their own tables (the algorithm of
``mjscore.distances._jokers_reference``) and their own profiles in the memo. Rows
without jokers never touch them.

A target of knitted groups (``Target.knits``) is found number by number
(``_tables.knitted``), concrete ways by a scan (:func:`enumerated`, below).

**A row against a target** (below the entry points): the row's status, its declared
melds given to needs, a suit where no need has groups, and a target's concrete ways
(with the joker flow of a way).

**Per-suit records** (:class:`RowRecords`): the distances of a row without declared
melds or jokers, one record per suit. Such a row reads each target's tables at its
needs' full counts, so what a target needs of a suit is a few numbers that depend on
the suit's tiles alone. A record, kept per suit's tiles (the three suits share records,
as their profiles are written relative to the suit), holds every such number the rule
set's targets read: a slot per distinct (profile, what is read) - the one entry of a
target whose needs each lie in one suit, a whole table where needs span suits, the
fixed tiles' count in a suit without groups. A row then costs four record probes and,
per target, a sum of four slots (``JOIN_SUM``) or a merge of small tables
(``JOIN_PAIRS``, ``JOIN_CHOWS``); the records are filled from the per-suit memo
(``SuitMemo``) on first sight.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset
from cpython.pythread cimport PyThread_acquire_lock, PyThread_allocate_lock, PyThread_free_lock, PyThread_release_lock, WAIT_LOCK

import numpy as np

from mjscore.core._group_codes cimport G_CHOW, group_kind
from mjscore.distances._tables cimport SuitMemo, knitted
from mjscore.distances._targets cimport Family, fill_target
from mjscore.distances._types cimport (JOIN_CHOWS, JOIN_KNITS, JOIN_PAIRS, JOIN_SUM, JOIN_WAYS, MAX_GROUPS,
                                      MAX_JOKERS, MAX_NEEDS, N_BACK, NONE, Ctx, DTarget, Row, within)
from mjscore.distances._targets import Built, joker_family, kind_caps, suit_part, variant_groups


# -------------------------------------------------------------- the entry points
cdef class CompiledDistances:
    """A rule set's distance targets in C, with the per-suit memo and records."""

    def __cinit__(self):
        self.lock = PyThread_allocate_lock()
        if self.lock == NULL:
            raise MemoryError()
        self.variants = NULL
        self.variant_caps = NULL
        self.variant_masks = NULL
        self.unrecorded = NULL

    def __init__(self, reachable, targets, use=None):
        cdef DTarget* t
        cdef uint8_t* row
        cdef int i, j, d, n_var = 0
        self.use = int(use or 0)
        caps = kind_caps(self.use)
        self.built = Built(caps)
        self.py_targets = tuple(targets)
        self.joker_families = [None] * (MAX_JOKERS + 1)
        self.n_columns = len(reachable)
        column = {hand: i for i, hand in enumerate(reachable)}
        self.n_targets = len(targets)
        self.family = Family(self.n_targets)
        self.targets = self.family.targets
        for target in targets:
            n_var += 0 if target.knits else len(target.enumerated)
        self.variants = <uint8_t*>malloc(max(1, n_var) * VARIANT_BYTES)
        self.variant_caps = <uint8_t*>malloc(max(1, n_var) * MAX_GROUPS)
        self.variant_masks = <uint64_t*>malloc(max(1, n_var) * MAX_GROUPS * sizeof(uint64_t))
        n_var = 0
        joins = []
        for i, target in enumerate(targets):
            t = &self.targets[i]
            fill_target(t, target, column[target.hand], self.built)
            joins.append(JOIN_KNITS if target.knits else JOIN_WAYS if target.enumerated else
                         JOIN_CHOWS if t.track_chows else JOIN_SUM if t.separable else JOIN_PAIRS)
            if target.knits:
                continue
            t.first_variant = n_var
            t.n_variants = len(target.enumerated)
            for variant in target.enumerated:
                row = self.variants + VARIANT_BYTES * n_var
                for j in range(34):
                    row[j] = variant.counts[j]
                memset(row + 34, 0xFF, 16)
                row[50] = 0
                for j, code in enumerate(variant.melds[:8]):
                    row[34 + j] = code
                kongs = [tiles[0] for kind_, tiles, _ in variant.groups if kind_ == 2]
                for j, tile in enumerate(kongs[:8]):
                    row[42 + j] = tile
                    if target.claimed_kongs and tile not in variant.held_kongs:
                        row[50] |= 1 << j
                groups = variant_groups(variant, caps)
                if len(groups) > MAX_GROUPS:
                    raise ValueError(f"a special hand has more than {MAX_GROUPS} groups that may hold jokers")
                memset(self.variant_caps + MAX_GROUPS * n_var, 0, MAX_GROUPS)
                for j, (cap, mask) in enumerate(groups):
                    self.variant_caps[MAX_GROUPS * n_var + j] = cap
                    self.variant_masks[MAX_GROUPS * n_var + j] = mask
                n_var += 1
        built = self.built
        self.arrays = (np.array(built.knit_put or [0], dtype=np.uint8),
                       np.array(built.knit_numbers or [0], dtype=np.uint16),
                       np.array(built.knit_next or [0], dtype=np.int16))
        cdef const uint8_t[::1] knit_put_array = self.arrays[0]
        cdef const uint16_t[::1] knit_numbers_array = self.arrays[1]
        cdef const int16_t[::1] knit_next_array = self.arrays[2]
        self.knit_put = &knit_put_array[0]
        self.knit_numbers = &knit_numbers_array[0]
        self.knit_next = &knit_next_array[0]
        parts = {}  # (target, suit) -> its part a record reads (targets whose needs each lie in one suit)
        part_targets = []
        for i, target in enumerate(targets):
            for d in range(4):
                if joins[i] == JOIN_SUM and self.targets[i].busy[d]:
                    parts[i, d] = len(part_targets)
                    part_targets.append(suit_part(target, d))
        self.parts = Family(len(part_targets))
        for i, part in enumerate(part_targets):
            fill_target(&self.parts.targets[i], part, 0, built)
        # the parts' tables are built with the rule set's buffers and arrays: allocated last
        self.family.allocate(built.packed_of, built.triples, built.max_uses, built.max_uses * N_BACK)
        self.memo = SuitMemo(built.moves)
        self.records = RowRecords(self.family, joins, self.parts, parts)
        unrecorded = [i for i, join in enumerate(joins) if join > JOIN_CHOWS]
        self.n_unrecorded = len(unrecorded)
        self.unrecorded = <int32_t*>malloc(max(1, len(unrecorded)) * sizeof(int32_t))
        for i, j in enumerate(unrecorded):
            self.unrecorded[i] = j
        for d in range(MAX_JOKERS + 1):
            self.joker_targets[d] = NULL
            self.joker_entries[d] = 0

    def __dealloc__(self):
        if self.lock != NULL:
            PyThread_free_lock(self.lock)
        free(self.variants)
        free(self.variant_caps)
        free(self.variant_masks)
        free(self.unrecorded)

    def clear(self):
        """Empty the per-suit memo and the records (for cold measurements)."""
        self.memo.clear()
        self.records.clear()

    def _jokers_family(self, int jokers):
        """The targets of rows holding ``jokers`` jokers, built once."""
        cdef Family family
        if self.joker_families[jokers] is not None:
            return
        family = joker_family(self.family, self.py_targets, jokers, self.use, self.built.profiles,
                              self.built.profile_keys)
        self.joker_families[jokers] = family
        self.joker_targets[jokers] = family.targets
        self.joker_ctx[jokers] = family.ctx
        self.joker_entries[jokers] = family.row_entries

    cdef int _target(self, const DTarget* t, const Ctx* ctx, const Row* row) noexcept nogil:
        """The distance from one hand to one target (for a joker target: with its jokers)."""
        cdef int suit, i, d, k, best = NONE, m, n_left
        cdef const uint8_t* held = row.held
        cdef const uint8_t* caps = row.caps
        cdef const bint* touched = row.touched
        cdef int melded_chows = row.melded_chows
        cdef const int8_t* tables[4]
        cdef int8_t* first = ctx.work + 4 * t.n_uses
        cdef int8_t* second = first + t.n_uses
        cdef int8_t* whole = second + t.n_uses
        cdef const int32_t* triples = ctx.triples + 3 * t.first_triple
        cdef const uint64_t* packed_of = ctx.packed_of + t.packed_first
        cdef uint64_t limit, needs_mask = (<uint64_t>1 << (6 * t.n_needs)) - 1
        cdef int left_index, u, offset
        cdef int bare_missing[4]
        cdef const int8_t* halves[2]
        cdef int lefts[64][MAX_NEEDS]
        if t.n_knits:
            return NONE if t.duplicate or row.n_melds else knitted(t, held, self.knit_put, self.knit_numbers,
                                                                     self.knit_next)
        if t.n_variants:
            return enumerated(t, held, row.melds, row.n_melds, row.claimed, row.meld_counts, self.variants,
                              self.variant_caps, self.variant_masks)
        n_left = assign(t, row.melds, row.n_melds, row.claimed, lefts)
        if n_left == 0:
            return NONE
        if t.track_chows and melded_chows > t.max_chows:
            return NONE
        if t.separable and not t.jokers:
            return self._separable(t, ctx, held, caps, touched, lefts, n_left)
        if t.track_chows:  # the chows' count is at most its limit: merge all, scan the whole table
            for suit in range(4):
                tables[suit] = self.memo.table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
            merge(triples, t.n_triples, tables[0], tables[1], first, t.n_uses)
            merge(triples, t.n_triples, tables[2], tables[3], second, t.n_uses)
            merge(triples, t.n_triples, first, second, whole, t.n_uses)
            for k in range(n_left):
                limit = (<uint64_t>(t.max_chows - melded_chows)) << (6 * t.n_needs) | t.extra_limit
                for d in range(t.n_needs):
                    limit |= <uint64_t>lefts[k][d] << (6 * d)
                for u in range(t.n_uses):
                    if whole[u] < best and (packed_of[u] & needs_mask) == (limit & needs_mask) \
                            and within(packed_of[u], limit):
                        best = whole[u]
            return best
        # a suit where no need has groups has a table of one entry (no groups): kept as a number
        for suit in range(4):
            if t.busy[suit]:
                tables[suit] = self.memo.table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
                bare_missing[suit] = 0
            else:
                tables[suit] = NULL
                bare_missing[suit] = bare(t, suit, held, caps)
                if bare_missing[suit] == NONE:
                    return NONE
        halves[0] = pair(triples, t.n_triples, tables[0], tables[1], first, t.n_uses)
        halves[1] = pair(triples, t.n_triples, tables[2], tables[3], second, t.n_uses)
        offset = bare_missing[0] + bare_missing[1] + bare_missing[2] + bare_missing[3]
        for k in range(n_left):
            limit = t.extra_limit
            left_index = t.extra_index
            for d in range(t.n_needs):
                limit |= <uint64_t>lefts[k][d] << (6 * d)
                left_index += lefts[k][d] * t.stride[d]
            if halves[0] == NULL or halves[1] == NULL:
                if halves[0] == NULL and halves[1] == NULL:  # no groups, no jokers: only the needs' digits count
                    m = 0 if left_index == t.extra_index else NONE
                else:
                    m = (halves[1] if halves[0] == NULL else halves[0])[left_index]
                if m != NONE and m + offset < best:
                    best = m + offset
                continue
            for u in range(t.n_uses):  # each sum of the first two suits with its complement
                if halves[0][u] != NONE and within(packed_of[u], limit):
                    m = halves[1][left_index - u]
                    if m != NONE and halves[0][u] + m + offset < best:
                        best = halves[0][u] + m + offset
        return best

    cdef int _separable(self, const DTarget* t, const Ctx* ctx, const uint8_t* held, const uint8_t* caps,
                        const bint* touched, int (*lefts)[MAX_NEEDS], int n_left) noexcept nogil:
        """A target whose needs each lie in one suit: no suit's groups fill another's needs,
        so the distance is each suit's entry at its own needs' uses, added (no merging)."""
        cdef const int8_t* tables[4]
        cdef int suit, j, k, index, m, offset = 0, best = NONE
        for suit in range(4):
            if t.busy[suit]:
                tables[suit] = self.memo.table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
            else:
                tables[suit] = NULL
                m = bare(t, suit, held, caps)
                if m == NONE:
                    return NONE
                offset += m
        for k in range(n_left):
            m = offset
            for suit in range(4):
                if tables[suit] == NULL:
                    continue
                index = 0
                for j in range(t.n_needs):
                    if t.home[j] == suit:
                        index += lefts[k][j] * t.stride[j]
                if tables[suit][index] == NONE:
                    m = NONE
                    break
                m += tables[suit][index]
            if m < best:
                best = m
        return best

    def distances_many(self, const uint8_t[:, ::1] counts, const uint8_t[:, ::1] melds, jokers,
                       int8_t[:, ::1] out, uint8_t[::1] status, claimed=None):
        """Fill ``out`` (n, columns) with each row's distances (``jokers``: (n,) uint8
        jokers held concealed, or None; ``claimed``: (n,) uint8 marks of the melds that are
        claimed kongs, bit ``k`` the row's ``k``-th meld, or None); bad rows get a status
        and NONE."""
        cdef Py_ssize_t n = counts.shape[0], r
        cdef int8_t nothing = NONE
        cdef const uint8_t[::1] wilds
        cdef const uint8_t[::1] marks
        cdef bint has_jokers = jokers is not None
        cdef bint has_claimed = claimed is not None
        if has_claimed:
            marks = claimed
        if has_jokers:
            wilds = jokers
            if self.use:
                for j in np.unique(jokers):
                    if 0 < j <= MAX_JOKERS:
                        self._jokers_family(int(j))
        with nogil:
            PyThread_acquire_lock(self.lock, WAIT_LOCK)
            for r in range(n):  # no columns: no ``&out[r, 0]`` to take (the debug build checks)
                status[r] = self._row(&counts[r, 0], &melds[r, 0], wilds[r] if has_jokers else 0,
                                      marks[r] if has_claimed else 0, NULL, 0,
                                      &out[r, 0] if self.n_columns else &nothing)
            PyThread_release_lock(self.lock)

    cdef int nearest(self, const uint8_t* counts, const uint8_t* melds, int claimed, const int8_t* floor,
                     int limit, int8_t* out) noexcept nogil:
        """A row without jokers (``claimed``: which of its melds are claimed kongs, bit ``k``
        the ``k``-th, as ``distances_many`` takes them): its distance to each special hand
        into ``out`` (its columns) and the least of them, or ``-status`` for a bad row. With a ``floor`` (a
        bound below each column's distance, as a hand one tile away gives it), only the
        columns whose floor is below ``limit`` are worked out; the others keep their floor,
        so the least is exact where it is below ``limit``. Safe from several threads at
        once (the memo is the engine's: the calls take turns)."""
        cdef int j, found = NONE
        cdef int st
        if not self.n_columns:
            return NONE
        PyThread_acquire_lock(self.lock, WAIT_LOCK)
        st = self._row(counts, melds, 0, claimed, floor, limit, out)
        PyThread_release_lock(self.lock)
        if st:
            return -st
        for j in range(self.n_columns):
            if floor != NULL and floor[j] >= limit:
                out[j] = floor[j]
            if out[j] < found:
                found = out[j]
        return found

    cdef int _row(self, const uint8_t* counts, const uint8_t* melds, int wild, int claimed, const int8_t* floor,
                  int limit, int8_t* out) noexcept nogil:
        """One row's distances into ``out`` (its columns; NONE for a bad row, and for a
        column whose ``floor`` is at least ``limit``), the lock held; the row's status.
        Rows with ``wild`` jokers need their family built first; ``claimed`` marks the
        melds that are claimed kongs (bit ``k``: the ``k``-th)."""
        cdef int i, j, k, d, n_melds
        cdef uint8_t st
        cdef Row row
        cdef uint8_t codes[4]
        cdef const DTarget* t
        cdef const DTarget* family
        cdef const Ctx* ctx
        cdef uint32_t entries
        for j in range(self.n_columns):
            out[j] = NONE
        st = row_status(counts, melds, wild, self.use, claimed, row.meld_counts, codes, &n_melds)
        if st or not self.n_columns:
            return st
        if not wild and not n_melds:  # the records serve every target but the knitted and concrete ones
            entries = self.records.memo_entries
            if self.memo.full(entries if entries > self.family.row_entries else self.family.row_entries):
                self.memo.clear()  # between rows: the tables of a row stay valid while it is read
            if self.records.full():
                self.records.clear()
            self.records.distances(self.memo, counts, floor, limit, out)
            row.held = counts
            row.n_melds = 0
            row.claimed = 0
            for k in range(self.n_unrecorded):
                t = &self.targets[self.unrecorded[k]]
                if floor != NULL and floor[t.column] >= limit:
                    continue
                d = self._target(t, &self.family.ctx, &row)
                if d < out[t.column]:
                    out[t.column] = <int8_t>d
            return 0
        row.held = counts
        row.melds = codes
        row.n_melds = n_melds
        row.claimed = claimed
        row.melded_chows = 0
        for i in range(n_melds):
            if group_kind(codes[i]) == G_CHOW:
                row.melded_chows += 1
        row.touched[0] = row.touched[1] = row.touched[2] = row.touched[3] = False
        for i in range(34):
            row.caps[i] = 4 - row.meld_counts[i]
            if row.meld_counts[i]:
                row.touched[3 if i >= 27 else i // 9] = True
        if wild:
            family = self.joker_targets[wild]
            ctx = &self.joker_ctx[wild]
            entries = self.joker_entries[wild]
        else:
            family = self.targets
            ctx = &self.family.ctx
            entries = self.family.row_entries
        if self.memo.full(entries):
            self.memo.clear()  # between rows: the tables of a row stay valid while it is read
        for k in range(self.n_targets):
            t = &family[k]
            if floor != NULL and floor[t.column] >= limit:
                continue
            d = self._target(t, ctx, &row)
            if d < out[t.column]:
                out[t.column] = <int8_t>d
        return 0


Distances = CompiledDistances
"""This twin's distance tables, by the name :func:`mjscore.distances.distances.distance_engine` asks for."""


# -------------------------------------------------------------- a row against a target
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


cdef uint8_t row_status(const uint8_t* counts, const uint8_t* melds, int jokers, int use, int claimed,
                        uint8_t* meld_counts, uint8_t* codes, int* n_melds) noexcept nogil:
    """0 for a row distances accept (13 or 14 tiles, a meld counting 3, a joker 1), else
    its status (the reference's ``row_status``: a ``claimed`` mark on a meld that is no
    exposed kong, or on no meld, is BAD_MELD)."""
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
        if n == 0 or (claimed >> n_melds[0]) & 1 and group_kind(melds[i]) != G_KONG:
            return 4   # BAD_MELD
        codes[n_melds[0]] = melds[i]
        n_melds[0] += 1
        size += 3
        for k in range(n):
            meld_counts[tiles[k]] += 1
    if claimed >> n_melds[0]:
        return 4       # BAD_MELD: a claimed mark on no meld
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


cdef int assign(const DTarget* t, const uint8_t* melds, int n_melds, int claimed,
                int (*lefts)[MAX_NEEDS]) noexcept nogil:
    """Each way to give the declared melds to needs (at most 64): the uses it leaves
    (``claimed``: the melds that are claimed kongs, bit ``k`` the ``k``-th)."""
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
        while pick[depth] < t.n_needs and not fits(t, pick[depth], melds[depth], (claimed >> depth) & 1, left):
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


cdef int enumerated(const DTarget* t, const uint8_t* held, const uint8_t* melds, int n_melds, int claimed,
                    const uint8_t* meld_counts, const uint8_t* variants, const uint8_t* variant_caps,
                    const uint64_t* variant_masks) noexcept nogil:
    """The distance to a target of concrete ways (the reference's ``_enumerated``;
    ``claimed``, bit ``k``: the ``k``-th meld is a claimed kong, which stands for the kongs
    of a way's last byte)."""
    cdef int v, i, j, best = NONE, missing, ok, found, want, tile
    cdef const uint8_t* row
    cdef uint8_t free_[8]
    cdef int lacking[34]
    for v in range(t.first_variant, t.first_variant + t.n_variants):
        row = variants + VARIANT_BYTES * v
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
            elif not found and (claimed >> i) & 1:  # a claimed kong, where it stands as a concealed one
                for j in range(8):
                    if row[42 + j] == tile and (row[50] >> j) & 1:
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


# -------------------------------------------------------------- per-suit records
cdef enum:
    RECORD_BITS = 17
    RECORD_SLOTS = 1 << RECORD_BITS   # hash slots; at most half used
    EMPTY = 0xFFFFFFFF
    HONOURS_KEY = 1 << 27             # a key's bit for the honours' class of records

cdef enum:                            # what a slot holds
    READ_BARE = 0                     # the fixed tiles missing in a suit without groups
    READ_ONE = 1                      # one entry of a table
    READ_ALL = 2                      # a whole table


cdef class RowRecords:
    """The slots of a rule set's targets, and the records filled so far."""

    def __cinit__(self, Family family, joins, Family parts, part_of):
        """``joins``: per target, its ``JOIN_*`` kind; ``part_of``: (target, suit) -> its
        part in ``parts``, for each busy suit of a ``JOIN_SUM`` target."""
        cdef const DTarget* p
        cdef int i, d, c, kind, mode, index, j
        cdef const DTarget* t
        specs = ([], [])                         # per class: (target, suit, mode, index, length)
        where = ({}, {})                         # per class: slot key -> offset
        sizes = [0, 0]
        offsets = []                             # per target read by records: its four offsets
        for i in range(family.n_targets):
            t = &family.targets[i]
            kind = joins[i]
            if kind > JOIN_CHOWS:
                offsets.append((0, 0, 0, 0))
                continue
            row = []
            for d in range(4):
                c = d == 3
                if t.busy[d] and kind != JOIN_SUM:
                    mode, index, length = READ_ALL, 0, t.n_uses
                    key = (t.profile[d], t.n_uses, t.track_chows, READ_ALL)
                elif t.busy[d]:  # JOIN_SUM: its part's entry at every need's count
                    p = &parts.targets[part_of[i, d]]
                    mode, index, length = READ_ONE, p.n_uses - 1, 1
                    key = (p.profile[d], p.n_uses, READ_ONE)
                else:
                    mode, index, length = READ_BARE, 0, 1
                    key = (READ_BARE, tuple(t.fixed[j] for j in range(suit_base(d), suit_base(d) + suit_width(d))),
                           (t.required >> suit_base(d)) & ((1 << suit_width(d)) - 1))
                if key not in where[c]:
                    where[c][key] = sizes[c]
                    specs[c].append((part_of[i, d] if mode == READ_ONE else i, d, mode, index, length))
                    sizes[c] += length
                row.append(where[c][key])
            offsets.append(tuple(row))
        if max(sizes) >= 1 << 16:
            raise ValueError("the special hands have too many groups to choose for distances")
        self.family = family
        self.parts = parts
        self.size[0], self.size[1] = sizes
        self.n_specs[0], self.n_specs[1] = len(specs[0]), len(specs[1])
        entries = [(parts if s[2] == READ_ONE else family).targets[s[0]].n_uses * (3 if c == 0 else 1)
                   for c in range(2) for s in specs[c] if s[2] != READ_BARE]
        self.memo_entries = sum(entries)
        flat = specs[0] + specs[1]
        sums = [i for i in range(family.n_targets) if joins[i] == JOIN_SUM]
        others = [i for i in range(family.n_targets) if joins[i] in (JOIN_PAIRS, JOIN_CHOWS)]
        self.n_sums, self.n_others = len(sums), len(others)
        self.arrays = (
            np.array([s[:4] for s in flat] or [(0, 0, 0, 0)], dtype=np.int32),
            np.array([offsets[i] for i in sums] or [(0, 0, 0, 0)], dtype=np.uint16),
            np.array([family.targets[i].column for i in sums] or [0], dtype=np.int32),
            np.array([offsets[i] for i in others] or [(0, 0, 0, 0)], dtype=np.uint16),
            np.array(others or [0], dtype=np.int32),
        )
        cdef const int32_t[:, ::1] spec_array = self.arrays[0]
        cdef const uint16_t[:, ::1] sum_array = self.arrays[1]
        cdef const int32_t[::1] sum_columns = self.arrays[2]
        cdef const uint16_t[:, ::1] other_array = self.arrays[3]
        cdef const int32_t[::1] other_targets = self.arrays[4]
        self.specs = &spec_array[0, 0]
        self.sum_offsets = &sum_array[0, 0]
        self.sum_columns = &sum_columns[0]
        self.other_offsets = &other_array[0, 0]
        self.other_targets = &other_targets[0]
        self.capacity = RECORD_SLOTS // 2
        self.pool_size = <uint64_t>self.capacity * max(sizes[0], sizes[1], 1)
        self.keys = <uint32_t*>malloc(RECORD_SLOTS * sizeof(uint32_t))
        self.offsets = <uint64_t*>malloc(RECORD_SLOTS * sizeof(uint64_t))
        self.pool = <int8_t*>malloc(self.pool_size)
        self.clear()

    def __dealloc__(self):
        free(self.keys)
        free(self.offsets)
        free(self.pool)

    cdef void clear(self) noexcept nogil:
        memset(self.keys, 0xFF, RECORD_SLOTS * sizeof(uint32_t))
        self.used = 0
        self.n_records = 0

    cdef const int8_t* record(self, SuitMemo memo, const uint8_t* held, int suit) noexcept nogil:
        """The record of one suit of a row (``held``: its 34 counts), filled on first sight."""
        cdef int i, c = suit == 3, base = suit_base(suit)
        cdef uint32_t key = HONOURS_KEY if c else 0, slot
        for i in range(suit_width(suit)):
            key |= <uint32_t>held[base + i] << (3 * i)
        slot = (key * <uint32_t>0x9E3779B1) >> (32 - RECORD_BITS)
        while self.keys[slot] != EMPTY:
            if self.keys[slot] == key:
                return self.pool + self.offsets[slot]
            slot = (slot + 1) & (RECORD_SLOTS - 1)
        self._fill(memo, held + base, c, self.pool + self.used)
        self.keys[slot] = key
        self.offsets[slot] = self.used
        self.used += self.size[c]
        self.n_records += 1
        return self.pool + self.offsets[slot]

    cdef void _fill(self, SuitMemo memo, const uint8_t* tiles, int c, int8_t* out) noexcept nogil:
        """A record of class ``c`` (0: a suit of numbers, 1: the honours) for the suit's tiles."""
        cdef uint8_t held[34]
        cdef uint8_t caps[34]
        cdef int k, d, width = 7 if c else 9, first = 0 if c == 0 else self.n_specs[0]
        cdef const int32_t* spec
        cdef const DTarget* t
        cdef const int8_t* table
        cdef int offset = 0
        memset(held, 0, 34)
        memset(caps, 4, 34)
        for d in range(3 if c == 0 else 1):  # the tiles in every suit of the class: a slot reads its own
            memcpy(held + suit_base(3 if c else d), tiles, width)
        for k in range(first, first + self.n_specs[c]):
            spec = self.specs + 4 * k
            t = (self.parts.targets if spec[2] == READ_ONE else self.family.targets) + spec[0]
            if spec[2] == READ_BARE:
                out[offset] = <int8_t>bare(t, spec[1], held, caps)
                offset += 1
                continue
            table = memo.table(t, &self.family.ctx, spec[1], held, caps, True, self.family.ctx.work)
            if spec[2] == READ_ONE:
                out[offset] = table[spec[3]]
                offset += 1
            else:
                memcpy(out + offset, table, t.n_uses)
                offset += t.n_uses

    cdef bint full(self) noexcept nogil:
        """Whether a row's four records may not fit (then :meth:`clear` them between rows)."""
        return self.n_records + 4 > self.capacity or \
            self.used + 4 * <uint64_t>(self.size[0] if self.size[0] > self.size[1] else self.size[1]) > self.pool_size

    cdef void distances(self, SuitMemo memo, const uint8_t* held, const int8_t* floor, int limit,
                        int8_t* out) noexcept nogil:
        """Lower ``out`` (the row's columns) to the distance of every target the records read,
        but those of a column whose ``floor`` is at least ``limit`` (no ``floor``: every one)."""
        cdef const int8_t* rec[4]
        cdef const uint16_t* o
        cdef const DTarget* t
        cdef int k, v, d
        for d in range(4):
            rec[d] = self.record(memo, held, d)
        for k in range(self.n_sums):
            if floor != NULL and floor[self.sum_columns[k]] >= limit:
                continue
            o = self.sum_offsets + 4 * k
            v = rec[0][o[0]] + rec[1][o[1]] + rec[2][o[2]] + rec[3][o[3]]  # NONE in any: at least NONE
            if v < out[self.sum_columns[k]]:
                out[self.sum_columns[k]] = <int8_t>v
        for k in range(self.n_others):
            t = &self.family.targets[self.other_targets[k]]
            if floor != NULL and floor[t.column] >= limit:
                continue
            v = self._merged(t, rec, self.other_offsets + 4 * k)
            if v < out[t.column]:
                out[t.column] = <int8_t>v

    cdef int _merged(self, const DTarget* t, const int8_t** rec, const uint16_t* o) noexcept nogil:
        """A target whose needs span suits: its busy suits' tables merged down to two, then
        each entry of one with its complement in the other (at the needs' full counts, the
        chows within their limit); a suit without groups adds its fixed tiles' count."""
        cdef const Ctx* ctx = &self.family.ctx
        cdef const int32_t* triples = ctx.triples + 3 * t.first_triple
        cdef int8_t* buffer = ctx.work + 4 * t.n_uses
        cdef const int8_t* tables[4]
        cdef int d, k = 0, offset = 0, best
        for d in range(4):
            if t.busy[d]:
                tables[k] = rec[d] + o[d]
                k += 1
            else:
                offset += rec[d][o[d]]
        if offset >= NONE:
            return NONE
        while k > 2:  # the last two merged into one
            merge(triples, t.n_triples, tables[k - 2], tables[k - 1], buffer, t.n_uses)
            tables[k - 2] = buffer
            buffer += t.n_uses
            k -= 1
        best = _joined(t, tables, k)
        return best + offset if best + offset < NONE else NONE


cdef int _joined(const DTarget* t, const int8_t** tables, int k) noexcept nogil:
    """The fewest missing over one table (``k`` 1) or two (each entry with its complement)
    at the needs' full counts and at most the chows' limit; no table: none missing when
    the target has no needs."""
    cdef int x, c, y, best = NONE
    cdef int needs = t.stride[t.n_needs] if t.track_chows else t.n_uses  # uses vectors of the needs alone
    cdef int chows = t.max_chows if t.track_chows else 0
    cdef int full = needs - 1  # every need at its count
    cdef const int8_t* a = tables[0]
    cdef const int8_t* b = tables[1]
    if k == 0:
        return 0 if full == 0 else NONE
    if k == 1:
        for c in range(chows + 1):
            if a[full + c * needs] < best:
                best = a[full + c * needs]
        return best
    if not chows:  # (a sum holding NONE is at least NONE: it never lowers best)
        for x in range(t.n_uses):
            if a[x] + b[full - x] < best:
                best = a[x] + b[full - x]
        return best
    for x in range(t.n_uses):
        if a[x] == NONE:
            continue
        c = x // needs
        y = full - x % needs
        while c <= chows:  # the chows of both within the limit
            if a[x] + b[y] < best:
                best = a[x] + b[y]
            c += 1
            y += needs
    return best
