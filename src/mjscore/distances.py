"""How far a hand is from each special hand of a rule set, one hand or in bulk.

The distance to a special hand is the number of tiles the hand lacks to hold one
complete way of making it: ``sum(max(0, way[t] - held[t]))`` over the tiles, at the
nearest way whose groups include the hand's declared melds (an exposed meld only
where the special hand may be melded; a concealed kong wherever a kong may stand).
It is the number of exchanges (draw one tile, discard another) that separate a
14-tile hand from the special hand, 0 when it holds one; a 13-tile hand is at least
one tile away. A kong counts four tiles, so a hand of kongs is further than the
same hand of pungs.

Only the tiles count: a hand's situation (``when``, ``unless``, ``win-tile``, the
winning group) is not part of it, and the hands made by the situation alone (heaven,
earth) have no distance and no column. A special hand the declared melds rule out
(a concealed hand with an exposed meld, a meld no group of the hand can be) is
:data:`UNREACHABLE` (127), which sorts after every real distance.

Both backends compute it suit by suit (see ``mjscore._distance_reference``); the
compiled one memoises each suit's table, so the first call on a rule set builds its
tables and later calls are fast. Jokers are not counted yet: a hand holding one is
refused (``jokers=`` must be None or all zero).

>>> import mjscore
>>> mjscore.distances("19m19p19s1234567z1m", "chinese-classical")["thirteen-orphans"]
0
>>> table, ids = mjscore.distances_many([mjscore.parse_tiles("19m19p19s1234567z")], "chinese-classical")
>>> int(table[0, ids.index("thirteen-orphans")]), int(table[0, ids.index("nine-gates")])
(1, 12)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from ._backend import BACKEND
from ._distance_reference import UNREACHABLE, ReferenceDistances
from .bulk import as_batch
from .errors import InvalidHandError, NotWinningError
from .hand import Hand
from .notation import parse_hand
from .rows import MELDS_PER_ROW, NO_MELD, meld_bytes
from .rules import RuleSet, load_rules
from .rules.distance_targets import distance_targets

__all__ = ["UNREACHABLE", "distances", "distances_many", "distance_engine", "hand_row"]


class DistanceEngine(Protocol):
    """What both backends' distance tables offer."""

    n_columns: int

    def clear(self) -> None: ...

    def distances_many(self, counts: Any, melds: Any, out: Any, status: Any) -> None: ...


def distance_engine(rules: RuleSet, backend: str = BACKEND) -> tuple[DistanceEngine, tuple[str, ...]]:
    """The rule set's distance tables for a backend (``"cython"`` or ``"python"``), built
    once per rule set and kept, and the ids of their columns."""
    key = f"distances-{backend}"
    if key not in rules.derived:
        reachable, targets = distance_targets(rules.hands)
        engine: DistanceEngine
        if backend == "cython" and not TYPE_CHECKING:  # the reference is the typed contract
            from ._distance_kernel import CompiledDistances
            engine = CompiledDistances(reachable, targets)
        else:
            engine = ReferenceDistances(reachable, targets)
        rules.derived[key] = (engine, tuple(rules.hands[i].id for i in reachable))
    found: tuple[DistanceEngine, tuple[str, ...]] = rules.derived[key]  # type: ignore[assignment]
    return found


def _meld_batch(melds: Any, n: int) -> npt.NDArray[np.uint8]:
    if melds is None:
        return np.full((n, MELDS_PER_ROW), NO_MELD, dtype=np.uint8)
    array = np.asarray(melds)
    if array.shape != (n, MELDS_PER_ROW) or array.dtype.kind not in "iu":
        raise InvalidHandError(f"melds: expected an ({n}, {MELDS_PER_ROW}) integer array of meld codes "
                               f"(0xFF for no meld), got shape {array.shape} and dtype {array.dtype}")
    if ((array < 0) | (array > 255)).any():
        raise InvalidHandError("melds: meld codes are bytes (0-255)")
    return np.ascontiguousarray(array, dtype=np.uint8)


def _check_jokers(jokers: Any, n: int) -> None:
    if jokers is None:
        return
    array = np.asarray(jokers)
    if array.shape not in ((), (n,)) or array.dtype.kind not in "iu":
        raise InvalidHandError(f"jokers: expected an ({n},) integer array, got shape {array.shape}")
    if array.any():
        raise NotWinningError("distances do not count jokers yet: give hands without jokers")


def distances_many(counts: Any, rules: str | RuleSet = "babcock", *, melds: Any = None, jokers: Any = None,
                   return_status: bool = False) -> Any:
    """``(n, 34)`` concealed counts -> an ``(n, H)`` int8 array of distances to the rule
    set's ``H`` special hands with tiles, and their ids (the columns' order).

    ``melds`` is an ``(n, 4)`` array of meld bytes (:mod:`mjscore.rows`). A row must hold
    13 or 14 tiles, a meld counting three; a bad row is :data:`UNREACHABLE` in every
    column and, with ``return_status=True``, gets its :class:`~mjscore.errors.HandStatus`
    in a third array returned. See the module docstring for what a distance is.
    """
    ruleset = load_rules(rules)
    batch = as_batch(counts)
    n = batch.shape[0]
    meld_codes = _meld_batch(melds, n)
    _check_jokers(jokers, n)
    engine, ids = distance_engine(ruleset)
    out = np.empty((n, engine.n_columns), dtype=np.int8)
    status = np.empty(n, dtype=np.uint8)
    engine.distances_many(batch, meld_codes, out, status)
    return (out, ids, status) if return_status else (out, ids)


def hand_row(hand: Hand | str) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """One hand as the (1, 34) counts and (1, 4) meld bytes distances read.

    :raises NotWinningError: for a hand holding jokers (not counted yet).
    """
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    if not isinstance(parsed, Hand):
        raise InvalidHandError(f"expected a Hand or its notation, got {hand!r}")
    if parsed.total_jokers:
        raise NotWinningError("distances do not count jokers yet: give a hand without jokers")
    counts = np.array([parsed.concealed], dtype=np.uint8)
    melds = np.frombuffer(meld_bytes(parsed.melds), dtype=np.uint8).reshape(1, MELDS_PER_ROW)
    return counts, melds


def distances(hand: Hand | str, rules: str | RuleSet = "babcock") -> dict[str, int]:
    """The distance from one hand to each special hand of the rule set with tiles, by id,
    in the rule set's order (see the module docstring).

    :raises InvalidHandError: for a hand that is not 13 or 14 tiles (a meld counting three).
    """
    counts, melds = hand_row(hand)
    out, ids, status = distances_many(counts, rules, melds=melds, return_status=True)
    if status[0]:
        raise InvalidHandError(f"{hand}: distances need a hand of 13 or 14 tiles (a meld counting three)")
    return {hand_id: int(d) for hand_id, d in zip(ids, out[0])}
