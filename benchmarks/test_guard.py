"""The throughput guard itself: it covered every guarded ratio, and it fails on a slowed bulk path."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from throughput_guard import Guard

BENCHMARKS = pathlib.Path(__file__).parent

SLOWED = textwrap.dedent('''
    """A pytest plugin putting a Python per-row loop on score_many for chinese-classical:
    the regression the guard is for."""
    import numpy as np
    import mjscore

    _bulk = mjscore.score_many

    def _per_row(counts, rules, *, melds=None, return_status=False, **context):
        if rules != "chinese-classical":
            return _bulk(counts, rules, melds=melds, return_status=return_status, **context)
        rows = [_bulk(counts[i:i + 1], rules, melds=None if melds is None else melds[i:i + 1],
                      return_status=True,
                      **{k: v[i:i + 1] if isinstance(v, np.ndarray) else v for k, v in context.items()})
                for i in range(len(counts))]
        totals, special, status = (np.concatenate(parts) for parts in zip(*rows))
        return (totals, special, status) if return_status else (totals, special)

    mjscore.score_many = _per_row
''')


def test_guard_checked_every_ratio(guard: Guard | None) -> None:
    """Runs last under ``--guard``: a guarded ratio whose sides were not both measured (a peer
    not installed, a benchmark deselected) would otherwise pass unnoticed."""
    if guard is None:
        pytest.skip("checks a --guard run")
    assert not guard.unchecked(), f"--guard did not check: {guard.unchecked()}"


def test_guard_fails_on_a_slowed_path(tmp_path: pathlib.Path) -> None:
    """``pytest benchmarks --guard`` with chinese-classical's ``score_many`` slowed to a Python loop
    over rows fails that benchmark, against riichienv and against babcock, and passes babcock's.
    Ratios only: this runs beside other work, where the hands/s lines would not hold."""
    pytest.importorskip("riichienv")
    pytest.importorskip("mjscore.score._kernel", reason="--guard checks the compiled kernel")
    (tmp_path / "slowed_score_many.py").write_text(SLOWED)
    env = {**os.environ, "MJSCORE_BENCH_N": "2000",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(BENCHMARKS), "--guard", "--guard-ratios-only", "-p", "slowed_score_many",
         "-k", "(test_score_many or test_riichienv_calc) and concealed and not python",
         "-p", "no:cacheprovider", "--benchmark-max-time=0.2", "-q", "-rfE"],
        cwd=BENCHMARKS.parent, env=env, capture_output=True, text=True, timeout=600)
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    failed = [line for line in out.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "test_score_many[cython-chinese-classical-concealed]" in failed[0], out
    assert "1 failed, 2 passed" in out, out
    lines = out.splitlines()
    for operation in ("score_many chinese-classical concealed vs riichienv calc",
                      "score_many chinese-classical concealed vs babcock"):
        assert any(line.startswith(f"{operation}: ") and line.endswith("FAILED after a retry")
                   for line in lines), out
    assert any(line.startswith("score_many babcock concealed vs riichienv calc: ")
               and line.endswith(": ok") for line in lines), out  # the --guard summary


def test_guard_holds_rates_and_times_per_call_at_half_their_targets() -> None:
    """Issue 33's own lines: a rate fails below half its target, a time per call above twice
    its target (less the time of a named inner side), a ratio below half."""
    from conftest import Target

    rate = Target("rate", "g", ("ours",), min_rate=10e6, guard=True)
    per_call = Target("per call", "s", ("ours",), max_us=3, guard=True)
    around = Target("around", "s", ("ours",), "s", "inner", max_us=5, guard=True)
    ratio = Target("ratio", "g", ("ours",), "p", "peer", 20, guard=True)
    results: dict[tuple[str, str], float] = {("g", "ours"): 4.9e6, ("p", "peer"): 0.4e6,
                                             ("s", "ours"): 1e6 / 6.1, ("s", "inner"): 1e6 / 1.0}
    guard = Guard([rate, per_call, around, ratio], results)
    verdicts = {v.target.operation: v for v in guard.check("g", "ours", lambda: 4.9e6)}
    assert verdicts["rate"].failed and verdicts["rate"].retried and not verdicts["ratio"].failed  # 12x > 20x / 2
    verdicts = {v.target.operation: v for v in guard.check("s", "ours", lambda: 1e6 / 6.1)}
    assert verdicts["per call"].failed and not verdicts["around"].failed  # 6.1 > 2 x 3; 6.1 - 1 <= 2 x 5
    assert "6.1 us/call" in verdicts["per call"].describe() and "FAILED after a retry" in verdicts["per call"].describe()
    results[("g", "ours")] = 5.1e6  # just above half: no longer a failure
    assert not {v.target.operation: v for v in guard.check("g", "ours", lambda: 5.1e6)}["rate"].failed
    assert not guard.unchecked()
