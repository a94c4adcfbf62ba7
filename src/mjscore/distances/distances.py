"""How far a hand is from each special hand of a rule set, one hand or in bulk.

The distance to a special hand is the number of tiles the hand lacks to hold one
complete way of making it: ``sum(max(0, way[t] - held[t]))`` over the tiles, at the
nearest way whose groups include the hand's declared melds (an exposed meld only
where the special hand may be melded; a concealed kong wherever a kong may stand; a
claimed kong, ``{5555p}``, as an exposed kong, except that under a rule set whose
claimed kongs keep a hand concealed, ``claimed-kongs = "concealed"``, it may also stand
for a kong of a concealed hand, of sets or of a fixed shape, as the scorer reads it, as
a concealed kong does: not for a group that must itself be concealed, ``"kong 2m
concealed"``).
It is the number of exchanges (draw one tile, discard another) that separate a
14-tile hand from the special hand, 0 when it holds one; a 13-tile hand is at least
one tile away. A kong counts four tiles, so a hand of kongs is further than the
same hand of pungs.

Only the tiles count: a hand's situation (``when``, ``unless``, ``win-tile``, the
winning group) is not part of it, and the hands made by the situation alone (heaven,
earth) have no distance and no column. A special hand the declared melds rule out
(a concealed hand with an exposed meld, a meld no group of the hand can be) has no
distance: :func:`distances` gives None for it; the arrays of :func:`distances_many`
hold :data:`UNREACHABLE` (127), which sorts after every real distance. So has a hand
the rule set's chow limit rules out for every hand (``max-chows`` with the exception
off, and a hand whose every way holds more chows, as american's chop-suey under
``max_chows=0, max_chows_exception=False``): the scorer never makes it. The chow limit
is a rule of the tiles; the situation is not.

Jokers held concealed count where the rule set lets them stand (``rules.jokers``, see
:mod:`mjscore.core.jokers`): a way's missing tiles that jokers may fill (each in a group that
may hold one, within its capacity: a pung 2, a kong 3, a chow, pair or single 1, a run of
singles 1 in all, knitted groups none; every group keeps a natural tile) are not
counted, up to the jokers held; the hand's size counts the jokers. So the distance is
``min over ways of M - min(J, E)``: ``M`` the way's missing tiles, ``E`` the most of them
jokers could fill, ``J`` the jokers held (see ``mjscore.distances._jokers_reference``). Jokers
inside declared melds count as the tiles they stand for (the meld is exact and is not
changed). A rule set without jokers gives a hand holding one no distances (bulk:
``NOT_WINNING``; one hand: :class:`~mjscore.core.errors.NotWinningError`).

Both backends compute it suit by suit (see ``mjscore.distances._reference``); the
compiled one memoises each suit's table, so the first call on a rule set builds its
tables and later calls are fast.

>>> import mjscore
>>> mjscore.distances("19m19p19s1234567z1m", "chinese-classical")["thirteen-orphans"]
0
>>> table, ids = mjscore.distances_many([mjscore.parse_tiles("19m19p19s1234567z")], "chinese-classical")
>>> int(table[0, ids.index("thirteen-orphans")]), int(table[0, ids.index("nine-gates")])
(1, 12)
>>> mjscore.distances("19m19p19s123456z J", mjscore.load_rules("chinese-classical", joker_use="pairs"))["thirteen-orphans"]
1
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .._backend import CHOSEN, twin
from ._reference import UNREACHABLE
from ..core.errors import InvalidHandError
from ..core.hand import MAX_JOKERS, Hand
from ..core.notation import parse_hand
from ..core.context import CLAIMED_SHIFT
from ..rows.codec import MELDS_PER_ROW, claimed_bits, meld_bytes
from ..rows.coerce import as_batch, claimed_batch, joker_batch, meld_rows
from ..rules import RuleSet, load_rules
from .targets import distance_targets
from ..score.scoring import check_jokers

__all__ = ["UNREACHABLE", "distances", "distances_many", "distance_engine", "hand_row", "claimed_row",
           "check_row"]


class DistanceEngine(Protocol):
    """What both backends' distance tables offer."""

    n_columns: int

    def clear(self) -> None: ...

    def distances_many(self, counts: Any, melds: Any, jokers: Any, out: Any, status: Any,
                       claimed: Any = None) -> None: ...


def distance_engine(rules: RuleSet, backend: str | None = None) -> tuple[DistanceEngine, tuple[str, ...]]:
    """The rule set's distance tables for a backend (``"cython"`` or ``"python"``; default
    the one :mod:`mjscore._backend` chose), built once per rule set and kept, and the ids
    of their columns."""
    backend = backend or CHOSEN["distances"]
    kept = rules.caches.distances
    if backend not in kept:
        reachable, targets = distance_targets(rules.hands, rules.claimed_concealed)
        engine: DistanceEngine = twin("distances", backend).Distances(reachable, targets, rules.jokers)
        kept[backend] = (engine, tuple(rules.hands[i].id for i in reachable))
    return kept[backend]


def _joker_rows(jokers: Any, n: int) -> npt.NDArray[np.uint8] | None:
    """The jokers column the engines read: None when no row holds one (the no-joker
    path), a count above 8 as 255, which the engines mark ``BAD_COUNT``."""
    array = joker_batch(jokers, n)
    if array is None or not array.any():
        return None
    return np.where(array > MAX_JOKERS, np.uint8(255), array)


def distances_many(counts: Any, rules: str | RuleSet = "babcock", *, melds: Any = None, jokers: Any = None,
                   claimed: Any = None, return_status: bool = False) -> Any:
    """``(n, 34)`` concealed counts -> an ``(n, H)`` int8 array of distances to the rule
    set's ``H`` special hands with tiles, and their ids (the columns' order).

    ``melds`` is an ``(n, 4)`` array of meld bytes (:mod:`mjscore.rows`); ``jokers`` an
    ``(n,)`` integer array (or one count for every row) of jokers held concealed;
    ``claimed``, as :func:`mjscore.score_many` takes it, an ``(n,)`` integer array (or one
    value for every row) marking which melds are claimed kongs: bit ``k`` the row's
    ``k``-th meld (default: none). A row must hold 13 or 14 tiles, a meld counting three
    and a joker one; a bad row is :data:`UNREACHABLE` in every column and, with
    ``return_status=True``, gets its :class:`~mjscore.core.errors.HandStatus` in a third
    array returned: ``BAD_COUNT`` for more than 8 jokers, ``NOT_WINNING`` for jokers under
    a rule set without them, ``BAD_MELD`` for a claimed mark on a meld that is no exposed
    kong or on no meld. See the module docstring for what a distance is.

    :raises ~mjscore.core.errors.InvalidContextError: for a ``claimed`` of another shape, or a value outside
        0-15 (as :func:`mjscore.score_many` raises).

    There is no ``threads=``: the rows of one call share the engine's memo of suit
    distances (what makes a large batch fast), so they are not independent work.
    """
    ruleset = load_rules(rules)
    batch = as_batch(counts)
    n = batch.shape[0]
    meld_codes = meld_rows(melds, n)  # the kernel reads rows in place
    wild = _joker_rows(jokers, n)
    marks = claimed_batch(claimed, n)
    engine, ids = distance_engine(ruleset)
    out = np.empty((n, engine.n_columns), dtype=np.int8)
    status = np.empty(n, dtype=np.uint8)
    engine.distances_many(batch, meld_codes, wild, out, status, marks)
    return (out, ids, status) if return_status else (out, ids)


def hand_row(hand: Hand | str) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """One hand as the (1, 34) counts, (1, 4) meld bytes and (1,) concealed jokers that
    distances read (jokers in melds count as the tiles they stand for)."""
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    if not isinstance(parsed, Hand):
        raise InvalidHandError(f"expected a Hand or its notation, got {hand!r}")
    counts = np.array([parsed.concealed], dtype=np.uint8)
    melds = np.frombuffer(meld_bytes(parsed.melds), dtype=np.uint8).reshape(1, MELDS_PER_ROW)
    return counts, melds, np.array([parsed.jokers], dtype=np.uint8)


def claimed_row(hand: Hand) -> npt.NDArray[np.uint8] | None:
    """One hand's claimed kongs as the ``(1,)`` ``claimed`` column of
    :func:`distances_many` (bit ``k``: its ``k``-th meld), or None when it has none."""
    bits = claimed_bits(hand.melds) >> CLAIMED_SHIFT if hand.melds else 0
    return np.array([bits], dtype=np.uint8) if bits else None


def check_row(hand: Hand, rules: RuleSet, status: int, what: str = "distances") -> None:
    """Raise the error a bad one-hand row calls for (``status`` a
    :class:`~mjscore.core.errors.HandStatus`; nothing for ``OK``): as :func:`mjscore.score`,
    a hand's jokers need a rule set that uses them, and its melds' jokers a group
    where they may stand."""
    if hand.total_jokers:
        check_jokers(hand, rules)
    if status:
        raise InvalidHandError(f"{hand}: {what} need a hand of 13 or 14 tiles (a meld counting three, "
                               "a joker one)")


def distances(hand: Hand | str, rules: str | RuleSet = "babcock") -> dict[str, int | None]:
    """The distance from one hand to each special hand of the rule set with tiles, by id,
    in the rule set's order (see the module docstring); None for a special hand the
    hand's declared melds, or the rule set's chow limit, rule out. A claimed kong
    (``{5555p}``, ``Meld(claimed=True)``) counts as the module docstring says.

    :raises InvalidHandError: for a hand that is not 13 or 14 tiles (a meld counting
        three, a joker one).
    :raises NotWinningError: for a hand holding jokers under a rule set without them, or
        a declared meld holding one where the rule set lets none stand.
    """
    ruleset = load_rules(rules)
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    counts, melds, jokers = hand_row(parsed)
    out, ids, status = distances_many(counts, ruleset, melds=melds, jokers=jokers, claimed=claimed_row(parsed),
                                      return_status=True)
    check_row(parsed, ruleset, int(status[0]))
    return {hand_id: None if d == UNREACHABLE else int(d) for hand_id, d in zip(ids, out[0])}
