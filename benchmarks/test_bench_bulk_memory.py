"""Peak memory of the main job: ``mjscore bulk --sample N --rules babcock`` in its own process.

``N`` is ``MJSCORE_BENCH_SAMPLE`` rows: 5,000,000 by default; in quick mode (when
``MJSCORE_BENCH_N`` is set, as CI does) 50 x ``MJSCORE_BENCH_N``. The sample is
drawn and scored a block at a time and the summary counts each different total
once, so the peak resident memory must not grow with ``N``: it must stay under
``MAX_RSS_MB`` (it was 6.6 GB for 5,000,000 rows when the sample was drawn whole).

The peak is the child's own ``ru_maxrss`` (``os.wait4``), not the maximum over
every child this process ever had. One round: a 5,000,000-row run takes seconds.
The figure is printed and kept in the benchmark's ``extra_info``.
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


def _run_sample(rows: int) -> tuple[int, float, str]:
    """Run the command; its exit code, peak RSS in MB and stdout (the summary)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([sys.executable, "-m", "mjscore", "bulk", "--sample", str(rows),
                                    "--rules", "babcock"], stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read().decode("utf-8", "replace") + err.read().decode("utf-8", "replace")
    return process.returncode, usage.ru_maxrss / 1024, text  # ru_maxrss: KiB on Linux


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
