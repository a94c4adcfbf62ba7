"""The graph of hands a search can reach, built breadth-first with the facts asked in
batches, as flat arrays the compiled dynamic program (``_kernel``) reads without the GIL.

The moves are the reference's (``mjscore.search._reference``): the same draws with the
same weights, the same allowed discards. A hand first reached after ``t`` draws is only
worth expanding when it may still get ready within the turns left (distance at most
``turns - t + 1``); the others are leaves, whose values the program never reads beyond
what a leaf holds.

Each level is worked out on whole arrays: the draws of every state expanded, the drawn
hands' distances, the discards allowed, the new hands found (told apart by :func:`_keys`),
with no Python step per draw or discard; the special hands' part of a distance is asked
only where a bound from the hand before does not already rule it out (see ``build``).

The arrays (:class:`Graph`): per state ``distance``, ``leaf`` and ``stay``, the chance
of a draw after which only the drawn tile may go (the hand stays: most draws); its other draws from
``draw_start[i]`` to ``draw_start[i + 1]``, each with its chance ``p``, the ``won``
total (-1: not a win) and its allowed discards' states ``succ[succ_start[j]:succ_start[j + 1]]``
in tile order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .facts import Facts

__all__ = ["Graph", "build"]


@dataclass(frozen=True, slots=True)
class Graph:
    """A search's states and moves, as arrays (see the module docstring)."""

    distance: npt.NDArray[np.int32]
    leaf: npt.NDArray[np.uint8]
    stay: npt.NDArray[np.float64]
    draw_start: npt.NDArray[np.int32]
    p: npt.NDArray[np.float64]
    won: npt.NDArray[np.float64]
    succ_start: npt.NDArray[np.int32]
    succ: npt.NDArray[np.int32]
    roots: list[int]


_EYE = np.eye(34, dtype=np.uint8)
_HALVES = np.zeros((34, 2))
_HALVES[:17, 0] = _HALVES[17:, 1] = 5.0 ** np.arange(17)
"""A hand's two halves (17 kinds each) as base-5 numbers below 2**40: exact in doubles."""


def _keys(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.complex128]:
    """One number per (n, 34) row that tells hands apart: its two halves in base 5 as the
    real and imaginary parts (which ``np.unique`` sorts and compares exactly)."""
    halves = np.ascontiguousarray(rows.astype(np.float64) @ _HALVES)
    return halves.view(np.complex128).reshape(len(rows))


@dataclass(slots=True)
class _Level:
    """The moves found from one level's expanded states, in state order then draw order."""

    states: npt.NDArray[np.int64]    # the expanded states
    draws: npt.NDArray[np.int64]     # per expanded state, its draws that are kept
    p: npt.NDArray[np.float64]
    won: npt.NDArray[np.float64]
    succ_count: npt.NDArray[np.int64]  # per kept draw, its allowed discards
    succ: npt.NDArray[np.int64]


def build(facts: Facts, start: bytes, roots: list[bytes], unseen: bytes, turns: int, extra: int,
          change_wait: bool) -> Graph:
    """The graph from ``roots`` (13-tile hands after each first discard of ``start``)."""
    index: dict[complex, int] = {}
    states: list[bytes] = []
    root_keys = _keys(np.frombuffer(b"".join(roots), dtype=np.uint8).reshape(len(roots), 34)).tolist()
    for h, key in zip(roots, root_keys):
        if key not in index:
            index[key] = len(states)
            states.append(h)
    distance = facts.distances(states)
    # per state its special part, or where that is not needed a bound above its distance
    special = [facts.special(h) for h in states]
    root = min(distance)
    wall = np.frombuffer(unseen, dtype=np.uint8).astype(np.int32)
    held0 = np.frombuffer(start, dtype=np.uint8).astype(np.int32)
    leaf = [1] * len(states)
    stay = [0.0] * len(states)
    levels: list[_Level] = []
    level = list(range(len(states)))
    depth = 0
    while level:
        expand = [i for i in level if depth < turns and distance[i] <= turns - depth + 1]
        nxt: list[int] = []
        if expand:
            held = np.frombuffer(b"".join(states[i] for i in expand), dtype=np.uint8).reshape(len(expand), 34)
            weights = wall - np.maximum(0, held.astype(np.int32) - held0)
            totals = weights.sum(axis=1)
            s_idx, x_idx = np.nonzero(weights > 0)
            p = weights[s_idx, x_idx] / totals[s_idx]  # as the reference: w / total in doubles
            g = np.ascontiguousarray(held[s_idx] + _EYE[x_idx])
            before = np.asarray(distance, dtype=np.int16)[np.asarray(expand)[s_idx]]
            # The standard part after a draw: one less where the drawn tile is useful. A draw
            # adds one tile, so it brings a special hand at most one closer: from a state whose
            # special hands are farther than its distance, none can make the draw a help or a
            # win, and the special part is not asked (with extra > 0 the least distance a
            # discard leaves is read exactly, so it is asked everywhere).
            standard_held, useful = facts.useful_array(held)
            standard14 = standard_held[s_idx] - ((useful[s_idx] >> x_idx.astype(np.uint64)) & 1).astype(np.int16)
            if extra == 0:
                near = np.asarray(special, dtype=np.int16)[np.asarray(expand)[s_idx]] <= before
            else:
                near = np.ones(len(g), dtype=bool)
            special14 = np.full(len(g), 127, dtype=np.int16)
            special14[near] = facts.special_array(np.ascontiguousarray(g[near]))
            d14 = np.minimum(standard14, special14)
            look = np.maximum(d14, 1) < before
            if change_wait:
                look |= before == 1
            if extra > 0:
                look[:] = True
            won = np.full(len(p), -1.0)
            for w in np.nonzero(d14 == 0)[0].tolist():
                value = facts.value(g[w].tobytes(), int(x_idx[w]))
                if value is not None:
                    won[w] = value
            look &= won < 0
            plain = (won < 0) & ~look
            stays = np.bincount(s_idx[plain], weights=p[plain], minlength=len(expand))
            # the hands after each discard of the drawn hands that need a look, in one batch;
            # a discard is allowed as the reference allows it (_reference.allowed_discards)
            rows = np.nonzero(look)[0]
            gy_row, gy_y = np.nonzero(g[rows] > 0)
            children = np.ascontiguousarray(g[rows][gy_row] - _EYE[gy_y])
            # A discard takes a tile away, so it brings no special hand closer: a child's
            # special part is at least its drawn hand's (a drawn hand left unasked holds it at
            # least at the distance before the draw). Only where that bound does not exceed
            # the child's standard part is the special part asked.
            standard13 = facts.standard_array(children)
            if extra == 0:
                bound = np.where(near, special14, before)[rows][gy_row]
                asked = bound <= standard13
                special13 = np.where(asked, 127, np.maximum(bound, standard13 + 1)).astype(np.int16)
            else:
                asked = np.ones(len(children), dtype=bool)
                special13 = np.full(len(children), 127, dtype=np.int16)
            special13[asked] = facts.special_array(np.ascontiguousarray(children[asked]))
            d13 = np.minimum(standard13, special13)
            least = np.maximum(1, d14[rows])[gy_row]
            b = before[rows][gy_row]
            allowed = (gy_y == x_idx[rows][gy_row]) | ((d13 == least) & (least < b))
            if change_wait:
                allowed |= (b == 1) & (d13 == 1)
            if extra > 0:
                allowed |= (d13 <= least + extra) & (d13 <= root + extra)
            kept_rows = gy_row[allowed]  # ascending, and in tile order within a row
            # each distinct hand once (numbered in key order: a state's number changes no value,
            # the discards of a draw stay in tile order)
            kept_children = children[allowed]
            unique, first, inverse = np.unique(_keys(kept_children), return_index=True, return_inverse=True)
            state_of = np.empty(len(unique), dtype=np.int64)
            kept_distance = d13[allowed][first].tolist()
            kept_special = special13[allowed][first].tolist()
            for u, key in enumerate(unique.tolist()):
                k = index.get(key)
                if k is None:
                    k = index[key] = len(states)
                    states.append(kept_children[first[u]].tobytes())
                    distance.append(kept_distance[u])
                    special.append(kept_special[u])
                    nxt.append(k)
                state_of[u] = k
            kept = np.nonzero(look | (won >= 0))[0]
            per_look = np.bincount(kept_rows, minlength=len(rows))
            succ_count = np.zeros(len(p), dtype=np.int64)
            succ_count[rows] = per_look
            levels.append(_Level(np.asarray(expand, dtype=np.int64),
                                 np.bincount(s_idx[kept], minlength=len(expand)), p[kept], won[kept],
                                 succ_count[kept], state_of[inverse]))
            for n, i in enumerate(expand):
                leaf[i] = 0
                stay[i] = float(stays[n])
        if nxt:
            leaf.extend([1] * len(nxt))
            stay.extend([0.0] * len(nxt))
        level = nxt
        depth += 1
    return _arrays(distance, leaf, stay, levels, [index[key] for key in root_keys])


def _arrays(distance: list[int], leaf: list[int], stay: list[float], levels: list[_Level],
            roots: list[int]) -> Graph:
    n = len(distance)
    draws = np.zeros(n, dtype=np.int64)
    for level in levels:
        draws[level.states] = level.draws
    draw_start = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(draws, out=draw_start[1:])
    succ_count = np.concatenate([level.succ_count for level in levels] or [np.zeros(0, np.int64)])
    succ_start = np.zeros(len(succ_count) + 1, dtype=np.int32)
    np.cumsum(succ_count, out=succ_start[1:])
    return Graph(np.asarray(distance, dtype=np.int32), np.asarray(leaf, dtype=np.uint8),
                 np.asarray(stay, dtype=np.float64), draw_start,
                 np.concatenate([level.p for level in levels] or [np.zeros(0)]),
                 np.concatenate([level.won for level in levels] or [np.zeros(0)]),
                 succ_start,
                 np.concatenate([level.succ for level in levels] or [np.zeros(0, np.int64)]).astype(np.int32),
                 roots)
