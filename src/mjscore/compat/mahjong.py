"""The ``mahjong`` package's ``Agari``, ``Shanten`` and ``HandDivider``, run by mjscore's kernels.

A program using the ``mahjong`` package (2.1.0) swaps its imports::

    from mjscore.compat.mahjong import Agari, HandDivider, Meld, Shanten

and keeps its calls: the same methods (static, as in the library: ``Agari.is_agari(...)``
and ``Agari().is_agari(...)`` both work), arguments, defaults and results. Tiles are
the library's 34-format, which is mjscore's 34 order (0-8 man, 9-17 pin, 18-26 sou,
27-30 winds east south west north, 31-33 dragons white green red), so counts pass
unchanged. Offered:

* ``Agari.is_agari(tiles_34, open_sets_34=None)``;
* ``Shanten.calculate_shanten(tiles_34, use_chiitoitsu=True, use_kokushi=True,
  is_three_player=False)``, ``calculate_shanten_for_regular_hand(tiles_34,
  is_three_player=False)``, ``calculate_shanten_for_chiitoitsu_hand(tiles_34)``,
  ``calculate_shanten_for_kokushi_hand(tiles_34)``, ``Shanten.AGARI_STATE`` (-1) and
  ``Shanten.TENPAI_STATE`` (0);
* ``HandDivider.divide_hand(tiles_34, melds=None)``, the divisions in the library's
  order, taking the library's ``Meld`` objects or this module's :class:`Meld` (the
  library's constructor, type constants and ``tiles_34``).

Nothing else of the library is offered: not ``TilesConverter`` (use
:func:`mjscore.parse_tiles`), ``HandCalculator``, ``HandConfig``, ``mahjong.utils`` or
``mahjong.constants``, nor the classes' private helpers.

**The library's edge cases are kept**, odd ones included: ``is_agari`` on any number
of tiles (13 or 0 are not complete; open sets are taken out of ``tiles_34`` first);
with five of a tile or more than 14 tiles it runs the library's own arithmetic
(:mod:`mjscore.compat._agari_bits`), whose answers are artefacts of that arithmetic,
so they match. Fewer than 13 tiles count the missing sets as declared; seven pairs and
thirteen orphans join the minimum from 13 tiles, while the per-form methods take any
size. ``divide_hand`` returns ``[]`` for a count outside 0-4 or an incomplete hand,
gives seven pairs only without melds, and drops honours it cannot read as pungs and
one pair, as the library does.

**Errors** are mjscore's (:mod:`mjscore.errors`, all ``ValueError``), raised where the
library raises: a shanten hand of more than 14 tiles or of a multiple of three
(``InvalidHandError``, worded as the library's ``ValueError``), 2m-8m in a
three-player hand, an unknown meld type (:class:`MeldTypeError`, also a
``RuntimeError`` as the library's). Deliberately stricter: ``tiles_34`` must be 34
integers (the library indexes blindly, raising ``IndexError`` or ignoring entries),
and shanten refuses a count outside 0-4 (the library returns a number its search
happens to reach).
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Sequence
from typing import Any, Protocol

from .._backend import kernel
from ..errors import InvalidHandError
from ..shanten import engine
from ..tile import format_tiles
from ._agari_bits import library_is_agari
from ._sanma import three_player_standard

__all__ = ["Agari", "Shanten", "HandDivider", "Meld", "MeldLike", "MeldTypeError"]

_STANDARD, _SEVEN_PAIRS, _ORPHANS = 1, 2, 4  # the shanten kernels' form bits
_NO_MELDS = b"\xff" * 4
_ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_complete = kernel.is_complete_counts
_decompose = kernel.decompose
_shanten = engine.shanten_seq

# The library's block types, in its sort order, and the kernel's group kinds.
_QUAD, _TRIPLET, _PAIR, _SEQUENCE = 0, 1, 2, 3
_TYPE_OF_KIND = {0: _SEQUENCE, 1: _TRIPLET, 2: _QUAD, 3: _PAIR}
_KEY = {(kind, t): t * 4 + ty for kind, ty in _TYPE_OF_KIND.items() for t in range(34)}
"""A kernel group ``(kind, tile)`` as ``tile * 4 + type``: ints sort as the library's blocks."""
_TILES_OF_KEY = [[t, t + 1, t + 2] if ty == _SEQUENCE else [t] * (4 - ty if ty < 2 else 2)
                 for t in range(34) for ty in range(4)]
"""A block key's tiles (copied for each result)."""
_BAD_COUNT, _NOT_COUNTS = 1, 4  # is_complete_counts' -status for a count outside 0-4, and for no counts


class MeldTypeError(InvalidHandError, RuntimeError):
    """A meld ``divide_hand`` cannot read as a set (the library raises ``RuntimeError``)."""


def _counts(tiles_34: Any) -> list[int]:
    """34 integer counts as a list (a sequence or a NumPy row), else :class:`InvalidHandError`."""
    try:
        values = tiles_34.tolist() if hasattr(tiles_34, "tolist") else list(tiles_34)
        counts = [operator.index(v) for v in values]
    except TypeError:
        raise InvalidHandError(f"expected 34 integer tile counts (34-format), not {tiles_34!r:.60}") from None
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts (34-format), got {len(counts)}")
    return counts


class Agari:
    """Whether tiles are complete: four sets and a pair, seven pairs or thirteen orphans."""

    @staticmethod
    def is_agari(tiles_34: Sequence[int], open_sets_34: Collection[Sequence[int]] | None = None) -> bool:
        """True if ``tiles_34`` (34 counts), less the tiles of ``open_sets_34`` (each a set's
        3 or 4 tile indices), are complete; any number of tiles, sets implied.

        >>> Agari.is_agari([2] + [0] * 33), Agari.is_agari([3] + [0] * 33)
        (True, False)
        """
        if open_sets_34:
            tiles: Any = list(tiles_34)
            for meld in open_sets_34:
                tiles[meld[0]] -= 1
                tiles[meld[1]] -= 1
                tiles[meld[2]] -= 1
                if len(meld) > 3:
                    tiles[meld[3]] -= 1
        else:
            tiles = tiles_34
        found = _complete(tiles)
        if found >= 0:
            return found == 1
        counts = _counts(tiles)
        if min(counts) >= 0 and max(counts) <= 4 and sum(counts) <= 14:
            return False  # a real hand of a size that is no complete one (13 tiles, 0, ...)
        return library_is_agari(counts)


class Shanten:
    """Tiles from ready: -1 complete, 0 ready (tenpai), and so on."""

    TENPAI_STATE = 0
    """A ready hand's shanten."""
    AGARI_STATE = -1
    """A complete hand's shanten."""

    @staticmethod
    def calculate_shanten(tiles_34: Sequence[int], use_chiitoitsu: bool = True, use_kokushi: bool = True,
                          is_three_player: bool = False) -> int:
        """The minimum shanten over the standard form and (from 13 tiles) seven pairs and
        thirteen orphans, each unless switched off; 1, 2, 4, 5, ..., 13 or 14 tiles.

        >>> Shanten.calculate_shanten([3] + [0] * 8 + [1] + [0] * 24)
        0

        :raises InvalidHandError: for more than 14 tiles, a multiple of three, a count
            outside 0-4, or 2m-8m with ``is_three_player``.
        """
        forms = _STANDARD | (_SEVEN_PAIRS if use_chiitoitsu else 0) | (_ORPHANS if use_kokushi else 0)
        if not is_three_player:
            found = _shanten(tiles_34, _NO_MELDS, forms)
            if found > -100:
                return found
        return _shanten_careful(tiles_34, forms, is_three_player)

    @staticmethod
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int], is_three_player: bool = False) -> int:
        """The standard form's shanten (sets and a pair; fewer than 13 tiles imply sets).

        :raises InvalidHandError: as :meth:`calculate_shanten`.
        """
        if not is_three_player:
            found = _shanten(tiles_34, _NO_MELDS, _STANDARD)
            if found > -100:
                return found
        return _shanten_careful(tiles_34, _STANDARD, is_three_player)

    @staticmethod
    def calculate_shanten_for_chiitoitsu_hand(tiles_34: Sequence[int]) -> int:
        """Seven pairs' shanten, any number of tiles (the library's count of pairs and kinds)."""
        found = _shanten(tiles_34, _NO_MELDS, _SEVEN_PAIRS)
        if found > -100:
            return found
        counts = _counts(tiles_34)
        pairs = sum(c >= 2 for c in counts)
        if pairs == 7:
            return Shanten.AGARI_STATE
        kinds = sum(c >= 1 for c in counts)
        return 6 - pairs + (7 - kinds if kinds < 7 else 0)

    @staticmethod
    def calculate_shanten_for_kokushi_hand(tiles_34: Sequence[int]) -> int:
        """Thirteen orphans' shanten, any number of tiles."""
        found = _shanten(tiles_34, _NO_MELDS, _ORPHANS)
        if found > -100:
            return found
        counts = _counts(tiles_34)
        held = [counts[t] for t in _ORPHAN_TILES]
        return 13 - sum(c != 0 for c in held) - (1 if any(c >= 2 for c in held) else 0)


def _shanten_careful(tiles_34: Any, forms: int, three_player: bool) -> int:
    """Shanten of what the kernel did not read in place: other sequences, bad input, sanma."""
    counts = _counts(tiles_34)
    if three_player and any(counts[1:8]):
        raise InvalidHandError("Invalid tile for three player: 2m-8m are not in a three-player set")
    total = sum(counts)
    if total > 14:
        raise InvalidHandError(f"Too many tiles = {total}: a hand holds at most 14")
    if total % 3 == 0:
        raise InvalidHandError(f"Invalid tile count = {total}. Valid counts: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14.")
    if min(counts) < 0 or max(counts) > 4:
        raise InvalidHandError(f"a tile count is outside 0-4: {counts}")
    if not three_player:
        return _shanten(counts, _NO_MELDS, forms)
    found = three_player_standard(counts)
    if total >= 13 and forms != _STANDARD:
        found = min(found, _shanten(counts, _NO_MELDS, forms & ~_STANDARD))
    return found


class MeldLike(Protocol):
    """What ``divide_hand`` reads of a meld: the library's ``Meld`` or this module's."""

    @property
    def type(self) -> str | None: ...

    @property
    def tiles_34(self) -> Sequence[int]: ...


class HandDivider:
    """Every way to divide a complete hand into four sets and a pair (or seven pairs)."""

    @staticmethod
    def divide_hand(tiles_34: Sequence[int], melds: Collection[MeldLike] | None = None) -> list[list[list[int]]]:
        """The divisions of ``tiles_34`` (34 counts, the melds' tiles included): each a
        sorted list of blocks (a block is its tile indices), in the library's order;
        ``[]`` if there is none.

        >>> HandDivider.divide_hand([3, 3, 3, 0, 0, 0, 0, 3, 2] + [0] * 25)
        [[[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]

        :raises MeldTypeError: for a meld that is not a chi, pon, kan or shouminkan.
        """
        found = _complete(tiles_34)
        if found == -_BAD_COUNT:
            return []  # a count outside 0-4: the library checks this first
        counts: list[int] = tiles_34 if type(tiles_34) is list and found != -_NOT_COUNTS else _counts(tiles_34)
        if not melds:
            if found != 1:
                return [] if found == 0 else _divisions(counts[:], [])
            # Complete counts (0-4 each); inlined as it is the usual call.
            divisions = []
            for groups in _decompose(counts):
                if len(groups) == 5:
                    a, b, c, d, e = groups
                    keys = [_KEY[a], _KEY[b], _KEY[c], _KEY[d], _KEY[e]]
                    keys.sort()
                    divisions.append(keys)
            if 1 not in counts and 3 not in counts and counts.count(2) == 7:
                divisions.append([t * 4 + _PAIR for t in range(34) if counts[t] == 2])
            if len(divisions) == 1 and len(divisions[0]) == 5:
                k1, k2, k3, k4, k5 = divisions[0]
                return [[_TILES_OF_KEY[k1][:], _TILES_OF_KEY[k2][:], _TILES_OF_KEY[k3][:], _TILES_OF_KEY[k4][:],
                         _TILES_OF_KEY[k5][:]]]
            return _output(divisions)
        pure = counts[:]
        keys = []
        for meld in melds:
            key = _meld_key(meld)
            if key < 0:  # a negative index counts from the end: the careful way
                return _divisions_of_melds(counts, melds)
            for t in _TILES_OF_KEY[key]:  # past the last tile: IndexError, as the library's
                pure[t] -= 1
            keys.append(key)
        found = _complete(pure)
        if found == 1:
            return _melded_divisions(pure, keys)
        if found == 0 and _honours_readable(pure[27:]):
            return []
        return _divisions(pure, [divmod(key, 4) for key in keys])


def _divisions_of_melds(counts: list[int], melds: Collection[MeldLike]) -> list[list[list[int]]]:
    blocks = [divmod(_meld_key(meld), 4) for meld in melds]
    pure = counts[:]
    for tile, ty in blocks:
        for t in _block_tiles(tile, ty):
            pure[t] -= 1
    return _divisions(pure, blocks)


def _output(divisions: list[list[int]]) -> list[list[list[int]]]:
    """Divisions of block keys (``tile * 4 + type``, sorted) as the library's lists, in its order."""
    if len(divisions) == 1 and len(divisions[0]) == 5:  # the usual answer, built without loops
        a, b, c, d, e = divisions[0]
        return [[_TILES_OF_KEY[a][:], _TILES_OF_KEY[b][:], _TILES_OF_KEY[c][:], _TILES_OF_KEY[d][:],
                 _TILES_OF_KEY[e][:]]]
    divisions.sort()
    return [[_TILES_OF_KEY[key][:] for key in keys] for keys in divisions]


def _melded_divisions(pure: list[int], melds: list[int]) -> list[list[list[int]]]:
    """The divisions of complete concealed counts (0-4 each) with the melds' block keys."""
    divisions = []
    for groups in _decompose(pure):
        if len(groups) + len(melds) == 5:
            keys = list(map(_KEY.__getitem__, groups))
            keys += melds
            keys.sort()
            divisions.append(keys)
    return _output(divisions)


def _block_tiles(tile: int, ty: int) -> list[int]:
    return [tile, tile + 1, tile + 2] if ty == _SEQUENCE else [tile] * (2 if ty == _PAIR else 4 - ty)


_MELD_TYPES = {"chi": _SEQUENCE, "pon": _TRIPLET, "kan": _QUAD, "shouminkan": _QUAD}


def _meld_key(meld: MeldLike) -> int:
    """A declared meld as the key of the library's block: its first tile and type."""
    tile = meld.tiles_34[0]
    ty = _MELD_TYPES.get(meld.type or "")
    if ty is None:
        raise MeldTypeError(f"invalid meld type: {meld.type}, tiles: {meld.tiles_34}; a meld to divide a hand "
                            "with is a chi, pon, kan or shouminkan")
    return tile * 4 + ty


def _honours_readable(honours: list[int]) -> bool:
    """Whether the library reads the honours as pungs and at most one pair."""
    return all(c in (0, 2, 3) for c in honours) and honours.count(2) <= 1


def _divisions(pure: list[int], blocks: list[tuple[int, int]]) -> list[list[list[int]]]:
    """The library's divisions of concealed counts ``pure`` (the melds' tiles taken out;
    changed here) and the melds' ``blocks``, for what the kernel does not take whole:
    negative counts, sizes that are no hand, honours the library drops."""
    found: list[list[tuple[int, int]]] = []
    if not blocks and pure.count(2) == 7 and pure.count(0) == 27:
        found.append([(t, _PAIR) for t in range(34) if pure[t] == 2])
    if not _honours_readable(pure[27:]):
        pure[27:] = [0] * 7
    if min(pure) >= 0 and sum(pure) == 14 - 3 * len(blocks):
        for groups in _decompose(pure):
            found.append(sorted([(t, _TYPE_OF_KIND[kind]) for kind, t in groups] + blocks))
    found.sort()
    return [[_block_tiles(tile, ty) for tile, ty in division] for division in found]


class Meld:
    """A declared meld as the library builds one: a type and its tiles in 136-format."""

    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    SHOUMINKAN = "shouminkan"
    NUKI = "nuki"

    def __init__(self, meld_type: str | None = None, tiles: Sequence[int] | None = None, opened: bool = True,
                 called_tile: int | None = None, who: int | None = None, from_who: int | None = None) -> None:
        self.type = meld_type
        self.tiles = tiles or ()
        self.opened = opened
        self.called_tile = called_tile
        self.who = who
        self.from_who = from_who

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles in 136-format (four ids a kind: ``4 * index + copy``)."""
        return self._tiles

    @tiles.setter
    def tiles(self, tiles: Sequence[int]) -> None:
        self._tiles = tuple(tiles)
        self._tiles_34 = [t // 4 for t in self._tiles]  # kept: divide_hand reads it on every call

    @property
    def tiles_34(self) -> list[int]:
        """The tiles as 34-format indices."""
        return self._tiles_34

    def __str__(self) -> str:
        counts = [0] * 34
        for t in self.tiles_34:
            counts[t] += 1
        return f"Type: {self.type}, Tiles: {format_tiles(counts)} {self.tiles}"

    __repr__ = __str__
