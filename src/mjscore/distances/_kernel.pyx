"""Distances to special hands, compiled: the twin of ``mjscore.distances._reference``.

The algorithm is the reference's (read its docstring): declared melds given to needs,
a dynamic programme per suit over its tiles (``_distance_tables``), the suits
combined. Each suit's table is memoised (``_distance_memo``), so in bulk most suits
cost one hash probe; a row without declared melds or jokers reads records of its
suits' tiles instead, shared by every target (``_distance_records``).

Rows holding jokers read other targets, built on first use for each number of jokers
``J`` (``_distance_family.joker_family``): the same needs with more digits (each run
of singles, then the jokers used), their own tables (the algorithm of
``mjscore.distances._jokers_reference``) and their own profiles in the memo. Rows without jokers
never touch them.

A target of knitted groups (``Target.knits``) is found number by number
(``_distance_knits``), concrete ways by a scan (``_distance_rows.enumerated``).
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

import numpy as np

from mjscore.distances._build cimport fill_target
from mjscore.core._group_codes cimport G_CHOW, group_kind
from mjscore.distances._family cimport Family
from mjscore.distances._knits cimport knitted
from mjscore.distances._memo cimport SuitMemo
from mjscore.distances._records cimport RowRecords
from mjscore.distances._rows cimport assign, bare, enumerated, merge, pair, row_status
from mjscore.distances._types cimport (JOIN_CHOWS, JOIN_KNITS, JOIN_PAIRS, JOIN_SUM, JOIN_WAYS, MAX_GROUPS,
                                      MAX_JOKERS, MAX_NEEDS, N_BACK, NONE, Ctx, DTarget, Row, within)

from mjscore.distances._build import Built, kind_caps, suit_part, variant_groups
from mjscore.distances._family import joker_family


cdef class CompiledDistances:
    """A rule set's distance targets in C, with the per-suit memo and records."""

    cdef Family family            # the targets of rows without jokers
    cdef Family parts             # the suits' parts of targets whose needs each lie in one suit
    cdef DTarget* targets
    cdef int n_targets
    cdef readonly int n_columns
    cdef int use                  # where jokers may stand (JokerUse bits; 0: the rule set has none)
    cdef SuitMemo memo
    cdef RowRecords records
    cdef int32_t* unrecorded      # the targets records do not read (knitted, concrete ways)
    cdef int n_unrecorded
    cdef uint8_t* variants        # enumerated ways: 34 counts then 8 meld bytes, then 8 kong tiles
    cdef uint8_t* variant_caps    # per way, MAX_GROUPS groups that may hold jokers: capacity (0: none)
    cdef uint64_t* variant_masks  # and tiles
    cdef object arrays            # the numpy arrays below point into
    cdef object py_targets
    cdef object built             # the profiles (for joker families' keys)
    cdef const uint8_t* knit_put  # per knit move, the tiles it puts on a number in each suit (3)
    cdef const uint16_t* knit_numbers  # per knit move, the numbers it may take
    cdef const int16_t* knit_next # per knit state: how many moves stay within the counts, then (move, state after) each
    cdef object joker_families    # per number of jokers (1-8): a Family, built on first use
    cdef DTarget* joker_targets[MAX_JOKERS + 1]
    cdef Ctx joker_ctx[MAX_JOKERS + 1]
    cdef uint32_t joker_entries[MAX_JOKERS + 1]

    def __cinit__(self):
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
        self.variants = <uint8_t*>malloc(max(1, n_var) * 50)
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
                row = self.variants + 50 * n_var
                for j in range(34):
                    row[j] = variant.counts[j]
                memset(row + 34, 0xFF, 16)
                for j, code in enumerate(variant.melds[:8]):
                    row[34 + j] = code
                kongs = [tiles[0] for kind_, tiles, _ in variant.groups if kind_ == 2]
                for j, tile in enumerate(kongs[:8]):
                    row[42 + j] = tile
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
            return enumerated(t, held, row.melds, row.n_melds, row.meld_counts, self.variants, self.variant_caps,
                              self.variant_masks)
        n_left = assign(t, row.melds, row.n_melds, lefts)
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
                       int8_t[:, ::1] out, uint8_t[::1] status):
        """Fill ``out`` (n, columns) with each row's distances (``jokers``: (n,) uint8
        jokers held concealed, or None); bad rows get a status and NONE."""
        cdef Py_ssize_t n = counts.shape[0], r
        cdef int i, j, k, d, n_melds, wild = 0
        cdef Row row
        cdef uint8_t codes[4]
        cdef const DTarget* t
        cdef const DTarget* family
        cdef const Ctx* ctx
        cdef uint32_t entries
        cdef const uint8_t[::1] wilds
        cdef bint has_jokers = jokers is not None
        if has_jokers:
            wilds = jokers
            if self.use:
                for j in np.unique(jokers):
                    if 0 < j <= MAX_JOKERS:
                        self._jokers_family(int(j))
        with nogil:
            for r in range(n):
                for j in range(self.n_columns):
                    out[r, j] = NONE
                if has_jokers:
                    wild = wilds[r]
                status[r] = row_status(&counts[r, 0], &melds[r, 0], wild, self.use, row.meld_counts, codes, &n_melds)
                if status[r]:
                    continue
                if not wild and not n_melds:  # the records serve every target but the knitted and concrete ones
                    entries = self.records.memo_entries
                    if self.memo.full(entries if entries > self.family.row_entries else self.family.row_entries):
                        self.memo.clear()  # between rows: the tables of a row stay valid while it is read
                    if self.records.full():
                        self.records.clear()
                    self.records.distances(self.memo, &counts[r, 0], &out[r, 0])
                    row.held = &counts[r, 0]
                    row.n_melds = 0
                    for k in range(self.n_unrecorded):
                        t = &self.targets[self.unrecorded[k]]
                        d = self._target(t, &self.family.ctx, &row)
                        if d < out[r, t.column]:
                            out[r, t.column] = <int8_t>d
                    continue
                row.held = &counts[r, 0]
                row.melds = codes
                row.n_melds = n_melds
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
                    d = self._target(t, ctx, &row)
                    if d < out[r, t.column]:
                        out[r, t.column] = <int8_t>d


Distances = CompiledDistances
"""This twin's distance tables, by the name :func:`mjscore.distances.distances.distance_engine` asks for."""
