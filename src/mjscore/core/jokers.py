"""Where jokers may stand: the eligibility switches of the rule books that use them.

A joker stands for any tile in the group it joins, and a rule set says which
groups it may join. The common switches are cumulative:

======================  ====================================================
:data:`JOKERS_IN_PUNGS`  pungs and kongs only (most Western and American sets)
:data:`JOKERS_IN_CHOWS`  also chows
:data:`JOKERS_IN_PAIRS`  also pairs, and the singles of thirteen orphans
======================  ====================================================

They are combinations of the :class:`JokerUse` flags, which the kernel reads one
group at a time: eligibility is decided per group, never from merged tile counts
(two pairs of 5s do not make a pung a joker could join).

Rules every joker placement keeps, whatever the switches:

* every set and pair keeps at least one natural tile: a group of jokers only
  names no tile (a lone joker may still be a single of thirteen orphans);
* a chow holds at most one joker, beside two natural tiles (one natural tile and
  two jokers read as a pung);
* no more than four of a kind, counting the jokers that stand for the tile and
  the tiles of declared melds.

>>> JOKERS_IN_CHOWS
<JokerUse.PUNGS|CHOWS: 3>
>>> joker_use("pairs") is JOKERS_IN_PAIRS
True

Names. Throughout the API ``jokers=`` is a *count* of jokers (held concealed, or a
column of counts in bulk) and ``joker_use=`` says *where* they may stand (a
:class:`JokerUse` or one of the words above). Until 0.2, a :class:`JokerUse` or a word
passed as ``jokers=`` still means ``joker_use=``, with a :class:`DeprecationWarning`;
a plain integer given as ``jokers=`` is always a count, never a set of flags.
"""

from __future__ import annotations

import enum
import operator
import warnings
from typing import Any, TypeAlias

from .errors import InvalidHandError, RuleSetError

__all__ = ["JokerUse", "JokerUseLike", "JOKERS_IN_PUNGS", "JOKERS_IN_CHOWS", "JOKERS_IN_PAIRS", "joker_use",
           "joker_count", "old_joker_use", "needed_for", "describe", "name_of"]


class JokerUse(enum.IntFlag):
    """The kinds of group a joker may stand in; the values are the kernel's ``use`` bits."""

    PUNGS = 1
    """Pungs (triplets) and kongs."""
    CHOWS = 2
    """Chows (runs), one joker each."""
    PAIRS = 4
    """Pairs, and the singles of thirteen orphans."""


JOKERS_IN_PUNGS = JokerUse.PUNGS
"""Jokers stand only in pungs and kongs."""
JOKERS_IN_CHOWS = JokerUse.PUNGS | JokerUse.CHOWS
"""Jokers stand in pungs, kongs and chows."""
JOKERS_IN_PAIRS = JokerUse.PUNGS | JokerUse.CHOWS | JokerUse.PAIRS
"""Jokers stand in any group: pungs, kongs, chows, pairs and singles."""

JokerUseLike: TypeAlias = "JokerUse | int | str"
"""What ``joker_use=`` accepts: a :class:`JokerUse`, its integer, or ``"pungs"``, ``"chows"``, ``"pairs"``."""

_NAMES = {"pungs": JOKERS_IN_PUNGS, "chows": JOKERS_IN_CHOWS, "pairs": JOKERS_IN_PAIRS}
_NEEDED = (JokerUse.CHOWS, JokerUse.PUNGS, JokerUse.PUNGS, JokerUse.PAIRS)  # by GroupKind value
_WORDS = {JokerUse.PUNGS: "pungs and kongs", JokerUse.CHOWS: "chows", JokerUse.PAIRS: "pairs and singles"}


def needed_for(kind: int) -> JokerUse:
    """The flag a group of ``kind`` (a :class:`~mjscore.core.group.GroupKind`) needs to hold a joker."""
    return _NEEDED[kind]


def describe(use: JokerUse) -> str:
    """Where ``use`` lets jokers stand, in words: ``"pungs and kongs, chows"``."""
    return ", ".join(words for flag, words in _WORDS.items() if flag & use) or "nowhere"


def name_of(use: JokerUse) -> str:
    """The constant's name for the three switches (``"JOKERS_IN_PUNGS"``), else the flags."""
    for name, value in (("JOKERS_IN_PUNGS", JOKERS_IN_PUNGS), ("JOKERS_IN_CHOWS", JOKERS_IN_CHOWS),
                        ("JOKERS_IN_PAIRS", JOKERS_IN_PAIRS)):
        if use == value:
            return name
    return "|".join(f"JokerUse.{flag.name}" for flag in JokerUse if flag & use)


def joker_use(value: JokerUse | int | str) -> JokerUse:
    """The eligibility ``value`` names: a :class:`JokerUse`, its integer, or one of the
    words ``"pungs"``, ``"chows"``, ``"pairs"`` (the three cumulative switches).

    :raises RuleSetError: for anything else, including no kind of group at all.
    """
    if isinstance(value, str):
        found = _NAMES.get(value.strip().lower())
        if found is None:
            raise RuleSetError(
                f"joker_use={value!r}: say where jokers may stand with 'pungs', 'chows' or 'pairs'")
        return found
    try:
        bits = operator.index(value)
    except TypeError:
        raise RuleSetError(f"joker_use={value!r}: expected a JokerUse such as JOKERS_IN_PUNGS") from None
    if isinstance(value, bool) or not 0 < bits < 8:
        raise RuleSetError(
            f"joker_use={value!r}: expected a JokerUse such as JOKERS_IN_PUNGS (flags 1-7); "
            "a hand with jokers needs at least one kind of group they may stand in")
    return JokerUse(bits)


def joker_count(value: object, what: str = "jokers") -> int:
    """A count of jokers, 0-8 (a hand holds at most eight).

    :raises InvalidHandError: for a bool, a non-integer or a count outside 0-8.
    """
    try:
        count = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        count = -1
    if isinstance(value, bool) or not 0 <= count <= 8:
        raise InvalidHandError(f"{what}={value!r:.40}: expected a count of jokers, 0 to 8")
    return count


def old_joker_use(joker_use_value: Any, jokers: Any, stacklevel: int = 3) -> tuple[Any, Any]:
    """``(joker_use, jokers)`` with the old spelling moved over: a :class:`JokerUse` or a
    word given as ``jokers=`` is where jokers may stand, with a :class:`DeprecationWarning`
    (``stacklevel`` counts from this function: 3 warns at the public call's caller).

    :raises RuleSetError: when both name where jokers may stand.
    """
    if isinstance(jokers, (str, JokerUse)):
        warnings.warn(f"jokers={jokers!r} says where jokers may stand: write joker_use={jokers!r} "
                      "(jokers= is a count of jokers; the old spelling goes in 0.2)",
                      DeprecationWarning, stacklevel=stacklevel)
        if joker_use_value is not None:
            raise RuleSetError(f"joker_use={joker_use_value!r} and jokers={jokers!r} both say where "
                               "jokers may stand: give joker_use= alone")
        return jokers, None
    return joker_use_value, jokers
