"""The hand as a value: concealed tiles, declared melds, winning tile, bonus tiles, jokers.

A :class:`Hand` is validated once, when it is made, so everything downstream
(the kernel, the scorers) may assume a hand that can exist at a table.

>>> hand = Hand.from_str("123m 55z [777s] [1111z] (9999p)")
>>> hand.size, hand.is_concealed, hand.counts[Tile.P9]
(14, False, 4)
>>> hand
Hand.from_str('123m55z [777s] (9999p) [1111z]')
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .errors import InvalidHandError, LongHandError, NotationError
from .group import Meld
from .tile import N_KINDS, Bonus, Tile, as_tile, format_tiles, parse_bonus, western_word

__all__ = ["Hand", "HAND_SIZES", "MAX_JOKERS", "use_notation", "use_html", "negative_count"]

HAND_SIZES = tuple(range(15))
"""The tile counts a hand may have, a kong counting 3: 13, or 14 with the winning tile; fewer
for the hand a player who did not go out shows (the sets scored at the end of a deal,
:func:`mjscore.score` with ``winner=False``), which only scoring reads; none for such a
hand of bonus tiles alone (the notation and the scorers ask for its bonus tiles then)."""

MAX_JOKERS = 8
"""Jokers in a set (Western and American sets have 8): the most a hand holds, melds included."""


@dataclass(frozen=True, slots=True, repr=False, init=False)
class Hand:
    """One player's hand, validated and normalised on construction.

    :param concealed: 34 counts of the tiles held concealed, not in declared
        melds; the winning tile is included.
    :param melds: declared melds, which may hold jokers; stored sorted by
        :attr:`Group.sort_key`.
    :param win_tile: the tile that completed the hand, among the concealed tiles;
        only on a 14-tile hand (a tile, 34-index or tile text is accepted).
    :param bonus: flowers and seasons; stored sorted.
    :param jokers: jokers held concealed; with the jokers in melds, 0-8.
    :raises InvalidHandError: for a hand that cannot exist (see the messages),
        including more than four of a tile counting the jokers melds say stand for it.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile | None = None
    bonus: tuple[Bonus, ...] = ()
    jokers: int = 0

    # Written out rather than generated: the generated __init__ of a frozen dataclass sets
    # each field once more than this one does, a third of the time it takes to make a hand.
    def __init__(self, concealed: tuple[int, ...], melds: tuple[Meld, ...] = (), win_tile: Tile | None = None,
                 bonus: tuple[Bonus, ...] = (), jokers: int = 0) -> None:
        concealed, as_bytes = _counts(concealed)
        melds = _melds(melds)
        bonus = _bonus(bonus)
        jokers = _jokers(jokers)
        counts = list(concealed)
        meld_jokers = 0
        for meld in melds:
            meld_jokers += meld.jokers
            for tile in meld.tiles:
                counts[tile] += 1
        if as_bytes is not None and not melds:  # the common hand: checked in C
            over = bool(as_bytes.translate(None, _UP_TO_FOUR))
        else:
            over = max(counts) > 4
        if over:
            t = max(range(N_KINDS), key=counts.__getitem__)
            raise InvalidHandError(_too_many(Tile(t), counts[t], melds))
        if jokers + meld_jokers > MAX_JOKERS:
            raise InvalidHandError(
                f"{jokers + meld_jokers} jokers ({jokers} concealed, {meld_jokers} in melds): "
                f"a set has {MAX_JOKERS}")
        size = sum(concealed) + jokers + 3 * len(melds)
        if size not in HAND_SIZES:
            raise (LongHandError if size > max(HAND_SIZES) else InvalidHandError)(
                f"the hand has {size} tiles; a hand has 13 tiles, or 14 with the winning tile "
                "(fewer only for a hand that did not go out, none but its bonus tiles), a kong counting as 3"
            )
        win_tile = None if win_tile is None else as_tile(win_tile)
        if win_tile is not None:
            if size != 14:
                raise InvalidHandError(
                    f"a winning tile ({win_tile}) on a hand of {size} tiles: "
                    "the hand with its winning tile has 14"
                )
            if not concealed[win_tile]:
                raise InvalidHandError(f"the winning tile {win_tile} is not among the concealed tiles")
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "jokers", jokers)

    @classmethod
    def from_str(cls, text: str) -> Hand:
        """The hand written in either notation (see :mod:`mjscore.core.notation`, which
        reads it: see :func:`use_notation`).

        :raises NotationError: for text that cannot be read.
        :raises InvalidHandError: for a hand that cannot exist.
        """
        if _reader is None:  # only while the package itself is being imported
            raise RuntimeError("Hand.from_str needs mjscore.core.notation, which is not imported yet")
        return _reader(text)

    @property
    def meld_jokers(self) -> int:
        """Jokers inside declared melds (each meld says what they stand for)."""
        return sum(meld.jokers for meld in self.melds)

    @property
    def total_jokers(self) -> int:
        """Every joker of the hand: :attr:`jokers` held concealed plus :attr:`meld_jokers`."""
        return self.jokers + self.meld_jokers

    @property
    def counts(self) -> tuple[int, ...]:
        """34 counts of every tile in the hand: concealed and melded (a kong as 4), a
        joker in a meld counting as the tile it stands for; concealed jokers are not in it."""
        counts = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        return tuple(counts)

    @property
    def held(self) -> tuple[int, ...]:
        """34 counts of the concealed tiles without the winning tile: what the player
        held before it came (how the notation and the displays lay a hand out)."""
        if self.win_tile is None:
            return self.concealed
        counts = list(self.concealed)
        counts[self.win_tile] -= 1
        return tuple(counts)

    @property
    def held_tiles(self) -> tuple[Tile, ...]:
        """The tiles of :attr:`held`, in 34-index order."""
        return tuple(Tile(t) for t, c in enumerate(self.held) for _ in range(c))

    @property
    def size(self) -> int:
        """Tiles in the hand, jokers included and a kong counting as 3 (:data:`HAND_SIZES`)."""
        return sum(self.concealed) + self.jokers + 3 * len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """No exposed meld (concealed kongs keep a hand concealed)."""
        return all(meld.concealed for meld in self.melds)

    @property
    def is_complete_size(self) -> bool:
        """The hand has 14 tiles, the size of a complete hand."""
        return self.size == 14

    def with_win_tile(self, tile: Tile | int | str | None) -> Hand:
        """A copy with ``tile`` as the winning tile (None for no winning tile).

        :raises InvalidHandError: if the hand has 13 tiles or does not hold ``tile`` concealed.
        """
        return dataclasses.replace(self, win_tile=None if tile is None else as_tile(tile))

    def to_western(self) -> str:
        """The hand in the Western notation, e.g. ``"1C 2C 3C ... [RD RD RD] +E"``."""
        return self.format("western")

    def format(self, style: Literal["mpsz", "western"] = "mpsz") -> str:
        """The hand in canonical compact (``"mpsz"``) or Western notation; ``str(hand)`` is
        the mpsz one. Both read back (:mod:`mjscore.core.notation`) as an equal hand.

        The concealed tiles without the winning tile as one mpsz run in 34-index order,
        each meld in canonical order, ``+`` and the winning tile, the bonus tiles
        (flowers then seasons), the jokers; single spaces between.

        :raises NotationError: for an unknown style.
        """
        held = self.held
        if style == "mpsz":
            words = [format_tiles(held)] if any(held) else []
            words += [f"{m.brackets[0]}{m}{m.brackets[1]}" for m in self.melds]
            if self.win_tile is not None:
                words.append(f"+{self.win_tile}")
            flowers = "".join(str(b.number) for b in self.bonus if b.is_flower)
            seasons = "".join(str(b.number) for b in self.bonus if not b.is_flower)
            if self.bonus:
                words.append((flowers and flowers + "f") + (seasons and seasons + "y"))
            if self.jokers:
                words.append("J" * self.jokers)
            return " ".join(words)
        if style == "western":
            words = [western_word(t) for t in self.held_tiles]
            for m in self.melds:
                inner = " ".join("J" if t is None else western_word(t) for t in m.slots)
                words.append(f"{m.brackets[0]}{inner}{m.brackets[1]}")
            if self.win_tile is not None:
                words.append(f"+{western_word(self.win_tile)}")
            words += [western_word(b) for b in self.bonus]
            words += ["J"] * self.jokers
            return " ".join(words)
        raise NotationError(f"unknown notation style {style!r}: use 'mpsz' or 'western'")

    def __str__(self) -> str:
        return self.format("mpsz")

    def __repr__(self) -> str:
        text = self.format("mpsz")
        return f"Hand.from_str({text!r})" if text else "Hand((0,) * 34)"  # (no text reads as no hand)

    def _repr_html_(self) -> str | None:
        """The hand as HTML for notebooks (see :mod:`mjscore.display`); None, which a
        notebook takes as "no HTML", while that module is not imported."""
        return None if _html is None else _html(self)


# The notation (reading text) and the notebook display build on this module, so it
# cannot import them: each hands its entry point over here when it is imported, and
# ``import mjscore`` imports both. A value object thus reads and shows itself without
# an import running up the layers (tests/test_imports.py).
_reader: Callable[[str], Hand] | None = None
_html: Callable[[Hand], str] | None = None


def use_notation(reader: Callable[[str], Hand]) -> None:
    """Make ``reader`` (:func:`mjscore.core.notation.parse_hand`, which calls this when it is
    imported) the reader :meth:`Hand.from_str` uses."""
    global _reader
    _reader = reader


def use_html(writer: Callable[[Hand], str]) -> None:
    """Make ``writer`` (:func:`mjscore.display.hand_html`, which calls this when it is
    imported) what :meth:`Hand._repr_html_` returns."""
    global _html
    _html = writer


_UP_TO_FOUR = bytes(range(5))


def _counts(value: Iterable[int]) -> tuple[tuple[int, ...], bytes | None]:
    """The 34 counts as ints, and as bytes when they were read so (a list or tuple of ints
    0-255, read in C: the common hand); raises for anything that is not 34 counts of 0
    or more."""
    if type(value) is tuple or type(value) is list:
        try:
            as_bytes = bytes(value)  # each item an integer 0-255 (by __index__), or it raises
        except (TypeError, ValueError):
            pass  # a negative count, a count that is no integer: said below
        else:
            if len(as_bytes) == N_KINDS:
                return tuple(as_bytes), as_bytes
    try:
        counts = tuple(map(operator.index, value))
    except TypeError:
        raise InvalidHandError(f"concealed tiles must be 34 integer counts, not {value!r}") from None
    if len(counts) != N_KINDS:
        raise InvalidHandError(f"concealed tiles must be 34 counts, one per tile kind, not {len(counts)}")
    message = negative_count(counts)
    if message:
        raise InvalidHandError(message)
    return counts, None


def negative_count(counts: Sequence[int]) -> str | None:
    """What to tell a player whose tile counts hold a negative one (the first), or None."""
    for t, count in enumerate(counts):
        if count < 0:
            where = str(Tile(t)) if t < N_KINDS else f"position {t}"
            return f"a negative count ({int(count)}) of {where}: tile counts are 0 to 4"
    return None


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    if type(value) is tuple and not value:  # most hands: nothing to check or sort
        return ()
    try:
        melds = tuple(value)
    except TypeError:
        raise InvalidHandError(f"melds must be a sequence of Meld, not {value!r}") from None
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidHandError(f"{meld!r} is not a Meld: declared sets are Meld objects")
    return tuple(sorted(melds, key=operator.attrgetter("sort_key")))


def _bonus(value: Iterable[Bonus | int | str]) -> tuple[Bonus, ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise InvalidHandError(f"bonus tiles must be a sequence, not {value!r}") from None
    if not items:
        return ()
    tiles = []
    for item in items:
        if isinstance(item, str):
            tiles.append(parse_bonus(item))
            continue
        try:
            if isinstance(item, (bool, Tile)):  # ints, but never meant as a bonus index
                raise TypeError
            tiles.append(Bonus(operator.index(item)))
        except (TypeError, ValueError):
            raise InvalidHandError(f"{item!r} is not a flower or season") from None
    seen = set()
    for b in tiles:
        if b in seen:
            raise InvalidHandError(f"bonus tile {b} appears twice: there is one of each flower and season")
        seen.add(b)
    return tuple(sorted(tiles))


def _too_many(tile: Tile, count: int, melds: tuple[Meld, ...]) -> str:
    wild = [m for m in melds if m.joker_tile == tile]
    if not wild:
        return f"{count} copies of {tile}: there are only 4"
    shown = ", ".join(f"({m})" if m.concealed else f"[{m}]" for m in wild)
    return f"{count} of {tile} counting the jokers of {shown}: at most 4 of a kind, jokers included"


def _jokers(value: int) -> int:
    try:
        jokers = operator.index(value)
    except TypeError:
        raise InvalidHandError(f"jokers must be an integer count, not {value!r}") from None
    if not 0 <= jokers <= MAX_JOKERS:
        raise InvalidHandError(f"{jokers} jokers: a set has 0 to {MAX_JOKERS}")
    return jokers
