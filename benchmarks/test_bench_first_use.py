"""A rule set's first use in a new process: ``import mjscore``, ``load_rules`` and the
first :func:`mjscore.score`, each rule set in processes of its own.

What a one-off caller pays (the command line scoring one hand, a test harness starting
a process per hand): the import, the rule file read and compiled, then the tables the
first call builds (the per-suit tables, the compiled special hands; ``bmja``'s calling
hands also build the rule sets that decide them, and their tables of fixed shapes).
Each figure is the median of ``RUNS`` processes (1 in quick mode, ``MJSCORE_BENCH_N``
set, as CI does); the times are recorded in the benchmark's ``extra_info`` and printed,
not checked (a shared machine makes them noisy). The child checks that its first score
is the one a second call gives.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

import pytest

RULE_SETS = ("babcock", "dmjl", "western", "american", "bmja")
RUNS = 1 if "MJSCORE_BENCH_N" in os.environ else 5
HAND = "123m444p111s11z22z +2z"
"""A hand every rule set scores: one chow, as bmja allows."""

CHILD = r"""
import json, sys, time
start = time.perf_counter()
import mjscore
imported = time.perf_counter()
rules = mjscore.load_rules(sys.argv[1])
loaded = time.perf_counter()
first = mjscore.score(sys.argv[2], rules).total
scored = time.perf_counter()
print(json.dumps({"import_s": imported - start, "load_s": loaded - imported, "score_s": scored - loaded,
                  "first": first, "again": mjscore.score(sys.argv[2], rules).total}))
"""
"""Time the import, the load and the first score; one JSON line of figures."""


def _run(name: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", CHILD, name, HAND], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


@pytest.mark.parametrize("name", RULE_SETS)
def test_first_use_of_a_rule_set(benchmark: Any, capsys: pytest.CaptureFixture[str], name: str) -> None:
    found: list[dict[str, Any]] = []
    benchmark.group = "rules:first use"
    benchmark.extra_info.update(side=name, runs=RUNS)
    benchmark.pedantic(lambda: found.extend(_run(name) for _ in range(RUNS)), rounds=1, iterations=1)
    assert all(f["first"] == f["again"] > 0 for f in found), found
    median = {key: statistics.median(f[key] for f in found) for key in ("import_s", "load_s", "score_s")}
    benchmark.extra_info.update({key: round(value, 3) for key, value in median.items()})
    with capsys.disabled():
        print(f"\n{name} first use (median of {RUNS}): import {median['import_s'] * 1e3:.0f} ms, "
              f"load_rules {median['load_s'] * 1e3:.0f} ms, first score() {median['score_s'] * 1e3:.0f} ms")
