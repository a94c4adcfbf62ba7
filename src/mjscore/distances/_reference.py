"""Distances to special hands in plain Python: the reference for ``_kernel``.

For one target (:class:`~mjscore.distances.targets.Target`) and one hand, the
distance is the fewest tiles missing from the hand for it to hold some complete way of
making the target: ``sum(max(0, way[t] - held[t]))``, minimised over the ways whose
groups include the declared melds. It is found suit by suit:

1. each declared meld is given to a need it may fill (every such assignment is tried);
2. in each suit, a dynamic programme over the suit's tiles, in order, chooses the
   groups starting on each tile (which need each fills) and counts the tiles missing,
   keeping per state the groups used so far per need and the chows still running
   into the next two tiles: ``table[used] = fewest tiles missing in this suit``;
3. the four suits' tables are combined (fewest missing with the uses summing to each
   need's count, and the chows within the target's limit).

Step 2 depends only on the suit's tiles and the target's needs, so it is memoised.
A target of knitted groups (``Target.knits``) is found number by number instead
(:func:`_knitted`). With jokers held, step 2 is :func:`mjscore.distances._jokers_reference.suit_table` (its state also
counts the jokers used) and the row reads its tables at the jokers it holds.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from . import _jokers_reference as _distance_jokers
from ..core.hand import MAX_JOKERS
from ..core.group_codes import CHOW, CONCEALED_KONG, KONG, NO_GROUP, PAIR, group_code, group_kind, group_tile
from ..core.jokers import JokerUse
from .targets import N_GROUP_KINDS, Need, Target
from ..rows.codec import meld_tiles
from ..rules.patterns import FixedVariant

__all__ = ["UNREACHABLE", "SUITS", "target_distance", "hand_distances", "best_way", "row_status",
           "ReferenceDistances"]

UNREACHABLE = 127
"""The distance to a hand the declared melds rule out (or that no tiles can make)."""
SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))
"""Each suit's first tile and size: characters, dots, bamboo, honours."""
_SIZE = (1, 3, 4, 2, 1)  # tiles a group of each kind puts on its first tile (a chow: one per tile)

Table = dict[int, tuple[int, tuple[int, ...]]]
"""Uses per need (and chows, last), packed six bits each -> fewest tiles missing and the
tiles of that way. Packed uses add digit by digit and compare with :func:`_within`."""
_GUARD = sum(32 << 6 * d for d in range(10))
_ALL_FREE = (4,) * 9  # a suit's caps without declared melds


def _pack(uses: Sequence[int]) -> int:
    return sum(u << 6 * d for d, u in enumerate(uses))


def _within(packed: int, limit: int) -> bool:
    """Every digit of ``packed`` at most the same digit of ``limit`` (digits below 32)."""
    return (limit + _GUARD - packed) & _GUARD == _GUARD


def _local_choices(atoms: Sequence[tuple[int, int]], needs: Sequence[Need], tile: int, room: int,
                   used: tuple[int, ...], distinct_pairs: bool, track_chows: bool, chow_limit: int
                   ) -> list[tuple[tuple[int, ...], int, int]]:
    """Every choice of groups starting on ``tile`` within ``room`` tiles:
    (new uses, tiles they put on ``tile``, chows started)."""
    out: list[tuple[tuple[int, ...], int, int]] = []

    def choose(a: int, uses: list[int], tiles: int, chows: int, pairs: int) -> None:
        if a == len(atoms):
            out.append((tuple(uses), tiles, chows))
            return
        choose(a + 1, uses, tiles, chows, pairs)
        j, kind = atoms[a]
        need = needs[j]
        if not need.masks[kind] >> tile & 1:
            return
        most = 1 if need.distinct or (kind == PAIR and distinct_pairs) else 4
        for n in range(1, most + 1):
            if uses[j] + n > need.count or tiles + n * _SIZE[kind] > room:
                break
            if kind == PAIR and distinct_pairs and pairs + n > 1:
                break
            if kind == CHOW and track_chows and uses[-1] + n > chow_limit:
                break
            uses[j] += n
            if kind == CHOW and track_chows:
                uses[-1] += n
            choose(a + 1, uses, tiles + n * _SIZE[kind], chows + n * (kind == CHOW),
                   pairs + n * (kind == PAIR))
            uses[j] -= n
            if kind == CHOW and track_chows:
                uses[-1] -= n

    choose(0, list(used), 0, 0, 0)
    return out


@functools.lru_cache(maxsize=1 << 16)
def suit_table(needs: tuple[Need, ...], base: int, size: int, held: tuple[int, ...],
               fixed: tuple[int, ...], caps: tuple[int, ...], required: int, distinct_pairs: bool,
               chow_limit: int) -> Table:
    """Step 2 of the module docstring for one suit: ``held``, ``fixed`` and ``caps`` are the
    suit's counts (``caps``: what declared melds leave of each tile's four)."""
    track_chows = chow_limit < 4 and any(n.masks[CHOW] for n in needs)
    atoms = [(j, kind) for j, need in enumerate(needs) for kind in range(N_GROUP_KINDS)
             if need.masks[kind] >> base & ((1 << size) - 1)]
    start = (0,) * (len(needs) + track_chows)
    # state: (uses, chows started one tile back, two tiles back) -> (missing, tiles so far)
    states: dict[tuple[tuple[int, ...], int, int], tuple[int, tuple[int, ...]]] = {(start, 0, 0): (0, ())}
    for i in range(size):
        tile = base + i
        running: dict[tuple[tuple[int, ...], int, int], tuple[int, tuple[int, ...]]] = {}
        for (used, back1, back2), (missing, tiles) in states.items():
            present = fixed[i] + back1 + back2
            if present > caps[i]:
                continue
            for uses, put, chows in _local_choices(atoms, needs, tile, caps[i] - present, used,
                                                   distinct_pairs, track_chows, chow_limit):
                if chows and i + 2 >= size:
                    continue
                total = present + put
                if required >> tile & 1 and total + 4 - caps[i] == 0:
                    continue
                key = (uses, chows, back1)
                value = (missing + max(0, total - held[i]), tiles + (total,))
                if key not in running or value[0] < running[key][0]:
                    running[key] = value
        states = running
    table: Table = {}
    for (uses, back1, back2), value in states.items():
        packed = _pack(uses)
        if not back1 and not back2 and (packed not in table or value[0] < table[packed][0]):
            table[packed] = value
    return table


def _combine(a: Table, b: Table, limit: int) -> Table:
    """The two tables' sums within ``limit``, fewest missing per sum (a way's tiles kept
    as the pair of its parts' tiles: :func:`_flat` joins them, for the best way only)."""
    out: dict[int, Any] = {}
    guarded = limit + _GUARD  # _within, inlined: this is the reference's inner loop
    for ua, (ma, ta) in a.items():
        if (guarded - ua) & _GUARD != _GUARD:
            continue
        for ub, (mb, tb) in b.items():
            uses = ua + ub
            if (guarded - uses) & _GUARD == _GUARD:
                found = out.get(uses)
                if found is None or ma + mb < found[0]:
                    out[uses] = (ma + mb, (ta, tb))
    return out


def _flat(tiles: Any) -> tuple[int, ...]:
    """A way's tiles from :func:`_combine`'s pairs of parts, in tile order."""
    if tiles and isinstance(tiles[0], tuple):
        return _flat(tiles[0]) + _flat(tiles[1])
    return tuple(tiles)


def _meld_assignments(needs: Sequence[Need], melds: Sequence[int], claimed: int = 0) -> list[list[int]]:
    """Each way to give the declared melds to needs: the uses it leaves per need (bit ``k``
    of ``claimed``: the ``k``-th meld is a claimed kong, see :attr:`Need.claimed_only`)."""
    choices = []
    for k, code in enumerate(melds):
        kind, tile = group_kind(code), group_tile(code)
        concealed = kind == CONCEALED_KONG  # a kong all the same, which a need of concealed groups takes
        was_claimed = bool(claimed >> k & 1)
        fits = [j for j, need in enumerate(needs) if need.masks[KONG if concealed else kind] >> tile & 1
                and (need.declarable or concealed or was_claimed and need.claimed_only)]
        if not fits:
            return []
        choices.append(fits)
    out = []
    for picked in itertools.product(*choices):
        left = [need.count for need in needs]
        for j in picked:
            left[j] -= 1
        if min(left, default=0) >= 0 and left not in out:
            out.append(left)
    return out


def _meld_counts(melds: Sequence[int]) -> list[int]:
    """The 34 counts of the declared melds' tiles (bytes :func:`row_status` accepted)."""
    counts = [0] * 34
    for code in melds:
        for t in meld_tiles(code) or ():
            counts[t] += 1
    return counts


def _enumerated(variants: Sequence[FixedVariant], held: Sequence[int], melds: Sequence[int],
                jokers: int = 0, use: JokerUse | None = None, claimed: int = 0, claimed_kongs: bool = False
                ) -> tuple[int, tuple[int, ...]]:
    """:func:`best_way` over concrete ways (bit ``k`` of ``claimed``: the ``k``-th meld is a
    claimed kong, standing as a concealed kong does where ``claimed_kongs``, see
    :attr:`Target.claimed_kongs`)."""
    meld_counts = _meld_counts(melds)
    best: tuple[int, tuple[int, ...]] = (UNREACHABLE, ())
    for variant in variants:
        free = list(variant.melds)
        ok = True
        for k, code in enumerate(melds):
            concealed = group_kind(code) == CONCEALED_KONG
            tile = group_tile(code)
            stands = claimed_kongs and bool(claimed >> k & 1) and tile not in variant.held_kongs
            want = group_code(KONG, tile) if concealed else code
            if want in free:
                free.remove(want)
            elif not ((concealed or stands) and any(tiles[0] == tile
                                                    for kind, tiles, _ in variant.groups if kind == KONG)):
                ok = False  # (a concealed kong stands for any kong of the grouping)
                break
        if not ok:
            continue
        lacking = [max(0, v - h - m) for v, h, m in zip(variant.counts, held, meld_counts)]
        filled = (_distance_jokers.enumerated_fill(variant, lacking, use, jokers) if jokers and use
                  else [0] * 34)
        missing = sum(lacking) - sum(filled)
        if missing < best[0]:
            best = (missing, tuple(v - m - f | f << _distance_jokers.JOKER_SHIFT
                                   for v, m, f in zip(variant.counts, meld_counts, filled)))
    return best


def _knitted(target: Target, held: Sequence[int], melds: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """:func:`best_way` for a target of knitted groups: a dynamic programme over the nine
    numbers choosing how many groups of each knit take each number (a group puts one
    tile of it in each of its suits), keeping per state the groups used so far. The
    tiles of each number are counted once all groups on it are chosen, so the distance
    is exact. Knitted groups hold no jokers and may not be declared."""
    if melds:
        return UNREACHABLE, ()
    knits = target.knits
    way = list(target.fixed)
    missing = 0
    for t in range(34):  # the tiles no knit touches: the fixed ones
        if t >= 27 or not any(t // 9 in k.suits for k in knits):
            if target.required >> t & 1 and not way[t]:
                return UNREACHABLE, ()
            missing += max(0, way[t] - held[t])
    choices = list(itertools.product(*(range(k.count + 1) for k in knits)))
    states: dict[tuple[int, ...], tuple[int, tuple[tuple[int, ...], ...]]] = {(0,) * len(knits): (missing, ())}
    for r in range(9):
        running: dict[tuple[int, ...], tuple[int, tuple[tuple[int, ...], ...]]] = {}
        for add in choices:
            if any(a and not k.numbers >> r & 1 for a, k in zip(add, knits)):
                continue
            cost = 0
            for s in range(3):
                t = 9 * s + r
                wanted = target.fixed[t] + sum(a for a, k in zip(add, knits) if s in k.suits)
                if wanted > 4 or target.required >> t & 1 and not wanted:
                    break
                cost += max(0, wanted - held[t])
            else:
                for used, (m, picks) in states.items():
                    after = tuple(u + a for u, a in zip(used, add))
                    if all(u <= k.count for u, k in zip(after, knits)) and \
                            (after not in running or m + cost < running[after][0]):
                        running[after] = (m + cost, picks + (add,))
        states = running
    full = tuple(k.count for k in knits)
    if full not in states:
        return UNREACHABLE, ()
    found, picks = states[full]
    for r, add in enumerate(picks):
        for a, k in zip(add, knits):
            for s in k.suits:
                way[9 * s + r] += a
    return found, tuple(way)


def best_way(target: Target, held: Sequence[int], melds: Sequence[int] = (), jokers: int = 0,
             use: JokerUse | None = None, bound: int = UNREACHABLE, claimed: int = 0
             ) -> tuple[int, tuple[int, ...]]:
    """The distance from a hand (``held``: 34 concealed counts; ``melds``: declared meld
    bytes, bit ``k`` of ``claimed`` marking the ``k``-th a claimed kong; ``jokers`` held
    concealed, standing where ``use`` lets them) to one target, and
    the concealed tiles of a way at that distance (34 entries, each the natural tiles of
    the way on that tile plus its jokers ``<< JOKER_SHIFT``; empty when unreachable).

    With a ``bound``, ways further than it may be left out: the answer is exact when
    some way lies within it, and may be :data:`UNREACHABLE` when none does (a caller
    that knows the distance finds its way without combining every suit's entries)."""
    if not use:
        jokers = 0
    if target.knits:
        return _knitted(target, held, melds)
    if target.enumerated:
        return _enumerated(target.enumerated, held, melds, jokers, use, claimed, target.claimed_kongs)
    meld_counts = _meld_counts(melds)
    track_chows = target.max_chows < 4 and any(n.masks[CHOW] for n in target.needs)
    melded_chows = sum(group_kind(code) == CHOW for code in melds)
    fewest, parts = UNREACHABLE, None
    tables = []
    for base, size in SUITS:
        part = slice(base, base + size)
        caps = tuple(4 - m for m in meld_counts[part]) if melds else _ALL_FREE[:size]
        if jokers and use:
            tables.append(_distance_jokers.suit_table(
                target.needs, base, size, tuple(held[part]), target.fixed[part], caps, target.required,
                target.distinct_pairs, target.max_chows, target.runs, use, jokers))
        else:
            tables.append(suit_table(target.needs, base, size, tuple(held[part]), target.fixed[part], caps,
                                     target.required, target.distinct_pairs, target.max_chows))
    extra = _distance_jokers.limit_digits(target, use, jokers) if jokers and use else []
    needs_mask = (1 << 6 * len(target.needs)) - 1
    for left in _meld_assignments(target.needs, melds, claimed):
        limits = tuple(left) + ((target.max_chows - melded_chows,) if track_chows else ()) + tuple(extra)
        if min(limits, default=0) < 0:
            continue
        limit = _pack(limits)
        if bound < UNREACHABLE:
            found = _bounded_way(tables, limit, needs_mask if track_chows else 0, bound)
            if found is not None:
                return found
            continue
        # two suits with two, then each sum of the first pair with its complement
        first, second = _combine(tables[0], tables[1], limit), _combine(tables[2], tables[3], limit)
        for ua, (ma, ta) in first.items():
            if track_chows:
                ways = [(mb, tb) for ub, (mb, tb) in second.items()
                        if (ua + ub) & needs_mask == limit & needs_mask and _within(ua + ub, limit)]
            else:
                ways = [second[limit - ua]] if limit - ua in second else []
            for mb, tb in ways:
                if ma + mb < fewest:
                    fewest, parts = ma + mb, (ta, tb)
    return (fewest, _flat(parts)) if fewest < UNREACHABLE else (UNREACHABLE, ())


def _bounded_way(tables: list[Table], limit: int, needs_mask: int, bound: int
                 ) -> tuple[int, tuple[int, ...]] | None:
    """A way within ``bound`` from the four suits' tables at the uses ``limit`` (with a
    chow limit when ``needs_mask``, the needs' digits, is not 0), or None. Each suit keeps
    the entries the other suits' fewest missing leave within ``bound``; then the first
    three suits' entries are tried, the last suit's looked up (or scanned, with a chow
    limit). Exact when the bound is the distance (every way found is at it)."""
    lows = [min(table.values())[0] if table else UNREACHABLE for table in tables]
    spare = bound - sum(lows)
    if spare < 0:
        return None
    guarded = limit + _GUARD
    kept = [[(u, m, tiles) for u, (m, tiles) in table.items() if m - low <= spare and (guarded - u) & _GUARD == _GUARD]
            for table, low in zip(tables, lows)]
    last = {u: (m, tiles) for u, m, tiles in kept[3]}
    for u0, m0, t0 in kept[0]:
        for u1, m1, t1 in kept[1]:
            u01, m01 = u0 + u1, m0 + m1
            if m01 + lows[2] + lows[3] > bound or (guarded - u01) & _GUARD != _GUARD:
                continue
            for u2, m2, t2 in kept[2]:
                u012, m012 = u01 + u2, m01 + m2
                if m012 + lows[3] > bound or (guarded - u012) & _GUARD != _GUARD:
                    continue
                if not needs_mask:
                    found = last.get(limit - u012)
                    if found is not None and m012 + found[0] <= bound:
                        return m012 + found[0], t0 + t1 + t2 + found[1]
                    continue
                for u3, (m3, t3) in last.items():
                    if m012 + m3 <= bound and (u012 + u3) & needs_mask == limit & needs_mask \
                            and (guarded - u012 - u3) & _GUARD == _GUARD:
                        return m012 + m3, t0 + t1 + t2 + t3
    return None


def target_distance(target: Target, held: Sequence[int], melds: Sequence[int] = (), jokers: int = 0,
                    use: JokerUse | None = None, claimed: int = 0) -> int:
    """The distance alone (see :func:`best_way`)."""
    return best_way(target, held, melds, jokers, use, claimed=claimed)[0]


def hand_distances(reachable: Sequence[int], targets: Sequence[Target], held: Sequence[int],
                   melds: Sequence[int] = (), jokers: int = 0, use: JokerUse | None = None,
                   claimed: int = 0) -> list[int]:
    """The distance to each hand of ``reachable`` (its nearest target)."""
    column = {hand: i for i, hand in enumerate(reachable)}
    out = [UNREACHABLE] * len(reachable)
    for target in targets:
        i = column[target.hand]
        out[i] = min(out[i], target_distance(target, held, melds, jokers, use, claimed))
    return out


def row_status(held: Sequence[int], melds: Sequence[int], jokers: int = 0, use: JokerUse | None = None,
               claimed: int = 0) -> int:
    """0 for a row distances accept (13 or 14 tiles, a meld counting 3, the jokers
    counting one each), else its :class:`~mjscore.core.errors.HandStatus`: BAD_COUNT 1 (also
    more than 8 jokers), WRONG_SIZE 2, NOT_WINNING 3 (jokers where ``use`` is None),
    BAD_MELD 4 (also a ``claimed`` mark, bit ``k`` for the ``k``-th meld, on a meld that
    is no exposed kong or on no meld, as the scorer's ``row_status``)."""
    if any(c > 4 for c in held) or jokers > MAX_JOKERS:
        return 1
    codes = [code for code in melds if code != NO_GROUP]
    if any(meld_tiles(code) is None or claimed >> k & 1 and group_kind(code) != KONG
           for k, code in enumerate(codes)):
        return 4
    if claimed >> len(codes):
        return 4  # a claimed mark on no meld
    if any(c + m > 4 for c, m in zip(held, _meld_counts(codes))):
        return 1
    if sum(held) + jokers + 3 * len(codes) not in (13, 14):
        return 2
    return 3 if jokers and use is None else 0


class ReferenceDistances:
    """A rule set's targets with the interface of ``_kernel.CompiledDistances``."""

    def __init__(self, reachable: Sequence[int], targets: Sequence[Target], use: JokerUse | None = None) -> None:
        self.reachable = tuple(reachable)
        self.targets = tuple(targets)
        self.n_columns = len(self.reachable)
        self.use = use

    def clear(self) -> None:
        """Empty the per-suit memo."""
        suit_table.cache_clear()
        _distance_jokers.suit_table.cache_clear()

    def distances_many(self, counts: Any, melds: Any, jokers: Any, out: Any, status: Any,
                       claimed: Any = None) -> None:
        """Fill ``out`` (n, columns) with each row's distances (``jokers``: (n,) jokers held
        concealed, or None; ``claimed``: (n,) which melds are claimed kongs, bit ``k`` the
        row's ``k``-th meld, or None); bad rows get a status and :data:`UNREACHABLE`."""
        for r in range(len(counts)):
            held = [int(c) for c in counts[r]]
            codes = [int(c) for c in melds[r] if c != 0xFF]
            wild = 0 if jokers is None else int(jokers[r])
            marks = 0 if claimed is None else int(claimed[r])
            status[r] = row_status(held, codes, wild, self.use, marks)
            out[r] = (hand_distances(self.reachable, self.targets, held, codes, wild, self.use, marks)
                      if not status[r] else UNREACHABLE)


Distances = ReferenceDistances
"""This twin's distance tables, by the name :func:`mjscore.distances.distances.distance_engine` asks for."""
