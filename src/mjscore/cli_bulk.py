"""The files of the ``mjscore bulk`` command: reading rows, scoring them in batches, writing results.

Nothing here prints or needs click or rich; :mod:`mjscore.cli` drives it.

Input, by extension
-------------------
``.txt``
    One hand per line (mpsz or Western notation, ``+X`` marks the winning tile);
    blank lines and ``#`` comments are skipped.
``.jsonl``
    One JSON object per line: a ``hand`` plus optional context keys.
``.csv``
    A ``hand`` column plus optional context columns (an empty cell is the default).
``.npy``
    An ``(n, 34)`` integer array of concealed hands; no winning tile is known, so
    :func:`~mjscore.score_many` tries every tile the hand holds (the best reading wins).
``.npz``
    Arrays ``counts`` (``(n, 34)``), optionally ``melds`` (``(n, 4)`` uint8) and
    context arrays (``(n,)`` or scalars) named as :func:`~mjscore.score_many`'s keywords.

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

Output, by extension
--------------------
One record per input row: its number (``line``: the 1-based line of a text file;
``row``: the 0-based row of an array file or of ``--sample``), ``total``,
``special`` (the id of the limit hand that applied, else empty) and ``status``
(a :class:`~mjscore.HandStatus` name). ``.csv``, ``.jsonl`` and
``.parquet`` (needs pyarrow) store exactly that; ``.npy`` stores a structured
array with fields ``line``/``row`` (int64), ``total`` (int32), ``special`` (int16:
an index into the rule set's items, -1 for none, as ``score_many`` returns it) and
``status`` (uint8: the :class:`~mjscore.HandStatus` code).
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .bulk_scoring import read_hand, score_many
from .context import wind_of
from .errors import HandStatus, MjscoreError, status_error
from .hand import Hand
from .rules import RuleSet
from .sample import random_scoring_rows
from .scoring import _meld_bytes
from .tile import Tile, as_tile

__all__ = [
    "CONTEXT_KEYS", "INPUT_FORMATS", "OUTPUT_FORMATS", "BulkFileError", "RowError",
    "Batch", "Results", "Source", "Tally", "open_input", "sample_source", "score_batch",
    "problems", "open_writer", "status_name",
]

_FLAG_KEYS = ("self_drawn", "last_tile", "last_discard", "robbing_kong", "kong_on_kong",
              "heaven", "earth", "declared_calling", "winner")
CONTEXT_KEYS = ("win_tile", "seat_wind", "prevailing_wind", "dealer", "replacement", *_FLAG_KEYS)
"""The context a bulk row may give: :func:`~mjscore.score_many`'s keywords."""

INPUT_FORMATS = (".txt", ".jsonl", ".csv", ".npy", ".npz")
OUTPUT_FORMATS = (".csv", ".jsonl", ".parquet", ".npy")

_NO_MELDS = b"\xff" * 4
_TRUE = {"true", "t", "yes", "y", "1"}
_FALSE = {"false", "f", "no", "n", "0"}
_REPLACEMENTS = {"kong": 1, "bonus": 2, "none": 0, "true": 1, "false": 0}


class BulkFileError(MjscoreError):
    """A whole file cannot be read or written (the command exits 2); rows never raise this."""


def status_name(code: int) -> str:
    """The ``HandStatus`` name of a status code."""
    return HandStatus(code).name


# --- batches and results -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RowError:
    """A row that was not scored, found while reading it."""

    position: int
    """Its position in its batch."""
    status: int
    message: str


@dataclass(frozen=True, slots=True)
class Batch:
    """Consecutive input rows: the readable ones laid out for :func:`~mjscore.score_many`.

    ``scored`` holds the positions (into ``numbers``) of the rows in ``counts``;
    the other rows are in ``errors``.
    """

    numbers: npt.NDArray[np.int64]
    scored: npt.NDArray[np.intp]
    counts: npt.NDArray[np.uint8]
    melds: npt.NDArray[np.uint8] | None
    context: dict[str, Any]
    errors: tuple[RowError, ...] = ()

    def __len__(self) -> int:
        return len(self.numbers)


@dataclass(frozen=True, slots=True)
class Results:
    """A batch's results, one entry per row, in input order."""

    numbers: npt.NDArray[np.int64]
    totals: npt.NDArray[np.int32]
    special: npt.NDArray[np.int16]
    status: npt.NDArray[np.uint8]
    messages: dict[int, str] = field(default_factory=dict)
    """Why each row found bad while reading was (by position)."""
    sizes: npt.NDArray[np.int64] | None = None
    """Tiles per scored row (for the wrong-size message)."""


def score_batch(batch: Batch, rules: RuleSet, threads: int = 1) -> Results:
    """Score a batch's readable rows with :func:`~mjscore.score_many`; the others keep their status.

    :raises BulkFileError: a context array of an array file that ``score_many`` rejects.
    """
    n = len(batch)
    totals = np.zeros(n, dtype=np.int32)
    special = np.full(n, -1, dtype=np.int16)
    status = np.zeros(n, dtype=np.uint8)
    if batch.scored.size:
        try:
            scored = score_many(batch.counts, rules, melds=batch.melds, threads=threads,
                                return_status=True, **batch.context)
        except MjscoreError as error:  # a whole column is wrong, not one row
            raise BulkFileError(str(error)) from None
        totals[batch.scored], special[batch.scored], status[batch.scored] = scored
    for bad in batch.errors:
        status[bad.position] = bad.status
    sizes = np.zeros(n, dtype=np.int64)
    sizes[batch.scored] = batch.counts.sum(axis=1, dtype=np.int64) + 3 * (
        0 if batch.melds is None else (batch.melds != 0xFF).sum(axis=1))
    return Results(batch.numbers, totals, special, status,
                   {e.position: e.message for e in batch.errors}, sizes)


def problems(results: Results) -> Iterator[tuple[int, str, str]]:
    """Every bad row of a batch, in order: ``(number, status name, message)``."""
    for position in np.flatnonzero(results.status).tolist():
        code = int(results.status[position])
        message = results.messages.get(position)
        if message is None:
            size = 0 if results.sizes is None else int(results.sizes[position])
            message = str(status_error(code, size=size, sizes="13 or 14"))
        yield int(results.numbers[position]), status_name(code), message


# --- the tally behind the summary -----------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Counts over every batch: statuses, limit hands, and how many OK rows scored each total.

    Totals are counted, not kept, so the memory does not grow with the rows.
    """

    rules: RuleSet
    rows: int = 0
    statuses: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(256, dtype=np.int64))
    specials: npt.NDArray[np.int64] = field(init=False)
    """Rows per limit hand (by item index); the last entry counts rows without one."""
    totals: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """``totals[t]``: OK rows that scored ``t``."""
    scoring_seconds: float = 0.0
    """Time spent in :func:`score_batch` (the rest is reading, writing, generating)."""

    def __post_init__(self) -> None:
        self.specials = np.zeros(len(self.rules.items) + 1, dtype=np.int64)

    def add(self, results: Results) -> None:
        """Count one batch's results."""
        ok = results.status == HandStatus.OK
        self.rows += len(results.numbers)
        self.statuses += np.bincount(results.status, minlength=256)
        special = results.special[ok]
        self.specials += np.bincount(np.where(special < 0, len(self.specials) - 1, special),
                                     minlength=len(self.specials))
        counts = np.bincount(results.totals[ok].astype(np.intp), minlength=len(self.totals))
        counts[:len(self.totals)] += self.totals
        self.totals = counts

    @property
    def scored(self) -> int:
        """Rows scored OK."""
        return int(self.statuses[HandStatus.OK])

    @property
    def bad(self) -> int:
        """Rows with any other status."""
        return self.rows - self.scored

    def errors(self) -> dict[str, int]:
        """Bad rows by status name, most frequent first."""
        codes = np.flatnonzero(self.statuses[1:]) + 1
        found = {status_name(int(c)): int(self.statuses[c]) for c in codes}
        return dict(sorted(found.items(), key=lambda kv: -kv[1]))

    def distribution(self) -> dict[str, float]:
        """``min``, quantiles ``p10``-``p99`` (``median``), ``max`` and ``mean`` of the OK totals.

        A quantile is a total scored (NumPy's ``method="lower"``), not an interpolation.
        """
        n = int(self.totals.sum())
        if not n:
            return {}
        running = np.cumsum(self.totals)
        levels = {"min": 0, "p10": 10, "p25": 25, "median": 50, "p75": 75, "p90": 90,
                  "p99": 99, "max": 100}
        found = {name: float(np.searchsorted(running, (n - 1) * q // 100, side="right"))
                 for name, q in levels.items()}
        found["mean"] = float(np.dot(np.arange(len(self.totals)), self.totals) / n)
        return found

    def histogram(self, bins: int = 8) -> list[tuple[int, int, int]]:
        """The OK totals in ``bins`` equal integer ranges: ``(low, high, count)``, both ends in."""
        scored = np.flatnonzero(self.totals)
        if not scored.size:
            return []
        low, high = int(scored[0]), int(scored[-1])
        width = -(-(high - low + 1) // bins)
        return [(start, min(high, start + width - 1), int(self.totals[start:start + width].sum()))
                for start in range(low, high + 1, width)]

    def top_specials(self, k: int = 5) -> list[tuple[str, str, int]]:
        """The ``k`` most frequent limit hands: ``(id, name, count)``."""
        order = np.argsort(-self.specials[:-1], kind="stable")[:k]
        return [(self.rules.items[i].id, self.rules.items[i].name, int(self.specials[i]))
                for i in order.tolist() if self.specials[i]]


# --- sources ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Source:
    """The rows to score, in batches."""

    batches: Iterator[Batch]
    total: int | None
    """Rows in all (None: not known before reading, as for text files)."""
    label: str
    """``"line"`` (1-based lines of a text file) or ``"row"`` (0-based rows)."""


def open_input(path: Path, chunk_size: int) -> Source:
    """The rows of an input file, by its extension (see the module docstring).

    :raises BulkFileError: an unknown extension, or a file that cannot be read as a whole.
    """
    suffix = path.suffix.lower()
    if suffix in (".txt", ".jsonl", ".csv"):
        lines = {".txt": _txt_records, ".jsonl": _jsonl_records, ".csv": _csv_records}[suffix]
        return Source(_text_batches(lines(path), chunk_size), None, "line")
    if suffix == ".npy":
        counts = _load_npy(path)
        return _array_source(counts, None, {}, chunk_size)
    if suffix == ".npz":
        counts, melds, context = _load_npz(path)
        return _array_source(counts, melds, context, chunk_size)
    raise BulkFileError(f"{path}: unknown input format {suffix or '(no extension)'!r}; "
                        f"expected one of {', '.join(INPUT_FORMATS)}")


def sample_source(n: int, seed: int, chunk_size: int) -> Source:
    """``n`` rows of :func:`mjscore.sample.random_scoring_rows` with this seed."""
    rows = random_scoring_rows(n, seed)
    context = {"win_tile": rows.win_tile, "self_drawn": rows.self_drawn,
               "seat_wind": rows.seat_wind, "prevailing_wind": rows.prevailing_wind}
    return _array_source(rows.counts, rows.melds, context, chunk_size)


# text files: (line number, fields or the reason the line cannot be read)
_Record = tuple[int, Mapping[str, object] | str]


def _open_text(path: Path) -> io.TextIOWrapper:
    try:
        return path.open(encoding="utf-8", newline="")
    except OSError as error:
        raise BulkFileError(f"{path}: cannot read: {error.strerror or error}") from None


def _txt_records(path: Path) -> Iterator[_Record]:
    with _open_text(path) as handle:
        for number, line in enumerate(handle, 1):
            text = line.split("#", 1)[0].strip()
            if text:
                yield number, {"hand": text}


def _jsonl_records(path: Path) -> Iterator[_Record]:
    with _open_text(path) as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                yield number, f"not valid JSON: {error.msg} at column {error.colno}"
                continue
            yield number, value if isinstance(value, dict) else f"expected a JSON object, got {line.strip()!r:.60}"


def _csv_records(path: Path) -> Iterator[_Record]:
    with _open_text(path) as handle:
        reader = csv.DictReader(handle)
        columns = [_key(c) for c in reader.fieldnames or ()]
        if "hand" not in columns:
            raise BulkFileError(f"{path}: the first line must name the columns, one of them 'hand'")
        unknown = [c for c in columns if c not in ("hand", *CONTEXT_KEYS)]
        if unknown:
            raise BulkFileError(f"{path}: unknown column {unknown[0]!r}; "
                                f"known: hand, {', '.join(CONTEXT_KEYS)}")
        for row in reader:  # line_num: the row's (last) line
            if any(v is None for v in row.values()) or None in row:
                yield reader.line_num, "wrong number of fields"
            else:
                yield reader.line_num, {_key(k): v for k, v in row.items() if v.strip()}


def _key(name: str) -> str:
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


def _text_batches(records: Iterable[_Record], chunk_size: int) -> Iterator[Batch]:
    chunk: list[_Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == chunk_size:
            yield _text_batch(chunk)
            chunk = []
    if chunk:
        yield _text_batch(chunk)


def _text_batch(records: list[_Record]) -> Batch:
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
    flags = np.array([r.flags for r in rows], dtype=bool).reshape(len(rows), len(_FLAG_KEYS))
    context: dict[str, Any] = {
        "win_tile": np.array([r.win_tile for r in rows], dtype=np.uint8),
        "seat_wind": np.array([r.seat for r in rows], dtype=np.uint8),
        "prevailing_wind": np.array([r.prevailing for r in rows], dtype=np.uint8),
        "dealer": np.array([r.dealer for r in rows], dtype=bool),
        "replacement": np.array([r.replacement for r in rows], dtype=np.uint8),
        **{key: flags[:, i] for i, key in enumerate(_FLAG_KEYS)},
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
    fields = {_key(str(k)): v for k, v in fields.items() if v is not None}
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
    flags = {key: _bool(fields[key], key) for key in _FLAG_KEYS if key in fields}
    flags.setdefault("winner", hand.size == 14)
    return _Row(
        counts=hand.concealed, melds=_meld_bytes(hand.melds) if hand.melds else _NO_MELDS,
        win_tile=255 if win_tile is None else int(win_tile), seat=seat,
        prevailing=int(wind_of(fields.get("prevailing_wind", "E"), "prevailing_wind")),
        dealer=seat == Tile.EAST if dealer is None else _bool(dealer, "dealer"),
        replacement=_replacement(fields.get("replacement")),
        flags=tuple(flags.get(key, False) for key in _FLAG_KEYS))


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


# array files ------------------------------------------------------------------------------------


def _load(path: Path) -> Any:
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        raise BulkFileError(f"{path}: cannot read: {error}") from None


def _counts_array(array: Any, where: str) -> npt.NDArray[Any]:
    if not isinstance(array, np.ndarray) or array.ndim != 2 or array.shape[1] != 34 \
            or array.dtype.kind not in "iu":
        shape = getattr(array, "shape", "?")
        raise BulkFileError(f"{where}: expected an (n, 34) integer array of tile counts, got shape {shape}")
    return array


def _load_npy(path: Path) -> npt.NDArray[Any]:
    return _counts_array(_load(path), str(path))


def _load_npz(path: Path) -> tuple[npt.NDArray[Any], npt.NDArray[Any] | None, dict[str, Any]]:
    with _load(path) as archive:
        if not isinstance(archive, np.lib.npyio.NpzFile):
            raise BulkFileError(f"{path}: not an .npz archive")
        arrays = {_key(name): archive[name] for name in archive.files}
    if "counts" not in arrays:
        raise BulkFileError(f"{path}: no 'counts' array (found: {', '.join(arrays) or 'none'})")
    counts = _counts_array(arrays.pop("counts"), f"{path}: counts")
    melds = arrays.pop("melds", None)
    if melds is not None and (melds.ndim != 2 or melds.shape[0] != len(counts)):
        raise BulkFileError(f"{path}: melds: expected an ({len(counts)}, 4) array, got shape {melds.shape}")
    unknown = sorted(set(arrays) - set(CONTEXT_KEYS))
    if unknown:
        raise BulkFileError(f"{path}: unknown array {unknown[0]!r}; "
                            f"known: counts, melds, {', '.join(CONTEXT_KEYS)}")
    for name, array in arrays.items():
        if array.ndim > 1 or (array.ndim == 1 and len(array) != len(counts)):
            raise BulkFileError(f"{path}: {name}: expected a scalar or a ({len(counts)},) array, "
                                f"got shape {array.shape}")
    return counts, melds, arrays


def _array_source(counts: npt.NDArray[Any], melds: npt.NDArray[Any] | None,
                  context: dict[str, Any], chunk_size: int) -> Source:
    n = len(counts)
    context = {k: v.item() if isinstance(v, np.ndarray) and v.ndim == 0 else v
               for k, v in context.items()}
    if "winner" not in context:  # as score(): a 13-tile hand did not go out
        size = counts.sum(axis=1, dtype=np.int64)
        if melds is not None:
            size += 3 * (melds != 0xFF).sum(axis=1)
        context["winner"] = size == 14

    def batches() -> Iterator[Batch]:
        for start in range(0, n, chunk_size):
            rows = slice(start, min(n, start + chunk_size))
            m = rows.stop - rows.start
            yield Batch(
                numbers=np.arange(rows.start, rows.stop, dtype=np.int64),
                scored=np.arange(m, dtype=np.intp), counts=counts[rows],
                melds=None if melds is None else melds[rows],
                context={k: v[rows] if isinstance(v, np.ndarray) else v for k, v in context.items()})

    return Source(batches(), n, "row")


# --- writers ---------------------------------------------------------------------------------------


class Writer(Protocol):
    """Where results go."""

    def write(self, results: Results) -> None: ...

    def close(self) -> None: ...


def open_writer(path: Path, label: str, rules: RuleSet) -> Writer:
    """A writer for the output file's extension (see the module docstring).

    :param label: the name of the number column, ``"line"`` or ``"row"``.
    :raises BulkFileError: an unknown extension, ``.parquet`` without pyarrow, or a
        file that cannot be created.
    """
    suffix = path.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise BulkFileError(f"{path}: unknown output format {suffix or '(no extension)'!r}; "
                            f"expected one of {', '.join(OUTPUT_FORMATS)}")
    ids = np.array([item.id for item in rules.items] + [""], dtype=object)  # special -1: ""
    if suffix == ".parquet":
        return _ParquetWriter(path, label, ids)
    if suffix == ".npy":
        return _NpyWriter(path, label)
    try:
        handle = path.open("w", encoding="utf-8", newline="")
    except OSError as error:
        raise BulkFileError(f"{path}: cannot write: {error.strerror or error}") from None
    return _CsvWriter(handle, label, ids) if suffix == ".csv" else _JsonlWriter(handle, label, ids)


_STATUS_NAMES = np.array([status_name(c) if c in set(map(int, HandStatus)) else ""
                          for c in range(256)], dtype=object)


def _columns(results: Results, ids: npt.NDArray[Any]) -> tuple[list[Any], ...]:
    """Numbers, totals, special ids and status names as Python lists."""
    return (results.numbers.tolist(), results.totals.tolist(), ids[results.special].tolist(),
            _STATUS_NAMES[results.status].tolist())


class _CsvWriter:
    def __init__(self, handle: io.TextIOWrapper, label: str, ids: npt.NDArray[Any]) -> None:
        self.handle, self.ids = handle, ids
        self.writer = csv.writer(handle, lineterminator="\n")
        self.writer.writerow([label, "total", "special", "status"])

    def write(self, results: Results) -> None:
        self.writer.writerows(zip(*_columns(results, self.ids)))

    def close(self) -> None:
        self.handle.close()


class _JsonlWriter:
    def __init__(self, handle: io.TextIOWrapper, label: str, ids: npt.NDArray[Any]) -> None:
        self.handle, self.label, self.ids = handle, label, ids

    def write(self, results: Results) -> None:
        self.handle.writelines(
            json.dumps({self.label: number, "total": total, "special": special or None, "status": status})
            + "\n" for number, total, special, status in zip(*_columns(results, self.ids)))

    def close(self) -> None:
        self.handle.close()


class _ParquetWriter:
    def __init__(self, path: Path, label: str, ids: npt.NDArray[Any]) -> None:
        try:  # optional (the [parquet] extra), and untyped
            pa = importlib.import_module("pyarrow")
            pq = importlib.import_module("pyarrow.parquet")
        except ImportError:
            raise BulkFileError(f'{path}: writing Parquet needs pyarrow: pip install "mjscore[parquet]"') from None
        self.pa, self.ids, self.label = pa, ids, label
        self.schema = pa.schema([(label, pa.int64()), ("total", pa.int32()),
                                 ("special", pa.string()), ("status", pa.string())])
        try:
            self.writer = pq.ParquetWriter(str(path), self.schema)
        except OSError as error:
            raise BulkFileError(f"{path}: cannot write: {error}") from None

    def write(self, results: Results) -> None:
        pa = self.pa
        special = [s or None for s in self.ids[results.special].tolist()]
        self.writer.write_table(pa.table({
            self.label: pa.array(results.numbers, pa.int64()), "total": pa.array(results.totals, pa.int32()),
            "special": pa.array(special, pa.string()),
            "status": pa.array(_STATUS_NAMES[results.status].tolist(), pa.string())}, schema=self.schema))

    def close(self) -> None:
        self.writer.close()


class _NpyWriter:
    def __init__(self, path: Path, label: str) -> None:
        self.path = path
        self.dtype = np.dtype([(label, np.int64), ("total", np.int32), ("special", np.int16),
                               ("status", np.uint8)])
        self.parts: list[npt.NDArray[Any]] = []
        try:
            path.open("wb").close()  # fail now, not after scoring everything
        except OSError as error:
            raise BulkFileError(f"{path}: cannot write: {error.strerror or error}") from None

    def write(self, results: Results) -> None:
        part = np.empty(len(results.numbers), dtype=self.dtype)
        for name, values in zip(self.dtype.names or (), (results.numbers, results.totals,
                                                          results.special, results.status)):
            part[name] = values
        self.parts.append(part)

    def close(self) -> None:
        with self.path.open("wb") as handle:  # np.save(path) would add ".npy" to ".NPY"
            np.save(handle, np.concatenate(self.parts) if self.parts else np.empty(0, dtype=self.dtype))
