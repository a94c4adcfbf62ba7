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

On the compiled backend ``is_agari`` and ``divide_hand`` read the usual call (a list of
34 ints, melds in a list or tuple) and build their answer in C
(:mod:`mjscore.compat._fast_calls`); everything else goes to their Python reference
(:mod:`mjscore.compat._agari`, :mod:`mjscore.compat._divider`), which the compiled calls
are tested against on every kind of input.

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

**Errors** are mjscore's (:mod:`mjscore.core.errors`, all ``ValueError``), raised where the
library raises: a shanten hand of more than 14 tiles or of a multiple of three
(``InvalidHandError``, worded as the library's ``ValueError``), 2m-8m in a
three-player hand, an unknown meld type (:class:`MeldTypeError`, also a
``RuntimeError`` as the library's). Deliberately stricter: ``tiles_34`` must be 34
integers (the library indexes blindly, raising ``IndexError`` or ignoring entries),
and shanten refuses a count outside 0-4 (the library returns a number its search
happens to reach, ignoring the tile). ``is_agari`` answers such counts as the library
does because callers test for wins by adding a tile to a hand, which can make a fifth
copy; no caller asks the shanten of a hand no wall deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._backend import twin
from ..core.errors import InvalidHandError
from ..shanten.shanten import Form, engine
from ..core.tile import format_tiles
from ..rows.coerce import NO_MELDS
from ._divider import MeldLike, MeldTypeError
from ._input import counts_34
from ._sanma import three_player_standard

if TYPE_CHECKING:  # the reference is the contract of the types
    from ._calls import divide_hand as _divide_hand
    from ._calls import is_agari as _is_agari
else:  # compiled, the usual calls read their input and build their answer in C
    _divide_hand = twin("compat").divide_hand
    _is_agari = twin("compat").is_agari

__all__ = ["Agari", "Shanten", "HandDivider", "Meld", "MeldLike", "MeldTypeError"]

_STANDARD, _SEVEN_PAIRS, _ORPHANS = int(Form.STANDARD), int(Form.SEVEN_PAIRS), int(Form.THIRTEEN_ORPHANS)
_ORPHAN_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_shanten = engine.shanten_seq


class Agari:
    """Whether tiles are complete: four sets and a pair, seven pairs or thirteen orphans."""

    is_agari = staticmethod(_is_agari)
    """``is_agari(tiles_34, open_sets_34=None)``: True if ``tiles_34`` (34 counts), less the
    tiles of ``open_sets_34`` (each a set's 3 or 4 tile indices), are complete; any
    number of tiles, sets implied.

    >>> Agari.is_agari([2] + [0] * 33), Agari.is_agari([3] + [0] * 33)
    (True, False)
    """


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
        return _forms_shanten(tiles_34, forms, is_three_player)

    @staticmethod
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int], is_three_player: bool = False) -> int:
        """The standard form's shanten (sets and a pair; fewer than 13 tiles imply sets).

        :raises InvalidHandError: as :meth:`calculate_shanten`.
        """
        return _forms_shanten(tiles_34, _STANDARD, is_three_player)

    @staticmethod
    def calculate_shanten_for_chiitoitsu_hand(tiles_34: Sequence[int]) -> int:
        """Seven pairs' shanten, any number of tiles (the library's count of pairs and kinds)."""
        found = _shanten(tiles_34, NO_MELDS, _SEVEN_PAIRS)
        if found > -100:
            return found
        counts = counts_34(tiles_34)
        pairs = sum(c >= 2 for c in counts)
        if pairs == 7:
            return Shanten.AGARI_STATE
        kinds = sum(c >= 1 for c in counts)
        return 6 - pairs + (7 - kinds if kinds < 7 else 0)

    @staticmethod
    def calculate_shanten_for_kokushi_hand(tiles_34: Sequence[int]) -> int:
        """Thirteen orphans' shanten, any number of tiles."""
        found = _shanten(tiles_34, NO_MELDS, _ORPHANS)
        if found > -100:
            return found
        counts = counts_34(tiles_34)
        held = [counts[t] for t in _ORPHAN_TILES]
        return 13 - sum(c != 0 for c in held) - (1 if any(c >= 2 for c in held) else 0)


def _forms_shanten(tiles_34: Any, forms: int, three_player: bool) -> int:
    """The shanten over ``forms``: the kernel reads the usual four-player call in place."""
    if not three_player:
        found = _shanten(tiles_34, NO_MELDS, forms)
        if found > -100:
            return found
    return _shanten_careful(tiles_34, forms, three_player)


def _shanten_careful(tiles_34: Any, forms: int, three_player: bool) -> int:
    """Shanten of what the kernel did not read in place: other sequences, bad input, sanma."""
    counts = counts_34(tiles_34)
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
        return _shanten(counts, NO_MELDS, forms)
    found = three_player_standard(counts)
    if total >= 13 and forms != _STANDARD:
        found = min(found, _shanten(counts, NO_MELDS, forms & ~_STANDARD))
    return found


class HandDivider:
    """Every way to divide a complete hand into four sets and a pair (or seven pairs)."""

    divide_hand = staticmethod(_divide_hand)
    """``divide_hand(tiles_34, melds=None)``: the divisions of ``tiles_34`` (34 counts, the
    melds' tiles included), each a sorted list of blocks (a block is its tile indices),
    in the library's order; ``[]`` if there is none."""


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
