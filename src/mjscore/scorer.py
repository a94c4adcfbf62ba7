"""A rule set bound to part of the context: per-hand scoring at the least cost per call.

A search program scores hand after hand under one rule set, in one seat, in one
round; :class:`Scorer` loads the rule set once, validates the context it is given
once, and keeps the row each distinct context makes, so a call does little more
than the kernel's own work::

    >>> import mjscore
    >>> scorer = mjscore.Scorer("babcock", seat_wind="S", prevailing_wind="E")
    >>> scorer.total("123m 456p 789s 11z [555z]", win_tile="1z", self_drawn=True)
    56
    >>> counts = mjscore.parse("123m456p789s11z").concealed
    >>> scorer.total(counts, melds=[mjscore.Meld.from_str("555z")], win_tile="1z")
    52

A hand is a :class:`~mjscore.Hand`, its text, or 34 concealed counts (a list, a
tuple, bytes or a NumPy row) with its declared melds in ``melds=`` (:class:`~mjscore.Meld`
objects or meld bytes, see :mod:`mjscore.rows`) and its concealed jokers in ``jokers=``.
The winning tile is text (``"3m"``) or a 34-index. A hand that gives no ``winner``
went out when it has 14 tiles, as with :func:`mjscore.score`.

Every call scores exactly as :func:`mjscore.score` does (the same kernel, the same
checks); a bad hand or context raises the same error, with the same message.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ._backend import twin
from .score.bulk_scoring import score_many
from .core.context import FLOWER_SHIFT, WinContext
from .distances.distances import distance_engine, distances, distances_many
from .core.errors import HandStatus, InvalidContextError, InvalidHandError, status_error
from .core.group import Meld
from .core.hand import Hand, negative_count
from .distances.near_misses import NearMiss, near_misses
from .core.notation import parse_hand
from .rows.codec import MELDS_PER_ROW, NO_MELD, UNKNOWN_TILE, claimed_bits, hand_of_row, meld_byte, meld_bytes
from .rows.coerce import NO_MELDS
from .rules import RuleSet, load_rules
from .score.scoring import Score, score

if TYPE_CHECKING:  # the reference is the typed contract
    from .score._reference import Row, ScorerCore
else:
    ScorerCore = twin("score").ScorerCore

__all__ = ["Scorer"]

_MAX_ROWS = 4096
"""Distinct per-call contexts a scorer keeps the row of (a search asks a few dozen)."""


class Scorer(ScorerCore):
    """A rule set with part of the context bound: ``total`` and ``score`` per hand.

    :param rules: a shipped name, a rule file or a :class:`~mjscore.rules.RuleSet`.
    :param context: any keywords of :func:`mjscore.score` (``seat_wind``,
        ``prevailing_wind``, ``self_drawn``, ...), used by every call unless the call
        gives the keyword itself.
    :raises RuleSetError: for an unknown rule set.
    :raises InvalidContextError: for a context that cannot happen, or an unknown keyword.
    """

    __slots__ = ("context", "_total_one")

    if not TYPE_CHECKING and hasattr(twin("score"), "total_method"):
        total = twin("score").total_method  # the compiled call, its keywords read in place

    context: MappingProxyType[str, Any]
    """The bound context keywords (read-only)."""

    def __init__(self, rules: str | RuleSet = "babcock", **context: Any) -> None:
        super().__init__(load_rules(rules), _MAX_ROWS)
        WinContext.from_keywords(**context)  # rejects a bad keyword or value now, not per call
        self.context = MappingProxyType(dict(context))
        self._total_one = twin("score").total_one

    def __repr__(self) -> str:
        bound = "".join(f", {name}={value!r}" for name, value in self.context.items())
        return f"Scorer({self.rules.name!r}{bound})"

    # --- scoring ----------------------------------------------------------------------

    # ``total(hand, *, melds=None, jokers=0, **context)``, the hand's total without the
    # breakdown, is ScorerCore's: the common call read in one step, the rest here.

    def _careful_total(self, hand: Hand | str | Any, melds: Any, jokers: int, context: dict[str, Any]) -> int:
        """``total`` for any call: every form of hand read, every error raised as
        :func:`mjscore.score` raises it."""
        kind = type(hand)
        if kind is np.ndarray and hand.dtype is _UINT8 and hand.shape == _ROW:  # type: ignore[union-attr]
            counts: Any = hand  # the kernel reads a search's row in place (if contiguous: below)
            codes, claimed = _meld_row(melds)
        elif kind is str or kind is Hand or isinstance(hand, (str, Hand)):
            hand = parse_hand(hand) if isinstance(hand, str) else hand
            if melds is not None or jokers:
                raise InvalidHandError("melds= and jokers= go with counts; a Hand carries its own")
            if hand.jokers or hand.bonus or hand.win_tile is not None or hand.meld_jokers:
                return self.score(hand, **context).total  # what only score() reads
            counts = bytes(hand.concealed)
            codes, claimed = meld_bytes(hand.melds), claimed_bits(hand.melds)
        else:
            counts, (codes, claimed) = _counts_row(hand), _meld_row(melds)
        if jokers:
            return self.score(self._hand(counts, codes, claimed, jokers), **context).total
        row = self.row(context)
        if claimed:  # the hand's claimed kongs are marked in its context word, as score() does
            row = (row[0], row[1] | claimed, row[2], row[3])
        try:
            total: int = self._total_one(counts, codes, *row, self.rules)
        except ValueError:  # the compiled kernel reads only a contiguous row in place
            counts = _counts_row(counts.tolist())
            total = self._total_one(counts, codes, *row, self.rules)
        if total < 0:  # -status
            return self._retry(-total, counts, codes, claimed, context)
        return total

    def score(self, hand: Hand | str | Any, *, melds: Any = None, jokers: int = 0, **context: Any) -> Score:
        """The hand's :class:`~mjscore.Score` with its whole breakdown: :func:`mjscore.score`
        with the bound context (the call's keywords win).

        :raises: what :meth:`total` raises.
        """
        if not isinstance(hand, (Hand, str)):
            hand = self._hand(_counts_row(hand), *_meld_row(melds), jokers=jokers)
        elif melds is not None or jokers:
            raise InvalidHandError("melds= and jokers= go with counts; a Hand carries its own")
        return score(hand, self.rules, **{**self.context, **context})

    def score_many(self, counts: Any, **arguments: Any) -> Any:
        """:func:`mjscore.score_many` under this rule set, the bound context filling in
        what ``arguments`` does not give. Bound ``flowers`` and ``seasons`` (every row shows
        them) become ``score_many``'s ``bonus``, unless the call gives ``bonus`` itself."""
        keywords = {**self.context, **arguments}
        shown = {name: keywords.pop(name) for name in ("flowers", "seasons") if name in keywords}
        if shown and "bonus" not in arguments:
            flags = WinContext.from_keywords(**shown).flags  # (checked as score() checks them)
            keywords["bonus"] = flags >> FLOWER_SHIFT & 0xFF  # the word's bonus field is score_many's
        elif shown and ("flowers" in arguments or "seasons" in arguments):
            raise InvalidContextError("give the bonus tiles as bonus= or as flowers= and seasons=, not both")
        return score_many(counts, self.rules, **keywords)

    # --- special hands ---------------------------------------------------------------------

    def distances(self, hand: Hand | str | Any, *, melds: Any = None, jokers: int = 0) -> dict[str, int | None]:
        """Tiles away from each special hand of the rule set (see :mod:`mjscore.distances`);
        the tables are the rule set's, built once for every caller."""
        return distances(self._as_hand(hand, melds, jokers), self.rules)

    def distances_many(self, counts: Any, *, melds: Any = None, jokers: Any = None, claimed: Any = None,
                       return_status: bool = False) -> Any:
        """:func:`mjscore.distances_many` under this rule set: an ``(n, H)`` int8 array and
        the ids of its columns, e.g. for the hands after each candidate discard
        (``claimed``: which melds are claimed kongs, as :func:`mjscore.distances_many` and
        :func:`mjscore.score_many` take it)."""
        return distances_many(counts, self.rules, melds=melds, jokers=jokers, claimed=claimed,
                              return_status=return_status)

    @property
    def special_hand_ids(self) -> tuple[str, ...]:
        """The ids of the columns :meth:`distances_many` returns, in order."""
        return distance_engine(self.rules)[1]

    def near_misses(self, hand: Hand | str, k: int = 3, **context: Any) -> list[NearMiss]:
        """:func:`mjscore.near_misses` with the bound context."""
        return near_misses(hand, self.rules, k, **{**self.context, **context})

    # --- rows ---------------------------------------------------------------------------

    def _row(self, **context: Any) -> Row:
        """The kernel row of the bound context with ``context`` over it (kept by ``row``)."""
        return self._context_row({**self.context, **context}, None)

    @staticmethod
    def _context_row(keywords: dict[str, Any], winner: bool | None) -> Row:
        if winner is not None:
            keywords.setdefault("winner", winner)
        ctx = WinContext.from_keywords(**keywords)
        win = UNKNOWN_TILE if ctx.win_tile is None else int(ctx.win_tile)
        return win, ctx.flags, int(ctx.seat_wind), int(ctx.prevailing_wind)

    def _retry(self, status: int, counts: Any, codes: bytes, claimed: int, context: dict[str, Any]) -> int:
        """A row the kernel refused: a 13-tile hand given no ``winner`` did not go out
        (scored as such); anything else raises what :func:`mjscore.score` says."""
        winner_given = "winner" in context or "winner" in self.context
        if status == HandStatus.WRONG_SIZE and not winner_given and sum(counts) + 3 * _meld_count(codes) <= 13:
            win, flags, seat, prevailing = self._context_row({**self.context, **context}, winner=False)
            total: int = self._total_one(counts, codes, win, flags | claimed, seat, prevailing, self.rules)
            if total >= 0:
                return total
        self.score(self._hand(counts, codes, claimed), **context)  # raises what score() says
        raise status_error(status, size=sum(counts) + 3 * _meld_count(codes), sizes="13 or 14")

    @staticmethod
    def _hand(counts: Any, codes: bytes, claimed: int, jokers: int = 0) -> Hand:
        """The hand of a row's counts and meld bytes, ``claimed`` (context-word bits) marking
        its claimed kongs, holding ``jokers`` concealed."""
        hand = hand_of_row(counts, codes, claimed)
        return Hand(hand.concealed, hand.melds, jokers=jokers) if jokers else hand

    def _as_hand(self, hand: Hand | str | Any, melds: Any, jokers: int) -> Hand:
        if isinstance(hand, str):
            hand = parse_hand(hand)
        if isinstance(hand, Hand):
            if melds is not None or jokers:
                raise InvalidHandError("melds= and jokers= go with counts; a Hand carries its own")
            return hand
        return self._hand(_counts_row(hand), *_meld_row(melds), jokers=jokers)


_UINT8 = np.dtype(np.uint8)
_ROW = (34,)


def _counts_row(counts: Any) -> bytes | npt.NDArray[np.uint8]:
    """34 concealed counts as the kernel reads them: bytes, or a contiguous uint8 row as is."""
    if type(counts) is bytes and len(counts) == 34:
        return counts
    if isinstance(counts, np.ndarray) and counts.dtype == np.uint8 and counts.shape == _ROW \
            and counts.flags.c_contiguous:
        return counts
    if isinstance(counts, np.ndarray):
        if counts.ndim != 1 or counts.dtype.kind not in "iu":
            raise InvalidHandError(f"expected 34 integer tile counts, got an array of shape {counts.shape} "
                                   f"and dtype {counts.dtype}")
        counts = counts.tolist()
    try:
        row = bytes(counts)
    except (TypeError, ValueError):
        raise _counts_error(counts) from None
    if len(row) != 34:
        raise InvalidHandError(f"expected 34 tile counts, got {len(row)}")
    return row


def _counts_error(counts: Any) -> InvalidHandError:
    """What is wrong with counts ``bytes()`` refused: a negative count is named as such."""
    try:
        message = negative_count([c if hasattr(c, "__index__") else 0 for c in counts])
    except TypeError:
        message = None
    return InvalidHandError(message or f"expected 34 tile counts from 0 to 4, got {counts!r:.80}")


def _meld_row(melds: Any) -> tuple[bytes, int]:
    """Declared melds (Meld objects or meld bytes, at most four) as a row's four meld bytes,
    and the context word's bits of those that are claimed kongs (:func:`claimed_bits`)."""
    if melds is None:
        return NO_MELDS, 0
    kind = type(melds)
    if kind is bytes and len(melds) == MELDS_PER_ROW:
        return melds, 0
    if kind is list or kind is tuple:
        if not melds:
            return NO_MELDS, 0
        try:
            return _meld_bytes_of(tuple(melds))
        except TypeError:  # an unhashable item
            pass
    elif isinstance(melds, np.ndarray):
        return _meld_bytes_of(tuple(melds.tolist()))
    raise InvalidHandError(f"melds: expected Meld objects or meld bytes, got {melds!r:.60}")


@functools.lru_cache(maxsize=4096)
def _meld_bytes_of(melds: tuple[Any, ...]) -> tuple[bytes, int]:
    declared = [m for m in melds if m != NO_MELD]
    codes = [meld_byte(m) if isinstance(m, Meld) else m for m in declared]
    if len(codes) > MELDS_PER_ROW:
        raise InvalidHandError(f"a hand declares at most {MELDS_PER_ROW} melds, got {len(codes)}")
    if not all(isinstance(c, (int, np.integer)) and 0 <= c < NO_MELD for c in codes):
        raise InvalidHandError(f"melds: expected Meld objects or meld bytes (0-254), got {melds!r:.60}")
    return bytes(codes + [NO_MELD] * (MELDS_PER_ROW - len(codes))), claimed_bits(declared)


def _meld_count(codes: bytes) -> int:
    return sum(c != NO_MELD for c in codes)
