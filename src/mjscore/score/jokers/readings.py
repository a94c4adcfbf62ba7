"""The natural hands a hand with jokers can stand for, and which of their readings keep
every joker where the rule set lets it stand: the reference for the scorers' joker rows.

A hand's jokers stand for tiles ``D``; the hand then reads as the natural hand ``S``
(its natural tiles plus ``D``) and scores as ``S`` does, in the readings of ``S`` whose
groups can hold ``D``'s tiles as jokers (:mod:`mjscore.core.jokers`: each joker in a group
the rule set lets it join, every group keeping a natural tile, a chow at most one
joker, never more than four of a kind). The winning tile is natural: the group it
completes holds it as a natural tile. The scorer takes the best reading over every
substitution, so it picks the best assignment of the jokers.

The substitutions tried, each once, in the order of their sorted tiles (which breaks
ties): those of every joker decomposition (four sets and a pair, from the kernel),
the one pairing each odd tile with a joker (seven pairs, when jokers stand in pairs),
and those completing a fixed-shape special hand whose missing tiles all fit in
groups of that hand where jokers may stand (decided per group, never from merged
counts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ... import _backend
from ...core.jokers import JokerUse
from ...core.group_codes import CHOW, KNIT, KONG, PAIR, PUNG, SINGLE, group_code
from ...rules.patterns import FixedVariant

__all__ = ["Substitution", "substitutions", "group_allows", "place_jokers"]

_SIZES = {CHOW: 3, PUNG: 3, KONG: 4, PAIR: 2, SINGLE: 1}


@dataclass(frozen=True, slots=True)
class Substitution:
    """One natural hand ``S`` a hand with jokers can stand for, and how it may be read."""

    tiles: tuple[int, ...]
    """``D``: the tiles the jokers stand for, sorted (empty when only melds hold jokers)."""
    counts: tuple[int, ...]
    """``S``: the concealed counts with the jokers substituted."""
    natural: tuple[int, ...]
    """The natural concealed counts (the winning tile is one of them)."""
    decompositions: Mapping[tuple[tuple[int, int], ...], Mapping[int, int]]
    """For each allowed standard decomposition of ``S`` (its ``(kind, first)`` groups,
    sorted): per group code (:mod:`mjscore.core.group_codes`), the tiles (a 34-bit mask) a group of
    that code holds as natural tiles in some allowed placement of the jokers."""
    pairs: bool
    """Whether a reading of ``S`` as pairs keeps the jokers where they may stand."""
    use: JokerUse
    jokers: int
    """Concealed jokers (``len(tiles)``)."""
    caps: tuple[int, ...]
    """The most of each tile the concealed part may stand for: 4 less the melds'."""

    def fixed_ok(self, variant: FixedVariant) -> bool:
        """Whether ``D`` fits groups of the fixed ``variant`` where jokers may stand."""
        return fits_groups(self.tiles, variant.groups, self.use)


def group_allows(kind: int, use: JokerUse) -> int:
    """How many jokers a group of ``kind`` (a fixed variant's: :mod:`mjscore.core.group_codes`'
    chow to knit) may hold under ``use``: 0 where none may stand."""
    if kind == CHOW:
        return 1 if use & JokerUse.CHOWS else 0
    if kind in (PUNG, KONG):
        return _SIZES[kind] - 1 if use & JokerUse.PUNGS else 0
    if kind in (PAIR, SINGLE):
        return 1 if use & JokerUse.PAIRS else 0
    assert kind == KNIT
    return 0  # knitted groups take no jokers: no book places one there


def fits_groups(tiles: Sequence[int], groups: Sequence[tuple[int, tuple[int, ...], bool]],
                use: JokerUse) -> bool:
    """Whether ``tiles`` (what the jokers stand for) can each go into a different slot of
    a group holding that tile, within what each group may hold (:func:`group_allows`)."""
    room = [group_allows(kind, use) for kind, _, _ in groups]

    def place(i: int) -> bool:
        if i == len(tiles):
            return True
        for g, (_, held, _) in enumerate(groups):
            if room[g] and tiles[i] in held and held.count(tiles[i]) > 0:
                room[g] -= 1
                if place(i + 1):
                    return True
                room[g] += 1
        return False

    return place(0)


def _masks(decomposition: Sequence[tuple[int, int, int]], wild: list[int]) -> dict[int, int] | None:
    """Per group code, the tiles its groups hold naturally in some matching of the chows'
    jokers to the tiles ``wild`` left after the pungs' and pairs' (None: no matching)."""
    masks: dict[int, int] = {}
    chows: list[int] = []
    rest = list(wild)
    for kind, first, jokers in decomposition:
        code = group_code(kind, first)
        if kind != CHOW:
            rest[first] -= jokers
            masks[code] = masks.get(code, 0) | 1 << first
        elif jokers:
            chows.append(first)
        else:
            masks[code] = masks.get(code, 0) | 0b111 << first
    possible = [0] * len(chows)
    chosen = [0] * len(chows)

    def match(i: int) -> None:
        if i == len(chows):
            for k, first in enumerate(chows):
                possible[k] |= 0b111 << first & ~(1 << chosen[k])
            return
        for t in range(chows[i], chows[i] + 3):
            if rest[t] > 0:
                rest[t] -= 1
                chosen[i] = t
                match(i + 1)
                rest[t] += 1

    match(0)
    if chows and not any(possible):
        return None
    for first, mask in zip(chows, possible):
        masks[first] = masks.get(first, 0) | mask  # a chow's code is its first tile
    return masks


def substitutions(natural: Sequence[int], jokers: int, use: JokerUse, caps: Sequence[int],
                  fixed: Mapping[tuple[int, ...], Sequence[FixedVariant]], held: Sequence[int],
                  paired: bool) -> list[Substitution]:
    """Every substitution of a complete hand's ``jokers`` (see the module docstring), in
    order. ``held`` counts the natural tiles and the melds'; ``paired``: the hand has no
    declared meld, so seven pairs may be tried; ``fixed`` are the rule set's fixed variants."""
    found: dict[tuple[int, ...], dict[tuple[tuple[int, int], ...], dict[int, int]]] = {}
    for decomposition in _backend.kernel.decompose_jokers(list(natural), jokers, int(use), list(caps)):
        wild = [0] * 34
        for kind, first, _ in decomposition:
            for t in range(first, first + 3) if kind == CHOW else [first] * _SIZES[kind]:
                wild[t] += 1
        for t in range(34):
            wild[t] -= natural[t]
        masks = _masks(decomposition, wild)
        if masks is None:
            continue
        tiles = tuple(t for t in range(34) for _ in range(wild[t]))
        key = tuple(sorted((kind, first) for kind, first, _ in decomposition))
        merged = found.setdefault(tiles, {}).setdefault(key, {})
        for code, mask in masks.items():
            merged[code] = merged.get(code, 0) | mask
    if paired and use & JokerUse.PAIRS:
        odd = tuple(t for t in range(34) if natural[t] % 2)
        if len(odd) == jokers and all(natural[t] + 1 <= caps[t] for t in odd):
            found.setdefault(odd, {})
    for counts, variants in fixed.items():
        missing = [counts[t] - held[t] for t in range(34)]
        if min(missing) < 0 or sum(missing) != jokers:
            continue
        tiles = tuple(t for t in range(34) for _ in range(missing[t]))
        if any(fits_groups(tiles, v.groups, use) for v in variants):
            found.setdefault(tiles, {})
    result = []
    for tiles in sorted(found):
        substituted = list(natural)
        for t in tiles:
            substituted[t] += 1
        pairs = bool(use & JokerUse.PAIRS) and all(2 * natural[t] >= substituted[t] for t in range(34))
        result.append(Substitution(tiles, tuple(substituted), tuple(natural), found[tiles], pairs, use,
                                   jokers, tuple(caps)))
    return result


def place_jokers(tiles: Sequence[int], groups: Sequence[tuple[int, tuple[int, ...]]], use: JokerUse,
                 ) -> list[tuple[int, int]]:
    """Which group (an index into ``groups``, each ``(kind, its tiles)``) each joker of
    ``tiles`` joins: a placement the rules allow (see the module docstring), each group
    keeping a natural tile (a run of singles is one group: it holds several tiles);
    empty if there is none."""
    room = []
    for kind, held in groups:
        allowed = group_allows(kind, use)
        room.append(min(allowed, len(held) - 1) if kind != SINGLE else allowed)
    placed: list[tuple[int, int]] = []

    def holds(g: int, t: int) -> bool:
        return t in groups[g][1]

    def place(i: int) -> bool:
        if i == len(tiles):
            return True
        for g in range(len(groups)):
            if room[g] and holds(g, tiles[i]):
                room[g] -= 1
                placed.append((tiles[i], g))
                if place(i + 1):
                    return True
                placed.pop()
                room[g] += 1
        return False

    return placed if place(0) else []
