"""The 34 tile kinds, bonus tiles, the tile classes the rule books name, and mpsz text.

Tiles use the 34-index order shared by most Mahjong software, so count arrays
interoperate: characters 0-8, dots 9-17, bamboo 18-26, winds E S W N 27-30,
dragons white green red 31-33. In mpsz text a digit run is closed by its suit
letter: ``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours (1z-4z are
E S W N, 5z-7z white green red).

Flowers and seasons are :class:`Bonus` tiles and never enter the 34 counts;
jokers are a plain count on the hand.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable, Sequence

from .errors import InvalidHandError, NotationError

__all__ = [
    "Tile", "Suit", "Bonus", "TileClass", "N_KINDS", "SUIT_LETTERS", "JOKER_GLYPH",
    "SIMPLES", "TERMINALS", "HONOURS", "WINDS", "DRAGONS", "ORPHANS",
    "GREEN_TILES", "RED_BAMBOOS", "ASSOCIATED_DRAGON", "TILE_CLASSES",
    "parse_tile", "parse_tiles", "format_tiles", "tiles_of", "as_tile",
]

N_KINDS = 34
"""Number of tile kinds in a counts vector."""

SUIT_LETTERS = "mpsz"
"""The mpsz letter of each :class:`Suit`, by value."""


class Suit(enum.IntEnum):
    """The three suits and the honours, in 34-index order."""

    CHARACTERS = 0
    DOTS = 1
    BAMBOO = 2
    HONOURS = 3


class Tile(enum.IntEnum):
    """The 34 tile kinds, in the conventional 34-index order.

    >>> Tile.RED, str(Tile.RED), Tile.from_str("3p")
    (<Tile.RED: 33>, '7z', <Tile.P3: 11>)
    """

    M1 = 0; M2 = 1; M3 = 2; M4 = 3; M5 = 4; M6 = 5; M7 = 6; M8 = 7; M9 = 8  # noqa: E702
    P1 = 9; P2 = 10; P3 = 11; P4 = 12; P5 = 13; P6 = 14; P7 = 15; P8 = 16; P9 = 17  # noqa: E702
    S1 = 18; S2 = 19; S3 = 20; S4 = 21; S5 = 22; S6 = 23; S7 = 24; S8 = 25; S9 = 26  # noqa: E702
    EAST = 27; SOUTH = 28; WEST = 29; NORTH = 30  # noqa: E702
    WHITE = 31; GREEN = 32; RED = 33  # noqa: E702

    @property
    def suit(self) -> Suit:
        """The suit, or :attr:`Suit.HONOURS` for winds and dragons."""
        return Suit(min(self // 9, 3))

    @property
    def rank(self) -> int:
        """1-9 within a suit; 1-7 for honours, as in mpsz (E=1 ... red=7)."""
        return self - 9 * self.suit + 1

    @property
    def is_honour(self) -> bool:
        """A wind or a dragon."""
        return self >= 27

    @property
    def is_terminal(self) -> bool:
        """A suited one or nine."""
        return self < 27 and self % 9 in (0, 8)

    @classmethod
    def from_str(cls, text: str) -> Tile:
        """One tile in mpsz (``"3m"``, ``"7z"``) or Western form (``"3C"``, ``"RD"``)."""
        return parse_tile(text)

    @property
    def glyph(self) -> str:
        """The tile's Unicode Mahjong Tiles character (U+1F000 block), e.g. ``"🀙"`` for 1p."""
        return _GLYPHS[self]

    def __str__(self) -> str:
        return f"{self.rank}{SUIT_LETTERS[self.suit]}"


class Bonus(enum.IntEnum):
    """Flowers 1-4 and seasons 1-4; kept apart from the 34 counts.

    In mpsz text they are written ``1f``-``4f`` and ``1y``-``4y`` (y for year).
    """

    F1 = 0; F2 = 1; F3 = 2; F4 = 3  # noqa: E702
    Y1 = 4; Y2 = 5; Y3 = 6; Y4 = 7  # noqa: E702

    @property
    def is_flower(self) -> bool:
        return self < 4

    @property
    def number(self) -> int:
        """1-4: the seat the bonus tile belongs to (1 = East)."""
        return self % 4 + 1

    @property
    def glyph(self) -> str:
        """The Unicode character: plum, orchid, chrysanthemum, bamboo; spring to winter."""
        return chr((0x1F022, 0x1F023, 0x1F025, 0x1F024)[self] if self.is_flower else 0x1F022 + self)

    def __str__(self) -> str:
        return f"{self.number}{'f' if self.is_flower else 'y'}"


# Unicode orders characters, bamboo, dots and red, green, white; the 34 order differs.
_GLYPHS = tuple(chr(0x1F007 + t) for t in range(9)) + tuple(chr(0x1F019 + t) for t in range(9)) \
    + tuple(chr(0x1F010 + t) for t in range(9)) + tuple(chr(0x1F000 + t) for t in range(4)) \
    + (chr(0x1F006), chr(0x1F005), chr(0x1F004))
JOKER_GLYPH = chr(0x1F02A)
"""The joker tile's Unicode character."""


def tiles_of(*ranges: Iterable[int]) -> frozenset[Tile]:
    """A frozen set of tiles from index iterables (a helper for the class table)."""
    return frozenset(Tile(t) for r in ranges for t in r)


SIMPLES = tiles_of(t for t in range(27) if t % 9 not in (0, 8))
"""Suited 2-8."""
TERMINALS = tiles_of(t for t in range(27) if t % 9 in (0, 8))
"""Suited 1 and 9."""
WINDS = tiles_of(range(27, 31))
"""East, South, West, North."""
DRAGONS = tiles_of(range(31, 34))
"""White, green, red."""
HONOURS = WINDS | DRAGONS
"""Winds and dragons."""
ORPHANS = TERMINALS | HONOURS
"""The thirteen kinds of Thirteen Orphans (terminals and honours)."""
GREEN_TILES = tiles_of((19, 20, 21, 23, 25, 32))
"""Bamboo 2 3 4 6 8 and the green dragon (seed 001, Jewel hands; All Green)."""
RED_BAMBOOS = tiles_of((18, 22, 24, 26))
"""Bamboo 1 5 7 9 (seed 001, Ruby hands)."""
ASSOCIATED_DRAGON = {Suit.CHARACTERS: Tile.RED, Suit.DOTS: Tile.WHITE, Suit.BAMBOO: Tile.GREEN}
"""Each suit's dragon (seeds 000 and 001): characters-red, dots-white, bamboo-green."""


class TileClass(enum.Enum):
    """Named tile classes; ``TILE_CLASSES[cls]`` is the set of tiles in it."""

    SIMPLE = "simple"
    TERMINAL = "terminal"
    HONOUR = "honour"
    WIND = "wind"
    DRAGON = "dragon"
    ORPHAN = "orphan"
    GREEN = "green"
    RED_BAMBOO = "red-bamboo"


TILE_CLASSES: dict[TileClass, frozenset[Tile]] = {
    TileClass.SIMPLE: SIMPLES,
    TileClass.TERMINAL: TERMINALS,
    TileClass.HONOUR: HONOURS,
    TileClass.WIND: WINDS,
    TileClass.DRAGON: DRAGONS,
    TileClass.ORPHAN: ORPHANS,
    TileClass.GREEN: GREEN_TILES,
    TileClass.RED_BAMBOO: RED_BAMBOOS,
}
"""Every tile class the seeds use, in one place."""

_MPSZ_RUN = re.compile(r"([0-9]+)([mpsz])")


def parse_tile(text: str) -> Tile:
    """One tile kind from ``"3m"``-style or Western text (see :mod:`mjscore.notation`)."""
    from .notation import parse_single_tile  # notation builds on this module

    return parse_single_tile(text)


def as_tile(value: Tile | int | str) -> Tile:
    """A :class:`Tile` from a tile, a 34-index or tile text (``"3m"``, ``"RD"``).

    >>> as_tile(33), as_tile("3p")
    (<Tile.RED: 33>, <Tile.P3: 11>)

    :raises NotationError: for text that is not one tile.
    :raises InvalidHandError: for an index outside 0-33 or a value of another type.
    """
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return parse_tile(value)
    if isinstance(value, (bool, Bonus)):  # ints too, but never meant as a tile index
        raise InvalidHandError(f"{value!r} is not a tile")
    try:
        index = operator.index(value)
    except TypeError:
        raise InvalidHandError(f"{value!r} is not a tile") from None
    if not 0 <= index < N_KINDS:
        raise InvalidHandError(f"no tile kind {index}: tile indices are 0-33")
    return Tile(index)


def parse_tiles(text: str) -> tuple[int, ...]:
    """34 counts from mpsz runs such as ``"123m456p11z"``; any count up to 4 per kind.

    >>> parse_tiles("1123m")[:4]
    (2, 1, 1, 0)
    """
    counts = [0] * N_KINDS
    pos = 0
    for match in _MPSZ_RUN.finditer(text):
        if match.start() != pos:
            raise NotationError(f"unexpected {text[pos:match.start()]!r} at position {pos} of {text!r}")
        digits, letter = match.groups()
        suit = SUIT_LETTERS.index(letter)
        for offset, digit in enumerate(digits):
            rank = int(digit)
            if rank == 0 or (suit == Suit.HONOURS and rank > 7):
                raise NotationError(f"no tile {digit}{letter} at position {match.start() + offset} of {text!r}")
            counts[9 * suit + rank - 1] += 1
        pos = match.end()
    if pos != len(text):
        raise NotationError(f"unexpected {text[pos:]!r} at position {pos} of {text!r}")
    for t, c in enumerate(counts):
        if c > 4:
            raise NotationError(f"{c} copies of {Tile(t)} in {text!r}; there are only 4")
    return tuple(counts)


def format_tiles(counts: Sequence[int]) -> str:
    """mpsz text for 34 counts, grouped by suit in 34-index order.

    >>> format_tiles(parse_tiles("3m21m77z"))
    '123m77z'
    """
    parts = []
    for suit in range(4):
        size = 7 if suit == Suit.HONOURS else 9
        digits = "".join(str(r + 1) * counts[9 * suit + r] for r in range(size))
        if digits:
            parts.append(digits + SUIT_LETTERS[suit])
    return "".join(parts)
