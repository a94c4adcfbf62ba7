"""Single calls for search (issue 11 items 1 and 2): ``Scorer.total`` per 34-count row, and
``score_many`` on one row, against riichienv's ``HandEvaluator(...).calc`` on the same hands.

Groups:

* ``scorer[total]`` - ``Scorer("babcock").total(row, melds=..., win_tile=..., self_drawn=...,
  seat_wind=..., prevailing_wind=...)`` per hand, the row a NumPy uint8 (34,) row (as a
  search holds it) or a list, on the first ``SCORE_PEER_ROWS`` of each scoring workload:
  the hands ``test_bench_scoring`` gives riichienv (``score[riichi peers]``); every call
  gives its context, so the scorer keeps one row per distinct context (cold: a new
  scorer each round);
* ``score_many[one row]`` - ``mjscore.score_many`` on a (1, 34) array per call with scalar
  context, cycling through ``SINGLE_SCORE_HANDS`` hands, and (``babcock-kernel``) the
  kernel's single-row entry on the same rows: the difference is the cost of the call
  around the kernel, which issue 11 holds to 5 us.

* ``score_many[16 rows, columns]`` - ``mjscore.score_many`` on batches of 16 rows whose
  context comes as columns (the winning tile, self-drawn, seat and prevailing winds, as a
  search scoring its candidate hands passes them), and (``babcock-kernel``) the kernel's
  bulk entry on the same arrays read beforehand: the difference is the cost of reading
  the columns, held to 25 us a call (about 20 us here, from 55 us before the 2026-12-07 session).

The summary reports the microseconds per call (``max_us`` targets) and the ratio to
riichienv.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore._backend import twin
from mjscore.score.bulk_scoring import _FLAG_NAMES, _context_columns, _scalar_context

WORKLOADS = ("concealed", "melds")


def _calls(workload, form: str) -> list[tuple[object, list[int], dict[str, object]]]:
    calls = []
    for counts, melds, win, self_drawn, seat, prevailing in workload.hands():
        row = np.array(counts, dtype=np.uint8) if form == "ndarray" else counts
        calls.append((row, melds, {"win_tile": win, "self_drawn": self_drawn, "seat_wind": seat,
                                   "prevailing_wind": prevailing}))
    return calls


@pytest.mark.parametrize("temperature", ["warm", "cold"])
@pytest.mark.parametrize("form", ["ndarray", "list"])
@pytest.mark.parametrize("workload", WORKLOADS)
def test_scorer_total(measure, scoring, workload, form, temperature):
    rows = scoring[workload].head(scoring.peer_rows)
    calls = _calls(rows, form)
    scorer = [mjscore.Scorer("babcock")]

    def fresh() -> None:
        scorer[0] = mjscore.Scorer("babcock")

    def run() -> list[int]:
        total = scorer[0].total
        return [total(row, melds=melds, **context) for row, melds, context in calls]

    side = f"{form}-{workload}" + ("-cold" if temperature == "cold" else "")
    totals = measure("scorer[total]", side, len(calls), run,
                     setup=fresh if temperature == "cold" else None)
    expected, _ = mjscore.score_many(rows.counts, "babcock", **rows.keywords())
    assert totals == expected.tolist()


@pytest.mark.parametrize("side", ["babcock", "babcock-kernel"])
def test_score_many_one_row(measure, scoring, side):
    """The whole call, and (side ``babcock-kernel``) the kernel's single-row entry alone on
    the same rows with their context read beforehand: the target is the difference."""
    rows = scoring["melds"].head(scoring.single_hands)
    calls = [(rows.counts[i:i + 1], rows.melds[i:i + 1], context)
             for i, (_, _, context) in enumerate(_calls(rows, "list"))]
    if side == "babcock":
        score_many = mjscore.score_many
        run = lambda: [score_many(counts, "babcock", melds=melds, **context)[0][0]  # noqa: E731
                       for counts, melds, context in calls]
    else:
        ruleset, score_one = mjscore.load_rules("babcock"), twin("score").score_one
        kernel_calls = [(counts[0], melds[0], *_scalar_context(
            context["win_tile"], context["seat_wind"], context["prevailing_wind"], None, None,
            {"self_drawn": context["self_drawn"], "winner": True})[-1]) for counts, melds, context in calls]
        run = lambda: [score_one(*call, ruleset).total for call in kernel_calls]  # noqa: E731
    results = measure("score_many[one row]", side, len(calls), run)
    expected, _ = mjscore.score_many(rows.counts, "babcock", **rows.keywords())
    assert [int(total) for total in results] == expected.tolist()


SMALL_BATCH = 16


def test_score_many_small_batches_with_columns(measure_in_turn, scoring):
    """The whole call on batches of ``SMALL_BATCH`` rows with per-row context, and the
    kernel's bulk entry alone on the arrays the call hands it: the target is the difference."""
    rows = scoring["melds"].head(scoring.single_hands)
    ruleset, kernel = mjscore.load_rules("babcock"), twin("score")
    n = len(rows.counts) // SMALL_BATCH * SMALL_BATCH
    columns = {key: np.broadcast_to(value, (len(rows.counts),))[:n] for key, value in rows.keywords().items()
               if key != "melds"}
    batches = [(rows.counts[part], rows.melds[part], {key: column[part].copy() for key, column in columns.items()})
               for part in (slice(start, start + SMALL_BATCH) for start in range(0, n, SMALL_BATCH))]
    read = []
    for counts, melds, context in batches:  # the arrays the call gives the kernel
        status = np.zeros(SMALL_BATCH, np.uint8)
        win, word, seat, prevailing, _ = _context_columns(
            SMALL_BATCH, context.get("win_tile"), context["seat_wind"], context["prevailing_wind"], None, None,
            None, {key: value for key, value in context.items() if key in _FLAG_NAMES} | {"winner": True}, status)
        read.append((counts, melds, win, word, seat, prevailing, status))

    def whole() -> list[int]:
        score_many = mjscore.score_many
        return [int(total) for counts, melds, context in batches
                for total in score_many(counts, "babcock", melds=melds, **context)[0]]

    def kernel_alone() -> list[int]:
        totals, special = np.empty(SMALL_BATCH, np.int32), np.empty(SMALL_BATCH, np.int16)
        out = []
        for counts, melds, win, word, seat, prevailing, status in read:
            kernel.score_many(counts, melds, win, word, seat, prevailing, ruleset, totals, special, status.copy())
            out += totals.tolist()
        return out

    results = measure_in_turn("score_many[16 rows, columns]", len(batches),
                              {"babcock": whole, "babcock-kernel": kernel_alone}, rounds=20)
    expected, _ = mjscore.score_many(rows.counts[:n], "babcock", melds=rows.melds[:n], **columns)
    assert results["babcock"] == results["babcock-kernel"] == expected.tolist()
