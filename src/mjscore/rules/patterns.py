"""The pattern notation of special hands: group tokens, read and expanded into variants.

A special hand (``[[hands]]`` in a rule file) lists its groups, one token each::

    groups = ["pung 1A", "singles 2345678A", "pung 9A", "single A win"]

A token is ``[COUNT] KIND TILES [MODIFIER ...]``:

=================  ==========================================================
``COUNT``          how many such groups (default 1): ``"4 pung/kong wind"``
``KIND``           ``single``, ``singles`` (a run of unconnected tiles),
                   ``pair``, ``pung``, ``kong``, ``chow``, ``set`` (chow, pung
                   or kong), ``knit-pair`` / ``knit-pung`` (one number in two /
                   three suits); ``/`` joins kinds: ``pung/kong``
``TILES``          see below; ``singles`` takes several words
``concealed``      the group must be concealed (held, not completed by a discard);
                   in a fixed hand it is never declared (a kong of one may be a
                   concealed kong, not an exposed or a claimed one), and which
                   group a discard completes is not read there
``melded``         the group may be declared even in a concealed-only hand
                   (fixed hands only); never beside ``concealed``, which says
                   the opposite (a load error)
``win``            the winning tile must complete this group (fixed hands only:
                   a hand of sets, seven pairs or an item says ``win-tile``)
=================  ==========================================================

Tiles, alternatives joined by ``|`` (``green-s|GD``):

- a tile: mpsz (``5p``, ``7z``), Western honours (``E S W N RD GD WD``), or a
  rank in a suit variable: ``1A`` (suits ``A``, ``B``, ``C`` are distinct suits,
  bound to every assignment of characters, dots and bamboo);
- a number variable: ``xA`` (``x`` and ``y`` are distinct numbers 1-9, shared by
  every group that names them), or one with an offset from -8 to +8: ``x+1A``,
  ``x-2A`` (``pung xA``, ``pung x+1A``, ``pung x+2A`` are three consecutive pungs);
  a variable takes only the numbers that keep every tile the hand names with it a
  tile (with ``x+2A``, ``x`` is 1-7), so no variant holds a tile past 9;
- a class: ``any``, ``suited``, ``honour``, ``wind``, ``dragon``, ``terminal``,
  ``simple``, ``green`` (2 3 4 6 8), ``red`` (1 5 7 9), ``terminal-or-honour``;
  a suit (``m``, ``p``, ``s``, ``z`` or ``A``) is any tile of it, and a class
  narrowed to a suit is written ``green-s``, ``terminal-A``; ``dragon-A`` is the
  dragon of suit ``A`` (characters red, dots white, bamboo green);
- for ``singles``: runs ``2345678A`` and ``1861A``, and wind runs ``NEWS``;
- for knitted groups: a number and the suits, ``1AB`` or ``x+1AB``, or ``?AB``
  for any number (each group its own), ``?ABC`` for three suits.

A tile in a chow names the chow's lowest tile: ``chow 2A`` is 2-3-4 of suit ``A``,
``chow xA`` is x, x+1, x+2 (so ``x`` makes a chow only from 1 to 7), and ``chow 5p``
is 5-6-7 of dots; the same holds for the chows of ``set 5A`` (5-6-7, or a pung or
kong of 5). Any other word of the expression (a class, a suit, a run) is a class
all three of a chow's tiles are in (``chow green-s`` is 2-3-4 of bamboo, ``chow 123A``
is 1-2-3, ``chow 2A|green-s`` either).

Every hand is checked when it loads: a token that does not read, an unknown
class, an unbound variable, a group that cannot be melded marked ``melded``, a
hand that does not make 14 tiles (four sets and a pair, seven pairs, or 14 tiles
of singles and groups), or a form no 14 tiles can make (its compiled variants all
unfillable: ``chow 8A``, ``chow x+7A``, ``chow wind``, ``pung x+8A`` with
``pung x-8A``, ``kong 1m`` with ``pung 1m``, ``7 pair 1m``, ``requires`` or
``win-tile`` outside its tiles; see :func:`unmakeable`) is a
:class:`~mjscore.core.errors.RuleSetError` naming the file, the hand, the group and the
reason.

Compiling
---------
Each form of a hand is expanded over its suit and number variables into
variants, each of one of three kinds:

- **fixed** (a form with singles or knitted groups): every variant a concrete
  multiset of 14 tiles with its grouping, found by one hash probe per hand;
- **standard** (four sets and a pair): per-group requirements (allowed kinds and
  first tiles, how many, concealed or not) matched against each decomposition;
- **pairs** (seven pairs): the same requirements matched against the pairs.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..core.group import GroupKind
from ..core.group_codes import KNIT, SINGLE, group_code
from .tile_expressions import (ALL_TILES, NUMBER_VARS, SUIT_VARS, NumberUse, PatternError, allowed_numbers,
                               chow_firsts, class_mask, empty_numbers, number_uses, singles_tiles,
                               some_numbers, suit_of, tile_word)

__all__ = ["PatternError", "GroupSpec", "Requirement", "QuantVariant", "FixedVariant",
           "parse_group", "expand_form", "group_options", "bindings", "form_kind", "fixed",
           "match_requirements", "makeable", "unmakeable", "check_expression", "FIXED", "STANDARD", "PAIRS",
           "PAIRS_KONGS", "MAX_VARIANTS", "SINGLE", "KNIT"]


FIXED, STANDARD, PAIRS, PAIRS_KONGS = "fixed", "standard", "pairs", "pairs-kong-as-two"
MAX_VARIANTS = 100_000
"""At most this many concrete variants per fixed hand (Knitting, the largest seed hand, has ~20,000)."""

_KINDS = {
    "chow": (GroupKind.SEQUENCE,), "pung": (GroupKind.TRIPLET,), "kong": (GroupKind.QUAD,), "pair": (GroupKind.PAIR,),
    "set": (GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.QUAD), "single": (SINGLE,), "singles": (SINGLE,),
    "knit-pair": (KNIT,), "knit-pung": (KNIT,),
}
_MODIFIERS = ("concealed", "melded", "win")
_COUNT = re.compile(r"^(\d+)\s+")


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One group token as read, its variables still unbound."""

    text: str
    count: int
    kinds: tuple[int, ...]
    word: str           # the kind word as written (``singles``, ``knit-pair``, ``pung/kong``)
    tiles: str          # the tile expression as written
    concealed: bool
    melded: bool
    win: bool

    @property
    def variables(self) -> tuple[set[str], set[str]]:
        """The suit and number variables the token names."""
        suits = {c for c in self.tiles if c in SUIT_VARS}
        numbers = {use.variable for use in self.number_uses}
        return suits, numbers

    @property
    def number_uses(self) -> list[NumberUse]:
        """Each place the token names a number variable (``x+1A``: ``x`` plus one)."""
        return number_uses(self.tiles, knit=self.kinds == (KNIT,))

    @property
    def size(self) -> int:
        """Tiles in one such group, a kong counting as three."""
        if self.word == "singles":
            return len(singles_tiles(self.tiles, dict.fromkeys(SUIT_VARS, 0), some_numbers(self.number_uses)))
        if self.word == "knit-pair":
            return 2
        if self.word == "knit-pung":
            return 3
        if self.kinds == (SINGLE,):
            return 1
        if self.kinds == (GroupKind.PAIR,):
            return 2
        return 3

    @property
    def fixed_only(self) -> bool:
        """Singles and knitted groups make a hand fixed-shape (no decomposition holds them)."""
        return self.kinds[0] in (SINGLE, KNIT)


def parse_group(text: str) -> GroupSpec:
    """Read one group token (see the module docstring).

    :raises PatternError: naming what does not read.
    """
    rest = text.strip()
    count = 1
    match = _COUNT.match(rest)
    if match:
        count = int(match.group(1))
        if not 1 <= count <= 14:
            raise PatternError(f"a count of {count} groups cannot be part of a 14-tile hand")
        rest = rest[match.end():]
    words = rest.split()
    if not words:
        raise PatternError("empty group")
    word, *tail = words
    kinds: list[int] = []
    for name in word.split("/"):
        if name not in _KINDS:
            raise PatternError(f"unknown group kind {name!r} (one of {', '.join(_KINDS)})")
        kinds += [k for k in _KINDS[name] if k not in kinds]
    special = [k for k in kinds if k in (SINGLE, KNIT)]
    if special and len(kinds) > 1:
        raise PatternError(f"{word!r}: singles and knitted groups cannot be joined with other kinds")
    if GroupKind.PAIR in kinds and len(kinds) > 1:
        raise PatternError(f"{word!r}: a pair cannot be joined with sets (a hand has a fixed number of each)")
    modifiers = set()
    while tail and tail[-1] in _MODIFIERS:
        modifiers.add(tail.pop())
    if not tail:
        raise PatternError(f"{word!r} names no tiles")
    if word != "singles" and len(tail) > 1:
        raise PatternError(f"unexpected {' '.join(tail[1:])!r} (one tile expression per group; "
                           "modifiers are concealed, melded, win)")
    spec = GroupSpec(text, count, tuple(sorted(kinds)), word, " ".join(tail),
                     "concealed" in modifiers, "melded" in modifiers, "win" in modifiers)
    if spec.melded and spec.concealed:  # (the concealed mark decided alone, without a word)
        raise PatternError("'melded' (the group may be declared, even in a concealed hand) and 'concealed' "
                           "(it is never declared) say opposite things: keep 'melded' if a player may expose "
                           "this group, or 'concealed' if it must stay in the hand")
    if spec.melded and not set(spec.kinds) <= {GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.QUAD}:
        raise PatternError(f"a {word} cannot be melded: only chows, pungs and kongs are declared")
    _check_tiles(spec)
    return spec


def _check_tiles(spec: GroupSpec) -> None:
    """Read the tile expression once with dummy bindings, so errors show at load."""
    suits = {v: 0 for v in SUIT_VARS}
    uses = spec.number_uses
    empty = empty_numbers(uses)
    if empty is not None:
        raise PatternError(empty)
    numbers = some_numbers(uses)
    if spec.word == "singles":
        singles_tiles(spec.tiles, suits, numbers)
    elif spec.kinds == (KNIT,):
        _knit_options(spec, suits, numbers)
    else:
        class_mask(spec.tiles, suits, numbers)


def check_expression(expression: str, groups: Sequence[GroupSpec]) -> None:
    """Read a hand's ``tiles`` or one of its ``requires`` once with dummy bindings, and check
    that the groups bind every variable it names.

    :raises PatternError: for an expression that does not read, or an unbound variable.
    """
    uses = number_uses(expression)
    empty = empty_numbers(uses)
    if empty is not None:
        raise PatternError(empty)
    class_mask(expression, dict.fromkeys(SUIT_VARS, 0), some_numbers(uses))
    bound = set().union(*(g.variables[0] | g.variables[1] for g in groups))
    for c in [use.variable for use in uses] + [c for c in expression if c in SUIT_VARS]:
        if c not in bound:
            raise PatternError(f"{expression!r} names the variable {c!r}, which no group binds")


def _knit_options(spec: GroupSpec, suits: dict[str, int], numbers: dict[str, int]) -> list[tuple[int, ...]]:
    """Each way to make one knitted group: the tiles of one number in two or three suits."""
    match = re.fullmatch(r"([1-9?]|[xy](?:[+-]\d+)?)([ABCmps]+)", spec.tiles)
    width = 2 if spec.word == "knit-pair" else 3
    if match is None or len(match.group(2)) != width:
        raise PatternError(f"a {spec.word} is written as a number and {width} suits, like "
                           f"{'1AB' if width == 2 else '?ABC'} or {'x+1AB' if width == 2 else 'xABC'}, "
                           f"got {spec.tiles!r}")
    number, suit_text = match.groups()
    in_suits = [suit_of(c, suits) for c in suit_text]
    if number == "?":
        ranks: Sequence[int] = range(1, 10)
    else:  # the rank as its tile in the first suit reads it (a number variable bound in 1-9)
        first = tile_word(number + suit_text[0], suits, numbers)
        ranks = [] if first is None else [first % 9 + 1]
    return [tuple(9 * s + r - 1 for s in in_suits if s is not None) for r in ranks]


@dataclass(frozen=True, slots=True)
class Requirement:
    """``count`` groups of a decomposition, each of an allowed kind and first tile."""

    masks: tuple[int, int, int, int]
    """Allowed first tiles per :class:`~mjscore.core.group.GroupKind` (chow, pung, kong, pair); 0: kind not allowed."""
    count: int
    concealed: bool

    def allows(self, kind: int, first: int, concealed: bool) -> bool:
        """Whether one group may fill this requirement."""
        return bool(self.masks[kind] >> first & 1) and (concealed or not self.concealed)

    @property
    def tiles(self) -> int:
        """Every tile a group filling it may hold."""
        return _tiles_of_masks(self.masks)

    @property
    def copies(self) -> int:
        """Copies of a tile each of its groups holds, when the groups are all of one tile and
        so need ``count`` different tiles (2 pairs, 3 pungs/kongs); 0 when chows may fill it."""
        if self.masks[GroupKind.SEQUENCE]:
            return 0
        return 2 if self.masks[GroupKind.PAIR] else 3


@dataclass(frozen=True, slots=True)
class QuantVariant:
    """A standard or seven-pairs form with its variables bound."""

    hand: int
    form: str
    requirements: tuple[Requirement, ...]
    allowed: int
    """Every tile some group may use: the hand's tiles must all be in it."""
    required: int
    """Tiles every match holds."""
    max_chows: int


@dataclass(frozen=True, slots=True)
class FixedVariant:
    """One concrete way to make a fixed-shape hand."""

    hand: int
    counts: tuple[int, ...]
    groups: tuple[tuple[int, tuple[int, ...], bool], ...]
    """Each group: kind, tiles, whether it may be declared."""
    melds: tuple[int, ...]
    """The meld bytes (:mod:`mjscore.core.group_codes`: an exposed chow, pung or kong) the groups that may be
    declared make."""
    win_tiles: int
    """Tiles the winning tile may be (those of ``win`` groups; all when none is marked)."""
    held_kongs: tuple[int, ...] = ()
    """The tiles of its kong groups marked ``concealed``: only a kong declared concealed
    stands for one (no exposed kong, and no claimed kong either, even where claimed kongs
    keep a hand concealed)."""

    def __repr__(self) -> str:
        # the field only where it is set: no shipped hand marks a group of a fixed hand
        # concealed, so their variants' text (which tests/data/variant_fingerprints.json
        # digests) is what it was before it
        text = (f"FixedVariant(hand={self.hand!r}, counts={self.counts!r}, groups={self.groups!r}, "
                f"melds={self.melds!r}, win_tiles={self.win_tiles!r}")
        return text + (f", held_kongs={self.held_kongs!r})" if self.held_kongs else ")")


def form_kind(groups: Sequence[GroupSpec]) -> str:
    """Which compiled kind a form is (see the module docstring): seven pairs, four sets and
    a pair, or else fixed (singles, knitted groups, or other mixes such as two pungs and
    four pairs)."""
    if any(g.fixed_only for g in groups):
        return FIXED
    pairs = sum(g.count for g in groups if GroupKind.PAIR in g.kinds)
    sets = sum(g.count for g in groups) - pairs
    if (sets, pairs) == (0, 7):
        return PAIRS
    if (sets, pairs) == (4, 1):
        return STANDARD
    return FIXED


def check_form(groups: Sequence[GroupSpec]) -> str:
    """The form's kind, after checking that it makes a 14-tile hand.

    :raises PatternError: for a wrong tile count or groups that no form can hold.
    """
    kind = form_kind(groups)
    size = sum(g.count * g.size for g in groups)
    if size != 14:
        pairs = sum(g.count for g in groups if GroupKind.PAIR in g.kinds)
        sets = sum(g.count for g in groups if not g.fixed_only) - pairs
        shape = (f"; a hand of sets has four sets and a pair, or seven pairs (this one: {sets} "
                 f"set{'s' * (sets != 1)} and {pairs} pair{'s' * (pairs != 1)})"
                 if not any(g.fixed_only for g in groups) else "")
        raise PatternError(f"the groups make {size} tiles, not 14 (a kong counts as 3){shape}")
    return kind


def bindings(groups: Sequence[GroupSpec], expressions: Sequence[str | None] = ()
             ) -> Iterator[tuple[dict[str, int], dict[str, int]]]:
    """Every assignment of distinct suits to the suit variables and distinct numbers to the
    number variables the groups use, each number keeping every tile named with it (by the
    groups and by the hand's ``expressions``, its ``tiles`` and ``requires``) a tile:
    with ``pung x+2A``, ``x`` is 1 to 7."""
    suit_vars = sorted(set().union(*(g.variables[0] for g in groups)))
    number_vars = sorted(set().union(*(g.variables[1] for g in groups)))
    allowed = allowed_numbers(_uses(groups, expressions))
    for suits in itertools.permutations(range(3), len(suit_vars)):
        for numbers in itertools.permutations(range(1, 10), len(number_vars)):
            if all(n in allowed[v] for v, n in zip(number_vars, numbers)):
                yield dict(zip(suit_vars, suits)), dict(zip(number_vars, numbers))


def _uses(groups: Sequence[GroupSpec], expressions: Sequence[str | None] = ()) -> list[NumberUse]:
    """Every use of a number variable in the groups and the expressions."""
    return [use for g in groups for use in g.number_uses] + [
        use for expression in expressions if expression for use in number_uses(expression)]


def _first_masks(g: GroupSpec, suits: dict[str, int], numbers: dict[str, int], whole: int
                 ) -> tuple[int, int, int, int]:
    """Allowed first tiles per kind, every tile within ``whole``: a chow is named by its
    lowest tile or has all three of its tiles in a class (:func:`chow_firsts`)."""
    masks = [0, 0, 0, 0]
    for kind in g.kinds:
        if kind == GroupKind.SEQUENCE:
            masks[kind] = chow_firsts(g.tiles, suits, numbers, whole)
        else:
            masks[kind] = class_mask(g.tiles, suits, numbers) & whole
    return masks[0], masks[1], masks[2], masks[3]


def _tiles_of_masks(masks: tuple[int, int, int, int]) -> int:
    chows = masks[GroupKind.SEQUENCE]
    return chows | chows << 1 | chows << 2 | masks[1] | masks[2] | masks[3]


def quantified(hand: int, form: str, groups: Sequence[GroupSpec], suits: dict[str, int],
               numbers: dict[str, int], whole: int, requires: int, max_chows: int) -> QuantVariant | None:
    """A standard or pairs form under one binding (None when the hand-wide tile class leaves
    a group no tile)."""
    requirements = []
    allowed = required = 0
    for g in groups:
        masks = _first_masks(g, suits, numbers, whole)
        if not any(masks):
            return None
        tiles = _tiles_of_masks(masks)
        allowed |= tiles
        if tiles & (tiles - 1) == 0:  # one tile kind only: every match holds it
            required |= tiles
        requirements.append(Requirement(masks, g.count, g.concealed))
    return QuantVariant(hand, form, tuple(requirements), allowed, required | requires, max_chows)


def fixed(hand: int, groups: Sequence[GroupSpec], suits: dict[str, int], numbers: dict[str, int],
          whole: int, requires: int, concealed: bool = False, max_chows: int = 4,
          seen: set[tuple[int, tuple[int, ...], int, tuple[int, ...]]] | None = None, distinct_pairs: bool = False
          ) -> list[FixedVariant]:
    """Every concrete variant of a fixed form under one binding, with at most ``max_chows``
    chows; in a ``concealed`` hand only the groups marked ``melded`` may be declared, and
    a group marked ``concealed`` never is (a kong of one may be declared concealed:
    :attr:`FixedVariant.held_kongs`).
    ``distinct_pairs``: the pairs of one token (``5 pair A``) lie on different tiles (four
    alike are not two of them), as a hand's ``pairs = "distinct"`` says.
    With ``seen``, only the variants whose tiles, melds, winning tiles and held kongs it
    does not hold yet (each is added): a form's bindings make the same variants over and over, and
    western's 41,765 come from about 80,000. The variants come in the order of the
    product of the groups' options (the first group's slowest)."""
    # one level per tile group: a group of n takes n levels over its options, each from
    # the option the level before it took (or the one after, for different singles)
    levels: list[tuple[list[_Pick], int]] = []
    any_win = any(g.win for g in groups)
    for g in groups:
        win = g.win or not any_win
        ones = []
        for kind, tiles, meldable in group_options(g, suits, numbers, whole):
            meldable = meldable and (g.melded or not concealed) and not g.concealed
            ones.append(_Pick(((kind, tiles, meldable),), sum(_PACKED[t] for t in tiles),
                              sum(1 << t for t in set(tiles)) if win else 0, int(kind == GroupKind.SEQUENCE),
                              (group_code(kind, tiles[0]),) if meldable else (),
                              (tiles[0],) if g.concealed and kind == GroupKind.QUAD else ()))
        # several singles of a class are different tiles (a pair is written as a pair); so
        # are several pairs, unless four alike count as two of them
        step = 1 if g.kinds == (SINGLE,) or (distinct_pairs and g.kinds == (GroupKind.PAIR,)) else 0
        levels += [(ones, -1)] + [(ones, step)] * (g.count - 1)
    required = sum(_PACKED[t] for t in range(34) if requires >> t & 1)
    made: list[FixedVariant] = []
    last = len(levels) - 1

    def extend(i: int, previous: int, counts: int, chows: int, win_tiles: int, melds: tuple[int, ...],
               picked: tuple[tuple[int, tuple[int, ...], bool], ...], held: tuple[int, ...]) -> None:
        # the sums so far carried down; a pick making five of a tile or too many chows is
        # cut with every variant holding it
        ones, step = levels[i]
        for k in range(0 if step < 0 else previous + step, len(ones)):
            p = ones[k]
            total = counts + p.counts
            if not _at_most_four(total) or chows + p.chows > max_chows:
                continue
            if i < last:
                extend(i + 1, k, total, chows + p.chows, win_tiles | p.win_tiles, melds + p.melds,
                       picked + p.groups, held + p.held_kongs)
                continue
            if required and not _holds(total, required):
                continue
            sorted_melds = tuple(sorted(melds + p.melds))
            held_kongs = tuple(sorted(held + p.held_kongs))
            if seen is not None:
                key = (total, sorted_melds, win_tiles | p.win_tiles, held_kongs)
                if key in seen:
                    continue
                seen.add(key)
            made.append(FixedVariant(hand, tuple(total.to_bytes(34, "little")), picked + p.groups, sorted_melds,
                                     win_tiles | p.win_tiles, held_kongs))

    if levels:
        extend(0, 0, 0, 0, 0, (), (), ())
    return made


class _Pick(NamedTuple):
    """What one option of a group brings a fixed variant, worked out once for all variants holding it."""

    groups: tuple[tuple[int, tuple[int, ...], bool], ...]
    counts: int
    """Its tiles' counts packed a byte a tile (``_PACKED``): a variant's counts are one sum."""
    win_tiles: int
    """Its tiles, where the winning tile may be one of them."""
    chows: int
    melds: tuple[int, ...]
    """The codes of its groups that may be declared."""
    held_kongs: tuple[int, ...]
    """The tile of its kong, where the group is marked ``concealed``."""


_PACKED = tuple(1 << 8 * t for t in range(34))
"""A tile's count as a byte of a packed sum."""
_BYTES = sum(_PACKED)
"""1 in every byte."""


def _at_most_four(packed: int) -> bool:
    """No count over four: 0x7B added takes a byte of 5 or more to 0x80 (none reaches 0x100:
    a hand holds at most 18 tiles)."""
    return not (packed + 0x7B * _BYTES) & 0x80 * _BYTES


def _holds(packed: int, required: int) -> bool:
    """Every tile ``required`` (1 in its byte) held: 0x7F added takes a byte of 1 or more to 0x80."""
    return (packed & 0xFF * required) + 0x7F * required & 0x80 * required == 0x80 * required


def group_options(g: GroupSpec, suits: dict[str, int], numbers: dict[str, int], whole: int
                  ) -> list[tuple[int, tuple[int, ...], bool]]:
    """Each concrete group one token may stand for: (kind, tiles, may be declared)."""
    if g.word == "singles":
        tiles = singles_tiles(g.tiles, suits, numbers)
        return [(SINGLE, tuple(tiles), False)] if all(whole >> t & 1 for t in tiles) else []
    if g.kinds == (KNIT,):
        return [(KNIT, tiles, False) for tiles in _knit_options(g, suits, numbers)
                if all(whole >> t & 1 for t in tiles)]
    mask = class_mask(g.tiles, suits, numbers) & whole
    chows = chow_firsts(g.tiles, suits, numbers, whole) if GroupKind.SEQUENCE in g.kinds else 0
    options: list[tuple[int, tuple[int, ...], bool]] = []
    for kind in g.kinds:
        for t in range(34):
            if kind == GroupKind.SEQUENCE:
                if chows >> t & 1:
                    options.append((kind, (t, t + 1, t + 2), True))
            elif mask >> t & 1:
                size = {GroupKind.TRIPLET: 3, GroupKind.QUAD: 4, GroupKind.PAIR: 2, SINGLE: 1}[kind]
                options.append((kind, (t,) * size, kind in (GroupKind.SEQUENCE, GroupKind.TRIPLET, GroupKind.QUAD)))
    return options


def expand_form(hand: int, groups: Sequence[GroupSpec], tiles: str | None = None,
                requires: Sequence[str] = (), max_chows: int = 4, kong_as_two: bool = False,
                concealed: bool = False, one_suit: bool = False, as_fixed: bool = False
                ) -> tuple[list[QuantVariant], list[FixedVariant]]:
    """Every variant of one form of a hand (see the module docstring). ``tiles`` is a
    class every tile of the hand must be in, ``requires`` tiles the hand must hold; both
    may name the groups' variables. ``one_suit``: every variant keeps to one suit (honours
    allowed), as a rule set prohibiting mixed suits asks. ``as_fixed``: a hand of sets is
    compiled as fixed variants too (matched on its tiles, not on a decomposition: how a
    hand escapes the rule set's chow limit, which drops decompositions over it).

    :raises PatternError: for a variable no group binds, or too many concrete variants.
    """
    quant, fixed_variants = _of_hand(hand, tuple(groups), tiles, tuple(requires), max_chows, kong_as_two,
                                     concealed, one_suit, as_fixed)
    return list(quant), list(fixed_variants)


@functools.lru_cache(maxsize=512)
def _of_hand(hand: int, groups: tuple[GroupSpec, ...], tiles: str | None, requires: tuple[str, ...],
             max_chows: int, kong_as_two: bool, concealed: bool, one_suit: bool, as_fixed: bool
             ) -> tuple[tuple[QuantVariant, ...], tuple[FixedVariant, ...]]:
    """_expanded's variants as those of ``hand``."""
    quant, fixed_variants = _expanded(groups, tiles, requires, max_chows, kong_as_two, concealed, one_suit,
                                      as_fixed)
    if hand == 0:
        return quant, fixed_variants
    return (tuple(QuantVariant(hand, v.form, v.requirements, v.allowed, v.required, v.max_chows) for v in quant),
            tuple(FixedVariant(hand, v.counts, v.groups, v.melds, v.win_tiles, v.held_kongs)
                  for v in fixed_variants))


@functools.lru_cache(maxsize=512)
def _expanded(groups: tuple[GroupSpec, ...], tiles: str | None, requires: tuple[str, ...],
              max_chows: int, kong_as_two: bool, concealed: bool, one_suit: bool, as_fixed: bool
              ) -> tuple[tuple[QuantVariant, ...], tuple[FixedVariant, ...]]:
    """The variants of one form, as those of hand 0 (expand_form gives them their hand).
    Kept without the hand: a rule set expands each form twice (checked when read, as
    hand 0, then compiled at its place), and loading it with other options again."""
    hand = 0
    kind = check_form(groups)
    if as_fixed and kind == STANDARD:
        kind = FIXED
    for expression in ([tiles] if tiles else []) + list(requires):
        check_expression(expression, groups)
    quant: dict[tuple[object, ...], QuantVariant] = {}
    fixed_variants: list[FixedVariant] = []
    seen: set[tuple[int, tuple[int, ...], int, tuple[int, ...]]] = set()
    for suits, numbers in bindings(groups, (tiles, *requires)):
        full_suits = {**dict.fromkeys(SUIT_VARS, 0), **suits}
        full_numbers = {**dict.fromkeys(NUMBER_VARS, 1), **numbers}
        whole = class_mask(tiles, full_suits, full_numbers) if tiles else ALL_TILES
        needed = 0
        for expression in requires:
            needed |= class_mask(expression, full_suits, full_numbers)
        for within in ([whole & (_SUIT_TILES << 9 * s | _HONOUR_TILES) for s in range(3)]
                       if one_suit else [whole]):
            if kind == FIXED:
                for made in fixed(hand, groups, full_suits, full_numbers, within, needed, concealed,
                                  max_chows, seen, not kong_as_two):
                    fixed_variants.append(made)
                    if len(fixed_variants) > MAX_VARIANTS:
                        raise PatternError(f"more than {MAX_VARIANTS} concrete variants: narrow the "
                                           "classes, or write the sets as quantified groups")
                continue
            form = (PAIRS_KONGS if kong_as_two else PAIRS) if kind == PAIRS else STANDARD
            variant = quantified(hand, form, groups, full_suits, full_numbers, within, needed, max_chows)
            if variant is not None:
                key = (variant.form, variant.required, variant.max_chows,
                       tuple(sorted((r.masks, r.count, r.concealed) for r in variant.requirements)))
                quant.setdefault(key, variant)
    return tuple(quant.values()), tuple(fixed_variants)


_SUIT_TILES = 0x1FF
"""The nine tiles of the first suit; shifted by 9 per suit."""
_HONOUR_TILES = 0x7F << 27


def match_requirements(requirements: Sequence[Requirement],
                       groups: Sequence[tuple[int, int, bool]]) -> bool:
    """Whether the groups (kind, first tile, concealed) fill every requirement exactly:
    each group used once, each requirement ``count`` times."""
    left = [r.count for r in requirements]

    def place(i: int) -> bool:
        if i == len(groups):
            return not any(left)
        kind, first, concealed = groups[i]
        for j, requirement in enumerate(requirements):
            if left[j] and requirement.allows(kind, first, concealed):
                left[j] -= 1
                if place(i + 1):
                    return True
                left[j] += 1
        return False

    return sum(left) == len(groups) and place(0)


_SEARCH_BUDGET = 200_000
"""Placements tried before :func:`makeable` gives up and calls a variant makeable: a shipped
hand needs a few dozen; only a contrived file could exhaust it, and a check that cannot
decide must not reject a hand that may be valid."""


def makeable(variant: QuantVariant, kong_as_two: bool = False, holding: int = 0,
             upto: int | None = None) -> bool:
    """Whether some 14 tiles fill the variant's requirements: at most four of a tile, at most
    ``max_chows`` chows, seven pairs on different tiles (four alike as two pairs with
    ``kong_as_two``), every required tile and the tiles of ``holding`` held. ``upto``: only
    the first ``upto`` requirements, and no tile required (to find the group that cannot
    join the ones before it)."""
    requirements = variant.requirements if upto is None else variant.requirements[:upto]
    required = (variant.required | holding) if upto is None else 0
    pairs_form = variant.form in (PAIRS, PAIRS_KONGS)
    distinct = pairs_form and not kong_as_two
    options = [[(kind, t) for kind in range(4) for t in range(34) if r.masks[kind] >> t & 1]
               for r in requirements]
    reachable = 0
    for choices in options:
        for kind, t in choices:
            reachable |= (0b111 << t) if kind == GroupKind.SEQUENCE else 1 << t
    if required & ~reachable:
        return False  # a tile no group can hold
    # the requirements with the fewest choices first: one that cannot be placed fails at
    # once rather than after every placing of a broad one before it ("5 pair any", "2 pair 1m")
    slots = sorted(((i, r.count) for i, r in enumerate(requirements)), key=lambda slot: len(options[slot[0]]))
    budget = [_SEARCH_BUDGET]

    def place(slot: int, left: int, start: int, counts: list[int], chows: int, held: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True
        if slot == len(slots):
            return required & ~held == 0
        if left == 0:
            return place(slot + 1, slots[slot + 1][1] if slot + 1 < len(slots) else 0, 0, counts, chows, held)
        groups_left = left + sum(c for _, c in slots[slot + 1:])
        if bin(required & ~held).count("1") > 3 * groups_left:
            return False
        for k in range(start, len(options[slots[slot][0]])):
            kind, t = options[slots[slot][0]][k]
            tiles = (t, t + 1, t + 2) if kind == GroupKind.SEQUENCE else (t,)
            size = (1, 3, 4, 2)[kind]  # copies of each of its tiles: chow, pung, kong, pair
            if kind == GroupKind.SEQUENCE and chows == variant.max_chows:
                continue
            if any(counts[x] + size > 4 for x in tiles) or (distinct and counts[t]):
                continue
            for x in tiles:
                counts[x] += size
            mask = sum(1 << x for x in tiles)
            found = place(slot, left - 1, k, counts, chows + (kind == GroupKind.SEQUENCE), held | mask)
            for x in tiles:
                counts[x] -= size
            if found:
                return True
        return False

    return not slots or place(0, slots[0][1], 0, [0] * 34, 0, 0)


def _chow_reason(expression: str) -> str:
    """What a chow's tile expression needs, for the message of a chow no tiles make."""
    words = expression.split("|")
    numbers = some_numbers(number_uses(expression))
    named = [w for w in words if tile_word(w, dict.fromkeys(SUIT_VARS, 0), numbers) is not None]
    notes = []
    if named:
        whatever = ", whatever the number" if number_uses(expression) else ""
        notes.append(f"a tile in a chow names its lowest tile, which is 1-7 of a suit: {', '.join(named)} "
                     f"{'is' if len(named) == 1 else 'are'} not{whatever}")
    if len(named) < len(words):
        notes.append("a chow's three tiles must all be in its class")
    return f" ({'; '.join(notes)})"


def _fewer_tiles_than_groups(g: GroupSpec, wholes: Sequence[tuple[dict[str, int], dict[str, int], int]],
                             kong_as_two: bool) -> str | None:
    """Why the ``count`` groups of one token are more than its tiles make, or None: no two
    pungs or kongs are of one tile (six of it), nor two singles of one token, nor two pairs
    of one token (unless four alike count as two pairs: then at most two of a tile)."""
    if GroupKind.SEQUENCE in g.kinds or g.fixed_only and g.word != "single":
        return None  # chows may repeat; a run of singles or a knitted group is one group
    per_tile = 2 if g.kinds == (GroupKind.PAIR,) and kong_as_two else 1
    kinds = max(((class_mask(g.tiles, s, n) & whole).bit_count() for s, n, whole in wholes), default=0)
    if g.count <= per_tile * kinds:
        return None
    why = {GroupKind.PAIR: "the pairs of a token are of different tiles (pairs = \"kong-as-two\" lets four "
                           "alike count as two)", SINGLE: "the singles of a token are of different tiles"}.get(
        g.kinds[0], "no two of them can be of one tile (six of it)")
    if per_tile == 2:
        why = "four alike count as two pairs, no more"
    return (f"{g.count} {'groups' if '/' in g.word else g.word + 's'} of {g.tiles!r}, but {g.tiles!r} has "
            f"{kinds} kind{'s' * (kinds != 1)} of tile, and {why}")


def unmakeable(groups: Sequence[GroupSpec], tiles: str | None = None, requires: Sequence[str] = (),
               max_chows: int = 4, kong_as_two: bool = False, concealed: bool = False,
               one_suit: bool = False, as_fixed: bool = False, win_tile: int | None = None
               ) -> tuple[str, str] | None:
    """Why no 14 tiles make this form (arguments as :func:`expand_form`, and the tile the
    hand must win on), worked out from its compiled variants: None when some variant can
    be made, else the part to blame (``"groups"``, ``"requires"`` or ``"win-tile"``) and
    the reason, naming the group where one is at fault.

    :raises PatternError: as :func:`expand_form`.
    """
    groups = tuple(groups)
    quant, fixed_variants = _expanded(groups, tiles, tuple(requires), max_chows, kong_as_two, concealed,
                                      one_suit, as_fixed)
    holding = 0 if win_tile is None else 1 << win_tile
    if any(makeable(v, kong_as_two, holding) for v in quant) or any(
            win_tile is None or v.counts[win_tile] and v.win_tiles >> win_tile & 1 for v in fixed_variants):
        return None
    if win_tile is not None and (any(makeable(v, kong_as_two) for v in quant) or fixed_variants):
        return "win-tile", "no way of making the hand holds its winning tile where the hand may win on it"
    limits = "at most four of a tile" + (f", at most {max_chows} chows" if max_chows < 4 else "") + (
        ", seven different pairs" if form_kind(groups) == PAIRS and not kong_as_two else "")
    scope = (f" within the hand's tiles {tiles!r}" if tiles else "") + (" in one suit" if one_suit else "")
    for part, expressions in (("groups", ()), ("tiles", (tiles,)), ("requires", requires)):
        empty = empty_numbers(_uses(groups, expressions))
        if empty is not None:
            return part, empty
    wholes = []
    for suits, numbers in bindings(groups, (tiles, *requires)):
        full_suits = {**dict.fromkeys(SUIT_VARS, 0), **suits}
        full_numbers = {**dict.fromkeys(NUMBER_VARS, 1), **numbers}
        whole = class_mask(tiles, full_suits, full_numbers) if tiles else ALL_TILES
        suits_within = [whole & (_SUIT_TILES << 9 * s | _HONOUR_TILES) for s in range(3)]
        for within in suits_within if one_suit else [whole]:
            wholes.append((full_suits, full_numbers, within))
    if not wholes:
        return "groups", ("no binding of the suit and number variables lets every group be made (x and y are "
                          "different numbers, each keeping every tile named with it a tile)")
    for g in groups:
        if not any(group_options(g, s, n, w) for s, n, w in wholes):
            why = _chow_reason(g.tiles) if GroupKind.SEQUENCE in g.kinds else ""
            return "groups", f"{g.text!r} can never be made: no {g.word} of {g.tiles!r}{scope}{why}"
    for g in groups:
        fewer = _fewer_tiles_than_groups(g, wholes, kong_as_two)
        if fewer is not None:
            return "groups", f"{g.text!r} can never be made: {fewer}{scope}"
    kind = check_form(groups)
    if kind != FIXED and not as_fixed and not quant:
        return "groups", f"no binding of the suit and number variables lets every group be made{scope}"
    for upto in range(1, len(groups) + 1):
        if kind != FIXED and not as_fixed:
            possible = any(makeable(v, kong_as_two, upto=upto) for v in quant)
        else:
            possible = any(fixed(0, groups[:upto], s, n, w, 0, concealed, max_chows,
                                 distinct_pairs=not kong_as_two) for s, n, w in wholes)
        if not possible:
            before = ", ".join(repr(g.text) for g in groups[:upto - 1])
            return "groups", (f"{groups[upto - 1].text!r} can never be made"
                              f"{' together with ' + before if before else ''} ({limits})")
    return "requires", f"no way of making the groups holds every tile of {list(requires)!r}{scope}"
