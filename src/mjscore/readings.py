"""The ways to read one hand for scoring, and the facts each reading holds.

A *reading* is a decomposition (or a special shape) together with the group
the winning tile completed. Scoring tries every reading and keeps the best.
This module is the reference definition of every fact in :mod:`mjscore.facts`;
the compiled kernel computes the same facts for bulk scoring.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from ._backend import kernel
from .context import WinContext
from .decompose import Shape, WaitRole, wait_role
from .facts import FACT_BITS, Atom, Kind
from .group import Group, GroupKind
from .hand import Hand
from .tile import GREEN_TILES, ORPHANS, Tile

__all__ = ["Reading", "readings", "losing_reading", "reading_groups", "atom_of", "SHAPE_CODES"]

SHAPE_CODES = ("standard", "thirteen-orphans", "seven-pairs", "wriggling-snake", "losing")
"""A reading's shape as the scorers' ``score_one`` reports it (its index here)."""

_KIND = {GroupKind.SEQUENCE: Kind.CHOW, GroupKind.TRIPLET: Kind.PUNG,
         GroupKind.QUAD: Kind.KONG, GroupKind.PAIR: Kind.PAIR}


@dataclass(frozen=True, slots=True)
class ScoredGroup:
    """A group as the scorer sees it: kind, concealment and tile atom."""

    group: Group
    kind: Kind
    concealed: bool
    atom: Atom


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand: its groups (melds included) and its hand facts."""

    shape: str
    """``standard``, a special shape's name, or ``losing`` for a hand that did not go out."""
    groups: tuple[ScoredGroup, ...]
    facts: int
    win_group: Group | None
    win_tile: Tile | None
    index: tuple[int, int] = (-1, -1)
    """For a standard reading: which decomposition (in the kernel's order) and which
    of its groups (in the kernel's group order) the winning tile completed."""


def atom_of(group: Group, context: WinContext) -> Atom:
    """The tile atom of a group (see :mod:`mjscore.facts`)."""
    return _atom(group, context.seat_wind, context.prevailing_wind)


def _atom(group: Group, seat_wind: Tile, prevailing_wind: Tile) -> Atom:
    tile = int(group.first)
    if tile >= 31:
        return Atom.DRAGON
    if tile >= 27:
        seat, prevailing = tile == seat_wind, tile == prevailing_wind
        if seat and prevailing:
            return Atom.DOUBLE_WIND
        return Atom.SEAT_WIND if seat else Atom.PREVAILING_WIND if prevailing else Atom.OTHER_WIND
    rank = tile % 9  # a run holds a terminal when it starts on 1 or 7
    ends = (0, 6) if group.kind == GroupKind.SEQUENCE else (0, 8)
    return Atom.TERMINAL if rank in ends else Atom.SIMPLE


def _scored(group: Group, concealed: bool, context: WinContext) -> ScoredGroup:
    return _scored_group(group, concealed, context.seat_wind, context.prevailing_wind)


@functools.lru_cache(maxsize=8192)  # groups and winds repeat: a few thousand cells in all
def _scored_group(group: Group, concealed: bool, seat: Tile, prevailing: Tile) -> ScoredGroup:
    return ScoredGroup(group, _KIND[group.kind], concealed, _atom(group, seat, prevailing))


def _bits(**facts: bool) -> int:
    mask = 0
    for name, holds in facts.items():
        if holds:
            mask |= 1 << FACT_BITS[name.replace("_", "-")]
    return mask


def _context_facts(context: WinContext) -> int:
    won = context.winner
    return _bits(
        winner=won, self_drawn=won and context.self_drawn,
        discard=won and not context.self_drawn,
        replacement=context.replacement is not None, kong_replacement=context.replacement == "kong", bonus_replacement=context.replacement == "bonus",
        kong_on_kong=context.kong_on_kong, robbing_kong=context.robbing_kong,
        last_tile=context.last_tile, last_discard=context.last_discard,
        heaven=context.heaven, earth=context.earth, declared_calling=context.declared_calling,
        dealer=bool(context.dealer),
    )


def _tile_facts(counts: tuple[int, ...] | list[int]) -> int:
    """Facts about which tiles the whole hand holds (melds included)."""
    held = [t for t in range(34) if counts[t]]
    suits = {t // 9 for t in held if t < 27}
    honours = any(t >= 27 for t in held)
    return _bits(
        one_suit_with_honours=len(suits) == 1 and honours,
        one_suit_only=len(suits) == 1 and not honours,
        all_honours=not suits,
        all_simples=all(t < 27 and t % 9 not in (0, 8) for t in held),
        all_terminals=all(t < 27 and t % 9 in (0, 8) for t in held),
        all_terminals_honours=all(Tile(t) in ORPHANS for t in held),
        all_green=all(Tile(t) in GREEN_TILES for t in held),
    )


def _group_facts(groups: tuple[ScoredGroup, ...]) -> int:
    """Facts about the sets of a standard reading."""
    chows = [g for g in groups if g.kind == Kind.CHOW]
    triplets = [g for g in groups if g.kind in (Kind.PUNG, Kind.KONG)]
    kongs = [g for g in groups if g.kind == Kind.KONG]
    concealed_triplets = sum(g.concealed for g in triplets)
    dragon_sets = sum(g.atom == Atom.DRAGON for g in triplets)
    wind_sets = sum(g.group.first.is_honour and g.atom != Atom.DRAGON for g in triplets)
    pair = next(g for g in groups if g.kind == Kind.PAIR)
    runs = {(g.group.first // 9, g.group.first % 9) for g in chows}
    return _bits(
        standard=True, no_chows=not chows, one_chow=len(chows) == 1, no_kongs=not kongs,
        four_kongs=len(kongs) == 4, four_triplets=len(triplets) == 4,
        three_concealed_triplets=concealed_triplets == 3,
        four_concealed_triplets=concealed_triplets == 4,
        three_consecutive_chows=any({(s, 0), (s, 3), (s, 6)} <= runs for s in range(3)),
        terminal_or_honour_each_set=all(g.atom != Atom.SIMPLE for g in groups),
        little_three_dragons=dragon_sets == 2 and pair.atom == Atom.DRAGON,
        big_three_dragons=dragon_sets == 3,
        little_four_winds=wind_sets == 3 and pair.group.first.is_honour and pair.atom != Atom.DRAGON,
        big_four_winds=wind_sets == 4,
    )


def _nine_gates(hand: Hand, win_tile: Tile) -> bool:
    """1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit held concealed, completed by ``win_tile``."""
    if hand.melds or win_tile >= Tile.EAST:
        return False
    s = win_tile // 9
    before = list(hand.concealed[9 * s: 9 * s + 9])
    before[win_tile % 9] -= 1
    return sum(hand.concealed) == 14 and before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _wriggling_snake(counts: tuple[int, ...]) -> bool:
    if all(counts[t] == 1 for t in range(27, 31)) and not any(counts[31:]):
        for s in range(3):
            if tuple(counts[9 * s: 9 * s + 9]) == (2, 1, 1, 1, 1, 1, 1, 1, 1):
                return sum(counts) == 14
    return False


def _single_wait(hand: Hand, win_tile: Tile) -> bool:
    before = list(hand.concealed)
    before[win_tile] -= 1
    mask = kernel.waits(before)
    held = hand.counts
    kinds = [t for t in range(34) if mask >> t & 1 and held[t] - (t == win_tile) < 4]
    return len(kinds) == 1


def readings(hand: Hand, context: WinContext, shapes: frozenset[str],
             max_chows: int | None = None) -> Iterator[Reading]:
    """Every reading of a complete hand won on ``context.win_tile`` (each concealed kind if
    unset); standard readings with more than ``max_chows`` runs are left out."""
    if context.win_tile is not None:
        win_tiles = [context.win_tile]
    else:  # a robbed kong's tile is the only one of its kind the hand holds
        win_tiles = [Tile(t) for t in range(34) if hand.concealed[t]
                     and (not context.robbing_kong or hand.counts[t] == 1)]
    base = _context_facts(context) | _tile_facts(hand.counts)
    base |= _bits(concealed_hand=all(m.concealed for m in hand.melds))
    melds = [_scored(m, m.concealed, context) for m in hand.melds]
    found = Shape(kernel.shapes(hand.concealed)) if not hand.melds else Shape(0)
    decompositions = kernel.decompose(hand.concealed) if "standard" in shapes else ()
    for tile in win_tiles:
        single = _bits(single_wait=_single_wait(hand, tile), nine_gates=_nine_gates(hand, tile))
        for number, raw in enumerate(decompositions):
            groups = [_group(kind, first) for kind, first in raw]
            if max_chows is not None and sum(
                    g.kind == GroupKind.SEQUENCE for g in [*groups, *hand.melds]) > max_chows:
                continue
            for index in _distinct_groups_holding(groups, tile):
                completed = groups[index]
                role = wait_role(completed, tile)
                scored = _standard_groups(groups, index, melds, context)
                facts = base | single | _group_facts(scored) | _bits(
                    one_chance=role in (WaitRole.PAIR, WaitRole.MIDDLE, WaitRole.EDGE))
                yield Reading("standard", scored, facts, completed, tile, (number, index))
        yield from _special_readings(hand, context, shapes, found, base | single, tile)


@functools.cache
def _group(kind: int, first: int) -> Group:
    """The kernel's ``(kind, first)`` as a Group (cached: groups are immutable)."""
    return Group(GroupKind(kind), Tile(first))


def _standard_groups(groups: list[Group], completed: int, melds: list[ScoredGroup],
                     context: WinContext) -> tuple[ScoredGroup, ...]:
    # The group a discard completed counts as exposed.
    return tuple([_scored(g, not (i == completed and not context.self_drawn), context)
                  for i, g in enumerate(groups)] + melds)


def reading_groups(hand: Hand, context: WinContext, shape: str, index: tuple[int, int]) -> tuple[ScoredGroup, ...]:
    """The groups of the reading :func:`readings` identified by ``shape`` and ``index``."""
    if shape == "losing":
        return losing_reading(hand, context).groups
    if shape == "seven-pairs":
        return _pairs(hand, context)
    if shape != "standard":
        return ()
    raw = kernel.decompose(hand.concealed)[index[0]]
    melds = [_scored(m, m.concealed, context) for m in hand.melds]
    return _standard_groups([_group(kind, first) for kind, first in raw], index[1], melds, context)


def _pairs(hand: Hand, context: WinContext) -> tuple[ScoredGroup, ...]:
    return tuple(_scored(_group(GroupKind.PAIR, t), True, context)
                 for t in range(34) if hand.concealed[t] == 2)


def _distinct_groups_holding(groups: list[Group], tile: Tile) -> list[int]:
    seen: set[Group] = set()
    indices = []
    for i, group in enumerate(groups):
        if tile in group.tiles and group not in seen:
            seen.add(group)
            indices.append(i)
    return indices


def _special_readings(hand: Hand, context: WinContext, shapes: frozenset[str], found: Shape,
                      facts: int, tile: Tile) -> Iterator[Reading]:
    counts = hand.concealed
    if "thirteen-orphans" in shapes and Shape.THIRTEEN_ORPHANS in found:
        yield Reading("thirteen-orphans", (), facts | _bits(
            thirteen_orphans=True, one_chance=counts[tile] == 2), None, tile)
    if "seven-pairs" in shapes and Shape.SEVEN_PAIRS in found:
        yield Reading("seven-pairs", _pairs(hand, context), facts | _bits(one_chance=True), None, tile)
    if "wriggling-snake" in shapes and not hand.melds and _wriggling_snake(counts):
        yield Reading("wriggling-snake", (), facts | _bits(
            wriggling_snake=True, one_chance=counts[tile] == 2), None, tile)


def losing_reading(hand: Hand, context: WinContext) -> Reading:
    """How a hand that did not go out is read: its melds, concealed pungs and pairs."""
    groups = [_scored(m, m.concealed, context) for m in hand.melds]
    for t in range(34):
        count = hand.concealed[t]
        if count >= 3:
            groups.append(_scored(_group(GroupKind.TRIPLET, t), True, context))
        elif count == 2:
            groups.append(_scored(_group(GroupKind.PAIR, t), True, context))
    facts = (_context_facts(context) | _tile_facts(hand.counts)
             | _bits(concealed_hand=all(m.concealed for m in hand.melds)))
    return Reading("losing", tuple(groups), facts, None, None)
