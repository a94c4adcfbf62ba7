# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Distances to special hands, compiled: the twin of ``mjscore._distance_reference``.

The algorithm is the reference's (read its docstring): declared melds given to needs,
a dynamic programme per suit over its tiles, the suits combined. Here each suit's
table is memoised by (the target's profile in that suit, the suit's counts of the
tiles the profile may hold), so in bulk most suits cost one hash probe; a profile is
written relative to its suit's first tile, so the same groups in another suit share
it; a table keeps only its reachable entries, so
combining the suits touches few pairs.

Rows holding jokers read other targets, built on first use for each number of jokers
``J``: the same needs with more digits (each run of singles, then the jokers used),
their own tables (:func:`_suit_table_jokers`, the algorithm of
``mjscore._distance_jokers``) and their own profiles in the memo. Rows without jokers
never touch them.

A target of knitted groups (``Target.knits``) is found number by number, as the
reference's ``_knitted``: its moves (how many groups of each knit take a number) and
their transitions between states are listed once, at build.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

import itertools

import numpy as np

cdef enum:
    MAX_NEEDS = 8
    MAX_DIMS = 10
    MAX_RUNS = 4
    MAX_JOKER_USES = 1 << 16   # uses vectors of one joker target
    MAX_GROUPS = 16            # groups of an enumerated way that may hold jokers
    MAX_JOKERS = 8
    N_FREE = 25                # chows started one and two tiles back still free to take a joker
    MAX_USES = 4096            # uses vectors of one target (the product of count + 1)
    N_BACK = 25                # chows started one and two tiles back: 0-4 each
    NONE = 127                 # no way / unreachable
    CACHE_BITS = 20
    CACHE_SIZE = 1 << CACHE_BITS
    POOL_ENTRIES = 1 << 25       # bytes of memoised tables
    MAX_KNIT_STATES = 256        # groups used per knit, all knits of a target (product of count + 1)
    MAX_KNIT_MOVES = 256

cdef struct Moves:            # the choices of groups starting on one tile, for one target
    int first
    int n

cdef struct DTarget:
    int column
    int n_needs
    int dims
    int track_chows
    int max_chows
    int n_uses
    int radix[MAX_DIMS]
    int stride[MAX_DIMS]
    int count[MAX_NEEDS]
    uint64_t masks[MAX_NEEDS][5]
    uint8_t declarable[MAX_NEEDS]
    uint8_t distinct[MAX_NEEDS]
    uint8_t fixed[34]
    uint64_t required
    int distinct_pairs
    int32_t profile[4]
    uint64_t count_packed     # each dimension's count (the chows': their limit), six bits each
    int packed_first          # where the target's uses, packed, start in ``packed_of``
    int busy[4]               # whether any need has groups in the suit (else its table is one number)
    uint32_t support[4]       # per suit, 3-bit fields of the tiles a way may hold (the memo reads only those)
    int separable             # every need's groups lie in one suit, no chow limit: the suits add up
    int home[MAX_NEEDS]       # (separable) the suit of each need's groups
    int first_triple          # its (a, b, a + b) index triples in ``triples``
    int n_triples
    Moves moves[34]
    int first_variant
    int n_variants
    int jokers                # J for a joker target (0: a target for rows without jokers)
    int first_run             # the digit of the first run of singles; the jokers' is the last
    int n_runs
    int run_cap[MAX_RUNS]
    uint8_t tile_runs[34]     # the runs through each tile (bits)
    int chow_joker            # whether chows may hold a joker
    int n_free                # N_FREE when they may and the target has chows, else 1
    uint64_t extra_limit      # the digits a row reads past the needs and chows: runs' caps, J
    int extra_index
    int n_knits               # a target of knitted groups (found by ``_knitted``)
    int knit_states
    int knit_full             # the state with every knit's groups chosen
    int first_knit_move       # its moves in ``knit_put``/``knit_numbers``, transitions in ``knit_next``
    int n_knit_moves
    int first_knit_next
    uint64_t knit_plain       # tiles no knit touches with a fixed or required tile there
    int knit_suits            # the suits (bits) some knit touches
    int duplicate             # the same knitted target as an earlier one (its suits named the other way)

cdef struct Row:              # what every target reads of one row, found once per row
    const uint8_t* held
    const uint8_t* melds      # its declared melds' bytes, n_melds of them
    int n_melds
    int melded_chows
    uint8_t meld_tiles[34]
    uint8_t caps[34]          # what the declared melds leave of each tile's four
    bint touched[4]           # the suits a declared meld holds tiles of (their tables are not memoised)


cdef struct Ctx:              # the buffers and arrays of one family of targets
    const uint64_t* packed_of
    const int32_t* triples
    int8_t* work              # four suits' tables (when not memoised) and three merged tables
    int8_t* cur               # two state buffers, NONE everywhere between calls
    int8_t* nxt
    int32_t* live             # two lists of live states
    int32_t* next_live

cdef int SIZE[5]
SIZE[0] = 1; SIZE[1] = 3; SIZE[2] = 4; SIZE[3] = 2; SIZE[4] = 1
cdef int BASE[4]
BASE[0] = 0; BASE[1] = 9; BASE[2] = 18; BASE[3] = 27
cdef int WIDTH[4]
WIDTH[0] = 9; WIDTH[1] = 9; WIDTH[2] = 9; WIDTH[3] = 7
cdef int MELD_KIND[4]
MELD_KIND[0] = 0; MELD_KIND[1] = 1; MELD_KIND[2] = 2; MELD_KIND[3] = 2


include "_distance_suit_tables.pxi"
include "_distance_builders.pxi"
include "_distance_rows.pxi"


cdef class _Family:
    """Targets in C with the buffers and arrays their tables need: the rule set's own, or
    those for rows holding a given number of jokers."""

    cdef DTarget* targets
    cdef Ctx ctx
    cdef int max_uses
    cdef int max_states
    cdef uint32_t row_entries     # the most one row can add to the pool (bytes)
    cdef object arrays            # the numpy arrays ``ctx`` points into

    def __cinit__(self):
        self.targets = NULL
        self.ctx.work = NULL
        self.ctx.cur = NULL
        self.ctx.live = NULL

    def __dealloc__(self):
        free(self.targets)
        free(self.ctx.work)
        free(self.ctx.cur)
        free(self.ctx.live)

    cdef void _allocate(self, int n_targets, packed_of, triples, int max_uses, int max_states):
        cdef const uint64_t[::1] packed
        cdef const int32_t[::1] triple_array
        self.arrays = (np.array(packed_of or [0], dtype=np.uint64), np.array(triples or [0], dtype=np.int32))
        packed = self.arrays[0]
        triple_array = self.arrays[1]
        self.ctx.packed_of = &packed[0]
        self.ctx.triples = &triple_array[0]
        self.max_uses = max_uses
        self.max_states = max_states
        self.ctx.cur = <int8_t*>malloc(2 * max_states)
        memset(self.ctx.cur, NONE, 2 * max_states)
        self.ctx.nxt = self.ctx.cur + max_states
        self.ctx.live = <int32_t*>malloc(2 * max_states * sizeof(int32_t))
        self.ctx.next_live = self.ctx.live + max_states
        self.ctx.work = <int8_t*>malloc(7 * max_uses)
        self.row_entries = 4 * sum(self.targets[i].n_uses for i in range(n_targets))
        if self.row_entries > POOL_ENTRIES // 2:
            raise ValueError("the special hands have too many groups to choose for distances")


cdef class CompiledDistances:
    """A rule set's distance targets in C, with the per-suit memo."""

    cdef _Family family           # the targets of rows without jokers
    cdef DTarget* targets
    cdef int n_targets
    cdef readonly int n_columns
    cdef int use                  # where jokers may stand (JokerUse bits; 0: the rule set has none)
    cdef uint8_t* variants        # enumerated ways: 34 counts then 8 meld bytes, then 8 kong tiles
    cdef uint8_t* variant_caps    # per way, MAX_GROUPS groups that may hold jokers: capacity (0: none)
    cdef uint64_t* variant_masks  # and tiles
    cdef int n_variants
    cdef uint64_t* cache_keys
    cdef uint32_t* cache_offsets
    cdef int8_t* pool
    cdef uint32_t pool_used
    cdef int n_cached
    cdef object arrays            # the numpy arrays below point into
    cdef const int32_t* move_index
    cdef const uint64_t* move_packed
    cdef const uint8_t* move_put
    cdef const uint8_t* move_chows
    cdef const uint8_t* move_cap
    cdef object py_targets
    cdef object profiles          # profile key -> id, for the memo's keys
    cdef object profile_keys      # per target, per suit: its profile key
    cdef const uint8_t* knit_put  # per knit move, the tiles it puts on a number in each suit (3)
    cdef const uint16_t* knit_numbers  # per knit move, the numbers it may take
    cdef const int16_t* knit_next # per knit state: how many moves stay within the counts, then (move, state after) each
    cdef object joker_families    # per number of jokers (1-8): a _Family, built on first use
    cdef DTarget* joker_targets[MAX_JOKERS + 1]
    cdef Ctx joker_ctx[MAX_JOKERS + 1]
    cdef uint32_t joker_entries[MAX_JOKERS + 1]

    def __cinit__(self):
        self.targets = NULL
        self.variants = NULL
        self.variant_caps = NULL
        self.variant_masks = NULL
        self.cache_keys = NULL
        self.cache_offsets = NULL
        self.pool = NULL

    def __init__(self, reachable, targets, use=None):
        cdef DTarget* t
        cdef uint8_t* row
        cdef int i, j, d, kind, n_var = 0, stride, max_uses = 1
        self.use = int(use or 0)
        kind_caps = _kind_caps(self.use)
        self.profiles = {}
        self.profile_keys = []
        self.py_targets = tuple(targets)
        self.joker_families = [None] * (MAX_JOKERS + 1)
        moves = []
        packed_of = []
        triples = []
        knit_put, knit_numbers, knit_next, knit_seen = [], [], [], set()
        self.n_columns = len(reachable)
        column = {hand: i for i, hand in enumerate(reachable)}
        self.n_targets = len(targets)
        self.family = _Family()
        self.family.targets = <DTarget*>malloc(max(1, self.n_targets) * sizeof(DTarget))
        self.targets = self.family.targets
        for target in targets:
            n_var += 0 if target.knits else len(target.enumerated)
        self.n_variants = n_var
        self.variants = <uint8_t*>malloc(max(1, n_var) * 50)
        self.variant_caps = <uint8_t*>malloc(max(1, n_var) * MAX_GROUPS)
        self.variant_masks = <uint64_t*>malloc(max(1, n_var) * MAX_GROUPS * sizeof(uint64_t))
        n_var = 0
        for i, target in enumerate(targets):
            t = &self.targets[i]
            memset(t, 0, sizeof(DTarget))
            t.column = column[target.hand]
            if len(target.needs) > MAX_NEEDS:
                raise ValueError(f"a special hand has more than {MAX_NEEDS} kinds of group to choose")
            t.n_needs = len(target.needs)
            t.max_chows = target.max_chows
            t.track_chows = target.max_chows < 4 and any(n.masks[0] for n in target.needs)
            t.dims = t.n_needs + t.track_chows
            stride = 1
            for d in range(t.dims):
                t.radix[d] = (target.needs[d].count if d < t.n_needs else target.max_chows) + 1
                t.stride[d] = stride
                stride *= t.radix[d]
            if stride > MAX_USES:
                raise ValueError("a special hand has too many groups to choose for distances")
            t.n_uses = stride
            max_uses = max(max_uses, stride)
            t.separable = not t.track_chows
            for j, need in enumerate(target.needs):
                homes = _suits_of(need)
                t.separable = t.separable and len(homes) == 1
                t.home[j] = homes[0] if len(homes) == 1 else -1
                t.count[j] = need.count
                for kind in range(5):
                    t.masks[j][kind] = need.masks[kind]
                t.declarable[j] = need.declarable
                t.distinct[j] = need.distinct
            for j in range(34):
                t.fixed[j] = target.fixed[j]
            t.required = target.required
            t.distinct_pairs = target.distinct_pairs
            keys = []
            for d in range(4):
                lo, hi = BASE[d], BASE[d] + WIDTH[d]
                span = ((1 << (hi - lo)) - 1) << lo
                key = (tuple((n.count, tuple((m & span) >> lo for m in n.masks), n.distinct) for n in target.needs),
                       tuple(target.fixed[lo:hi]), (target.required & span) >> lo, target.distinct_pairs,
                       target.max_chows, d == 3)
                t.support[d] = _support(target, lo, hi)
                keys.append(key)
                t.profile[d] = self.profiles.setdefault(key, len(self.profiles))
                t.busy[d] = any(m & span for n in target.needs for m in n.masks)
            self.profile_keys.append(keys)
            t.count_packed = sum(t.radix[d] - 1 << 6 * d for d in range(t.dims))
            t.packed_first = len(packed_of)
            packed_of += [sum((u // t.stride[d]) % t.radix[d] << 6 * d for d in range(t.dims))
                          for u in range(t.n_uses)]
            for j in range(34):
                made = _tile_moves(target, j, [t.stride[d] for d in range(t.dims)], t.track_chows, kind_caps)
                t.moves[j].first = len(moves)
                t.moves[j].n = len(made)
                moves += made
            t.first_triple = len(triples) // 3
            triples += _triples([t.radix[d] for d in range(t.dims)], [t.stride[d] for d in range(t.dims)])
            t.n_triples = len(triples) // 3 - t.first_triple
            if target.knits:
                key = (target.hand, target.knits, target.fixed, target.required)
                t.duplicate = key in knit_seen
                knit_seen.add(key)
                _knit_target(t, target, knit_put, knit_numbers, knit_next)
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
                groups = _variant_groups(variant, kind_caps)
                if len(groups) > MAX_GROUPS:
                    raise ValueError(f"a special hand has more than {MAX_GROUPS} groups that may hold jokers")
                memset(self.variant_caps + MAX_GROUPS * n_var, 0, MAX_GROUPS)
                for j, (cap, mask) in enumerate(groups):
                    self.variant_caps[MAX_GROUPS * n_var + j] = cap
                    self.variant_masks[MAX_GROUPS * n_var + j] = mask
                n_var += 1
        columns = list(zip(*moves)) or [(), (), (), (), ()]
        self.arrays = (np.array(columns[0], dtype=np.int32), np.array(columns[1], dtype=np.uint64),
                       np.array(columns[2], dtype=np.uint8), np.array(columns[3], dtype=np.uint8),
                       np.array(columns[4], dtype=np.uint8))
        cdef const int32_t[::1] move_index = self.arrays[0]
        cdef const uint64_t[::1] move_packed = self.arrays[1]
        cdef const uint8_t[::1] move_put = self.arrays[2]
        cdef const uint8_t[::1] move_chows = self.arrays[3]
        cdef const uint8_t[::1] move_cap = self.arrays[4]
        self.move_index = &move_index[0] if len(moves) else NULL
        self.move_packed = &move_packed[0] if len(moves) else NULL
        self.move_put = &move_put[0] if len(moves) else NULL
        self.move_chows = &move_chows[0] if len(moves) else NULL
        self.move_cap = &move_cap[0] if len(moves) else NULL
        self.arrays += (np.array(knit_put or [0], dtype=np.uint8), np.array(knit_numbers or [0], dtype=np.uint16),
                        np.array(knit_next or [0], dtype=np.int16))
        cdef const uint8_t[::1] knit_put_array = self.arrays[5]
        cdef const uint16_t[::1] knit_numbers_array = self.arrays[6]
        cdef const int16_t[::1] knit_next_array = self.arrays[7]
        self.knit_put = &knit_put_array[0]
        self.knit_numbers = &knit_numbers_array[0]
        self.knit_next = &knit_next_array[0]
        self.family._allocate(self.n_targets, packed_of, triples, max_uses, max_uses * N_BACK)
        self.cache_keys = <uint64_t*>malloc(CACHE_SIZE * sizeof(uint64_t))
        self.cache_offsets = <uint32_t*>malloc(CACHE_SIZE * sizeof(uint32_t))
        self.pool = <int8_t*>malloc(POOL_ENTRIES)
        for d in range(MAX_JOKERS + 1):
            self.joker_targets[d] = NULL
            self.joker_entries[d] = 0
        self.clear()

    def __dealloc__(self):
        free(self.variants)
        free(self.variant_caps)
        free(self.variant_masks)
        free(self.cache_keys)
        free(self.cache_offsets)
        free(self.pool)

    def clear(self):
        """Empty the per-suit memo (for cold measurements)."""
        self._clear()

    cdef void _clear(self) noexcept nogil:
        memset(self.cache_keys, 0xFF, CACHE_SIZE * sizeof(uint64_t))
        self.pool_used = 0
        self.n_cached = 0

    def _jokers_family(self, int jokers):
        """The targets of rows holding ``jokers`` jokers (built once): each base target
        with a digit per run of singles that may hold one and a last digit for the jokers."""
        cdef DTarget* t
        cdef const DTarget* b
        cdef int i, k, d, stride, max_uses = 1, max_states = 1
        cdef _Family family
        if self.joker_families[jokers] is not None:
            return
        family = _Family()
        family.targets = <DTarget*>malloc(max(1, self.n_targets) * sizeof(DTarget))
        run_cap = 1 if self.use & 4 else 0
        packed_of = []
        triples = []
        for i, target in enumerate(self.py_targets):
            t = &family.targets[i]
            b = &self.targets[i]
            memcpy(t, b, sizeof(DTarget))
            t.jokers = jokers
            t.chow_joker = (self.use & 2) != 0
            t.n_free = N_FREE if t.chow_joker and any(n.masks[0] for n in target.needs) else 1
            runs = [(mask, copies * run_cap) for mask, copies in target.runs if copies * run_cap]
            if len(runs) > MAX_RUNS or b.dims + len(runs) + 1 > MAX_DIMS:
                raise ValueError("a special hand has too many runs of singles to count jokers in distances")
            t.first_run = b.dims
            t.n_runs = len(runs)
            memset(t.tile_runs, 0, 34)
            for k, (mask, cap) in enumerate(runs):
                t.run_cap[k] = cap
                t.radix[b.dims + k] = cap + 1
                for d in range(34):
                    if mask >> d & 1:
                        t.tile_runs[d] |= 1 << k
            t.radix[b.dims + len(runs)] = jokers + 1
            t.dims = b.dims + len(runs) + 1
            stride = b.n_uses
            for d in range(b.dims, t.dims):
                t.stride[d] = stride
                stride *= t.radix[d]
            if stride > MAX_JOKER_USES:
                raise ValueError("a special hand has too many groups to choose to count jokers in distances")
            t.n_uses = stride
            max_uses = max(max_uses, stride)
            max_states = max(max_states, stride * N_BACK * t.n_free)
            t.count_packed = sum(t.radix[d] - 1 << 6 * d for d in range(t.dims))
            t.extra_limit = sum(t.radix[d] - 1 << 6 * d for d in range(b.dims, t.dims))
            t.extra_index = sum((t.radix[d] - 1) * t.stride[d] for d in range(b.dims, t.dims))
            t.packed_first = len(packed_of)
            packed_of += [sum((u // t.stride[d]) % t.radix[d] << 6 * d for d in range(t.dims))
                          for u in range(t.n_uses)]
            t.first_triple = len(triples) // 3
            triples += _triples([t.radix[d] for d in range(t.dims)], [t.stride[d] for d in range(t.dims)])
            t.n_triples = len(triples) // 3 - t.first_triple
            for d in range(4):
                lo, hi = BASE[d], BASE[d] + WIDTH[d]
                span = ((1 << (hi - lo)) - 1) << lo
                key = (self.profile_keys[i][d], "jokers", jokers, self.use,
                       tuple((m & span) >> lo for m, _ in runs), tuple(cap for _, cap in runs))
                t.profile[d] = self.profiles.setdefault(key, len(self.profiles))
                # a suit with no need's groups and no run holds knitted tiles at most: no joker there
                t.busy[d] = b.busy[d] or any(m & span for m, _ in runs)
        family._allocate(self.n_targets, packed_of, triples, max_uses, max_states)
        self.joker_families[jokers] = family
        self.joker_targets[jokers] = family.targets
        self.joker_ctx[jokers] = family.ctx
        self.joker_entries[jokers] = family.row_entries

    cdef void _suit(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held, const uint8_t* caps,
                    int8_t* dense) noexcept nogil:
        if t.jokers:
            self._suit_jokers(t, ctx, suit, held, caps, dense)
            return
        _suit_table(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                    self.move_chows, ctx.packed_of + t.packed_first, dense, ctx.cur, ctx.nxt, ctx.live,
                    ctx.next_live)

    cdef void _suit_jokers(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held,
                           const uint8_t* caps, int8_t* dense) noexcept nogil:
        _suit_table_jokers(t, suit, held, caps, t.moves, self.move_index, self.move_packed, self.move_put,
                           self.move_chows, self.move_cap, ctx.packed_of + t.packed_first, dense, ctx.cur,
                           ctx.nxt, ctx.live, ctx.next_live)

    cdef const int8_t* _table(self, const DTarget* t, const Ctx* ctx, int suit, const uint8_t* held,
                              const uint8_t* caps, bint memo, int8_t* out) noexcept nogil:
        """One suit's table, from the memo when the suit holds no declared meld."""
        cdef int i, base = BASE[suit]
        cdef uint64_t key = <uint64_t>t.profile[suit] << 27, h
        cdef uint32_t slot
        if not memo:
            self._suit(t, ctx, suit, held + base, caps + base, out)
            return out
        for i in range(WIDTH[suit]):
            key |= <uint64_t>held[base + i] << (3 * i)
        key &= <uint64_t>t.support[suit] | (<uint64_t>-1 << 27)  # the other tiles change nothing
        h = key * <uint64_t>0x9E3779B97F4A7C15
        slot = <uint32_t>(h >> (64 - CACHE_BITS))
        while self.cache_keys[slot] != <uint64_t>-1:
            if self.cache_keys[slot] == key:
                return self.pool + self.cache_offsets[slot]
            slot = (slot + 1) & (CACHE_SIZE - 1)
        self._suit(t, ctx, suit, held + base, caps + base, self.pool + self.pool_used)
        self.cache_keys[slot] = key
        self.cache_offsets[slot] = self.pool_used
        self.pool_used += t.n_uses
        self.n_cached += 1
        return self.pool + self.cache_offsets[slot]

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
        cdef int bare[4]
        cdef const int8_t* pair[2]
        cdef int lefts[64][MAX_NEEDS]
        if t.n_knits:
            return NONE if t.duplicate or row.n_melds else self._knitted(t, held)
        if t.n_variants:
            return self._enumerated(t, held, row.melds, row.n_melds, row.meld_tiles)
        n_left = self._assign(t, row.melds, row.n_melds, lefts)
        if n_left == 0:
            return NONE
        if t.track_chows and melded_chows > t.max_chows:
            return NONE
        if t.separable and not t.jokers:
            return self._separable(t, ctx, held, caps, touched, lefts, n_left)
        if t.track_chows:  # the chows' count is at most its limit: merge all, scan the whole table
            for suit in range(4):
                tables[suit] = self._table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
            _merge(triples, t.n_triples, tables[0], tables[1], first, t.n_uses)
            _merge(triples, t.n_triples, tables[2], tables[3], second, t.n_uses)
            _merge(triples, t.n_triples, first, second, whole, t.n_uses)
            for k in range(n_left):
                limit = (<uint64_t>(t.max_chows - melded_chows)) << (6 * t.n_needs) | t.extra_limit
                for d in range(t.n_needs):
                    limit |= <uint64_t>lefts[k][d] << (6 * d)
                for u in range(t.n_uses):
                    if whole[u] < best and (packed_of[u] & needs_mask) == (limit & needs_mask) \
                            and _within(packed_of[u], limit):
                        best = whole[u]
            return best
        # a suit where no need has groups has a table of one entry (no groups): kept as a number
        for suit in range(4):
            if t.busy[suit]:
                tables[suit] = self._table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
                bare[suit] = 0
            else:
                tables[suit] = NULL
                bare[suit] = _bare(t, suit, held, caps)
                if bare[suit] == NONE:
                    return NONE
        pair[0] = _pair(triples, t.n_triples, tables[0], tables[1], first, t.n_uses)
        pair[1] = _pair(triples, t.n_triples, tables[2], tables[3], second, t.n_uses)
        offset = bare[0] + bare[1] + bare[2] + bare[3]
        for k in range(n_left):
            limit = t.extra_limit
            left_index = t.extra_index
            for d in range(t.n_needs):
                limit |= <uint64_t>lefts[k][d] << (6 * d)
                left_index += lefts[k][d] * t.stride[d]
            if pair[0] == NULL or pair[1] == NULL:
                if pair[0] == NULL and pair[1] == NULL:  # no groups, no jokers: only the needs' digits count
                    m = 0 if left_index == t.extra_index else NONE
                else:
                    m = (pair[1] if pair[0] == NULL else pair[0])[left_index]
                if m != NONE and m + offset < best:
                    best = m + offset
                continue
            for u in range(t.n_uses):  # each sum of the first two suits with its complement
                if pair[0][u] != NONE and _within(packed_of[u], limit):
                    m = pair[1][left_index - u]
                    if m != NONE and pair[0][u] + m + offset < best:
                        best = pair[0][u] + m + offset
        return best

    cdef int _separable(self, const DTarget* t, const Ctx* ctx, const uint8_t* held, const uint8_t* caps,
                        const bint* touched, int (*lefts)[MAX_NEEDS], int n_left) noexcept nogil:
        """A target whose needs each lie in one suit: no suit's groups fill another's needs,
        so the distance is each suit's entry at its own needs' uses, added (no merging)."""
        cdef const int8_t* tables[4]
        cdef int suit, j, k, index, m, offset = 0, best = NONE
        for suit in range(4):
            if t.busy[suit]:
                tables[suit] = self._table(t, ctx, suit, held, caps, not touched[suit], ctx.work + suit * t.n_uses)
            else:
                tables[suit] = NULL
                m = _bare(t, suit, held, caps)
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

    cdef int _assign(self, const DTarget* t, const uint8_t* melds, int n_melds, int (*lefts)[MAX_NEEDS]) noexcept nogil:
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
            while pick[depth] < t.n_needs and not _fits(t, pick[depth], melds[depth], left):
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

    cdef int _knitted(self, const DTarget* t, const uint8_t* held) noexcept nogil:
        """The distance to a target of knitted groups (no declared melds): the reference's
        ``_knitted``, a programme over the nine numbers whose state is the groups used per knit."""
        cdef int best[MAX_KNIT_STATES]
        cdef int nxt[MAX_KNIT_STATES]
        cdef int cost[MAX_KNIT_MOVES]
        cdef int i, k, r, s, m, u, v, wanted, c, missing = 0, n_moves = t.n_knit_moves
        cdef const uint8_t* put
        cdef const int16_t* after
        for i in range(34):
            if (t.knit_plain >> i) & 1:
                if (t.required >> i) & 1 and not t.fixed[i]:
                    return NONE
                if t.fixed[i] > held[i]:
                    missing += t.fixed[i] - held[i]
        for u in range(t.knit_states):
            best[u] = NONE
        best[0] = missing
        for r in range(9):
            for m in range(n_moves):
                cost[m] = NONE
                if not (self.knit_numbers[t.first_knit_move + m] >> r) & 1:
                    continue
                put = self.knit_put + 3 * (t.first_knit_move + m)
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
            after = self.knit_next + t.first_knit_next
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

    cdef int _enumerated(self, const DTarget* t, const uint8_t* held, const uint8_t* melds, int n_melds,
                         const uint8_t* meld_tiles) noexcept nogil:
        cdef int v, i, j, best = NONE, missing, ok, found, want, tile
        cdef const uint8_t* row
        cdef uint8_t free_[8]
        cdef int lacking[34]
        for v in range(t.first_variant, t.first_variant + t.n_variants):
            row = self.variants + 50 * v
            for j in range(8):
                free_[j] = row[34 + j]
            ok = 1
            for i in range(n_melds):
                tile = melds[i] & 63
                want = (2 << 6 | tile) if melds[i] >> 6 == 3 else melds[i]
                found = 0
                for j in range(8):
                    if free_[j] == want:
                        free_[j] = 0xFF
                        found = 1
                        break
                if not found and melds[i] >> 6 == 3:
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
                j = row[i] - held[i] - meld_tiles[i]
                lacking[i] = j if j > 0 else 0
                missing += lacking[i]
            if t.jokers and missing - t.jokers < best:  # the jokers fill what the way's groups let them
                missing -= _flow(self.variant_caps + MAX_GROUPS * v, self.variant_masks + MAX_GROUPS * v,
                                 MAX_GROUPS, lacking, t.jokers)
            if missing < best:
                best = missing
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
                status[r] = _row_status(&counts[r, 0], &melds[r, 0], wild, self.use, row.meld_tiles, codes,
                                        &n_melds)
                if status[r]:
                    continue
                row.held = &counts[r, 0]
                row.melds = codes
                row.n_melds = n_melds
                row.melded_chows = 0
                for i in range(n_melds):
                    if codes[i] >> 6 == 0:
                        row.melded_chows += 1
                row.touched[0] = row.touched[1] = row.touched[2] = row.touched[3] = False
                for i in range(34):
                    row.caps[i] = 4 - row.meld_tiles[i]
                    if row.meld_tiles[i]:
                        row.touched[3 if i >= 27 else i // 9] = True
                if wild:
                    family = self.joker_targets[wild]
                    ctx = &self.joker_ctx[wild]
                    entries = self.joker_entries[wild]
                else:
                    family = self.targets
                    ctx = &self.family.ctx
                    entries = self.family.row_entries
                if self.n_cached > CACHE_SIZE // 2 or self.pool_used + entries > POOL_ENTRIES:
                    self._clear()  # between rows: the tables of a row stay valid while it is read
                for k in range(self.n_targets):
                    t = &family[k]
                    d = self._target(t, ctx, &row)
                    if d < out[r, t.column]:
                        out[r, t.column] = <int8_t>d
