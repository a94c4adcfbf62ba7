"""Scoring throughput: ``mjscore.score_many`` from the arrays, the riichi scorers, one ``score()``.

Workloads: the ``scoring`` fixture's ``concealed`` and ``melds`` hands (see
``conftest``). Groups:

* ``score_many[<rules>]`` - the public ``mjscore.score_many`` on one thread, its
  bulk scorer pinned per side: ``cython-*`` (``mjscore.score._kernel``, all rows)
  and ``python-*`` (the reference ``mjscore.score._reference``, the first
  ``REFERENCE_ROWS``); with each ``cython-*`` side, timed in turn with it round by
  round, side ``floor (<workload>)``: ``is_complete_many`` on the ``concealed`` rows,
  the floor its rate is held against (issue 33);
* ``threads:score_many[<rules>]`` - the ``melds`` workload on 1 and 2 threads;
* ``threads:score_many[<rules>, 10^6 rows]`` - the ``melds`` workload repeated to
  ``THREAD_ROWS`` rows (issue 33: 10^6) on 1 thread, 2, and every core (``threads=0``),
  timed in turn round by round, so the ratios compare like with like;
* ``score[riichi peers]`` - riichienv's ``HandEvaluator(tiles, melds).calc`` and
  mahjong's ``HandCalculator.estimate_hand_value``, one call per hand, on the
  first ``SCORE_PEER_ROWS`` of each workload. Other rules (riichi), the same kind
  of work: find the hand's readings and score the best. Inputs (136-tile ids,
  meld objects, conditions/configs) are built outside the timed region. A hand
  with no yaku is rejected by them after the search; every call counts;
* ``score[single]`` - ``mjscore.score(hand, "babcock", win_tile=..., ...)`` with
  the full breakdown, cycling through ``SINGLE_SCORE_HANDS`` hands of the
  ``melds`` workload, given as a parsed :class:`mjscore.Hand` and as text; the
  summary reports the mean microseconds per call.

Peer quirks, checked below so a wrong input format cannot pass as a fast peer:

* 136-tile ids hand out the copies of a kind from the highest, so a red five
  (copy 0 of a five, which riichienv counts as dora by default) appears only in a
  hand holding all four; dora do not change the work.
* riichienv's Python ``HandEvaluator.calc`` decides whether ``tiles`` already
  hold the winning tile from ``(tiles + meld tiles) % 3 == 1``, which misreads a
  complete hand with two or more kongs (16+ tiles): it adds the winning tile a
  second time and finds no winning shape. Such rows (about 2% of ``melds``) are
  still timed, and exempt from the check.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mjscore
from mjscore import _backend
from mjscore.core.errors import HandStatus
from mjscore.score.scoring import clear_caches

from conftest import FLOOR, THREAD_ROWS

FLOOR_ROUNDS = 20
"""Rounds of the compiled scorer and the floor, each the fastest of them (a round of 10^5
rows takes a few tens of milliseconds)."""

RULES = ("babcock", "chinese-classical")
WORKLOADS = ("concealed", "melds")
PEERS = "score[riichi peers]"
_WIND_LETTERS = {27: "E", 28: "S", 29: "W", 30: "N"}


def _bulk_scorer(name: str) -> Any:
    if name == "python":
        from mjscore.score import _reference as _score_reference
        return _score_reference
    return pytest.importorskip("mjscore.score._kernel", reason="the compiled scorer is not built")


def _api_rows(corpus, workload):
    """The public API runs on the default backend: all rows if compiled, else the reference's slice."""
    return workload if mjscore.BACKEND == "cython" else workload.head(corpus.reference_rows)


def _check_scored(rows: int, result: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    totals, _, status = result
    assert len(totals) == rows
    assert not status.any(), f"status {HandStatus(int(status[status != 0][0])).name} on some rows"
    assert (totals > 0).all()


# --- score_many, one thread, per backend ---------------------------------------------------

@pytest.mark.parametrize("workload", WORKLOADS)
@pytest.mark.parametrize("rules", [pytest.param("babcock", marks=pytest.mark.guard_reference(1)),
                                   "chinese-classical"])  # guarded against babcock, babcock against peers
def test_score_many(request, measure_in_turn, corpus, scoring, backend, monkeypatch, rules, workload):
    scorer = _bulk_scorer(backend.name)
    monkeypatch.setitem(_backend.CHOSEN, "score", backend.name)
    rows = scoring[workload].head(backend.rows)
    keywords = rows.keywords()
    mjscore.load_rules(rules)  # the rule set's first load is not the kernel's work
    side, call = f"{backend.name}-{workload}", lambda: mjscore.score_many(rows.counts, rules, **keywords,
                                                                          return_status=True)
    if backend.name == "cython":  # with the floor, in turn: the guarded figure is their ratio
        floor = f"{FLOOR} ({workload})"
        found = measure_in_turn(f"score_many[{rules}]", len(rows.counts),
                                {floor: lambda: mjscore.is_complete_many(corpus.W), side: call}, rounds=FLOOR_ROUNDS)
        assert found[floor].all()
        result = found[side]
    else:
        result = request.getfixturevalue("measure")(f"score_many[{rules}]", side, len(rows.counts), call)
    _check_scored(len(rows.counts), result)
    assert _backend.twin("score") is scorer, "score_many no longer asks the backend seam for its scorer"


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("rules", RULES)
def test_threads_score_many(measure, corpus, scoring, rules, threads):
    rows = _api_rows(corpus, scoring["melds"])
    keywords = rows.keywords()
    result = measure(f"threads:score_many[{rules}]", f"threads={threads}", len(rows.counts),
                     lambda: mjscore.score_many(rows.counts, rules, **keywords, threads=threads,
                                                return_status=True))
    _check_scored(len(rows.counts), result)


@pytest.mark.parametrize("rules", RULES)
def test_threads_score_many_large_batch(measure_in_turn, scoring, rules):
    if mjscore.BACKEND != "cython":
        pytest.skip("a batch of THREAD_ROWS rows is for the compiled kernel")
    rows = scoring["melds"].tiled(THREAD_ROWS)
    keywords = rows.keywords()
    mjscore.load_rules(rules)
    found = measure_in_turn(
        f"threads:score_many[{rules}, 10^6 rows]", len(rows.counts),
        {f"threads={threads}": lambda threads=threads: mjscore.score_many(
            rows.counts, rules, **keywords, threads=threads, return_status=True) for threads in (1, 2, 0)},
        rounds=5)
    for result in found.values():
        _check_scored(len(rows.counts), result)
    assert all(np.array_equal(a, b) for a, b in zip(found["threads=1"], found["threads=0"]))


# --- the riichi scorers on the same hands -----------------------------------------------

def _ids136(hands) -> list[tuple[list[int], int, list[tuple[int, list[int]]]]]:
    """Per hand: concealed 136-tile ids, the winning tile's id, ``(meld kind, ids)`` per meld,
    the kind in the peers' order: 0 chow, 1 pung, 2 exposed kong, 3 concealed kong.

    Copies of a kind are handed out from copy 3 down (copy 0 of a five is red).
    """
    out = []
    for counts, melds, win, *_ in hands:
        left = [4] * 34

        def take(kind: int) -> int:
            left[kind] -= 1
            return kind * 4 + left[kind]

        concealed = [take(kind) for kind in range(34) for _ in range(counts[kind])]
        declared = []
        for code in melds:
            meld = mjscore.Meld.from_code(code)
            declared.append((3 if meld.concealed else int(meld.kind), [take(t) for t in meld.tiles]))
        out.append((concealed, next(i for i in concealed if i // 4 == win), declared))
    return out


def _kongs(melds: list[int]) -> int:
    return sum(mjscore.Meld.from_code(code).kind is mjscore.GroupKind.QUAD for code in melds)


@pytest.mark.guard_reference
@pytest.mark.parametrize("workload", WORKLOADS)
def test_riichienv_calc(measure, scoring, workload):
    riichienv = pytest.importorskip("riichienv")
    kinds = (riichienv.MeldType.Chi, riichienv.MeldType.Pon, riichienv.MeldType.Daiminkan,
             riichienv.MeldType.Ankan)
    hands = scoring[workload].head(scoring.peer_rows).hands()
    conditions = {}  # one Conditions per distinct situation
    calls = []
    for (concealed, win, declared), (_, _, _, self_drawn, seat, prevailing) in zip(_ids136(hands), hands):
        key = (self_drawn, seat, prevailing)
        if key not in conditions:
            conditions[key] = riichienv.Conditions(tsumo=self_drawn, player_wind=seat - 27,
                                                   round_wind=prevailing - 27)
        melds = [riichienv.Meld(kinds[kind], ids, kind != 3) for kind, ids in declared]
        calls.append((concealed, melds, win, conditions[key]))
    evaluator = riichienv.HandEvaluator
    results = measure(PEERS, f"riichienv-{workload}", len(calls),
                      lambda: [evaluator(tiles, melds).calc(win, conditions=cond)
                               for tiles, melds, win, cond in calls])
    readable = [r for r, hand in zip(results, hands) if _kongs(hand[1]) < 2]
    assert all(r.has_win_shape for r in readable), "riichienv found no winning shape: wrong input format?"
    wins = [r for r in results if r.is_win]
    assert wins and all(r.han > 0 for r in wins)
    if workload == "concealed":  # a concealed self-drawn hand always has a yaku (menzen tsumo)
        assert len(wins) == len(results)


@pytest.mark.guard_reference
@pytest.mark.parametrize("workload", WORKLOADS)
def test_mahjong_estimate_hand_value(measure, scoring, workload):
    hand_module = pytest.importorskip("mahjong.hand_calculating.hand")
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    assert (EAST, SOUTH, WEST, NORTH) == (27, 28, 29, 30)  # mahjong's winds are 34-indices, as ours
    kinds = (Meld.CHI, Meld.PON, Meld.KAN, Meld.KAN)
    hands = scoring[workload].head(scoring.peer_rows).hands()
    configs = {}
    calls = []
    for (concealed, win, declared), (_, _, _, self_drawn, seat, prevailing) in zip(_ids136(hands), hands):
        key = (self_drawn, seat, prevailing)
        if key not in configs:
            configs[key] = HandConfig(is_tsumo=self_drawn, player_wind=seat, round_wind=prevailing)
        melds = [Meld(kinds[kind], ids, opened=kind != 3) for kind, ids in declared]
        tiles = concealed + [i for _, ids in declared for i in ids]  # every tile, kongs' fourth included
        calls.append((tiles, win, melds, configs[key]))
    estimate = hand_module.HandCalculator.estimate_hand_value
    results = measure(PEERS, f"mahjong-{workload}", len(calls),
                      lambda: [estimate(tiles, win, melds=melds, config=config)
                               for tiles, win, melds, config in calls])
    errors = {r.error for r in results}
    assert errors <= {None, hand_module.HandCalculator.ERR_NO_YAKU}, f"mahjong rejected hands: {errors}"
    scored = [r for r in results if r.error is None]
    assert scored and all(r.han > 0 and r.fu > 0 for r in scored)
    if workload == "concealed":
        assert len(scored) == len(results)


# --- one hand, the full breakdown -------------------------------------------------------

def _single_calls(scoring) -> list[tuple[mjscore.Hand, str, dict[str, Any]]]:
    """Hands of the ``melds`` workload as (Hand, its text, context keywords)."""
    calls = []
    rows = scoring["melds"].head(scoring.single_hands)
    for counts, melds, win, self_drawn, seat, prevailing in rows.hands():
        hand = mjscore.Hand(tuple(counts), tuple(mjscore.Meld.from_code(code) for code in melds))
        text = str(hand)
        assert mjscore.parse(text) == hand
        calls.append((hand, text, {"win_tile": str(mjscore.Tile(win)), "self_drawn": self_drawn,
                                   "seat_wind": _WIND_LETTERS[seat],
                                   "prevailing_wind": _WIND_LETTERS[prevailing]}))
    return calls


@pytest.mark.parametrize("temperature", ["warm", "cold"])
@pytest.mark.parametrize("form", ["hand", "text"])
def test_single_score(measure, scoring, form, temperature):
    """``mjscore.score`` per hand, as an AI search or a game server calls it; cold: each
    round starts with the single-call caches emptied (``mjscore.score.scoring.clear_caches``, imported here: ``mjscore.score`` is the function)."""
    calls = [(hand if form == "hand" else text, context) for hand, text, context in _single_calls(scoring)]
    score = mjscore.score
    side = f"babcock-{form}" + ("-cold" if temperature == "cold" else "")
    setup = (lambda: clear_caches("babcock")) if temperature == "cold" else None
    results = measure("score[single]", side, len(calls),
                      lambda: [score(hand, "babcock", **context) for hand, context in calls],
                      setup=setup, rounds=20)
    assert all(result.total > 0 and result.lines for result in results)
    # the same totals as the bulk call on the same rows
    rows = scoring["melds"].head(len(calls))
    totals, _ = mjscore.score_many(rows.counts, "babcock", **rows.keywords())
    assert [result.total for result in results] == totals.tolist()
