"""The search, in plain Python: the specification the compiled twin (``_kernel``) meets.

The model (one player, no opponents):

* The **wall** holds the unseen tiles: four of each kind less the copies in the hand
  (the starting hand, with its melds) and the copies the player has seen elsewhere
  (``unseen`` below). A turn draws one tile from it uniformly: tile ``x`` with weight
  ``w[x] = unseen[x] - max(0, hand[x] - start[x])``, the copies not yet pulled into the
  hand. A tile drawn and thrown away again counts as unseen again: the model keeps no
  memory of discards, which is what makes it a dynamic program over hands.
* The player **wins only by self-draw**: a draw that makes a hand the rule set accepts
  (:class:`~mjscore.search.facts.Facts`) ends the game with its total. No kong is declared
  during the search (a fourth copy is one more tile) and no bonus tile is drawn.
* Otherwise the player **discards** one of the discards allowed after the draw of ``x``
  (distances as in :mod:`mjscore.search.facts`, ``d`` the hand's before the draw, ``D``
  the least distance a discard leaves):

  - ``x`` itself, always (the hand stays as it was);
  - a tile that leaves the hand at a distance ``D`` below ``d`` (the draw helped);
  - when the hand was ready and ``change_wait`` is on, a tile that leaves it ready;
  - with ``extra = e > 0``, a tile that leaves the hand within ``e`` of ``D`` and within
    ``e`` of the starting hand's least distance (the search may step back ``e`` tiles).

  Among those it picks the best by ``objective``: ``"score"`` compares the expected
  score, then the chance to win, then the chance to be ready; ``"win"`` the chance to
  win, then the expected score, then ready. Values within ``EPSILON`` (relative) are
  equal; a tie on all three keeps the first in tile order (the values are the same).
* The **value** of a 13-tile hand with ``k`` turns left is three numbers: the chance to
  be ready within the ``k`` turns (1 for a ready hand), to win within them, and the
  expected score (0 when not winning). With ``k = 0``: ready if at distance 1, no win.
  A hand at distance above ``k + 1`` is worth nothing (it can neither win nor get ready).
  Each horizon ``k`` is played by its own best discards.

The contract (both twins):

``search(facts, hand, unseen, turns, objective, extra, change_wait)`` with ``hand`` the
34 concealed counts (bytes; ``3k + 2`` tiles with the melds, or ``3k + 1``), ``unseen``
34 counts (bytes) of the wall's tiles at the start, ``objective`` ``"score"`` or
``"win"``. Returns ``(tiles, values)``: ``tiles`` the distinct discards in tile order
(``[-1]`` for a ``3k + 1`` hand, valued as it stands) and ``values`` a float64 array
``(len(tiles), 3, turns)``: per discard, per measure (ready, win, expected score), the
value of the hand after that discard with ``t + 1`` turns to play.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .facts import Facts

__all__ = ["search", "Search", "EPSILON", "allowed_discards", "better", "first_discards"]

EPSILON = 1e-9
"""Relative difference below which two values count as equal."""

Value = tuple[float, float, float]
"""(ready, win, expected score)."""

_ORDER = {"score": (2, 1, 0), "win": (1, 2, 0)}


def better(a: Value, b: Value, objective: str) -> bool:
    """Whether value ``a`` beats ``b`` under ``objective`` (a tie is not better)."""
    for i in _ORDER[objective]:
        scale = max(1.0, abs(a[i]), abs(b[i]))
        if a[i] > b[i] + EPSILON * scale:
            return True
        if a[i] < b[i] - EPSILON * scale:
            return False
    return False


def allowed_discards(facts: Facts, g: bytes, drawn: int, before: int, root: int, extra: int,
                     change_wait: bool) -> list[int]:
    """The discards allowed from ``g`` (14 tiles) after drawing ``drawn`` (tile order),
    ``before`` the distance before the draw, ``root`` the starting hand's least distance.
    The least distance a discard leaves is the 14-tile hand's own (at least 1)."""
    least = max(1, facts.distance(g))
    if least >= before and not (change_wait and before == 1) and extra == 0:
        return [drawn]  # nothing but the drawn tile can be allowed: no discard is worth a look
    allowed = []
    for y in range(34):
        if not g[y]:
            continue
        d = facts.distance(_minus(g, y))
        if (y == drawn or (d == least < before)
                or (change_wait and before == 1 and d == 1)
                or (extra > 0 and d <= least + extra and d <= root + extra)):
            allowed.append(y)
    return allowed


class Search:
    """One search's memoised values: ``value(h, k)`` of a 13-tile hand ``h`` (bytes) with
    ``k`` turns left, and the weights of its draws; ``root`` is the starting hand's least
    distance. (The Monte-Carlo test plays the policy these values define.)"""

    def __init__(self, facts: Facts, start: bytes, unseen: bytes, root: int, objective: str, extra: int,
                 change_wait: bool) -> None:
        self.facts, self.start, self.wall, self.root = facts, start, unseen, root
        self.objective, self.extra, self.change_wait = objective, extra, change_wait
        self.memo: dict[tuple[bytes, int], Value] = {}

    def weights(self, h: bytes) -> list[int]:
        """Each tile's weight in the next draw from ``h``: the copies not in the hand."""
        return [self.wall[x] - max(0, h[x] - self.start[x]) for x in range(34)]

    def allowed(self, g: bytes, x: int, before: int) -> list[int]:
        """The discards allowed from ``g`` after drawing ``x``, ``before`` the distance before it."""
        return allowed_discards(self.facts, g, x, before, self.root, self.extra, self.change_wait)

    def value(self, h: bytes, k: int) -> Value:
        """(ready, win, expected score) of ``h`` with ``k`` turns left."""
        key = (h, k)
        if key in self.memo:
            return self.memo[key]
        d = self.facts.distance(h)
        ready = 1.0 if d == 1 else 0.0
        found = (ready, 0.0, 0.0) if k == 0 or d > k + 1 else self._draw(h, d, k)
        self.memo[key] = found
        return found

    def _draw(self, h: bytes, d: int, k: int) -> Value:
        weights = self.weights(h)
        total = sum(weights)
        ready = win = score = 0.0
        for x in range(34):
            if weights[x] <= 0:
                continue
            p = weights[x] / total
            g = _plus(h, x)
            won = self.facts.value(g, x) if self.facts.distance(g) == 0 else None
            if won is not None:
                ready += p
                win += p
                score += p * won
                continue
            best: Value | None = None
            for y in self.allowed(g, x, d):
                v = self.value(_minus(g, y), k - 1)
                if best is None or better(v, best, self.objective):
                    best = v
            assert best is not None
            ready += p * best[0]
            win += p * best[1]
            score += p * best[2]
        if d == 1:
            ready = 1.0
        return (ready, win, score)


def search(facts: Facts, hand: bytes, unseen: bytes, turns: int, objective: str, extra: int,
           change_wait: bool) -> tuple[list[int], npt.NDArray[np.float64]]:
    """The value of each discard of ``hand`` per turn (see the module's docstring)."""
    tiles, roots = first_discards(facts, hand)
    root = min(facts.distance(h) for h in roots)
    found = Search(facts, hand, unseen, root, objective, extra, change_wait)
    values = np.zeros((len(tiles), 3, turns), dtype=np.float64)
    for i, h in enumerate(roots):
        for t in range(turns):
            values[i, :, t] = found.value(h, t + 1)
    return tiles, values


def first_discards(facts: Facts, hand: bytes) -> tuple[list[int], list[bytes]]:
    """The distinct first discards of a ``3k + 2`` hand and the hands they leave (tile
    order); ``([-1], [hand])`` for a ``3k + 1`` hand."""
    if facts_size(facts, list(hand)) % 3 == 2:
        tiles = [t for t in range(34) if hand[t]]
        return tiles, [_minus(hand, t) for t in tiles]
    return [-1], [hand]


def facts_size(facts: Facts, counts: list[int]) -> int:
    """Tiles in the hand, each declared meld counted as three."""
    return sum(counts) + 3 * sum(1 for m in facts.melds if m != 0xFF)


def _plus(h: bytes, t: int) -> bytes:
    return h[:t] + bytes((h[t] + 1,)) + h[t + 1:]


def _minus(h: bytes, t: int) -> bytes:
    return h[:t] + bytes((h[t] - 1,)) + h[t + 1:]
