"""Tile expressions of the pattern notation: tiles, suit and number variables, classes.

An expression names the tiles a group may use (see :mod:`mjscore.rules.patterns` for the
whole notation): a tile (``5p``, ``7z``, ``E``, ``RD``), a rank in a suit variable
(``1A``), a number variable (``xA``), a class (``green``, ``terminal``, ...), a suit
(``m``, ``A``), a class narrowed to a suit (``green-s``), the dragon of a suit
(``dragon-A``), a run of ranks (``123A``), or alternatives joined by ``|``. Each is read
under one binding of the variables into a 34-bit tile mask.
"""

from __future__ import annotations

import re

__all__ = ["ALL_TILES", "SUIT_VARS", "NUMBER_VARS", "PatternError", "tile_word", "suit_of",
           "class_mask", "singles_tiles"]


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
def tile_word(word: str, suits: dict[str, int], numbers: dict[str, int]) -> int | None:
    """One concrete tile (``5p``, ``1A``, ``xA``, ``RD``), or None when the word is no tile."""
    if word in _HONOUR_WORDS:
        return _HONOUR_WORDS[word]
    if len(word) == 2:
        rank_text, suit_text = word[0], word[1]
        rank = numbers.get(rank_text) if rank_text in NUMBER_VARS else (
            int(rank_text) if rank_text.isdigit() else None)
        if rank is None:
            return None
        if suit_text == "z":
            if not 1 <= rank <= 7:
                raise PatternError(f"no tile {word!r}: honours are 1z-7z")
            return 26 + rank
        suit = suit_of(suit_text, suits)
        if suit is None:
            return None
        if not 1 <= rank <= 9:
            raise PatternError(f"no tile {word!r}: ranks are 1-9")
        return 9 * suit + rank - 1
    return None


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
        tile = tile_word(part, suits, numbers)
        if tile is not None:
            mask |= 1 << tile
            continue
        if part in _CLASSES:
            mask |= _CLASSES[part]
            continue
        if part == "z":
            mask |= _SUIT_MASK[3]
            continue
        if re.fullmatch(r"[1-9xy]{2,}[mpsABC]", part):  # a run such as 123A: its tiles
            mask |= sum(1 << t for t in singles_tiles(part, suits, numbers))
            continue
        suit = suit_of(part, suits)
        if suit is not None:
            mask |= _SUIT_MASK[suit]
            continue
        name, _, suit_text = part.rpartition("-")
        suit = suit_of(suit_text, suits)
        if suit is not None and name == "dragon":
            mask |= 1 << _SUIT_DRAGON[suit]
        elif suit is not None and name in _SUITED_CLASSES:
            mask |= _CLASSES[name] & _SUIT_MASK[suit]
        else:
            raise PatternError(f"unknown tile or tile class {part!r} (a tile like 5p, 1A, xA, RD; "
                               f"a class: {', '.join(_CLASSES)}; a suit m p s z A B C; "
                               "or a class narrowed to a suit, like green-s)")
    return mask


def singles_tiles(expression: str, suits: dict[str, int], numbers: dict[str, int]) -> list[int]:
    """The tiles of a ``singles`` token: runs like ``2345678A``, ``NEWS``, or single tiles."""
    tiles: list[int] = []
    for word in expression.split():
        tile = tile_word(word, suits, numbers)
        if tile is not None:
            tiles.append(tile)
        elif re.fullmatch(r"(?:[1-9xy]+[mpszABC])+", word):
            for run in re.finditer(r"([1-9xy]+)([mpszABC])", word):
                for rank in run.group(1):
                    found = tile_word(rank + run.group(2), suits, numbers)
                    if found is None:
                        raise PatternError(f"{rank + run.group(2)!r} in {word!r} is no tile")
                    tiles.append(found)
        elif re.fullmatch(r"[NESW]+", word):
            tiles += [_HONOUR_WORDS[c] for c in word]
        else:
            raise PatternError(f"{word!r} is not a run of tiles (like 2345678A, 1861A, 19m19p or NEWS)")
    return tiles
