"""Where ``mjscore bulk``'s results go: an output file by its extension.

One record per input row: its number (``line``: the 1-based line of a text file;
``row``: the 0-based row of an array file or of ``--sample``), ``total``,
``special`` (the id of the limit hand that applied, else empty) and ``status``
(a :class:`~mjscore.HandStatus` name). ``.csv``, ``.jsonl`` and
``.parquet`` (needs pyarrow) store exactly that; ``.npy`` stores a structured
array with fields ``line``/``row`` (int64), ``total`` (int32), ``special`` (int16:
an index into the rule set's special hands, ``rules.hands``, -1 for none, as
``score_many`` returns it) and ``status`` (uint8: the :class:`~mjscore.HandStatus` code).

Results go to a temporary file beside the output (``.NAME.XXXXXXXX.tmp``, in the same
folder, so the final rename cannot cross file systems) and are renamed onto the
output's name only when the run completes: an interrupted or failed run leaves no
file under that name, or the old file as it was. The new file keeps an old file's
permission bits. Only a process killed outright (``SIGKILL``, a power cut) can leave
the temporary file behind; even then a ``.npy`` one states in its header the rows it
holds, as its header is rewritten after every batch.

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

import csv
import importlib
import io
import json
import os
import secrets
import stat
import struct
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core.errors import HandStatus
from ..rules import RuleSet
from .bulk_batches import BulkFileError, OutputWriteError, Results, status_name

__all__ = ["OUTPUT_FORMATS", "Writer", "StagedWriter", "open_writer"]

OUTPUT_FORMATS = (".csv", ".jsonl", ".parquet", ".npy")


class Writer(Protocol):
    """Where results go."""

    def write(self, results: Results) -> None: ...

    def close(self) -> None: ...


def open_writer(path: Path, label: str, rules: RuleSet) -> StagedWriter:
    """A writer for the output file's extension (see the module docstring), writing to a
    temporary file beside ``path`` that :meth:`StagedWriter.close` renames onto it.

    :param label: the name of the number column, ``"line"`` or ``"row"``.
    :raises BulkFileError: an unknown extension, ``.parquet`` without pyarrow, or a
        file that cannot be created beside ``path``.
    """
    suffix = path.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise BulkFileError(f"{path}: unknown output format {suffix or '(no extension)'!r}; "
                            f"expected one of {', '.join(OUTPUT_FORMATS)}")
    ids = np.array([hand.id for hand in rules.hands] + [""], dtype=object)  # special -1: ""
    if suffix == ".parquet" and not _has_pyarrow():  # said before any file is made
        raise BulkFileError(f'{path}: writing Parquet needs pyarrow: pip install "mjscore[parquet]"')
    staging = _temporary_beside(path)
    try:
        inner: Writer
        if suffix == ".parquet":
            inner = _ParquetWriter(staging, label, ids)
        elif suffix == ".npy":
            inner = _NpyWriter(staging, label)
        else:
            try:
                handle = staging.open("w", encoding="utf-8", newline="")
            except OSError as error:
                raise BulkFileError(f"{path}: cannot write: {error.strerror or error}") from None
            inner = _CsvWriter(handle, label, ids) if suffix == ".csv" else _JsonlWriter(handle, label, ids)
    except BaseException:
        staging.unlink(missing_ok=True)
        raise
    return StagedWriter(inner, staging, path)


def _has_pyarrow() -> bool:
    try:
        importlib.import_module("pyarrow")
    except ImportError:
        return False
    return True


def _temporary_beside(path: Path) -> Path:
    """A new empty file in ``path``'s folder, created with the permissions a new file
    gets (or those of the file at ``path``, which it will replace).

    :raises BulkFileError: the folder is missing or cannot be written.
    """
    for _ in range(100):
        staging = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(staging, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        except OSError as error:
            raise BulkFileError(f"{path}: cannot write: {error.strerror or error}") from None
        try:
            os.chmod(staging, stat.S_IMODE(os.stat(path).st_mode))
        except OSError:
            pass  # no file there yet: the new one keeps the default permissions
        return staging
    raise BulkFileError(f"{path}: cannot write: no free temporary name beside it")


class StagedWriter:
    """A format's writer on a temporary file, renamed onto the output by :meth:`close`.

    Any ``OSError`` while writing becomes an :class:`OutputWriteError` naming the output;
    :meth:`discard` (after an error or an interruption) removes the temporary file.
    """

    def __init__(self, inner: Writer, staging: Path, target: Path) -> None:
        self.inner, self.staging, self.target = inner, staging, target

    def _failed(self, error: OSError) -> OutputWriteError:
        self.discard()
        what = "an existing file is left as it was" if self.target.exists() else "no file was written"
        return OutputWriteError(f"{self.target}: cannot write: {error.strerror or error} ({what})")

    def write(self, results: Results) -> None:
        """Add one batch's results.

        :raises OutputWriteError: the write failed (the temporary file is removed).
        """
        try:
            self.inner.write(results)
        except OSError as error:
            raise self._failed(error) from None

    def close(self) -> None:
        """Finish the file and rename it onto the output.

        :raises OutputWriteError: finishing or renaming failed (the temporary file is removed).
        """
        try:
            self.inner.close()
            os.replace(self.staging, self.target)
        except OSError as error:
            raise self._failed(error) from None

    def discard(self) -> None:
        """Drop what was written: the output keeps whatever it was before."""
        try:
            self.inner.close()
        except Exception:  # noqa: BLE001 - the file is dropped whatever state it is in
            pass
        self.staging.unlink(missing_ok=True)


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
    first with room for any row count, is rewritten after each batch with the rows so far."""

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
        # The header follows every batch, so the file never claims rows it lacks.
        self.handle.seek(0)
        self.handle.write(self._header())
        self.handle.seek(0, os.SEEK_END)

    def close(self) -> None:
        self.handle.close()
