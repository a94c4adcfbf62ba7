"""Hand notation: the compact mpsz form and a Western form, read and written.

Compact (mpsz) form
-------------------
Whitespace-separated tokens, the form Tenhou and most Mahjong software use:

=================  ===========================================================
``123m456p11z``    concealed tiles: digits closed by a suit letter, ``m``
                   characters, ``p`` dots, ``s`` bamboo, ``z`` honours (1z-4z
                   East South West North, 5z-7z white green red dragons); a
                   suit may be split across runs and tokens (``12m 3m``)
``[777s]``         an exposed meld: a sequence, a triplet or a kong (``[1111z]``)
``(9999p)``        a concealed kong: four alike
``{5555p}``        a claimed kong: a concealed pung completed into a kong by
                   claiming a discard (exposed on the table; a rule set says
                   whether it keeps the hand concealed)
``+3m``            the winning tile; it is *added* to the concealed tiles
``12f3y``          bonus tiles: flowers ``1f``-``4f``, seasons ``1y``-``4y``
``JJ``             jokers, one ``J`` each (uppercase only)
``[55Js]``         a meld holding jokers: a ``J`` in the place of each tile a
                   joker stands for, inside the run (``[5J5s]``) or as a word
                   of its own (``[5s5sJ]``, ``[J 5s 5s]``); ``(77JJz)`` a
                   concealed kong with two jokers; ``[4J6s]`` a chow whose
                   joker is the 5s
=================  ===========================================================

There is no ``0`` (red fives are not marked) and no ``8z``/``9z``. Tokens may
come in any order; a hand has 13 tiles, or 14 with the winning tile, jokers
included and a kong counting as 3 (fewer for a hand that did not go out, as
shown at the end of a deal, which only scoring reads). A lowercase ``j`` is an error rather than a
joker, so that a typo in a suit letter is never read as a tile.

Jokers in melds
---------------
A meld's tiles are read in the order written, and a joker stands for the tile
whose place it takes. For a pung or kong the order does not matter: ``[5J5s]``,
``[55sJ]`` and ``[J 5s 5s]`` are one pung of 5s holding one joker. A chow holds
at most one joker, written lowest tile first with the ``J`` in its place:
``[J56s]`` is 4-5-6, ``[45Js]`` is 4-5-6, ``[4J6s]`` is 4-5-6, each with a
different joker. Every meld keeps a natural tile (``[JJJ]`` names no tile), so
one natural tile and two jokers (``[5sJJ]``) are a pung. A meld's jokers count
as the tile they stand for: no more than four of a kind, jokers included, and
no more than 8 jokers in a hand, melds included (see :mod:`mjscore.core.jokers`).
The canonical form writes a pung's or kong's jokers last (``[55Js]``,
``(7JJJz)``), a chow's in place.

Western form
------------
One word per tile, separated by spaces, letters in any case:

=========================  ===================================================
``1B`` ... ``9B``          bamboo
``1C`` ... ``9C``          characters (craks)
``1D`` ... ``9D``          dots
``E S W N``                winds
``RD GD WD``               red, green, white dragons
``F1`` ... ``F4``          flowers
``S1`` ... ``S4``          seasons
``J``                      a joker (uppercase, as in the compact form)
``[RD RD RD]``             an exposed meld; ``(9D 9D 9D 9D)`` a concealed kong;
                           ``{5D 5D 5D 5D}`` a claimed kong
``+E`` or ``+ E``          the winning tile, added to the concealed tiles
=========================  ===================================================

A joker in a meld is the word ``J`` in its place: ``[5B 5B J]``, ``[4B J 6B]``,
``(RD RD J J)``.

Every word is read as compact first, then as Western, so the forms may mix:

>>> parse_hand("1C 2C 3C 4D 5D 6D 7B 8B 9B E [RD RD RD] +E")
Hand.from_str('123m456p789s1z [777z] +1z')
>>> parse_hand("123m 456p 789s 1z [777z] +1z") == parse_hand("123m 4D 5D 6D 789s [rd rd rd] + e 1z")
True

Output
------
``str(hand)`` (``format_hand(hand)``) is canonical: the concealed tiles without
the winning tile as one mpsz run in 34-index order, each meld in canonical
order, ``+`` and the winning tile, the bonus tiles (flowers then seasons), the
jokers; single spaces between. ``format_hand(hand, "western")`` writes the same
hand in Western words. Both parse back to an equal hand.

>>> hand = parse_hand("55z 1m (9999p) 23m JJ [777s] +1m 3y12f")
>>> format_hand(hand)
'123m55z [777s] (9999p) +1m 12f3y JJ'
>>> format_hand(hand, "western")
'1C 2C 3C WD WD [7B 7B 7B] (9D 9D 9D 9D) +1C F1 F2 S3 J J'
>>> hand = parse_hand("[5J5s] [J45m] (7zJ7zJ) 123p 1z +1z")
>>> format_hand(hand), format_hand(hand, "western")
('123p1z [J45m] [55Js] (77JJz) +1z', '1D 2D 3D E [J 4C 5C] [5B 5B J] (RD RD J J) +E')

Errors
------
Input that cannot be read raises :class:`NotationError`; a readable hand that
cannot exist (a fifth copy, 15 tiles, a meld that is not a set) raises
:class:`InvalidHandError`; one of more than 14 tiles raises its subclass
:class:`LongHandError`, also a :class:`NotWinningError` (it can make no Mah Jongg:
the club rules score it 0). Every message gives the reason, the character
position it applies to, and the input.

Reading stops at the first mistake, so a long text wrong near its start fails
at once: the words are read one by one, a meld's words stop at the four tiles
a meld holds, and a text past 64 tiles (far beyond any hand) is not read
further, its first mistake among the words read being the one reported.
"""

from __future__ import annotations

import functools
from typing import Literal, NamedTuple

from .errors import InvalidHandError, LongHandError, MjscoreError, NotationError
from .group import Meld
from .hand import HAND_SIZES, MAX_JOKERS, Hand, use_notation
from .tile import (N_KINDS, PUNCTUATION, TOKEN, Bonus, Tile, clip_word, parse_bonus, parse_tile,
                   read_one_tile, read_word, text_error, western_word)

__all__ = ["parse_hand", "format_hand", "parse_single_tile", "parse_bonus", "western_word"]

_OPENERS = {"[": "]", "(": ")", "{": "}"}
_CLOSERS = {"]": "[", ")": "(", "}": "{"}

_READ_LIMIT = 64
"""Tiles read (a meld counting 3) past which a hand is certainly wrong and reading stops:
far past any real hand, so every message about a hand of ordinary size is unchanged, and a
huge input fails after reading a few words of it."""
_TEXT_LIMIT = 1024
"""Characters past which the quick reader leaves a text to the careful one (which reads
no further than ``_READ_LIMIT`` tiles), rather than splitting all of it into words."""
_MELD_SLOTS = 4
"""The most tiles a meld holds: past them, reading its words stops."""


class _Tokens:
    """The words and punctuation of a text with their positions (:data:`TOKEN`), read only
    as far as they are asked for, so that a mistake early in a long text is found without
    reading the rest."""

    def __init__(self, text: str) -> None:
        self._matches = TOKEN.finditer(text)
        self._read: list[tuple[str, int]] = []

    def has(self, i: int) -> bool:
        """Whether the text has an ``i``-th token (reading up to it)."""
        while len(self._read) <= i:
            match = next(self._matches, None)
            if match is None:
                return False
            self._read.append((match.group(), match.start()))
        return True

    def __getitem__(self, i: int) -> tuple[str, int]:
        self.has(i)
        return self._read[i]


parse_single_tile = parse_tile
"""One of the 34 tiles in either form: :func:`mjscore.core.tile.parse_tile`, which reads the
words of both notations (see its module)."""


def _read_meld(tokens: _Tokens, i: int, text: str) -> tuple[Meld, list[int], int]:
    """The meld opened at ``tokens[i]``, the positions of its jokers, and the index
    after its closing bracket."""
    opener, pos = tokens[i]
    closer = _OPENERS[opener]
    slots: list[Tile | None] = []
    jokers: list[int] = []
    j = i + 1
    while True:
        if not tokens.has(j):
            raise text_error(NotationError, f"unclosed {opener!r}: no {closer!r} after it", pos, text)
        tok, p = tokens[j]
        if tok == closer:
            break
        if len(slots) >= _MELD_SLOTS and tok not in PUNCTUATION:
            raise text_error(NotationError, f"{opener!r} at position {pos} is not closed within the "
                             f"{_MELD_SLOTS} tiles a meld holds", p, text)
        if tok in _OPENERS:
            raise text_error(NotationError, f"{tok!r} inside {opener}{closer}: melds do not nest", p, text)
        if tok in _CLOSERS:
            raise text_error(NotationError, f"{tok!r} does not close {opener!r} (opened at position {pos})", p, text)
        if tok == "+":
            raise text_error(NotationError, "the winning tile '+' goes outside melds", p, text)
        for value, q in read_word(tok, p, text, in_meld=True):
            if isinstance(value, Bonus):
                raise text_error(InvalidHandError, "flowers and seasons cannot be part of a meld", q, text)
            if value is None:
                jokers.append(q)
            slots.append(value)
        j += 1
    shown = text[pos:tokens[j][1] + 1]
    if not slots:
        raise text_error(NotationError, f"empty meld {clip_word(shown)!r}", pos, text)
    if len(jokers) == len(slots):
        reason = f"{clip_word(shown)} names no tile: a meld keeps at least one natural tile beside its jokers"
        raise text_error(InvalidHandError, reason, pos, text)
    concealed = opener == "("
    if opener in "({" and not _is_kong(slots):
        what = "concealed kong: ( )" if concealed else "claimed kong: { }"
        raise text_error(
            InvalidHandError,
            f"{clip_word(shown)} is not a {what} holds four alike; write other sets in [ ]",
            pos,
            text,
        )
    try:
        meld = Meld.from_slots(slots, concealed)
        return (Meld.claimed_from(meld) if opener == "{" else meld), jokers, j + 1
    except InvalidHandError as error:
        raise text_error(InvalidHandError, f"meld {clip_word(shown)}: {error}", pos, text) from None


def _is_kong(slots: list[Tile | None] | tuple[Tile | None, ...]) -> bool:
    """Four slots whose natural tiles are all one kind (a concealed kong's shape)."""
    return len(slots) == 4 and len({t for t in slots if t is not None}) == 1


class _Word(NamedTuple):
    """What one word reads as, sorted by use: tiles, bonus tiles, jokers."""

    tiles: tuple[Tile, ...]
    bonus: tuple[Bonus, ...]
    jokers: int


_WORDS: dict[str, _Word] = {}
"""Each word seen so far ("123m", "RD"): words repeat endlessly."""
_WORDS_LIMIT = 1 << 14


def _word(word: str) -> _Word:
    """One word's tiles, bonus tiles and jokers; raises as :func:`~mjscore.core.tile.read_word`."""
    known = _WORDS.get(word)
    if known is None:
        values = [value for value, _ in read_word(word, 0, word)]
        known = _Word(tuple(v for v in values if isinstance(v, Tile)),
                      tuple(v for v in values if isinstance(v, Bonus)), values.count(None))
        if len(_WORDS) < _WORDS_LIMIT:
            _WORDS[word] = known
    return known


def forget_words() -> None:
    """Empty the quick reader's memory of words and melds."""
    _WORDS.clear()
    _meld.cache_clear()
    _meld_word.cache_clear()


@functools.lru_cache(maxsize=4096)  # melds are immutable and few: a few hundred kinds
def _meld(slots: tuple[Tile | None, ...], opener: str) -> Meld:
    meld = Meld.from_slots(slots, opener == "(")
    return Meld.claimed_from(meld) if opener == "{" else meld


@functools.lru_cache(maxsize=1024)
def _meld_word(word: str) -> tuple[Tile | None, ...] | None:
    """The slots of a word inside a meld holding a joker (``"5J5s"``); None for
    a word with a bonus tile. Raises as :func:`~mjscore.core.tile.read_word`."""
    values = [value for value, _ in read_word(word, 0, word, in_meld=True)]
    if any(isinstance(v, Bonus) for v in values):
        return None
    return tuple(v for v in values if not isinstance(v, Bonus))


def _parse_common(text: str) -> Hand | None:
    """The hand, read without tracking positions; None for anything unusual or wrong,
    which :func:`parse_hand` then reads again carefully to say where the mistake is.

    :class:`Hand` checks the same rules as :func:`_check`, so both paths accept the
    same hands.
    """
    tiles: list[Tile] = []
    melds: list[Meld] = []
    bonus: list[Bonus] = []
    jokers = 0
    win: Tile | None = None
    if len(text) > _TEXT_LIMIT:
        return None  # far longer than any hand: the careful reading stops early and says why
    tokens = TOKEN.findall(text)
    if len(tokens) > _READ_LIMIT or any(len(token) > _READ_LIMIT for token in tokens):
        return None  # longer than any hand: the careful reading says what is wrong, once
    i, n = 0, len(tokens)
    try:
        while i < n:
            tok = tokens[i]
            if tok in _OPENERS:
                closer, j = _OPENERS[tok], i + 1
                slots: list[Tile | None] = []
                while j < n and tokens[j] not in PUNCTUATION:
                    if "J" in tokens[j]:
                        wild = _meld_word(tokens[j])
                        if wild is None:
                            return None
                        slots += wild
                    else:
                        word = _word(tokens[j])
                        if word.bonus:
                            return None
                        slots += word.tiles
                    j += 1
                if j == n or tokens[j] != closer or not slots:
                    return None
                if tok in "({" and not _is_kong(slots):
                    return None
                melds.append(_meld(tuple(slots), tok))
                i = j + 1
            elif tok == "+":
                word = _word(tokens[i + 1]) if i + 1 < n and win is None else _Word((), (), 0)
                if len(word.tiles) != 1 or word.bonus or word.jokers:
                    return None
                win = word.tiles[0]
                tiles.append(win)
                i += 2
            elif tok in _CLOSERS:
                return None
            else:
                word = _word(tok)
                tiles += word.tiles
                bonus += word.bonus
                jokers += word.jokers
                i += 1
        if len(set(bonus)) != len(bonus) or not (tiles or melds or bonus or jokers):
            return None  # (a text of nothing: the careful reading says it holds no tiles)
        counts = [0] * N_KINDS
        for t in tiles:
            counts[t] += 1
        return Hand(tuple(counts), tuple(melds), win, tuple(bonus), jokers)
    except MjscoreError:
        return None


def parse_hand(text: str) -> Hand:
    """The hand written in compact (mpsz) or Western notation, or a mix; the inverse of
    :func:`format_hand`. ``mjscore.parse`` is this same function under its short name.

    >>> parse_hand("123m456p789s1122z +2z").win_tile
    <Tile.SOUTH: 28>

    :raises NotationError: for text that cannot be read.
    :raises InvalidHandError: for a hand that cannot exist.
    """
    if not isinstance(text, str):
        raise NotationError(f"a hand is written as text, not {type(text).__name__}")
    return _parse_common(text) or _parse_careful(text)


def _parse_careful(text: str) -> Hand:
    """:func:`parse_hand` with every tile's position, so an error can point at it."""
    tiles: list[tuple[Tile, int]] = []  # concealed, the winning tile included
    melds: list[tuple[Meld, int]] = []
    bonus: list[tuple[Bonus, int]] = []
    jokers: list[int] = []
    meld_jokers: list[int] = []
    win: tuple[Tile, int] | None = None
    tokens = _Tokens(text)
    i = 0
    while tokens.has(i):
        if len(tiles) + len(jokers) + len(bonus) + 3 * len(melds) > _READ_LIMIT:
            break  # certainly wrong: _check says why from what was read
        tok, pos = tokens[i]
        if tok in _OPENERS:
            meld, wild, i = _read_meld(tokens, i, text)
            melds.append((meld, pos))
            meld_jokers += wild
            continue
        if tok in _CLOSERS:
            raise text_error(NotationError, f"{tok!r} without a matching {_CLOSERS[tok]!r}", pos, text)
        if tok == "+":
            if win is not None:
                raise text_error(NotationError, f"a second winning tile: the first is at position {win[1]}", pos, text)
            if not tokens.has(i + 1) or tokens[i + 1][0] in PUNCTUATION:
                raise text_error(NotationError, "'+' without a tile after it", pos, text)
            word, p = tokens[i + 1]
            win = (read_one_tile(word, p, text, "the winning tile"), p)
            tiles.append(win)
            i += 2
            continue
        for value, p in read_word(tok, pos, text):
            if value is None:
                jokers.append(p)
            elif isinstance(value, Bonus):
                bonus.append((value, p))
            else:
                tiles.append((value, p))
        i += 1
    _check(text, tiles, melds, bonus, jokers, meld_jokers, win, tokens.has(i))
    counts = [0] * N_KINDS
    for t, _ in tiles:
        counts[t] += 1
    try:
        return Hand(
            tuple(counts),
            tuple(m for m, _ in melds),
            None if win is None else win[0],
            tuple(b for b, _ in bonus),
            len(jokers),
        )
    except InvalidHandError as error:  # _check should have caught it first
        raise text_error(InvalidHandError, str(error), 0, text) from None


def _check(
    text: str,
    tiles: list[tuple[Tile, int]],
    melds: list[tuple[Meld, int]],
    bonus: list[tuple[Bonus, int]],
    jokers: list[int],
    meld_jokers: list[int],
    win: tuple[Tile, int] | None,
    cut: bool = False,
) -> None:
    """The hand's rules, with the position each one is broken at (see :class:`Hand`).

    ``jokers`` holds the positions of the concealed jokers, ``meld_jokers`` of those in melds;
    ``cut``: reading stopped at :data:`_READ_LIMIT` tiles, before the end of the text.
    """
    every = sorted(jokers + meld_jokers)
    if len(every) > MAX_JOKERS:
        raise text_error(InvalidHandError, f"{len(every)} jokers: a set has at most {MAX_JOKERS}", every[MAX_JOKERS], text)
    seen: dict[Bonus, int] = {}
    for b, p in bonus:
        if b in seen:
            reason = f"bonus tile {b} twice (first at position {seen[b]}): there is one of each flower and season"
            raise text_error(InvalidHandError, reason, p, text)
        seen[b] = p
    placed = sorted([(p, t) for t, p in tiles] + [(p, t) for m, p in melds for t in m.tiles])
    copies = [0] * N_KINDS
    for p, t in placed:
        copies[t] += 1
        if copies[t] > 4:
            if any(m.joker_tile == t for m, q in melds if q <= p):
                reason = f"5 of {Tile(t)} counting the jokers that stand for it: at most 4 of a kind, jokers included"
            else:
                reason = f"5 copies of {Tile(t)}: there are only 4"
            raise text_error(InvalidHandError, reason, p, text)
    # One tile each, a meld 3 whatever its kind, so the first tile past 14 can be pointed at.
    weights = sorted([(p, 1) for _, p in tiles] + [(p, 1) for p in jokers] + [(p, 3) for _, p in melds])
    size = sum(w for _, w in weights)
    if size not in HAND_SIZES or not (size or bonus):  # no tiles: a loser's bonus tiles alone
        where = len(text)
        running = 0
        for p, w in weights:
            running += w
            if running > max(HAND_SIZES):
                where = p
                break
        reason = (f"the hand has {'over ' * cut}{size} tiles; a hand has 13 tiles, or 14 with the winning "
                  "tile (fewer only for a hand that did not go out, none but its bonus tiles), a kong counting as 3")
        raise text_error(LongHandError if size > max(HAND_SIZES) else InvalidHandError, reason, where, text)
    if win is not None and size != 14:
        reason = f"a winning tile on a hand of {size} tiles: with its winning tile a hand has 14"
        raise text_error(InvalidHandError, reason, win[1], text)


def format_hand(hand: Hand, style: Literal["mpsz", "western"] = "mpsz") -> str:
    """The hand in canonical compact (``"mpsz"``) or Western notation: :meth:`Hand.format`,
    which writes it (each value object writes its own text; this module reads text).

    :raises NotationError: for an unknown style.
    """
    return hand.format(style)


use_notation(parse_hand)  # Hand.from_str reads through this module (see mjscore.core.hand)
