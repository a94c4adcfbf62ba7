"""Text rows of ``mjscore bulk`` (a ``.txt``, ``.jsonl`` or ``.csv`` line) laid out for
:func:`~mjscore.score_many`.

Context keys (columns, JSON keys, ``.npz`` arrays; ``-`` may stand for ``_``):
:data:`CONTEXT_KEYS`. They mean what they mean to :func:`mjscore.score`, with the
same defaults: in particular ``winner`` defaults to "the hand holds 14 tiles", so a
13-tile row is scored as a hand that did not go out. Flowers and seasons are not
read (no shipped rule set scores them).

A text row that cannot be read (bad notation, bad JSON, a hand that cannot exist)
gets the status ``BAD_NOTATION`` (code 6, :class:`~mjscore.HandStatus`), a hand
with jokers ``NOT_WINNING`` (as in :func:`mjscore.score`); a
context value that cannot be read, or a ``win_tile`` other than the hand's ``+X``,
gets ``BAD_CONTEXT``; the other rows are scored together. Every row gets a result.

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bulk_scoring import read_hand
from ..context import wind_of
from ..errors import HandStatus, MjscoreError
from ..hand import Hand
from ..scoring import _meld_bytes
from ..tile import Tile, as_tile
from .bulk_batches import Batch, RowError

__all__ = ["FLAG_KEYS", "CONTEXT_KEYS", "Record", "column_key", "text_batches"]

FLAG_KEYS = ("self_drawn", "last_tile", "last_discard", "robbing_kong", "kong_on_kong",
             "heaven", "earth", "declared_calling", "winner")
"""The on/off context keys."""
CONTEXT_KEYS = ("win_tile", "seat_wind", "prevailing_wind", "dealer", "replacement", *FLAG_KEYS)
"""The context a bulk row may give: :func:`~mjscore.score_many`'s keywords."""

Record = tuple[int, Mapping[str, object] | str]
"""A text row: its line number, and its fields or the reason the line cannot be read."""

_NO_MELDS = b"\xff" * 4
_TRUE = {"true", "t", "yes", "y", "1"}
_FALSE = {"false", "f", "no", "n", "0"}
_REPLACEMENTS = {"kong": 1, "bonus": 2, "none": 0, "true": 1, "false": 0}


def column_key(name: str) -> str:
    """A column, JSON key or array name as a context key: ``Self-Drawn`` -> ``self_drawn``."""
    return name.strip().lower().replace("-", "_")


@dataclass(frozen=True, slots=True)
class _Row:
    """One readable text row, as score_many columns."""

    counts: tuple[int, ...]
    melds: bytes
    win_tile: int
    seat: int
    prevailing: int
    dealer: bool
    replacement: int
    flags: tuple[bool, ...]


def text_batches(records: Iterable[Record], chunk_size: int) -> Iterator[Batch]:
    """The records in batches of ``chunk_size`` rows."""
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == chunk_size:
            yield _text_batch(chunk)
            chunk = []
    if chunk:
        yield _text_batch(chunk)


def _text_batch(records: list[Record]) -> Batch:
    rows: list[_Row] = []
    scored: list[int] = []
    errors: list[RowError] = []
    for position, (_, fields) in enumerate(records):
        row = _read_row(fields)
        if isinstance(row, _Row):
            rows.append(row)
            scored.append(position)
        else:
            errors.append(RowError(position, *row))
    flags = np.array([r.flags for r in rows], dtype=bool).reshape(len(rows), len(FLAG_KEYS))
    context: dict[str, Any] = {
        "win_tile": np.array([r.win_tile for r in rows], dtype=np.uint8),
        "seat_wind": np.array([r.seat for r in rows], dtype=np.uint8),
        "prevailing_wind": np.array([r.prevailing for r in rows], dtype=np.uint8),
        "dealer": np.array([r.dealer for r in rows], dtype=bool),
        "replacement": np.array([r.replacement for r in rows], dtype=np.uint8),
        **{key: flags[:, i] for i, key in enumerate(FLAG_KEYS)},
    }
    return Batch(
        numbers=np.array([number for number, _ in records], dtype=np.int64),
        scored=np.array(scored, dtype=np.intp),
        counts=np.array([r.counts for r in rows], dtype=np.uint8).reshape(len(rows), 34),
        melds=np.frombuffer(b"".join(r.melds for r in rows), dtype=np.uint8).reshape(len(rows), 4),
        context=context, errors=tuple(errors))


def _read_row(fields: Mapping[str, object] | str) -> _Row | tuple[int, str]:
    """A text row as score_many columns, or ``(status, message)``."""
    if isinstance(fields, str):
        return HandStatus.BAD_NOTATION, fields
    fields = {column_key(str(k)): v for k, v in fields.items() if v is not None}
    if "hand" not in fields:
        return HandStatus.BAD_NOTATION, "no 'hand' given"
    hand = read_hand(fields.pop("hand"))
    if not isinstance(hand, Hand):
        return hand
    try:
        return _row(hand, fields)
    except (MjscoreError, ValueError) as error:
        return HandStatus.BAD_CONTEXT, str(error)


def _row(hand: Hand, fields: Mapping[str, object]) -> _Row:
    """:raises ValueError: an unknown key or a value that cannot be read."""
    unknown = sorted(set(fields) - set(CONTEXT_KEYS))
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r}; known: hand, {', '.join(CONTEXT_KEYS)}")
    win = fields.get("win_tile")
    win_tile = hand.win_tile if win is None else _tile(win, "win_tile")
    if hand.win_tile is not None and win_tile != hand.win_tile:
        raise ValueError(f"win_tile={win!r} but the hand marks {hand.win_tile} as its winning tile")
    seat = int(wind_of(fields.get("seat_wind", "E"), "seat_wind"))
    dealer = fields.get("dealer")
    flags = {key: _bool(fields[key], key) for key in FLAG_KEYS if key in fields}
    flags.setdefault("winner", hand.size == 14)
    return _Row(
        counts=hand.concealed, melds=_meld_bytes(hand.melds) if hand.melds else _NO_MELDS,
        win_tile=255 if win_tile is None else int(win_tile), seat=seat,
        prevailing=int(wind_of(fields.get("prevailing_wind", "E"), "prevailing_wind")),
        dealer=seat == Tile.EAST if dealer is None else _bool(dealer, "dealer"),
        replacement=_replacement(fields.get("replacement")),
        flags=tuple(flags.get(key, False) for key in FLAG_KEYS))


def _tile(value: object, name: str) -> Tile:
    if isinstance(value, str) and value.strip().lower() in ("", "none", "null"):
        raise ValueError(f"{name}: give a tile, or leave it out")
    try:
        return as_tile(value.strip() if isinstance(value, str) else value)  # type: ignore[arg-type]
    except MjscoreError as error:
        raise ValueError(f"{name}: {error}") from None


def _bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"{name} must be true or false, not {value!r}")


def _replacement(value: object) -> int:
    if value is None or value is False:
        return 0
    if value is True:
        return 1
    if isinstance(value, str) and value.strip().lower() in _REPLACEMENTS:
        return _REPLACEMENTS[value.strip().lower()]
    raise ValueError(f"replacement must be 'kong', 'bonus' or none, not {value!r}")
