"""The graph of hands a search can reach, built breadth-first with the facts asked in
batches, as flat arrays the compiled dynamic program (``_kernel``) reads without the GIL.

The moves are the reference's (``mjscore.search._reference``): the same draws with the
same weights, the same allowed discards. A hand first reached after ``t`` draws is only
worth expanding when it may still get ready within the turns left (distance at most
``turns - t + 1``); the others are leaves, whose values the program never reads beyond
what a leaf holds.

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


def build(facts: Facts, start: bytes, roots: list[bytes], unseen: bytes, turns: int, extra: int,
          change_wait: bool) -> Graph:
    """The graph from ``roots`` (13-tile hands after each first discard of ``start``)."""
    index: dict[bytes, int] = {}
    states: list[bytes] = []
    for h in roots:
        if h not in index:
            index[h] = len(states)
            states.append(h)
    distance = facts.distances(states)
    root = min(distance)
    wall = np.frombuffer(unseen, dtype=np.uint8).astype(np.int32)
    held0 = np.frombuffer(start, dtype=np.uint8).astype(np.int32)
    leaf = [1] * len(states)
    stay = [0.0] * len(states)
    draws: dict[int, list[tuple[float, float, list[int]]]] = {}
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
            # A draw adds one tile, so it brings a special hand at most one closer: from a
            # state whose special hands are farther than its distance, none can make the
            # draw a help or a win, and only the standard part is asked (with extra > 0 the least
            # distance a discard leaves is read exactly, so every part is).
            if extra == 0:
                near = np.asarray([facts.special(states[i]) for i in expand], dtype=np.int16)[s_idx] <= before
                standard14, special14 = facts.split_array(g, near)
                d14 = np.minimum(standard14, special14)
            else:
                d14 = facts.distance_array(g)
            look = np.maximum(d14, 1) < before
            if change_wait:
                look |= before == 1
            if extra > 0:
                look[:] = True
            complete = d14 == 0
            won = np.full(len(p), -1.0)
            for w in np.nonzero(complete)[0].tolist():
                value = facts.value(g[w].tobytes(), int(x_idx[w]))
                if value is not None:
                    won[w] = value
            look &= won < 0
            plain = (won < 0) & ~look
            stays = np.bincount(s_idx[plain], weights=p[plain], minlength=len(expand))
            # the hands after each discard of the drawn hands that need a look, in one batch
            rows = np.nonzero(look)[0]
            gy_row, gy_y = np.nonzero(g[rows] > 0)
            children = np.ascontiguousarray(g[rows][gy_row] - _EYE[gy_y])
            d13 = facts.distance_array(children)
            per_row = np.searchsorted(gy_row, np.arange(len(rows) + 1))
            kept: dict[int, list[tuple[float, float, list[int]]]] = {i: [] for i in expand}
            picks: dict[int, int] = dict(zip(rows.tolist(), range(len(rows))))
            for j in np.nonzero(look | (won >= 0))[0].tolist():
                i = expand[int(s_idx[j])]
                if won[j] >= 0:
                    kept[i].append((float(p[j]), float(won[j]), []))
                    continue
                r = picks[j]
                x = int(x_idx[j])
                least = max(1, int(d14[j]))
                b = int(before[j])
                succ = []
                for c in range(per_row[r], per_row[r + 1]):
                    y = int(gy_y[c])
                    d = int(d13[c])
                    if not (y == x or (d == least < b) or (change_wait and b == 1 and d == 1)
                            or (extra > 0 and d <= least + extra and d <= root + extra)):
                        continue
                    child = children[c].tobytes()
                    k = index.get(child)
                    if k is None:
                        k = index[child] = len(states)
                        states.append(child)
                        nxt.append(k)
                    succ.append(k)
                kept[i].append((float(p[j]), -1.0, succ))
            for n, i in enumerate(expand):
                leaf[i] = 0
                stay[i] = float(stays[n])
            draws.update(kept)
        if nxt:
            distance.extend(facts.distances([states[k] for k in nxt]))
            leaf.extend([1] * len(nxt))
            stay.extend([0.0] * len(nxt))
        level = nxt
        depth += 1
    return _arrays(distance, leaf, stay, draws, [index[h] for h in roots])


def _arrays(distance: list[int], leaf: list[int], stay: list[float],
            draws: dict[int, list[tuple[float, float, list[int]]]], roots: list[int]) -> Graph:
    n = len(distance)
    draw_start = np.zeros(n + 1, dtype=np.int32)
    p: list[float] = []
    won: list[float] = []
    succ_start = [0]
    succ: list[int] = []
    for i in range(n):
        for prob, value, nexts in draws.get(i, ()):
            p.append(prob)
            won.append(value)
            succ.extend(nexts)
            succ_start.append(len(succ))
        draw_start[i + 1] = len(p)
    return Graph(np.asarray(distance, dtype=np.int32), np.asarray(leaf, dtype=np.uint8),
                 np.asarray(stay, dtype=np.float64), draw_start,
                 np.asarray(p, dtype=np.float64), np.asarray(won, dtype=np.float64),
                 np.asarray(succ_start, dtype=np.int32), np.asarray(succ, dtype=np.int32), roots)
