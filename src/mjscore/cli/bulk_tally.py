"""The counts behind ``mjscore bulk``'s summary: statuses, limit hands, the totals scored.

Nothing here prints or needs click or rich.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..core.errors import HandStatus
from ..rules import RuleSet
from .bulk_batches import Results, status_name

__all__ = ["Tally"]


_EMPTY = np.zeros(0, dtype=np.int64)


@dataclass(slots=True)
class Tally:
    """Counts over every batch: statuses, limit hands, and how many OK rows scored each total.

    Totals are counted, not kept: the memory grows with the number of different
    totals (a few hundred under the shipped rule sets), never with the rows or
    with how large a total is (a limit of 100,000,000 costs what a limit of 500 does).
    """

    rules: RuleSet
    rows: int = 0
    statuses: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(256, dtype=np.int64))
    specials: npt.NDArray[np.int64] = field(init=False)
    """Rows per limit hand (by item index); the last entry counts rows without one."""
    values: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    """The different totals OK rows scored, ascending."""
    counts: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY)
    """``counts[i]``: OK rows that scored ``values[i]``."""
    scoring_seconds: float = 0.0
    """Time spent scoring (the rest is reading, writing, generating)."""

    def __post_init__(self) -> None:
        self.specials = np.zeros(len(self.rules.hands) + 1, dtype=np.int64)

    def add(self, results: Results) -> None:
        """Count one batch's results."""
        ok = results.status == HandStatus.OK
        self.rows += len(results.numbers)
        self.statuses += np.bincount(results.status, minlength=256)
        special = results.special[ok]
        self.specials += np.bincount(np.where(special < 0, len(self.specials) - 1, special),
                                     minlength=len(self.specials))
        values, counts = np.unique(results.totals[ok].astype(np.int64), return_counts=True)
        merged, where = np.unique(np.concatenate([self.values, values]), return_inverse=True)
        total = np.zeros(len(merged), dtype=np.int64)
        np.add.at(total, where.reshape(-1), np.concatenate([self.counts, counts]))
        self.values, self.counts = merged, total

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
        n = int(self.counts.sum())
        if not n:
            return {}
        running = np.cumsum(self.counts)
        levels = {"min": 0, "p10": 10, "p25": 25, "median": 50, "p75": 75, "p90": 90,
                  "p99": 99, "max": 100}
        found = {name: float(self.values[np.searchsorted(running, (n - 1) * q // 100, side="right")])
                 for name, q in levels.items()}
        found["mean"] = float(np.dot(self.values.astype(np.float64), self.counts) / n)
        return found

    def histogram(self, bins: int = 8) -> list[tuple[int, int, int]]:
        """The OK totals in ``bins`` equal integer ranges: ``(low, high, count)``, both ends in."""
        if not self.values.size:
            return []
        low, high = int(self.values[0]), int(self.values[-1])
        width = -(-(high - low + 1) // bins)
        starts = range(low, high + 1, width)
        edges = np.searchsorted(self.values, [*starts, high + 1])
        running = np.concatenate([[0], np.cumsum(self.counts)])
        return [(start, min(high, start + width - 1), int(running[edges[i + 1]] - running[edges[i]]))
                for i, start in enumerate(starts)]

    def special_counts(self) -> list[tuple[str, str, int]]:
        """Every special hand that scored, most frequent first (file order between equals):
        ``(id, name, count)``."""
        order = np.argsort(-self.specials[:-1], kind="stable")
        return [(self.rules.hands[i].id, self.rules.hands[i].name, int(self.specials[i]))
                for i in order.tolist() if self.specials[i]]
