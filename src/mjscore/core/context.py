"""How a hand went out: the situation a rule can score, validated once.

:class:`WinContext` replaces a soup of boolean arguments. Its checks reject
situations that cannot happen at a table whatever the hand (heaven for a
non-dealer, a robbed kong that was self-drawn); checks that need the hand too
(the winning tile is in it, nothing exposed on a first-turn win) are in
:func:`check_against_hand`.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field, fields
from typing import Any

from .errors import InvalidContextError
from .group import GroupKind
from .hand import Hand
from .tile import Tile, as_tile

__all__ = ["WinContext", "Flag", "FLAG_KEYWORDS", "FLOWER_SHIFT", "SEASON_SHIFT", "CLAIMED_SHIFT",
           "STREAK_SHIFT", "MAX_STREAK", "SITUATION_BITS", "bonus_bits", "bonus_numbers", "REPLACEMENT_FLAGS", "DRAWN_BY_DEFINITION", "IMPOSSIBLE",
           "impossibilities", "check_against_hand", "CONTEXT_KEYWORDS", "wind_of", "tile_of", "forget_contexts"]

_WIND_NAMES = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}


def wind_of(value: object, name: str) -> Tile:
    """A wind from ``"E"``/``"S"``/``"W"``/``"N"``, a wind tile or its index (27-30).

    :raises InvalidContextError: naming ``name``, for anything else.
    """
    if isinstance(value, str):
        value = value.strip()
        if value.upper() in _WIND_NAMES:
            return _WIND_NAMES[value.upper()]
    try:
        tile = as_tile(value)  # type: ignore[arg-type]
    except ValueError:
        tile = None
    if tile is None or not Tile.EAST <= tile <= Tile.NORTH:
        raise InvalidContextError(f"{name} must be a wind (E, S, W or N), not {value!r}")
    return tile


class Flag(enum.IntFlag):
    """Bits of a context word: the bulk API's ``flags`` array (see :func:`mjscore.score_many`)."""

    SELF_DRAWN = 1
    DEALER = 2
    LAST_TILE = 4
    LAST_DISCARD = 8
    ROBBING_KONG = 16
    KONG_REPLACEMENT = 32
    BONUS_REPLACEMENT = 64
    KONG_ON_KONG = 128
    HEAVEN = 256
    EARTH = 512
    DECLARED_CALLING = 1024
    WINNER = 2048


FLOWER_SHIFT = 16
"""Bits 16-19 of a context word: the player holds flower 1-4 (bit ``16 + n - 1``)."""
SEASON_SHIFT = 20
"""Bits 20-23: the player holds season 1-4."""
CLAIMED_SHIFT = 24
"""Bits 24-27: the row's ``k``-th meld (0-3, counting its meld bytes other than ``0xFF`` in
order) is a claimed kong, an
exposed kong byte standing for a concealed pung completed by a claimed discard
(:attr:`mjscore.core.group.Meld.claimed`). A property of the hand, carried in the word
because a meld byte has no room for it."""
STREAK_SHIFT = 28
"""Bits 28-31: the dealer's wins in a row, counting this deal (:attr:`WinContext.dealer_streak`),
at most :data:`MAX_STREAK`."""
MAX_STREAK = 15
"""The longest dealer's streak a context word holds: a longer one is stored as this."""
SITUATION_BITS = (1 << 13) - 1
"""The bits of a context word that :data:`IMPOSSIBLE` reads: the :class:`Flag` bits (and bit 12,
the bulk API's mark of a dealer who does not sit East)."""


def bonus_bits(flowers: tuple[int, ...], seasons: tuple[int, ...]) -> int:
    """The context word's bits for these flowers and seasons (numbered 1-4)."""
    bits = 0
    for n in flowers:
        bits |= 1 << (FLOWER_SHIFT + n - 1)
    for n in seasons:
        bits |= 1 << (SEASON_SHIFT + n - 1)
    return bits


def bonus_numbers(flags: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The flowers and seasons (numbered 1-4) a context word's bits say the player holds."""
    return (tuple(n for n in range(1, 5) if flags >> (FLOWER_SHIFT + n - 1) & 1),
            tuple(n for n in range(1, 5) if flags >> (SEASON_SHIFT + n - 1) & 1))


FLAG_KEYWORDS: dict[str, int] = {  # plain ints: enum arithmetic is slow on the single-hand path
    "self_drawn": int(Flag.SELF_DRAWN), "last_tile": int(Flag.LAST_TILE),
    "last_discard": int(Flag.LAST_DISCARD), "robbing_kong": int(Flag.ROBBING_KONG),
    "kong_on_kong": int(Flag.KONG_ON_KONG), "heaven": int(Flag.HEAVEN), "earth": int(Flag.EARTH),
    "declared_calling": int(Flag.DECLARED_CALLING), "winner": int(Flag.WINNER),
}
"""The on/off context keywords (True or False) and the :class:`Flag` bit of each. The
others take other values: ``dealer`` (True, False or None), ``replacement``
(:data:`REPLACEMENT_FLAGS`), the tiles and winds, the bonus tiles."""
REPLACEMENT_FLAGS: dict[str | None, int] = {
    None: 0, "kong": int(Flag.KONG_REPLACEMENT), "bonus": int(Flag.BONUS_REPLACEMENT)}
"""The :class:`Flag` bit of each value of :attr:`WinContext.replacement`."""
DRAWN_BY_DEFINITION = int(Flag.HEAVEN | Flag.KONG_REPLACEMENT | Flag.BONUS_REPLACEMENT)
"""The situations that are self-drawn by definition: without ``self_drawn`` they imply it."""


def tile_of(value: object, name: str) -> Tile:
    """A tile from a tile, its 34-index or its text (``"3m"``, ``"RD"``), for the keyword ``name``.

    :raises InvalidContextError: naming ``name``, for anything else.
    """
    try:
        return as_tile(value)  # type: ignore[arg-type]  # as_tile names what it is not
    except ValueError as error:
        raise InvalidContextError(f"{name}: {error}") from None


def _bonus_numbers(value: object, name: str) -> tuple[int, ...]:
    """Flower or season numbers as a sorted tuple of distinct 1-4."""
    if value == ():
        return ()
    items = [value] if isinstance(value, int) else value
    if not isinstance(items, (list, tuple)) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4 for v in items):
        raise InvalidContextError(f"{name} are numbered 1-4, got {value!r}")
    if len(set(items)) != len(items):
        raise InvalidContextError(f"{name}: each is held once, got {value!r}")
    return tuple(sorted(items))


@dataclass(frozen=True, slots=True)
class WinContext:
    """The circumstances of one player's hand at the end of a deal.

    ``replacement`` is ``"kong"`` (the loose tile after a kong; ``True`` means
    this), ``"bonus"`` (after a flower or season) or ``None``. ``self_drawn``
    left out is implied: true for the hand from heaven and for a loose tile,
    which are self-drawn by definition, false otherwise (an explicit
    ``self_drawn=False`` with them is an error).
    """

    win_tile: Tile | None = None
    self_drawn: bool = None  # type: ignore[assignment]  # None: not given, set in __post_init__
    seat_wind: Tile = Tile.EAST
    prevailing_wind: Tile = Tile.EAST
    dealer: bool | None = None
    last_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    replacement: str | bool | None = None
    kong_on_kong: bool = False
    heaven: bool = False
    earth: bool = False
    declared_calling: bool = False
    winner: bool = True
    flowers: tuple[int, ...] = ()
    """The player's flowers (1-4; flower ``n`` is the own flower of the ``n``-th seat, East 1,
    South 2, West 3, North 4); ``dmjl`` and ``bmja`` score them."""
    seasons: tuple[int, ...] = ()
    """The player's seasons (1-4, numbered as the flowers)."""
    dealer_streak: int = 0
    """The dealer's wins in a row, counting this deal when the dealer wins it (East's ninth
    win in a row is 9); a rule file's ``dealer-streak`` names the length that scores."""
    flags: int = field(init=False, repr=False, compare=False)
    """The situation as :class:`Flag` bits (the bulk API's per-row context word)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.win_tile is not None:
            set_(self, "win_tile", tile_of(self.win_tile, "win_tile"))
        set_(self, "seat_wind", wind_of(self.seat_wind, "seat_wind"))
        set_(self, "prevailing_wind", wind_of(self.prevailing_wind, "prevailing_wind"))
        if self.self_drawn is None:
            set_(self, "self_drawn", self.heaven is True or self.replacement in (True, "kong", "bonus"))
        for name in FLAG_KEYWORDS:
            value = getattr(self, name)
            if value is not True and value is not False:
                raise InvalidContextError(f"{name} must be True or False, not {value!r}")
        if self.dealer is None:
            set_(self, "dealer", self.seat_wind == Tile.EAST)
        elif not isinstance(self.dealer, bool):
            raise InvalidContextError(f"dealer must be True or False, not {self.dealer!r}")
        elif self.dealer != (self.seat_wind == Tile.EAST):
            raise InvalidContextError(
                f"the dealer sits East: dealer={self.dealer} with seat_wind {self.seat_wind.name}")
        if not self.winner and self.win_tile is not None:
            raise InvalidContextError("a hand that did not go out has no winning tile")
        if self.replacement is True:
            set_(self, "replacement", "kong")
        elif self.replacement is False:
            set_(self, "replacement", None)
        if self.replacement not in (None, "kong", "bonus"):
            raise InvalidContextError(
                f"replacement must be 'kong', 'bonus' or None, not {self.replacement!r}")
        for name in ("flowers", "seasons"):
            set_(self, name, _bonus_numbers(getattr(self, name), name))
        streak = self.dealer_streak
        if not isinstance(streak, int) or isinstance(streak, bool) or streak < 0:
            raise InvalidContextError(f"dealer_streak is a count of the dealer's wins in a row "
                                      f"(0 or more), not {streak!r}")
        set_(self, "flags", self._word())
        for problem in impossibilities(self.flags):
            raise InvalidContextError(problem)

    def _word(self) -> int:
        flags = 0
        for name, flag in _FLAG_OF_FIELD.items():
            if getattr(self, name):
                flags |= flag
        flags |= bonus_bits(self.flowers, self.seasons) | min(self.dealer_streak, MAX_STREAK) << STREAK_SHIFT
        return flags | REPLACEMENT_FLAGS[self.replacement]  # type: ignore[index]  # normalised

    @classmethod
    def from_keywords(cls, **keywords: Any) -> WinContext:
        """A context from ``score()``-style keywords; unknown keywords are errors.

        The same keywords give the same (immutable) context, kept from the last time.
        """
        try:
            return _context_of(**keywords)
        except TypeError:  # an unhashable value, such as a list of flowers
            _check_keywords(keywords)
            return cls(**keywords)


def _check_keywords(keywords: dict[str, Any]) -> None:
    unknown = sorted(set(keywords) - set(CONTEXT_KEYWORDS))
    if unknown:
        raise InvalidContextError(
            f"unknown context keyword{'s' * (len(unknown) > 1)} {', '.join(unknown)}; "
            f"known: {', '.join(CONTEXT_KEYWORDS)}")


_FLAG_OF_FIELD = {**FLAG_KEYWORDS, "dealer": int(Flag.DEALER)}
_SITUATIONS = (Flag.SELF_DRAWN, Flag.LAST_TILE, Flag.LAST_DISCARD, Flag.ROBBING_KONG,
               Flag.KONG_REPLACEMENT, Flag.BONUS_REPLACEMENT, Flag.KONG_ON_KONG, Flag.HEAVEN,
               Flag.EARTH, Flag.DECLARED_CALLING)
_REPLACEMENTS = (Flag.KONG_REPLACEMENT, Flag.BONUS_REPLACEMENT)

IMPOSSIBLE: tuple[tuple[int, int, str], ...] = tuple((int(on), int(off), why) for on, off, why in (
    *((int(f), int(Flag.WINNER), "a hand that did not go out has no winning situation")
      for f in _SITUATIONS),
    (Flag.HEAVEN, Flag.DEALER, "only the dealer (East) can win with the hand from heaven"),
    (Flag.HEAVEN, Flag.SELF_DRAWN, "the hand from heaven is the dealer's dealt hand, so self-drawn"),
    (Flag.EARTH | Flag.DEALER, 0, "the dealer cannot win with the hand from earth"),
    (Flag.HEAVEN | Flag.EARTH, 0, "heaven and earth cannot both hold"),
    *((int(a | b), 0, "no kong can be declared before a first-turn win")
      for a in (Flag.HEAVEN, Flag.EARTH) for b in (Flag.KONG_REPLACEMENT, Flag.ROBBING_KONG)),
    (Flag.ROBBING_KONG | Flag.SELF_DRAWN, 0, "a robbed kong tile is not self-drawn"),
    (Flag.ROBBING_KONG | Flag.LAST_DISCARD, 0, "a robbed kong tile is not a discard"),
    (Flag.LAST_DISCARD | Flag.SELF_DRAWN, 0, "the last discard is not self-drawn"),
    (Flag.LAST_TILE, Flag.SELF_DRAWN, "the last tile of the wall is self-drawn"),
    *((int(f), int(Flag.SELF_DRAWN), "a loose (replacement) tile is self-drawn") for f in _REPLACEMENTS),
    *((int(f | Flag.LAST_TILE), 0,
       "a loose tile comes from the dead wall, not the last tile of the wall") for f in _REPLACEMENTS),
    (Flag.KONG_ON_KONG, Flag.KONG_REPLACEMENT, "kong on kong means winning on a kong's loose tile"),
    *((int(f | Flag.DECLARED_CALLING), 0,
       "the lucky thirteen is declared after the first discard, so not with heaven or earth")
      for f in (Flag.HEAVEN, Flag.EARTH)),
    *((int(a | b), 0, "a first-turn win is not on the last tile")
      for a in (Flag.HEAVEN, Flag.EARTH) for b in (Flag.LAST_TILE, Flag.LAST_DISCARD)),
))
"""Situations that cannot happen: ``(set, clear, why)`` is broken when every bit of
``set`` is on and every bit of ``clear`` is off. The bulk API applies the same table."""


def impossibilities(flags: int) -> list[str]:
    """Why a context word cannot happen (empty when it can); only its situation bits
    (:data:`SITUATION_BITS`) are read."""
    return _impossibilities(flags & SITUATION_BITS)


@functools.lru_cache(maxsize=8192)  # one entry per situation word at most
def _impossibilities(flags: int) -> list[str]:
    return [why for on, off, why in IMPOSSIBLE if flags & on == on and not flags & off]


# typed: 1 == True, but only True is a valid flag. The key is the keywords in the order
# given, so the same context given in two orders is made twice; that costs less per call
# than sorting the keywords.
@functools.lru_cache(maxsize=4096, typed=True)
def _context_of(**keywords: Any) -> WinContext:
    _check_keywords(keywords)
    return WinContext(**keywords)


def forget_contexts() -> None:
    """Empty the memory of contexts :meth:`WinContext.from_keywords` made."""
    _context_of.cache_clear()


CONTEXT_KEYWORDS = tuple(f.name for f in fields(WinContext) if f.init)
"""Every keyword ``score()`` accepts for the context."""


def check_against_hand(context: WinContext, hand: Hand) -> None:
    """Reject a context that the hand makes impossible.

    :raises InvalidContextError: the winning tile is not among the concealed tiles,
        a robbed kong's tile is held twice, a kong's loose tile with no kong (two for
        kong on kong), or a first-turn win shows melds. (A declared call with exposed melds
        can happen: the classical original call allows kongs declared after it; what it
        earns is the rule set's to say, through the ``concealed-hand`` and ``original-call``
        facts.)
    """
    if hand.bonus and (context.flowers or context.seasons):
        held = ({b.number for b in hand.bonus if b.is_flower},
                {b.number for b in hand.bonus if not b.is_flower})
        for name, numbers, in_hand in (("flowers", context.flowers, held[0]),
                                       ("seasons", context.seasons, held[1])):
            if numbers and in_hand and set(numbers) != in_hand:
                raise InvalidContextError(f"{name}={list(numbers)} but {hand} shows {sorted(in_hand)}")
    if not context.winner:
        return
    tile = context.win_tile
    if tile is not None and hand.concealed[tile] == 0:
        raise InvalidContextError(f"the winning tile {tile} is not among the concealed tiles of {hand}")
    if context.robbing_kong and tile is not None and hand.counts[tile] != 1:
        raise InvalidContextError(
            f"robbing a kong of {tile}: the other player held three, so {hand} can hold only the robbed one")
    kongs = sum(m.kind == GroupKind.QUAD for m in hand.melds)
    if context.replacement == "kong" and kongs == 0:
        raise InvalidContextError(f"a kong's loose tile, but {hand} declares no kong")
    if context.kong_on_kong and kongs < 2:
        raise InvalidContextError(f"kong on kong needs two declared kongs; {hand} has {kongs}")
    if (context.heaven or context.earth) and hand.melds:
        raise InvalidContextError("a first-turn win (heaven or earth) is on the dealt tiles: "
                                  "nothing exposed and no kong declared")
