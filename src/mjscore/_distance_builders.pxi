# Included by _distance_kernel.pyx (its structs, enums and cimports in scope).
# Building a rule set's targets in C: each tile's moves, the index triples, joker capacities.


def _kind_caps(int use):
    """Jokers one group of each kind may hold (``mjscore._distance_jokers.kind_caps``)."""
    return (1 if use & 2 else 0, 2 if use & 1 else 0, 3 if use & 1 else 0, 1 if use & 4 else 0,
            1 if use & 4 else 0)


def _variant_groups(variant, kind_caps):
    """A concrete way's groups that may hold jokers: (capacity, tile mask) each."""
    return [(kind_caps[kind], sum(1 << t for t in set(tiles))) for kind, tiles, _ in variant.groups
            if kind < 5 and kind_caps[kind]]


def _support(target, int lo, int hi):
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


def _suits_of(need):
    """The suits (0-3) where a need's groups may lie (a chow's tiles in its first tile's suit)."""
    tiles = 0
    for m in need.masks:
        tiles |= m
    return [d for d in range(4) if tiles >> BASE[d] & ((1 << WIDTH[d]) - 1)]


def _triples(radix, strides):
    """Every (x, y, x + y) of uses indices whose sum stays within each dimension's count."""
    out = []
    ranges = [range(r) for r in radix]
    for total in itertools.product(*ranges):
        for part in itertools.product(*[range(v + 1) for v in total]):
            x = sum(p * s for p, s in zip(part, strides))
            c = sum(v * s for v, s in zip(total, strides))
            out += [x, c - x, c]
    return out


def _tile_moves(target, int tile, strides, bint track_chows, kind_caps):
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
            if uses[j] + n > need.count or put + n * SIZE[kind] > 4:
                break
            if kind == 3 and target.distinct_pairs and pairs + n > 1:
                break
            more = list(uses)
            more[j] += n
            if kind == 0 and track_chows:
                more[len(more) - 1] += n
                if more[len(more) - 1] > target.max_chows:
                    break
            choose(a + 1, more, put + n * SIZE[kind], chows + n * (kind == 0), pairs + n * (kind == 3),
                   cap + n * kind_caps[kind] * (kind != 0))

    choose(0, [0] * len(strides), 0, 0, 0, 0)
    return out


cdef void _knit_target(DTarget* t, target, list put, list numbers, list after) except *:
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
