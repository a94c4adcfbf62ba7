"""Sets and pairs: the groups a hand splits into, and the melds a player declares.

A :class:`Group` is one set (sequence, triplet, quad) or the pair of a
decomposition; a :class:`Meld` is a group the player declared: an exposed set,
or a concealed kong. In text a group is its mpsz run (``"123m"``, ``"777s"``,
``"1111z"``, ``"55z"``); the hand notation wraps melds in ``[...]`` (exposed)
or ``(...)`` (concealed kong).

A group may hold jokers (see :mod:`mjscore.core.jokers`): :attr:`Group.jokers` says
how many of its tiles are jokers and :attr:`Group.joker_tile` which tile they
stand for. In text each joker is a ``J`` in the place of its tile, the natural
tiles of a pung or kong first: ``"55Js"`` (a pung of 5s, one joker), ``"7JJz"``,
``"4J6s"`` (a chow whose joker is the 5s). Every group keeps a natural tile and
a chow holds at most one joker, so one natural tile and two jokers are a pung.

>>> sorted([Group.from_str("55z"), Group.from_str("123m"), Group.from_str("777s")])
[Group.from_str('123m'), Group.from_str('777s'), Group.from_str('55z')]
"""

from __future__ import annotations

import enum
import functools
import operator
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Self, TypeAlias

from . import group_codes
from .errors import InvalidHandError, NotationError
from .group_codes import CONCEALED_KONG, GROUP_KINDS, KONG, group_code, group_kind, group_tile
from .tile import N_KINDS, SUIT_LETTERS, Suit, Tile, as_tile, format_tiles, parse_tile, parse_tiles

__all__ = ["GroupKind", "Group", "Meld", "Decomposition"]


class GroupKind(enum.IntEnum):
    """What a group is; the values are the kinds of :mod:`mjscore.core.group_codes`."""

    SEQUENCE = group_codes.CHOW
    TRIPLET = group_codes.PUNG
    QUAD = group_codes.KONG
    PAIR = group_codes.PAIR

    @property
    def size(self) -> int:
        """Tiles in a group of this kind: 3, 3, 4, 2."""
        return _SIZES[self]


_SIZES = (3, 3, 4, 2)
_KIND_OF_CODE = {**{int(kind): kind for kind in GroupKind}, CONCEALED_KONG: GroupKind.QUAD}
_KONG_WORDS = {False: "an exposed", True: "a concealed"}
_TILES = tuple(Tile)  # indexing is much cheaper than calling the enum
_ALIKE_KINDS = {2: GroupKind.PAIR, 3: GroupKind.TRIPLET, 4: GroupKind.QUAD}
_SLOT_RUN = re.compile(r"([0-9J]+)([mpsz])")


@functools.total_ordering
@dataclass(frozen=True, slots=True, repr=False)
class Group:
    """One set or the pair of a decomposition.

    Groups sort by :attr:`sort_key`, ``(kind, first, concealed, jokers,
    joker tile)``, the order of a :data:`Decomposition`.

    :param kind: sequence, triplet, quad or pair (an int is accepted).
    :param first: the lowest tile of a sequence, the tile otherwise (a 34-index
        or tile text is accepted).
    :param concealed: False for a group that was declared exposed.
    :param jokers: how many of the group's tiles are jokers: at most one in a
        sequence, and always fewer than the group's size.
    :param joker_tile: the tile the jokers stand for; needed for a sequence
        with a joker, implied (the group's tile) for the others.
    :raises InvalidHandError: for a sequence that is not three consecutive
        tiles of one suit (``8m-9m-1p``, winds, dragons), or jokers the group
        cannot hold.
    """

    kind: GroupKind
    first: Tile
    concealed: bool = True
    jokers: int = 0
    joker_tile: Tile | None = None
    _hash: int = field(init=False, repr=False, compare=False)

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
        if type(self.jokers) is not int or self.jokers or self.joker_tile is not None:
            self._check_jokers()
        # Groups key the scorer's caches; the generated hash would hash two enums in
        # Python on every lookup. Integers only: their hashes are the same in every
        # process (hash(None) is not before 3.12), and a pickled group keeps its hash.
        joker_tile = -1 if self.joker_tile is None else int(self.joker_tile)
        object.__setattr__(self, "_hash", hash((int(self.kind), int(self.first), self.concealed,
                                                self.jokers, joker_tile)))

    def __hash__(self) -> int:
        return self._hash

    def _check_jokers(self) -> None:
        """Normalise and check :attr:`jokers` and :attr:`joker_tile` (rare: kept off the common path)."""
        try:
            jokers = operator.index(self.jokers)
        except TypeError:
            raise InvalidHandError(f"jokers must be an integer count, not {self.jokers!r}") from None
        name = f"a {_KIND_WORDS[self.kind]} of {_group_text(self.kind, self.first)}"
        if jokers < 0:
            raise InvalidHandError(f"{name} cannot hold {jokers} jokers")
        if jokers >= _SIZES[self.kind]:
            raise InvalidHandError(
                f"{name} cannot be {jokers} jokers: a group keeps at least one natural tile")
        if self.kind is GroupKind.SEQUENCE and jokers > 1:
            raise InvalidHandError(
                f"{name} cannot hold {jokers} jokers: a chow holds one joker, beside two natural tiles")
        joker_tile = None if self.joker_tile is None else as_tile(self.joker_tile)
        if not jokers and joker_tile is not None:
            raise InvalidHandError(f"{name} has no jokers, so no joker_tile ({joker_tile})")
        if jokers and joker_tile is None:
            if self.kind is GroupKind.SEQUENCE:
                raise InvalidHandError(
                    f"{name} with a joker must say which tile it stands for (joker_tile)")
            joker_tile = self.first
        if joker_tile is not None and joker_tile not in self.tiles:
            raise InvalidHandError(f"{name} has no {joker_tile} for its joker to stand for")
        object.__setattr__(self, "jokers", jokers)
        object.__setattr__(self, "joker_tile", joker_tile)

    @classmethod
    def from_slots(cls, slots: Sequence[Tile | int | str | None], concealed: bool | None = None) -> Self:
        """The group of ``slots`` in the order written, None for a joker.

        A joker takes the place of the tile it stands for, so a chow with a joker
        is written lowest tile first (``[4s, None, 6s]`` is 4-5-6 with the 5 a
        joker); the tiles of a pung or kong may come in any order. One natural tile
        with jokers is a pair, pung or kong of it.

        :param concealed: None for the class default (True for a group, False for a meld).
        :raises InvalidHandError: if the slots are not a set or a pair, or place
            jokers where no group holds them.
        """
        natural = [(i, as_tile(t)) for i, t in enumerate(slots) if t is not None]
        jokers = len(slots) - len(natural)
        if not jokers:
            return cls.from_tiles([t for _, t in natural], concealed)
        shown = _slots_text(slots)
        if not natural:
            raise InvalidHandError(f"{shown} names no tile: a group keeps at least one natural tile")
        tiles = {t for _, t in natural}
        kind: GroupKind
        if len(tiles) == 1 and len(slots) in _ALIKE_KINDS:
            kind, first, joker_tile = _ALIKE_KINDS[len(slots)], natural[0][1], natural[0][1]
        elif len(slots) == 3 and len(natural) == 2:
            (i, a), (k, b) = natural
            if a.suit is Suit.HONOURS or a.suit != b.suit or b.rank - a.rank != k - i:
                raise InvalidHandError(
                    f"{shown} is not a set: a chow with a joker is written lowest tile first, the J "
                    "in the place of the tile it stands for (4J6s)")
            start = a.rank - i
            if not 1 <= start <= 7:
                edge = "before 1" if start < 1 else "after 9"
                raise InvalidHandError(f"{shown} is not a set: a joker cannot stand for a tile {edge}")
            first = Tile(a - i)
            kind, joker_tile = GroupKind.SEQUENCE, Tile(first + 3 - i - k)
        else:
            raise InvalidHandError(
                f"{shown} is not a set: a set with jokers is a pung or kong of one tile (55Js), "
                "or a chow with one joker in its place (4J6s)")
        if concealed is None:
            return cls(kind, first, jokers=jokers, joker_tile=joker_tile)
        return cls(kind, first, concealed, jokers, joker_tile)

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
        """The group written in mpsz, e.g. ``"123m"``, ``"777s"``, ``"55z"``; with jokers
        one run with a ``J`` in each joker's place, e.g. ``"55Js"``, ``"4J6s"``.

        :raises NotationError: for text that is not mpsz.
        :raises InvalidHandError: if the tiles are not a set or a pair.
        """
        if "J" in text:
            return cls.from_slots(_read_slots(text), concealed)
        counts = parse_tiles(text)
        return cls.from_tiles((Tile(t) for t, c in enumerate(counts) for _ in range(c)), concealed)

    @classmethod
    def from_code(cls, code: int, concealed: bool | None = None) -> Self:
        """The group of a kernel byte (:mod:`mjscore.core.group_codes`). A kong's byte says
        whether it is concealed; ``concealed`` (the class's default if None) is for the
        other groups.

        :raises InvalidHandError: for a byte that encodes no group (``0xFF`` pads), or a
            kong's byte and a ``concealed`` that contradicts it.
        """
        kind = group_kind(code) if 0 <= code else GROUP_KINDS
        if kind not in _KIND_OF_CODE:
            raise InvalidHandError(f"{code!r} is not a group code")
        if kind in (KONG, CONCEALED_KONG):
            said = kind == CONCEALED_KONG
            if concealed is not None and concealed != said:
                raise InvalidHandError(f"group code {code} is {_KONG_WORDS[said]} kong, not {_KONG_WORDS[concealed]} one")
            concealed = said
        if concealed is None:
            return cls(_KIND_OF_CODE[kind], _TILES[group_tile(code)])
        return cls(_KIND_OF_CODE[kind], _TILES[group_tile(code)], concealed)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The group's tiles, lowest first."""
        if self.kind is GroupKind.SEQUENCE:
            return _TILES[self.first:self.first + 3]
        return (self.first,) * _SIZES[self.kind]

    @property
    def natural_tiles(self) -> tuple[Tile, ...]:
        """The group's tiles that are not jokers, lowest first."""
        if not self.jokers:
            return self.tiles
        rest = list(self.tiles)
        for _ in range(self.jokers):
            rest.remove(self.joker_tile)  # type: ignore[arg-type]  # set whenever jokers are
        return tuple(rest)

    @property
    def joker_tiles(self) -> tuple[Tile, ...]:
        """The tiles the group's jokers stand for (empty without jokers)."""
        return () if self.joker_tile is None else (self.joker_tile,) * self.jokers

    @property
    def slots(self) -> tuple[Tile | None, ...]:
        """The group's tiles in written order, None in each joker's place: a chow's
        joker where its tile goes, a pung's or kong's jokers last."""
        if not self.jokers:
            return self.tiles
        if self.kind is GroupKind.SEQUENCE:
            return tuple(None if t == self.joker_tile else t for t in self.tiles)
        return self.natural_tiles + (None,) * self.jokers

    @property
    def size(self) -> int:
        """3 for a sequence or triplet, 4 for a quad, 2 for a pair."""
        return _SIZES[self.kind]

    @property
    def code(self) -> int:
        """The kernel's byte for this group (:mod:`mjscore.core.group_codes`; jokers are not in
        it): a kong's says whether it is concealed."""
        kind = CONCEALED_KONG if self.kind is GroupKind.QUAD and self.concealed else int(self.kind)
        return group_code(kind, self.first)

    @property
    def sort_key(self) -> tuple[int, int, bool, int, int]:
        """``(kind, first, concealed, jokers, joker tile or -1)``: the canonical order of groups."""
        return (self.kind, self.first, self.concealed, self.jokers,
                -1 if self.joker_tile is None else self.joker_tile)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Group):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        if self.jokers:
            return _slots_text(self.slots)
        rank = self.first.rank
        if self.kind is GroupKind.SEQUENCE:
            digits = f"{rank}{rank + 1}{rank + 2}"
        else:
            digits = str(rank) * _SIZES[self.kind]
        return digits + SUIT_LETTERS[self.first.suit]

    def __repr__(self) -> str:
        default = type(self).__dataclass_fields__["concealed"].default
        extra = "" if self.concealed == default else f", concealed={self.concealed}"
        extra += ", claimed=True" if getattr(self, "claimed", False) else ""
        return f"{type(self).__name__}.from_str({str(self)!r}{extra})"


_KIND_WORDS = {GroupKind.SEQUENCE: "chow", GroupKind.TRIPLET: "pung", GroupKind.QUAD: "kong",
               GroupKind.PAIR: "pair"}


def _group_text(kind: GroupKind, first: Tile) -> str:
    if kind is GroupKind.SEQUENCE:
        return f"{first.rank}{first.rank + 1}{first.rank + 2}{SUIT_LETTERS[first.suit]}"
    return str(first) if kind is GroupKind.PAIR else f"{first.rank}{SUIT_LETTERS[first.suit]}"


def _slots_text(slots: Sequence[Tile | int | str | None]) -> str:
    """``slots`` as one mpsz run with a J per joker, if their tiles share a suit
    (``"4J6s"``), else each tile's own text (``"4s J 6p"``)."""
    tiles = [None if t is None else as_tile(t) for t in slots]
    suits = {t.suit for t in tiles if t is not None}
    if len(suits) == 1:
        suit, = suits
        return "".join("J" if t is None else str(t.rank) for t in tiles) + SUIT_LETTERS[suit]
    return " ".join("J" if t is None else str(t) for t in tiles)


def _read_slots(text: str) -> list[Tile | None]:
    """The slots of one mpsz run with jokers, like ``"4J6s"``.

    :raises NotationError: for anything else.
    """
    match = _SLOT_RUN.fullmatch(text.strip())
    if match is None:
        raise NotationError(
            f"{text!r} is not a group with jokers: write one run with a J in each joker's place, like 4J6s")
    digits, letter = match.groups()
    return [None if d == "J" else parse_tile(d + letter) for d in digits]


@dataclass(frozen=True, slots=True, repr=False)
class Meld(Group):
    """A declared group: an exposed set, a concealed kong (``concealed=True``), or a
    claimed kong (``claimed=True``): a concealed pung completed into a kong by claiming a
    discard, written ``{5555p}``. A claimed kong is exposed on the table and scores as an
    exposed kong; a rule set with ``claimed-kongs = "concealed"`` (``dmjl``, ``bmja``)
    keeps the hand concealed with it and counts it among the concealed pungs and kongs.
    There a special hand that must be concealed is made with it as with a concealed
    kong, a hand of sets or a fixed-shape one (``"kong 1m"`` beside singles), but a group
    the pattern itself marks ``concealed`` (``"kong 2m concealed"``: held, never declared)
    takes only a concealed kong: the claimed kong was declared on the table.

    >>> Meld.from_str("9999p", concealed=True)
    Meld.from_str('9999p', concealed=True)
    >>> Meld.from_str("5555p", claimed=True)
    Meld.from_str('5555p', claimed=True)
    >>> Meld.from_str("4J6s").joker_tile, Meld(GroupKind.TRIPLET, "5s", jokers=1)
    (<Tile.S5: 22>, Meld.from_str('55Js'))

    :raises InvalidHandError: for a pair, a concealed meld that is not a kong, or a
        claimed meld that is not an exposed kong.
    """

    concealed: bool = False
    claimed: bool = False
    """A claimed kong: a concealed pung completed by a claimed discard (see the class docstring)."""
    __hash__ = Group.__hash__  # defined here, so the dataclass does not generate a slower one

    def __post_init__(self) -> None:
        Group.__post_init__(self)  # zero-argument super() breaks in slotted dataclasses
        if self.kind is GroupKind.PAIR:
            raise InvalidHandError(f"a pair cannot be declared: {self} is two alike, a meld is a set")
        if self.concealed and self.kind is not GroupKind.QUAD:
            raise InvalidHandError(f"only a kong can be declared concealed, not {self}")
        if self.claimed is not False:
            if self.claimed is not True:
                raise InvalidHandError(f"claimed must be True or False, not {self.claimed!r}")
            if self.kind is not GroupKind.QUAD or self.concealed:
                raise InvalidHandError(f"only an exposed kong can be a claimed kong (a concealed pung "
                                       f"completed by a claimed discard), not {self}")
            object.__setattr__(self, "_hash", hash((self._hash, True)))

    @classmethod
    def from_str(cls, text: str, concealed: bool | None = None, claimed: bool = False) -> Self:
        """The meld written in mpsz (see :meth:`Group.from_str`); ``claimed``: a claimed kong."""
        meld = Group.from_str.__func__(cls, text, concealed)  # type: ignore[attr-defined]
        return cls.claimed_from(meld) if claimed else meld  # type: ignore[return-value]

    @classmethod
    def claimed_from(cls, meld: Meld) -> Meld:
        """The claimed kong of an exposed kong ``meld`` (its tiles and jokers kept)."""
        return cls(meld.kind, meld.first, False, meld.jokers, meld.joker_tile, claimed=True)

    @property
    def brackets(self) -> str:
        """How the notation encloses the meld: ``()`` a concealed kong, ``{}`` a claimed kong,
        ``[]`` any other."""
        return "()" if self.concealed else "{}" if self.claimed else "[]"


Decomposition: TypeAlias = tuple[Group, ...]
"""One way to split a hand: its groups sorted by :attr:`Group.sort_key`."""
