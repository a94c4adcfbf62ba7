"""``mjscore bulk``'s unit of work: a batch of rows, its scoring, its results and its bad rows.

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..score.bulk_scoring import score_many
from ..core.errors import HandStatus, MjscoreError, status_error
from ..rows.codec import row_sizes
from ..rules import RuleSet
from ..core.hand import negative_count

__all__ = ["ERRORS_SHOWN", "BulkFileError", "OutputWriteError", "status_name", "RowError", "Batch", "Results", "score_batch", "problems"]

ERRORS_SHOWN = 20
"""Bad rows ``mjscore bulk`` reports one by one on stderr; the rest are counted."""


class BulkFileError(MjscoreError):
    """A whole file cannot be read or written (the command exits 2); rows never raise this."""


class OutputWriteError(MjscoreError):
    """The output file failed while being written (a full disk, a file-size limit, an I/O
    error): the command exits 3, and nothing is left under the output's name (an existing
    file keeps its old contents)."""


def status_name(code: int) -> str:
    """The ``HandStatus`` name of a status code."""
    return HandStatus(code).name


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


def score_batch(batch: Batch, rules: RuleSet, threads: int | None = 1) -> Results:
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
    sizes[batch.scored] = row_sizes(batch.counts, batch.melds, batch.context.get("jokers"))
    messages = _plain_messages(batch, status, sizes)
    messages.update({e.position: e.message for e in batch.errors})
    return Results(batch.numbers, totals, special, status, messages, sizes)


def _plain_messages(batch: Batch, status: npt.NDArray[np.uint8], sizes: npt.NDArray[np.int64]) -> dict[int, str]:
    """Why some scored rows are bad, where the status's own message would mislead: a
    negative tile count (BAD_COUNT says "more than 4"), a hand of 13 or 14 tiles whose
    ``winner`` says the other size (WRONG_SIZE says "expected 13 or 14")."""
    messages: dict[int, str] = {}
    scored = status[batch.scored]
    for k in np.flatnonzero(scored == HandStatus.BAD_COUNT).tolist():
        message = negative_count(np.asarray(batch.counts[k]).tolist())
        if message:
            messages[int(batch.scored[k])] = message
    winner = batch.context.get("winner")
    for k in np.flatnonzero(scored == HandStatus.WRONG_SIZE).tolist():
        position = int(batch.scored[k])
        size = int(sizes[position])
        said = winner if winner is None or np.ndim(winner) == 0 else winner[k]
        if said is not None and size in (13, 14) and bool(said) != (size == 14):
            messages[position] = ("winner is true but the hand has 13 tiles: a hand that went out has 14"
                                  if size == 13 else
                                  "winner is false but the hand has 14 tiles: a hand that did not go out has 13")
    return messages


def problems(results: Results) -> Iterator[tuple[int, str, str]]:
    """Every bad row of a batch, in order: ``(number, status name, message)``."""
    for position in np.flatnonzero(results.status).tolist():
        code = int(results.status[position])
        message = results.messages.get(position)
        if message is None:
            size = 0 if results.sizes is None else int(results.sizes[position])
            message = str(status_error(code, size=size, sizes="13 or 14"))
        yield int(results.numbers[position]), status_name(code), message
