"""The numbers a rule file may hold: the ranges the scorer represents, checked once.

The bounds make every total fit by construction: a total never exceeds twice the limit
(a "Double Limit" hand, :data:`MAX_SHARE`), so with :data:`LIMIT_RANGE` it stays below
2**31 and the scorer's int32 totals and tables, and its int64 share arithmetic, hold these.
The loader (sets, items, the limit) and the special hands both check through here.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["LIMIT_RANGE", "POINTS_RANGE", "DOUBLES_RANGE", "MAX_SHARE", "MAX_SHARE_DENOMINATOR", "NumberError",
           "bounded", "limit_share"]

LIMIT_RANGE = (1, 1_000_000_000)
"""The limits a rule set (or ``load_rules(limit=...)``) may set, inclusive."""
POINTS_RANGE = (0, 1_000_000)
"""Points of one set, item or special hand, and of one group from every set rule matching it."""
DOUBLES_RANGE = (0, 64)
"""Doubles of one set, item or special hand, and of one group from every set rule matching it."""
MAX_SHARE = 2
"""The largest share of the limit a special hand may be worth: Western books value some
hands at "Double Limit" (001: Imperial Jade, Numbers Racket, Christmas, ...). Twice the
largest limit, 2_000_000_000, still fits an int32 total."""
MAX_SHARE_DENOMINATOR = 1_000_000
"""The largest denominator of a limit share (``limit = "1/3"``): the scorer keeps it in 32 bits."""


class NumberError(ValueError):
    """A number outside what the scorer represents; the caller adds the file and the key."""


def bounded(number: int, bounds: tuple[int, int]) -> int:
    """``number`` if it is within ``bounds`` (inclusive).

    :raises NumberError: saying the range.
    """
    low, high = bounds
    if number < 0 <= low:
        raise NumberError(f"cannot be negative (from {low} to {high}), got {number}")
    if not low <= number <= high:
        raise NumberError(f"must be from {low} to {high} (the range the scorer represents), got {number}")
    return number


def limit_share(value: int | float | str) -> Fraction:
    """A share of the limit from ``1``, ``"1/2"``, ``0.5``, ``2``: above 0, at most
    :data:`MAX_SHARE` (a "Double Limit" hand), with a small denominator.

    :raises NumberError: saying what is wrong.
    """
    try:
        share = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):  # (OverflowError: an infinite float)
        raise NumberError(f"expected a number or fraction like \"1/2\", got {value!r}") from None
    if share <= 0:
        raise NumberError(f"a share of the limit must be positive, got {value!r}")
    if share > MAX_SHARE:
        raise NumberError(f"a share of the limit is at most {MAX_SHARE} (a \"Double Limit\" hand scores "
                          f"twice the limit; no rule book goes higher), got {value!r}")
    if share.denominator > MAX_SHARE_DENOMINATOR:
        raise NumberError(f"a share of the limit is a fraction like \"1/3\" with a denominator of at "
                          f"most {MAX_SHARE_DENOMINATOR}, got {value!r}")
    return share
