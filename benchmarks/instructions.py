"""Instructions a row of ``score_many`` under callgrind, per workload of the benchmarks.

Issue 33 asks each bulk line's figures with the callgrind instructions a row before and
after a change: a count that a noisy machine does not move, so a change worth 2% shows
as 2%. This script counts them the same way every time (needs valgrind; not a test)::

    python benchmarks/instructions.py                    # every workload, 10,000 rows
    python benchmarks/instructions.py pungs widest -n 20000

Each workload's rows are the benchmark's own (``conftest``'s ``concealed`` and
``melds`` rows for the scoring lines, ``test_bench_western``'s rows, with two jokers
each for the joker lines), their first ``-n`` rows of the default 100,000. They are
made here, then a child under callgrind scores them twice: the first call builds
the rule set's lazy tables, and only the second is counted (``--dump-before`` the
bulk kernel splits the profile at each call; the last part is the second call).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROWS = 100_000
"""The benchmarks' default ``MJSCORE_BENCH_N``: the rows are its first ``-n``."""

JOKERS = {"pungs": ("western", {"joker_use": "pungs"}), "widest": ("western", {"joker_use": "pairs"}),
          "required": ("western", {"preset": "required"}), "babcock-jokers": ("babcock", {"joker_use": "pairs"})}
"""The joker lines of ``test_bench_western`` (its ``play``), with their rule sets."""

WORKLOADS = ["babcock-concealed", "babcock-melds", "chinese-classical-concealed", "chinese-classical-melds",
             "western-special", "babcock-special", *JOKERS]


def rows_of(workload: str, n: int) -> tuple[dict[str, np.ndarray], str, dict[str, object]]:
    """The ``score_many`` arrays of ``workload``'s first ``n`` rows, its rule set and options."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from mjscore.rows.sample import random_complete_hands, random_scoring_rows, remove_one_tile
    from test_bench_western import _rows, _with_jokers

    complete = random_complete_hands(ROWS, seed=1)
    less_one = remove_one_tile(complete, seed=3)
    won_on = (complete.astype(np.int8) - less_one.astype(np.int8)).argmax(axis=1)
    if workload.endswith(("-concealed", "-melds")):
        name, kind = workload.rsplit("-", 1)
        if kind == "concealed":
            return {"counts": complete[:n], "win_tile": won_on[:n].astype(np.uint8),
                    "self_drawn": np.ones(n, dtype=bool)}, name, {}
        drawn = random_scoring_rows(ROWS, seed=4)
        return {"counts": drawn.counts[:n], "melds": drawn.melds[:n], "win_tile": drawn.win_tile[:n],
                "self_drawn": drawn.self_drawn[:n], "seat_wind": drawn.seat_wind[:n],
                "prevailing_wind": drawn.prevailing_wind[:n]}, name, {}

    class Corpus:  # the fixture's W and T, as _rows reads them
        W = complete
        T = less_one

    counts, melds, won = _rows(Corpus, n)
    arrays = {"counts": counts, "melds": melds, "win_tile": won, "self_drawn": np.ones(n, dtype=bool)}
    if workload.endswith("-special"):
        return arrays, workload.removesuffix("-special"), {}
    arrays["counts"], arrays["jokers"] = _with_jokers(counts, won)
    name, options = JOKERS[workload]
    return arrays, name, options


def child(path: str, rules_json: str) -> None:
    """Under callgrind: score the saved rows twice (``rules_json``: the rule set's name
    and options)."""
    import mjscore

    saved = np.load(path)
    arrays = {key: saved[key] for key in saved.files}
    name, options = json.loads(rules_json)
    rules = mjscore.load_rules(name, **options)
    counts = arrays.pop("counts")
    for _ in range(2):
        mjscore.score_many(counts, rules, **arrays)


def count(workload: str, n: int) -> int:
    """Callgrind's instructions a row of ``workload``'s second call."""
    arrays, name, options = rows_of(workload, n)
    kernel = "*score_many_jokers" if "jokers" in arrays else "*score_many"
    with tempfile.TemporaryDirectory() as tmp:
        saved = os.path.join(tmp, "rows.npz")
        np.savez(saved, **arrays)
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                              f"--toggle-collect={kernel}", f"--dump-before={kernel}", sys.executable, __file__,
                              "--child", saved, json.dumps([name, options])], capture_output=True, text=True)
        if run.returncode:
            raise RuntimeError(f"{workload}: the run under callgrind failed:\n{run.stderr[-3000:]}")
        # one dump at each call and one at the end: the last part holds the second call
        # (another function matching the pattern would split it, and toggle the count off)
        parts = sorted(Path(tmp).glob("callgrind.out*"))
        if len(parts) != 3:
            raise RuntimeError(f"{workload}: {len(parts)} profile parts where two calls make 3 ({kernel} "
                               "matched another function)")
        summary = Path(out).read_text()
        totals = re.search(r"^summary:\s*(\d+)", summary, re.MULTILINE)
        if totals is None:
            raise RuntimeError(f"{workload}: callgrind wrote no summary")
        return int(totals.group(1)) // n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workloads", nargs="*", metavar="workload",
                        help=f"any of {', '.join(WORKLOADS)} (default: all)")
    parser.add_argument("-n", "--rows", type=int, default=10_000, help="rows counted (default 10,000)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    unknown = set(args.workloads) - set(WORKLOADS)
    if unknown:
        parser.error(f"unknown workload {', '.join(sorted(unknown))}; choose from {', '.join(WORKLOADS)}")
    for workload in args.workloads or WORKLOADS:
        print(f"{workload:30s} {count(workload, args.rows):7,d} instructions a row", flush=True)


if __name__ == "__main__":
    main()
