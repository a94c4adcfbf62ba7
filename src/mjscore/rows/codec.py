"""The row codec: hands and their situations as the rows the scorers read.

Every path into a scorer goes through here, so the encoding is written once:
:func:`mjscore.score_many` and what feeds it (``mjscore bulk``, :mod:`mjscore.dask`,
:mod:`mjscore.rows.sample`), :func:`mjscore.score` (one row), and the reference scorer
``mjscore.score._reference``, which reads rows back into hands and contexts.

One row:

==============  ===========  ===================================================
column          type         meaning
==============  ===========  ===================================================
``counts``      34 bytes     concealed tiles, the winning tile included
``melds``       4 bytes      one byte per declared meld, its group byte
                             ``kind * 34 + tile`` (:mod:`mjscore.core.group_codes`):
                             kind :data:`CHOW` 0 (``tile`` its lowest),
                             :data:`PUNG` 1, :data:`KONG` 2 (these exposed),
                             :data:`CONCEALED_KONG` 6; :data:`NO_MELD` (0xFF)
                             for none, after the melds
``win_tile``    byte         0-33, or :data:`UNKNOWN_TILE` (255): every
                             concealed kind is tried; a scorer reports
                             :data:`NO_TILE` (254) as the winning tile of a
                             hand that did not go out
``flags``       uint32       the context word: :class:`~mjscore.core.context.Flag` bits
                             (:attr:`WinContext.flags <mjscore.core.context.WinContext.flags>`),
                             the flowers and seasons held (bits 16-23), which meld
                             bytes are claimed kongs (bits 24-27: an exposed kong
                             byte, see :data:`~mjscore.core.context.CLAIMED_SHIFT`)
                             and the dealer's streak (bits 28-31)
``seat``,       bytes        wind tiles, 27-30
``prevailing``
==============  ===========  ===================================================

The context keywords a row may be given (the keywords of ``score_many``, the
columns of ``mjscore bulk`` and of :func:`mjscore.dask.score_dataframe`) are
:data:`ROW_KEYWORDS`.

>>> from mjscore import parse
>>> counts, melds, win_tile, flags, seat, prevailing = row_of(
...     parse("123m 456p 789s 1z [777z] +1z"), WinContext(win_tile="1z"))
>>> list(melds), win_tile, flags == Flag.WINNER | Flag.DEALER, meld_of(melds[0])
([67, 255, 255, 255], 27, True, Meld.from_str('777z'))
>>> hand_of_row(counts, melds), context_of_row(win_tile, flags, seat, prevailing) == WinContext(win_tile="1z")
(Hand.from_str('123m456p789s11z [777z]'), True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from ..core.context import (CLAIMED_SHIFT, FLAG_KEYWORDS, MAX_STREAK, REPLACEMENT_FLAGS,
                            STREAK_SHIFT, Flag, WinContext, bonus_numbers)
from ..core.errors import InvalidContextError, InvalidHandError
from ..core.group import Meld
from ..core.group_codes import CHOW, CONCEALED_KONG, KONG, NO_GROUP, PUNG, group_kind, group_tile
from ..core.hand import Hand
from ..core.tile import N_KINDS, Tile
from .coerce import MELDS_PER_ROW, NO_MELDS, meld_batch  # meld_batch: re-exported; checks live in coerce

__all__ = [
    "CHOW", "PUNG", "KONG", "CONCEALED_KONG", "NO_MELD", "MELDS_PER_ROW", "UNKNOWN_TILE", "NO_TILE",
    "ROW_KEYWORDS", "REPLACEMENTS", "REPLACEMENT_WORDS",
    "meld_byte", "meld_bytes", "meld_codes", "meld_tiles", "meld_of", "row_sizes", "meld_batch",
    "meld_tile_counts",
    "replacement_code", "Row", "row_of", "forget_meld_bytes", "hand_of_row", "context_of_row", "HandArrays", "hand_arrays",
    "claimed_bits", "bonus_byte",
]

NO_MELD = NO_GROUP
"""The meld byte of no meld: a row's melds come first, this pads the rest."""
UNKNOWN_TILE = 255
"""A row's ``win_tile`` when it is not known: the scorers try every concealed kind."""
NO_TILE = 254
"""The winning tile a scorer reports for a hand that did not go out (it has none)."""

ROW_KEYWORDS = ("win_tile", "seat_wind", "prevailing_wind", "dealer", "replacement", "dealer_streak",
                *FLAG_KEYWORDS)
"""The context a row may be given: the keywords of :func:`mjscore.score_many`. They mean
what they mean to :func:`mjscore.score`; a row has no bonus tiles."""

_MELD_SIZE = {PUNG: 3, KONG: 4, CONCEALED_KONG: 4}  # by kind, the chow apart
_MELD_KINDS = [CHOW, *_MELD_SIZE]


def meld_byte(meld: Meld) -> int:
    """A declared meld as its byte, :attr:`Meld.code <mjscore.core.group.Group.code>` (a meld's
    jokers are not in it: rows hold none).

    >>> meld_byte(Meld.from_str("9999p", concealed=True)) == group_code(CONCEALED_KONG, Tile.P9)
    True
    """
    return meld.code


def meld_bytes(melds: Sequence[Meld]) -> bytes:
    """A hand's declared melds as a row's four meld bytes, :data:`NO_MELD` after them."""
    if not melds:
        return NO_MELDS
    if isinstance(melds, tuple):  # a hand's melds: the single-hand calls ask again and again
        return _tuple_meld_bytes(melds)
    codes = [meld_byte(meld) for meld in melds]
    return bytes(codes + [NO_MELD] * (MELDS_PER_ROW - len(codes)))


@functools.lru_cache(maxsize=65536)
def _tuple_meld_bytes(melds: tuple[Meld, ...]) -> bytes:
    codes = [meld_byte(meld) for meld in melds]
    return bytes(codes + [NO_MELD] * (MELDS_PER_ROW - len(codes)))


def forget_meld_bytes() -> None:
    """Empty the memory of hands' melds as meld bytes (:func:`meld_bytes`)."""
    _tuple_meld_bytes.cache_clear()


def meld_codes(kinds: npt.NDArray[Any], tiles: npt.NDArray[Any]) -> npt.NDArray[np.uint8]:
    """:func:`meld_byte` over arrays: the bytes of melds of ``kinds`` (:data:`CHOW` ...
    :data:`CONCEALED_KONG`) on ``tiles``, element by element."""
    return (np.asarray(kinds, dtype=np.uint8) * np.uint8(34) + np.asarray(tiles, dtype=np.uint8)).astype(np.uint8)


def meld_tiles(code: int) -> tuple[int, ...] | None:
    """The tiles of a meld byte (a kong's four), or None for a byte that is no meld: a
    tile past 33, or a chow that does not fit in its suit.

    >>> meld_tiles(group_code(CHOW, Tile.S7)), meld_tiles(group_code(CHOW, Tile.S8)), meld_tiles(NO_MELD)
    ((24, 25, 26), None, None)
    """
    kind, tile = group_kind(code), group_tile(code)
    if kind == CHOW:
        return (tile, tile + 1, tile + 2) if tile < 27 and tile % 9 <= 6 else None
    if kind in _MELD_SIZE:
        return (tile,) * _MELD_SIZE[kind]
    return None


def meld_of(code: int) -> Meld:
    """The declared meld of a meld byte that :func:`meld_tiles` accepts.

    :raises InvalidHandError: for a byte that is no meld.
    """
    if meld_tiles(code) is None:
        raise InvalidHandError(f"meld byte {code} is no declared meld: a chow, pung, exposed or concealed "
                               f"kong (0xFF is no meld)")
    return Meld.from_code(code)


def meld_tile_counts(melds: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Per row of ``(n, 4)`` meld bytes: the 34 counts of its melds' tiles (a kong as 4),
    and whether a byte is no meld (:func:`meld_tiles` refuses it; :data:`NO_MELD` is fine)."""
    n = melds.shape[0]
    counts = np.zeros((n, N_KINDS), dtype=np.int64)
    kinds, tiles = melds // 34, (melds % 34).astype(np.intp)
    present = melds != NO_MELD
    bad = present & ((kinds == CHOW) & ((tiles >= 27) | (tiles % 9 > 6)) | ~np.isin(kinds, _MELD_KINDS))
    rows = np.arange(n)
    for column in range(MELDS_PER_ROW):
        ok = present[:, column] & ~bad[:, column]
        kind, tile = kinds[:, column], tiles[:, column]
        chow = ok & (kind == CHOW)
        for step in range(3):
            np.add.at(counts, (rows[chow], tile[chow] + step), 1)
        same = ok & (kind != CHOW)
        np.add.at(counts, (rows[same], tile[same]), np.where(kind[same] == PUNG, 3, 4))
    return counts, bad.any(axis=1)


def row_sizes(counts: npt.NDArray[Any], melds: npt.NDArray[Any] | None,
              jokers: Any = None) -> npt.NDArray[np.int64]:
    """Tiles per row of ``(n, 34)`` counts, ``(n, 4)`` meld bytes (None: no melds) and
    jokers held concealed (a count or ``(n,)``; None: none), a meld counting 3 (a kong
    too): 14 for a hand that went out, 13 for one that did not."""
    sizes: npt.NDArray[np.int64] = np.asarray(counts).sum(axis=1, dtype=np.int64)
    if melds is not None:
        sizes += 3 * (np.asarray(melds) != NO_MELD).sum(axis=1)
    if jokers is not None:
        sizes += np.asarray(jokers, dtype=np.int64)
    return sizes


REPLACEMENTS: tuple[str | None, ...] = (None, "kong", "bonus")
""":attr:`WinContext.replacement <mjscore.core.context.WinContext.replacement>` by replacement
code: 0 none, 1 a kong's loose tile, 2 a flower's or season's."""
REPLACEMENT_WORDS = np.array([REPLACEMENT_FLAGS[r] for r in REPLACEMENTS], dtype=np.uint32)
"""The context-word bits of each replacement code."""
_REPLACEMENT_CODES: dict[object, int] = {
    None: 0, False: 0, True: 1, 2: 2, "none": 0, "false": 0, "kong": 1, "true": 1, "bonus": 2}
# False/True are the keys 0/1 too (equal and same hash), so 0 and 1 need no entries of their own.


def replacement_code(value: object) -> int:
    """A replacement code (0 none, 1 kong, 2 bonus) from what ``replacement`` may be given
    as: None/False, ``"kong"``/True, ``"bonus"``, the codes 0, 1, 2, or text (any case)
    ``"none"``, ``"kong"``, ``"bonus"``, ``"true"``, ``"false"``.

    >>> replacement_code(None), replacement_code(True), replacement_code(" Bonus ")
    (0, 1, 2)

    :raises InvalidContextError: for anything else.
    """
    if isinstance(value, np.generic):
        value = value.item()
    key = value.strip().lower() if isinstance(value, str) else value
    if isinstance(key, (str, bool, int, type(None))) and key in _REPLACEMENT_CODES:
        return _REPLACEMENT_CODES[key]
    raise InvalidContextError(f"replacement must be None, 'kong' or 'bonus' (or 0, 1, 2), not {value!r:.40}")


Row: TypeAlias = tuple[bytes, bytes, int, int, int, int]
"""One row as the scorers' ``score_one`` takes it (``score_one(*row, rules)``): ``(counts,
melds, win_tile, flags, seat, prevailing)``. A plain tuple: :func:`mjscore.score` makes
one per call, and a named tuple costs as much again as the rest of the row."""


def claimed_bits(melds: Sequence[Meld | int]) -> int:
    """The context word's bits marking which of these melds are claimed kongs: bit ``k`` the
    ``k``-th meld, counting the meld bytes other than :data:`NO_MELD` in order (a meld
    byte among them claims nothing)."""
    bits = 0
    for k, meld in enumerate(melds):
        if isinstance(meld, Meld) and meld.claimed:
            bits |= 1 << (CLAIMED_SHIFT + k)
    return bits


def row_of(hand: Hand, context: WinContext) -> Row:
    """The row of a hand (its concealed tiles and melds) in a context (the winning tile,
    the context word and the winds); the hand's claimed kongs are marked in the word, its
    bonus tiles are the context's (``flowers``, ``seasons``), its jokers are not in it."""
    win = context.win_tile
    flags = context.flags | claimed_bits(hand.melds) if hand.melds else context.flags
    return (bytes(hand.concealed), meld_bytes(hand.melds), UNKNOWN_TILE if win is None else int(win),
            flags, int(context.seat_wind), int(context.prevailing_wind))


def hand_of_row(counts: Sequence[int], codes: Sequence[int], flags: int = 0) -> Hand:
    """The hand of a row's counts and meld bytes (:data:`NO_MELD` skipped), its claimed kongs
    read from the context word ``flags``.

    :raises InvalidHandError: for a row that is no hand, or a claimed mark on a byte that is
        no exposed kong.
    """
    melds: list[Meld] = []
    for code in codes:
        if code == NO_MELD:
            continue
        meld = meld_of(int(code))
        melds.append(Meld.claimed_from(meld) if flags >> (CLAIMED_SHIFT + len(melds)) & 1 else meld)
    return Hand(tuple(int(c) for c in counts), tuple(melds))


def context_of_row(win_tile: int, flags: int, seat: int, prevailing: int) -> WinContext:
    """The context of a row's winning tile, context word and winds (a row of a hand that
    did not go out has no winning tile, whatever its ``win_tile``).

    :raises InvalidContextError: for a context word that cannot happen.
    """
    on_off: dict[str, Any] = {name: bool(flags & bit) for name, bit in FLAG_KEYWORDS.items()}
    replacement = REPLACEMENTS[1 if flags & Flag.KONG_REPLACEMENT else 2 if flags & Flag.BONUS_REPLACEMENT else 0]
    known = win_tile != UNKNOWN_TILE and bool(flags & Flag.WINNER)
    flowers, seasons = bonus_numbers(flags)
    return WinContext(win_tile=Tile(win_tile) if known else None, seat_wind=Tile(seat),
                      prevailing_wind=Tile(prevailing), dealer=bool(flags & Flag.DEALER),
                      replacement=replacement, flowers=flowers, seasons=seasons,
                      dealer_streak=flags >> STREAK_SHIFT & MAX_STREAK, **on_off)


class HandArrays(NamedTuple):
    """Hands laid out as the columns of rows."""

    counts: npt.NDArray[np.uint8]
    """``(n, 34)`` concealed tiles, the winning tile included."""
    melds: npt.NDArray[np.uint8]
    """``(n, 4)`` meld bytes."""
    win_tile: npt.NDArray[np.uint8]
    """``(n,)`` the winning tile each hand marks, :data:`UNKNOWN_TILE` where none."""
    sizes: npt.NDArray[np.int64]
    """``(n,)`` tiles per hand, a kong counting 3: 14 with a winning tile, 13 without."""
    bonus: npt.NDArray[np.uint8]
    """``(n,)`` the flowers and seasons each hand shows (:func:`bonus_byte`)."""
    claimed: npt.NDArray[np.uint8]
    """``(n,)`` which of each hand's melds are claimed kongs (bit ``k``: meld byte ``k``)."""


def bonus_byte(hand: Hand) -> int:
    """The flowers and seasons a hand shows as one byte, the ``bonus`` column of
    :func:`mjscore.score_many`: bit ``n - 1`` flower ``n``, bit ``n + 3`` season ``n``."""
    return sum(1 << (b.number - 1 + (0 if b.is_flower else 4)) for b in hand.bonus)


def hand_arrays(hands: Sequence[Hand]) -> HandArrays:
    """The rows of ``hands`` (their jokers are not in them: see :attr:`Hand.jokers`)."""
    n = len(hands)
    counts = np.array([hand.concealed for hand in hands], dtype=np.uint8).reshape(n, N_KINDS)
    melds = np.frombuffer(b"".join(meld_bytes(hand.melds) for hand in hands),
                          dtype=np.uint8).reshape(n, MELDS_PER_ROW).copy()
    win = np.array([UNKNOWN_TILE if hand.win_tile is None else hand.win_tile for hand in hands],
                   dtype=np.uint8)
    sizes = np.array([hand.size for hand in hands], dtype=np.int64)
    bonus = np.array([bonus_byte(hand) if hand.bonus else 0 for hand in hands], dtype=np.uint8)
    claimed = np.array([claimed_bits(hand.melds) >> CLAIMED_SHIFT if hand.melds else 0 for hand in hands],
                       dtype=np.uint8)
    return HandArrays(counts, melds, win, sizes, bonus, claimed)
