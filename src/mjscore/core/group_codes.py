"""The one vocabulary of group kinds, and the group byte the kernels read and write.

Every array that holds groups uses it: a row's declared melds (:mod:`mjscore.rows`),
the decompositions the kernels write (:func:`mjscore.decompose.bulk.decompose_many`), the joker
decompositions, and the groups of the special hands' patterns. A group is one byte,
``kind * 34 + tile``, with ``tile`` the group's tile (a chow's lowest) and ``kind``:

=====  ==================  =====================================================
kind   name                where
=====  ==================  =====================================================
0      :data:`CHOW`        melds, decompositions, patterns
1      :data:`PUNG`        melds, decompositions, patterns
2      :data:`KONG`        an exposed kong among the melds; patterns
3      :data:`PAIR`        decompositions, patterns
4      :data:`SINGLE`      patterns only (one tile, as in Thirteen Orphans)
5      :data:`KNIT`        patterns only (a knitted group)
6      :data:`CONCEALED_KONG`  a concealed kong among the melds
=====  ==================  =====================================================

:data:`NO_GROUP` (0xFF) pads rows of melds and of decompositions. No byte value means
two things: the largest group byte is ``6 * 34 + 33 = 237``. The kernels read the
same bytes through ``_group_codes.pxd``.

>>> group_code(PAIR, 27), group_kind(129), group_tile(129)
(129, 3, 27)
"""

from __future__ import annotations

__all__ = ["CHOW", "PUNG", "KONG", "PAIR", "SINGLE", "KNIT", "CONCEALED_KONG", "GROUP_KINDS", "NO_GROUP",
           "group_code", "group_kind", "group_tile"]

CHOW = 0
"""A chow (a sequence); its byte holds the lowest tile."""
PUNG = 1
"""A pung (a triplet)."""
KONG = 2
"""A kong (a quad): exposed when declared, the kind a pattern's kong is written with."""
PAIR = 3
"""A pair."""
SINGLE = 4
"""A single tile of a pattern (Thirteen Orphans' tiles)."""
KNIT = 5
"""A knitted group of a pattern (1-4-7 of one suit, ...)."""
CONCEALED_KONG = 6
"""A kong declared concealed."""
GROUP_KINDS = 7
"""How many kinds there are."""
NO_GROUP = 0xFF
"""The byte of no group: it pads a row's melds and a decomposition's groups."""

_TILE_KINDS = 34


def group_code(kind: int, tile: int) -> int:
    """The byte of a group of ``kind`` on ``tile`` (a chow's lowest)."""
    return kind * _TILE_KINDS + tile


def group_kind(code: int) -> int:
    """The kind of a group byte (:data:`GROUP_KINDS` or more for a byte that is no group)."""
    return code // _TILE_KINDS


def group_tile(code: int) -> int:
    """The tile of a group byte (a chow's lowest)."""
    return code % _TILE_KINDS
