"""The rule set that decides a ``calling`` hand: one tile from which of its targets.

A ``calling`` hand (:mod:`mjscore.rules.hands`) holds for a player who did not go out
when one more tile would complete the hand into a winning one that makes one of its
targets, special hands or items of the rule set (BMJA's loser rules: "calling for" a
limit hand, for purity). Both scorers decide it the same way: each tile the player holds
fewer than four of is added, as if drawn from the wall, and the hand is scored under
:func:`calling_rules`, a copy of the rule set in which each target is worth one point
and nothing else scores. The hand is calling when some tile scores above zero: the
winning restrictions (chow limit, special hands required, one suit) are the rule set's
own, so a hand that would not go out there is not calling for anything.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import numpy.typing as npt

from ..core.errors import RuleSetError
from .hands import SpecialHand, Value
from .tile_expressions import PatternError, class_mask
from .model import BETTER, STACK, ItemRule, RuleSet
from .patterns import STANDARD, QuantVariant

__all__ = ["GATE_WORDS", "Gate", "KINDS_PROFILES", "KONG_COUNTS", "MANY_SETS", "NEAR", "PROFILES", "SET_COUNTS",
           "calling_rules",
           "check_calling", "calling_gates", "gates_by_profile", "lone_numbers", "near_presences", "presence_slot",
           "profile"]

_NOTHING = ItemRule(id="calling-nothing", name="(nothing)", when=frozenset({"winner"}), unless=frozenset(),
                    win_tile=None, points=0, doubles=0, excludes=(), source="mjscore.rules.calling")
"""An item worth nothing: a compiled rule set holds at least one."""


def check_calling(rules: RuleSet) -> None:
    """Every id a ``calling`` hand names is a special hand or an item of the rule set, and
    not a ``calling`` hand itself.

    :raises RuleSetError: naming the hand and the id.
    """
    hands = {h.id: h for h in rules.hands}
    items = {i.id for i in rules.items}
    for hand in rules.hands:
        for target in hand.calling:
            if target not in hands and target not in items:
                raise RuleSetError(f"{rules.path}: hands.{hand.id}.calling: no special hand or item "
                                   f"{target!r} in rule set {rules.name}")
            if target in hands and hands[target].calling:
                raise RuleSetError(f"{rules.path}: hands.{hand.id}.calling: {target!r} is itself a "
                                   "calling hand")


def calling_rules(rules: RuleSet, index: int) -> RuleSet:
    """The rule set deciding calling hand ``rules.hands[index]`` (see the module docstring),
    built once and kept in the rule set's caches."""
    kept = rules.caches.calling.get(index)
    if kept is not None:
        return kept
    targets = set(rules.hands[index].calling)
    one = Value(points=1)
    hands = tuple(dataclasses.replace(h, value=one if h.id in targets else Value(), concealed_value=None,
                                      exact=False)
                  for h in rules.hands if not h.calling)
    items = tuple(dataclasses.replace(i, points=1, doubles=0, excludes=(), per_bonus=False)
                  for i in rules.items if i.id in targets) or (_NOTHING,)
    derived = dataclasses.replace(
        rules, sets=(), items=items, hands=hands, losers=False, special_hands=STACK, special_value=BETTER,
        roof_off=False, dealer_streak=0)
    rules.caches.calling[index] = derived
    return derived


_SUITS = tuple(0x1FF << (9 * s) for s in range(3))
_HONOURS = 0x7F << 27
_TERMINALS = sum(1 << (9 * s + r) for s in range(3) for r in (0, 8))
_ALL = (1 << 34) - 1
_FACT_TILES: dict[str, tuple[int, ...]] = {
    "one-suit-only": _SUITS,
    "one-suit-with-honours": tuple(s | _HONOURS for s in _SUITS),
    "all-honours": (_HONOURS,),
    "all-terminals": (_TERMINALS,),
    "all-terminals-honours": (_TERMINALS | _HONOURS,),
    "all-simples": (sum(_SUITS) & ~_TERMINALS,),
}
"""The tiles a hand may hold where a tile fact holds (the masks of one of which it keeps to)."""


Gate = tuple[int, int, int, int, int, int, int]
"""One gate of :func:`calling_gates`: ``(within, of, at_least, kongs, sets, pairs, concealed)``."""
GATE_WORDS = 7
"""The words of a gate, as the compiled scorer reads them."""


def calling_gates(rules: RuleSet, index: int) -> tuple[Gate, ...]:
    """Cheap necessary conditions for calling hand ``rules.hands[index]``: a player's 13 tiles
    one tile from a target pass at least one gate ``(within, of, at_least, kongs, sets,
    pairs, concealed)``: every tile held is in the mask ``within``, at least ``at_least``
    of the 13 tiles (melds included) are in ``of`` (less the one drawn), at least ``kongs``
    kongs are declared, at least ``sets`` pungs or kongs are held (declared, or three
    alike among the concealed tiles), at least ``pairs`` pairs among the concealed tiles
    (four alike count two), and at least ``concealed`` concealed pungs or kongs (three
    alike among the concealed tiles, or a declared kong, which may be a claimed one a rule
    set counts concealed) with no pung or chow declared. Read from the targets of sets:
    the tile facts a special hand's ``when`` names, an item's ``when``, the tiles a hand's
    groups may hold (fixed shapes have :func:`near_presences`). The compiled scorer tries
    the waits of the rows that pass one, within the masks of the gates passed."""
    derived = calling_rules(rules, index)
    targets = set(rules.hands[index].calling)
    gates: list[Gate] = []
    worth = {i for i, h in enumerate(derived.hands) if h.id in targets}
    conditions = [h.when for h in derived.hands if h.id in targets and not h.forms]
    conditions += [i.when for i in derived.items if i.id in targets]
    pairs_go_out = "seven-pairs" in derived.shapes or any(v.form != STANDARD for v in derived.hand_tables.quant)
    for when in conditions:
        gates += _fact_gates(when, pairs_go_out)
    # a hand of sets or pairs in the pattern notation: the tiles its groups may hold, and
    # what its variants' groups need of one class of tiles
    for h in sorted({v.hand for v in derived.hand_tables.quant if v.hand in worth}):
        variants = [v for v in derived.hand_tables.quant if v.hand == h]
        of, at_least = _class_needs(variants)
        # four pungs or kongs and a pair, a tile short: three of those sets at least
        sets = 3 if all(v.form == STANDARD and all(r.copies for r in v.requirements) for v in variants) else 0
        gates.append((_pattern_tiles(derived.hands[h]), of, max(at_least - 1, 0), 0, sets, 0, 0))
    return tuple(gates)


def _class_needs(variants: list[QuantVariant]) -> tuple[int, int]:
    """Tiles of one class that every variant's groups hold at least (``of``, ``at_least``):
    per variant its largest need short of every tile (four wind pungs: 12 winds), and over
    the variants the union of those classes and the fewest tiles ((0, 0) when some variant
    needs none)."""
    of, at_least = 0, 15
    for variant in variants:
        needs = [(r.count * r.copies, r.tiles) for r in variant.requirements if r.copies and r.tiles != _ALL]
        if not needs:
            return 0, 0
        need, tiles = max(needs)
        of, at_least = of | tiles, min(at_least, need)
    return of, at_least


def _pattern_tiles(hand: SpecialHand) -> int:
    """The tiles the groups of a hand's forms may hold, its variables bound every way (all
    tiles when an expression does not read so)."""
    mask = 0
    for form in hand.forms:
        for group in form:
            suits, numbers = group.variables
            for bound_suits in itertools.product(range(3), repeat=len(suits)):
                for bound_numbers in itertools.product(range(1, 10), repeat=len(numbers)):
                    try:
                        mask |= class_mask(group.tiles, dict(zip(sorted(suits), bound_suits)),
                                           dict(zip(sorted(numbers), bound_numbers)))
                    except PatternError:
                        return _ALL
    return mask or _ALL


def near_presences(rules: RuleSet, index: int) -> npt.NDArray[np.uint64]:
    """The kinds of tile (34-bit masks) a player's 13 tiles hold when one tile would complete
    a fixed-shape target of calling hand ``rules.hands[index]``, each with the tiles that may
    complete it, as an open-addressing hash table for the compiled scorer (two words a
    slot, :func:`presence_slot`; 0 marks an empty slot): a fixed variant's kinds (the tiles
    it holds twice or more), and those less a kind it holds once (that kind). A row whose kinds are not in it
    completes no fixed-shape target, whatever tile it draws. So that most rows need no probe
    of a table too large for the cache, five words come first (every kind any entry holds,
    the fewest and most kinds an entry holds, the bits of a filter, the most
    :func:`lone_numbers` an entry holds), then the filter: a bitmap with a bit set for each
    entry (:func:`filter_bit`)."""
    derived = calling_rules(rules, index)
    targets = set(rules.hands[index].calling)
    worth = {i for i, h in enumerate(derived.hands) if h.id in targets}
    counts = np.array([shape for shape, variants in derived.hand_tables.fixed.items()
                       if any(v.hand in worth for v in variants)], dtype=np.uint8).reshape(-1, 34)
    keys, tiles = _near_entries(counts)
    bits = max(4, (2 * len(keys)).bit_length())
    table = np.zeros(2 << bits, dtype=np.uint64)  # (kinds, tiles) in each slot
    slots = _probe(_top_bits(keys, SLOT_MULTIPLIER, bits), bits)  # presence_slot's
    table[2 * slots], table[2 * slots + 1] = keys, tiles
    sizes = _popcount(keys) if len(keys) else np.zeros(1, dtype=np.uint64)
    union = int(np.bitwise_or.reduce(keys)) if len(keys) else 0
    filter_bits = min(FILTER_BITS, max(6, bits + 3))
    bitmap = np.zeros(1 << (filter_bits - 6), dtype=np.uint64)
    bit = _top_bits(keys, FILTER_MULTIPLIER, filter_bits)  # filter_bit's
    np.bitwise_or.at(bitmap, bit >> np.uint64(6), np.uint64(1) << (bit & np.uint64(63)))
    a, b, c = ((keys >> np.uint64(9 * k)) & np.uint64(0x1FF) for k in range(3))  # lone_numbers' suits
    lone = int(_popcount((a & ~b & ~c) | (b & ~a & ~c) | (c & ~a & ~b)).max()) if len(keys) else 0
    header = np.array([union, sizes.min(), sizes.max(), filter_bits, lone], dtype=np.uint64)
    return np.concatenate([header, bitmap, table])


_TILE_BITS = np.uint64(1) << np.arange(34, dtype=np.uint64)


def _near_entries(counts: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """The entries of :func:`near_presences` for fixed variants of tile ``counts`` (one
    row each): the masks of kinds, once each, and the tiles that may complete each,
    ORed over the variants. Each variant gives its kinds (with the tiles it holds twice or
    more), then its kinds less each kind it holds once (with that tile); the masks come
    in the order they first appear there, as a dict filled in that order would hold them."""
    kinds = (counts > 0).astype(np.uint64) @ _TILE_BITS  # (distinct bits: the sum is the OR)
    twice = (counts >= 2).astype(np.uint64) @ _TILE_BITS
    variant, tile = np.nonzero(counts == 1)  # by variant, then by tile
    keys = np.concatenate([kinds, kinds[variant] & ~_TILE_BITS[tile]])
    tiles = np.concatenate([twice, _TILE_BITS[tile]])
    order = np.argsort(np.concatenate([np.arange(len(kinds)) * 35, variant * 35 + 1 + tile]), kind="stable")
    keys, tiles = keys[order], tiles[order]
    unique, first, which = np.unique(keys, return_index=True, return_inverse=True)
    merged = np.zeros(len(unique), dtype=np.uint64)
    np.bitwise_or.at(merged, which.reshape(-1), tiles)
    seen = np.argsort(first, kind="stable")
    return unique[seen], merged[seen]


def _top_bits(keys: npt.NDArray[np.uint64], multiplier: int, bits: int) -> npt.NDArray[np.uint64]:
    """The top ``bits`` bits of each key times ``multiplier``, modulo 2**64."""
    return (keys * np.uint64(multiplier)) >> np.uint64(64 - bits)


def _probe(homes: npt.NDArray[np.uint64], bits: int) -> npt.NDArray[np.intp]:
    """The slots that linear probing gives keys starting at ``homes``, put in order in a
    table of ``2 ** bits`` slots."""
    taken = bytearray(1 << bits)
    last = (1 << bits) - 1
    slots = []
    for slot in homes.tolist():
        while taken[slot]:
            slot = (slot + 1) & last
        taken[slot] = 1
        slots.append(slot)
    return np.array(slots, dtype=np.intp)


_BYTE_BITS = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint64)


def _popcount(words: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """The set bits of each word (NumPy 1.24 has no ``bitwise_count``)."""
    counted: npt.NDArray[np.uint64] = _BYTE_BITS[
        np.ascontiguousarray(words, dtype=np.uint64).view(np.uint8).reshape(-1, 8)].sum(axis=1, dtype=np.uint64)
    return counted


SLOT_MULTIPLIER = 0x9E3779B97F4A7C15
"""The odd multiplier of :func:`presence_slot`'s hash (the compiled scorer's, in ``score/_rows.pyx``)."""
FILTER_MULTIPLIER = 0xC2B2AE3D27D4EB4F
"""The odd multiplier of :func:`filter_bit`'s hash, another than the slots' (the compiled scorer's too)."""
FILTER_BITS = 20
"""The largest filter of a near-presence table: 2**20 bits (128 kB, which a core's cache holds)."""


def filter_bit(kinds: int, bits: int) -> int:
    """The filter bit of a mask of kinds, among ``2 ** bits`` (another hash than the table's)."""
    return ((kinds * FILTER_MULTIPLIER) & 0xFFFFFFFFFFFFFFFF) >> (64 - bits)


def lone_numbers(kinds: int) -> int:
    """How many numbers a mask of kinds holds in one suit only. A knitted hand (the same
    numbers in two or three suits) holds at most one such number when a tile short, a hand
    of sets mostly several: this count, bounded per table, turns most rows away before
    the filter (whose words, for the knitted hands' tens of thousands of entries, are
    too many for the fastest cache)."""
    a, b, c = (kinds >> (9 * s) & 0x1FF for s in range(3))
    return ((a & ~b & ~c) | (b & ~a & ~c) | (c & ~a & ~b)).bit_count()


def presence_slot(kinds: int, bits: int) -> int:
    """Where a 34-bit mask of kinds starts its probe in a table of ``2 ** bits`` slots
    (Fibonacci hashing; the compiled scorer computes the same)."""
    return ((kinds * SLOT_MULTIPLIER) & 0xFFFFFFFFFFFFFFFF) >> (64 - bits)


KINDS_PROFILES = 32
"""The profiles of a hand's kinds: which of the three suits, whether honours and whether
suited 2-8 it holds (a bit each)."""
KONG_COUNTS = 5
"""The kongs a hand may have declared, 0 to 4."""
MANY_SETS = 3
SET_COUNTS = 2
"""Whether a hand holds :data:`MANY_SETS` pungs or kongs at least (declared, or three alike
among the concealed tiles): fewer cannot be a tile from four of them and a pair."""
PROFILES = KINDS_PROFILES * KONG_COUNTS * SET_COUNTS
"""The words of :func:`gates_by_profile`: one per profile of the kinds held, count of
declared kongs and whether many sets are held (word ``(profile * KONG_COUNTS + kongs) *
SET_COUNTS + many``)."""

_SIMPLES = sum(0xFE << (9 * s) for s in range(3))  # ranks 2-8


def profile(kinds: int) -> int:
    """The profile of a mask of kinds: bit s for suit s held, bit 3 for honours held, bit 4
    for a suited 2-8 held."""
    return (sum(1 << s for s in range(3) if kinds & _SUITS[s]) | (8 if kinds & _HONOURS else 0)
            | (16 if kinds & _SIMPLES else 0))


def _profiles(kinds: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """:func:`profile` of each mask of kinds."""
    def holds(mask: int) -> npt.NDArray[np.uint64]:
        held: npt.NDArray[np.uint64] = ((kinds & np.uint64(mask)) != 0).astype(np.uint64)
        return held
    profiles: npt.NDArray[np.uint64] = (
        holds(_SUITS[0]) | holds(_SUITS[1]) << np.uint64(1) | holds(_SUITS[2]) << np.uint64(2)
        | holds(_HONOURS) << np.uint64(3) | holds(_SIMPLES) << np.uint64(4))
    return profiles


NEAR = 1 << 63
"""The bit of a profile's word saying a hand of that profile may be near a fixed-shape target."""


def gates_by_profile(gates: tuple[Gate, ...], near: npt.NDArray[np.uint64]) -> list[int]:
    """For each profile of the kinds held, count of declared kongs and whether
    :data:`MANY_SETS` sets are held, a word: the gates (a bit each, in order) such a hand
    may pass, those whose mask holds something of each suit, of the honours and of the
    2-8s it holds, whose counted class it may hold, whose kongs it has declared and whose
    sets it may hold; and :data:`NEAR` where some entry of the :func:`near_presences`
    table ``near`` has that profile. The compiled scorer looks at these only, so most
    hands skip most calling hands outright (a hand holding a 2 is near no Heads and
    Tails, a hand without four kongs near no Four Kongs, one of two pungs near no Four
    Blessings)."""
    slots = near[5 + (1 << (int(near[3]) - 6)):][::2]
    profiles = set(_profiles(slots[slots != 0]).tolist())
    return [sum(1 << j for j, gate in enumerate(gates)
                if held & ~profile(gate[0]) == 0 and _holds_class(held, gate) and kongs >= gate[3]
                and (many or gate[4] < MANY_SETS))
            | (NEAR if held in profiles else 0)
            for held in range(KINDS_PROFILES) for kongs in range(KONG_COUNTS) for many in range(SET_COUNTS)]


def _holds_class(held: int, gate: Gate) -> bool:
    """Whether a hand of profile ``held`` may hold the tiles of the class a gate counts: some
    of them where it needs any (a hand of no honours holds no dragon)."""
    return not gate[2] or bool(held & profile(gate[1]))


_SETS_ONLY = frozenset({"no-chows", "four-triplets", "four-concealed-triplets", "four-kongs"})
"""Facts that hold only where a hand of sets has no chow."""


def _fact_gates(when: frozenset[str], pairs_go_out: bool) -> list[Gate]:
    """The gates of one target's facts: each tile fact's masks, narrowed together, with the
    counts its set facts need. A hand of sets without chows is four pungs or kongs and a
    pair: one tile short, it holds three of those sets at least, or (where pairs go out by
    themselves) six pairs."""
    masks = [_ALL]
    for fact in when:
        if fact in _FACT_TILES:
            masks = [m & f for m in masks for f in _FACT_TILES[fact] if m & f]
    kongs = 4 if "four-kongs" in when else 0
    # four concealed pungs or kongs, a tile short: three of them at least, nothing else declared
    concealed = 3 if "four-concealed-triplets" in when else 0
    gates: list[Gate] = []
    for mask in masks:
        # one tile is still to come: the 13 held show one fewer of the class, at most
        gate = (mask, 0, 0, kongs)
        if when & _SETS_ONLY or _chowless(mask):
            gates.append((*gate, 3, 0, concealed))
            if pairs_go_out and not when & (_SETS_ONLY - {"no-chows"}):
                gates.append((*gate, 0, 6, 0))
        else:
            gates.append((*gate, 0, 0, 0))
    return gates


def _chowless(mask: int) -> bool:
    """Whether no chow can be made of the tiles of a mask."""
    return not any(mask >> (9 * s + n) & 7 == 7 for s in range(3) for n in range(7))
