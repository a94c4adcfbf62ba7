"""The throughput guard (``pytest benchmarks --guard``): fails a benchmark whose ratio falls too low.

A guarded target is a ratio between two sides measured in the same run: the
compiled kernel against a peer (one Python call per hand), or chinese-classical
against babcock. Ratios, unlike hands/s, hardly move with the machine or its
load, so a guard on them can run in CI: a ratio fails below ``GUARD_MARGIN`` of
its target. Noise on a shared 2-core machine costs well under half, and the
regression it is there for, a Python loop on a bulk path, costs 10x to 100x.

The check runs as soon as the compiled side of a target has been measured (the
``guard_reference`` sides run first), inside that side's test, so whatever that
test set up still holds. A ratio below the line is measured once more (a
second minimum over rounds) before the test fails.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

GUARD_MARGIN = 0.5
"""A guarded ratio fails below this share of its target."""
RETRY_ROUNDS = 5
RETRY_SECONDS = 2.0
"""The retry times at least ``RETRY_ROUNDS`` calls, and more while under ``RETRY_SECONDS``."""


class Ratio(Protocol):
    """What the guard reads of a ``conftest.Target``."""

    operation: str
    group: str
    ours: tuple[str, ...]
    peer_group: str
    peer: str
    ratio: float


@dataclass(frozen=True)
class Verdict:
    """One guarded ratio as measured in this run (``None`` when its reference side never ran)."""

    target: Ratio
    ratio: float | None
    retried: bool = False

    @property
    def floor(self) -> float:
        return self.target.ratio * GUARD_MARGIN

    @property
    def failed(self) -> bool:
        return self.ratio is not None and self.ratio < self.floor

    def describe(self) -> str:
        if self.ratio is None:
            return (f"{self.target.operation}: not checked, {self.target.peer} "
                    f"({self.target.peer_group}) was not measured before it")
        verdict = "FAILED" if self.failed else "ok"
        retry = " after a retry" if self.retried else ""
        return (f"{self.target.operation}: {self.ratio:.3g}x (target {self.target.ratio:g}x, "
                f"fails below {self.floor:g}x): {verdict}{retry}")


def min_call_seconds(fn: Callable[..., Any], args: tuple[Any, ...],
                     setup: Callable[[], Any] | None = None) -> float:
    """The fastest of several timed calls of ``fn(*args)``, ``setup()`` before each."""
    best, rounds, start = math.inf, 0, time.perf_counter()
    while rounds < RETRY_ROUNDS or time.perf_counter() - start < RETRY_SECONDS:
        if setup is not None:
            setup()
        began = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - began)
        rounds += 1
    return best


class Guard:
    """Checks the guarded targets against the hands/s measured so far in this session."""

    def __init__(self, targets: list[Ratio], results: dict[tuple[str, str], float]) -> None:
        self.targets = targets
        self.results = results
        self.verdicts: dict[str, Verdict] = {}

    def _ratio(self, target: Ratio) -> float | None:
        ours = self.results.get((target.group, target.ours[0]))
        peer = self.results.get((target.peer_group, target.peer))
        return ours / peer if ours and peer else None

    def check(self, group: str, side: str, remeasure: Callable[[], float]) -> list[Verdict]:
        """After ``(group, side)`` was measured: the verdicts of the targets it is the compiled
        side of; ``remeasure()`` (hands/s) runs once if any is below its floor."""
        mine = [t for t in self.targets if t.group == group and t.ours[0] == side]
        low = [t for t in mine if (r := self._ratio(t)) is not None and r < t.ratio * GUARD_MARGIN]
        if low:
            # The better of two minima is the minimum over all rounds of both attempts.
            self.results[(group, side)] = max(self.results[(group, side)], remeasure())
        verdicts = [Verdict(t, self._ratio(t), retried=t in low) for t in mine]
        self.verdicts.update((v.target.operation, v) for v in verdicts)
        return verdicts

    def unchecked(self) -> list[str]:
        """Guarded targets with no ratio in this run: never measured, or no reference."""
        return [t.operation for t in self.targets
                if (v := self.verdicts.get(t.operation)) is None or v.ratio is None]
