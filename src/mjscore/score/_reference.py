"""The bulk scoring contract, in plain Python: the specification of the compiled ``score/_kernel.pyx``.

``score_many(batch, melds, win_tile, flags, seat, prevailing, rules, out_total,
out_special, status)`` scores the rows of :mod:`mjscore.rows`: row ``i`` of ``batch`` (the concealed counts,
winning tile included) with its declared melds ``melds[i]`` (four group bytes of
:mod:`mjscore.core.group_codes`: an exposed chow, pung or kong, or a concealed kong;
``0xFF`` for none), its winning tile ``win_tile[i]`` (255:
unknown, every concealed kind is tried), its context word ``flags[i]``
(:class:`mjscore.core.context.Flag`), and the seat and prevailing winds (tile indices
27-30), under ``rules`` (a :class:`~mjscore.rules.RuleSet`).

It writes the best total to ``out_total[i]`` and the index in ``rules.hands`` of
the special hand that scored to ``out_special[i]`` (-1: none). Rows whose status
is not 0 on entry are skipped (the caller found their context impossible);
otherwise the row's checks run in this order, the first failure giving the
status: a count above 4 (``BAD_COUNT``), a meld byte that is no set, or a claimed
kong mark on a byte that is no exposed kong (``BAD_MELD``), a kind held more than 4
times with the melds (``BAD_COUNT``), a tile total other than 14 (up to 13 for a hand
that did not go out, at least 1: a player's sets as shown, ``WRONG_SIZE``), a winning tile outside
the concealed tiles (or any winning tile for a hand that did not go out), a robbed
kong's tile held twice, a kong's loose tile with no kong (two for kong on kong), or a
first-turn win with a meld (``BAD_CONTEXT``), no reading under the rule set
(``NOT_WINNING``).

Scoring is exactly :func:`mjscore.score.fold.score_reading` over
:func:`mjscore.score.readings.readings`, so this twin is that code applied per row.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import numpy.typing as npt


from ..core.context import CLAIMED_SHIFT, FLOWER_SHIFT, Flag, WinContext
from ..core.errors import HandStatus
from .best_reading import BestReading, no_reading
from .fold import ReadingScore, beats, score_reading
from ..core.group_codes import CONCEALED_KONG, KONG, group_kind
from ..core.hand import MAX_JOKERS, Hand
from .jokers.readings import substitutions
from .calling import calling_hands
from .readings import SHAPE_CODES, Reading, losing_reading, readings
from ..rows.codec import NO_MELD, NO_TILE, UNKNOWN_TILE, context_of_row, hand_of_row, meld_tiles
from ..rows.coerce import NO_MELDS
from ..rules.hands import MAX_MATCHED
from ..rules.model import RuleSet


def row_status(counts: list[int], codes: list[int], win: int, flags: int, jokers: int = 0) -> int:
    """The first check that row fails (see the module docstring), or OK; ``jokers`` held
    concealed count as tiles (a count above :data:`~mjscore.core.hand.MAX_JOKERS` is ``BAD_COUNT``)."""
    if any(c > 4 for c in counts) or not 0 <= jokers <= MAX_JOKERS:
        return HandStatus.BAD_COUNT
    held = list(counts)
    claimed = flags >> CLAIMED_SHIFT & 0xF
    for k, code in enumerate(codes):
        tiles = meld_tiles(code)
        if tiles is None or claimed >> k & 1 and group_kind(code) != KONG:
            return HandStatus.BAD_MELD
        for t in tiles:
            held[t] += 1
    if claimed >> len(codes):
        return HandStatus.BAD_MELD  # a claimed mark on no meld
    if any(c > 4 for c in held):
        return HandStatus.BAD_COUNT
    winner = bool(flags & Flag.WINNER)
    size = sum(counts) + jokers + 3 * len(codes)
    # a hand that did not go out may hold bonus tiles alone (issue 31: a player's hand as shown)
    if size != 14 if winner else not (0 if flags >> FLOWER_SHIFT & 0xFF else 1) <= size <= 13:
        return HandStatus.WRONG_SIZE
    if not winner and win != UNKNOWN_TILE:
        return HandStatus.BAD_CONTEXT
    if winner and win != UNKNOWN_TILE:
        if win >= 34 or counts[win] == 0:
            return HandStatus.BAD_CONTEXT
        if flags & Flag.ROBBING_KONG and held[win] != 1:
            return HandStatus.BAD_CONTEXT
    kongs = sum(group_kind(code) in (KONG, CONCEALED_KONG) for code in codes)
    if winner and (flags & Flag.KONG_REPLACEMENT and kongs == 0
                   or flags & Flag.KONG_ON_KONG and kongs < 2):
        return HandStatus.BAD_CONTEXT
    if codes and flags & (Flag.HEAVEN | Flag.EARTH):
        return HandStatus.BAD_CONTEXT
    return HandStatus.OK


def score_one(counts: bytes | npt.NDArray[np.uint8], melds: bytes | npt.NDArray[np.uint8],
              win_tile: int, flags: int, seat: int, prevailing: int, rules: RuleSet) -> BestReading:
    """One row, and which reading won (:class:`~mjscore.score.best_reading.BestReading`:
    the reading's ``decomposition`` and ``group`` are its :attr:`Reading.index`, its
    ``groups`` the decomposition's). A bad row gives its status and
    :func:`~mjscore.score.best_reading.no_reading`. The hand holds no joker: the
    ``no-jokers`` fact holds when the rule set uses jokers.
    """
    row = [int(c) for c in counts]
    codes = [int(c) for c in melds if c != NO_MELD]
    status = row_status(row, codes, win_tile, flags)
    if status:
        return no_reading(status)
    hand = hand_of_row(row, codes, flags)
    context = context_of_row(win_tile, flags, seat, prevailing)
    if not context.winner:
        return _losing(rules, hand, context, rules.jokers is not None)
    best = best_reading = None
    for reading in readings(hand, context, rules):
        result = score_reading(rules, reading)
        if beats(rules, result, best):
            best, best_reading = result, reading
    return _result(best, best_reading)


def _losing(rules: RuleSet, hand: Hand, context: WinContext, no_jokers: bool) -> BestReading:
    losing = SHAPE_CODES.index("losing")
    if not rules.losers:
        return BestReading(HandStatus.OK, 0, -1, 0, 0, 0, NO_TILE, losing, -1, -1, (), b"")
    reading = losing_reading(hand, context, rules, no_jokers)
    calling = calling_hands(hand, context, rules, reading.facts) if rules.calling else ()
    if calling:
        reading = dataclasses.replace(reading, hands=calling)
    result = score_reading(rules, reading)
    return BestReading(HandStatus.OK, result.total, result.special, result.points, result.doubles,
                       result.applied, NO_TILE, losing, -1, -1, result.matched[:MAX_MATCHED], b"")


def _result(best: ReadingScore | None, best_reading: Reading | None) -> BestReading:
    if best is None or best_reading is None:
        return no_reading(HandStatus.NOT_WINNING)
    assert best_reading.win_tile is not None  # every reading of a winning hand has one
    return BestReading(HandStatus.OK, best.total, best.special, best.points, best.doubles, best.applied,
                       int(best_reading.win_tile), SHAPE_CODES.index(best_reading.shape), *best_reading.index,
                       best.matched[:MAX_MATCHED], best_reading.concealed)


def total_one(counts: bytes | npt.NDArray[np.uint8], melds: bytes | npt.NDArray[np.uint8],
              win_tile: int, flags: int, seat: int, prevailing: int, rules: RuleSet) -> int:
    """:func:`score_one`'s total alone, or ``-status`` for a bad row."""
    result = score_one(counts, melds, win_tile, flags, seat, prevailing, rules)
    return int(result.total) if result.status == HandStatus.OK else -int(result.status)


Row = tuple[int, int, int, int]
"""A context as the kernel reads it: ``(win_tile, word, seat, prevailing)``."""


class ScorerCore:
    """The per-call core of :class:`mjscore.Scorer`: its rule set, the kernel row of each
    context it has seen, and ``total``'s common call in one step.

    A subclass gives ``_row(**context)`` (a context's kernel row; raises for a bad one)
    and ``_careful_total(hand, melds, jokers, context)`` (any call, read every way it can
    be; raises what :func:`mjscore.score` says). The compiled twin does the same without
    a Python object per step.
    """

    __slots__ = ("rules", "_rows", "_max_rows")

    def __init__(self, rules: RuleSet, max_rows: int) -> None:
        self.rules, self._max_rows = rules, max_rows
        self._rows: dict[tuple[object, ...], Row] = {}

    @property
    def rows_kept(self) -> int:
        """How many contexts' rows are kept."""
        return len(self._rows)

    def row(self, context: dict[str, Any]) -> Row:
        """The kernel row of ``context``: kept per distinct context (``True`` and ``1``
        apart), computed uncached for an unhashable value."""
        key = tuple(item for name, value in context.items() for item in (name, value, type(value)))
        try:
            return self._rows[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable value (a list of flowers): not kept
            return self._row(**context)
        row = self._row(**context)
        if len(self._rows) >= self._max_rows:
            self._rows.clear()
        self._rows[key] = row
        return row

    def total(self, hand: Any, *, melds: Any = None, jokers: int = 0, **context: Any) -> int:
        """The hand's total, as ``score(...).total`` but without the breakdown.

        The common call is read in one step: 34 counts as a list or tuple of ints or as a
        one-dimensional, contiguous buffer of 34 unsigned bytes (``bytes``, a NumPy uint8
        row), ``melds`` as ``None``, four meld bytes or up to four meld codes (ints), and
        ``jokers`` an int from 0 to 8 (scored as ``score_many`` scores a row with them).
        Every other call, and a row the kernel refuses, is read the careful way.

        :raises NotationError: for text that is no hand.
        :raises InvalidHandError: for counts that are no hand (a count above 4, not 34
            of them, a wrong tile total) or melds that are no sets.
        :raises NotWinningError: for a hand said to have gone out that the rule set
            does not accept.
        :raises InvalidContextError: for a context that cannot happen with this hand.
        """
        counts, codes = _quick_counts(hand), _quick_codes(melds)
        if (not jokers or type(jokers) is int and 0 < jokers <= MAX_JOKERS) and counts is not None \
                and codes is not None:
            if jokers:
                reading, _ = score_one_jokers(counts, codes, *self.row(context), self.rules, jokers)
                total = reading.total if reading.status == HandStatus.OK else -1
            else:
                total = total_one(counts, codes, *self.row(context), self.rules)
            if total >= 0:
                return total
        return self._careful_total(hand, melds, jokers, context)

    def _row(self, **context: Any) -> Row:
        raise NotImplementedError

    def _careful_total(self, hand: Any, melds: Any, jokers: int, context: dict[str, Any]) -> int:
        raise NotImplementedError


def _quick_counts(hand: Any) -> bytes | None:
    if type(hand) is list or type(hand) is tuple:
        if len(hand) != 34 or not all(type(c) is int and 0 <= c <= 255 for c in hand):
            return None
        return bytes(hand)
    try:
        view = memoryview(hand)
    except TypeError:
        return None
    if view.format != "B" or view.shape != (34,) or not view.c_contiguous:
        return None
    return view.tobytes()


def _quick_codes(melds: Any) -> bytes | None:
    if melds is None:
        return NO_MELDS
    if type(melds) is bytes:
        return melds if len(melds) == 4 else None
    if type(melds) is not list and type(melds) is not tuple:
        return None
    codes = [code for code in melds if type(code) is not int or code != NO_MELD]
    if len(codes) > 4 or not all(type(code) is int and 0 <= code < NO_MELD for code in codes):
        return None
    return bytes(codes) + NO_MELDS[len(codes):]


def score_one_jokers(counts: bytes | npt.NDArray[np.uint8], melds: bytes | npt.NDArray[np.uint8],
                     win_tile: int, flags: int, seat: int, prevailing: int, rules: RuleSet,
                     jokers: int, meld_jokers: int = 0) -> tuple[BestReading, tuple[int, ...]]:
    """:func:`score_one` for a row holding ``jokers`` concealed (counted as tiles) and
    ``meld_jokers`` inside its declared melds (the meld bytes say what they stand for),
    and the tiles the concealed jokers stood for in the best reading (sorted; see
    :mod:`mjscore.score.jokers.readings`). A rule set without jokers does not take a hand
    holding one (``NOT_WINNING``); a hand that did not go out is read by its natural
    tiles. The checks are those of :func:`score_one`, jokers counted as tiles, and more
    than :data:`~mjscore.core.hand.MAX_JOKERS` in all is ``BAD_COUNT``."""
    row = [int(c) for c in counts]
    codes = [int(c) for c in melds if c != NO_MELD]
    status: int = HandStatus.BAD_COUNT
    if jokers + meld_jokers <= MAX_JOKERS:
        # meld jokers are among the meld bytes' tiles already
        status = row_status(row, codes, win_tile, flags, jokers)
    if not status and rules.jokers is None and jokers + meld_jokers:
        status = HandStatus.NOT_WINNING
    if status:
        return no_reading(status), ()
    if rules.jokers is None or not jokers + meld_jokers:
        return score_one(counts, melds, win_tile, flags, seat, prevailing, rules), ()
    context = context_of_row(win_tile, flags, seat, prevailing)
    hand = Hand(tuple(row), hand_of_row(row, codes, flags).melds, jokers=jokers)
    if not context.winner:
        return _losing(rules, hand, context, not jokers + meld_jokers), ()
    caps = [4] * 34
    for code in codes:
        for t in meld_tiles(code) or ():
            caps[t] -= 1
    best = best_reading = None
    best_tiles: tuple[int, ...] = ()
    for substitution in substitutions(row, jokers, rules.jokers, caps, rules.hand_tables.fixed,
                                      hand.counts, not codes):
        natural = hand_of_row(list(substitution.counts), codes, flags)
        for reading in readings(natural, context, rules, substitution):
            result = score_reading(rules, reading)
            if beats(rules, result, best):
                best, best_reading, best_tiles = result, reading, substitution.tiles
    return _result(best, best_reading), best_tiles if best is not None else ()


def score_many(batch: npt.NDArray[np.uint8], melds: npt.NDArray[np.uint8],
               win_tile: npt.NDArray[np.uint8], flags: npt.NDArray[np.uint32],
               seat: npt.NDArray[np.uint8], prevailing: npt.NDArray[np.uint8], rules: RuleSet,
               out_total: npt.NDArray[np.int32], out_special: npt.NDArray[np.int16],
               status: npt.NDArray[np.uint8]) -> None:
    """Score every row; see the module docstring for the layout and the checks."""
    for i in range(batch.shape[0]):
        out_total[i], out_special[i] = 0, -1
        if status[i]:
            continue
        result = score_one(batch[i], melds[i], int(win_tile[i]), int(flags[i]), int(seat[i]),
                           int(prevailing[i]), rules)
        status[i] = result.status
        if not result.status:
            out_total[i], out_special[i] = result.total, result.special


def score_many_jokers(batch: npt.NDArray[np.uint8], melds: npt.NDArray[np.uint8],
                      win_tile: npt.NDArray[np.uint8], flags: npt.NDArray[np.uint32],
                      seat: npt.NDArray[np.uint8], prevailing: npt.NDArray[np.uint8],
                      jokers: npt.NDArray[np.uint8], rules: RuleSet, out_total: npt.NDArray[np.int32],
                      out_special: npt.NDArray[np.int16], status: npt.NDArray[np.uint8]) -> None:
    """:func:`score_many` with ``jokers[i]`` jokers held concealed in row ``i`` (counted as
    tiles; see :func:`score_one_jokers`)."""
    for i in range(batch.shape[0]):
        out_total[i], out_special[i] = 0, -1
        if status[i]:
            continue
        result, _ = score_one_jokers(batch[i], melds[i], int(win_tile[i]), int(flags[i]), int(seat[i]),
                                     int(prevailing[i]), rules, int(jokers[i]))
        status[i] = result.status
        if not result.status:
            out_total[i], out_special[i] = result.total, result.special
