"""Every exception mjscore raises, and the status codes bulk calls return instead.

All errors derive from :class:`MjscoreError` and from :class:`ValueError`, so
``except ValueError`` catches them too. Bulk functions never raise per row: each
row gets a :class:`HandStatus`, and :func:`status_error` turns a status into the
exception the single-hand API raises, so both backends report the same thing.
"""

from __future__ import annotations

import enum

__all__ = [
    "MjscoreError",
    "NotationError",
    "InvalidHandError",
    "InvalidContextError",
    "NotWinningError",
    "LongHandError",
    "RuleSetError",
    "MeldTypeError",
    "HandStatus",
    "status_error",
]


class MjscoreError(ValueError):
    """Base of every mjscore error; a :class:`ValueError`."""


class NotationError(MjscoreError):
    """A hand string that cannot be read: unknown tile, stray character, unclosed bracket."""


class InvalidHandError(MjscoreError):
    """Well-formed input describing a hand that cannot exist (a fifth copy, 15 tiles, ...)."""


class InvalidContextError(InvalidHandError):
    """A winning situation that cannot happen (heaven for a non-dealer, a self-drawn robbed kong)."""


class NotWinningError(InvalidHandError):
    """A well-formed hand that has no winning shape where one is required."""


class LongHandError(NotWinningError):
    """A hand of more than 14 tiles (a kong counting as 3): more than any hand holds, so
    it can make no Mah Jongg.

    The club rules (``dmjl``, ``bmja``; issue 31) score it 0 as they score a 14-tile hand
    that makes no Mah Jongg, and mjscore says both the same way: this is a
    :class:`NotWinningError`, which ``except NotWinningError`` reads as a hand scoring 0,
    and an :class:`InvalidHandError`, whose message says how many tiles it holds. Bulk
    calls mark such a row ``WRONG_SIZE`` with total 0, an array row or a hand string
    (``mjscore bulk``, :mod:`mjscore.dask`)."""


class RuleSetError(MjscoreError):
    """A rule-set file or option that cannot be loaded."""


class MeldTypeError(InvalidHandError, RuntimeError):
    """A meld :mod:`mjscore.compat.mahjong`'s ``divide_hand`` cannot read as a set; also a
    :class:`RuntimeError`, which the ``mahjong`` package raises there."""


class HandStatus(enum.IntEnum):
    """Per-row outcome of a bulk call; ``OK`` rows carry a result, the others do not."""

    OK = 0
    #: a tile count above 4
    BAD_COUNT = 1
    #: the row's tile total is not a size the operation accepts
    WRONG_SIZE = 2
    #: a well-formed hand that is not complete, where a complete one is needed
    NOT_WINNING = 3
    #: a meld code that is not a set
    BAD_MELD = 4
    #: a winning situation that cannot happen (with this hand)
    BAD_CONTEXT = 5
    #: text that cannot be read as a hand: a notation error; bulk readers of hand
    #: strings (``mjscore bulk``, :mod:`mjscore.dask`) use it; the array kernels never produce it
    BAD_NOTATION = 6


#: The message for each bad status; ``{size}`` and ``{sizes}`` are filled in.
_STATUS_MESSAGES = {
    HandStatus.BAD_COUNT: "a tile kind appears more than 4 times",
    HandStatus.WRONG_SIZE: "the hand has {size} tiles, expected {sizes}",
    HandStatus.NOT_WINNING: "the hand is not complete",
    HandStatus.BAD_MELD: "a meld is not a set",
    HandStatus.BAD_CONTEXT: "the winning situation cannot happen with this hand",
    HandStatus.BAD_NOTATION: "the text cannot be read as a hand",
}

_STATUS_ERRORS: dict[HandStatus, type[MjscoreError]] = {
    HandStatus.BAD_COUNT: InvalidHandError,
    HandStatus.WRONG_SIZE: InvalidHandError,
    HandStatus.NOT_WINNING: NotWinningError,
    HandStatus.BAD_MELD: InvalidHandError,
    HandStatus.BAD_CONTEXT: InvalidContextError,
    HandStatus.BAD_NOTATION: NotationError,
}


def status_error(status: int, *, size: int = 0, sizes: str = "") -> MjscoreError:
    """The exception the single-hand API raises for a bad bulk ``status``.

    >>> status_error(HandStatus.BAD_COUNT)
    InvalidHandError('a tile kind appears more than 4 times')
    """
    code = HandStatus(status)
    if code is HandStatus.OK:
        raise ValueError("HandStatus.OK is not an error")
    return _STATUS_ERRORS[code](_STATUS_MESSAGES[code].format(size=size, sizes=sizes))
