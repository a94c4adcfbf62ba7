"""Special hands compiled for distances: what each hand needs, per way its variables bind.

The distance from a hand to a special hand is the fewest tiles it lacks to hold one
complete way of making that hand (see :mod:`mjscore.distances`). To find it without
scanning every concrete variant, each form of a hand, under each binding of its suit
and number variables, becomes one :class:`Target`:

- ``fixed``: the tiles every way holds (runs of singles, knitted groups of a given
  number, and the like);
- ``needs``: groups still to choose, each :class:`Need` saying how many groups, which
  kinds on which first tiles, whether a declared meld may fill it, and whether its
  groups must be on different tiles (singles of a class, the pairs of seven pairs);
- ``runs``: the runs of singles among the fixed tiles (a ``singles`` token is one
  group, as the scorer reads it: it takes one joker where jokers stand in singles).

Every such group lies in one suit, so the distance can be found suit by suit and the
suits combined (the kernels memoise each suit). A form whose choices span suits
(knitted groups of any number) keeps its concrete variants in ``enumerated`` instead;
when its only choices are knitted groups (Knitting, Triple Knitting) it also lists
them in ``knits``, and the distance is found number by number (a knitted group puts
one tile of its number in each of its suits) rather than by scanning the variants.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.group import GroupKind
from ..rules.hands import SpecialHand, pattern_variants
from ..rules.patterns import (FIXED, KNIT, PAIRS, SINGLE, FixedVariant, GroupSpec, bindings, fixed, form_kind,
                       group_options)
from ..rules.tile_expressions import ALL_TILES, NUMBER_VARS, SUIT_VARS, class_mask

__all__ = ["Need", "Knit", "Target", "distance_targets", "N_GROUP_KINDS"]

N_GROUP_KINDS = SINGLE + 1
"""Group kinds a need may allow: those of :mod:`mjscore.core.group_codes` from the chow to the single."""


@dataclass(frozen=True, slots=True)
class Need:
    """``count`` groups still to choose for a target."""

    count: int
    masks: tuple[int, int, int, int, int]
    """Allowed first tiles per kind: chow, pung, kong, pair, single (0: kind not allowed)."""
    declarable: bool
    """An exposed meld may fill it (a concealed kong may fill any need that allows kongs)."""
    distinct: bool
    """Its groups lie on different tiles (several singles of a class)."""
    claimed_only: bool = False
    """A claimed kong may fill it though no exposed meld may: a need of a concealed hand
    that allows a kong (a hand of sets, or a fixed hand's kong group), under a rule set
    whose claimed kongs keep a hand concealed (``claimed-kongs = "concealed"``), as the
    scorer reads such a hand. A group that must itself be concealed (``"kong 2m
    concealed"``) takes no claimed kong, as in the scorer."""

    def __repr__(self) -> str:
        # the field only where it is set: no shipped hand sets it, so their targets' text
        # (which tests/data/variant_fingerprints.json digests) is what it was before it
        text = (f"Need(count={self.count!r}, masks={self.masks!r}, declarable={self.declarable!r}, "
                f"distinct={self.distinct!r}")
        return text + (", claimed_only=True)" if self.claimed_only else ")")


@dataclass(frozen=True, slots=True)
class Knit:
    """``count`` knitted groups still to choose, each one tile of a number in every suit of ``suits``."""

    count: int
    suits: tuple[int, ...]
    """The suits (0-2), in order: the same tiles whichever suit variable is named first."""
    numbers: int
    """The numbers a group may take (bit ``r - 1`` for ``r``)."""


@dataclass(frozen=True, slots=True)
class Target:
    """One form of a special hand under one binding of its variables."""

    hand: int
    """The hand's index in the rule set."""
    fixed: tuple[int, ...]
    """34 counts every way holds."""
    needs: tuple[Need, ...]
    required: int
    """Tiles every way holds at least one of each (34-bit mask)."""
    max_chows: int
    distinct_pairs: bool
    """No two pairs on one tile (seven pairs, unless four alike count as two pairs)."""
    enumerated: tuple[FixedVariant, ...] = ()
    """When not empty: the concrete ways, and ``fixed``/``needs`` are unused."""
    runs: tuple[tuple[int, int], ...] = ()
    """Runs of singles among ``fixed``: (34-bit mask of their tiles, copies)."""
    knits: tuple[Knit, ...] = ()
    """When not empty: the form's choices are these knitted groups alone, on top of
    ``fixed`` (its groups without a choice, none of them declarable or holding jokers);
    ``enumerated`` still lists the concrete ways (for drawing one)."""
    claimed_kongs: bool = False
    """A claimed kong stands for a kong of an ``enumerated`` way as a concealed kong does,
    save one marked concealed (:attr:`~mjscore.rules.patterns.FixedVariant.held_kongs`):
    the rule set's claimed kongs keep a hand concealed, and some way holds a kong."""

    def __repr__(self) -> str:
        # the new field only where it is set, as Need's: the shipped targets' text is unchanged
        text = (f"Target(hand={self.hand!r}, fixed={self.fixed!r}, needs={self.needs!r}, "
                f"required={self.required!r}, max_chows={self.max_chows!r}, "
                f"distinct_pairs={self.distinct_pairs!r}, enumerated={self.enumerated!r}, runs={self.runs!r}, "
                f"knits={self.knits!r}")
        return text + (", claimed_kongs=True)" if self.claimed_kongs else ")")


def _need(count: int, kinds_tiles: dict[int, int], declarable: bool, distinct: bool,
          claimed_only: bool = False) -> Need:
    masks = [0] * N_GROUP_KINDS
    for kind, first in kinds_tiles.items():
        masks[kind] |= first
    return Need(count, (masks[0], masks[1], masks[2], masks[3], masks[4]), declarable, distinct,
                claimed_only and not declarable and bool(masks[GroupKind.QUAD]))


def _fixed_targets(index: int, hand: SpecialHand, form: tuple[GroupSpec, ...], claimed_concealed: bool
                   ) -> list[Target]:
    targets = []
    for suits, numbers in bindings(form, (hand.tiles, *hand.requires)):
        full_suits = {**dict.fromkeys(SUIT_VARS, 0), **suits}
        full_numbers = {**dict.fromkeys(NUMBER_VARS, 1), **numbers}
        whole = class_mask(hand.tiles, full_suits, full_numbers) if hand.tiles else ALL_TILES
        required = 0
        for expression in hand.requires:
            required |= class_mask(expression, full_suits, full_numbers)
        counts = [0] * 34
        needs = []
        runs = []
        knits = []
        spans_suits = possible = only_knits = True
        for g in form:
            options = group_options(g, full_suits, full_numbers, whole)
            if not options:
                possible = False
                break
            if len(options) == 1 and (options[0][0] not in tuple(GroupKind)
                                      and len(options[0][1]) > 1):
                for t in options[0][1]:  # a run of singles or a knitted group: no choice
                    counts[t] += g.count
                if options[0][0] == SINGLE:
                    runs.append((sum(1 << t for t in set(options[0][1])), g.count))  # (a tile may repeat: 1997)
            elif all(kind <= GroupKind.PAIR or kind == SINGLE and len(tiles) == 1 for kind, tiles, _ in options):
                firsts: dict[int, int] = {}
                for kind, tiles, _ in options:
                    firsts[kind] = firsts.get(kind, 0) | 1 << tiles[0]
                declarable = (any(meldable for _, _, meldable in options) and (g.melded or not hand.concealed)
                              and not g.concealed)  # (as the scorer's fixed variants declare it)
                needs.append(_need(g.count, firsts, declarable,
                                   g.kinds == (SINGLE,) or g.kinds == (GroupKind.PAIR,) and not hand.kong_as_two,
                                   claimed_only=claimed_concealed and not g.concealed))
            else:
                spans_suits = False
                if all(kind == KNIT for kind, _, _ in options):
                    knits.append(Knit(g.count, tuple(sorted({t // 9 for t in options[0][1]})),
                                      sum(1 << tiles[0] % 9 for _, tiles, _ in options)))
                else:
                    only_knits = False
        if not possible or max(counts) > 4:
            continue
        # the hand's chow limit (the rule set's, unless the hand is exempt from it)
        chows = 4 if hand.max_chows is None else hand.max_chows
        if spans_suits:
            targets.append(Target(index, tuple(counts), tuple(needs), required, chows, False, runs=tuple(runs)))
        else:
            variants = tuple(fixed(index, form, full_suits, full_numbers, whole, required, hand.concealed,
                                   max_chows=chows, distinct_pairs=not hand.kong_as_two))
            if variants and only_knits and not needs and not runs:
                targets.append(Target(index, tuple(counts), (), required, 4, False, variants,
                                      knits=tuple(knits)))
            elif variants:
                targets.append(Target(index, (0,) * 34, (), required, 4, False, variants,
                                      claimed_kongs=claimed_concealed and any(
                                          kind == GroupKind.QUAD for v in variants for kind, _, _ in v.groups)))
    return targets


def _quant_targets(index: int, hand: SpecialHand, form: tuple[GroupSpec, ...], claimed_concealed: bool
                   ) -> list[Target]:
    # A hand exempt from the rule set's chow limit is matched on its tiles (as_fixed), but its
    # ways are still those of its sets under its own limit: their quantified variants.
    quant, _ = pattern_variants(replace(hand, as_fixed=False) if hand.as_fixed else hand, index, form)
    targets = []
    for variant in quant:
        needs = tuple(_need(r.count, {k: m for k, m in enumerate(r.masks) if m},
                            not hand.concealed and not r.concealed, False,
                            claimed_only=claimed_concealed and not r.concealed)
                      for r in variant.requirements)
        targets.append(Target(index, (0,) * 34, needs, variant.required, variant.max_chows,
                              variant.form == PAIRS))
    return targets


def distance_targets(hands: tuple[SpecialHand, ...], claimed_concealed: bool = False
                     ) -> tuple[tuple[int, ...], tuple[Target, ...]]:
    """The hands with tiles to reach (indices; a hand made by the situation alone has none)
    and every target of theirs, in hand order. ``claimed_concealed``: the rule set's
    claimed kongs keep a hand concealed (:attr:`Need.claimed_only`, :attr:`Target.claimed_kongs`)."""
    targets: list[Target] = []
    reachable = []
    for index, hand in enumerate(hands):
        if not hand.forms:
            continue
        reachable.append(index)
        seen = set()
        for form in hand.forms:
            made = (_fixed_targets(index, hand, form, claimed_concealed) if form_kind(form) == FIXED
                    else _quant_targets(index, hand, form, claimed_concealed))
            for target in made:
                if target not in seen:
                    seen.add(target)
                    targets.append(target)
    return tuple(reachable), tuple(targets)
