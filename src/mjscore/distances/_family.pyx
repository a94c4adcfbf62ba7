"""A family of distance targets in C: the rule set's own, or those for rows holding a
given number of jokers (built here from the rule set's own on first use)."""

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

import numpy as np

from mjscore.distances._build import triples as index_triples

cdef class Family:
    """Targets in C with the buffers and arrays their tables need."""

    def __cinit__(self, int n_targets):
        self.n_targets = n_targets
        self.targets = <DTarget*>malloc(max(1, n_targets) * sizeof(DTarget))
        self.ctx.work = NULL
        self.ctx.cur = NULL
        self.ctx.live = NULL

    def __dealloc__(self):
        free(self.targets)
        free(self.ctx.work)
        free(self.ctx.cur)
        free(self.ctx.live)

    cdef void allocate(self, packed_of, triples, int max_uses, int max_states) except *:
        """The buffers, once every target is filled in."""
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
        self.row_entries = 4 * sum(self.targets[i].n_uses for i in range(self.n_targets))
        if self.row_entries > POOL_ENTRIES // 2:  # a row's tables stay in the memo while it is read
            raise ValueError("the special hands have too many groups to choose for distances")


def joker_family(Family base, py_targets, int jokers, int use, profiles, profile_keys):
    """The targets of rows holding ``jokers`` jokers: each base target with a digit per
    run of singles that may hold one and a last digit for the jokers (``profiles``: the
    memo's profile ids, extended)."""
    cdef DTarget* t
    cdef const DTarget* b
    cdef int i, k, d, stride, max_uses = 1, max_states = 1
    cdef Family family = Family(base.n_targets)
    run_cap = 1 if use & 4 else 0
    packed_of = []
    triples = []
    for i, target in enumerate(py_targets):
        t = &family.targets[i]
        b = &base.targets[i]
        memcpy(t, b, sizeof(DTarget))
        t.jokers = jokers
        t.chow_joker = (use & 2) != 0
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
        triples += index_triples([t.radix[d] for d in range(t.dims)], [t.stride[d] for d in range(t.dims)])
        t.n_triples = len(triples) // 3 - t.first_triple
        for d in range(4):
            lo, hi = suit_base(d), suit_base(d) + suit_width(d)
            span = ((1 << (hi - lo)) - 1) << lo
            key = (profile_keys[i][d], "jokers", jokers, use,
                   tuple((m & span) >> lo for m, _ in runs), tuple(cap for _, cap in runs))
            t.profile[d] = profiles.setdefault(key, len(profiles))
            # a suit with no need's groups and no run holds knitted tiles at most: no joker there
            t.busy[d] = b.busy[d] or any(m & span for m, _ in runs)
    family.allocate(packed_of, triples, max_uses, max_states)
    return family
