"""A rule set's distance targets in C (``DTarget``), built from their Python form
(``mjscore.distances.targets.Target``), and their families.

**Building** (:func:`fill_target`): each tile's moves, the index triples of merges, the
profiles the per-suit memo keys, knitted targets' moves, joker capacities.

**Families** (:class:`Family`): a family of targets in C with the buffers their tables
need: the rule set's own, or those for rows holding a given number of jokers (built by
:func:`joker_family` from the rule set's own on first use).
"""

import dataclasses
import itertools

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

import numpy as np


# -------------------------------------------------------------- building targets
_SIZE = (1, 3, 4, 2, 1)  # tiles a group of each kind puts on its first tile (a chow: one per tile)


class Built:
    """The flat arrays a family of targets reads, filled target by target."""

    def __init__(self, kind_caps):
        self.kind_caps = kind_caps
        self.moves = []
        self.packed_of = []
        self.triples = []
        self.knit_put = []
        self.knit_numbers = []
        self.knit_next = []
        self.knit_seen = set()
        self.profiles = {}        # profile key -> id, for the memo's keys
        self.profile_keys = []    # per target, per suit: its profile key
        self.max_uses = 1
        self.packed_at = {}       # a shape's radixes -> where its uses, packed, start in ``packed_of``
        self.triples_at = {}      # the same -> (first, count) of its triples
        self.moves_at = {}        # (needs, chow limit, distinct pairs) -> per tile, (first, count) of its moves


cdef int fill_target(DTarget* t, target, int column, built) except -1:
    """One target in C (its enumerated ways excepted: the caller lays them out)."""
    cdef int j, d, kind, stride
    memset(t, 0, sizeof(DTarget))
    t.column = column
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
    built.max_uses = max(built.max_uses, stride)
    t.separable = not t.track_chows
    for j, need in enumerate(target.needs):
        homes = suits_of(need)
        t.separable = t.separable and len(homes) == 1
        t.home[j] = homes[0] if len(homes) == 1 else -1
        t.count[j] = need.count
        for kind in range(5):
            t.masks[j][kind] = need.masks[kind]
        t.declarable[j] = need.declarable
        t.claimed_only[j] = need.claimed_only
        t.distinct[j] = need.distinct
    for j in range(34):
        t.fixed[j] = target.fixed[j]
    t.required = target.required
    t.distinct_pairs = target.distinct_pairs
    keys = []
    for d in range(4):
        lo, hi = suit_base(d), suit_base(d) + suit_width(d)
        span = ((1 << (hi - lo)) - 1) << lo
        key = (tuple((n.count, tuple((m & span) >> lo for m in n.masks), n.distinct) for n in target.needs),
               tuple(target.fixed[lo:hi]), (target.required & span) >> lo, target.distinct_pairs,
               target.max_chows, d == 3)
        t.support[d] = support(target, lo, hi)
        keys.append(key)
        t.profile[d] = built.profiles.setdefault(key, len(built.profiles))
        t.busy[d] = any(m & span for n in target.needs for m in n.masks)
    built.profile_keys.append(keys)
    t.count_packed = sum(t.radix[d] - 1 << 6 * d for d in range(t.dims))
    # Targets of one shape share their arrays (read-only): a file of thousands of hands
    # holds few shapes, and building each target's own would take minutes and gigabytes.
    radix = tuple(t.radix[d] for d in range(t.dims))
    if radix not in built.packed_at:
        built.packed_at[radix] = len(built.packed_of)
        built.packed_of += [sum((u // t.stride[d]) % t.radix[d] << 6 * d for d in range(t.dims))
                            for u in range(t.n_uses)]
        first = len(built.triples) // 3
        built.triples += triples([t.radix[d] for d in range(t.dims)], [t.stride[d] for d in range(t.dims)])
        built.triples_at[radix] = (first, len(built.triples) // 3 - first)
    t.packed_first = built.packed_at[radix]
    t.first_triple, t.n_triples = built.triples_at[radix]
    shape = (target.needs, target.max_chows, target.distinct_pairs)  # all tile_moves reads of the target
    if shape not in built.moves_at:
        spans = []
        for j in range(34):
            made = tile_moves(target, j, [t.stride[d] for d in range(t.dims)], t.track_chows, built.kind_caps)
            spans.append((len(built.moves), len(made)))
            built.moves += made
        built.moves_at[shape] = spans
    for j, (first, n) in enumerate(built.moves_at[shape]):
        t.moves[j].first = first
        t.moves[j].n = n
    if target.knits:
        key = (target.hand, target.knits, target.fixed, target.required)
        t.duplicate = key in built.knit_seen
        built.knit_seen.add(key)
        knit_target(t, target, built.knit_put, built.knit_numbers, built.knit_next)
    return 0


def kind_caps(int use):
    """Jokers one group of each kind may hold (``mjscore.distances._jokers_reference.kind_caps``)."""
    return (1 if use & 2 else 0, 2 if use & 1 else 0, 3 if use & 1 else 0, 1 if use & 4 else 0,
            1 if use & 4 else 0)


def variant_groups(variant, kind_caps):
    """A concrete way's groups that may hold jokers: (capacity, tile mask) each."""
    return [(kind_caps[kind], sum(1 << t for t in set(tiles))) for kind, tiles, _ in variant.groups
            if kind < 5 and kind_caps[kind]]


def support(target, int lo, int hi):
    """3-bit fields (one per tile of the suit ``lo:hi``) over the tiles some way of the
    target may hold: fixed, required, or in a group a need allows. Elsewhere a way puts
    no tile, so the held count there changes no table."""
    cdef int i, t
    chows = target.needs and any(n.masks[0] for n in target.needs)
    out = 0
    for t in range(lo, hi):
        may = target.fixed[t] or (target.required >> t) & 1
        for n in target.needs:
            may = may or any((m >> t) & 1 for m in n.masks)
            if chows and t - lo >= 1:
                may = may or (n.masks[0] >> (t - 1)) & 1 or (t - lo >= 2 and (n.masks[0] >> (t - 2)) & 1)
        if may:
            out |= 7 << 3 * (t - lo)
    return out


def suits_of(need):
    """The suits (0-3) where a need's groups may lie (a chow's tiles in its first tile's suit)."""
    tiles = 0
    for m in need.masks:
        tiles |= m
    return [d for d in range(4) if tiles >> suit_base(d) & ((1 << suit_width(d)) - 1)]


def triples(radix, strides):
    """Every (x, y, x + y) of uses indices whose sum stays within each dimension's count."""
    out = []
    ranges = [range(r) for r in radix]
    for total in itertools.product(*ranges):
        for part in itertools.product(*[range(v + 1) for v in total]):
            x = sum(p * s for p, s in zip(part, strides))
            c = sum(v * s for v, s in zip(total, strides))
            out += [x, c - x, c]
    return out


def tile_moves(target, int tile, strides, bint track_chows, kind_caps):
    """Every choice of groups starting on ``tile`` for a target, within four tiles:
    (uses added as an index, the same packed, tiles put on ``tile``, chows started, jokers
    its groups other than chows may hold: ``kind_caps`` per kind)."""
    atoms = [(j, kind) for j, need in enumerate(target.needs) for kind in range(5)
             if need.masks[kind] >> tile & 1]
    out = []

    def choose(a, uses, put, chows, pairs, cap):
        if a == len(atoms):
            index = sum(u * s for u, s in zip(uses, strides))
            out.append((index, sum(u << 6 * d for d, u in enumerate(uses)), put, chows, cap))
            return
        choose(a + 1, uses, put, chows, pairs, cap)
        j, kind = atoms[a]
        need = target.needs[j]
        most = 1 if need.distinct or (kind == 3 and target.distinct_pairs) else 4
        for n in range(1, most + 1):
            if uses[j] + n > need.count or put + n * _SIZE[kind] > 4:
                break
            if kind == 3 and target.distinct_pairs and pairs + n > 1:
                break
            more = list(uses)
            more[j] += n
            if kind == 0 and track_chows:
                more[len(more) - 1] += n
                if more[len(more) - 1] > target.max_chows:
                    break
            choose(a + 1, more, put + n * _SIZE[kind], chows + n * (kind == 0), pairs + n * (kind == 3),
                   cap + n * kind_caps[kind] * (kind != 0))

    choose(0, [0] * len(strides), 0, 0, 0, 0)
    return out


cdef void knit_target(DTarget* t, target, list put, list numbers, list after) except *:
    """A target of knitted groups in C: every move (how many groups of each knit take one
    number) with the tiles it puts per suit and the numbers it may take, and the state
    each move leads to from each state, where it stays within the counts (states count
    the groups used per knit)."""
    knits = target.knits
    radix = [k.count + 1 for k in knits]
    states = list(itertools.product(*[range(r) for r in radix]))
    index = {state: i for i, state in enumerate(states)}
    if len(states) > MAX_KNIT_STATES or len(states) > MAX_KNIT_MOVES:
        raise ValueError("a special hand has too many knitted groups to choose for distances")
    t.n_knits = len(knits)
    t.knit_states = len(states)
    t.knit_full = index[tuple(k.count for k in knits)]
    t.first_knit_move = len(numbers)
    t.n_knit_moves = len(states)  # a move adds as many groups per knit as a state holds
    t.first_knit_next = len(after)
    t.knit_suits = 0
    for k in knits:
        for s in k.suits:
            t.knit_suits |= 1 << s
    t.knit_plain = sum(1 << i for i in range(34) if (i >= 27 or not (t.knit_suits >> (i // 9)) & 1)
                       and (target.fixed[i] or (target.required >> i) & 1))
    for add in states:
        put += [sum(a for a, k in zip(add, knits) if s in k.suits) for s in range(3)]
        allowed = 511
        for a, k in zip(add, knits):
            if a:
                allowed &= k.numbers
        numbers.append(allowed)
    for state in states:
        pairs = [(m, index[total]) for m, add in enumerate(states)
                 for total in [tuple(u + a for u, a in zip(state, add))] if total in index]
        after.append(len(pairs))
        for m, v in pairs:
            after += [m, v]
    closed_form(t, target)


cdef void closed_form(DTarget* t, target) except *:
    """Mark a knitted target whose distance has a closed form (``mjscore.distances._knits``):
    every number allowed, no fixed or required tile in the knits' suits, and one knit, or a knit
    and one group of a knit whose suits lie within the first's."""
    knits = target.knits
    t.knit_form = KNIT_PROGRAMME
    inside = sum(511 << 9 * s for s in range(3) if (t.knit_suits >> s) & 1)
    if any(k.numbers != 511 for k in knits) or target.required & inside or \
            any(target.fixed[i] for i in range(27) if (inside >> i) & 1):
        return
    masks = [sum(1 << s for s in k.suits) for k in knits]
    if len(knits) == 1 and knits[0].count <= 36:
        t.knit_form = KNIT_ONE
        t.knit_count = knits[0].count
        return
    if len(knits) != 2:
        return
    for a, b in ((0, 1), (1, 0)):
        if knits[b].count == 1 and masks[b] & ~masks[a] == 0 and knits[a].count <= 35:
            t.knit_form = KNIT_AND_PAIR
            t.knit_count = knits[a].count
            t.knit_pair_suits = masks[b]
            return


def suit_part(target, int suit):
    """What a suit's record reads of a target whose needs each lie in one suit: its needs
    in that suit and its fixed and required tiles there (targets with the same part share
    one table in the memo)."""
    lo, hi = suit_base(suit), suit_base(suit) + suit_width(suit)
    span = ((1 << (hi - lo)) - 1) << lo
    needs = tuple(n for n in target.needs if any(m & span for m in n.masks))
    return dataclasses.replace(
        target, fixed=tuple(c if lo <= t < hi else 0 for t, c in enumerate(target.fixed)), needs=needs,
        required=target.required & span, max_chows=4,  # no limit binds a separable target's chows
        distinct_pairs=target.distinct_pairs and any(n.masks[3] for n in needs), runs=(), enumerated=(), knits=())


# -------------------------------------------------------------- families
index_triples = triples  # joker_family's own list is named triples

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
    shared = {}  # a shape's radixes -> where its packed uses and its triples start
    sizes = {}   # the same -> how many triples
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
        radix = tuple(t.radix[d] for d in range(t.dims))
        if radix not in shared:  # targets of one shape share their arrays, as in fill_target
            first = len(triples) // 3
            shared[radix] = (len(packed_of), first)
            packed_of += [sum((u // t.stride[d]) % t.radix[d] << 6 * d for d in range(t.dims))
                          for u in range(t.n_uses)]
            triples += index_triples([t.radix[d] for d in range(t.dims)], [t.stride[d] for d in range(t.dims)])
            sizes[radix] = len(triples) // 3 - first
        t.packed_first, t.first_triple = shared[radix]
        t.n_triples = sizes[radix]
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
