"""Where ``mjscore bulk``'s results go: an output file by its extension.

One record per input row: its number (``line``: the 1-based line of a text file;
``row``: the 0-based row of an array file or of ``--sample``), ``total``,
``special`` (the id of the limit hand that applied, else empty) and ``status``
(a :class:`~mjscore.HandStatus` name). ``.csv``, ``.jsonl`` and
``.parquet`` (needs pyarrow) store exactly that; ``.npy`` stores a structured
array with fields ``line``/``row`` (int64), ``total`` (int32), ``special`` (int16:
an index into the rule set's items, -1 for none, as ``score_many`` returns it) and
``status`` (uint8: the :class:`~mjscore.HandStatus` code).

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import struct
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core.errors import HandStatus
from ..rules import RuleSet
from .bulk_batches import BulkFileError, Results, status_name

__all__ = ["OUTPUT_FORMATS", "Writer", "open_writer"]

OUTPUT_FORMATS = (".csv", ".jsonl", ".parquet", ".npy")


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
    ids = np.array([hand.id for hand in rules.hands] + [""], dtype=object)  # special -1: ""
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


_NPY_HEADER = 256
"""Bytes of the ``.npy`` header: room for the dtype and any row count (a multiple of 64)."""


class _NpyWriter:
    """Each batch goes to the file as it comes (the memory stays flat); the header, written
    first with room for any row count, is rewritten at the end with the real one."""

    def __init__(self, path: Path, label: str) -> None:
        self.dtype = np.dtype([(label, np.int64), ("total", np.int32), ("special", np.int16),
                               ("status", np.uint8)])
        self.rows = 0
        try:  # fail now, not after scoring everything
            self.handle = path.open("wb")
        except OSError as error:
            raise BulkFileError(f"{path}: cannot write: {error.strerror or error}") from None
        self.handle.write(self._header())

    def _header(self) -> bytes:
        """The ``.npy`` (version 1.0) header of ``self.rows`` rows, padded to ``_NPY_HEADER`` bytes."""
        text = repr({"descr": np.lib.format.dtype_to_descr(self.dtype), "fortran_order": False,
                     "shape": (self.rows,)})
        magic = np.lib.format.magic(1, 0)
        room = _NPY_HEADER - len(magic) - 2
        return magic + struct.pack("<H", room) + (text.ljust(room - 1) + "\n").encode("latin1")

    def write(self, results: Results) -> None:
        part = np.empty(len(results.numbers), dtype=self.dtype)
        for name, values in zip(self.dtype.names or (), (results.numbers, results.totals,
                                                          results.special, results.status)):
            part[name] = values
        self.handle.write(part.tobytes())
        self.rows += len(part)

    def close(self) -> None:
        self.handle.seek(0)
        self.handle.write(self._header())
        self.handle.close()
