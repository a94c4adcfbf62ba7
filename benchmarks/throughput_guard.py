"""The throughput guard (``pytest benchmarks --guard``): fails a benchmark that falls too far
short of its target.

Most guarded targets are a ratio between two sides measured in the same run: the
compiled kernel against a peer (one Python call per hand), or chinese-classical
against babcock. Ratios, unlike hands/s, hardly move with the machine or its
load, so a guard on them can run in CI: a ratio fails below ``GUARD_MARGIN`` of
its target. Noise on a shared 2-core machine costs well under half, and the
regression it is there for, a Python loop on a bulk path, costs 10x to 100x.

Some of issue 33's lines are figures of their own: hands/s of a bulk call
(``min_rate``) and microseconds per single call (``max_us``). Guarded, they too
fail at half their target: a rate below ``GUARD_MARGIN`` of it, a time per call
above ``1 / GUARD_MARGIN`` of it. They move with the machine, which is why CI runs
the guard last, alone on the machine, and why the margin is half; its bulk rates
move most, so conftest guards them as ratios to the floor measured in the same run
(``FLOOR_RATE``) and shows the rates themselves unguarded.

The check runs as soon as the compiled side of a target has been measured (the
``guard_reference`` sides run first), inside that side's test, so whatever that
test set up still holds. A figure beyond the line is measured once more (a
second minimum over rounds) before the test fails.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

GUARD_MARGIN = 0.5
"""A guarded ratio or rate fails below this share of its target (a time per call above its
inverse)."""
RETRY_ROUNDS = 5
RETRY_SECONDS = 2.0
"""The retry times at least ``RETRY_ROUNDS`` calls, and more while under ``RETRY_SECONDS``."""


class Ratio(Protocol):
    """What the guard reads of a ``conftest.Target``: a ratio to a peer (``ratio``), a rate
    (``min_rate`` hands/s) or a time per call (``max_us``, less the ``peer`` side's own
    time per call when one is named)."""

    operation: str
    group: str
    ours: tuple[str, ...]
    peer_group: str
    peer: str
    ratio: float
    min_rate: float
    max_us: float


def _describe_value(target: Ratio, value: float) -> str:
    if target.max_us:
        return f"{value:.3g} us/call"
    if target.min_rate:
        return f"{value / 1e6:.3g}M hands/s"
    return f"{value:.3g}x"


@dataclass(frozen=True)
class Verdict:
    """One guarded target as measured in this run: its ratio, rate or time per call
    (``value``; ``None`` when a side it needs never ran)."""

    target: Ratio
    value: float | None
    retried: bool = False

    @property
    def limit(self) -> float:
        """The figure it fails beyond: ``GUARD_MARGIN`` of a ratio or rate, a time per
        call over ``1 / GUARD_MARGIN`` of its target."""
        if self.target.max_us:
            return self.target.max_us / GUARD_MARGIN
        return (self.target.min_rate or self.target.ratio) * GUARD_MARGIN

    @property
    def failed(self) -> bool:
        if self.value is None:
            return False
        return self.value > self.limit if self.target.max_us else self.value < self.limit

    def describe(self) -> str:
        target = self.target
        if self.value is None:
            missing = f"{target.peer} ({target.peer_group})" if target.peer else f"{target.ours[0]}"
            return f"{target.operation}: not checked, {missing} was not measured before it"
        if target.max_us:
            wanted = f"target <= {target.max_us:g} us, fails above {self.limit:g} us"
        elif target.min_rate:
            wanted = f"target {target.min_rate / 1e6:g}M/s, fails below {self.limit / 1e6:g}M/s"
        else:
            wanted = f"target {target.ratio:g}x, fails below {self.limit:g}x"
        verdict = "FAILED" if self.failed else "ok"
        retry = " after a retry" if self.retried else ""
        return f"{target.operation}: {_describe_value(target, self.value)} ({wanted}): {verdict}{retry}"


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

    def _value(self, target: Ratio) -> float | None:
        """The target's figure from the hands/s booked so far (see ``Ratio``)."""
        ours = self.results.get((target.group, target.ours[0]))
        peer = self.results.get((target.peer_group, target.peer)) if target.peer else None
        if not ours or (target.peer and not peer):
            return None
        if target.max_us:
            return 1e6 / ours - (1e6 / peer if peer else 0.0)
        if target.min_rate:
            return ours
        return ours / peer if peer else None

    def check(self, group: str, side: str, remeasure: Callable[[], float]) -> list[Verdict]:
        """After ``(group, side)`` was measured: the verdicts of the targets it is the compiled
        side of; ``remeasure()`` (hands/s) runs once if any fails."""
        mine = [t for t in self.targets if t.group == group and t.ours[0] == side]
        low = [t for t in mine if Verdict(t, self._value(t)).failed]
        if low:
            # The better of two minima is the minimum over all rounds of both attempts.
            self.results[(group, side)] = max(self.results[(group, side)], remeasure())
        verdicts = [Verdict(t, self._value(t), retried=t in low) for t in mine]
        self.verdicts.update((v.target.operation, v) for v in verdicts)
        return verdicts

    def unchecked(self) -> list[str]:
        """Guarded targets with no figure in this run: never measured, or no reference."""
        return [t.operation for t in self.targets
                if (v := self.verdicts.get(t.operation)) is None or v.value is None]
