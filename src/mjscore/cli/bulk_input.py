"""Where ``mjscore bulk``'s rows come from: an input file by its extension, or ``--sample N``.

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
    Arrays ``counts`` (``(n, 34)``), optionally ``melds`` (``(n, 4)`` uint8), ``jokers``
    (jokers held concealed, ``(n,)`` or a scalar) and context arrays (``(n,)`` or
    scalars) named as :func:`~mjscore.score_many`'s keywords.

Text files are read a line at a time as bytes: a line that is not UTF-8 is a bad
row (``BAD_NOTATION``, with its line number and the offending byte) and the other
lines are scored. A UTF-8 byte order mark at the start is skipped.

The context keys, and what a text row that cannot be read becomes: :mod:`.bulk_rows`.
Nothing here prints or needs click or rich.
"""

from __future__ import annotations

import codecs
import csv
import itertools
import json
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from ..rows.codec import ROW_KEYWORDS, row_sizes
from ..rules import RuleSet
from ..rows.sample import ScoringRows, scoring_row_blocks
from ..distances.samples import random_special_hands
from .bulk_batches import Batch, BulkFileError
from .bulk_rows import Record, column_key, text_batches

__all__ = ["INPUT_FORMATS", "Source", "open_input", "sample_source"]

INPUT_FORMATS = (".txt", ".jsonl", ".csv", ".npy", ".npz")


@dataclass(frozen=True, slots=True)
class Source:
    """The rows to score, in batches."""

    batches: Iterator[Batch]
    total: int | None
    """Rows in all (None: not known before reading, as for text files)."""
    label: str
    """``"line"`` (1-based lines of a text file) or ``"row"`` (0-based rows)."""


def open_input(path: Path, chunk_size: int, rules: RuleSet) -> Source:
    """The rows of an input file, by its extension (see the module docstring), for
    ``rules`` (which says whether a hand's jokers can be scored).

    A text file is opened and read up to its first row here (a CSV file's header
    checked), so a file that cannot be read fails before any output is created.

    :raises BulkFileError: an unknown extension, or a file that cannot be read as a whole.
    """
    suffix = path.suffix.lower()
    if suffix in (".txt", ".jsonl", ".csv"):
        lines = {".txt": _txt_records, ".jsonl": _jsonl_records, ".csv": _csv_records}[suffix]
        records = lines(path)
        first = list(itertools.islice(records, 1))
        return Source(text_batches(itertools.chain(first, records), chunk_size, rules), None, "line")
    if suffix == ".npy":
        counts = _load_npy(path)
        return _array_source(counts, None, {}, chunk_size)
    if suffix == ".npz":
        counts, melds, context = _load_npz(path)
        return _array_source(counts, melds, context, chunk_size)
    raise BulkFileError(f"{path}: unknown input format {suffix or '(no extension)'!r}; "
                        f"expected one of {', '.join(INPUT_FORMATS)}")


SPECIAL_SHARE = 10
"""Under a rule set with special hands made of tiles, ``--sample`` makes one row in this
many one of them: random hands of sets almost never take a special hand's shape."""
SPECIAL_POOL = 2_000
"""Special-hand rows drawn once per sample and reused (drawing one costs about 70 us)."""


def sample_source(n: int, seed: int, chunk_size: int, rules: RuleSet | None = None) -> Source:
    """``n`` rows of :func:`mjscore.rows.sample.random_scoring_rows` with this seed, drawn a
    block at a time (:func:`~mjscore.rows.sample.scoring_row_blocks`) so the memory stays flat in ``n``;
    under ``rules`` with special hands made of tiles, every :data:`SPECIAL_SHARE`-th row is
    one of them instead (:func:`mjscore.distances.samples.random_special_hands`), won
    self-drawn on one of its concealed tiles, in a plain situation."""
    pool = None
    if rules is not None and any(hand.forms for hand in rules.hands):
        pool = random_special_hands(rules, min(n, SPECIAL_POOL), seed)
    rng = np.random.default_rng(seed)

    def batches() -> Iterator[Batch]:
        first = 0
        for rows in _rechunk(scoring_row_blocks(n, seed), chunk_size):
            if pool is not None and len(pool[0]):
                rows = _with_special_hands(rows, first, pool, rng)
            yield _array_batch(first, rows.counts, rows.melds, rows.context())
            first += len(rows.counts)

    return Source(batches(), n, "row")


def _with_special_hands(rows: ScoringRows, first: int, pool: tuple[npt.NDArray[Any], ...],
                        rng: np.random.Generator) -> ScoringRows:
    """``rows`` (numbered from ``first``) with every SPECIAL_SHARE-th one drawn from ``pool``."""
    at = np.arange((-first) % SPECIAL_SHARE, len(rows.counts), SPECIAL_SHARE)
    if not len(at):
        return rows
    picked = rng.integers(len(pool[0]), size=len(at))
    columns = {name: np.array(value, copy=True) for name, value in rows._asdict().items()}
    columns["counts"][at], columns["melds"][at] = pool[0][picked], pool[1][picked]
    weights = pool[0][picked] * rng.random((len(at), 34))  # a concealed tile, by copies
    columns["win_tile"][at] = weights.argmax(axis=1)
    columns["self_drawn"][at] = True
    for flag in ("heaven", "earth", "declared_calling"):
        columns[flag][at] = False
    return ScoringRows(**columns)


def _rechunk(blocks: Iterable[ScoringRows], size: int) -> Iterator[ScoringRows]:
    """The same rows in pieces of ``size`` (the last may be shorter); a piece within one block
    is a view, one across blocks a copy."""
    pieces: list[ScoringRows] = []
    held = 0
    for block in blocks:
        start, m = 0, len(block.counts)
        while start < m:
            take = min(size - held, m - start)
            pieces.append(ScoringRows._make(column[start:start + take] for column in block))
            held, start = held + take, start + take
            if held == size:
                yield _join(pieces)
                pieces, held = [], 0
    if pieces:
        yield _join(pieces)


def _join(pieces: list[ScoringRows]) -> ScoringRows:
    if len(pieces) == 1:
        return pieces[0]
    return ScoringRows(*(np.concatenate(columns) for columns in zip(*pieces)))


# --- text files ------------------------------------------------------------------------------------
#
# Read as bytes, a line at a time: a line that is not UTF-8 becomes a bad row (its
# line number and the offending byte) instead of ending the run.


def _open_bytes(path: Path) -> BinaryIO:
    try:
        return path.open("rb")
    except OSError as error:
        raise BulkFileError(f"{path}: cannot read: {error.strerror or error}") from None


def _lines(handle: BinaryIO) -> Iterator[tuple[int, str, str | None]]:
    """``(line number, text, problem)`` per line, its line ending kept; ``problem`` says why a
    line is not UTF-8 (its text then has U+FFFD for the bytes that are not)."""
    for number, raw in enumerate(handle, 1):
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8):]
        try:
            yield number, raw.decode("utf-8"), None
        except UnicodeDecodeError as error:
            problem = (f"not UTF-8 text: byte 0x{raw[error.start]:02x} at column {error.start + 1}; "
                       "save the file as UTF-8")
            yield number, raw.decode("utf-8", errors="replace"), problem


def _txt_records(path: Path) -> Iterator[Record]:
    with _open_bytes(path) as handle:
        for number, line, problem in _lines(handle):
            if problem is not None:
                yield number, problem
                continue
            text = line.split("#", 1)[0].strip()
            if text:
                yield number, {"hand": text}


def _jsonl_records(path: Path) -> Iterator[Record]:
    with _open_bytes(path) as handle:
        for number, line, problem in _lines(handle):
            if problem is not None:
                yield number, problem
                continue
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                yield number, f"not valid JSON: {error.msg} at column {error.colno}"
                continue
            yield number, value if isinstance(value, dict) else f"expected a JSON object, got {line.strip()!r:.60}"


def _csv_records(path: Path) -> Iterator[Record]:
    """One record per CSV row, numbered by its last line (a quoted cell may span several);
    a row with a line that is not UTF-8, or that the csv module rejects, is bad."""
    with _open_bytes(path) as handle:
        problems: dict[int, str] = {}  # by line, until the row holding that line is read

        def texts() -> Iterator[str]:
            for number, line, problem in _lines(handle):
                if problem is not None:
                    problems[number] = problem
                yield line

        reader = csv.DictReader(texts())
        try:
            columns = [column_key(c) for c in reader.fieldnames or ()]  # reads the first line
        except csv.Error as error:
            raise BulkFileError(f"{path}: line 1 (the column names): {error}") from None
        if 1 in problems:
            raise BulkFileError(f"{path}: line 1 (the column names): {problems[1]}")
        if "hand" not in columns:
            raise BulkFileError(f"{path}: the first line must name the columns, one of them 'hand'")
        unknown = [c for c in columns if c not in ("hand", *ROW_KEYWORDS)]
        if unknown:
            raise BulkFileError(f"{path}: unknown column {unknown[0]!r}; "
                                f"known: hand, {', '.join(ROW_KEYWORDS)}")
        while True:
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as error:  # the reader goes on with the next line
                problems.setdefault(reader.line_num, f"not CSV: {error}")
                row = None
            number = reader.line_num
            found = [problems.pop(line) for line in sorted(problems) if line <= number]
            if found:
                yield number, found[0]
            elif row is None:
                continue
            elif any(v is None for v in row.values()) or None in row:
                yield number, "wrong number of fields"
            else:
                yield number, {column_key(k): v for k, v in row.items() if v.strip()}


# --- array files -----------------------------------------------------------------------------------


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


_ROW_ARRAYS = ("jokers", "bonus", "claimed")
"""Besides the context, the per-row arrays of ``score_many`` an .npz may hold: the jokers
held concealed, the bonus tiles shown (a byte) and the claimed kongs (bits of the melds),
which a hand's text carries in its notation."""


def _load_npz(path: Path) -> tuple[npt.NDArray[Any], npt.NDArray[Any] | None, dict[str, Any]]:
    with _load(path) as archive:
        if not isinstance(archive, np.lib.npyio.NpzFile):
            raise BulkFileError(f"{path}: not an .npz archive")
        arrays = {column_key(name): archive[name] for name in archive.files}
    if "counts" not in arrays:
        raise BulkFileError(f"{path}: no 'counts' array (found: {', '.join(arrays) or 'none'})")
    counts = _counts_array(arrays.pop("counts"), f"{path}: counts")
    melds = arrays.pop("melds", None)
    if melds is not None and (melds.ndim != 2 or melds.shape[0] != len(counts)):
        raise BulkFileError(f"{path}: melds: expected an ({len(counts)}, 4) array, got shape {melds.shape}")
    unknown = sorted(set(arrays) - {*_ROW_ARRAYS, *ROW_KEYWORDS})
    if unknown:
        raise BulkFileError(f"{path}: unknown array {unknown[0]!r}; "
                            f"known: counts, melds, {', '.join(_ROW_ARRAYS)}, {', '.join(ROW_KEYWORDS)}")
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

    def batches() -> Iterator[Batch]:
        for start in range(0, n, chunk_size):
            rows = slice(start, min(n, start + chunk_size))
            yield _array_batch(start, counts[rows], None if melds is None else melds[rows],
                               {k: v[rows] if isinstance(v, np.ndarray) else v for k, v in context.items()})

    return Source(batches(), n, "row")


def _array_batch(first: int, counts: npt.NDArray[Any], melds: npt.NDArray[Any] | None,
                 context: dict[str, Any]) -> Batch:
    """Rows ``first``, ``first + 1``, ... of an array input, all of them to score."""
    m = len(counts)
    if "winner" not in context:  # as score(): a 13-tile hand did not go out
        context = {**context, "winner": row_sizes(counts, melds, context.get("jokers")) == 14}
    return Batch(numbers=np.arange(first, first + m, dtype=np.int64), scored=np.arange(m, dtype=np.intp),
                 counts=counts, melds=melds, context=context)
