"""Peak memory of bulk scoring in its own process: the main job (``mjscore bulk --sample N``) and
``score_many`` on a memory-mapped ``.npy`` (issue 33, memory).

``N`` is ``MJSCORE_BENCH_SAMPLE`` rows: 5,000,000 by default; in quick mode (when
``MJSCORE_BENCH_N`` is set, as CI does) 50 x ``MJSCORE_BENCH_N``. The sample is
drawn and scored a block at a time and the summary counts each different total
once, so the peak resident memory must not grow with ``N``: it must stay under
``MAX_RSS_MB`` (it was 6.6 GB for 5,000,000 rows when the sample was drawn whole).

The peak is the child's own: on Linux its ``VmHWM`` (``/proc/self/status``), the
high-water mark of the memory the command itself ran in. Not its ``ru_maxrss``:
Linux carries the parent's peak into the child's at exec (``subprocess`` starts it
with vfork), so this test process, grown to hundreds of MB by the benchmarks before
it, would fail a command that stayed far below the limit. Elsewhere the child's
``ru_maxrss`` (``os.wait4``) stands in. One round: a 5,000,000-row run takes
seconds. The figure is printed and kept in the benchmark's ``extra_info``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import Any

import pytest

MAX_RSS_MB = 500
SAMPLE = int(os.environ.get("MJSCORE_BENCH_SAMPLE", 5_000_000 if "MJSCORE_BENCH_N" not in os.environ
                            else 50 * int(os.environ["MJSCORE_BENCH_N"])))


PEAK = "peak RSS KiB:"
"""The line the child ends its stderr with: its own high-water mark, where Linux tells it."""
CHILD = f"""
import sys
from mjscore.cli import main
code = main(sys.argv[1:])
try:
    with open("/proc/self/status") as status:
        print("{PEAK}", *(line.split()[1] for line in status if line.startswith("VmHWM:")), file=sys.stderr)
except OSError:
    pass
sys.exit(code)
"""
"""``mjscore`` run as the console script runs it, its peak memory reported on the way out."""


def _run_sample(rows: int) -> tuple[int, float, str]:
    """Run the command; its exit code, peak RSS in MB and its output (the summary)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([sys.executable, "-c", CHILD, "bulk", "--sample", str(rows),
                                    "--rules", "babcock"], stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read().decode("utf-8", "replace") + err.read().decode("utf-8", "replace")
    own = [line.split()[-1] for line in text.splitlines() if line.startswith(PEAK)]
    peak_kib = int(own[-1]) if own and own[-1].isdigit() else usage.ru_maxrss  # (KiB on Linux)
    return process.returncode, peak_kib / 1024, text


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="needs os.wait4 (POSIX)")
def test_bulk_sample_peak_memory(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    found: list[tuple[int, float, str]] = []
    benchmark.group = "cli:bulk --sample"
    benchmark.extra_info.update(side="babcock", hands=SAMPLE)
    benchmark.pedantic(lambda: found.append(_run_sample(SAMPLE)), rounds=1, iterations=1)
    code, peak_mb, text = found[-1]
    assert code == 0, text
    assert f"Scored {SAMPLE:,} of {SAMPLE:,} hands" in text, text
    benchmark.extra_info["peak_rss_mb"] = round(peak_mb, 1)
    with capsys.disabled():
        print(f"\nmjscore bulk --sample {SAMPLE:,} --rules babcock: peak RSS {peak_mb:.0f} MB "
              f"(limit {MAX_RSS_MB} MB)")
    assert peak_mb < MAX_RSS_MB, f"peak RSS {peak_mb:.0f} MB for {SAMPLE:,} rows"


MMAP_ROWS = int(os.environ.get("MJSCORE_BENCH_MMAP", 10_000_000 if "MJSCORE_BENCH_N" not in os.environ
                               else 50 * int(os.environ["MJSCORE_BENCH_N"])))
"""Rows of the memory-mapped batch (issue 33, memory): 10,000,000, or 50 x ``MJSCORE_BENCH_N``
in quick mode."""
MAX_BEYOND_MB = 300
"""What ``score_many`` may hold beyond its input (the mapped file, paged in as it is read)
and its outputs: the interpreter, NumPy and mjscore included."""
MMAP_CHILD = f"""
import sys
import numpy as np
import mjscore
counts = np.load(sys.argv[1], mmap_mode="r")
totals, special = mjscore.score_many(counts, "babcock")
print("rows", len(totals), "sum of totals", int(totals.sum(dtype=np.int64)))
with open("/proc/self/status") as status:
    print("{PEAK}", *(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""
"""Score a memory-mapped ``.npy`` of rows whole, one call, and report the peak."""


def _write_rows(path: str, rows: int) -> int:
    """An ``.npy`` of ``rows`` concealed hands, written a block at a time (so this process
    does not hold them): 10,000 sampled hands repeated. The sum of their totals under
    ``babcock``, as this process scores them."""
    import numpy as np

    import mjscore
    from mjscore.rows.sample import random_scoring_rows

    block = random_scoring_rows(10_000, seed=33, meld_share=0.0).counts
    totals = mjscore.score_many(block, "babcock")[0].astype(np.int64)
    out = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint8, shape=(rows, 34))
    expected = 0
    for start in range(0, rows, len(block)):
        stop = min(rows, start + len(block))
        out[start:stop] = block[:stop - start]
        expected += int(totals[:stop - start].sum())
    out.flush()
    del out
    return expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the child's VmHWM (Linux)")
def test_score_many_on_a_memory_mapped_file_in_bounded_memory(benchmark: Any,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    found: list[str] = []
    benchmark.group = "score_many: memory-mapped .npy"
    benchmark.extra_info.update(side="babcock", hands=MMAP_ROWS)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "rows.npy")
        expected = _write_rows(path, MMAP_ROWS)
        input_mb = os.path.getsize(path) / 2**20
        benchmark.pedantic(lambda: found.append(subprocess.run(
            [sys.executable, "-c", MMAP_CHILD, path], capture_output=True, text=True, check=True).stdout),
            rounds=1, iterations=1)
    text = found[-1]
    assert f"rows {MMAP_ROWS} sum of totals {expected}" in text, text  # every row scored as in memory
    peak_mb = int(next(line.split()[-1] for line in text.splitlines() if line.startswith(PEAK))) / 1024
    outputs_mb = MMAP_ROWS * (4 + 2) / 2**20  # int32 totals and int16 special hands
    beyond = peak_mb - input_mb - outputs_mb
    benchmark.extra_info.update(peak_rss_mb=round(peak_mb, 1), beyond_inputs_outputs_mb=round(beyond, 1))
    with capsys.disabled():
        print(f"\nscore_many on a memory-mapped {MMAP_ROWS:,}-row .npy ({input_mb:.0f} MB): peak RSS "
              f"{peak_mb:.0f} MB, {beyond:.0f} MB beyond the input and outputs (limit {MAX_BEYOND_MB} MB)")
    assert beyond < MAX_BEYOND_MB, f"{beyond:.0f} MB beyond the input and outputs for {MMAP_ROWS:,} rows"
