"""The chance to win and the expected score of every discard, under any rule set.

:func:`discard_values` values each distinct discard of a 14-tile hand (a meld counting
three) by a backward dynamic program over a one-player model:

* the player draws from the **unseen tiles** uniformly (four of each kind less the
  hand's and the ``visible`` ones; a tile drawn and thrown away counts as unseen again),
* **wins only by self-draw**, with the hand's total under the rule set
  (:func:`mjscore.score` with ``self_drawn=True`` and the context given); special hands
  count, as the rule set scores them,
* and after each draw discards to maximise the expected score (``objective="score"``)
  or the chance to win (``objective="win"``), among: the tile just drawn; a tile that
  leaves the hand closer to a winning hand than before the draw (closest first:
  ``extra`` widens it); when ready and ``change_wait`` is on, a tile that keeps it
  ready (a different wait); with ``extra = e``, any tile that leaves the hand at most
  ``e`` tiles farther than the best discard and than the starting hand.

"Closer" is the **distance**: the fewest tiles to draw to a winning shape, the standard
shanten plus one or the distance to the nearest special hand of the rule set
(:mod:`mjscore.distances`), so a hand far from four sets and a pair but near a special
hand is searched toward it. Ties: the expected score first, then the chance to win,
then the chance to be ready (``objective="win"``: the chance to win first). Each turn
column ``t`` is the value of playing ``t`` turns, each horizon with its own best
discards. No kong is declared during the search (a fourth copy is one more tile) and
no bonus tile is drawn: a player declaring a kong or drawing a flower draws again,
which the model leaves out. Jokers are not searched.

The full model, as both backends compute it, is the docstring of
``mjscore.search._reference``.

>>> import mjscore
>>> found = mjscore.discard_values("123m456p789s11233z", "babcock", turns=3)
>>> best = found.best
>>> str(best.tile), best.shanten, [str(t) for t in best.useful], best.copies
('2z', 0, ['1z', '3z'], (2, 2))
>>> best.ready[0], 0 < best.win[0] < best.win[2] < 1
(1.0, True)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .._backend import twin
from ..core.errors import InvalidHandError, MjscoreError
from ..core.hand import Hand
from ..core.notation import parse_hand
from ..core.tile import Tile, parse_tiles
from ..decompose.bulk import run_each
from ..rows.codec import claimed_bits, meld_bytes
from ..rows.coerce import NO_MELDS, check_threads
from ..rules import RuleSet, load_rules
from ..shanten.useful_tiles import UsefulTiles, useful_tiles, useful_tiles_many, visible_rows
from .facts import Facts

__all__ = ["DiscardValue", "DiscardValues", "DiscardValuesMany", "discard_values", "discard_values_many", "prepare",
           "Objective", "MAX_TURNS", "use_html"]

Objective = Literal["score", "win"]
"""What the player maximises: the expected score, or the chance to win."""

MAX_TURNS = 60
"""The most turns a search looks ahead (a wall of 136 tiles gives a player about 30)."""

_FLAGS = ("win_tile", "winner")


@dataclass(frozen=True, slots=True)
class DiscardValue:
    """One discard's row: the ``tile`` thrown (None: the 13-tile hand as it stands), the
    hand's ``shanten`` after it (:func:`mjscore.shanten`, every form), its ``distance``
    (tiles to draw to a winning shape, special hands counted), its ``useful`` tiles with
    the ``copies`` left of each, and per turn ``t`` (index ``t - 1``) the chance to be
    ``ready`` by then, to ``win`` by then, and the ``expected`` score."""

    tile: Tile | None
    shanten: int
    distance: int
    useful: tuple[Tile, ...]
    copies: tuple[int, ...]
    ready: tuple[float, ...]
    win: tuple[float, ...]
    expected: tuple[float, ...]

    @property
    def remaining(self) -> int:
        """Copies left of the useful tiles together."""
        return sum(self.copies)


@dataclass(frozen=True, slots=True)
class DiscardValues:
    """Every distinct discard's :class:`DiscardValue`, best first (by ``objective`` at the
    last turn; equal values in tile order), with what was searched."""

    hand: Hand
    rules: str
    turns: int
    objective: str
    rows: tuple[DiscardValue, ...]

    def __iter__(self) -> Iterator[DiscardValue]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, tile: Tile | int | str) -> DiscardValue:
        """The row of a discard, by tile (``found["3z"]``)."""
        wanted = Tile(parse_tiles(tile).index(1)) if isinstance(tile, str) else Tile(tile)
        for row in self.rows:
            if row.tile == wanted:
                return row
        raise KeyError(str(wanted))

    @property
    def best(self) -> DiscardValue:
        """The best discard (the first row)."""
        return self.rows[0]

    def _repr_html_(self) -> str | None:
        """The table and a chart of the win chance by turn, as HTML for notebooks (see
        :mod:`mjscore.display`); None while that module is not imported."""
        return None if _html is None else _html(self)


_html: Callable[[DiscardValues], str] | None = None


def use_html(writer: Callable[[DiscardValues], str]) -> None:
    """Make ``writer`` (:func:`mjscore.display.discard_values_html`, which calls this when
    it is imported: the display builds on this module) what
    :meth:`DiscardValues._repr_html_` returns."""
    global _html
    _html = writer


def discard_values(hand: Hand | str | Any, rules: str | RuleSet = "babcock", *, turns: int = 12,
                   visible: Any = None, objective: Objective = "score", extra: int = 0,
                   change_wait: bool = False, **context: Any) -> DiscardValues:
    """The chance to be ready, to win and the expected score of each discard of ``hand``
    within ``turns`` turns (see the module docstring for the model).

    :param hand: 14 tiles with the melds (a :class:`~mjscore.Hand`, its notation or 34
        concealed counts), valued per discard; or 13, valued as it stands (one row,
        ``tile`` None).
    :param visible: 34 counts (or tile notation) of the tiles seen elsewhere: discards,
        other players' melds; they leave the wall.
    :param objective: ``"score"`` (default) or ``"win"``.
    :param extra: how many tiles the search may step back from the best (0: never).
    :param change_wait: whether a ready hand may change to a different ready hand
        (default off: a ready hand keeps its wait, as most players do, and the search is
        several times faster; on, every wait the hand could move to is searched).
    :param context: keywords of :func:`mjscore.score` (``seat_wind``, ``prevailing_wind``,
        ...); every win is self-drawn.
    :raises InvalidHandError: for a hand that cannot be searched (size, jokers, bonus
        tiles) or ``visible`` counts the hand contradicts.
    :raises MjscoreError: for ``turns``, ``objective`` or ``extra`` out of range.
    """
    ruleset, found_hand, facts, counts, unseen = prepare(hand, rules, visible, context)
    _check_options(turns, objective, extra)
    tiles, values = twin("search").search(facts, counts, unseen, turns, objective, extra, bool(change_wait))
    return _table(found_hand, ruleset, facts, tiles, values, turns, objective, visible)


def prepare(hand: Hand | str | Any, rules: str | RuleSet, visible: Any,
            context: dict[str, Any]) -> tuple[RuleSet, Hand, Facts, bytes, bytes]:
    """The checked inputs of a search: the rule set, the hand, its facts, its concealed
    counts and the unseen counts (bytes)."""
    ruleset = load_rules(rules)
    found = as_hand(hand)
    facts = Facts(ruleset, meld_bytes(found.melds), _search_context(context), claimed=claimed_bits(found.melds))
    return ruleset, found, facts, bytes(found.concealed), unseen_counts(found, visible)


def _search_context(context: dict[str, Any]) -> dict[str, Any]:
    """The keywords of :func:`mjscore.score` a search passes on (every win is self-drawn)."""
    for name in _FLAGS:
        if name in context:
            raise InvalidHandError(f"{name}= has no place in a search: every win is a self-drawn tile")
    return {k: v for k, v in context.items() if k != "self_drawn"}


def as_hand(hand: Hand | str | Any) -> Hand:
    """A hand the search accepts: 13 or 14 tiles with its melds, no jokers, no bonus tiles."""
    if isinstance(hand, str):
        found = parse_hand(hand)
    elif isinstance(hand, Hand):
        found = hand
    else:
        try:  # whole numbers only: 1.5 copies of a tile is no hand (int() would cut it to one)
            counts = tuple(operator.index(c) for c in hand)
        except TypeError:
            raise InvalidHandError(f"expected a hand, its notation or 34 whole tile counts, "
                                   f"got {hand!r:.60}") from None
        found = Hand(counts)
    if found.total_jokers:
        raise InvalidHandError("the search does not place jokers: give a hand without jokers")
    if found.bonus:
        raise InvalidHandError("the search draws no bonus tiles: give flowers= and seasons= as keywords instead")
    if found.size not in (13, 14):
        raise InvalidHandError(f"a search needs 13 or 14 tiles (a meld counting three), got {found.size}")
    return found


def unseen_counts(hand: Hand, visible: Any) -> bytes:
    """The wall's counts at the start: four of each kind less the hand's and the visible."""
    seen = _visible(visible)
    held = hand.counts
    out = []
    for t in range(34):
        left = 4 - held[t] - seen[t]
        if left < 0:
            raise InvalidHandError(f"visible: {seen[t]} {Tile(t)} seen and {held[t]} held, "
                                   f"but a set has only four")
        out.append(left)
    return bytes(out)


def _visible(visible: Any) -> tuple[int, ...]:
    if visible is None:
        return (0,) * 34
    if isinstance(visible, str):
        return parse_tiles(visible)
    try:
        seen = tuple(operator.index(c) for c in visible)
    except TypeError:
        raise InvalidHandError(f"visible: expected 34 whole tile counts or tile notation, "
                               f"got {visible!r:.60}") from None
    if len(seen) != 34 or any(not 0 <= c <= 4 for c in seen):
        raise InvalidHandError(f"visible: expected 34 tile counts from 0 to 4, got {visible!r:.60}")
    return seen


def _check_options(turns: int, objective: str, extra: int) -> None:
    if isinstance(turns, bool) or not isinstance(turns, (int, np.integer)) or not 1 <= turns <= MAX_TURNS:
        raise MjscoreError(f"turns: expected a whole number from 1 to {MAX_TURNS}, got {turns!r}")
    if objective not in ("score", "win"):
        raise MjscoreError(f"objective: expected 'score' or 'win', got {objective!r}")
    if isinstance(extra, bool) or not isinstance(extra, (int, np.integer)) or not 0 <= extra <= 4:
        raise MjscoreError(f"extra: expected a whole number from 0 to 4 (tiles the search may step back), "
                           f"got {extra!r}")


def _table(hand: Hand, rules: RuleSet, facts: Facts, tiles: list[int], values: npt.NDArray[np.float64],
           turns: int, objective: str, visible: Any) -> DiscardValues:
    counts = bytes(hand.concealed)
    found = useful_tiles(hand, visible=_visible(visible))
    per_discard = dict(found.discards)
    rows = []
    for i, tile in enumerate(tiles):
        if tile < 0:
            useful: UsefulTiles = found
            after = counts
        else:
            useful = per_discard[Tile(tile)]
            after = counts[:tile] + bytes((counts[tile] - 1,)) + counts[tile + 1:]
        ready, win, expected = (tuple(float(v) for v in values[i, m]) for m in range(3))
        rows.append(DiscardValue(None if tile < 0 else Tile(tile), useful.shanten, facts.distance(after),
                                 useful.tiles, useful.copies, ready, win, expected))
    key = (lambda r: (-round(r.expected[-1], 9), -round(r.win[-1], 12), -round(r.ready[-1], 12))) \
        if objective == "score" else (lambda r: (-round(r.win[-1], 12), -round(r.expected[-1], 9),
                                                 -round(r.ready[-1], 12)))
    rows.sort(key=key)
    return DiscardValues(hand, rules.name, turns, objective, tuple(rows))


@dataclass(frozen=True, slots=True)
class DiscardValuesMany:
    """The searches of a batch: ``ready``, ``win`` and ``expected`` are ``(n, 34, turns)``
    float64 arrays, ``[i, d, t]`` the value of row ``i`` after discarding tile ``d`` with
    ``t + 1`` turns to play; NaN where row ``i`` holds no ``d``."""

    ready: npt.NDArray[np.float64]
    win: npt.NDArray[np.float64]
    expected: npt.NDArray[np.float64]


def discard_values_many(hands: Any, rules: str | RuleSet = "babcock", *, turns: int = 12, visible: Any = None,
                        objective: Objective = "score", extra: int = 0, change_wait: bool = False,
                        threads: int | None = 1, **context: Any) -> DiscardValuesMany:
    """:func:`discard_values` of each row of ``hands``, an ``(n, 34)`` array of concealed
    14-tile hands (no melds), as arrays (:class:`DiscardValuesMany`).

    ``visible`` is 34 counts for every row or ``(n, 34)``. With ``threads > 1`` (``0`` or
    None: every core) the rows are shared among threads, each search running without the
    GIL from start to end; the longest searches by an estimate (:func:`_search_cost`) go
    first, so that no thread is left with a long one at the end.

    :raises InvalidHandError: for a row that is not 14 tiles from 0 to 4 each, or
        ``visible`` that does not fit.
    :raises MjscoreError: for options out of range, or ``threads`` below 1.
    """
    batch = np.asarray(hands)
    if batch.ndim != 2 or batch.shape[1] != 34:
        raise InvalidHandError(f"hands: expected an (n, 34) array of tile counts, got shape {batch.shape}")
    if batch.dtype.kind not in "iu":
        raise InvalidHandError(f"hands: tile counts must be integers (ideally uint8), got dtype {batch.dtype}")
    _check_options(turns, objective, extra)
    threads = check_threads(threads)
    n = batch.shape[0]
    if ((batch < 0) | (batch > 4)).any():
        raise InvalidHandError("hands: each count must be from 0 to 4")
    totals = batch.sum(axis=1)
    if (totals != 14).any():
        raise InvalidHandError(f"hands: each row must hold 14 tiles, got {totals[totals != 14][0]}")
    counts = batch.astype(np.uint8)
    seen = np.broadcast_to(visible_rows(parse_tiles(visible) if isinstance(visible, str) else visible, n), (n, 34))
    unseen = 4 - counts.astype(np.int16) - seen.astype(np.int16)
    if (unseen < 0).any():
        i, t = (int(k) for k in np.argwhere(unseen < 0)[0])
        raise InvalidHandError(f"visible: {seen[i, t]} {Tile(t)} seen and {counts[i, t]} held in row {i}, "
                               f"but a set has only four")
    ruleset = load_rules(rules)
    facts = Facts(ruleset, NO_MELDS, _search_context(context))
    out = np.full((3, n, 34, turns), np.nan)
    module = twin("search")
    rows = [(counts[i].tobytes(), unseen[i].astype(np.uint8).tobytes()) for i in range(n)]

    def work(i: int) -> None:
        tiles, values = module.search(facts, *rows[i], turns, objective, extra, bool(change_wait))
        for k, tile in enumerate(tiles):
            out[:, i, tile, :] = values[k]

    if threads == 1 or n < 2:
        for i in range(n):
            work(i)
    else:
        run_each(np.argsort(-_search_cost(counts), kind="stable").tolist(), threads, work)
    return DiscardValuesMany(out[0], out[1], out[2])


def _search_cost(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
    """An estimate of each 14-tile row's search time, to start the longest first: over its
    discards, the useful tiles' kinds to the power of the draws still needed (the
    standard shanten plus one), which grows as the graph of hands a search builds."""
    found = useful_tiles_many(counts, forms="standard", per_discard=True)
    kinds = np.unpackbits(found.mask.view(np.uint8).reshape(*found.mask.shape, 8), axis=2).sum(axis=2)
    held = counts > 0
    steps = np.where(held, found.shanten.astype(np.int64) + 1, 0)
    cost: npt.NDArray[np.float64] = np.where(held, kinds.astype(np.float64) ** steps, 0.0).sum(axis=1)
    return cost
