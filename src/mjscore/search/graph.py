"""The graph of hands a search can reach, built breadth-first with the facts asked in
batches, as flat arrays the compiled dynamic program (``_kernel``) reads without the GIL.

The moves are the reference's (``mjscore.search._reference``): the same draws with the
same weights, the same allowed discards. A hand first reached after ``t`` draws is only
worth expanding when it may still get ready within the turns left (distance at most
``turns - t + 1``); the others are leaves, whose values the program never reads beyond
what a leaf holds.

The arrays (:class:`Graph`): per state ``distance`` and ``leaf``; its draws from
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
    draw_start: npt.NDArray[np.int32]
    p: npt.NDArray[np.float64]
    won: npt.NDArray[np.float64]
    succ_start: npt.NDArray[np.int32]
    succ: npt.NDArray[np.int32]
    roots: list[int]


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
    wall = list(unseen)
    held0 = list(start)
    leaf: list[int] = []
    draws: list[list[tuple[float, float, list[int]]]] = []
    level = list(range(len(states)))
    depth = 0
    while True:
        nxt: list[int] = []
        # every state of this level: its draws (hands of 14), asked in one batch
        expand = [i for i in level if depth < turns and distance[i] <= turns - depth + 1]
        for i in level:
            leaf.append(0)  # placeholder, set below
        pending: list[tuple[int, float, int, bytes]] = []
        for i in expand:
            h = states[i]
            weights = [wall[x] - max(0, h[x] - held0[x]) for x in range(34)]
            total = sum(weights)
            for x in range(34):
                if weights[x] > 0:
                    pending.append((i, weights[x] / total, x, h[:x] + bytes((h[x] + 1,)) + h[x + 1:]))
        d14 = facts.distances([g for *_, g in pending])
        # the hands whose discards need a look, and those discards, in one batch
        looks: list[bytes] = []
        for (i, _, x, g), dg in zip(pending, d14):
            if _needs_look(dg, distance[i], extra, change_wait) and not (dg == 0 and facts.value(g, x) is not None):
                looks.extend(g[:y] + bytes((g[y] - 1,)) + g[y + 1:] for y in range(34) if g[y])
        facts.distances(looks)
        per_state: dict[int, list[tuple[float, float, list[int]]]] = {i: [] for i in expand}
        for (i, p, x, g), dg in zip(pending, d14):
            won = facts.value(g, x) if dg == 0 else None
            if won is not None:
                per_state[i].append((p, float(won), []))
                continue
            least = max(1, dg)
            before = distance[i]
            succ = []
            for y in range(34):
                if not g[y]:
                    continue
                if y != x and not _needs_look(dg, before, extra, change_wait):
                    continue
                child = g[:y] + bytes((g[y] - 1,)) + g[y + 1:]
                if y != x:
                    d = facts.distance(child)
                    if not ((d == least < before) or (change_wait and before == 1 and d == 1)
                            or (extra > 0 and d <= least + extra and d <= root + extra)):
                        continue
                j = index.get(child)
                if j is None:
                    j = index[child] = len(states)
                    states.append(child)
                    nxt.append(j)
                succ.append(j)
            per_state[i].append((p, -1.0, succ))
        for i in level:
            leaf[i] = 0 if i in per_state else 1
        draws.extend([] for _ in range(len(states) - len(draws)))
        for i, found in per_state.items():
            draws[i] = found
        if not nxt:
            break
        distance.extend(facts.distances([states[j] for j in nxt]))
        level = nxt
        depth += 1
    return _arrays(distance, leaf, draws, [index[h] for h in roots])


def _needs_look(d14: int, before: int, extra: int, change_wait: bool) -> bool:
    """Whether a draw's discards other than the drawn tile may be allowed (as the reference)."""
    return max(1, d14) < before or (change_wait and before == 1) or extra > 0


def _arrays(distance: list[int], leaf: list[int], draws: list[list[tuple[float, float, list[int]]]],
            roots: list[int]) -> Graph:
    n = len(distance)
    draw_start = np.zeros(n + 1, dtype=np.int32)
    p: list[float] = []
    won: list[float] = []
    succ_start = [0]
    succ: list[int] = []
    for i in range(n):
        for prob, value, nexts in draws[i] if i < len(draws) else ():
            p.append(prob)
            won.append(value)
            succ.extend(nexts)
            succ_start.append(len(succ))
        draw_start[i + 1] = len(p)
    return Graph(np.asarray(distance, dtype=np.int32), np.asarray(leaf, dtype=np.uint8), draw_start,
                 np.asarray(p, dtype=np.float64), np.asarray(won, dtype=np.float64),
                 np.asarray(succ_start, dtype=np.int32), np.asarray(succ, dtype=np.int32), roots)
