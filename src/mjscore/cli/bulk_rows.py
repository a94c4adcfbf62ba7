"""Text rows of ``mjscore bulk`` (a ``.txt``, ``.jsonl`` or ``.csv`` line) laid out for
:func:`~mjscore.score_many`.

Context keys (columns, JSON keys, ``.npz`` arrays; ``-`` may stand for ``_``):
:data:`mjscore.rows.ROW_KEYWORDS`, the keywords of :func:`~mjscore.score_many`. They mean what they mean to :func:`mjscore.score`, with the
same defaults: in particular ``winner`` defaults to "the hand holds 14 tiles", so a
13-tile row is scored as a hand that did not go out. The flowers and seasons a hand
shows and its claimed kongs (``{5555p}``) are read from its notation (``dmjl`` and
``bmja`` score them).

A hand's jokers (``J`` in its notation) are scored as the rule set lets them stand
(``--option joker-use=pungs|chows|pairs`` for a shipped book): its concealed jokers go
to :func:`~mjscore.score_many`'s ``jokers`` column (there is no ``jokers`` key: the
notation says how many).

A text row that cannot be read (bad notation, bad JSON, a hand that cannot exist)
gets the status ``BAD_NOTATION`` (code 6, :class:`~mjscore.HandStatus`); a hand of more
than 14 tiles ``WRONG_SIZE``, as its array row (a longer hand scores 0); a hand with
jokers under a rule set without them ``NOT_WINNING`` (as in :func:`mjscore.score`),
one with a joker in a declared meld ``BAD_MELD`` (a row cannot carry it:
:func:`mjscore.score.bulk_scoring.read_hand`); a
context value that cannot be read, or a ``win_tile`` other than the hand's ``+X``,
gets ``BAD_CONTEXT``; the other rows are scored together. Every row gets a result.

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..score.bulk_scoring import read_hand
from ..core.context import FLAG_KEYWORDS, tile_of, wind_of
from ..core.errors import HandStatus, MjscoreError
from ..core.hand import Hand
from ..rows.codec import ROW_KEYWORDS, UNKNOWN_TILE, hand_arrays, replacement_code
from ..rules import RuleSet
from ..core.tile import Tile
from .bulk_batches import Batch, RowError

__all__ = ["Record", "column_key", "text_batches"]

Record = tuple[int, Mapping[str, object] | str]
"""A text row: its line number, and its fields or the reason the line cannot be read."""

_TRUE = {"true", "t", "yes", "y", "1"}
_FALSE = {"false", "f", "no", "n", "0"}


def column_key(name: str) -> str:
    """A column, JSON key or array name as a context key: ``Self-Drawn`` -> ``self_drawn``."""
    return name.strip().lower().replace("-", "_")


@dataclass(frozen=True, slots=True)
class _Row:
    """One readable text row: its hand, and its context as score_many columns."""

    hand: Hand
    """Its tiles, and the jokers it holds concealed."""
    win_tile: int
    seat: int
    prevailing: int
    dealer: bool
    replacement: int
    dealer_streak: int
    flags: tuple[bool, ...]


def text_batches(records: Iterable[Record], chunk_size: int, rules: RuleSet) -> Iterator[Batch]:
    """The records in batches of ``chunk_size`` rows, read for ``rules`` (which says
    whether a hand's jokers can be scored)."""
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == chunk_size:
            yield _text_batch(chunk, rules)
            chunk = []
    if chunk:
        yield _text_batch(chunk, rules)


def _text_batch(records: list[Record], rules: RuleSet) -> Batch:
    rows: list[_Row] = []
    scored: list[int] = []
    errors: list[RowError] = []
    for position, (_, fields) in enumerate(records):
        row = _read_row(fields, rules)
        if isinstance(row, _Row):
            rows.append(row)
            scored.append(position)
        else:
            errors.append(RowError(position, *row))
    flags = np.array([r.flags for r in rows], dtype=bool).reshape(len(rows), len(FLAG_KEYWORDS))
    context: dict[str, Any] = {
        "win_tile": np.array([r.win_tile for r in rows], dtype=np.uint8),
        "seat_wind": np.array([r.seat for r in rows], dtype=np.uint8),
        "prevailing_wind": np.array([r.prevailing for r in rows], dtype=np.uint8),
        "dealer": np.array([r.dealer for r in rows], dtype=bool),
        "replacement": np.array([r.replacement for r in rows], dtype=np.uint8),
        **{key: flags[:, i] for i, key in enumerate(FLAG_KEYWORDS)},
    }
    jokers = np.array([r.hand.jokers for r in rows], dtype=np.uint8)
    if jokers.any():  # a batch without jokers keeps score_many's path without them
        context["jokers"] = jokers
    hands = hand_arrays([r.hand for r in rows])
    streak = np.array([r.dealer_streak for r in rows], dtype=np.int64)
    for key, column in (("bonus", hands.bonus), ("claimed", hands.claimed), ("dealer_streak", streak)):
        if column.any():  # only where some row has one: the plain batches stay as they were
            context[key] = column
    return Batch(
        numbers=np.array([number for number, _ in records], dtype=np.int64),
        scored=np.array(scored, dtype=np.intp), counts=hands.counts, melds=hands.melds,
        context=context, errors=tuple(errors))


def _read_row(fields: Mapping[str, object] | str, rules: RuleSet) -> _Row | tuple[int, str]:
    """A text row as score_many columns, or ``(status, message)``."""
    if isinstance(fields, str):
        return HandStatus.BAD_NOTATION, fields
    fields = {column_key(str(k)): v for k, v in fields.items() if v is not None}
    if "hand" not in fields:
        return HandStatus.BAD_NOTATION, "no 'hand' given"
    hand = read_hand(fields.pop("hand"), rules)
    if not isinstance(hand, Hand):
        return hand
    try:
        return _row(hand, fields)
    except (MjscoreError, ValueError) as error:
        return HandStatus.BAD_CONTEXT, str(error)


def _row(hand: Hand, fields: Mapping[str, object]) -> _Row:
    """:raises ValueError: an unknown key or a value that cannot be read."""
    unknown = sorted(set(fields) - set(ROW_KEYWORDS))
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r}; known: hand, {', '.join(ROW_KEYWORDS)}")
    win = fields.get("win_tile")
    win_tile = hand.win_tile if win is None else _tile(win, "win_tile")
    if hand.win_tile is not None and win_tile != hand.win_tile:
        raise ValueError(f"win_tile={win!r} but the hand marks {hand.win_tile} as its winning tile")
    seat = int(wind_of(fields.get("seat_wind", "E"), "seat_wind"))
    dealer = fields.get("dealer")
    flags = {key: _bool(fields[key], key) for key in FLAG_KEYWORDS if key in fields}
    flags.setdefault("winner", hand.size == 14)
    replacement = replacement_code(fields.get("replacement"))
    # a hand from heaven and a loose tile are self-drawn by definition (as in score())
    flags.setdefault("self_drawn", bool(flags.get("heaven") or replacement))
    return _Row(
        hand=hand, win_tile=UNKNOWN_TILE if win_tile is None else int(win_tile), seat=seat,
        prevailing=int(wind_of(fields.get("prevailing_wind", "E"), "prevailing_wind")),
        dealer=seat == Tile.EAST if dealer is None else _bool(dealer, "dealer"),
        replacement=replacement, dealer_streak=_count(fields.get("dealer_streak", 0), "dealer_streak"),
        flags=tuple(flags.get(key, False) for key in FLAG_KEYWORDS))


def _count(value: object, name: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise ValueError(f"{name} must be a count (0 or more), not {value!r}")


def _tile(value: object, name: str) -> Tile:
    if isinstance(value, str) and value.strip().lower() in ("", "none", "null"):
        raise ValueError(f"{name}: give a tile, or leave it out")
    return tile_of(value.strip() if isinstance(value, str) else value, name)


def _bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"{name} must be true or false, not {value!r}")
