"""Benchmark corpora, the backend parameter, hands/s bookkeeping and the target summary.

Corpora (built once per session, fixed seeds):

* ``W`` - random complete 14-tile hands (:func:`mjscore.rows.sample.random_complete_hands`);
* ``R`` - random 14-tile draws from a shuffled wall (:func:`mjscore.rows.sample.random_draws`);
* ``T`` - ``W`` minus one random tile: 13-tile rows for waits.

Scoring workloads (:class:`Scoring`, the ``scoring`` fixture), random winning hands
laid out for :func:`mjscore.score_many`:

* ``concealed`` - ``W`` won self-drawn on the tile ``T`` lacks, East in an East
  round, no melds;
* ``melds`` - :func:`mjscore.rows.sample.random_scoring_rows`: declared chows, pungs and
  kongs (exposed or concealed), the winning tile, self-drawn or not and both
  winds drawn at random per row.

Each holds ``MJSCORE_BENCH_N`` rows (default 100,000; CI's quick mode sets it
lower and passes ``--benchmark-disable``). The compiled kernel runs on all rows;
the pure-Python reference on the first ``REFERENCE_ROWS`` and the peers (one
Python call per hand, inputs converted to their format beforehand) on the first
``PEER_ROWS`` (``DIVIDER_ROWS`` for mahjong's slow ``HandDivider``,
``SCORE_PEER_ROWS`` for the riichi scorers).

Every benchmark records ``extra_info["hands"]`` (rows per call) and
``extra_info["hands_per_s"]`` (hands over the *minimum* round time, the least
noisy statistic on a shared machine; ``None`` when timings are disabled). As the
sides of a group run on different row counts, pytest-benchmark's own time
ratios mislead there; the summary printed at the end compares hands/s: our
throughput against each peer next to the targets, then every group's sides.

The thread targets need two otherwise idle cores: on a shared 2-core machine a
busy neighbour process takes the second thread's core and 2 threads look no
faster than 1.

``--guard`` (``throughput_guard``) turns the guarded targets (``Target.guard``: the
compiled kernel against each peer, chinese-classical against babcock, and issue
33's rates as ratios to the floor measured in the same run (``FLOOR_RATE``), thread
ratios and single-call times) into checks: a benchmark whose figure falls short of half
its target fails, after one retry. It needs timings and the compiled kernel; the reference sides
(``guard_reference``) run first so each check can run in the compiled side's
own test, and ``test_guard.py::test_guard_checked_every_ratio`` runs last and
fails if a guarded ratio was never measured.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore.decompose import _reference
from mjscore.rows.sample import random_complete_hands, random_draws, random_scoring_rows, remove_one_tile
from throughput_guard import GUARD_MARGIN, Guard, min_call_seconds

N = int(os.environ.get("MJSCORE_BENCH_N", "100000"))
"""Rows in each corpus; the compiled kernel runs on all of them."""
REFERENCE_ROWS = min(max(1, N // 10), 2_000)
"""Rows the pure-Python reference runs on (about 0.05 s a call on W; in CI's quick mode,
a tenth of its rows: the reference's distances with jokers take minutes on 2,000)."""
PEER_ROWS = min(N, 20_000)
"""Rows the per-hand peer loops run on."""
DIVIDER_ROWS = min(N, 5_000)
"""Rows mahjong's ``HandDivider`` runs on (about 20 us a hand)."""
SCORE_PEER_ROWS = min(N, 5_000)
"""Rows the riichi scorers run on (mahjong's ``estimate_hand_value``: about 80 us a hand)."""
SINGLE_SCORE_HANDS = min(N, 200)
"""Hands of the ``melds`` workload the single-call ``mjscore.score`` benchmark cycles through."""
THREAD_ROWS = int(os.environ.get("MJSCORE_BENCH_THREAD_ROWS",
                                 1_000_000 if "MJSCORE_BENCH_N" not in os.environ else 10 * N))
"""Rows of the batch ``score_many`` splits between threads (issue 33, threads: 10^6; in quick
mode, as CI's guard runs it, 10 x ``MJSCORE_BENCH_N``)."""

_RESULTS = pytest.StashKey[dict[tuple[str, str], float]]()
_GUARD = pytest.StashKey[Guard]()


def _compiled() -> ModuleType | None:
    try:
        from mjscore.decompose import _kernel
    except ImportError:
        return None
    return _kernel


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("mjscore benchmarks").addoption(
        "--guard", action="store_true",
        help=f"fail a benchmark whose guarded figure measured in this run (a throughput ratio to a peer "
             f"or to babcock, hands/s, or a time per call) falls short of {GUARD_MARGIN:g} of its target "
             "(minimum over rounds, one retry); needs the compiled kernel and timings")
    parser.getgroup("mjscore benchmarks").addoption(
        "--guard-ratios-only", action="store_true",
        help="with --guard, check only the ratios between two sides of this run, not the rates, "
             "ratios to the floor and times per call, which only a quiet machine holds (a guard run "
             "beside other work)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "guard_reference(rank=0): measures a side guarded ratios divide by; "
                                       "under --guard these run first, by rank (a side that is guarded "
                                       "itself ranks after the sides it is guarded against)")
    if not config.getoption("guard"):
        return
    if config.getoption("benchmark_disable", default=False):
        raise pytest.UsageError("--guard compares timings: drop --benchmark-disable")
    try:
        from mjscore.decompose import _kernel  # noqa: F401
        from mjscore.score import _kernel as _score_kernel  # noqa: F401
    except ImportError as error:
        raise pytest.UsageError(f"--guard checks the compiled kernel, which is not built: {error}") from None
    results = config.stash.setdefault(_RESULTS, {})
    ratios_only = config.getoption("guard_ratios_only")
    # (a ratio to the floor holds a rate: it is left out beside other work too)
    config.stash[_GUARD] = Guard([t for t in TARGETS if t.guard and not (
        ratios_only and (t.min_rate or t.max_us or t.peer.startswith(FLOOR)))], results)


@pytest.hookimpl(trylast=True)  # after pytest's own reordering by fixture
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under --guard: the reference sides first, the guard's own check of what it covered last."""
    def rank(item: pytest.Item) -> float:
        if item.name == "test_guard_checked_every_ratio":
            return math.inf
        reference = item.get_closest_marker("guard_reference")
        return reference.args[0] if reference and reference.args else 0 if reference else 100

    if config.getoption("guard"):
        items.sort(key=rank)


@pytest.fixture
def guard(request: pytest.FixtureRequest) -> Guard | None:
    """The session's throughput guard, or ``None`` without ``--guard``."""
    return request.config.stash.get(_GUARD, None)


@dataclass(frozen=True)
class Corpus:
    """The three workloads; ``W``, ``R``, ``T`` are ``(N, 34)`` uint8 arrays."""

    W: np.ndarray
    R: np.ndarray
    T: np.ndarray
    reference_rows: int = REFERENCE_ROWS
    peer_rows: int = PEER_ROWS
    divider_rows: int = DIVIDER_ROWS


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    complete = random_complete_hands(N, seed=1)
    return Corpus(W=complete, R=random_draws(N, seed=2), T=remove_one_tile(complete, seed=3))


@dataclass(frozen=True)
class Scoring:
    """One scoring workload: concealed counts and the context of :func:`mjscore.score_many`.

    A context field is an ``(n,)`` array or a scalar shared by every row.
    """

    name: str
    counts: np.ndarray
    melds: np.ndarray | None
    win_tile: np.ndarray
    self_drawn: bool | np.ndarray
    seat_wind: int | np.ndarray = 27
    prevailing_wind: int | np.ndarray = 27

    def head(self, rows: int) -> Scoring:
        """The first ``rows`` rows (scalars stay scalars)."""
        cut = {name: value[:rows] for name, value in vars(self).items()
               if isinstance(value, np.ndarray)}
        return dataclasses.replace(self, **cut)

    def tiled(self, rows: int) -> Scoring:
        """``rows`` rows: these rows over and over (scalars stay scalars)."""
        times = -(-rows // len(self.counts))
        cut = {name: np.concatenate([value] * times)[:rows] for name, value in vars(self).items()
               if isinstance(value, np.ndarray)}
        return dataclasses.replace(self, **cut)

    def keywords(self) -> dict[str, Any]:
        """The keyword arguments of ``mjscore.score_many`` after ``counts`` and ``rules``."""
        return {"melds": self.melds, "win_tile": self.win_tile, "self_drawn": self.self_drawn,
                "seat_wind": self.seat_wind, "prevailing_wind": self.prevailing_wind}

    def hands(self) -> list[tuple[list[int], list[int], int, bool, int, int]]:
        """Per row: counts, declared meld bytes, winning tile, self-drawn, seat and prevailing wind."""
        n = len(self.counts)
        melds = [[c for c in row if c != 0xFF] for row in self.melds.tolist()] if self.melds is not None \
            else [[] for _ in range(n)]
        columns = [np.broadcast_to(value, (n,)).tolist() for value in
                   (self.win_tile, self.self_drawn, self.seat_wind, self.prevailing_wind)]
        return list(zip(self.counts.tolist(), melds, *columns))


@dataclass(frozen=True)
class ScoringCorpus:
    """The scoring workloads by name, and how many rows the slower sides take."""

    workloads: dict[str, Scoring]
    peer_rows: int = SCORE_PEER_ROWS
    single_hands: int = SINGLE_SCORE_HANDS

    def __getitem__(self, name: str) -> Scoring:
        return self.workloads[name]


@pytest.fixture(scope="session")
def scoring(corpus: Corpus) -> ScoringCorpus:
    """The ``concealed`` and ``melds`` workloads, ``N`` rows each."""
    won_on = (corpus.W.astype(np.int8) - corpus.T.astype(np.int8)).argmax(axis=1).astype(np.uint8)
    rows = random_scoring_rows(N, seed=4)
    return ScoringCorpus({
        "concealed": Scoring("concealed", corpus.W, None, won_on, True),
        "melds": Scoring("melds", rows.counts, rows.melds, rows.win_tile, rows.self_drawn,
                         rows.seat_wind, rows.prevailing_wind),
    })


@dataclass(frozen=True)
class Backend:
    """A kernel module and how many corpus rows it runs on."""

    name: str
    kernel: Any
    rows: int


@pytest.fixture(params=["cython", "python"], scope="session")
def backend(request: pytest.FixtureRequest) -> Backend:
    if request.param == "python":
        return Backend("python", _reference, REFERENCE_ROWS)
    compiled = _compiled()
    if compiled is None:
        pytest.skip("the compiled kernel mjscore.decompose._kernel is not built")
    return Backend("cython", compiled, N)


class Measure:
    """Runs one benchmark and books its hands/s under ``(group, side)`` for the summary."""

    def __init__(self, benchmark: Any, results: dict[tuple[str, str], float],
                 guard: Guard | None = None) -> None:
        self.benchmark = benchmark
        self.results = results
        self.guard = guard

    def __call__(self, group: str, side: str, hands: int, fn: Callable[..., Any], *args: Any,
                 setup: Callable[[], Any] | None = None, rounds: int = 5) -> Any:
        """Time ``fn(*args)``; with ``setup``, run it before every round (``pedantic``)."""
        bench = self.benchmark
        bench.group = group
        bench.extra_info.update(side=side, hands=hands, hands_per_s=None)
        if setup is None:
            result = bench(fn, *args)
        else:
            result = bench.pedantic(fn, args=args, setup=setup, rounds=rounds, iterations=1)
        if bench.stats is not None:  # None under --benchmark-disable
            rate = hands / bench.stats.stats.min
            bench.extra_info["hands_per_s"] = rate
            self.results[(group, side)] = rate
            if self.guard is not None:
                verdicts = self.guard.check(group, side, lambda: hands / min_call_seconds(fn, args, setup))
                failed = [verdict.describe() for verdict in verdicts if verdict.failed]
                if failed:
                    pytest.fail("throughput guard:\n  " + "\n  ".join(failed), pytrace=False)
        return result


@pytest.fixture
def measure(benchmark: Any, request: pytest.FixtureRequest, guard: Guard | None) -> Measure:
    return Measure(benchmark, request.config.stash.setdefault(_RESULTS, {}), guard)


class MeasureInTurn:
    """Times sides one after another, round by round, and books each side's hands/s:
    sides whose ratio is the target are measured alike, whatever the machine does
    between two tests."""

    def __init__(self, results: dict[tuple[str, str], float], timed: bool, guard: Guard | None = None) -> None:
        self.results = results
        self.timed = timed
        self.guard = guard

    def __call__(self, group: str, hands: int, sides: dict[str, Callable[[], Any]], rounds: int) -> dict[str, Any]:
        """Each side's fastest of ``rounds`` booked under ``(group, side)``; untimed
        (``--benchmark-disable``), each side runs once and nothing is booked. Each side's
        last result. Under ``--guard``, the targets whose compiled side is one of these are
        checked once every side is booked (a side found short timed again alone)."""
        best = dict.fromkeys(sides, math.inf)
        results: dict[str, Any] = {}
        for _ in range(rounds if self.timed else 1):
            for side, fn in sides.items():
                began = time.perf_counter()
                results[side] = fn()
                best[side] = min(best[side], time.perf_counter() - began)
        if self.timed:
            for side, seconds in best.items():
                self.results[(group, side)] = hands / seconds
            if self.guard is not None:
                failed = [verdict.describe() for side, fn in sides.items()
                          for verdict in self.guard.check(group, side, lambda fn=fn: hands / min_call_seconds(fn, ()))
                          if verdict.failed]
                if failed:
                    pytest.fail("throughput guard:\n  " + "\n  ".join(failed), pytrace=False)
        return results


@pytest.fixture
def measure_in_turn(request: pytest.FixtureRequest, guard: Guard | None) -> MeasureInTurn:
    return MeasureInTurn(request.config.stash.setdefault(_RESULTS, {}),
                         not request.config.getoption("benchmark_disable", default=False), guard)


def score_beside_babcock(request: pytest.FixtureRequest, group: str, backend: Backend, rules: Any,
                         rules_name: str, counts: np.ndarray, melds: np.ndarray, won_on: np.ndarray,
                         every: int, rounds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``score_many`` on rows of sets with a special hand every ``every`` rows, under ``rules``
    (``rules_name``: a rule set with special hands, or ``"babcock"``), booked in ``group``
    under side ``<backend>`` or ``babcock-<backend>``; its totals, special hands and status.

    On the compiled kernel the rule set's test times both rule sets in turn, round by round,
    as many rounds each (their ratio is the target, and the machine drifts between two
    tests), and babcock's own test is skipped; on the reference each is its own test."""
    def score(ruleset: Any) -> Callable[[], Any]:
        return lambda: mjscore.score_many(counts, ruleset, melds=melds, win_tile=won_on, self_drawn=True,
                                          return_status=True)

    if backend.name != "cython":
        side = backend.name if rules_name != "babcock" else f"babcock-{backend.name}"
        return request.getfixturevalue("measure")(group, side, len(counts), score(rules), setup=lambda: None,
                                                  rounds=3)
    if rules_name == "babcock":
        pytest.skip("timed in turn with the rule set of special hands (its test)")
    found = request.getfixturevalue("measure_in_turn")(
        group, len(counts), {"cython": score(rules), "babcock-cython": score(mjscore.load_rules("babcock"))},
        rounds=rounds)
    assert (np.delete(found["babcock-cython"][2], np.s_[::every]) == 0).all()  # babcock's rows of sets go out
    return found["cython"]


# --- the summary -------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """``ours`` must reach ``ratio`` x ``peer`` (both hands/s), or ``min_rate`` hands/s, or ``max_us``
    per call (less the per-call time of ``peer``, when given: the cost around that call);
    ``guard``: a bulk ratio that ``--guard`` checks; ``for_scale``: a ratio shown beside
    the targets, with none of its own."""

    operation: str
    group: str
    ours: tuple[str, ...]  # first side found wins: the compiled kernel, else the reference
    peer_group: str = ""
    peer: str = ""
    ratio: float = 0.0
    max_us: float = 0.0
    min_rate: float = 0.0
    guard: bool = False
    for_scale: bool = False


OURS = ("cython", "python")
TARGETS = [
    Target("is_complete W vs riichienv", "is_complete[W]", OURS, "is_complete[W]", "riichienv", 7,
           guard=True),
    Target("is_complete W vs mahjong Agari", "is_complete[W]", OURS, "is_complete[W]", "mahjong", 12,
           guard=True),
    Target("is_complete R vs riichienv", "is_complete[R]", OURS, "is_complete[R]", "riichienv", 7,
           guard=True),
    Target("is_complete R vs mahjong Agari", "is_complete[R]", OURS, "is_complete[R]", "mahjong", 12,
           guard=True),
    Target("decompose W vs mahjong HandDivider", "decompose[W]", OURS, "decompose[W]", "mahjong", 100,
           guard=True),
    Target("waits T vs xiangting", "waits[T]", OURS, "waits[T]", "xiangting", 5, guard=True),
    Target("is_complete_many W 2 threads vs 1", "threads:is_complete_many[W]", ("threads=2",),
           "threads:is_complete_many[W]", "threads=1", 1.7),
    Target("waits_many T 2 threads vs 1", "threads:waits_many[T]", ("threads=2",),
           "threads:waits_many[T]", "threads=1", 1.7),
    Target("mjscore.is_complete(list)", "is_complete[single]", ("api-list",), max_us=0.5),
    Target("mjscore.is_complete(ndarray row)", "is_complete[single]", ("api-ndarray",), max_us=0.5),
]



ISSUE_33_RATES = {("babcock", "concealed"): 10e6, ("babcock", "melds"): 8e6,
                  ("chinese-classical", "concealed"): 9e6, ("chinese-classical", "melds"): 7.5e6}
"""Issue 33 item 1: ``score_many``'s hands/s on one thread, per rule set and workload, on the
machine where the issue was written, whose floor ran at ``FLOOR_RATE``."""
FLOOR = "floor"
"""The sides ``floor (<workload>)`` of each ``score_many[<rules>]`` group are the floor:
``is_complete_many`` on the ``concealed`` rows, reading each hand's 34 counts and deciding
whether it is complete, timed in turn with the compiled scorer on that workload, round by
round (test_bench_scoring)."""
FLOOR_RATE = 50e6
"""The floor's hands/s on the machine where issue 33's rates were set ("about 20 ns" a hand).

Hands/s move with the machine: CI's machine of 2026-12-05 ran both the floor and
``score_many`` at about half the speed of that one. So each rate is also a ratio to the
floor measured in the same run (the rate over ``FLOOR_RATE``: babcock concealed must
cost at most five times the floor), and that ratio is what ``--guard`` holds; the rate
itself is shown for the machine at hand, unguarded."""


def _scoring_targets() -> list[Target]:
    """Per rule set and workload (test_bench_scoring): the rate, and the ratios to the riichi scorers
    and (chinese-classical) to babcock's compiled rate on the same rows."""
    targets = []
    for rules in ("babcock", "chinese-classical"):
        group = f"score_many[{rules}]"
        for workload in ("concealed", "melds"):
            ours = (f"cython-{workload}", f"python-{workload}")
            rate = ISSUE_33_RATES[rules, workload]
            targets += [
                Target(f"score_many {rules} {workload}, 1 thread", group, ours, min_rate=rate),
                Target(f"score_many {rules} {workload} vs the floor", group, ours, group, f"{FLOOR} ({workload})",
                       rate / FLOOR_RATE, guard=True),
                # issue 8 item 9: bulk scoring keeps 20x riichienv's HandEvaluator
                Target(f"score_many {rules} {workload} vs riichienv calc", group, ours,
                       "score[riichi peers]", f"riichienv-{workload}", 20, guard=True),
                Target(f"score_many {rules} {workload} vs mahjong estimate_hand_value", group, ours,
                       "score[riichi peers]", f"mahjong-{workload}", 200, guard=True),
            ]
            if rules != "babcock":  # the two rule sets are the same kind of work
                targets.append(Target(f"score_many {rules} {workload} vs babcock", group, ours,
                                      "score_many[babcock]", f"cython-{workload}", 0.8, guard=True))
        targets.append(Target(f"score_many {rules} melds 2 threads vs 1", f"threads:{group}",
                              ("threads=2",), f"threads:{group}", "threads=1", 1.7))
        # issue 33 item 4: 10^6 rows on 2 threads, and on every core (threads=0; 2 here)
        large = f"threads:score_many[{rules}, 10^6 rows]"
        targets += [Target(f"score_many {rules} 10^6 rows, {side} vs 1 thread", large, (side,), large,
                           "threads=1", 1.9, guard=True)
                    for side in ("threads=2", "threads=0")]
    return targets + [
        # issue 33 item 3: the whole breakdown within 3 us
        Target("mjscore.score(Hand, 'babcock'), warm", "score[single]", ("babcock-hand",), max_us=3,
               guard=True),
        Target("mjscore.score(str, 'babcock')", "score[single]", ("babcock-text",), max_us=30),
        Target("score_many on one row, babcock, around the kernel", "score_many[one row]", ("babcock",),
               "score_many[one row]", "babcock-kernel", max_us=5),
        Target("score_many on 16 rows with context columns, around the kernel", "score_many[16 rows, columns]",
               ("babcock",), "score_many[16 rows, columns]", "babcock-kernel", max_us=25),
        # issue 33 item 3: 5x riichienv on a NumPy row, 4x on a list
        *(Target(f"Scorer.total({form} row) {workload} vs riichienv calc", "scorer[total]",
                 (f"{form}-{workload}",), "score[riichi peers]", f"riichienv-{workload}",
                 5 if form == "ndarray" else 4, guard=True)
          for workload in ("concealed", "melds") for form in ("ndarray", "list")),
    ]


TARGETS += _scoring_targets()
TARGETS += [
    Target("distances_many chinese-classical, warm memo", "distances_many[chinese-classical]",
           ("cython-warm", "python"), min_rate=500_000),
    Target("distances_many chinese-classical, cold memo", "distances_many[chinese-classical]",
           ("cython-cold",), min_rate=500_000),
    Target("score_many chinese-classical, 20% limit hands", "score_many[chinese-classical+20%-limit]",
           OURS, min_rate=4_000_000),
    Target("mjscore.near_misses(Hand, 'chinese-classical')", "near_misses[single]",
           ("chinese-classical",), max_us=200),
    # issue 9 item 6 (test_bench_distances): distances to western's 50 hands
    Target("distances_many western, warm memo", "distances_many[western]", ("cython-warm", "python"),
           min_rate=250_000),
    Target("distances_many western, cold memo", "distances_many[western]", ("cython-cold",), min_rate=250_000),
    # issue 9 item 6 (test_bench_western): western against babcock on the same rows (issue 33 item 1: 0.8x)
    Target("score_many western, 10% special hands vs babcock", "score_many[western+10%-special]",
           OURS, "score_many[western+10%-special]", "babcock-cython", 0.8,
           guard=True),
    # with 2 jokers a hand standing where western plays them (pungs and kongs, western.toml):
    # special hands as bonuses, and the preset required (001's "special hands required ...
    # with the Jokers")
    # (issue 33 item 2: 0.6x; issue 9 asked 0.25x)
    Target("score_many western, 10% special, 2 jokers in pungs and kongs vs babcock",
           "score_many[western+jokers]", ("cython-2-jokers-pungs", "python-2-jokers-pungs"),
           "score_many[western+10%-special]", "babcock-cython", 0.6),
    Target("score_many western preset required, 2 jokers vs babcock", "score_many[western+jokers]",
           ("cython-2-jokers-required", "python-2-jokers-required"), "score_many[western+10%-special]",
           "babcock-cython", 0.25),
    # the same jokers standing in any group (joker_use="pairs", wider than western plays
    # them; issue 33 item 2: 0.4x); for scale, babcock with them, and the two compared
    Target("score_many western, 2 jokers in any group vs babcock", "score_many[western+jokers]",
           ("cython-2-jokers", "python-2-jokers"), "score_many[western+10%-special]", "babcock-cython", 0.4),
    Target("score_many babcock, 2 jokers in any group vs babcock", "score_many[western+jokers]",
           ("babcock-cython-2-jokers", "babcock-python-2-jokers"), "score_many[western+10%-special]",
           "babcock-cython", for_scale=True),
    Target("score_many western vs babcock, both with 2 jokers in any group", "score_many[western+jokers]",
           ("cython-2-jokers", "python-2-jokers"), "score_many[western+jokers]", "babcock-cython-2-jokers",
           for_scale=True),
    # issue 10 item 7 (test_bench_american): american (preset AM) against babcock on the same rows
    # (issue 33 item 1: 0.8x)
    Target("score_many american AM, 10% special hands vs babcock", "score_many[american+10%-special]",
           OURS, "score_many[american+10%-special]", "babcock-cython", 0.8,
           guard=True),
    # issue 31 item 8 (test_bench_classical): dmjl and bmja against babcock, winners and losers,
    # the three rule sets timed in turn, round by round
    *(Target(f"score_many {rules} {who} vs babcock", f"score_many[classical-{who}, interleaved]", (rules,),
             f"score_many[classical-{who}, interleaved]", "babcock", 0.8)
      for rules in ("dmjl", "bmja") for who in ("winners", "losers")),
]
# issue 11 items 3, 4 (test_bench_shanten): shanten and useful tiles against the peers
TARGETS += [
    Target("shanten_many R13 vs riichienv calculate_shanten", "shanten[R13]", OURS, "shanten[R13]", "riichienv",
           3, guard=True),
    Target("shanten_many T vs riichienv calculate_shanten", "shanten[T]", OURS, "shanten[T]", "riichienv", 3,
           guard=True),
    Target("useful_tiles_many R13 vs xiangting necessary tiles", "useful_tiles[R13]", OURS, "useful_tiles[R13]",
           "xiangting", 5, guard=True),
    # issue 33 item 3: a single call within 0.2 us
    Target("mjscore.shanten(list)", "shanten[single]", ("api-list",), max_us=0.2, guard=True),
    Target("mjscore.shanten(ndarray row)", "shanten[single]", ("api-ndarray",), max_us=0.2, guard=True),
    Target("mjscore.shanten(Hand)", "shanten[single]", ("api-Hand",), max_us=0.2, guard=True),
]
# issue 11 item 6 (test_bench_compat): mjscore.compat.mahjong per call against the mahjong package
TARGETS += [Target(operation, group, ("mjscore-cython", "mjscore-python"), group, "mahjong", 10)
            for operation, group in (
                ("compat Agari.is_agari W vs mahjong", "compat:is_agari[W]"),
                ("compat Agari.is_agari R vs mahjong", "compat:is_agari[R]"),
                ("compat Shanten.calculate_shanten R13 vs mahjong", "compat:calculate_shanten[R13]"),
                ("compat Shanten.calculate_shanten T vs mahjong", "compat:calculate_shanten[T]"),
                ("compat HandDivider.divide_hand W vs mahjong", "compat:divide_hand[W]"),
                ("compat HandDivider.divide_hand melds vs mahjong", "compat:divide_hand[melds]"))]


def _rate(value: float | None) -> str:
    if value is None:
        return "-"
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:.2f}{suffix}/s"
    return f"{value:.1f}/s"


def _times(ratio: float | None) -> str:
    """A ratio as the table shows it: two decimals below 1 (0.15x next to a 0.25x target, not 0.2x), else one."""
    if not ratio:
        return "-"
    return f"{ratio:.2f}x" if ratio < 1 else f"{ratio:.1f}x"


def summary_rows(results: dict[tuple[str, str], float]) -> list[tuple[str, ...]]:
    """One row per target: operation, ours (side), peer, ratio or time, target, verdict."""
    rows = []
    for target in TARGETS:
        side = next((s for s in target.ours if (target.group, s) in results), None)
        ours = results.get((target.group, side)) if side else None
        ours_text = f"{_rate(ours)} ({side})" if side else "-"
        if target.min_rate:
            verdict = "-" if ours is None else ("ok" if ours >= target.min_rate else "MISS")
            if side and side.startswith("python") and verdict != "-":
                verdict += " (reference)"
            rows.append((target.operation, ours_text, "", "", f">= {_rate(target.min_rate)}", verdict))
            continue
        if target.max_us:
            per_call = 1e6 / ours if ours else None
            inner = results.get((target.peer_group, target.peer)) if target.peer else None
            if per_call and inner:  # the time around the peer side's call: ours less its time
                per_call -= 1e6 / inner
            elif target.peer:
                per_call = None
            measured = (f"{per_call:.3f} us/call" if per_call < 10 else f"{per_call:.1f} us/call") \
                if per_call else "-"
            wanted = f"<= {target.max_us} us"
            verdict = "-" if per_call is None else ("ok" if per_call <= target.max_us else "MISS")
            peer_text = f"{_rate(inner)} ({target.peer})" if inner else ("-" if target.peer else "")
            rows.append((target.operation, ours_text, peer_text, measured, wanted, verdict))
            continue
        peer = results.get((target.peer_group, target.peer))
        ratio = ours / peer if ours and peer else None
        verdict = "-" if ratio is None else ("ok" if ratio >= target.ratio else "MISS")
        if side and side.startswith("python") and verdict != "-":
            verdict += " (reference)"
        wanted = f">= {target.ratio:g}x"
        if target.for_scale:
            wanted, verdict = "(for scale)", ""
        rows.append((target.operation, ours_text, f"{_rate(peer)} ({target.peer})" if peer else "-",
                     _times(ratio), wanted, verdict))
    return rows


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    results = config.stash.get(_RESULTS, None)
    if results is None:
        return  # no benchmark ran (e.g. --benchmark-skip or a deselecting -k)
    reporter = terminalreporter
    reporter.write_sep("=", f"mjscore throughput targets (N={N})")
    if config.getoption("benchmark_disable", default=False) or not results:
        reporter.write_line("timings were disabled (--benchmark-disable): every benchmark body ran once, "
                            "no throughput to compare")
        return
    header = ("operation", "ours", "peer", "ratio", "target", "")
    rows = [header, *summary_rows(results)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        reporter.write_line("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    reporter.write_line("ours: the compiled kernel's bulk call (the reference's if it is not built); "
                        "peers: one Python call per hand; rates use each benchmark's minimum round.")
    guard = config.stash.get(_GUARD, None)
    if guard is not None:
        reporter.write_sep("-", f"--guard: each ratio or rate fails below {GUARD_MARGIN:g} of its target, "
                                     f"each time per call above {1 / GUARD_MARGIN:g}x its target")
        for target in guard.targets:
            verdict = guard.verdicts.get(target.operation)
            reporter.write_line(verdict.describe() if verdict else f"{target.operation}: not measured")
    if mjscore.BACKEND != "cython":
        reporter.write_line(f"note: the public API ran on the {mjscore.BACKEND} backend, so the thread and "
                            "single-call rows measure the reference")
    # pytest-benchmark's tables compare times per call, but the reference and the peers run on
    # slices of the corpus; hands/s is the comparable figure.
    reporter.write_sep("-", "hands/s by operation (the comparable figure: row counts differ per side)")
    by_group: dict[str, list[tuple[str, float]]] = {}
    for (group, side), rate in results.items():
        by_group.setdefault(group, []).append((side, rate))
    width = max(len(group) for group in by_group)
    for group in sorted(by_group):
        sides = sorted(by_group[group], key=lambda item: -item[1])
        best = sides[0][1]
        cells = [f"{side} {_rate(rate)}" + (f" (1/{best / rate:.1f})" if rate < best else "")
                 for side, rate in sides]
        reporter.write_line(f"{group.ljust(width)}  " + ", ".join(cells))
