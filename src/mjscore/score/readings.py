"""The ways to read one hand for scoring, and the facts each reading holds.

A *reading* is a decomposition (or a special shape) together with the group
the winning tile completed. Scoring tries every reading and keeps the best.
This module is the reference definition of every fact in :mod:`mjscore.rules.facts`;
the compiled kernel computes the same facts for bulk scoring.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import _backend
from ..core.context import MAX_STREAK, WinContext
from ..decompose.decompose import WaitRole, wait_role
from ..rules.facts import FACT_BITS, GROUP_COUNTERS, Atom
from ..core.group import Group, GroupKind, Meld
from ..core.group_codes import group_code, group_kind, group_tile
from ..core.hand import Hand
from .jokers.readings import Substitution
from ..rules.matching import (conditions_hold, fixed_variants, item_pattern_facts, pairs_form, presence,
                       quantified_hands)
from ..rules.hands import MAX_MATCHED, HandTables
from ..rules.model import RuleSet
from ..rules.patterns import STANDARD
from ..rules.tile_expressions import class_mask
from ..core.tile import ORPHANS, Tile

__all__ = ["Reading", "readings", "losing_reading", "reading_groups", "atom_of", "SHAPE_CODES", "forget_groups"]

SHAPE_CODES = ("standard", "seven-pairs", "special", "losing")
"""A reading's shape as the scorers' ``score_one`` reports it (its index here): four sets
and a pair, seven pairs, a fixed-shape special hand, or a hand that did not go out."""

_PAIR = int(GroupKind.PAIR)  # an int key: an enum member hashes in Python
_KIND = {GroupKind.SEQUENCE: GroupKind.SEQUENCE, GroupKind.TRIPLET: GroupKind.TRIPLET,
         GroupKind.QUAD: GroupKind.QUAD, GroupKind.PAIR: GroupKind.PAIR}


@dataclass(frozen=True, slots=True)
class ScoredGroup:
    """A group as the scorer sees it: kind, concealment and tile atom."""

    group: Group
    kind: GroupKind
    concealed: bool
    atom: Atom
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Scored groups key the breakdown's caches; the generated hash would hash the
        # group and two enums in Python on every lookup (integers: the same in every process).
        object.__setattr__(self, "_hash", hash((hash(self.group), int(self.kind), self.concealed,
                                                int(self.atom))))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand: its groups (melds included) and its hand facts."""

    shape: str
    """One of :data:`SHAPE_CODES`."""
    groups: tuple[ScoredGroup, ...]
    facts: int
    win_group: Group | None
    win_tile: Tile | None
    index: tuple[int, int] = (-1, -1)
    """For a standard reading: which decomposition (in the kernel's order) and which
    of its groups (in the kernel's group order) the winning tile completed; for a
    special reading, the fixed-shape hand it makes (and -1)."""
    hands: tuple[int, ...] = ()
    """The special hands (indices into ``rules.hands``, in file order) the reading makes."""
    concealed: bytes = b""
    """For a standard reading: the decomposition's groups (those of :attr:`groups` that
    are no declared meld), a group byte each (:mod:`mjscore.core.group_codes`)."""
    bonus: int = 0
    """The flowers and seasons the player holds (an item ``per = "bonus-tile"`` counts each)."""


def atom_of(group: Group, context: WinContext) -> Atom:
    """The tile atom of a group (see :mod:`mjscore.rules.facts`)."""
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


@functools.cache  # kinds x tiles x concealment x winds: a few thousand cells at most
def _cell(kind: int, first: int, concealed: bool, seat: int, prevailing: int) -> ScoredGroup:
    """The scored group of a kernel group ``(kind, first)``, keyed by integers alone."""
    return _scored_group(_group(kind, first), concealed, Tile(seat), Tile(prevailing))


def forget_groups() -> None:
    """Empty the memory of scored groups (groups with their winds' atoms)."""
    _scored_group.cache_clear()
    _cell.cache_clear()


def _bits(**facts: bool) -> int:
    mask = 0
    for name, holds in facts.items():
        if holds:
            mask |= 1 << FACT_BITS[name.replace("_", "-")]
    return mask


_ONE_SUIT_OR_HONOURS = _bits(one_suit_only=True, one_suit_with_honours=True, all_honours=True)
_CONCEALED_HAND = _bits(concealed_hand=True)


def _plain_wins(rules: RuleSet, facts: int) -> bool:
    """Whether a reading that makes no special hand goes out: not when special hands are
    required, and under the prohibition of mixed suits only in one suit or in honours."""
    return not rules.special_required and (not rules.plain_one_suit or bool(facts & _ONE_SUIT_OR_HONOURS))


def _context_facts(context: WinContext) -> int:
    won = context.winner
    seat = int(context.seat_wind) - int(Tile.EAST) + 1  # the number of the seat's flower and season
    return _bits(
        own_flower=seat in context.flowers, own_season=seat in context.seasons,
        all_flowers=len(context.flowers) == 4, all_seasons=len(context.seasons) == 4,
        winner=won, self_drawn=won and context.self_drawn,
        discard=won and not context.self_drawn,
        replacement=context.replacement is not None, kong_replacement=context.replacement == "kong",
        bonus_replacement=context.replacement == "bonus",
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
    )


def _situation_facts(hand: Hand, context: WinContext, rules: RuleSet) -> int:
    """The facts of the situation that read the hand's melds or the rule set too: the
    original call (fewer than three exposed melds at the end: those declared, claimed kongs
    among them, and the one a winning discard completes), the
    dealer's streak, and a concealed hand (claimed kongs keep it concealed where the rule
    set says so)."""
    exposed = sum(not m.concealed for m in hand.melds)
    return _bits(
        original_call=context.declared_calling and exposed + (context.winner and not context.self_drawn) < 3,
        dealer_streak=(context.winner and bool(context.dealer) and rules.dealer_streak > 0
                       and min(context.dealer_streak, MAX_STREAK) >= rules.dealer_streak),
        concealed_hand=all(m.concealed or rules.claimed_concealed and m.claimed for m in hand.melds))


def _triplet_facts(groups: tuple[ScoredGroup, ...], rules: RuleSet) -> int:
    """Facts about the pungs and kongs among some groups, and the rule set's ``holds`` items
    they meet: those of any hand, the groups a hand that did not go out shows included."""
    triplets = [g for g in groups if g.kind in (GroupKind.TRIPLET, GroupKind.QUAD)]
    kongs = sum(g.kind == GroupKind.QUAD for g in groups)
    concealed = sum(g.concealed or rules.claimed_concealed and isinstance(g.group, Meld) and g.group.claimed
                    for g in triplets)
    return _bits(
        four_kongs=kongs == 4, four_triplets=len(triplets) == 4,
        three_concealed_triplets=concealed == 3, four_concealed_triplets=concealed == 4,
    ) | _holds_facts(groups, rules)


def _holds_facts(groups: tuple[ScoredGroup, ...], rules: RuleSet) -> int:
    """The fact bits of the items whose ``holds`` clauses the groups meet: each counter of
    :data:`~mjscore.rules.facts.GROUP_COUNTERS` counts the groups of its kinds on its tiles."""
    if not rules.tables.holds:
        return 0
    counts = {counter: sum(g.kind in kinds and _CLASS_TILES[tiles] >> g.group.first & 1 for g in groups)
              for (kinds, tiles), counter in GROUP_COUNTERS.items()}
    facts = 0
    for bit, clauses in rules.tables.holds:
        if all(counts[counter] >= fewest for counter, fewest in clauses):
            facts |= 1 << bit
    return facts


_CLASS_TILES = {tiles: class_mask(tiles, {}, {}) for _, tiles in GROUP_COUNTERS}


def _group_facts(groups: tuple[ScoredGroup, ...], rules: RuleSet) -> int:
    """Facts about the sets of a standard reading."""
    chows = [g for g in groups if g.kind == GroupKind.SEQUENCE]
    kongs = [g for g in groups if g.kind == GroupKind.QUAD]
    runs = {(g.group.first // 9, g.group.first % 9) for g in chows}
    return _triplet_facts(groups, rules) | _bits(
        standard=True, no_chows=not chows, one_chow=len(chows) == 1, no_kongs=not kongs,
        three_consecutive_chows=any({(s, 0), (s, 3), (s, 6)} <= runs for s in range(3)),
        terminal_or_honour_each_set=all(g.atom != Atom.SIMPLE for g in groups),
    )


def _single_wait(hand: Hand, win_tile: Tile, jokers: Substitution | None = None) -> bool:
    held = list(hand.counts)
    if jokers is None:
        before = list(hand.concealed)
        before[win_tile] -= 1
        mask = _backend.kernel.waits(before)
    else:  # the tiles the hand shows: its natural ones and the melds'
        before = list(jokers.natural)
        before[win_tile] -= 1
        mask = _backend.kernel.waits_jokers(before, jokers.jokers, int(jokers.use), list(jokers.caps))
        for t in jokers.tiles:
            held[t] -= 1
    kinds = [t for t in range(34) if mask >> t & 1 and held[t] - (t == win_tile) < 4]
    return len(kinds) == 1


def readings(hand: Hand, context: WinContext, rules: RuleSet,
             jokers: Substitution | None = None) -> Iterator[Reading]:
    """Every reading of a complete hand won on ``context.win_tile`` (each concealed kind if
    unset) that can win under the rule set, with the special hands it makes: the standard
    readings (with at most ``rules.max_chows`` runs), seven pairs, and the fixed-shape
    special hands. With ``rules.special_required`` only readings that make a special
    hand are given.

    With ``jokers``, ``hand`` is the natural hand a hand with jokers stands for
    (:mod:`mjscore.score.jokers.readings`) and only the readings that keep its jokers where they
    may stand are given, each won on a natural tile."""
    natural = hand.concealed if jokers is None else jokers.natural
    # A robbed kong's tile is the only one of its kind the hand holds (the other player
    # held three): with jokers, none stands for it either, as none stands for a fifth copy.
    if context.win_tile is not None:
        win_tiles = [context.win_tile]
    else:
        win_tiles = [Tile(t) for t in range(34) if natural[t]]
    if context.robbing_kong:
        win_tiles = [t for t in win_tiles if hand.counts[t] == 1]
    tables = rules.hand_tables
    situation = _situation_facts(hand, context, rules)
    concealed_hand = bool(situation & _CONCEALED_HAND)
    base = _context_facts(context) | _tile_facts(hand.counts) | situation
    base |= _bits(no_jokers=rules.jokers is not None and jokers is None)
    bonus = len(context.flowers) + len(context.seasons)
    held = presence(hand.counts)
    melds = [_scored(m, m.concealed, context) for m in hand.melds]
    decompositions = _backend.kernel.decompose(hand.concealed)
    pairs = pairs_form(hand.concealed) if not hand.melds and (jokers is None or jokers.pairs) else None
    fixed = fixed_variants(tables, hand.counts, hand.melds, rules.claimed_concealed) if tables.fixed else []
    if jokers is not None:
        fixed = [v for v in fixed if jokers.fixed_ok(v)]

    def special_hands(made: list[int], facts: int, tile: Tile) -> tuple[int, ...]:
        situational = [h for h in tables.situational if conditions_hold(tables, h, facts, tile, concealed_hand)]
        return tuple(sorted({h for h in made if conditions_hold(tables, h, facts, tile, concealed_hand)}
                            | set(situational))[:MAX_MATCHED])

    for tile in win_tiles:
        single = _bits(single_wait=_single_wait(hand, tile, jokers), fourth_tile=hand.counts[tile] == 4)
        # a fixed-shape hand is made by the tiles: every reading of them makes it
        shaped = sorted({v.hand for v in fixed if v.win_tiles >> tile & 1})
        for number, raw in enumerate(decompositions):
            natural_tiles = None if jokers is None else jokers.decompositions.get(tuple(sorted(raw)))
            if jokers is not None and natural_tiles is None:
                continue  # its groups cannot hold the jokers
            groups = [_group(kind, first) for kind, first in raw]
            codes = bytes([group_code(kind, first) for kind, first in raw])
            if rules.max_chows is not None and sum(
                    g.kind == GroupKind.SEQUENCE for g in [*groups, *hand.melds]) > rules.max_chows:
                continue
            for index in _distinct_groups_holding(groups, tile):
                if natural_tiles is not None and not natural_tiles[groups[index].code] >> tile & 1:
                    continue  # the winning tile would be a joker there
                completed = groups[index]
                role = wait_role(completed, tile)
                scored = _standard_groups(groups, index, melds, context)
                shape = [(int(g.kind), int(g.group.first), g.concealed) for g in scored]
                facts = base | single | _group_facts(scored, rules) | _bits(
                    one_chance=role in (WaitRole.PAIR, WaitRole.MIDDLE, WaitRole.EDGE),
                    pung_wait=role == WaitRole.TRIPLET, pair_wait=role == WaitRole.PAIR,
                    concealed_sets=concealed_hand and (context.self_drawn or role == WaitRole.PAIR))
                facts |= item_pattern_facts(tables, held, shape)
                made = special_hands(quantified_hands(tables, STANDARD, held, shape) + shaped, facts, tile)
                if _formed(tables, made) or _plain_wins(rules, facts):
                    yield Reading("standard", scored, facts, completed, tile, (number, index), made, codes, bonus)
        if pairs is not None:
            scored = _pairs(hand, context)
            facts = base | single | _bits(one_chance=True, concealed_sets=concealed_hand, no_chows=True)
            shape = [(int(g.kind), int(g.group.first), True) for g in scored]
            of_pairs = quantified_hands(tables, pairs, held, shape)
            made = special_hands(of_pairs + shaped, facts, tile)
            shape_wins = pairs == "pairs" and "seven-pairs" in rules.shapes
            if not shape_wins and not any(h not in shaped and h not in tables.situational for h in made):
                # only a fixed-shape hand goes out here, and it is read by itself below: these
                # pairs are no hand of their own, so they claim no "no chows"
                facts &= ~_bits(no_chows=True)
                made = special_hands(of_pairs + shaped, facts, tile)
            plain = shape_wins and _plain_wins(rules, facts)
            if _formed(tables, made) or plain:
                yield Reading("seven-pairs", scored, facts, None, tile, hands=made, bonus=bonus)
        if shaped:  # and so does the special shape itself, read with no sets
            facts = base | single | _bits(one_chance=hand.concealed[tile] == 2, concealed_sets=concealed_hand,
                                          no_chows=all(tables.runless[h] for h in shaped))
            made = special_hands(shaped, facts, tile)
            if set(made) & set(shaped):
                yield Reading("special", (), facts, None, tile, (min(set(made) & set(shaped)), -1), made,
                              bonus=bonus)


def _formed(tables: HandTables, made: tuple[int, ...]) -> bool:
    """Whether a reading makes a special hand of tiles: a hand made by the situation alone
    (the hand from heaven) scores on a reading that goes out, but makes none go out."""
    return any(h not in tables.situational for h in made)


@functools.cache
def _group(kind: int, first: int) -> Group:
    """The kernel's ``(kind, first)`` as a Group (cached: groups are immutable)."""
    return Group(GroupKind(kind), Tile(first))


def _standard_groups(groups: list[Group], completed: int, melds: list[ScoredGroup],
                     context: WinContext) -> tuple[ScoredGroup, ...]:
    # The group a discard completed counts as exposed.
    return tuple([_scored(g, not (i == completed and not context.self_drawn), context)
                  for i, g in enumerate(groups)] + melds)


def reading_groups(hand: Hand, context: WinContext, shape: str, concealed: bytes = b"",
                   completed: int = -1) -> tuple[ScoredGroup, ...]:
    """The groups of a reading of ``hand`` (its melds included) as a scorer reported it
    (:class:`~mjscore.score.best_reading.BestReading`): its ``shape``; for a standard
    reading, its ``concealed`` groups (group bytes) and the index among them of the group
    the winning tile ``completed``."""
    if shape == "losing":
        return _losing_groups(hand, context)
    if shape == "seven-pairs":
        return _pairs(hand, context)
    if shape != "standard":
        return ()
    seat, prevailing = int(context.seat_wind), int(context.prevailing_wind)
    if context.self_drawn:
        completed = -1  # only a discard makes the group it completed exposed
    groups = [_cell(group_kind(code), group_tile(code), i != completed, seat, prevailing)
              for i, code in enumerate(concealed)]
    if hand.melds:
        groups += [_scored(m, m.concealed, context) for m in hand.melds]
    return tuple(groups)


def _pairs(hand: Hand, context: WinContext) -> tuple[ScoredGroup, ...]:
    """The pairs of a seven-pairs reading; four alike held count as two pairs."""
    seat, prevailing = int(context.seat_wind), int(context.prevailing_wind)
    return tuple(_cell(_PAIR, t, True, seat, prevailing)
                 for t in range(34) for _ in range(hand.concealed[t] // 2))


def _losing_groups(hand: Hand, context: WinContext) -> tuple[ScoredGroup, ...]:
    """The groups :func:`losing_reading` reads (its melds, concealed pungs and pairs)."""
    groups = [_scored(m, m.concealed, context) for m in hand.melds]
    for t in range(34):
        count = hand.concealed[t]
        if count >= 2:
            kind = GroupKind.TRIPLET if count >= 3 else GroupKind.PAIR
            groups.append(_scored(_group(kind, t), True, context))
    return tuple(groups)


def _distinct_groups_holding(groups: list[Group], tile: Tile) -> list[int]:
    seen: set[Group] = set()
    indices = []
    for i, group in enumerate(groups):
        if tile in group.tiles and group not in seen:
            seen.add(group)
            indices.append(i)
    return indices


def losing_reading(hand: Hand, context: WinContext, rules: RuleSet, no_jokers: bool = False) -> Reading:
    """How a hand that did not go out is read: its melds, concealed pungs and pairs (its
    natural tiles: jokers held make no group), with the facts of its pungs and kongs
    (:func:`_triplet_facts`); ``no_jokers``: the fact holds. Its special hands (the rule
    set's ``calling`` hands) are the caller's to find."""
    scored = _losing_groups(hand, context)
    facts = (_context_facts(context) | _tile_facts(hand.counts) | _situation_facts(hand, context, rules)
             | _triplet_facts(scored, rules) | _bits(no_jokers=no_jokers))
    return Reading("losing", scored, facts, None, None, bonus=len(context.flowers) + len(context.seasons))
