"""Jokers in distances, in plain Python: the reference for the compiled joker tables.

With ``J`` jokers held, the distance to a way of making a special hand is its missing
tiles less those jokers may fill: ``M - min(J, E)``, where ``E`` is the most missing
tiles that jokers can stand for with each joker in a group that may hold one
(:mod:`mjscore.core.jokers`), each group within its capacity. The capacities keep a natural
tile in every set and pair: a pung 2, a kong 3, a pair 1, a chow 1 (over its three
tiles), a single 1 (a lone joker may be a single); a run of singles (a ``singles``
token) is one group and takes 1, as the scorer reads it; knitted groups take none.
The natural tiles held can stand in any group that needs their tile, so ``E`` is a
flow from groups (their capacities) to tiles (the tiles missing there).

In the per-suit dynamic programme (:func:`suit_table`) three things join the state:

- ``e``, the jokers used in the suit (a last digit of the uses, at most ``J``);
- one digit per run of singles: the jokers its copies took in this suit (a run may
  span suits, so the suits share its capacity like a need's count);
- the chows started one and two tiles back that have not used their joker yet.

On each tile the missing tiles go first to the capacity of the groups standing on
it alone (pungs, kongs, pairs, singles), then to the runs through it (each choice
tried), then to the open chows, the oldest first (it ends soonest: for intervals of
equal length, serving each point by the interval ending first is a maximum matching),
always within ``J``. A table entry is then closed so that its jokers digit and run
digits mean "at most": an entry using ``e'`` jokers also serves any ``e >= e'`` and,
with ``e' - e`` tiles drawn instead, any ``e < e'``. Tables of "at most" entries
combine by exact sums, so the suits merge as without jokers and the row reads the
entry at ``J`` jokers and every run's full capacity.

A way's tiles carry, per tile, the natural tiles still needed (low four bits) and the
jokers standing there (``<< 4``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from ..core.group_codes import CHOW, KNIT, PAIR
from ..core.jokers import JokerUse
from .targets import N_GROUP_KINDS, Need, Target
from ..rules.patterns import FixedVariant

__all__ = ["kind_caps", "JOKER_SHIFT", "suit_table", "limit_digits", "enumerated_fill", "group_masks"]

JOKER_SHIFT = 4
"""A way's tile entry: natural tiles in the low bits, jokers standing there above."""
_SIZE = (1, 3, 4, 2, 1)

Table = dict[int, tuple[int, tuple[int, ...]]]


def kind_caps(use: JokerUse) -> tuple[int, int, int, int, int]:
    """Jokers one group of each kind may hold under ``use``: chow, pung, kong, pair, single."""
    chow = 1 if use & JokerUse.CHOWS else 0
    pung, kong = (2, 3) if use & JokerUse.PUNGS else (0, 0)
    pair = 1 if use & JokerUse.PAIRS else 0
    return chow, pung, kong, pair, pair


def limit_digits(target: Target, use: JokerUse, jokers: int) -> list[int]:
    """The digits a row reads past the needs (and chows): each run's capacity, then ``J``."""
    run_cap = 1 if use & JokerUse.PAIRS else 0
    return [copies * run_cap for _, copies in target.runs] + [jokers]


def _choices(needs: Sequence[Need], tile: int, room: int, used: tuple[int, ...], distinct_pairs: bool,
             chow_digit: int, chow_limit: int, caps: Sequence[int]) -> list[tuple[tuple[int, ...], int, int, int]]:
    """Every choice of groups starting on ``tile`` within ``room`` tiles: (new uses, tiles
    they put on ``tile``, chows started, jokers the non-chow groups may hold)."""
    atoms = [(j, kind) for j, need in enumerate(needs) for kind in range(N_GROUP_KINDS)
             if need.masks[kind] >> tile & 1]
    out: list[tuple[tuple[int, ...], int, int, int]] = []

    def choose(a: int, uses: list[int], tiles: int, chows: int, pairs: int, cap: int) -> None:
        if a == len(atoms):
            out.append((tuple(uses), tiles, chows, cap))
            return
        choose(a + 1, uses, tiles, chows, pairs, cap)
        j, kind = atoms[a]
        need = needs[j]
        most = 1 if need.distinct or (kind == PAIR and distinct_pairs) else 4
        for n in range(1, most + 1):
            if uses[j] + n > need.count or tiles + n * _SIZE[kind] > room:
                break
            if kind == PAIR and distinct_pairs and pairs + n > 1:
                break
            if kind == CHOW and chow_digit >= 0 and uses[chow_digit] + n > chow_limit:
                break
            uses[j] += n
            if kind == CHOW and chow_digit >= 0:
                uses[chow_digit] += n
            choose(a + 1, uses, tiles + n * _SIZE[kind], chows + n * (kind == CHOW),
                   pairs + n * (kind == PAIR), cap + n * caps[kind] * (kind != CHOW))
            uses[j] -= n
            if kind == CHOW and chow_digit >= 0:
                uses[chow_digit] -= n

    choose(0, list(used), 0, 0, 0, 0)
    return out


def _close(table: Table, first_run: int, n_runs: int, run_caps: Sequence[int], jokers: int) -> Table:
    """The table with its run and jokers digits meaning "at most" (module docstring)."""
    out: Table = {}
    e_digit = first_run + n_runs
    for packed, (missing, tiles) in table.items():
        digits = [packed >> 6 * d & 63 for d in range(e_digit + 1)]
        used = digits[e_digit]
        runs = digits[first_run:e_digit]
        for more in itertools.product(*[range(r, cap + 1) for r, cap in zip(runs, run_caps)]):
            for e in range(jokers + 1):
                drop = max(0, used - e)
                way = list(tiles)
                left = drop
                for k, v in enumerate(way):  # the jokers dropped: tiles to draw instead
                    while left and v >> JOKER_SHIFT:
                        v -= (1 << JOKER_SHIFT) - 1
                        left -= 1
                    way[k] = v
                key = sum(v << 6 * d for d, v in enumerate([*digits[:first_run], *more, e]))
                value = (missing + drop, tuple(way))
                if key not in out or value[0] < out[key][0]:
                    out[key] = value
    return out


@functools.lru_cache(maxsize=1 << 14)
def suit_table(needs: tuple[Need, ...], base: int, size: int, held: tuple[int, ...], fixed: tuple[int, ...],
               caps: tuple[int, ...], required: int, distinct_pairs: bool, chow_limit: int,
               runs: tuple[tuple[int, int], ...], use: JokerUse, jokers: int) -> Table:
    """One suit's table with ``jokers`` held (module docstring): packed uses (needs, the
    chows when limited, each run, the jokers) -> fewest tiles still to draw, and the way."""
    track_chows = chow_limit < 4 and any(n.masks[CHOW] for n in needs)
    per_kind = kind_caps(use)
    chows_take = per_kind[CHOW]
    run_caps = [copies * (1 if use & JokerUse.PAIRS else 0) for _, copies in runs]
    first_run = len(needs) + track_chows
    e_digit = first_run + len(runs)
    chow_digit = len(needs) if track_chows else -1
    start = (0,) * (e_digit + 1)
    # state: (uses, chows started one tile back, two back, of them still free to take a joker)
    State = tuple[tuple[int, ...], int, int, int, int]
    states: dict[State, tuple[int, tuple[int, ...]]] = {(start, 0, 0, 0, 0): (0, ())}
    for i in range(size):
        tile = base + i
        through = [k for k, (mask, _) in enumerate(runs) if mask >> tile & 1 and run_caps[k]]
        running: dict[State, tuple[int, tuple[int, ...]]] = {}
        for (used, back1, back2, free1, free2), (missing, tiles) in states.items():
            present = fixed[i] + back1 + back2
            if present > caps[i]:
                continue
            for uses, put, chows, cap in _choices(needs, tile, caps[i] - present, used, distinct_pairs,
                                                  chow_digit, chow_limit, per_kind):
                if chows and i + 2 >= size:
                    continue
                total = present + put
                if required >> tile & 1 and total + 4 - caps[i] == 0:
                    continue
                lacking = max(0, total - held[i])
                budget = jokers - uses[e_digit]
                alone = min(lacking, cap, budget)
                options = [range(min(run_caps[k] - uses[first_run + k], lacking - alone) + 1) for k in through]
                for taken in itertools.product(*options):
                    spent = alone + sum(taken)
                    if spent > min(lacking, budget):
                        continue
                    rest = min(lacking, budget) - spent
                    old = min(rest, free2)
                    mid = min(rest - old, free1)
                    new_free = chows * chows_take
                    young = min(rest - old - mid, new_free)
                    filled = spent + old + mid + young
                    after = list(uses)
                    for k, n in zip(through, taken):
                        after[first_run + k] += n
                    after[e_digit] += filled
                    key = (tuple(after), chows, back1, new_free - young, free1 - mid)
                    natural = total - filled
                    value = (missing + lacking - filled, tiles + (natural | filled << JOKER_SHIFT,))
                    if key not in running or value[0] < running[key][0]:
                        running[key] = value
        states = running
    table: Table = {}
    for (uses, back1, back2, _, _), value in states.items():
        packed = sum(u << 6 * d for d, u in enumerate(uses))
        if not back1 and not back2 and (packed not in table or value[0] < table[packed][0]):
            table[packed] = value
    return _close(table, first_run, len(runs), run_caps, jokers)


def _flow(groups: Sequence[tuple[int, int]], lacking: Sequence[int], jokers: int) -> list[int]:
    """Jokers per tile, as many as may stand (at most ``jokers``), for concrete groups
    ((capacity, tile mask) each) and the tiles ``lacking``: shortest augmenting paths from
    a group with capacity left, through tiles and the groups already filling them."""
    n = len(groups)
    flow = [[0] * 34 for _ in groups]
    spare = [cap for cap, _ in groups]
    placed = [0] * 34
    for _ in range(jokers):
        parent: dict[int, int] = {g: -1 for g in range(n) if spare[g]}  # groups 0..n-1, tiles n..
        queue = list(parent)
        end = -1
        while queue and end < 0:
            node = queue.pop(0)
            if node < n:
                for t in range(34):
                    if groups[node][1] >> t & 1 and n + t not in parent:
                        parent[n + t] = node
                        if placed[t] < lacking[t]:
                            end = t
                            break
                        queue.append(n + t)
            else:
                for g in range(n):
                    if flow[g][node - n] and g not in parent:
                        parent[g] = node
                        queue.append(g)
        if end < 0:
            break
        placed[end] += 1
        node = n + end
        while True:
            g = parent[node]
            flow[g][node - n] += 1
            if parent[g] < 0:
                spare[g] -= 1
                break
            node = parent[g]
            flow[g][node - n] -= 1
    return placed


def enumerated_fill(variant: FixedVariant, lacking: Sequence[int], use: JokerUse, jokers: int) -> list[int]:
    """Jokers per tile filling the most of a concrete way's ``lacking`` tiles (at most ``jokers``)."""
    return _flow(group_masks(variant, use), lacking, jokers)


def group_masks(variant: FixedVariant, use: JokerUse) -> list[tuple[int, int]]:
    """The groups of a concrete way that may hold jokers: (capacity, tile mask) each."""
    per_kind = kind_caps(use)
    return [(per_kind[kind], sum(1 << t for t in set(tiles))) for kind, tiles, _ in variant.groups
            if kind != KNIT and per_kind[kind]]
