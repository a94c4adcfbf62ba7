"""Shanten: how many tiles a hand is from ready, one hand or in bulk.

A hand's **shanten** is the fewest tiles it lacks to be complete, minus one: -1 for a
complete hand, 0 for a ready (tenpai) one, 1 for one tile from ready, and so on. The
tiles it lacks are counted against a complete hand that holds at most four of a tile,
its own concealed copies included, so a hand waiting only on a tile it holds four times
is not ready (the same rule as :func:`mjscore.waits` for concealed tiles; declared
melds' copies, see below, are not counted here, while waits and useful tiles count them:
``"1m [111m] ..."`` is ready here and has no wait).

Three forms are counted, and by default the minimum over them (the definition of the
``mahjong`` package's ``Shanten.calculate_shanten`` and of ``xiangting``):

* ``"standard"`` - sets and a pair; declared melds (a :class:`~mjscore.Hand`'s, or the
  meld bytes of :mod:`mjscore.rows` in bulk) are sets already made;
* ``"seven-pairs"`` - seven distinct pairs (four alike is one pair);
* ``"thirteen-orphans"`` - one of each terminal and honour, and a pair of one.

Asked for by name, also the knitted hands of seed 001 (the minimum over whatever is asked):

* ``"knitting"`` - seven knitted pairs, each one number in two suits, the same two;
* ``"triple-knitting"`` - four knitted pungs (one number in all three suits) and a
  knitted pair (``"knitted"`` names both).

All but the standard form need 13 or 14 concealed tiles and no melds. ``forms`` picks a
subset: a :class:`Form`, a name above, or several of either.

>>> import mjscore
>>> mjscore.shanten("1234567m123456p", forms="knitting")  # waiting on 7p
0

**Sizes.** A hand holds ``3k + 1`` or ``3k + 2`` tiles, ``k`` at most 4: 1, 2, 4, 5,
..., 13 or 14 (fewer than 13 without meld bytes: the missing sets count as declared).
With declared melds, its concealed tiles and melds (a meld, a kong too, counting three)
make 13 or 14. A 14-tile hand's shanten counts exchanges (draw one, discard one): -1
complete, 0 when one discard leaves it ready. Other sizes are refused (in bulk, the row
is marked ``WRONG_SIZE``).

Declared melds' tiles are not taken from the copies a standard hand may still use (as
``xiangting``, which sees concealed tiles only); they are for useful tiles
(:mod:`mjscore.useful_tiles`).

>>> mjscore.shanten("123m456p789s1122z")
0
>>> mjscore.shanten("19m19p19s1234567z"), mjscore.shanten("19m19p19s1234567z", forms="standard")
(0, 8)
>>> mjscore.shanten_many([mjscore.parse_tiles("123m456p789s11222z")]).tolist()
[-1]
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import numpy.typing as npt

from . import _reference as _shanten_reference
from .._backend import twin
from ..decompose.bulk import run_in_parts
from ..core.errors import HandStatus, InvalidHandError, NotWinningError, status_error
from ..core.hand import Hand, negative_count
from ..core.notation import parse_hand
from ..rows.codec import meld_bytes
from ..rows.coerce import NO_MELDS, as_batch, meld_rows

__all__ = ["Form", "FormsLike", "shanten", "shanten_many", "form_bits", "hand_bytes", "engine",
           "SIZES", "raise_status"]

SIZES = "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 (13 or 14 counting each declared meld as three)"
"""The hand sizes shanten accepts, in words for error messages."""


class Form(enum.IntFlag):
    """The forms a shanten is counted over; combine them with ``|``.

    :class:`mjscore.Shape` names what a complete hand makes. The members of the same
    name mean the same hand, but the values are each kernel's own bits
    (``Form.THIRTEEN_ORPHANS`` is 4, ``Shape.THIRTEEN_ORPHANS`` 8): ``forms=`` reads a
    ``Shape`` by its members' names, never by its value.
    """

    STANDARD = _shanten_reference.STANDARD
    SEVEN_PAIRS = _shanten_reference.SEVEN_PAIRS
    THIRTEEN_ORPHANS = _shanten_reference.THIRTEEN_ORPHANS
    KNITTING = _shanten_reference.KNITTING
    """Seven knitted pairs in two suits (seed 001's Knitting; Gertie's Garter is one)."""
    TRIPLE_KNITTING = _shanten_reference.TRIPLE_KNITTING
    """Four knitted pungs and a knitted pair (seed 001's Triple Knitting)."""
    ALL = STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS
    """The default: the forms of the ``mahjong`` package's and ``xiangting``'s shanten."""
    KNITTED = KNITTING | TRIPLE_KNITTING


FormsLike = Form | int | str | Iterable[Form | str]
"""What ``forms=`` accepts: a :class:`Form` (or its int value), a form's name, or several."""

_NAMES = {"standard": Form.STANDARD, "seven-pairs": Form.SEVEN_PAIRS, "thirteen-orphans": Form.THIRTEEN_ORPHANS,
          "knitting": Form.KNITTING, "triple-knitting": Form.TRIPLE_KNITTING, "all": Form.ALL,
          "knitted": Form.KNITTED}
_EVERY_FORM = int(Form.ALL | Form.KNITTED)


@functools.lru_cache(maxsize=64)
def _form_of_name(name: str) -> int:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _NAMES:
        raise InvalidHandError(f"forms: unknown form {name!r}; expected one of {', '.join(_NAMES)}")
    return int(_NAMES[key])


def form_bits(forms: FormsLike) -> int:
    """The form bits of ``forms`` (see :data:`FormsLike`).

    >>> form_bits("seven-pairs") == Form.SEVEN_PAIRS, form_bits(["standard", Form.THIRTEEN_ORPHANS])
    (True, 5)

    A :class:`mjscore.Shape` is read by its members' names (``Shape.THIRTEEN_ORPHANS`` is
    ``Form.THIRTEEN_ORPHANS``); ``Shape.PAIRS_WITH_QUADS`` names no form and raises.

    :raises InvalidHandError: for an unknown name, no form at all, or anything else.
    """
    if isinstance(forms, Form):
        bits = int(forms)
    elif isinstance(forms, enum.Flag):  # a Shape: its bits are another kernel's
        bits = 0
        for member in type(forms):
            if member.value and member in forms and member.name is not None:
                bits |= _form_of_name(member.name)
    elif isinstance(forms, int):
        if isinstance(forms, bool) or forms & ~_EVERY_FORM:
            raise InvalidHandError(f"forms: {forms!r} is not a combination of Form flags")
        bits = forms
    elif isinstance(forms, str):
        bits = _form_of_name(forms)
    else:
        try:
            items = list(forms)
        except TypeError:
            raise InvalidHandError(f"forms: expected a Form, a form's name or several, not {forms!r:.40}") from None
        bits = 0
        for item in items:
            if isinstance(item, Form):
                bits |= int(item)
            elif isinstance(item, str):
                bits |= _form_of_name(item)
            else:
                raise InvalidHandError(f"forms: expected a Form or a form's name, not {item!r:.40}")
    if not bits & _EVERY_FORM:
        raise InvalidHandError("forms: name at least one form")
    return bits


if TYPE_CHECKING:  # the reference is the typed contract
    engine = _shanten_reference
else:
    engine = twin("shanten")
"""The shanten kernel of the backend in use (:mod:`mjscore._backend`)."""



def hand_bytes(hand: Hand | str | Any) -> tuple[bytes, bytes]:
    """A hand as 34 count bytes and 4 meld bytes: a :class:`~mjscore.Hand`, its notation,
    or 34 counts (a sequence of ints or a NumPy row; no melds).

    :raises InvalidHandError: for anything else, or counts outside 0-4.
    :raises NotWinningError: for a hand holding jokers (not counted).
    """
    if isinstance(hand, str):
        hand = parse_hand(hand)
    if isinstance(hand, Hand):
        if hand.jokers or (hand.melds and hand.meld_jokers):
            raise NotWinningError("shanten does not count jokers: give a hand without them")
        return bytes(hand.concealed), meld_bytes(hand.melds) if hand.melds else NO_MELDS
    if isinstance(hand, np.ndarray):
        if hand.shape != (34,) or hand.dtype.kind not in "iu":
            raise InvalidHandError(f"expected 34 integer tile counts, got an array of shape {hand.shape} "
                                   f"and dtype {hand.dtype}")
        if hand.dtype != np.uint8 and ((hand < 0) | (hand > 4)).any():
            raise InvalidHandError("a tile count is outside 0-4")
        return hand.astype(np.uint8, copy=False).tobytes(), NO_MELDS
    try:
        counts = bytes(hand)
    except (TypeError, ValueError):
        raise _not_counts(hand) from None
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts, got {len(counts)} values")
    return counts, NO_MELDS


def _not_counts(hand: Any) -> InvalidHandError:
    """The error for what ``bytes()`` refused as counts: a count out of range named as such."""
    try:
        values = [operator.index(c) for c in hand]
    except TypeError:
        values = []
    if len(values) == 34:
        return InvalidHandError(negative_count(values) or "a tile count is outside 0-4")
    return InvalidHandError(f"expected a Hand, its notation or 34 tile counts, not {hand!r:.60}")


def raise_status(code: int) -> None:
    """Raise the error of a bad row's status for a single hand."""
    if code == HandStatus.WRONG_SIZE:
        raise InvalidHandError(f"the hand's size is not one shanten accepts: {SIZES}; seven pairs and "
                               "thirteen orphans alone need 13 or 14 concealed tiles and no melds")
    raise status_error(code)


_ALL, _ALL_BITS = Form.ALL, int(Form.ALL)


def shanten(hand: Hand | str | Any, forms: FormsLike = Form.ALL) -> int:
    """The shanten of one hand (see the module docstring): a :class:`~mjscore.Hand`, its
    notation, or 34 counts.

    >>> from mjscore import parse_tiles
    >>> shanten(parse_tiles("11m")), shanten(parse_tiles("1112345678999m")), shanten("123m 456p 789s 1z [777z] +1z")
    (-1, 0, -1)

    :raises InvalidHandError: for a size shanten does not accept, or bad counts or melds.
    """
    bits = _ALL_BITS if forms is _ALL else form_bits(forms)
    # The common calls (34 counts as a list, a tuple or a NumPy row, a Hand without
    # melds) are read by the kernel in place; the rest, and anything it refuses, the
    # careful way.
    result: int = engine.shanten_call(hand, bits)
    if result >= -1:  # a shanten: the rest are codes
        return result
    if result == _shanten_reference.NOT_READ:
        counts, melds = hand_bytes(hand)
        result = engine.shanten_one(counts, melds, bits)
    if result <= -100:
        raise_status(-100 - result)
    return result


python_shanten = shanten
""":func:`shanten` defined in Python: the call of the reference backend, and of the
compiled one for every call its compiled :func:`shanten` does not count itself."""
if not TYPE_CHECKING and engine is not _shanten_reference:
    # One compiled call, not a Python one around the kernel's: a single call costs less
    # than calling a Python function does. Its signature, docstring and errors are these.
    shanten = functools.update_wrapper(engine.shanten_function(python_shanten, _ALL), python_shanten)


@overload
def shanten_many(counts: Any, melds: Any = None, forms: FormsLike = Form.ALL, *, threads: int | None = 1,
                 return_status: Literal[False] = False) -> npt.NDArray[np.int8]: ...
@overload
def shanten_many(counts: Any, melds: Any = None, forms: FormsLike = Form.ALL, *, threads: int | None = 1,
                 return_status: Literal[True]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...
def shanten_many(counts: Any, melds: Any = None, forms: FormsLike = Form.ALL, *, threads: int | None = 1,
                 return_status: bool = False) -> Any:
    """``(n, 34)`` concealed counts (and ``(n, 4)`` meld bytes) -> ``(n,)`` int8 shanten.

    ``melds`` may be given by position as well as by keyword (``shanten_many(counts,
    melds)``, the order of the kernel's own call and of existing callers); ``melds=`` is
    the spelling shared with every other ``*_many``.

    A bad row (see :class:`~mjscore.core.errors.HandStatus`: a count above 4, a meld byte that
    is no meld, a size not accepted) gets 127 and, with ``return_status=True``, its
    status in a second array; the other rows are computed. ``threads`` splits a large
    batch between threads (the kernel releases the GIL).

    >>> import numpy as np
    >>> rows = np.zeros((2, 34), dtype=np.uint8); rows[0, :9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]; rows[1, 0] = 5
    >>> shanten_many(rows, return_status=True)
    (array([  0, 127], dtype=int8), array([0, 1], dtype=uint8))
    """
    batch = as_batch(counts)
    n = batch.shape[0]
    codes = meld_rows(melds, n)
    bits = form_bits(forms)
    out = np.empty(n, dtype=np.int8)
    status = np.empty(n, dtype=np.uint8)
    run_in_parts(n, threads, lambda rows: engine.shanten_many(batch[rows], codes[rows], bits, out[rows],
                                                             status[rows]))
    return (out, status) if return_status else out
