"""The 34 tile kinds, bonus tiles, the tile classes the rule books name, and their text.

Tiles use the 34-index order shared by most Mahjong software, so count arrays
interoperate: characters 0-8, dots 9-17, bamboo 18-26, winds E S W N 27-30,
dragons white green red 31-33. In mpsz text a digit run is closed by its suit
letter: ``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours (1z-4z are
E S W N, 5z-7z white green red).

Flowers and seasons are :class:`Bonus` tiles and never enter the 34 counts;
jokers are a plain count on the hand.

A tile reads its own text here, in either notation (``"3m"``, ``"3C"``, ``"RD"``):
the words of a hand (:func:`read_word`) are the tiles' business, and the hand
notation (:mod:`mjscore.core.notation`) builds on them, not the other way round.
"""

from __future__ import annotations

import enum
import functools
import operator
import re
from collections.abc import Iterable, Sequence
from typing import TypeAlias, TypeVar

from .errors import InvalidHandError, MjscoreError, NotationError

__all__ = [
    "Tile", "Suit", "Bonus", "TileClass", "N_KINDS", "SUIT_LETTERS", "JOKER_GLYPH",
    "SIMPLES", "TERMINALS", "HONOURS", "WINDS", "DRAGONS", "ORPHANS",
    "GREEN_TILES", "RED_BAMBOOS", "ASSOCIATED_DRAGON", "TILE_CLASSES",
    "parse_tile", "parse_bonus", "parse_tiles", "format_tiles", "tiles_of", "as_tile",
    "western_word", "TileWord", "lex", "read_word", "read_one_tile", "text_error", "clip_word", "TOKEN", "PUNCTUATION",
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


# --- tile words ------------------------------------------------------------------------------
#
# One word of tile text in either notation (see mjscore.core.notation for the hand notation
# built on these words): a compact word of digit runs, each closed by its letter, and
# jokers ("123m", "11z", "12f", "JJ"), or a Western word for one tile ("3C", "RD", "F1").
# The words live here, with the tiles, so that a tile reads its own text (Tile.from_str,
# as_tile("3m")) without the hand notation, which builds on tiles, groups and hands.

_HONOUR_WORDS = ("E", "S", "W", "N", "WD", "GD", "RD")
_SUIT_WORD_LETTERS = "CDB"  # characters, dots, bamboo: the suit order of the 34 index


def western_word(tile: Tile | Bonus) -> str:
    """The Western word for a tile or a bonus tile.

    >>> western_word(Tile.M3), western_word(Tile.RED), western_word(Bonus.Y2)
    ('3C', 'RD', 'S2')
    """
    if isinstance(tile, Bonus):
        return f"{'F' if tile.is_flower else 'S'}{tile.number}"
    if tile.suit is Suit.HONOURS:
        return _HONOUR_WORDS[tile.rank - 1]
    return f"{tile.rank}{_SUIT_WORD_LETTERS[tile.suit]}"


TileWord: TypeAlias = Tile | Bonus | None
"""What a word's item reads as: a tile, a bonus tile, or None for a joker."""

_WESTERN: dict[str, Tile | Bonus] = {western_word(t): t for t in (*Tile, *Bonus)}
_COMPACT = re.compile(r"(?:[0-9]+[mpszfy]|J)+")
_RUN = re.compile(r"([0-9]+)([mpszfy])|J")
_MELD_COMPACT = re.compile(r"(?:[0-9J]*[0-9][0-9J]*[mpszfy]|J)+")  # a J may sit inside a run
_MELD_RUN = re.compile(r"([0-9J]*[0-9][0-9J]*)([mpszfy])|J")
PUNCTUATION = "[](){}+"
"""The characters of the hand notation that are words of their own: melds and the winning tile."""
TOKEN = re.compile(r"[\[\](){}+]|[^\s\[\](){}+]+")  # \s is str.isspace: any Unicode whitespace
"""One word, or one character of :data:`PUNCTUATION`."""
_QUOTE_LIMIT = 120

_Error = TypeVar("_Error", bound=MjscoreError)


def text_error(cls: type[_Error], reason: str, pos: int, text: str) -> _Error:
    """The error ``cls`` for text that cannot be read: the reason, the position it applies
    to, and the input (a long input only near the position)."""
    if len(text) <= _QUOTE_LIMIT:
        where = repr(text)
    else:  # a huge input would drown the reason
        start = max(0, pos - 40)
        where = f"a {len(text)}-character input, near {text[start:pos + 40]!r}"
    return cls(f"{reason} (at position {pos} of {where})")


def clip_word(word: str) -> str:
    """A word short enough to quote in a message."""
    return word if len(word) <= 24 else word[:20] + "..."


def lex(text: str) -> list[tuple[str, int]]:
    """Words and single punctuation characters (:data:`TOKEN`), each with its position."""
    return [(m.group(), m.start()) for m in TOKEN.finditer(text)]


def _compact_value(digit: str, letter: str, pos: int, text: str) -> Tile | Bonus:
    value = _COMPACT_VALUES.get(digit + letter)
    if value is not None:
        return value
    rank = int(digit)
    if letter in "fy":
        if not 1 <= rank <= 4:
            kind = "flowers" if letter == "f" else "seasons"
            raise text_error(NotationError, f"no bonus tile {digit}{letter}: {kind} are numbered 1-4", pos, text)
        return Bonus(rank - 1 + (4 if letter == "y" else 0))
    if rank == 0:
        raise text_error(NotationError, f"no tile 0{letter}: ranks start at 1 (red fives are not marked)", pos, text)
    if letter == "z" and rank > 7:
        raise text_error(NotationError, f"no tile {rank}z: honours are 1z-7z (E S W N, white green red)", pos, text)
    return Tile(9 * SUIT_LETTERS.index(letter) + rank - 1)


_COMPACT_VALUES: dict[str, Tile | Bonus] = {
    **{str(tile): tile for tile in Tile}, **{str(bonus): bonus for bonus in Bonus}}
"""Every valid digit-and-letter pair ("3m", "7z", "2f"): the common case is a lookup."""


def _diagnose(word: str, pos: int, text: str) -> NotationError:
    """The error for a word that is neither compact nor Western."""
    if word[0] not in "0123456789Jjmpszfy":
        return text_error(
            NotationError,
            f"unknown tile {clip_word(word)!r}: tiles are written 3m or 3C, honours 1z-7z or E S W N WD GD RD",
            pos,
            text,
        )
    run = None  # where the current digit run started
    for k, ch in enumerate(word):
        if "0" <= ch <= "9":
            run = k if run is None else run
        elif ch in "mpszfy":
            if run is None:
                return text_error(NotationError, f"suit letter {ch!r} without digits before it", pos + k, text)
            run = None
        elif ch == "J" and run is None:
            continue
        elif ch == "J":
            return text_error(
                NotationError,
                f"{clip_word(word[run:k])!r} is followed by 'J', not a suit letter (a J inside a run, "
                "like [5J5s], places a joker in a meld: only inside [ ] or ( ))",
                pos + k,
                text,
            )
        elif run is not None:
            hint = "; Western tiles are words of their own, 1B 2B" if ch in "BCDbcd" else ""
            return text_error(
                NotationError,
                f"{clip_word(word[run:k])!r} is followed by {ch!r}, not a suit letter (m p s z; f y for bonus tiles{hint})",
                pos + k,
                text,
            )
        elif ch == "j":
            return text_error(NotationError, "a joker is written J, not j", pos + k, text)
        else:
            return text_error(NotationError, f"unexpected {ch!r} in {clip_word(word)!r}", pos + k, text)
    if run is None:  # unreachable: such a word is compact
        return text_error(NotationError, f"unknown tile {clip_word(word)!r}", pos, text)
    return text_error(NotationError, f"digits {clip_word(word[run:])!r} have no suit letter after them", pos + run, text)


def read_word(word: str, pos: int, text: str, *, in_meld: bool = False) -> list[tuple[TileWord, int]]:
    """The tiles, bonus tiles and jokers (None) of one word, each with its position, read
    as compact first, then as Western. ``word`` starts at ``pos`` of ``text`` (for messages).

    :param in_meld: the word is inside a meld, where a ``J`` may stand inside a run
        (``"5J5s"``) in the place of the tile it stands for.
    :raises NotationError: for a word that is neither.
    """
    if in_meld and "J" in word and _MELD_COMPACT.fullmatch(word):
        items: list[tuple[TileWord, int]] = []
        for match in _MELD_RUN.finditer(word):
            start = pos + match.start()
            if match.group() == "J":
                items.append((None, start))
                continue
            digits, letter = match.groups()
            items.extend((None if d == "J" else _compact_value(d, letter, start + k, text), start + k)
                         for k, d in enumerate(digits))
        return items
    if _COMPACT.fullmatch(word):
        items = []
        for match in _RUN.finditer(word):
            start = pos + match.start()
            if match.group() == "J":
                items.append((None, start))
                continue
            digits, letter = match.groups()
            items.extend((_compact_value(d, letter, start + k, text), start + k) for k, d in enumerate(digits))
        return items
    if word.isascii() and word.upper() in _WESTERN:
        return [(_WESTERN[word.upper()], pos)]
    raise _diagnose(word, pos, text)


def read_one_tile(word: str, pos: int, text: str, what: str) -> Tile:
    """Exactly one of the 34 tiles from one word, for ``what`` (used in messages).

    :raises NotationError: for a word that is not one tile.
    """
    items = read_word(word, pos, text)
    if len(items) != 1:
        raise text_error(NotationError, f"{what} is one tile, not {len(items)}: {clip_word(word)!r}", pos, text)
    value = items[0][0]
    if not isinstance(value, Tile):
        name = "a joker" if value is None else "a flower or season"
        raise text_error(NotationError, f"{what} must be one of the 34 tiles, not {name}", pos, text)
    return value


@functools.lru_cache(maxsize=1024)  # tile names repeat endlessly on the scoring path
def parse_tile(text: str) -> Tile:
    """One of the 34 tiles, in compact (``"3m"``) or Western (``"3C"``, ``"rd"``) form.

    >>> parse_tile("3m"), parse_tile("RD")
    (<Tile.M3: 2>, <Tile.RED: 33>)

    :raises NotationError: for text that is not exactly one tile.
    """
    if not isinstance(text, str):
        raise NotationError(f"a tile is written as text, not {type(text).__name__}")
    tokens = lex(text)
    if len(tokens) != 1 or tokens[0][0] in PUNCTUATION:
        raise text_error(NotationError, "expected one tile, like 3m or 3C", tokens[0][1] if tokens else 0, text)
    word, pos = tokens[0]
    return read_one_tile(word, pos, text, "a tile")


def parse_bonus(text: str) -> Bonus:
    """One flower or season, in compact (``"1f"``, ``"2y"``) or Western (``"F1"``, ``"S2"``) form.

    :raises NotationError: for text that is not exactly one bonus tile.
    """
    tokens = lex(text) if isinstance(text, str) else []
    if len(tokens) == 1 and tokens[0][0] not in PUNCTUATION:
        items = read_word(tokens[0][0], tokens[0][1], text)
        if len(items) == 1 and isinstance(items[0][0], Bonus):
            return items[0][0]
    raise text_error(NotationError, "expected one flower or season, like 1f or F1", 0, str(text))
