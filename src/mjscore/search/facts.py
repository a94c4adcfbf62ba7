"""What the search asks of a hand, under one rule set, one set of declared melds and one
context: how far it is from a winning hand, and what it scores when it wins by self-draw.

The **distance** of a hand (13 or 14 tiles with its melds) is the fewest tiles it must
draw to hold a winning shape: the standard shanten plus one (four sets and a pair), or
the distance to the nearest special hand of the rule set (:mod:`mjscore.distances`),
whichever is less (the declared melds' claimed kongs counted there as the scorer counts
them). A 14-tile hand at distance 0 holds a winning shape; a 13-tile hand at
distance 1 is **ready**. The **value** of a 14-tile hand that went out on a self-drawn
``tile`` is its total under the rule set (:func:`mjscore.score`), or ``None`` when the
rule set does not accept it (a minimum it misses, a limit on chows).

Both are kept per hand (the reference search asks again and again). The compiled twin
reads the same facts from the compiled kernels themselves (``mjscore.search._kernel``),
with the rule set, melds and context (``context_row``) bound here.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from .._backend import CHOSEN, twin
from ..core.context import CLAIMED_SHIFT, WinContext
from ..core.errors import HandStatus, status_error
from ..distances.distances import distance_engine
from ..rules import RuleSet
from ..shanten.shanten import Form

__all__ = ["Facts"]

_STANDARD = int(Form.STANDARD)

_ENGINE_LOCK = threading.Lock()
"""Held around every call of a rule set's distance engine: its memo of suit tables is
shared by every caller, and searches on several threads share it (the compiled engine
also takes turns by its own lock, for the compiled search, which calls it without the GIL)."""


class Facts:
    """A rule set, declared melds (four meld bytes) and a context bound for the search.

    :param backend: the backend of the twins asked (``"cython"`` or ``"python"``);
        default: the one chosen for each job.
    """

    __slots__ = ("rules", "melds", "claimed", "_melds_row", "_claimed_row", "context_row", "_shanten", "_score",
                 "_engine", "_width", "_distance", "_special", "_value")

    def __init__(self, rules: RuleSet, melds: bytes, context: dict[str, Any], backend: str | None = None,
                 claimed: int = 0) -> None:
        self.rules = rules
        self.melds = melds
        self._melds_row = np.frombuffer(melds, dtype=np.uint8).reshape(1, 4)
        ctx = WinContext.from_keywords(**{**context, "self_drawn": True})
        # (``claimed``: the context word's bits of the melds that are claimed kongs)
        self.context_row = (ctx.flags | claimed, int(ctx.seat_wind), int(ctx.prevailing_wind))
        # which melds are claimed kongs, bit k the k-th (distances_many's ``claimed``): they
        # count in the special hands' distances as in the scorer
        self.claimed = claimed >> CLAIMED_SHIFT & 0xF
        self._claimed_row = np.array([self.claimed], dtype=np.uint8) if self.claimed else None
        self._shanten = twin("shanten", backend)
        self._score = twin("score", backend)
        self._engine, _ = distance_engine(rules, backend or CHOSEN["distances"])
        self._width = self._engine.n_columns
        self._distance: dict[bytes, int] = {}
        self._special: dict[bytes, int] = {}
        self._value: dict[tuple[bytes, int], int | None] = {}

    def distance(self, hand: bytes) -> int:
        """The hand's distance (34 concealed counts as bytes, 13 or 14 tiles with the melds)."""
        found = self._distance.get(hand)
        if found is None:
            found = self.distances([hand])[0]
        return found

    def distances(self, hands: list[bytes]) -> list[int]:
        """The distances of several hands at once (kept, like :meth:`distance`'s)."""
        todo = [h for h in dict.fromkeys(hands) if h not in self._distance]
        if todo:
            for hand, d in zip(todo, self._compute(todo)):
                self._distance[hand] = d
        return [self._distance[h] for h in hands]

    def _compute(self, hands: list[bytes]) -> list[int]:
        counts: npt.NDArray[np.uint8] = np.frombuffer(b"".join(hands), dtype=np.uint8).reshape(len(hands), 34)
        standard, special = self.standard_array(counts), self.special_array(counts)
        for hand, d in zip(hands, special.tolist()):
            self._special[hand] = d
        return np.minimum(standard, special).tolist()  # type: ignore[no-any-return]

    def special(self, hand: bytes) -> int:
        """The hand's distance to its nearest special hand (127 when none is reachable)."""
        if hand not in self._special:
            self.distances([hand])
        return self._special[hand]

    def standard_array(self, counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.int16]:
        """The standard part of the distances of ``(n, 34)`` rows: the shanten plus one."""
        n = counts.shape[0]
        standard = np.empty(n, dtype=np.int8)
        status = np.empty(n, dtype=np.uint8)
        self._shanten.shanten_many(counts, np.repeat(self._melds_row, n, axis=0), _STANDARD, standard, status)
        if status.any():
            raise status_error(int(status[status != 0][0]))
        return standard.astype(np.int16) + 1

    def special_array(self, counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.int16]:
        """The special part of the distances of ``(n, 34)`` rows (C-contiguous): to the
        nearest special hand, 127 when none is reachable."""
        n = counts.shape[0]
        if not self._width or n == 0:
            return np.full(n, 127, dtype=np.int16)
        found = np.empty((n, self._width), dtype=np.int8)
        status = np.empty(n, dtype=np.uint8)
        melds = np.repeat(self._melds_row, n, axis=0)
        with _ENGINE_LOCK:
            self._engine.distances_many(counts, melds, None, found, status,
                                        None if self._claimed_row is None else np.repeat(self._claimed_row, n))
        if status.any():
            raise status_error(int(status[status != 0][0]))
        nearest: npt.NDArray[np.int16] = found.min(axis=1).astype(np.int16)
        return nearest

    def value(self, hand: bytes, tile: int) -> int | None:
        """The total of a 14-tile hand gone out on a self-drawn ``tile``, or None when the
        rule set does not accept it as a win."""
        key = (hand, tile)
        if key in self._value:
            return self._value[key]
        total: int = self._score.total_one(hand, self.melds, tile, *self.context_row, self.rules)
        if total < 0 and -total != HandStatus.NOT_WINNING:
            raise status_error(-total)
        found = total if total >= 0 else None
        self._value[key] = found
        return found
