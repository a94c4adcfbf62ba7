"""Peak memory of the main job: ``mjscore bulk --sample N --rules babcock`` in its own process.

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
