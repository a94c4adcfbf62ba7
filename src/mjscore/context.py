"""How a hand went out: the situation a rule can score, validated once.

:class:`WinContext` replaces a soup of boolean arguments. Its checks reject
situations that cannot happen at a table whatever the hand (heaven for a
non-dealer, a robbed kong that was self-drawn); checks that need the hand too
(the winning tile is in it, nothing exposed on a first-turn win) are in
:func:`check_against_hand`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .errors import InvalidContextError
from .hand import Hand
from .tile import Tile, as_tile

__all__ = ["WinContext", "check_against_hand", "CONTEXT_KEYWORDS"]

_WIND_NAMES = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}


def _wind(value: object, name: str) -> Tile:
    if isinstance(value, str) and value.upper() in _WIND_NAMES:
        return _WIND_NAMES[value.upper()]
    try:
        tile = as_tile(value)  # type: ignore[arg-type]
    except ValueError:
        tile = None
    if tile is None or not Tile.EAST <= tile <= Tile.NORTH:
        raise InvalidContextError(f"{name} must be a wind (E, S, W or N), not {value!r}")
    return tile


@dataclass(frozen=True, slots=True)
class WinContext:
    """The circumstances of one player's hand at the end of a deal.

    ``replacement`` is ``"kong"`` (the loose tile after a kong; ``True`` means
    this), ``"bonus"`` (after a flower or season) or ``None``.
    """

    win_tile: Tile | None = None
    self_drawn: bool = False
    seat_wind: Tile = Tile.EAST
    prevailing_wind: Tile = Tile.EAST
    dealer: bool | None = None
    last_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    replacement: str | None = None
    kong_on_kong: bool = False
    heaven: bool = False
    earth: bool = False
    declared_calling: bool = False
    winner: bool = True

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.win_tile is not None:
            try:
                set_(self, "win_tile", as_tile(self.win_tile))
            except ValueError as error:
                raise InvalidContextError(f"win_tile: {error}") from None
        set_(self, "seat_wind", _wind(self.seat_wind, "seat_wind"))
        set_(self, "prevailing_wind", _wind(self.prevailing_wind, "prevailing_wind"))
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in _FLAGS and not isinstance(value, bool):
                raise InvalidContextError(f"{field.name} must be True or False, not {value!r}")
        if self.dealer is None:
            set_(self, "dealer", self.seat_wind == Tile.EAST)
        elif not isinstance(self.dealer, bool):
            raise InvalidContextError(f"dealer must be True or False, not {self.dealer!r}")
        if self.replacement is True:
            set_(self, "replacement", "kong")
        elif self.replacement is False:
            set_(self, "replacement", None)
        if self.replacement not in (None, "kong", "bonus"):
            raise InvalidContextError(
                f"replacement must be 'kong', 'bonus' or None, not {self.replacement!r}")
        for problem in self._impossibilities():
            raise InvalidContextError(problem)

    def _impossibilities(self) -> list[str]:
        won = self.winner
        rules = [
            (not won and self._any_win_situation(),
             "a hand that did not go out has no winning situation"),
            (self.heaven and not self.dealer, "only the dealer (East) can win with the hand from heaven"),
            (self.heaven and not self.self_drawn, "the hand from heaven is the dealer's dealt hand, so self-drawn"),
            (self.earth and self.dealer, "the dealer cannot win with the hand from earth"),
            (self.heaven and self.earth, "heaven and earth cannot both hold"),
            (self.robbing_kong and self.self_drawn, "a robbed kong tile is not self-drawn"),
            (self.robbing_kong and self.last_discard, "a robbed kong tile is not a discard"),
            (self.last_discard and self.self_drawn, "the last discard is not self-drawn"),
            (self.last_tile and not self.self_drawn, "the last tile of the wall is self-drawn"),
            (self.replacement is not None and not self.self_drawn, "a loose (replacement) tile is self-drawn"),
            (self.replacement is not None and self.last_tile,
             "a loose tile comes from the dead wall, not the last tile of the wall"),
            (self.kong_on_kong and self.replacement != "kong", "kong on kong means winning on a kong's loose tile"),
            (self.declared_calling and (self.heaven or self.earth),
             "the lucky thirteen is declared after the first discard, so not with heaven or earth"),
            ((self.heaven or self.earth) and (self.last_tile or self.last_discard),
             "a first-turn win is not on the last tile"),
        ]
        return [message for broken, message in rules if broken]

    def _any_win_situation(self) -> bool:
        return any(getattr(self, name) for name in _SITUATIONS) or self.replacement is not None

    @classmethod
    def from_keywords(cls, **keywords: Any) -> WinContext:
        """A context from ``score()``-style keywords; unknown keywords are errors."""
        unknown = sorted(set(keywords) - set(CONTEXT_KEYWORDS))
        if unknown:
            raise InvalidContextError(
                f"unknown context keyword{'s' * (len(unknown) > 1)} {', '.join(unknown)}; "
                f"known: {', '.join(CONTEXT_KEYWORDS)}")
        return cls(**keywords)


_FLAGS = ("self_drawn", "last_tile", "last_discard", "robbing_kong", "kong_on_kong",
          "heaven", "earth", "declared_calling", "winner")
_SITUATIONS = ("self_drawn", "last_tile", "last_discard", "robbing_kong", "kong_on_kong",
               "heaven", "earth", "declared_calling")

CONTEXT_KEYWORDS = tuple(field.name for field in fields(WinContext))
"""Every keyword ``score()`` accepts for the context."""


def check_against_hand(context: WinContext, hand: Hand) -> None:
    """Reject a context that the hand makes impossible.

    :raises InvalidContextError: the winning tile is not among the concealed tiles,
        a robbed kong's tile is held twice, or a first-turn win shows exposed melds.
    """
    if not context.winner:
        return
    tile = context.win_tile
    if tile is not None and hand.concealed[tile] == 0:
        raise InvalidContextError(f"the winning tile {tile} is not among the concealed tiles of {hand}")
    if context.robbing_kong and tile is not None and hand.counts[tile] != 1:
        raise InvalidContextError(
            f"robbing a kong of {tile}: the other player held three, so {hand} can hold only the robbed one")
    exposed = [m for m in hand.melds if not m.concealed]
    if (context.heaven or context.earth) and exposed:
        raise InvalidContextError("a first-turn win (heaven or earth) cannot show exposed melds")
    if context.declared_calling and exposed:
        raise InvalidContextError("the lucky thirteen is won on the original thirteen tiles, "
                                  "so with nothing exposed")
