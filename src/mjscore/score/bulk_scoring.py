"""``score_many``: score an array of hands under a rule set, natively, row by row.

Array layout (``n`` rows, the rows of :mod:`mjscore.rows`):

=================  =======================  ======================================
argument           shape, dtype             meaning
=================  =======================  ======================================
``counts``         ``(n, 34)`` integers     concealed tiles, the winning tile included
``melds``          ``(n, 4)`` uint8         declared melds, one group byte each
                                            (:mod:`mjscore.core.group_codes`):
                                            ``kind * 34 + tile`` with kind 0 exposed
                                            chow (``tile`` its lowest), 1 exposed
                                            pung, 2 exposed kong, 6 concealed kong;
                                            ``0xFF`` for none (default: no melds)
``win_tile``       scalar or ``(n,)``       tile index 0-33 or text (``"3m"``); 255 or
                                            None: unknown, every concealed kind is tried
``seat_wind``,     scalar or ``(n,)``       ``"E"``/``"S"``/``"W"``/``"N"`` or tile
``prevailing_wind``                         indices 27-30
``dealer``         scalar or ``(n,)`` bool  default: the seat wind is East
flags              scalar or ``(n,)`` bool  ``self_drawn``, ``last_tile``,
                                            ``last_discard``, ``robbing_kong``,
                                            ``kong_on_kong``, ``heaven``, ``earth``,
                                            ``declared_calling``, ``winner``
``replacement``    scalar or ``(n,)``       None/False, ``"kong"``/True, ``"bonus"``;
                                            an array of 0 none, 1 kong, 2 bonus
``jokers``         scalar or ``(n,)``       jokers held concealed, counted as tiles
                   integers                 (default none); a rule set without
                                            jokers marks such rows ``NOT_WINNING``,
                                            more than 8 is ``BAD_COUNT``
``bonus``          scalar or ``(n,)``       the flowers and seasons held, one byte:
                   integers 0-255           bit ``n - 1`` flower ``n``, bit ``n + 3``
                                            season ``n`` (:func:`~mjscore.rows.codec.bonus_byte`)
``claimed``        scalar or ``(n,)``       which melds are claimed kongs: bit ``k``
                   integers 0-15            the row's ``k``-th meld (an exposed kong
                                            byte; else ``BAD_MELD``)
``dealer_streak``  scalar or ``(n,)``       the dealer's wins in a row, this deal
                   integers >= 0            counted (15 or more are alike)
=================  =======================  ======================================

The ``jokers`` column counts only the jokers held concealed: a meld byte cannot say
that the meld holds a joker, so a row's melds are all natural. Score a hand with a
joker inside a declared meld with :func:`mjscore.score` (:func:`read_hand` marks such
a hand of a bulk input ``BAD_MELD``).

Returns ``(totals, special)``: int32 totals, and int16 indices into
``rules.hands`` of the special hand that applied (-1 for none; ``rules.hands[i].id``
is the id :attr:`Score.special <mjscore.Score.special>` gives); with
``return_status=True`` also the per-row :class:`~mjscore.core.errors.HandStatus`.
Without ``self_drawn``, ``heaven`` and ``replacement`` imply it, as in
:class:`~mjscore.core.context.WinContext`. Rows whose context cannot happen (the same table as
:class:`~mjscore.core.context.WinContext`) get ``BAD_CONTEXT``; the kernel checks the
rest (see ``mjscore.score._reference``). Bad rows score 0.
"""

from __future__ import annotations

import functools
import operator
from typing import Any

import numpy as np
import numpy.typing as npt

from .._backend import twin
from ..decompose.bulk import MIN_ROWS_PER_THREAD, run_in_parts
from ..core.context import (CLAIMED_SHIFT, DRAWN_BY_DEFINITION, FLAG_KEYWORDS, FLOWER_SHIFT, IMPOSSIBLE,
                            MAX_STREAK, STREAK_SHIFT, Flag, tile_of, wind_of)
from ..core.errors import HandStatus, InvalidContextError, LongHandError, MjscoreError, NotWinningError
from ..core.hand import MAX_JOKERS, Hand
from ..core.notation import parse_hand
from ..rows.codec import REPLACEMENT_WORDS, ROW_KEYWORDS, UNKNOWN_TILE, replacement_code
from ..rows.coerce import CLAIMED_MARKS, as_batch, check_threads, int_column, joker_batch, meld_batch
from ..rules import RuleSet, load_rules
from .scoring import check_jokers
from ..core.tile import Tile

__all__ = ["score_many", "read_hand"]


_SCALAR_TYPES = (str, int, bool, type(None), np.generic)
_PLAIN_SCALARS = frozenset((str, int, bool, type(None)))  # most calls: one set lookup a value
_ENDLESS = 1 << 48
"""Rows a repeated scalar column covers: a stride-0 view, sliced to each batch (slicing
costs a tenth of :func:`numpy.broadcast_to`, which a single-row call would pay per column)."""


# The enums' values as ints: an enum member's attribute lookup and arithmetic cost ten
# times an int's, several times a call.
_EAST, _NORTH = int(Tile.EAST), int(Tile.NORTH)
_UINT8 = np.dtype(np.uint8)  # (a builtin dtype is one object: `is` tells it)
_DEALER, _SELF_DRAWN = int(Flag.DEALER), int(Flag.SELF_DRAWN)
_FLAG_BITS = {name: int(flag) for name, flag in FLAG_KEYWORDS.items()}


def _is_scalar(value: Any) -> bool:
    """Whether a context argument is one value for every row (asked of the common types
    first: :func:`numpy.ndim` costs a microsecond or two, several times a call)."""
    return type(value) in _PLAIN_SCALARS or isinstance(value, np.generic) or np.ndim(value) == 0


def _column(value: Any, n: int, name: str) -> npt.NDArray[Any]:
    """A scalar or an (n,) array as an (n,) array."""
    array = np.asarray(value)
    if array.ndim == 0:
        return np.broadcast_to(array, (n,))
    if array.shape != (n,):
        raise InvalidContextError(f"{name}: expected a scalar or an array of shape ({n},), "
                                  f"got shape {array.shape}")
    return array


def _bools(value: Any, n: int, name: str) -> npt.NDArray[np.bool_]:
    array = _column(value, n, name)
    if array.dtype == np.bool_:
        return array
    if array.dtype.kind in "iu" and ((array == 0) | (array == 1)).all():
        return array.astype(bool)
    raise InvalidContextError(f"{name}: expected True/False (or 0/1), got {value!r:.60}")


def _tile_of(item: Any, name: str, winds: bool) -> int:
    """One tile index from text, an integer or None (unknown); a tile or a wind the way
    :class:`~mjscore.core.context.WinContext` reads one."""
    if winds:
        return int(wind_of(item, name))
    if item is None:
        return UNKNOWN_TILE
    if isinstance(item, str):
        return int(tile_of(item, name))
    try:
        return operator.index(item)  # an integer: 2.5 is no tile (as a float column is none)
    except TypeError:
        raise _not_a_tile(name, winds, item) from None


def _not_a_tile(name: str, winds: bool, value: Any) -> InvalidContextError:
    if winds:
        return InvalidContextError(f"{name} must be a wind (E, S, W or N, or 27-30), not {value!r}")
    return InvalidContextError(f"{name}: expected tile indices 0-33 ({UNKNOWN_TILE}: unknown), got {value!r}")


def _tiles(value: Any, n: int, name: str, *, winds: bool) -> npt.NDArray[np.uint8]:
    """A scalar or (n,) array of tiles (text or indices) as (n,) uint8 indices."""
    if type(value) is np.ndarray and value.dtype is _UINT8 and value.shape == (n,):
        return _checked_tiles(value, name, winds)  # the usual column, read as it is
    if _is_scalar(value):
        item = value.item() if isinstance(value, (np.generic, np.ndarray)) else value  # (a 0-d array too)
        try:
            return _repeated_tile(item, name, winds)[:n]
        except TypeError:  # unhashable (no tile): read uncached, to say what is wrong with it
            return _repeated_tile.__wrapped__(item, name, winds)[:n]
    else:
        array = _column(value, n, name)
        if array.dtype.kind in "USO":
            texts, inverse = np.unique(array.astype(str), return_inverse=True)
            array = np.array([_tile_of(None if t == "None" else t, name, winds) for t in texts],
                             dtype=np.int64)[inverse.reshape(-1)]
    if array.dtype.kind not in "iu":
        raise InvalidContextError(f"{name}: expected {'winds' if winds else 'tiles'}, got dtype {array.dtype}")
    return _checked_tiles(array, name, winds).astype(np.uint8, copy=False)


def _checked_tiles(array: npt.NDArray[Any], name: str, winds: bool) -> npt.NDArray[Any]:
    """``array`` of integers, once each is a wind (``winds``) or a tile or UNKNOWN_TILE."""
    low, high = (_EAST, _NORTH) if winds else (0, 33)
    # reductions, no temporary: the serial share of a threaded call (issue 33 item 4); no
    # lower bound to check for winning tiles as uint8
    if array.size and ((winds or array.dtype is not _UINT8) and array.min() < low or array.max() > high):
        bad = ((array < low) | (array > high)) & (winds | (array != UNKNOWN_TILE))
        if bad.any():
            raise _not_a_tile(name, winds, int(array[bad][0]))
    return array


@functools.lru_cache(maxsize=256, typed=True)
def _repeated_tile(item: Any, name: str, winds: bool) -> npt.NDArray[np.uint8]:
    """An endless column (``_ENDLESS``) of one tile or wind given as text, an index or None;
    kept per distinct value."""
    tile = _tile_of(item, name, winds)
    if not (0 <= tile <= 33 or tile == UNKNOWN_TILE):
        raise _not_a_tile(name, winds, tile)
    return np.broadcast_to(np.uint8(tile), (_ENDLESS,))


@functools.lru_cache(maxsize=256)
def _repeated_word(word: int) -> npt.NDArray[np.uint32]:
    """An endless column of one context word."""
    return np.broadcast_to(np.uint32(word), (_ENDLESS,))


def _flag(value: Any, name: str) -> bool:
    """One True/False (or 0/1) context value."""
    return value if type(value) is bool else bool(_bools(value, 1, name)[0])


def _replacement(value: Any, n: int) -> npt.NDArray[np.uint32]:
    """An (n,) ``replacement`` column as context-word bits (:func:`mjscore.rows.replacement_code`;
    a scalar's are ``_word``'s own)."""
    array = _column(value, n, "replacement")
    if array.dtype.kind == "b":
        array = array.astype(np.int64)
    elif array.dtype.kind in "USO":
        array = np.array([replacement_code(v) for v in array.tolist()], dtype=np.int64)
    if array.dtype.kind not in "iu" or ((array < 0) | (array > 2)).any():
        bad = array[(array < 0) | (array > 2)][0] if array.dtype.kind in "iu" else array.dtype
        raise InvalidContextError(f"replacement must be None, 'kong' or 'bonus' (or 0, 1, 2), not {bad!r}")
    flags: npt.NDArray[np.uint32] = REPLACEMENT_WORDS[array]
    return flags


#: Every context word (12 bits, and bit 12 for a dealer not sitting East) that cannot
#: happen, from the same table WinContext uses.
_WORDS = np.arange(1 << 13, dtype=np.uint32)
_IMPOSSIBLE_WORD = _WORDS >= 1 << 12
for _on, _off, _ in IMPOSSIBLE:
    _IMPOSSIBLE_WORD |= ((_WORDS & _on) == _on) & ((_WORDS & _off) == 0)


_DEALER_BY_SEAT = np.zeros(256, dtype=np.uint32)
_DEALER_BY_SEAT[_EAST] = _DEALER


def _word(flags: dict[str, Any], replacement: Any, dealer: Any, seat: Any, n: int) -> Any:
    """The context word: a scalar when every keyword is, else an (n,) array; ``self_drawn``
    left out is implied where the word has a situation that is self-drawn by definition."""
    implied = "self_drawn" not in flags and ("heaven" in flags or replacement is not None)
    repeated = _is_scalar(replacement)
    scalar = int(REPLACEMENT_WORDS[replacement_code(replacement)]) if repeated else 0
    columns: list[tuple[Any, int]] = []
    for name, value in flags.items():  # (names checked by the caller)
        if not _is_scalar(value):
            columns.append((_bools(value, n, name), _FLAG_BITS[name]))
        elif _flag(value, name):
            scalar |= _FLAG_BITS[name]
    word = None
    if dealer is None and not _is_scalar(seat):  # East deals: its bit by table, a row's at once
        word = _DEALER_BY_SEAT.take(seat)
    else:
        east = seat == _EAST
        is_dealer = east if dealer is None else (_flag(dealer, "dealer") if _is_scalar(dealer)
                                                 else _bools(dealer, n, "dealer"))
        # A dealer who does not sit East is marked with a bit no real word has (bit 12).
        marks: list[tuple[Any, int]] = [(is_dealer, _DEALER)]
        if dealer is not None:
            marks.append((is_dealer != east, 1 << 12))
        for value, bit in marks:
            if not _is_scalar(value):
                columns.append((value, bit))
            elif value:
                scalar |= bit
    if word is None and not columns and repeated:
        if implied and scalar & DRAWN_BY_DEFINITION:
            scalar |= _SELF_DRAWN
        return np.uint32(scalar)
    if word is None:
        word = np.full(n, scalar, dtype=np.uint32)
    elif scalar:
        word |= np.uint32(scalar)
    if not repeated:
        word |= _replacement(replacement, n)
    for value, bit in columns:  # bool x flag: 20x faster than bitwise_or(..., where=value)
        word |= value.view(np.uint8) * np.uint32(bit)
    if implied:
        word |= ((word & np.uint32(DRAWN_BY_DEFINITION)) != 0).view(np.uint8) * np.uint32(_SELF_DRAWN)
    return word


def _jokers(value: Any, n: int, status: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The ``jokers`` column (:func:`~mjscore.rows.coerce.joker_batch`) as (n,) uint8;
    rows holding more than a set's 8 are marked ``BAD_COUNT`` in ``status``."""
    array = joker_batch(value, n)
    assert array is not None  # the caller passes None on
    bad = array > MAX_JOKERS
    status[bad & (status == 0)] = HandStatus.BAD_COUNT
    return np.where(bad, np.uint8(0), array) if bad.any() else array


_FLAG_NAMES = frozenset(FLAG_KEYWORDS)


def _scalar_context(win_tile: Any, seat_wind: Any, prevailing_wind: Any, dealer: Any, replacement: Any,
                    flags: dict[str, Any]) -> tuple[Any, ...] | None:
    """Endless columns ``(win, word, seat, prevailing)``, whether the context cannot
    happen, and the context as a single row's ints ``(win, word, seat, prevailing)``, when
    every context argument is a scalar (else None); kept per distinct context."""
    for value in (win_tile, seat_wind, prevailing_wind, dealer, replacement, *flags.values()):
        if type(value) not in _PLAIN_SCALARS and not isinstance(value, _SCALAR_TYPES):
            return None
    try:
        return _repeated_context(win_tile, seat_wind, prevailing_wind, dealer, replacement,
                                 tuple(flags.items()))
    except TypeError:  # an unhashable numpy scalar (np.void): the general path reads it
        return None


@functools.lru_cache(maxsize=1024, typed=True)
def _repeated_context(win_tile: Any, seat_wind: Any, prevailing_wind: Any, dealer: Any, replacement: Any,
                      flags: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    win, word, seat, prevailing, _ = _context_columns(1, win_tile, seat_wind, prevailing_wind, dealer,
                                                      replacement, None, dict(flags), np.zeros(1, np.uint8))
    word = np.asarray(word, dtype=np.uint32).reshape(1)
    columns = tuple(np.broadcast_to(column[:1], (_ENDLESS,)) for column in (win, word, seat, prevailing))
    return (*columns, bool(_IMPOSSIBLE_WORD[word[0]]), (int(win[0]), int(word[0]), int(seat[0]), int(prevailing[0])))


def _context_columns(n: int, win_tile: Any, seat_wind: Any, prevailing_wind: Any, dealer: Any,
                     replacement: Any, jokers: Any, flags: dict[str, Any], status: npt.NDArray[np.uint8],
                     ) -> tuple[Any, ...]:
    """The (n,) columns ``(win, word, seat, prevailing, jokers)`` of ``score_many``'s context
    arguments (``jokers`` None when not given); rows whose context cannot happen, or whose
    joker count cannot, are marked in ``status``."""
    seat = _tiles(seat_wind, n, "seat_wind", winds=True)
    prevailing = _tiles(prevailing_wind, n, "prevailing_wind", winds=True)
    win = _tiles(UNKNOWN_TILE if win_tile is None else win_tile, n, "win_tile", winds=False)
    # Scalars stay scalars until here and are broadcast without copies.
    # A seat shared by every row (a broadcast column, stride 0) goes in as an int: the word
    # then stays a scalar too, checked once, where a column would be built and checked row
    # by row (a fifth of a millisecond per 10^5 rows).
    shared = not seat.strides[0]
    word = _word(flags, replacement, dealer, (int(seat[0]) if n else _EAST) if shared else seat, n)
    word = _repeated_word(int(word))[:n] if isinstance(word, np.generic) else word
    # a joker count that cannot be outranks the context, as a tile count does in the kernel
    wild = None if jokers is None else _jokers(jokers, n, status)
    if word.strides[0]:
        impossible = _IMPOSSIBLE_WORD.take(word)  # (take: half the time of indexing)
        if impossible.any():
            status[impossible if wild is None else impossible & (status == 0)] = HandStatus.BAD_CONTEXT
    elif n and _IMPOSSIBLE_WORD[word[0]]:
        status[status == 0] = HandStatus.BAD_CONTEXT
    return win, word, seat, prevailing, wild


def _extra_bits(bonus: Any, claimed: Any, streak: Any, n: int) -> npt.NDArray[np.uint32] | None:
    """The context word's bonus, claimed-kong and streak fields of ``score_many``'s columns
    (None when none is given).

    :raises InvalidContextError: for a column of another shape or a value out of its range
        (:func:`~mjscore.rows.coerce.int_column`, which ``distances_many`` reads its
        ``claimed`` through too).
    """
    if bonus is None and claimed is None and streak is None:
        return None
    bits = np.zeros(n, dtype=np.uint32)
    for value, name, top, shift in ((bonus, "bonus", 255, FLOWER_SHIFT),
                                    (claimed, "claimed", CLAIMED_MARKS, CLAIMED_SHIFT),
                                    (streak, "dealer_streak", None, STREAK_SHIFT)):
        if value is None:
            continue
        array = int_column(value, name, n, top)
        # clipped in its own dtype: a uint64 streak of 2**63 cast to int64 first would wrap negative
        bits |= np.minimum(array, top or MAX_STREAK).astype(np.uint32) << np.uint32(shift)
    return bits


def read_hand(text: object, rules: str | RuleSet = "babcock") -> Hand | tuple[HandStatus, str]:
    """One hand string of a bulk input (a file line, a DataFrame cell), or the status
    and message of a row that cannot be scored under ``rules``: ``BAD_NOTATION`` for
    text that is no hand; ``WRONG_SIZE`` for a hand of more than 14 tiles
    (:class:`~mjscore.core.errors.LongHandError`), as the same hand's array row is
    marked; for a hand with jokers (``J``), ``NOT_WINNING`` where the rule
    set uses none or a declared meld holds one where it may not stand (as
    :func:`mjscore.score` says), else ``BAD_MELD`` if a declared meld holds one (a row's
    meld bytes cannot carry it: :func:`mjscore.score` scores that hand). A hand
    returned may hold concealed jokers: its row's ``jokers`` column is
    :attr:`Hand.jokers <mjscore.Hand.jokers>`."""
    if not isinstance(text, str):
        return HandStatus.BAD_NOTATION, f"a hand is written as text, not {text!r:.40}"
    try:
        hand = parse_hand(text)
    except LongHandError as error:
        return HandStatus.WRONG_SIZE, str(error)
    except MjscoreError as error:
        return HandStatus.BAD_NOTATION, str(error)
    if hand.total_jokers:
        ruleset = load_rules(rules)
        try:
            check_jokers(hand, ruleset)
        except NotWinningError as error:
            return HandStatus.NOT_WINNING, str(error)
        if hand.meld_jokers:
            return HandStatus.BAD_MELD, (f"{hand}: a declared meld holds a joker, which a row's meld "
                                         "bytes cannot say; mjscore.score() scores this hand")
    return hand


def score_many(counts: Any, rules: str | RuleSet = "babcock", *, melds: Any = None,
               win_tile: Any = None, seat_wind: Any = "E", prevailing_wind: Any = "E",
               dealer: Any = None, replacement: Any = None, jokers: Any = None, bonus: Any = None,
               claimed: Any = None, dealer_streak: Any = None, threads: int | None = 1,
               return_status: bool = False, **flags: Any) -> Any:
    """``(n, 34) -> (n), (n)``: every row's best total and limit hand under a rule set.

    See the module docstring for the layout. Bad rows never stop the batch.

    >>> import numpy as np, mjscore
    >>> hands = np.array([mjscore.parse_tiles("123m456p789s11155z")] * 2, dtype=np.uint8)
    >>> totals, special = score_many(hands, "babcock", win_tile=["5z", "1z"], self_drawn=True)
    >>> totals.tolist(), special.tolist()  # (20+2+8+2+2 only place) x2; (20+2+8+2) x2
    ([68, 64], [-1, -1])
    """
    if flags and not flags.keys() <= _FLAG_NAMES:
        unknown = sorted(set(flags) - _FLAG_NAMES)
        raise InvalidContextError(f"unknown context keyword {unknown[0]!r}; known: {', '.join(ROW_KEYWORDS)}")
    ruleset = load_rules(rules)
    batch = as_batch(counts)
    n = batch.shape[0]
    threads = check_threads(threads)
    flags.setdefault("winner", True)
    status = np.zeros(n, dtype=np.uint8)
    scalars = _scalar_context(win_tile, seat_wind, prevailing_wind, dealer, replacement, flags)
    if scalars is not None:  # the common case, and a single row's: no array work per call
        win, word, seat, prevailing, impossible, row = scalars  # the kernels read the first n rows
        wild = None if jokers is None else _jokers(jokers, n, status)
        if n and impossible:
            status[status == 0] = HandStatus.BAD_CONTEXT
    else:
        win, word, seat, prevailing, wild = _context_columns(
            n, win_tile, seat_wind, prevailing_wind, dealer, replacement, jokers, flags, status)
    extra = _extra_bits(bonus, claimed, dealer_streak, n)
    if extra is not None:  # the word's fields beyond the situation: whole columns from here
        word = np.asarray(word[:n], dtype=np.uint32) | extra
        if scalars is not None:
            row = (row[0], int(word[0]) if n else row[1], *row[2:])
    meld_codes = meld_batch(melds, n)
    totals = np.empty(n, dtype=np.int32)  # the kernel writes every row
    special = np.empty(n, dtype=np.int16)
    scorer = twin("score")
    if n == 1 and wild is None and scalars is not None:  # one row: the single-row entry, two buffers
        totals[0], special[0] = 0, -1
        if not status[0]:
            # (as bytes: the kernel reads them in place, where a row's view costs a buffer acquisition)
            result = scorer.score_one(batch[0].tobytes(), meld_codes[0].tobytes(), *row, ruleset)
            status[0] = result.status
            if not result.status:
                totals[0], special[0] = result.total, result.special
    elif wild is None and (threads == 1 or n < 2 * MIN_ROWS_PER_THREAD):  # one part: no slicing
        scorer.score_many(batch, meld_codes, win, word, seat, prevailing, ruleset, totals, special, status)
    elif wild is None:
        run_in_parts(n, threads, lambda rows: scorer.score_many(
            batch[rows], meld_codes[rows], win[rows], word[rows], seat[rows], prevailing[rows],
            ruleset, totals[rows], special[rows], status[rows]))
    else:
        run_in_parts(n, threads, lambda rows: scorer.score_many_jokers(
            batch[rows], meld_codes[rows], win[rows], word[rows], seat[rows], prevailing[rows],
            wild[rows], ruleset, totals[rows], special[rows], status[rows]))
    return (totals, special, status) if return_status else (totals, special)
