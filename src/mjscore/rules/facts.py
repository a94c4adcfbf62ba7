"""The fixed vocabulary of facts that rule sets score, and how each is computed.

A rule file never names code: every scoring item is a condition over these
facts, which the kernel computes natively for each way of reading a hand (a
decomposition, plus the group the winning tile completed). This module is the
readable definition; the compiled kernel computes the same facts.

Group facts
-----------
Each group of a reading has a *kind* (``chow``, ``pung``, ``kong``, ``pair``), is
concealed or exposed, and has one *tile atom*:

==================  ==========================================================
``simple``          suited 2-8 (the group's tiles; a chow counts as simple
                    unless it holds a 1 or 9, then ``terminal``)
``terminal``        suited 1 or 9
``dragon``          white, green, red
``seat-wind``       the player's own wind, when it is not also the prevailing wind
``prevailing-wind`` the prevailing wind, when it is not the player's own
``double-wind``     the player's own wind that is also the prevailing wind
``other-wind``      any other wind
==================  ==========================================================

Rule files may name these *classes* of atoms: ``wind`` (the four wind atoms),
``honour`` (winds and dragons), ``own-wind`` (seat or double), ``round-wind``
(prevailing or double), ``lucky`` (dragon, seat, prevailing, double: seed 002's
"Lucky tiles are the Dragons, your own wind and the prevailing wind"),
``terminal-or-honour`` and ``any``.

A group counts as concealed when its tiles were in the concealed hand and it
was not completed by a discarded winning tile; a declared concealed kong is
concealed; every other declared meld is exposed.

Hand facts
----------
:data:`HAND_FACTS` lists every hand-level fact with its meaning; a rule item's
``when`` names facts that must all hold and ``unless`` facts that must not. The
facts are general (kinds of sets, concealment, tile classes, how the hand went
out): no special hand is a fact. Special hands are patterns in the rule files
(:mod:`mjscore.rules.patterns`), and an item may carry a pattern of its own, or
``holds``: groups its reading must hold at least (:data:`GROUP_COUNTERS`), which also
applies to a hand that did not go out (DMJL's Little Three Dragons, a double for every
player).
"""

from __future__ import annotations

import enum

from ..core.group import GroupKind

__all__ = ["Atom", "ATOM_CLASSES", "KIND_NAMES", "HAND_FACTS", "FACT_BITS", "PATTERN_FACT_BITS",
           "ROW_FACTS", "GROUP_COUNTERS", "fact_mask"]


KIND_NAMES = {"chow": GroupKind.SEQUENCE, "pung": GroupKind.TRIPLET, "kong": GroupKind.QUAD, "pair": GroupKind.PAIR}
"""The words a rule file names group kinds with, and the one enum the code uses for them,
:class:`~mjscore.core.group.GroupKind` (rule files speak each tradition's words, code the
structural ones; the separate ``facts.Kind`` of 0.1.0 is gone)."""


class Atom(enum.IntEnum):
    """The tile atom of a group (see the module docstring)."""

    SIMPLE = 0
    TERMINAL = 1
    DRAGON = 2
    SEAT_WIND = 3
    PREVAILING_WIND = 4
    DOUBLE_WIND = 5
    OTHER_WIND = 6


_WINDS = frozenset({Atom.SEAT_WIND, Atom.PREVAILING_WIND, Atom.DOUBLE_WIND, Atom.OTHER_WIND})

ATOM_CLASSES: dict[str, frozenset[Atom]] = {
    **{atom.name.lower().replace("_", "-"): frozenset({atom}) for atom in Atom},
    "wind": _WINDS,
    "honour": _WINDS | {Atom.DRAGON},
    "own-wind": frozenset({Atom.SEAT_WIND, Atom.DOUBLE_WIND}),
    "round-wind": frozenset({Atom.PREVAILING_WIND, Atom.DOUBLE_WIND}),
    "lucky": frozenset({Atom.DRAGON, Atom.SEAT_WIND, Atom.PREVAILING_WIND, Atom.DOUBLE_WIND}),
    "terminal-or-honour": _WINDS | {Atom.DRAGON, Atom.TERMINAL},
    "any": frozenset(Atom),
}
"""Every atom name and class name a rule file may use in ``tiles``."""


HAND_FACTS: dict[str, str] = {
    # how the hand went out (from the context)
    "winner": "the hand is complete and went out",
    "self-drawn": "the winning tile was drawn from the wall",
    "discard": "the winning tile was a discard (or robbed from a kong)",
    "replacement": "won on a loose tile (after a kong, a flower or a season)",
    "kong-replacement": "won on the loose tile drawn after declaring a kong",
    "bonus-replacement": "won on the loose tile drawn after a flower or season",
    "kong-on-kong": "won on a loose tile after two kongs in a row",
    "robbing-kong": "won by taking the tile another player added to a kong",
    "last-tile": "won on the last tile of the wall",
    "last-discard": "won on the last discard of the hand",
    "heaven": "the dealer's dealt hand was complete",
    "earth": "a non-dealer won on the dealer's first discard or in the first turn",
    "declared-calling": "the player declared calling (Babcock's lucky thirteen, on the original thirteen "
                        "tiles; the classical original call, on the first discard)",
    "original-call": "declared calling with fewer than three exposed melds at the end: those declared "
                     "(claimed kongs count) and the set or pair a winning discard (or a robbed kong's tile) "
                     "completes",
    "dealer": "the player is the dealer (East)",
    "dealer-streak": "the dealer won this deal, and at least the rule set's dealer-streak deals in a row",
    "own-flower": "the player holds the flower of their seat (1 East, 2 South, 3 West, 4 North)",
    "own-season": "the player holds the season of their seat",
    "all-flowers": "the player holds all four flowers",
    "all-seasons": "the player holds all four seasons",
    # the winning tile
    "one-chance": "the winning tile filled a pair, the middle of a run, or 3 of 1-2 / 7 of 8-9",
    "single-wait": "only one tile kind could complete the hand",
    "pung-wait": "the winning tile completed a pung",
    "pair-wait": "the winning tile completed the pair (of a hand of sets)",
    "fourth-tile": "the winning tile is the fourth of its kind the hand holds (melds included)",
    # concealment
    "concealed-hand": "no exposed meld before the winning tile (declared concealed kongs allowed; "
                      "claimed kongs too where the rule set says claimed-kongs = \"concealed\")",
    "concealed-sets": "every set concealed: concealed-hand, and no set completed by a discard "
                      "(the pair may be)",
    # composition
    "standard": "four sets and a pair",
    "no-chows": "no run in the hand (tiles read as pairs hold it only where pairs go out by themselves)",
    "one-chow": "exactly one run",
    "no-kongs": "no kong in the hand",
    "four-kongs": "four kongs",
    "four-triplets": "four pungs or kongs (and a pair)",
    "three-concealed-triplets": "exactly three concealed pungs or kongs",
    "four-concealed-triplets": "four concealed pungs or kongs",
    "three-consecutive-chows": "runs 1-2-3, 4-5-6 and 7-8-9 of one suit",
    "one-suit-with-honours": "tiles of one suit and at least one honour",
    "one-suit-only": "tiles of one suit, no honours",
    "all-honours": "winds and dragons only",
    "all-simples": "suited 2-8 only",
    "all-terminals": "suited 1s and 9s only",
    "all-terminals-honours": "terminals and honours only",
    "terminal-or-honour-each-set": "every set and the pair holds a terminal or honour",
    # jokers
    "no-jokers": "no joker in the hand, melds included (only under a rule set that uses jokers)",
    # derived from the score itself
    "no-points": "nothing scored but the points for going out (see the scorer)",
    "no-set-points": "the groups earned no set points (items aside; see the scorer)",
}
"""Every hand fact a rule item may name, with its meaning (the reference is this text)."""

ROW_FACTS = ("winner", "self-drawn", "discard", "replacement", "kong-replacement", "bonus-replacement",
             "kong-on-kong", "robbing-kong", "last-tile", "last-discard", "heaven", "earth",
             "declared-calling", "original-call", "dealer", "dealer-streak", "own-flower", "own-season",
             "all-flowers", "all-seasons", "concealed-hand", "one-suit-with-honours", "one-suit-only",
             "all-honours", "all-simples", "all-terminals", "all-terminals-honours", "no-jokers")
"""The facts fixed for a whole hand, whatever its reading: the situation, the tiles held
and the concealment (the kernel filters special hands by them once per row)."""

FACT_BITS: dict[str, int] = {name: bit for bit, name in enumerate(HAND_FACTS)}
"""The bit of each hand fact in the kernel's 64-bit fact mask."""

PATTERN_FACT_BITS = tuple(range(len(FACT_BITS), 64))
"""The bits left for items with a ``pattern``: each such item of a rule set gets one,
set on the readings its pattern matches (so at most this many per rule set)."""


GROUP_COUNTERS: dict[tuple[frozenset[GroupKind], str], int] = {
    (frozenset({GroupKind.SEQUENCE}), "any"): 0,
    (frozenset({GroupKind.TRIPLET, GroupKind.QUAD}), "any"): 1,
    (frozenset({GroupKind.QUAD}), "any"): 2,
    (frozenset({GroupKind.TRIPLET, GroupKind.QUAD}), "dragon"): 4,
    (frozenset({GroupKind.TRIPLET, GroupKind.QUAD}), "wind"): 5,
    (frozenset({GroupKind.PAIR}), "dragon"): 7,
    (frozenset({GroupKind.PAIR}), "wind"): 8,
}
"""The groups an item's ``holds`` may count (kinds and tile class, as a pattern token
writes them: ``chow any``, ``pung/kong any``, ``kong any``, ``pung/kong dragon``,
``pung/kong wind``, ``pair dragon``, ``pair wind``), each with the number of its counter
among a reading's group counters (the compiled scorer keeps counter ``n`` in bits
``3n`` to ``3n + 2`` of one word)."""


def fact_mask(names: list[str] | tuple[str, ...] | frozenset[str]) -> int:
    """The bitmask of the named facts (names are validated by the rule loader)."""
    mask = 0
    for name in names:
        mask |= 1 << FACT_BITS[name]
    return mask
