"""Sets and pairs: the groups a hand splits into, and the melds a player declares.

A :class:`Group` is one set (sequence, triplet, quad) or the pair of a
decomposition; a :class:`Meld` is a group the player declared: an exposed set,
or a concealed kong. In text a group is its mpsz run (``"123m"``, ``"777s"``,
``"1111z"``, ``"55z"``); the hand notation wraps melds in ``[...]`` (exposed)
or ``(...)`` (concealed kong).

>>> sorted([Group.from_str("55z"), Group.from_str("123m"), Group.from_str("777s")])
[Group.from_str('123m'), Group.from_str('777s'), Group.from_str('55z')]
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Self, TypeAlias

from .errors import InvalidHandError
from .tile import N_KINDS, SUIT_LETTERS, Suit, Tile, as_tile, format_tiles, parse_tiles

__all__ = ["GroupKind", "Group", "Meld", "Decomposition"]


class GroupKind(enum.IntEnum):
    """What a group is; the values are the kernel's (``code = kind << 6 | tile``)."""

    SEQUENCE = 0
    TRIPLET = 1
    QUAD = 2
    PAIR = 3

    @property
    def size(self) -> int:
        """Tiles in a group of this kind: 3, 3, 4, 2."""
        return _SIZES[self]


_SIZES = (3, 3, 4, 2)
_TILES = tuple(Tile)  # indexing is much cheaper than calling the enum
_ALIKE_KINDS = {2: GroupKind.PAIR, 3: GroupKind.TRIPLET, 4: GroupKind.QUAD}


@functools.total_ordering
@dataclass(frozen=True, slots=True, repr=False)
class Group:
    """One set or the pair of a decomposition.

    Groups sort by :attr:`sort_key`, ``(kind, first, concealed)``, the order of
    a :data:`Decomposition`.

    :param kind: sequence, triplet, quad or pair (an int is accepted).
    :param first: the lowest tile of a sequence, the tile otherwise (a 34-index
        or tile text is accepted).
    :param concealed: False for a group that was declared exposed.
    :raises InvalidHandError: for a sequence that is not three consecutive
        tiles of one suit (``8m-9m-1p``, winds, dragons).
    """

    kind: GroupKind
    first: Tile
    concealed: bool = True

    def __post_init__(self) -> None:
        try:
            kind = GroupKind(self.kind)
        except (ValueError, TypeError):
            raise InvalidHandError(f"{self.kind!r} is not a group kind") from None
        first = as_tile(self.first)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "concealed", bool(self.concealed))
        if kind is GroupKind.SEQUENCE:
            if first.suit is Suit.HONOURS:
                raise InvalidHandError(f"no sequence starts at {first}: winds and dragons form no sequences")
            if first.rank > 7:
                raise InvalidHandError(
                    f"no sequence starts at {first}: a sequence is three consecutive tiles "
                    "of one suit, 1-2-3 up to 7-8-9"
                )

    @classmethod
    def from_tiles(cls, tiles: Iterable[Tile | int | str], concealed: bool | None = None) -> Self:
        """The group made of exactly ``tiles``, in any order.

        :param concealed: None for the class default (True for a group, False for a meld).
        :raises InvalidHandError: if the tiles are not a set or a pair.
        """
        ts = sorted(as_tile(t) for t in tiles)
        kind = None
        if len(set(ts)) == 1 and len(ts) in _ALIKE_KINDS:
            kind = _ALIKE_KINDS[len(ts)]
        elif len(ts) == 3 and ts[0].suit == ts[2].suit and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
            kind = GroupKind.SEQUENCE
        if kind is None:
            counts = [0] * N_KINDS
            for t in ts:
                counts[t] += 1
            shown = format_tiles(counts) or "no tiles"
            raise InvalidHandError(
                f"{shown} is not a set: a set is a sequence (123m), a triplet (777s) "
                "or a kong (1111z), and a pair is two alike"
            )
        if concealed is None:
            return cls(kind, ts[0])
        return cls(kind, ts[0], concealed)

    @classmethod
    def from_str(cls, text: str, concealed: bool | None = None) -> Self:
        """The group written in mpsz, e.g. ``"123m"``, ``"777s"``, ``"55z"``.

        :raises NotationError: for text that is not mpsz.
        :raises InvalidHandError: if the tiles are not a set or a pair.
        """
        counts = parse_tiles(text)
        return cls.from_tiles((Tile(t) for t, c in enumerate(counts) for _ in range(c)), concealed)

    @classmethod
    def from_code(cls, code: int, concealed: bool | None = None) -> Self:
        """The group of a kernel byte ``kind << 6 | tile``.

        :raises InvalidHandError: for a byte that encodes no group (``0xFF`` pads).
        """
        if not 0 <= code < 256 or code & 63 >= 34:
            raise InvalidHandError(f"{code!r} is not a group code")
        if concealed is None:
            return cls(GroupKind(code >> 6), Tile(code & 63))
        return cls(GroupKind(code >> 6), Tile(code & 63), concealed)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The group's tiles, lowest first."""
        if self.kind is GroupKind.SEQUENCE:
            return _TILES[self.first:self.first + 3]
        return (self.first,) * _SIZES[self.kind]

    @property
    def size(self) -> int:
        """3 for a sequence or triplet, 4 for a quad, 2 for a pair."""
        return _SIZES[self.kind]

    @property
    def code(self) -> int:
        """The kernel's byte for this group, ``kind << 6 | first``."""
        return self.kind << 6 | self.first

    @property
    def sort_key(self) -> tuple[int, int, bool]:
        """``(kind, first, concealed)``: the canonical order of groups."""
        return (self.kind, self.first, self.concealed)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Group):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        rank = self.first.rank
        if self.kind is GroupKind.SEQUENCE:
            digits = f"{rank}{rank + 1}{rank + 2}"
        else:
            digits = str(rank) * _SIZES[self.kind]
        return digits + SUIT_LETTERS[self.first.suit]

    def __repr__(self) -> str:
        default = type(self).__dataclass_fields__["concealed"].default
        extra = "" if self.concealed == default else f", concealed={self.concealed}"
        return f"{type(self).__name__}.from_str({str(self)!r}{extra})"


@dataclass(frozen=True, slots=True, repr=False)
class Meld(Group):
    """A declared group: an exposed set, or a concealed kong (``concealed=True``).

    >>> Meld.from_str("9999p", concealed=True)
    Meld.from_str('9999p', concealed=True)

    :raises InvalidHandError: for a pair, or a concealed meld that is not a kong.
    """

    concealed: bool = False

    def __post_init__(self) -> None:
        Group.__post_init__(self)  # zero-argument super() breaks in slotted dataclasses
        if self.kind is GroupKind.PAIR:
            raise InvalidHandError(f"a pair cannot be declared: {self} is two alike, a meld is a set")
        if self.concealed and self.kind is not GroupKind.QUAD:
            raise InvalidHandError(f"only a kong can be declared concealed, not {self}")


Decomposition: TypeAlias = tuple[Group, ...]
"""One way to split a hand: its groups sorted by :attr:`Group.sort_key`."""
