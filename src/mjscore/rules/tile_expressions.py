"""Tile expressions of the pattern notation: tiles, suit and number variables, classes.

An expression names the tiles a group may use (see :mod:`mjscore.rules.patterns` for the
whole notation): a tile (``5p``, ``7z``, ``E``, ``RD``), a rank in a suit variable
(``1A``), a number variable (``xA``), one with an offset (``x+1A``, ``x-2A``), a class
(``green``, ``terminal``, ...), a suit (``m``, ``A``), a class narrowed to a suit
(``green-s``), the dragon of a suit (``dragon-A``), a run of ranks (``123A``), or
alternatives joined by ``|``. Each is read under one binding of the variables into a
34-bit tile mask.

A number variable takes only the values that keep every tile named with it a tile
(:func:`allowed_numbers`): with ``x+2A`` in a hand, ``x`` is 1 to 7; with ``x-1A``, 2 to
9; with ``x+1z``, 1 to 6 (honours are 1z-7z).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["ALL_TILES", "SUIT_VARS", "NUMBER_VARS", "PatternError", "NumberUse", "tile_word", "suit_of",
           "class_mask", "chow_firsts", "singles_tiles", "number_uses", "allowed_numbers", "some_numbers",
           "empty_numbers"]


class PatternError(ValueError):
    """A group token that does not read; the loader adds the file and the hand."""


ALL_TILES = (1 << 34) - 1
_SUIT_MASK = [0x1FF << (9 * s) for s in range(3)] + [0x7F << 27]
_WINDS = 0xF << 27
_DRAGONS = 0x7 << 31
_SUIT_DRAGON = (33, 31, 32)  # characters red, dots white, bamboo green
_HONOUR_WORDS = {"E": 27, "S": 28, "W": 29, "N": 30, "WD": 31, "GD": 32, "RD": 33}
_SUIT_LETTERS = "mps"
SUIT_VARS = "ABC"
NUMBER_VARS = "xy"


def _ranks(*ranks: int) -> int:
    """A mask of these ranks (1-9) in every suit."""
    return sum(1 << (9 * s + r - 1) for s in range(3) for r in ranks)


_CLASSES = {
    "any": ALL_TILES,
    "suited": (1 << 27) - 1,
    "honour": _WINDS | _DRAGONS,
    "honor": _WINDS | _DRAGONS,
    "wind": _WINDS,
    "dragon": _DRAGONS,
    "terminal": _ranks(1, 9),
    "simple": _ranks(2, 3, 4, 5, 6, 7, 8),
    "green": _ranks(2, 3, 4, 6, 8),
    "red": _ranks(1, 5, 7, 9),
    "terminal-or-honour": _ranks(1, 9) | _WINDS | _DRAGONS,
}
_SUITED_CLASSES = {"any", "terminal", "simple", "green", "red", "suited"}
_TILE_WORD = re.compile(r"(?:([0-9])|([xy])([+-]\d+)?)([mpszABC])")
"""A rank, or a number variable with an optional offset, then a suit: ``5p``, ``xA``, ``x+1A``."""
_RUNS = re.compile(r"(?:[1-9xy]+[mpszABC])+")
"""Runs of ranks in a suit, as ``singles`` takes them: ``2345678A``, ``19m19p19s``, ``xyA``."""
_MAX_OFFSET = 8
"""The largest offset that can keep a rank in 1-9."""


class NumberUse(NamedTuple):
    """One place a tile expression names a number variable: ``x+1A`` is ``("x", 1, 9, "x+1A")``."""

    variable: str
    offset: int
    top: int
    """The highest rank its suit has: 9, or 7 for honours (``xz``)."""
    word: str


def tile_word(word: str, suits: dict[str, int], numbers: dict[str, int]) -> int | None:
    """One concrete tile (``5p``, ``1A``, ``xA``, ``x+1A``, ``RD``), or None when the word is no tile.

    :raises PatternError: for a rank outside its suit (``0m``, ``8z``) or an offset no number
        can take (``x+9A``); a number variable is bound to the values :func:`allowed_numbers`
        gives, which keep every tile a tile.
    """
    if word in _HONOUR_WORDS:
        return _HONOUR_WORDS[word]
    match = _TILE_WORD.fullmatch(word)
    if match is None:
        return None
    digit, variable, offset_text, suit_text = match.groups()
    if variable is None:
        rank = int(digit)
    else:
        offset = _offset(offset_text, word)
        rank = numbers[variable] + offset
    if suit_text == "z":
        if not 1 <= rank <= 7:
            raise PatternError(f"no tile {word!r}{_bound(variable, numbers)}: honours are 1z-7z")
        return 26 + rank
    suit = suit_of(suit_text, suits)
    if suit is None:
        return None
    if not 1 <= rank <= 9:
        raise PatternError(f"no tile {word!r}{_bound(variable, numbers)}: ranks are 1-9")
    return 9 * suit + rank - 1


def _offset(text: str | None, word: str) -> int:
    if text is None:
        return 0
    offset = int(text)
    if abs(offset) > _MAX_OFFSET:
        raise PatternError(f"{word!r}: an offset is from -{_MAX_OFFSET} to +{_MAX_OFFSET} "
                           "(a number and its offset stay within 1-9)")
    return offset


def _bound(variable: str | None, numbers: dict[str, int]) -> str:
    return "" if variable is None else f" with {variable} = {numbers[variable]}"


def suit_of(text: str, suits: dict[str, int]) -> int | None:
    if text in _SUIT_LETTERS:
        return _SUIT_LETTERS.index(text)
    if text in SUIT_VARS:
        return suits[text]
    return None


def class_mask(expression: str, suits: dict[str, int], numbers: dict[str, int]) -> int:
    """The tiles an expression allows, as a 34-bit mask."""
    mask = 0
    for part in expression.split("|"):
        mask |= _part_mask(part, suits, numbers)
    return mask


def chow_firsts(expression: str, suits: dict[str, int], numbers: dict[str, int], within: int) -> int:
    """The first tiles of the chows an expression allows, all three tiles ``within``, as a
    34-bit mask. A word that is one tile (``2A``, ``xA``, ``x+1A``, ``5p``) names the chow's
    lowest tile (``2A``: 2-3-4); the other words (classes, suits, runs like ``123A``) are
    classes all three tiles must be in (``green-s``: 2-3-4 only)."""
    named = classes = 0
    for part in expression.split("|"):
        tile = tile_word(part, suits, numbers)
        if tile is None:
            classes |= _part_mask(part, suits, numbers)
        else:
            named |= 1 << tile
    classes &= within
    firsts = 0
    for t in range(27):
        if t % 9 <= 6 and (named >> t & 1 and within >> t & 7 == 7 or classes >> t & 7 == 7):
            firsts |= 1 << t
    return firsts


def _part_mask(part: str, suits: dict[str, int], numbers: dict[str, int]) -> int:
    """The tiles one alternative of an expression allows."""
    tile = tile_word(part, suits, numbers)
    if tile is not None:
        return 1 << tile
    if part in _CLASSES:
        return _CLASSES[part]
    if part == "z":
        return _SUIT_MASK[3]
    if re.fullmatch(r"[1-9xy]{2,}[mpsABC]", part):  # a run such as 123A: its tiles
        return sum(1 << t for t in singles_tiles(part, suits, numbers))
    suit = suit_of(part, suits)
    if suit is not None:
        return _SUIT_MASK[suit]
    name, _, suit_text = part.rpartition("-")
    suit = suit_of(suit_text, suits)
    if suit is not None and name == "dragon":
        return 1 << _SUIT_DRAGON[suit]
    if suit is not None and name in _SUITED_CLASSES:
        return _CLASSES[name] & _SUIT_MASK[suit]
    raise PatternError(f"unknown tile or tile class {part!r} (a tile like 5p, 1A, xA, x+1A, RD; "
                       f"a class: {', '.join(_CLASSES)}; a suit m p s z A B C; "
                       "or a class narrowed to a suit, like green-s)")


def singles_tiles(expression: str, suits: dict[str, int], numbers: dict[str, int]) -> list[int]:
    """The tiles of a ``singles`` token: runs like ``2345678A``, ``NEWS``, or single tiles."""
    tiles: list[int] = []
    for word in expression.split():
        tile = tile_word(word, suits, numbers)
        if tile is not None:
            tiles.append(tile)
        elif _RUNS.fullmatch(word):
            for run in re.finditer(r"([1-9xy]+)([mpszABC])", word):
                for rank in run.group(1):
                    found = tile_word(rank + run.group(2), suits, numbers)
                    if found is None:
                        raise PatternError(f"{rank + run.group(2)!r} in {word!r} is no tile")
                    tiles.append(found)
        elif re.fullmatch(r"[NESW]+", word):
            tiles += [_HONOUR_WORDS[c] for c in word]
        else:
            raise PatternError(f"{word!r} is not a run of tiles (like 2345678A, 1861A, 19m19p or NEWS) "
                               "nor a tile (like 5p, xA, x+1A)")
    return tiles


def number_uses(expression: str, knit: bool = False) -> list[NumberUse]:
    """Every place an expression names a number variable (``knit``: the expression of a
    knitted group, ``x+1AB``). Class words (``any``) name none."""
    uses = []
    if knit:
        match = re.fullmatch(r"([xy])([+-]\d+)?[ABCmps]+", expression)
        if match:
            uses.append(NumberUse(match.group(1), _offset(match.group(2), expression), 9, expression))
        return uses
    for word in re.split(r"[|\s]+", expression.strip()):
        match = _TILE_WORD.fullmatch(word)
        if match:
            if match.group(2):
                uses.append(NumberUse(match.group(2), _offset(match.group(3), word),
                                      7 if match.group(4) == "z" else 9, word))
        elif _RUNS.fullmatch(word):
            for run in re.finditer(r"([1-9xy]+)([mpszABC])", word):
                uses += [NumberUse(c, 0, 7 if run.group(2) == "z" else 9, word) for c in run.group(1)
                         if c in NUMBER_VARS]
    return uses


def allowed_numbers(uses: Iterable[NumberUse]) -> dict[str, frozenset[int]]:
    """For each variable named, the numbers 1-9 that keep every tile named with it a tile."""
    allowed: dict[str, frozenset[int]] = {}
    for use in uses:
        fits = frozenset(n for n in range(1, 10) if 1 <= n + use.offset <= use.top)
        allowed[use.variable] = allowed.get(use.variable, fits) & fits
    return allowed


def empty_numbers(uses: Iterable[NumberUse]) -> str | None:
    """Why no number can stand for a variable of ``uses`` (each use's own numbers), or None."""
    uses = list(uses)
    for variable, numbers in sorted(allowed_numbers(uses).items()):
        if not numbers:
            own: list[tuple[str, str]] = []
            for use in uses:
                if use.variable == variable and use.word not in (w for w, _ in own):
                    fits = sorted(allowed_numbers([use])[variable])
                    span = "none" if not fits else str(fits[0]) if len(fits) == 1 else f"{fits[0]} to {fits[-1]}"
                    own.append((use.word, span))
            return (f"no number {variable} from 1 to 9 keeps every tile named with it a tile ("
                    + "; ".join(f"{word}: {variable} is {span}" for word, span in own) + ")")
    return None


def some_numbers(uses: Iterable[NumberUse]) -> dict[str, int]:
    """A number for every variable, each within its allowed numbers where it has any (to
    read an expression once before binding it; distinctness does not matter there)."""
    numbers = dict.fromkeys(NUMBER_VARS, 1)
    for variable, allowed in allowed_numbers(uses).items():
        if allowed:
            numbers[variable] = min(allowed)
    return numbers
