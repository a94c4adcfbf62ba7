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

The summary reports the microseconds per call (``max_us`` targets) and the ratio to
riichienv.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjscore
from mjscore._backend import twin
from mjscore.score.bulk_scoring import _scalar_context

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
